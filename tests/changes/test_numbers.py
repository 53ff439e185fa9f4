"""Numbers as documents write them: arabic and kanji numerals with their units and qualifiers,
what they are worth, dates, fractions, English numbers in words; not ordinals, clause numbers,
ids or words that hold a kanji numeral."""

from __future__ import annotations

import pytest

from hikaku.changes.counted import number_subject
from hikaku.changes.numbers import compare_values, number_tokens


def one(text: str):
    (t,) = number_tokens(text)
    return t.text, t.unit, t.dimension, t.value


@pytest.mark.parametrize("text, expected", [
    ("入院給付金日額の20倍とする", ("20倍", "倍", "times", 20.0)),
    ("通算して1,095日を限度", ("1,095日", "日", "days", 1095.0)),
    ("三十日以内に", ("三十日以内", "日", "days", 30.0)),
    ("五十万円以下の罰金", ("五十万円以下", "円", "yen", 500_000.0)),
    ("毎年一万九千三百円に", ("一万九千三百円", "円", "yen", 19_300.0)),
    ("六万千六百円を超えない", ("六万千六百円", "円", "yen", 61_600.0)),
    ("2,000万円を限度", ("2,000万円", "円", "yen", 20_000_000.0)),
    ("百分の五", ("百分の五", "分の", "percent", 5.0)),
    ("3割", ("3割", "割", "percent", 30.0)),
    ("一年六月以下の懲役", ("一年六月以下", "年", "days", 545.0)),  # a statute's year and a half
    ("3か月間", ("3か月間", "か月間", "days", 90.0)),
    ("2023年4月1日から", ("2023年4月1日", "", "date", (2023, 4, 1))),
    ("令和7年4月1日", ("令和7年4月1日", "", "date", (2025, 4, 1))),
    ("within thirty (30) days", ("thirty (30) days", "days", "days", 30.0)),
    ("within five days", ("five days", "days", "days", 5.0)),
    ("a fee of $25", ("$25", "$", "usd", 25.0)),
    ("2.5 million users", ("2.5 million users", "users", "users", 2_500_000.0)),
])
def test_numbers_with_units_and_values(text, expected):
    assert one(text) == expected


@pytest.mark.parametrize("text", ["第1条第2項", "第一年から第十年まで", "同一の者", "十分に", "一般の", "b2 に改定",
                                  "入院一時金", "万一の場合", "一請求項につき"])
def test_not_numbers(text):
    assert number_tokens(text) == []


def test_directions_within_a_dimension():
    def tok(text):
        (t,) = number_tokens(text)
        return t

    assert compare_values(tok("3か月"), tok("90日")) == "same"
    assert compare_values(tok("1年"), tok("6か月")) == "down"
    assert compare_values(tok("10万円"), tok("150,000円")) == "up"
    assert compare_values(tok("30日"), tok("30営業日")) == ""  # not one dimension
    assert compare_values(tok("6月"), tok("7月")) == ""  # June, July: no amount


@pytest.mark.parametrize("text, number, expected", [
    ("入院給付金の額は、入院給付金日額の20倍とする。", "20倍", ("入院給付金日額", "入院給付金日額の")),
    ("通勤手当は、月額30,000円までの範囲内において支給する。", "30,000円", ("通勤手当", "月額")),
    ("従業員の定年は、満60歳とする。", "60歳", ("従業員の定年", "満")),
    ("賃金は、毎月末日に締め切り、翌月25日に支払う。", "25日", ("賃金", "翌月")),
    ("採用の日から3か月間を試用期間とする。", "3か月間", ("試用期間", "")),
    ("10日の年次有給休暇を与える。", "10日", ("年次有給休暇", "")),
    ("五十万円以下の罰金に処する。", "五十万円以下", ("罰金", "")),
    ("常時使用する従業員の数が三百人以下の会社", "三百人以下", ("従業員の数", "")),
    ("入院給付金の支払日数は、通算して1,095日を限度とします。", "1,095日", ("入院給付金の支払日数", "")),
    ("年単位で払い込む場合の特約保険料は、34,000円とします。", "34,000円", ("特約保険料", "")),
    ("当社は、5日以内に支払います。", "5日以内", ("", "")),  # who pays is no subject of the days
])
def test_what_a_number_counts(text, number, expected):
    at = text.index(number)
    assert number_subject(text, at, at + len(number), cjk=True) == expected


def test_what_an_english_number_counts():
    text = "Any amount not paid when due incurs a late fee of $25."
    at = text.index("$25")
    assert number_subject(text, at, at + 3, cjk=False) == ("late fee", "")
