"""Cross-references after a revision (引用ずれ): every reference of the new version
(「第十五条の規定により」, 「前条第二項」, 「同項第三号」, 「別表第二」, "Section 4.2",
"clause 12(b)") checked against where the provision it meant went, by the comparison's own
pairing: a number that was not updated (``stale``), a provision that was deleted
(``deleted_target``), a number the new version does not have (``missing_target``) and a
relative reference whose target moved (``relative_shift``). The references are read by the
same extraction the renumbering (条番号のみ変更) reads: :func:`hikaku.document.citations`."""

from __future__ import annotations

from .check import check_references

__all__ = ["check_references"]
