"""Encrypted backup (and restore) and the readable JSON export, on real SQLCipher files."""
from __future__ import annotations

import json
import sqlite3
import stat

import pytest

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput, MnemeError, WrongKeyError
from memory_core.portability.export import backup_database, export_json, open_backup, restore_backup
from memory_core.storage.store import Store

BACKUP_PASS = "a backup passphrase"


def seed(store: Store) -> dict[str, int]:
    now = to_iso(utc_now())
    m1 = store.add_message("home", "user", "I live in Porto — olá 🙂, «quotes» and \"json\" \\ chars").id
    m2 = store.add_message("home", "user", "I moved to Lisbon").id
    m3 = store.add_message("work", "assistant", "noted").id
    with store.transaction():
        o1 = store.execute("INSERT INTO observations (thread_id, priority, observed_at, text, created_at) "
                           "VALUES ('home', 'high', ?, 'User moved from Porto to Lisbon', ?)", [now, now]).lastrowid
        store.execute("INSERT INTO observation_messages VALUES (?, ?), (?, ?)", [o1, m1, o1, m2])
        g = store.execute("INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method) "
                          "VALUES (?, 10, 4, 'extractive')", [now]).lastrowid
        r1 = store.execute("INSERT INTO reflections (generation_id, priority, observed_at, text, created_at) "
                           "VALUES (?, 'high', ?, 'Lives in Lisbon', ?)", [g, now, now]).lastrowid
        store.execute("INSERT INTO reflection_observations VALUES (?, ?)", [r1, o1])
        porto = store.execute(
            "INSERT INTO facts (subject, predicate, value, text, category, valid_at, invalid_at, created_at, "
            "expired_at) VALUES ('user', 'lives_in', 'Porto', 'lives in Porto', 'home', '2025-01-01T00:00:00+00:00', "
            "'2026-03-01T00:00:00+00:00', ?, ?)", [now, now]).lastrowid
        lisbon = store.execute(
            "INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at, supersedes) "
            "VALUES ('user', 'lives_in', 'Lisbon', 'lives in Lisbon', 'home', '2026-03-01T00:00:00+00:00', ?, ?)",
            [now, porto]).lastrowid
        store.execute("INSERT INTO fact_messages VALUES (?, ?), (?, ?)", [porto, m1, lisbon, m2])
        store.execute("INSERT INTO embeddings VALUES ('message', ?, 'test', 2, x'0102')", [m1])
    return dict(m1=m1, m2=m2, m3=m3, o1=o1, r1=r1, g=g, porto=porto, lisbon=lisbon)


# -- backup -------------------------------------------------------------------------------------
def test_backup_roundtrip_and_restore(store, tmp_path):
    ids = seed(store)
    progress = []
    result = backup_database(store, tmp_path / "mneme-backup.db", BACKUP_PASS,
                             progress=lambda d, t, s: progress.append((d, t, s)))
    assert result.counts["messages"] == 3 and result.counts["facts"] == 2
    assert progress[0][2] == "copying" and progress[-1] == (3, 3, "done")
    raw = result.path.read_bytes()
    assert b"Porto" not in raw and b"Lisbon" not in raw and not raw.startswith(b"SQLite format 3")
    assert stat.S_IMODE(result.path.stat().st_mode) == 0o600
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(result.path).execute("SELECT * FROM messages").fetchall()

    conn = open_backup(result.path, BACKUP_PASS)
    try:
        assert conn.execute("SELECT text FROM messages WHERE id = ?", [ids["m2"]]).fetchone()[0] == "I moved to Lisbon"
        assert conn.execute("SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'lisbon'").fetchall() == [(ids["lisbon"],)]
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 1
    finally:
        conn.close()
    with pytest.raises(WrongKeyError):
        open_backup(result.path, "not the passphrase")

    restored = restore_backup(result.path, BACKUP_PASS, tmp_path / "new-machine", use_keyring=False,
                              new_passphrase="new machine passphrase")
    try:
        assert restored.counts() == {k: v for k, v in store.counts().items()}
        assert [m.text for m in restored.messages("home")] == [m.text for m in store.messages("home")]
        assert restored.execute("SELECT supersedes FROM facts WHERE id = ?", [ids["lisbon"]]).fetchone()[0] == ids["porto"]
        restored.add_message("home", "user", "still works after restore")
        assert restored.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'restore'").fetchone()[0] == 1
    finally:
        restored.close()
    reopened = Store.open(tmp_path / "new-machine", "new machine passphrase")
    reopened.close()


