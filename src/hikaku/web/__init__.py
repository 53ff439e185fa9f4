"""``hikaku serve``: a web app to upload two documents, follow the comparison, review the
side-by-side report and download it in every format; with a history that survives a
restart. Needs the ``web`` extra (FastAPI, uvicorn, python-multipart).

    >>> from hikaku.web import ServerConfig, create_app
    >>> app = create_app(ServerConfig(data_dir=Path("data")))   # an ASGI app

The page is plain HTML/JS/CSS shipped in ``static/`` (no build step, nothing fetched
from elsewhere). Comparisons run in worker processes (``supervisor``, ``worker``); jobs and
their files are kept under the data directory (``store``). See docs/web.md.
"""

from __future__ import annotations

from .._exceptions import MissingDependencyError

try:
    import fastapi  # noqa: F401
    import python_multipart  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as e:  # pragma: no cover - the extra is installed in the test environment
    raise MissingDependencyError(e.name or "fastapi", "web", "hikaku serve") from None

from .app import create_app
from .config import DEFAULT_MAX_UPLOAD_MB, ServerConfig, default_data_dir
from .server import serve

__all__ = ["DEFAULT_MAX_UPLOAD_MB", "ServerConfig", "create_app", "default_data_dir", "serve"]
