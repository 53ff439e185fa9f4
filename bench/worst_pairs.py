#!/usr/bin/env python3
"""Pairs where nothing anchors: the worst cases for the cost of a comparison (issue 35).

- ``table``: a premium table (保険料表) as chunk JSON, one row a chunk — age, sex, term, plan and
  the monthly premium —, every amount changed in B (a yearly revision of the rates: each
  premium ×1.03, rounded to the yen, plus a small drift so that no row keeps its amount). No
  row of A has an identical counterpart; every row's text is close to its neighbours'.
- ``headings``: *n* short headings (「第N章　…」 of varied titles) against an unrelated small
  document (a few dozen sentences of another subject): nothing anchors, nothing pairs.
- ``chars``: *n* one-character chunks on each side, drawn from a few hundred kana and kanji
  with a fixed seed, B another draw: a document of tiny repeated texts (the keys repeat, so
  few are unique anchors).

    python bench/worst_pairs.py table 20000 OUT_DIR
    python bench/worst_pairs.py headings 50000 OUT_DIR
    python bench/worst_pairs.py chars 1000000 OUT_DIR
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from make_pairs import write_pair

_SEXES = ("男性", "女性")
_TERMS = ("10年", "15年", "20年", "30年", "終身")
_PLANS = ("基本プラン", "充実プラン", "入院一時金付", "先進医療特約付", "がん特約付", "女性疾病特約付",
          "三大疾病特約付", "介護特約付")
_MODES = ("月払", "年払")


def table_pair(n_rows: int, seed: int = 35) -> tuple[list[dict], list[dict]]:
    """A premium table of *n_rows* rows and its revision, every premium changed."""
    rng = random.Random(seed)
    a: list[dict] = []
    b: list[dict] = []
    k = 0
    while len(a) < n_rows:
        mode = _MODES[(k // (86 * len(_SEXES) * len(_TERMS) * len(_PLANS))) % len(_MODES)]
        plan = _PLANS[(k // (86 * len(_SEXES) * len(_TERMS))) % len(_PLANS)]
        term = _TERMS[(k // (86 * len(_SEXES))) % len(_TERMS)]
        sex = _SEXES[(k // 86) % len(_SEXES)]
        age = k % 86
        base = 800 + age * (35 + 7 * _PLANS.index(plan)) + (150 if sex == "女性" else 0) + 90 * _TERMS.index(term)
        if mode == "年払":
            base *= 12
        old = base + rng.randrange(0, 40)
        new = round(old * 1.03) + rng.randrange(1, 9)
        row = f"{age}歳｜{sex}｜保険期間{term}｜{plan}｜{mode}保険料"
        a.append({"id": f"r{k + 1}", "content": f"{row}｜{old:,}円"})
        b.append({"id": f"r{k + 1}", "content": f"{row}｜{new:,}円"})
        k += 1
    return a, b


_TITLES = ("総則", "契約の締結", "保険料の払込", "保険金の支払", "給付金の請求", "契約の解除", "告知義務",
           "失効と復活", "解約返戻金", "契約者貸付", "特約の付加", "保険金額の減額", "名義の変更", "管轄裁判所",
           "準拠法", "雑則", "附則", "用語の定義", "免責事由", "支払の時期")
_SMALL = ("本日は晴天なり。", "駅前の商店街では毎週土曜日に朝市が開かれる。", "新しい図書館は来年の春に開館する予定である。",
          "市民マラソンの参加者は昨年より二割増えた。", "川沿いの桜並木は見頃を迎えている。",
          "給食の献立は栄養士が毎月考えている。", "公民館の講座には陶芸と書道がある。",
          "バスの時刻表が四月から改正される。", "夏祭りでは花火が二千発打ち上げられる。",
          "古い校舎は耐震工事のため取り壊される。", "農家の直売所では朝採れの野菜が並ぶ。",
          "動物園に新しくレッサーパンダが来た。")


def headings_pair(n_headings: int, seed: int = 35) -> tuple[list[dict], list[dict]]:
    """*n_headings* short headings (A) against a small unrelated document (B)."""
    rng = random.Random(seed)
    a = [{"id": f"h{k + 1}", "content": f"第{k + 1}章　{rng.choice(_TITLES)}"} for k in range(n_headings)]
    b = [{"id": f"s{k + 1}", "content": text} for k, text in enumerate(_SMALL * 3)]
    return a, b


def chars_pair(n: int, seed: int = 35) -> tuple[list[dict], list[dict]]:
    """*n* one-character chunks a side, drawn from a few hundred characters."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x4E00, 0x4E00 + 200)]
    a = [{"id": str(k + 1), "content": rng.choice(alphabet)} for k in range(n)]
    b = [{"id": str(k + 1), "content": rng.choice(alphabet)} for k in range(n)]
    return a, b


KINDS = {"table": table_pair, "headings": headings_pair, "chars": chars_pair}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=sorted(KINDS))
    ap.add_argument("n", type=int)
    ap.add_argument("out_dir")
    args = ap.parse_args()
    a, b = KINDS[args.kind](args.n)
    write_pair(a, b, Path(args.out_dir))
    print(f"{args.out_dir}: A {len(a)} chunks, B {len(b)} chunks")


if __name__ == "__main__":
    main()
