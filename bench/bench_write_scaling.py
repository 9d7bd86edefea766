"""Does storing a message slow down as facts pile up? (issue 16, case 9)

Three stores in one run, the same messages timed in each (``ingest_message``:
encryption, FTS5 triggers, rule extraction, exact-slot resolution with the
retiring of the previous fact, the commit):

* **empty**: a fresh store;
* **20k+ facts, indexed**: 12k messages and 24k facts preloaded, schema as shipped
  (with ``facts_depends_on`` and the other foreign-key indexes);
* **20k+ facts, no new indexes** (the baseline = the schema before this fix):
  the same preload with the indexes of the second migration dropped.

Every timed message changes where the user lives, so each one retires a fact
and looks up its dependents (the ``depends_on`` lookup) — the write that was
slow. Writes bench/results/write_scaling.md and .json.
"""
from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stats import percentile  # noqa: E402
from memory_core.ingest import ingest_message  # noqa: E402
from memory_core.storage import keys  # noqa: E402
from memory_core.storage.store import Store  # noqa: E402

RESULTS = Path(__file__).parent / "results"
PRELOAD_MESSAGES = 12_000
PRELOAD_FACTS = 24_000
TIMED = 300
NEW_INDEXES = ("facts_depends_on", "facts_supersedes", "facts_thread", "observations_thread",
               "observations_reflected_in")
CITIES = ["Porto", "Lisbon", "Braga", "Faro", "Coimbra", "Aveiro", "Evora", "Viseu"]


def preload(store: Store, rng: random.Random) -> None:
    """Messages through the store, facts straight into the table (a realistic shape, built fast)."""
    with store.transaction():
        for number in range(PRELOAD_MESSAGES):
            store.insert_message(f"old-{number % 50}", "user", f"an older message {number} about errands and plans")
        now = "2025-06-01T00:00:00+00:00"
        for number in range(PRELOAD_FACTS):
            subject = f"person-{number % 3000}"
            depends = number if number % 4 == 0 and number > 0 else None  # some facts hang on an earlier one
            store.execute(
                "INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at, depends_on) "
                "VALUES (?, ?, ?, ?, 'personal', ?, ?, ?)",
                [subject, f"likes:{number % 97}", f"thing {number}", f"{subject} likes thing {number}", now, now,
                 depends])


def time_messages(store: Store) -> list[float]:
    timings = []
    for number in range(TIMED):
        text = f"I live in {CITIES[number % len(CITIES)]} now ({number})"
        started = time.perf_counter()
        ingest_message(store, "timed", "user", text)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def summary(name: str, values: list[float], facts: int) -> dict:
    return {"store": name, "facts": facts, "messages_timed": len(values), "mean_ms": round(statistics.mean(values), 3),
            "median_ms": round(statistics.median(values), 3), "p90_ms": round(percentile(values, 90), 3),
            "max_ms": round(max(values), 3)}


def main() -> None:
    keys.SCRYPT_N = 2**12  # the key derivation is not what is measured
    rng = random.Random(16)
    rows = []
    with tempfile.TemporaryDirectory(prefix="mneme-write-scaling-") as scratch:
        empty = Store.create(Path(scratch) / "empty", use_keyring=False, passphrase="benchmark passphrase")
        indexed = Store.create(Path(scratch) / "indexed", use_keyring=False, passphrase="benchmark passphrase")
        baseline = Store.create(Path(scratch) / "baseline", use_keyring=False, passphrase="benchmark passphrase")
        started = time.perf_counter()
        preload(indexed, rng)
        preload(baseline, rng)
        with baseline.transaction():
            for index in NEW_INDEXES:
                baseline.execute(f"DROP INDEX {index}")
        preload_s = time.perf_counter() - started
        # interleave the three so machine noise falls on all of them alike
        results: dict[str, list[float]] = {"empty": [], "indexed": [], "baseline": []}
        for _ in range(3):
            for name, store in (("empty", empty), ("indexed", indexed), ("baseline", baseline)):
                results[name] += time_messages(store)
        for name, store, label in ((("empty", empty, "empty store")), ("indexed", indexed, "20k+ facts, indexed (this fix)"),
                                   ("baseline", baseline, "20k+ facts, without the new indexes (before)")):
            facts = store.execute("SELECT count(*) FROM facts").fetchone()[0]
            rows.append(summary(label, results[name], facts))
            store.close()
    ratio = rows[1]["mean_ms"] / rows[0]["mean_ms"]
    ratio_median = rows[1]["median_ms"] / rows[0]["median_ms"]
    baseline_ratio = rows[2]["mean_ms"] / rows[0]["mean_ms"]
    data = {"rows": rows, "ratio_indexed_to_empty_mean": round(ratio, 2),
            "ratio_indexed_to_empty_median": round(ratio_median, 2),
            "ratio_baseline_to_empty_mean": round(baseline_ratio, 2), "target_ratio": 2.0,
            "preload_s": round(preload_s, 1), "machine": f"{platform.machine()}, {platform.python_version()}"}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "write_scaling.json").write_text(json.dumps(data, indent=2) + "\n")
    lines = ["# Write path as facts accumulate (issue 16, case 9)", "",
             "| store | facts | messages timed | mean ms | median ms | p90 ms | max ms |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row['store']} | {row['facts']:,} | {row['messages_timed']} | {row['mean_ms']} | "
                     f"{row['median_ms']} | {row['p90_ms']} | {row['max_ms']} |")
    lines += ["", f"With 20k+ facts, storing takes {ratio:.2f}x the empty-store time (mean; median {ratio_median:.2f}x); "
              f"target <= 2x. Without the new indexes (the schema before this fix) it takes {baseline_ratio:.2f}x.",
              "", f"What ran: `ingest_message` (encryption, FTS5 triggers, rule extraction, exact-slot resolution) on "
              f"real SQLCipher stores; every timed message (\"I live in <city> now\") retires the previous fact, so "
              f"each looks up dependents by `depends_on`. {TIMED} messages per store per round, 3 rounds interleaved "
              f"across the stores. Preload: {PRELOAD_MESSAGES:,} messages and {PRELOAD_FACTS:,} facts (facts inserted "
              f"directly, a quarter with a `depends_on`), {preload_s:.0f} s. Machine: {data['machine']}, 2 cores "
              "shared with other jobs. Not measured: the Observer's writes, stores beyond 24k facts."]
    (RESULTS / "write_scaling.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
