"""``run(RunRequest) -> RunOutcome`` on real inputs: the record every front builds gives the same
result as the Python API, reads each side with the options' encoding and limits (as the front
names it), and says what it read."""

from __future__ import annotations

import dataclasses
import inspect
import json
import threading

import pytest

import hikaku
from hikaku import InputError, InvalidArgumentError
from hikaku.embeddings import HashingEmbedder
from hikaku.run import (
    Components,
    Durability,
    EmbedderCache,
    RunOutcome,
    RunRequest,
    Side,
    comparison_request,
    load_side,
    render_options,
    run,
)
from hikaku.settings import resolve_options

from ..helpers import EXAMPLES

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"
FAST = {"embedding": "hashing", "llm": "offline"}


def rows(result):
    return [(c.type, tuple(c.a_ids), tuple(c.b_ids), c.summary, c.moved) for c in result.changes]


def test_a_request_runs_as_the_api_does(hashing_embedder):
    opts = resolve_options(FAST)
    request = RunRequest(Side(V1), Side(V2), opts, components=Components(embedder=hashing_embedder))
    assert dataclasses.is_dataclass(request) and request.__dataclass_params__.frozen  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.options = opts  # type: ignore[misc]
    outcome = run(request)
    assert isinstance(outcome, RunOutcome)
    api = hikaku.compare(V1, V2, embedder=hashing_embedder, **FAST)
    assert rows(outcome.result) == rows(api) and outcome.result.stats.counts == api.stats.counts
    doc_a, doc_b = outcome.documents
    assert (doc_a.id, doc_b.id) == ("shugyo_kisoku_v1", "shugyo_kisoku_v2")
    assert doc_a.chunks[0].id == "a1" and doc_b.chunks[0].id == "b1"
    assert outcome.state["result"] is outcome.result and outcome.state["comparison_results"]
    assert [(f.kind, f.path) for f in outcome.inputs] == [("input", str(V1)), ("input", str(V2))]


def test_the_agents_thoughts_are_kept_for_a_caller_that_reads_the_state(hashing_embedder):
    """Ten lines or so a group examined (100 MB at 50,000 groups): kept only when asked for."""
    opts = resolve_options(FAST)
    outcome = run(RunRequest(Side(V1), Side(V2), opts, components=Components(embedder=hashing_embedder)))
    examined = [d for d in outcome.state["comparison_results"] if d.decided_by == "agent"]
    assert examined and not any(t.startswith(f"[{examined[0].a_ids[0]}]") for t in outcome.state["agent_thoughts"])
    _, state = hikaku.run_comparison(V1, V2, embedder=hashing_embedder, **FAST)
    assert state["comparison_results"] == outcome.state["comparison_results"]
    assert all(any(t.startswith(f"[{d.a_ids[0]}]") for t in state["agent_thoughts"]) for d in examined)


def test_the_api_has_one_signature_the_requests():
    params = inspect.signature(comparison_request).parameters
    for f in (hikaku.compare, hikaku.run_comparison, hikaku.acompare):
        assert inspect.signature(f).parameters == params, f.__name__
    assert inspect.iscoroutinefunction(hikaku.acompare)
    assert inspect.signature(hikaku.compare).return_annotation == "ComparisonResult"
    request = comparison_request(V1, V2, lang="en", trace="t.jsonl", run_id="r", decisions=[])
    assert request.options.lang == "en" and request.trace == "t.jsonl" and request.durability.run_id == "r"
    assert (request.a.argument, request.b.argument) == ("a", "b")
    with pytest.raises(TypeError, match="either options or option keywords"):
        comparison_request(V1, V2, options=resolve_options(), lang="en")


def test_a_side_named_as_its_front_names_it(tmp_path):
    """An upload stored under a generated name is read as the user's file: the document's id,
    title and source, the chunks' metadata and every message name the user's file."""
    stored = tmp_path / "input-a.md"
    stored.write_bytes(V1.read_bytes())
    doc = load_side(Side(stored, name="就業規則 旧.md", format="markdown"), "a", resolve_options())
    assert (doc.id, doc.source) == ("就業規則 旧", "就業規則 旧.md")
    assert {c.metadata.get("source") for c in doc.chunks} == {"就業規則 旧.md"}
    (tmp_path / "input-b.md").write_text("  \n", encoding="utf-8")
    with pytest.raises(InputError, match=r"^新\.md: the document has no text") as e:
        load_side(Side(tmp_path / "input-b.md", name="新.md"), "b", resolve_options())
    assert str(tmp_path) not in str(e.value)


