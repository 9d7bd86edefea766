"""Ablation of recall's ranking mechanisms on the **dev** split of bench_recall's conversations (never test).

Each row switches mechanisms of memory_core/recall/search.py on or off through its module constants and runs
every dev question (paraphrase and lexical conditions) in process against the same imported store, with the
real MiniLM embedder. The two strongest baselines of bench_recall (BM25 over "speaker: text", naive RRF) are
scored on the same dev questions in the same run, so each row can be read against them.

``python -m bench.recall_ablation`` writes bench/results/recall_ablation.md and .json.
``python -m bench.recall_ablation --try '{"CONTEXT_WEIGHT": 0.5}'`` prints one extra setting (exploration).
"""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from bench.bench_recall import (PASSPHRASE, RESULTS, WORK, _cli, bm25_baseline, dense_baseline, rrf, score,
                                turn_vectors)
from bench.recall_corpus import KINDS, build, import_lines
from bench.tune_recall import CachedEmbedder

#: The conditions ranking is fitted on (the topic condition, bench/recall_topic.py, is held out of fitting:
#: bench_recall reports both its splits).
FIT_CONDITIONS = ("paraphrase", "lexical")

#: The search module's defaults before this ablation (round 1 of issue 13), restated so each row is explicit.
ROUND_1 = {"UNSEEN_TERM_WEIGHT": 1.0, "UNSEEN_GATE_WEIGHT": 1.0, "SPEAKER_MODE": "multiply", "SPEAKER_BONUS": 1.0, "ANSWERS_COVERAGE": 1.0,
           "CONTEXT_WEIGHT": 0.0, "SESSION_WEIGHT": 0.0, "DEDUPLICATE": False, "THREAD_BONUS": 0.0}

#: (label, settings on top of ROUND_1). One mechanism at a time, then the kept set.
VARIANTS: list[tuple[str, dict]] = [
    ("round-1 ranking", {}),
    ("+ named person's threads x3 (THREAD_BONUS 2)", {"THREAD_BONUS": 2.0}),
    ("+ a thread's repeated texts after distinct ones", {"DEDUPLICATE": True}),
    ("+ neighbour context 0.3 (turn before/after, same session)", {"CONTEXT_WEIGHT": 0.3}),
    ("+ words nothing contains left out of the BM25 gate", {"UNSEEN_GATE_WEIGHT": 0.0}),
    ("+ words nothing contains weigh 0.5 (gate and coverage)", {"UNSEEN_TERM_WEIGHT": 0.5, "UNSEEN_GATE_WEIGHT": 0.5}),
    ("+ session context 0.2 (same thread, same day)", {"SESSION_WEIGHT": 0.2}),
    ("+ named speaker +0.3 instead of x2", {"SPEAKER_MODE": "add", "SPEAKER_BONUS": 0.3}),
    ("kept set + neighbour context 0.3", {"THREAD_BONUS": 2.0, "DEDUPLICATE": True, "CONTEXT_WEIGHT": 0.3}),
    ("kept set without the thread bonus", {"DEDUPLICATE": True}),
    ("kept set + words nothing contains left out of the BM25 gate",
     {"THREAD_BONUS": 2.0, "DEDUPLICATE": True, "UNSEEN_GATE_WEIGHT": 0.0}),
]


def summarise(per_question: dict[str, dict[str, float]], questions) -> dict:
    """condition -> kind -> {any@10, all@10, n} over answerable questions."""
    out: dict = {}
    for condition in FIT_CONDITIONS:
        out[condition] = {}
        for kind in ("all",) + tuple(k for k in KINDS if k != "unanswerable"):
            rows = [per_question[q.id] for q in questions if q.condition == condition and q.evidence and
                    (kind == "all" or q.kind == kind)]
            if rows:
                out[condition][kind] = {m: round(sum(r[m] for r in rows) / len(rows), 3)
                                        for m in ("any@10", "all@10")} | {"n": len(rows)}
    return out


def run_variant(store, questions, embedder, settings: dict) -> tuple[dict, dict]:
    from memory_core.recall import search

    from bench.recall_settings import owner

    saved = {name: getattr(owner(name), name) for name in settings}
    for name, value in settings.items():
        setattr(owner(name), name, value)
    try:
        per_question, abstained = {}, {}
        for question in questions:
            result = search.search(store, question.query, k=10, embedder=embedder)
            ranked = [[e for e in hit.external_ids if e] for hit in result.hits]
            per_question[question.id] = score(ranked, question.evidence)
            abstained[question.id] = result.abstained
    finally:
        for name, value in saved.items():
            setattr(owner(name), name, value)
    answerable = [q for q in questions if q.evidence]
    gate = {"false_abstentions": sum(abstained[q.id] for q in answerable), "answerable": len(answerable),
            "unanswerable_abstained": sum(abstained[q.id] for q in questions if not q.evidence),
            "unanswerable": len(questions) - len(answerable)}
    return summarise(per_question, questions), gate


