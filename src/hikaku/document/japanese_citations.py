"""Japanese citations, by the grammar of legal citation (法令における引用の仕方).

A citation is a chain of steps from the largest unit down — 第十五条の二第三項第一号イ (article
15-2, paragraph 3, item 1, sub-item イ), in kanji, Arabic or full-width numerals — or starts
relative to the citing provision: 前条, 次条, 同条, 本条, 前二条, 前各条, and likewise 項 and 号
(前項第二号, 同項第八号). 附則第二条 cites the supplementary provisions, 別表第一 a schedule, 第二章
a chapter. The 第 of a later step may be left out (第12条2項).

A list (「、」「及び」「並びに」「又は」「若しくは」, after 各号, 本文, ただし書 … of the one before) or range
(「から…まで」) joins citations: each member takes the steps above its first from the member before it
(「第二条第一項第十号及び第十一号」: item 11 of 第二条第一項; 「前条第一項、第三項又は第四項」), also across
a parenthesis (「第四項（第四号を除く。）、第五項」), and a citation in a parenthesis right after another
qualifies it (「第四項（第四号を除く。）」: item 4 of that paragraph). The instrument a list starts with,
and 附則, are every member's.

A citation right after the name of an instrument cites that instrument (「特許法（昭和三十四年法律
第百二十一号）第百四条」, 「同法第四条」, 「法律第百二十一号」 — a law's number —, 「旧法第三条」, 「旧第四条」);
「この法律」「本規則」 name the document itself. A number followed by a noun it qualifies is no
citation (第一号被保険者, 第二号施行日, 第一号様式), nor the words a step begins (条約, 条例, 条件,
条項, 項目).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .citation_records import Citation, Step
from .numerals import number_style, number_value

__all__ = ["japanese_citations", "could_cite"]

_DIGITS = "〇一二三四五六七八九十百千"
_N = rf"(?:[0-9]+|[{_DIGITS}]+)"
# a branch number 第五条の二, in older statutes 第四条ノ二 (never の一: a branch starts at 二; 「の一部」 is
# no branch)
_BRANCH = rf"(?:[のノ](?:[0-9]+|(?!一(?![{_DIGITS}]))[{_DIGITS}]+))*"
_COUNT = "[二三四五六七八九十]+"
_IROHA = "イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス"
_REL = rf"(?:(?P<all>前各)|前(?P<count>{_COUNT})|(?P<rel>前|次|同|本))"

_HEAD = re.compile(rf"第{_N}[条項号編章節款目]|(?:前各|前{_COUNT}|[前次同本])[条項号]|別表第{_N}")
_CLAUSE_HEAD = re.compile(rf"第{_N}[条編章節款目]")  # where a citation of a clause or a structure starts
_STRUCT = re.compile(rf"第(?P<n>{_N})(?P<k>[編章節款目])(?P<br>{_BRANCH})")
_ART = re.compile(rf"第(?P<n>{_N})条(?P<br>{_BRANCH})")
_ART_REL = re.compile(rf"{_REL}条")
_APPX = re.compile(rf"別表第(?P<n>{_N})(?P<br>{_BRANCH})")
_PARA = re.compile(rf"(?P<first>第)?(?P<n>{_N})項")
_PARA_REL = re.compile(rf"{_REL}項")
_ITEM = re.compile(rf"(?P<first>第)?(?P<n>{_N})号(?P<br>{_BRANCH})")
_ITEM_REL = re.compile(rf"{_REL}号")
_SUB = re.compile(rf"[{_IROHA}](?![\u30a1-\u30fa\u30fc])")
_NUMBER = re.compile(_N)

# what may follow a citation. After 条 and 項 anything but the words they begin (条約, 条例, 条件,
# 条理, 条文, 条項, 項目); after 号 only what the grammar puts there — a particle, punctuation, a
# conjunction, 中 / 本文 / 各号 / 関係 … —, since 号 is also a category a noun takes (第一号被保険者)
_NOT_AFTER_ARTICLE = frozenset("約例件理文項")
_NOT_AFTER_PARAGRAPH = frozenset("目")
_AFTER_ITEM_KANJI = frozenset("及又並若以中等前後本各第同関列柱該")
_WORDY = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u30a1-\u30fa\u30fcA-Za-z0-9]")

# what names another instrument right before a citation: a statute, an order, rules, a treaty …
_INSTRUMENT = ("法律", "法", "令", "規則", "条約", "条例", "規程", "規約", "憲法", "協定", "議定書", "告示",
               "訓令", "約款", "要綱", "細則", "通達", "契約")
_NAME_CHAR = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u30a1-\u30fa\u30fc々〆ヶ]")
_PAREN_BEFORE = re.compile(r"[（(][^（）()]*[）)]$")
_LAW_NUMBER = re.compile(rf"{_N}?年?(?:法律|政令|省令|府令|勅令|規則|告示|条例)第{_N}号")
_SELF = ("この", "本", "当該")  # この法律, 本規則: the document itself

# between two citations of one list or range, parentheses taken out
_JOIN = re.compile(r"(?:まで)?(?:各号|各項|本文|ただし書|前段|後段|柱書|各号列記以外の部分)?"
                   r"(?:[、，,]|及び|並びに|又は|若しくは|から|ないし|乃至|\s)*[（(]?")
_PAREN = re.compile(r"[（）()]")
_WORDS_REACH = 24  # characters of list words between two members (「、及び」「まで、」 are a few)


def could_cite(text: str) -> bool:
    """Whether *text* (width-folded) holds anything a Japanese citation starts with."""
    return _HEAD.search(text) is not None


@lru_cache(maxsize=4096)
def _num(*parts: str) -> tuple[int | str, ...]:
    """十五, の二 → (15, 2)."""
    out: list[int | str] = []
    for part in parts:
        for m in _NUMBER.finditer(part):
            v = number_value(m.group())
            out.append(v if v is not None else m.group())
    return tuple(out)


def _relative(m: re.Match[str], level: str, kind: str) -> Step:
    count = number_value(m.group("count")) if m.group("count") else None
    rel = "前各" if m.group("all") else "前" if count else m.group("rel")
    return Step(level, kind, (), m.group(), m.start(), m.end(), rel, count or 1)


def _ends_well(t: str, step: Step) -> bool:
    nxt = t[step.end:step.end + 1]
    if not nxt:
        return True
    if step.kind == "条":
        return nxt not in _NOT_AFTER_ARTICLE
    if step.kind == "項":
        return nxt not in _NOT_AFTER_PARAGRAPH
    if step.kind in ("号", "イ"):
        return nxt in _AFTER_ITEM_KANJI or _WORDY.match(nxt) is None
    return True


def _chain(t: str, p: int, clauses: bool = False) -> list[Step]:
    """The steps of the citation starting at *p*, as many as are written; the caller drops
    steps from the end until the citation ends well (:func:`_ends_well`). *clauses*: the
    first step alone, for a citation that starts with a clause (whether it ends well depends
    only on the character after it, 第 when more steps follow)."""
    steps: list[Step] = []
    while (m := _STRUCT.match(t, p)) is not None:  # 第二章第三節
        steps.append(Step("structure", m.group("k"), _num(m.group("n"), m.group("br")), m.group(), m.start(), m.end()))
        p = m.end()
    if steps:
        return steps
    top = "paragraph"
    if (m := _ART.match(t, p)) is not None:
        steps.append(Step("article", "条", _num(m.group("n"), m.group("br")), m.group(), m.start(), m.end()))
        if clauses:
            return steps
    elif (m := _ART_REL.match(t, p)) is not None:
        steps.append(_relative(m, "article", "条"))
    elif (m := _APPX.match(t, p)) is not None:
        steps.append(Step("appendix", "別表", _num(m.group("n"), m.group("br")), m.group(), m.start(), m.end()))
        top = "appendix"
    if steps:
        p = steps[-1].end
    if top == "paragraph":
        m = _PARA.match(t, p)
        if m is not None and (m.group("first") or steps):  # 第12条2項: a later step's 第 may be left out
            steps.append(Step("paragraph", "項", _num(m.group("n")), m.group(), m.start(), m.end()))
        elif not steps and (m := _PARA_REL.match(t, p)) is not None:
            steps.append(_relative(m, "paragraph", "項"))
        if steps:
            p = steps[-1].end
    m = _ITEM.match(t, p)
    if m is not None and (m.group("first") or steps):
        steps.append(Step("item", "号", _num(m.group("n"), m.group("br")), m.group(), m.start(), m.end()))
    elif not steps and (m := _ITEM_REL.match(t, p)) is not None:
        steps.append(_relative(m, "item", "号"))
    if steps and steps[-1].level == "item" and (m := _SUB.match(t, steps[-1].end)) is not None:
        steps.append(Step("subitem", "イ", (m.group(),), m.group(), m.start(), m.end()))
    return steps


def _law_before(t: str, start: int) -> tuple[str, bool]:
    """The instrument named right before *start* (特許法, 同法, the 法律 of a law's number), and
    whether the name says the document itself (この法律, 本規則)."""
    if not t.endswith(_INSTRUMENT, 0, start) and not t.endswith(("）", ")"), 0, start):
        return "", False
    before = t[max(0, start - 80):start]
    paren = _PAREN_BEFORE.search(before) if before.endswith(("）", ")")) else None
    if paren is not None:
        before = before[:paren.start()]
        if _LAW_NUMBER.search(paren.group()) and not before.endswith(_INSTRUMENT):
            return paren.group()[1:-1], False  # （昭和三十四年法律第百二十一号）第百四条
    if not before.endswith(_INSTRUMENT):
        return "", False
    k = len(before)
    while k and _NAME_CHAR.match(before, k - 1):
        k -= 1
    name, ahead = before[k:], before[:k]
    return name, name.startswith("本") or ahead.endswith(_SELF)


def _style(steps: list[Step]) -> str:
    """How its numbers are written; "" for a citation without numerals (前条, 同項)."""
    for s in steps:
        if s.number and s.level != "subitem":
            return number_style(s.text.lstrip("第別表")[:1])
    return ""


_QUOTE = re.compile(r"「[^「」]*」|『[^『』]*』")


def _quoted(t: str) -> list[tuple[int, int]]:
    """The spans of 「…」 and 『…』: words quoted (a defined term, the words a 読み替え replaces),
    whose numbers are the quoted text's, no citation of the document."""
    return [m.span() for m in _QUOTE.finditer(t)] if "「" in t or "『" in t else []


def japanese_citations(t: str, *, clauses: bool = False) -> list[Citation]:
    """The Japanese citations of *t* (width-folded), in order, each joined to the one it
    continues in a list or range. *clauses*: only those that start with an article or a
    structure (第五条…, 第二章), without what is said around them (their instrument, their
    list): the steps the renumbering reads, as the whole reading gives them."""
    found: list[Citation] = []
    end = 0
    quotes: list[tuple[int, int]] | None = None
    for h in (_CLAUSE_HEAD if clauses else _HEAD).finditer(t):
        if h.start() < end or t.endswith("各", 0, h.start()) and t.startswith("本", h.start()):
            continue  # 各本条: each article's own, no reference
        steps = _chain(t, h.start(), clauses)
        while steps and not _ends_well(t, steps[-1]):
            steps.pop()
        if not steps:
            continue
        start, end = steps[0].start, steps[-1].end
        if clauses:
            found.append(Citation(start, end, t[start:end], tuple(steps), "ja", "kanji"))
            continue
        if quotes is None:
            quotes = _quoted(t)
        quoted = any(a < start < b for a, b in quotes)
        supplement = steps[0].level in ("article", "paragraph") and not steps[0].relative and t.endswith("附則", 0, start)
        law, self_named = _law_before(t, start - 2 if supplement else start)
        if not law and not supplement and t.endswith(("旧", "新"), 0, start):
            law = t[start - 1]  # 旧第四条: a number the document had before (or will have)
        found.append(Citation(start, end, t[start:end], tuple(steps), "ja", _style(steps),  # type: ignore[arg-type]
                              supplement, law, self_named, quoted=quoted))
    return found if clauses else _join(t, found)


def _matching_open(t: str) -> dict[int, int]:
    """For each closing parenthesis of *t*, where the parenthesis it closes opens."""
    out: dict[int, int] = {}
    stack: list[int] = []
    for m in _PAREN.finditer(t):
        if m.group() in "（(":
            stack.append(m.start())
        elif stack:
            out[m.start()] = stack.pop()
    return out


def _gap_to(t: str, start: int, ends: dict[int, int], opens: dict[int, int]) -> tuple[int, str]:
    """Walking back from *start* over whole parentheses: the citation (its index) reached after
    list words only, and those words; (-1, "") when other words come first."""
    words: list[str] = []
    at = start
    while at > 0 and len(words) <= _WORDS_REACH:
        if at in ends:
            return ends[at], "".join(reversed(words))
        ch = t[at - 1]
        if ch in "）)" and at - 1 in opens:
            at = opens[at - 1]  # a whole parenthesis: what it holds qualifies the citation before it
            continue
        words.append(ch)
        at -= 1
    return (ends[at], "".join(reversed(words))) if at in ends else (-1, "")


def _join(t: str, found: list[Citation]) -> list[Citation]:
    """Each citation joined to the latest one before it from which only list words and whole
    parentheses separate it (or the opening of a parenthesis that qualifies that one):
    「第二号（同条第一項第二号及び第七号に係る部分に限る。）若しくは第三号」 joins 第三号 to 第二号."""
    out: list[Citation] = []
    opens = _matching_open(t) if "（" in t or "(" in t else {}
    ends: dict[int, int] = {}
    for k, c in enumerate(found):
        b, core = _gap_to(t, c.start, ends, opens)
        ends[c.end] = k
        if b >= 0 and _JOIN.fullmatch(core) is not None:
            prev = out[b]
            range_end = "から" in core and "まで" not in core.rsplit("から", 1)[-1]
            # the instrument a list starts with is every member's (「旧法第四条第一項から第三項まで又は
            # 第四条ノ二」), but not a parenthesis's unless it qualifies the citation before it
            below = c.steps[0].rank > prev.steps[0].rank and not c.steps[0].relative
            listed = below or not core.endswith(("（", "("))
            c = Citation(c.start, c.end, c.text, c.steps, c.lang, c.style, c.supplement or (listed and prev.supplement),
                         c.law or (prev.law if listed else ""),
                         c.self_named or (listed and prev.self_named), b, range_end, c.quoted)
        out.append(c)
    return out