def test_a_side_read_with_the_options_encoding_and_limits(tmp_path):
    sjis = tmp_path / "v1.md"
    sjis.write_bytes(V1.read_text(encoding="utf-8").encode("cp932"))
    forced = load_side(Side(sjis), "a", resolve_options({"encoding": "cp932"}))
    assert [c.content for c in forced.chunks] == [c.content for c in load_side(Side(V1), "a", resolve_options()).chunks]
    with pytest.raises(InputError, match="cannot be decoded as utf-8"):
        load_side(Side(sjis), "a", resolve_options({"encoding": "utf-8"}))
    small = resolve_options({"max_document_chars": 1000})
    with pytest.raises(InputError, match=r"over the limit of 1,000 \(max_document_chars; raise it with "
                                         r"--max-document-chars or HIKAKU_MAX_DOCUMENT_CHARS\)"):
        load_side(Side(V1), "a", small)
    with pytest.raises(InputError, match=r"over the limit of 1,000 \(max_document_chars; a limit of this server, set "
                                         r"by its operator \(HIKAKU_MAX_DOCUMENT_CHARS or max_document_chars in "
                                         r"config\.toml\)\)") as e:
        load_side(Side(V1), "a", small, served=True)
    assert "--max-document-chars" not in str(e.value)


def test_inline_text_and_records():
    text = "第1条（目的）この約款は保険契約の内容を定める。\n\n第2条（保険金）日額の20倍を支払う。\n"
    doc = load_side(Side(text=text, format="text"), "b", resolve_options())
    assert (doc.id, doc.title, doc.source) == ("B", "B", None)
    assert [c.id for c in doc.chunks] == ["b1", "b2"] and doc.chunks[1].content.startswith("第2条")
    as_file = load_side(Side(EXAMPLES / "policy_a.json"), "a", resolve_options())
    records = json.loads((EXAMPLES / "policy_a.json").read_text(encoding="utf-8"))
    listed = load_side(Side(records.get("chunks", records) if isinstance(records, dict) else records), "a",
                       resolve_options())
    assert listed.id == "A" and [c.content for c in listed.chunks] == [c.content for c in as_file.chunks]
    with pytest.raises(InputError, match="b_text: inline text is read as Markdown, text, HTML or chunk JSON/JSONL, "
                                         "not pdf"):
        load_side(Side(text="x", name="b_text", format="pdf"), "b", resolve_options())
    with pytest.raises(InputError, match="a_text: not valid Unicode text"):
        load_side(Side(text="第1条 \udc80", name="a_text"), "a", resolve_options())


@pytest.mark.parametrize("source, message", [
    (None, r"argument a must be a path .*, not NoneType"),
    (42, r"argument a must be a path .*, not int"),
    (b"# x", r"argument a: bytes; give a path"),
    ({"id": "x"}, r"argument a: a dict; give a path"),
])
def test_a_request_refuses_a_source_it_cannot_read(source, message):
    with pytest.raises(InvalidArgumentError, match=message):
        RunRequest(Side(source, argument="a"), Side(V2), resolve_options())
    with pytest.raises(InvalidArgumentError, match="options must be a hikaku.CompareOptions"):
        RunRequest(Side(V1), Side(V2), {"lang": "en"})  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="give either a source or the text"):
        RunRequest(Side(V1, text="x"), Side(V2), resolve_options())


def test_a_durable_run_resumes_from_its_request(tmp_path, hashing_embedder):
    opts = resolve_options(FAST)
    durable = Durability(tmp_path / "runs.sqlite", "r1")
    first = run(RunRequest(Side(V1), Side(V2), opts, components=Components(embedder=hashing_embedder),
                           durability=durable))
    again = run(RunRequest(Side(V1), Side(V2), opts, components=Components(embedder=hashing_embedder),
                           durability=dataclasses.replace(durable, resume=True)))
    assert rows(again.result) == rows(first.result) and again.result.stats.run_id == "r1"


def test_render_options_from_the_run_options():
    ro = render_options(resolve_options({"lang": "en", "include_unchanged": True, "diff_style": "html"}), excel=True)
    assert (ro.lang, ro.include_unchanged, ro.diff_style, ro.excel, ro.column_order) == ("en", True, "html", True, None)


def test_the_embedder_cache_keeps_one_model_per_settings():
    cache = EmbedderCache({})
    hashing = resolve_options({"embedding": "hashing"}).index_settings()
    got = []
    threads = [threading.Thread(target=lambda: got.append(cache.get(hashing))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(e) for e in got}) == 1 and isinstance(got[0], HashingEmbedder)
    other = resolve_options({"embedding": "hashing", "embedding_cache": False}).index_settings()
    assert cache.get(other) is not got[0]
    fixed = HashingEmbedder()
    assert EmbedderCache({}, fixed=fixed).get(hashing) is fixed
