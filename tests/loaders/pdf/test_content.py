"""The fast content-stream reader (loaders/pdf/content.py) gives pdfminer's objects exactly,
or hands the streams back to pdfminer; the lines of a PDF are the same either way."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

pytest.importorskip("pdfminer")  # hikaku[pdf] is in the test extras; this names the missing piece

from pdfminer.pdfinterp import PDFContentParser  # noqa: E402
from pdfminer.pdftypes import PDFStream  # noqa: E402
from pdfminer.psparser import PSEOF, PSKeyword, PSLiteral  # noqa: E402

from hikaku.loaders.pdf import content as pdf_content
from hikaku.loaders.pdf import reader as pdf_reader  # noqa: E402


def _shape(obj):
    """An object with its types spelled out (1 == 1.0 == True in Python; pdfminer's are not)."""
    if isinstance(obj, list):
        return ["list", [_shape(x) for x in obj]]
    if isinstance(obj, dict):
        return ["dict", {k: _shape(v) for k, v in obj.items()}]
    if isinstance(obj, (PSKeyword, PSLiteral)):
        return [type(obj).__name__, obj.name]
    return [type(obj).__name__, obj]


def pdfminer_objects(streams: list[bytes]) -> list:
    parser = PDFContentParser([PDFStream({}, data) for data in streams])
    out = []
    while True:
        try:
            out.append(parser.nextobject()[1])
        except PSEOF:
            return out


READ = [
    [b"BT /F1 12 Tf 72 712 Td (Hello \\(world\\) \\101\\102 \\\\ end) Tj ET"],
    [b"[(A) -120 (B) 3.5 (C)] TJ [ ] TJ"],
    [b"<48656C6C6F> Tj <414> Tj < 41 42\n43 > Tj <> Tj"],
    [b"/P <</MCID 0 /Alt (x) /N null>> BDC EMC /Span<</ActualText<FEFF0041>>>BDC EMC"],
    [b"q 1 0 0 1 0 0 cm 0.5 g .5 -.25 +3 -0 1. Q T* 0 0 d0"],
    [b"% a comment\n(x) ' 1 2 (y) \" true false\x00 Tj"],
    [b"(a\\nb\\r\\tc\\b\\f) Tj (line\\\ncontinued) Tj (crlf\\\r\ncont) Tj (\\8\\q) Tj (\\0053\\7) Tj"],
    [b"(raw\nline\rbreaks) Tj (\xe6\x97\xa5\xff) Tj"],
    ["/日本 /\xff".encode() + b" /A\xff /- BMC"],
    [b"BT /F1", b"12 Tf [(a)", b"(b)] TJ ET"],  # an operand and an array across streams
    [b"12", b"34 Tw"],  # a token at a stream's end ends there
    [b"1 0 0 1 72 700 Tm[<0041>-250<0042>]TJ"],
    [b"<< /A << /B <42>>> >> BDC (c) > Tj EMC"],  # pdfminer's reading: each >> ends a dictionary, a lone > is nothing
    [b"<< /A << /B 1 >>>> BDC"],
]

LEFT_TO_PDFMINER = [
    b"BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI",  # an inline image
    b"(a (nested) b) Tj",
    b"/A#20B gs",
    b"{ 1 }",
    b"(unterminated",
    b"] TJ",
    b"[(a) TJ",
    b"<< /A >> BDC",
    b"1.2.3 Tc",
    b"<41 Tj",
    b"<41>> Tj",  # pdfminer ends a dictionary never begun
    b"(\\777) Tj",
    b"5-3 Tc",
]


@pytest.mark.parametrize("streams", READ)
def test_streams_it_reads_give_pdfminers_objects(streams):
    got = pdf_content.objects(streams)
    assert got is not None
    assert _shape(got) == _shape(pdfminer_objects(streams))


@pytest.mark.parametrize("data", LEFT_TO_PDFMINER)
def test_what_it_does_not_read_like_pdfminer_it_leaves_to_pdfminer(data):
    assert pdf_content.objects([data]) is None


def _pdf(pages: list[bytes]) -> bytes:
    """A minimal PDF: one page per content stream, Helvetica as /F1."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % (4 + 2 * k) for k in range(len(pages)))
            + b"] /Count %d >>" % len(pages),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for k, content in enumerate(pages):
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"
                    b" /Contents %d 0 R >>" % (5 + 2 * k))
        objs.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for n, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def test_a_pdf_reads_the_same_lines_with_and_without_the_fast_reader(tmp_path):
    """Pages the fast reader takes and pages it leaves to pdfminer (an inline image, nested
    parentheses) in one PDF: the lines are pdfminer's either way, and it did take some."""
    pages = [
        b"BT /F1 12 Tf 72 700 Td (Article 1 \\(Purpose\\)) Tj 0 -14 Td [(This p) 20 (olicy pays.)] TJ ET",
        b"q 10 0 0 10 300 300 cm BI /W 2 /H 1 /BPC 8 /CS /G ID \x00\xff EI Q"
        b" BT /F1 12 Tf 72 700 Td (Article 2 under an image) Tj ET",
        b"BT /F1 12 Tf 72 700 Td (Article 3 (nested) text) Tj ET",
    ]
    path = tmp_path / "raw.pdf"
    path.write_bytes(_pdf(pages))
    read = []
    real = pdf_content.objects

    def counting(streams):
        got = real(streams)
        read.append(got is not None)
        return got

    with mock.patch.object(pdf_content, "objects", counting):
        fast = pdf_reader._layout(Path(path))
    with mock.patch.object(pdf_content, "objects", lambda streams: None):
        slow = pdf_reader._layout(Path(path))
    assert fast == slow
    assert read == [True, False, False]
    assert [[ln.text for ln in page] for page in fast] == [
        ["Article 1 (Purpose)", "This policy pays."], ["Article 2 under an image"], ["Article 3 (nested) text"]]


def test_the_policy_pdf_reads_the_same_lines_with_and_without_the_fast_reader(tmp_path):
    from tests.policy_docs import make_policy_pdf

    path = make_policy_pdf(tmp_path / "policy.pdf", 2)
    fast = pdf_reader._layout(path)
    with mock.patch.object(pdf_content, "objects", lambda streams: None):
        slow = pdf_reader._layout(path)
    assert fast == slow and sum(len(p) for p in fast) > 50


def test_mutated_streams_are_read_like_pdfminer_or_left_to_it():
    """Streams with random bytes changed, inserted or removed (a fixed seed): whatever the
    fast reader reads, it reads as pdfminer does; it never raises."""
    import random

    rng = random.Random(13)
    alphabet = b"()<>[]{}/\\%#0123456789.+-abcTJfm \n\r\t\x00'\"BIDE"
    seeds = [b" ".join(s) for s in READ] + [b"BT /F1 12 Tf 72 700 Td [(Ab\\(c) -20 <0041 42>] TJ T* (x) ' ET q Q"]
    read = 0
    for _ in range(3000):
        s = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            pos = rng.randrange(len(s) + 1)
            roll = rng.random()
            if roll < 0.4 and pos < len(s):
                s[pos] = rng.choice(alphabet)
            elif roll < 0.7:
                s[pos:pos] = bytes([rng.choice(alphabet)])
            elif pos < len(s):
                del s[pos]
        got = pdf_content.objects([bytes(s)])
        if got is not None:
            read += 1
            assert _shape(got) == _shape(pdfminer_objects([bytes(s)])), bytes(s)
    assert read > 500  # most mutations still read fast
