"""A document's provisions as citations name them: its articles (第十五条の二, ``Section 4.2``)
in each numbering section, its supplementary provisions without articles (附則, cited by
paragraph: 附則第二項) and its schedules (別表第一, ``Schedule 2``); each with its parts
(paragraphs, items, sub-items: :func:`hikaku.document.provision_parts`) read when a citation
asks for them.

Which numbering a citation reads (法令における引用の仕方): a plain 第N条 cites the articles of
its own numbering section (the main provisions, or a rider 特約 that numbers its own); in the
supplementary provisions right after the main ones (附則, labelled so) it cites the main
provisions, 附則第N条 citing the supplementary ones. A document that numbers again after its
main provisions without saying what follows (a consolidated statute, whose amending acts'
supplementary provisions each start again at 第一条 and cite their own act) leaves a plain
number there unread: it cannot be told whose it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..document import (
    ClauseRef,
    Document,
    NumberingSection,
    Part,
    citations,
    fold_width,
    is_placeholder,
    number_value,
    own_ref,
    provision_parts,
)

__all__ = ["Outline", "Provision", "Key"]

Key = tuple[str, tuple[int | str, ...]]  # ("条", (15, 2)), ("別表", (1,)), ("section", ("4.2",)), ("附則", ())
_JA_ARTICLE = "条"
_SUPPLEMENTARY = ("附則", "付則")


@dataclass
class Provision:
    """One provision citations can name: its chunks (the first opens it; the others are its
    continued parts), numbering section, kind and number, the label it is written with, and
    where its own words start (after its number)."""

    chunks: list[int]
    section: int
    kind: str  # 条 | 附則 | 別表 | English: section, article, clause, "" (a heading's 4.1), schedule …
    number: tuple[int | str, ...]
    label: str
    opening: int
    placeholder: bool = False  # 「第九条　削除」
    english: bool = False
    _parts: list[Part] | None = field(default=None, repr=False)


def _number(ref: ClauseRef) -> tuple[int | str, ...]:
    if ref.english:
        return (ref.number.lower(),)
    out: list[int | str] = []
    for piece in ref.number.replace("ノ", "の").split("の"):
        v = number_value(piece)
        out.append(piece if v is None else v)
    return tuple(out)


def _schedule(label: str | None) -> tuple[str, tuple[int | str, ...]] | None:
    """別表第一 → ("別表", (1,)); ``Schedule 2`` → ("schedule", ("2",)); 附則 → ("附則", ())."""
    if not label:
        return None
    if label in _SUPPLEMENTARY:
        return "附則", ()
    if label.startswith("別表"):
        rest = label[2:].removeprefix("第")
        v = number_value(rest.split("の")[0]) if rest else 1
        return ("別表", (v,)) if v is not None else None
    word, _, num = label.partition(" ")
    if word.lower() in ("schedule", "annex", "exhibit", "appendix") and num:
        return word.lower(), (num.lower(),)
    return None


class Outline:
    """The provisions of *doc*, in document order, with the numbering each chunk reads."""

    def __init__(self, doc: Document, sections: Sequence[NumberingSection],
                 own: Sequence[ClauseRef | None] | None = None) -> None:
        self.doc = doc
        self.sections = list(sections)
        n = len(doc.chunks)
        self.section_of = [0] * n
        for k, s in enumerate(self.sections):
            for i in range(s.start, min(s.end, n)):
                self.section_of[i] = k
        self.provisions: list[Provision] = []
        self.of_chunk = [-1] * n
        self.index: dict[tuple[int, Key], int] = {}  # (section, key) -> provision; -1 when two share it
        self.schedules: dict[Key, int] = {}
        self._siblings: dict[tuple[int, str], list[int]] = {}
        self.main = next((k for k, s in enumerate(self.sections) if s.numbered), 0)
        self.supplementary = [self._is_supplementary(k) for k in range(len(self.sections))]
        # the supplementary provisions of the main ones: the first section after them that is a 附則,
        # or numbers articles again under no title of its own (a consolidated statute's own 附則)
        self.first_supplement = next((k for k in range(self.main + 1, len(self.sections))
                                      if self._supplementary_like(k)), -1)
        for i, chunk in enumerate(doc.chunks):
            ref = own[i] if own is not None else own_ref(chunk.content)
            self._add(i, chunk.content, ref)

    # -- sections ----------------------------------------------------------------------------
    def _is_supplementary(self, k: int) -> bool:
        s = self.sections[k]
        label = self.doc.chunks[s.start].structure.structural_label if s.start < len(self.doc.chunks) else None
        return label in _SUPPLEMENTARY or bool(s.key) and s.key[-1].replace(" ", "").replace("\u3000", "")[:2] in _SUPPLEMENTARY

    def _supplementary_like(self, k: int) -> bool:
        return self.supplementary[k] or (self.sections[k].numbered and not self._titled(k))

    def _schedule(self, k: int) -> bool:
        """A section that numbers no articles and is no 附則: a 別表, 別紙, 様式, Schedule."""
        return not self.sections[k].numbered and not self.supplementary[k] and not self._titled(k)

    def _titled(self, k: int) -> bool:
        """A rider: a section named by headings of its own, other than the main provisions'."""
        key, main = self.sections[k].key, self.sections[self.main].key
        return bool(key) and key != main and not self.supplementary[k]

    def foreign(self, section: int) -> bool:
        """Whether *section* holds supplementary provisions after the document's own: those of
        the acts that amended it, in a consolidated text — they cite their own act (and are
        often extracts of it), not this document."""
        return 0 <= self.first_supplement < section and self._supplementary_like(section)

    def scope(self, section: int, supplement: bool) -> int | None:
        """The numbering section a plain citation (*supplement*: 附則第N条) made in *section*
        reads, or None when it cannot be told."""
        if self.foreign(section):
            return None
        if supplement:
            if section == self.main or self._titled(section):
                return self.first_supplement if self.first_supplement >= 0 else None
            return section
        if section == self.main or self._titled(section):
            return section
        if section == self.first_supplement and self.supplementary[section] or self._schedule(section):
            return self.main  # 附則 after the main provisions, a schedule (別表第一（第三条関係）): the main ones'
        return None

    # -- provisions ----------------------------------------------------------------------------
    def _add(self, i: int, content: str, ref: ClauseRef | None) -> None:
        st = self.doc.chunks[i].structure
        section = self.section_of[i]
        if ref is not None and (ref.kind == _JA_ARTICLE or (ref.english and ref.kind in ("section", "article", "clause", ""))):
            key: Key = (ref.kind, _number(ref))
            start = content.find(ref.text[:1]) if ref.text else 0
            opening = _opening(content, ref)
            placeholder = is_placeholder(content)
            p = self._provision(i, section, key, ref.text, opening, placeholder, ref.english)
            if placeholder:  # 「第三十条から第三十二条まで　削除」: each number of the range is kept
                for extra in _range_numbers(content, start, key):
                    self._index(section, (key[0], extra), p)
            return
        sched = _schedule(st.structural_label)
        if sched is not None:
            label = st.structural_label or ""
            at = content.find(label[:1]) if label else 0
            self._provision(i, section, sched, label, max(0, content.find("\n", max(at, 0)) + 1) if "\n" in content else
                            len(content), False, sched[0] not in ("附則", "別表"))
            return
        last = self.of_chunk[i - 1] if i else -1
        if last >= 0 and st.part is not None and self.provisions[last].section == section:
            self.provisions[last].chunks.append(i)  # a long article cut in parts
            self.of_chunk[i] = last

    def _provision(self, i: int, section: int, key: Key, label: str, opening: int, placeholder: bool,
                   english: bool) -> int:
        p = len(self.provisions)
        self.provisions.append(Provision([i], section, key[0], key[1], label, opening, placeholder, english))
        self.of_chunk[i] = p
        if key[0] in ("別表", "附則") or (english and key[0] in ("schedule", "annex", "exhibit", "appendix")):
            self.schedules[key] = -1 if key in self.schedules else p
            if key[0] == "附則":
                self._index(section, key, p)
        else:
            self._index(section, key, p)
        return p

    def _index(self, section: int, key: Key, p: int) -> None:
        self.index[(section, key)] = -1 if (section, key) in self.index else p

    def find(self, section: int, key: Key) -> int | None:
        """The provision numbered *key* in *section* (in English, a heading's bare 4.1 or a
        Section 4.1 answers for ``clause 4.1``), or None (-1 when two provisions share the
        number)."""
        found = self.index.get((section, key))
        if found is None and key[0] and key[0] not in (_JA_ARTICLE, "附則", "別表"):
            # English names one numbered provision by any of its words: clause 4.1 = Section 4.1
            for kind in ("", "section", "article", "clause"):
                if kind != key[0] and (section, (kind, key[1])) in self.index:
                    return self.index[(section, (kind, key[1]))]
        return found

    def siblings(self, p: int) -> list[int]:
        """The provisions of *p*'s kind in its numbering section, in order (前条 is the one before)."""
        prov = self.provisions[p]
        key = (prov.section, prov.kind)
        if key not in self._siblings:
            self._siblings[key] = [k for k, q in enumerate(self.provisions) if (q.section, q.kind) == key]
        return self._siblings[key]

    def text(self, p: int) -> str:
        """The provision's text: its chunks joined by a line break (the chunk itself, most often)."""
        chunks = self.provisions[p].chunks
        if len(chunks) == 1:
            return self.doc.chunks[chunks[0]].content
        return "\n".join(self.doc.chunks[i].content for i in chunks)

    def offset(self, p: int, chunk: int) -> int:
        """Where chunk *chunk* starts in :meth:`text` of provision *p*."""
        at = 0
        for i in self.provisions[p].chunks:
            if i == chunk:
                return at
            at += len(self.doc.chunks[i].content) + 1
        return at

    def parts(self, p: int) -> list[Part]:
        prov = self.provisions[p]
        if prov._parts is None:
            prov._parts = provision_parts(self.text(p), prov.opening, prov.english)
        return prov._parts


def _opening(content: str, ref: ClauseRef) -> int:
    """Where the provision's own words start: after its number (and caption) on its line."""
    at = content.find(ref.text)
    if at < 0:
        at = fold_width(content).find(ref.text)  # the number as folded (第１２条 read as 第12条)
    if at < 0:
        return 0
    end = at + len(ref.text)
    while end < len(content) and content[end] in " \t\u3000":
        end += 1
    return end


def _range_numbers(content: str, start: int, key: Key) -> list[tuple[int | str, ...]]:
    """The other numbers of a placeholder's range: 第三十条から第三十二条まで → (31,), (32,)."""
    found = [c for c in citations(content[max(start, 0):]) if c.steps[0].level == "article" and not c.relative]
    out: list[tuple[int | str, ...]] = []
    for k, c in enumerate(found[1:], 1):
        number = c.steps[0].number
        prev = found[k - 1].steps[0].number
        if c.range_end and len(number) == len(prev) == 1 and isinstance(number[0], int) and isinstance(prev[0], int):
            out.extend((n,) for n in range(prev[0] + 1, number[0]))
        out.append(number)
    return [n for n in out if n != key[1]]
