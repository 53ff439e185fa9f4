"""What told a chunk apart from the chunks around it (align/told_apart.py): a table's row whose amount
alone changed keeps its age, all that told it from the row beside it; an unrelated item written on its
list's pattern keeps nothing of what told the old item from its siblings but a stray word."""

from __future__ import annotations

from hikaku.align import TextSimilarity
from hikaku.align.told_apart import kept_and_chance, told_apart


def _rows(amounts: list[int]) -> list[str]:
    return [f"{20 + k}歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜{v:,}円" for k, v in enumerate(amounts)]


def _told(a: list[str], b: list[str], i: int) -> bool:
    sim = TextSimilarity(a, b)
    w = sim.wording
    near = [k for k in range(len(a)) if k != i]
    return told_apart(w("a", i), [w("a", k) for k in near], w("b", i), [w("b", k) for k in near])


def test_a_row_whose_amount_alone_changed_is_told_apart_by_its_age():
    old = [1500, 1500, 1520, 1520, 1550]
    new = [1500, 1507, 1520, 1520, 1550]  # 21歳: as like the unchanged 20歳 row (1,500円) as its revision
    a, b = _rows(old), _rows(new)
    sim = TextSimilarity(a, b)
    assert sim.pair(1, 1) <= sim.within_pairwise("a", [1], [0])[0]
    assert _told(a, b, 1)
    new[1] = 1520  # raised to the amount of the rows after it
    assert _told(a, _rows(new), 1)


def test_an_unrelated_item_on_the_lists_pattern_is_not_told_apart():
    pattern = "We may share your personal information with {} that {} on our behalf."
    items = [("payment processors", "process card payments"), ("cloud hosts", "store your data"),
             ("analytics firms", "measure how you use the site"), ("support vendors", "answer tickets"),
             ("mail services", "send receipts")]
    a = [pattern.format(*x) for x in items]
    b = list(a)
    b[2] = pattern.format("advertising networks", "show you offers elsewhere")  # shares "you" alone
    assert not _told(a, b, 2)
    edited = list(a)
    edited[2] = pattern.format("analytics firms", "measure, with your consent, how you use the site")
    assert _told(a, edited, 2)


def test_a_list_marker_is_an_items_place_not_its_wording():
    a = [f"{n}. If you are a resident of {s}, you may opt out by writing to us." for n, s in
         enumerate(["Nevada", "Virginia", "Colorado", "Utah", "Oregon"], 1)]
    b = list(a)
    b[1] = "2. If you are a developer in Japan, we pay your earnings monthly."
    assert not _told(a, b, 1)


def test_kept_and_chance():
    own = frozenset({"x", "y", "p"})
    around = [frozenset({"p", "q"}), frozenset({"p", "y"})]  # p held by both, y by one: x alone
    assert kept_and_chance(own, around, frozenset({"x"})) == (1.0, 0.5)  # the second holds y of {x, y}
    assert kept_and_chance(own, around, frozenset({"p"})) == (0.0, 0.5)
    assert kept_and_chance(frozenset(), around, frozenset({"p"})) == (0.0, 0.0)
