"""Loaders are found by format name and file extension, one module per format."""

import importlib
from pathlib import Path

import pytest

from hikaku import UnsupportedFormatError
from hikaku.loaders import LOADERS, detect_format, extensions, input_formats, load_document

SRC = Path(importlib.import_module("hikaku.loaders").__file__).parent


def test_every_format_is_one_module_with_load():
    builtin = LOADERS.builtins()
    assert set(builtin) == {"json", "jsonl", "markdown", "text", "pdf", "docx", "html"} <= set(input_formats())
    modules = {info.module for info in builtin.values()}
    assert len(modules) == len(builtin)  # one module per format
    for info in builtin.values():
        name = info.module.removeprefix("hikaku.loaders.")
        assert (SRC / f"{name}.py").is_file() or (SRC / name / "__init__.py").is_file()
        if info.extra is None:  # the others import their extra inside load()
            assert callable(importlib.import_module(info.module).load)


def test_extensions_select_the_format():
    assert detect_format(Path("a.MD")) == "markdown" and detect_format(Path("x.ndjson")) == "jsonl"
    assert extensions()[".htm"] == "html"
    with pytest.raises(UnsupportedFormatError, match="known extensions are"):
        detect_format(Path("a.odt"))


def test_input_format_overrides_the_extension(tmp_path):
    f = tmp_path / "notes.dat"
    f.write_text("第1条　目的を定める。\n\n第2条　範囲を定める。\n", encoding="utf-8")
    doc = load_document(f, input_format="text", id_prefix="a")
    assert [c.id for c in doc.chunks] == ["a1", "a2"] and doc.chunks[1].structure.label == "第2条"
    with pytest.raises(UnsupportedFormatError, match="unknown input format 'odt'"):
        load_document(f, input_format="odt")
