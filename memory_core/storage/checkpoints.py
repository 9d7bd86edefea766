"""WAL checkpoints and index merges off the write path: the memory worker does both between turns.

SQLite's default checkpoints on the connection whose commit pushes the WAL past
1000 pages, so every 50 to 100 messages one store paid for copying 4 MB and
syncing the file (bench/results/write.md). The worker checkpoints after each
turn instead; once every frame is copied back, the next writer restarts the
WAL from its start, so the writer's own automatic checkpoint is never reached.
It stays on as the backstop for a process with no worker (an import, a script).
PASSIVE never waits for or blocks a writer.
"""
from __future__ import annotations

from typing import Any


def checkpoint_between_turns(store: Any) -> int:
    """Copy the WAL's committed frames back into the database (PASSIVE); returns the frames it copied."""
    busy, _, copied = store.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return 0 if busy else max(copied, 0)


#: Pages of FTS5 merge work the memory worker does on the message index between turns.
MERGE_PAGES = 200


def merge_index_between_turns(store: Any, pages: int = MERGE_PAGES) -> None:
    """Merge the message index's segments, about ``pages`` pages of work (FTS5 ``merge``). Why: each stored turn
    adds a segment, and with ``automerge`` off (storage/schema.py, MIGRATION_MESSAGE_CONTEXT) the write path never
    merges them; left alone they pile up until FTS5's crisis merge runs on some unlucky write, and a search reads
    every segment. A positive ``pages`` only merges levels holding several segments, so an idle index costs nothing."""
    with store.transaction():
        store.execute("INSERT INTO message_search(message_search, rank) VALUES('merge', ?)", [pages])
