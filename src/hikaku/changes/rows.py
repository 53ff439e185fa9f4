"""The rows of a comparison: one :class:`~hikaku.result.Change` per resolved group, with
its type, its description (moved / split / merged first), its inline diff and its
place in the document."""

from __future__ import annotations

from ..align.decision import ResolvedGroup
from ..document import Chunk
from ..result import Change, ChangeDiff, ChangeType
from .describe import describe_change
from .inline import diff_spans, inline_ops
from .items import item_label
from .labels import labels
from .noise import cosmetic_kind

__all__ = ["build_change"]


def build_change(ca: list[Chunk], cb: list[Chunk], g: ResolvedGroup, lang: str, *, strict: bool) -> Change:
    """One row: the chunks of A and B a resolved group holds, compared."""
    L = labels(lang)
    a_text = "\n".join(c.content for c in ca)
    b_text = "\n".join(c.content for c in cb)
    kind = cosmetic_kind(a_text, b_text) if ca and cb else None
    parts: list[str] = []
    summary_by, offline_summary, diff = "offline", None, None
    ctype: ChangeType
    if ca and cb:
        one_to_one = len(ca) == len(cb) == 1  # a split or a merge is a change even with the same words
        if one_to_one and (a_text == b_text or (kind is not None and not strict)):
            ctype = "unchanged"
            if kind is not None:
                parts.append(L[f"cosmetic_{kind}"])
        else:
            ctype = "modified"
            ops = inline_ops(a_text, b_text)  # one diff for the highlights and the description
            if kind is not None:
                parts.append(L[f"cosmetic_{kind}"])
            else:
                parts.append(describe_change(a_text, b_text, lang, renumbering=not g.moved, ops=ops))
                if g.description:
                    offline_summary, summary_by = parts.pop(), "llm"
                    parts.append(g.description)
            sa, sb = diff_spans(a_text, b_text, ops)
            diff = ChangeDiff(a=sa, b=sb)
        shape = _shape(ca, cb, g.moved, L)
        if shape:
            parts.insert(0, shape)
    else:
        ctype = "deleted" if ca else "added"
        if ca and g.description:
            parts.append(g.description)
            summary_by = "llm"
    return Change(
        type=ctype,
        a_ids=[c.id for c in ca],
        b_ids=[c.id for c in cb],
        item=item_label(ca, cb),
        summary=L["sep"].join(p for p in parts if p),
        confidence=round(float(g.confidence), 4),
        moved=g.moved,
        cosmetic=kind is not None,
        cosmetic_kind=kind,
        similarity=None if g.similarity is None else round(float(g.similarity), 4),
        a_text=a_text,
        b_text=b_text,
        decided_by=g.decided_by,
        summary_by="llm" if summary_by == "llm" else "offline",
        offline_summary=offline_summary,
        path=list((cb or ca)[0].structure.section_path),
        diff=diff,
    )


def _label(chunks: list[Chunk]) -> str:
    return "・".join(x for x in (c.structure.structural_label for c in chunks) if x)


def _shape(ca: list[Chunk], cb: list[Chunk], moved: bool, L: dict[str, str]) -> str:
    """「第5条 → 第7条へ移動」, 「分割: 第16条・第17条」, 「統合: 第3条・第4条」."""
    if moved:
        la, lb = _label(ca), _label(cb)
        if la and lb and la != lb:
            return L["moved_to"].format(a=la, b=lb)
        return L["moved_summary"]
    if len(ca) == 1 and len(cb) > 1:
        return f"{L['split']}: {_label(cb)}" if _label(cb) else L["split"]
    if len(ca) > 1 and len(cb) == 1:
        return f"{L['merged']}: {_label(ca)}" if _label(ca) else L["merged"]
    return ""
