"""Search benchmark: hybrid recall over 100,000 messages plus their facts, cold, unique queries,
the code under test against an older version of it in the same run.

The corpus (bench/corpus.py) goes through the real hot path once (facts are
extracted as in the app); the finished encrypted database is cached under
~/.cache/mneme/bench (bench/search_fixture.py) and copied for each run.
Target: p95 <= 50 ms end to end.

Two worker processes (bench/search_worker.py) open the same database copy: one
imports this checkout, the other ``BEFORE_REV`` (default: main when this round
started, extracted with ``git archive``). Each query goes to both, alternating
which goes first, so both see the same machine load.

* **Unique queries**: 300 distinct query strings, none repeated.
* **Cold**: before *each* timed query, recall's document-frequency cache is
  cleared, a new database connection is opened (SQLCipher's page cache is per
  connection: empty) and the database files are dropped from the OS page cache
  (``posix_fadvise(DONTNEED)``, per file, which needs no root; not a global
  ``drop_caches``), so every page the query reads comes from disk and is
  decrypted again. What stays loaded is what the app holds from unlock on: the
  embedding model and the in-memory vector index (its load time is reported).
* **End to end** = the ``search()`` call with the real embedder: the query
  embedding is inside the timed call, its share is reported on its own.
* **Agreement**: each query's top-10 hit list from both versions (same database): kind, id and score.
* **The fast dense pass against exact search**: recall at 10, 50 and 300 of
  ``VectorIndex.search`` against brute-force cosine over the same 100,000+
  vectors, tie-aware, in both versions.

Vectors: computing 100,000 real embeddings takes an hour on this shared
2-core machine, so ``MNEME_BENCH_REAL_VECTORS`` (6,000: above the 5,000 where the fast pass starts) corpus messages get
real all-MiniLM-L6-v2 vectors (cached under bench/work/) and the rest get
vectors derived from them (a weighted mix of two real vectors plus small
noise, renormalized), which keeps the real vectors' anisotropy that sign-bit
quantization depends on. Query vectors are always real.
Writes bench/results/search.md and search.json (the store as built); ``--compacted`` search_compacted.*,
``--compacted-tail`` search_compacted_tail.* (compacted, then 1,000 chat messages stored after it), and
``--compacted-tail --layout-pair`` search_layout_pair.* (this checkout on both layouts, query by query).
"""
from __future__ import annotations

import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parent.parent
MESSAGES = int(os.environ.get("MNEME_BENCH_MESSAGES", "100000"))
REAL_VECTORS = int(os.environ.get("MNEME_BENCH_REAL_VECTORS", "6000"))
QUERIES = int(os.environ.get("MNEME_BENCH_QUERIES", "300"))
#: The version compared against: main when this round of the search-speed work (issue 13 item 4) started.
BEFORE_REV = os.environ.get("MNEME_BENCH_BEFORE_REV", "0dd99b8c55145b6c4bf722725895910f12429cd8")


def queries(rng: random.Random) -> list[str]:
    """QUERIES distinct queries (keywords, questions, time phrases, FTS syntax)."""
    from bench.corpus import CITIES, NAMES, ORGS, SUBJECTS, vocabulary

    vocab = vocabulary(random.Random(11))[-3000:]
    shapes = ("what did I say about {s}", "{w}", "{w} and {w2}", "where does the user live in {c}", "who is {n}",
              "what happened with {s} last month", "did {n} mention {w}", "{s} in March", "when is yoga with {n}",
              "what did I decide about {s} yesterday", "anything about {c} or {o}", "\"{w}\" AND (NEAR {w2}")
    seen: dict[str, None] = {}
    while len(seen) < QUERIES:
        text = rng.choice(shapes).format(s=rng.choice(SUBJECTS), w=rng.choice(vocab), w2=rng.choice(vocab),
                                         n=rng.choice(NAMES), c=rng.choice(CITIES), o=rng.choice(ORGS))
        seen.setdefault(text, None)
    return list(seen)



