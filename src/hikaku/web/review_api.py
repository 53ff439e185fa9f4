"""Review mode over HTTP (``/api``): projects and their decisions (export, import, undo),
the review view of a finished comparison (its queue and every row), candidates found with
the agent's tools ("pair with…"), a reviewer's decision on a row (recorded in the project,
then the comparison runs again at once with it), and the answer to a question the agent
asked ("ask me"). See docs/review.md and docs/web.md."""

from __future__ import annotations

import shutil
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from .._exceptions import HikakuError, InputError
from ..document import Document
from ..result import Change, ComparisonResult, ReferenceFlag
from ..review import (
    Answer,
    CandidateFinder,
    DecisionSet,
    Question,
    ReviewerDecision,
    excerpt,
    now_iso,
    text_sha256,
)
from ..run import EmbedderCache, load_sides
from ..settings import CompareOptions
from ..wording import Message
from .api import _job as _job_of
from .api import _state, _view, request_lang
from .store import TERMINAL, Job, JobStore, valid_project
from .worker import CHECKPOINT, RESULT, job_sides

__all__ = ["router"]

router = APIRouter(prefix="/api")
_ROW_TEXT = 400  # characters of each side a row of the review view shows (the report has the rest)
_MAX_IMPORT = 5_000_000


def _job(request: Request, job_id: str) -> Job:
    return _job_of(_state(request), job_id)


def _project(name: str) -> str:
    if not valid_project(name):
        raise HTTPException(400, Message("server.error.project_name"))
    return name


def _rerun(request: Request, job: Job) -> Job | None:
    """Run the comparison again with its project's decisions: the job as queued (None: it is
    running; a queued one just takes the project's decisions as they are now). The caller
    answers with it, then wakes the workers: a worker may take the job up at once."""
    state = _state(request)
    if job.status == "queued" and job.attempts == 0 and job.answer is None:  # not started: nothing to resume
        state.store.snapshot_decisions(job)
        return job
    if job.status not in (*TERMINAL, "waiting"):
        return None
    folder = state.store.job_dir(job.id)
    for stale in (CHECKPOINT, f"{CHECKPOINT}-wal", f"{CHECKPOINT}-shm"):  # a new run, not a resumption
        (folder / stale).unlink(missing_ok=True)
    shutil.rmtree(folder / "reports", ignore_errors=True)  # rendered again from the new result
    state.store.snapshot_decisions(job)
    return state.store.rerun(job.id)


# -- the documents of a job, and the tools over them ---------------------------------------
@dataclass
class _Loaded:
    a: Document
    b: Document
    finder: CandidateFinder | None = None


class _Documents:
    """The documents of the last few jobs reviewed, and a candidate finder over them."""

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self._items: OrderedDict[str, _Loaded] = OrderedDict()
        self._lock = threading.Lock()
        self._embedders = EmbedderCache()  # one model for every job's candidates, not one per finder

    def get(self, store: JobStore, job: Job, *, finder: bool = False) -> _Loaded:
        with self._lock:
            item = self._items.get(job.id)
            if item is None:
                opts = CompareOptions.model_validate(job.options)
                folder = store.job_dir(job.id)
                sides = job_sides(folder, (job.a.stored, job.a.format, job.a.name),
                                  (job.b.stored, job.b.format, job.b.name))
                item = self._items[job.id] = _Loaded(*load_sides(*sides, opts, served=True))
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
            self._items.move_to_end(job.id)
            if finder and item.finder is None:
                opts = CompareOptions.model_validate(job.options)
                item.finder = CandidateFinder(item.a, item.b, opts, self._embedders.get(opts.index_settings()))
            return item


def _documents(request: Request) -> _Documents:
    app_state = request.app.state
    if not hasattr(app_state, "hikaku_documents"):
        app_state.hikaku_documents = _Documents()
    docs: _Documents = app_state.hikaku_documents
    return docs


def _result(request: Request, job: Job) -> ComparisonResult:
    if job.status != "done":
        raise HTTPException(409, Message("server.error.not_done", status=Message(f"state.{job.status}")))
    return ComparisonResult.from_json((_state(request).store.job_dir(job.id) / RESULT).read_bytes())


