"""What indexing each message with the turns before it costs: the write path, the migration, the index and the
postings held in memory, before and after, in one run.

The change (storage/schema.py, MIGRATION_MESSAGE_CONTEXT): the message index's ``answers`` column held, for a short
reply only, the turn it answers; it now holds the TURNS_BEFORE turns said before every message in its session.
Every stored message's index row is then bigger, and a stored turn re-indexes the turns after it (none, when it
is the newest, as in a chat).

Two stores hold the same N messages (the generated conversations of bench/recall_corpus.py, repeated with their
dates moved on, so sessions look like chat): **before** is made at the schema before the change (version 9),
**after** is a copy of it opened by this code, which migrates it (timed). Then the same new messages are stored
in both, one by one through ``ingest_message`` (each timed alone, commit included), alternating which store goes
first; after each exchange the after store gets the memory worker's index merge (untimed, reported apart). The
postings (recall/message_postings.py) are then read from both, and the same unique queries searched
cold in both (no embedder: the part of a search the bigger index changes).

``python -m bench.bench_context_index`` writes bench/results/context_index.md and .json
(``MNEME_BENCH_CONTEXT_MESSAGES``, default 20000; ``--timed`` new messages, default 600).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import tempfile
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

from bench.stats import latency

RESULTS = Path(__file__).parent / "results"
PASSPHRASE = "bench-context-passphrase"
BEFORE_VERSION = 9


def _turns(count: int) -> list[dict]:
    from bench.recall_corpus import build, import_lines
    from memory_core.clock import parse_iso

    base = import_lines(build()[0])
    out: list[dict] = []
    lap = 0
    while len(out) < count:
        shift = -timedelta(days=200 * lap)  # each lap earlier: nothing dated in the future
        for turn in base:
            out.append({**turn, "thread": f"{turn['thread']}-{lap}", "at": parse_iso(turn["at"]) + shift,
                        "external_id": f"{turn['external_id']}-{lap}"})
        lap += 1
    return out[:count]


@contextmanager
def _schema_at(version: int):
    """Stores made or opened inside migrate up to ``version`` only (the before store stays at the old schema)."""
    from memory_core.storage import schema

    latest = schema.LATEST_VERSION
    schema.LATEST_VERSION = version
    try:
        yield
    finally:
        schema.LATEST_VERSION = latest


def _make_before(data_dir: Path, turns: list[dict]) -> None:
    """A store at schema version BEFORE_VERSION holding ``turns`` (bulk insert: the old triggers index them)."""
    from memory_core.clock import to_iso
    from memory_core.storage.store import Store

    with _schema_at(BEFORE_VERSION):
        store = Store.create(data_dir, use_keyring=False, passphrase=PASSPHRASE)
    with store.transaction():
        for thread in dict.fromkeys(t["thread"] for t in turns):
            store.execute("INSERT OR IGNORE INTO threads (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)",
                          [thread, thread, to_iso(turns[0]["at"]), to_iso(turns[0]["at"])])
        store.executemany("INSERT INTO messages (thread_id, role, text, created_at, external_id, speaker) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          [(t["thread"], t["role"], t["text"], to_iso(t["at"]), t["external_id"], t["speaker"])
                           for t in turns])
    store.close()


def _open(data_dir: Path, version: int):
    from memory_core.storage.store import Store

    with _schema_at(version):
        return Store.open(data_dir, PASSPHRASE)


def _latency_table(rows: dict[str, dict], what: str, tail: int) -> list[str]:
    """Markdown rows of ``bench.stats.latency(values, (90, tail))`` for the before and after stores."""
    lines = [f"| store | {what} | mean ms | p50 ms | p90 ms | p{tail} ms | max ms |", "|---|---|---|---|---|---|---|"]
    for name in ("before", "after"):
        row = rows[name]
        lines.append(f"| {name} | {row['samples']} | {row['mean_ms']:.2f} | {row['p50_ms']:.2f} | {row['p90_ms']:.2f} | "
                     f"{row[f'p{tail}_ms']:.2f} | {row['max_ms']:.2f} |")
    return lines


def _index_bytes(store) -> int:
    """Bytes of the message index's FTS5 data (its doclists and structure)."""
    return store.execute("SELECT coalesce(sum(length(block)), 0) FROM message_search_data").fetchone()[0]


