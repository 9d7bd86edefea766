"""Large deletions in short transactions that survive a crash: the mechanics under "forget".

Forgetting 111k messages in one transaction held the write lock for over two
minutes, and other writers failed with "database is locked". Here a deletion is

1. **recorded** first: its plan (ids per kind, counts, the audit details; never
   text) goes into ``pending_deletions`` in the caller's short transaction;
2. **run in batches**, each its own ``BEGIN IMMEDIATE ... COMMIT`` sized to take
   about ``BATCH_TARGET_S``, with a pause after each so writers waiting on the
   busy timeout get the lock (they poll at least every 100 ms);
3. **finished** in one last short transaction that writes the audit event and
   removes the plan, so the record of a forget exists only once everything in
   it is gone.

A crash anywhere in 2 leaves the plan; ``Store.open`` calls ``run_pending``, so
the next start deletes the rest of the *same* plan. The process working on
plans holds an exclusive ``flock`` on ``.mneme-forget.lock`` beside the
database (released by the kernel when a process dies), so another process that
opens the store meanwhile leaves the plan to it instead of racing it. Sources go first (messages,
then what was drawn from them), so a background job running between batches
cannot draw anything new from a message that is about to go.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from memory_core.clock import to_iso, utc_now
from memory_core.storage.db import write_transaction
from memory_core.storage.schema import EXTRA_FTS, FTS_TABLES
from memory_core.storage.sql import marks as placeholders

#: kind -> table, in deletion order: sources first, threads last.
DELETION_ORDER = (("message", "messages"), ("observation", "observations"), ("fact", "facts"),
                  ("reflection", "reflections"), ("thread", "threads"))
BATCH_TARGET_S = 0.1
#: Pause between batches: longer than SQLite's longest busy-handler sleep (100 ms), so a waiting writer gets in.
PAUSE_S = 0.11
FIRST_BATCH, MIN_BATCH, MAX_BATCH = 100, 10, 1000
#: A batch grows by at most this factor (a fast batch on an idle moment must not size a slow one).
MAX_GROWTH = 1.5
FTS_MERGE_PAGES = 200
LOCK_NAME = ".mneme-forget.lock"

#: on_batch(kind, rows_deleted_so_far, rows_total)
BatchCallback = Callable[[str, int, int], None]


def record(db: Any, plan: dict[str, Any]) -> int:
    """Store a deletion plan (inside the caller's transaction); returns its id.

    ``plan`` holds ``ids`` ({kind: [id, ...]}) and ``event`` (the audit detail written when it is done).
    """
    cursor = db.execute("INSERT INTO pending_deletions (created_at, plan) VALUES (?, ?)",
                        [to_iso(utc_now()), json.dumps(plan, sort_keys=True)])
    return cursor.lastrowid


def pending(db: Any) -> list[tuple[int, dict[str, Any]]]:
    try:
        rows = db.execute("SELECT id, plan FROM pending_deletions ORDER BY id").fetchall()
    except Exception:  # a database not migrated yet has no such table
        return []
    return [(row[0], json.loads(row[1])) for row in rows]


def run_pending(db: Any, *, only: int | None = None, on_batch: BatchCallback | None = None,
                wait: bool = True) -> dict[str, float]:
    """Finish every recorded deletion (or just ``only``); returns milliseconds per phase.

    With ``wait`` off (opening a store), plans another live process is working on are left to it.
    """
    timings = {"delete_ms": 0.0, "fts_optimize_ms": 0.0, "commit_ms": 0.0}
    with _worker_lock(db, wait=wait) as mine:
        if not mine:
            return timings
        for plan_id, plan in pending(db):
            if only is not None and plan_id != only:
                continue
            started = time.perf_counter()
            touched = _delete_in_batches(db, plan, on_batch)
            timings["delete_ms"] += _ms(started)
            started = time.perf_counter()
            merge_fts(db, touched)
            timings["fts_optimize_ms"] += _ms(started)
            started = time.perf_counter()
            with write_transaction(db):
                removed = db.execute("DELETE FROM pending_deletions WHERE id = ?", [plan_id]).rowcount
                if removed:  # the audit event exactly once, and only now that everything is gone
                    event = plan.get("event") or {}
                    db.execute("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)",
                               [to_iso(utc_now()), event.get("kind", "forgotten"),
                                json.dumps(event.get("detail", {}), sort_keys=True)])
            timings["commit_ms"] += _ms(started)
    return timings


@contextmanager
def _worker_lock(db: Any, *, wait: bool) -> Iterator[bool]:
    """Exclusive right to work on pending plans (True), or False when another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock; the event is still written once (see run_pending)
        yield True
        return
    row = db.execute("PRAGMA database_list").fetchone()
    folder = Path(row[2]).parent if row and row[2] else None
    if folder is None:
        yield True
        return
    fd = os.open(folder / LOCK_NAME, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def _delete_in_batches(db: Any, plan: dict[str, Any], on_batch: BatchCallback | None) -> list[str]:
    """Delete the plan's rows in DELETION_ORDER, a batch per transaction; a small plan is one batch."""
    ids: dict[str, list] = plan.get("ids", {})
    queue = [(kind, table, item) for kind, table in DELETION_ORDER for item in ids.get(kind) or []]
    touched = [table for kind, table in DELETION_ORDER if ids.get(kind) and table in FTS_TABLES]
    position, size = 0, FIRST_BATCH
    while position < len(queue):
        chunk = queue[position:position + size]
        started = time.perf_counter()
        with write_transaction(db):
            for kind, table in DELETION_ORDER:
                wanted = [item for k, _, item in chunk if k == kind]
                for part in _slices(wanted, 500):
                    marks = placeholders(len(part))
                    if kind != "thread":
                        db.execute(f"DELETE FROM embeddings WHERE item_kind = ? AND item_id IN ({marks})",
                                   [kind, *part])
                    db.execute(f"DELETE FROM {table} WHERE id IN ({marks})", part)
        elapsed = time.perf_counter() - started
        position += len(chunk)
        if on_batch is not None:
            on_batch(chunk[-1][0], position, len(queue))
        scaled = size * min(MAX_GROWTH, BATCH_TARGET_S / max(elapsed, 1e-3))
        size = max(MIN_BATCH, min(MAX_BATCH, int(scaled)))
        if position < len(queue):
            time.sleep(PAUSE_S)  # let writers waiting on the busy timeout in
    return touched


def merge_fts(db: Any, tables: Iterable[str]) -> None:
    """Merge each touched FTS5 index that lacks FTS5 ``secure-delete`` into fresh segments, a bounded step
    per transaction, so no old segment keeps a forgotten term and no step holds the write lock for long
    (FTS5 'merge' with a negative page count works like 'optimize', incrementally; a step that writes < 2
    rows did nothing).

    An index with ``secure-delete`` on (every index this schema creates) already removed the forgotten
    entries from its segments as they were deleted (SQLite 3.42: "all forensic traces removed from the
    inverted index"); rewriting it whole as well took 95% of forgetting one message at 100k messages
    (~1 s, growing with the index). tests/memory_core/forgetting/test_no_bytes_left.py scans the
    decrypted pages for the forgotten text, and for its prefixes, both ways."""
    indexes = [fts for t in FTS_TABLES if t in set(tables) for fts in (f"{t}_fts",) + EXTRA_FTS.get(t, ())
               if not secure_delete_on(db, fts)]
    for fts in indexes:
        for _ in range(100_000):
            with write_transaction(db):
                before = db.conn.total_changes
                db.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('merge', ?)", [-FTS_MERGE_PAGES])
                worked = db.conn.total_changes - before >= 2
            if not worked:
                break
            time.sleep(PAUSE_S / 4)


def secure_delete_on(db: Any, fts: str) -> bool:
    """Whether the FTS5 index removes deleted entries from its segments itself (its ``secure-delete``)."""
    row = db.execute(f"SELECT v FROM {fts}_config WHERE k = 'secure-delete'").fetchone()
    return bool(row and row[0])


def _slices(items: list, size: int) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)
