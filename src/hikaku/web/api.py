"""The HTTP API (``/api``), used by the page and described at ``/api/openapi.json``."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from .. import __version__
from .._exceptions import ConfigurationError
from ..llm import choose_model, llm_environment
from ..loaders import LOADERS
from ..run import MalformedUpload, UnsupportedUpload, detect_format
from ..settings import resolve_options
from ..wording import LANGS, Message
from .config import ServerConfig
from .language import detail, lang_of
from .reports import VIEW_ASSET, downloads, renderer_for_extension, report_file, view_file, view_fragment
from .store import DEFAULT_PROJECT, TERMINAL, Job, JobStore, Upload, new_job_id, valid_job_id, valid_project
from .supervisor import WorkerPool
from .uploads import BadUpload, UploadTooLarge, receive_multipart

__all__ = ["router", "ServerState", "request_lang"]

router = APIRouter(prefix="/api")
_TRUE, _FALSE = {"1", "true", "on", "yes"}, {"0", "false", "off", "no", ""}
_SSE_PING_S = 15.0


@dataclass
class ServerState:
    config: ServerConfig
    store: JobStore
    pool: WorkerPool


def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.hikaku
    return state


def request_lang(request: Request) -> str:
    """The language the request asks its answer in (hikaku.web.language)."""
    return lang_of(request.query_params.get("lang"), request.headers.get("accept-language"))


def _job(state: ServerState, job_id: str) -> Job:
    job = state.store.get(job_id) if valid_job_id(job_id) else None
    if job is None:
        raise HTTPException(404, Message("server.error.no_comparison", id=job_id))
    return job


def _view(job: Job, lang: str) -> dict[str, Any]:
    """The job as the API shows it, its error in *lang*."""
    out = job.to_dict(lang)
    base = f"/api/comparisons/{job.id}"
    out["downloads"] = [{"format": d.format, "extension": d.extension, "url": f"{base}/report.{d.extension}"}
                        for d in downloads()] if job.status == "done" else []
    out["view"] = f"{base}/view/" if job.status == "done" else None
    return out


def _flag(fields: dict[str, str], name: str) -> bool | None:
    value = fields.get(name)
    if value is None:
        return None
    v = value.strip().lower()
    if v in _TRUE or v in _FALSE:
        return v in _TRUE
    raise HTTPException(400, Message("server.error.expected_flag", name=name, value=value))


def _llm_choice() -> tuple[bool, str | None]:
    choice, _ = choose_model(resolve_options(), llm_environment())
    return choice is not None, choice.spec if choice is not None else None


def _options(fields: dict[str, str]) -> dict[str, Any]:
    """The form's options over the server's configuration (HIKAKU_*, config.toml), resolved
    once and kept with the job."""
    unknown = set(fields) - {"lang", "strict", "include_unchanged", "llm", "project", "ask"}
    if unknown:
        raise HTTPException(400, Message("server.error.unknown_options", names=", ".join(sorted(unknown))))
    lang = fields.get("lang") or None
    if lang is not None and lang not in LANGS:
        raise HTTPException(400, Message("server.error.unknown_lang", langs=", ".join(LANGS)))
    overrides: dict[str, Any] = {"lang": lang, "strict": _flag(fields, "strict"),
                                 "include_unchanged": _flag(fields, "include_unchanged")}
    llm = _flag(fields, "llm")
    if llm is False:
        overrides["llm"] = "offline"
    elif llm is True and not _llm_choice()[0]:
        raise HTTPException(400, Message("server.error.no_llm"))
    try:
        return resolve_options(overrides).model_dump(mode="json")
    except ConfigurationError as e:
        raise HTTPException(400, e) from None


@router.get("/health")
def health(request: Request) -> dict[str, Any]:
    state = _state(request)
    return {"status": "ok", "version": __version__, "workers": state.pool.alive, "workers_configured": state.pool.size,
            "queued": len(state.store.history("queued")), "running": len(state.store.history("running"))}


@router.get("/config")
def config(request: Request) -> dict[str, Any]:
    """What the page needs to build its form: formats, defaults, limits, the LLM."""
    state = _state(request)
    defaults = resolve_options()
    available, model = _llm_choice()
    return {
        "version": __version__,
        "input_formats": [{"name": i.name, "extensions": list(i.extensions), "description": i.description}
                          for i in LOADERS.values()],
        "downloads": [{"format": d.format, "extension": d.extension, "description": d.description} for d in downloads()],
        "defaults": {"lang": defaults.lang, "strict": defaults.strict, "include_unchanged": defaults.include_unchanged},
        "llm": {"available": available, "model": model},
        "max_upload_bytes": state.config.max_upload_bytes,
    }


_UPLOAD_DOC = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["a", "b"], "properties": {
        "a": {"type": "string", "format": "binary", "description": "document A (old)"},
        "b": {"type": "string", "format": "binary", "description": "document B (new)"},
        "lang": {"type": "string", "enum": list(LANGS)},
        "strict": {"type": "boolean"},
        "include_unchanged": {"type": "boolean"},
        "llm": {"type": "boolean", "description": "use the configured LLM (false: offline)"},
        "project": {"type": "string", "description": "the project whose decisions apply (default: default)"},
        "ask": {"type": "boolean", "description": "the agent asks about the chunks it cannot decide"},
    }}}}}}


@router.post("/comparisons", status_code=202, openapi_extra=_UPLOAD_DOC,
             responses={400: {"description": "bad form"}, 413: {"description": "a file is over the upload limit"},
                        415: {"description": "a file is not a format hikaku reads"},
                        422: {"description": "a file of the format its name says, malformed (invalid JSON)"}})
async def create_comparison(request: Request) -> JSONResponse:
    """Upload documents ``a`` (old) and ``b`` (new) with the options; the comparison is
    queued and runs in a worker process: 202 with its id."""
    state = _state(request)
    job_id = new_job_id()
    folder = state.store.job_dir(job_id)
    folder.mkdir(parents=True)
    body = request.stream()
    try:
        got = await receive_multipart(dict(request.headers), body, folder, max_file_bytes=state.config.max_upload_bytes)
        options = _options(got.fields)
        project = (got.fields.get("project") or "").strip() or DEFAULT_PROJECT
        if not valid_project(project):
            raise HTTPException(400, Message("server.error.project_name"))
        ask = bool(_flag(got.fields, "ask"))
        sides = {}
        for side, f in got.files.items():
            fmt = await run_in_threadpool(detect_format, f.path, f.client_name, options.get("encoding"))
            stored = f"input-{side}{LOADERS[fmt].extensions[0]}"
            f.path.rename(folder / stored)
            sides[side] = Upload(name=f.client_name, stored=stored, format=fmt, size=f.size)
    except UploadTooLarge as e:
        shutil.rmtree(folder, ignore_errors=True)
        await _discard_rest(body, request.headers.get("content-length"), 2 * state.config.max_upload_bytes + 1_000_000)
        return JSONResponse({"detail": detail(e, request_lang(request))}, status_code=413,
                            headers={"connection": "close"})
    except (BadUpload, UnsupportedUpload, MalformedUpload, HTTPException) as e:
        shutil.rmtree(folder, ignore_errors=True)
        if isinstance(e, HTTPException):
            raise
        status = 415 if isinstance(e, UnsupportedUpload) else 422 if isinstance(e, MalformedUpload) else 400
        raise HTTPException(status, e) from None
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    job = Job(id=job_id, status="queued", created=time.time(), a=sides["a"], b=sides["b"], options=options,
              project=project, ask=ask)
    state.store.add(job)
    state.store.snapshot_decisions(job)  # the project's decisions apply to the run
    state.pool.wake()
    return JSONResponse(_view(job, request_lang(request)), status_code=202,
                        headers={"location": f"/api/comparisons/{job_id}"})


async def _discard_rest(body: AsyncIterator[bytes], declared: str | None, cap: int) -> None:
    """Read (and drop) the rest of a refused upload, up to *cap* bytes, so that the client
    gets the 413 instead of a connection reset while it is still sending; a body declared
    larger than that is not read at all."""
    if declared is not None and (not declared.isdigit() or int(declared) > cap):
        return
    seen = 0
    try:
        async for chunk in body:
            seen += len(chunk)
            if seen > cap:
                return
    except Exception:  # noqa: BLE001 - the client went away: nothing to answer
        return


@router.get("/comparisons")
def list_comparisons(request: Request) -> dict[str, Any]:
    """The history, newest first."""
    lang = request_lang(request)
    return {"comparisons": [_view(j, lang) for j in _state(request).store.history()]}


@router.get("/comparisons/{job_id}")
def get_comparison(job_id: str, request: Request) -> dict[str, Any]:
    return _view(_job(_state(request), job_id), request_lang(request))


@router.get("/comparisons/{job_id}/events", response_class=StreamingResponse,
            responses={200: {"content": {"text/event-stream": {}}, "description": "the job as `status` events"}})
async def comparison_events(job_id: str, request: Request) -> StreamingResponse:
    """Server-Sent Events: the job (as ``GET /api/comparisons/{id}``) each time it
    changes, as ``event: status``; the stream ends when the job has finished. ``?lang=``: the
    language of the job's error (an ``EventSource`` sends no header the page chooses)."""
    state = _state(request)
    _job(state, job_id)
    lang = request_lang(request)

    async def stream() -> AsyncIterator[str]:
        last, quiet = "", time.monotonic()
        yield "retry: 1000\n\n"
        while True:
            job = state.store.get(job_id)
            if job is None:
                yield "event: deleted\ndata: {}\n\n"
                return
            data = json.dumps(_view(job, lang), ensure_ascii=False)
            if data != last:
                last, quiet = data, time.monotonic()
                yield f"event: status\ndata: {data}\n\n"
            elif time.monotonic() - quiet > _SSE_PING_S:
                quiet = time.monotonic()
                yield ": ping\n\n"
            if job.status in TERMINAL:
                return
            await asyncio.sleep(0.25)

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"x-accel-buffering": "no"})


