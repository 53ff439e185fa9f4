"""Where each chunk of a job's documents is on the pages of its PDF (the loader's ``boxes``),
kept in the job's directory so that the page view marks a clause without reading the PDF again.

The worker writes ``places.json`` when a comparison ends (it has the documents in hand); for a
job done before, the page view reads the uploads once and writes it then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..document import Document
from ..system import write_atomically

__all__ = ["PLACES", "places_of", "write_places", "read_places"]

PLACES = "places.json"


def places_of(doc: Document) -> dict[str, list[list[float]]]:
    """Chunk id → its boxes ``[page, left, top, right, bottom]``, for the chunks that have them."""
    out = {}
    for c in doc.chunks:
        boxes = c.structure.boxes
        if boxes:
            out[c.id] = [[b.page, b.left, b.top, b.right, b.bottom] for b in boxes]
    return out


def write_places(job_dir: Path, a: Document, b: Document) -> None:
    write_atomically(job_dir / PLACES, json.dumps({"a": places_of(a), "b": places_of(b)}, separators=(",", ":")).encode())


def read_places(job_dir: Path) -> dict[str, dict[str, Any]] | None:
    """The places the worker wrote, None when there are none (or they cannot be read)."""
    try:
        data = json.loads((job_dir / PLACES).read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("a"), dict) and isinstance(data.get("b"), dict) else None
