"""Entity references in a Word file's XML kept as the text they are.

Word never writes a document type declaration (ECMA-376 forbids one) nor an entity reference
other than XML's five (``&amp;`` ``&lt;`` ``&gt;`` ``&quot;`` ``&apos;``) and character references.
A file made by another writer may hold one anyway: ``&foo;`` left unexpanded, or one declared in
an ``<!DOCTYPE … [<!ENTITY …>]>``. Parsed as it is, an undeclared one makes the XML malformed (the
whole file refused) and a declared one is a node whose text python-docx does not read: the rest of
its paragraph is lost. And a declared *external* entity (``SYSTEM "file:///etc/passwd"``) would, if
expanded, put a file of the machine into the report (XXE).

So before python-docx reads the package, each XML part that needs it is rewritten: the document
type declaration is dropped (nothing is ever declared, so nothing can be expanded, external or
not) and every ``&`` that does not start one of XML's five entities or a character reference is
written ``&amp;`` — ``&foo;`` is then the text ``&foo;``, where it stood. A part without either is
left as it is (a Word file's parts never need it: read as before, byte for byte)."""

from __future__ import annotations

import io
import re
import zipfile

__all__ = ["needs_literal_entities", "literal_entities", "with_literal_entities"]

# an & that starts no predefined entity and no character reference
_LONE_AMP = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos);|#[0-9]{1,8};|#x[0-9A-Fa-f]{1,8};)")
# <!DOCTYPE name ...> with an internal subset [...] or without one
_DOCTYPE = re.compile(rb"<!DOCTYPE(?:[^\[>]*\[.*?\]\s*>|[^\[>]*>)", re.S)


def needs_literal_entities(xml: bytes) -> bool:
    """Whether the XML holds a document type declaration or an ``&`` that is no predefined entity
    or character reference."""
    return b"<!DOCTYPE" in xml or _LONE_AMP.search(xml) is not None


def literal_entities(xml: bytes) -> bytes:
    """*xml* without its document type declaration, each ``&`` that is no predefined entity or
    character reference written ``&amp;`` (so that ``&foo;`` reads as the text ``&foo;``)."""
    return _LONE_AMP.sub(b"&amp;", _DOCTYPE.sub(b"", xml, count=1))


def with_literal_entities(archive: zipfile.ZipFile) -> io.BytesIO | None:
    """The package again (members stored, not compressed) with its XML parts rewritten by
    :func:`literal_entities`, or None when no part needs it."""
    parts: dict[str, bytes] = {}
    for info in archive.infolist():
        if info.filename.lower().endswith((".xml", ".rels")):
            data = archive.read(info)
            if needs_literal_entities(data):
                parts[info.filename] = literal_entities(data)
    if not parts:
        return None
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as copy:
        for info in archive.infolist():
            data = parts[info.filename] if info.filename in parts else archive.read(info)
            copy.writestr(zipfile.ZipInfo(info.filename, info.date_time), data)
    out.seek(0)
    return out
