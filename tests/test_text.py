from hikaku.text.normalization import (
    contains_cjk,
    is_cosmetic_change,
    match_key,
    normalize,
    shorten,
    split_sentences,
)


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

    from hikaku.text.normalization import nfkc, recall, remembering

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


def test_nfkc_by_narrowing_wide_forms_is_unicodedata_nfkc():
    # the fast path (U+3000 and full-width ASCII replaced, then checked) against unicodedata on
    # every character it replaces, beside what may follow them: combining marks that compose
    # with the narrowed letter, half-width katakana and its sound marks, compatibility ideographs
    import unicodedata

    from hikaku.text.normalization import nfkc

    wide = "".join(chr(c) for c in range(0xFF01, 0xFF5F)) + "\u3000"
    texts = [
        wide,
        "第十二条\u3000保険金の額は、（１）及び（２）に定める金額［別表第１］とする。",
        "Ｅ\u0301ｔａｔ\u3000ｅ\u0308",  # É and ë only after narrowing: composition must still happen
        "ｶﾞｲﾄﾞ\u3000ﾊﾟﾝﾌ",  # half-width katakana: left to unicodedata
        "\u2f64途\u3000\uf900\u3000⑴",  # a radical, a compatibility ideograph, a parenthesised number
        "plain ascii text",
        "既に正規化された日本語の文。",
        "",
    ]
    texts += [a + b for a in wide for b in ("\u0301", "\u0308", "\u3099", "ﾞ")]
    for text in texts:
        assert nfkc(text) == unicodedata.normalize("NFKC", text), text
        assert normalize(text) == " ".join(unicodedata.normalize("NFKC", text).split()), text


def test_nfkc_of_a_wide_form_before_any_character():
    import unicodedata

    from hikaku.text.normalization import nfkc

    chars = [chr(c) for c in range(0x20, 0x10000) if not 0xD800 <= c <= 0xDFFF]
    for lead in ("Ａ", "\u3000", "ｅ"):
        for ch in chars:
            text = lead + ch
            assert nfkc(text) == unicodedata.normalize("NFKC", text), hex(ord(ch))


def test_a_list_marker_is_left_out_and_a_number_that_starts_a_sentence_is_not():
    from hikaku.text import without_list_marker

    assert without_list_marker("2. If you are a resident") == "If you are a resident"
    assert without_list_marker("（3）保険金の支払") == "保険金の支払"
    assert without_list_marker("① 入院給付金") == "入院給付金"
    assert without_list_marker("- We may share") == "We may share"
    assert without_list_marker("1.5倍を支払う") == "1.5倍を支払う"  # a number, not a marker
    assert without_list_marker("2024年4月1日から") == "2024年4月1日から"
