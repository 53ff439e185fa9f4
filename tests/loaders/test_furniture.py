"""Page furniture is learnt alike whether texts without a dash or a full stop are told by a
test of substrings or by the patterns."""

from __future__ import annotations

import random

from hikaku.loaders import furniture
from hikaku.loaders.furniture import learn_furniture


def test_the_substring_tests_skip_only_texts_the_patterns_find_nothing_in(monkeypatch):
    rng = random.Random(4)
    pieces = ["- 3 -", "– 12 –", "— 7 —", "-3-", "―4―", "3 / 23", "new_insurance.md 2025-05-28", "a.pdf 2024/1/2",
              "第一条\u3000本文。", "\n", " ", "1.", "Fees.", "ー5ー", "‐6‐", "x.md", "2025年5月28日"]
    docs = [["".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(1, 12))]
            for _ in range(400)]
    docs += [[f"本文\n- {n} -\n続き" for n in range(1, 5)], [f"{n} / 9 new.md 2025-01-02 本文" for n in range(1, 5)]]
    fast = [learn_furniture(texts) for texts in docs]
    monkeypatch.setattr(furniture, "_has_dash", lambda text: True)
    monkeypatch.setattr(furniture, "_has_stop", lambda text: True)
    assert fast == [learn_furniture(texts) for texts in docs]
    assert any(f.dashed for f in fast) and any(f.strings for f in fast)
