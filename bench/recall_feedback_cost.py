"""What the feedback channel (memory_core/recall/feedback.py) costs per search, on bench_recall's store.

Runs every dev question of bench_recall (all four conditions) in process against the store ``bench_recall
--reuse`` imported (bench/work/recall-store, 5,016 turns), with the real MiniLM embedder (query vectors cached
after a warm-up pass, so the figures are recall's own work), once with the channel on and once off, in
alternating blocks of 50 questions so that the load of the shared machine falls on both alike.

``python -m bench.recall_feedback_cost`` writes bench/results/recall_feedback_cost.md and .json.
"""
from __future__ import annotations

import json
import os
import statistics
import time

from bench.bench_recall import PASSPHRASE, RESULTS, WORK
from bench.recall_corpus import build
from bench.tune_recall import CachedEmbedder

BLOCK = 50


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ["MNEME_PASSPHRASE"] = PASSPHRASE
    from memory_core.recall import search
    from mneme.session import open_or_create
    from models.embedder import SentenceEmbedder

    _, questions = build()
    dev = [q.query for q in questions if q.split == "dev"]
    embedder = CachedEmbedder(SentenceEmbedder().load())
    weight = search.WEIGHTS["feedback"]
    times: dict[str, list[float]] = {"on": [], "off": []}
    with open_or_create(WORK / "recall-store", create=False) as store:
        for query in dev:  # warm-up: query vectors, page cache, IDF cache
            search.search(store, query, k=10, embedder=embedder)
        for start in range(0, len(dev), BLOCK):
            for label in ("on", "off") if (start // BLOCK) % 2 == 0 else ("off", "on"):
                search.WEIGHTS["feedback"] = weight if label == "on" else 0.0
                for query in dev[start:start + BLOCK]:
                    began = time.perf_counter()
                    search.search(store, query, k=10, embedder=embedder)
                    times[label].append((time.perf_counter() - began) * 1000)
    search.WEIGHTS["feedback"] = weight
    summary = {label: {"n": len(values), "mean_ms": round(statistics.fmean(values), 2),
                       "median_ms": round(statistics.median(values), 2), "p90_ms": round(_percentile(values, 0.9), 2),
                       "p95_ms": round(_percentile(values, 0.95), 2)} for label, values in times.items()}
    print(json.dumps(summary))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall_feedback_cost.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    lines = ["# The feedback channel's cost per search (bench/recall_feedback_cost.py)", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on a shared 2-core machine (other jobs "
             f"running). {len(dev)} dev questions of bench_recall (four conditions), in process, store of 5,016 "
             "turns, MiniLM query vectors cached after a warm-up pass; on and off in alternating blocks of "
             f"{BLOCK}.", "", "| feedback | n | mean ms | median ms | p90 ms | p95 ms |", "|---|---|---|---|---|---|"]
    for label, row in summary.items():
        lines.append(f"| {label} | {row['n']} | {row['mean_ms']} | {row['median_ms']} | {row['p90_ms']} | "
                     f"{row['p95_ms']} |")
    lines += ["", "Not measured here: the cost at 100k messages (bench_search.py), cold caches.", ""]
    (RESULTS / "recall_feedback_cost.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
