"""Word (.docx): the 新旧対照表 as reviewers hand it on (see :mod:`.taisho`), written with
python-docx (the ``docx`` extra, which also reads Word files).

A4 landscape; the title, both documents' titles and the date at the top; one table whose header
row repeats on every page, the changed characters as underlined runs, section headings as rows
across the table; a Japanese font (游明朝, with ＭＳ 明朝 as its fallback in the font table);
page numbers in the footer."""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from .._exceptions import MissingDependencyError
from ..result import ComparisonResult
from .options import RenderOptions
from .taisho import WIDTHS, Cell, Row, Table, build_table, summary_lines

__all__ = ["render", "require", "FONT", "FONT_FALLBACK"]

FONT = "Yu Mincho"  # 游明朝 (Windows 8.1+, macOS)
FONT_FALLBACK = "ＭＳ 明朝"  # what Word uses where 游明朝 is missing (the font table's altName)
_SIZE_PT = 10
_PAGE_MM = (297, 210)  # A4 landscape
_MARGIN_MM = 12
_GREY = "6E6E6E"


def require() -> Any:
    """The python-docx package; MissingDependencyError naming the extra when it is not installed."""
    try:
        import docx
    except ImportError:
        raise MissingDependencyError("python-docx", "docx", "Writing Word files") from None
    return docx


