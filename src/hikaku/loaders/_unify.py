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
from collections.abc import Mapping
from typing import Any

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


def _unify_metadata(md: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _unify_value(v) if k in ("heading_path", "path", "heading", "label", "title", "section", "chapter")
            else v for k, v in md.items()}


def unify_chunk(chunk: Chunk) -> Chunk:
    content = unify_cjk(chunk.content)
    metadata = _unify_metadata(chunk.metadata)
    if content == chunk.content and metadata == chunk.metadata:
        return chunk
    return Chunk(id=chunk.id, content=content, metadata=metadata)


def unify_document(doc: Document) -> Document:
    chunks = [unify_chunk(c) for c in doc.chunks]
    title = unify_cjk(doc.title)
    if title == doc.title and all(a is b for a, b in zip(chunks, doc.chunks)):
        return doc
    return Document(id=doc.id, title=title, chunks=chunks, source=doc.source, notes=doc.notes)
