"""The encrypted store: opening a data directory and the basic rows (threads, messages, events).

``Store.open`` is the one way in: it finds the key (keyring or passphrase),
opens the database, checks it is Mneme's and migrates it. Other threads call
``store.connect()`` for a connection of their own to the same file.
"""
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Iterator

import sqlite_utils

from memory_core.clock import to_iso, utc_now
from memory_core.errors import IncompleteSetup, InvalidInput, KeyMissing, MnemeError
from memory_core.storage import db as dbmod
from memory_core.storage import deletions, first_run
from memory_core.storage.keys import HEADER_NAME, KeyStore, key_check_of
from memory_core.storage.schema import migrate
from memory_core.storage.sql import chunks, marks

DB_NAME = "mneme.db"
#: Messages longer than this are refused with a clear message (1 MiB of text).
MAX_MESSAGE_CHARS = 1_048_576
ROLES = ("user", "assistant", "system")


@dataclass(frozen=True)
class Message:
    id: int
    thread_id: str
    role: str
    text: str
    created_at: str
    external_id: str | None = None
    speaker: str | None = None
    observed_at: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "Message":
        return cls(**{name: row.get(name) for name in cls.__dataclass_fields__})


def clean_text(text: str) -> str:
    """Keep what a person typed; drop only what breaks storage or display.

    NUL and other C0 control characters (except tab and newline) are removed;
    right-to-left text, emoji and every other Unicode character stay.
    """
    if not isinstance(text, str):
        raise InvalidInput("message text must be text")
    require_unicode(text, "the message text")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(ch for ch in text if ch in "\n\t" or not (ord(ch) < 32 or ord(ch) == 127))


def _discard_staged_key(staging: Path) -> None:
    """A half-made store's key leaves the keyring with it."""
    keys = KeyStore(staging)
    if keys.exists():
        keys.forget_keyring()


