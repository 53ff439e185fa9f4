"""Changes that may disadvantage the customer or employee: clear signals, both ways — a benefit
cut is one, a benefit raised is none; a charge raised is one, lowered none; a period moved
against whoever must act is one, the same period moved for them none; an exclusion added is one,
removed none. The wording lists are one data file per language."""

from __future__ import annotations

import pytest

from hikaku.changes import attention_words, row_facts


def codes(a: str, b: str, lang: str = "ja") -> list[str]:
    return [x.code for x in row_facts(a, b, lang)[1]]


@pytest.mark.parametrize("a, b, expected", [
    ("入院一時金は入院給付金日額の20倍とします。", "入院一時金は入院給付金日額の15倍とします。", ["benefit_decreased"]),
    ("入院一時金は入院給付金日額の15倍とします。", "入院一時金は入院給付金日額の20倍とします。", []),
    ("この特約の保険料は、月額3,000円とします。", "この特約の保険料は、月額3,500円とします。", ["charge_increased"]),
    ("この特約の保険料は、月額3,500円とします。", "この特約の保険料は、月額3,000円とします。", []),
    ("90日を待機期間とします。", "180日を待機期間とします。", ["period_against"]),
    ("180日を待機期間とします。", "90日を待機期間とします。", []),
    ("猶予期間は2か月とします。", "猶予期間は1か月とします。", ["period_against"]),
    # the customer acts within a time: shorter is against them; the provider pays within one: longer is
    ("お客様は、事故の日から30日以内に当社に通知しなければなりません。", "お客様は、事故の日から14日以内に当社に通知しなければなりません。",
     ["period_against"]),
    ("お客様は、事故の日から14日以内に当社に通知しなければなりません。", "お客様は、事故の日から30日以内に当社に通知しなければなりません。", []),
    ("当社は、請求書類の到着日から5日以内に給付金を支払います。", "当社は、請求書類の到着日から10日以内に給付金を支払います。",
     ["period_against"]),
    # a notice the employee gives: longer is against them; one the company gives: shorter is
    ("従業員は、少なくとも14日前までに退職届を提出しなければならない。", "従業員は、少なくとも30日前までに退職届を提出しなければならない。",
     ["period_against"]),
    ("従業員は、少なくとも30日前までに退職届を提出しなければならない。", "従業員は、少なくとも14日前までに退職届を提出しなければならない。", []),
    ("会社は、従業員を解雇しようとするときは、少なくとも30日前にその予告をする。",
     "会社は、従業員を解雇しようとするときは、少なくとも20日前にその予告をする。", ["period_against"]),
    # no role, no signal: an age, a day of the month
    ("従業員の定年は、満60歳とする。", "従業員の定年は、満65歳とする。", []),
    ("賃金は、毎月末日に締め切り、翌月25日に支払う。", "賃金は、毎月末日に締め切り、翌月20日に支払う。", []),
    # exclusions: an item added to a list of them is one, removed none; a new proviso on a benefit is one
    ("次のいずれかに該当するときは、給付金を支払いません。\n（1）故意\n（2）戦争",
     "次のいずれかに該当するときは、給付金を支払いません。\n（1）故意\n（2）飲酒運転\n（3）戦争", ["exclusion_added"]),
    ("次のいずれかに該当するときは、給付金を支払いません。\n（1）故意\n（2）飲酒運転\n（3）戦争",
     "次のいずれかに該当するときは、給付金を支払いません。\n（1）故意\n（2）戦争", []),
    ("当社は、手術給付金を支払います。", "当社は、手術給付金（美容整形手術を除きます。）を支払います。", ["exclusion_added"]),
    ("当社は、手術給付金を支払います。", "当社は、手術給付金を支払います。ただし、日帰り手術はこの限りではありません。",
     ["exclusion_added"]),
    # a proviso that lifts a duty is no exclusion of a benefit
    ("従業員は、会社の許可を得なければならない。", "従業員は、会社の許可を得なければならない。ただし、緊急の場合を除く。", []),
    # covered items removed from, or added to, what is paid
    ("当社は、がん、急性心筋梗塞又は脳卒中と診断確定されたときは、一時金を支払います。",
     "当社は、がん又は脳卒中と診断確定されたときは、一時金を支払います。", ["coverage_removed"]),
    ("当社は、がん又は脳卒中と診断確定されたときは、一時金を支払います。",
     "当社は、がん、急性心筋梗塞又は脳卒中と診断確定されたときは、一時金を支払います。", []),
    # a denial of something received is an exclusion; of an act, none
    ("次の各号のいずれかに該当する者は、登録を受けることができない。\n一　破産者",
     "次の各号のいずれかに該当する者は、登録を受けることができない。\n一　破産者\n二　暴力団員", ["exclusion_added"]),
    ("第二項の決定に対しては、不服を申し立てることができない。", "第二項の決定又はその不作為に対しては、不服を申し立てることができない。", []),
])
def test_japanese_signals(a, b, expected):
    assert codes(a, b) == expected


