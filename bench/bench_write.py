"""Write benchmark: storing one message through the hot path in a store that has years of use behind it.

The hot path is ``ingest_message``: SQLCipher encryption, the FTS5 index
(triggers), rule extraction and exact-slot fact resolution, one transaction
and commit (WAL, synchronous=NORMAL) per message. Embeddings are deferred to
the background job, as in the app. Target: p99 <= 10 ms.

What is stored first (not timed): ``MNEME_BENCH_MESSAGES`` (100,000) messages
from generated months of chat (``bench/history_gen.py``, dev and test splits
alternating, every month in its own threads), and ``MNEME_BENCH_FACTS``
(30,000) facts in the ledger: the extractor's own facts from those months plus
facts about people, places and things added through ``add_fact`` (set-valued
predicates, so each is a live row that slot resolution must look at).
Timed: the messages of further generated months (dev split, the register the
rules fire on, so messages that yield facts are well represented), each alone.
Writes bench/results/write.md and write.json.
"""
from __future__ import annotations

import json
import os
import platform
import random
import secrets
import statistics
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
PRELOAD = int(os.environ.get("MNEME_BENCH_MESSAGES", "100000"))
FACTS = int(os.environ.get("MNEME_BENCH_FACTS", "30000"))
TIMED_MONTHS = 4           # 4 x 312 messages


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
    """Top the ledger up to ``target`` facts with set-valued facts about the user's world."""
    from bench.corpus import vocabulary
    from memory_core.clock import to_iso, utc_now
    from memory_core.facts import ledger

    rng = random.Random(3)
    words = vocabulary(rng)[-5000:]
    have = store.counts()["facts"]
    predicates = ("likes", "dislikes", "owns", "allergy", "condition")
    valid = to_iso(utc_now() - timedelta(days=400))
    added = 0
    with store.transaction():
        while have + added < target:
            value = f"{rng.choice(words)} {rng.choice(words)}"
            ledger.add_fact(store, "user", rng.choice(predicates), value, valid_at=valid)
            added += 1
    return added


def _time_writes(store, samples):
    from memory_core.ingest import ingest_message

    timings, with_facts = [], []
    for thread, role, text, at in samples:
        started = time.perf_counter()
        result = ingest_message(store, thread, role, text, at=at)
        elapsed = (time.perf_counter() - started) * 1000
        timings.append(elapsed)
        if result.fact_ids:
            with_facts.append(elapsed)
    return timings, with_facts


def _checkpoint_loop(store, stop: threading.Event) -> None:
    """What the background memory worker would do: PASSIVE checkpoints off the hot path."""
    other = store.connect()
    try:
        while not stop.wait(0.5):
            other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        other.close()


