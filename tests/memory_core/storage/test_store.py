"""The encrypted store: encryption at rest, wrong keys, bad files, schema versions."""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from memory_core.storage import db as dbmod
from memory_core.errors import (CorruptDatabase, InvalidInput, NewerSchemaError, NotAMnemeDatabase,
                                StorageError, WrongKeyError)
from memory_core.storage.schema import LATEST_VERSION
from memory_core.storage.store import DB_NAME, MAX_MESSAGE_CHARS, Store
from tests.conftest import TEST_PASSPHRASE

MARKER = "MNEME-MARKER-7f3c9e1a-do-not-leak"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_marker_never_reaches_disk_in_plaintext(store, data_dir):
    for i in range(50):  # enough rows to spill FTS segments and WAL frames
        store.add_message("t1", "user", f"note {i}: {MARKER} lives here")
    assert list(store.query("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?", [f'"{MARKER}"']))
    files = [p for p in data_dir.iterdir() if p.name.startswith(DB_NAME)]
    assert any(p.name.endswith("-wal") and p.stat().st_size > 0 for p in files), "WAL should hold frames"
    for path in files:
        raw = path.read_bytes()
        assert MARKER.encode() not in raw, path.name
        assert MARKER.encode("utf-16-le") not in raw, path.name
    assert MARKER.encode() not in (data_dir / "mneme.key.json").read_bytes()


def test_plain_sqlite_cannot_read_the_file(store, data_dir):
    store.add_message("t1", "user", "hello")
    store.close()
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(data_dir / DB_NAME).execute("SELECT * FROM sqlite_master").fetchall()


def test_pragmas_in_force(store):
    assert store.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.execute("PRAGMA secure_delete").fetchone()[0] == 1
    assert store.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert store.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
    assert store.execute("PRAGMA application_id").fetchone()[0] == dbmod.APPLICATION_ID


def test_wrong_passphrase_leaves_file_unchanged(store, data_dir):
    store.add_message("t1", "user", "hello")
    store.close()
    before = {p.name: digest(p) for p in data_dir.iterdir()}
    with pytest.raises(WrongKeyError):
        Store.open(data_dir, "not the passphrase")
    assert {p.name: digest(p) for p in data_dir.iterdir()} == before


def test_wrong_raw_key_leaves_file_unchanged(store, data_dir):
    store.add_message("t1", "user", "hello")
    store.close()
    before = digest(data_dir / DB_NAME)
    with pytest.raises(WrongKeyError):
        Store.open_with_key(data_dir, b"\x01" * 32)
    assert digest(data_dir / DB_NAME) == before


def test_reopen_with_passphrase(store, data_dir):
    store.add_message("t1", "user", "persisted across restarts")
    store.close()
    with Store.open(data_dir, TEST_PASSPHRASE) as again:
        assert [m.text for m in again.messages("t1")] == ["persisted across restarts"]


def test_plain_sqlite_file_is_refused_and_untouched(tmp_path):
    data_dir = tmp_path / "d"
    data_dir.mkdir()
    plain = data_dir / DB_NAME
    sqlite3.connect(plain).execute("CREATE TABLE x (y)").connection.commit()
    before = digest(plain)
    with pytest.raises(NotAMnemeDatabase):
        dbmod.connect(plain, b"\x00" * 32)
    assert digest(plain) == before


def test_truncated_database_is_reported(store, data_dir):
    store.add_message("t1", "user", "hello")
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    path = data_dir / DB_NAME
    path.write_bytes(path.read_bytes()[:5000])
    before = digest(path)
    with pytest.raises(CorruptDatabase):
        Store.open(data_dir, TEST_PASSPHRASE)
    assert digest(path) == before


def test_corrupted_first_page_is_reported_as_damage_not_wrong_key(store, data_dir):
    store.add_message("t1", "user", "hello")
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    path = data_dir / DB_NAME
    raw = bytearray(path.read_bytes())
    raw[100:140] = b"\xff" * 40
    path.write_bytes(bytes(raw))
    with pytest.raises(CorruptDatabase):
        Store.open(data_dir, TEST_PASSPHRASE)


def test_newer_schema_is_refused_without_writing(store, data_dir):
    store.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    before = digest(data_dir / DB_NAME)
    with pytest.raises(NewerSchemaError):
        Store.open(data_dir, TEST_PASSPHRASE)
    assert digest(data_dir / DB_NAME) == before


def test_create_refuses_existing_file(store, data_dir):
    store.close()
    with pytest.raises(Exception):
        Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE)


def test_bad_messages_get_clear_errors_and_nothing_stored(store):
    with pytest.raises(InvalidInput, match="empty"):
        store.add_message("t1", "user", "   \n ")
    with pytest.raises(InvalidInput, match="role"):
        store.add_message("t1", "robot", "hi")
    with pytest.raises(InvalidInput, match="limit"):
        store.add_message("t1", "user", "x" * (MAX_MESSAGE_CHARS + 1))
    assert store.counts()["messages"] == 0


def test_text_survives_rtl_emoji_and_control_chars(store):
    text = "שלום עולם 👋🏽 مرحبا \x00\x07 end\r\nnext"
    stored = store.add_message("t1", "user", text)
    assert stored.text == "שלום עולם 👋🏽 مرحبا  end\nnext"
    assert store.message(stored.id).text == stored.text


def test_external_id_is_idempotent(store):
    first = store.add_message("t1", "user", "imported", external_id="x-1")
    again = store.add_message("t1", "user", "imported", external_id="x-1")
    assert first is not None and again is None
    assert store.counts()["messages"] == 1


def test_unwritable_data_dir_is_a_clear_error(tmp_path):
    import os

    if os.geteuid() == 0:
        target = Path("/proc/mneme-cannot-exist")  # root ignores permissions; /proc refuses everyone
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = locked / "data"
    with pytest.raises(StorageError, match="cannot write"):
        Store.create(target, use_keyring=False, passphrase=TEST_PASSPHRASE)


def test_sqlite_utils_error_paths_catch_sqlcipher_exceptions(store):
    """sqlite-utils catches ``sqlite3.OperationalError``; sqlcipher3 raises its own class (see db.py)."""
    store.db["never_created"].drop(ignore=True)  # would raise sqlcipher3 OperationalError unpatched
    with pytest.raises(dbmod.OperationalError):
        store.db["never_created"].drop()
    rows = list(store.query(
        "INSERT INTO settings (key, value) VALUES ('k', '1') RETURNING key"))  # savepoint release path
    assert rows == [{"key": "k"}]
    with pytest.raises(dbmod.OperationalError):
        store.execute("SELECT * FROM messages_fts WHERE messages_fts MATCH 'AND ('")
    assert not isinstance(dbmod.OperationalError(), sqlite3.OperationalError)
