"""The background fact pass as the ledger grows: per-message pass time and write-lock hold, before vs after.

Before: main's lookup of the facts a message may name, a test of every current fact
(``instr(text, first word of value)`` over the whole ledger, main's SQL word for word),
and main's read of a whole set-valued slot ("likes") when a fact is added to it.
After: the value-key index (``memory_core.facts.value_keys``) and the slot read narrowed
in SQL (``ledger.same_value_prefilter``). Everything else in the pass is the same code.

For each ledger size (``MNEME_BENCH_FACT_SIZES``, default 1k, 10k, 30k, 100k facts) one
store is built: two generated months of chat extracted in order (dev and test
split), then the ledger topped up in bulk with distinct set-valued facts (the
rows ``bench_write.add_background_facts`` writes). It is copied three times (main,
the index alone, this branch); the same timed messages (two further generated
months, dev split) are stored in each copy one exchange at a time and the pass
runs after each exchange, as the memory worker does; which copy goes first rotates. Timed per message
the pass extracts: the wall time of its step (parse + transaction) and the time
its write transaction holds the lock (BEGIN IMMEDIATE to COMMIT). At the end the
three copies' facts are compared row for row (ids, values, validity, links,
provenance). Writes bench/results/fact_pass_scaling.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import secrets
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from bench.bench_write import add_background_facts, month_messages
from bench.stats import latency

RESULTS = Path(__file__).parent / "results"
SIZES = tuple(int(s) for s in os.environ.get("MNEME_BENCH_FACT_SIZES", "1000,10000,30000,100000").split(","))
KINDS = ("before", "index", "after")
NAMES = {"before": "main: scans", "index": "value-key index only", "after": "index + slot pre-filter (this branch)"}
TIMED_MONTHS = int(os.environ.get("MNEME_BENCH_TIMED_MONTHS", "2"))  # 312 messages each, half the user's


def main_lookup(store, text: str, at: str, columns: str) -> list[dict]:
    """Before: main's pre-filter (memory_core/facts/resolution.py at e445caa), its SQL word for word."""
    current = "invalid_at IS NULL AND expired_at IS NULL AND valid_at <= :at"
    return list(store.query(
        f"SELECT {columns} FROM facts WHERE {current} AND instr(:text, lower(CASE WHEN instr(value, ' ') > 0 "
        "THEN substr(value, 1, instr(value, ' ') - 1) ELSE value END)) > 0", {"at": at, "text": text.casefold()}))


def main_same_value_prefilter(wanted: str) -> tuple[str, list[str]]:
    """Before: main read a set-valued slot whole and compared every value in Python."""
    return "", []


@contextmanager
def lookup(kind: str):
    """Run the pass with main's lookups ("before"), the index alone ("index"), or the index and the slot
    pre-filter ("after")."""
    from memory_core.facts import ledger, resolution
    from memory_core.facts.value_keys import facts_named_in

    prefilter = ledger.same_value_prefilter
    resolution.facts_named_in = main_lookup if kind == "before" else facts_named_in
    ledger.same_value_prefilter = prefilter if kind == "after" else main_same_value_prefilter
    try:
        yield
    finally:
        resolution.facts_named_in = facts_named_in
        ledger.same_value_prefilter = prefilter


class TimedStore:
    """Times each write transaction the pass opens on ``store`` (lock taken to commit done)."""

    def __init__(self, store) -> None:
        self.store = store
        self.held_ms: list[float] = []
        opened = store.transaction

        @contextmanager
        def timed_transaction():
            started = time.perf_counter()
            with opened():
                yield
            self.held_ms.append((time.perf_counter() - started) * 1000)

        store.transaction = timed_transaction


class PassPath:
    """One copy of the store, its lookup, and what the pass took per message there."""

    def __init__(self, kind: str, store) -> None:
        self.kind, self.store = kind, store
        self.timed = TimedStore(store)
        self.pass_ms: list[float] = []
        self.lock_ms: list[float] = []
        self.facts_added = 0

    def exchange(self, turns: list[tuple]) -> None:
        from memory_core.facts.fact_pass import run_fact_pass
        from memory_core.ingest import ingest_message

        for thread, role, text, at in turns:
            ingest_message(self.store, thread, role, text, at=at)
        self.timed.held_ms.clear()  # the stores above are not the pass
        with lookup(self.kind):
            while True:
                held_before = len(self.timed.held_ms)
                started = time.perf_counter()
                report = run_fact_pass(self.store, limit=1)
                if not report.messages:
                    break
                self.pass_ms.append((time.perf_counter() - started) * 1000)
                self.lock_ms.append(sum(self.timed.held_ms[held_before:]))
                self.facts_added += len(report.fact_ids)


def build(folder: Path, facts: int) -> tuple[str, dict]:
    """A store with two extracted months of chat and ``facts`` facts in all; returns its passphrase."""
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_in_transaction
    from memory_core.storage.store import Store

    passphrase = secrets.token_hex(16)
    store = Store.create(folder, use_keyring=False, passphrase=passphrase)
    try:
        history = month_messages(900, "dev", 200, "pre0") + month_messages(901, "test", 160, "pre1")
        with store.transaction():
            for thread, role, text, at in history:
                ingest_in_transaction(store, thread, role, text, at=at)
        run_fact_pass(store)
        extracted = store.counts()["facts"]
        added = add_background_facts(store, facts)
        store.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        return passphrase, {"messages": store.counts()["messages"], "facts": store.counts()["facts"],
                            "facts_extracted": extracted, "facts_added_in_bulk": added}
    finally:
        store.close()


