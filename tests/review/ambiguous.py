"""A pair built to have chunks the agent cannot decide, whatever the calibration: two clauses
of A (第3条 and 第5条) left their place, and each now appears twice, word for word, at the end
of B. For either, the two copies are equally good counterparts (same text, same label, both
out of the expected region): the agent can only pick one with a close competitor. Every other
clause is unchanged (anchored), so nothing else is in doubt."""

from __future__ import annotations

import json
from pathlib import Path

X = "第3条（日当）出張1日につき3,000円の日当を支給する。"
Y = "第5条（宿泊）宿泊料は、1泊10,000円を上限として実費を支給する。"
A = ["第1条（目的）この規程は、社員の出張に関する事項を定める。", "第2条（旅費）旅費は、実費を支給する。", X,
     "第4条（報告）出張者は、帰任後5日以内に報告書を提出する。", Y, "第6条（精算）旅費の精算は、帰任後14日以内に行う。"]
B = [A[0], A[1], A[3], A[5], X, X, Y, Y]
UNDECIDED = ("a3", "a5")  # the chunks of A the agent cannot decide


def records(texts: list[str], prefix: str) -> list[dict[str, str]]:
    return [{"id": f"{prefix}{k + 1}", "content": t} for k, t in enumerate(texts)]


def write(folder: Path) -> tuple[Path, Path]:
    """The pair as chunk JSON files in *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, texts, prefix in (("a.json", A, "a"), ("b.json", B, "b")):
        (folder / name).write_text(json.dumps(records(texts, prefix), ensure_ascii=False), encoding="utf-8")
    return folder / "a.json", folder / "b.json"


def calibration(folder: Path) -> str:
    """A calibration whose candidate model links by similarity (tests.helpers.SIMILARITY_FIRST):
    with it the two copies are two equally probable counterparts (the shipped model, taught by
    the dev pairs, rather deletes a moved sentence). Set it as HIKAKU_CALIBRATION or pass it."""
    from tests.helpers import SIMILARITY_FIRST, calibration_file

    folder.mkdir(parents=True, exist_ok=True)
    return calibration_file(folder, **SIMILARITY_FIRST)
