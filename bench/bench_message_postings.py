"""The message postings held in memory (memory_core/recall/message_postings.py) at 100k messages: what reading
them costs (time, memory), and whether they rank exactly as FTS5 does.

On bench_search's cached database (a scratch copy, compacted as the app keeps it): the load timed several times
(the first includes creating the temp fts5vocab tables), the arrays' size, the process's peak memory during a
load (tracemalloc: Python and numpy allocations, not SQLite's page cache), and for bench_search's 300 unique
queries the top 50 from the postings against ``bm25(message_search, ...)`` in SQL, rowid and score compared
exactly (``==`` on the floats), plus how many queries the postings left to SQL. Writes
bench/results/message_postings.md/.json.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np

    from bench.bench_search import MESSAGES, REAL_VECTORS, derived_vectors, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from memory_core.recall import message_postings
    from memory_core.recall.bm25 import DEPTH, MESSAGE_COLUMNS, ranked_match
    from memory_core.storage import compaction
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder().load()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mneme-bench-postings-") as scratch:
        data_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32),
                                                                                  MESSAGES), embedder, Path(scratch))
        store = Store.open(data_dir, PASSPHRASE)
        assert compaction.compact(store, force=True).ran
        tracemalloc.start()
        loads = []
        for _ in range(5):
            message_postings.forget(store)
            started = time.perf_counter()
            message_postings.load(store)
            loads.append(time.perf_counter() - started)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        postings = message_postings._POSTINGS[str(store.path)]
        weights = ", ".join(str(weight) for weight in MESSAGE_COLUMNS)
        identical = differing = left_to_sql = 0
        scoring_ms, sql_ms = [], []
        for query in queries(random.Random(5)):
            match = ranked_match(query)
            if not match:
                continue
            started = time.perf_counter()
            held = message_postings.ranked(store, match, MESSAGE_COLUMNS, DEPTH)
            scoring_ms.append((time.perf_counter() - started) * 1000)
            if held is None:
                left_to_sql += 1
                continue
            started = time.perf_counter()
            in_sql = [(row[0], row[1]) for row in store.execute(
                f"SELECT rowid, bm25(message_search, {weights}) AS r FROM message_search WHERE message_search "
                "MATCH ? ORDER BY r LIMIT ?", [match, DEPTH])]
            sql_ms.append((time.perf_counter() - started) * 1000)
            identical += held == in_sql
            differing += held != in_sql
        figures = {
            "messages": MESSAGES, "rows": postings.row_count, "terms": len(postings.index.terms),
            "postings": int(len(postings.index.rows)), "load_seconds": [round(s, 3) for s in loads],
            "array_megabytes": round(postings.nbytes / 1e6, 1), "load_peak_traced_megabytes": round(peak / 1e6, 1),
            "queries": identical + differing + left_to_sql, "identical_top50": identical, "differing": differing,
            "left_to_sql": left_to_sql,
            "scoring_ms": {"mean": statistics.mean(scoring_ms), "p95": percentile(scoring_ms, 95)},
            "sql_warm_ms": {"mean": statistics.mean(sql_ms), "p95": percentile(sql_ms, 95)} if sql_ms else None,
            "load_start": load_start, "load_end": os.getloadavg()[0]}
        store.close()
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "message_postings.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = [
        "# Message postings held in memory, 100,000 messages (compacted store)", "",
        f"- Read (`message_postings.load`, two fts5vocab reads, off the search path): "
        f"{', '.join(f'{s:.2f}' for s in loads)} s (5 loads; the first creates the temp vocabulary tables).",
        f"- Held: {figures['rows']:,} rows, {figures['terms']:,} terms, {figures['postings']:,} (term, row) postings "
        f"in {figures['array_megabytes']} MB of arrays (rowids int32, per-column counts uint16, row lengths, each "
        f"term's text-column row count, the term list, the answered turns); peak traced allocation during a load "
        f"{figures['load_peak_traced_megabytes']} MB.",
        f"- Exactness: of {figures['queries']} bench_search queries, {identical} top-50 lists identical to "
        f"`bm25(message_search, {weights})` in SQL (rowid and score, compared with `==`), {differing} differing, "
        f"{left_to_sql} left to SQL (a word that is not one plain ASCII token).",
        f"- Ranking from the postings (warm, in memory, with the one-page staleness check): mean "
        f"{figures['scoring_ms']['mean']:.2f} ms, p95 {figures['scoring_ms']['p95']:.2f} ms; the same query in SQL "
        f"on a warm connection: mean {figures['sql_warm_ms']['mean']:.2f} ms, p95 {figures['sql_warm_ms']['p95']:.2f} "
        f"ms (cold, SQL reads the doclists and length rows from disk: search_stages.md, `_bm25 message`).",
        f"- Load average (1 min) {load_start:.1f} at start, {figures['load_end']:.1f} at end (2 shared cores).", ""]
    (RESULTS / "message_postings.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
