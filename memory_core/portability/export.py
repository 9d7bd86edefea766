"""Getting your memory out: an encrypted backup of the whole database, and a readable JSON export.

**Backup** (``backup_database``) writes one self-contained SQLCipher 4 file
protected by a *backup passphrase* the user chooses. That is what people
expect from a backup: one file they can copy to a USB stick or a cloud folder
and restore on a new machine with a password they know. A copy made with the
live raw key would be useless there when the key lives in this machine's OS
keyring, and copying the key header along would tie the backup's safety to
how this install happens to be protected. The file is a standard SQLCipher 4
database (passphrase run through PBKDF2-HMAC-SHA512, 256,000 rounds, SQLCipher's
default), so it also opens in any SQLCipher tool, without Mneme. It is made
with ``ATTACH ... KEY`` + ``sqlcipher_export`` (a consistent snapshot, FTS
indexes included), verified by reopening it with the passphrase before it
replaces anything, and restored with ``restore_backup`` (into a temporary file
beside the database, checked, then renamed over it: a damaged backup leaves the
old database as it was).

**JSON export** (``export_json``) is plaintext on purpose (it is for reading,
moving to another tool, or keeping): threads with their messages,
observations with their source message ids, reflection generations with the
observations each line came from, facts with both time axes, and which
memories each answer was generated with (``answer_memories``). It is
streamed item by item, so a large memory does not have to fit in RAM, and
written with owner-only permissions.

Both write to a temporary file beside the destination and rename it into
place only when complete: a failure never leaves a half-written file.
"""
from __future__ import annotations

import json
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, TextIO

from sqlcipher3 import dbapi2 as sqlcipher

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput, MnemeError, StorageError, WrongKeyError
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.storage import db as dbmod
from memory_core.storage.schema import LATEST_VERSION, current_version
from memory_core.storage.store import Store

#: progress(done, total, stage): called often enough for a progress bar, never per row.
Progress = Callable[[int, int, str], Any]

EXPORT_FORMAT = "mneme-memory-export"
#: 2: adds ``answer_memories`` (which memories each answer was generated with). Version 1 had no such section.
EXPORT_FORMAT_VERSION = 2
MIN_BACKUP_PASSPHRASE = 8
PROGRESS_EVERY = 250
#: Tables whose row counts must match between the database and its backup.
CHECKED_TABLES = ("threads", "messages", "observations", "reflections", "facts", "embeddings", "events")


@dataclass(frozen=True)
class ExportResult:
    path: Path
    counts: dict[str, int]
    bytes: int


# -- encrypted backup -----------------------------------------------------------------------------
def backup_database(store: Store, destination: Path | str, passphrase: str, *, overwrite: bool = False,
                    progress: Progress | None = None) -> ExportResult:
    """Write an encrypted, verified copy of the whole database to ``destination``.

    Raises InvalidInput for a short passphrase or an existing destination
    (unless ``overwrite``), StorageError when the folder cannot be written.
    """
    destination = Path(destination)
    _check_passphrase(passphrase)
    _check_destination(destination, overwrite)
    report = progress or (lambda done, total, stage: None)
    temporary = destination.with_name(f".{destination.name}.partial")
    _remove(temporary)
    source = store.connect()  # our own connection: ATTACH must not touch the caller's
    try:
        counts = _counts(source, "main")
        report(0, 3, "copying")
        conn = source
        try:
            conn.execute("ATTACH DATABASE ? AS backup KEY ?", [str(temporary), passphrase])
        except sqlcipher.Error as exc:
            raise dbmod.translate_storage_error(temporary, exc) from exc
        try:
            conn.execute("SELECT sqlcipher_export('backup')")
            # sqlcipher_export copies schema and rows, not these header fields
            conn.execute(f"PRAGMA backup.user_version = {current_version(source)}")
            conn.execute(f"PRAGMA backup.application_id = {dbmod.APPLICATION_ID}")
        except sqlcipher.Error as exc:
            raise dbmod.translate_storage_error(temporary, exc) from exc
        finally:
            conn.execute("DETACH DATABASE backup")
        report(1, 3, "verifying")
        copied = _verify_backup(temporary, passphrase)
        if copied != counts:
            raise StorageError(f"the backup did not verify (rows differ: {counts} vs {copied}); nothing was replaced")
        os.chmod(temporary, 0o600)
        os.replace(temporary, destination)
        report(3, 3, "done")
        store.log_event("backup_written", counts=counts)
    except BaseException:
        _remove(temporary)
        raise
    finally:
        source.close()
    return ExportResult(destination, counts, destination.stat().st_size)


