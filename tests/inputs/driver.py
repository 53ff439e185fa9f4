"""Run bad-input cases in child processes, one fork per case, and report for each its exit
status, peak memory (``wait4``'s ``ru_maxrss``) and, for API cases, the exception.

    python tests/inputs/driver.py SPEC.json RESULTS.json

hikaku and its heavy dependencies are imported once, before the forks, so that a case
costs its own work only; each child runs with its own working directory, environment,
standard input and output files. A case is ``{"name", "kind": "cli"|"api", "cwd", "env",
"argv"}`` (cli) or ``{"a", "b", "kwargs"}`` (api: ``hikaku.compare(a, b, **kwargs)``).
"""

from __future__ import annotations

import json
import os
import sys
import traceback


def _child(case: dict) -> int:
    import hikaku
    from hikaku.cli import main

    os.chdir(case["cwd"])
    os.environ.update(case.get("env", {}))
    fd_in = os.open(case.get("stdin") or os.devnull, os.O_RDONLY)
    os.dup2(fd_in, 0)
    for fd, name in ((1, "stdout"), (2, "stderr")):
        f = os.open(os.path.join(case["cwd"], f".{case['name']}.{name}"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(f, fd)
    if case["kind"] == "cli":
        return int(main(case["argv"]))
    report: dict = {}
    try:
        result = hikaku.compare(case["a"], case["b"], **case.get("kwargs", {}))
        report = {"ok": True, "changes": [[c.type, c.a_ids, c.b_ids] for c in result.changes]}
        code = 0
    except BaseException as e:  # noqa: BLE001 - the test inspects what was raised
        report = {"ok": False, "type": type(e).__name__, "mro": [k.__name__ for k in type(e).__mro__],
                  "message": str(e)}
        code = 3
    with open(os.path.join(case["cwd"], f".{case['name']}.api.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False)
    return code


def main(spec_path: str, results_path: str) -> None:
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    import hikaku.cli.compare  # noqa: F401
    import hikaku.run.comparison  # noqa: F401 - the heavy imports, once, before the forks

    results = []
    for case in spec:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 70
            try:
                code = _child(case)
            except BaseException:  # noqa: BLE001
                traceback.print_exc()
                code = 71
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status, usage = os.wait4(pid, 0)
        results.append({"name": case["name"], "kind": case["kind"], "exit": os.waitstatus_to_exitcode(status),
                        "maxrss_mb": usage.ru_maxrss / 1024})
    with open(results_path, "w", encoding="utf-8") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