def test_backup_includes_rows_still_in_the_wal(store, tmp_path):
    store.add_message("t", "user", "written just now")  # not checkpointed
    reader = store.connect()
    try:
        result = backup_database(reader, tmp_path / "b.db", BACKUP_PASS)
    finally:
        reader.close()
    assert result.counts["messages"] == 1


def test_backup_bad_input_leaves_nothing_behind(store, tmp_path):
    seed(store)
    existing = tmp_path / "exists.db"
    existing.write_bytes(b"precious")
    with pytest.raises(InvalidInput, match="already exists"):
        backup_database(store, existing, BACKUP_PASS)
    assert existing.read_bytes() == b"precious"
    with pytest.raises(InvalidInput, match="too short"):
        backup_database(store, tmp_path / "x.db", "short")
    with pytest.raises(InvalidInput, match="is a folder"):
        backup_database(store, tmp_path, BACKUP_PASS)
    with pytest.raises(MnemeError, match="does not exist"):
        backup_database(store, tmp_path / "missing" / "x.db", BACKUP_PASS)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "exists.db"]
    result = backup_database(store, existing, BACKUP_PASS, overwrite=True)
    assert result.path.read_bytes() != b"precious"


def test_restore_refuses_to_overwrite_and_newer_backups(store, tmp_path, data_dir):
    seed(store)
    backup = backup_database(store, tmp_path / "b.db", BACKUP_PASS).path
    with pytest.raises(MnemeError, match="already holds a Mneme database"):
        restore_backup(backup, BACKUP_PASS, data_dir, use_keyring=False, new_passphrase="whatever123")
    with pytest.raises(InvalidInput, match="no backup file"):
        restore_backup(tmp_path / "nope.db", BACKUP_PASS, tmp_path / "r", use_keyring=False, new_passphrase="x" * 9)
    conn = open_backup(backup, BACKUP_PASS)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(MnemeError, match="newer Mneme"):
        restore_backup(backup, BACKUP_PASS, tmp_path / "r", use_keyring=False, new_passphrase="x" * 9)
    assert not (tmp_path / "r").exists()


