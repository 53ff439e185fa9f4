import pytest
from pydantic import BaseModel

from hikaku.tools import BaseTool, ToolFailure, ToolResult, confidence_factors


def test_confidence_factors():
    f = confidence_factors([0.9, 0.7, 0.5])
    assert f["result_count"] == 3
    assert f["score_mean"] == pytest.approx(0.7)
    assert f["score_variance"] == pytest.approx(0.02666667, rel=1e-4)
    assert (f["score_max"], f["score_min"]) == (0.9, 0.5)
    assert f["score_gap"] == pytest.approx(0.2)
    assert confidence_factors([]) == {"result_count": 0.0}
    assert confidence_factors([0.8])["score_gap"] == 0.8
    assert confidence_factors([1.0], result_count=7)["result_count"] == 7


class EchoParams(BaseModel):
    n: int


class EchoTool(BaseTool):
    """Echo a number."""

    name = "echo"
    Params = EchoParams

    def _run(self, p):
        if p.n < 0:
            raise ToolFailure("negative")
        if p.n == 13:
            raise RuntimeError("unlucky")
        return [p.n], [float(p.n)], None


def test_execute_never_raises():
    t = EchoTool()
    ok = t.execute(n=2)
    assert isinstance(ok, ToolResult) and ok.success and ok.output == [2] and ok.execution_time_ms >= 0
    assert ok.tool_name == "echo" and t.description == "Echo a number."
    bad = t.execute(n="x")
    assert not bad.success and bad.error.startswith("invalid arguments: n:")
    missing = t.execute()
    assert not missing.success and "n: Field required" in missing.error
    assert t.execute(n=-1).error == "negative"
    crash = t.execute(n=13)
    assert not crash.success and crash.error == "RuntimeError: unlucky"
    assert ok.to_dict()["confidence_factors"]["result_count"] == 1
