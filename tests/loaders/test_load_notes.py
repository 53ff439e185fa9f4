"""What a loader notes about an input (a PDF page whose reading order is in doubt) reaches
the comparison's notes — naming the document and the page — and so the report in every
format, and the command line's standard error once."""

from __future__ import annotations

import json
import logging

import pytest

import hikaku
from hikaku import load_document
from hikaku.cli import main
from hikaku.renderers import render

CROSSING = "This line of the left column runs on past the gap between the two columns"


def _two_columns(path, *, crossing: bool):
    """Two columns of 20 lines; with *crossing*, a line of the left column runs past the
    gutter beside a line of the right one (overlapping columns: the order is in doubt)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setFont("Helvetica", 10)
    for k in range(20):
        y = 700 - 15 * k
        c.drawString(50, y, f"Left column line {k} of the agreement text here")
        c.drawString(320, y, f"Right column line {k} of the agreement text")
    if crossing:
        c.drawString(50, 385, CROSSING)
        end = 50 + stringWidth(CROSSING, "Helvetica", 10)
        assert 320 < end < 400
        c.drawString(end + 16, 385, "and the right column line 20 beside it")
    c.save()
    return path


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    d = tmp_path_factory.mktemp("notes")
    return _two_columns(d / "overlap.pdf", crossing=True), _two_columns(d / "plain.pdf", crossing=False)


def test_the_pdf_loader_notes_a_page_in_doubt(pdfs, caplog):
    with caplog.at_level(logging.INFO, logger="hikaku"):
        doc = load_document(pdfs[0])
    (note,) = doc.notes
    assert note.kind == "reading_order" and note.pages == (1,) and "overlapping columns" in note.detail
    assert note.text.startswith("page 1: ") and "overlapping columns" in note.text and "reading order" in note.text
    assert str(note) == note.text
    assert not load_document(pdfs[1]).notes
    (record,) = [r for r in caplog.records if "reading order" in r.getMessage()]
    assert record.levelno == logging.INFO and "overlap.pdf: page 1:" in record.getMessage()


@pytest.mark.parametrize(("lang", "label", "page", "says"), [
    ("en", "Document A", "page 1: ", "page 1: a line runs across the gap"),
    ("ja", "ドキュメントA", "1ページ: ", "1ページ: 段組みが重なるなどして本文の読み順が誤っている可能性があります"),
])
def test_the_note_reaches_the_result_and_the_reports_in_their_language(pdfs, use_embedder, lang, label, page, says):
    result = hikaku.compare(pdfs[0], pdfs[1], embedder=use_embedder, lang=lang)
    notes = [n for n in result.notes if n.startswith(label)]
    assert len(notes) == 1
    assert "overlap.pdf" in notes[0] and page in notes[0] and says in notes[0]
    assert ("reading order" in notes[0]) == (lang == "en")  # a Japanese report says it in Japanese
    assert notes[0] in render(result, "markdown")
    assert notes[0] in json.loads(render(result, "json"))["notes"]
    assert says in render(result, "html")
    # the B side: the same note, naming B
    swapped = hikaku.compare(pdfs[1], pdfs[0], embedder=use_embedder, lang=lang)
    assert [n for n in swapped.notes if page in n][0].startswith(label[:-1] + "B")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Document A (a.pdf): pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 … (12 pages): overlapping columns; the reading "
           "order of the text may be wrong, check the changes there"),
    ("ja", "ドキュメントA（a.pdf）: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10ページほか（計12ページ）: 段組みが重なるなどして本文の"
           "読み順が誤っている可能性があります。この部分の変更は原本で確認してください"),
])
def test_notes_in_the_reports_language_and_a_callers_own_as_given(lang, expected):
    from hikaku.document import Document, DocumentNote
    from hikaku.workflow.finalize import document_notes

    many = DocumentNote(kind="reading_order", pages=tuple(range(1, 13)), detail="overlapping columns",
                        text="pages 1, … (12 pages): overlapping columns; in English")
    a = Document(id="a", chunks=[], source="a.pdf", notes=[many, "scanned at 150 dpi"])  # a caller's own: a string
    b = Document(id="b", chunks=[], notes=[DocumentNote(kind="something_new", text="said in English"),
                                           DocumentNote(kind="budget", pages=(2,), text="a kind named like another note")])
    got = document_notes(a, b, lang)
    assert got[0] == expected
    assert got[1].endswith(": scanned at 150 dpi") and a.notes[1].kind == "text"
    assert got[2].endswith(": said in English")  # a kind without words of its own: its English text
    assert got[3].endswith(": a kind named like another note")  # not the words of the token budget's note


def test_a_document_given_as_such_keeps_its_notes(pdfs, use_embedder):
    doc = load_document(pdfs[0]).model_copy(update={"source": "uploaded.pdf"})  # as the web app passes it
    result = hikaku.compare(doc, pdfs[1], embedder=use_embedder, lang="en")
    assert any(n.startswith("Document A (uploaded.pdf): page 1: ") for n in result.notes)


def test_the_command_line_says_the_note_once(pdfs, capsys, monkeypatch):
    monkeypatch.setenv("HIKAKU_LLM", "none")
    code = main(["compare", str(pdfs[0]), str(pdfs[1]), "--lang", "en", "--format", "json", "--no-checkpoint"])
    assert code == 0
    out, err = capsys.readouterr()
    assert err.count("overlapping columns") == 1 and "note: Document A (" in err
    assert any("overlapping columns" in n for n in json.loads(out)["notes"])
