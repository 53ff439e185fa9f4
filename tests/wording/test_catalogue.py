"""The wording catalogue as a whole: both languages have the same keys and placeholders (but
what a language's [omits] leaves out), every text formats with its values, one wording per
concept, every key the code names is there and every key is used somewhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hikaku import ConfigurationError
from hikaku.wording import LANGS, Message, WordingError, placeholders, problems, say, wording
from hikaku.wording.catalogue import raw_catalogue
from tests.helpers import ROOT

SRC = ROOT / "src" / "hikaku"
SECTIONS = {k.split(".")[0] for k in wording("ja").keys()}


def test_the_catalogue_is_whole():
    assert problems() == []
    assert set(wording("ja").keys()) == set(wording("en").keys())
    assert len(list(wording("ja").keys())) > 300


def test_problems_finds_each_kind_of_mistake():
    ja = {"a.one": "{n} 件", "a.two": "{x}", "a.broken": "{oops", "a.lonely": "だけ", "a.left": "{page}",
          "a.odd": "{n}"}
    en = {"a.one": "{n} items", "a.two": "{y}", "a.broken": "fine", "a.left": "{page}: {detail}", "a.odd": "{n}"}
    omits = {"a.left": frozenset({"detail"}), "a.odd": frozenset({"n", "m"}), "a.gone": frozenset({"x"})}
    found = problems({"ja": (ja, omits), "en": (en, {})})
    assert "a.lonely: missing in en" in found
    assert "ja: a.two: placeholders ['x'], expected ['x', 'y']" in found
    assert "en: a.two: placeholders ['y'], expected ['x', 'y']" in found
    assert any(p.startswith("ja: a.broken: not a format string") for p in found)
    assert "ja: [omits] a.odd: ['n'] used all the same" in found and "ja: [omits] a.odd: ['m'] used in no language" in found
    assert "ja: [omits] names a.gone, which is not in the catalogue" in found
    assert not any("a.one" in p or "a.left" in p for p in found)  # same placeholders; one left out as [omits] says


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_formats_with_its_placeholders(lang):
    w = wording(lang)
    for key in w.keys():
        values = dict.fromkeys(placeholders(w.template(key)), 1)
        assert isinstance(w(key, **values), str), key
        if values:
            with pytest.raises(WordingError, match=key):  # a value missing: an error naming the text
                w(key)


def test_keys_languages_and_messages():
    assert wording("ja")("report.renumbered") == "条番号のみ変更"
    assert wording("en")("report.renumbered_folded", n=4) == "Renumbered only (4)"
    assert wording("ja")("taisho.date_value", year=2026, month=4, day=1) == "2026年4月1日"
    assert wording("en")("taisho.date_value", year=2026, month=4, day=1) == "2026-04-01"
    with pytest.raises(WordingError, match="no text 'report.nothing'"):
        wording("ja")("report.nothing")
    with pytest.raises(ConfigurationError, match="unknown language 'fr'"):
        wording("fr")
    # a message: said later, in the reader's language; English as a string (logs, exceptions)
    m = Message("server.error.not_done", status=Message("state.failed"))
    assert str(m) == "the comparison is failed, not done"
    assert m.text("ja") == "この比較は「失敗」の状態で、完了していません"
    assert Message.from_dict(m.to_dict()) == m
    error = ValueError(Message("review.error.not_a_candidate", b="b9"))
    assert str(error) == "b9 is not one of the candidates of the question"
    assert say(error, "ja") == "b9 は質問の候補にありません" and say(ValueError("plain"), "ja") == "plain"
    renamed = Message("load.empty", label="/srv/jobs/1/input-a.md").map_text(lambda t: t.replace("/srv/jobs/1/input-a.md", "a.md"))
    assert renamed.text("ja") == "a.md: 本文がありません（内容のあるチャンクがありません）"


def test_one_wording_per_concept():
    """No two keys say the same in both languages: the same words are the same concept, said
    by one key (a copy would drift, as 条番号のみ変更 and 条番号のみ once did)."""
    ja, en = wording("ja"), wording("en")
    seen: dict[tuple[str, str], str] = {}
    copies = []
    for key in ja.keys():
        pair = (ja.template(key), en.template(key))
        if pair in seen:
            copies.append((seen[pair], key))
        seen[pair] = key
    assert copies == []
    assert [k for k in ja.keys() if ja.template(k).startswith("条番号のみ")] == ["report.renumbered",
                                                                              "report.renumbered_folded"]


# -- the keys the code names ------------------------------------------------------------------------
_KEY = re.compile(r"^[a-z_]+(?:\.[a-z0-9_]+)+$")
_FILES = (".html", ".css", ".js", ".json", ".py", ".toml", ".txt")  # report.html is an asset, not a key


def _python_keys() -> tuple[set[str], set[str]]:
    """The catalogue keys the library's Python names: whole (a string constant) and as the
    start of one made from data (an f-string: ``f"report.change.{t}"``, ``f"load.surrogate_{what}"``)."""
    whole, prefixes = set(), set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)
                if head.split(".")[0] in SECTIONS and head.endswith((".", "_")) and _KEY.match(head + "x"):
                    prefixes.add(head)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts
                  and _KEY.match(node.value)):
                if node.value.split(".")[0] in SECTIONS and not node.value.endswith(_FILES):
                    whole.add(node.value)
    return whole, prefixes


def _page_keys() -> tuple[set[str], set[str]]:
    """The keys the web page names: in its HTML (data-i18n) and its scripts (t("…"), `….${x}`)."""
    static = SRC / "web" / "static"
    html = (static / "index.html").read_text(encoding="utf-8")
    whole = set(re.findall(r'data-i18n(?:-title)?="([a-z0-9_.]+)"', html))
    prefixes = set()
    sections = "|".join(sorted(SECTIONS))
    pattern = re.compile(r"""["'`]((?:""" + sections + r""")\.[a-z0-9_.]*)(\$\{)?""")
    for js in static.glob("*.js"):
        for key, dynamic in pattern.findall(js.read_text(encoding="utf-8")):
            (prefixes if dynamic else whole).add(key)
    return whole, prefixes


