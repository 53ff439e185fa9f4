"""What a run is asked to do (:class:`RunRequest`) and what it gives back (:class:`RunOutcome`):
typed, frozen records, the one thing every front (the command line, the web app, the MCP server,
batch runs, the Python API) builds."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._exceptions import InputError, InvalidArgumentError
from ..document import Document
from ..review import Answer, DecisionSet, Question

if TYPE_CHECKING:
    from ..embeddings import Embedder
    from ..result import ComparisonResult
    from ..settings import CompareOptions
    from ..tokenizers import Tokenizer
    from ..workflow import PolicyFactory, ProgressCallback

__all__ = ["AskCallback", "Components", "DecisionsSource", "DocumentSource", "Durability", "InputFile", "Review",
           "RunOutcome", "RunRequest", "Side"]

DocumentSource = str | os.PathLike[str] | Document | Iterable[Any]
"""A path (chunk JSON/JSONL, Markdown, text, PDF, Word, HTML), a :class:`Document` or chunk records."""
DecisionsSource = DecisionSet | str | os.PathLike[str] | Sequence[Any]
"""A reviewer's decisions: a ``hikaku.decisions/v1`` file, a :class:`DecisionSet` or a list of decisions."""
AskCallback = Callable[[Question], Answer]
"""``ask(question) -> answer``: a front that answers the agent's questions."""

_SOURCE = "a path (str or os.PathLike), a hikaku.Document or a list of chunk dicts {'id', 'content', 'metadata'}"


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a *source* (a path, a :class:`Document`, chunk records) or inline
    *text* (read exactly as a file of *format* would be, Markdown by default).

    *name*: how messages and the report name it — the file name a user knows (an upload's), a path
    relative to a server's root — instead of the path as given; *format*: its loader format (default:
    the options' ``input_format``, else the file's extension); *doc_id*: the document's id (default:
    its own, else the name's stem). *argument*: the parameter a caller of the Python API gave it as
    (``a``, ``b``), named in that API's messages."""

    source: DocumentSource | None = None
    text: str | None = None
    name: str | None = None
    format: str | None = None
    doc_id: str | None = None
    argument: str | None = None

    @property
    def path(self) -> str | None:
        """The file this side is read from (None: a document, records or inline text)."""
        return os.fspath(self.source) if isinstance(self.source, (str, os.PathLike)) else None

    def check(self, letter: str) -> None:
        """A clear error, before any work, for a source hikaku cannot read (*letter*: ``a`` or ``b``)."""
        what = f"argument {self.argument or letter}"
        value = self.source
        if self.text is not None:
            if value is not None:
                raise InvalidArgumentError(f"{what}: give either a source or the text, not both")
            if not isinstance(self.text, str):
                raise InvalidArgumentError(f"{what}: the text must be a str, not {type(self.text).__name__}")
            return
        if isinstance(value, Document):
            return
        if isinstance(value, (str, os.PathLike)):
            path = os.fspath(value)
            if not isinstance(path, str):
                raise InvalidArgumentError(f"{what}: give the path as str, not {type(path).__name__}")
            if not path.strip():
                raise InputError(f"{what}: the path is empty")
            if ("\n" in path or len(path) > 4096) and not os.path.lexists(path):  # a file's name may hold a line break
                raise InputError(f"{what}: this looks like document text, not a path; give {_SOURCE}")
            return
        if isinstance(value, (bytes, bytearray, memoryview)):
            raise InvalidArgumentError(f"{what}: bytes; give {_SOURCE} (write the bytes to a file)")
        if isinstance(value, Mapping):
            raise InvalidArgumentError(f"{what}: a dict; give {_SOURCE}")
        if not isinstance(value, Iterable):
            raise InvalidArgumentError(f"{what} must be {_SOURCE}, not {type(value).__name__}")


@dataclass(frozen=True)
class Components:
    """Parts that replace the configured ones (tests pass doubles; a server passes the embedding
    model it keeps loaded): *policy_factory* is ``f(PolicyInputs) -> policy``, *chat_model* a
    LangChain chat model."""

    embedder: Embedder | None = None
    tokenizer: Tokenizer | None = None
    policy_factory: PolicyFactory | None = None
    chat_model: Any = None

    def __post_init__(self) -> None:
        """A clear error, before any work, for a component of the wrong kind (a model's name where
        the model object goes …), which would otherwise fail deep in the run or quietly weaken it."""
        from ..embeddings import Embedder
        from ..tokenizers import Tokenizer

        embedder, tokenizer, chat_model = self.embedder, self.tokenizer, self.chat_model
        if embedder is not None and not isinstance(embedder, Embedder):
            hint = f"; to choose one by name give embedding={embedder!r}" if isinstance(embedder, str) else ""
            raise InvalidArgumentError(f"embedder must be a hikaku Embedder (embed(texts) -> vectors), not "
                                       f"{type(embedder).__name__}{hint}")
        if tokenizer is not None and not isinstance(tokenizer, Tokenizer):
            raise InvalidArgumentError(f"tokenizer must be a hikaku Tokenizer (tokenize(text) -> terms) or the name of "
                                       f"one ('sudachi', 'bigram'), not {type(tokenizer).__name__}")
        if self.policy_factory is not None and not callable(self.policy_factory):
            raise InvalidArgumentError(f"policy_factory must be a callable policy_factory(inputs) -> policy, not "
                                       f"{type(self.policy_factory).__name__}")
        if chat_model is not None and not callable(getattr(chat_model, "invoke", None)):
            hint = f"; to choose one by name give llm={chat_model!r}" if isinstance(chat_model, str) else ""
            raise InvalidArgumentError(f"chat_model must be a LangChain chat model, not {type(chat_model).__name__}{hint}")


