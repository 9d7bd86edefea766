"""Opening the encrypted SQLite file: one function, one connection per thread.

SQLCipher encrypts every page (FTS5 shadow tables, WAL frames included) with a
raw 256-bit key. Each thread (UI, generation, background memory) opens its own
connection; WAL mode plus a busy timeout plus ``BEGIN IMMEDIATE`` for writers
keeps them from ever seeing "database is locked".

sqlcipher3 raises ``sqlcipher3.dbapi2.*`` exceptions, not ``sqlite3.*``; use
``DB_ERRORS`` below rather than catching the stdlib classes.
"""
from __future__ import annotations

import errno
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils
from sqlcipher3 import dbapi2 as sqlcipher

from memory_core.errors import (
    CorruptDatabase,
    NotAMnemeDatabase,
    StorageError,
    WrongKeyError,
)

#: ``PRAGMA application_id`` of every Mneme database ("MNEM" in ASCII).
APPLICATION_ID = 0x4D4E454D
SQLITE_PLAIN_HEADER = b"SQLite format 3\x00"
PAGE_SIZE = 4096
BUSY_TIMEOUT_MS = 30_000

DB_ERRORS = (sqlcipher.Error,)


class _Sqlite3WithCipherErrors:
    """Stands in for the ``sqlite3`` module inside ``sqlite_utils.db``.

    sqlite-utils writes ``except sqlite3.OperationalError`` (``Table.drop(ignore=True)``,
    ``Database.query`` releasing its savepoint after ``INSERT ... RETURNING``,
    feature probes); sqlcipher3 raises its own classes, which those clauses miss.
    An ``except`` accepts a tuple, so these names become tuples of both families.
    Everything else is the real module.
    """

    OperationalError = (sqlite3.OperationalError, sqlcipher.OperationalError)
    NotSupportedError = (sqlite3.NotSupportedError, sqlcipher.NotSupportedError)

    def __getattr__(self, name: str):
        return getattr(sqlite3, name)


sqlite_utils.db.sqlite3 = _Sqlite3WithCipherErrors()
OperationalError = sqlcipher.OperationalError
IntegrityError = sqlcipher.IntegrityError
DatabaseError = sqlcipher.DatabaseError


def cipher_version() -> str:
    """The SQLCipher version linked into sqlcipher3 (for ``mneme doctor``)."""
    conn = sqlcipher.connect(":memory:")
    try:
        row = conn.execute("PRAGMA cipher_version").fetchone()
        return row[0] if row else "unknown"
    finally:
        conn.close()


def sqlite_version() -> str:
    return sqlcipher.sqlite_version


def _apply_key(conn: sqlcipher.Connection, key: bytes) -> None:
    if len(key) != 32:
        raise ValueError("database key must be 32 bytes")
    conn.execute(f"PRAGMA key = \"x'{key.hex()}'\"")
    # SQLCipher 4 defaults (AES-256, HMAC-SHA512, 4096-byte pages); pinned so a
    # future library default change cannot make old files unreadable.
    conn.execute("PRAGMA cipher_compatibility = 4")


def classify_open_failure(path: Path, key_matches_header: bool | None) -> Exception:
    """Turn SQLCipher's one-size "file is not a database" into the real cause."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
        size = path.stat().st_size
    except OSError as exc:
        return StorageError(f"cannot read {path}: {exc.strerror}")
    if head == SQLITE_PLAIN_HEADER:
        return NotAMnemeDatabase(
            f"{path} is an unencrypted SQLite file, not a Mneme database; it was left untouched."
        )
    if size % PAGE_SIZE:
        return CorruptDatabase(
            f"{path} is truncated or damaged ({size} bytes is not a whole number of pages); "
            "it was left untouched. Restore it from a backup."
        )
    if key_matches_header:
        return CorruptDatabase(
            f"{path} could not be decrypted although the key is right: the file is damaged. "
            "It was left untouched; restore it from a backup."
        )
    if key_matches_header is None:
        return NotAMnemeDatabase(
            f"{path} cannot be opened with this key: it is not a Mneme database, or it belongs "
            "to another key file. It was left untouched."
        )
    return WrongKeyError("wrong key: the database cannot be decrypted with it (file left unchanged)")


def connect(path: Path | str, key: bytes, *, key_matches_header: bool | None = True,
            create: bool = False) -> sqlite_utils.Database:
    """Open (or, with ``create``, make) the encrypted database at ``path``.

    Nothing is written before the key is proven right, so a wrong key leaves the
    file byte-for-byte unchanged.
    """
    path = Path(path)
    exists = path.exists() and path.stat().st_size > 0
    if not exists and not create:
        raise StorageError(f"no database at {path}")
    if exists:
        with open(path, "rb") as handle:
            if handle.read(16) == SQLITE_PLAIN_HEADER:
                raise classify_open_failure(path, key_matches_header)
    try:
        raw = sqlcipher.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000,
                                check_same_thread=False, isolation_level=None)
    except sqlcipher.Error as exc:
        raise translate_storage_error(path, exc) from exc
    try:
        _apply_key(raw, key)
        try:
            raw.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlcipher.DatabaseError:
            raise classify_open_failure(path, key_matches_header) from None
        if exists:
            app_id = raw.execute("PRAGMA application_id").fetchone()[0]
            tables = raw.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app_id != APPLICATION_ID and tables:
                raise NotAMnemeDatabase(f"{path} is an SQLCipher database but not Mneme's; left untouched.")
        raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        raw.execute("PRAGMA journal_mode = WAL")
        raw.execute("PRAGMA secure_delete = ON")
        raw.execute("PRAGMA foreign_keys = ON")
        raw.execute("PRAGMA synchronous = NORMAL")
        raw.execute("PRAGMA temp_store = MEMORY")
        if not exists:
            raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    except Exception:
        raw.close()
        raise
    return sqlite_utils.Database(raw)


def translate_storage_error(path: Path, exc: BaseException) -> StorageError:
    """Map a low-level write error (disk full, read-only, cannot open) to a message a person can act on."""
    text = str(exc).lower()
    if "full" in text or getattr(exc, "errno", None) == errno.ENOSPC:
        return StorageError(f"the disk holding {path.parent} is full: free some space and retry")
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return StorageError(f"cannot write to {path.parent}: check that it exists and is writable")
    return StorageError(f"storage error on {path}: {exc}")


@contextmanager
def write_transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """``BEGIN IMMEDIATE``: take the write lock up front so concurrent writers queue
    on the busy timeout instead of failing with SQLITE_BUSY at commit time."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")


def ensure_writable_dir(directory: Path) -> None:
    """Create the data dir or say plainly why we cannot."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / ".mneme-write-test"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise StorageError(f"the disk holding {directory} is full: free some space and retry") from exc
        raise StorageError(
            f"cannot write to the data directory {directory}: {exc.strerror}. "
            "Choose another with --data-dir or fix its permissions."
        ) from exc
    if os.name == "posix":
        try:
            os.chmod(directory, 0o700)
        except OSError:
            pass
