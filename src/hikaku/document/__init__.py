"""The documents hikaku compares: chunks, their order and their place in the structure
(heading path, label, title, pages), and the recognition of headings in text."""

from __future__ import annotations

from ._model import Chunk, Document, DocumentNote
from ._twins import per_text, share_twins
from .headings import Heading, detect_heading, is_caption, split_label
from .structure import ChunkStructure, NumberingSection, numbering_sections, parse_structure

__all__ = [
    "DocumentNote",
    "Chunk",
    "ChunkStructure",
    "Document",
    "Heading",
    "NumberingSection",
    "detect_heading",
    "is_caption",
    "numbering_sections",
    "parse_structure",
    "per_text",
    "share_twins",
    "split_label",
]
