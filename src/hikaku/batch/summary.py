"""A batch's overview: ``summary.json`` (every pair with its status, counts, outputs,
fingerprint and error) and ``index.html`` (the same as a page linking each report).

Every pair of the batch is listed, in manifest order: ``done``, ``failed``, or ``not_run``
(the batch stopped, or is still running, before it came to the pair). The batch's state
says which: ``finished``, ``running`` (written while it runs) or ``interrupted``.

Both are deterministic (no clock in them), so that a rerun that changed nothing
leaves them as they were. Every name, path and message is escaped in the page.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from urllib.parse import quote

from .. import __version__
from ..result import CHANGE_TYPES
from ..wording import LANGS, Message, say, wording
from .fingerprint import FORMAT

__all__ = ["PairEntry", "summary_json", "index_html", "STATES", "NOT_RUN"]

NOT_RUN = "not_run"
STATES = ("finished", "running", "interrupted")


@dataclass(frozen=True)
class PairEntry:
    """One pair as the summary lists it."""

    name: str
    a: str
    b: str
    status: str  # done | failed | not_run
    counts: dict[str, int] = field(default_factory=dict)
    moved: int = 0
    outputs: dict[str, str] = field(default_factory=dict)  # format -> file name in the output directory
    fingerprint: str | None = None
    seconds: float = 0.0
    error: str | None = None  # in English (summary.json)
    notes: list[str] = field(default_factory=list)
    error_message: Message | None = None  # the error in words of hikaku's: index.html says it in its language

    def to_dict(self) -> dict:
        counts = {t: self.counts[t] for t in CHANGE_TYPES if t in self.counts}  # one order, wherever they come from
        return {"name": self.name, "a": self.a, "b": self.b, "status": self.status, "counts": counts,
                "moved": self.moved, "outputs": self.outputs, "fingerprint": self.fingerprint,
                "seconds": round(self.seconds, 3), "error": self.error, "notes": self.notes}


def _totals(entries: Sequence[PairEntry]) -> dict:
    changes = {t: sum(e.counts.get(t, 0) for e in entries) for t in CHANGE_TYPES}
    return {"pairs": len(entries), "done": sum(e.status == "done" for e in entries),
            "failed": sum(e.status == "failed" for e in entries), "not_run": sum(e.status == NOT_RUN for e in entries),
            "changes": changes,
            "moved": sum(e.moved for e in entries)}


def summary_json(entries: Sequence[PairEntry], *, old_only: Sequence[str] = (), new_only: Sequence[str] = (),
                 state: str = "finished") -> bytes:
    if state not in STATES:
        raise ValueError(f"state is one of {STATES}, not {state!r}")
    data: dict = {"schema": FORMAT, "hikaku_version": __version__, "finished": state == "finished",
                  "interrupted": state == "interrupted", "totals": _totals(entries),
                  "pairs": [e.to_dict() for e in entries]}
    if old_only or new_only:
        data["unmatched"] = {"old_only": list(old_only), "new_only": list(new_only)}
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


_CSS = """body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP",sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}tr.failed td{background:#fff0f0}tr.not_run td{color:#777}.err{color:#a00}
.state{font-weight:bold;color:#a00}"""


def index_html(entries: Sequence[PairEntry], *, lang: str = "ja", old_only: Sequence[str] = (),
               new_only: Sequence[str] = (), state: str = "finished") -> bytes:
    w = wording(lang if lang in LANGS else "en")
    totals = _totals(entries)
    line = w("batch.summary", **totals) + (w("batch.summary_not_run", **totals) if totals["not_run"] else "")
    banner = f'<p class="state">{escape(w(f"batch.{state}"))}</p>' if state != "finished" else ""
    head = "".join(f"<th>{escape(w(key))}</th>" for key in (
        "report.change.added", "report.change.deleted", "report.change.modified", "report.change.unchanged",
        "report.aspect.moved"))
    rows = []
    for e in entries:
        links = " ".join(f'<a href="{quote(f)}">{escape(fmt)}</a>' for fmt, f in e.outputs.items())
        if e.status == "done" and "html" in e.outputs:
            name = f'<a href="{quote(e.outputs["html"])}">{escape(e.name)}</a>'
        else:
            name = escape(e.name)
        nums = "".join(f'<td class="n">{e.counts.get(t, 0)}</td>' for t in ("added", "deleted", "modified", "unchanged"))
        nums += f'<td class="n">{e.moved}</td>'
        if e.status != "done":
            error = say(e.error_message, w.lang) if e.error_message is not None else e.error or ""
            nums = f'<td colspan="5" class="err">{escape(error)}</td>'
        rows.append(f'<tr class="{escape(e.status)}"><td>{name}<br><small>{escape(e.a)}<br>{escape(e.b)}</small></td>'
                    f"<td>{escape(w.get(f'state.{e.status}', e.status) or e.status)}</td>{nums}<td>{links}</td></tr>")
    extra = ""
    for key, files in (("old_only", old_only), ("new_only", new_only)):
        if files:
            extra += f"<h2>{escape(w(f'batch.{key}'))}</h2><ul>" + "".join(f"<li>{escape(f)}</li>" for f in files) + "</ul>"
    page = (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{escape(w('batch.title'))}</title><style>{_CSS}</style></head><body>"
            f"<h1>{escape(w('batch.title'))}</h1>{banner}<p>{escape(line)}</p>"
            f"<table><thead><tr><th>{escape(w('batch.pair'))}</th><th>{escape(w('common.status'))}</th>{head}"
            f"<th>{escape(w('batch.reports'))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{extra}"
            "</body></html>\n")
    return page.encode("utf-8")
