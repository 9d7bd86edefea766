"""First run, all or nothing: the key header and the database are made in a hidden staging folder
inside the data dir and moved into place only once both are whole.

A crash used to leave a key header with no database (or a 0-byte one) that no
later command could open. Now the data dir holds either nothing of Mneme's or a
whole store. A staging folder left by a crash is finished on the next start when
it was complete (a ``READY`` file names its ``db_id``), and removed when it was
not; only files inside staging folders are ever deleted, never ``mneme.db`` or
``mneme.key.json`` in the data dir itself. A lock file keeps two first runs (or
a first run and a recovery) from racing.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

STAGING_PREFIX = ".mneme-setup-"
LOCK_NAME = ".mneme-setup.lock"
READY_NAME = "READY"


@contextmanager
def setup_lock(data_dir: Path) -> Iterator[None]:
    """An exclusive lock on the data dir's first-run state (a no-op where flock does not exist)."""
    try:
        import fcntl
    except ImportError:  # Windows: first runs are not raced there by the desktop app
        yield
        return
    fd = os.open(Path(data_dir) / LOCK_NAME, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def staging_folders(data_dir: Path) -> list[Path]:
    try:
        return sorted(p for p in Path(data_dir).glob(STAGING_PREFIX + "*") if p.is_dir() and not p.is_symlink())
    except OSError:
        return []


def create_atomically(data_dir: Path, names: tuple[str, str], make: Callable[[Path], str]) -> None:
    """Run ``make(staging)`` (it writes the key header and the database there, closes the database and
    returns the ``db_id``), then move both into ``data_dir``: header first, database last."""
    header_name, db_name = names
    staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=data_dir))
    try:
        db_id = make(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _write_synced(staging / READY_NAME, db_id)
    _fsync_dir(staging)
    _move_into_place(staging, Path(data_dir), names)


def recover(data_dir: Path, names: tuple[str, str], discard_key: Callable[[Path], None]) -> list[str]:
    """Finish or remove what a crashed first run left; returns what was done (for the audit trail).

    ``discard_key(staging)`` removes a half-made store's key from the keyring.
    """
    data_dir = Path(data_dir)
    if not staging_folders(data_dir):
        return []
    with setup_lock(data_dir):
        return recover_locked(data_dir, names, discard_key)


def recover_locked(data_dir: Path, names: tuple[str, str], discard_key: Callable[[Path], None]) -> list[str]:
    """``recover`` for a caller that already holds ``setup_lock`` (flock is not re-entrant)."""
    header_name, db_name = names
    done: list[str] = []
    for staging in staging_folders(data_dir):
        ready = _read_ready(staging)
        placed_header = data_dir / header_name
        if ready and (placed_header.exists() or (data_dir / db_name).exists()):
            owner = _db_id_of(placed_header)
            if owner == ready and not (data_dir / db_name).exists() and (staging / db_name).exists():
                _move_into_place(staging, data_dir, names)
                done.append("finished an interrupted first run")
                continue
            if owner == ready or not (staging / header_name).exists():
                _remove_staging(staging)  # moved already; only the empty folder was left
                continue
            _remove_staging(staging, discard_key)  # another store is in place: this one never was
            done.append("removed an unfinished first run")
        elif ready:
            _move_into_place(staging, data_dir, names)
            done.append("finished an interrupted first run")
        else:
            _remove_staging(staging, discard_key)
            done.append("removed an unfinished first run")
    return done


def _move_into_place(staging: Path, data_dir: Path, names: tuple[str, str]) -> None:
    for name in names:  # header first: a crash between the two leaves READY + db to finish with
        source = staging / name
        if source.exists():
            if (data_dir / name).exists():
                raise FileExistsError(f"{data_dir / name} appeared during the first run; refusing to replace it")
            os.replace(source, data_dir / name)
            _fsync_dir(data_dir)
    _remove_staging(staging)


def _remove_staging(staging: Path, discard_key: Callable[[Path], None] | None = None) -> None:
    if discard_key is not None:
        try:
            discard_key(staging)
        except Exception:  # best effort: a keyring entry for a store that never existed is harmless
            pass
    shutil.rmtree(staging, ignore_errors=True)


def _read_ready(staging: Path) -> str | None:
    try:
        return (staging / READY_NAME).read_text("utf-8").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def _db_id_of(header: Path) -> str | None:
    import json

    try:
        data = json.loads(header.read_text("utf-8"))
        return data.get("db_id") if isinstance(data, dict) else None
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None


def _write_synced(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
