"""Recognise headings in Markdown, in Japanese business and legal text, and in English
contracts.

A heading is given a *rank*: the smaller, the higher in the hierarchy. Markdown
``#``..``######`` rank 1..6; Japanese structural headings follow (編 < 章 < 節 < 款
< 目 < 【…】/■ < 条 < （N） title), so that ``# 就業規則`` > ``第1章`` > ``第3条``.
English structure takes the same places: ``PART`` = 編, ``ARTICLE IV`` / ``CHAPTER`` /
``Schedule 1`` = 章 / 附則, ``Section 2.3`` and ``Article 1`` = 条, ``1.2.1 Title`` by its
depth, ``(a)`` = （N）. A title without any numbering (a rider's name set in a larger
font, or listed in the table of contents) is a *title* heading whose rank the caller
gives (see :data:`RANK_TITLE`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..text import contains_cjk, is_plain, nfkc
from .opening import MARGIN, match_head, match_opening

__all__ = ["Heading", "HeadingLine", "detect_heading", "heading_label", "is_caption", "is_toc_title", "label_of",
           "leaves_sentence_open", "match_opening", "read_heading", "short_title", "split_heading", "split_label",
           "normalize_label", "reads_as_title", "titled", "RANK_TITLE"]

_NUM = r"[0-9〇一二三四五六七八九十百千]+"
_MD = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_STRUCT = re.compile(rf"^第{_NUM}([編章節款目])(?:の{_NUM})*(?=\s|$|[（(])")
_ARTICLE = re.compile(rf"^第{_NUM}条(?:の{_NUM})*(?=\s|$|[（(])")
# 附則 (付則 in a company's rules), 別表 / 別紙 / 様式 (numbered or not), 別記: what follows the main clauses
_SUPPL_JA = r"[附付]\s*則|別\s*[表紙](?:第?" + _NUM + r")?|別\s*記|様\s*式(?:第?" + _NUM + r")?"
_SUPPL = re.compile(rf"^({_SUPPL_JA})(?=\s|$|[（(])")
_SUPPL_CITED = re.compile(rf"^(?:[のにをでがはとへやも]|記載|第{_NUM}[項条号])")  # what a citation goes on with
_BRACKET = re.compile(r"^【[^】]{1,60}】")
_SQUARE = re.compile(r"^[■□◆◇●]\s*\S")
_PAREN_NUM = re.compile(r"^[（(](?:[0-9]{1,3}|[一二三四五六七八九十]{1,3})[)）]\s*\S")
_CAPTION = re.compile(r"^[（(][^（）()0-9]{1,40}[)）]$")

# English: the word, its number, then nothing, or a title that starts like one (a capital,
# a digit, a bracket or a dash) — "Section 2.1 shall survive" is a sentence, not a heading
_ROMAN = r"[IVXLC]+"
_EN_TAIL = r"(?=\s*$|\s*[.:\-–—]?\s+[A-Z0-9(\"“'‘]|\s*[.:\-–—]\s*$)"
_EN_PART = re.compile(rf"^(PART|Part)\s+({_ROMAN}|[0-9]+|[A-Z])\b{_EN_TAIL}")
_EN_CHAPTER = re.compile(rf"^(CHAPTER|Chapter)\s+({_ROMAN}|[0-9]+)\b{_EN_TAIL}")
_EN_ARTICLE_MAJOR = re.compile(rf"^(ARTICLE\s+(?:{_ROMAN}|[0-9]+)|Article\s+{_ROMAN})\b{_EN_TAIL}")
_EN_ARTICLE = re.compile(rf"^(Article\s+[0-9]+[A-Za-z]?)\b{_EN_TAIL}")
_EN_SECTION = re.compile(rf"^((?:SECTION|Section|§)\s*[0-9]+(?:\.[0-9]+)*[A-Za-z]?)\.?{_EN_TAIL}")
_EN_SUPPL_WORD = r"SCHEDULE|Schedule|ANNEX|Annex|EXHIBIT|Exhibit|APPENDIX|Appendix|ATTACHMENT|Attachment"
_EN_SUPPL = re.compile(rf"^((?:{_EN_SUPPL_WORD})\s+(?:[0-9]+|[A-Z]|{_ROMAN}))\b{_EN_TAIL}")
_EN_SUPPL_ALONE = re.compile(rf"^({_EN_SUPPL_WORD})\s*[.:]?\s*$")  # a document's only schedule: the word alone
_EN_DECIMAL = re.compile(r"^([0-9]{1,2}(?:\.[0-9]{1,2}){0,3})\.?\s+([A-Z][A-Za-z'’\-]*(?:[ ,&/][A-Za-z'’\-&]+){0,9})$")
_EN_ITEM = re.compile(r"^\((?:[a-z]{1,2}|[ivx]{1,5})\)\s*\S")
# a Japanese specification's or manual's numbered heading (JIS style): 「1　適用範囲」, 「3.2 用語」, 「４．試験方法」
_JA_DECIMAL = re.compile(r"^([0-9]{1,2}(?:\.[0-9]{1,2}){0,3})(?:\.\s*|\s+)([^\s0-9.][^。]{0,29})$")
_UNIT_START = frozenset("年月日時分秒円万千百億兆名人回件個歳倍割%か箇ヶケ")  # 「1　万円」「4 月 1 日」: a quantity

_LABEL = re.compile(
    rf"^(第{_NUM}[編章節款目条](?:の{_NUM})*|{_SUPPL_JA}|[（(](?:[0-9]{{1,3}}|[一二三四五六七八九十]{{1,3}})[)）])"
)
_EN_LABEL = re.compile(
    rf"^((?:PART|Part|CHAPTER|Chapter|ARTICLE|Article|SECTION|Section|SCHEDULE|Schedule|ANNEX|Annex|EXHIBIT|"
    rf"Exhibit|APPENDIX|Appendix|ATTACHMENT|Attachment)\s+(?:[0-9]+(?:\.[0-9]+)*[A-Za-z]?|{_ROMAN}|[A-Z])\b"
    rf"|§\s*[0-9]+(?:\.[0-9]+)*|\((?:[a-z]{{1,2}}|[ivx]{{1,5}})\)|[0-9]{{1,2}}(?:\.[0-9]{{1,2}}){{1,3}}(?=\s))"
)
_TOC_TITLES = {"目次", "もくじ", "目録", "contents", "tableofcontents"}
_NO_TOC_IDEOGRAPH = re.compile("[\u4e00-\u6b20\u6b22-\u76ed\u76ef-\u9331\u9333-\u9fff]")  # but 目, 次, 録
_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef])\s+|\s+(?=[\u3000-\u9fff\uff00-\uffef])")

_STRUCT_RANK = {"編": 11, "章": 12, "節": 13, "款": 14, "目": 15}
RANK_SUPPL = 12
RANK_BRACKET = 16
RANK_ARTICLE = 17
RANK_PAREN = 18
RANK_NUMBERED = 15.5  # 「1　適用範囲」 (+0.1 a level: 3.1 under 3): under 目, above 【】 and articles
RANK_TITLE = 11.5  # an unnumbered title (a rider, a part): below 編, above 章
TITLE_MAX = 40  # a title (目的, 手術給付金, Fees) is at most this long and holds no 「。」


@dataclass(frozen=True)
class Heading:
    rank: float
    text: str  # heading text without Markdown markers
    kind: str  # "markdown" | "structure" | "article" | "supplement" | "bracket" | "item" | "numbered" | "title"
    # NFKC of the text's first 80 characters, as recognising the heading normalised them
    # (``cut``: the text is longer): heading_label / split_heading start from it instead of
    # normalising the line again
    normalized: str | None = field(default=None, compare=False, repr=False)
    cut: bool = field(default=False, compare=False, repr=False)


# what a heading opens with in NFKC, besides ASCII: 第, 附則 / 付則 / 別表 / 様式, 【, ■…, （N）, §
_OPENERS = frozenset("第附付別様【■□◆◇●(（§")
_ASCII_OPENERS = frozenset("(PCASE0123456789")  # (N), (a), PART, CHAPTER, ARTICLE, SECTION, SCHEDULE, EXHIBIT, 1.2


def _lead(raw: str) -> str:
    """The character NFKC(*raw*) opens with, as far as the patterns care: NFKC of the first
    character alone. The characters the patterns open with (:data:`_OPENERS`, ASCII) have no
    canonical decomposition and no composition yields them, so when NFKC(*raw*) opens with
    one, NFKC of its first character does too (``tests/document/test_headings.py``): a line
    whose lead is none of them is body text, told without normalising it."""
    first = raw[:1]
    return first if first.isascii() else unicodedata.normalize("NFKC", first)[:1]


def detect_heading(line: str, *, markdown: bool) -> Heading | None:
    """Return the heading *line* starts, or None for body text."""
    raw = line.strip()
    if not raw:
        return None
    if markdown:
        m = _MD.match(raw)
        if m:
            return Heading(rank=len(m.group(1)), text=m.group(2).strip(), kind="markdown")
    lead = _lead(raw)
    if not (lead.isascii() or lead in _OPENERS):
        return None
    if lead.isascii() and lead not in _ASCII_OPENERS and (len(raw) == 1 or is_plain(raw[1])):
        return None  # NFKC of the line opens with the lead itself (hikaku.text.plain), which opens no heading
    s = nfkc(raw[:80])  # headings are short; long lines are body text
    cut = len(raw) > 80
    m = _STRUCT.match(s)
    if m and len(raw) <= 60:
        return Heading(rank=_STRUCT_RANK[m.group(1)], text=raw, kind="structure", normalized=s, cut=cut)
    if _ARTICLE.match(s):
        return Heading(rank=RANK_ARTICLE, text=raw, kind="article", normalized=s, cut=cut)
    if (m := _SUPPL.match(s)) and len(raw) <= 60 and _opens_supplement(m, s):
        return Heading(rank=RANK_SUPPL, text=raw, kind="supplement", normalized=s, cut=cut)
    if _BRACKET.match(s) and len(raw) <= 60 and not raw.endswith("。"):
        return Heading(rank=RANK_BRACKET, text=raw, kind="bracket", normalized=s, cut=cut)
    if _SQUARE.match(s) and len(raw) <= 60 and not raw.endswith("。"):
        return Heading(rank=RANK_BRACKET, text=raw, kind="bracket", normalized=s, cut=cut)
    if _PAREN_NUM.match(s) and len(raw) <= 40 and "。" not in s:
        return Heading(rank=RANK_PAREN, text=raw, kind="item", normalized=s, cut=cut)
    if not markdown and (numbered := _numbered_ja(raw, s)) is not None:  # Markdown numbers its list items so
        return numbered
    if s[:1].isascii() or s[:1] == "§":
        return _english_heading(raw, s)
    return None


def _opens_supplement(m: re.Match[str], s: str) -> bool:
    """Not a sentence that cites one (「別紙1 記載のとおりとする。」, 「付則 第2項の規定は…」, a
    wrapped 「別紙　に定める…」), and a 別紙 no sentence of its own: 附則 may carry its text on its
    line (「附則　この規程は、…施行する。」), an attachment is titled."""
    if _SUPPL_CITED.match(s[m.end():].lstrip()):
        return False
    return not ("".join(m.group(1).split()).startswith("別紙") and s.rstrip().endswith("。"))


def _numbered_ja(raw: str, s: str) -> Heading | None:
    """「1　適用範囲」, 「3.1 試験片」: a short line of Japanese text after a number — or a list's
    item (the chunker tells them apart); not an amount or a date (「1　万円」, 「4 月 1 日」) nor
    a line cut inside brackets (a wrapped item). Ranked below 目 and above 【】 and articles, one
    step a level: it nests under the chapters, never takes their place."""
    m = _JA_DECIMAL.match(s)
    if m is None or len(raw) > 40 or not contains_cjk(title := m.group(2)) or title[0] in _UNIT_START \
            or title.count("(") != title.count(")") or title.count("「") != title.count("」"):
        return None
    return Heading(rank=RANK_NUMBERED + 0.1 * m.group(1).count("."), text=raw, kind="numbered", normalized=s)


def _english_heading(raw: str, s: str) -> Heading | None:
    short = len(raw) <= 100
    cut = len(raw) > 80
    if _EN_PART.match(s) and short:
        return Heading(rank=_STRUCT_RANK["編"], text=raw, kind="structure", normalized=s, cut=cut)
    if (_EN_CHAPTER.match(s) or _EN_ARTICLE_MAJOR.match(s)) and short:
        return Heading(rank=_STRUCT_RANK["章"], text=raw, kind="structure", normalized=s, cut=cut)
    if (_EN_SUPPL.match(s) or _EN_SUPPL_ALONE.match(s)) and short:
        return Heading(rank=RANK_SUPPL, text=raw, kind="supplement", normalized=s, cut=cut)
    if _EN_ARTICLE.match(s) or _EN_SECTION.match(s):
        return Heading(rank=RANK_ARTICLE, text=raw, kind="article", normalized=s, cut=cut)
    m = _EN_DECIMAL.match(s)
    if m and len(raw) <= 80:
        return Heading(rank=_STRUCT_RANK["章"] + m.group(1).count("."), text=raw, kind="numbered", normalized=s, cut=cut)
    if _EN_ITEM.match(s) and len(raw) <= 60 and not s.rstrip().endswith((".", ";")):
        return Heading(rank=RANK_PAREN, text=raw, kind="item", normalized=s, cut=cut)
    return None


# a sentence: its end (also before a closing quote or bracket), a 。 anywhere, or a clause break
_SENTENCE = re.compile(r"[。．.!?！？:：;；][\"'”’」』)）\]]*\s*$|[。．]|、|,\s")


def reads_as_title(line: str) -> bool:
    """A line that names something rather than says it (「医療保険普通保険約款（2024年4月改定）」,
    ``Terms of Service``): at most twice a title's length, and nothing of a sentence in it."""
    line = line.strip()
    return bool(line) and len(line) <= 2 * TITLE_MAX and not _SENTENCE.search(line)