async def _stop(state: ServerState, job: Job, reason: Message, wait_s: float) -> Job:
    """Cancel a queued, running or waiting job; wait up to *wait_s* for it to end."""
    deadline = time.monotonic() + wait_s
    current: Job | None = job
    while current is not None and current.status not in TERMINAL:
        if current.status in ("queued", "waiting"):  # no worker holds it
            state.store.finish(job.id, "cancelled", error=reason, only_if=("queued", "waiting"))
        else:
            state.pool.cancel(job.id, reason)
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
        current = state.store.get(job.id)
    return current or job


@router.post("/comparisons/{job_id}/cancel", status_code=202)
async def cancel_comparison(job_id: str, request: Request) -> dict[str, Any]:
    """Stop a queued or running comparison (its status becomes ``cancelled``)."""
    state = _state(request)
    job = _job(state, job_id)
    if job.status in TERMINAL:
        raise HTTPException(409, Message("server.error.already_ended", status=Message(f"state.{job.status}")))
    return _view(await _stop(state, job, Message("server.error.cancelled_by_user"), wait_s=1.0), request_lang(request))


@router.delete("/comparisons/{job_id}", status_code=204)
async def delete_comparison(job_id: str, request: Request) -> Response:
    """Delete a comparison with its files (uploads, checkpoint, result, reports);
    a running one is cancelled first."""
    state = _state(request)
    job = await _stop(state, _job(state, job_id), Message("server.error.deleted_by_user"),
                      wait_s=state.config.cancel_grace_s + 5)
    if job.status not in TERMINAL:
        raise HTTPException(409, Message("server.error.did_not_stop"))
    await run_in_threadpool(state.store.delete, job_id)
    return Response(status_code=204)


