"""The calibration: every constant and fitted model the alignment decides with, in one place.

hikaku's decisions rest on a handful of numbers; they are not chosen by hand. ``bench/calibrate.py``
chooses the constants on the training folds of a cross-validation over the dev pairs (by
document: no document is in a training and a test fold), fits the two logistic models there, and
reports every figure on the held-out folds; the file shipped in the package
(``calibration.json``) is the same procedure run on all dev pairs. Each constant carries its
reason. A user may fit their own on their own gold pairs (``--calibration FILE``).

- ``tau``, ``continuity_bonus``: the alignment objective (see ``align.dp``).
- ``derivation``: a split or merge is only offered when every part draws at least this share of
  its words from the other side (a sentence that merely follows its old version is an addition).
- ``certain``: a planned group whose calibrated probability reaches it is settled without the
  agent (cost: the agent and an LLM are spent on the others).
- ``habitual_splits``, ``habitual_share``, ``habitual_derivation``, ``habitual_bonus``: an editor's
  habit shows in the whole document. When the plan finds at least ``habitual_splits`` splits and
  merges that pass ``derivation``, and they are at least ``habitual_share`` of the chunks of A it
  had to align (those that are not anchors: the sentences the editor touched — a long document
  shows a few splits by its length alone), the document was revised by someone who cuts and joins
  sentences, and its gaps are aligned again with splits and merges offered from
  ``habitual_derivation`` (a half reworded more freely) and worth ``habitual_bonus`` more in the
  objective (the prior odds of a split are higher in such a document: a concatenation about as
  close as one part alone is taken). Optional, all four or none: a calibration without them
  aligns every document alike.
- ``pair``: P(a group the plan chose is right | its features).
- ``candidate``: P(a candidate the agent's tools surfaced is the counterpart | its evidence); the
  agent links the most probable candidate when that probability exceeds ½ (a wrong link costs two
  chunks their verdict, as does a missed one) and deletes the chunk otherwise.
"""

from __future__ import annotations

import json
import logging
import math
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from .._exceptions import ConfigurationError

log = logging.getLogger(__name__)

__all__ = ["Calibration", "Habit", "LogisticModel", "Constant", "load_calibration", "PAIR_FEATURES", "CANDIDATE_FEATURES",
           "HABIT"]

# the evidence each model weighs (bench/calibrate.py computes them the same way the code does)
PAIR_FEATURES = ("similarity", "margin", "length_ratio", "group")
CANDIDATE_FEATURES = ("similarity", "lead", "proposal", "in_region", "label", "title", "same_path", "sequence",
                      "claimed")
# an editor's habit (optional, all four together)
HABIT = ("habitual_splits", "habitual_share", "habitual_derivation", "habitual_bonus")


@dataclass(frozen=True)
class Constant:
    value: float
    reason: str = ""


@dataclass(frozen=True)
class Habit:
    """How a document that shows an editor's habit of cutting and joining sentences is aligned
    again: splits and merges offered from *derivation*, worth *bonus* more in the objective."""

    derivation: float
    bonus: float


@dataclass(frozen=True)
class LogisticModel:
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float

    def log_odds(self, values: Mapping[str, float]) -> float:
        return self.bias + sum(w * float(values[f]) for f, w in zip(self.features, self.weights))

    def probability(self, values: Mapping[str, float]) -> float:
        z = self.log_odds(values)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"features": list(self.features), "weights": [round(w, 6) for w in self.weights],
                "bias": round(self.bias, 6)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], expected: Sequence[str]) -> LogisticModel:
        features = tuple(data["features"])
        if set(features) != set(expected):
            raise ValueError(f"features {features} differ from {tuple(expected)}")
        return cls(features, tuple(float(w) for w in data["weights"]), float(data["bias"]))


@dataclass(frozen=True)
class Calibration:
    tau: Constant
    continuity_bonus: Constant
    derivation: Constant
    certain: Constant
    pair: LogisticModel
    candidate: LogisticModel
    fitted_on: str = ""
    habitual_splits: Constant | None = field(default=None, kw_only=True)  # all four or none (from_json)
    habitual_share: Constant | None = field(default=None, kw_only=True)
    habitual_derivation: Constant | None = field(default=None, kw_only=True)
    habitual_bonus: Constant | None = field(default=None, kw_only=True)
    figures: dict[str, Any] = field(default_factory=dict)  # what bench/calibrate.py measured, for the record

    def habit(self, found: int, touched: int) -> Habit | None:
        """(derivation, bonus) to align a document's gaps again with when its plan found *found*
        splits and merges that passed ``derivation`` among *touched* chunks of A that were no
        anchor: an editor's habit (see above); else None."""
        if (self.habitual_splits is None or self.habitual_share is None or self.habitual_derivation is None
                or self.habitual_bonus is None):
            return None
        if found < self.habitual_splits.value or found < self.habitual_share.value * touched:
            return None
        log.info("the plan found %d splits and merges among %d changed chunks: the document's other sentences are "
                 "offered as parts of one from a derivation of %.2f, worth %.2f more", found, touched,
                 self.habitual_derivation.value, self.habitual_bonus.value)
        return Habit(self.habitual_derivation.value, self.habitual_bonus.value)

    def to_json(self) -> dict[str, Any]:
        const = {k: {"value": getattr(self, k).value, "reason": getattr(self, k).reason}
                 for k in ("tau", "continuity_bonus", "derivation", "certain", *HABIT) if getattr(self, k) is not None}
        return {"format": "hikaku.calibration/v1", "fitted_on": self.fitted_on, "constants": const,
                "pair": self.pair.to_json(), "candidate": self.candidate.to_json(), "figures": self.figures}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Calibration:
        if not isinstance(data, Mapping):
            raise ValueError(f"expected a JSON object, found {type(data).__name__}")
        if data.get("format") != "hikaku.calibration/v1":
            raise ValueError(f"unknown format {data.get('format')!r}")
        c = data["constants"]
        habit = {k: Constant(float(c[k]["value"]), c[k].get("reason", "")) for k in HABIT if k in c}
        if habit and len(habit) != len(HABIT):
            raise ValueError(f"{', '.join(HABIT)} go together")
        return cls(
            tau=Constant(float(c["tau"]["value"]), c["tau"].get("reason", "")),
            continuity_bonus=Constant(float(c["continuity_bonus"]["value"]), c["continuity_bonus"].get("reason", "")),
            derivation=Constant(float(c["derivation"]["value"]), c["derivation"].get("reason", "")),
            certain=Constant(float(c["certain"]["value"]), c["certain"].get("reason", "")),
            pair=LogisticModel.from_json(data["pair"], PAIR_FEATURES),
            candidate=LogisticModel.from_json(data["candidate"], CANDIDATE_FEATURES),
            fitted_on=str(data.get("fitted_on", "")),
            figures=dict(data.get("figures", {})),
            **habit,
        )

    def write(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


@cache
def _shipped() -> Calibration:
    text = files("hikaku").joinpath("align", "calibration.json").read_text(encoding="utf-8")
    return Calibration.from_json(json.loads(text))


def load_calibration(path: str | Path | None = None) -> Calibration:
    """The calibration shipped with hikaku, or the one in *path* (made by bench/calibrate.py)."""
    if path is None:
        return _shipped()
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a directory, or a pipe whose read would wait on forever
            raise ConfigurationError(f"{path}: not a regular file; give a calibration file")
        return Calibration.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:  # any shape but the expected one
        raise ConfigurationError(f"{path}: not a usable calibration file ({type(e).__name__}: {e})") from None
