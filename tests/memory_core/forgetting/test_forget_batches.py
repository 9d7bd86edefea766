"""A large forget runs in short transactions, survives a crash (the same plan finishes on the next open, the
receipt only then), and never makes another process's writes fail."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory_core.forgetting.forget import forget_about, verify_forgotten
from memory_core.storage import deletions
from memory_core.storage.store import Store
from tests.conftest import TEST_PASSPHRASE

REPO = Path(__file__).resolve().parents[3]


def seed(store: Store, count: int, word: str = "zebrafinch") -> None:
    with store.transaction():
        for number in range(count):
            store.insert_message(f"t{number % 7}", "user", f"note {number} about the {word} and other things")
        store.insert_message("keep", "user", "an unrelated message that stays")


def forgotten_events(store: Store) -> int:
    return store.execute("SELECT count(*) FROM events WHERE kind = 'forgotten'").fetchone()[0]


def test_a_large_forget_commits_in_many_short_transactions(store, monkeypatch):
    seed(store, 1500)
    monkeypatch.setattr(deletions, "PAUSE_S", 0.0)
    monkeypatch.setattr(deletions, "FIRST_BATCH", 50)
    monkeypatch.setattr(deletions, "MAX_BATCH", 200)
    durations: list[float] = []
    real = deletions.write_transaction

    class Timed:
        def __init__(self, db):
            self.inner = real(db)

        def __enter__(self):
            self.started = time.perf_counter()
            return self.inner.__enter__()

        def __exit__(self, *exc):
            result = self.inner.__exit__(*exc)
            durations.append(time.perf_counter() - self.started)
            return result

    monkeypatch.setattr(deletions, "write_transaction", Timed)
    receipt = forget_about(store, "zebrafinch")
    assert receipt.verified and receipt.counts["messages"] == 1500
    assert len(durations) >= 1500 // 200, "the rows must go in several transactions"
    # on a loaded machine one batch can be slow; none may come near holding the lock for the whole forget
    assert max(durations) < max(1.0, 0.25 * sum(durations)), \
        f"one transaction held the write lock for {max(durations):.2f} of {sum(durations):.2f} s"
    assert [m.text for m in store.messages("keep")] == ["an unrelated message that stays"]
    assert not deletions.pending(store.db) and forgotten_events(store) == 1


def test_a_crash_mid_forget_finishes_the_same_plan_on_next_open(store, data_dir, monkeypatch):
    seed(store, 400)
    monkeypatch.setattr(deletions, "FIRST_BATCH", 50)
    monkeypatch.setattr(deletions, "MAX_BATCH", 50)
    pauses = {"n": 0}

    def crash_after_two_batches(seconds):
        pauses["n"] += 1
        if pauses["n"] == 2:
            raise KeyboardInterrupt  # the process dies here, between batches

    monkeypatch.setattr(deletions.time, "sleep", crash_after_two_batches)
    with pytest.raises(KeyboardInterrupt):
        forget_about(store, "zebrafinch")
    left = store.execute("SELECT count(*) FROM messages WHERE thread_id != 'keep'").fetchone()[0]
    assert 0 < left < 400, "some batches went, some did not"
    [(plan_id, plan)] = deletions.pending(store.db)
    assert forgotten_events(store) == 0, "no receipt before everything is gone"
    assert "zebrafinch" not in json.dumps(plan), "the recorded plan holds ids and counts, never text"
    store.close()
    monkeypatch.undo()

    with Store.open(data_dir, TEST_PASSPHRASE) as reopened:
        assert reopened.execute("SELECT count(*) FROM messages WHERE thread_id != 'keep'").fetchone()[0] == 0
        assert not deletions.pending(reopened.db) and forgotten_events(reopened) == 1
        event = json.loads(reopened.execute("SELECT detail FROM events WHERE kind = 'forgotten'").fetchone()[0])
        assert event["counts"]["messages"] == 400
        assert [m.text for m in reopened.messages("keep")] == ["an unrelated message that stays"]
        assert reopened.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'zebrafinch'"
                                ).fetchone()[0] == 0


WRITER = """
import json, sys, time
import memory_core.storage.keys as keys
from memory_core.storage.store import Store
store = Store.open(sys.argv[1], sys.argv[2])
waits, failures = [], []
deadline = time.monotonic() + float(sys.argv[3])
number = 0
print("ready", flush=True)
while time.monotonic() < deadline:
    started = time.monotonic()
    try:
        store.add_message("writer", "user", f"written during the forget {number}")
    except Exception as exc:
        failures.append(f"{type(exc).__name__}: {exc}")
    waits.append(time.monotonic() - started)
    number += 1
    time.sleep(0.02)
store.close()
print(json.dumps({"waits": waits, "failures": failures, "written": number}), flush=True)
"""


def test_another_process_keeps_writing_during_a_large_forget(store, data_dir):
    """The concurrency test: a big forget in this process, a writer in another; no write fails or waits long."""
    seed(store, 4000)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir), TEST_PASSPHRASE, "8"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "ready"
    started = time.monotonic()
    receipt = forget_about(store, "zebrafinch")
    forget_s = time.monotonic() - started
    out, err = writer.communicate(timeout=120)
    result = json.loads(out.strip().splitlines()[-1])
    assert receipt.counts["messages"] == 4000 and not verify_forgotten(store, _plan_of(receipt))
    assert result["failures"] == [], result["failures"][:3]
    waits = sorted(result["waits"])
    print(f"forget {forget_s:.1f} s; {len(waits)} writes meanwhile, max wait {waits[-1]:.3f} s, "
          f"p90 {waits[int(0.9 * (len(waits) - 1))]:.3f} s")
    assert waits[-1] < 2.0, f"a writer waited {waits[-1]:.2f} s for the forget"  # ~0.3 s measured; margin for load
    written = store.execute("SELECT count(*) FROM messages WHERE thread_id = 'writer'").fetchone()[0]
    assert written == result["written"], "every acknowledged write is there"


def _plan_of(receipt):
    from memory_core.forgetting.forget import ForgetPlan

    plan = ForgetPlan("about", "x")
    plan.messages = set(receipt.removed["messages"])
    plan.facts = set(receipt.removed["facts"])
    plan.observations = set(receipt.removed["observations"])
    plan.reflections = set(receipt.removed["reflections"])
    plan.threads = set(receipt.removed["threads"])
    return plan


def test_opening_the_store_leaves_a_plan_another_process_is_working_on_alone(store, data_dir, monkeypatch):
    import fcntl

    seed(store, 60)
    monkeypatch.setattr(deletions.time, "sleep", _raise_interrupt)
    monkeypatch.setattr(deletions, "FIRST_BATCH", 20)
    monkeypatch.setattr(deletions, "MAX_BATCH", 20)
    with pytest.raises(KeyboardInterrupt):
        forget_about(store, "zebrafinch")
    monkeypatch.undo()
    holder = os.open(data_dir / deletions.LOCK_NAME, os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)  # "another process" is still working on the plan
    try:
        with Store.open(data_dir, TEST_PASSPHRASE) as other:
            assert len(deletions.pending(other.db)) == 1, "a plan in progress is not raced"
    finally:
        os.close(holder)
    with Store.open(data_dir, TEST_PASSPHRASE) as reopened:
        assert not deletions.pending(reopened.db) and forgotten_events(reopened) == 1


def _raise_interrupt(seconds):
    raise KeyboardInterrupt
