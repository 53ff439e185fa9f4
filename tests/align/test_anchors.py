"""Anchors: unique texts, the chain kept in order, and the chunks identical once their own
numbers are set aside and their references follow the renumbering the anchors give."""

from __future__ import annotations

import hikaku
from hikaku import Document
from hikaku.align import align_sections, longest_increasing_subsequence, plan_alignment, unique_pairs
from hikaku.align.anchors import fitting, renumbering_free_pairs
from hikaku.document.references import own_ref
from hikaku.loaders import chunk_text
from hikaku.text.normalization import match_key, without_label


def test_unique_pairs_skip_duplicates_and_empty():
    a = ["x", "y", "dup", "dup", "", "z"]
    b = ["z", "y", "dup", "", "x"]
    assert unique_pairs(a, b) == [(0, 4), (1, 1), (5, 0)]


def test_lis_keeps_the_longest_order_preserving_chain():
    pairs = [(0, 0), (1, 5), (2, 1), (3, 2), (4, 3)]
    assert longest_increasing_subsequence(pairs) == [(0, 0), (2, 1), (3, 2), (4, 3)]
    assert longest_increasing_subsequence([]) == []
    assert longest_increasing_subsequence([(0, 3), (1, 2), (2, 1)]) in ([(0, 3)], [(1, 2)], [(2, 1)])


def test_fitting_with_the_chain_keys_given_is_fitting_without_them():
    chain = [(0, 0), (3, 2), (6, 7)]
    keys = [i for i, _ in chain]
    for candidate in [(1, 1), (2, 5), (4, 3), (7, 8), (5, 8), (4, 1)]:
        assert fitting([candidate], chain, (9, 9), keys) == fitting([candidate], chain, (9, 9))
    assert fitting([(1, 1), (4, 3), (7, 8)], chain, (9, 9), keys) == [(1, 1), (4, 3), (7, 8)]


def test_lis_among_equally_long_chains_keeps_the_one_in_step():
    # A chunk 8 moved up to B position 1; chunks 2-7 were rewritten. {0, 1, 9} and {0, 8, 9}
    # are both longest chains: the first keeps the displacement (j - i) steady (0, 1, 2),
    # the second jumps (0, -7, 2): chunk 8 is the one that moved.
    pairs = [(0, 0), (1, 2), (8, 1), (9, 11)]
    assert longest_increasing_subsequence(pairs, end=(10, 12)) == [(0, 0), (1, 2), (9, 11)]
    # the end counts too: a chain that ends out of step with the documents' ends loses
    assert longest_increasing_subsequence([(0, 5), (5, 0)], end=(6, 1)) == [(5, 0)]
    assert longest_increasing_subsequence([(0, 5), (5, 0)], end=(6, 11)) == [(0, 5)]


# -- a moved article whose cross-reference followed the renumbering ---------------------------

# 第2条 is inserted, so 第2条–第3条 become 第3条–第4条; 第4条（重大事由による解除） moves behind
# 第6条 and becomes 第7条, and the article it cites (第3条, now 第4条) is cited by its new number
POLICY_A = """# 医療保険約款

## 第1章　総則

第1条（目的）
この約款は、医療保険契約の内容を定めるものです。

第2条（給付金の請求）
受取人は、必要書類を提出して給付金を請求してください。

第3条（免責事由）
当会社は、被保険者の故意により支払事由が生じたときは、給付金を支払いません。

## 第2章　契約の解除

第4条（重大事由による解除）
当会社は、給付金を詐取する目的で事故を起こしたときは、保険契約を解除することができます。{ref}に定める免責事由に該当する場合も同様とします。

第5条（解約）
保険契約者は、いつでも保険契約を解約することができます。

第6条（住所の変更）
保険契約者が住所を変更したときは、すみやかに当会社に通知してください。
"""
POLICY_B = """# 医療保険約款

## 第1章　総則

第1条（目的）
この約款は、医療保険契約の内容を定めるものです。

第2条（通院給付金の支払）
当会社は、被保険者が退院後に通院したときは、通院給付金を支払います。

第3条（給付金の請求）
受取人は、必要書類を提出して給付金を請求してください。

第4条（免責事由）
当会社は、被保険者の故意により支払事由が生じたときは、給付金を支払いません。

## 第2章　契約の解除

第5条（解約）
保険契約者は、いつでも保険契約を解約することができます。

第6条（住所の変更）
保険契約者が住所を変更したときは、すみやかに当会社に通知してください。

第7条（重大事由による解除）
当会社は、給付金を詐取する目的で事故を起こしたときは、保険契約を解除することができます。{ref}に定める免責事由に該当する場合も同様とします。
"""


def _policy(template: str, ref: str, doc_id: str) -> Document:
    return Document(id=doc_id, chunks=chunk_text(template.format(ref=ref), source=doc_id, id_prefix=doc_id))


def _plan_policy(a: Document, b: Document):
    """The plan as a comparison makes it (workflow/setup.py): identity keys, keys without the
    chunks' own numbers, their labels, own numbers and sections."""
    keys = [[match_key(c.content) for c in d.chunks] for d in (a, b)]
    labels = [[c.structure.structural_label for c in d.chunks] for d in (a, b)]
    numbers = [[own_ref(c.content) for c in d.chunks] for d in (a, b)]
    free = [[without_label(k, lab) for k, lab in zip(ks, ls)] for ks, ls in zip(keys, labels)]
    plan, _ = plan_alignment(keys[0], keys[1], keys[0], keys[1], normalized=True, number_free_keys=(free[0], free[1]),
                             sections=align_sections(a, b), labels=(labels[0], labels[1]),
                             numbers=(numbers[0], numbers[1]))
    return plan


