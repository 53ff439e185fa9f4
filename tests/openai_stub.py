"""A local OpenAI-compatible server for the integration tests (``/v1/chat/completions``
and ``/v1/embeddings`` on 127.0.0.1), scripted in Python.

By default it plays a small ReAct agent: for a new chunk it calls
``vector_similarity_tool`` with the chunk's text (read from the system prompt), then
answers ``ComparisonAnswer`` with the best hit. ``fail`` makes it answer HTTP 500 to the
first N requests (or all with ``fail=-1``); ``on_request`` can interrupt the run; ``delay_s``
holds every chat request that long before answering (a hung server, against a shorter client
timeout); ``broken`` answers every chat request with a reply the client cannot use:
``empty_choices`` (a completion without choices) or ``bad_answer`` (a ComparisonAnswer outside
its schema); ``agent`` replaces the scripted agent (``respond``); every chat request's body is
kept in ``bodies``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Logged:
    chunk: str
    kind: str  # tool_call | answer | error | dropped
    status: int


@dataclass
class StubState:
    fail: int = 0  # answer 500 to this many requests (-1: to all)
    on_request: Any = None  # called with the chunk id before answering; returns False to drop the request
    log: list[Logged] = field(default_factory=list)
    embedded: list[str] = field(default_factory=list)  # texts sent to /v1/embeddings
    authorizations: list[str] = field(default_factory=list)
    delay_s: float = 0.0
    broken: str | None = None  # empty_choices | bad_answer
    agent: Any = None  # messages -> (kind, completion), instead of respond()
    bodies: list[dict[str, Any]] = field(default_factory=list)  # the chat requests, as sent
    lock: threading.Lock = field(default_factory=threading.Lock)

    def requested(self) -> list[str]:
        return [e.chunk for e in self.log]

    def answered(self) -> set[str]:
        return {e.chunk for e in self.log if e.kind == "answer"}


def _text(message: dict[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


def _chunk_text(system: str) -> str:
    found = re.search(r"(?:本文|Text):\n(.*?)\n\n## ", system, re.S)
    return found.group(1).strip() if found else ""


def _completion(message: dict[str, Any], finish: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-stub", "object": "chat.completion", "created": 0, "model": "gpt-4.1-mini",
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 15, "total_tokens": 135},
    }


def _call(name: str, args: dict[str, Any], call_id: str) -> dict[str, Any]:
    return _completion({"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}
    ]}, "tool_calls")


def respond(messages: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The scripted agent: search first, then answer from what the tool returned."""
    system = next((_text(m) for m in messages if m.get("role") == "system"), "")
    last = messages[-1]
    if last.get("role") != "tool":
        return "tool_call", _call("vector_similarity_tool",
                                  {"query_text": _chunk_text(system), "document_id": "B", "threshold": 0.5}, "call_search")
    try:
        hits = json.loads(_text(last)).get("output") or []
    except ValueError:
        hits = []
    if hits:
        args = {"counterpart_ids": [hits[0]["id"]], "change_type": "modified",
                "description": f"{hits[0]['id']} に改定", "confidence": 0.8}
    else:
        args = {"counterpart_ids": [], "change_type": "deleted", "description": "削除", "confidence": 0.7}
    return "answer", _call("ComparisonAnswer", args, "call_answer")


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:  # noqa: N802
        state = self.server.state
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        if self.path.endswith("/embeddings"):
            self._embeddings(state, body)
            return
        if not self.path.endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        messages = body.get("messages", [])
        chunk = next((m.group(1) for msg in messages if msg.get("role") == "user"
                      for m in [re.search(r"chunk_id: (\S+)", _text(msg))] if m), "?")
        with state.lock:
            state.bodies.append(body)
            state.authorizations.append(self.headers.get("Authorization", ""))
            if state.on_request is not None and state.on_request(chunk) is False:
                state.log.append(Logged(chunk, "dropped", 0))
                self.close_connection = True
                return
            if state.fail:
                state.fail -= 1 if state.fail > 0 else 0
                state.log.append(Logged(chunk, "error", 500))
                failing = True
            else:
                failing = False
        if failing:
            self._send(500, {"error": {"message": "stub: internal error", "type": "server_error"}})
            return
        if state.delay_s:
            time.sleep(state.delay_s)
        kind, completion = (state.agent or respond)(messages)
        if state.broken == "empty_choices":
            completion = {**completion, "choices": []}
        elif state.broken == "bad_answer":
            kind, completion = "answer", _call("ComparisonAnswer", {
                "counterpart_ids": [], "change_type": "exploded", "description": "x", "confidence": 7}, "call_answer")
        with state.lock:
            state.log.append(Logged(chunk, kind, 200))
        self._send(200, completion)


    def _embeddings(self, state: StubState, body: dict[str, Any]) -> None:
        """Deterministic vectors (hashed character n-grams) for the texts; fails like chat."""
        from hikaku.embeddings import HashingEmbedder

        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        with state.lock:
            failing = bool(state.fail)
            if state.fail > 0:
                state.fail -= 1
            if failing:
                state.log.append(Logged("embeddings", "error", 500))
            else:
                state.embedded.extend(texts)
        if failing:
            self._send(500, {"error": {"message": "stub: internal error", "type": "server_error"}})
            return
        vectors = HashingEmbedder().embed(texts)
        self._send(200, {"object": "list", "model": body.get("model"),
                         "data": [{"object": "embedding", "index": i, "embedding": v.tolist()} for i, v in enumerate(vectors)],
                         "usage": {"prompt_tokens": 10 * len(texts), "total_tokens": 10 * len(texts)}})


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    state: StubState

    def handle_error(self, request: Any, client_address: Any) -> None:  # a client that gave up waiting: quiet
        pass


class OpenAIStub:
    """``with OpenAIStub() as stub: ... stub.base_url ...``"""

    def __init__(self, **state: Any) -> None:
        self.state = StubState(**state)
        self.server = _Server(("127.0.0.1", 0), _Handler)
        self.server.state = self.state
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> OpenAIStub:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
