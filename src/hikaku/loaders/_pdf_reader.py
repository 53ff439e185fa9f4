"""PDF text, page by page, with each line's vertical position (pdfminer.six).

pdfminer.six was chosen over pypdf because it lays text out in reading order (pypdf
returns content-stream order: a footer drawn first comes first) and decodes Japanese
CID fonts through its CMaps; both are pure Python and permissively licensed (MIT / BSD).
PyMuPDF is faster but AGPL. Figures: docs/loaders.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .._exceptions import InvalidDocumentError, MissingDependencyError

__all__ = ["PdfLine", "read_pdf"]


@dataclass(frozen=True)
class PdfLine:
    text: str
    top: float  # 0 at the top of the page, 1 at the bottom (of the line's upper edge)
    bottom: float
    x: float


def read_pdf(path: Path) -> list[list[PdfLine]]:
    """The text lines of every page, top to bottom; clear errors for PDFs without text."""
    try:
        from pdfminer.high_level import extract_pages
        from pdfminer.layout import LAParams, LTTextContainer, LTTextLine
        from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
        from pdfminer.pdfparser import PDFSyntaxError
        from pdfminer.psparser import PSException
    except ImportError:
        raise MissingDependencyError("pdfminer.six", "pdf", "Reading PDF files") from None
    pages: list[list[PdfLine]] = []
    try:
        for layout in extract_pages(str(path), laparams=LAParams(line_margin=0.3)):
            height = float(layout.height) or 1.0
            lines: list[PdfLine] = []
            for box in layout:
                if not isinstance(box, LTTextContainer):
                    continue
                for line in box:
                    if not isinstance(line, LTTextLine):
                        continue
                    text = line.get_text().rstrip("\n")
                    if text.strip():
                        lines.append(PdfLine(text.strip(), 1 - float(line.y1) / height, 1 - float(line.y0) / height,
                                             float(line.x0)))
            lines.sort(key=lambda ln: (round(ln.top, 3), ln.x))
            pages.append(lines)
    except (PDFPasswordIncorrect, PDFEncryptionError):
        raise InvalidDocumentError(f"{path}: the PDF is encrypted; remove the password and try again") from None
    except (PDFSyntaxError, PSException) as e:
        raise InvalidDocumentError(f"{path}: not a readable PDF ({type(e).__name__}: {e})") from None
    except Exception as e:  # pdfminer raises many kinds on damaged files
        if "encrypt" in str(e).lower() or "password" in str(e).lower():
            raise InvalidDocumentError(f"{path}: the PDF is encrypted; remove the password and try again") from None
        raise InvalidDocumentError(f"{path}: not a readable PDF ({type(e).__name__}: {e})") from None
    if not pages:
        raise InvalidDocumentError(f"{path}: not a readable PDF (no pages)")
    if not any(pages):
        raise InvalidDocumentError(f"{path}: no text layer; OCR is not supported")
    return pages