def is_caption(line: str) -> bool:
    """A bare caption such as ``（目的）`` that titles the article on the next line."""
    raw = line.strip()
    if _lead(raw) != "(":  # NFKC turns （ into (
        return False
    return bool(_CAPTION.match(unicodedata.normalize("NFKC", raw)))


def is_toc_title(line: str) -> bool:
    """``目次``, ``目　次``, ``Contents``, ``Table of Contents`` (also as a Markdown heading).
    A line with an ideograph no title holds (a clause's first line) is none without normalising:
    an ideograph is its own NFKC form, joins no neighbour, and the folding below keeps it."""
    if _NO_TOC_IDEOGRAPH.search(line):
        return False
    s = unicodedata.normalize("NFKC", line.strip().lstrip("#").strip()).lower()
    return "".join(s.split()).strip(":：") in _TOC_TITLES


def normalize_label(label: str) -> str:
    """``第 5 条`` → ``第5条``, ``Section  2.1`` → ``Section 2.1``: NFKC, no space next to
    Japanese characters, one space between Latin words."""
    s = " ".join(unicodedata.normalize("NFKC", label).split())
    return _CJK_SPACE.sub("", s)


def label_of(text: str) -> str | None:
    """``split_label(text)[0]``, reading only the opening of a long text."""
    head = text.strip()
    m = match_opening(_LABEL, head) or match_opening(_EN_LABEL, head)
    return normalize_label(m.group(1)) if m else None