def derived_vectors(real: np.ndarray, total: int, seed: int = 17) -> np.ndarray:
    """``total`` unit vectors: the real ones, then mixes of two real vectors plus noise."""
    rng = np.random.default_rng(seed)
    extra = total - len(real)
    if extra <= 0:
        return real[:total]
    first, second = rng.integers(0, len(real), extra), rng.integers(0, len(real), extra)
    weight = rng.uniform(0.55, 0.95, (extra, 1)).astype(np.float32)
    mixed = weight * real[first] + (1 - weight) * real[second]
    mixed += rng.normal(0, 0.01, mixed.shape).astype(np.float32)
    mixed /= np.linalg.norm(mixed, axis=1, keepdims=True)
    return np.vstack([real, mixed.astype(np.float32)])


def summary(values: list[float]) -> dict:
    return {"samples": len(values), "mean_ms": statistics.mean(values), "p50_ms": statistics.median(values),
            "p90_ms": percentile(values, 90), "p95_ms": percentile(values, 95), "p99_ms": percentile(values, 99),
            "max_ms": max(values)}


class Worker:
    """A search_worker process importing the Mneme code in ``code_dir``."""

    def __init__(self, name: str, code_dir: Path, data_dir: Path):
        env = dict(os.environ, PYTHONPATH=str(code_dir), HF_HUB_OFFLINE="1")
        self.name = name
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).parent / "search_worker.py"),
                                         str(data_dir)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, text=True, cwd=str(code_dir))
        self.ready = self._read()

    def _read(self) -> dict:
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} search worker stopped")
        return json.loads(line)

    def ask(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        try:
            self.process.stdin.write('{"op": "quit"}\n')
            self.process.stdin.close()
        except OSError:
            pass
        self.process.wait(60)


def checkout(rev: str, target: Path) -> Path | None:
    """The engine and model code of ``rev`` (git archive), or None when git cannot give it."""
    target.mkdir(parents=True)
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "memory_core", "models"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return target


def agreement(before: list[dict], after: list[dict]) -> dict:
    """How alike the two versions' top-10 lists are, query by query."""
    same = same_order = overlap = abstain_same = 0
    score_gap = 0.0
    for old, new in zip(before, after):
        old_hits, new_hits = [tuple(h) for h in old["hits"]], [tuple(h) for h in new["hits"]]
        same += old_hits == new_hits
        # a query vector equal to float32 rounding (another encoder) moves scores by ~1e-7, not the list
        same_order += [h[:2] for h in old_hits] == [h[:2] for h in new_hits]
        if [h[:2] for h in old_hits] == [h[:2] for h in new_hits]:
            score_gap = max([score_gap] + [abs(a[2] - b[2]) for a, b in zip(old_hits, new_hits)])
        union = max(len(old_hits), len(new_hits))
        overlap += len(set(old_hits) & set(new_hits)) / union if union else 1.0
        abstain_same += old["abstained"] == new["abstained"]
    n = len(before)
    return {"queries": n, "identical_lists": same, "identical_share": same / n, "mean_overlap_at_10": overlap / n,
            "same_abstention": abstain_same, "identical_kind_id_lists": same_order,
            "largest_score_difference_in_those": score_gap}


def dense_summary(found: dict) -> dict:
    return {"vectors": found["vectors"], "queries": len(found["fast_ms"]),
            **{f"recall_at_{d}_mean": statistics.mean(v) for d, v in found["recall"].items()},
            **{f"recall_at_{d}_min": min(v) for d, v in found["recall"].items()},
            "queries_with_full_recall_at_10": sum(1 for r in found["recall"]["10"] if r == 1.0),
            "fast_p50_ms": statistics.median(found["fast_ms"]), "fast_p95_ms": percentile(found["fast_ms"], 95),
            "exact_p50_ms": statistics.median(found["exact_ms"]), "exact_p95_ms": percentile(found["exact_ms"], 95)}


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from models.embedder import SentenceEmbedder

    load_start = os.getloadavg()
    began = time.perf_counter()
    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder(batch_size=256)
    real_texts = [text for _, _, text, _ in corpus[:REAL_VECTORS]]
    real = cached_vectors(real_texts, corpus_key(corpus[:REAL_VECTORS]), embedder).astype(np.float32)
    vectors = derived_vectors(real, MESSAGES)
    batch = queries(random.Random(5))
    assert len(set(batch)) == len(batch)
    with tempfile.TemporaryDirectory(prefix="mneme-bench-search-") as scratch_name:
        scratch = Path(scratch_name)
        data_dir, built = search_database(corpus, corpus_key(corpus), vectors, embedder, scratch)
        if COMPACTED or TAIL:  # the layout the app keeps: it compacts after a large import and at unlock when worth it
            from memory_core.storage import compaction
            from memory_core.storage.store import Store

            store = Store.open(data_dir, PASSPHRASE)
            compacted = compaction.compact(store, force=True)
            store.close()
            assert compacted.ran, compacted.reason
        compacted_dir = data_dir
        if TAIL:
            if LAYOUT_PAIR:  # the compacted copy stays for the "before" worker; the tail goes on a second copy
                data_dir = scratch / "tail"
                shutil.copytree(compacted_dir, data_dir)
            store = Store.open(data_dir, PASSPHRASE)
            add_tail(store, real, embedder)
            store.close()
        prepare_s = time.perf_counter() - began
        before_code = ROOT if LAYOUT_PAIR else checkout(BEFORE_REV, scratch / "before")
        workers = {"after": Worker("after", ROOT, data_dir)}
        if before_code is not None:
            workers["before"] = Worker("before", before_code, compacted_dir if LAYOUT_PAIR else data_dir)
        loads: list[float] = []
        timings: dict[str, dict[str, list[dict]]] = {name: {} for name in workers}
        for mode in ("cold", "cold_no_embedder", "cold_bare", "warm"):
            for name in workers:
                timings[name][mode] = []
            for n, query in enumerate(batch):
                order = list(workers) if n % 2 == 0 else list(reversed(workers))
                for name in order:
                    answer = workers[name].ask(op="search", query=query, mode=mode)
                    timings[name][mode].append(answer | {"load_1min": os.getloadavg()[0]})
                loads.append(os.getloadavg()[0])
        dense = {name: dense_summary(worker.ask(op="dense", queries=batch)) for name, worker in workers.items()}
        ready = {name: worker.ready for name, worker in workers.items()}
        for worker in workers.values():
            worker.close()

    figures: dict = {
        "messages": MESSAGES, "real_message_vectors": len(real), "queries": len(batch),
        "unique_queries": len(set(batch)), "fixture_built_this_run": built, "prepare_seconds": round(prepare_s, 1),
        "before_rev": BEFORE_REV if "before" in workers and not LAYOUT_PAIR else None, "target_p95_ms": 50.0,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), torch threads 1",
        "load_start": [round(x, 2) for x in load_start], "load_end": [round(x, 2) for x in os.getloadavg()],
        "load_1min_during": {"mean": round(statistics.mean(loads), 2), "max": round(max(loads), 2)},
        "versions": {},
    }
    for name in workers:
        cold = timings[name]["cold"]
        figures["versions"][name] = {
            "code": ready[name]["code"], "vectors": ready[name]["vectors"],
            "index_load_seconds": round(ready[name]["index_load_s"], 2),
            "cold_end_to_end": summary([r["ms"] for r in cold]),
            "cold_query_embedding": summary([r["embed_ms"] for r in cold]),
            "cold_retrieval": summary([r["ms"] - r["embed_ms"] for r in cold]),
            "cold_without_embedder": summary([r["ms"] for r in timings[name]["cold_no_embedder"]]),
            "cold_bare_end_to_end": summary([r["ms"] for r in timings[name]["cold_bare"]]),
            "word_counts_load_seconds": None if ready[name].get("counts_load_s") is None
            else round(ready[name]["counts_load_s"], 2),
            "warm": summary([r["ms"] for r in timings[name]["warm"]]),
            "abstained": sum(r["abstained"] for r in cold),
            "mean_hits": statistics.mean(len(r["hits"]) for r in cold),
            "dense_fast_vs_exact": dense[name],
            # per query, in batch order: end to end ms, embedding ms, garbage-collector ms, 1-min load average
            "cold_per_query": [[round(r["ms"], 2), round(r["embed_ms"], 2), round(r.get("gc_ms", 0.0), 2),
                                r["load_1min"]] for r in cold],
        }
    if "before" in workers and not LAYOUT_PAIR:  # (two layouts hold different messages: no agreement to count)
        figures["agreement_cold"] = agreement(timings["before"]["cold"], timings["after"]["cold"])
        figures["agreement_no_embedder"] = agreement(timings["before"]["cold_no_embedder"],
                                                     timings["after"]["cold_no_embedder"])
    figures["compacted"] = COMPACTED
    figures["tail"] = TAIL
    figures["layout_pair"] = LAYOUT_PAIR
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{STEM}.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    write_table(figures)


