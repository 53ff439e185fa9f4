"""The FastAPI application: the page (``/`` and ``/static``), the API (``/api``), the
guard in front of both, and the worker pool started and stopped with the app."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from .api import ServerState, router
from .config import ServerConfig
from .review_api import router as review_router
from .security import Guard
from .store import JobStore
from .supervisor import WorkerPool

__all__ = ["create_app"]


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
    app.include_router(router)
    app.include_router(review_router)
    app.mount("/static", StaticFiles(packages=[("hikaku.web", "static")]), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(_page())

    app.add_middleware(Guard, token=config.token, loopback=config.loopback)
    return app
