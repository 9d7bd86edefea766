"""Where a cold search's time goes, stage by stage, at 100k messages (the cached bench_search database).

Wraps recall's stage functions with timers (query embedding, BM25, the dense pass, hydration, IDF
look-ups, fusion, ...) and runs ``MNEME_PROFILE_QUERIES`` (60) of bench_search's unique queries
cold (new connection, DF cache cleared, files evicted from the OS page cache), like bench_search.
Stages nest in a few places (``_search_once`` holds the rest; a time phrase that finds nothing
runs it twice), so the rows do not add up to the total. Writes bench/results/search_stages.md/.json,
one column per ``MNEME_PROFILE_LABEL``: "after" for this checkout, "before" when run with main's
``memory_core`` first on the path (the stages a version lacks are simply not timed).
"""
from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
QUERIES = int(os.environ.get("MNEME_PROFILE_QUERIES", "60"))
#: Which column of search_stages.md this run fills ("before": run with main's memory_core on the path).
LABEL = os.environ.get("MNEME_PROFILE_LABEL", "after")
#: recall.search functions timed when this checkout has them (both the old and the new layout are profiled).
STAGES = ("_bm25", "_hydrate", "_idf_df", "_term_weights", "_named_speakers", "_speaker_index", "_fuse", "_confident",
          "index_for", "_about_named", "parse_time_filter", "_recent_in_window", "_stand_ins", "words_held", "settle",
          "_hydrate_messages_beside")


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    torch.set_num_threads(1)
    import memory_core.recall.search as recall
    import memory_core.recall.vectors as vectors
    from bench.bench_search import MESSAGES, REAL_VECTORS, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import unlocked_search_store
    from bench.search_worker import drop_from_os_cache
    from models.embedder import SentenceEmbedder

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder().load()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    spent: dict[str, float] = {}

    def timed(name, function):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + (time.perf_counter() - started) * 1000
        return wrapper

    # every recall module that holds a stage's function by name (search.py was split: a stage may be called from
    # bm25, fusion, ... as well as from search), each wrapped once with the same timer
    import importlib
    import pkgutil

    import memory_core.recall as package
    holders = [importlib.import_module(f"memory_core.recall.{info.name}")
               for info in pkgutil.iter_modules(package.__path__)]
    for name in STAGES:
        original = getattr(recall, name, None) or next((getattr(m, name) for m in holders if hasattr(m, name)), None)
        if original is None:
            continue
        wrapped = timed(name, original)
        for module in holders:
            if getattr(module, name, None) is original:
                setattr(module, name, wrapped)
    bm25_module = next((m for m in holders if hasattr(m, "_bm25_kind")), None)
    if bm25_module is not None:  # BM25 per kind
        one_kind = bm25_module._bm25_kind

        def bm25_kind(store, kind, *args):
            return timed(f"_bm25 {kind}", one_kind)(store, kind, *args)
        for module in holders:
            if getattr(module, "_bm25_kind", None) is one_kind:
                module._bm25_kind = bm25_kind
    if hasattr(recall, "DenseLookup"):  # embedding + dense pass run beside the SQL: what the caller still waits for
        recall.DenseLookup.result = timed("waiting for embedding + dense pass (beside the SQL)",
                                          recall.DenseLookup.result)
    vectors.VectorIndex.search = timed("dense pass (VectorIndex.search)", vectors.VectorIndex.search)
    embedder.embed = timed("query embedding", embedder.embed)
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mneme-profile-search-") as scratch:
        data_dir, store = unlocked_search_store(corpus, real, embedder, Path(scratch))  # as after unlock
        recall.search(store, "warm up the speaker index", k=10, embedder=embedder)  # built once per store state
        per_stage: dict[str, list[float]] = {}
        totals = []
        batch = queries(random.Random(5))[:QUERIES]
        for query in batch:
            recall._DF_CACHE.clear()
            drop_from_os_cache(data_dir)
            connection = store.connect()
            spent.clear()
            started = time.perf_counter()
            recall.search(connection, query, k=10, embedder=embedder)
            totals.append((time.perf_counter() - started) * 1000)
            connection.close()
            for name in set(per_stage) | set(spent):
                per_stage.setdefault(name, [0.0] * (len(totals) - 1)).append(spent.get(name, 0.0))
        store.close()
    rows = {name: {"mean_ms": statistics.mean(v), "p50_ms": statistics.median(v), "p90_ms": percentile(v, 90),
                   "p95_ms": percentile(v, 95)} for name, v in per_stage.items()}
    figures = {"queries": len(totals), "total": {"mean_ms": statistics.mean(totals), "p50_ms": statistics.median(totals),
                                                 "p90_ms": percentile(totals, 90), "p95_ms": percentile(totals, 95)},
               "stages": rows, "load_start": load_start, "load_end": os.getloadavg()[0],
               "code": str(Path(recall.__file__).resolve().parents[2])}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / "search_stages.json"
    runs = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    runs = runs if "total" not in runs else {}  # the old one-run layout
    runs[LABEL] = figures
    path.write_text(json.dumps(runs, indent=1) + "\n", encoding="utf-8")
    write_table(runs)


def write_table(runs: dict) -> None:
    labels = [label for label in ("before", "after") if label in runs] + \
        [label for label in runs if label not in ("before", "after")]
    head = " | ".join(f"{label} mean ms | {label} p50 | {label} p95" for label in labels)
    lines = [f"# Where a cold search's time goes (unique queries, 100k messages)", "",
             f"| stage | {head} |", "|---|" + "---|" * (3 * len(labels)),
             "| **whole search()** | " + " | ".join(
                 f"**{runs[l]['total']['mean_ms']:.1f}** | {runs[l]['total']['p50_ms']:.1f} | "
                 f"**{runs[l]['total']['p95_ms']:.1f}**" for l in labels) + " |"]
    names = sorted({name for l in labels for name in runs[l]["stages"]},
                   key=lambda name: -max(runs[l]["stages"].get(name, {"mean_ms": 0})["mean_ms"] for l in labels))
    for name in names:
        cells = []
        for l in labels:
            row = runs[l]["stages"].get(name)
            cells.append("–  | – | –" if row is None else
                         f"{row['mean_ms']:.1f} | {row['p50_ms']:.1f} | {row['p95_ms']:.1f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "Runs: " + "; ".join(f"**{l}** = {runs[l]['code']}, {runs[l]['queries']} queries, load average "
                                        f"(1 min) {runs[l]['load_start']:.1f} at start, {runs[l]['load_end']:.1f} "
                                        "at end" for l in labels) + " (2 shared cores).", "",
              "Cold as in search.md (new connection, DF cache cleared, files evicted from the OS page cache before "
              "each query; model, vector index, the speaker-name cache and, where the version has them, recall's word counts "
              "loaded, as in the app after unlock: one untimed search first). Stages nest (`_bm25` holds `_bm25 message`; `settle` holds the reads and "
              "`_fuse` calls it makes; in the after column messages are read by `_hydrate_messages_beside` (half "
              "on the helper connection), other kinds by `_hydrate`, which no query here needed; `_term_weights` holds `_idf_df`; a time phrase that finds nothing runs the "
              "search twice), so rows need not add up. In the after column the query embedding and the dense pass "
              "run on a helper thread beside the SQL: their rows are time spent there, and *waiting for embedding "
              "+ dense pass* is what the search itself still waited. Timers wrap the functions, so their own cost "
              "is included. The two runs were made one after the other, not interleaved: bench_search.py is the "
              "same-run comparison.", ""]
    (RESULTS / "search_stages.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
