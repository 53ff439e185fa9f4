import json

import pytest

import hikaku
from hikaku import Chunk, ComparisonResult, Document

from .helpers import EXAMPLES


def test_public_api_surface():
    assert callable(hikaku.compare)
    for name in hikaku.__all__:
        assert hasattr(hikaku, name)


def test_compare_records_and_documents(hashing_embedder):
    a = [{"id": "1", "content": "保険金を支払う。"}, {"id": "2", "content": "削除される条文。"}]
    b = Document(id="new", chunks=[Chunk(id="1", content="保険金を支払う。")])
    r = hikaku.compare(a, b, embedder=hashing_embedder)
    assert [c.type for c in r.changes] == ["unchanged", "deleted"]
    assert r.document_a.id == "A" and r.document_b.id == "new"


def test_example_pair_end_to_end_and_json_round_trip(use_embedder):
    r = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder)
    by_item = {c.item: c for c in r.changes}
    assert by_item["第6条（試用期間）"].summary == "試用期間：3か月間 → 6か月間"
    assert by_item["第21条（昇給）"].type == "deleted"
    assert by_item["第15条（テレワーク勤務）"].type == "added"
    secret = by_item["第10条（秘密保持）"]
    assert secret.moved and secret.b_ids and r.document_b.title.startswith("就業規則")
    split = by_item["第15条（休暇）"]
    assert len(split.b_ids) == 2 and "10日 → 12日" in split.summary
    assert by_item["第12条（労働時間及び休憩時間）"].cosmetic
    again = ComparisonResult.from_json(r.to_json())
    assert again == r
    assert json.loads(r.to_json())["stats"]["timings_ms"]["total"] > 0


def test_options_layers(tmp_path, monkeypatch, hashing_embedder):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text('[compare]\nlang = "en"\nvector_threshold = 0.6\n', encoding="utf-8")
    monkeypatch.setenv("HIKAKU_HOME", str(home))
    opts = hikaku.resolve_options()
    assert opts.lang == "en" and opts.vector_threshold == 0.6
    monkeypatch.setenv("HIKAKU_LANG", "ja")
    assert hikaku.resolve_options().lang == "ja"  # environment beats the file
    assert hikaku.resolve_options({"lang": "en"}).lang == "en"  # arguments beat both
    assert hikaku.user_dir() == home


def test_bad_config_file(tmp_path, monkeypatch):
    (tmp_path / "config.toml").write_text("lang = ", encoding="utf-8")
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))
    with pytest.raises(hikaku.ConfigurationError, match="config.toml"):
        hikaku.resolve_options()


def test_progress_callback(hashing_embedder):
    seen = []
    hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=hashing_embedder,
                   progress=lambda stage, done, total: seen.append((stage, done, total)))
    agent = [s for s in seen if s[0] == "agent"]
    assert agent[0][1] == 0 and agent[-1][1] == agent[-1][2] > 0
    assert ("plan", 1, 1) in seen and ("report", 1, 1) in seen


async def test_acompare_keeps_the_event_loop_free(hashing_embedder):
    import asyncio

    from .helpers import EXAMPLES

    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    task = asyncio.create_task(ticker())
    result = await hikaku.acompare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                                   embedder=hashing_embedder)
    task.cancel()
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=hashing_embedder)
    assert [c.model_dump() for c in result.changes] == [c.model_dump() for c in expected.changes]
    # the loop ran while the comparison did (any tick counted happened before the await returned; how many
    # depends on the machine's load and the GIL, not on whether the loop was free)
    assert ticks > 0


def test_options_are_resolved_once_and_given_whole(hashing_embedder):
    opts = hikaku.resolve_options({"lang": "en"})
    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", options=opts,
                            embedder=hashing_embedder)
    assert result.changes and "変更" not in hikaku.render(result, "md", lang=opts.lang)
    with pytest.raises(TypeError, match="either options or option keywords"):
        hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", options=opts, lang="ja")


V1 = EXAMPLES / "shugyo_kisoku_v1.md"


@pytest.mark.parametrize("args, kwargs, message", [
    ((None, V1), {}, r"argument a must be a path \(str or os\.PathLike\), a hikaku\.Document or a list of chunk dicts"),
    ((V1, 3.5), {}, r"argument b must be a path .*, not float"),
    ((b"raw bytes", V1), {}, r"argument a: bytes"),
    (({"id": "c1", "content": "x"}, V1), {}, r"argument a: a dict"),
    ((V1, V1), {"options": {"lang": "en"}}, r"options must be a hikaku\.CompareOptions .*, not dict"),
    ((V1, V1), {"progress": "yes"}, r"progress must be a callable"),
    ((V1, V1), {"checkpoint": 42}, r"checkpoint must be a path"),
    ((V1, V1), {"run_id": 7}, r"run_id must be a str, not int"),
])
def test_wrong_argument_types_name_the_argument(args, kwargs, message):
    with pytest.raises(hikaku.InvalidArgumentError, match=message) as e:
        hikaku.compare(*args, **kwargs)
    assert isinstance(e.value, TypeError) and isinstance(e.value, hikaku.InputError)  # either way of catching it


