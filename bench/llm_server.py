#!/usr/bin/env python3
"""A local OpenAI-compatible LLM server for ``make bench-llm``: llama.cpp (the ``xllamacpp``
package) serving a GGUF model on 127.0.0.1, behind a small adapter.

Runs in the benchmark's own venv (``bench/.llm-venv``, made by ``bench/llm_local.py``):

    bench/.llm-venv/bin/python bench/llm_server.py --model MODEL.gguf [--template FILE]

It prints ``ready <adapter base url>`` on stdout once the model is loaded, and serves until
stdin closes (or SIGTERM).

The adapter — this file's only reason to exist; none of it is in hikaku — makes small
models produce native tool calls (measured in shared/notes/local-llm.md): to a chat
request that offers tools it appends an assistant turn holding just ``<tool_call>\\n`` (llama.cpp
continues a final assistant message: the model writes the call inside the tag), asks for a
tool call (``tool_choice: required``, one at a time) and caps the reply's length. Without
it, both Qwen2.5-Coder models answer with the call as bare JSON text and no ``tool_calls``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_TOKENS = 400  # a tool call or an answer; a runaway reply is cut here


def adapt(body: dict[str, Any]) -> dict[str, Any]:
    """The request as the small model needs it (see the module docstring)."""
    if not body.get("tools"):
        body.setdefault("max_tokens", MAX_TOKENS)
        return body
    messages = list(body.get("messages", []))
    messages.append({"role": "assistant", "content": "<tool_call>\n"})
    return {**body, "messages": messages, "tool_choice": "required", "parallel_tool_calls": False,
            "max_tokens": min(int(body.get("max_tokens") or MAX_TOKENS), MAX_TOKENS)}


def make_adapter(upstream: str) -> type[BaseHTTPRequestHandler]:
    class Adapter(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = json.loads(raw or b"{}")
            if self.path.endswith("/chat/completions"):
                body = adapt(body)
            request = urllib.request.Request(upstream + self.path, data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json"}, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=1800) as r:
                    status, data = r.status, r.read()
            except urllib.error.HTTPError as e:
                status, data = e.code, e.read()
            except OSError as e:
                status, data = 502, json.dumps({"error": {"message": f"adapter: {e}"}}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            with urllib.request.urlopen(upstream + self.path, timeout=30) as r:
                data = r.read()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Adapter


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--template", help="a Jinja chat template replacing the model's own")
    ap.add_argument("--ctx", type=int, default=8192)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()

    import xllamacpp as xlc

    p = xlc.CommonParams()
    p.model.path = args.model
    p.use_jinja = True  # the chat template renders the tools: needed for tool calls
    if args.template:
        with open(args.template, encoding="utf-8") as f:
            p.chat_template = f.read()
    p.n_ctx = args.ctx
    p.n_parallel = 1
    p.n_gpu_layers = 0
    p.cpuparams.n_threads = args.threads
    p.cpuparams_batch.n_threads = args.threads
    p.sampling.temp = 0.0
    p.hostnames = ["127.0.0.1"]
    p.port = 0
    server = xlc.Server(p)
    upstream = str(server.listening_address).rstrip("/")
    if not upstream.startswith("http"):
        upstream = "http://" + upstream
    adapter = ThreadingHTTPServer(("127.0.0.1", 0), make_adapter(upstream))
    adapter.daemon_threads = True
    threading.Thread(target=adapter.serve_forever, daemon=True).start()
    print(f"ready http://127.0.0.1:{adapter.server_address[1]}/v1 (llama.cpp at {upstream})", flush=True)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait()
    adapter.shutdown()
    os._exit(0)  # llama.cpp's threads may still be decoding: do not wait for them


if __name__ == "__main__":
    main()