class _Writer:
    """Builds the document with python-docx (page, styles, the paragraphs at the top, the footer
    fields) and a few elements it has no API for (eastAsia fonts, the font table's fallback); the
    table rows are WordprocessingML (:func:`_row`)."""

    def __init__(self, docx: Any) -> None:
        from docx.enum.section import WD_ORIENT
        from docx.enum.text import WD_ALIGN_PARAGRAPH
        from docx.oxml import OxmlElement
        from docx.oxml.ns import qn
        from docx.shared import Mm, Pt, RGBColor, Twips

        self.Pt, self.RGBColor, self.Twips, self.qn, self.element = Pt, RGBColor, Twips, qn, OxmlElement
        self.CENTER, self.RIGHT = WD_ALIGN_PARAGRAPH.CENTER, WD_ALIGN_PARAGRAPH.RIGHT
        self.doc = docx.Document()
        section = self.doc.sections[0]
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = Mm(_PAGE_MM[0]), Mm(_PAGE_MM[1])
        for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
            setattr(section, side, Mm(_MARGIN_MM))
        section.header_distance = section.footer_distance = Mm(6)
        normal = self.doc.styles["Normal"]
        normal.font.size = Pt(_SIZE_PT)
        self.fonts(normal.element.get_or_add_rPr())
        normal.paragraph_format.space_after = Pt(0)
        self._font_fallback()
        self._drop_thumbnail()

    # -- low-level ---------------------------------------------------------------------------
    def fonts(self, rPr: Any) -> None:
        """游明朝 for Latin and East Asian text, Japanese as the East Asian language."""
        rFonts = rPr.get_or_add_rFonts()
        for attr in ("ascii", "hAnsi", "eastAsia", "cs"):
            rFonts.set(self.qn(f"w:{attr}"), FONT)
        rFonts.set(self.qn("w:hint"), "eastAsia")
        lang = rPr.find(self.qn("w:lang"))
        if lang is None:
            lang = self.element("w:lang")
            rPr.append(lang)
        lang.set(self.qn("w:eastAsia"), "ja-JP")

    def _font_fallback(self) -> None:
        """Declare 游明朝 in the font table with ＭＳ 明朝 as its alternative name (and the
        Shift_JIS charset of a Mincho), so that Word substitutes it where 游明朝 is missing."""
        from docx.opc.oxml import serialize_part_xml
        from docx.oxml import parse_xml

        part = next(p for p in self.doc.part.package.iter_parts() if str(p.partname) == "/word/fontTable.xml")
        fonts = parse_xml(part.blob)
        font = self.element("w:font")
        font.set(self.qn("w:name"), FONT)
        for tag, value in (("altName", FONT_FALLBACK), ("panose1", "02020400000000000000"), ("charset", "80"),
                           ("family", "roman"), ("pitch", "variable")):
            child = self.element(f"w:{tag}")
            child.set(self.qn("w:val"), value)
            font.append(child)
        fonts.append(font)
        part._blob = serialize_part_xml(fonts)  # the font table is a plain part: no API, no setter

    def _drop_thumbnail(self) -> None:
        """python-docx's template carries the picture of an empty page as the file's preview."""
        from docx.opc.constants import RELATIONSHIP_TYPE as RT

        rels = self.doc.part.package.rels
        for rId in [rId for rId, rel in rels.items() if rel.reltype == RT.THUMBNAIL]:
            del rels[rId]

    def run(self, paragraph: Any, text: str, *, underline: bool = False, bold: bool = False,
            size: float | None = None, grey: bool = False) -> Any:
        r = paragraph.add_run(text)
        self.fonts(r._element.get_or_add_rPr())
        if underline:
            r.underline = True
        if bold:
            r.bold = True
        if size:
            r.font.size = self.Pt(size)
        if grey:
            r.font.color.rgb = self.RGBColor.from_string(_GREY)
        return r

    def field(self, paragraph: Any, instruction: str) -> None:
        """A field (PAGE, NUMPAGES) that Word and LibreOffice compute when they lay out the page."""

        def append(tag: str, **attrs: str) -> Any:
            el = self.element(tag)
            for name, value in attrs.items():
                el.set(self.qn(name.replace("_", ":", 1)), value)
            self.run(paragraph, "")._element.append(el)
            return el

        append("w:fldChar", w_fldCharType="begin")
        append("w:instrText", xml_space="preserve").text = f" {instruction} "
        append("w:fldChar", w_fldCharType="separate")
        self.run(paragraph, "1")
        append("w:fldChar", w_fldCharType="end")

    # -- the parts ---------------------------------------------------------------------------
    def top(self, table: Table) -> None:
        p = self.doc.add_paragraph()
        p.alignment = self.CENTER
        self.run(p, table.title, bold=True, size=16)
        t = table.wording
        for label, title in table.documents:
            self.run(self.doc.add_paragraph(), t("taisho.labelled", label=label, value=title))
        p = self.doc.add_paragraph()
        p.alignment = self.RIGHT
        self.run(p, t("taisho.labelled", label=t("taisho.date"), value=table.date))
        self.run(self.doc.add_paragraph(), t("taisho.labelled", label=t("report.totals"), value=table.totals),
                 size=_SIZE_PT - 1)
        for note in table.notes:
            self.run(self.doc.add_paragraph(), t("taisho.labelled", label=t("report.notes"), value=note),
                     size=_SIZE_PT - 1)
        for label, text in summary_lines(table):  # 改定の要旨, 要確認：不利になりうる変更
            p = self.doc.add_paragraph()
            if not text:
                self.run(p, label, bold=True, size=_SIZE_PT + 1)
                continue
            if label:
                self.run(p, f"{label}{t('text.subject_sep')}", bold=True, size=_SIZE_PT - 1)
            self.run(p, text, size=_SIZE_PT - 1)
        self.doc.add_paragraph()

    def references(self, table: Table) -> None:
        """The section 引用条項の確認 after the table: 項目 | 引用 | 種類 | 確認事項."""
        if not table.references:
            return
        words = table.wording
        self.doc.add_paragraph()
        self.run(self.doc.add_paragraph(), words("report.reference.count", n=len(table.references)), bold=True)
        usable = (_PAGE_MM[0] - 2 * _MARGIN_MM) * _TWIPS_PER_MM
        widths = [round(usable * share) for share in (0.18, 0.16, 0.14, 0.52)]
        t = self.doc.add_table(rows=0, cols=4)
        t.style = "Table Grid"
        t.autofit = False
        for column, width in zip(t.columns, widths):
            column.width = self.Twips(width)
        head = tuple(words(f"report.column.{k}") for k in ("item", "reference", "reference_kind", "reference_check"))
        rows = [_header_row(head, widths)]
        rows += ["<w:tr>" + "".join(_cell(Cell(value), width) for value, width in zip(line, widths)) + "</w:tr>"
                 for line in table.references]
        from docx.oxml import parse_xml

        for tr in list(parse_xml(f'<w:tbl xmlns:w="{_W}">{"".join(rows)}</w:tbl>')):
            t._tbl.append(tr)

    def footer(self) -> None:
        p = self.doc.sections[0].footer.paragraphs[0]
        p.alignment = self.CENTER
        self.field(p, "PAGE")
        self.run(p, " / ")
        self.field(p, "NUMPAGES")

    def table(self, table: Table) -> None:
        """The table: python-docx makes it and its grid; the rows are written as
        WordprocessingML and parsed in batches (python-docx's per-element API is far too slow for a
        long document: bench/RESULTS.md, "Figures behind the code")."""
        usable = _PAGE_MM[0] - 2 * _MARGIN_MM
        total = sum(WIDTHS[k] for k in table.columns)
        widths = [round(usable * WIDTHS[k] / total * _TWIPS_PER_MM) for k in table.columns]
        t = self.doc.add_table(rows=0, cols=len(table.columns))
        t.style = "Table Grid"
        t.autofit = False
        for column, width in zip(t.columns, widths):
            column.width = self.Twips(width)
        rows = [_header_row(table.headers, widths)]
        rows += [_row(row, widths) for row in table.rows]
        from docx.oxml import parse_xml

        for k in range(0, len(rows), 500):
            batch = parse_xml(f'<w:tbl xmlns:w="{_W}">{"".join(rows[k:k + 500])}</w:tbl>')
            for tr in list(batch):
                t._tbl.append(tr)