def cell(summary: dict, condition: str, kind: str) -> str:
    row = summary[condition].get(kind)
    return "-" if row is None else f"{row['any@10']:.3f} / {row['all@10']:.3f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--try", dest="trials", action="append", default=[], help="JSON settings to print (no write)")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ["MNEME_PASSPHRASE"] = PASSPHRASE
    conversations, questions = build()
    dev = [q for q in questions if q.split == "dev" and q.condition in FIT_CONDITIONS]
    turns = import_lines(conversations)
    data_dir = WORK / "recall-store"  # the store bench_recall --reuse and tune_recall use (same data)
    if not data_dir.exists():
        data_dir.mkdir(parents=True)
        source = WORK / "recall-store.jsonl"
        source.write_text("".join(json.dumps(t) + "\n" for t in turns), encoding="utf-8")
        done = _cli(data_dir, "memory", "import", str(source), "--json")
        if done.returncode != 0:
            raise SystemExit(f"import failed: {done.stderr[-2000:]}")
    from memory_core.recall import search as search_module
    from memory_core.recall.vectors import backfill_embeddings
    from mneme.session import open_or_create
    from models.embedder import SentenceEmbedder

    embedder = CachedEmbedder(SentenceEmbedder().load())
    bm25_speaker = bm25_baseline(turns, dev, with_speaker=True)
    baselines = {"BM25 \"speaker: text\" (baseline)": bm25_speaker,
                 "naive RRF (baseline)": rrf(bm25_speaker, dense_baseline(turns, dev, embedder.inner,
                                                                          turn_vectors(turns, embedder.inner)))}
    rows: list[dict] = []
    for label, ranking in baselines.items():
        rows.append({"label": label, "settings": None, "summary": summarise(
            {q.id: score(ranking[q.id], q.evidence) for q in dev}, dev), "gate": None})
    shipped = {name: getattr(search_module, name) for name in ROUND_1}
    variants = [(f"try {t}", ROUND_1 | json.loads(t)) for t in args.trials] if args.trials else \
        [(label, ROUND_1 | settings) for label, settings in VARIANTS] + [("**shipped defaults (kept set)**", shipped)]
    with open_or_create(data_dir) as store:
        backfill_embeddings(store, embedder.inner, limit=None)
        for label, settings in variants:
            started = time.perf_counter()
            summary, gate = run_variant(store, dev, embedder, settings)
            rows.append({"label": label, "settings": settings, "summary": summary, "gate": gate,
                         "seconds": round(time.perf_counter() - started, 1)})
            print(label, json.dumps(summary), gate, flush=True)
    if args.trials:
        return
    write(rows, len(dev))


def write(rows: list[dict], questions: int) -> None:
    kinds = [k for k in KINDS if k != "unanswerable"]
    lines = ["# Recall ranking ablation (dev split only)", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {questions} dev questions of "
             "bench/bench_recall.py (conversations 0-5), in process against the store `mneme memory import` made, "
             "real MiniLM embedder, k = 10. Each row is round 1's ranking with one mechanism changed; the last row "
             "is what search.py ships. Cells: any@10 / all@10 over answerable questions. Test is not run here.", ""]
    for condition in FIT_CONDITIONS:
        lines += [f"## {condition} condition", "", "| ranking | all | " + " | ".join(kinds) + " |",
                  "|---|---|" + "---|" * len(kinds)]
        for row in rows:
            lines.append(f"| {row['label']} | {cell(row['summary'], condition, 'all')} | " +
                         " | ".join(cell(row['summary'], condition, k) for k in kinds) + " |")
        lines.append("")
    lines += ["## Abstention gate (both conditions)", "", "| ranking | false abstentions | unanswerable abstained |",
              "|---|---|---|"]
    for row in rows:
        if row["gate"]:
            gate = row["gate"]
            lines.append(f"| {row['label']} | {gate['false_abstentions']}/{gate['answerable']} | "
                         f"{gate['unanswerable_abstained']}/{gate['unanswerable']} |")
    lines.append("")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall_ablation.md").write_text("\n".join(lines), encoding="utf-8")
    (RESULTS / "recall_ablation.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
