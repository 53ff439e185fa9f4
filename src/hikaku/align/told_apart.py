"""What told a chunk apart from the chunks around it, and whether a counterpart keeps it.

The background of a pair (:mod:`.neighbours`) is how alike the document's own other clauses are
with its chunks: a pair no more similar is not told from them by its wording. Near copies are the
exception: the rows of a premium table (「21歳｜男性｜…｜1,500円」 beside 「20歳｜男性｜…｜1,500円」)
differ in one value, and a row whose amount alone changed is no more similar to its revision than to
the row beside it — both differ in one value. What told the row from the row beside is its age, and
its revision keeps it; an unrelated list item written on the same pattern keeps of what told the old
item from its siblings only what any sibling would by chance.

On a chunk's wording (its Latin words and the character pairs of the rest, numbers as values,
without its list marker: an item's place is not its wording), :func:`kept_and_chance` measures *kept*, the share of the chunk's own
words — those no chunk around it holds — that the counterpart holds, and *chance*, the most a chunk
around it holds of the chunk's words when that chunk is left out of the chunks around (the same
measure, with a clause that is not the counterpart in the counterpart's place). A pair is told apart
(:func:`told_apart`) when each of its chunks keeps more of what told the other apart than any chunk
around that other does — both ways — and one of them keeps the greater part of it: an unrelated item
sharing a stray word or two with the old one, where its siblings happen to share none, is not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["kept_and_chance", "told_apart"]


def kept_and_chance(own: frozenset[str], around: Sequence[frozenset[str]], other: frozenset[str]
                    ) -> tuple[float, float]:
    """*own*: a chunk's words; *around*: those of the chunks around it in its version; *other*:
    its counterpart's. (kept, chance) as above (0 where the chunk has nothing of its own)."""
    held = Counter(t for near in around for t in near & own)
    alone = {t for t in own if t not in held}
    kept = len(alone & other) / len(alone) if alone else 0.0
    once = {t for t, n in held.items() if n == 1}
    chance = max((len(near & once) / (len(alone) + len(near & once)) for near in around
                  if alone or near & once), default=0.0)
    return kept, chance


def told_apart(a: frozenset[str], around_a: Sequence[frozenset[str]], b: frozenset[str],
               around_b: Sequence[frozenset[str]]) -> bool:
    """Whether *b* keeps more of what told *a* from the chunks around it (*around_a*, in A) than
    any of those does, and *a* more of what told *b* from *around_b* (in B), and one of them the
    greater part of it (a row's revision keeps its age, all that told it from the row beside; a
    stray common word is not the greater part of what told an item from its siblings)."""
    kept_a, chance_a = kept_and_chance(a, around_a, b)
    kept_b, chance_b = kept_and_chance(b, around_b, a)
    return max(kept_a, kept_b) > 0.5 and kept_a > chance_a and kept_b > chance_b
