"""Write benchmark: storing one message through the hot path with 100,000 messages already stored.

The hot path is ``ingest_message``: SQLCipher encryption, the FTS5 index
(triggers), rule extraction and exact-slot fact resolution, one transaction
and commit (WAL, synchronous=NORMAL) per message. Embeddings are deferred to
the background job, as in the app. Target: p99 <= 10 ms.
Writes bench/results/write.md and write.json.
"""
from __future__ import annotations

import json
import os
import platform
import secrets
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
PRELOAD = int(os.environ.get("MNEME_BENCH_MESSAGES", "100000"))
SAMPLES = 2000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def main() -> None:
    from bench.corpus import messages
    from memory_core.ingest import ingest_in_transaction, ingest_message
    from memory_core.store import Store

    corpus = messages(PRELOAD + SAMPLES)
    with tempfile.TemporaryDirectory(prefix="mneme-bench-write-") as scratch:
        store = Store.create(Path(scratch) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        began = time.perf_counter()
        for offset in range(0, PRELOAD, 5000):
            with store.transaction():
                for thread, role, text, at in corpus[offset: offset + 5000]:
                    ingest_in_transaction(store, thread, role, text, at=datetime.fromisoformat(at))
        preload_s = time.perf_counter() - began
        counts = store.counts()
        timings, with_facts = [], []
        now = datetime.now(timezone.utc) - timedelta(days=1)
        for i, (thread, role, text, _) in enumerate(corpus[PRELOAD:]):
            started = time.perf_counter()
            result = ingest_message(store, thread, role, text, at=now + timedelta(seconds=i))
            elapsed = (time.perf_counter() - started) * 1000
            timings.append(elapsed)
            if result.fact_ids:
                with_facts.append(elapsed)
        db_bytes = sum(p.stat().st_size for p in (Path(scratch) / "data").glob("mneme.db*"))
        store.close()
    figures = {
        "preloaded_messages": counts["messages"], "facts": counts["facts"], "samples": SAMPLES,
        "p50_ms": statistics.median(timings), "p95_ms": percentile(timings, 95), "p99_ms": percentile(timings, 99),
        "max_ms": max(timings), "mean_ms": statistics.mean(timings),
        "p99_ms_messages_with_facts": percentile(with_facts, 99) if with_facts else None,
        "messages_with_facts": len(with_facts), "preload_seconds": round(preload_s, 1),
        "db_megabytes": round(db_bytes / 1e6, 1), "target_p99_ms": 10.0,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), {platform.python_version()}",
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "write.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    table = ("# Write path: ingest_message with {preloaded_messages:,} messages stored\n\n"
             "| p50 ms | p95 ms | p99 ms | max ms | p99 ms (messages yielding facts) | target p99 |\n"
             "|---|---|---|---|---|---|\n"
             "| {p50_ms:.2f} | {p95_ms:.2f} | {p99_ms:.2f} | {max_ms:.2f} | {pf} | <= 10 ms |\n\n"
             "{samples} messages timed one by one (encryption, FTS5 triggers, rule extraction, fact resolution, "
             "commit), {messages_with_facts} of them produced facts; {facts:,} facts in the store; database "
             "{db_megabytes} MB; preload took {preload_seconds} s. Machine: {machine}.\n").format(
        **figures, pf="n/a" if figures["p99_ms_messages_with_facts"] is None else f"{figures['p99_ms_messages_with_facts']:.2f}")
    (RESULTS / "write.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
