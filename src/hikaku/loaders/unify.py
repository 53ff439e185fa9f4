"""CJK compatibility characters, shown as the ideographs they stand for.

PDF extraction often yields Kangxi radicals (⽇ U+2F47 for 日, ⼈ U+2F08, ⽬ U+2F6C …),
CJK radicals supplement forms (⻑ for 長) and CJK compatibility ideographs (U+F900–FAFF,
U+2F800–2FA1F). They look like the ideographs but are other characters: a reader copying
from the report, or searching it, must get the ideograph. Every loaded chunk's text and
headings are unified here, once; nothing else about the text changes (width, spacing
and punctuation stay as printed; matching folds those separately).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from ..document import Chunk, Document

__all__ = ["unify_cjk", "unify_chunk", "unify_document"]

_COMPAT = re.compile("[\u2e80-\u2eff\u2f00-\u2fdf\uf900-\ufaff\U0002f800-\U0002fa1f]")
# radicals supplement forms without a Unicode decomposition, as PDF text carries them
_SUPPLEMENT = {
    "\u2ea0": "民", "\u2ebc": "月", "\u2ebe": "艹", "\u2ebf": "艹", "\u2ec0": "艹", "\u2ec4": "西", "\u2ec6": "角",
    "\u2ecc": "辶", "\u2ecd": "辶", "\u2ed1": "長", "\u2ed8": "青", "\u2edd": "食", "\u2ee4": "鬼", "\u2ee9": "黄",
    "\u2eeb": "斉", "\u2eed": "歯", "\u2eef": "竜", "\u2ef2": "亀",
}


def _unified(m: re.Match[str]) -> str:
    ch = m.group()
    if ch in _SUPPLEMENT:
        return _SUPPLEMENT[ch]
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 and unicodedata.category(folded) == "Lo" else ch


def unify_cjk(text: str) -> str:
    """*text* with Kangxi radicals, radical forms and compatibility ideographs replaced
    by the unified ideographs (⽇ → 日, 﨑 stays 﨑: it is a unified ideograph)."""
    return _COMPAT.sub(_unified, text) if _COMPAT.search(text) else text


def _unify_value(value: Any) -> Any:
    if isinstance(value, str):
        return unify_cjk(value)
    if isinstance(value, list):
        return [_unify_value(v) for v in value]
    return value


_KEYS = ("heading_path", "path", "heading", "label", "title", "section", "chapter")  # the metadata unified


def _unify_metadata(md: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _unify_value(v) if k in _KEYS else v for k, v in md.items()}


def unify_chunk(chunk: Chunk) -> Chunk:
    content = unify_cjk(chunk.content)
    metadata = _unify_metadata(chunk.metadata)
    if content == chunk.content and metadata == chunk.metadata:
        return chunk
    return Chunk(id=chunk.id, content=content, metadata=metadata)


def unify_document(doc: Document) -> Document:
    if not _may_hold_compat(_texts(doc)):
        return doc  # what unifying every chunk returns when none changes
    chunks = [unify_chunk(c) for c in doc.chunks]
    title = unify_cjk(doc.title)
    if title == doc.title and all(a is b for a, b in zip(chunks, doc.chunks)):
        return doc
    return Document(id=doc.id, title=title, chunks=chunks, source=doc.source, notes=doc.notes)


def _texts(doc: Document) -> Iterator[str]:
    """Every string :func:`unify_document` unifies: the title, each chunk's content and the strings
    of its unified metadata."""
    yield doc.title
    for c in doc.chunks:
        yield c.content
        for key, value in c.metadata.items():
            if key in _KEYS:
                yield from _strings(value)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_SCREEN = 1 << 20  # characters screened at a time


def _may_hold_compat(texts: Iterable[str]) -> bool:
    """False when none of *texts* holds a character :data:`_COMPAT` matches: their UTF-16 code
    units, screened with numpy a block of texts at a time (a regular expression scanning every
    character is several times slower). True when one may: a code unit in U+2E80–U+2FDF or
    U+F900–U+FAFF, or the high surrogate of U+2F800–U+2FBFF (which holds U+2F800–U+2FA1F)."""
    block: list[str] = []
    size = 0
    for text in texts:
        block.append(text)
        size += len(text)
        if size >= _SCREEN:
            if _screen("".join(block)):
                return True
            block, size = [], 0
    return _screen("".join(block))


def _screen(text: str) -> bool:
    units = np.frombuffer(text.encode("utf-16-le", "surrogatepass"), dtype=np.uint16)
    return bool(((units - 0x2E80) < 0x160).any() or ((units - 0xF900) < 0x200).any() or (units == 0xD87E).any())
