from hikaku._text import contains_cjk, is_cosmetic_change, match_key, normalize, shorten, split_sentences


def test_nfkc_folds_pdf_radical_lookalikes_and_widths():
    # U+2F64 (KANGXI RADICAL USE) is what PDF extraction often yields for 用
    assert normalize("費\u2f64") == "費用"
    assert normalize("ＡＢＣ　１２３") == "ABC 123"
    assert normalize("ｶﾀｶﾅ") == "カタカナ"


def test_whitespace_collapsed_and_case_kept_for_identity():
    assert normalize("  a \n\t b  ") == "a b"
    assert match_key("Text") != match_key("text")


def test_cosmetic_change():
    assert is_cosmetic_change("第１条", "第1条")
    assert is_cosmetic_change("a  b", "a b")
    assert not is_cosmetic_change("第1条", "第1条")
    assert not is_cosmetic_change("第1条", "第2条")


def test_sentences_japanese_and_english():
    assert split_sentences("一文目。二文目！三文目") == ["一文目。", "二文目！", "三文目"]
    assert split_sentences("One. Two? Three") == ["One.", "Two?", "Three"]
    assert split_sentences("3.5 percent") == ["3.5 percent"]


def test_helpers():
    assert contains_cjk("abc漢字") and not contains_cjk("abc")
    assert shorten("abcdef", 4) == "abc…" and shorten("abc", 4) == "abc"


def test_texts_are_remembered_only_within_remembering():
    import threading
    import unicodedata

    from hikaku._text import nfkc, recall, remembering

    reads = []

    def read(text):
        reads.append(text)
        return [text.upper()]

    assert nfkc("ｶﾞ１") == unicodedata.normalize("NFKC", "ｶﾞ１") == "ガ1"
    recall("up", "a", read), recall("up", "a", read)
    assert len(reads) == 2  # nothing remembered outside
    with remembering() as memo:
        got = recall("up", "a", read, list)
        got.append("changed by a caller")
        assert recall("up", "a", read, list) == ["A"] and len(reads) == 3
        assert nfkc("ｶﾞ１") == "ガ1" and memo[("nfkc", "ｶﾞ１")] == "ガ1"
        other = []
        t = threading.Thread(target=lambda: other.append(recall("up", "a", read)))  # another thread: its own context
        t.start()
        t.join()
        assert len(reads) == 4
        memo.clear()
        recall("up", "a", read)
        assert len(reads) == 5
    recall("up", "a", read)
    assert len(reads) == 6
