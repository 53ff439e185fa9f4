"""What the commands share: the progress bar and the one-line messages on stderr."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Progress", "say"]


class Progress:
    """A tqdm bar on stderr for the agent stage."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Any = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or stage != "agent" or total == 0:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc="hikaku: examining chunks", unit="chunk", file=sys.stderr,
                            leave=False, dynamic_ncols=True)
        self.bar.n = done
        self.bar.refresh()
        if done >= total:
            self.close()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def say(line: str) -> None:
    print(f"hikaku: {line}", file=sys.stderr)