def add_tail(store, real: np.ndarray, embedder) -> None:
    """The worst layout the app keeps: a compacted store that then took ``TAIL`` more chat messages one by one (it
    compacts again at the next unlock once ``compaction.NEW_MESSAGES`` have come), each through the hot path, the
    fact pass and the memory worker's between-turn index merge and checkpoint, with their vectors."""
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_message
    from memory_core.recall.vectors import to_blob
    from memory_core.storage.checkpoints import checkpoint_between_turns, merge_index_between_turns
    from bench.corpus import messages
    from datetime import datetime

    tail = messages(MESSAGES + TAIL)[MESSAGES:]
    vectors = derived_vectors(real, MESSAGES + TAIL, seed=23)[MESSAGES:]
    newest = store.execute("SELECT max(created_at) FROM messages").fetchone()[0]
    for n, ((thread, role, text, _), vector) in enumerate(zip(tail, vectors)):
        at = datetime.fromisoformat(newest) + (n + 1) * (datetime.fromisoformat(tail[1][3]) -
                                                          datetime.fromisoformat(tail[0][3]))
        stored = ingest_message(store, thread, role, text, at=at)
        with store.transaction():
            store.execute("INSERT INTO embeddings (item_kind, item_id, model, dim, vector) "
                          "VALUES ('message', ?, ?, ?, ?)", [stored.message.id, embedder.model_id, len(vector),
                                                             to_blob(vector)])
        if role == "assistant":  # after each turn, as the memory worker does
            run_fact_pass(store)
            merge_index_between_turns(store)
            checkpoint_between_turns(store)


