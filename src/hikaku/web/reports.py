"""A finished job's reports: every format of the renderer registry as a download
(rendered once from the stored result, with the options the job ran with, exactly as
``hikaku compare`` writes it), and the HTML report for viewing.

The result is language-free: each report is rendered in the language asked for (the job's by
default), so that the page switches the report's language without running the comparison
again. The CSV of a Japanese report is made for Excel (a byte order mark and CRLF, as
``hikaku compare --excel``): Excel reads a CSV without the mark in the system's code page.

The page shows the report in itself (:func:`view_fragment`: the report's body without its
script, whose assets the page loads once from ``/report-assets``); the whole report opens on
its own too (:func:`view_file`), its inline ``<style>`` and ``<script>`` blocks served as
files of their own, so that the page keeps a Content-Security-Policy that allows scripts and
styles from the server only ('self', no 'unsafe-inline')."""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..renderers import RENDERERS, RendererInfo, RenderOptions, render
from ..result import ComparisonResult
from ..run import render_options
from ..settings import CompareOptions
from ..system import write_atomically
from .worker import RESULT

__all__ = ["Download", "downloads", "renderer_for_extension", "report_file", "view_file", "view_fragment", "VIEW_ASSET"]

_TEXT_TYPES = {"md": "text/markdown", "csv": "text/csv", "json": "application/json", "html": "text/html"}
_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.S)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)
VIEW_ASSET = re.compile(r"^asset-\d+\.(?:js|css)$")


@dataclass(frozen=True)
class Download:
    format: str
    extension: str  # without the dot: report.<extension>
    media_type: str
    binary: bool
    description: str


def _extension(info: RendererInfo) -> str:
    return info.extensions[0].lstrip(".")


def downloads() -> list[Download]:
    """One download per registered renderer (a new renderer appears here by itself)."""
    out = []
    for info in RENDERERS.values():
        ext = _extension(info)
        media = (_TEXT_TYPES.get(info.name) or mimetypes.guess_type(f"report.{ext}")[0]
                 or ("application/octet-stream" if info.binary else "text/plain"))  # a plugin's format: its kind
        if not info.binary and "charset" not in media:
            media += "; charset=utf-8"
        out.append(Download(info.name, ext, media, info.binary, info.description))
    return out


def renderer_for_extension(ext: str) -> Download | None:
    return next((d for d in downloads() if d.extension == ext.lower()), None)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data)


def _result(job_dir: Path) -> ComparisonResult:
    return ComparisonResult.from_json((job_dir / RESULT).read_bytes())


def _render_options(options: dict[str, object], lang: str | None = None, fmt: str = "") -> RenderOptions:
    """The report options of the job (its resolved options), as ``hikaku compare`` builds them,
    in *lang* (the job's language when None); a Japanese CSV for Excel."""
    opts = render_options(CompareOptions.model_validate(options))
    if lang is not None:
        opts = replace(opts, lang=lang)
    return replace(opts, excel=True) if fmt == "csv" and opts.lang == "ja" else opts


def report_file(job_dir: Path, download: Download, options: dict[str, object], lang: str | None = None) -> Path:
    """The report in *download*'s format and in *lang* (rendered on first request, then kept)."""
    opts = _render_options(options, lang, download.format)
    path = job_dir / "reports" / opts.lang / f"report.{download.extension}"
    if not path.exists():
        out = render(_result(job_dir), download.format, opts)
        _write(path, out.encode("utf-8") if isinstance(out, str) else out)
    return path


def view_file(job_dir: Path, name: str, options: dict[str, object], lang: str | None = None) -> Path:
    """``index.html`` (the HTML report in *lang* with its inline blocks moved out) or one of its
    ``asset-N.js`` / ``asset-N.css`` files."""
    opts = _render_options(options, lang)
    folder = job_dir / "reports" / opts.lang / "view"
    if not (folder / "index.html").exists():
        html = render(_result(job_dir), "html", opts)
        assert isinstance(html, str)
        assets: list[tuple[str, str]] = []

        def externalise(m: re.Match[str]) -> str:
            kind, body = m.group(1), m.group(2)
            name = f"asset-{len(assets)}.{'js' if kind == 'script' else 'css'}"
            assets.append((name, body))
            if kind == "script":
                return f'<script src="{name}"></script>'
            return f'<link rel="stylesheet" href="{name}">'

        page = _INLINE.sub(externalise, html)
        for asset, body in assets:
            _write(folder / asset, body.encode("utf-8"))
        _write(folder / "index.html", page.encode("utf-8"))
    return folder / name


def view_fragment(job_dir: Path, options: dict[str, object], lang: str | None = None) -> Path:
    """The HTML report in *lang* as a part of the page: its body in an element of its own
    (``<div class="hikaku-report" data-embedded="1" …>``), without its inline script and style
    (``/report-assets/report.js`` and ``report.css``, which the page loads once)."""
    opts = _render_options(options, lang)
    path = job_dir / "reports" / opts.lang / "fragment.html"
    if not path.exists():
        html = render(_result(job_dir), "html", opts)
        assert isinstance(html, str)
        found = _BODY.search(_INLINE.sub("", html))  # (the style and the script may name <body> in a comment)
        body = found.group(1) if found else ""
        _write(path, (f'<div class="hikaku-report" data-embedded="1" data-page-view="1" lang="{opts.lang}">'
                      f"{body}</div>\n").encode())
    return path
