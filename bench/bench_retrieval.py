"""Retrieval benchmark: recall@5/@10 of evidence messages for hybrid recall vs BM25 alone vs dense alone.

Uses the labelled set in bench/data/retrieval_set.json (built by
bench/data/build_retrieval_set.py) and the real embedder (all-MiniLM-L6-v2).
Writes bench/results/retrieval.md and retrieval.json.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    from memory_core.evals.retrieval import default_dataset_path, format_table, run_retrieval_eval
    from models.embedder import SentenceEmbedder

    torch.set_num_threads(1)  # one short query at a time: more threads only add contention on a busy machine

    results = run_retrieval_eval(default_dataset_path(), embedder=SentenceEmbedder().load())
    RESULTS.mkdir(parents=True, exist_ok=True)
    table = format_table(results)
    (RESULTS / "retrieval.md").write_text("# Retrieval: hybrid vs BM25 vs dense\n\n" + table + "\n", encoding="utf-8")
    (RESULTS / "retrieval.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