@pytest.mark.parametrize("a, b, expected", [
    ("The subscription fee is $10 per month.", "The subscription fee is $12 per month.", ["charge_increased"]),
    ("The subscription fee is $12 per month.", "The subscription fee is $10 per month.", []),
    ("You receive a service credit of 10% of the monthly fee.", "You receive a service credit of 5% of the monthly fee.",
     ["benefit_decreased"]),
    ("We will refund your payment within 14 days.", "We will refund your payment within 30 days.", ["period_against"]),
    ("We may terminate by giving you thirty (30) days' prior written notice.",
     "We may terminate by giving you seven (7) days' prior written notice.", ["period_against"]),
    ("You may terminate by giving us 60 days' written notice.", "You may terminate by giving us 90 days' written notice.",
     ["period_against"]),
    ("You may terminate by giving us 90 days' written notice.", "You may terminate by giving us 60 days' written notice.",
     []),
    ("We will pay the benefit if you are diagnosed with cancer, heart attack or stroke.",
     "We will pay the benefit if you are diagnosed with cancer or stroke.", ["coverage_removed"]),
    ("We will not pay any claim caused by war or terrorism.", "We will not pay any claim caused by war, pandemic or terrorism.",
     ["exclusion_added"]),
    ("You may cancel at any time and we will pay you a full refund.",
     "You may cancel at any time and we will pay you a full refund, provided that you have not used the service.",
     ["exclusion_added"]),
    # an essay names no party: its lists and denials are no one's coverage
    ("People who may not receive help include the elderly.",
     "People who may not receive help include the elderly, the disabled and children.", []),
    ("Self-driving cars save time.", "Self-driving cars save time. Drivers would not be liable for accidents.", []),
])
def test_english_signals(a, b, expected):
    assert codes(a, b, "en") == expected


def test_the_evidence_says_what_was_found():
    a = "当社は、七大疾病（がん、急性心筋梗塞、脳卒中、糖尿病、高血圧性疾患、肝硬変、慢性腎不全）により入院したときは、給付金を支払います。"
    b = a.replace("七大", "五大").replace("、肝硬変、慢性腎不全", "")
    ((signal),) = row_facts(a, b, "ja")[1]
    assert (signal.code, signal.evidence) == ("coverage_removed", "削除: 「肝硬変」「慢性腎不全」")
    ((signal),) = row_facts(a, b, "en")[1]  # in the report's language
    assert signal.evidence == 'removed: "肝硬変", "慢性腎不全"'


def test_one_wording_file_per_language():
    for lang in ("ja", "en"):
        lists = attention_words(lang).lists
        assert {"benefit", "charge", "waiting", "protective", "exclusion", "excepting", "limiting", "coverage", "denial", "receiving",
                "customer", "provider", "within", "advance", "day_of_month"} <= set(lists)
        assert all(lists[k] for k in ("benefit", "charge", "exclusion", "coverage"))