def main() -> None:
    from memory_core.ingest import ingest_in_transaction
    from memory_core.storage.store import Store

    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    corpus = preload_messages(PRELOAD)
    timed = []
    for k in range(TIMED_MONTHS):
        timed += month_messages(50 + k, "dev", shift_days=40 * (TIMED_MONTHS - k), thread_prefix=f"timed{k}")
    half = len(timed) // 2
    with tempfile.TemporaryDirectory(prefix="mneme-bench-write-") as scratch:
        store = Store.create(Path(scratch) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        began = time.perf_counter()
        for offset in range(0, len(corpus), 5000):
            with store.transaction():
                for thread, role, text, at in corpus[offset: offset + 5000]:
                    ingest_in_transaction(store, thread, role, text, at=at)
        extracted = store.counts()["facts"]
        topped_up = add_background_facts(store, FACTS)
        preload_s = time.perf_counter() - began
        counts = store.counts()
        live = store.execute("SELECT count(*) FROM facts WHERE invalid_at IS NULL").fetchone()[0] \
            if _has_column(store, "facts", "invalid_at") else None
        timings, with_facts = _time_writes(store, timed[:half])
        # the configuration we recommend: no checkpoint on the writer, a background connection checkpoints
        store.execute("PRAGMA wal_autocheckpoint = 0")
        stop = threading.Event()
        checkpointer = threading.Thread(target=_checkpoint_loop, args=(store, stop), daemon=True)
        checkpointer.start()
        bg_timings, bg_with_facts = _time_writes(store, timed[half:])
        stop.set()
        checkpointer.join()
        db_bytes = sum(p.stat().st_size for p in (Path(scratch) / "data").glob("mneme.db*"))
        store.close()

    def summary(values: list[float], facts_only: list[float]) -> dict:
        return {"samples": len(values), "mean_ms": statistics.mean(values), "p50_ms": statistics.median(values),
                "p95_ms": percentile(values, 95), "p99_ms": percentile(values, 99), "max_ms": max(values),
                "messages_with_facts": len(facts_only),
                "mean_ms_messages_with_facts": statistics.mean(facts_only) if facts_only else None,
                "p99_ms_messages_with_facts": percentile(facts_only, 99) if facts_only else None}

    figures = {
        "preloaded_messages": counts["messages"] - 0, "facts": counts["facts"], "facts_live": live,
        "facts_from_extraction": extracted, "facts_added_directly": topped_up,
        "mean_message_chars": statistics.mean(len(t) for _, _, t, _ in corpus),
        "default": summary(timings, with_facts), "background_checkpoint": summary(bg_timings, bg_with_facts),
        "preload_seconds": round(preload_s, 1), "db_megabytes": round(db_bytes / 1e6, 1), "target_p99_ms": 10.0,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
                   f"Python {platform.python_version()}",
        "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "write.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")

    def row(name: str, f: dict) -> str:
        pf = "n/a" if f["p99_ms_messages_with_facts"] is None else f"{f['p99_ms_messages_with_facts']:.2f}"
        mf = "n/a" if f["mean_ms_messages_with_facts"] is None else f"{f['mean_ms_messages_with_facts']:.2f}"
        return (f"| {name} | {f['samples']} | {f['mean_ms']:.2f} | {f['p50_ms']:.2f} | {f['p95_ms']:.2f} | "
                f"{f['p99_ms']:.2f} | {f['max_ms']:.2f} | {f['messages_with_facts']} | {mf} / {pf} |")

    table = "\n".join([
        f"# Write path: ingest_message with {figures['preloaded_messages']:,} messages and "
        f"{figures['facts']:,} facts stored", "",
        "| WAL checkpoints | messages timed | mean ms | p50 ms | p95 ms | p99 ms | max ms | messages yielding facts "
        "| their mean / p99 ms |",
        "|---|---|---|---|---|---|---|---|---|",
        row("automatic, on the writer (SQLite default)", figures["default"]),
        row("background connection, PASSIVE every 0.5 s", figures["background_checkpoint"]), "",
        "Target: p99 <= 10 ms. Each message is timed alone: encryption, FTS5 triggers, rule extraction, exact-slot "
        "fact resolution and the commit (WAL, synchronous=NORMAL).", "",
        f"Stored before timing: {figures['preloaded_messages']:,} messages from generated months of chat "
        f"(bench/history_gen.py, dev and test splits alternating; mean {figures['mean_message_chars']:.0f} "
        f"characters, pastes included) and {figures['facts']:,} facts ({figures['facts_from_extraction']:,} "
        f"extracted from those messages, {figures['facts_added_directly']:,} added through the ledger: set-valued "
        "likes/dislikes/owns/allergy/condition facts). Timed: 4 further generated months (dev split), "
        f"{TIMED_MONTHS * 312} messages, half with each checkpoint setting. Database {figures['db_megabytes']} MB; "
        f"preload took {figures['preload_seconds']} s.", "",
        f"Machine: {figures['machine']}. Load average at start {figures['load_start']}, at end "
        f"{figures['load_end']}.", ""])
    (RESULTS / "write.md").write_text(table, encoding="utf-8")
    print(table)


def _has_column(store, table: str, column: str) -> bool:
    return any(r[1] == column for r in store.db.execute(f"PRAGMA table_info({table})").fetchall())


if __name__ == "__main__":
    main()
