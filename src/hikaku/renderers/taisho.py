"""The 新旧対照表 (shinkyū taishōhyō, old/new comparison table) that the Excel and Word exports
write: what is in it, decided once so that the two files only lay it out.

- Columns: 項目 | 改正後 | 改正前 | 変更タイプ | 備考 (``new-old``, the convention and the default) or
  項目 | 改正前 | 改正後 | … (``old-new``); English labels Item | Revised | Current | Change | Note
  (the words: hikaku.wording, ``taisho.*`` and ``report.*``).
- Rows in the result's reading order, which is the document order of the revised version
  (a deleted clause right after the clause that preceded it), with a heading row whenever the
  section (``Change.path`` under the documents' titles) changes.
- The changed characters underlined (傍線): ``Change.diff`` of a modified pair, the whole text of
  an added or deleted clause; an added clause reads 「（新設）」 in the 改正前 column, a deleted one
  「（削除）」 in the 改正後 column.
- Unchanged clauses only with ``include_unchanged`` (or when they moved); otherwise each run of
  them is one 「（略）」 row, and a section's unchanged heading is its heading row.
- A clause whose only change is its number (and cross-references shifted the same way as the
  document's articles) is shown and marked as such (「条番号のみ変更」), the number underlined.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from dataclasses import dataclass, field
from itertools import groupby
from typing import Literal

from .._exceptions import ConfigurationError
from ..changes import diff_spans, type_label
from ..document import label_of, own_ref
from ..result import Change, ComparisonResult
from ..wording import Wording, wording
from .options import COLUMN_ORDERS, RenderOptions
from .pages import page_text
from .references import reference_lines
from .revision import SummaryView, summary_view
from .totals import totals_line

__all__ = [
    "summary_lines",
    "Cell",
    "Row",
    "Table",
    "build_table",
    "column_order",
    "is_renumber_only",
    "WIDTHS",
]

Span = tuple[int, int]

# the words of each column's header
_HEADERS = {"item": "report.column.item", "new": "taisho.new", "old": "taisho.old", "type": "report.column.type",
            "note": "taisho.note"}
# Column widths in full-width characters; each format turns them into its own unit.
WIDTHS = {"item": 14.0, "new": 30.0, "old": 30.0, "type": 8.0, "note": 14.0}

# Characters XML 1.0 cannot hold (Word refuses them, Excel escapes them): replaced one for one,
# so that the diff offsets still point at the same characters.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NUM = "[0-9０-９〇一二三四五六七八九十百千]+"
_ARTICLE = re.compile(rf"第{_NUM}[編章節款目条](?:の{_NUM})*")  # a label or a cross-reference
_TRIVIA = re.compile(r"[\s#（）()「」【】]+")
_CAPTION = re.compile(r"(.{1,30}?)[ \u3000]*([（(][^（()）\n]{1,40}[）)])")  # a label, then its caption


def clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text.replace("\r", "\n"))


@dataclass(frozen=True)
class Cell:
    """One cell: *text* with the *underlined* ``[start, end)`` spans; *mark* for hikaku's own
    words (（新設）, （削除）, （略）) rather than the documents'; *detail* a muted second line
    (the heading path under a 項目 label)."""

    text: str
    underlined: tuple[Span, ...] = ()
    mark: bool = False
    detail: str = ""

    def runs(self) -> list[tuple[str, bool]]:
        """The text cut into ``(piece, underlined)`` runs, in order, none empty."""
        out: list[tuple[str, bool]] = []
        pos = 0
        for s, e in sorted(self.underlined):
            s, e = max(s, pos), min(e, len(self.text))
            if e <= s:
                continue
            if s > pos:
                out.append((self.text[pos:s], False))
            if out and out[-1][1]:  # touching spans: one run
                out[-1] = (out[-1][0] + self.text[s:e], True)
            else:
                out.append((self.text[s:e], True))
            pos = e
        if pos < len(self.text):
            out.append((self.text[pos:], False))
        return out


@dataclass(frozen=True)
class Row:
    """A heading row (*kind* ``section``: one cell spanning the table), a change, or a run of
    unchanged clauses left out (``omitted``); *cells* in column order otherwise."""

    kind: Literal["section", "change", "omitted"]
    cells: tuple[Cell, ...]
    change_type: str = ""  # added | deleted | modified | unchanged


@dataclass(frozen=True)
class Table:
    lang: str
    title: str
    columns: tuple[str, ...]  # item, new, old, type, note in the chosen order
    headers: tuple[str, ...]
    documents: tuple[tuple[str, str], ...]  # (改正後, title of B), (改正前, title of A) in column order
    date: str
    totals: str
    notes: tuple[str, ...]
    rows: list[Row] = field(default_factory=list)
    # 引用条項の確認: (項目, the reference, its kind, what to check) of each reference flagged
    references: tuple[tuple[str, str, str, str], ...] = ()
    wording: Wording = field(default_factory=lambda: wording("ja"))  # the words of the table's language
    summary: SummaryView | None = None  # 改定の要旨 and 要確認：不利になりうる変更, before the table

    @property
    def type_column(self) -> int:
        return self.columns.index("type")


def column_order(options: RenderOptions) -> str:
    """The order the Office exports use: the option, else new-old (the 新旧対照表 convention)."""
    order = options.column_order or "new-old"
    if order not in COLUMN_ORDERS:
        raise ConfigurationError(f"unknown column order {order!r}; choose one of {', '.join(COLUMN_ORDERS)}")
    return order


# -- renumbering ---------------------------------------------------------------------------------
def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def is_renumber_only(change: Change) -> bool:
    """A clause whose only change is its number (and cross-references shifted the same way):
    the result says so (``Change.renumbered``, hikaku.changes.renumbering)."""
    return change.renumbered


# -- the table ------------------------------------------------------------------------------------
def _type_text(change: Change, lang: str) -> str:
    return type_label(change, lang)  # 「条番号のみ変更」 for a renumbered clause


def _spans(change: Change) -> tuple[list[Span], list[Span]]:
    """What to underline in the old and the new text."""
    if change.type == "added":
        return [], [(0, len(change.b_text))]
    if change.type == "deleted":
        return [(0, len(change.a_text))], []
    if change.type != "modified" and not is_renumber_only(change):
        return [], []
    if change.diff is not None:
        return list(change.diff.a), list(change.diff.b)
    return diff_spans(change.a_text, change.b_text)  # a result made without diffs


def _same_heading(text: str, heading: str) -> bool:
    return bool(heading) and _TRIVIA.sub("", _nfkc(text)) == _TRIVIA.sub("", _nfkc(heading))


def _date(w: Wording, today: _dt.date) -> str:
    return w("taisho.date_value", year=today.year, month=today.month, day=today.day)


def build_table(result: ComparisonResult, options: RenderOptions, *, today: _dt.date | None = None) -> Table:
    """The 新旧対照表 of *result* (language, column order and unchanged rows from *options*)."""
    lang = options.lang
    w = wording(lang)
    order = column_order(options)
    columns = ("item", "new", "old", "type", "note") if order == "new-old" else ("item", "old", "new", "type", "note")
    a, b = result.document_a, result.document_b
    titles = {"new": clean(b.title or b.id), "old": clean(a.title or a.id)}
    roots = frozenset(t for t in (a.title, b.title) if t)
    totals = totals_line(result, lang)
    table = Table(
        lang=lang, title=w("taisho.title"), columns=columns, headers=tuple(w(_HEADERS[k]) for k in columns),
        documents=tuple((w(_HEADERS[k]), titles[k]) for k in columns if k in titles),
        date=_date(w, today or _dt.date.today()), totals=totals, notes=tuple(clean(n) for n in result.notes),
        wording=w, references=tuple((clean(r.item), clean(r.flag.text), r.kind, clean(r.message))
                                    for r in reference_lines(result, lang)),
        summary=summary_view(result, lang),
    )

    def section_of(c: Change) -> tuple[str, ...]:
        return tuple(clean(p) for p in (c.path[1:] if c.path and c.path[0] in roots else c.path))

    omitted: list[Change] = []  # a run of unchanged clauses, waiting for the next row shown

    def flush() -> None:
        if omitted:
            table.rows.append(_omitted_row(omitted, columns, w))
            omitted.clear()

    def changed(c: Change) -> bool:  # a clause moved or renumbered too, even when its words are the same
        return c.type != "unchanged" or c.moved or is_renumber_only(c)

    def shown(c: Change) -> bool:
        return options.include_unchanged or changed(c)

    def section_key(c: Change) -> tuple[str, ...]:
        # a section is known by its label (第3章) when it has one: a deleted clause's path is A's, and
        # A's 「第3章　保険料」 is B's 「第3章　保険料の払込」, not a second heading row
        return tuple(label_of(p) or p for p in section_of(c))

    shown_section: tuple[str, ...] | None = None
    for key, grouped in groupby(result.changes, key=section_key):
        group = list(grouped)
        section = section_of(next((c for c in group if c.b_ids), group[0]))  # named as B names it
        heading = " > ".join(section) if section else clean(group[0].path[0]) if group[0].path else ""
        if not any(shown(c) for c in group):
            omitted.extend(group)  # a section without changes: no heading row, all of it （略）
            continue
        if not changed(group[0]) and _same_heading(group[0].b_text, section[-1] if section else heading):
            group = group[1:]  # the section's own heading chunk: its heading row shows it (also with 一致 rows)
        flush()
        if key != shown_section:
            shown_section = key
            if heading:
                table.rows.append(Row("section", (Cell(heading),)))
        for c in group:
            if not shown(c):
                omitted.append(c)
                continue
            flush()
            table.rows.append(_change_row(c, columns, w, lang, section, new_first=order == "new-old"))
    flush()
    return table


def _omitted_row(run: list[Change], columns: tuple[str, ...], w: Wording) -> Row:
    first, last = clean(run[0].item) or w("report.none"), clean(run[-1].item) or w("report.none")
    item = first if len(run) == 1 else f"{first}{w('taisho.through')}{last}"
    cells = {"item": Cell(item), "new": Cell(w("taisho.omitted"), mark=True), "old": Cell(w("taisho.omitted"), mark=True),
             "type": Cell(w("report.change.unchanged")), "note": Cell("")}
    return Row("omitted", tuple(cells[k] for k in columns), "unchanged")


def _item(c: Change, w: Wording, new_first: bool) -> str:
    """The 項目 of a row. Beside the revised text first (新旧対照表), a clause numbered otherwise in B is
    called by its new number, the old one after it: 「第18条（産前産後の休業）（旧第16条）」."""
    item = clean(c.item) or w("report.none")
    if not (new_first and c.a_ids and c.b_ids):
        return item
    old, new = own_ref(c.a_text), own_ref(c.b_text)
    if old is None or new is None or old.kind != new.kind or old.number == new.number:
        return item
    at = _nfkc(item).find(old.text)
    if at < 0 or len(_nfkc(item)) != len(item):  # the label is not where the item can be rewritten
        return item
    caption = _CAPTION.match(c.b_text.lstrip().split("\n", 1)[0])  # B's own caption: 「（年次有給休暇）」
    own = caption is not None and _nfkc(caption.group(1)).replace(" ", "").replace("\u3000", "") == new.text
    rest = clean(caption.group(2)) if caption and own else item[at + len(old.text):]
    return item[:at] + new.text + rest + w("taisho.formerly", old=old.text)


def _pages(c: Change, columns: tuple[str, ...], w: Wording) -> str:
    """「改正後 p.8・改正前 p.7」: the pages of the original each text is on, in column order."""
    pages = {"new": c.b_pages, "old": c.a_pages}
    return w("taisho.page_sep").join(f"{w(_HEADERS[k])} {page_text(pages[k])}" for k in columns
                                     if k in pages and pages[k])


def _change_row(c: Change, columns: tuple[str, ...], w: Wording, lang: str,
                section: tuple[str, ...], *, new_first: bool = True) -> Row:
    spans_a, spans_b = _spans(c)
    item = _item(c, w, new_first)
    path = "" if not section or _same_heading(c.b_text or c.a_text, section[-1]) else " > ".join(section)
    detail = "\n".join(x for x in (path, _pages(c, columns, w)) if x)
    cells = {
        "item": Cell(item, detail=detail),
        "new": Cell(clean(c.b_text), tuple(spans_b)) if c.b_ids else Cell(w("taisho.deleted_mark"), mark=True),
        "old": Cell(clean(c.a_text), tuple(spans_a)) if c.a_ids else Cell(w("taisho.added_mark"), mark=True),
        "type": Cell(_type_text(c, lang)),
        "note": Cell(clean(c.summary)),  # what changed, written from the row's facts (or the LLM's checked words)
    }
    return Row("change", tuple(cells[k] for k in columns), c.type)


def summary_lines(table: Table) -> list[tuple[str, str]]:
    """The summary as (label, text) lines for the Office exports: the replacements made
    throughout, the rows they alone changed, every changed row by section, then each row that may
    disadvantage the customer with its evidence."""
    view, w = table.summary, table.wording
    if view is None or not (view.sections or view.attention):
        return []
    out: list[tuple[str, str]] = [(view.title, "")]
    if view.text:
        out.append(("", clean(view.text)))
    if view.replacements:
        out.append((w("report.summary.replaced"), clean(w("text.clause_sep").join(view.replacements))))
    for said, items in view.folded:
        out.append((clean(said), clean(w("text.clause_sep").join(items))))
    for section, entries in view.sections:
        out.append((clean(section), clean(entries[0][1])))
        out += [("", clean(line)) for _, line in entries[1:]]
    if view.more:
        out.append(("", w("report.more", n=view.more)))
    if view.attention:
        out.append((view.attention_title, ""))
        out += [(clean(a.item), clean(f"{a.codes}{w('text.subject_sep')}{a.evidence}")) for a in view.attention]
        if view.attention_more:
            out.append(("", w("report.more", n=view.attention_more)))
    return out