def _heading_match(h: Heading) -> re.Match[str] | None:
    """The label that opens the heading, matched in NFKC (as :func:`label_of`, positions those
    of ``h.normalized`` up to its last ``MARGIN`` characters)."""
    if h.normalized is None:
        head = h.text.strip()
        return match_opening(_LABEL, head) or match_opening(_EN_LABEL, head)
    if not h.cut:
        return _LABEL.match(h.normalized) or _EN_LABEL.match(h.normalized)
    return match_head(_LABEL, h.text, h.normalized) or match_head(_EN_LABEL, h.text, h.normalized)


def heading_label(h: Heading) -> str | None:
    """``label_of(h.text)``, from the heading's NFKC opening when it has it."""
    m = _heading_match(h)
    return normalize_label(m.group(1)) if m else None


def split_heading(h: Heading) -> tuple[str | None, str]:
    """``split_label(h.text)``, from the heading's NFKC form when it has it."""
    if h.normalized is not None and not h.cut:
        return _split(h.normalized, h.text)
    return split_label(h.text)


def short_title(h: Heading, limit: int) -> tuple[str | None, str | None]:
    """The label of a heading and its title when that is a short one (at most *limit*
    characters, no 「。」: 第4条（手術給付金）, not 第4条 当会社は…。), else None: what
    :func:`split_heading` says, but a long line whose opening already shows a long title
    or a sentence is not normalised whole."""
    if h.normalized is not None and h.cut:
        m = _heading_match(h)
        if m is None:
            return None, None
        known = h.normalized[m.end(): len(h.normalized) - MARGIN]  # as in NFKC of the whole line
        # after a Japanese label the title holds every character of this stretch but a bracket
        # around it (an English one loses leading punctuation too: normalised whole, below)
        if m.re is _LABEL and ("。" in known or len("".join(known.split())) > limit + 2):
            return normalize_label(m.group(1)), None
    found, rest = split_heading(h)
    english = _english_clause(found, rest, h.text) if found and h.kind == "article" and found.isascii() else None
    if found and english is not None:
        return found, english.title if english.title and len(english.title) <= limit else None
    return found, rest if rest and len(rest) <= limit and "。" not in rest else None


