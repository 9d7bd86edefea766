"""Fit recall's fusion constants on the **dev** split of bench_recall's conversations (never on test),
both question conditions (paraphrase and lexical) at once, so no constant serves one habit of asking only.

Imports the generated conversations once into a store under bench/work/, then runs the dev
questions in process for each setting of a small grid, one constant group at a time (coordinate
search), and prints any@10 / all@10 for each. The winning values are copied by hand into
the recall module that defines each (bench/recall_settings.py finds it); bench_recall.py then reports dev and test with them.

``python -m bench.tune_recall``
"""
from __future__ import annotations

import itertools
import json
import os
import sys
import time
from pathlib import Path

from bench.bench_recall import PASSPHRASE, WORK, _cli, score
from bench.recall_corpus import build, import_lines


class CachedEmbedder:
    """The real embedder, with query vectors kept between grid points (and ablation rows)."""

    def __init__(self, inner):
        self.inner, self.model_id, self.dimension, self._cache = inner, inner.model_id, inner.dimension, {}

    def embed(self, texts):
        missing = [t for t in texts if t not in self._cache]
        if missing:
            for text, vector in zip(missing, self.inner.embed(missing)):
                self._cache[text] = vector
        return [self._cache[t] for t in texts]


def evaluate(store, questions, embedder) -> dict[str, float]:
    """any@10 / all@10 per condition, their mean (the objective), and the gate's rates."""
    from memory_core.recall import search

    totals: dict[str, float] = {}
    counts: dict[str, int] = {}
    for question in questions:
        result = search.search(store, question.query, k=10, embedder=embedder)
        if not question.evidence:
            key = "abstain_unanswerable"
            totals[key] = totals.get(key, 0.0) + result.abstained
            counts[key] = counts.get(key, 0) + 1
            continue
        metrics = score([[e for e in h.external_ids if e] for h in result.hits], question.evidence)
        for name in ("any@10", "all@10"):
            key = f"{question.condition[:4]} {name}"
            totals[key] = totals.get(key, 0.0) + metrics[name]
            counts[key] = counts.get(key, 0) + 1
        totals["false_abstain"] = totals.get("false_abstain", 0.0) + result.abstained
        counts["false_abstain"] = counts.get("false_abstain", 0) + 1
    out = {name: round(value / counts[name], 3) for name, value in sorted(totals.items())}
    out["objective any@10"] = round((out.get("para any@10", 0) + out.get("lexi any@10", 0)) / 2, 3)
    return out


def imported_store(conversations) -> Path:
    """The store ``bench_recall --reuse`` imports (same data), imported through the CLI once and kept."""
    data_dir = WORK / "recall-store"
    if not data_dir.exists():
        data_dir.mkdir(parents=True)
        source = WORK / "recall-store.jsonl"
        source.write_text("".join(json.dumps(t) + "\n" for t in import_lines(conversations)), encoding="utf-8")
        done = _cli(data_dir, "memory", "import", str(source), "--json")
        assert done.returncode == 0, done.stderr
    return data_dir


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ["MNEME_PASSPHRASE"] = PASSPHRASE
    conversations, questions = build()
    dev = [q for q in questions if q.split == "dev"]
    data_dir = imported_store(conversations)
    from bench.recall_settings import owner
    from memory_core.recall import search
    from memory_core.recall.vectors import backfill_embeddings
    from mneme.session import open_or_create
    from models.embedder import SentenceEmbedder

    embedder = CachedEmbedder(SentenceEmbedder().load())
    grid = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    with open_or_create(data_dir) as store:
        backfill_embeddings(store, embedder.inner, limit=None)
        names = list(grid)
        for values in itertools.product(*(grid[n] for n in names)):
            for name, value in zip(names, values):
                if name.startswith("W_"):
                    search.WEIGHTS[name[2:]] = value
                else:
                    setattr(owner(name), name, tuple(value) if isinstance(value, list) else value)
            started = time.perf_counter()
            metrics = evaluate(store, dev, embedder)
            print(dict(zip(names, values)), metrics, f"{time.perf_counter() - started:.0f}s", flush=True)


if __name__ == "__main__":
    main()
