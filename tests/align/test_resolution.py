import hikaku
from hikaku import Document
from hikaku.align import Decision, resolve
from hikaku.loaders import chunk_text

from ..helpers import doc

A = doc("A", "x1", "x2", "x3")
B = doc("B", "y1", "y2", "y3")


def settled(a, b):
    return Decision(tuple(a), tuple(b), "anchor", "identical", 1.0, 0.0, 1.0, "identical text")


def decision(a, b, score, alternatives=()):
    return Decision(tuple(a), tuple(b), "agent", "confirm", score, score, 0.7, "",
                    alternatives=tuple((tuple(x), s) for x, s in alternatives))


def view(groups):
    return [(tuple(A.chunks[i].id for i in g.a), tuple(B.chunks[j].id for j in g.b)) for g in groups]


def test_competition_goes_to_the_stronger_claim_and_the_loser_falls_back():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], ["b3"], 0.6, [(["b2"], 0.55)]),
                   decision(["a3"], ["b3"], 0.9)], A, B)
    assert set(view(out)) == {(("a1",), ("b1",)), (("a2",), ("b2",)), (("a3",), ("b3",))}
    loser = next(g for g in out if g.a == (1,))
    assert loser.reason.startswith("fallback")


def test_loser_without_alternative_is_deleted_and_free_b_is_added():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], ["b3"], 0.6), decision(["a3"], ["b3"], 0.9)],
                  A, B)
    got = set(view(out))
    assert (("a2",), ()) in got and ((), ("b2",)) in got
    deleted = next(g for g in out if g.a == (1,))
    assert "went to a3" in deleted.reason


def test_moves_and_reading_order():
    out = resolve([settled(["a1"], ["b3"]), settled(["a2"], ["b1"]), settled(["a3"], ["b2"])], A, B)
    assert [g.moved for g in out] == [False, False, True]
    assert view(out) == [(("a2",), ("b1",)), (("a3",), ("b2",)), (("a1",), ("b3",))]


def test_deletion_is_listed_after_the_pair_before_it():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], [], 0.2), settled(["a3"], ["b3"])], A, B)
    assert view(out) == [(("a1",), ("b1",)), (("a2",), ()), ((), ("b2",)), (("a3",), ("b3",))]


# A chapter boundary that shifts is no move: chapters of five articles, one article inserted
# early in B, so the last article of each chapter of A is the first of the next chapter in B
# (its heading path changed, the order of the text did not).
_TOPICS = ["保険料", "被保険者", "契約者", "支払", "解約", "請求", "通知", "期間", "更新", "給付金", "責任", "免責",
           "告知", "住所", "変更", "失効", "復活", "配当", "貸付", "猶予"]


def _chaptered(articles: list[str], per_chapter: int = 5) -> str:
    out = ["# 規程", ""]
    for k, text in enumerate(articles):
        if k % per_chapter == 0:
            n = k // per_chapter + 1
            out += [f"## 第{n}章　総則{n}", ""]
        out += [f"### 第{k + 1}条", text, ""]
    return "\n".join(out)


def _article(k: int) -> str:
    return "、".join(_TOPICS[(k * 7 + m * 3) % len(_TOPICS)] for m in range(5)) + f"について第{k}の手続を定める。"


def test_a_chapter_boundary_that_shifts_is_not_a_move(hashing_embedder):
    articles = [_article(k) for k in range(20)]
    inserted = [*articles[:2], "新たに追加された規定であり、事業者は報告を行う。", *articles[2:]]
    a = Document(id="a", chunks=chunk_text(_chaptered(articles), source="a", id_prefix="a"))
    b = Document(id="b", chunks=chunk_text(_chaptered(inserted), source="b", id_prefix="b"))
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    assert not [c.item for c in result.changes if c.moved]
    assert [c.b_text for c in result.changes if c.type == "added"] == [
        "第3条\n新たに追加された規定であり、事業者は報告を行う。", "第5章　総則5"]
    assert not [c for c in result.changes if c.type in ("deleted", "modified")]


def test_a_chapter_that_moved_with_its_articles_is_a_move(hashing_embedder):
    """The chapter heading moves with what it heads: a whole chapter put after the next one
    is moved, heading and articles."""
    arts = [_article(k) for k in range(6)]
    text_a = "\n".join(["# 規程", "", "## 第1章　総則", "", "### 第1条", arts[0], "", "### 第2条", arts[1], "",
                        "## 第2章　保険料", "", "### 第3条", arts[2], "", "### 第4条", arts[3], "",
                        "## 第3章　給付", "", "### 第5条", arts[4], "", "### 第6条", arts[5], "",
                        "## 第4章　雑則", "", "### 第7条", "この規程の改廃は取締役会が行う。", ""])
    text_b = "\n".join(["# 規程", "", "## 第1章　総則", "", "### 第1条", arts[0], "", "### 第2条", arts[1], "",
                        "## 第3章　給付", "", "### 第5条", arts[4], "", "### 第6条", arts[5], "",
                        "## 第2章　保険料", "", "### 第3条", arts[2], "", "### 第4条", arts[3], "",
                        "## 第4章　雑則", "", "### 第7条", "この規程の改廃は取締役会が行う。", ""])
    a = Document(id="a", chunks=chunk_text(text_a, source="a", id_prefix="a"))
    b = Document(id="b", chunks=chunk_text(text_b, source="b", id_prefix="b"))
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    moved = sorted(c.item for c in result.changes if c.moved)
    assert moved in (["第2章 保険料", "第3条", "第4条"], ["第3章 給付", "第5条", "第6条"])


def test_an_article_edited_as_it_crossed_a_chapter_boundary_is_paired(hashing_embedder):
    """The plan's gaps are cut by the text's anchors, not by a heading alone: the edited last
    article of chapter 1, now the first of chapter 2, is aligned in one gap with its
    counterpart (before, the identical 第2章 heading put them in two gaps: 削除 + 追加)."""
    articles = [_article(k) for k in range(20)]
    edited = [*articles[:2], "新たに追加された規定であり、事業者は報告を行う。", *articles[2:]]
    edited[5] = edited[5].replace("について", "及び電話番号について")
    a = Document(id="a", chunks=chunk_text(_chaptered(articles), source="a", id_prefix="a"))
    b = Document(id="b", chunks=chunk_text(_chaptered(edited), source="b", id_prefix="b"))
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if c.type == "modified"]
    assert row.b_text.startswith("第6条\n") and row.a_text.startswith("第5条\n") and not row.moved
    assert [c.type for c in result.changes].count("deleted") == 0
    assert not [c.item for c in result.changes if c.moved]


def test_a_title_in_order_does_not_move_with_the_first_article():
    arts = [_article(k) for k in range(4)]
    body = "".join(f"### 第{k + 1}条\n{t}\n\n" for k, t in enumerate(arts))
    moved = "".join(f"### 第{k + 1}条\n{t}\n\n" for k, t in enumerate([*arts[1:3], arts[0], arts[3]]))
    a = Document(id="a", chunks=chunk_text("# 規程\n\n## 第1章　総則\n\n" + body, source="a", id_prefix="a"))
    b = Document(id="b", chunks=chunk_text("# 規程\n\n## 第1章　総則\n\n" + moved, source="b", id_prefix="b"))
    out = resolve([settled([c.id], [d.id]) for c, d in
                   zip(a.chunks, [b.chunks[k] for k in (0, 1, 4, 2, 3, 5)])], a, b)
    assert sorted(a.chunks[g.a[0]].id for g in out if g.moved) == ["a3"]
