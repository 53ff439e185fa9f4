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
    assert note.startswith("page 1: ") and "overlapping columns" in note and "reading order" in note
    assert not load_document(pdfs[1]).notes
    (record,) = [r for r in caplog.records if "reading order" in r.getMessage()]
    assert record.levelno == logging.INFO and "overlap.pdf: page 1:" in record.getMessage()


@pytest.mark.parametrize(("lang", "label"), [("en", "Document A"), ("ja", "ドキュメントA")])
def test_the_note_reaches_the_result_and_the_reports(pdfs, use_embedder, lang, label):
    result = hikaku.compare(pdfs[0], pdfs[1], embedder=use_embedder, lang=lang)
    notes = [n for n in result.notes if "reading order" in n]
    assert len(notes) == 1
    assert notes[0].startswith(label) and "overlap.pdf" in notes[0] and "page 1: " in notes[0]
    assert notes[0] in render(result, "markdown")
    assert notes[0] in json.loads(render(result, "json"))["notes"]
    assert "page 1: a line runs across the gap" in render(result, "html")
    # the B side: the same note, naming B
    swapped = hikaku.compare(pdfs[1], pdfs[0], embedder=use_embedder, lang=lang)
    assert [n for n in swapped.notes if "reading order" in n][0].startswith(label[:-1] + "B")


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
