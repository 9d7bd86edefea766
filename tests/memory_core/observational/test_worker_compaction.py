"""The memory worker compacts at unlock when weeks of chat scattered the tables, and a failure costs nothing."""
from __future__ import annotations

from memory_core.observational.worker import MemoryWorker
from memory_core.storage import compaction


def test_the_worker_compacts_when_worth_it_and_only_then(store, monkeypatch):
    monkeypatch.setattr(compaction, "NEW_MESSAGES", 20)
    worker = MemoryWorker(store)
    try:
        for n in range(25):
            store.add_message("t1", "user", f"note number {n}")
        done = worker.compact_if_worth_it()
        assert done is not None and done.ran and "25 messages" in done.reason
        again = worker.compact_if_worth_it()
        assert again is not None and not again.ran  # counted from the last compaction
    finally:
        worker.close()


def test_a_failing_compaction_is_noted_and_nothing_else(store, monkeypatch):
    def broken(_store, **_kw):
        raise OSError("disk went away")

    monkeypatch.setattr(compaction, "compact", broken)
    worker = MemoryWorker(store)
    try:
        assert worker.compact_if_worth_it() is None
        assert "compaction failed" in worker.engine.state.last_error
    finally:
        worker.close()
