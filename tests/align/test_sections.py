"""Sections first: riders of A and B are aligned by their titles and their own text,
and chunks pair only within corresponding sections — never because the wording of two
riders' boilerplate is the same."""

from __future__ import annotations

import hikaku
from hikaku import Document
from hikaku.align import align_sections, plan_alignment
from hikaku.align.sections import FREE
from hikaku.loaders import chunk_text
from hikaku.text.normalization import match_key

BOILER = "第1条（特約の締結）\nこの特約は、主契約に付加して締結します。"
RENEW_OLD = "第2条（特約の更新）\nこの特約は、申出がない限り更新します。"
RENEW_NEW = "第2条（特約の更新）\nこの特約は、保険契約者からの申出がない限り、同一の内容で自動的に更新します。"


def _doc(doc_id: str, text: str) -> Document:
    return Document(id=doc_id, chunks=chunk_text(text, source=doc_id, markdown=True, id_prefix=doc_id))


def _policy(riders: list[tuple[str, str, str]]) -> str:
    """# 約款, a main part, then each rider: ## title, its benefit clause and two boilerplate ones."""
    out = ["# 約款", "", "第1条（目的）", "この約款は保険契約の内容を定めます。", ""]
    for title, benefit, renew in riders:
        out += [f"## {title}", "", BOILER, "", f"第2条（{title}の給付）", benefit, "", renew.replace("第2条", "第3条"), ""]
    return "\n".join(out)


A = _doc("a", _policy([("通院特約", "通院1回につき給付金を支払います。", RENEW_OLD),
                       ("女性疾病特約", "女性特定疾病で入院したときに支払います。", RENEW_OLD)]))
# B: the 通院 rider's renewal clause was reworded; a new rider is inserted, carrying the OLD
# renewal wording word for word; 女性疾病特約 renamed
B = _doc("b", _policy([("通院特約", "通院1回につき給付金を支払います。", RENEW_NEW),
                       ("がん診断特約", "がんと診断確定されたときに支払います。", RENEW_OLD),
                       ("女性疾病保障特約", "女性特定疾病で入院したときに支払います。", RENEW_OLD)]))


def _plan(sections):
    keys_a = [match_key(c.content) for c in A.chunks]
    keys_b = [match_key(c.content) for c in B.chunks]
    plan, _ = plan_alignment(keys_a, keys_b, keys_a, keys_b, normalized=True, sections=sections)
    return {A.chunks[g.a[0]].id: [B.chunks[j].id for j in g.b] for g in plan.groups if len(g.a) == 1}


def _rider_of(doc: Document, chunk_id: str) -> str:
    path = doc.get(chunk_id).structure.section_path
    return path[1] if len(path) > 1 else ""


def test_sections_are_aligned_by_title_and_own_text():
    sections = align_sections(A, B)
    assert sections.titles() == [("約款", "約款"), ("通院特約", "通院特約"), ("女性疾病特約", "女性疾病保障特約")]
    new_rider = [j for j, c in enumerate(B.chunks) if _rider_of(B, c.id) == "がん診断特約"]
    assert new_rider and not any(sections.compatible(i, j) for i in range(len(A.chunks)) for j in new_rider)
    mask = sections.mask(range(len(A.chunks)), new_rider)
    assert not mask.any()


def test_a_clause_never_pairs_with_another_riders_identical_clause():
    renewal_a = next(c.id for c in A.chunks if c.content.startswith("第3条") and _rider_of(A, c.id) == "通院特約")
    # by wording alone, the old renewal clause of 通院特約 is the new rider's (identical text)
    unscoped = _plan(None)[renewal_a]
    assert [_rider_of(B, j) for j in unscoped] == ["がん診断特約"]
    # sections first: it pairs within its own rider, whose clause was reworded
    scoped = _plan(align_sections(A, B))
    assert [_rider_of(B, j) for j in scoped[renewal_a]] == ["通院特約"]
    for a_id, b_ids in scoped.items():
        for b_id in b_ids:
            assert _rider_of(B, b_id) != "がん診断特約", (a_id, b_id)
            rider_a, rider_b = _rider_of(A, a_id), _rider_of(B, b_id)
            assert (rider_a, rider_b) in {("", ""), ("通院特約", "通院特約"), ("女性疾病特約", "女性疾病保障特約")}


