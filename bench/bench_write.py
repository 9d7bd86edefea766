"""Write benchmark: storing one message in a store that has years of use behind it, before and after.

Two write paths run in one process on two copies of the same preloaded store,
the same timed messages interleaved one by one (so machine noise falls on both):

* **main's write path (before)**: the message, FTS5 triggers, rule extraction and
  fact resolution against the ledger in one transaction (what ``ingest_message``
  did before the fact pass existed: ``insert_message`` + ``extract_into``);
* **this branch (after)**: ``ingest_message``, which stores the message and its
  mark for the fact pass. After each exchange (the assistant's reply stored),
  what the memory worker does between turns runs untimed on its own connection:
  the fact pass (``run_fact_pass``, timed separately and reported) and the WAL
  checkpoint (``memory_core.storage.checkpoints.checkpoint_between_turns``).

Each message is timed alone, commit included (WAL, synchronous=NORMAL).
Target: p99 <= 10 ms.

Preload (not timed): ``MNEME_BENCH_MESSAGES`` (100,000) messages from generated
months of chat (``bench/history_gen.py``, dev and test splits alternating),
facts extracted from them in order, then the ledger topped up to
``MNEME_BENCH_FACTS`` (30,000) with set-valued facts. Built once with bulk
transactions and cached, encrypted, under ``~/.cache/mneme/bench`` keyed by
the generator's sources and ``GENERATOR_VERSION`` (synthetic data; its
passphrase is stored beside it). Writes bench/results/write.md and write.json.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import random
import secrets
import shutil
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.stats import latency, percentile

RESULTS = Path(__file__).parent / "results"
PRELOAD = int(os.environ.get("MNEME_BENCH_MESSAGES", "100000"))
FACTS = int(os.environ.get("MNEME_BENCH_FACTS", "30000"))
TIMED_MONTHS = int(os.environ.get("MNEME_BENCH_TIMED_MONTHS", "4"))   # 312 messages each
CACHE_ROOT = Path(os.environ.get("MNEME_BENCH_CACHE", Path.home() / ".cache" / "mneme" / "bench"))
#: Bump when the preload recipe below changes (the cache key also hashes the generator's sources).
GENERATOR_VERSION = 3
PRELOAD_BATCH = 10_000


def month_messages(seed: int, split: str, shift_days: int, thread_prefix: str):
    """One generated month: (thread, role, text, at), moved ``shift_days`` back in time."""
    from bench.history_gen import generate_history

    history = generate_history(seed, split)
    return [(f"{thread_prefix}-{m.thread}", m.role, m.text, m.at - timedelta(days=shift_days))
            for m in history.messages]


def preload_messages(count: int) -> list[tuple]:
    out, month = [], 0
    while len(out) < count:
        split = "dev" if month % 2 == 0 else "test"
        out += month_messages(1000 + month, split, shift_days=40 * (count // 300 - month) + 200,
                              thread_prefix=f"m{month:04d}")
        month += 1
    return out[:count]


def add_background_facts(store, target: int) -> int:
    """Top the ledger up to ``target`` facts with set-valued facts about the user's world.

    Written in bulk, as the rows ``ledger.add_fact`` makes for distinct values on set-valued predicates
    (its text and category): through ``add_fact`` each insert re-reads the whole slot, so 24,000 of them
    took most of the old 757 s preload.
    """
    from bench.corpus import vocabulary
    from memory_core.clock import to_iso, utc_now
    from memory_core.facts import ledger

    rng = random.Random(3)
    words = vocabulary(rng)[-5000:]
    have = store.counts()["facts"]
    predicates = ("likes", "dislikes", "owns", "allergy", "condition")
    valid = to_iso(utc_now() - timedelta(days=400))
    taken = {ledger.normalize_value(r[0]) for r in store.execute("SELECT value FROM facts").fetchall()}
    rows = []
    while have + len(rows) < target:
        value = f"{rng.choice(words)} {rng.choice(words)}"
        if ledger.normalize_value(value) in taken:
            continue  # add_fact would reinforce it, or retire its opposite: keep every row a distinct live fact
        taken.add(ledger.normalize_value(value))
        predicate = rng.choice(predicates)
        rows.append(("user", predicate, value, ledger.fact_text("user", predicate, value),
                     ledger.predicate_info(predicate).category, valid, valid))
    with store.transaction():
        store.executemany("INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    return len(rows)


def preload_key() -> str:
    here = Path(__file__).parent
    digest = hashlib.sha256(f"{GENERATOR_VERSION}:{PRELOAD}:{FACTS}".encode())
    for name in ("history_gen.py", "history_pools.py", "corpus.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def build_preload(folder: Path) -> dict:
    """The preloaded store, in bulk: messages in batches of 10,000 per transaction, then extraction over
    them in order (5,000 per transaction), then the ledger top-up; checkpointed and closed."""
    from memory_core.facts.resolution import extract_into
    from memory_core.storage.store import Store

    passphrase = secrets.token_hex(16)
    corpus = preload_messages(PRELOAD)
    began = time.perf_counter()
    store = Store.create(folder / "data", use_keyring=False, passphrase=passphrase)
    try:
        stored = []
        for offset in range(0, len(corpus), PRELOAD_BATCH):
            with store.transaction():
                for thread, role, text, at in corpus[offset: offset + PRELOAD_BATCH]:
                    message = store.insert_message(thread, role, text, at=at)
                    if role == "user":
                        stored.append(message)
        insert_s = time.perf_counter() - began
        for offset in range(0, len(stored), 5000):
            with store.transaction():
                for message in stored[offset: offset + 5000]:
                    extract_into(store, message)
        extracted = store.counts()["facts"]
        topped_up = add_background_facts(store, FACTS)
        store.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        info = {"messages": store.counts()["messages"], "facts": store.counts()["facts"],
                "facts_from_extraction": extracted, "facts_added_directly": topped_up,
                "mean_message_chars": statistics.mean(len(t) for _, _, t, _ in corpus),
                "build_seconds": round(time.perf_counter() - began, 1), "insert_seconds": round(insert_s, 1),
                "generator_version": GENERATOR_VERSION}
    finally:
        store.close()
    (folder / "passphrase").write_text(passphrase, encoding="utf-8")
    (folder / "info.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    return info


def cached_preload() -> tuple[Path, dict, bool]:
    """(folder, info, built in this run) of the preloaded store, building it when the cache has none."""
    folder = CACHE_ROOT / f"write-{preload_key()}"
    if (folder / "info.json").is_file():
        return folder, json.loads((folder / "info.json").read_text(encoding="utf-8")), False
    staging = Path(tempfile.mkdtemp(prefix="write-building-", dir=CACHE_ROOT.mkdir(parents=True, exist_ok=True)
                                    or CACHE_ROOT))
    try:
        info = build_preload(staging)
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder, info, True


def open_copy(cache: Path, scratch: Path, name: str):
    from memory_core.storage.store import Store

    shutil.copytree(cache / "data", scratch / name)
    return Store.open(scratch / name, (cache / "passphrase").read_text(encoding="utf-8"))


class MainWritePath:
    """Before: extraction and resolution inline, in the message's transaction (main's ``ingest_message``)."""

    name = "main's write path: extraction inline (before)"

    def __init__(self, store) -> None:
        self.store = store
        self.timings: list[float] = []
        self.cpu: list[float] = []
        self.with_facts: list[float] = []

    def write(self, thread: str, role: str, text: str, at) -> None:
        from memory_core.facts.resolution import extract_into
        from memory_core.ingest import check_not_future

        started, cpu = time.perf_counter(), time.thread_time()
        with self.store.transaction():
            check_not_future(at)
            message = self.store.insert_message(thread, role, text, at=at)
            result = extract_into(self.store, message)
        self.cpu.append((time.thread_time() - cpu) * 1000)
        elapsed = (time.perf_counter() - started) * 1000
        self.timings.append(elapsed)
        if result.fact_ids:
            self.with_facts.append(elapsed)

    def between_turns(self) -> None:
        pass


class FactPassWritePath:
    """After: ``ingest_message`` marks; the worker's fact pass and checkpoint run between turns."""

    name = "this branch: fact pass after the turn (after)"

    def __init__(self, store) -> None:
        self.store = store
        self.worker = store.connect()
        self.timings: list[float] = []
        self.cpu: list[float] = []
        self.by_message: dict[int, float] = {}
        self.pass_ms_per_message: list[float] = []
        self.with_facts: list[float] = []
        self.checkpoint_ms: list[float] = []

    def write(self, thread: str, role: str, text: str, at) -> None:
        from memory_core.ingest import ingest_message

        started, cpu = time.perf_counter(), time.thread_time()
        message = ingest_message(self.store, thread, role, text, at=at).message
        self.cpu.append((time.thread_time() - cpu) * 1000)
        elapsed = (time.perf_counter() - started) * 1000
        self.timings.append(elapsed)
        self.by_message[message.id] = elapsed

    def between_turns(self) -> None:
        from memory_core.facts.fact_pass import run_fact_pass
        from memory_core.storage.checkpoints import checkpoint_between_turns

        started = time.perf_counter()
        report = run_fact_pass(self.worker)
        if report.messages:
            self.pass_ms_per_message.append((time.perf_counter() - started) * 1000 / report.messages)
        self.with_facts += [self.by_message[r.message.id] for r in report.results if r.fact_ids]
        started = time.perf_counter()
        if checkpoint_between_turns(self.worker):
            self.checkpoint_ms.append((time.perf_counter() - started) * 1000)

    def close(self) -> None:
        self.worker.close()


