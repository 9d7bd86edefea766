"""How long "forget me", the encrypted backup and the JSON export take as memory grows.

Writes bench/results/forget.md and forget.json. For each database size it
stores N messages (one observation per 10, one fact per 20, with provenance
links), then measures, on a real SQLCipher file:

* planning a forget of one observation with its sources (the dialog preview);
* executing it, split into steps (delete, FTS optimize, commit, WAL checkpoint, verify);
* forgetting one fact with its source message, and one message with everything drawn from it
  (``mneme forget fact:ID`` / ``message:ID``: plan + execute, as the CLI does);
* forget --about a word found in ~1% of messages;
* an encrypted backup (sqlcipher_export + verify) and a JSON export.

FTS ``optimize`` rewrites the whole index of each touched table, so it is the
step expected to grow with the database; the table shows by how much.
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
SIZES = (1_000, 10_000, 50_000, 100_000)
REPEATS = 5
WORDS = "tea coffee Porto Lisbon cat dog bicycle library garden river music piano train holiday".split()


def populate(store, n: int) -> None:
    from memory_core.clock import to_iso, utc_now

    now = to_iso(utc_now())
    with store.transaction():
        for i in range(n):
            text = (f"message {i} about {WORDS[i % len(WORDS)]} and {WORDS[(i * 7) % len(WORDS)]}"
                    + (" rareword" if i % 100 == 0 else "") + " with some more ordinary words to make it realistic")
            store.insert_message(f"thread{i % 50}", "user", text)
        store.executemany("INSERT INTO observations (thread_id, priority, observed_at, text, created_at) "
                          "VALUES (?, 'medium', ?, ?, ?)",
                          [(f"thread{i % 50}", now, f"User mentioned {WORDS[i % len(WORDS)]} ({i})", now)
                           for i in range(0, n, 10)])
        store.execute("INSERT INTO observation_messages SELECT o.id, (o.id - 1) * 10 + 1 FROM observations o")
        store.executemany("INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at) "
                          "VALUES ('user', ?, ?, ?, 'misc', ?, ?)",
                          [(f"p{i}", WORDS[i % len(WORDS)], f"user likes {WORDS[i % len(WORDS)]} {i}", now, now)
                           for i in range(0, n, 20)])
        store.execute("INSERT INTO fact_messages SELECT f.id, (f.id - 1) * 20 + 1 FROM facts f")
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def measure(n: int) -> dict:
    import memory_core.storage.keys as keys
    from memory_core.portability.export import backup_database, export_json
    from memory_core.forgetting.forget import execute_forget, forget_about, plan_forget
    from memory_core.storage.store import Store

    keys.SCRYPT_N = 2**12  # the key-wrapping KDF is not what is measured here
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.create(Path(tmp) / "data", use_keyring=False, passphrase="benchmark passphrase")
        started = time.perf_counter()
        populate(store, n)
        populate_s = time.perf_counter() - started
        plans, totals, steps = [], [], []
        observation_ids = [row[0] for row in store.execute("SELECT id FROM observations ORDER BY id LIMIT ?",
                                                           [REPEATS * 3]).fetchall()]
        for oid in observation_ids[::3][:REPEATS]:
            t0 = time.perf_counter()
            plan = plan_forget(store, f"observation:{oid}")
            t1 = time.perf_counter()
            receipt = execute_forget(store, plan)
            t2 = time.perf_counter()
            assert receipt.verified, receipt.problems
            plans.append((t1 - t0) * 1000)
            totals.append((t2 - t1) * 1000)
            steps.append(receipt.timings)
        single: dict[str, list[float]] = {"fact": [], "message": []}
        for kind, sql in (("fact", "SELECT id FROM facts ORDER BY id"),
                          ("message", "SELECT id FROM messages WHERE id % 20 = 1 ORDER BY id")):
            # spread over the store (not only its first rows); these messages are each a fact's source
            ids = [row[0] for row in store.execute(sql).fetchall()]
            for item_id in ids[len(ids) // (REPEATS + 1)::len(ids) // (REPEATS + 1)][:REPEATS]:
                t0 = time.perf_counter()
                receipt = execute_forget(store, plan_forget(store, f"{kind}:{item_id}"))
                assert receipt.verified, receipt.problems
                single[kind].append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        about = forget_about(store, "rareword")
        about_ms = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        backup = backup_database(store, Path(tmp) / "backup.db", "benchmark passphrase")
        backup_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        exported = export_json(store, Path(tmp) / "memory.json")
        export_s = time.perf_counter() - t0
        db_bytes = store.path.stat().st_size
        store.close()
    step_medians = {name: round(statistics.median(s[name] for s in steps), 1) for name in steps[0]}
    return {"messages": n, "db_mb": round(db_bytes / 2**20, 1), "populate_s": round(populate_s, 1),
            "plan_ms_median": round(statistics.median(plans), 1),
            "execute_ms_median": round(statistics.median(totals), 1), "execute_steps_ms_median": step_medians,
            **{f"forget_{kind}_ms": {"median": round(statistics.median(v), 1), "mean": round(statistics.mean(v), 1),
                                     "max": round(max(v), 1), "n": len(v)} for kind, v in single.items()},
            "forget_about_ms": round(about_ms, 1), "forget_about_removed": about.counts,
            "backup_s": round(backup_s, 2), "backup_mb": round(backup.bytes / 2**20, 1),
            "json_export_s": round(export_s, 2), "json_mb": round(exported.bytes / 2**20, 1)}


def render_markdown(rows: list[dict]) -> str:
    lines = ["# Forget, backup and export timings", "",
             "Real SQLCipher file, one observation forgotten with its source message (plan = preview; execute = "
             f"delete + FTS optimize + commit + WAL checkpoint + verify), median of {REPEATS}. "
             "`forget --about` removes every item matching a word in 1% of messages, with what hangs on them.", "",
             "| messages | db MB | plan ms | execute ms | delete | fts optimize | checkpoint | verify "
             "| forget fact:ID ms | forget message:ID ms | forget --about ms (items) | backup s | JSON export s |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        steps = row["execute_steps_ms_median"]
        removed = sum(v for k, v in row["forget_about_removed"].items() if k not in ("embeddings", "links"))
        lines.append(f"| {row['messages']:,} | {row['db_mb']} | {row['plan_ms_median']} | {row['execute_ms_median']} "
                     f"| {steps['delete_ms']} | {steps['fts_optimize_ms']} | {steps['checkpoint_ms']} "
                     f"| {steps['verify_ms']} | {_single(row, 'fact')} | {_single(row, 'message')} "
                     f"| {row['forget_about_ms']} ({removed}) | {row['backup_s']} "
                     f"| {row['json_export_s']} |")
    lines += ["", "forget fact:ID / message:ID: plan + execute (with the sources, as `mneme forget` does), one item "
              f"at a time at {REPEATS} places spread over the store: median (max). A fact's source message goes with "
              "it; a message takes its observation and fact with it.",
              "", "Backup time includes reopening the file with its passphrase (PBKDF2, 256,000 rounds) to verify it.", ""]
    return "\n".join(lines)


def _single(row: dict, kind: str) -> str:
    figures = row.get(f"forget_{kind}_ms")
    return f"{figures['median']} ({figures['max']})" if figures else "n/a"


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    sizes = tuple(int(a) for a in args) or SIZES
    rows = []
    for n in sizes:
        print(f"forget benchmark: {n:,} messages", flush=True)
        rows.append(measure(n))
        print(json.dumps(rows[-1]), flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "forget.json").write_text(json.dumps(rows, indent=2) + "\n")
    (RESULTS / "forget.md").write_text(render_markdown(rows))
    print(render_markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