def test_one_numbering_constrains_nothing():
    a = _doc("a", "# 規則\n\n第1条\n本文。\n\n## 第2章\n\n第2条\n本文。\n")
    b = _doc("b", "# 規則\n\n第1条\n本文。\n\n## 第3章\n\n第2条\n本文。\n")
    sections = align_sections(a, b)
    assert not sections.constrained and sections.mask(range(len(a)), range(len(b))).all()


# -- the 附則 at the end of a 約款 belongs to no rider -----------------------------------------

def _with_riders(riders: list[str], date: str) -> str:
    out = ["# 医療保険約款", "", "第1条（目的）", "この約款は、医療保険契約の内容を定めるものです。", "",
           "第2条（解約）", "保険契約者は、いつでも保険契約を解約することができます。", ""]
    for title in riders:
        out += [f"# {title}", "", "第1条（特約の目的）", f"この特約は、{title}の給付を行うことを目的とします。", "",
                "第2条（特約の保険期間）", "この特約の保険期間は、主契約の保険期間と同一とします。", ""]
    return "\n".join([*out, "附則", f"この約款は、{date}から施行します。", ""])


# B adds a rider after the last one: the 附則 that follows the last rider follows another rider
SUPPL_A = _doc("a", _with_riders(["先進医療特約"], "2024年4月1日"))
SUPPL_B = _doc("b", _with_riders(["先進医療特約", "女性疾病入院特約"], "2025年10月1日"))


def test_the_supplementary_provisions_pair_whatever_rider_they_follow():
    a, b = SUPPL_A, SUPPL_B
    assert a.chunks[-1].structure.section_path == ("先進医療特約",)
    assert b.chunks[-1].structure.section_path == ("女性疾病入院特約",)
    sections = align_sections(a, b)
    # the 附則 is a section of its own (untitled: its chunk pairs freely), after the riders
    assert sections.titles() == [("医療保険約款", "医療保険約款"), ("先進医療特約", "先進医療特約"), ("", "")]
    assert sections.of_a[-1] == sections.of_b[-1] == FREE
    assert sections.compatible(len(a.chunks) - 1, len(b.chunks) - 1)
    keys_a = [match_key(c.content) for c in a.chunks]
    keys_b = [match_key(c.content) for c in b.chunks]
    plan, _ = plan_alignment(keys_a, keys_b, keys_a, keys_b, normalized=True, sections=sections)
    assert plan.group_of_a[len(a.chunks) - 1].b == (len(b.chunks) - 1,)
    # the new rider's boilerplate still pairs with nothing (the 附則 aside)
    assert not any(sections.compatible(i, j) for i in range(len(a.chunks) - 1) for j in range(len(b.chunks) - 1)
                   if a.chunks[i].structure.section_path == ("先進医療特約",)
                   and b.chunks[j].structure.section_path == ("女性疾病入院特約",))


def test_the_supplementary_provisions_are_one_modified_row(hashing_embedder):
    result = hikaku.compare(SUPPL_A, SUPPL_B, llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if c.item == "附則"]
    assert row.type == "modified" and row.a_ids == [SUPPL_A.chunks[-1].id] and row.b_ids == [SUPPL_B.chunks[-1].id]
    assert sorted(c.item for c in result.changes if c.type == "added") == [
        "女性疾病入院特約", "女性疾病入院特約 第1条（特約の目的）", "女性疾病入院特約 第2条（特約の保険期間）"]
    assert not any(c.type == "deleted" for c in result.changes)


# -- a 別表 (Schedule) after the last rider belongs to no rider either -------------------------

def _with_schedule(riders: list[str], rows: str) -> str:
    text = _with_riders(riders, "2024年4月1日")
    text = text[:text.index("附則")]
    return text + f"別表1　対象となる先進医療\n| 技術名 | 適応症 |\n|---|---|\n{rows}\n"


def test_a_schedule_after_the_last_rider_pairs_whatever_rider_it_follows(hashing_embedder):
    a = _doc("a", _with_schedule(["先進医療特約"], "| 陽子線治療 | 固形がん |"))
    b = _doc("b", _with_schedule(["先進医療特約", "女性疾病入院特約"], "| 陽子線治療 | 固形がん・小児がん |"))
    sections = align_sections(a, b)
    assert sections.of_a[-1] == sections.of_b[-1] == FREE
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if c.item.startswith("別表1")]
    assert row.type == "modified" and row.a_ids == [a.chunks[-1].id] and row.b_ids == [b.chunks[-1].id]
    assert not any(c.type == "deleted" for c in result.changes)