class BusyControl:
    """Control: for each message, a pure-CPU loop as long as the after path's CPU time on that message,
    timed like a write. Its wall-clock tail is what waiting for a core alone does on this machine to the
    same amount of work, with no database, no I/O and no lock involved."""

    name = "control: the after path's CPU time per message as a CPU-only loop (no database)"

    def __init__(self, after: "FactPassWritePath") -> None:
        self.after = after
        self.timings: list[float] = []
        self.cpu: list[float] = []

    def write(self, *_: object) -> None:
        target = self.after.cpu[-1]
        started, cpu = time.perf_counter(), time.thread_time()
        while (time.thread_time() - cpu) * 1000 < target:
            pass
        self.cpu.append((time.thread_time() - cpu) * 1000)
        self.timings.append((time.perf_counter() - started) * 1000)

    def between_turns(self) -> None:
        pass


def summary(values: list[float], facts_only: list[float]) -> dict:
    return {**latency(values), "messages_with_facts": len(facts_only),
            "mean_ms_messages_with_facts": statistics.mean(facts_only) if facts_only else None,
            "p99_ms_messages_with_facts": percentile(facts_only, 99) if facts_only else None}


def spread(values: list[float]) -> dict:
    return latency(values, (90, 99))


def timed_messages() -> list:
    """The timed months (dev split), generated after the preloaded ones so their dates come last."""
    timed = []
    for k in range(TIMED_MONTHS):
        timed += month_messages(50 + k, "dev", shift_days=40 * (TIMED_MONTHS - k), thread_prefix=f"timed{k}")
    return timed


