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
    IncompleteSetup,
    NotAMnemeDatabase,
    ReadOnlyStore,
    StorageError,
    WrongKeyError,
)

#: ``PRAGMA application_id`` of every Mneme database ("MNEM" in ASCII).
APPLICATION_ID = 0x4D4E454D
SQLITE_PLAIN_HEADER = b"SQLite format 3\x00"
PAGE_SIZE = 4096
BUSY_TIMEOUT_MS = 30_000
#: Database, WAL and shared-memory files: owner only, so a copy taken out of the 0700 folder stays private.
FILE_MODE = 0o600
SIDE_FILES = ("-wal", "-shm", "-journal")

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


_cipher_log_silenced = False


def _silence_cipher_log() -> None:
    """SQLCipher prints ``ERROR CORE ...`` lines to stderr on its own; every failure here becomes a
    message of ours instead, so its log is turned off (once per process: the setting is global)."""
    global _cipher_log_silenced
    if _cipher_log_silenced:
        return
    conn = sqlcipher.connect(":memory:")
    try:
        for pragma in ("PRAGMA cipher_log_level = NONE", "PRAGMA cipher_log = off"):
            try:
                conn.execute(pragma).fetchall()
            except sqlcipher.Error:
                pass
    finally:
        conn.close()
    _cipher_log_silenced = True


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
    file byte-for-byte unchanged. What can be told from outside (an empty or
    truncated file, a plain SQLite file, a read-only file or folder) is told
    before SQLCipher touches the file.
    """
    path = Path(path)
    _silence_cipher_log()
    size = path.stat().st_size if path.exists() else None
    if size is None and not create:
        raise StorageError(f"no database at {path}")
    exists = bool(size)
    if size == 0 and not create:
        raise IncompleteSetup(
            f"{path} is empty (0 bytes): it holds no data. A first run was probably interrupted before the "
            "database was made; if so, delete it and mneme.key.json beside it to start over. Otherwise restore it "
            "from a backup.")
    if exists:
        with open(path, "rb") as handle:
            if handle.read(16) == SQLITE_PLAIN_HEADER:
                raise classify_open_failure(path, key_matches_header)
        if size % PAGE_SIZE:
            raise classify_open_failure(path, key_matches_header)
        require_writable(path)
        restrict_file_modes(path)
    else:
        _create_private_file(path)
    try:
        raw = sqlcipher.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000,
                                check_same_thread=False, isolation_level=None)
    except sqlcipher.Error as exc:
        raise translate_storage_error(path, exc) from exc
    try:
        _apply_key(raw, key)
        try:
            raw.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlcipher.OperationalError as exc:
            raise translate_storage_error(path, exc) from None
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
    except sqlcipher.DatabaseError as exc:
        raw.close()
        raise translate_database_error(path, exc) from None
    except Exception:
        raw.close()
        raise
    return sqlite_utils.Database(raw)


def _create_private_file(path: Path) -> None:
    """Make the empty database file 0600 before SQLite opens it: SQLite gives its WAL and
    shared-memory files the database file's mode, so all three end up owner-only."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE))
    except FileExistsError:
        pass
    except OSError as exc:
        raise translate_storage_error(path, exc) from exc


def restrict_file_modes(path: Path) -> None:
    """Bring a database made by an older Mneme (0644 files) to owner-only; never fails the open."""
    if os.name != "posix":
        return
    for candidate in (path, *(Path(f"{path}{suffix}") for suffix in SIDE_FILES)):
        try:
            info = candidate.stat()
            if info.st_mode & 0o077 and info.st_uid == os.getuid():
                os.chmod(candidate, FILE_MODE)
        except OSError:
            pass


def require_writable(path: Path) -> None:
    """A read-only file or folder is its own case: SQLite in WAL mode then fails in ways that look
    like damage, and a person told "damaged" may delete a healthy file."""
    for target, what in ((path, "the database file"), (path.parent, "its folder")):
        if not os.access(target, os.W_OK):
            raise ReadOnlyStore(
                f"{what} {target} is read-only, so Mneme cannot open the database (it needs to write its "
                "journal beside it). The data is not damaged and was left untouched: make the folder and "
                "file writable (or copy them somewhere writable) and try again.")


def translate_storage_error(path: Path, exc: BaseException) -> StorageError | ReadOnlyStore:
    """Map a low-level write error (disk full, read-only, cannot open) to a message a person can act on."""
    text = str(exc).lower()
    if "full" in text or getattr(exc, "errno", None) == errno.ENOSPC:
        return StorageError(f"the disk holding {path.parent} is full: free some space and retry")
    if "readonly" in text or "read-only" in text or getattr(exc, "errno", None) in (errno.EROFS, errno.EACCES):
        return ReadOnlyStore(f"cannot write to {path.parent}: it is read-only. The data was left untouched; "
                             "make it writable and retry")
    if "unable to open" in text:
        if path.parent.exists() and not os.access(path.parent, os.W_OK):
            return ReadOnlyStore(f"cannot write to {path.parent}: it is read-only. The data was left untouched; "
                                 "make it writable and retry")
        return StorageError(f"cannot write to {path.parent}: check that it exists and is writable")
    return StorageError(f"storage error on {path}: {exc}")


#: What SQLite/SQLCipher say when a page does not decrypt or its HMAC fails.
_DAMAGE_SIGNS = ("malformed", "file is not a database", "hmac", "corrupt", "vtable constructor failed")


def is_damage(exc: BaseException) -> bool:
    return any(sign in str(exc).lower() for sign in _DAMAGE_SIGNS)


def translate_database_error(path: Path, exc: BaseException) -> StorageError | ReadOnlyStore | CorruptDatabase:
    """Any SQLCipher error met after the database opened, as a message: a damaged page says so."""
    if is_damage(exc):
        return CorruptDatabase(
            f"the database {path} is damaged: a page failed its integrity check ({exc}). Stop writing to it, copy "
            "the folder somewhere safe, run 'mneme doctor --check' to see what is affected, and restore it from a "
            "backup ('mneme memory export' still reads what is intact).")
    if "locked" in str(exc).lower() or "busy" in str(exc).lower():
        return StorageError(f"the database {path} stayed busy (another Mneme is writing): try again in a moment")
    return translate_storage_error(path, exc)


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
    """Create the data dir or say plainly why we cannot.

    Only a folder Mneme creates here is made owner-only (0700); an existing
    folder keeps its mode (a shared 1777 folder keeps its sticky bit): the
    files inside are 0600 either way.
    """
    created = not directory.exists()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if created and os.name == "posix":
            os.chmod(directory, 0o700)
        probe = directory / f".mneme-write-test-{os.getpid()}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise StorageError(f"the disk holding {directory} is full: free some space and retry") from exc
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise ReadOnlyStore(
                f"cannot write to the data directory {directory}: {exc.strerror}. "
                "Choose another with --data-dir or fix its permissions.") from exc
        raise StorageError(
            f"cannot write to the data directory {directory}: {exc.strerror}. "
            "Choose another with --data-dir or fix its permissions."
        ) from exc