def split_label(text: str) -> tuple[str | None, str]:
    """Split ``第5条（賃金）`` into (``第5条``, ``賃金``) and ``Section 2.1 Fees.`` into
    (``Section 2.1``, ``Fees``); (None, text) without a label."""
    return _split(unicodedata.normalize("NFKC", text.strip()), text)


def titled(label: str, title: str) -> str:
    """A label and its title as the label's language writes them: 第4条（手術給付金）,
    ``Article 3 (Data)``."""
    return f"{label}（{title}）" if contains_cjk(label) else f"{label} ({title})"


def _split(s: str, text: str) -> tuple[str | None, str]:
    """:func:`split_label` of *text*, whose stripped NFKC form is *s*."""
    m = _LABEL.match(s) or _EN_LABEL.match(s)
    if not m:
        return None, text.strip()
    rest = s[m.end():].strip()
    if m.re is _EN_LABEL:
        rest = rest.lstrip(".:-–— ").rstrip(".").strip()
    if rest.startswith(("(", "（")) and rest.endswith((")", "）")):
        rest = rest[1:-1].strip()
    return normalize_label(m.group(1)), rest


_LEAD_CAPTION = re.compile(r"^\(([^()]{1,40})\)\s*")  # NFKC: （目的） is (目的)


@dataclass(frozen=True)
class HeadingLine:
    """What a heading line holds: the heading proper (*name*: what the heading path and the
    chunk's ``heading`` say), its label (第2条) and title (目的), and whether the clause's text
    follows on the same line (*body*). ``第4条（手術給付金）`` is a heading only;
    ``第2条　社員は、誠実に…。`` is the heading 第2条 and its body; ``第2条（目的）この規程は…。``
    the heading 第2条（目的） and its body."""

    name: str
    label: str | None
    title: str | None
    body: bool = False


