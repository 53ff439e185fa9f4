"""Numbers as documents write them, with their unit and value: 20倍, 1,095日, 満60歳 (60歳), 三十日以内,
五十万円以下, 一万九千三百円, 百分の五, 3割, 一年六月, 2025年4月1日, 令和7年4月1日, 30 days, $25,
thirty (30) days. Read in the folded text (NFKC: 「３か月」 is 「3か月」).

Not numbers: ordinals and clause numbers (第3条, 第一年: :mod:`.lines` reads references), a digit
inside a word or an id (b2, ISO9001), kanji numerals that are words (一般, 同一, 十分, 一部: a kanji
numeral counts only with a unit after it).

Each unit belongs to a *dimension* in which values compare (days, months and years are one, in
days; 円 and 万円 are one, 万 being part of the number), so that a change says ``up`` or ``down``."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["NumberToken", "number_tokens", "compare_values", "DIMENSIONS"]

_KD = "〇一二三四五六七八九"
_KANJI = "〇一二三四五六七八九十百千"
_ARABIC = r"[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?"
_SMALL = rf"(?:{_ARABIC}[千百十]?|[{_KANJI}]+)"
_CORE = rf"{_SMALL}(?:[万億兆]{_SMALL}?)*"
_ERA = r"(?:令和|平成|昭和|大正|明治)"
_DATE = re.compile(
    rf"(?:{_ERA}(?:元|{_SMALL})年|[0-9]{{4}}年)(?:{_SMALL}月(?:{_SMALL}日)?)?"
    rf"|(?<![0-9{_KANJI}]){_SMALL}月{_SMALL}日"
    r"|[0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}(?![0-9])"
    r"|(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r" [0-9]{1,2}, [0-9]{4}"
)
# the units a number may carry, longest first: (written, dimension, scale to the dimension's unit)
_JA_UNITS: tuple[tuple[str, str, float], ...] = (
    ("パーセント", "percent", 1), ("%", "percent", 1), ("割", "percent", 10), ("倍", "times", 1),
    ("営業日", "business_days", 1), ("日間", "days", 1), ("日分", "days", 1), ("日", "days", 1),
    ("か月間", "days", 30), ("ヶ月間", "days", 30), ("カ月間", "days", 30), ("ケ月間", "days", 30),
    ("箇月間", "days", 30), ("ヵ月間", "days", 30), ("か月", "days", 30), ("ヶ月", "days", 30),
    ("カ月", "days", 30), ("ケ月", "days", 30), ("箇月", "days", 30), ("ヵ月", "days", 30),
    ("週間", "days", 7), ("年間", "days", 365), ("年度", "year", 1), ("年", "days", 365),
    ("時間", "hours", 1), ("分間", "hours", 1 / 60), ("秒", "seconds", 1),
    ("万円", "yen", 10_000), ("千円", "yen", 1_000), ("円", "yen", 1), ("ドル", "usd", 1), ("ユーロ", "eur", 1),
    ("歳", "age", 1), ("才", "age", 1), ("件", "件", 1), ("回", "回", 1), ("人", "people", 1), ("名", "people", 1),
    ("社", "社", 1), ("個", "個", 1), ("台", "台", 1), ("本", "本", 1), ("枚", "枚", 1), ("通", "通", 1),
    ("点", "点", 1), ("口", "口", 1), ("株", "株", 1), ("ポイント", "points", 1), ("平方メートル", "m2", 1),
    ("メートル", "m", 1), ("キロメートル", "km", 1), ("キログラム", "kg", 1), ("グラム", "g", 1), ("トン", "t", 1),
    ("リットル", "l", 1), ("TB", "bytes", 1e12), ("GB", "bytes", 1e9), ("MB", "bytes", 1e6), ("KB", "bytes", 1e3),
    ("月", "months_kanji", 30), ("分", "minutes", 1),
)
_EN_UNITS: tuple[tuple[str, str, float], ...] = (
    ("percent", "percent", 1), ("per cent", "percent", 1), ("%", "percent", 1),
    ("business days", "business_days", 1), ("business day", "business_days", 1),
    ("working days", "business_days", 1), ("working day", "business_days", 1),
    ("calendar days", "days", 1), ("calendar day", "days", 1), ("days", "days", 1), ("day", "days", 1),
    ("weeks", "days", 7), ("week", "days", 7), ("months", "days", 30), ("month", "days", 30),
    ("years", "days", 365), ("year", "days", 365), ("hours", "hours", 1), ("hour", "hours", 1),
    ("minutes", "minutes", 1), ("minute", "minutes", 1), ("times", "times", 1), ("yen", "yen", 1),
    ("dollars", "usd", 1), ("dollar", "usd", 1), ("euros", "eur", 1), ("euro", "eur", 1),
    ("pounds", "gbp", 1), ("USD", "usd", 1), ("EUR", "eur", 1), ("GBP", "gbp", 1), ("JPY", "yen", 1),
    ("TB", "bytes", 1e12), ("GB", "bytes", 1e9), ("MB", "bytes", 1e6), ("KB", "bytes", 1e3),
    ("users", "users", 1), ("user", "users", 1), ("seats", "seats", 1), ("seat", "seats", 1),
)
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "yen", "USD ": "usd", "EUR ": "eur", "GBP ": "gbp",
             "JPY ": "yen", "US$": "usd"}
_QUALIFIER = r"(?:以上|以下|未満|以内|超|前|後|以降|以前)?"
_JA_UNIT = "|".join(re.escape(u) for u, _, _ in sorted(_JA_UNITS, key=lambda x: -len(x[0])))
_EN_UNIT = "|".join(re.escape(u) for u, _, _ in sorted(_EN_UNITS, key=lambda x: -len(x[0])))
_JA_SCALE = {u: (d, s) for u, d, s in _JA_UNITS}
_EN_SCALE = {u.lower(): (d, s) for u, d, s in _EN_UNITS}
# a kanji numeral that is part of a word (同一, 唯一, 万一, 統一 …), not a number
_WORD_BEFORE = "同唯統単均画随逐択万第数幾何"
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand".split())
_NW = "(?i:" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
_NUMBER = re.compile(
    rf"(?P<frac>(?<![0-9{_KANJI}{_WORD_BEFORE}])(?P<den>{_CORE})分の(?P<num>{_CORE}))"
    rf"|(?P<ja>(?<![0-9A-Za-z.,{_KANJI}{_WORD_BEFORE}])(?P<ja_num>{_CORE})(?P<ja_unit>{_JA_UNIT})"
    rf"(?:(?P<ja_more>{_SMALL})(?P<ja_unit2>か月|ヶ月|カ月|箇月|月|日|分))?{_QUALIFIER})"
    rf"|(?P<en>(?P<cur>US\$|[$€£¥]|(?:USD|EUR|GBP|JPY) )?"
    rf"(?:(?<![A-Za-z])(?P<words>{_NW}(?:[- ]{_NW})?) \()?"
    rf"(?<![0-9A-Za-z.,第])(?P<en_num>{_ARABIC})(?(words)\))(?: (?P<mult>thousand|million|billion)\b)?"
    rf"(?:[ -]?(?P<en_unit>{_EN_UNIT})(?![A-Za-z]))?(?![0-9A-Za-z]))"
    rf"|(?P<spelled>(?<![A-Za-z-])(?P<sp_words>{_NW}(?:[- ]{_NW}){{0,2}})[ -](?P<sp_unit>{_EN_UNIT})(?![A-Za-z]))"
)
_DATE_HINT = re.compile(r"[年月/]|[0-9]-[0-9]|(?:uary|ruary|March|April|May|June|July|ugust|ember|October)\b")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
DIMENSIONS = frozenset(d for _, d, _ in _JA_UNITS + _EN_UNITS) | {"date", "fraction", ""}


@dataclass(frozen=True, slots=True)
class NumberToken:
    """A number in a folded text: *text* as written there (with its qualifier, 以内 …), *unit*
    as written, the *dimension* its value is measured in, the *value* in the dimension's unit
    (None when it cannot be read), its place ``[start, end)``."""

    text: str
    unit: str
    dimension: str
    value: float | tuple[int, ...] | None
    start: int
    end: int


def _small(s: str) -> float | None:
    """A number below 万: arabic (with a 千/百/十 after it: 5千) or kanji (二千五百, 二〇二五)."""
    if not s:
        return None
    if s[0].isdigit():
        mult = {"千": 1000, "百": 100, "十": 10}.get(s[-1], 1)
        digits = s[:-1] if mult > 1 else s
        try:
            return float(digits.replace(",", "")) * mult
        except ValueError:
            return None
    if all(ch in _KD for ch in s):  # positional: 二〇二五
        return float("".join(str(_KD.index(ch)) for ch in s))
    total, digit = 0.0, 0
    for ch in s:
        if ch in _KD:
            digit = _KD.index(ch)
        else:
            total += (digit or 1) * {"十": 10, "百": 100, "千": 1000}[ch]
            digit = 0
    return total + digit


def value_of(core: str) -> float | None:
    """The value of a number core: 1,095, 3万5,000, 一万九千三百, 六万千六百, 二十, 1.5."""
    total = 0.0
    for part, big in re.findall(r"([^万億兆]*)([万億兆]?)", core):
        if not part and not big:
            continue
        v = _small(part) if part else 1.0
        if v is None:
            return None
        total += v * {"万": 10_000, "億": 100_000_000, "兆": 1_000_000_000_000, "": 1}[big]
    return total


def _date_value(text: str) -> tuple[int, ...] | None:
    month = next((k for k, name in enumerate(_MONTHS, 1) if text.startswith(name)), 0)
    if month:  # April 1, 2025
        day, year = (int(x) for x in re.findall(r"[0-9]+", text))
        return (year, month, day)
    nums = [value_of(x) for x in re.findall(rf"[0-9]+|[{_KANJI}]+", text)]
    if any(v is None for v in nums):
        return None
    era = re.match(_ERA, text)
    values = [int(v) for v in nums if v is not None]
    if era:  # 令和7年 < 令和8年; across eras by the era's first year
        start = {"明治": 1867, "大正": 1911, "昭和": 1925, "平成": 1988, "令和": 2018}[era.group()]
        values = [start + (values[0] if not text[2:].startswith("元") else 1), *values[1:]] if values else [start + 1]
    return tuple(values)


def number_tokens(text: str) -> list[NumberToken]:
    """Every number of the folded *text* with its unit, dates first wherever they are (a date's
    「4月1日」 is not two numbers), in order."""
    out: list[NumberToken] = []
    taken: list[tuple[int, int]] = []
    for m in _DATE.finditer(text) if _DATE_HINT.search(text) else ():
        out.append(NumberToken(m.group(), "", "date", _date_value(m.group()), m.start(), m.end()))
        taken.append(m.span())
    for m in _NUMBER.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        token = _token(m)
        if token is not None:
            out.append(token)
    out.sort(key=lambda t: t.start)
    return out


def _token(m: re.Match[str]) -> NumberToken | None:
    text = m.group().strip()
    start = m.start() + (len(m.group()) - len(m.group().lstrip()))
    if m.group("frac"):
        den, num = value_of(m.group("den")), value_of(m.group("num"))
        value = None if not den or num is None else 100 * num / den
        return NumberToken(text, "分の", "percent", value, start, m.end())
    if m.group("ja"):
        core, unit = m.group("ja_num"), m.group("ja_unit")
        kanji = not core[0].isdigit()
        if unit in ("分",) and kanji:
            return None  # 十分 (enough), not ten minutes
        dimension, scale = _JA_SCALE[unit]
        if unit == "月" and not kanji:
            dimension, scale = "month", 1  # 6月 is June; in statutes, 六月 is six months
        v = value_of(core)
        value = None if v is None else v * scale
        if m.group("ja_more"):
            # 一年六月 (a year and a half), 7時間30分; another pair of units is two numbers
            extra = _COMPOUND.get((unit, m.group("ja_unit2")))
            if extra is None:
                return _token_before_more(m, text, start, unit, dimension, value)
            more = value_of(m.group("ja_more"))
            value = None if more is None or value is None else value + more * extra
        return NumberToken(text, unit, dimension, value, start, m.end())
    if m.group("spelled"):  # five days, thirty calendar days
        unit = m.group("sp_unit")
        dimension, scale = _EN_SCALE[unit.lower()]
        v = _word_value(m.group("sp_words"))
        return NumberToken(text, unit, dimension, None if v is None else v * scale, start, m.end())
    cur, unit = m.group("cur"), m.group("en_unit")
    dimension, scale = ("", 1.0)
    if unit:
        dimension, scale = _EN_SCALE[unit.lower()]
    if cur:
        dimension, scale = _CURRENCY[cur], 1.0
    v = value_of(m.group("en_num"))
    if v is not None and m.group("mult"):
        v *= {"thousand": 1e3, "million": 1e6, "billion": 1e9}[m.group("mult")]
    return NumberToken(text, unit or (cur or "").strip(), dimension, None if v is None else v * scale, start, m.end())


_WORD_VALUES = {w: k for k, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())} | {w: 10 * k for k, w in enumerate(
        "twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}


def _word_value(words: str) -> float | None:
    """The value of a number in words: five, thirty, twenty-one, one hundred."""
    total = 0.0
    for w in re.split(r"[- ]", words.lower()):
        if w == "hundred":
            total = (total or 1) * 100
        elif w == "thousand":
            total = (total or 1) * 1000
        elif w in _WORD_VALUES:
            total += _WORD_VALUES[w]
        else:
            return None
    return total


# a number of two units read as one: (first unit, second unit) -> the second's worth in the first's dimension
_COMPOUND = {("年", "月"): 30.0, ("年", "か月"): 30.0, ("年", "ヶ月"): 30.0, ("年", "カ月"): 30.0, ("年", "箇月"): 30.0,
             ("年", "日"): 1.0, ("時間", "分"): 1 / 60}


def _token_before_more(m: re.Match[str], text: str, start: int, unit: str, dimension: str,
                       value: float | None) -> NumberToken:
    """The first number of two written together that are no compound (3日5時間…): its own token."""
    end = m.start("ja_more")
    return NumberToken(m.string[start:end], unit, dimension, value, start, end)


def compare_values(old: NumberToken, new: NumberToken) -> str:
    """``up``, ``down`` or ``same`` when both values are in one dimension, else ``""``."""
    if old.value is None or new.value is None or old.dimension != new.dimension or old.dimension in ("", "month"):
        return ""
    a, b = old.value, new.value
    if isinstance(a, tuple) != isinstance(b, tuple):
        return ""
    return "up" if b > a else "down" if b < a else "same"  # type: ignore[operator]
