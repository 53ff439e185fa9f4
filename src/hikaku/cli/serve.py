"""``hikaku serve``: the web app (upload, compare, review, download) on
http://127.0.0.1:8000/. A thin layer over :mod:`hikaku.web`, imported only when the
command runs (it needs the ``web`` extra)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .._exceptions import ConfigurationError
from .common import say

if TYPE_CHECKING:
    import socket

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser(
        "serve",
        help="the web app: upload two documents, compare, review, download",
        description="Serve the web app: upload two documents (every input format), follow the comparison, review "
        "the side-by-side report and download it in every format; a history of past comparisons that survives a "
        "restart. Bound to 127.0.0.1 by default; on any other address every request needs the token. "
        "Needs pip install 'hikaku[web]'.",
    )
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    s.add_argument("--data-dir", metavar="DIR", default=None,
                   help="where jobs, uploads and reports are kept (default: $HIKAKU_HOME/web)")
    s.add_argument("--token", default=None,
                   help="the token every request needs when the host is not a loopback address (default: "
                   "HIKAKU_TOKEN, else one is generated and printed)")
    s.add_argument("--workers", type=int, default=1, metavar="N", help="comparisons run at the same time (default 1)")
    s.add_argument("--max-upload-mb", type=float, default=None, metavar="MB",
                   help="largest file accepted (default 50)")
    s.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr (-vv for debug)")
    s.set_defaults(command_module=__name__)


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed (a port in use is one
    clear error, and --port 0 gets its real number)."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        raise ConfigurationError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    return sock


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace
    from pathlib import Path

    from ..web import DEFAULT_MAX_UPLOAD_MB, ServerConfig, default_data_dir, serve

    if not 0 <= args.port <= 65535:
        raise ConfigurationError(f"--port {args.port}: not a port number")
    limit_mb = args.max_upload_mb if args.max_upload_mb is not None else DEFAULT_MAX_UPLOAD_MB
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    config, generated = ServerConfig(data_dir=data_dir, host=args.host, port=args.port, token=args.token,
                                     workers=args.workers, max_upload_bytes=int(limit_mb * 1_000_000)).with_token()
    config.check()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigurationError(f"{data_dir}: cannot create the data directory: {e.strerror}") from None
    sock = _listen(config.host, config.port)
    config = replace(config, port=sock.getsockname()[1])
    print(config.url(), flush=True)
    say(f"serving on {config.url()} with {config.workers} worker(s); data in {data_dir}; Ctrl-C to stop")
    if config.token and generated:
        say(f"token: {config.token} — open {config.url(with_token=True)} once (then a cookie keeps it), "
            "or send 'Authorization: Bearer <token>'")
    elif config.token:
        say("every request needs the token given by --token/HIKAKU_TOKEN (?token=… once, or a Bearer header)")
    try:
        serve(config, sock, verbose=bool(args.verbose))
    finally:
        sock.close()
    say("stopped")
    return 0
