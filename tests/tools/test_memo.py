from hikaku.tools.memo import Memo


def test_the_oldest_entries_go_first_beyond_the_size():
    size = 3
    memo: Memo[str, int] = Memo(lambda: size)
    for k in "abcd":
        assert memo.put(k, ord(k)) == ord(k)
    assert list(memo) == ["b", "c", "d"] and memo.get("a") is None and memo.get("d") == ord("d")
    memo.get("b")  # reading does not make an entry younger
    memo.put("e", 0)
    assert list(memo) == ["c", "d", "e"]
    size = 1  # the bound is read at every insertion
    memo.put("f", 1)
    assert list(memo) == ["f"] and len(memo) == 1 and "f" in memo and "e" not in memo
    memo.clear()
    assert not memo and list(memo) == []


def test_with_a_budget_the_oldest_go_until_the_new_value_fits():
    memo: Memo[str, list[int]] = Memo(lambda: 100, budget=lambda: 10, weight=len)
    memo.put("a", [1] * 4)
    memo.put("b", [1] * 4)
    memo.put("c", [1] * 4)  # 12 > 10: a goes
    assert list(memo) == ["b", "c"]
    memo.put("b", [1] * 9)  # put again: its old weight is not counted twice
    assert list(memo) == ["b"] and memo.get("b") == [1] * 9
    memo.put("d", [1] * 30)  # heavier than the budget alone: kept, alone
    assert list(memo) == ["d"]
    memo.put("e", [])
    assert list(memo) == ["e"]
    memo.put("f", [1])
    assert list(memo) == ["e", "f"]
