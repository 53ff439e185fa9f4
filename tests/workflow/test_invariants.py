"""Whatever the edits, every chunk of A and of B is in exactly one change."""

import random
from collections import Counter

import pytest

import hikaku

from ..helpers import doc

SENTENCES = [
    "保険金は請求書類が届いた日から5日以内に支払います。", "契約者は住所を変更したときに通知します。",
    "保険料は毎月払い込むものとします。", "告知義務に違反したときは契約を解除できます。",
    "入院給付金は入院1日につき日額を支払います。", "手術給付金は日額の20倍を支払います。",
    "The insurer pays within five days.", "Premiums are paid every month.",
    "第1条（目的）この約款は保険契約の内容を定める。", "第2条　削除", "第2条　削除", "同じ文です。", "同じ文です。",
]


def edited(rng: random.Random, a: list[str]) -> list[str]:
    b = list(a)
    for _ in range(rng.randint(1, 6)):
        op = rng.choice(["insert", "delete", "modify", "move", "split", "merge"])
        if op == "insert":
            b.insert(rng.randint(0, len(b)), rng.choice(SENTENCES) + f"（新{rng.randint(0, 99)}）")
        elif op == "delete" and len(b) > 1:
            b.pop(rng.randrange(len(b)))
        elif op == "modify" and b:
            k = rng.randrange(len(b))
            b[k] = b[k].replace("5", "7").replace("毎月", "毎年") + "追記。"
        elif op == "move" and len(b) > 2:
            b.insert(rng.randint(0, len(b) - 1), b.pop(rng.randrange(len(b))))
        elif op == "split" and b:
            k = rng.randrange(len(b))
            half = len(b[k]) // 2
            b[k: k + 1] = [b[k][:half], b[k][half:]]
        elif op == "merge" and len(b) > 1:
            k = rng.randrange(len(b) - 1)
            b[k: k + 2] = [b[k] + b[k + 1]]
    return b or ["空"]


@pytest.mark.parametrize("seed", range(25))
def test_changes_partition_both_documents(seed, hashing_embedder, bigram):
    rng = random.Random(seed)
    a = [rng.choice(SENTENCES) for _ in range(rng.randint(1, 14))]
    b = edited(rng, a)
    result = hikaku.compare(doc("A", *a), doc("B", *b), embedder=hashing_embedder, tokenizer=bigram)
    seen_a = Counter(i for c in result.changes for i in c.a_ids)
    seen_b = Counter(j for c in result.changes for j in c.b_ids)
    assert seen_a == Counter(f"a{i + 1}" for i in range(len(a)))
    assert seen_b == Counter(f"b{j + 1}" for j in range(len(b)))
    for c in result.changes:
        assert (c.type == "added") == (not c.a_ids) and (c.type == "deleted") == (not c.b_ids)
        if c.type == "unchanged":
            assert len(c.a_ids) == len(c.b_ids) == 1 and c.a_text == c.b_text
        if c.type == "modified":
            assert c.a_text != c.b_text or len(c.a_ids) + len(c.b_ids) > 2
    assert sum(result.stats.counts.values()) == len(result.changes)
    if a == b:
        assert all(c.type == "unchanged" for c in result.changes)