def _title(rest: str) -> str | None:
    return rest if rest and len(rest) <= TITLE_MAX and "。" not in rest else None


# what makes a few English words a sentence rather than a title: an auxiliary or a modal verb
_EN_VERB = re.compile(r"\b(?:is|are|was|were|be|been|shall|will|may|must|can|cannot|should|would|has|have|does|do)\b",
                      re.IGNORECASE)
# a run-in title: a few words and a full stop before the clause's text ("Fees. The Customer shall…")
_EN_RUN_IN = re.compile(r"^(?P<title>[A-Z][^.!?;:]*?)\.\s+(?=[A-Z\"“(])")


def _says(text: str) -> bool:
    """English words that say something (a verb in them), not in capitals (a heading's style)."""
    return not text.isupper() and _EN_VERB.search(text) is not None


# how a statement ends; a question is no clause's text but a plain-language title ("What is covered?")
_STATEMENT_END = (".", ";", "!", "。")


def _ends_statement(line: str) -> bool:
    """Whether *line* ends as a statement does: a full stop (「。」 too), a semicolon, an exclamation."""
    last = line.rstrip()[-1:]
    return unicodedata.normalize("NFKC", last).endswith(_STATEMENT_END) if last else False


def _english_clause(label: str, rest: str, line: str) -> HeadingLine | None:
    """What follows an English clause's label (Section 2.1, Article 5) on its *line*: a run-in
    title and the text (``Fees. The Customer shall…``), or a sentence however short — words
    with a verb that end as a statement (``Time is of the essence.``: the text); None when
    neither (a title, or text longer than one, as :func:`read_heading` tells them). Words with
    a verb but no full stop are a title, as plain-language policies write them (``Section 2
    What is covered``, ``Section 6 Things you must do``, ``What is covered?``)."""
    m = _EN_RUN_IN.match(rest)
    if m and len(title := m.group("title").strip()) <= TITLE_MAX and not _says(title):
        return HeadingLine(f"{label} {title}", label, title, body=True)
    if _says(rest) and _ends_statement(line):
        return HeadingLine(label, label, None, body=True)
    return None


