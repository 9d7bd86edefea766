"""Fit recall's fusion weights on the **dev** split of bench_recall's conversations (never on test), all four
question conditions at once, and write the grid and the chosen weights.

Imports the generated conversations once into a store under bench/work/ (the one ``bench_recall --reuse``
uses), then runs every dev question in process with the real MiniLM embedder for each point of a small
grid, one constant group at a time (coordinate search, starting from the module defaults). The objective is
the mean over conditions of any@10 and all@10, and a point is admissible only if, on every condition, its
dev any@10 is at least that of the best dev baseline (plain BM25 over "speaker: text", naive RRF; scored in
the same run). The chosen values are copied by hand into the modules (their comments cite this file);
bench_recall.py then reports dev and test with them.

``python -m bench.recall_fit`` writes bench/results/recall_fit.md and .json;
``python -m bench.recall_fit --grid '{"fusion.SCORE_BM25": [0.25, 0.5]}'`` runs one grid of your own.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import time

from bench.bench_recall import (CONDITIONS, PASSPHRASE, RESULTS, bm25_baseline, dense_baseline, rrf,
                                score, turn_vectors)
from bench.recall_corpus import build, import_lines
from bench.tune_recall import CachedEmbedder, imported_store

#: The coordinate search: each group is tried in turn, keeping the best admissible value of the ones before.
GRID: list[dict[str, list]] = [
    {"W_feedback": [0.0, 0.25, 0.5, 1.0, 1.5]},
    {"feedback.FEEDBACK_TERMS": [3, 6, 10]},
    {"query_terms.FRAME_WEIGHT": [1.0, 0.3, 0.1, 0.0]},
    {"reserve.RESERVED": [0, 1, 2, 3]},
    {"fusion.SCORE_BM25": [0.25, 0.5, 1.0]},
    {"fusion.SCORE_COVERAGE": [0.5, 1.0]},
    {"fusion.SCORE_DENSE": [1.5, 2.0, 3.0]},
]

#: The ranking before this fit (main before issue 13's round 3).
BEFORE = {"W_feedback": 0.0, "query_terms.FRAME_WEIGHT": 1.0, "reserve.RESERVED": 0, "fusion.SCORE_DENSE": 2.0}


def _set(name: str, value) -> None:
    if name.startswith("W_"):
        importlib.import_module("memory_core.recall.search").WEIGHTS[name[2:]] = value
        return
    module, attribute = name.rsplit(".", 1)
    setattr(importlib.import_module(f"memory_core.recall.{module}"), attribute, value)


def _get(name: str):
    if name.startswith("W_"):
        return importlib.import_module("memory_core.recall.search").WEIGHTS[name[2:]]
    module, attribute = name.rsplit(".", 1)
    return getattr(importlib.import_module(f"memory_core.recall.{module}"), attribute)


def evaluate(store, questions, embedder) -> dict:
    """condition -> {any@10, all@10, false abstentions}, and the objective."""
    from memory_core.recall import search

    per: dict[str, dict[str, float]] = {}
    for question in questions:
        if not question.evidence:
            continue
        result = search.search(store, question.query, k=10, embedder=embedder)
        metrics = score([[e for e in h.external_ids if e] for h in result.hits], question.evidence)
        row = per.setdefault(question.condition, {"any@10": 0.0, "all@10": 0.0, "false_abstain": 0.0, "n": 0})
        row["any@10"] += metrics["any@10"]
        row["all@10"] += metrics["all@10"]
        row["false_abstain"] += result.abstained
        row["n"] += 1
    out = {c: {m: (round(v / row["n"], 3) if m != "n" else v) for m, v in row.items()} for c, row in per.items()}
    out["objective"] = round(sum(out[c]["any@10"] + out[c]["all@10"] for c in per) / (2 * len(per)), 4)
    return out


def baselines(conversations, questions, embedder) -> dict:
    turns = import_lines(conversations)
    bm25 = bm25_baseline(turns, questions, with_speaker=True)
    dense = dense_baseline(turns, questions, embedder, turn_vectors(turns, embedder))
    out = {}
    for name, ranking in (("bm25", bm25), ("rrf", rrf(bm25, dense))):
        for condition in CONDITIONS:
            rows = [score(ranking[q.id], q.evidence) for q in questions if q.condition == condition and q.evidence]
            out.setdefault(condition, {})[name] = round(sum(r["any@10"] for r in rows) / len(rows), 3)
    return out


def admissible(metrics: dict, floor: dict) -> bool:
    return all(metrics[c]["any@10"] >= max(floor[c].values()) for c in floor if c in metrics)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grid", help="JSON {name: [values]} of one grid (printed, not written)")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ["MNEME_PASSPHRASE"] = PASSPHRASE
    conversations, questions = build()
    dev = [q for q in questions if q.split == "dev"]
    data_dir = imported_store(conversations)
    from memory_core.recall.vectors import backfill_embeddings
    from mneme.session import open_or_create
    from models.embedder import SentenceEmbedder

    inner = SentenceEmbedder().load()
    embedder = CachedEmbedder(inner)
    floor = baselines(conversations, dev, inner)
    print("dev baselines any@10", floor, flush=True)
    groups = [json.loads(args.grid)] if args.grid else GRID
    rows = []
    with open_or_create(data_dir) as store:
        backfill_embeddings(store, inner, limit=None)
        if not args.grid:  # the ranking before this fit: no feedback, frame words as ordinary words, no reserve
            saved = {n: _get(n) for n in BEFORE}
            for name, value in BEFORE.items():
                _set(name, value)
            started = time.perf_counter()
            metrics = evaluate(store, dev, embedder)
            rows.append({"setting": {"before (main)": True, **BEFORE}, "metrics": metrics,
                         "admissible": admissible(metrics, floor), "seconds": round(time.perf_counter() - started)})
            print(json.dumps(rows[-1]), flush=True)
            for name, value in saved.items():
                _set(name, value)
        for group in groups:
            best = None
            for name, values in group.items():
                for value in values:
                    before = _get(name)
                    _set(name, value)
                    started = time.perf_counter()
                    metrics = evaluate(store, dev, embedder)
                    setting = {n: _get(n) for g in groups for n in g}
                    row = {"setting": setting, "metrics": metrics, "admissible": admissible(metrics, floor),
                           "seconds": round(time.perf_counter() - started)}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    if row["admissible"] and (best is None or metrics["objective"] > best[2]):
                        best = (name, value, metrics["objective"])
                    _set(name, before)
                if best is not None and best[0] == name:
                    _set(name, best[1])
    chosen = {n: _get(n) for g in groups for n in g}
    print("chosen", chosen, flush=True)
    if args.grid:
        return
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall_fit.json").write_text(json.dumps({"dev_baselines_any10": floor, "grid": GRID, "rows": rows,
                                                         "chosen": chosen}, indent=2) + "\n", encoding="utf-8")
    lines = ["# Recall fusion weights fitted on dev (bench/recall_fit.py)", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Dev split only (conversations 0-5), all "
             f"four conditions, {sum(1 for q in dev if q.evidence)} answerable questions; real MiniLM embedder, "
             "in process. Objective: mean of any@10 and all@10 over conditions; admissible only if every "
             "condition's dev any@10 >= its best dev baseline (" +
             ", ".join(f"{c} {max(v.values()):.3f}" for c, v in floor.items()) + ").", "",
             "| setting | " + " | ".join(f"{c} any/all@10" for c in CONDITIONS) + " | objective | admissible | s |",
             "|---|" + "---|" * (len(CONDITIONS) + 3)]
    for row in rows:
        cells = [f"{row['metrics'][c]['any@10']:.3f} / {row['metrics'][c]['all@10']:.3f}" for c in CONDITIONS
                 if c in row["metrics"]]
        lines.append(f"| {json.dumps(row['setting'])} | " + " | ".join(cells) +
                     f" | {row['metrics']['objective']:.4f} | {row['admissible']} | {row['seconds']} |")
    lines += ["", f"Chosen: `{json.dumps(chosen)}`.", ""]
    (RESULTS / "recall_fit.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