def write_table(figures: dict) -> None:
    versions = figures["versions"]
    names = [name for name in ("before", "after") if name in versions]
    label = {"before": f"before ({(figures['before_rev'] or '')[:7]})", "after": "after (this checkout)"}
    if figures.get("layout_pair"):  # one code, two layouts
        label = {"before": "compacted", "after": f"compacted + {figures['tail']:,} later messages"}

    def row(name: str, what: str, s: dict) -> str:
        return (f"| {what} | {label[name]} | {s['samples']} | {s['mean_ms']:.1f} | {s['p50_ms']:.1f} | "
                f"{s['p90_ms']:.1f} | {s['p95_ms']:.1f} | {s['p99_ms']:.1f} | {s['max_ms']:.1f} |")

    after = versions["after"]["cold_end_to_end"]["p95_ms"]
    layout = ", compacted store" if figures.get("compacted") else ""
    if figures.get("tail"):
        layout = f", compacted store plus {figures['tail']:,} chat messages stored after its compaction"
    title = f"# Hybrid search over {figures['messages']:,} messages{layout}, cold, before and after in the same run"
    if figures.get("layout_pair"):
        title = (f"# Hybrid search over {figures['messages']:,} messages, cold: the compacted store against the same "
                 f"store with {figures['tail']:,} chat messages stored after its compaction, one code, in the same run")
    lines = [title,
             "",
             f"| pass | {'store' if figures.get('layout_pair') else 'code'} | queries | mean ms | p50 ms | p90 ms | "
             "p95 ms | p99 ms | max ms |",
             "|---|---|---|---|---|---|---|---|---|"]
    for key, what in (("cold_end_to_end", "**cold, end to end** (embedding + retrieval)"),
                      ("cold_retrieval", "cold, retrieval share (end to end minus embedding)"),
                      ("cold_query_embedding", "cold, query embedding share (all-MiniLM-L6-v2: torch on 1 thread, or the numpy query encoder where the code has it)"),
                      ("cold_without_embedder", "cold, no embedder (BM25 + recency + salience)"),
                      ("cold_bare_end_to_end", "cold as round 4 defined it, end to end: word counts (and postings) not held either"),
                      ("warm", "warm: the same queries again, one long-lived connection")):
        lines += [row(name, what, versions[name][key]) for name in names if key in versions[name]]
    load = figures["load_1min_during"]
    sides = ("with the later messages", "compacted") if figures.get("layout_pair") else ("after", "before")
    lines += ["", f"Target: cold end-to-end p95 ≤ 50 ms: **{'met' if after <= 50 else 'NOT met'}** "
              f"({after:.1f} ms {sides[0]}" + (f", {versions['before']['cold_end_to_end']['p95_ms']:.1f} ms "
                                              f"{sides[1]})" if "before" in versions else ")") + ".", "",
              f"Machine: {figures['machine']}. Load average (1 min) at start {figures['load_start'][0]}, during the "
              f"timed passes mean {load['mean']} / max {load['max']}, at end {figures['load_end'][0]}. Each query "
              "went to both versions back to back, alternating which went first.", "",
              "In the after version the query embedding and the dense pass run on a helper thread while the "
              "search does its SQL (recall/candidates.py), so for it *end to end minus embedding* is not the "
              "retrieval's own time: the embedding mostly overlaps it (search_stages.md has what the search still "
              "waited for it). The after version also opens one helper connection per search of a large store "
              "(recall/helper_connection.py): a fresh connection with an empty page cache, in the cold and in the "
              "warm pass alike.", "",
              f"{figures['unique_queries']} unique queries (keywords, questions, time phrases, FTS syntax), k=10. "
              "**Cold** = before each query: recall's DF cache cleared, a new SQLCipher connection (empty page "
              "cache; opened before the timer, as the app's connection is opened once at unlock; the helper "
              "connection a search of a large store opens is inside the timer, as in the app), the database files "
              "evicted from the OS page cache (posix_fadvise DONTNEED on each file, possible without root; the "
              "machine-wide drop_caches is not used). Kept loaded, as in the app after unlock: the embedding model, "
              "the in-memory vector index, recall's speaker-name cache (built once per store state) and, in the "
              "after version only (the before version has none), recall's word counts "
              "(term -> messages whose text holds it: recall/document_counts.py, read by the memory worker at "
              "unlock and after each memory pass, dropped by forgetting, in versions before the postings gave "
              "them) and, where the version has them, the message postings (recall/message_postings.py: term -> "
              "rows with per-column counts, read likewise; BM25 over messages ranks from them, the scores FTS5's "
              "own; the word counts derived from them). End to end = the `search()` call with "
              "the real embedder inside it. Warm = the same queries again on the worker's long-lived connection.",
              "",
              "**Two definitions of cold, side by side.** Round 4 held only the model, the vector index and the "
              "speaker cache; the row *cold as round 4 defined it* drops the word counts before each query too "
              "(for the before version it is the same as the cold row: it holds no counts). The new definition "
              "keeps the counts (and the postings, read with them) because the app does: they are read at unlock, off the search path, like the "
              "vector index, and a fresh process has them as soon as that background read is done "
              + (f"({versions['after']['word_counts_load_seconds']} s here)"
                 if versions.get("after", {}).get("word_counts_load_seconds") is not None else "")
              + "; after a forget they are dropped at once and read again by the next memory pass, and until then "
              "a search counts and ranks in SQL, as the round-4 row measures.", ""]
    lines += ["| code | vectors | index load s | cold abstained | mean hits |", "|---|---|---|---|---|"]
    lines += [f"| {label[n]} | {versions[n]['vectors']:,} | {versions[n]['index_load_seconds']} | "
              f"{versions[n]['abstained']} | {versions[n]['mean_hits']:.1f} |" for n in names]
    if "agreement_cold" in figures:
        a, b = figures["agreement_cold"], figures["agreement_no_embedder"]
        lines += ["", "## Same answers before and after", "",
                  "| pass | queries | identical top-10 lists (kind, id, score) | identical top-10 lists (kind, id, "
                  "in order) | largest score difference in those | mean overlap of the top 10 (kind, id, score) | "
                  "same abstention |",
                  "|---|---|---|---|---|---|---|"]
        lines += [f"| {name} | {x['queries']} | {x['identical_lists']} ({x['identical_share']:.3f}) | "
                  f"{x.get('identical_kind_id_lists', '-')} | {x.get('largest_score_difference_in_those', 0):.1e} | "
                  f"{x['mean_overlap_at_10']:.3f} | {x['same_abstention']} |"
                  for name, x in (("hybrid (cold pass)", a), ("no embedder", b))]
    lines += ["", "## Fast dense pass against exact search", "",
              "| code | vectors | queries | recall@10 mean (min) | queries with 10/10 | recall@50 mean (min) | "
              "recall@300 mean (min) | fast p50 / p95 ms | exact (numpy matmul) p50 / p95 ms |",
              "|---|---|---|---|---|---|---|---|---|"]
    for n in names:
        d = versions[n]["dense_fast_vs_exact"]
        lines.append(f"| {label[n]} | {d['vectors']:,} | {d['queries']} | {d['recall_at_10_mean']:.4f} "
                     f"({d['recall_at_10_min']:.1f}) | {d['queries_with_full_recall_at_10']} | "
                     f"{d['recall_at_50_mean']:.4f} ({d['recall_at_50_min']:.2f}) | {d['recall_at_300_mean']:.4f} "
                     f"({d['recall_at_300_min']:.3f}) | {d['fast_p50_ms']:.1f} / {d['fast_p95_ms']:.1f} | "
                     f"{d['exact_p50_ms']:.1f} / {d['exact_p95_ms']:.1f} |")
    lines += ["", "Fast pass = `VectorIndex.search(vector, 300)` (300 = the depth recall's dense channel asks for): "
              "sign-bit Hamming first pass over all vectors, the best candidates rescored exactly in float32. "
              "Tie-aware: a fast hit counts when its cosine reaches the exact k-th. Exact = one float32 matmul over "
              "every live vector.", "",
              f"Vectors: {figures['real_message_vectors']:,} corpus messages have real all-MiniLM-L6-v2 vectors; "
              "the other messages get vectors derived from them (a weighted mix of two real vectors plus N(0, 0.01) "
              "noise, renormalized), because embedding 100,000 messages takes about an hour on this shared "
              "machine. Query vectors are real. Not measured: recall on 100,000 *all-real* vectors.", "",
              f"Preparation (corpus, vectors, cached database copy): {figures['prepare_seconds']} s; the cached "
              f"database was {'built in this run' if figures['fixture_built_this_run'] else 'reused'} "
              "(bench/search_fixture.py, ~/.cache/mneme/bench).", ""]
    lines += ["", "## SQLCipher settings and the file's layout (checked, not changed)", "",
              "* Page size 4 KiB (`cipher_page_size`, pinned by `cipher_compatibility = 4`): a compacted copy with "
              "16 KiB pages was no faster cold than a compacted copy with 4 KiB pages (search_layout.md), and "
              "changing it means rewriting every user's file.",
              "* `cache_size` -8000 (8 MB per connection): a cold search reads a few MB at most, so the cache "
              "never evicts within one search; a larger cache changes nothing cold.",
              "* `mmap_size` 0: SQLCipher decrypts each page into its page cache; encrypted pages are not "
              "memory-mapped.",
              "* The database key is a raw 256-bit key (`PRAGMA key = \"x'...'\"`): no PBKDF2 runs when a "
              "connection opens (the scrypt that unwraps the key runs once, at unlock). The helper connection a "
              "search opens is inside the timer.",
              "* What a cold search still waits on is the disk: without the message postings held, BM25 reads each "
              "matching message's length row (`message_search_docsize`) and the doclists; with them (the after "
              "version here) it reads neither, and what is left is reading the candidates back: each message's "
              "row, scattered over the file (a short reply's index row, the turn it answers, is held in memory with "
              "the postings where the version has recall/answered_turns.py, else read too). "
              + (f"This run's copy was compacted, then took {figures.get('tail', 0):,} more chat messages one by "
                 "one (`--compacted-tail`), each through the hot path, with the fact pass, the index merge and the "
                 "checkpoint after each answer and its vector stored, as the app does between turns: the most "
                 "scattered layout the app keeps, since at unlock it compacts again once 1,000 messages came. "
                 "search_compacted.md has the compacted layout, search.md the store as built."
                 if figures.get("tail") else
                 "This run's copy was compacted first (`--compacted`: storage/compaction.py, VACUUM), the layout "
                 "the app keeps: it compacts after a large import and, at unlock, once 1,000 messages came since "
                 "the last compaction. search.md has the same run on the store as built."
                 if figures.get("compacted") else
                 "This run's copy is the store as built (tables interleaved). The app compacts after a large import "
                 "and, at unlock, once 1,000 messages came since the last compaction: search_compacted.md "
                 "(`--compacted`) measures that layout."),
              "* Not measured: the fixture's messages never went through the fact pass (it runs off the write "
              "path now), so it holds no facts or observations, and their FTS reads and word counts (still "
              "counted in SQL) cost nothing here" + (f" (the {figures.get('tail', 0):,} later messages did)."
                                                      if figures.get("tail") else "."), ""]
    (RESULTS / f"{STEM}.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


#: ``--compacted``: the copy is compacted (storage/compaction.py) before any search, as the app keeps its file;
#: results go to search_compacted.md/json. Without it: the store as built, tables interleaved (search.md).
COMPACTED = "--compacted" in sys.argv[1:]
#: ``--compacted-tail``: compacted, then ``compaction.NEW_MESSAGES`` chat messages stored one by one after it: the most
#: scattered layout the app keeps, since it compacts again at unlock once that many have come
#: (search_compacted_tail.md/json).
TAIL = int(os.environ.get("MNEME_BENCH_TAIL", "1000")) if "--compacted-tail" in sys.argv[1:] else 0
#: ``--layout-pair`` (with ``--compacted-tail``): this checkout on both sides, the compacted copy against the copy
#: with the later messages, query by query in one run (search_layout_pair.md/json): the layouts compared under the
#: same load, which separate runs on this shared machine cannot give.
LAYOUT_PAIR = bool(TAIL) and "--layout-pair" in sys.argv[1:]
STEM = "search_layout_pair" if LAYOUT_PAIR else "search_compacted_tail" if TAIL else \
    "search_compacted" if COMPACTED else "search"

if __name__ == "__main__":
    if "--table-only" in sys.argv[1:]:  # rewrite the table from its json
        write_table(json.loads((RESULTS / f"{STEM}.json").read_text(encoding="utf-8")))
    else:
        main()