# -- projects ------------------------------------------------------------------------------
@router.get("/projects")
def list_projects(request: Request) -> dict[str, Any]:
    """Every project (a named set of documents whose comparisons share the reviewer's decisions)."""
    return {"projects": _state(request).store.projects()}


class NewProject(BaseModel):
    name: str


@router.post("/projects", status_code=201)
def create_project(body: NewProject, request: Request) -> dict[str, Any]:
    _state(request).store.add_project(_project(body.name))
    return {"name": body.name}


@router.get("/projects/{name}/decisions", responses={200: {"description": "the hikaku.decisions/v1 file"}})
def export_decisions(name: str, request: Request, download: bool = True) -> Response:
    """The project's decisions as a ``hikaku.decisions/v1`` file (``hikaku compare --decisions`` reads it)."""
    data = _state(request).store.decisions(_project(name))
    if data is None:
        raise HTTPException(404, Message("server.error.no_project", name=name))
    body = DecisionSet.from_data(data, f"project {name}").to_json()
    headers = {}
    if download:
        headers["content-disposition"] = ("attachment; filename=\"hikaku-decisions.json\"; "
                                          f"filename*=UTF-8''hikaku-decisions-{quote(name, safe='')}.json")
    return Response(body, media_type="application/json; charset=utf-8", headers=headers)


