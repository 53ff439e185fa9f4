"""An LLM can only make results better: adversarial models on the example pair and a
dev pair (an excerpt of 実用新案法, two consecutive versions) with ``llm_scope="all"``.
Whatever the model does, no chunk whose counterpart the evidence makes certain changes
its verdict compared with the offline run, nor one the offline policy links (½ or more) for
a counterpart below ½; every request is counted, and a model that keeps failing is given up
after ``llm_max_failures`` chunks in a row."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage, ToolMessage

from hikaku import run_comparison
from hikaku.align import load_calibration
from tests.agent import adversaries as adv
from tests.fakes import ScriptedChatModel, chunk_id_of
from tests.helpers import DATA, EXAMPLES

PAIRS = {
    "example": (EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"),
    "utility_model_law": (DATA / "jp_law_utility_model_excerpt" / "a.json",
                          DATA / "jp_law_utility_model_excerpt" / "b.json"),
}
# adversary, the fallback kinds it earns, and the requests it costs on a chunk where it fails
ADVERSARIES = {
    "deletes_everything": (adv.deletes_everything, ("evidence_deleted",), 2),  # answer, retry
    # search + answer, twice; the weakest of five hits is mostly an unrelated sentence, no more
    # similar than the chunks around it (indistinct), else a weaker related one
    "picks_the_weakest": (adv.picks_the_weakest, ("evidence_indistinct", "evidence_weaker"), 4),
    "passes_a_ids_to_b_tools": (adv.passes_a_ids_to_b_tools, ("wrong_document",), 2),  # corrected, then stopped
    "loops": (adv.loops, ("loop",), 3),  # call, repeat (corrected), repeat (stopped)
    "answers_in_plain_text": (adv.answers_in_plain_text, ("plain_text",), 2),  # corrected, then stopped
}


@pytest.fixture(scope="module")
def offline_results(use_embedder):
    return {name: run_comparison(a, b, embedder=use_embedder)[0] for name, (a, b) in PAIRS.items()}


def verdicts(result) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {a: (c.type, tuple(c.b_ids)) for c in result.changes for a in c.a_ids}


def read_trace(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def certain_chunks(events: list[dict]) -> dict[str, list[str]]:
    """Chunks whose evidence holds a certain counterpart no other chunk claims more
    probably (as the policy recorded it before the model's turn), with that counterpart."""
    certain = load_calibration().certain.value
    out = {}
    for e in events:
        if e["event"] != "evidence":
            continue
        strong = [c for c in e["candidates"] if c["probability"] >= certain and not c["claimed_by"]]
        if strong:
            out[e["chunk"][0]] = strong[0]["b_ids"]
    return out


def run_adversary(script, pair, use_embedder, tmp_path, **options):
    a, b = PAIRS[pair]
    model = ScriptedChatModel(script=script)
    trace = tmp_path / "trace.jsonl"
    result, _ = run_comparison(a, b, chat_model=model, embedder=use_embedder, llm_scope="all", concurrency=1,
                               trace=trace, **options)
    return model, result, read_trace(trace)


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("adversary", ADVERSARIES)
def test_no_certain_chunk_changes_its_verdict(adversary, pair, offline_results, use_embedder, tmp_path):
    script, kind, _ = ADVERSARIES[adversary]
    model, result, events = run_adversary(script, pair, use_embedder, tmp_path, llm_max_failures=1000)
    certain = certain_chunks(events)
    assert len(certain) >= 5, "the pair should hold chunks with certain counterparts"
    offline = verdicts(offline_results[pair])
    mine = verdicts(result)
    changed = {a: (offline[a], mine[a]) for a in certain if offline[a] != mine[a]}
    assert not changed
    # the model was asked about every chunk, and its answer was refused on the certain ones
    assert {chunk_id_of(m) for m in model.calls} >= set(certain)
    refused = {c.a_ids[0] for c in result.stats.per_chunk if c.fallback and c.fallback.split(":")[0] in kind}
    assert refused >= set(certain)
    assert sum(result.stats.llm_fallbacks.get(k, 0) for k in kind) == len(refused)
    assert result.stats.llm_rejected >= len(refused)
    assert result.stats.llm_requests == len(model.calls)  # every request counted, retries and refusals too
    counts = {k: result.stats.llm_fallbacks[k] for k in kind if result.stats.llm_fallbacks.get(k)}
    assert counts and all(any(k in n or str(c) in n for n in result.notes) for k, c in counts.items())


@pytest.mark.parametrize("adversary", ADVERSARIES)
def test_the_llm_is_given_up_after_consecutive_failures(adversary, use_embedder, tmp_path):
    script, kind, per_chunk = ADVERSARIES[adversary]
    model, result, events = run_adversary(script, "example", use_embedder, tmp_path, llm_max_failures=3)
    asked = list(dict.fromkeys(chunk_id_of(m) for m in model.calls))
    assert len(asked) == 3
    if kind[0].startswith("evidence_"):  # these fail only where the evidence is certain: so are the first three
        assert set(asked) <= set(certain_chunks(events))
    assert len(model.calls) == 3 * per_chunk
    s = result.stats
    assert s.llm_requests == 3 * per_chunk and s.llm_calls == 3 * per_chunk and s.llm_failed == 0
    assert sum(s.llm_fallbacks.get(k, 0) for k in kind) == 3
    assert s.llm_fallbacks["unavailable"] == s.chunks_examined_by_agent - 3 > 0
    given_up = next(n for n in result.notes if "打ち切った" in n)
    assert any(f"it failed on 3 chunks in a row; the last, on chunk {asked[-1]}: {k}: " in given_up for k in kind)
    kinds = [c.fallback.split(":")[0] for c in s.per_chunk if c.fallback]
    assert sum(kinds.count(k) for k in kind) == 3


def test_a_nonsense_answer_does_not_undo_a_probable_split(offline_results, use_embedder, tmp_path):
    """The example's 第15条 became 第16条・第17条: probable (above ½), not certain. A model that
    answers a<n> → b<n> without looking (ids shifted by every insertion before them) names a
    heading there; its answer is refused and the split stands (it was 削除 + 2 追加)."""
    certain = load_calibration().certain.value
    model, result, events = run_adversary(adv.shifts, "example", use_embedder, tmp_path, llm_max_failures=1000)
    (split,) = [c for c in offline_results["example"].changes if len(c.a_ids) == 1 and len(c.b_ids) == 2]
    a_id = split.a_ids[0]
    evidence = next(e for e in events if e["event"] == "evidence" and e["chunk"] == [a_id])
    best = evidence["candidates"][0]
    assert best["b_ids"] == split.b_ids and 0.5 <= best["probability"] < certain  # not the certain rule's case
    row = next(c for c in result.changes if a_id in c.a_ids)
    assert (row.type, row.b_ids) == (split.type, split.b_ids)
    refused = next(c for c in result.stats.per_chunk if c.a_ids == [a_id])
    # the heading it names is no more similar to the clause than the chunks around them: indistinct
    # (checked before whether it is weaker than the split the offline policy links)
    assert refused.policy == "offline" and refused.fallback.startswith("evidence_indistinct:")
    assert {chunk_id_of(m) for m in model.calls} >= {a_id}
    # and no chunk at all changed its verdict: every answer this model gives is implausible or the offline one
    assert verdicts(result) == verdicts(offline_results["example"])


def test_a_refused_answer_is_retried_with_the_evidence(use_embedder, tmp_path):
    model, result, events = run_adversary(adv.deletes_everything, "example", use_embedder, tmp_path,
                                          llm_max_failures=1, lang="en")
    first, retry = model.calls
    assert not adv.retried(first) and adv.retried(retry)
    prompt = str(retry[-1].content)
    assert prompt.startswith("Your previous answer could not be used because it contradicts the evidence")
    best = certain_chunks(events)[chunk_id_of(first)]
    assert f"- {', '.join(best)}: probability" in prompt  # the evidence, stated
    assert [e["kind"] for e in events if e["event"] == "retry"] == ["evidence_deleted"]


def test_a_model_corrected_once_can_go_on(use_embedder, tmp_path):
    model, result, events = run_adversary(adv.corrects_itself, "example", use_embedder, tmp_path)
    s = result.stats
    assert s.llm_fallbacks == {}
    assert s.llm_rejected == s.chunks_examined_by_agent  # one refused tool call per chunk
    refusal = next(m for call in model.calls for m in call if isinstance(m, ToolMessage))
    body = json.loads(str(refusal.content))
    assert body["success"] is False and "ドキュメントAのID" in body["error"]
    assert {c.policy for c in s.per_chunk} == {"llm"}


def test_the_plain_text_correction_is_a_message_to_the_model(use_embedder, tmp_path):
    model, result, _ = run_adversary(adv.answers_in_plain_text, "example", use_embedder, tmp_path,
                                     llm_max_failures=1)
    first, second = model.calls
    assert isinstance(second[-1], HumanMessage) and "ComparisonAnswer" in str(second[-1].content)
    assert result.stats.llm_fallbacks["plain_text"] == 1
