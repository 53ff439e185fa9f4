"""A pair's fingerprint: what its outputs depend on, so that a rerun recomputes a pair
only when something it depends on changed.

It covers the bytes and the paths of both inputs (the path is in the report, and its
extension chooses the reader), every option that can change a report (all of them but
the embedding cache and the LLM concurrency, which change how fast, not what), the LLM
the run will use (chosen from the options *and* the environment: the same options
with a key set are another run) and the version of hikaku. Like
``hikaku.workflow.checkpoint.fingerprint`` for one run, but of files, not parsed
documents: a batch must decide without reading every document.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .. import __version__
from .._exceptions import DocumentNotFoundError, InputError
from ..settings import CompareOptions
from ..wording import Message

__all__ = ["FORMAT", "file_digest", "pair_fingerprint"]

FORMAT = "hikaku.batch/v1"
_NOT_IN_FINGERPRINT = {"embedding_cache", "concurrency"}
_CHUNK = 1 << 20


def file_digest(path: str | os.PathLike[str]) -> str:
    """SHA-256 of a file's bytes; DocumentNotFoundError / InputError when it cannot be read."""
    p = Path(path)
    if not p.exists():
        raise DocumentNotFoundError(Message("load.no_such_file", label=str(p)))
    if not p.is_file():
        raise DocumentNotFoundError(Message("load.not_a_file", label=str(p)))
    h = hashlib.sha256()
    try:
        with open(p, "rb") as f:
            while block := f.read(_CHUNK):
                h.update(block)
    except OSError as e:
        raise InputError(Message("load.cannot_read", label=str(p), why=e.strerror)) from None
    return h.hexdigest()


def pair_fingerprint(a: str, b: str, options: CompareOptions, model: str | None) -> str:
    """The fingerprint of comparing file *a* with file *b* under *options* with *model*
    (``provider:model``, or None for the offline policy)."""
    record = {
        "format": FORMAT,
        "hikaku": __version__,
        "a": [os.path.abspath(a), file_digest(a)],
        "b": [os.path.abspath(b), file_digest(b)],
        "options": options.model_dump(mode="json", exclude=_NOT_IN_FINGERPRINT),
        "model": model,
    }
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]