def fact_rows(store) -> list[tuple]:
    """Every fact, every column but the clock's (``expired_at`` is when the pass ran: only its being set)."""
    return [tuple(r) for r in store.execute(
        "SELECT id, subject, predicate, value, text, category, salience, origin, valid_at, invalid_at, "
        "expired_at IS NULL, supersedes, depends_on, thread_id FROM facts ORDER BY id").fetchall()] + \
        [tuple(r) for r in store.execute("SELECT fact_id, message_id FROM fact_messages ORDER BY 1, 2").fetchall()]


def measure(facts: int, timed: list[tuple], scratch: Path) -> dict:
    from memory_core.storage.store import Store

    began = time.perf_counter()
    passphrase, info = build(scratch / f"built-{facts}", facts)
    info["build_seconds"] = round(time.perf_counter() - began, 1)
    paths = []
    for kind in KINDS:
        shutil.copytree(scratch / f"built-{facts}", scratch / f"{kind}-{facts}")
        paths.append(PassPath(kind, Store.open(scratch / f"{kind}-{facts}", passphrase)))
    turn: list[tuple] = []
    for n, message in enumerate(timed):
        turn.append(message)
        if message[1] != "assistant":
            continue
        for path in paths[n % 3:] + paths[:n % 3]:  # each goes first in turn
            path.exchange(turn)
        turn = []
    rows = [fact_rows(path.store) for path in paths]
    same = all(r == rows[0] for r in rows[1:])
    figures = {"ledger": info, "same_facts_row_for_row": same, "facts_after": paths[1].store.counts()["facts"]}
    for path in paths:
        figures[path.kind] = {"pass_ms": latency(path.pass_ms, (90, 99)), "lock_ms": latency(path.lock_ms, (90, 99)),
                              "facts_added_or_touched": path.facts_added}
        path.store.close()
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True, exist_ok=True)
    return figures


def render(figures: dict) -> str:
    def cells(f: dict) -> str:
        return f"{f['samples']} | {f['mean_ms']:.2f} | {f['p50_ms']:.2f} | {f['p90_ms']:.2f} | {f['p99_ms']:.2f}"

    lines = ["# The background fact pass as the ledger grows: before (scan of every current fact) vs after "
             "(value-key index, then the set-valued slot narrowed in SQL too)", "",
             "| facts | lookup | pass per message: n | mean ms | median | p90 | p99 | lock held: n | mean ms | median "
             "| p90 | p99 | same facts row for row |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for size in figures["sizes"]:
        for kind, name in NAMES.items():
            f = size[kind]
            lines.append(f"| {size['ledger']['facts']:,} | {name} | {cells(f['pass_ms'])} | {cells(f['lock_ms'])} | "
                         f"{size['same_facts_row_for_row']} |")
    sizes = figures["sizes"]
    lines += ["", "Ratio main / this branch of the mean lock hold: " + ", ".join(
        f"{s['ledger']['facts']:,} facts {s['before']['lock_ms']['mean_ms'] / s['after']['lock_ms']['mean_ms']:.1f}x"
        for s in sizes) + ".", "",
        "Per message the pass extracted (user messages; an assistant turn is never marked): *pass* is the wall time "
        "of one `run_fact_pass(limit=1)` step (the text parsed outside the lock, then one write transaction); "
        "*lock held* is that transaction from BEGIN IMMEDIATE to COMMIT, the time the chat's next store may wait. "
        "Rules only (no embedder: the semantic pass is not part of this step). The three ran in one "
        "process on three copies of the same store, the same messages, the pass after each exchange as the memory "
        "worker runs it, which copy goes first rotating. Same facts: every fact's id, subject, predicate, "
        "value, text, category, salience, origin, validity, whether retired, supersedes/depends_on, thread and "
        "source-message links equal between the three copies at the end.", "",
        "Each store: " + "; ".join(
            f"{s['ledger']['facts']:,} facts ({s['ledger']['facts_extracted']:,} extracted from "
            f"{s['ledger']['messages']:,} generated messages, {s['ledger']['facts_added_in_bulk']:,} distinct "
            f"set-valued facts added in bulk; built in {s['ledger']['build_seconds']} s)" for s in sizes) +
        f". Timed: {figures['timed_messages']} generated messages ({TIMED_MONTHS} months, dev split), "
        f"in {figures['timing_seconds']} s in all.", "",
        f"Machine: {figures['machine']}. Load average at start {figures['load_start']}, at end {figures['load_end']}.",
        ""]
    return "\n".join(lines)


def main() -> None:
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    timed = []
    for k in range(TIMED_MONTHS):
        timed += month_messages(70 + k, "dev", 40 * (TIMED_MONTHS - k), f"timed{k}")
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-bench-factpass-") as scratch:
        sizes = []
        for facts in SIZES:
            sizes.append(measure(facts, timed, Path(scratch) / "work"))
            print(json.dumps({k: v for k, v in sizes[-1].items()}), flush=True)
    figures = {"sizes": sizes, "timed_messages": len(timed), "timing_seconds": round(time.perf_counter() - began, 1),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
                          f"Python {platform.python_version()}",
               "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "fact_pass_scaling.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    table = render(figures)
    (RESULTS / "fact_pass_scaling.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
