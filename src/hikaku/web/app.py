"""The FastAPI application: the page (``/`` and ``/static``), the API (``/api``), the
guard in front of both, and the worker pool started and stopped with the app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from .api import ServerState, router
from .config import ServerConfig
from .review_api import router as review_router
from .security import Guard
from .store import JobStore
from .supervisor import WorkerPool

__all__ = ["create_app", "one_line"]

_WHERE = {"query": "query parameter ", "header": "header ", "cookie": "cookie ", "path": "", "body": ""}


def one_line(errors: Sequence[Any], shown: int = 3) -> str:
    """A request's validation errors as the one line of ``{"detail": "…"}`` (docs/web.md):
    ``verdict: Input should be 'match', 'no_match' or 'ignore'``, ``query parameter a: Field required``."""
    parts = []
    for err in errors[:shown]:
        loc = [str(x) for x in err.get("loc", ())]
        msg = " ".join(str(err.get("msg", "invalid")).split())
        if err.get("type") == "json_invalid":
            why = " ".join(str((err.get("ctx") or {}).get("error", "")).split())
            parts.append(f"the body is not JSON{f' ({why})' if why else ''}")
        elif len(loc) > 1:
            parts.append(f"{_WHERE.get(loc[0], '')}{'.'.join(loc[1:])}: {msg}")
        else:
            parts.append(f"{'the body' if loc == ['body'] else 'the request'}: {msg}")
    more = len(errors) - shown
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def _page() -> str:
    return files("hikaku.web").joinpath("static", "index.html").read_text(encoding="utf-8")


def create_app(config: ServerConfig) -> FastAPI:
    """The app for *config*; its lifespan starts the worker pool (and resumes the jobs a
    previous server left running) and stops it."""
    config.check()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = JobStore(config.data_dir)
        pool = WorkerPool(store, config.workers, cancel_grace_s=config.cancel_grace_s)
        pool.start()
        app.state.hikaku = ServerState(config, store, pool)
        try:
            yield
        finally:
            pool.stop()
            store.close()

    app = FastAPI(
        title="hikaku",
        version=__version__,
        summary="Compare two versions of a document: upload, compare, review, download.",
        lifespan=lifespan,
        docs_url=None,  # the interactive docs load their script from a CDN: the page stays offline
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": one_line(exc.errors())}, status_code=422)

    app.include_router(router)
    app.include_router(review_router)
    app.mount("/static", StaticFiles(packages=[("hikaku.web", "static")]), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(_page())

    app.add_middleware(Guard, token=config.token, loopback=config.loopback)
    return app
