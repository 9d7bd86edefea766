"""One in-memory copy of the message index, and search right after a stored message (issue 13), before and after.

Before (``MNEME_BENCH_BEFORE_REV``, default 74e79cb: main when the work started) holds two copies of the message
index, read at unlock and after each memory pass: the text column's term counts (recall/document_counts.py) and
the postings (recall/message_postings.py); after, the postings alone, the counts derived from them. Each version
runs in its own process on its own copy of bench_search's 100k-message database (compacted, as the app keeps it),
the two alternated, two rounds each, in one run. Measured per version:

* the read at unlock / after a memory pass: seconds for all the copies the version holds (5 reads), the traced
  memory they hold once read (tracemalloc: Python and numpy allocations) and the traced peak during a read;
* the tail: one message stored after the read (as a chat turn is, before the memory pass reads the index again),
  then for each of bench_search's 300 unique queries, the message BM25 stage (``bm25._bm25_kind``, unfiltered) and
  the document counts of the query's words (``bm25._document_frequency``; the DF cache cleared), warm (the
  connection's page cache warm) and cold for the first 100 (a new connection, the database files evicted from the
  OS page cache, as bench_search's cold); before ranks and counts in SQL there (the postings answer nothing after
  a write), after from the postings and the tail. Both versions' rows and counts are compared query by query.

Writes bench/results/postings_unified.md/.json.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parent.parent
BEFORE_REV = os.environ.get("MNEME_BENCH_BEFORE_REV", "74e79cb")
ROUNDS = 3
LOADS = 5
COLD_QUERIES = 100
NOW = "2030-01-01T00:00:00+00:00"
HELD_INDEX_MODULES = ("memory_core.recall.document_counts", "memory_core.recall.message_postings")


def _held_modules() -> list:
    import importlib

    found = []
    for name in HELD_INDEX_MODULES:
        try:
            found.append(importlib.import_module(name))
        except ImportError:
            pass
    return found


def _python_bytes(counts) -> int:
    """What document_counts holds, as Python objects (its lists of terms and of counts)."""
    return sys.getsizeof(counts.terms) + sum(sys.getsizeof(term) for term in counts.terms) + \
        sys.getsizeof(counts.rows) + sum(sys.getsizeof(count) for count in counts.rows)


def child(data_dir: Path, queries: list[str]) -> dict:
    """One version's figures (runs with that version's code first on the path)."""
    import gc
    import tracemalloc

    from bench.search_worker import PASSPHRASE, drop_from_os_cache
    from bench.stats import percentile
    from memory_core.recall import bm25
    from memory_core.recall.bm25 import _bm25_kind, _document_frequency, ranked_match
    from memory_core.recall.hits import _Window
    from memory_core.storage.store import Store

    def summary(values: list[float]) -> dict:
        return {"mean_ms": statistics.mean(values), "p50_ms": statistics.median(values),
                "p95_ms": percentile(values, 95)}

    store = Store.open(data_dir, PASSPHRASE)
    modules = _held_modules()
    loads = []
    for _ in range(LOADS):
        for module in modules:
            module.forget(store)
        gc.collect()
        started = time.perf_counter()
        for module in modules:
            module.load(store)
        loads.append(time.perf_counter() - started)
    for module in modules:
        module.forget(store)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    for module in modules:
        module.load(store)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    structures = {}
    for module in modules:
        name = module.__name__.rsplit(".", 1)[1]
        if name == "message_postings":
            structures[name] = module.memory_bytes(store)
        else:
            structures[name] = _python_bytes(module._COUNTS[str(store.path)])

    everything = _Window(None, None, NOW, False)

    def stage(connection, match: str) -> tuple[list, list, float, float]:
        bm25._DF_CACHE.clear()
        started = time.perf_counter()
        rows = _bm25_kind(connection, "message", match, everything, NOW)
        ranked_s = time.perf_counter() - started
        started = time.perf_counter()
        counts = [_document_frequency(connection, "messages", phrase) for phrase in match.split(" OR ")]
        return rows, counts, ranked_s * 1000, (time.perf_counter() - started) * 1000

    matches = [match for match in (ranked_match(query) for query in queries) if match]
    for match in matches:  # the page cache warm, as after a while of use
        stage(store, match)
    fresh_rank, fresh_count = [], []
    for match in matches:  # nothing stored since the read: what both versions answer from memory
        _, _, rank_ms, count_ms = stage(store, match)
        fresh_rank.append(rank_ms)
        fresh_count.append(count_ms)
    store.add_message("bench-tail", "user", "Stored after the memory pass: the garden, the boiler and March plans")
    _, _, rank_ms, count_ms = stage(store, matches[0])  # the first search after the store: after tokenizes the tail
    first_after_store_ms = rank_ms + count_ms
    for match in matches:  # warm again: what before now reads in SQL
        stage(store, match)
    warm_rank, warm_count, answers = [], [], []
    for match in matches:
        rows, counts, rank_ms, count_ms = stage(store, match)
        warm_rank.append(rank_ms)
        warm_count.append(count_ms)
        answers.append(hashlib.sha256(json.dumps([rows, counts]).encode()).hexdigest()[:16])
    cold_rank, cold_count = [], []
    for match in matches[:COLD_QUERIES]:
        drop_from_os_cache(data_dir)
        connection = store.connect()
        try:
            _, _, rank_ms, count_ms = stage(connection, match)
        finally:
            connection.close()
        cold_rank.append(rank_ms)
        cold_count.append(count_ms)
    store.close()
    return {"modules": [module.__name__ for module in modules], "load_s": loads, "held_traced_mb": (held - before) / 1e6,
            "load_peak_traced_mb": (peak - before) / 1e6, "structures_mb": {k: v / 1e6 for k, v in structures.items()},
            "queries": len(matches), "answers": answers,
            "warm_rank": summary(warm_rank), "warm_count": summary(warm_count),
            "cold_rank": summary(cold_rank), "cold_count": summary(cold_count),
            "warm_both": summary([a + b for a, b in zip(warm_rank, warm_count)]),
            "first_after_store_ms": first_after_store_ms, "fresh_rank": summary(fresh_rank), "fresh_count": summary(fresh_count),
            "cold_both": summary([a + b for a, b in zip(cold_rank, cold_count)])}


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np

    from bench.bench_search import MESSAGES, REAL_VECTORS, checkout, derived_vectors, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from memory_core.storage import compaction
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    load_start = os.getloadavg()[0]
    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    batch = queries(random.Random(5))
    figures: dict = {"before_rev": BEFORE_REV, "runs": {"before": [], "after": []}}
    with tempfile.TemporaryDirectory(prefix="mneme-bench-unified-") as scratch_name:
        scratch = Path(scratch_name)
        data_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32),
                                                                                  MESSAGES), embedder, scratch)
        store = Store.open(data_dir, PASSPHRASE)
        assert compaction.compact(store, force=True).ran
        store.close()
        before_code = checkout(BEFORE_REV, scratch / "before")
        assert before_code is not None, f"git could not give {BEFORE_REV}"
        (scratch / "queries.json").write_text(json.dumps(batch), encoding="utf-8")
        for _ in range(ROUNDS):
            for version, code in (("before", before_code), ("after", ROOT)):
                copy = scratch / f"data-{version}"
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(data_dir, copy)
                env = dict(os.environ, PYTHONPATH=f"{code}{os.pathsep}{ROOT}", HF_HUB_OFFLINE="1")
                done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(copy),
                                       str(scratch / "queries.json")], env=env, cwd=str(code), check=True,
                                      capture_output=True, text=True)
                figures["runs"][version].append(json.loads(done.stdout.strip().splitlines()[-1]))
                shutil.rmtree(copy, ignore_errors=True)
                print(f"  {version}: done", flush=True)
    figures["load_start"], figures["load_end"] = load_start, os.getloadavg()[0]
    write(figures)


def write(figures: dict) -> None:
    before, after = figures["runs"]["before"], figures["runs"]["after"]
    same = [all(b == a for b, a in zip(x["answers"], y["answers"])) for x in before for y in after]
    queries = after[0]["queries"]
    differing = sum(b != a for b, a in zip(before[0]["answers"], after[0]["answers"]))

    def med(runs: list[dict], key: str, field: str | None = None) -> float:
        return statistics.median(run[key][field] if field else run[key] for run in runs)

    def loads(runs: list[dict]) -> float:
        return statistics.median(s for run in runs for s in run["load_s"][1:])
    figures["identical_answers"] = all(same)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "postings_unified.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = [
        "# One copy of the message index, and search right after a stored message (100,000 messages, compacted)",
        "", f"`python -m bench.bench_postings_unified`: before = `{figures['before_rev']}` (main: word counts and "
        "postings, two reads; SQL after any write until the memory pass), after = this branch (the postings alone, "
        "the counts derived from them; the rows stored since the read merged in). Each version in its own process "
        f"on its own copy, alternated, {len(before)} rounds each; medians over the rounds.", "",
        "| | before | after |", "|---|---|---|",
        f"| copies held | {', '.join(m.rsplit('.', 1)[1] for m in before[0]['modules'])} | "
        f"{', '.join(m.rsplit('.', 1)[1] for m in after[0]['modules'])} |",
        f"| read at unlock / after a memory pass, s (median of loads 2-{LOADS}) | {loads(before):.2f} | "
        f"{loads(after):.2f} |",
        f"| held once read, traced MB | {med(before, 'held_traced_mb'):.1f} | {med(after, 'held_traced_mb'):.1f} |",
        f"| peak traced during a read, MB | {med(before, 'load_peak_traced_mb'):.1f} | "
        f"{med(after, 'load_peak_traced_mb'):.1f} |",
        f"| structures, MB | " + ", ".join(f"{k} {v:.1f}" for k, v in before[0]["structures_mb"].items()) + " | " +
        ", ".join(f"{k} {v:.1f}" for k, v in after[0]["structures_mb"].items()) + " |"]
    for mode, label in (("warm", "warm"), ("cold", f"cold, first {COLD_QUERIES} queries")):
        for stage, what in (("rank", "message BM25 (`_bm25_kind`)"), ("count", "document counts of the words"),
                            ("both", "both")):
            key = f"{mode}_{stage}"
            lines.append(f"| after a stored message, {what}, {label}: mean / p50 / p95 ms | "
                         f"{med(before, key, 'mean_ms'):.2f} / {med(before, key, 'p50_ms'):.2f} / "
                         f"{med(before, key, 'p95_ms'):.2f} | {med(after, key, 'mean_ms'):.2f} / "
                         f"{med(after, key, 'p50_ms'):.2f} / {med(after, key, 'p95_ms'):.2f} |")
    for stage, what in (("rank", "message BM25 (`_bm25_kind`)"), ("count", "document counts of the words")):
        key = f"fresh_{stage}"
        lines.append(f"| nothing stored since the read (both from memory), {what}, warm: mean / p50 / p95 ms | "
                     f"{med(before, key, 'mean_ms'):.2f} / {med(before, key, 'p50_ms'):.2f} / "
                     f"{med(before, key, 'p95_ms'):.2f} | {med(after, key, 'mean_ms'):.2f} / "
                     f"{med(after, key, 'p50_ms'):.2f} / {med(after, key, 'p95_ms'):.2f} |")
    lines.append(f"| the first query after the store (after: with reading the tail), ms | "
                 f"{med(before, 'first_after_store_ms'):.2f} | {med(after, 'first_after_store_ms'):.2f} |")
    lines += ["", f"Answers: of {queries} queries, the ranked rows (rowid and score, `==`) and the words' counts "
              f"{'identical in every query' if figures['identical_answers'] else f'differ in {differing}'} between "
              "the two versions, every round.",
              f"Load average (1 min) {figures['load_start']:.1f} at start, {figures['load_end']:.1f} at end "
              "(2 cores shared by several engineers: compare the two columns, not the absolute figures).", "",
              "## How often a search meets rows stored since the read", "",
              "- The app: the memory worker reads the postings again at the *end* of each memory pass "
              "(observational/worker.py `run_pending`: the fact pass, the observer and reflector when due, the "
              "next turn's prefix prepared on the background context, the fact matcher, then the read: "
              f"{loads(after):.2f} s here at 100k). Every search before that end meets a stale copy: the next "
              "turn's recall when the user answers while the pass runs (the prefix preparation alone evaluates one "
              "exchange on the background context, om_recall_ttft.md), and every search during the read itself. "
              "Before, such a search ranked messages in SQL and counted prefixes of several terms in SQL (and the "
              "rows above the newest id in SQL for the rest); after, it scores from the postings and the tail (the "
              "tail read once per state of the index: the first query after the store above).",
              "- The CLI: `mneme memory search QUERY` reads no copy (one query: SQL, as before) and `--batch` reads "
              "the postings once before its first query, so neither meets a tail; `memory add` then "
              "`memory search` are two processes.", ""]
    (RESULTS / "postings_unified.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        sys.path.insert(0, os.getcwd())
        print(json.dumps(child(Path(sys.argv[2]), json.loads(Path(sys.argv[3]).read_text(encoding="utf-8")))))
    else:
        main()
