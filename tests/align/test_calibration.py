"""A calibration file (--calibration, HIKAKU_CALIBRATION) of any shape but the expected one is
one line naming the file, exit 2 — never an internal error."""

from __future__ import annotations

import json

import pytest

from hikaku import ConfigurationError
from hikaku.align import load_calibration
from hikaku.cli import main

from ..helpers import EXAMPLES

SHIPPED = load_calibration().to_json()


def _with(**changes):
    data = json.loads(json.dumps(SHIPPED))
    for key, value in changes.items():
        target = data
        *path, last = key.split("__")
        for part in path:
            target = target[part]
        target[last] = value
    return data


@pytest.mark.parametrize("data, why", [
    ([1, 2, 3], "expected a JSON object, found list"),
    ("calibration", "expected a JSON object, found str"),
    (_with(format="other"), "unknown format"),
    (_with(constants=[]), "TypeError"),
    (_with(constants__tau=[1]), "TypeError"),
    (_with(pair={"features": 5}), "TypeError"),
    (_with(figures=[1, 2]), "TypeError"),
])
def test_a_calibration_of_another_shape_is_a_configuration_error(tmp_path, data, why):
    path = tmp_path / "cal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError, match=f"cal.json: not a usable calibration file \\(.*{why}"):
        load_calibration(path)


def test_the_command_line_says_so_in_one_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "arr.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    monkeypatch.setenv("HIKAKU_CALIBRATION", str(path))
    code = main(["compare", str(EXAMPLES / "terms_v1.md"), str(EXAMPLES / "terms_v2.md"), "--embedding", "hashing",
                 "--llm", "offline"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"hikaku: error: {path}: not a usable calibration file (ValueError: expected a JSON object, found list)\n"

