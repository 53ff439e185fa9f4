"""The language of the server's words: the page's words (served with the page, from the
wording catalogue) and the explanations of the API (``{"detail": …}``, a job's ``error``: ``server.*``),
said in the language the request asks for.

A request asks with ``?lang=ja`` (the page's event stream: a browser's ``EventSource``
sends no header of the page's choosing) or ``Accept-Language`` (every other request of the
page: the language the reader chose on the page, not the browser's); without either the
API answers in English, its language for programs (docs/web.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..wording import LANGS, Message, say, wording

__all__ = ["API_LANG", "PAGE_WORDS", "detail", "lang_of", "page_words"]

API_LANG = "en"
# the parts of the catalogue the page shows (docs/wording.md): its own words, and the report's and
# the review's where the page says the same things
PAGE_WORDS = ("web.", "text.", "format.", "common.", "report.change.", "report.aspect.", "report.column.",
              "report.reference.kind.", "report.renumbered", "report.with_aspects", "report.moved_total", "review.reason.", "review.verdict.",
              "review.score.", "review.doubt", "review.reviewed", "review.no_counterpart")


def lang_of(query_lang: str | None, accept_language: str | None) -> str:
    """The language asked for: ``?lang=`` if it names one of hikaku's, else the first of
    ``Accept-Language`` (by its weights) that hikaku speaks, else English."""
    if query_lang in LANGS:
        return str(query_lang)
    best, weight = API_LANG, 0.0
    for k, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        for p in params.split(";"):
            name, _, value = p.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        q -= k * 1e-6  # equal weights: the first named wins
        if primary in LANGS and q > weight:
            best, weight = primary, q
    return best


def detail(value: Any, lang: str) -> Any:
    """An explanation in *lang*: a message (or an exception raised with one) in its words,
    anything else as it is."""
    if isinstance(value, (Message, BaseException)):
        return say(value, lang)
    return value


@cache
def page_words() -> str:
    """The words of the page in every language, as the JSON the page reads at start
    (``<script type="application/json" id="wording">``): language → {key: text},
    the texts with their ``{placeholders}`` as the catalogue has them. ``<`` is escaped, so
    that no text can end the script element."""
    words: dict[str, Mapping[str, str]] = {}
    for lang in LANGS:
        w = wording(lang)
        words[lang] = {k: w.template(k) for k in w.keys() if k.startswith(PAGE_WORDS)}
    return json.dumps(words, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
