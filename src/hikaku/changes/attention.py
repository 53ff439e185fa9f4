"""不利益変更の可能性: the clear signals that a change may disadvantage the customer or the
employee (``Change.attention``), read from a row's facts and the sentences they were found in,
with the wording lists of ``changes/data/attention.<lang>.toml`` (docs/facts.md):

- ``coverage_removed``: an item removed from an enumeration (or a list) of what is paid or
  covered (「…を支払います」), a sentence or a clause that paid or granted something removed;
- ``benefit_decreased``: an amount paid or granted (給付金, 手当, 休暇日数 …) decreased;
- ``charge_increased``: a charge (保険料, 手数料, 料金 …) increased;
- ``period_against``: a waiting or exclusion period made longer, a protective period (猶予期間,
  予告) shorter, or a time limit moved against whoever must act: shorter for the customer's own
  act (「お客様は…30日以内に」), longer for a notice the customer gives (「従業員は…30日前までに」), and
  the reverse for the provider's;
- ``exclusion_added``: an item added to a list of exclusions, a new proviso or sentence that
  excludes or limits what is paid or granted.

A benefit that increases, an exclusion removed, a number whose role is unclear: nothing."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from ..result import Attention, AttentionCode, Fact, ItemFact, NumberFact, ProvisoFact, SentenceFact
from ..text import contains_cjk, nfkc
from ..wording import wording as catalogue
from .describe import describe_facts
from .phrases import Found

__all__ = ["attention_of", "clause_attention", "AttentionWords", "attention_words"]

_TIME = frozenset({"days", "business_days", "hours", "minutes", "seconds"})


@dataclass(frozen=True, eq=False)
class AttentionWords:
    """The wording lists of one language (``changes/data/attention.<lang>.toml``)."""

    lang: str
    lists: dict[str, tuple[str, ...]]

    def has(self, name: str, text: str) -> bool:
        return self.find(name, text) is not None

    def find(self, name: str, text: str) -> str | None:
        """A word of list *name* in *text* (NFKC; English: whole words, case aside)."""
        pattern = _pattern(self, name)
        m = pattern.search(nfkc(text)) if pattern is not None else None
        return m.group() if m else None


@cache
def _pattern(w: AttentionWords, name: str) -> re.Pattern[str] | None:
    """One pattern for a list (its words, longest first)."""
    words = sorted(w.lists.get(name, ()), key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(x) for x in words)
    return re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?![A-Za-z])" if w.lang == "en" else alternatives,
                      re.I if w.lang == "en" else 0)


@cache
def attention_words(lang: str) -> AttentionWords:
    data = tomllib.loads(files("hikaku").joinpath("changes", "data", f"attention.{lang}.toml").read_text("utf-8"))
    return AttentionWords(lang, {k: tuple(v) for k, v in data.items()})


def _outside_brackets(text: str) -> str:
    out, depth = [], 0
    for ch in text:
        if ch in "（(":
            depth += 1
        elif ch in "）)":
            depth = max(0, depth - 1)
        elif not depth:
            out.append(ch)
    return "".join(out)


def _role(w: AttentionWords, phrase: str, sentence: str, time: bool, limit: bool) -> str | None:
    """What a number is: a benefit, a charge, a waiting or a protective period, from the words
    next to it, else from its sentence when only one role is named there. A length of time is a
    period first (「3年間…この期間を請求期間とします」), an amount only when the sentence names no
    period and it is no time limit (「5日以内に給付金を支払います」 counts the days to pay; 「結婚した
    ときは５日」 of 特別休暇 is the leave); an amount of money is no period."""
    roles = [r for r in ("charge", "waiting", "protective", "benefit") if w.has(r, phrase)]
    if roles:
        return roles[0]
    named = [r for r in ("charge", "waiting", "protective", "benefit") if w.has(r, sentence)]
    periods = [r for r in named if r in ("waiting", "protective")]
    amounts = [r for r in named if r in ("charge", "benefit")]
    if time and periods:
        return periods[0] if len(periods) == 1 else None
    if time and limit:
        return None
    return amounts[0] if len(amounts) == 1 else None


_EN_MODAL = r"\s+(?:will|shall|may|must|can|agrees?|undertakes?|need|have|has|are|is)\b"


def _actor(w: AttentionWords, sentence: str, upto: int) -> str | None:
    """Who the sentence has act before the number: the customer or the provider, as the topic
    nearest before it (「当社は」 over 「お客様が」, then the nearest 「…が」); in English, the party that is the
    subject of a verb ("we will", "you may"), not one it addresses ("giving you")."""
    head = nfkc(sentence)[:upto] if upto > 0 else nfkc(sentence)
    for suffix in (("は",), ("が",)) if w.lang != "en" else ((_EN_MODAL,),):
        best: tuple[int, str] | None = None
        for who in ("customer", "provider"):
            for word in w.lists.get(who, ()):
                pattern = (rf"(?<![A-Za-z]){re.escape(word)}{suffix[0]}" if w.lang == "en"
                           else rf"{re.escape(word)}{suffix[0]}")
                for m in re.finditer(pattern, head, re.I):
                    if best is None or m.start() > best[0]:
                        best = (m.start(), who)
        if best is not None:
            return best[1]
    return None


def _number(w: AttentionWords, fact: NumberFact, sentence: str) -> AttentionCode | None:
    if fact.change not in ("up", "down") or w.has("day_of_month", fact.context + fact.subject):
        return None
    text = nfkc(sentence)
    said = fact.old if fact.old in text else fact.new  # (the sentence is B's, or A's)
    at = text.find(said)
    near = f"{said} {text[max(0, at - 12):at + len(said) + 24]}" if at >= 0 else said
    limit = _is_time(fact) and (w.has("within", near) or w.has("advance", said if w.lang != "en" else near))
    role = _role(w, f"{fact.subject} {fact.context}", sentence, _is_time(fact), limit)
    if role == "charge" and fact.change == "up":
        return "charge_increased"
    if role == "benefit" and fact.change == "down":
        return "benefit_decreased"
    if role == "waiting" and fact.change == "up":
        return "period_against"
    if role == "protective" and fact.change == "down":
        return "period_against"
    if role is not None or not _is_time(fact):
        return None
    actor = _actor(w, sentence, at)
    advance = w.has("advance", fact.old) or (w.lang == "en" and w.has("advance", near))
    within = w.has("within", near) and not advance
    if actor is None or not (advance or within):
        return None
    worse = "down" if (actor == "customer") == within else "up"
    return "period_against" if fact.change == worse else None


def _is_time(fact: NumberFact) -> bool:
    return bool(re.search(r"日|か月|ヶ月|カ月|箇月|週|年|時間|days?|weeks?|months?|years?|hours?", fact.unit))


def _without(context: str, quoted: str) -> str:
    """*context* without the proviso quoted from it (its bracket, or the sentence from it on)."""
    at = context.find(quoted.removesuffix("…")[:12])
    if at < 0:
        return context
    depth = _outside_brackets(context[:at])
    opened = context.rfind("（", 0, at), context.rfind("(", 0, at)
    start = max(opened)
    if start >= 0 and len(_outside_brackets(context[:at])) < at and len(depth) <= start:
        end = min((k for k in (context.find("）", at), context.find(")", at)) if k >= 0), default=len(context) - 1)
        return context[:start] + context[end + 1:]
    end = context.find("。", at)
    return context[:at] + (context[end + 1:] if end >= 0 else "")


def _between_parties(w: AttentionWords, text: str) -> bool:
    """English text names a party to what it grants or excludes ("we will pay", "you may not
    receive", "the insurer covers"); an essay's "people may not receive" names none. Japanese
    drafting leaves its parties out (「…を支払います」): no such test."""
    return w.lang != "en" or w.has("customer", text) or w.has("provider", text)


def _grants(w: AttentionWords, sentence: str) -> bool:
    return w.has("coverage", sentence) and not _excludes(w, sentence)


def _excludes(w: AttentionWords, sentence: str) -> bool:
    """A sentence of exclusions: its words say so (支払いません, 対象外, 免責 …), or it excepts or denies
    (除く, できない …) something granted or received (「登録を受けることができない」), not any act
    (「第四号を除く。」)."""
    return w.has("exclusion", sentence) or ((w.has("excepting", sentence) or w.has("denial", sentence)) and (
        w.has("receiving", sentence) or w.has("benefit", sentence)))


def _language(text: str) -> str:
    return "ja" if contains_cjk(text) else "en"


def attention_of(found: Sequence[Found], lang: str) -> list[Attention]:
    """The attention signals of a modified row's facts (with the sentences they came from), one
    per kind of signal, its evidence the facts that gave it (in the report's language *lang*; the
    words are read in the document's: a Japanese 約款 reported in English is read in Japanese)."""
    by_code: dict[AttentionCode, list[Fact]] = {}
    for f in found:
        fact, context = f.fact, f.context
        w = attention_words(_language(context))
        code: AttentionCode | None = None
        if not isinstance(fact, NumberFact) and not _between_parties(w, context):
            continue
        if isinstance(fact, ItemFact):
            scope = _outside_brackets(context)
            if fact.kind == "item_removed" and not _excludes(w, scope) and w.has("coverage", scope):
                code = "coverage_removed"
            elif fact.kind == "item_added" and _excludes(w, scope):
                code = "exclusion_added"
        elif isinstance(fact, NumberFact):
            code = _number(w, fact, context)
        elif isinstance(fact, ProvisoFact):
            # a proviso on what is paid or granted limits it, whatever its words; one that names an
            # exclusion of a benefit is one anyway (「ただし、…の給付金は支払いません」)
            if fact.kind == "proviso_added" and (_grants(w, _without(context, fact.text)) or (
                    _excludes(w, fact.text) and w.has("benefit", fact.text))):
                code = "exclusion_added"
        elif isinstance(fact, SentenceFact):
            if fact.kind == "sentence_added" and (_excludes(w, fact.text) or w.has("limiting", fact.text)) and (
                    w.has("benefit", fact.text) or w.has("coverage", fact.text)):
                code = "exclusion_added"
            elif fact.kind == "sentence_removed" and _grants(w, fact.text) and w.has("benefit", fact.text):
                code = "coverage_removed"
        if code is not None:
            by_code.setdefault(code, []).append(fact)
    return [Attention(code=code, evidence=describe_facts(facts, lang, limit=len(facts))) for code, facts in by_code.items()]


def clause_attention(text: str, *, added: bool, item: str, lang: str) -> list[Attention]:
    """The signal of a whole clause added or deleted: a deleted clause that paid or granted a
    benefit (coverage removed), an added one that excludes what is paid in so many words."""
    w = attention_words(_language(text))
    say = catalogue(lang)
    if not _between_parties(w, text):
        return []
    if not added and _grants(w, text) and w.has("benefit", text):
        return [Attention(code="coverage_removed", evidence=f"{say('report.change.deleted')}: {item}")]
    if added and w.has("exclusion", text):  # a clause of exclusions by its own words (免責, 支払いません)
        return [Attention(code="exclusion_added", evidence=f"{say('report.change.added')}: {item}")]
    return []
