import pytest

from hikaku import ConfigurationError
from hikaku.tokenizers import BigramTokenizer, SudachiTokenizer, get_tokenizer
from hikaku.tokenizers.sudachi import MAX_INPUT_BYTES, _pieces


def test_sudachi_splits_japanese_without_spaces(sudachi):
    toks = sudachi.tokenize("入院給付金日額の２０倍を支払います。")
    assert "入院" in toks and "日額" in toks and "20" in toks
    assert "支払う" in toks  # normalised form
    assert "。" not in toks  # punctuation dropped


def test_sudachi_keeps_latin_words(sudachi):
    assert sudachi.tokenize("Self-driving CARS") == ["self", "driving", "cars"]


def test_sudachi_accepts_input_over_its_byte_limit(sudachi):
    text = "保険金を支払います。" * 3000  # about 90 kB
    assert len(text.encode()) > MAX_INPUT_BYTES
    assert sudachi.tokenize(text).count("保険") == 3000


def test_pieces_respect_the_limit_even_without_sentence_ends():
    text = "あ" * 40000
    pieces = _pieces(text, 1000)
    assert "".join(pieces) == text
    assert all(len(p.encode()) <= 1000 for p in pieces)


def test_bigram_tokenizer():
    assert BigramTokenizer().tokenize("保険金 Insurance 2,000円") == ["保険", "険金", "insurance", "2,000", "円"]


def test_factory():
    assert isinstance(get_tokenizer("sudachi"), SudachiTokenizer)
    assert isinstance(get_tokenizer("bigram"), BigramTokenizer)
    with pytest.raises(ConfigurationError, match="unknown tokenizer"):
        get_tokenizer("mecab")


def test_sudachi_tokenises_in_two_threads_at_once(sudachi):
    """One tokenizer shared by threads: each thread has a Sudachi tokenizer of its own (sharing
    one is refused by Sudachi), the same tokens as one thread."""
    import threading

    from hikaku.tokenizers import SudachiTokenizer

    texts = [f"第{k}条 保険金の支払いは請求から{k}日以内とする。被保険者が入院したとき。" * 20 for k in range(60)]
    alone = [SudachiTokenizer().tokenize(t) for t in texts]
    shared = SudachiTokenizer()
    got: dict[int, list[list[str]]] = {}

    def work(half: int) -> None:
        got[half] = [shared.tokenize(t) for t in texts[half::2]]

    threads = [threading.Thread(target=work, args=(h,)) for h in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert got[0] == alone[0::2] and got[1] == alone[1::2]
    assert len(shared._tokenizers) == 2
