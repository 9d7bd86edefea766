"""Compaction (storage/compaction.py): VACUUM keeps every id and rowid, every search answer and the encryption."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from memory_core.recall import search as recall
from memory_core.recall.vectors import backfill_embeddings
from memory_core.storage import compaction
from memory_core.storage.store import DB_NAME, Store
from tests.conftest import TEST_PASSPHRASE
from tests.doubles import HashEmbedder

QUERIES = ("dentist appointment", "Lisbon trip", "my sister Ana", "guitar lessons", "what did I say about coffee",
           "bike", "when is the concert")
WORDS = ("dentist appointment Lisbon trip sister Ana guitar lessons coffee bike concert garden rent "
         "Tuesday March marathon").split()


def tables(store: Store) -> list[tuple[str, bool]]:
    """Every stored table (FTS5 shadow tables included) and whether it has rowids."""
    rows = store.execute("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' "
                         "AND name NOT LIKE 'sqlite_%'").fetchall()
    return sorted((name, not without_rowid) for name, without_rowid in rows)


def contents(store: Store) -> dict[str, list[tuple]]:
    """Each table's rows, rowid first where there is one, in rowid (or key) order."""
    out = {}
    for name, has_rowid in tables(store):
        if has_rowid:
            out[name] = store.execute(f'SELECT rowid, * FROM "{name}" ORDER BY rowid').fetchall()
        else:
            out[name] = sorted(store.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
    out["settings"] = [row for row in out["settings"] if row[1] != compaction.STATE_KEY]  # compaction's own mark
    return out


def answers(store: Store) -> list:
    embedder = HashEmbedder()
    now = datetime(2026, 6, 1, tzinfo=timezone.utc)
    return [[(hit.kind, hit.id, round(hit.score, 9)) for hit in recall.search(
        store, query, k=10, embedder=embedder, now=now).hits] for query in QUERIES]


def fill(store: Store) -> None:
    """Messages, facts, observations, reflections, answer links, embeddings and FTS rows, with holes."""
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    ids = []
    for n in range(400):
        words = " ".join(WORDS[(n * 7 + i) % len(WORDS)] for i in range(6))
        message = store.insert_message(f"t{n % 9}", "user" if n % 2 == 0 else "assistant",
                                       f"note {n}: {words}", at=start + timedelta(hours=n))
        ids.append(message.id)
    now = start.isoformat()
    generation = store.execute("INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method) "
                               "VALUES (?, 10, 2, 'test')", [now]).lastrowid
    for n, message_id in enumerate(ids[:120]):
        observation = store.execute(
            "INSERT INTO observations (thread_id, priority, observed_at, text, created_at) VALUES (?, 'high', ?, ?, ?)",
            [f"t{n % 9}", now, f"User mentioned {WORDS[n % len(WORDS)]} ({n})", now]).lastrowid
        store.execute("INSERT INTO observation_messages VALUES (?, ?)", [observation, message_id])
        fact = store.execute(
            "INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at) "
            "VALUES ('user', ?, ?, ?, 'personal', ?, ?)",
            [f"likes_{n}", f"{WORDS[n % len(WORDS)]} {n}", f"The user likes {WORDS[n % len(WORDS)]}", now, now]
        ).lastrowid
        store.execute("INSERT INTO fact_messages VALUES (?, ?)", [fact, message_id])
        store.execute("INSERT INTO answer_memories (answer_id, via, fact_id) VALUES (?, 'block', ?)",
                      [ids[n + 1], fact])
    reflection = store.execute("INSERT INTO reflections (generation_id, priority, observed_at, text, created_at) "
                               "VALUES (?, 'high', ?, 'User travels to Lisbon often', ?)", [generation, now, now]
                               ).lastrowid
    store.execute("INSERT INTO reflection_observations VALUES (?, 1)", [reflection])
    backfill_embeddings(store, HashEmbedder(), limit=None)
    # holes everywhere: rows deleted in the middle of messages, facts, embeddings and answer links
    store.delete_messages(ids[50:200:3])
    store.execute("DELETE FROM facts WHERE id % 4 = 0")
    store.execute("DELETE FROM embeddings WHERE item_kind = 'message' AND item_id % 5 = 0")
    store.execute("DELETE FROM answer_memories WHERE rowid % 3 = 0")
    store.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")


def test_compaction_keeps_every_row_id_and_search_answer(store, data_dir):
    fill(store)
    rows_before, answers_before = contents(store), answers(store)
    assert all(answers_before), "every query should find something"
    result = compaction.compact(store, force=True)
    assert result.ran, result.reason
    assert contents(store) == rows_before
    reopened = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        assert contents(reopened) == rows_before
        assert answers(reopened) == answers_before
    finally:
        reopened.close()


def test_every_rowid_table_keeps_its_rowids_through_vacuum(store):
    """VACUUM renumbers a rowid table with neither an INTEGER PRIMARY KEY nor an index: none may exist."""
    for name, has_rowid in tables(store):
        if not has_rowid:
            continue
        columns = store.execute(f'SELECT name, type, pk FROM pragma_table_info("{name}")').fetchall()
        keys = [(column, kind) for column, kind, pk in columns if pk]
        integer_key = len(keys) == 1 and keys[0][1].upper() == "INTEGER"
        indexed = bool(store.execute(f'SELECT 1 FROM pragma_index_list("{name}")').fetchall())
        assert integer_key or indexed, f"{name}: VACUUM would renumber its rowids"


def test_the_row_comparison_sees_renumbered_rowids(store):
    """The guard above is real: an index-less implicit-rowid table does move, and ``contents`` notices."""
    store.execute("CREATE TABLE scratch (note TEXT)")
    store.executemany("INSERT INTO scratch VALUES (?)", [(str(n),) for n in range(50)])
    store.execute("DELETE FROM scratch WHERE rowid % 5 = 0")
    before = contents(store)
    compaction.compact(store, force=True)
    after = contents(store)
    assert after["scratch"] != before["scratch"]
    assert {name: rows for name, rows in after.items() if name != "scratch"} == \
        {name: rows for name, rows in before.items() if name != "scratch"}


def test_compacted_file_stays_encrypted_with_secure_delete(store, data_dir):
    marker = "MNEME-COMPACT-MARKER-41c2"
    for n in range(60):
        store.add_message("t1", "user", f"note {n}: {marker}")
    assert compaction.compact(store, force=True).ran
    assert store.execute("PRAGMA secure_delete").fetchone()[0] == 1
    store.close()
    for path in data_dir.iterdir():
        if path.name.startswith(DB_NAME):
            assert marker.encode() not in path.read_bytes(), path.name
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(data_dir / DB_NAME).execute("SELECT * FROM sqlite_master").fetchall()
    reopened = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        assert reopened.execute("PRAGMA secure_delete").fetchone()[0] == 1
        assert reopened.execute("SELECT count(*) FROM messages").fetchone()[0] == 60
    finally:
        reopened.close()


def test_rule_free_pages_or_new_messages(store, monkeypatch):
    monkeypatch.setattr(compaction, "NEW_MESSAGES", 20)
    for n in range(10):
        store.add_message("t1", "user", f"short note {n}")
    assert not compaction.compact(store).ran
    for n in range(10):
        store.add_message("t1", "user", f"another note {n}")
    first = compaction.compact(store)
    assert first.ran and "20 messages" in first.reason
    assert not compaction.compact(store).ran  # counted from the last compaction
    for n in range(10):
        store.add_message("t2", "user", "long text " * 400)
    store.execute("DELETE FROM messages WHERE thread_id = 't2'")
    freed = compaction.compact(store)
    assert freed.ran and "free pages" in freed.reason and freed.bytes_after < freed.bytes_before


def test_a_busy_database_is_skipped_not_an_error(store, data_dir):
    for n in range(30):
        store.add_message("t1", "user", f"note {n}")
    writer = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        with writer.transaction():
            writer.execute("INSERT INTO settings (key, value) VALUES ('busy', '1')")
            result = compaction.compact(store, force=True)
        assert not result.ran and result.reason.startswith("busy")
        with store.transaction():
            assert compaction.compact(store, force=True).reason.startswith("busy")
    finally:
        writer.close()
    assert store.execute("PRAGMA busy_timeout").fetchone()[0] == 30_000
    assert compaction.compact(store, force=True).ran
