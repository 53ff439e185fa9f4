"""The decisions file ``hikaku.decisions/v1``: what a reviewer said about pairs of chunks.

Each decision names its chunks by the SHA-256 of their text after NFKC normalisation
(:func:`text_sha256`), not by their ids, so that it survives re-chunking, other ids and new
versions of the documents: wherever the same text appears again, the decision applies.

    {"schema": "hikaku.decisions/v1",
     "decisions": [{"a_sha256": "…", "b_sha256": "…", "verdict": "no_match",
                    "note": "different clauses", "by": "yamada", "at": "2026-01-05T09:12:00+00:00"}]}

``verdict``: ``match`` (the two chunks are counterparts), ``no_match`` (they are not; with
``b_sha256`` null: the A chunk has no counterpart, it is deleted; with ``a_sha256`` null: the
B chunk is added) or ``ignore`` (the row holding the chunk(s) is 対象外, out of the review's
scope). See docs/review.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from .._exceptions import InputError, InvalidArgumentError
from ..system import write_atomically
from ..wording import Message

__all__ = ["SCHEMA", "Verdict", "ReviewerDecision", "DecisionSet", "text_sha256", "excerpt", "now_iso",
           "contradicts", "load_decisions"]

SCHEMA = "hikaku.decisions/v1"
Verdict = Literal["match", "no_match", "ignore"]
_HEX = re.compile(r"^[0-9a-f]{64}$")
EXCERPT_CHARS = 60


def text_sha256(text: str) -> str:
    """SHA-256 (hex) of *text* in Unicode NFKC, UTF-8: the key of a chunk in a decision."""
    return hashlib.sha256(unicodedata.normalize("NFKC", text).encode("utf-8")).hexdigest()


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """The start of *text* on one line: what a decision shows a human reading the file."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ReviewerDecision(BaseModel):
    """One decision. ``a_excerpt``/``b_excerpt`` only help a human read the file; ``run``
    is the run whose question the decision answered (``hikaku compare --interactive``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a_sha256: str | None
    b_sha256: str | None
    verdict: Verdict
    note: str = ""
    by: str = ""
    at: str = ""
    a_excerpt: str = ""
    b_excerpt: str = ""
    run: str | None = None

    @field_validator("a_sha256", "b_sha256", mode="before")
    @classmethod
    def _hash(cls, v: Any) -> Any:
        if v is None or v == "":
            return None
        if not isinstance(v, str) or not _HEX.match(v.strip().lower()):
            raise ValueError("expected the SHA-256 of the chunk's NFKC text: 64 hexadecimal digits")
        return v.strip().lower()

    @model_validator(mode="after")
    def _sides(self) -> ReviewerDecision:
        if self.a_sha256 is None and self.b_sha256 is None:
            raise ValueError("a_sha256 and b_sha256 cannot both be null")
        if self.verdict == "match" and (self.a_sha256 is None or self.b_sha256 is None):
            raise ValueError("a match names both chunks (a_sha256 and b_sha256)")
        return self

    def to_dict(self) -> dict[str, Any]:
        """The six fields of the format, then the optional ones that are set."""
        out = self.model_dump(mode="json", include={"a_sha256", "b_sha256", "verdict", "note", "by", "at"})
        out.update(self.model_dump(mode="json", include={"a_excerpt", "b_excerpt", "run"}, exclude_defaults=True))
        return out

    @property
    def key(self) -> tuple[str | None, str | None]:
        return (self.a_sha256, self.b_sha256)

    def label(self, quotes: tuple[str, str] = ("「", "」")) -> str:
        """「A excerpt」 ↔ 「B excerpt」 (or the hashes' first digits), for notes and prompts."""
        def side(h: str | None, text: str) -> str:
            if h is None:
                return "—"
            return f"{quotes[0]}{text}{quotes[1]}" if text else h[:12]

        return f"{side(self.a_sha256, self.a_excerpt)} ↔ {side(self.b_sha256, self.b_excerpt)}"


def contradicts(x: ReviewerDecision, y: ReviewerDecision) -> bool:
    """Whether *x* and *y* cannot both hold: the same pair judged a match and not a match,
    or a chunk paired by one and declared without counterpart by the other."""
    verdicts = {x.verdict, y.verdict}
    if verdicts != {"match", "no_match"}:
        return False
    m, n = (x, y) if x.verdict == "match" else (y, x)
    if m.key == n.key:
        return True
    return (n.b_sha256 is None and n.a_sha256 == m.a_sha256) or (n.a_sha256 is None and n.b_sha256 == m.b_sha256)


class DecisionSet:
    """The decisions of a file (or of a project in the web app), in the order they were
    made. :meth:`add` keeps the set consistent: a new decision replaces the one on the same
    pair and those it contradicts."""

    def __init__(self, decisions: Iterable[ReviewerDecision] = ()) -> None:
        self.decisions: list[ReviewerDecision] = list(decisions)

    def __len__(self) -> int:
        return len(self.decisions)

    def __iter__(self) -> Iterator[ReviewerDecision]:
        return iter(self.decisions)

    def add(self, decision: ReviewerDecision) -> list[ReviewerDecision]:
        """Add *decision*; returns the decisions it replaced."""
        gone = [d for d in self.decisions
                if contradicts(d, decision) or (d.key == decision.key and (d.verdict == "ignore") == (decision.verdict == "ignore"))]
        self.decisions = [d for d in self.decisions if d not in gone] + [decision]
        return gone

    def remove(self, decision: ReviewerDecision) -> bool:
        if decision in self.decisions:
            self.decisions.remove(decision)
            return True
        return False

    def without_run(self, run_id: str) -> DecisionSet:
        """The decisions made before run *run_id* (the answers it recorded are in its checkpoint)."""
        return DecisionSet(d for d in self.decisions if d.run != run_id)

    def digest(self) -> str:
        """Of what the decisions say (not who or when): a run is resumed only with the same."""
        body = sorted(json.dumps([d.a_sha256, d.b_sha256, d.verdict]) for d in self.decisions)
        return hashlib.sha256("\n".join(body).encode()).hexdigest()[:32]

    # -- the file --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "decisions": [d.to_dict() for d in self.decisions]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_data(cls, data: Any, source: str | Message = "decisions") -> DecisionSet:
        """From the parsed JSON of a decisions file (also a bare list of decisions); *source*
        names it in the messages."""
        if isinstance(data, dict):
            schema = data.get("schema")
            if schema != SCHEMA:
                raise InputError(Message("review.error.not_decisions", source=source, schema=schema, expected=SCHEMA))
            items = data.get("decisions")
        else:
            items = data
        if not isinstance(items, list):
            raise InputError(Message("review.error.decisions_not_list", source=source))
        out = cls()
        for k, item in enumerate(items):
            try:
                out.decisions.append(ReviewerDecision.model_validate(item))
            except ValidationError as e:
                err = e.errors()[0]
                where = ".".join(str(x) for x in err["loc"])
                raise InputError(Message("review.error.decision_invalid", source=source, k=k + 1,
                                         where=where + ": " if where else "", why=err["msg"])) from None
        return out

    @classmethod
    def from_json(cls, text: str | bytes, source: str | Message = "decisions") -> DecisionSet:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:  # a number of more than 4,300 digits is a ValueError too
            raise InputError(Message("review.error.decisions_not_json", source=source, why=str(e))) from None
        return cls.from_data(data, source)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> DecisionSet:
        p = Path(path)
        try:
            if not stat.S_ISREG(os.stat(p).st_mode):  # a directory, or a pipe read would wait on forever
                raise InputError(Message("review.error.decisions_not_a_file", path=str(p)))
            raw = p.read_bytes()
        except FileNotFoundError:
            raise InputError(Message("review.error.no_decisions_file", path=str(p))) from None
        except ValueError:
            raise InputError(Message("review.error.no_decisions_file_nul", path=str(p))) from None
        except OSError as e:
            raise InputError(Message("review.error.cannot_read_decisions", path=str(p), why=e.strerror)) from None
        return cls.from_json(raw, str(p))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the file atomically (a reader never sees half of it)."""
        p = Path(path)
        try:
            write_atomically(p, self.to_json().encode("utf-8"))
        except OSError as e:
            raise InputError(Message("review.error.cannot_write_decisions", path=str(p), why=e.strerror)) from None


def load_decisions(source: DecisionSet | str | os.PathLike[str] | Sequence[Any] | None) -> DecisionSet:
    """A :class:`DecisionSet` from a path, a set, a list of decisions (records or dicts), or None."""
    if source is None:
        return DecisionSet()
    if isinstance(source, DecisionSet):
        return source
    if isinstance(source, (str, os.PathLike)):
        return DecisionSet.load(source)
    if isinstance(source, (bytes, bytearray, Mapping)) or not isinstance(source, Iterable):
        raise InvalidArgumentError(f"decisions must be a path, a DecisionSet or a list of decisions, not "
                                   f"{type(source).__name__}")
    items = list(source)
    if all(isinstance(d, ReviewerDecision) for d in items):
        return DecisionSet(items)
    return DecisionSet.from_data([d.to_dict() if isinstance(d, ReviewerDecision) else d for d in items])