def open_backup(path: Path | str, passphrase: str) -> sqlcipher.Connection:
    """Open a backup file with its passphrase (read it like any Mneme database). Caller closes it."""
    path = Path(path)
    if not path.is_file():
        raise InvalidInput(f"no backup file at {path}")
    with open(path, "rb") as handle:
        if handle.read(16) == dbmod.SQLITE_PLAIN_HEADER:
            raise InvalidInput(f"{path} is an unencrypted SQLite file, not a Mneme backup")
    conn = sqlcipher.connect(str(path), isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA key = '{_quote(passphrase)}'")  # PRAGMA takes no bound parameters
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    except sqlcipher.DatabaseError:
        conn.close()
        raise WrongKeyError(f"{path} does not open with this passphrase (or is not a Mneme backup)") from None
    if app_id != dbmod.APPLICATION_ID:
        conn.close()
        raise InvalidInput(f"{path} is an SQLCipher database but not a Mneme backup")
    return conn


def restore_backup(backup: Path | str, passphrase: str, data_dir: Path | str, *, use_keyring: bool,
                   new_passphrase: str | None = None, progress: Progress | None = None,
                   replace_key: bytes | None = None) -> Store:
    """Make a data directory's database from a backup, all or nothing.

    Without ``replace_key`` the folder must hold no database: it gets a fresh key, protected as chosen.
    With ``replace_key`` (the key of the store already there: the caller has opened it, so it may), the
    backup replaces that database, encrypted with the same key. Either way the backup's rows go into a
    temporary file beside ``mneme.db``, which must open with the key, pass ``quick_check`` and hold the
    backup's row counts before it is renamed over ``mneme.db`` (``os.replace``, atomic on one file
    system): a damaged backup, a full disk or a crash before the rename leaves the folder as it was.
    """
    report = progress or (lambda done, total, stage: None)
    source = open_backup(backup, passphrase)
    try:
        version = source.execute("PRAGMA user_version").fetchone()[0]
        counts = _counts(source, "main")
    except sqlcipher.Error as exc:
        raise StorageError(f"the backup {backup} is damaged ({exc}); nothing was restored") from None
    finally:
        source.close()
    if version > LATEST_VERSION:
        raise MnemeError(f"this backup was made by a newer Mneme (schema {version}); update Mneme to restore it")
    data_dir = Path(data_dir)
    target = data_dir / "mneme.db"
    replacing = replace_key is not None
    if replacing and not target.is_file():
        raise MnemeError(f"there is no database in {data_dir} to replace; restore into it without replacing")
    if not replacing and Store.exists(data_dir):
        raise MnemeError(f"{data_dir} already holds a Mneme database; restore into an empty folder "
                         "(or replace that database on purpose)")
    dbmod.ensure_writable_dir(data_dir)
    from memory_core.storage.keys import KeyStore

    report(0, 3, "restoring")
    keys = KeyStore(data_dir)
    staged = data_dir / f".{target.name}{RESTORING_SUFFIX}"
    _remove_database_files(staged)      # a leftover of a restore that crashed: never the live database
    try:
        key = replace_key if replacing else keys.create(use_keyring=use_keyring, passphrase=new_passphrase)
        _copy_backup(backup, passphrase, staged, key, version)
        report(1, 3, "checking")
        _check_restored(staged, key, counts)
        if replacing:
            _settle_wal(target, key)
        os.replace(staged, target)
        _sync_dir(data_dir)
    except BaseException:
        _remove_database_files(staged)
        if not replacing:
            _undo_restore(data_dir, keys, use_keyring)
        raise
    report(2, 3, "opening")
    try:
        restored = Store.open_with_key(data_dir, key)  # also migrates an older backup forward
    except BaseException:
        if not replacing:
            _undo_restore(data_dir, keys, use_keyring)
        raise
    restored.log_event("backup_restored", counts=counts, replaced=replacing)
    report(3, 3, "done")
    return restored


#: The temporary database a restore builds beside mneme.db (".mneme.db.restoring").
RESTORING_SUFFIX = ".restoring"


def _copy_backup(backup: Path | str, passphrase: str, staged: Path, key: bytes, version: int) -> None:
    """The backup's schema and rows into a new database at ``staged``, encrypted with ``key``."""
    database = dbmod.connect(staged, key, create=True)
    conn = database.conn
    try:
        conn.execute("ATTACH DATABASE ? AS backup KEY ?", [str(Path(backup)), passphrase])
        try:
            conn.execute("SELECT sqlcipher_export('main', 'backup')")
        finally:
            conn.execute("DETACH DATABASE backup")
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlcipher.Error as exc:
        raise _restore_error(exc, staged) from exc
    finally:
        conn.close()  # this connection's schema cache predates the exported virtual tables


def _check_restored(staged: Path, key: bytes, counts: dict[str, int]) -> None:
    """The new file opens with the key, passes quick_check and holds the backup's rows."""
    try:
        database = dbmod.connect(staged, key)
    except MnemeError as exc:
        raise StorageError(f"the restored copy does not open with the key ({exc}); nothing was replaced") from exc
    try:
        result = database.conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise StorageError(f"the restored copy failed its integrity check ({result}); nothing was replaced")
        if _counts(database.conn, "main") != counts:
            raise StorageError("the restored copy does not match the backup's row counts; nothing was replaced")
    except sqlcipher.Error as exc:
        raise _restore_error(exc, staged) from exc
    finally:
        database.conn.close()


def _restore_error(exc: BaseException, staged: Path) -> MnemeError:
    if dbmod.is_damage(exc):
        return StorageError(f"the backup is damaged ({exc}); nothing was replaced")
    return dbmod.translate_storage_error(staged, exc)


def _settle_wal(target: Path, key: bytes) -> None:
    """Fold the live database's write-ahead log into it, so no -wal file is left to pair with the new file."""
    database = dbmod.connect(target, key)
    try:
        busy = database.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if busy:
            raise MnemeError(f"{target} is in use by another Mneme process; close it and restore again "
                             "(nothing was replaced)")
    finally:
        database.conn.close()
    for suffix in ("-wal", "-shm"):
        wal = target.with_name(target.name + suffix)
        if wal.exists() and wal.stat().st_size == 0:
            _remove(wal)


def _sync_dir(directory: Path) -> None:
    """Make the rename durable (a crash right after it does not bring the old name back)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_database_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        _remove(path.with_name(path.name + suffix))


def _undo_restore(data_dir: Path, keys: Any, use_keyring: bool) -> None:
    """Remove only what a failed restore created (the folder held no database before)."""
    if use_keyring:
        keys.forget_keyring()
    for name in ("mneme.db", "mneme.db-wal", "mneme.db-shm", keys.header_path.name):
        _remove(data_dir / name)


def _verify_backup(path: Path, passphrase: str) -> dict[str, int]:
    conn = open_backup(path, passphrase)
    try:
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise StorageError(f"the backup file failed its integrity check ({result}); nothing was replaced")
        return _counts(conn, "main")
    finally:
        conn.close()


def _counts(conn: Any, schema: str) -> dict[str, int]:
    """Row counts of the checked tables, through a Store or a bare backup connection."""
    return {table: conn.execute(f"SELECT count(*) FROM {schema}.{table}").fetchone()[0] for table in CHECKED_TABLES}


def _quote(text: str) -> str:
    return text.replace("'", "''")


def _check_passphrase(passphrase: str) -> None:
    if not isinstance(passphrase, str) or len(passphrase) < MIN_BACKUP_PASSPHRASE:
        raise InvalidInput(f"the backup passphrase is too short: use at least {MIN_BACKUP_PASSPHRASE} characters "
                           "(and keep it: without it the backup cannot be opened)")


def _check_destination(destination: Path, overwrite: bool) -> None:
    if destination.is_dir():
        raise InvalidInput(f"{destination} is a folder: give a file name for the export")
    if destination.exists() and not overwrite:
        raise InvalidInput(f"{destination} already exists; choose another name or allow overwriting")
    if not destination.parent.is_dir():
        raise StorageError(f"the folder {destination.parent} does not exist")
    if not os.access(destination.parent, os.W_OK):
        raise StorageError(f"cannot write to {destination.parent}: check its permissions")


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


# -- readable JSON export -------------------------------------------------------------------------
def export_json(store: Store, destination: Path | str, *, overwrite: bool = False,
                progress: Progress | None = None) -> ExportResult:
    """Write the whole memory as readable JSON (plaintext: the caller should say so to the user)."""
    destination = Path(destination)
    _check_destination(destination, overwrite)
    report = progress or (lambda done, total, stage: None)
    temporary = destination.with_name(f".{destination.name}.partial")
    run_fact_pass(store)  # the write path leaves extraction to the fact pass: the export holds every fact
    reader = store.connect()
    conn = reader
    counts = {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
              for table in ("threads", "messages", "observations", "reflections", "facts", "answer_memories")}
    total = counts["messages"] + counts["observations"] + counts["reflections"] + counts["facts"]
    done = 0

    def tick(stage: str) -> None:
        nonlocal done
        done += 1
        if done % PROGRESS_EVERY == 0 or done == total:
            report(done, total, stage)

    try:
        conn.execute("BEGIN")  # one snapshot for the whole export
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            report(0, total, "threads")
            out.write("{\n")
            _field(out, "format", EXPORT_FORMAT)
            _field(out, "format_version", EXPORT_FORMAT_VERSION)
            _field(out, "schema_version", current_version(reader))
            _field(out, "exported_at", to_iso(utc_now()))
            _field(out, "counts", counts)
            _array(out, "threads", _threads(conn, tick))
            _array(out, "observations", _observations(conn, tick))
            _array(out, "reflection_generations", _generations(conn, tick))
            _array(out, "facts", _facts(conn, tick))
            _array(out, "answer_memories", _answer_memories(conn), last=True)
            out.write("}\n")
        conn.execute("COMMIT")
        os.replace(temporary, destination)
        report(total, total, "done")
    except OSError as exc:
        _remove(temporary)
        raise dbmod.translate_storage_error(destination, exc) from exc
    except BaseException:
        _remove(temporary)
        raise
    finally:
        reader.close()
    store.log_event("memory_exported", counts=counts)
    return ExportResult(destination, counts, destination.stat().st_size)


def _field(out: TextIO, name: str, value: Any) -> None:
    out.write(f"  {json.dumps(name)}: {json.dumps(value, ensure_ascii=False)},\n")


def _array(out: TextIO, name: str, items: Iterator[str], *, last: bool = False) -> None:
    out.write(f"  {json.dumps(name)}: [")
    first = True
    for item in items:
        out.write("\n" if first else ",\n")
        out.write(textwrap.indent(item, "    "))
        first = False
    out.write("\n  ]" if not first else "]")
    out.write("\n" if last else ",\n")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def _rows(conn: Store, sql: str, params: tuple = ()) -> Iterator[dict[str, Any]]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    for row in cursor:
        yield dict(zip(names, row))


def _grouped(conn: Store, sql: str) -> dict[Any, list]:
    """Small link tables, read once: parent id -> ordered child ids."""
    groups: dict[Any, list] = {}
    for parent, child in conn.execute(sql):
        groups.setdefault(parent, []).append(child)
    return groups


def _threads(conn: Store, tick: Callable[[str], None]) -> Iterator[str]:
    """Each thread with its messages; messages are streamed, not collected."""
    for thread in list(_rows(conn, "SELECT id, title, created_at, updated_at FROM threads ORDER BY created_at, id")):
        head = _dumps(thread)[:-2]  # drop the closing "\n}" to append the messages
        parts = [head + ',\n  "messages": [']
        first = True
        for message in _rows(conn, "SELECT id, role, text, created_at, external_id, speaker FROM messages "
                                   "WHERE thread_id = ? ORDER BY created_at, id", (thread["id"],)):
            tick("messages")
            parts.append(("\n" if first else ",\n") + textwrap.indent(_dumps(message), "    "))
            first = False
        parts.append("\n  ]\n}" if not first else "]\n}")
        yield "".join(parts)


def _observations(conn: Store, tick: Callable[[str], None]) -> Iterator[str]:
    sources = _grouped(conn, "SELECT observation_id, message_id FROM observation_messages "
                             "ORDER BY observation_id, message_id")
    for row in _rows(conn, "SELECT id, thread_id, priority, observed_at, referenced_date, text, source, created_at, "
                           "reflected_in FROM observations ORDER BY observed_at, id"):
        tick("observations")
        row["message_ids"] = sources.get(row["id"], [])
        yield _dumps(row)


def _generations(conn: Store, tick: Callable[[str], None]) -> Iterator[str]:
    sources = _grouped(conn, "SELECT reflection_id, observation_id FROM reflection_observations "
                             "ORDER BY reflection_id, observation_id")
    for generation in list(_rows(conn, "SELECT id, created_at, method, input_tokens, output_tokens "
                                       "FROM reflection_generations ORDER BY id")):
        lines = []
        for row in _rows(conn, "SELECT id, priority, observed_at, referenced_date, text, created_at FROM reflections "
                               "WHERE generation_id = ? ORDER BY id", (generation["id"],)):
            tick("reflections")
            row["observation_ids"] = sources.get(row["id"], [])
            lines.append(row)
        generation["reflections"] = lines
        yield _dumps(generation)


def _answer_memories(conn: Store) -> Iterator[str]:
    """Each answer's memories, one item per answer: {"answer_id", "memories": [{"kind", "id", "via"}]}, in the
    order they were recorded ("via": "block" for the memory block, "recalled" for a recalled snippet)."""
    current: dict[str, Any] | None = None
    for row in _rows(conn, "SELECT answer_id, via, observation_id, reflection_id, fact_id, message_id "
                           "FROM answer_memories ORDER BY answer_id, rowid"):
        if current is None or current["answer_id"] != row["answer_id"]:
            if current is not None:
                yield _dumps(current)
            current = {"answer_id": row["answer_id"], "memories": []}
        kind, item = next((k, row[f"{k}_id"]) for k in ("observation", "reflection", "fact", "message")
                          if row[f"{k}_id"] is not None)
        current["memories"].append({"kind": kind, "id": item, "via": row["via"]})
    if current is not None:
        yield _dumps(current)


def _facts(conn: Store, tick: Callable[[str], None]) -> Iterator[str]:
    sources = _grouped(conn, "SELECT fact_id, message_id FROM fact_messages ORDER BY fact_id, message_id")
    for row in _rows(conn, "SELECT id, subject, predicate, value, text, category, salience, origin, valid_at, "
                           "invalid_at, created_at, expired_at, supersedes, depends_on, thread_id FROM facts "
                           "ORDER BY subject, predicate, valid_at, id"):
        tick("facts")
        row["current"] = row["invalid_at"] is None and row["expired_at"] is None
        row["message_ids"] = sources.get(row["id"], [])
        yield _dumps(row)


__all__ = ["backup_database", "open_backup", "restore_backup", "export_json", "ExportResult", "Progress"]
