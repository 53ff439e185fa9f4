"""The bad-input corpus: one generator per case, each writing its files into a fresh
directory and saying what hikaku must do with them — through the CLI and through
``hikaku.compare``: the exit status (or exception), the one message and the file it
names. Large cases are generated here, at test time (nothing big is committed).

Every case directory holds ``a.md`` / ``b.md`` (the bundled example pair) unless the case
writes its own inputs, and ``home/`` (its ``$HIKAKU_HOME``).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hikaku import (
    CheckpointError,
    ConfigurationError,
    DocumentNotFoundError,
    DuplicateChunkIdError,
    EmptyDocumentError,
    InputError,
    InvalidArgumentError,
    InvalidDocumentError,
    UnsupportedFormatError,
)

from ..helpers import EXAMPLES
from ..loaders.make_files import ARTICLES_V1, TABLE_V1, make_docx, make_pdf

MB = 1024 * 1024


@dataclass
class Case:
    a: Any  # the inputs, relative to the case directory ("-": standard input, CLI only)
    b: Any
    message: str  # a regular expression the one error line / the exception's message must match
    names: str  # what the message must name (a file, usually)
    error: type[BaseException] | None = None  # the API's exception; None: the run succeeds
    exit_code: int = 2  # the CLI's exit status
    cli_args: tuple[str, ...] = ()
    api_kwargs: dict[str, Any] = field(default_factory=dict)
    stdin: str | None = None  # a file of the case fed to the CLI's standard input
    output: str | None = "out.md"  # the CLI's -o (None: the report goes to stdout)
    also: tuple[str, ...] = ()  # other lines allowed on stderr of a successful run (regular expressions)
    check: Callable[[Path], None] | None = None  # more assertions on the case directory afterwards
    api_message: str | None = None  # when the API's message differs from the CLI's


CASES: dict[str, Callable[[Path], Case]] = {}
CLI_CASES: list[str] = []  # run through the command line
API_CASES: list[str] = []  # run through hikaku.compare


def case(fn: Callable[[Path], Case] | None = None, *, cli: bool = True, api: bool = True) -> Any:
    """Register a case generator (``@case``, or ``@case(api=False)`` for a case only one front can give)."""
    def register(f: Callable[[Path], Case]) -> Callable[[Path], Case]:
        CASES[f.__name__] = f
        if cli:
            CLI_CASES.append(f.__name__)
        if api:
            API_CASES.append(f.__name__)
        return f

    return register(fn) if fn is not None else register


def prepare(name: str, root: Path) -> tuple[Path, Case]:
    d = root / name
    d.mkdir(parents=True)
    (d / "home").mkdir()
    shutil.copy(EXAMPLES / "shugyo_kisoku_v1.md", d / "a.md")
    shutil.copy(EXAMPLES / "shugyo_kisoku_v2.md", d / "b.md")
    return d, CASES[name](d)


def _example(d: Path) -> str:
    return (d / "a.md").read_text(encoding="utf-8")


# --- empty and binary -------------------------------------------------------------------------


@case
def empty_file(d: Path) -> Case:
    (d / "empty.md").write_bytes(b"")
    return Case("empty.md", "b.md", r"the document has no text", "empty.md", EmptyDocumentError)


@case
def whitespace_only(d: Path) -> Case:
    (d / "blank.txt").write_text(" \n\n\u3000\t\n", encoding="utf-8")
    return Case("a.md", "blank.txt", r"the document has no text", "blank.txt", EmptyDocumentError)


@case
def empty_json_list(d: Path) -> Case:
    (d / "empty.json").write_text("[]", encoding="utf-8")
    return Case("empty.json", "b.md", r"the document has no text", "empty.json", EmptyDocumentError)


@case
def binary_as_text(d: Path) -> Case:
    (d / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + os.urandom(4096))
    return Case("image.txt", "b.md", r"not a text file \(it holds NUL bytes", "image.txt", InvalidDocumentError)


@case
def binary_as_json(d: Path) -> Case:
    (d / "data.json").write_bytes(os.urandom(2048) + b"\x00")
    return Case("a.md", "data.json", r"not a text file", "data.json", InvalidDocumentError)


# --- names and formats ------------------------------------------------------------------------


@case
def wrong_extension(d: Path) -> Case:
    with zipfile.ZipFile(d / "report.xlsx", "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    return Case("report.xlsx", "b.md", r"cannot tell the format from the extension '\.xlsx'", "report.xlsx",
                UnsupportedFormatError)


@case
def no_extension(d: Path) -> Case:
    (d / "README").write_text(_example(d), encoding="utf-8")
    return Case("a.md", "README", r"cannot tell the format from the extension '\(none\)'", "README",
                UnsupportedFormatError)


@case
def text_named_pdf(d: Path) -> Case:
    (d / "fake.pdf").write_text(_example(d), encoding="utf-8")
    return Case("fake.pdf", "b.md", r"not a PDF file \(no %PDF header\)", "fake.pdf", InvalidDocumentError)


@case
def missing_file(d: Path) -> Case:
    return Case("a.md", "missing.md", r"no such file", "missing.md", DocumentNotFoundError)


@case
def directory_as_input(d: Path) -> Case:
    (d / "folder.md").mkdir()
    return Case("folder.md", "b.md", r"not a regular file", "folder.md", DocumentNotFoundError)


@case
def file_name_over_the_system_limit(d: Path) -> Case:
    """A name longer than the file system allows (255 bytes): before, ``internal error: OSError``, exit 1."""
    name = "約款" * 60 + ".md"  # 120 characters, 363 bytes
    return Case(name, "b.md", r"no such file \(the name is longer than this system allows\)", name,
                DocumentNotFoundError)


@case
def pipe_as_input(d: Path) -> Case:
    """A FIFO (a named pipe): reading it would wait for a writer that never comes."""
    os.mkfifo(d / "pipe.md")
    return Case("a.md", "pipe.md", r"pipe\.md: not a regular file \(a pipe, a socket or a device\)", "pipe.md",
                DocumentNotFoundError)


@case(api=False)
def a_missing_file_whose_name_holds_a_line_break(d: Path) -> Case:
    """The message stays one line: the line break is written as its escape."""
    return Case("a.md", "b.md", r"^hikaku: error: no\\nsuch\.json: no such decisions file$", "no\\nsuch.json",
                cli_args=("--decisions", "no\nsuch.json"))


# --- encodings --------------------------------------------------------------------------------


@case
def invalid_utf8(d: Path) -> Case:
    text = _example(d)
    head = text[:200].encode("utf-8")
    (d / "broken.md").write_bytes(head + b"\xff" + text[200:].encode("utf-8"))
    return Case("broken.md", "b.md", rf"not valid UTF-8: 1 invalid byte sequence\(s\), the first at offset {len(head)} "
                r"\(0xff\)", "broken.md", InvalidDocumentError)


@case
def cut_off_utf8(d: Path) -> Case:
    raw = _example(d).encode("utf-8")
    cut = next(k for k in range(len(raw) - 1, 0, -1) if raw[k] >= 0xE0)  # inside the last multi-byte character
    (d / "cut.md").write_bytes(raw[:cut + 1])
    return Case("a.md", "cut.md", r"not valid UTF-8", "cut.md", InvalidDocumentError)


@case
def undecodable_in_every_encoding(d: Path) -> Case:
    (d / "garbled.txt").write_bytes(b"\x81\x81\xff\xfe\x80\x85\xa0\xfd" * 64)
    return Case("garbled.txt", "b.md", r"cannot be decoded as text \(not UTF-8, UTF-16/32 with a byte order mark, "
                r"CP932/Shift_JIS or EUC-JP\)", "garbled.txt", InvalidDocumentError)


@case
def wrong_forced_encoding(d: Path) -> Case:
    (d / "sjis.md").write_bytes(_example(d).encode("cp932"))
    return Case("sjis.md", "b.md", r"cannot be decoded as utf-8 \(byte 0x", "sjis.md", InvalidDocumentError,
                cli_args=("--encoding", "utf-8"), api_kwargs={"encoding": "utf-8"})


@case
def utf16_without_bom(d: Path) -> Case:
    (d / "utf16.md").write_bytes(_example(d).encode("utf-16-le"))
    return Case("a.md", "utf16.md", r"UTF-16 without a byte order mark", "utf16.md", InvalidDocumentError)


# --- chunk JSON -------------------------------------------------------------------------------


@case
def invalid_json(d: Path) -> Case:
    (d / "bad.json").write_text('[{"id": "1", "content": "x"},', encoding="utf-8")
    return Case("bad.json", "b.md", r"invalid JSON at line 1", "bad.json", InvalidDocumentError)


@case
def json_of_the_wrong_shape(d: Path) -> Case:
    (d / "shape.json").write_text('{"articles": [1, 2]}', encoding="utf-8")
    return Case("shape.json", "b.md", r"expected a JSON list of chunks or an object with a 'chunks' list", "shape.json",
                InvalidDocumentError)


@case
def json_chunk_without_content(d: Path) -> Case:
    (d / "nocontent.json").write_text('[{"id": "c1", "text": "第1条"}]', encoding="utf-8")
    return Case("nocontent.json", "b.md", r"chunk #1 \(id 'c1'\) has no 'content' string", "nocontent.json",
                InvalidDocumentError)


@case
def duplicate_ids(d: Path) -> Case:
    chunks = [{"id": "c1", "content": "第1条 目的"}, {"id": "c2", "content": "第2条 定義"}, {"id": "c1", "content": "第3条"}]
    (d / "dup.json").write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    return Case("a.md", "dup.json", r"duplicate chunk id\(s\) 'c1'", "dup.json", DuplicateChunkIdError)


@case
def deep_json(d: Path) -> Case:
    (d / "deep.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    return Case("deep.json", "b.md", r"JSON nested deeper than the limit of 64 levels \(max_json_depth; raise it with "
                r"--max-json-depth or HIKAKU_MAX_JSON_DEPTH\)", "deep.json", InvalidDocumentError)


@case
def deep_jsonl(d: Path) -> Case:
    line = '{"id": "c1", "content": "第1条", "metadata": {"x": ' + "[" * 5000 + "]" * 5000 + "}}"
    (d / "deep.jsonl").write_text('{"id": "c0", "content": "前文"}\n' + line + "\n", encoding="utf-8")
    return Case("a.md", "deep.jsonl", r"line 2: JSON nested deeper than the limit of 64 levels", "deep.jsonl",
                InvalidDocumentError)


@case
def long_json_chunk(d: Path) -> Case:
    (d / "long.json").write_text(json.dumps([{"id": "c1", "content": "条" * 200_000}], ensure_ascii=False),
                                 encoding="utf-8")
    return Case("long.json", "b.md", r"chunk #1 \(id 'c1'\) has 200,000 characters, over the limit of 100,000 "
                r"\(max_chunk_length", "long.json", InvalidDocumentError)


@case
def json_id_of_5000_digits(d: Path) -> Case:
    """Before: ``internal error: ValueError`` (Python converts at most 4,300 digits), exit 1."""
    (d / "ids.json").write_text('[{"id": ' + "9" * 5000 + ', "content": "第1条 目的"}]', encoding="utf-8")
    return Case("ids.json", "b.md", r"ids\.json: line 1: a number of 5,000 digits \(99999999…\), more than the 4,300 "
                r"a number may have \(write a long id as a string\)", "ids.json", InvalidDocumentError)


@case
def jsonl_number_of_5000_digits_in_metadata(d: Path) -> Case:
    (d / "meta.jsonl").write_text('{"id": "c1", "content": "第1条 目的"}\n{"id": "c2", "content": "第2条", '
                                  '"metadata": {"page": ' + "1" * 5000 + '}}\n', encoding="utf-8")
    return Case("a.md", "meta.jsonl", r"meta\.jsonl: line 2: a number of 5,000 digits", "meta.jsonl",
                InvalidDocumentError)


@case
def lone_surrogate_in_json(d: Path) -> Case:
    """A string cut in the middle of a UTF-16 pair (``\\ud83d`` without its second half): before,
    ``internal error: UnicodeEncodeError`` when the run hashed the text."""
    (d / "cut.json").write_text('[{"id": "c1", "content": "第1条 目的"}, {"id": "c2", "content": "絵文字\\ud83dの後"}]',
                                encoding="utf-8")
    return Case("cut.json", "b.md", r"cut\.json: chunk 'c2': its text holds a lone surrogate \\ud83d at character 4: "
                r"half of a UTF-16 pair", "cut.json", InvalidDocumentError)


@case
def lone_surrogate_in_metadata(d: Path) -> Case:
    """In a heading of the metadata, which the reports show: before, an internal error while rendering."""
    (d / "meta.json").write_text('[{"id": "c1", "content": "第1条 目的", "metadata": {"heading": "\\udc00第1条"}}]',
                                 encoding="utf-8")
    return Case("a.md", "meta.json", r"meta\.json: chunk #1 \(id 'c1'\): its metadata holds a lone surrogate \\udc00",
                "meta.json", InvalidDocumentError)


# --- sizes: limits checked before parsing -----------------------------------------------------


@case
def file_over_the_size_limit(d: Path) -> Case:
    (d / "big.md").write_text(_example(d) * 300, encoding="utf-8")  # about 2 MB
    return Case("big.md", "b.md", r"the file is [\d.]+ MB, over the limit of 1 MB \(max_input_mb; raise it with "
                r"--max-input-mb or HIKAKU_MAX_INPUT_MB\)", "big.md", InvalidDocumentError,
                cli_args=("--max-input-mb", "1"), api_kwargs={"max_input_mb": 1})


@case
def huge_single_line(d: Path) -> Case:
    """30 MB of text without a line break (nor a sentence end)."""
    (d / "line.txt").write_text("従業員規則" * 2_000_000, encoding="utf-8")
    return Case("a.md", "line.txt", r"10,000,000 characters of text, over the limit of 4,000,000 "
                r"\(max_document_chars", "line.txt", InvalidDocumentError)


@case
def huge_single_line_with_sentences(d: Path) -> Case:
    """30 MB without a line break, but with sentence ends the chunker could cut at."""
    (d / "sentences.txt").write_text("従業員は会社の規則を守らなければならない。" * 476_190, encoding="utf-8")
    return Case("sentences.txt", "b.md", r"characters of text, over the limit of 4,000,000 \(max_document_chars",
                "sentences.txt", InvalidDocumentError)


@case
def long_paragraph(d: Path) -> Case:
    (d / "para.md").write_text("# 規則\n\n" + "従業員規則" * 60_000 + "\n", encoding="utf-8")
    return Case("para.md", "b.md", r"chunk a2 \(line 3: no line break, heading or sentence end to cut it at\) has "
                r"300,000 characters, over the limit of 100,000 \(max_chunk_length", "para.md", InvalidDocumentError)


def _docx_with(d: Path, name: str, document_xml_mb: int) -> None:
    """A real Word file whose word/document.xml is replaced by one of *document_xml_mb* MB
    (spaces inside the body: it compresses about 1,000:1)."""
    base = make_docx(d / "base.docx", ARTICLES_V1, TABLE_V1)
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(d / name, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            if info.filename != "word/document.xml":
                out.writestr(info, src.read(info.filename))
        with out.open("word/document.xml", "w", force_zip64=True) as f:
            f.write(b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
                    b'wordprocessingml/2006/main"><w:body>')
            block = b" " * MB
            for _ in range(document_xml_mb):
                f.write(block)
            f.write(b"</w:body></w:document>")
    base.unlink()


@case
def zip_bomb_docx(d: Path) -> Case:
    _docx_with(d, "bomb.docx", 300)
    return Case("bomb.docx", "b.md", r"the Word file expands to 30\d MB, over the limit of 64 MB \(max_expanded_mb",
                "bomb.docx", InvalidDocumentError)


@case
def zip_bomb_docx_by_ratio(d: Path) -> Case:
    _docx_with(d, "dense.docx", 40)
    return Case("a.md", "dense.docx", r"the part word/document\.xml is compressed [\d,]+:1, over the limit of 100:1 "
                r"\(a zip bomb\?\) \(max_compression_ratio", "dense.docx", InvalidDocumentError)


@case
def truncated_docx(d: Path) -> Case:
    full = make_docx(d / "full.docx", ARTICLES_V1, TABLE_V1).read_bytes()
    (d / "cut.docx").write_bytes(full[: len(full) * 2 // 3])
    (d / "full.docx").unlink()
    return Case("cut.docx", "b.md", r"not a readable \.docx file: the zip archive is truncated or damaged", "cut.docx",
                InvalidDocumentError)


@case
def truncated_pdf(d: Path) -> Case:
    full = make_pdf(d / "full.pdf", ARTICLES_V1).read_bytes()
    (d / "cut.pdf").write_bytes(full[: len(full) * 2 // 3])
    (d / "full.pdf").unlink()
    return Case("a.md", "cut.pdf", r"the PDF is truncated \(it does not end with %%EOF\)", "cut.pdf",
                InvalidDocumentError)


# --- caches and checkpoints -------------------------------------------------------------------


def _no_leftover_corrupt(d: Path) -> None:
    assert list((d / "home" / "cache").glob("embeddings.sqlite.corrupt-*")), "the damaged cache was not set aside"


@case
def junk_embedding_cache(d: Path) -> Case:
    (d / "home" / "cache").mkdir()
    (d / "home" / "cache" / "embeddings.sqlite").write_bytes(os.urandom(20_000))
    return Case("a.md", "b.md", r"home/cache/embeddings\.sqlite: the embedding cache is damaged \(file is not a "
                r"database\); set aside as embeddings\.sqlite\.corrupt-[\w-]+ and rebuilt$", "embeddings.sqlite",
                exit_code=0, cli_args=("--embedding", "use"), api_kwargs={"embedding": "use"},
                check=_no_leftover_corrupt)


@case
def junk_checkpoint_named(d: Path) -> Case:
    (d / "runs.sqlite").write_bytes(b"not a database " * 1000)
    return Case("a.md", "b.md", r"runs\.sqlite: not a usable checkpoint database \(file is not a database\)",
                "runs.sqlite", CheckpointError, cli_args=("--checkpoint", "runs.sqlite"),
                api_kwargs={"checkpoint": "runs.sqlite"})


@case
def junk_default_checkpoint(d: Path) -> Case:
    (d / "home" / "checkpoints.sqlite").write_bytes(os.urandom(8192))

    def set_aside(d: Path) -> None:
        assert list((d / "home").glob("checkpoints.sqlite.corrupt-*"))

    return Case("a.md", "b.md", r"home/checkpoints\.sqlite: the checkpoint database is damaged \(file is not a "
                r"database\); set aside as checkpoints\.sqlite\.corrupt-[\w-]+, starting a new one$",
                "checkpoints.sqlite", exit_code=0, cli_args=("--run-id", "demo"),
                api_kwargs={"checkpoint": "home/checkpoints.sqlite", "run_id": "demo"},
                also=(r"^hikaku: run demo \(checkpoint .*\)",), check=set_aside)


@case
def half_overwritten_checkpoint(d: Path) -> Case:
    import hikaku

    db = d / "runs.sqlite"
    hikaku.compare(d / "a.md", d / "b.md", checkpoint=db, run_id="r1", embedding="hashing", llm="offline")
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.seek(size // 2)
        f.write(os.urandom(size - size // 2))
    return Case("a.md", "b.md", r"runs\.sqlite: (the checkpoint database is damaged|run 'r1' cannot be read)",
                "runs.sqlite", CheckpointError, cli_args=("--checkpoint", "runs.sqlite", "--resume", "r1"),
                api_kwargs={"checkpoint": "runs.sqlite", "run_id": "r1", "resume": True})


# --- outputs that name an input, and other outputs that cannot be written ---------------------


@case
def output_is_an_input(d: Path) -> Case:
    return Case("a.md", "b.md", r"-o a\.md: this is the input a\.md; writing there would destroy it", "a.md",
                ConfigurationError, output="a.md", api_kwargs={"trace": "a.md"},
                api_message=r"trace a\.md: this is the input a \(a\.md\); writing there would destroy it")


@case
def output_is_an_input_through_a_symlink(d: Path) -> Case:
    (d / "link.md").symlink_to("b.md")
    return Case("a.md", "b.md", r"-o link\.md: this is the input b\.md", "link.md", ConfigurationError,
                output="link.md", api_kwargs={"trace": "link.md"}, api_message=r"trace link\.md: this is the input b")


@case
def output_is_an_input_as_dot_slash(d: Path) -> Case:
    return Case("a.md", "b.md", r"-o \./a\.md: this is the input a\.md", "./a.md", ConfigurationError,
                output="./a.md", api_kwargs={"trace": "./a.md"}, api_message=r"trace \./a\.md: this is the input a")


@case
def output_is_an_input_through_a_hard_link(d: Path) -> Case:
    os.link(d / "a.md", d / "same.md")
    return Case("a.md", "b.md", r"-o same\.md: this is the input a\.md", "same.md", ConfigurationError,
                output="same.md", api_kwargs={"trace": "same.md"}, api_message=r"trace same\.md: this is the input a")


@case
def trace_is_an_input(d: Path) -> Case:
    return Case("a.md", "b.md", r"--trace b\.md: this is the input b\.md", "b.md", ConfigurationError,
                cli_args=("--trace", "b.md"), api_kwargs={"trace": "b.md"},
                api_message=r"trace b\.md: this is the input b \(b\.md\)")


@case
def checkpoint_is_an_input(d: Path) -> Case:
    return Case("a.md", "b.md", r"checkpoint a\.md: this is the input a", "a.md", ConfigurationError,
                cli_args=("--checkpoint", "a.md"), api_kwargs={"checkpoint": "a.md"})


@case(api=False)
def unknown_output_extension(d: Path) -> Case:
    return Case("a.md", "b.md", r"report\.odt: cannot tell the output format from the extension '\.odt'",
                "report.odt", output="report.odt")


@case
def output_into_a_missing_directory(d: Path) -> Case:
    return Case("a.md", "b.md", r"cannot write there: the directory .*/missing does not exist", "missing",
                ConfigurationError, output="missing/out.md", api_kwargs={"trace": "missing/trace.jsonl"})


# --- the reviewer's decisions and the calibration: files the run reads -----------------------------


@case
def decisions_file_is_a_pipe(d: Path) -> Case:
    os.mkfifo(d / "decisions.json")
    return Case("a.md", "b.md", r"decisions\.json: not a regular file; give a decisions file", "decisions.json",
                InputError, cli_args=("--decisions", "decisions.json"), api_kwargs={"decisions": "decisions.json"})


@case
def decisions_file_nested_too_deeply(d: Path) -> Case:
    (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return Case("a.md", "b.md", r"deep\.json: not JSON \(maximum recursion depth exceeded", "deep.json", InputError,
                cli_args=("--decisions", "deep.json"), api_kwargs={"decisions": "deep.json"})


@case
def calibration_is_a_directory(d: Path) -> Case:
    (d / "cal").mkdir()
    return Case("a.md", "b.md", r"cal: not a regular file; give a calibration file", "cal", ConfigurationError,
                cli_args=("--calibration", "cal"), api_kwargs={"calibration": "cal"})


# --- standard input ---------------------------------------------------------------------------


@case(api=False)
def binary_on_stdin(d: Path) -> Case:
    (d / "blob").write_bytes(os.urandom(1000) + b"\x00")
    return Case("-", "b.md", r"<stdin>: not a text file", "<stdin>", stdin="blob")


@case(api=False)
def deep_json_on_stdin(d: Path) -> Case:
    (d / "deep").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return Case("a.md", "-", r"<stdin>: JSON nested deeper than the limit of 64 levels", "<stdin>", stdin="deep")


@case(api=False)
def stdin_for_both(d: Path) -> Case:
    return Case("-", "-", r"only one of A and B can be - \(standard input\)", "-", stdin="a.md")


# --- the API's arguments ----------------------------------------------------------------------


@case(cli=False)
def none_as_a_document(d: Path) -> Case:
    return Case(None, "b.md", r"argument a must be a path \(str or os\.PathLike\), a hikaku\.Document or a list of "
                r"chunk dicts .*, not NoneType", "argument a", InvalidArgumentError)


@case(cli=False)
def number_as_a_document(d: Path) -> Case:
    return Case("a.md", 42, r"argument b must be a path .*, not int", "argument b", InvalidArgumentError)


@case(cli=False)
def text_instead_of_a_path(d: Path) -> Case:
    return Case(_example(d), "b.md", r"argument a: this looks like document text, not a path", "argument a",
                InputError)



@case(cli=False)
def a_models_name_as_the_embedder(d: Path) -> Case:
    """Before, the run went on without vector search (every search failed and was logged)."""
    return Case("a.md", "b.md", r"embedder must be a hikaku Embedder \(embed\(texts\) -> vectors\), not str; to choose "
                r"one by name give embedding='hashing'", "embedder", InvalidArgumentError,
                api_kwargs={"embedder": "hashing"})


@case(cli=False)
def a_models_name_as_the_chat_model(d: Path) -> Case:
    return Case("a.md", "b.md", r"chat_model must be a LangChain chat model, not str; to choose one by name give "
                r"llm='gpt-4\.1'", "chat_model", InvalidArgumentError, api_kwargs={"chat_model": "gpt-4.1"})


@case(cli=False)
def text_as_the_policy_factory(d: Path) -> Case:
    return Case("a.md", "b.md", r"policy_factory must be a callable", "policy_factory", InvalidArgumentError,
                api_kwargs={"policy_factory": "offline"})


@case(cli=False)
def text_as_ask(d: Path) -> Case:
    return Case("a.md", "b.md", r"ask must be a callable ask\(question\) -> Answer, not str", "ask",
                InvalidArgumentError, api_kwargs={"ask": "yes"})


@case(cli=False)
def a_number_as_the_decisions(d: Path) -> Case:
    return Case("a.md", "b.md", r"decisions must be a path, a DecisionSet or a list of decisions, not int", "decisions",
                InvalidArgumentError, api_kwargs={"decisions": 5})


@case(cli=False)
def a_nul_in_the_trace_path(d: Path) -> Case:
    return Case("a.md", "b.md", r"trace: the path holds a NUL character", "trace", InvalidArgumentError,
                api_kwargs={"trace": "trace\x00.jsonl"})


@case(cli=False)
def a_nul_in_a_document_path(d: Path) -> Case:
    return Case("a\x00.md", "b.md", r"no such file \(the name holds a NUL character\)", "a\x00.md",
                DocumentNotFoundError)