# -- the table rows as WordprocessingML ------------------------------------------------------------
_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_TWIPS_PER_MM = 1440 / 25.4
_RFONTS = f'<w:rFonts w:ascii="{FONT}" w:hAnsi="{FONT}" w:eastAsia="{FONT}" w:cs="{FONT}" w:hint="eastAsia"/>'


def _run(text: str, *, underline: bool = False, bold: bool = False, size: float | None = None,
         grey: bool = False) -> str:
    """One run: 游明朝 for every script, line breaks and tabs as Word's own elements."""
    props = [_RFONTS]
    if bold:
        props.append("<w:b/>")
    if grey:
        props.append(f'<w:color w:val="{_GREY}"/>')
    if size:
        props.append(f'<w:sz w:val="{round(size * 2)}"/>')
    if underline:
        props.append('<w:u w:val="single"/>')
    props.append('<w:lang w:eastAsia="ja-JP"/>')
    content = []
    for k, line in enumerate(text.split("\n")):
        if k:
            content.append("<w:br/>")
        for j, piece in enumerate(line.split("\t")):
            if j:
                content.append("<w:tab/>")
            if piece:
                content.append(f'<w:t xml:space="preserve">{escape(piece)}</w:t>')
    return f"<w:r><w:rPr>{''.join(props)}</w:rPr>{''.join(content)}</w:r>"


def _cell(cell: Cell, width: int, *, span: int = 1, fill: str | None = None, bold: bool = False,
          grey: bool = False, center: bool = False, keep_next: bool = False) -> str:
    tc_pr = f'<w:tcW w:w="{width}" w:type="dxa"/>'
    if span > 1:
        tc_pr += f'<w:gridSpan w:val="{span}"/>'
    if fill:
        tc_pr += f'<w:shd w:val="clear" w:color="auto" w:fill="{fill}"/>'
    p_pr = ("<w:keepNext/>" if keep_next else "") + ('<w:jc w:val="center"/>' if center else "")
    runs = "".join(_run(piece, underline=u, bold=bold, grey=grey or cell.mark) for piece, u in cell.runs())
    if cell.detail:  # the heading path under the 項目 label, small and grey
        runs += _run(("\n" if cell.text else "") + cell.detail, size=_SIZE_PT - 2, grey=True)
    return f"<w:tc><w:tcPr>{tc_pr}</w:tcPr><w:p>{f'<w:pPr>{p_pr}</w:pPr>' if p_pr else ''}{runs}</w:p></w:tc>"


def _header_row(headers: tuple[str, ...], widths: list[int]) -> str:
    cells = "".join(_cell(Cell(h), w, fill="D9D9D9", bold=True, center=True) for h, w in zip(headers, widths))
    return f"<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>{cells}</w:tr>"  # repeated on every page


def _row(row: Row, widths: list[int]) -> str:
    if row.kind == "section":  # one cell across the table, kept with the row after it
        cell = _cell(row.cells[0], sum(widths), span=len(widths), fill="EDEDED", bold=True, keep_next=True)
        return f"<w:tr><w:trPr><w:cantSplit/></w:trPr>{cell}</w:tr>"
    return "<w:tr>" + "".join(_cell(c, w, grey=row.kind == "omitted") for c, w in zip(row.cells, widths)) + "</w:tr>"


def render(result: ComparisonResult, options: RenderOptions) -> bytes:
    docx = require()
    table = build_table(result, options)
    w = _Writer(docx)
    props = w.doc.core_properties
    props.title = f"{table.title}: {table.documents[0][1]} / {table.documents[1][1]}"
    props.author = props.last_modified_by = "hikaku"
    props.language = "ja-JP" if table.lang == "ja" else "en"
    w.top(table)
    w.table(table)
    w.references(table)
    w.footer()
    out = io.BytesIO()
    w.doc.save(out)
    return out.getvalue()
