"""Renderers are found by format name and output extension, one module per format."""

import importlib

import pytest

from hikaku import ConfigurationError, compare, render
from hikaku.renderers import RENDERERS, RenderOptions, format_for_path, output_formats
from tests.helpers import EXAMPLES


def test_every_format_is_one_module_with_render():
    assert set(output_formats()) >= {"md", "json", "csv", "html"}
    for info in RENDERERS.builtins().values():
        assert callable(importlib.import_module(info.module).render)


def test_output_extension_selects_the_format():
    assert format_for_path("out/report.HTML") == "html" and format_for_path("r.md") == "md"
    assert format_for_path("r.json") == "json" and format_for_path("r.csv") == "csv"
    with pytest.raises(ConfigurationError, match="cannot tell the output format"):
        format_for_path("report.pdf")
    with pytest.raises(ConfigurationError):
        format_for_path("report")


def test_options_as_object_or_keywords(hashing_embedder):
    result = compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=hashing_embedder)
    assert render(result, "md", RenderOptions(lang="en")) == render(result, "md", lang="en")
    assert render(result, "markdown") == render(result, "md")
    with pytest.raises(TypeError):
        render(result, "md", RenderOptions(), lang="en")


def test_render_bytes_are_the_rendered_file_for_every_format(hashing_embedder):
    """The CLI writes ``render_bytes``: JSON made as bytes directly (a large result is never
    also a str), every other format encoded; the same bytes as ``render`` in UTF-8."""
    from hikaku.renderers import render_bytes

    result = compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=hashing_embedder)
    assert any(c.type == "modified" for c in result.changes) and "第" in result.to_json()
    for fmt in ("json", "md", "csv", "html"):
        text = render(result, fmt, RenderOptions(include_unchanged=True))
        assert isinstance(text, str)
        assert render_bytes(result, fmt, RenderOptions(include_unchanged=True)) == text.encode("utf-8")
    assert result.to_json_bytes(indent=None) == result.to_json(indent=None).encode("utf-8")
