"""A 約款 whose clauses are long (about 3,000 characters each: a benefit table written out in
sentences, as real riders have them), in two versions that change something near the start, in
the middle and in the last lines of every clause — where a row cut off at the foot of a printed
page loses text."""

from __future__ import annotations

from pathlib import Path

KINDS = ["入院", "手術", "通院", "先進医療", "放射線治療", "がん診断", "介護", "就業不能"]


def _clause(n: int, version: int, length: int) -> str:
    kind = KINDS[n % len(KINDS)]
    first = "保険会社" if version == 1 else "当社"
    lines = [f"第{n}条（{kind}給付金の支払）",
             f"{first}は、被保険者がこの特約の保険期間中に{kind}給付金の支払事由に該当したときは、次のとおり支払います。"]
    k = 0
    while sum(len(x) for x in lines) < length:
        k += 1
        days = 30 * k if version == 1 or k % 7 else 30 * k + 15  # the middle: some amounts change
        lines.append(f"（{k}）{kind}の第{k}区分に該当する場合は、{kind}給付金日額に{days}日分を乗じた額を支払います。"
                     f"ただし、同一の事由については、通算して{k + 2}回を限度とします。")
    last = ("前各号の規定にかかわらず、故意又は重大な過失による場合は支払いません。" if version == 1 else
            f"前各号の規定にかかわらず、保険契約者又は被保険者の故意による場合は支払いません（第{n}条末尾改定）。")
    lines.append(last)
    return "\n".join(lines)


def write_pair(directory: Path, clauses: int = 6, length: int = 3000) -> tuple[Path, Path]:
    """Version 1 and 2 as Markdown in *directory*."""
    paths = []
    for version in (1, 2):
        body = [f"# 医療保障特約（第{version}版）", ""]
        for n in range(1, clauses + 1):
            if n % 3 == 1:
                body += [f"## 第{(n + 2) // 3}章　給付金の支払（{n}）", ""]
            body += [_clause(n, version, length), ""]
        path = directory / f"long_v{version}.md"
        path.write_text("\n".join(body), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]
