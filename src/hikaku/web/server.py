"""Running the app with uvicorn on a socket already listening (``hikaku serve``)."""

from __future__ import annotations

import socket

import uvicorn

from .app import create_app
from .config import ServerConfig

__all__ = ["serve"]


def serve(config: ServerConfig, sock: socket.socket, *, verbose: bool = False) -> None:
    """Serve until Ctrl-C (or SIGTERM); open event streams get 2 s to end, then the
    workers stop (a running comparison is resumed by the next server)."""
    server = uvicorn.Server(uvicorn.Config(create_app(config), log_level="info" if verbose else "warning",
                                           access_log=verbose, timeout_graceful_shutdown=2))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn shut down gracefully, then passed Ctrl-C on: it is how a server stops
        pass