def main() -> None:
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    cache, info, built = cached_preload()
    timed = timed_messages()
    with tempfile.TemporaryDirectory(prefix="mneme-bench-write-") as scratch:
        before_store = open_copy(cache, Path(scratch), "before")
        after_store = open_copy(cache, Path(scratch), "after")
        before, after = MainWritePath(before_store), FactPassWritePath(after_store)
        control = BusyControl(after)
        began = time.perf_counter()
        for n, (thread, role, text, at) in enumerate(timed):
            # the control follows the after path (it replays that write's CPU time); the two paths alternate
            for path in (before, after, control) if n % 2 == 0 else (after, control, before):
                path.write(thread, role, text, at)
            if role == "assistant":
                before.between_turns()
                after.between_turns()
        timing_s = time.perf_counter() - began
        after.close()
        db_bytes = sum(p.stat().st_size for p in (Path(scratch) / "before").glob("mneme.db*"))
        same_facts = _fact_rows(before_store) == _fact_rows(after_store)
        before_store.close()
        after_store.close()

    figures = {
        "preload": info, "preload_built_in_this_run": built, "cache_key": cache.name,
        "before": {"name": before.name, **summary(before.timings, before.with_facts),
                   "cpu": spread(before.cpu)},
        "after": {"name": after.name, **summary(after.timings, after.with_facts), "cpu": spread(after.cpu)},
        "control": {"name": control.name, **summary(control.timings, []),
                    "cpu": spread(control.cpu)},
        "fact_pass_ms_per_message": spread(after.pass_ms_per_message),
        "checkpoints_between_turns_ms": spread(after.checkpoint_ms),
        "same_facts_after_the_pass": same_facts, "timing_seconds": round(timing_s, 1),
        "db_megabytes": round(db_bytes / 1e6, 1), "target_p99_ms": 10.0,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
                   f"Python {platform.python_version()}",
        "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "write.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    table = render(figures)
    (RESULTS / "write.md").write_text(table, encoding="utf-8")
    print(table)


def _fact_rows(store) -> list[tuple]:
    return [tuple(r) for r in store.execute(
        "SELECT subject, predicate, value, valid_at, invalid_at, expired_at IS NULL FROM facts "
        "ORDER BY valid_at, subject, predicate, value").fetchall()]


def render(figures: dict) -> str:
    def row(f: dict) -> str:
        pf = "n/a" if f["p99_ms_messages_with_facts"] is None else f"{f['p99_ms_messages_with_facts']:.2f}"
        mf = "n/a" if f["mean_ms_messages_with_facts"] is None else f"{f['mean_ms_messages_with_facts']:.2f}"
        return (f"| {f['name']} | {f['samples']} | {f['mean_ms']:.2f} | {f['p50_ms']:.2f} | {f['p95_ms']:.2f} | "
                f"{f['p99_ms']:.2f} | {f['max_ms']:.2f} | {f['messages_with_facts']} | {mf} / {pf} |")

    def line(f: dict) -> str:
        if not f["samples"]:
            return "none ran"
        return (f"{f['samples']} runs, mean {f['mean_ms']:.2f} ms, median {f['p50_ms']:.2f}, p90 {f['p90_ms']:.2f}, "
                f"p99 {f['p99_ms']:.2f}, max {f['max_ms']:.2f}")

    pre = figures["preload"]
    return "\n".join([
        f"# Write path: storing one message with {pre['messages']:,} messages and {pre['facts']:,} facts stored",
        "",
        "| write path | messages timed | mean ms | p50 ms | p95 ms | p99 ms | max ms | messages yielding facts "
        "| their mean / p99 ms |",
        "|---|---|---|---|---|---|---|---|---|",
        row(figures["before"]), row(figures["after"]), row(figures["control"]), "",
        "Target: p99 <= 10 ms. Each message is timed alone (wall clock), commit included (WAL, synchronous=NORMAL). "
        "Both paths ran in one process on two copies of the same preloaded store, the same messages interleaved "
        "one by one (which of the two goes first alternates), the control right after the after path.", "",
        "The writing thread's own CPU time per message (wall minus CPU is waiting: for a core on this shared "
        "machine, or for the disk):",
        f"- before: {line(figures['before']['cpu'])};",
        f"- after: {line(figures['after']['cpu'])};",
        f"- control (each loop as long as the after path's CPU time on the same message): "
        f"{line(figures['control']['cpu'])}.", "",
        "Off the write path in the after column, untimed there, between turns on the worker's own connection "
        "(measured here):",
        f"- the fact pass, per message it extracted: {line(figures['fact_pass_ms_per_message'])};",
        f"- WAL checkpoints when due: {line(figures['checkpoints_between_turns_ms'])}.",
        f"- Facts after the pass equal the inline path's facts, row for row: {figures['same_facts_after_the_pass']}.",
        "",
        f"Stored before timing: {pre['messages']:,} messages from generated months of chat (bench/history_gen.py, "
        f"dev and test splits alternating; mean {pre['mean_message_chars']:.0f} characters, pastes included) and "
        f"{pre['facts']:,} facts ({pre['facts_from_extraction']:,} extracted from those messages, "
        f"{pre['facts_added_directly']:,} added in bulk as the ledger's rows for distinct set-valued "
        f"likes/dislikes/owns/allergy/condition facts). Preload built in bulk in {pre['build_seconds']} s ({pre['insert_seconds']} s of it storing the "
        f"messages), {'in this run' if figures['preload_built_in_this_run'] else 'cached from an earlier run'} "
        f"(key {figures['cache_key']}). Timed: {TIMED_MONTHS} further generated months (dev split), "
        f"{figures['before']['samples']} messages through each path, in {figures['timing_seconds']} s. "
        f"Database {figures['db_megabytes']} MB.", "",
        f"Machine: {figures['machine']}. Load average at start {figures['load_start']}, at end "
        f"{figures['load_end']}.", ""])


if __name__ == "__main__":
    main()
