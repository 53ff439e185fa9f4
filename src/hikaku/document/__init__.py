"""The documents hikaku compares: chunks, their order and their place in the structure
(heading path, label, title, pages), and the recognition of headings in text."""

from __future__ import annotations

from .citation_reader import citations
from .citation_records import LEVELS, Citation, Step, fold_width
from .headings import (
    RANK_TITLE,
    Heading,
    HeadingLine,
    detect_heading,
    is_caption,
    is_toc_title,
    label_of,
    leaves_sentence_open,
    read_heading,
    reads_as_title,
    split_label,
    titled,
)
from .model import Chunk, Document, DocumentNote
from .numerals import NumberStyle, number_style, number_value, write_number
from .parts import Part, provision_parts
from .placeholders import is_placeholder, placeholder_label
from .references import (
    ClauseRef,
    Renumbering,
    clause_refs,
    clause_renumbering,
    opening_ref,
    own_ref,
    without_refs,
)
from .structure import (
    ChunkStructure,
    NumberingSection,
    PageBox,
    heads,
    is_clause_label,
    is_heading_only,
    numbering_sections,
    numbers_several,
    parse_structure,
    section_of,
)
from .twins import per_text, share_twins

__all__ = [
    "Chunk",
    "Citation",
    "citations",
    "fold_width",
    "LEVELS",
    "NumberStyle",
    "number_style",
    "number_value",
    "Part",
    "provision_parts",
    "Step",
    "write_number",
    "ChunkStructure",
    "clause_refs",
    "clause_renumbering",
    "ClauseRef",
    "detect_heading",
    "Document",
    "DocumentNote",
    "Heading",
    "HeadingLine",
    "heads",
    "is_caption",
    "is_clause_label",
    "is_heading_only",
    "is_placeholder",
    "is_toc_title",
    "PageBox",
    "label_of",
    "leaves_sentence_open",
    "numbering_sections",
    "NumberingSection",
    "numbers_several",
    "opening_ref",
    "own_ref",
    "parse_structure",
    "per_text",
    "placeholder_label",
    "RANK_TITLE",
    "read_heading",
    "reads_as_title",
    "Renumbering",
    "section_of",
    "share_twins",
    "split_label",
    "titled",
    "without_refs",
]
