import json
import subprocess
import sys

import pytest

from hikaku import HikakuError
from hikaku.cli import main

from .helpers import EXAMPLES

V1 = str(EXAMPLES / "shugyo_kisoku_v1.md")
V2 = str(EXAMPLES / "shugyo_kisoku_v2.md")


def chunks(tmp_path, name, items):
    p = tmp_path / name
    p.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return str(p)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def pair(tmp_path):
    a = chunks(tmp_path, "a.json", [{"id": "a1", "content": "第1条 目的"}, {"id": "a2", "content": "第2条 20倍を支払う。"}])
    b = chunks(tmp_path, "b.json", [{"id": "b1", "content": "第1条 目的"}, {"id": "b2", "content": "第2条 25倍を支払う。"}])
    return a, b


def test_markdown_to_stdout(capsys, pair):
    code, out, err = run(capsys, "compare", *pair, "--embedding", "hashing")
    assert code == 0
    assert "| 項目 | ドキュメントA | ドキュメントB | 変更タイプ |" in out
    assert "20倍 → 25倍" in out and "**集計**: 追加 0 ／ 削除 0 ／ 変更 1 ／ 一致 1" in out
    # no progress bar when stderr is not a terminal; an offline run says nothing (why it is offline: with -v)
    assert err == ""
    code, out, err = run(capsys, "compare", *pair, "--embedding", "hashing", "-v")
    assert code == 0 and "no LLM configured (no OPENAI_API_KEY, no --llm/--llm-base-url): using the offline policy" in err
    code, out, err = run(capsys, "compare", *pair, "--embedding", "hashing", "--llm", "offline")
    assert code == 0 and err == ""  # asked for offline: nothing to say


def test_json_csv_and_output_file(capsys, pair, tmp_path):
    code, out, _ = run(capsys, "compare", *pair, "--format", "json", "--embedding", "hashing")
    data = json.loads(out)
    assert code == 0 and data["schema"] == "hikaku.comparison/v1"
    assert [c["type"] for c in data["changes"]] == ["unchanged", "modified"]
    target = tmp_path / "report.csv"
    code, out, _ = run(capsys, "compare", *pair, "-f", "csv", "-o", str(target), "--include-unchanged",
                       "--embedding", "hashing")
    assert code == 0 and out == ""
    assert target.read_text(encoding="utf-8").count("\n") == 3


def test_lang_en(capsys, pair):
    _, out, _ = run(capsys, "compare", *pair, "--lang", "en", "--embedding", "hashing")
    assert "| Item | Document A | Document B | Change |" in out and "Modified" in out


