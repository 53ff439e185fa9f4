"""The SQLite files hikaku keeps for itself (the embedding cache, the LLM summaries,
checkpoints): telling a damaged file from a busy one, and setting a damaged one aside.

A damaged cache is never deleted: it is renamed with a ``.corrupt-<time>`` suffix (its
``-wal`` / ``-shm`` companions with it), so that nothing is lost and the user can look at
it, and a fresh file takes its place. :class:`SqliteCache` does that for the caches, with
one warning line naming the file.
"""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TypeVar

__all__ = ["DamagedFile", "SqliteCache", "is_damaged", "set_aside"]

log = logging.getLogger(__name__)
T = TypeVar("T")

# SQLITE_CORRUPT, SQLITE_NOTADB, and SQLITE_IOERR (a short read of a truncated file)
_DAMAGED_CODES = {11, 26, 10}


class DamagedFile(Exception):
    """A row or page of a SQLite file failed a check hikaku makes itself (e.g. a checksum)."""


def is_damaged(error: BaseException) -> bool:
    """True when *error* says the file is not a (sound) SQLite database, as opposed to a
    busy, locked or read-only one (which another process may be using right now)."""
    if isinstance(error, DamagedFile):
        return True
    if not isinstance(error, sqlite3.DatabaseError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and (code & 0xFF) in _DAMAGED_CODES:
        return True
    text = str(error).lower()
    return "malformed" in text or "not a database" in text or "disk i/o error" in text


def set_aside(path: Path, expected_inode: tuple[int, int] | None = None) -> Path | None:
    """Rename *path* (and its ``-wal``/``-shm`` files) to ``<name>.corrupt-<time>-<tag>``;
    the new name, or None when there was nothing to move (another process moved it, or
    *path* is no longer the file of *expected_inode* = (device, inode))."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if expected_inode is not None and (st.st_dev, st.st_ino) != expected_inode:
        return None  # someone already replaced it with a fresh file
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}-{secrets.token_hex(2)}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            try:
                os.replace(side, target.with_name(target.name + suffix))
            except OSError:
                pass
    return target


def _inode(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class SqliteCache:
    """A SQLite cache file that repairs itself: opened with *schema* (statements run on
    every open); when the file turns out to be damaged, on opening or in the middle of a
    run (``run`` raised :class:`sqlite3.DatabaseError` for a damaged file, or
    :class:`DamagedFile`), it is set aside, named in one warning line, and rebuilt empty.
    A cache that cannot be used at all (no permission, a full disk) is switched off with
    one warning line; the work goes on without it. Thread-safe."""

    def __init__(self, path: str | os.PathLike[str], schema: Sequence[str], *, what: str) -> None:
        self.path = Path(path)
        self.what = what
        self._schema = tuple(schema)
        self._lock = threading.RLock()
        self._inode: tuple[int, int] | None = None
        self.warned = False
        self.set_aside_as: Path | None = None
        self.db: sqlite3.Connection | None = None
        self.db = self._open()

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            for statement in self._schema:
                db.execute(statement)
            db.commit()
        except BaseException:
            db.close()
            raise
        self._inode = _inode(self.path)
        return db

    def _warn(self, message: str) -> None:
        if not self.warned:  # one line per file and run
            self.warned = True
            log.warning("%s", message)

    def _open(self) -> sqlite3.Connection | None:
        try:
            return self._connect()
        except (sqlite3.Error, OSError) as e:
            if isinstance(e, sqlite3.Error) and is_damaged(e):
                return self._rebuild(str(e))
            self._warn(f"{self.path}: cannot use the {self.what} ({_reason(e)}); continuing without it")
            return None

    def _rebuild(self, reason: str) -> sqlite3.Connection | None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
        self.db = None
        moved = set_aside(self.path, self._inode)
        if moved is not None:
            self.set_aside_as = moved
        where = f"set aside as {moved.name}" if moved is not None else "set aside"
        try:
            db = self._connect()
        except (sqlite3.Error, OSError) as e:
            self._warn(f"{self.path}: the {self.what} is damaged ({reason}); {where}; a new one cannot be created "
                       f"({_reason(e)}): continuing without it")
            return None
        self._warn(f"{self.path}: the {self.what} is damaged ({reason}); {where} and rebuilt")
        return db

    def run(self, fn: Callable[[sqlite3.Connection], T], default: T) -> T:
        """``fn(connection)``; on a damaged file, the file is rebuilt and ``fn`` runs once
        more on the fresh one; *default* when the cache is off or keeps failing."""
        with self._lock:
            for _ in range(2):
                if self.db is None:
                    return default
                try:
                    return fn(self.db)
                except (sqlite3.Error, DamagedFile) as e:
                    try:
                        self.db.rollback()
                    except sqlite3.Error:
                        pass
                    if not is_damaged(e):
                        log.info("%s: %s unavailable for this step (%s)", self.path, self.what, e)
                        return default
                    self.db = self._rebuild(str(e))
            return default

    def close(self) -> None:
        with self._lock:
            if self.db is not None:
                self.db.close()
                self.db = None


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__
