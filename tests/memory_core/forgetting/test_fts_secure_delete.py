"""With FTS5 secure-delete on, forgetting leaves no trace in the index without rewriting it whole."""
from __future__ import annotations

import random
from pathlib import Path

from memory_core.forgetting.forget import execute_forget, plan_forget
from memory_core.storage import deletions
from memory_core.storage.store import Store

from tests.memory_core.forgetting.test_no_bytes_left import decrypt_database

MARKER = "qqzxvmarkerterm"  # the other words use only a..p: any "qqz" on disk is the forgotten text's


def _pages(store: Store, data_dir: Path) -> bytes:
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    return b"".join(decrypt_database(data_dir / "mneme.db", store.key)[0])


def test_forgetting_leaves_no_term_or_prefix_and_merges_nothing(store: Store, data_dir: Path) -> None:
    rng = random.Random(3)
    words = ["".join(rng.choice("abcdefghijklmnop") for _ in range(rng.randint(4, 10))) for _ in range(4000)]
    marked = []
    for batch in range(8):  # a transaction each: several segments per index
        with store.transaction():
            for i in range(250):
                text = " ".join(rng.choice(words) for _ in range(12))
                if batch == 3 and i in (5, 120):
                    text += f" {MARKER} qqzxother{i}"
                message = store.insert_message(f"t{batch}", "user", text)
                if MARKER in text:
                    marked.append(message.id)
    assert _pages(store, data_dir).count(b"qqzx") >= 2  # the scan below can find it
    assert all(deletions.secure_delete_on(store.db, fts) for fts in ("messages_fts", "message_search"))
    changes = store.db.conn.total_changes
    deletions.merge_fts(store.db, ["messages"])
    assert store.db.conn.total_changes == changes  # nothing rewritten
    for message_id in marked:
        assert execute_forget(store, plan_forget(store, f"message:{message_id}")).verified
    assert _pages(store, data_dir).count(b"qqz") == 0
    hits = store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH 'qqzxvmarkerterm'")
    assert hits.fetchone()[0] == 0


def test_an_index_without_secure_delete_is_still_merged(store: Store) -> None:
    """An older database's index (no secure-delete) is rewritten as before."""
    store.execute("INSERT INTO messages_fts(messages_fts, rank) VALUES ('secure-delete', 0)")
    assert not deletions.secure_delete_on(store.db, "messages_fts")
    assert deletions.secure_delete_on(store.db, "message_search")
    for n in range(3):
        store.add_message("t", "user", f"segment {n} of the index")
    changes = store.db.conn.total_changes
    deletions.merge_fts(store.db, ["messages"])
    assert store.db.conn.total_changes - changes >= 2
