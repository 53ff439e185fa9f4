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


def calibration_file(tmp_path: Path, **candidate_weights: float) -> str:
    """A calibration like the shipped one whose candidate model is given: tests of the agent's
    mechanics (what its tools surface, what it then links) do not depend on what the dev pairs
    taught the shipped model. Unnamed weights are 0; ``bias`` sets the bias."""
    from dataclasses import replace

    from hikaku.align import LogisticModel, load_calibration
    from hikaku.align.calibration import CANDIDATE_FEATURES

    bias = candidate_weights.pop("bias", 0.0)
    model = LogisticModel(CANDIDATE_FEATURES, tuple(candidate_weights.get(f, 0.0) for f in CANDIDATE_FEATURES), bias)
    path = tmp_path / "calibration.json"
    replace(load_calibration(), candidate=model).write(path)
    return str(path)


# a candidate model that links by similarity (p > ½ from about 0.67) with a little for the plan's proposal
SIMILARITY_FIRST = {"similarity": 12.0, "proposal": 2.0, "bias": -8.0}
