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
from ..changes import labels
from ..result import CHANGE_TYPES
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
    error: str | None = None
    notes: list[str] = field(default_factory=list)

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


_TEXT = {
    "ja": {"title": "一括比較", "pair": "ペア", "status": "状態", "done": "完了", "failed": "失敗",
           "reports": "レポート", "error": "エラー", "old_only": "旧のみのファイル", "new_only": "新のみのファイル",
           "not_run": "未実行", "summary": "{pairs} ペア: 完了 {done}、失敗 {failed}", "summary_not_run": "、未実行 {not_run}",
           "interrupted": "中断されました。未実行のペアがあります。同じコマンドをもう一度実行すると続きから再開します。",
           "running": "実行中に書かれた一覧です（まだ終わっていません）。"},
    "en": {"title": "Batch comparison", "pair": "Pair", "status": "Status", "done": "done", "failed": "failed",
           "reports": "Reports", "error": "Error", "old_only": "Files only in the old directory",
           "new_only": "Files only in the new directory", "not_run": "not run",
           "summary": "{pairs} pairs: {done} done, {failed} failed", "summary_not_run": ", {not_run} not run",
           "interrupted": "Interrupted: some pairs were not run. Run the same command again to resume.",
           "running": "Written while the batch was running (not finished yet)."},
}

_CSS = """body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP",sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}tr.failed td{background:#fff0f0}tr.not_run td{color:#777}.err{color:#a00}
.state{font-weight:bold;color:#a00}"""


def index_html(entries: Sequence[PairEntry], *, lang: str = "ja", old_only: Sequence[str] = (),
               new_only: Sequence[str] = (), state: str = "finished") -> bytes:
    T = _TEXT.get(lang, _TEXT["en"])
    L = labels(lang if lang in _TEXT else "en")
    totals = _totals(entries)
    line = T["summary"].format(**totals) + (T["summary_not_run"].format(**totals) if totals["not_run"] else "")
    banner = f'<p class="state">{escape(T[state])}</p>' if state != "finished" else ""
    head = "".join(f"<th>{escape(L[t])}</th>" for t in ("added", "deleted", "modified", "unchanged", "moved"))
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
            nums = f'<td colspan="5" class="err">{escape(e.error or "")}</td>'
        rows.append(f'<tr class="{escape(e.status)}"><td>{name}<br><small>{escape(e.a)}<br>{escape(e.b)}</small></td>'
                    f"<td>{escape(T.get(e.status, e.status))}</td>{nums}<td>{links}</td></tr>")
    extra = ""
    for key, files in (("old_only", old_only), ("new_only", new_only)):
        if files:
            extra += f"<h2>{escape(T[key])}</h2><ul>" + "".join(f"<li>{escape(f)}</li>" for f in files) + "</ul>"
    page = (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{escape(T['title'])}</title><style>{_CSS}</style></head><body>"
            f"<h1>{escape(T['title'])}</h1>{banner}<p>{escape(line)}</p>"
            f"<table><thead><tr><th>{escape(T['pair'])}</th><th>{escape(T['status'])}</th>{head}"
            f"<th>{escape(T['reports'])}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{extra}"
            "</body></html>\n")
    return page.encode("utf-8")
