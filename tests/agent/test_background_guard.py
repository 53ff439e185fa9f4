"""An LLM cannot make an unrelated clause the counterpart (agent/evidence.py): a model that
links every item of a list-heavy policy to the item in its place — the replaced ones too, to the
unrelated items written on the same pattern — is refused for those (``evidence_indistinct``),
through the real client path of the scripted model; the offline decision stands."""

from __future__ import annotations

from hikaku import run_comparison
from tests.fakes import ScriptedChatModel, answer, chunk_id_of
from tests.policy_docs import list_terms_chunks


def links_the_item_in_its_place(messages):
    cid = chunk_id_of(messages)
    replaced = {c["id"] for c in list_terms_chunks(2)}
    return answer([f"{cid}-new" if f"{cid}-new" in replaced else cid], "modified", "the item in its place", 0.99)


def test_the_llm_cannot_pair_an_item_with_the_unrelated_one_in_its_place(use_embedder, tmp_path):
    model = ScriptedChatModel(script=links_the_item_in_its_place)
    result, _ = run_comparison(list_terms_chunks(1), list_terms_chunks(2), chat_model=model, embedder=use_embedder,
                               llm_scope="all", concurrency=1, lang="en", llm_max_failures=1000)
    pairs = {(a, b) for c in result.changes for a in c.a_ids for b in c.b_ids}
    assert not [p for p in pairs if p[1].endswith("-new")]  # no replaced item paired with its replacement
    assert {c.a_ids[0] for c in result.of_type("deleted")} == {"p1", "p3", "p5", "p7", "r1", "r3", "r5"}
    assert result.stats.llm_fallbacks.get("evidence_indistinct") == 7
    assert any("no more similar than the chunks around it" in n for n in result.notes)
    # the items the LLM paired rightly stand (two edited, the rest unchanged)
    assert [c.b_ids for c in result.of_type("modified")] == [["p0"], ["r2"]]