def _done(state: ServerState, job_id: str) -> Job:
    job = _job(state, job_id)
    if job.status != "done":
        raise HTTPException(409, Message("server.error.not_done", status=Message(f"state.{job.status}")))
    return job


def _report_lang(lang: str | None) -> str | None:
    if lang is not None and lang not in LANGS:
        raise HTTPException(400, Message("server.error.unknown_lang", langs=", ".join(LANGS)))
    return lang


@router.get("/comparisons/{job_id}/report.{ext}", response_class=FileResponse,
            responses={200: {"description": "the report in the format of the extension (md, json, csv, html …)"}})
def download_report(job_id: str, ext: str, request: Request, lang: str | None = None) -> FileResponse:
    """The report in every format of the renderer registry, as ``hikaku compare``
    writes it with the same options, in the language *lang* (``ja``, ``en``; the job's when
    not given: the result is language-free, nothing runs again). A Japanese CSV is made for
    Excel (byte order mark, CRLF: ``--excel``)."""
    state = _state(request)
    job = _done(state, job_id)
    d = renderer_for_extension(ext)
    if d is None:
        raise HTTPException(404, Message("server.error.no_report_format", ext=ext,
                                         available=", ".join(x.extension for x in downloads())))
    path = report_file(state.store.job_dir(job_id), d, job.options, _report_lang(lang))
    stem = f"hikaku-{job.a.name.rsplit('.', 1)[0]}-{job.b.name.rsplit('.', 1)[0]}"
    disposition = f"attachment; filename=\"hikaku-{job_id}.{d.extension}\"; filename*=UTF-8''{quote(stem, safe='')}.{d.extension}"
    return FileResponse(path, media_type=d.media_type, headers={"content-disposition": disposition})


@router.get("/comparisons/{job_id}/fragment", response_class=FileResponse,
            responses={200: {"content": {"text/html": {}}, "description": "the report as a part of a page"}})
def report_fragment(job_id: str, request: Request, lang: str | None = None) -> FileResponse:
    """The HTML report in *lang* (the job's when not given) as a part of the page: its body in a
    ``<div class="hikaku-report">``, without its script and style (``/report-assets/report.js``
    and ``report.css``)."""
    state = _state(request)
    job = _done(state, job_id)
    path = view_fragment(state.store.job_dir(job_id), job.options, _report_lang(lang))
    return FileResponse(path, media_type="text/html; charset=utf-8")


@router.get("/comparisons/{job_id}/view/", response_class=FileResponse, include_in_schema=False)
@router.get("/comparisons/{job_id}/view/{name}", response_class=FileResponse, include_in_schema=False)
def view_report(job_id: str, request: Request, name: str = "index.html", lang: str | None = None) -> FileResponse:
    """The HTML report on its own page, in *lang* (inline script and style served as files)."""
    state = _state(request)
    job = _done(state, job_id)
    if name != "index.html" and not VIEW_ASSET.match(name):
        raise HTTPException(404, Message("server.error.no_such_file"))
    path = view_file(state.store.job_dir(job_id), name, job.options, _report_lang(lang))
    if not path.exists():
        raise HTTPException(404, Message("server.error.no_such_file"))
    media = {"html": "text/html", "js": "text/javascript", "css": "text/css"}[name.rsplit(".", 1)[1]]
    return FileResponse(path, media_type=f"{media}; charset=utf-8")
