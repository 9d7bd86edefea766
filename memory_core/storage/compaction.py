"""Compaction: ``VACUUM`` rewrites the database table by table, so each table's pages lie together.

Why: rows arrive one chat turn at a time, so the pages of ``messages``, the FTS5 indexes (``message_search_docsize``
above all) and the other tables grow interleaved, and a cold search reads pages scattered over the whole file. On a
compacted copy of the 100k-message bench store cold search took 47.8 ms mean instead of 60.0 ms
(bench/results/search_layout.md; compaction.md for this module).

Why it is safe for this schema: ``VACUUM`` keeps the rowid of every table that has an ``INTEGER PRIMARY KEY`` or at
least one index (SQLite copies such a table with its rowids); it renumbers only a rowid table with neither (3.53 and
earlier: vacuum's transfer optimization asks for a new rowid when the table has no index). Every Mneme table is an
``INTEGER PRIMARY KEY`` table, has a ``PRIMARY KEY``/indexes, or is ``WITHOUT ROWID`` (FTS5's ``_idx``/``_config``),
so the ids and rowids kept outside the tables (the vector index's ``embeddings.rowid``, recall's newest message id,
forget's ``answer_memories`` rowids, deletion plans) stay valid. ``tests/memory_core/storage/test_compaction.py``
compares every table and shadow table row by row, rowid included, before and after, and refuses an index-less
implicit-rowid table in the schema. SQLCipher encrypts the rebuilt file with the same key; ``secure_delete`` stays on.
The rebuilt copy is held in memory (``temp_store = MEMORY``), so nothing unencrypted reaches the disk; it costs
memory of about the file's size while it runs (+156 MiB peak RSS for the 256 MiB bench store).

When: when it is worth it, by a rule that can be measured: free pages are at least ``FREE_SHARE`` of the file, or at
least ``NEW_MESSAGES`` messages were added since the last compaction (those are the interleaved rows). Never during
a write: ``VACUUM`` needs the write lock and cannot run inside a transaction; it waits at most ``BUSY_WAIT_MS`` for
the lock, and a busy database, a pending forget plan or too little free disk is a skip with its reason, not an error.
"""
from __future__ import annotations

import shutil
import time
from dataclasses import asdict, dataclass
from typing import Any

from memory_core.storage import db as dbmod
from memory_core.storage import deletions

#: Free pages worth giving back: this share of the file.
FREE_SHARE = 0.10
#: Messages added since the last compaction that make the layout worth redoing (an import of this size, or weeks
#: of chat).
NEW_MESSAGES = 1000
#: How long compaction waits for another connection's write to finish before it skips.
BUSY_WAIT_MS = 100
#: The newest message id at the last compaction (settings table).
STATE_KEY = "compaction.newest_message"


@dataclass(frozen=True)
class Compaction:
    """What a compaction did (or why it did not run); sizes are the database plus its WAL, in bytes."""
    ran: bool
    reason: str
    bytes_before: int
    bytes_after: int
    seconds: float
    free_share: float
    new_messages: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _file_bytes(store: Any) -> int:
    path = store.path
    return sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal")) if p.exists())


def _free_share(store: Any) -> float:
    pages = store.execute("PRAGMA page_count").fetchone()[0]
    free = store.execute("PRAGMA freelist_count").fetchone()[0]
    return free / pages if pages else 0.0


def _newest_message(store: Any) -> int:
    return store.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]


def _new_messages(store: Any) -> int:
    since = int(store.get_setting(STATE_KEY, 0) or 0)
    return store.execute("SELECT count(*) FROM messages WHERE id > ?", [since]).fetchone()[0]


def worth_it(store: Any) -> tuple[bool, str]:
    """Whether compacting now pays, and the measured reason."""
    share, new = _free_share(store), _new_messages(store)
    if share >= FREE_SHARE:
        return True, f"{share:.0%} of the file is free pages"
    if new >= NEW_MESSAGES:
        return True, f"{new} messages added since the last compaction"
    return False, f"not worth it ({share:.0%} free pages, {new} new messages)"


def compact(store: Any, *, force: bool = False) -> Compaction:
    """Run ``VACUUM`` when it is worth it (or ``force``), unless the database is busy; never raises for busy."""
    before, share, new = _file_bytes(store), _free_share(store), _new_messages(store)

    def skipped(reason: str) -> Compaction:
        return Compaction(False, reason, before, before, 0.0, share, new)

    due, reason = (True, "asked for") if force else worth_it(store)
    if not due:
        return skipped(reason)
    if store.in_transaction:
        return skipped("busy: this connection is inside a transaction")
    if deletions.pending(store.db):
        return skipped("busy: a forget is still deleting in batches")
    if shutil.disk_usage(store.path.parent).free < 2 * before:  # the rebuilt copy goes through the WAL
        return skipped("not enough free disk space for a rebuilt copy")
    store.execute(f"PRAGMA busy_timeout = {BUSY_WAIT_MS}")
    started = time.perf_counter()
    try:
        store.execute("VACUUM")
    except dbmod.OperationalError as exc:
        if "locked" in str(exc).lower() or "busy" in str(exc).lower():
            return skipped("busy: another connection is writing")
        raise
    finally:
        store.execute(f"PRAGMA busy_timeout = {dbmod.BUSY_TIMEOUT_MS}")
    store.set_setting(STATE_KEY, _newest_message(store))
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # give the space back now; a reader in the way only delays it
    seconds = time.perf_counter() - started
    return Compaction(True, reason, before, _file_bytes(store), seconds, share, new)


def after_import(store: Any, added: int) -> Compaction | None:
    """After an import: an import is when tables grow interleaved fastest, so compact then if the rule says so
    (None when the import added nothing). The CLI's ``memory import`` and the app's import both call this."""
    return compact(store) if added else None
