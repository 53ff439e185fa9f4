"""The page view over HTTP (``/api``): where a row of a finished comparison is in the originals
(the pages of each side and, for a PDF, the clause's boxes on them) and each page of an uploaded
PDF as an image. A Word file's pages are numbers only: nothing converts it to draw them
(docs/web.md)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from .._exceptions import HikakuError, MissingDependencyError
from ..result import ComparisonResult
from ..wording import Message
from .api import _done, _state
from .page_images import WIDTHS, PageImageError, page_image, require
from .places import read_places, write_places
from .store import Job, JobStore
from .worker import RESULT

__all__ = ["router"]

router = APIRouter(prefix="/api")


def _images() -> bool:
    try:
        require()
    except MissingDependencyError:
        return False
    return True


def _places(request: Request, store: JobStore, job: Job) -> dict[str, dict[str, Any]]:
    """The job's places (written by the worker; for a job done before, from its uploads now)."""
    folder = store.job_dir(job.id)
    places = read_places(folder)
    if places is None:
        from .review_api import _documents

        loaded = _documents(request).get(store, job)
        write_places(folder, loaded.a, loaded.b)
        places = read_places(folder) or {"a": {}, "b": {}}
    return places


@router.get("/comparisons/{job_id}/changes/{index}/pages")
async def change_pages(job_id: str, index: int, request: Request) -> dict[str, Any]:
    """Where row *index* of the comparison is in each original: its ``pages`` (1-based; none for
    formats without pages), for a PDF the ``boxes`` of its chunks (``[page, left, top, right,
    bottom]``, shares of the page from its top-left corner) and whether its pages can be shown as
    images (``images``)."""
    state = _state(request)
    job = _done(state, job_id)
    folder = state.store.job_dir(job.id)
    result = await run_in_threadpool(lambda: ComparisonResult.from_json((folder / RESULT).read_bytes()))
    if not 0 <= index < len(result.changes):
        raise HTTPException(404, Message("server.error.no_row", index=index, n=len(result.changes)))
    change = result.changes[index]
    needs_places = (job.a.format == "pdf" and change.a_pages) or (job.b.format == "pdf" and change.b_pages)
    try:
        places = await run_in_threadpool(_places, request, state.store, job) if needs_places else {"a": {}, "b": {}}
    except HikakuError as e:  # the uploads cannot be read any more
        raise HTTPException(409, e) from None
    images = _images()
    out: dict[str, Any] = {"index": index, "item": change.item}
    for side, upload, ids, pages in (("a", job.a, change.a_ids, change.a_pages), ("b", job.b, change.b_ids, change.b_pages)):
        held = places.get(side, {})
        out[side] = {"name": upload.name, "format": upload.format, "pages": pages,
                     "boxes": [box for i in ids for box in held.get(i, [])],
                     "images": upload.format == "pdf" and images and bool(pages)}
    return out


@router.get("/comparisons/{job_id}/pages/{side}/{page}.png", response_class=FileResponse,
            responses={200: {"content": {"image/png": {}}, "description": "the page drawn by PDFium"}})
async def page_png(job_id: str, side: Literal["a", "b"], page: int, request: Request, width: int = 1200) -> FileResponse:
    """Page *page* (1-based) of the comparison's PDF *side* (``a`` or ``b``), *width* pixels wide
    (800, 1200 or 1600), as a PNG image."""
    state = _state(request)
    job = _done(state, job_id)
    upload = job.a if side == "a" else job.b
    if upload.format != "pdf":
        raise HTTPException(404, Message("server.error.not_pdf", name=upload.name))
    if width not in WIDTHS:
        raise HTTPException(400, Message("server.error.page_width", widths=", ".join(map(str, WIDTHS))))
    folder = state.store.job_dir(job.id)
    try:
        path = await run_in_threadpool(page_image, folder / upload.stored, page, width, folder / "pages")
    except MissingDependencyError as e:
        raise HTTPException(501, e) from None
    except PageImageError as e:
        raise HTTPException(404 if "has no page" in str(e) else 422, str(e).replace(upload.stored, upload.name)) from None
    return FileResponse(path, media_type="image/png", headers={"cache-control": "private, max-age=3600"})
