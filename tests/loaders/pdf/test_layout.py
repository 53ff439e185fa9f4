"""Joining the lines a PDF broke (loaders/pdf/layout.py): a numbered line starts anew, unless
it carries on the sentence the lines above left open — the chunker's rule."""

from __future__ import annotations

from hikaku.loaders.pdf.layout import clean_pages
from hikaku.loaders.pdf.reader import PdfLine


def _page(*texts: str) -> list[PdfLine]:
    return [PdfLine(t, top=0.2 + 0.03 * i, bottom=0.22 + 0.03 * i, x=0.1, size=10.5) for i, t in enumerate(texts)]


def test_a_label_that_ends_an_open_sentence_is_joined_to_it():
    text = clean_pages([_page(
        "4. Service Levels",
        "The Provider will make the Service available 99.9% of the time. If it does not, the",
        "Customer receives the service credits set out in",
        "Schedule 2.",
        "Schedule 3",
    )]).text
    assert text.splitlines() == [
        "4. Service Levels",
        "The Provider will make the Service available 99.9% of the time. If it does not, the Customer receives "
        "the service credits set out in Schedule 2.",
        "Schedule 3",
    ]


def test_a_numbered_line_after_a_finished_sentence_or_a_title_starts_anew():
    text = clean_pages([_page("就業規則", "第1条（目的）", "この規則は、労働条件を定める。", "第2条（適用範囲）",
                              "Terms and conditions", "Section 1 Definitions")]).text
    assert text.splitlines() == ["就業規則", "第1条（目的）", "この規則は、労働条件を定める。", "第2条（適用範囲）",
                                 "Terms and conditions", "Section 1 Definitions"]
