"""What changed between two chunks, and how to say it: the report rows, descriptions
(「20倍 → 25倍」), inline differences, cosmetic noise, the 項目 label and a row's type label
(in the words of hikaku.wording). The workflow's last step and every renderer use it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .attention import attention_of, attention_words, clause_attention
    from .describe import describe_change, describe_facts, fact_text, label_change, number_changes
    from .facts import extract_facts
    from .grounding import ungrounded
    from .inline import change_regions, diff_spans, inline_ops
    from .items import item_label
    from .noise import COSMETIC_KINDS, cosmetic_kind
    from .renumbering import Numbers, Renumbering, own_numbers, renumbering_of
    from .rows import build_change, build_changes, row_facts
    from .summary import leave_out, revision_summary, said_by_facts, section_of, summary_digest
    from .type_labels import type_label

__all__ = [
    "attention_of",
    "build_change",
    "build_changes",
    "change_regions",
    "clause_attention",
    "describe_facts",
    "extract_facts",
    "fact_text",
    "leave_out",
    "revision_summary",
    "said_by_facts",
    "section_of",
    "row_facts",
    "summary_digest",
    "ungrounded",
    "attention_words",
    "cosmetic_kind",
    "COSMETIC_KINDS",
    "describe_change",
    "diff_spans",
    "inline_ops",
    "item_label",
    "label_change",
    "number_changes",
    "Numbers",
    "own_numbers",
    "Renumbering",
    "renumbering_of",
    "type_label",
]

# imported on first use (a fast start)
_LAZY = {
    "Numbers": ".renumbering",
    "own_numbers": ".renumbering",
    "attention_of": ".attention",
    "clause_attention": ".attention",
    "attention_words": ".attention",
    "describe_change": ".describe",
    "describe_facts": ".describe",
    "fact_text": ".describe",
    "extract_facts": ".facts",
    "ungrounded": ".grounding",
    "revision_summary": ".summary",
    "section_of": ".summary",
    "said_by_facts": ".summary",
    "leave_out": ".summary",
    "summary_digest": ".summary",
    "label_change": ".describe",
    "number_changes": ".describe",
    "change_regions": ".inline",
    "diff_spans": ".inline",
    "inline_ops": ".inline",
    "item_label": ".items",
    "COSMETIC_KINDS": ".noise",
    "cosmetic_kind": ".noise",
    "Renumbering": ".renumbering",
    "renumbering_of": ".renumbering",
    "build_change": ".rows",
    "build_changes": ".rows",
    "type_label": ".type_labels",
    "row_facts": ".rows",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