def require_unicode(text: str, what: str) -> None:
    """A lone surrogate (from bad UTF-8 on a command line, or "\\ud83d" in JSON) cannot be stored: say so."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{what} is not valid Unicode (it holds a lone surrogate, e.g. from bytes that were not "
                           "UTF-8): nothing was stored") from None


class Store:
    """One open Mneme database (one connection; make more with ``connect``)."""

    def __init__(self, data_dir: Path, key: bytes, db: sqlite_utils.Database):
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / DB_NAME
        self._key = key
        self.db = db

    # -- opening -----------------------------------------------------------
    @classmethod
    def exists(cls, data_dir: Path) -> bool:
        """Whether ``data_dir`` holds a store (a first run a crash interrupted is finished or removed first)."""
        cls.recover_interrupted_setup(data_dir)
        return (Path(data_dir) / DB_NAME).exists() or KeyStore(data_dir).exists()

    @staticmethod
    def recover_interrupted_setup(data_dir: Path) -> list[str]:
        return first_run.recover(Path(data_dir), (HEADER_NAME, DB_NAME), _discard_staged_key)

    @classmethod
    def create(cls, data_dir: Path, *, use_keyring: bool, passphrase: str | None = None) -> "Store":
        """Make a new encrypted database, all or nothing (see first_run.py); refuses to touch an existing one."""
        data_dir = Path(data_dir)
        dbmod.ensure_writable_dir(data_dir)
        path = data_dir / DB_NAME
        holder: dict[str, bytes] = {}

        def make(staging: Path) -> str:
            keys = KeyStore(staging)
            key = keys.create(use_keyring=use_keyring, passphrase=passphrase)
            database = dbmod.connect(staging / DB_NAME, key, create=True)
            try:
                migrate(database)
                staged = cls(staging, key, database)
                staged.log_event("database_created", protection=keys.header().protection)
            finally:
                database.conn.close()
            holder["key"] = key
            return keys.header().db_id

        with first_run.setup_lock(data_dir):
            first_run.recover_locked(data_dir, (HEADER_NAME, DB_NAME), _discard_staged_key)
            for existing in (path, KeyStore(data_dir).header_path):
                if existing.exists():
                    raise MnemeError(f"{existing} already exists; refusing to create a new database over it")
            first_run.create_atomically(data_dir, (HEADER_NAME, DB_NAME), make)
        return cls.open_with_key(data_dir, holder["key"])

    @classmethod
    def open(cls, data_dir: Path, passphrase: str | None = None) -> "Store":
        data_dir = Path(data_dir)
        cls.recover_interrupted_setup(data_dir)
        keys = KeyStore(data_dir)
        path = data_dir / DB_NAME
        if not path.exists():
            if keys.exists():
                raise IncompleteSetup(
                    f"there is a key header in {data_dir} but no database ({path}). Either a first run of an older "
                    "Mneme was interrupted before the database was made (then nothing was stored: move "
                    f"{keys.header_path.name} away to start over), or the database was moved or deleted (restore it "
                    "from a backup).")
            raise MnemeError(f"no Mneme database in {data_dir}; run 'mneme' to set one up or pass --data-dir")
        if not keys.exists():
            raise KeyMissing(
                f"{path} has no key header ({keys.header_path}) beside it: without it the database cannot be "
                "opened. Restore the header file from a backup; the database was left untouched."
            )
        key = keys.unlock(passphrase)
        return cls.open_with_key(data_dir, key)

    @classmethod
    def open_with_key(cls, data_dir: Path, key: bytes) -> "Store":
        data_dir = Path(data_dir)
        path = data_dir / DB_NAME
        header = KeyStore(data_dir).header() if KeyStore(data_dir).exists() else None
        matches = None if header is None else key_check_of(key) == header.key_check
        database = dbmod.connect(path, key, key_matches_header=matches)
        try:
            migrate(database)
            if deletions.pending(database):
                deletions.run_pending(database, wait=False)  # a forget a crash interrupted: finish the same plan
        except Exception:
            database.conn.close()
            raise
        return cls(data_dir, key, database)

    def connect(self) -> "Store":
        """Another connection to the same database, for another thread."""
        return Store(self.data_dir, self._key, dbmod.connect(self.path, self._key))

    @property
    def key(self) -> bytes:
        return self._key

    def close(self) -> None:
        try:
            self.db.conn.close()
        except dbmod.DB_ERRORS:
            pass

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self):
        """A write transaction that takes the lock up front (see db.write_transaction)."""
        return dbmod.write_transaction(self.db)

    # -- running SQL: the one way in for every engine module ---------------------------------
    def execute(self, sql: str, params: Iterable[Any] | dict = ()) -> Any:
        """Run one statement; returns the cursor (``fetchone``/``fetchall``/``lastrowid``)."""
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> Any:
        """Run one statement for each row of parameters (bulk inserts and updates)."""
        return self.db.conn.executemany(sql, rows)

    def query(self, sql: str, params: Iterable[Any] | dict = ()) -> Iterator[dict[str, Any]]:
        """Run a SELECT; yields each row as a dict keyed by column name."""
        return self.db.query(sql, params)

    @property
    def in_transaction(self) -> bool:
        return self.db.conn.in_transaction

    # -- threads -------------------------------------------------------------
    def ensure_thread(self, thread_id: str, title: str = "", at: str | None = None) -> str:
        now = at or to_iso(utc_now())
        self.db.execute(
            "INSERT INTO threads (id, title, created_at, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(id) DO NOTHING", [thread_id, title, now, now])
        return thread_id

    def new_thread(self, title: str = "") -> str:
        thread_id = uuid.uuid4().hex[:12]
        with self.transaction():
            self.ensure_thread(thread_id, title)
        return thread_id

    def rename_thread(self, thread_id: str, title: str) -> None:
        with self.transaction():
            self.db.execute("UPDATE threads SET title = ?, updated_at = ? WHERE id = ?",
                            [title, to_iso(utc_now()), thread_id])

    def threads(self) -> list[dict[str, Any]]:
        return list(self.db.query(
            "SELECT t.*, (SELECT count(*) FROM messages m WHERE m.thread_id = t.id) AS message_count "
            "FROM threads t ORDER BY updated_at DESC, id"))

    # -- messages ------------------------------------------------------------
    def insert_message(self, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                       external_id: str | None = None, speaker: str | None = None) -> Message | None:
        """Insert one message inside the caller's transaction.

        Returns None when ``external_id`` was already imported into this thread
        (imports are idempotent). Raises InvalidInput for bad role or text.
        """
        if role not in ROLES:
            raise InvalidInput(f"role must be one of {', '.join(ROLES)}, not {role!r}")
        require_unicode(str(thread_id), "the thread id")
        text = clean_text(text)
        if not text.strip():
            raise InvalidInput("the message is empty: nothing was stored")
        if len(text) > MAX_MESSAGE_CHARS:
            raise InvalidInput(
                f"the message is {len(text):,} characters; the limit is {MAX_MESSAGE_CHARS:,}. "
                "Split it or attach it as a file.")
        created = to_iso(at or utc_now())
        self.ensure_thread(thread_id, at=created)
        try:
            cursor = self.db.execute(
                "INSERT INTO messages (thread_id, role, text, created_at, external_id, speaker) "
                "VALUES (?, ?, ?, ?, ?, ?)", [thread_id, role, text, created, external_id, speaker])
        except dbmod.IntegrityError:
            if external_id is not None:
                return None
            raise
        self.db.execute("UPDATE threads SET updated_at = max(updated_at, ?) WHERE id = ?", [created, thread_id])
        return Message(cursor.lastrowid, thread_id, role, text, created, external_id, speaker, None)

    def add_message(self, thread_id: str, role: str, text: str, **kwargs: Any) -> Message | None:
        """Store one message in its own transaction (no extraction: see ingest.py)."""
        try:
            with self.transaction():
                return self.insert_message(thread_id, role, text, **kwargs)
        except dbmod.OperationalError as exc:
            raise dbmod.translate_storage_error(self.path, exc) from exc

    def message(self, message_id: int) -> Message | None:
        rows = list(self.db.query("SELECT * FROM messages WHERE id = ?", [message_id]))
        return Message.from_row(rows[0]) if rows else None

    def messages(self, thread_id: str, *, after_id: int = 0, limit: int | None = None) -> list[Message]:
        sql = "SELECT * FROM messages WHERE thread_id = ? AND id > ? ORDER BY created_at, id"
        params: list[Any] = [thread_id, after_id]
        if limit:
            sql += " LIMIT ?"
            params.append(limit)
        return [Message.from_row(row) for row in self.db.query(sql, params)]

    def delete_messages(self, ids: Iterable[int]) -> None:
        """Remove messages (Regenerate takes back the last exchange); the FTS triggers follow. The audit event
        (a count only) tells caches kept by the newest message id that ids may be given out again."""
        ids = list(ids)
        with self.transaction():
            for chunk in chunks(ids):
                self.db.execute(f"DELETE FROM messages WHERE id IN ({marks(len(chunk))})", chunk)
            self.log_event("messages_taken_back", count=len(ids))

    def messages_by_ids(self, ids: Iterable[int]) -> list[Message]:
        found = [Message.from_row(row) for chunk in chunks(set(ids)) for row in self.db.query(
            f"SELECT * FROM messages WHERE id IN ({marks(len(chunk))})", chunk)]
        return sorted(found, key=lambda m: (m.created_at, m.id))

    # -- events and settings -------------------------------------------------------
    def log_event(self, kind: str, **detail: Any) -> None:
        """Audit trail. Only ids, counts and kinds: never user text."""
        self.db.execute("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)",
                        [to_iso(utc_now()), kind, json.dumps(detail, sort_keys=True)])

    def get_setting(self, key: str, default: Any = None) -> Any:
        rows = list(self.db.query("SELECT value FROM settings WHERE key = ?", [key]))
        return json.loads(rows[0]["value"]) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        with self.transaction():
            self.db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                            "ON CONFLICT(key) DO UPDATE SET value = excluded.value", [key, json.dumps(value)])

    def counts(self) -> dict[str, int]:
        tables = ("threads", "messages", "observations", "reflections", "facts", "embeddings")
        return {t: self.db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}
