from hikaku.changes import describe_change, label_change, number_changes


def test_numbers_with_units():
    assert number_changes("日額の20倍を支払う。", "日額の25倍を支払う。") == [("20倍", "25倍")]
    assert number_changes("通算して1,095日とする。", "通算して1,825日とする。") == [("1,095日", "1,825日")]
    assert number_changes("３か月間", "6か月間") == [("3か月間", "6か月間")]  # full width folded
    assert number_changes("第5条による", "第6条による") == []  # references are not amounts


def test_describe_japanese():
    assert describe_change("入院給付金日額の20倍を支払う。", "入院給付金日額の25倍を支払う。") == "入院給付金日額の20倍 → 25倍"
    assert describe_change("七大疾病を対象とする。", "五大疾病を対象とする。") == "「七大疾病」 → 「五大疾病」"
    assert describe_change("第16条（休業）本文。", "第18条（休業）本文。") == "第16条 → 第18条"
    assert describe_change("本文です。", "本文です。追記しました。") == "追加: 「追記しました。」"
    assert describe_change("本文です。削る文。", "本文です。") == "削除: 「削る文。」"


def test_describe_english_keeps_original_spacing():
    s = describe_change("The insurer pays within five days.", "The insurer pays within ten business days.", "en")
    assert s == "five days → ten business days"  # a number in words is a number
    assert describe_change("Cars are safe.", "Cars are safe. They never tire.", "en") == 'added: "They never tire."'


def test_labels():
    assert label_change("第3条 本文", "第４条 本文") == ("第3条", "第4条")
    assert label_change("（目的）\n第3条 本文", "（目的）\n第４条 本文") == ("第3条", "第4条")  # after its caption
    assert label_change("本文", "本文") is None


def test_numbers_with_english_units_and_the_wording_next_to_them():
    s = describe_change("The insured must notify us within 30 days.",
                        "The insured must notify us in writing within 60 days.", "en")
    assert s == '30 days → 60 days; added: "in writing"'
    # a sentence added with a number in it is wording; a number's own digits are not
    s = describe_change("Available 99.5% of the time.", "Available 99.9% of the time. Credits are set out in Schedule 2.",
                        "en")
    assert s == '99.5% → 99.9%; added: "Credits are set out in Schedule 2."'
    assert describe_change("利息は年1.5%とする。", "利息は年1%とする。") == "利息：年1.5% → 1%"
    assert describe_change("日額の20倍を支払う。", "日額の25倍を支払う。別表第2の手術も対象とする。") == (
        "日額の20倍 → 25倍、追加: 「別表第2の手術も対象とする。」")


def test_list_items_added_and_removed():
    a = "次の書類を提出する。\n（1）誓約書\n（2）身元保証書"
    assert describe_change(a, a + "\n（3）マイナンバーの確認書類") == "追加: 「マイナンバーの確認書類」"  # no marker
    assert describe_change(a, "次の書類を提出する。\n（1）誓約書") == "削除: 「身元保証書」"


def test_moves_and_splits_are_said_as_such(use_embedder):
    import hikaku
    from tests.helpers import EXAMPLES

    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder)
    moved = next(c for c in result.changes if c.moved)
    assert moved.summary == "第10条 → 第26条へ移動"
    split = next(c for c in result.changes if len(c.b_ids) == 2)
    assert split.summary.startswith("分割: 第16条・第17条、") and "10日 → 12日" in split.summary
    en = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder,
                        lang="en")
    assert next(c for c in en.changes if c.moved).summary == "moved: 第10条 → 第26条"
    assert next(c for c in en.changes if len(c.b_ids) == 2).summary.startswith("split: 第16条・第17条; ")


def test_english_clause_numbers_are_a_renumbering_not_an_amount():
    assert number_changes("Article 4 survives termination.", "Article 5 survives termination.") == []
    assert number_changes("4.1 Fees\nWithin 30 days.", "5.1 Fees\nWithin 45 days.") == [("30 days", "45 days")]
    assert label_change("Section 4.1 Neither party…", "Section 5.1 Neither party…") == ("Section 4.1", "Section 5.1")
    assert label_change("ARTICLE IV LIABILITY", "ARTICLE V LIABILITY") == ("ARTICLE IV", "ARTICLE V")


def test_a_renumbered_clause_that_also_changed_says_both():
    a = "Section 4.1 Neither party's total liability shall exceed the fees paid in the twelve (12) months."
    b = "Section 5.1 Neither party's total liability shall exceed 150% of the fees paid in the twelve (12) months."
    assert describe_change(a, b, "en") == 'Section 4.1 → Section 5.1; added: "150% of"'
    assert describe_change("第4条 責任の総額は、料金を超えないものとする。", "第5条 責任の総額は、料金の150%を超えないものとする。") == (
        "第4条 → 第5条、追加: 「の150%」")
    # a sentence that differs only by the references that shifted with the clause is not described again
    assert describe_change("Article 5 Termination.\nArticle 4 survives.", "Article 6 Termination.\nArticle 5 survives.\n"
                           "Notice is given in writing.", "en") == 'Article 5 → Article 6; added: "Notice is given in writing."'


def test_an_item_moved_between_the_enumerations_of_a_clause_is_said_once():
    """契約社員 leaves the list of those regulated elsewhere for the list this rule applies to: one
    part that names it as moved, not 削除 and 追加 of the same words."""
    a = ("第2条（適用範囲）\nこの規則は、会社に雇用される正社員に適用する。\n"
         "２　契約社員及びパートタイマーの就業に関する事項は、別に定める。")
    b = ("第2条（適用範囲）\nこの規則は、会社に雇用される正社員及び契約社員に適用する。\n"
         "２　パートタイマーの就業に関する事項は、別に定める。")
    assert describe_change(a, b) == "位置を変更: 「契約社員」"
    assert describe_change(a, b, "en") == 'moved within the clause: "契約社員"'
