"""Reading the two sides of a run: the one place a front's documents are loaded, with the
options' encoding, limits and chunk size, named as the front names them."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .._exceptions import InputError
from ..document import Chunk, Document, share_twins
from ..loaders import LOADER_NAMES, LOADERS, InputLimits, load_document
from ..settings import CompareOptions
from ..system import objects_kept
from .request import Side

__all__ = ["inline_formats", "load_side", "load_sides"]


def inline_formats() -> tuple[str, ...]:
    """The formats a side given as text may be in: the text formats (``LoaderInfo.text``), a plugin's too."""
    return tuple(name for name, info in LOADERS.items() if info.text)


def load_side(side: Side, letter: str, options: CompareOptions, *, served: bool = False) -> Document:
    """Side *letter* (``a`` or ``b``) as a :class:`Document`: its chunks cut by hikaku are
    ``a1``, ``a2`` … (``b1`` …). A file is read in its format (the side's, else the options'
    ``input_format``, else its extension) and the options' encoding, its limits checked before it
    is parsed (*served*: they are a server's, its operator's to raise); chunk records make a
    document of id ``A`` (``B``); inline text is read exactly as a file of its format would be."""
    side.check(letter)
    prefix = letter.lower()
    limits = InputLimits.from_options(options, by_operator=served)
    if side.text is not None:
        return _inline(side, prefix, options, limits)
    source = side.source
    assert source is not None
    if isinstance(source, (str, os.PathLike, Document)):
        return load_document(source, input_format=side.format or options.input_format, id_prefix=prefix,
                             max_chunk_chars=options.max_chunk_chars, doc_id=side.doc_id, encoding=options.encoding,
                             limits=limits, name=side.name)
    return load_document(source, input_format=side.format or options.input_format, id_prefix=prefix,
                         max_chunk_chars=options.max_chunk_chars, doc_id=side.doc_id or prefix.upper(),
                         encoding=options.encoding, limits=limits, name=side.name or f"argument {side.argument or prefix}")


def load_sides(a: Side, b: Side, options: CompareOptions, *, served: bool = False) -> tuple[Document, Document]:
    """Both sides (:func:`load_side`), with the cyclic collector paused (millions of objects that live
    on); B's texts that A holds too are stored once when hikaku made B's chunks (document/twins.py)."""
    with objects_kept():
        doc_a = load_side(a, "a", options, served=served)
        doc_b = load_side(b, "b", options, served=served)
        if _made_here(b):
            share_twins(doc_a, doc_b)
    return doc_a, doc_b


def _made_here(side: Side) -> bool:
    """Whether the chunks of the document loaded from *side* are hikaku's own (read from a file or
    text, or built from records), not a caller's Document or Chunk objects — which are not to be
    changed, even to equal values (``share_twins`` makes a chunk's metadata A's dict)."""
    source = side.source
    if side.text is not None or isinstance(source, (str, os.PathLike)):
        return True
    if isinstance(source, (list, tuple)):  # records make new chunks; Chunk objects are the caller's
        return not any(isinstance(x, Chunk) for x in source)
    return False  # a Document, or an iterable already consumed: not known, left alone


def _inline(side: Side, prefix: str, options: CompareOptions, limits: InputLimits) -> Document:
    """Inline text, read exactly as a file of its format (Markdown by default) in UTF-8; the document
    has no source, and its id (``A``, ``B``) for a title when the text gives none."""
    assert side.text is not None
    name = side.name or f"{prefix}_text"
    fmt = side.format or options.input_format or "markdown"
    info = LOADERS.get(fmt)
    if info is None or not info.text:
        added = [f for f in inline_formats() if f not in LOADER_NAMES.builtin]
        also = f" (or a plugin's text format: {', '.join(added)})" if added else ""
        raise InputError(f"{name}: inline text is read as Markdown, text, HTML or chunk JSON/JSONL{also}, "
                         f"not {fmt}; give a path instead")
    doc_id = side.doc_id or prefix.upper()
    with tempfile.TemporaryDirectory(prefix="hikaku-text-") as tmp:
        f = Path(tmp) / f"{doc_id}{info.extensions[0]}"
        try:
            f.write_text(side.text, encoding="utf-8")
        except UnicodeEncodeError as e:  # a lone surrogate: not text any file could hold
            raise InputError(f"{name}: not valid Unicode text (character {e.start}: {e.reason})") from None
        doc = load_document(f, input_format=fmt, id_prefix=prefix, doc_id=doc_id, encoding="utf-8",
                            max_chunk_chars=options.max_chunk_chars, limits=limits, name=name)
    return doc.model_copy(update={"source": None, "title": doc.id if doc.title == Path(name).stem else doc.title})