def test_progress_bar_on_request(capsys):
    code, _, err = run(capsys, "compare", V1, V2, "--progress", "--embedding", "hashing")
    assert code == 0 and "examining chunks" in err


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda t: ["missing.json", "missing2.json"], "missing.json: no such file"),
        (lambda t: [chunks(t, "a.json", [{"id": "1", "content": "x"}]), str(t / "nope.md")], "nope.md: no such file"),
        (lambda t: [str((t / "bad.json").write_text("{oops") and t / "bad.json"), V2], "invalid JSON"),
        (lambda t: [chunks(t, "d.json", [{"id": "1", "content": "x"}, {"id": "1", "content": "y"}]), V2],
         "duplicate chunk id"),
        (lambda t: [chunks(t, "e.json", []), V2], "no text"),
        (lambda t: [str((t / "a.pdf2").write_text("x") and t / "a.pdf2"), V2], "cannot tell the format"),
    ],
)
def test_input_errors_are_one_line_and_exit_2(capsys, tmp_path, make, message):
    code, out, err = run(capsys, "compare", *make(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith("hikaku: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bad_option_values(capsys, pair, monkeypatch):
    code, _, err = run(capsys, "compare", *pair, "--tools", "string_search_tool,web_search")
    assert code == 2 and "unknown tool(s) web_search" in err
    monkeypatch.setenv("HIKAKU_VECTOR_THRESHOLD", "2.5")
    code, _, err = run(capsys, "compare", *pair)
    assert code == 2 and "vector_threshold" in err


def test_unwritable_output(capsys, pair, tmp_path):
    code, _, err = run(capsys, "compare", *pair, "-o", str(tmp_path / "no" / "such" / "dir.md"), "--embedding", "hashing")
    assert code == 2 and "cannot write there: the directory" in err and "does not exist" in err


def test_usage_errors():
    with pytest.raises(SystemExit) as e:
        main(["compare", "only-one"])
    assert e.value.code == 2
    assert main([]) == 2


def test_console_script_runs_the_example():
    exe = [sys.executable, "-m", "hikaku", "compare", V1, V2, "--format", "json"]
    p = subprocess.run(exe, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["stats"]["counts"]["added"] >= 2 and data["stats"]["moved"] >= 1


def test_report_settings_from_the_environment(capsys, pair, monkeypatch):
    monkeypatch.setenv("HIKAKU_LANG", "en")
    monkeypatch.setenv("HIKAKU_INCLUDE_UNCHANGED", "true")
    code, out, _ = run(capsys, "compare", *pair, "--embedding", "hashing")
    assert code == 0 and "| Item |" in out and "Unchanged |" in out


def test_report_formats_and_options(capsys, pair, tmp_path):
    out_html = tmp_path / "report.html"
    code, out, _ = run(capsys, "compare", *pair, "--embedding", "hashing", "-o", str(out_html))
    assert code == 0 and out == ""
    assert out_html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")  # format from the extension
    code, out, _ = run(capsys, "compare", *pair, "--embedding", "hashing", "--diff-style", "html")
    assert "第2条 <del>20</del>倍を支払う。" in out and "第2条 <ins>25</ins>倍を支払う。" in out
    code, out, _ = run(capsys, "compare", *pair, "--embedding", "hashing")
    assert "第2条 ~~20~~倍を支払う。" in out and "第2条 **25**倍を支払う。" in out
    code, out, _ = run(capsys, "compare", *pair, "--embedding", "hashing", "-f", "csv", "--excel")
    assert out.startswith("\ufeffchange_type,") and "\r\n" in out


def test_strict(capsys, tmp_path):
    a = chunks(tmp_path, "a.json", [{"id": "a1", "content": "第1条 保険料は30日以内に払い込む。"}])
    b = chunks(tmp_path, "b.json", [{"id": "b1", "content": "第1条 保険料は３０日以内に払い込む。"}])
    code, out, _ = run(capsys, "compare", a, b, "--embedding", "hashing", "-f", "json")
    change = json.loads(out)["changes"][0]
    assert change["type"] == "unchanged" and change["cosmetic"] and change["cosmetic_kind"] == "width"
    code, out, _ = run(capsys, "compare", a, b, "--embedding", "hashing", "-f", "json", "--strict")
    assert json.loads(out)["changes"][0]["type"] == "modified"


# --- exit status: 2 for every error, 1 only for "the documents differ" (issue 35) ---


@pytest.mark.parametrize("error, line", [
    (RuntimeError("disk on fire"), "hikaku: internal error: RuntimeError: disk on fire (run with -v for details)"),
    (MemoryError(), "hikaku: internal error: MemoryError:  (run with -v for details)"),
    (HikakuError("a failure of its own"), "hikaku: error: a failure of its own"),
    (ValueError("two\nlines \x1b[2J"), "hikaku: internal error: ValueError: two\\nlines \\x1b[2J (run with -v for details)"),
])
def test_every_error_exits_2_with_one_line(capsys, pair, monkeypatch, error, line):
    """A bug (or memory run out) is no "the documents differ": exit 2 as every error, also with
    --exit-code; one line, control characters escaped; the traceback only with -v."""
    import hikaku.run.runner

    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(hikaku.run.runner, "build_graph", broken)
    for extra in ((), ("--exit-code",)):
        code, out, err = run(capsys, "compare", *pair, "--embedding", "hashing", *extra)
        assert (code, out, err) == (2, "", line + "\n")
    code, out, err = run(capsys, "compare", *pair, "--embedding", "hashing", "-v")
    assert code == 2 and out == "" and err.splitlines()[-1] == line.replace(" (run with -v for details)", "")
    if not isinstance(error, HikakuError):
        assert "Traceback (most recent call last)" in err and "in broken" in err


def test_exit_code_is_1_only_when_the_documents_differ(capsys, pair, tmp_path):
    a, b = pair
    assert run(capsys, "compare", a, a, "--embedding", "hashing", "--exit-code")[0] == 0
    assert run(capsys, "compare", a, b, "--embedding", "hashing", "--exit-code")[0] == 1
    assert run(capsys, "compare", a, b, "--embedding", "hashing")[0] == 0  # without --exit-code: 0 either way
    assert run(capsys, "compare", a, str(tmp_path / "nope.md"), "--exit-code")[0] == 2


def test_a_json_id_of_5000_digits_is_one_line_and_exit_2(capsys, tmp_path):
    """Before: ``internal error: ValueError`` and exit 1, the status --exit-code gives to documents that differ."""
    big = tmp_path / "big.json"
    big.write_text('[{"id": ' + "9" * 5000 + ', "content": "第1条"}]', encoding="utf-8")
    code, out, err = run(capsys, "compare", str(big), V2, "--exit-code")
    assert code == 2 and out == ""
    assert err == (f"hikaku: error: {big}: line 1: a number of 5,000 digits (99999999…), more than the 4,300 a "
                   "number may have (write a long id as a string)\n")


def test_a_file_name_over_the_system_limit_is_one_line_and_exit_2(capsys, tmp_path):
    """Before: ``internal error: OSError: [Errno 36] File name too long``, exit 1."""
    name = str(tmp_path / ("a" * 300 + ".md"))
    code, out, err = run(capsys, "compare", name, V2, "--exit-code")
    assert code == 2 and out == ""
    assert err == f"hikaku: error: {name}: no such file (the name is longer than this system allows)\n"