def _cold_searches(stores: dict, dirs: dict[str, Path], count: int) -> dict[str, list[float]]:
    """Milliseconds of ``search`` without an embedder (BM25, recency, salience: the part the bigger index changes),
    cold: before each query recall's document counts cache is cleared, the database files are evicted from the OS
    page cache and a new connection opened (outside the timer); the postings stay held, as the app holds them from
    unlock on. Unique queries: the hand-written annotator questions (bench/data/recall_written)."""
    from bench.bench_recall_written import load
    from bench.search_worker import drop_from_os_cache
    from memory_core.recall import bm25, message_postings
    from memory_core.recall import search as recall

    queries = list(dict.fromkeys(q.query for q in load()[1]))[:count]
    for store in stores.values():
        message_postings.load(store)
        store.db.conn.commit()
    times: dict[str, list[float]] = {name: [] for name in stores}
    for number, query in enumerate(queries):
        for name in (("before", "after") if number % 2 == 0 else ("after", "before")):
            bm25._DF_CACHE.clear()
            drop_from_os_cache(dirs[name])
            connection = stores[name].connect()
            try:
                started = time.perf_counter()
                recall.search(connection, query, k=10)
                times[name].append((time.perf_counter() - started) * 1000)
            finally:
                connection.close()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timed", type=int, default=600)
    parser.add_argument("--queries", type=int, default=300, help="unique queries timed cold in each store")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    count = int(os.environ.get("MNEME_BENCH_CONTEXT_MESSAGES", "20000"))
    from memory_core.ingest import ingest_message
    from memory_core.storage.checkpoints import merge_index_between_turns
    from memory_core.recall import message_postings
    from memory_core.storage.schema import LATEST_VERSION

    turns = _turns(count + args.timed)
    stored, timed = turns[:count], turns[count:]
    root = Path(tempfile.mkdtemp(prefix="mneme-context-index-"))
    try:
        before_dir, after_dir = root / "before", root / "after"
        started = time.perf_counter()
        _make_before(before_dir, stored)
        build_s = time.perf_counter() - started
        shutil.copytree(before_dir, after_dir)
        started = time.perf_counter()
        after = _open(after_dir, LATEST_VERSION)
        migrate_s = time.perf_counter() - started
        before = _open(before_dir, BEFORE_VERSION)
        stores = {"before": before, "after": after}
        versions = {name: s.execute("PRAGMA user_version").fetchone()[0] for name, s in stores.items()}
        times: dict[str, list[float]] = {"before": [], "after": []}
        merges: list[float] = []
        for number, turn in enumerate(timed):
            order = ("before", "after") if number % 2 == 0 else ("after", "before")
            for name in order:
                started = time.perf_counter()
                ingest_message(stores[name], turn["thread"], turn["role"], turn["text"], at=turn["at"],
                               external_id=turn["external_id"], speaker=turn["speaker"])
                times[name].append((time.perf_counter() - started) * 1000)
            if number % 2 == 1:  # after each exchange, the memory worker's merge between turns (after only; untimed)
                started = time.perf_counter()
                merge_index_between_turns(after)
                merges.append((time.perf_counter() - started) * 1000)
        index_bytes = {name: _index_bytes(s) for name, s in stores.items()}
        searches = _cold_searches(stores, {"before": before_dir, "after": after_dir}, args.queries)
        postings = {}
        for name, s in stores.items():
            loads = []
            for _ in range(3):
                message_postings.forget(s)
                started = time.perf_counter()
                message_postings.load(s)
                loads.append(time.perf_counter() - started)
            held = message_postings._POSTINGS.get(str(s.path))
            postings[name] = {"load_s": [round(x, 2) for x in loads],
                              "postings": int(len(held.index.rows)) if held else None,
                              "held_mb": round(held.nbytes / 1e6, 1) if held else None}
            message_postings.forget(s)
        for s in stores.values():
            s.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    rows = {name: latency(values, (90, 99)) for name, values in times.items()}
    merge_row = latency(merges, (90, 99))
    search_rows = {name: latency(values, (90, 95)) for name, values in searches.items()}
    result = {"run_at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared)", "messages": count,
              "timed": len(timed), "versions": versions, "build_s": round(build_s, 1),
              "migrate_s": round(migrate_s, 2), "write_ms": rows, "merge_between_turns_ms": merge_row,
              "cold_search_no_embedder_ms": search_rows, "index_bytes": index_bytes, "postings": postings}
    print(json.dumps(result, indent=1))
    if args.no_write:
        return
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "context_index.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    lines = [f"# Indexing each message with the turns before it: what it costs ({count:,} messages stored)", "",
             f"Run {result['run_at']} on {result['machine']}. Both stores hold the same {count:,} messages (generated "
             f"chat, bench/recall_corpus.py, repeated with dates moved on); before = schema version {versions['before']} "
             f"(the index's ``answers`` column: the turn a short reply answers), after = version {versions['after']} "
             "(the turns said before every message in its session). The same new messages were stored in both, one "
             "by one through `ingest_message`, each timed alone with its commit, alternating which store went first.",
             "", *_latency_table(rows, "messages timed", 99)]
    lines += ["", "Target (issue 12): store p99 <= 10 ms stays. The after schema takes FTS5's merge work off the write "
              "path (`automerge` 0); the memory worker merges between turns (storage/checkpoints.py, "
              f"`merge_index_between_turns`), run here untimed after each exchange on the after store: "
              f"{merge_row['samples']} runs, mean {merge_row['mean_ms']:.2f} ms, median {merge_row['p50_ms']:.2f}, "
              f"p99 {merge_row['p99_ms']:.2f}, max {merge_row['max_ms']:.2f}.", "",
              "| store | index data (message_search_data bytes) | postings held | held MB | postings load s (3 loads) |",
              "|---|---|---|---|---|"]
    for name in ("before", "after"):
        p = postings[name]
        lines.append(f"| {name} | {index_bytes[name]:,} | {p['postings']:,} | {p['held_mb']} | "
                     f"{', '.join(str(x) for x in p['load_s'])} |")
    lines += ["", f"Cold search without an embedder (BM25 + recency + salience, the part the bigger index changes), "
              f"{search_rows['after']['samples']} unique queries (the hand-written annotator questions), each after "
              "recall's document counts were cleared, the database files evicted from the OS page cache and a new "
              "connection opened; the postings held, as the app holds them from unlock on; alternating which store "
              "went first:", "", *_latency_table(search_rows, "queries", 95)]
    lines += ["", f"Migration of the before store to the after schema (index built again), at open: {migrate_s:.2f} s "
              f"for {count:,} messages (bulk build of the before store: {build_s:.1f} s).", "",
              "Not measured here: the search with the embedder at 100k (bench_search.py, whose fixture was not rebuilt "
              "this round); the timed messages are appended at the end of their threads (a chat), not inserted "
              "between older ones.",
              ""]
    (RESULTS / "context_index.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