def test_every_key_the_code_names_is_in_the_catalogue_and_every_key_is_used():
    keys = set(wording("ja").keys())
    py_whole, py_prefixes = _python_keys()
    page_whole, page_prefixes = _page_keys()
    prefixes = py_prefixes | page_prefixes
    assert sorted((py_whole | page_whole) - keys) == []
    assert sorted(p for p in prefixes if not any(k.startswith(p) for k in keys)) == []
    unused = [k for k in keys if k not in py_whole | page_whole and not any(k.startswith(p) for p in prefixes)]
    assert sorted(unused) == []


def test_the_pages_words_are_served_and_their_placeholders_plain():
    """The page fills ``{name}`` itself (app.js): no format spec, no conversion in its words."""
    from hikaku.web.language import PAGE_WORDS

    page_whole, page_prefixes = _page_keys()
    for key in page_whole | page_prefixes:
        assert key.startswith(PAGE_WORDS), key
    for lang in LANGS:
        w = wording(lang)
        for key in w.keys():
            if key.startswith(PAGE_WORDS):
                assert not re.search(r"\{[^{}]*[:!][^{}]*\}", w.template(key)), key


def test_omits_only_where_said():
    """Japanese leaves out only the English detail of the PDF reader's doubt."""
    assert dict(raw_catalogue("ja")[1]) == {"report.doc_note.reading_order": frozenset({"detail"})}
    assert dict(raw_catalogue("en")[1]) == {}


def test_no_wording_table_outside_the_catalogue():
    """The words live in the catalogue: no ``{"ja": …}`` table anywhere in the library."""
    found = [f"{p.relative_to(SRC)}:{n}" for p in SRC.rglob("*") if p.suffix in (".py", ".js", ".html")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""["']?\bja["']?\s*:\s*[{"']""", line)]
    assert found == []
    assert not (SRC / "web" / "static" / "labels.js").exists()


def test_the_catalogue_files_ship_with_the_package():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"wording/*.toml"' in text
    assert all((SRC / "wording" / f"{lang}.toml").is_file() for lang in LANGS)
    assert Path(SRC / "wording").is_dir()