@dataclass(frozen=True)
class Durability:
    """A durable run: a SQLite *checkpoint* after every step under *run_id*; *resume* continues that
    run (the default checkpoint file when none is named)."""

    checkpoint: str | os.PathLike[str] | None = None
    run_id: str | None = None
    resume: bool = False


@dataclass(frozen=True)
class Review:
    """A reviewer's *decisions* (a ``hikaku.decisions/v1`` file, a :class:`DecisionSet` or a list of
    decisions), applied before any agent runs; with *ask* (``ask(Question) -> Answer``) the agent asks
    about each chunk it cannot decide, else such chunks go to the result's review queue."""

    decisions: DecisionsSource | None = None
    ask: AskCallback | None = None

    def __post_init__(self) -> None:
        if self.ask is not None and not callable(self.ask):
            raise InvalidArgumentError(f"ask must be a callable ask(question) -> Answer, not {type(self.ask).__name__}")

    @property
    def decisions_path(self) -> str | None:
        d = self.decisions
        return os.fspath(d) if isinstance(d, (str, os.PathLike)) else None


@dataclass(frozen=True)
class RunRequest:
    """One comparison: document *a* (old) and *b* (new), resolved *options* and the rest. *trace*
    writes every agent step as JSON lines; *progress* is called as ``progress(stage, done, total)``.
    *served*: the run serves a client (the web app, the MCP server), whose limits are the server
    operator's — messages say so instead of naming an option the client cannot set. *thoughts*: the
    final state keeps the agent's thoughts (``agent_thoughts``, about ten lines a group examined),
    for a caller that reads the state (:func:`~hikaku.run.run_comparison`); the trace has them
    either way."""

    a: Side
    b: Side
    options: CompareOptions
    components: Components = field(default_factory=Components)
    durability: Durability = field(default_factory=Durability)
    review: Review = field(default_factory=Review)
    trace: str | os.PathLike[str] | None = None
    progress: ProgressCallback | None = None
    served: bool = False
    thoughts: bool = False

    def __post_init__(self) -> None:
        from ..settings import CompareOptions

        self.a.check("a")
        self.b.check("b")
        if not isinstance(self.options, CompareOptions):
            raise InvalidArgumentError(
                f"options must be a hikaku.CompareOptions (build one with hikaku.resolve_options({{...}}), or give the "
                f"options as keywords), not {type(self.options).__name__}"
            )
        if self.progress is not None and not callable(self.progress):
            raise InvalidArgumentError(f"progress must be a callable progress(stage, done, total), not "
                                       f"{type(self.progress).__name__}")
        for name, value in (("checkpoint", self.durability.checkpoint), ("trace", self.trace)):
            if value is not None and not isinstance(value, (str, os.PathLike)):
                raise InvalidArgumentError(f"{name} must be a path (str or os.PathLike), not {type(value).__name__}")
            if value is not None and "\0" in os.fspath(value):
                raise InvalidArgumentError(f"{name}: the path holds a NUL character")
        run_id = self.durability.run_id
        if run_id is not None and not isinstance(run_id, str):
            raise InvalidArgumentError(f"run_id must be a str, not {type(run_id).__name__}")


@dataclass(frozen=True)
class InputFile:
    """A file a run reads: *kind* (``input``, ``decisions file`` …), its *path* as named, and how
    messages name it (*shown*; default: the path). No output may be one (:func:`~hikaku.run.check_outputs`)."""

    kind: str
    path: str
    shown: str = ""

    def describe(self) -> str:
        return f"the {self.kind} {self.shown or self.path}"


@dataclass(frozen=True, eq=False)
class RunOutcome:
    """What a run gives back: the *result*, the graph's final *state* (each group's decision; the
    agent's thoughts when the request asked for them), the two *documents* as read, and the files it read (*inputs*: the sides,
    the decisions, the calibration, the settings, the checkpoint)."""

    result: ComparisonResult
    state: Mapping[str, Any]
    documents: tuple[Document, Document]
    inputs: tuple[InputFile, ...] = ()