def test_arguments_that_are_not_documents_give_input_errors(hashing_embedder):
    with pytest.raises(hikaku.InputError, match="argument a: the path is empty"):
        hikaku.compare("", V1)
    with pytest.raises(hikaku.InputError, match="argument b: this looks like document text, not a path"):
        hikaku.compare(V1, V1.read_text(encoding="utf-8"))
    with pytest.raises(hikaku.InvalidDocumentError, match=r"argument a: chunk #1 is a str, expected an object"):
        hikaku.compare(["第1条", "第2条"], V1, embedder=hashing_embedder)
    with pytest.raises(hikaku.InvalidDocumentError, match=r"argument b: chunk #2 \(id 'x'\) has no 'content' string"):
        hikaku.compare(V1, [{"id": "w", "content": "a"}, {"id": "x"}], embedder=hashing_embedder)
    # generators of chunk records are fine
    result = hikaku.compare((dict(id=f"a{i}", content=f"第{i}条") for i in range(3)),
                            (dict(id=f"b{i}", content=f"第{i}条") for i in range(3)), embedder=hashing_embedder)
    assert result.stats.counts["unchanged"] == 3 and result.document_a.id == "A"


def test_the_cyclic_collector_runs_again_after_a_comparison_and_after_a_bad_input(hashing_embedder, tmp_path):
    """Loading and planning pause CPython's cyclic collector (hikaku/system/memory.py objects_kept):
    it must run again after the comparison, also when an input is refused mid-load."""
    import gc

    assert gc.isenabled()
    a = [{"id": "1", "content": "第1条 保険金を支払う。"}, {"id": "2", "content": "第2条 届け出る。"}]
    b = [{"id": "1", "content": "第1条 保険金を支払います。"}, {"id": "2", "content": "第2条 届け出る。"}]
    assert hikaku.compare(a, b, embedder=hashing_embedder).changes
    assert gc.isenabled()
    bad = tmp_path / "b.json"
    bad.write_text("[{\"id\": \"1\"}]", encoding="utf-8")  # a chunk without content
    with pytest.raises(hikaku.InputError):
        hikaku.compare(a, str(bad), embedder=hashing_embedder)
    assert gc.isenabled()


# --- the API raises HikakuError subclasses only (issue 35) ---


def test_a_file_whose_name_holds_a_line_break_is_compared(tmp_path, capsys):
    """A line break is a legal character of a file name: such a file is read, by the API and the
    command line (only a string that names no file and holds one is taken for document text)."""
    from hikaku.cli import main

    a = tmp_path / "就業規則\n2024.md"
    b = tmp_path / "就業規則\n2025.md"
    a.write_text("第1条 目的\n\nこの規則は社員の労働条件を定める。\n", encoding="utf-8")
    b.write_text("第1条 目的\n\nこの規則は従業員の労働条件を定める。\n", encoding="utf-8")
    result = hikaku.compare(a, b, embedding="hashing")
    assert result.stats.counts["modified"] == 1
    assert main(["compare", str(a), str(b), "--embedding", "hashing", "--exit-code"]) == 1
    assert "従業員" in capsys.readouterr().out


def test_a_tokenizers_name_is_the_option_of_that_name(monkeypatch):
    """``tokenizer="bigram"`` names the option (the argument of the same name hides it); before, the
    string reached the index and failed there (AttributeError)."""
    import hikaku.workflow.setup as setup

    made = []
    real = setup.get_tokenizer
    monkeypatch.setattr(setup, "get_tokenizer", lambda name="sudachi": made.append(name) or real(name))
    a = [{"id": "1", "content": "第1条 目的"}, {"id": "2", "content": "第2条 保険料は月額1,000円とする。"}]
    b = [{"id": "1", "content": "第1条 目的"}, {"id": "2", "content": "第2条 保険料は月額1,200円とする。"}]
    result = hikaku.compare(a, b, tokenizer="bigram", embedding="hashing")
    assert result.stats.counts["modified"] == 1 and made == ["bigram"]
    with pytest.raises(hikaku.InvalidArgumentError, match="either options or option keywords"):
        hikaku.compare(a, b, tokenizer="bigram", options=hikaku.resolve_options({}))
    with pytest.raises(hikaku.InvalidArgumentError, match="tokenizer must be a hikaku Tokenizer"):
        hikaku.compare(a, b, tokenizer=object(), embedding="hashing")


@pytest.mark.parametrize("call, message", [
    (lambda: hikaku.load_document(5), "give a path .*, not int"),
    (lambda: hikaku.load_document(None), "not NoneType"),
    (lambda: hikaku.load_document(b"[]"), "not bytes"),
    (lambda: hikaku.render(5, "md"), "render needs a hikaku.ComparisonResult, not int"),
    (lambda: hikaku.compare("a.md", "b.md", options=hikaku.resolve_options({}), lang="en"),
     "either options or option keywords"),
])
def test_bad_arguments_are_invalid_argument_errors(call, message):
    with pytest.raises(hikaku.InvalidArgumentError, match=message) as e:
        call()
    assert isinstance(e.value, TypeError)  # what Python raises for a wrong argument, too


def test_bad_render_options_are_invalid_argument_errors():
    result = hikaku.compare([{"id": "1", "content": "第1条"}], [{"id": "1", "content": "第1条 目的"}],
                            embedding="hashing")
    with pytest.raises(hikaku.InvalidArgumentError, match="unknown render option"):
        hikaku.render(result, "md", colour="red")
    with pytest.raises(hikaku.InvalidArgumentError, match="either options or keyword options"):
        hikaku.render(result, "md", hikaku.RenderOptions(), lang="en")
