"""Entity references in a Word file built by another writer: kept as text where they stand,
the rest of the paragraph with them; none expanded, an external one (XXE) least of all."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

import pytest

from hikaku import load_document
from hikaku.loaders.docx_entities import literal_entities, needs_literal_entities, with_literal_entities

from .make_files import ARTICLES_V1, TABLE_V1, make_docx

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _p(text: str, style: str | None = None) -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{props}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def _cell(text: str) -> str:
    return f"<w:tc>{_p(text)}</w:tc>"


def _rewritten(base: Path, path: Path, body: str, doctype: str = "", title: str | None = None) -> Path:
    """*base* (a real .docx of python-docx) with *body* put first in its document body, *doctype*
    after the XML declaration, and *title* as the raw text of the core properties' title."""
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "word/document.xml":
                xml = data.decode()
                decl = xml.index("?>") + 2
                xml = xml[:decl] + doctype + xml[decl:]
                start = xml.index("<w:body>") + len("<w:body>")
                data = (xml[:start] + body + xml[start:]).encode()
            elif info.filename == "docProps/core.xml" and title is not None:
                assert b"<dc:title/>" in data  # python-docx's empty title
                data = data.replace(b"<dc:title/>", f"<dc:title>{title}</dc:title>".encode())
            out.writestr(info, data)
    return path


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return make_docx(tmp_path_factory.mktemp("docx") / "base.docx", ARTICLES_V1[:2], TABLE_V1)


def _texts(path: Path) -> str:
    return "\n".join(c.content for c in load_document(path).chunks)


def test_an_unexpanded_entity_reference_keeps_its_paragraph(base, tmp_path):
    """``&foo;`` left by the writer: before, the whole file was refused (the XML is not
    well-formed); now it is the text it is, in a heading, a paragraph and a table cell."""
    body = (_p("第1条の2（定義&sect;）", "Heading2") + _p("この約款で&company;とは、当社をいい、以下同じとします。")
            + f"<w:tbl><w:tr>{_cell('保険料&yen;')}{_cell('月額&nbsp;1,000円（税込）')}</w:tr></w:tbl>"
            + _p("A &amp; B &lt;c&gt; &#x3042;&#12356; 終わり"))
    doc = load_document(_rewritten(base, tmp_path / "undeclared.docx", body))
    text = "\n".join(c.content for c in doc.chunks)
    assert "この約款で&company;とは、当社をいい、以下同じとします。" in text
    assert "| 保険料&yen; | 月額&nbsp;1,000円（税込） |" in text
    assert "A & B <c> あい 終わり" in text  # XML's own entities and character references are read as before
    headings = [c for c in doc.chunks if c.content.startswith("第1条の2")]
    assert headings and headings[0].content.startswith("第1条の2（定義&sect;）")
    assert "第1条" in text and "保険料" in text  # the rest of the file as before


def test_a_declared_entity_is_not_expanded_and_the_rest_of_the_paragraph_stays(base, tmp_path):
    """Declared in the document's DTD, the reference was a node python-docx does not read: the
    paragraph ended there. It is kept as written, not expanded."""
    doctype = '<!DOCTYPE w:document [<!ENTITY co "株式会社ひかく"> <!ENTITY odd "a]b">]>'
    body = _p("第1条 &co;（以下「当社」という。）は、この約款に従い保険金を支払います。")
    text = _texts(_rewritten(base, tmp_path / "declared.docx", body, doctype))
    assert "第1条 &co;（以下「当社」という。）は、この約款に従い保険金を支払います。" in text
    assert "株式会社ひかく" not in text


def test_an_external_entity_is_never_read(base, tmp_path):
    """XXE: an entity whose value is a file of the machine (and a parameter entity that would
    load another DTD) — the file's content appears nowhere; the reference stays text."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-4711", encoding="utf-8")
    dtd = tmp_path / "evil.dtd"
    dtd.write_text(f'<!ENTITY leak SYSTEM "{secret.as_uri()}">', encoding="utf-8")
    doctype = (f'<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "{secret.as_uri()}"> '
               f'<!ENTITY % remote SYSTEM "{dtd.as_uri()}"> %remote;]>')
    body = _p("第1条 前半&xxe;後半の文。") + _p("第2条 &leak;の続き。")
    doc = load_document(_rewritten(base, tmp_path / "xxe.docx", body, doctype, title="&xxe;の約款"))
    text = "\n".join(c.content for c in doc.chunks)
    assert "TOP-SECRET" not in text and "TOP-SECRET" not in doc.title
    assert "第1条 前半&xxe;後半の文。" in text and "第2条 &leak;の続き。" in text
    assert doc.title == "&xxe;の約款"


def test_nested_entities_expand_to_nothing(base, tmp_path):
    """A billion laughs: ten levels of ten references each; nothing is expanded, at once."""
    levels = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{k} "{f"&lol{k - 1};" * 10}">' for k in range(1, 10)]
    doctype = "<!DOCTYPE w:document [" + "".join(levels) + "]>"
    path = _rewritten(base, tmp_path / "laughs.docx", _p("第1条 &lol9;"), doctype)
    start = time.perf_counter()
    text = _texts(path)
    assert time.perf_counter() - start < 30  # not 10**9 copies (a generous bound for a loaded machine)
    assert "第1条 &lol9;" in text and "lollol" not in text


def test_a_word_file_without_them_is_read_as_it_is(base):
    """What Word and python-docx write needs no rewriting: the package is read unchanged."""
    with zipfile.ZipFile(base) as archive:
        assert with_literal_entities(archive) is None


def test_literal_entities():
    xml = (b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "x"> <!ENTITY b "]">]>'
           b'<d v="&q;">&a; &amp; &lt;&gt;&quot;&apos; &#65;&#x42; & &#xZZ; &;</d>')
    assert needs_literal_entities(xml)
    assert literal_entities(xml) == (b'<?xml version="1.0"?><d v="&amp;q;">&amp;a; &amp; &lt;&gt;&quot;&apos; '
                                     b'&#65;&#x42; &amp; &amp;#xZZ; &amp;;</d>')
    plain = b"<d>&amp; &#12354; text</d>"
    assert not needs_literal_entities(plain) and literal_entities(plain) == plain


def test_the_rewritten_package_holds_every_part(base, tmp_path):
    path = _rewritten(base, tmp_path / "parts.docx", _p("&x;"))
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        copy = with_literal_entities(archive)
    assert isinstance(copy, io.BytesIO)
    with zipfile.ZipFile(copy) as rewritten:
        assert rewritten.namelist() == names
        assert b"&amp;x;" in rewritten.read("word/document.xml")
