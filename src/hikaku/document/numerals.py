"""The numbers of provisions as documents write them: 第十二条 (kanji), 第12条 (Arabic),
第１２条 (full-width), 第百五条の二の十一 (a branch number: 105-2-11), ``Article IV`` (Roman).

:func:`number_value` reads one; :func:`write_number` writes a value in the style a
reference was written in, so that a suggestion reads like the text it corrects (第十五条 →
第十七条, 第15条 → 第17条, 第１５条 → 第１７条).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

__all__ = ["KANJI_DIGITS", "NumberStyle", "kanji_value", "number_style", "number_value", "roman_value",
           "write_number", "write_kanji", "write_roman"]

KANJI_DIGITS = "〇一二三四五六七八九"
_KANJI = {c: k for k, c in enumerate(KANJI_DIGITS)} | {"零": 0}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}

NumberStyle = Literal["kanji", "arabic", "full", "roman"]


def kanji_value(text: str) -> int | None:
    """三百二十一 → 321, 十 → 10, 千百 → 1100; positional 二〇 → 20; None for anything else."""
    if not text:
        return None
    if all(c in _KANJI for c in text):  # positional: 一〇 (never in a clause number, but read so)
        value = 0
        for c in text:
            value = value * 10 + _KANJI[c]
        return value
    total, digit = 0, None
    last_unit = 10_000
    for c in text:
        if c in _KANJI:
            if digit is not None:
                return None  # two digits in a row between units: not a number
            digit = _KANJI[c]
        elif c in _UNITS:
            unit = _UNITS[c]
            if unit >= last_unit:
                return None  # 十百: units must fall
            total += (1 if digit is None else digit) * unit
            digit, last_unit = None, unit
        else:
            return None
    return total + (digit or 0)


def roman_value(text: str) -> int | None:
    """IV → 4, XII → 12 (capitals only, as a heading writes them); None otherwise."""
    if not text or any(c not in _ROMAN for c in text):
        return None
    total = 0
    for k, c in enumerate(text):
        v = _ROMAN[c]
        total += -v if k + 1 < len(text) and _ROMAN[text[k + 1]] > v else v
    return total if write_roman(total) == text else None


@lru_cache(maxsize=4096)
def number_value(text: str) -> int | None:
    """One number of a provision as written: Arabic (half- or full-width), kanji or Roman."""
    if text.isdigit():
        return int(text)  # Arabic, half- or full-width (int() reads both)
    return kanji_value(text) if text[:1] in _KANJI or text[:1] in _UNITS else roman_value(text)


def number_style(text: str) -> NumberStyle:
    """How *text* (a number as written) writes numbers."""
    if text[:1] in _KANJI or text[:1] in _UNITS:
        return "kanji"
    if text[:1] in "０１２３４５６７８９":
        return "full"
    if text[:1] in _ROMAN:
        return "roman"
    return "arabic"


def write_kanji(value: int) -> str:
    """321 → 三百二十一, 10 → 十, 1100 → 千百 (the way statutes number their provisions)."""
    if value <= 0:
        return "〇"
    out = []
    for unit, mark in ((1000, "千"), (100, "百"), (10, "十")):
        d, value = divmod(value, unit)
        if d:
            out.append(("" if d == 1 else KANJI_DIGITS[d]) + mark if d < 10 else write_kanji(d) + mark)
    if value:
        out.append(KANJI_DIGITS[value])
    return "".join(out)


def write_roman(value: int) -> str:
    out = []
    for v, s in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                 (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while value >= v:
            out.append(s)
            value -= v
    return "".join(out)


def write_number(value: int, style: NumberStyle) -> str:
    if style == "kanji":
        return write_kanji(value)
    if style == "roman":
        return write_roman(value)
    digits = str(value)
    return digits.translate(str.maketrans("0123456789", "０１２３４５６７８９")) if style == "full" else digits
