"""Splits and merges on small built documents: the plan groups them, and a comparison reports
them as one 分割 / 統合 row with all their ids; a sentence that merely gained a new neighbour
stays a pair and an addition; a moved identical sentence does not cut a split off from its
original (the anchors kept are the ones in step with their neighbours)."""

import hikaku
from hikaku.align import AlignmentParams, plan_alignment
from hikaku.embeddings import HashingEmbedder
from hikaku.text.normalization import match_key

KEEP_1 = "This agreement is made between the owner of the flat and the person who rents it."
KEEP_2 = "Both parties have read these terms and agree to be bound by them."
KEEP_3 = "Any notice under this agreement must be given in writing to the address shown above."
KEEP_4 = "This agreement is governed by the law of the place where the flat is situated."


def plan(a, b):
    return plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, AlignmentParams())[0]


def chunks(prefix, texts):
    return [{"id": f"{prefix}{n}", "content": t} for n, t in enumerate(texts, 1)]


def rows(a, b):
    result = hikaku.compare(chunks("a", a), chunks("b", b), llm="offline", embedder=HashingEmbedder())
    return {(tuple(c.a_ids), tuple(c.b_ids)): c for c in result.changes}


def test_a_split_with_both_halves_reworded_is_one_row_with_all_ids():
    a = [KEEP_1, "The tenant shall pay the rent on the first day of each month, and the landlord shall issue "
                 "a receipt for every payment within five days.", KEEP_2]
    b = [KEEP_1, "The tenant must pay the rent on the first day of every month.",
         "The landlord must then issue a receipt for each payment within five days.", KEEP_2]
    g = plan(a, b).group_of_a[1]
    assert (g.kind, g.b) == ("split", (1, 2))
    got = rows(a, b)
    assert got[(("a2",), ("b2", "b3"))].type == "modified"
    assert not any(c.type == "added" for c in got.values())


def test_two_sentences_merged_into_one():
    a = [KEEP_1, "Claims must be made in writing.", "They must reach the insurer within thirty days of the loss.",
         KEEP_2]
    b = [KEEP_1, "Claims must be made in writing and must reach the insurer within thirty days of the loss.", KEEP_2]
    g = plan(a, b).group_of_a[1]
    assert (g.kind, g.a, g.b) == ("merge", (1, 2), (1,))
    got = rows(a, b)
    assert got[(("a2", "a3"), ("b2",))].type == "modified"
    assert not any(c.type == "deleted" for c in got.values())


def test_three_sentences_merged_into_one():
    a = [KEEP_1, "The device must be switched off.", "Its battery must then be removed.",
         "Only after that may the cover be opened.", KEEP_2]
    b = [KEEP_1, "The device must be switched off and its battery removed; only after that may the cover be "
                 "opened.", KEEP_2]
    g = plan(a, b).group_of_a[1]
    assert (g.kind, g.a, g.b) == ("merge", (1, 2, 3), (1,))
    assert rows(a, b)[(("a2", "a3", "a4"), ("b2",))].type == "modified"


def test_a_new_sentence_next_to_its_source_stays_a_pair_and_an_addition():
    """The near miss: the added sentence repeats words of its neighbour (the rent, the month),
    but the pair alone is closer to A than the pair with it."""
    rent = "The tenant shall pay the rent on the first day of each month."
    a = [KEEP_1, rent, KEEP_2]
    b = [KEEP_1, "The tenant must pay the rent on the first day of each month.",
         "If the first day of the month is a holiday, the rent is due on the next working day.", KEEP_2]
    p = plan(a, b)
    assert p.group_of_a[1].b == (1,) and p.unmatched_b == [2]
    got = rows(a, b)
    assert got[(("a2",), ("b2",))].type == "modified" and got[((), ("b3",))].type == "added"


def test_a_moved_sentence_does_not_cut_splits_off_from_their_originals():
    """KEEP_4 moves up; the sentences between were split. Both the chain that keeps KEEP_4 and
    the one that keeps KEEP_2 hold three anchors: the one in step with its neighbours is kept,
    so the split sentences stay in one gap with their halves (not deleted + added)."""
    a = [KEEP_1, KEEP_2,
         "The tenant shall keep the flat clean, and the tenant shall report any damage to the owner without delay.",
         "The owner shall carry out repairs within a reasonable time, and the owner shall bear their cost.",
         KEEP_4, KEEP_3]
    b = [KEEP_1, KEEP_4, KEEP_2,
         "The tenant shall keep the flat clean.", "The tenant shall report any damage to the owner without delay.",
         "The owner shall carry out repairs within a reasonable time.", "The owner shall bear their cost.",
         KEEP_3]
    p = plan(a, b)
    assert p.group_of_a[1].kind == "identical" and p.group_of_a[4].kind == "identical-moved"
    assert (p.group_of_a[2].kind, p.group_of_a[2].b) == ("split", (3, 4))
    assert (p.group_of_a[3].kind, p.group_of_a[3].b) == ("split", (5, 6))
    got = rows(a, b)
    assert got[(("a3",), ("b4", "b5"))].type == "modified" and got[(("a4",), ("b6", "b7"))].type == "modified"
    assert got[(("a5",), ("b2",))].moved
