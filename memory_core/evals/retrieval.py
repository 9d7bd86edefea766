"""Retrieval evaluation: recall@5 and @10 of evidence messages, hybrid vs BM25 alone vs dense alone.

The labelled set (bench/data/retrieval_set.json) is imported through the real
importer into a scratch encrypted store, embedded once, and every question is
asked three ways in the same run: the full hybrid recall, the BM25 channel
alone and the dense channel alone (messages only, no abstention gate, no time
filter, so the three differ only in how they rank).
"""
from __future__ import annotations

import json
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from memory_core.llm import Embedder
from memory_core.portability.importers import import_file
from memory_core.recall import search as recall
from memory_core.recall.vectors import backfill_embeddings
from memory_core.storage.store import Store

METHODS = {"hybrid": None, "bm25": ("bm25",), "dense": ("dense",)}
KS = (5, 10)


def default_dataset_path() -> Path:
    return Path(__file__).resolve().parent.parent / "bench" / "data" / "retrieval_set.json"


def _write_jsonl(data: dict[str, Any], path: Path) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for session in data["sessions"]:
            for message in session["messages"]:
                handle.write(json.dumps({"thread": session["thread"], **message}, ensure_ascii=False) + "\n")


def run_retrieval_eval(dataset: Path, *, embedder: Embedder | None) -> dict[str, Any]:
    data = json.loads(Path(dataset).read_text(encoding="utf-8"))
    methods = {name: channels for name, channels in METHODS.items() if embedder is not None or name == "bm25"}
    with tempfile.TemporaryDirectory(prefix="mneme-retrieval-") as scratch:
        store = Store.create(Path(scratch) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        try:
            source = Path(scratch) / "set.jsonl"
            _write_jsonl(data, source)
            report = import_file(store, source)
            started = time.perf_counter()
            embedded = backfill_embeddings(store, embedder, limit=None) if embedder is not None else 0
            embed_s = time.perf_counter() - started
            per_method: dict[str, dict[str, Any]] = {}
            for name, channels in methods.items():
                per_type: dict[str, dict[int, list[float]]] = {}
                latencies = []
                misses = []
                for question in data["questions"]:
                    began = time.perf_counter()
                    result = recall.search(store, question["query"], k=max(KS), embedder=embedder,
                                           kinds=("message",), channels=channels, gate=False, time_filter=False)
                    latencies.append((time.perf_counter() - began) * 1000)
                    found = [external for hit in result.hits for external in hit.external_ids]
                    wanted = set(question["evidence"])
                    for k in KS:
                        share = len(wanted & set(found[:k])) / len(wanted)
                        per_type.setdefault(question["type"], {}).setdefault(k, []).append(share)
                        per_type.setdefault("all", {}).setdefault(k, []).append(share)
                    if not wanted & set(found[:10]):
                        misses.append(question["id"])
                per_method[name] = {
                    **{f"recall@{k}": statistics.mean(per_type["all"][k]) for k in KS},
                    "by_type": {t: {f"recall@{k}": statistics.mean(v[k]) for k in KS}
                                for t, v in per_type.items() if t != "all"},
                    "p50_ms": statistics.median(latencies), "missed_at_10": misses,
                }
        finally:
            store.close()
    return {"dataset": str(dataset), "messages": report.added, "questions": len(data["questions"]),
            "embedder": getattr(embedder, "model_id", None), "embedded": embedded,
            "embed_seconds": round(embed_s, 1), "methods": per_method}


def format_table(results: dict[str, Any]) -> str:
    types = sorted({t for m in results["methods"].values() for t in m["by_type"]})
    header = "| method | recall@5 | recall@10 | " + " | ".join(f"{t} @10" for t in types) + " | p50 ms |"
    lines = [f"{results['questions']} questions over {results['messages']} messages "
             f"(embedder: {results['embedder'] or 'none'})", "", header,
             "|" + "---|" * (4 + len(types))]
    for name, figures in results["methods"].items():
        lines.append(f"| {name} | {figures['recall@5']:.3f} | {figures['recall@10']:.3f} | " +
                     " | ".join(f"{figures['by_type'][t]['recall@10']:.3f}" for t in types) +
                     f" | {figures['p50_ms']:.1f} |")
    return "\n".join(lines)
