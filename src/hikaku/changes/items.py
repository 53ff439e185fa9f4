"""The 項目 (item) column: what a reader calls the changed part of the document."""

from __future__ import annotations

from ..document import Chunk, titled
from ..text import shorten

__all__ = ["item_label"]


def _label_of(chunk: Chunk) -> str | None:
    st = chunk.structure
    if st.kind in ("heading", "toc") and st.heading and st.heading.strip() and (
            not st.label or not st.label.endswith("条")):  # a chapter or part is called by its whole heading
        return shorten(" ".join(st.heading.split()), 40)
    if st.label:
        return titled(st.label, st.title) if st.title else st.label
    if st.heading and st.heading.strip():
        return shorten(st.heading.strip(), 40)
    return st.text_label  # from the first lines, read once with the rest of the structure


def item_label(chunks_a: list[Chunk], chunks_b: list[Chunk]) -> str:
    """Label from the chunks' headings (A side first); the chunk ids when there is none."""
    for group in (chunks_a, chunks_b):
        if group:
            found = _label_of(group[0])
            if found:
                return found
    ids_a = ",".join(c.id for c in chunks_a)
    ids_b = ",".join(c.id for c in chunks_b)
    if ids_a and ids_b:
        return f"{ids_a} → {ids_b}"
    return ids_a or ids_b