def test_an_english_schedule_after_a_new_addendum_is_still_the_schedule(hashing_embedder):
    def contract(addenda: list[str]) -> str:
        out = ["# Master Services Agreement", "", "Section 1. Fees", "The Customer shall pay the fees monthly.", "",
               "Section 2. Term", "This agreement runs for one year.", ""]
        for name in addenda:
            out += [f"# {name}", "", "Section 1. Scope", f"This {name} applies to the services.", "",
                    "Section 2. Order of precedence", "This addendum prevails over the agreement.", ""]
        return "\n".join([*out, "Schedule 1 Service levels", "Availability: 99.9% per month.", ""])

    a = _doc("a", contract(["Data Processing Addendum"]))
    b = _doc("b", contract(["Data Processing Addendum", "Security Addendum"]))
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if c.item.startswith("Schedule 1")]
    assert row.type == "unchanged" and row.a_ids == [a.chunks[-1].id]
    assert not any(c.type == "deleted" for c in result.changes)


def test_scoped_matrices_are_each_gaps_scoped_matrix():
    """The plan's gaps scored at once are scored as one by one: zero across riders that do not
    correspond, the same bits elsewhere."""
    from hikaku.align.sections import ScopedSimilarity

    sections = align_sections(A, B)
    texts_a, texts_b = [c.content for c in A.chunks], [c.content for c in B.chunks]
    gaps = [(list(range(0, len(texts_a), 2)), list(range(1, len(texts_b), 2))), ([1], []),
            (list(range(1, len(texts_a), 2)), list(range(0, len(texts_b), 2)))]
    many = ScopedSimilarity(texts_a, texts_b, sections=sections).matrices(gaps)
    alone = ScopedSimilarity(texts_a, texts_b, sections=sections)
    assert [m.tobytes() for m in many] == [alone.matrix(ia, ib).tobytes() for ia, ib in gaps]
    assert any((m == 0).any() and (m > 0).any() for m in many)


def test_scoped_group_matrices_are_each_requests_scoped_group_matrix():
    from hikaku.align.sections import ScopedSimilarity

    sections = align_sections(A, B)
    texts_a, texts_b = [c.content for c in A.chunks], [c.content for c in B.chunks]
    na, nb = len(texts_a), len(texts_b)
    requests = [([(i,) for i in range(na)], [(j, j + 1) for j in range(nb - 1)]),
                ([(i, i + 1) for i in range(0, na - 1, 2)], [(j,) for j in range(nb)])]
    many = ScopedSimilarity(texts_a, texts_b, sections=sections).group_matrices(requests)
    alone = ScopedSimilarity(texts_a, texts_b, sections=sections)
    assert [m.tobytes() for m in many] == [alone.group_matrix(ga, gb).tobytes() for ga, gb in requests]
    assert any((m == 0).any() and (m > 0).any() for m in many)


def test_thousands_of_riders_are_aligned_without_every_pair_of_sections(tmp_path, monkeypatch):
    """A document of many numbering sections (riders, each from 第1条 again): past
    MAX_SECTION_CELLS pairs of sections they are aligned piece by piece along a chain of candidates
    (issue 35: a full matrix and a dynamic programme over every pair were quadratic), still each
    rider with its own."""
    import hikaku.align.sections as sections_module
    from hikaku import load_document
    from hikaku.align import align_sections

    def doc(path, tweak, n=120):
        path.write_text("\n".join(f"# 特約{k}号\n\n第1条（目的）\nこの特約{k}は保険料を{tweak}とする。\n\n"
                                  f"第2条（期間）\n特約{k}の期間は一年とする。\n" for k in range(n)), encoding="utf-8")
        return load_document(path)

    a, b = doc(tmp_path / "a.md", "月払"), doc(tmp_path / "b.md", "年払")
    whole = align_sections(a, b)
    asked = []
    real = sections_module.TextSimilarity.cosine_matrix
    monkeypatch.setattr(sections_module.TextSimilarity, "cosine_matrix",
                        lambda self, ia, ib: asked.append(len(ia) * len(ib)) or real(self, ia, ib))
    monkeypatch.setattr(sections_module, "MAX_SECTION_CELLS", 400)
    cut = align_sections(a, b)
    assert len(whole.pairs) == 120 and all(x == y for x, y in whole.pairs)
    assert cut.pairs == whole.pairs
    assert asked and max(asked) <= 400 and sum(asked) < 120 * 120 / 4  # never the 14,400 pairs at once
