#!/usr/bin/env python3
"""Baseline: difflib.SequenceMatcher over the chunk texts (the classic diff).

equal → unchanged; replace → pairs in order as modified (the surplus deleted/added);
delete → deleted; insert → added. Prints a hikaku.comparison/v1 result.
"""

import difflib
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def compare(a, b):
    sm = difflib.SequenceMatcher(a=[c["content"] for c in a], b=[c["content"] for c in b], autojunk=False)
    changes = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            changes += [{"type": "unchanged", "a_ids": [a[i]["id"]], "b_ids": [b[j]["id"]]}
                        for i, j in zip(range(i1, i2), range(j1, j2))]
            continue
        n = min(i2 - i1, j2 - j1) if op == "replace" else 0
        changes += [{"type": "modified", "a_ids": [a[i1 + k]["id"]], "b_ids": [b[j1 + k]["id"]]} for k in range(n)]
        changes += [{"type": "deleted", "a_ids": [a[i]["id"]], "b_ids": []} for i in range(i1 + n, i2)]
        changes += [{"type": "added", "a_ids": [], "b_ids": [b[j]["id"]]} for j in range(j1 + n, j2)]
    return {"schema": "hikaku.comparison/v1", "changes": changes}


if __name__ == "__main__":
    json.dump(compare(load(sys.argv[1]), load(sys.argv[2])), sys.stdout)