@router.post("/projects/{name}/decisions", responses={400: {"description": "not a decisions file"}})
async def import_decisions(name: str, request: Request) -> dict[str, Any]:
    """Import a decisions file (the request body) into the project: each decision is added
    as if made now, replacing the ones on the same pair and those it contradicts."""
    _project(name)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > _MAX_IMPORT:
            raise HTTPException(413, Message("server.error.decisions_too_large", mb=_MAX_IMPORT // 1_000_000))
    try:
        incoming = DecisionSet.from_json(bytes(raw), Message("review.error.imported_file"))
    except InputError as e:
        raise HTTPException(400, e) from None
    store = _state(request).store
    with store.editing_decisions(name) as data:
        current = DecisionSet.from_data(data)
        replaced = sum(len(current.add(d)) for d in incoming)
        data.update(current.to_dict())
    return {"project": name, "imported": len(incoming), "replaced": replaced, "decisions": len(current)}


@router.delete("/projects/{name}/decisions/{index}", status_code=204)
def delete_decision(name: str, index: int, request: Request) -> Response:
    """Withdraw one decision (its position in the exported file, from 0)."""
    with _state(request).store.editing_decisions(_project(name)) as data:
        items = data.get("decisions", [])
        if not 0 <= index < len(items):
            raise HTTPException(404, Message("server.error.no_decision", index=index, name=name))
        del items[index]
    return Response(status_code=204)


# -- the review view -----------------------------------------------------------------------
@router.get("/comparisons/{job_id}/review")
def review_view(job_id: str, request: Request) -> dict[str, Any]:
    """What the review view shows: the rows (texts cut to a few hundred characters, each with
    the cross-references to check it holds), the review queue (most doubtful first), the
    references to check and the project's decisions."""
    job = _job(request, job_id)
    result = _result(request, job)
    queue = {q.change: q for q in result.review_queue}
    flagged: dict[int, list[ReferenceFlag]] = {}  # the cross-references to check, by row (引用条項の確認)
    for f in result.references:
        flagged.setdefault(f.change, []).append(f)
    rows = []
    for k, c in enumerate(result.changes):
        q = queue.get(k)
        rows.append({"index": k, "type": c.type, "a_ids": c.a_ids, "b_ids": c.b_ids, "item": c.item,
                     "a_text": c.a_text[:_ROW_TEXT], "b_text": c.b_text[:_ROW_TEXT], "summary": c.summary,
                     "confidence": c.confidence, "similarity": c.similarity, "decided_by": c.decided_by,
                     "ignored": c.ignored, "moved": c.moved, "renumbered": c.renumbered, "repealed": c.repealed,
                     "doubt": q.doubt if q else None,
                     "reasons": list(q.reasons) if q else [],
                     "references": [{"kind": f.kind, "text": f.text, "suggestion": f.suggestion}
                                    for f in flagged.get(k, [])]})
    data = _state(request).store.decisions(job.project) or {"decisions": []}
    return {"project": job.project, "rows": rows, "queue": [q.model_dump() for q in result.review_queue],
            "references": [f.model_dump() for f in result.references],
            "decisions": data.get("decisions", []), "notes": result.notes}


@router.get("/comparisons/{job_id}/candidates")
async def candidates(job_id: str, request: Request, a: str, q: str | None = None) -> dict[str, Any]:
    """Candidates for A chunk *a* (or the chunks of its row): the row's own counterpart, the
    competitors the agent weighed (with their calibrated probability), then what the agent's
    tools find over the comparison's documents: string search (its label, or *q*) and vector
    search, with their scores and context. Pairs the reviewer ruled out are left out."""
    job = _job(request, job_id)
    result = _result(request, job)
    k, row = next(((k, c) for k, c in enumerate(result.changes) if a in c.a_ids), (-1, None))
    if row is None:
        raise HTTPException(404, Message("server.error.no_chunk_a", id=a))
    queued = next((q for q in result.review_queue if q.change == k), None)  # the agent's competitors
    known = [(tuple(c.b_ids), c.probability) for c in queued.competitors] if queued else []
    holders = {b: tuple(c.a_ids) for c in result.changes for b in c.b_ids if c.a_ids}
    store = _state(request).store
    ruled_out = {(d.a_sha256, d.b_sha256) for d in DecisionSet.from_data(store.decisions(job.project) or [])
                 if d.verdict == "no_match"}

    def find() -> list[dict[str, Any]]:
        loaded = _documents(request).get(store, job, finder=True)
        assert loaded.finder is not None
        a_hashes = [text_sha256(loaded.a.get(i).content) for i in row.a_ids]  # type: ignore[union-attr]

        def allowed(b_ids: tuple[str, ...]) -> bool:  # not a pair the reviewer ruled out
            b_hashes = [text_sha256(loaded.b.get(j).content) for j in b_ids]  # type: ignore[union-attr]
            return not any((x, y) in ruled_out for x in a_hashes for y in b_hashes)

        found = loaded.finder.find(row.a_ids, chosen=row.b_ids, known=known, query=(q or "").strip() or None,
                                   holders=lambda b: holders.get(b, ()), allowed=allowed)
        return [c.to_dict() for c in found]

    try:
        found = await run_in_threadpool(find)
    except HikakuError as e:
        raise HTTPException(409, e) from None
    return {"a_ids": row.a_ids, "b_ids": row.b_ids, "candidates": found}


class RowDecision(BaseModel):
    """A reviewer's decision on a row: ``match`` (these A chunks with these B chunks: confirm a
    pair, or "pair with…" a candidate), ``no_match`` (these A and B chunks are not counterparts;
    only A ids: they have none, deleted; only B ids: added) or ``ignore`` (the row is 対象外)."""

    verdict: Literal["match", "no_match", "ignore"]
    a_ids: list[str] = Field(default_factory=list)
    b_ids: list[str] = Field(default_factory=list)
    note: str = ""
    by: str = ""
    rerun: bool = True  # run the comparison again at once


def _records(body: RowDecision, a: Document, b: Document, rows: list[Change]) -> list[ReviewerDecision]:
    ca = [a.get(i) for i in body.a_ids]
    cb = [b.get(j) for j in body.b_ids]
    unknown = [i for i, c in zip(body.a_ids, ca) if c is None] + [j for j, c in zip(body.b_ids, cb) if c is None]
    if unknown:
        raise HTTPException(400, Message("server.error.unknown_chunks", ids=", ".join(unknown)))
    if not ca and not cb:
        raise HTTPException(400, Message("server.error.name_chunks"))
    if body.verdict == "match" and not (ca and cb):
        raise HTTPException(400, Message("server.error.match_names_both"))
    at = now_iso()

    def rec(x: Any, y: Any) -> ReviewerDecision:
        return ReviewerDecision(a_sha256=text_sha256(x.content) if x else None,
                                b_sha256=text_sha256(y.content) if y else None, verdict=body.verdict,
                                note=body.note, by=body.by or "web", at=at,
                                a_excerpt=excerpt(x.content) if x else "", b_excerpt=excerpt(y.content) if y else "")

    if body.verdict == "ignore":  # each row named, by its first chunk named on each side
        held: dict[int, tuple[list[Any], list[Any]]] = {}
        for side, ids, chunks in ((0, body.a_ids, ca), (1, body.b_ids, cb)):
            for cid, chunk in zip(ids, chunks):
                k = next((k for k, c in enumerate(rows) if cid in (c.a_ids, c.b_ids)[side]), None)
                if k is None:
                    raise HTTPException(400, Message("server.error.no_row_holds", id=cid))
                held.setdefault(k, ([], []))[side].append(chunk)
        return [rec(xs[0] if xs else None, ys[0] if ys else None) for _, (xs, ys) in sorted(held.items())]
    if ca and cb:
        return [rec(x, y) for x in ca for y in cb]
    return [rec(x, None) for x in ca] + [rec(None, y) for y in cb]


@router.post("/comparisons/{job_id}/decisions", responses={409: {"description": "the comparison is not done"}})
async def decide_row(job_id: str, body: RowDecision, request: Request) -> dict[str, Any]:
    """Record a reviewer's decision on rows of a finished comparison in its project and (by
    default) run the comparison again at once, with every decision of the project applied.
    ``ignore`` records one decision per row its chunks are in."""
    job = _job(request, job_id)
    state = _state(request)
    result = await run_in_threadpool(_result, request, job)  # the rows of the review view: a done comparison
    try:
        loaded = await run_in_threadpool(_documents(request).get, state.store, job)
    except HikakuError as e:  # its uploads cannot be read any more
        raise HTTPException(409, e) from None
    records = _records(body, loaded.a, loaded.b, result.changes)
    a_hashes = {r.a_sha256 for r in records}
    with state.store.editing_decisions(job.project) as data:
        current = DecisionSet.from_data(data)
        if body.verdict == "match":  # "pair with…": the A chunks' earlier pairings give way
            for d in list(current):
                if d.verdict == "match" and d.a_sha256 in a_hashes:
                    current.remove(d)
        for r in records:
            current.add(r)
        data.update(current.to_dict())
    queued = _rerun(request, job) if body.rerun else None
    if queued is not None:
        state.pool.wake()
    return {"recorded": [r.to_dict() for r in records], "decisions": len(current), "rerun": queued is not None,
            "job": _view(queued if queued is not None else _job(request, job_id), request_lang(request))}


@router.post("/comparisons/{job_id}/rerun", status_code=202)
def rerun_comparison(job_id: str, request: Request) -> dict[str, Any]:
    """Run a finished comparison again with its project's current decisions."""
    job = _job(request, job_id)
    queued = _rerun(request, job)
    if queued is None:
        raise HTTPException(409, Message("server.error.wait_until_ended", status=Message(f"state.{job.status}")))
    _state(request).pool.wake()
    return _view(queued, request_lang(request))


class QuestionAnswer(BaseModel):
    verdict: Literal["match", "no_match", "skip"]
    b_ids: list[str] = Field(default_factory=list)
    note: str = ""
    by: str = ""


@router.post("/comparisons/{job_id}/answer", status_code=202)
def answer_question(job_id: str, body: QuestionAnswer, request: Request) -> dict[str, Any]:
    """Answer the question a comparison is waiting on: recorded in the project (but a skip),
    then the comparison continues from its checkpoint with the answer."""
    job = _job(request, job_id)
    state = _state(request)
    if job.status != "waiting" or job.question is None:
        raise HTTPException(409, Message("server.error.not_waiting", status=Message(f"state.{job.status}")))
    question = Question.from_dict(job.question)
    try:
        answer = Answer(body.verdict, tuple(body.b_ids), note=body.note, by=body.by or "web")
        answer.check(question)
    except ValueError as e:
        raise HTTPException(400, e) from None
    records = answer.records(question)
    if records:
        with state.store.editing_decisions(job.project) as data:
            current = DecisionSet.from_data(data)
            for r in records:
                current.add(r)
            data.update(current.to_dict())
    queued = state.store.answer(job_id, {**answer.to_dict(), "a_ids": list(question.a_ids)})
    if queued is None:
        raise HTTPException(409, Message("server.error.no_longer_waiting"))
    state.pool.wake()
    return _view(queued, request_lang(request))  # as the answer left it: queued (a worker may have taken it up since)
