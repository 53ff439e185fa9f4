import random
import unicodedata

import pytest

from hikaku import Chunk, Document
from hikaku.embeddings import HashingEmbedder
from hikaku.index import DocumentIndex
from hikaku.text.normalization import match_key
from hikaku.tokenizers import BigramTokenizer
from hikaku.tools import DocumentStore, document_store
from hikaku.tools.document_store import _kept_by_lowering

TEXTS = [
    "第５条　保険金は、Ａ社が　支払う。",  # full-width digits, letters and spaces
    "第5条 保険金は A社が支払う。",
    "",
    "   ",
    "Premium is paid MONTHLY.\n\nPremium  premium",
    "［写A］What if it snows?",
    "ΟΔΟΣ ΣΑΣ Σ",  # final sigma: ς at a word's end
    "İstanbul i̇stanbul",  # İ lower-cases to i + U+0307
    "ﬁnal ﬁle café cafe\u0301 Ａ\u0301",  # ligatures NFKC expands; a combining accent composes
    "㍻元年　㈱ハイフン",  # squared and parenthesised forms NFKC expands
    "ｶﾀｶﾅ　ｶﾞｷﾞ ガ",  # half-width katakana: the voiced mark composes with the letter before
    "한국 \u1112\u1161\u11ab ㅎㅏㄴ",  # Hangul: jamo compose
    "x\u3000y\tz\u00a0w",
]
NEEDLES = ["第5条", "保険金", "a社", "A社", "社が支払", "premium", "Premium", "monthly", "paid monthly", "is paid",
           "what if", "[写a]what", "写a", "σ", "ς", "ος", "οδος", "ΟΔΟΣ", "i̇", "i̇stanbul", "istanbul", "fi", "final",
           "ﬁ", "cafe", "café", "e", "a\u0301", "á", "平成", "(株)", "カタカナ", "ガギ", "カ", "ガ", "ｶ", "한", "\u1112",
           "ㅎ", "y z", "z w", "x", " ", "支払う。"]


def _store(texts, keys):
    doc = Document(id="d", chunks=[Chunk(id=f"c{k}", content=t) for k, t in enumerate(texts)])
    index = DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer())
    return DocumentStore(doc, "B", index, searchable=[], keys=keys)


@pytest.mark.parametrize("memo", [0, 1000])
@pytest.mark.parametrize("case_sensitive", [False, True])
def test_reading_the_match_keys_finds_what_reading_the_texts_finds(case_sensitive, memo, monkeypatch):
    """Which chunks hold a needle, learnt on their match keys where they tell (a store given
    them) or on their searched texts (a store without): the same chunks, spans and counts,
    on texts NFKC or lower-casing change, whether the texts are remembered or not."""
    monkeypatch.setattr(document_store, "TEXT_MEMO", memo)
    # a case-insensitive literal search needs lower-casing to keep positions (İ does not)
    texts = [t for t in TEXTS if case_sensitive or "İ" not in t]
    fast, slow = _store(texts, [match_key(t) for t in texts]), _store(texts, None)
    assert fast.lower_preserves_positions is not case_sensitive
    for needle in NEEDLES:
        needle = unicodedata.normalize("NFKC", needle)
        for limit in (None, 1, 2):
            got = fast.find_literal(needle, case_sensitive=case_sensitive, limit=limit)
            assert got == slow.find_literal(needle, case_sensitive=case_sensitive, limit=limit), needle
            assert got == slow._find_literal(needle, case_sensitive=case_sensitive, limit=limit), needle
        assert fast.literal_matches(needle, case_sensitive=case_sensitive) == \
            slow.literal_matches(needle, case_sensitive=case_sensitive)
    found = fast.find_literal("what if", case_sensitive=case_sensitive)
    assert [k for k, _ in found[0]] == ([] if case_sensitive else [5])


def test_the_listing_is_each_found_chunks_view_with_its_matches():
    texts = [t for t in TEXTS if "İ" not in t]  # lower-casing keeps positions
    store = _store(texts, [match_key(t) for t in texts])
    for needle in ("保険金", "premium", "a", "ガ"):
        found, _ = store.find_literal(needle, case_sensitive=False)
        assert found and store.listing(found) == [
            store.view(store.document.chunks[k], position=k, positions=[list(sp) for sp in spans],
                       match_count=len(spans)) for k, spans in found]
        assert [list(m) for m in store.listing(found)] == [
            ["id", "content", "metadata", "position", "positions", "match_count"]] * len(found)  # as view orders them
        assert all(m["metadata"] is store.document.chunks[m["position"]].metadata for m in store.listing(found))


def test_random_texts_of_plain_and_composing_characters_are_found_alike():
    rng = random.Random(5)
    alphabet = "aAeEｶﾞﾟガカ\u0301\u3099é ＡＢ　社写［］ΣσİI\u1100\u1161\u11a8가"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(300)]
    cased = [t for t in texts if "İ" not in t]
    for case_sensitive, pool in ((True, texts), (False, cased)):
        fast, slow = _store(pool, [match_key(t) for t in pool]), _store(pool, None)
        for _ in range(300):
            t = unicodedata.normalize("NFKC", rng.choice(pool))
            if len(t) < 2:
                continue
            i = rng.randrange(len(t) - 1)
            needle = t[i: i + rng.randint(1, 4)]
            if not needle.strip():
                continue
            assert fast.find_literal(needle, case_sensitive=case_sensitive) == \
                slow.find_literal(needle, case_sensitive=case_sensitive), needle


def test_lower_casing_keeps_and_makes_what_the_keys_reading_assumes():
    """What ``_kept_by_lowering`` rests on: a character lower-casing changes becomes
    lower-case letters and U+0307 only; whitespace stays whitespace, and nothing else becomes it."""
    for cp in range(0x110000):
        ch = chr(cp)
        low = ch.lower()
        if low != ch:
            assert all(c.islower() or c == "\u0307" for c in low), hex(cp)
        assert ch.isspace() == any(c.isspace() for c in low), hex(cp)
    assert _kept_by_lowering("保") and _kept_by_lowering("5") and _kept_by_lowering("[")
    assert not _kept_by_lowering("a") and not _kept_by_lowering("A") and not _kept_by_lowering("\u0307")


def test_the_chunks_under_a_heading_are_found_by_their_distinct_paths():
    """_members, pinned against testing every chunk's path (as summary did), on nested, repeated
    and interleaved heading paths, prefixes no chunk has included."""
    rng = random.Random(6)
    heads = ["第1編\u3000総則", "第1章", "第2章", "Part 1", "（目的）"]
    paths = [[rng.choice(heads) for _ in range(rng.randint(0, 3))] for _ in range(400)]
    doc = Document(id="d", chunks=[Chunk(id=f"c{k}", content=f"本文{k}。", metadata={"heading_path": p})
                                   for k, p in enumerate(paths)])
    store = DocumentStore(doc, "A", DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer()),
                          searchable=[])
    prefixes = {tuple(p[:n]) for p in paths for n in range(len(p) + 1)} | {("第9章",), ("第1章", "第9章")}
    for prefix in prefixes:
        scanned = [c for c in doc.chunks if tuple(c.structure.heading_path)[:len(prefix)] == prefix]
        assert store._members(prefix) == scanned, prefix
    assert store.summary(("第1章",)).startswith("第1章: 本文") and "chunks)" in store.summary(("第1章",))
