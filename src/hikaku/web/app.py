"""The FastAPI application: the page (``/`` and ``/static``), the API (``/api``), the
guard in front of both, and the worker pool started and stopped with the app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.utils import is_body_allowed_for_status_code
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..wording import wording
from .api import ServerState, request_lang, router
from .config import ServerConfig
from .language import detail, page_words
from .pages_api import router as pages_router
from .review_api import router as review_router
from .security import Guard
from .store import JobStore
from .supervisor import WorkerPool

__all__ = ["create_app", "one_line"]

_WHERE = {"query": "server.invalid.where_query", "header": "server.invalid.where_header", "cookie": "server.invalid.where_cookie"}
_WORDED = ("missing", "literal_error", "list_type", "string_type", "bool_type")  # pydantic's error types with words of ours


def one_line(errors: Sequence[Any], lang: str = "en", shown: int = 3) -> str:
    """A request's validation errors as the one line of ``{"detail": "…"}`` (docs/web.md), in
    *lang*: ``verdict: Input should be 'match', 'no_match' or 'ignore'``, ``query parameter a:
    Field required``; in Japanese ``verdict: 'match', 'no_match' or 'ignore' のいずれかを指定してください``."""
    w = wording(lang)
    parts = []
    for err in errors[:shown]:
        loc = [str(x) for x in err.get("loc", ())]
        msg = " ".join(str(err.get("msg", "invalid")).split())
        kind = str(err.get("type", ""))
        if kind == "json_invalid":
            why = " ".join(str((err.get("ctx") or {}).get("error", "")).split())
            parts.append(w("server.invalid.not_json_why", why=why) if why else w("server.invalid.not_json"))
            continue
        if len(loc) > 1:
            name = ".".join(loc[1:])
            where = w(_WHERE[loc[0]], name=name) if loc[0] in _WHERE else name
        else:
            where = w("server.invalid.body" if loc == ["body"] else "server.invalid.request")
        if kind in _WORDED:
            parts.append(w(f"server.invalid.{kind}", where=where, expected=(err.get("ctx") or {}).get("expected", "")))
        else:
            parts.append(w("server.invalid.other", where=where, msg=msg))
    more = len(errors) - shown
    return w("text.clause_sep").join(parts) + (w("server.invalid.more", n=more) if more > 0 else "")


def _page() -> str:
    """The page, with its words in every language (hikaku.web.language.page_words)."""
    page = files("hikaku.web").joinpath("static", "index.html").read_text(encoding="utf-8")
    return page.replace("{{words}}", page_words())


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
        return JSONResponse({"detail": one_line(exc.errors(), request_lang(request))}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def refused(request: Request, exc: StarletteHTTPException) -> Response:
        """FastAPI's answer to an HTTPException, its detail in the language asked for."""
        if not is_body_allowed_for_status_code(exc.status_code):
            return Response(status_code=exc.status_code, headers=exc.headers)
        return JSONResponse({"detail": detail(exc.detail, request_lang(request))}, status_code=exc.status_code,
                            headers=exc.headers)

    app.include_router(router)
    app.include_router(review_router)
    app.include_router(pages_router)
    app.mount("/static", StaticFiles(packages=[("hikaku.web", "static")]), name="static")
    # the HTML report's own script and style, for the report the page shows in itself
    app.mount("/report-assets", StaticFiles(packages=[("hikaku.renderers", "assets")]), name="report-assets")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(_page())

    app.add_middleware(Guard, token=config.token, loopback=config.loopback)
    return app
