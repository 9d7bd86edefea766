"""Recall on generated multi-session conversations, against the baselines, in one run.

What runs (all on the same generated data, bench/recall_corpus.py), for four question conditions:
**paraphrase** (recall_corpus.py: questions that avoid the evidence's words), **lexical**
(recall_lexical.py: questions that reuse a few words of the evidence turn, as annotators reading the
chat write them) and **topic** (recall_topic.py: template families that name the people and the event's
everyday topic and ask across sessions) and **annotator** (recall_annotator.py: the person's name, a few bent
evidence words and the asker's own words mixed; separate dev and test frame pools). All split by conversation
(dev 0-5, test 6-11); ranking is fitted on dev only (bench/recall_fit.py); test is reported beside it.

* **Mneme**: the real CLI, as an outside check uses it: ``mneme memory import conv.jsonl`` into a
  fresh encrypted store, then ``mneme memory search --batch q.jsonl --json --k 10`` (MiniLM embedder,
  hybrid recall with everything on).
* **Baselines**, in process, over the same turns: FTS5 BM25 over "speaker: text", FTS5 BM25 over
  text only (both: query words minus stopwords, OR-ed), all-MiniLM-L6-v2 dense over text only (exact
  cosine), and naive RRF (k=60) of BM25 ("speaker: text") and dense.

Metrics per condition, split (dev / test) and question kind: any@5, all@5, any@10, all@10 (is one / every
evidence turn among the external ids of the first k hits); for unanswerable questions the share
Mneme abstains on; false abstentions on answerable ones. Also: how many answerable questions share
a rare word with their evidence, and the batch search time.

``python -m bench.bench_recall`` writes bench/results/recall.md and recall.json.
``--reuse`` keeps the imported store under bench/work/ between runs (for development only).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.recall_corpus import KINDS, build, import_lines, rare_overlap_share

RESULTS = Path(__file__).parent / "results"
WORK = Path(__file__).parent / "work"
ROOT = Path(__file__).resolve().parent.parent
PASSPHRASE = "bench-recall-passphrase"
CUTOFFS = (5, 10)
DEPTH = 10


# -- scoring ---------------------------------------------------------------------------------------
def score(ranked: list[list[str]], evidence: list[str]) -> dict[str, float]:
    """ranked: the external ids of each hit, in hit order."""
    out = {}
    for k in CUTOFFS:
        seen = {i for hit in ranked[:k] for i in hit}
        out[f"any@{k}"] = float(any(e in seen for e in evidence))
        out[f"all@{k}"] = float(all(e in seen for e in evidence))
    return out


CONDITIONS = ("paraphrase", "lexical", "topic", "annotator")


def table(results: dict[str, dict[str, list[dict[str, float]]]], questions) -> dict:
    """method -> condition -> split -> kind -> metric -> mean (and n)."""
    summary: dict = {}
    for method, per_question in results.items():
        summary[method] = {}
        for condition in CONDITIONS:
            summary[method][condition] = {}
            for split in ("dev", "test"):
                summary[method][condition][split] = {}
                for kind in ("all",) + KINDS:
                    rows = [per_question[q.id] for q in questions if q.split == split and q.evidence and
                            q.condition == condition and (kind == "all" or q.kind == kind)]
                    if not rows:
                        continue
                    cell = {m: round(sum(r[m] for r in rows) / len(rows), 3) for m in rows[0]}
                    cell["n"] = len(rows)
                    summary[method][condition][split][kind] = cell
    return summary


# -- baselines -------------------------------------------------------------------------------------
def _fts_query(text: str) -> str | None:
    from memory_core.recall.search import STOPWORDS, words

    terms = [w.replace('"', "") for w in words(text) if w not in STOPWORDS and len(w) > 1]
    return " OR ".join(f'"{t}"' for t in dict.fromkeys(terms) if t) or None


def bm25_baseline(turns: list[dict], questions, *, with_speaker: bool) -> dict[str, list[list[str]]]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
    db.executemany("INSERT INTO t(rowid, body) VALUES (?, ?)",
                   [(n, f"{t['speaker']}: {t['text']}" if with_speaker else t["text"]) for n, t in enumerate(turns)])
    out = {}
    for question in questions:
        match = _fts_query(question.query)
        rows = db.execute("SELECT rowid FROM t WHERE t MATCH ? ORDER BY rank LIMIT 100", [match]).fetchall() \
            if match else []
        out[question.id] = [[turns[r[0]]["external_id"]] for r in rows]
    return out


def turn_vectors(turns: list[dict], embedder) -> np.ndarray:
    key = hashlib.sha256(json.dumps([t["text"] for t in turns]).encode()).hexdigest()[:16]
    path = WORK / f"recall-vectors-{key}.npy"
    if path.is_file():
        return np.load(path)
    vectors = np.asarray(embedder.embed_array([t["text"] for t in turns]), dtype=np.float32)
    WORK.mkdir(exist_ok=True)
    np.save(path, vectors)
    return vectors


def dense_baseline(turns, questions, embedder, vectors: np.ndarray) -> dict[str, list[list[str]]]:
    queries = np.asarray(embedder.embed_array([q.query for q in questions]), dtype=np.float32)
    out = {}
    for question, vector in zip(questions, queries):
        best = np.argsort(-(vectors @ vector))[:100]
        out[question.id] = [[turns[i]["external_id"]] for i in best]
    return out


def rrf(*rankings: dict[str, list[list[str]]], k: int = 60) -> dict[str, list[list[str]]]:
    out = {}
    for qid in rankings[0]:
        scores: dict[str, float] = {}
        for ranking in rankings:
            for rank, hit in enumerate(ranking[qid], start=1):
                scores[hit[0]] = scores.get(hit[0], 0.0) + 1.0 / (k + rank)
        out[qid] = [[i] for i in sorted(scores, key=scores.get, reverse=True)]
    return out


# -- Mneme through the CLI -------------------------------------------------------------------------------
def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, MNEME_PASSPHRASE=PASSPHRASE, HF_HUB_OFFLINE="1",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), *args], env=env,
                          capture_output=True, text=True, check=False)


def mneme_run(turns: list[dict], questions, data_dir: Path, reuse: bool) -> tuple[dict, dict, dict]:
    timings: dict[str, float] = {}
    fresh = not (reuse and data_dir.exists())
    if fresh:
        shutil.rmtree(data_dir, ignore_errors=True)
        data_dir.mkdir(parents=True)
        source = data_dir.parent / f"{data_dir.name}.jsonl"
        source.write_text("".join(json.dumps(t) + "\n" for t in turns), encoding="utf-8")
        started = time.perf_counter()
        done = _cli(data_dir, "memory", "import", str(source), "--json")
        timings["import_s"] = round(time.perf_counter() - started, 1)
        if done.returncode != 0:
            raise SystemExit(f"import failed: {done.stderr[-2000:]}")
    batch = data_dir.parent / f"{data_dir.name}-questions.jsonl"
    batch.write_text("".join(json.dumps({"id": q.id, "query": q.query}) + "\n" for q in questions), encoding="utf-8")
    started = time.perf_counter()
    done = _cli(data_dir, "memory", "search", "--batch", str(batch), "--json", "--k", str(DEPTH))
    timings["search_batch_s"] = round(time.perf_counter() - started, 1)
    if done.returncode != 0:
        raise SystemExit(f"search failed: {done.stderr[-2000:]}")
    ranked, abstained = {}, {}
    for line in done.stdout.splitlines():
        item = json.loads(line)
        ranked[item["id"]] = [[e for e in hit["external_ids"] if e] for hit in item["hits"]]
        abstained[item["id"]] = bool(item.get("abstained"))
    return ranked, abstained, timings


# -- report ---------------------------------------------------------------------------------------------
def write_report(summary: dict, extra: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "recall.json").write_text(json.dumps({"summary": summary, **extra}, indent=2) + "\n", encoding="utf-8")
    lines = ["# Recall on generated multi-session conversations", "",
             f"Run {extra['run_at']} on {extra['machine']}. Data: {extra['conversations']} two-person conversations, "
             f"{extra['turns']} turns, {extra['sessions_per_conversation']} sessions each over "
             f"{extra['span_days']} days on average; {extra['questions']} questions "
             f"({extra['answerable']} answerable) in four conditions. Split fixed before tuning, by conversation: "
             "dev = conversations 0-5, test = conversations 6-11.", "",
             "- **paraphrase** (bench/recall_corpus.py): questions that avoid the evidence's words; dev from "
             "template forms, test from separately hand-written forms.",
             "- **lexical** (bench/recall_lexical.py): questions as people write them while reading the chat: a "
             "few content words drawn from the evidence turn itself, in generic frames (no per-event question text).",
             "- **topic** (bench/recall_topic.py): template families written before any run of this condition, "
             "naming the people and the event's everyday topic (\"the move\", \"the race\"); multi-hop across two "
             "sessions, relative \"how long before\" and month questions, inference. Added after the ranking "
             "was first fitted on the other two conditions' dev splits; since bench/recall_fit.py (all four conditions) "
             "its dev split is fitted on too, its test split never.",
             "- **annotator** (bench/recall_annotator.py): questions as an annotator reading the chat writes them: the "
             "person's name, one or two words of the turn (bent half of the time: \"adopted\" -> \"adopt\"), the "
             "event's everyday name and a paraphrase of it mixed; who/what/why, \"when did ...\" (the session date), "
             "across two turns. Dev and test frames are separate pools, committed before any system ran on them.",
             "",
             f"Mneme = `mneme memory import` + `mneme memory search --batch --json --k {DEPTH}` "
             f"({extra['mneme_path']}). Baselines in process on the same turns, same run.", "",
             "Conversations and questions written by hand, by helper sessions that never read the search code, "
             "are scored by bench/bench_recall_written.py: recall_written.md (all in one store) and "
             "recall_written_per_conversation.md.", "",
             "Answerable questions sharing a rare word (df <= 5) with their evidence: " +
             ", ".join(f"{c} {v:.2f}" for c, v in extra["rare_overlap_share"].items()) + ".", ""]
    for condition in CONDITIONS:
        for split in ("test", "dev"):
            lines += [f"## {condition} condition, {split} split, all answerable questions", "",
                      "| method | any@5 | all@5 | any@10 | all@10 | n |", "|---|---|---|---|---|---|"]
            for method, per_condition in summary.items():
                row = per_condition[condition][split].get("all")
                if row is None:
                    continue
                lines.append(f"| {method} | {row['any@5']:.3f} | {row['all@5']:.3f} | {row['any@10']:.3f} | "
                             f"{row['all@10']:.3f} | {row['n']} |")
            lines.append("")
    for condition in CONDITIONS:
        for split in ("test", "dev"):
            lines += [f"## {condition} condition, {split} split, any@10 / all@10 per question kind", "",
                      "| method | " + " | ".join(k for k in KINDS if k != "unanswerable") + " |",
                      "|---|" + "---|" * (len(KINDS) - 1)]
            for method, per_condition in summary.items():
                cells = []
                for kind in KINDS:
                    if kind == "unanswerable":
                        continue
                    row = per_condition[condition][split].get(kind)
                    cells.append("-" if row is None else f"{row['any@10']:.3f} / {row['all@10']:.3f} (n={row['n']})")
                lines.append(f"| {method} | " + " | ".join(cells) + " |")
            lines.append("")
    lines += ["## Where Mneme is below the best baseline (any@10 or all@10, per condition, split and kind)", ""]
    below = []
    for condition in CONDITIONS:
        for split in ("test", "dev"):
            for kind in ("all",) + tuple(k for k in KINDS if k != "unanswerable"):
                ours = summary["Mneme memory search"][condition][split].get(kind)
                if ours is None:
                    continue
                for metric in ("any@10", "all@10"):
                    best_name, best = max(((name, per[condition][split][kind][metric]) for name, per in
                                           summary.items() if name != "Mneme memory search"
                                           and kind in per[condition][split]), key=lambda item: item[1])
                    if ours[metric] < best:
                        below.append(f"- {condition} {split} {kind} {metric}: Mneme {ours[metric]:.3f} < "
                                     f"{best_name} {best:.3f} (n={ours['n']})")
    lines += (below or ["- nowhere"]) + [""]
    lines += ["## Abstention (Mneme)", "",
              "| condition | split | false abstentions on answerable | abstentions on unanswerable |", "|---|---|---|---|"]
    for key, row in extra["abstention"].items():
        condition, split = key.split("/")
        lines.append(f"| {condition} | {split} | {row['false_abstention_rate']:.3f} ({row['false_abstentions']}/"
                     f"{row['answerable']}) | {row['unanswerable_abstention_rate']:.3f} ({row['unanswerable_abstained']}/"
                     f"{row['unanswerable']}) |")
    lines += ["", "## Cost", "", f"- Mneme import: {extra['timings'].get('import_s', 'reused')} s; batch search of "
              f"{extra['questions']} questions (one process: embedder load, vector backfill, searches): "
              f"{extra['timings']['search_batch_s']} s.",
              "", "Not measured here: answer quality (only whether evidence turns are retrieved); latency at 100k "
              "messages (bench_search.py); how close the lexical and annotator conditions are to real annotators (both are generated).", ""]
    (RESULTS / "recall.md").write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reuse", action="store_true", help="keep the imported store in bench/work (development)")
    parser.add_argument("--split", choices=("dev", "test", "both"), default="both")
    parser.add_argument("--condition", choices=CONDITIONS + ("both", "all"), default="all")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--typing", default="none", help="retype every question by one habit of bench_typing "
                        "(lower, noapos, casual ...): the same retyped questions go to Mneme and the baselines")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    conversations, questions = build()
    if args.split != "both":
        questions = [q for q in questions if q.split == args.split]
    if args.condition not in ("both", "all"):
        questions = [q for q in questions if q.condition == args.condition]
    if args.typing != "none":
        from dataclasses import replace

        from bench.bench_typing import TYPINGS
        questions = [replace(q, query=TYPINGS[args.typing](q.query)) for q in questions]
        args.no_write = True  # recall.md reports the questions as written
    turns = import_lines(conversations)
    from memory_core.recall.search import STOPWORDS
    from models.embedder import SentenceEmbedder

    embedder = SentenceEmbedder().load()
    vectors = turn_vectors(turns, embedder)
    bm25_speaker = bm25_baseline(turns, questions, with_speaker=True)
    dense = dense_baseline(turns, questions, embedder, vectors)
    rankings = {
        "plain FTS5 BM25 over \"speaker: text\"": bm25_speaker,
        "plain FTS5 BM25 over text only": bm25_baseline(turns, questions, with_speaker=False),
        "all-MiniLM-L6-v2 dense over text only": dense,
        "naive RRF (BM25 \"speaker: text\" + dense)": rrf(bm25_speaker, dense),
    }
    data_dir = (WORK if args.reuse else Path(tempfile.mkdtemp(prefix="mneme-recall-"))) / "recall-store"
    mneme_ranked, abstained, timings = mneme_run(turns, questions, data_dir, args.reuse)
    results = {"Mneme memory search": {q.id: score(mneme_ranked.get(q.id, []), q.evidence) for q in questions}}
    for name, ranking in rankings.items():
        results[name] = {q.id: score(ranking[q.id], q.evidence) for q in questions}
    summary = table(results, questions)
    abstention = {}
    for condition in CONDITIONS:
        for split in ("dev", "test"):
            answerable = [q for q in questions if q.split == split and q.condition == condition and q.evidence]
            unanswerable = [q for q in questions if q.split == split and q.condition == condition and not q.evidence]
            if not answerable:
                continue
            false = sum(abstained.get(q.id, False) for q in answerable)
            right = sum(abstained.get(q.id, False) for q in unanswerable)
            abstention[f"{condition}/{split}"] = {
                "answerable": len(answerable), "false_abstentions": false,
                "false_abstention_rate": round(false / len(answerable), 3),
                "unanswerable": len(unanswerable), "unanswerable_abstained": right,
                "unanswerable_abstention_rate": round(right / max(1, len(unanswerable)), 3)}
    spans = [(c.turns[-1].at - c.turns[0].at).days for c in conversations]
    extra = {"run_at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
             "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared)",
             "conversations": len(conversations), "turns": len(turns), "sessions_per_conversation": 22,
             "span_days": round(sum(spans) / len(spans)), "questions": len(questions),
             "answerable": sum(1 for q in questions if q.evidence),
             "rare_overlap_share": {c: round(rare_overlap_share(conversations, [q for q in questions if q.condition == c],
                                                                STOPWORDS), 3) for c in CONDITIONS},
             "mneme_path": "MiniLM embedder, default search settings, kinds message+observation+fact",
             "abstention": abstention, "timings": timings,
             "per_question": {q.id: {"split": q.split, "condition": q.condition, "kind": q.kind, "query": q.query, "evidence": q.evidence,
                                     "mneme_any10": results["Mneme memory search"][q.id]["any@10"],
                                     "abstained": abstained.get(q.id, False)} for q in questions}}
    for condition in CONDITIONS:
        for split in ("dev", "test"):
            for method, per_condition in summary.items():
                row = per_condition[condition][split].get("all")
                if row:
                    print(f"{condition:10} {split:4} {method:45} any@5 {row['any@5']:.3f} all@5 {row['all@5']:.3f} "
                          f"any@10 {row['any@10']:.3f} all@10 {row['all@10']:.3f}")
    print(json.dumps(abstention), json.dumps(timings))
    if not args.no_write:
        write_report(summary, extra)


if __name__ == "__main__":
    main()
