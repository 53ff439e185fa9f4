"""How often a failed model call is retried depends on what failed and on whether the server
has answered this run: a server that is down from the start (or hung) is tried twice and given
up; one that answered before and refuses connections now (restarting, a network blip) gets
the full retries with backoff and is not given up for the run at once."""

from __future__ import annotations

from types import SimpleNamespace

from hikaku.agent.budget import RunBudget
from hikaku.agent.llm import LLMPolicy
from hikaku.agent.middleware.retry import RetryMiddleware


def middleware(budget: RunBudget, delays: list[float]) -> RetryMiddleware:
    return RetryMiddleware(budget, max_retries=4, initial_delay=0.01, max_delay=0.02, jitter=False,
                           sleep=delays.append)


def failing(times: int, exc: BaseException):
    calls = []

    def handler(request):
        calls.append(request)
        if len(calls) <= times:
            raise exc
        return "answer"

    return handler, calls


def test_a_server_that_never_answered_is_tried_twice_when_it_refuses_connections():
    budget, delays = RunBudget(None), []
    handler, calls = failing(10, ConnectionRefusedError(111, "Connection refused"))
    try:
        middleware(budget, delays).wrap_model_call("request", handler)
    except ConnectionRefusedError:
        pass
    assert len(calls) == 2 and len(delays) == 1


def test_a_server_that_answered_before_gets_every_retry_when_it_refuses_connections():
    budget, delays = RunBudget(None), []
    budget.answered = True
    handler, calls = failing(3, ConnectionRefusedError(111, "Connection refused"))
    assert middleware(budget, delays).wrap_model_call("request", handler) == "answer"
    assert len(calls) == 4 and len(delays) == 3  # back after three refusals: the run goes on with the model


def test_a_timeout_is_retried_once_whether_or_not_the_server_answered_before():
    for answered in (False, True):
        budget = RunBudget(None)
        budget.answered = answered
        assert middleware(budget, []).retries_for(TimeoutError("timed out")) == 1


def give_up_check(answered: bool, exc: BaseException) -> RunBudget:
    budget = RunBudget(None)
    budget.answered = answered
    policy = SimpleNamespace(budget=budget, options=SimpleNamespace(llm_timeout_s=60.0))
    LLMPolicy._give_up_if_unreachable(policy, exc, "the server cannot be reached", "a7")  # type: ignore[arg-type]
    return budget


def test_the_model_is_given_up_at_once_only_if_its_server_never_answered():
    refused = ConnectionRefusedError(111, "Connection refused")
    assert give_up_check(False, refused).closed_reason() == ("unavailable",
                                                             "given up at chunk a7: the server cannot be reached")
    assert give_up_check(True, refused).closed_reason() is None  # counted as a failure, like any other
    assert give_up_check(False, TimeoutError("timed out")).closed_reason() is not None
    assert give_up_check(True, TimeoutError("timed out")).closed_reason() is None