def _by_label(d: Document, label: str) -> int:
    return next(k for k, c in enumerate(d.chunks) if c.structure.structural_label == label)


def test_a_moved_article_whose_reference_followed_the_renumbering_is_anchored():
    a, b = _policy(POLICY_A, "第3条", "a"), _policy(POLICY_B, "第4条", "b")
    plan = _plan_policy(a, b)
    g = plan.group_of_a[_by_label(a, "第4条")]
    assert g.b == (_by_label(b, "第7条"),) and g.kind == "renumbered-moved" and g.certain
    # the renumbering it followed is the anchors': 第3条 (免責事由) -> 第4条
    assert plan.group_of_a[_by_label(a, "第3条")].b == (_by_label(b, "第4条"),)


def test_a_reference_that_does_not_follow_the_renumbering_is_no_anchor():
    # 第3条 became 第4条, but the moved article now cites 第5条 (解約): a change of substance
    a, b = _policy(POLICY_A, "第3条", "a"), _policy(POLICY_B, "第5条", "b")
    g = _plan_policy(a, b).group_of_a[_by_label(a, "第4条")]
    assert not g.anchored


def test_a_moved_article_with_its_reference_followed_is_one_moved_row(hashing_embedder):
    result = hikaku.compare(_policy(POLICY_A, "第3条", "a"), _policy(POLICY_B, "第4条", "b"), llm="offline",
                            embedder=hashing_embedder)
    rows = [c for c in result.changes if "重大事由" in c.item]
    assert len(rows) == 1
    (row,) = rows
    assert row.moved and row.type == "modified" and (row.a_ids, row.b_ids) == (["a7"], ["b10"])
    assert {c.type for c in result.changes} == {"unchanged", "added", "modified"}
    assert [c.item for c in result.changes if c.type == "added"] == ["第2条（通院給付金の支払）"]


def _free_pairs(a: list[str], b: list[str], anchors: list[tuple[int, int]]) -> set[tuple[int, int]]:
    keys_a, keys_b = [match_key(x) for x in a], [match_key(x) for x in b]
    return renumbering_free_pairs(anchors, (keys_a, keys_b), ([own_ref(x) for x in a], [own_ref(x) for x in b]),
                                  [0] * len(a))


def test_articles_that_cite_each_other_follow_the_renumbering_together():
    # 第1条 is inserted; 第2条 cites 第1条 (a chain), 第3条 and 第4条 cite each other: none of
    # them is anchored before the others, all follow the renumbering they give together
    a = ["第1条 目的。", "第2条 第1条の請求。", "第3条 第4条の期限。", "第4条 第3条の猶予。"]
    b = ["第1条 新設。", "第2条 目的。", "第3条 第2条の請求。", "第4条 第5条の期限。", "第5条 第4条の猶予。"]
    assert _free_pairs(a, b, [(0, 1)]) == {(1, 2), (2, 3), (3, 4)}
    # 第4条 -> 第5条, but the new 第4条 cites 第3条 (its own former number): no renumbering
    b_wrong = [*b[:4], "第5条 第3条の猶予。"]
    assert _free_pairs(a, b_wrong, [(0, 1)]) == {(1, 2), (2, 3)}


def test_english_references_that_followed_the_renumbering_are_anchored_too():
    # Section 2.1 is inserted; 2.3 (now 2.4) cites 2.1 (now 2.2) by its new number
    a = ["Section 2.1 Fees are due monthly.", "Section 2.2 Late fees accrue.",
         "Section 2.3 Sums under Section 2.1 bear interest."]
    b = ["Section 2.1 Definitions apply.", "Section 2.2 Fees are due monthly.", "Section 2.3 Late fees accrue.",
         "Section 2.4 Sums under Section 2.2 bear interest."]
    assert _free_pairs(a, b, [(0, 1), (1, 2)]) == {(2, 3)}
    # a reference left as it was is a change of substance
    assert _free_pairs(a, [*b[:3], "Section 2.4 Sums under Section 2.1 bear interest."], [(0, 1), (1, 2)]) == set()


EN_A = """# Services Agreement

Section 1.1 Purpose
This Agreement sets out the terms on which the Supplier provides the Services.

Section 1.2 Fees
The Customer shall pay the fees within thirty days of each invoice.

Section 1.3 Exclusions
The Supplier is not liable for delays caused by the Customer.

Section 1.4 Termination for cause
Either party may terminate this Agreement if the other commits a material breach. The exclusions in {ref} also apply.

Section 1.5 Notices
Notices shall be given in writing to the address stated above.
"""
EN_B = """# Services Agreement

Section 1.1 Purpose
This Agreement sets out the terms on which the Supplier provides the Services.

Section 1.2 Data protection
Each party shall comply with the data protection laws that apply to it.

Section 1.3 Fees
The Customer shall pay the fees within thirty days of each invoice.

Section 1.4 Exclusions
The Supplier is not liable for delays caused by the Customer.

Section 1.5 Notices
Notices shall be given in writing to the address stated above.

Section 1.6 Termination for cause
Either party may terminate this Agreement if the other commits a material breach. The exclusions in {ref} also apply.
"""


def test_an_english_moved_clause_whose_reference_followed_is_one_moved_row(hashing_embedder):
    a = Document(id="a", chunks=chunk_text(EN_A.format(ref="Section 1.3"), source="a.md", id_prefix="a"))
    b = Document(id="b", chunks=chunk_text(EN_B.format(ref="Section 1.4"), source="b.md", id_prefix="b"))
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder, lang="en")
    rows = [c for c in result.changes if "Termination" in c.item]
    assert len(rows) == 1 and rows[0].moved and rows[0].a_ids and rows[0].b_ids
    assert not any(c.type == "deleted" for c in result.changes)
