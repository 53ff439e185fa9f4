"""A dependency-free tokenizer: Latin words plus overlapping CJK character bigrams.

Character bigrams are the classic way to index Japanese without a dictionary (as in
Lucene's CJKAnalyzer); they need no model and are used when Sudachi is not wanted.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["BigramTokenizer"]

_RUNS = re.compile(
    r"[0-9a-z]+(?:[.,][0-9]+)*|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+"
)


class BigramTokenizer:
    name = "bigram"

    def tokenize(self, text: str) -> list[str]:
        out: list[str] = []
        for run in _RUNS.findall(unicodedata.normalize("NFKC", text).lower()):
            if run[0].isascii():
                out.append(run)
            elif len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i: i + 2] for i in range(len(run) - 1))
        return out