def read_heading(h: Heading) -> HeadingLine:
    """Split a heading line into its heading and its body: after a label, what is not a title
    is body text — a sentence (「。」; in English words with a verb that end as a statement, however
    short: ``Section 9.3 Time is of the essence.``, not ``Section 2 What is covered``), or, after a clause's number (第N条, Section 2.1), more than a
    title's length; a caption in brackets right after the label is the title, and so is an
    English run-in title (``Section 2.1 Fees. The Customer shall…``). A Markdown heading, or
    one set apart by the layout or the table of contents, is all heading."""
    label, rest = split_heading(h)
    if label is None or h.kind not in ("article", "structure", "supplement"):
        return HeadingLine(h.text, label, _title(rest))
    caption = _LEAD_CAPTION.match(rest)
    if caption and rest[caption.end():]:
        title = caption.group(1).strip()
        return HeadingLine(f"{label} ({title})" if label.isascii() else f"{label}（{title}）", label, title, body=True)
    if h.kind == "article" and label.isascii() and (english := _english_clause(label, rest, h.text)) is not None:
        return english
    if "。" in rest or (h.kind == "article" and len(rest) > TITLE_MAX):
        return HeadingLine(label, label, None, body=True)
    return HeadingLine(h.text, label, _title(rest))


# a line that stops inside a sentence: on a comma, or on a word in lower case (a title's last
# word is capitalised, a list item ends on 「;」 or 「.」); Japanese breaks a line anywhere, so
# only its comma tells (a citation 「別表第1に定める」 shows itself after the label instead)
_OPEN_END = re.compile(r"(?:[,、，]|(?<![A-Za-z])[a-z][a-z'’\-]*)$")
_SENTENCE_MARK = re.compile(r"[,、，。;；]|[.!?．](?=\s)")


def leaves_sentence_open(line: str, *, running: bool = False) -> bool:
    """Whether *line* stops in the middle of a sentence, so that the next line carries it on
    (and is body text, whatever it starts with: ``…set out in`` / ``Schedule 2.``). The line
    ends on a comma or a lower-case word, and is running text: a sentence began on it (it is
    longer than a title, or holds punctuation) or before it (*running*: the line above left
    its sentence open)."""
    s = line.strip()
    if not _OPEN_END.search(s):
        return False
    return running or len(s) > TITLE_MAX or _SENTENCE_MARK.search(s[:-1]) is not None
