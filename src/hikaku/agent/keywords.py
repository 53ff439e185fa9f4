"""What the offline agent searches for: a chunk's structural label, or its rarest terms."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from .._models import Chunk
from ..loaders.headings import detect_heading, split_label

__all__ = ["structural_label", "extract_keywords"]

_NOT_A_TERM = re.compile(r"^[\W\d_]+$")


def structural_label(chunk: Chunk) -> str | None:
    """``第5条``, ``第2章``, ``附則``… from the chunk's metadata or its first lines."""
    label = chunk.metadata.get("label")
    if isinstance(label, str) and label.strip():
        return unicodedata.normalize("NFKC", label).replace(" ", "")
    for line in chunk.content.splitlines()[:2]:
        h = detect_heading(line, markdown=False)
        if h is not None and h.kind in ("article", "structure", "supplement"):
            found, _ = split_label(h.text)
            return found
    return None


def extract_keywords(
    text: str,
    tokenize: Callable[[str], list[str]],
    document_frequency: Callable[[str], int],
    n_docs: int,
    k: int = 3,
    max_df: int | None = None,
) -> list[str]:
    """The *k* terms of *text* that are rarest in the searched document (but present in
    it, in at most *max_df* chunks, default half of them), in order of rarity. Only terms
    written as such in *text* (they are searched for literally); numbers, punctuation and
    one-character terms are skipped."""
    limit = max(1, n_docs // 2) if max_df is None else max_df
    body = unicodedata.normalize("NFKC", text).lower()
    seen: dict[str, int] = {}
    for pos, tok in enumerate(tokenize(text)):
        if len(tok) < 2 or _NOT_A_TERM.match(tok) or tok in seen:
            continue
        if tok.lower() not in body:  # a normalised form (知り得た → 知る) cannot be searched for literally
            continue
        seen[tok] = pos
    scored = []
    for tok, pos in seen.items():
        df = document_frequency(tok)
        if df == 0 or df > limit:
            continue
        scored.append((df, pos, tok))
    scored.sort()
    return [tok for _, _, tok in scored[:k]]
