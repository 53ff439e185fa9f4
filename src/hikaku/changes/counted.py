"""What a number counts, from the words around it: the words right before it as written (its
*context*: 「入院給付金日額の」20倍, 「月額」30,000円, 「翌月」25日, 「満」60歳) and the noun it is said of
(its *subject*): the topic right before it (「定年は、」満60歳, 「従業員の数が」三百人以下), else a
substantial context (入院給付金日額), else the noun it qualifies (10日「の年次有給休暇」, 五十万円以下
「の罰金」, 3か月間「を試用期間と」する), else the sentence's topic before it (「賃金は、」…翌月25日).
In English, the noun phrase before "of" or "is" ("a late fee of $25", "The monthly fee is $25")."""

from __future__ import annotations

import re

__all__ = ["number_subject"]

_NOUN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30a0-\u30ffー々〆A-Za-z0-9]"
_NOUN_RE = re.compile(_NOUN)
# words that only qualify a number (満60歳, 約3か月, 月額30,000円, 翌月25日): no subject of their own
_PREFIXES = frozenset("満 約 各 計 同 最大 最長 最短 最低 最高 月額 年額 日額 合計 通算 翌月 翌年 毎月 毎年 毎週 上限 下限 概ね "
                      "およそ 前 後 延べ 総額 一律".split())
# a clause that sets another value before the number (「…3,000円とし、1回の入院につき30日」): its topic is not
# the number's (a clause that ends otherwise carries its topic on: 「賃金は、…締め切り、翌月25日に支払う」)
_CLAUSE_END = re.compile(r"(?:とし|であり|となり)、")
_PARTIES = ("者", "様", "社", "員", "人", "行")
_FORMAL = re.compile(r"(?:場合|際|時|旨|ため|上|中|うち)の")
_CONTEXT_MAX = 16
_SUBJECT_MAX = 14
_RIGHT = re.compile(rf"^(?:の|を)({_NOUN}+)")
_EN_SUBJECT = re.compile(
    r"(?:^|[,;:(]\s*|\b(?:the|a|an|any|each|your|our|such|its|their)\s+)((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)\s+"
    r"(?:of|is|are|shall be|will be|equals?|equal to|amounts to)\s+(?:up to\s+|at least\s+|not more than\s+|"
    r"no more than\s+|not less than\s+|no less than\s+)?$", re.I)
_EN_STOP = frozenset("within after before by in on at for to of from during than and or is are be the a an any each "
                     "your our such its their".split())
# what a number is set as, not what it counts (1,095日を限度とする): the sentence's topic says it
_GENERIC = frozenset("限度 上限 下限 目安 基準 単位 対象 期限 範囲 最高 最低 限り".split())


def _hiragana_at(text: str, k: int) -> bool:
    return k < len(text) and "\u3041" <= text[k] <= "\u309f"


def _noun_back(text: str, end: int) -> int:
    """Where the noun phrase ending at *end* starts: nouns joined by の (入院給付金の額, 従業員の数)."""
    k = end
    while k > 0 and (_NOUN_RE.match(text[k - 1]) or (text[k - 1] == "の" and k - 1 > 0 and _NOUN_RE.match(text[k - 2])
                                                      and k < end)):
        k -= 1
    if k > 0 and k < end and text[k - 1] in "おご":  # お客様, ご契約者
        k -= 1
    m = _FORMAL.match(text, k, end)
    return m.end() if m else k  # (「…場合の特約保険料」 is the premium)


def _ja(text: str, start: int, end: int) -> tuple[str, str]:
    lo = _noun_back(text, start)
    if lo < start and text[lo:start].startswith("の"):
        lo += 1
    # the context may end with の (入院給付金日額の20倍)
    if lo == start and start > 1 and text[start - 1] == "の" and _NOUN_RE.match(text[start - 2]):
        lo = _noun_back(text, start - 1)
    context = text[lo:start][-_CONTEXT_MAX:]
    core = context.removesuffix("の")
    topic = ""
    k = lo
    if k > 0 and text[k - 1] == "、":
        k -= 1
    if k > 1 and text[k - 1] in "はが" and text[k - 2:k] != "又は":  # (又は joins, it marks no topic)
        t0 = _noun_back(text, k - 1)
        topic = text[t0:k - 1]
        if topic.endswith(_PARTIES):
            topic = ""  # who acts (当社は、5日以内に), not what the number counts
    right = ""
    m = _RIGHT.match(text[end:])
    if m is not None:
        after = text[end + m.end():end + m.end() + 1]
        if (text[end] == "の" or after == "と") and m.group(1) not in _GENERIC:  # 10日の年次有給休暇; 3か月間を試用期間とする
            right = m.group(1)
            if right[-1:] in "又若及並" and _hiragana_at(text, end + m.end()):
                right = right[:-1]  # 「懲役又は」's 懲役
    far = ""
    for t in re.finditer(rf"({_NOUN}+(?:の{_NOUN}+)*)は、", text[:lo]):
        far = t.group(1) if not _CLAUSE_END.search(text, t.end(), lo) else ""  # (the topic of another clause)
    if far.endswith(_PARTIES):
        far = ""  # who acts (当社は、お客様は、従業員は), not what the number counts
    substantial = len(core) >= 2 and core not in _PREFIXES and not all(part in _PREFIXES for part in core.split("の"))
    subject = (core if substantial else "") or topic or right or far
    if subject and subject in context:
        subject = core
    return subject[-_SUBJECT_MAX:], context


def _en(text: str, start: int) -> tuple[str, str]:
    m = _EN_SUBJECT.search(text[:start])
    if m is None:
        return "", ""
    words = [w for w in m.group(1).split() if w.lower() not in _EN_STOP]
    return " ".join(words), ""


def number_subject(text: str, start: int, end: int, *, cjk: bool) -> tuple[str, str]:
    """(subject, context) of the number at ``[start, end)`` of the folded *text*."""
    return _ja(text, start, end) if cjk else _en(text, start)
