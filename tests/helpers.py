"""Helpers shared by the tests."""

from __future__ import annotations

from pathlib import Path

from hikaku import Chunk, Document

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"


def shugyo_dir(tmp_path: Path) -> Path:
    """A directory holding only the bundled 就業規則 pair (examples/ holds other examples too)."""
    import shutil

    d = tmp_path / "shugyo"
    d.mkdir(exist_ok=True)
    for name in ("shugyo_kisoku_v1.md", "shugyo_kisoku_v2.md"):
        shutil.copy(EXAMPLES / name, d / name)
    return d


def doc(doc_id: str, *texts: str, prefix: str | None = None, **metadata) -> Document:
    """A document from texts; ids are ``{prefix}1``, ``{prefix}2`` …"""
    p = prefix if prefix is not None else doc_id.lower()
    return Document(
        id=doc_id,
        title=doc_id,
        chunks=[Chunk(id=f"{p}{i + 1}", content=t, metadata=dict(metadata)) for i, t in enumerate(texts)],
    )
