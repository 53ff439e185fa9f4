"""What changed between two chunks, and how to say it: the report rows, descriptions
(「20倍 → 25倍」), inline differences, cosmetic noise, the 項目 label and the labels of
both report languages. The workflow's last step and every renderer use it."""

from __future__ import annotations

from .describe import changed_spans, describe_change, label_change, number_changes
from .inline import change_regions, diff_spans, inline_ops
from .items import item_label
from .labels import LANGS, labels, type_label
from .noise import COSMETIC_KINDS, cosmetic_kind
from .renumbering import Renumbering, renumbering_of
from .rows import build_change, build_changes

__all__ = [
    "COSMETIC_KINDS",
    "LANGS",
    "Renumbering",
    "build_change",
    "build_changes",
    "change_regions",
    "changed_spans",
    "cosmetic_kind",
    "describe_change",
    "diff_spans",
    "inline_ops",
    "item_label",
    "label_change",
    "labels",
    "number_changes",
    "renumbering_of",
    "type_label",
]