def _damaged_copies(good, tmp_path, page_size=4096, step=3):
    """Copies of ``good`` with one byte flipped in one page each: damage in the schema's pages stops the
    backup from opening at all, damage elsewhere shows only when its rows are read (during the copy)."""
    data = good.read_bytes()
    for page in range(1, len(data) // page_size, step):
        damaged = bytearray(data)
        damaged[page * page_size + 100] ^= 0xFF
        path = tmp_path / f"damaged-{page}.db"
        path.write_bytes(bytes(damaged))
        yield path


def test_a_damaged_backup_leaves_the_database_it_would_replace_intact(store, tmp_path, data_dir):
    seed(store)
    good = backup_database(store, tmp_path / "good.db", BACKUP_PASS).path
    store.add_message("home", "user", "said after the backup")
    key, header = store.key, (data_dir / "mneme.key.json").read_bytes()
    store.close()

    failed_while_copying = 0
    for damaged in _damaged_copies(good, tmp_path):
        with Store.open_with_key(data_dir, key) as current:
            before = (current.counts(), [m.text for m in current.messages("home")])
        try:
            restore_backup(damaged, BACKUP_PASS, data_dir, use_keyring=False, replace_key=key).close()
            continue                      # a flipped byte in a page no row lives on: the rows are whole
        except MnemeError as exc:         # never a raw database error
            failed_while_copying += "nothing was replaced" in str(exc)
        assert not [p.name for p in data_dir.iterdir() if ".restoring" in p.name]   # the staged copy is gone
        with Store.open_with_key(data_dir, key) as reopened:                       # the old database, untouched
            assert (reopened.counts(), [m.text for m in reopened.messages("home")]) == before
            assert reopened.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert failed_while_copying >= 3      # damage found after the copy had begun, not only at opening

    replaced = restore_backup(good, BACKUP_PASS, data_dir, use_keyring=False, replace_key=key)
    try:
        assert replaced.counts()["messages"] == 3                              # the backup's rows, same key
        assert "said after the backup" not in [m.text for m in replaced.messages("home")]
        assert replaced.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'Lisbon'").fetchone()[0] == 1
    finally:
        replaced.close()
    assert (data_dir / "mneme.key.json").read_bytes() == header
    with pytest.raises(MnemeError, match="no database .* to replace"):
        restore_backup(good, BACKUP_PASS, tmp_path / "empty", use_keyring=False, replace_key=key)


def test_a_damaged_backup_restored_into_a_new_folder_leaves_nothing(store, tmp_path):
    seed(store)
    good = backup_database(store, tmp_path / "good.db", BACKUP_PASS).path
    for damaged in list(_damaged_copies(good, tmp_path, step=7)):
        target = tmp_path / f"new-{damaged.stem}"
        try:
            restore_backup(damaged, BACKUP_PASS, target, use_keyring=False, new_passphrase="new passphrase 1").close()
            continue
        except MnemeError:
            pass
        assert not target.exists() or list(target.iterdir()) == []


# -- JSON -----------------------------------------------------------------------------------------
def test_json_export_is_complete_and_readable(store, tmp_path):
    ids = seed(store)
    calls = []
    result = export_json(store, tmp_path / "memory.json", progress=lambda d, t, s: calls.append((d, t, s)))
    text = result.path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert "olá 🙂" in text, "readable: no \\u escapes"
    assert stat.S_IMODE(result.path.stat().st_mode) == 0o600
    assert data["format"] == "mneme-memory-export" and data["counts"]["messages"] == 3
    threads = {t["id"]: t for t in data["threads"]}
    assert [m["id"] for m in threads["home"]["messages"]] == [ids["m1"], ids["m2"]]
    assert threads["home"]["messages"][0]["text"].startswith("I live in Porto — olá")
    assert threads["work"]["messages"][0]["role"] == "assistant"
    (obs,) = data["observations"]
    assert obs["message_ids"] == [ids["m1"], ids["m2"]] and obs["priority"] == "high"
    (generation,) = data["reflection_generations"]
    assert generation["reflections"][0]["observation_ids"] == [ids["o1"]]
    facts = {f["value"]: f for f in data["facts"]}
    assert facts["Porto"]["current"] is False and facts["Porto"]["invalid_at"] == "2026-03-01T00:00:00+00:00"
    assert facts["Lisbon"]["current"] is True and facts["Lisbon"]["supersedes"] == ids["porto"]
    assert facts["Lisbon"]["message_ids"] == [ids["m2"]]
    assert calls[-1] == (7, 7, "done") and all(c[0] <= c[1] for c in calls)
    assert not list(tmp_path.glob(".*partial"))


def test_json_export_lists_the_memories_each_answer_used(store, tmp_path):
    from memory_core.storage.answer_memories import MemoryUse, record_answer_memories

    ids = seed(store)
    with store.transaction():
        record_answer_memories(store, ids["m3"], [MemoryUse("reflection", ids["r1"]), MemoryUse("fact", ids["lisbon"]),
                                                  MemoryUse("message", ids["m1"], "recalled")])
    data = json.loads(export_json(store, tmp_path / "memory.json").path.read_text(encoding="utf-8"))
    assert data["format_version"] == 2 and data["counts"]["answer_memories"] == 3
    assert data["answer_memories"] == [{"answer_id": ids["m3"], "memories": [
        {"kind": "reflection", "id": ids["r1"], "via": "block"}, {"kind": "fact", "id": ids["lisbon"], "via": "block"},
        {"kind": "message", "id": ids["m1"], "via": "recalled"}]}]


def test_json_export_of_an_empty_store_and_many_messages(store, tmp_path):
    empty = export_json(store, tmp_path / "empty.json")
    data = json.loads(empty.path.read_text())
    assert data["threads"] == [] and data["facts"] == [] and data["counts"]["messages"] == 0
    assert data["answer_memories"] == []
    with store.transaction():
        for i in range(600):
            store.insert_message("bulk", "user", f"message number {i}")
    calls = []
    export_json(store, tmp_path / "bulk.json", progress=lambda d, t, s: calls.append(d))
    assert calls[0] == 0 and 250 in calls and 500 in calls and calls[-1] == 600
    data = json.loads((tmp_path / "bulk.json").read_text())
    assert len(data["threads"][0]["messages"]) == 600
    with pytest.raises(InvalidInput, match="already exists"):
        export_json(store, tmp_path / "bulk.json")
