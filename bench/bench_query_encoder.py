"""The numpy query encoder (models/query_encoder.py) against the torch path it replaces for one text.

* **Agreement**: cosine(numpy vector, torch vector) over >= 2,000 varied texts: the recall bench's dev
  questions (all four conditions) and dev conversation turns, the search bench's queries and corpus messages,
  and edge cases (empty, whitespace, emoji, non-ASCII scripts, 1-400 words: past max_seq_length, so truncated).
  Also the token ids: the numpy encoder's tokenizer against sentence-transformers' for every text.
* **Same neighbours**: the top-10 of exact cosine over 10,000 message vectors (6,000 real all-MiniLM-L6-v2
  vectors of the search corpus + 4,000 derived from them, as bench_search.py builds them) for every query,
  with the numpy vector and with the torch vector: identical ordered lists counted.
* **Latency**: unique queries, one at a time, torch (1 thread, the lean single-text path
  ``SentenceEmbedder._embed_query_torch``) and numpy (as shipped: one OpenBLAS thread for the encoding thread;
  and, for the record, OpenBLAS on every core, numpy's default), interleaved query by query with the order
  rotated, in the same run.

``python -m bench.bench_query_encoder`` writes bench/results/query_encoder.md and query_encoder.json.
"""
from __future__ import annotations

import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

import numpy as np

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
NEIGHBOUR_SET = 10_000
#: Queries timed per path (the slowest path costs ~0.2 s a query on a busy machine).
LATENCY_QUERIES = 600


def edge_texts(rng: random.Random, words: list[str]) -> list[str]:
    """Empty-ish, emoji, non-ASCII, punctuation-only and long texts (up to past the 256-token limit)."""
    fixed = ["", " ", "\n\t ", ".", "?!", "🎉", "😀😀😀", "ok 👍", "Café naïve façade résumé", "Zürich über Straße",
             "東京で寿司を食べた", "北京 上海 广州", "Москва зимой", "مرحبا بالعالم", "नमस्ते दुनिया", "Ελληνικά γράμματα",
             "I ❤️ NY", "C++ & C# <3", "e-mail: a.b@example.com", "https://example.com/a?b=c", "1234567890",
             "'quoted' \"double\" `back`", "ÀÉÎÕÜ ñ ç ß ø å", "ﬁne ligatures ﬂow", "\u200bzero\u200bwidth", "a" * 300,
             "UPPER CASE QUERY", "MiXeD cAsE", "tab\tseparated\twords", "   leading and trailing   "]
    lengths = [1, 2, 3, 5, 10, 20, 40, 80, 120, 160, 200, 240, 250, 254, 255, 256, 300, 400]
    sized = [" ".join(rng.choice(words) for _ in range(n)) for n in lengths for _ in range(3)]
    return fixed + sized


def texts_for_agreement(rng: random.Random) -> tuple[list[str], list[str]]:
    """(all texts, the query-like ones among them)."""
    from bench import recall_annotator, recall_lexical, recall_topic
    from bench.bench_search import queries as search_queries
    from bench.corpus import messages
    from bench.recall_corpus import DEV_CONVERSATIONS, build_conversation, build_questions

    conversations = [build_conversation(index) for index in DEV_CONVERSATIONS]
    questions: list[str] = []
    for conversation in conversations:
        questions += [q.query for q in build_questions(conversation)]
        for module, name in ((recall_lexical, "lexical_questions"), (recall_topic, "topic_questions"),
                             (recall_annotator, "annotator_questions")):
            make = getattr(module, name, None)
            if make is not None:
                try:
                    questions += [q.query for q in make(conversation, "dev")]
                except TypeError:
                    pass
    questions = list(dict.fromkeys(questions))
    turns = [turn.text for conversation in conversations for turn in conversation.turns]
    corpus = [text for _, _, text, _ in messages(3000)]
    search = search_queries(random.Random(5))
    words = " ".join(turns).split()
    texts = (questions + search + rng.sample(turns, min(700, len(turns))) + rng.sample(corpus, 400)
             + edge_texts(rng, words))
    return list(dict.fromkeys(texts)), list(dict.fromkeys(questions + search))


def neighbour_vectors() -> np.ndarray:
    from bench.bench_search import REAL_VECTORS, derived_vectors
    from bench.corpus import cached_vectors, corpus_key, messages
    from models.embedder import SentenceEmbedder

    corpus = messages(100_000)[:REAL_VECTORS]
    real = cached_vectors([text for _, _, text, _ in corpus], corpus_key(corpus), SentenceEmbedder(batch_size=256))
    return derived_vectors(real.astype(np.float32), NEIGHBOUR_SET)


def summary(values: list[float]) -> dict:
    return {"n": len(values), "mean_ms": statistics.mean(values), "p50_ms": statistics.median(values),
            "p90_ms": percentile(values, 90), "p99_ms": percentile(values, 99), "max_ms": max(values)}


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from models.embedder import SentenceEmbedder, embedder_model_dir
    from models.query_encoder import _BLAS_THREAD, QueryEncoder, _openblas_thread_setter

    torch.set_num_threads(1)
    rng = random.Random(29)
    load_start = os.getloadavg()
    began = time.perf_counter()
    embedder = SentenceEmbedder(numpy_queries=False).load()
    started = time.perf_counter()
    encoder = QueryEncoder.from_model_dir(embedder_model_dir())
    encoder_load_s = time.perf_counter() - started
    transformer, _, st_tokenizer = embedder._plain_pipeline()

    texts, query_texts = texts_for_agreement(rng)
    cosines, token_mismatches, lengths = [], 0, []
    for text in texts:
        ours, theirs = encoder.encode(text), embedder._embed_query_torch(text)
        cosines.append(float(ours @ theirs))
        ids = encoder.token_ids(text)
        lengths.append(len(ids))
        token_mismatches += ids != st_tokenizer([text], truncation=True,
                                                max_length=transformer.max_seq_length)["input_ids"][0]
    worst = sorted(zip(cosines, texts))[:3]

    index = neighbour_vectors()
    identical = same_set = 0
    for text in query_texts:
        ours, theirs = encoder.encode(text), embedder._embed_query_torch(text)
        top_ours, top_theirs = np.argsort(-(index @ ours))[:10], np.argsort(-(index @ theirs))[:10]
        identical += list(top_ours) == list(top_theirs)
        same_set += set(top_ours) == set(top_theirs)

    def torch_path(text: str) -> None:
        embedder._embed_query_torch(text)

    def numpy_as_shipped(text: str) -> None:
        encoder.encode(text)  # sets its own thread to one OpenBLAS thread

    set_local_threads = _openblas_thread_setter()

    def numpy_all_blas_threads(text: str) -> float | None:
        if set_local_threads is None:
            return None
        set_local_threads(os.cpu_count() or 1)  # what numpy's OpenBLAS does unless told otherwise
        try:
            _BLAS_THREAD.set = True
            started = time.perf_counter()
            encoder.encode(text)
            return time.perf_counter() - started
        finally:
            set_local_threads(1)

    paths = {"torch (1 thread)": torch_path, "numpy (as shipped: 1 OpenBLAS thread)": numpy_as_shipped,
             f"numpy with OpenBLAS on all {os.cpu_count()} cores (not shipped)": numpy_all_blas_threads}
    latency: dict[str, list[float]] = {name: [] for name in paths}
    for text in ["warm up", "warm up two"]:
        for run in paths.values():
            run(text)
    loads = []
    order = list(paths)
    for position, text in enumerate(query_texts[:LATENCY_QUERIES]):
        rotated = order[position % len(order):] + order[:position % len(order)]
        for name in rotated:
            started = time.perf_counter()
            inner = paths[name](text)
            elapsed = time.perf_counter() - started
            latency[name].append(1000 * (inner if inner is not None else elapsed))
        if position % 50 == 0:
            loads.append(os.getloadavg()[0])

    report = {
        "texts": len(texts), "token_lengths": {"min": min(lengths), "max": max(lengths),
                                               "mean": statistics.mean(lengths)},
        "cosine_min": min(cosines), "cosine_mean": statistics.mean(cosines),
        "cosine_below_0_9999": sum(1 for c in cosines if c < 0.9999), "token_id_mismatches": token_mismatches,
        "worst": [{"cosine": c, "text": t[:80]} for c, t in worst],
        "neighbour_queries": len(query_texts), "neighbour_vectors": len(index),
        "identical_top10_lists": identical, "identical_top10_sets": same_set,
        "latency": {name: summary(values) for name, values in latency.items()},
        "encoder_load_s": encoder_load_s, "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "load_start": load_start, "load_1min_during": loads, "load_end": os.getloadavg(),
        "seconds": time.perf_counter() - began,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "query_encoder.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    (RESULTS / "query_encoder.md").write_text(markdown(report))
    print(markdown(report))


def markdown(report: dict) -> str:
    lines = ["# Query encoder: numpy forward pass against the torch path (all-MiniLM-L6-v2, one text)", "",
             "## Same vectors", "",
             f"{report['texts']} texts (recall bench dev questions of all four conditions and dev turns, search "
             f"bench queries and corpus messages, edge cases: empty, whitespace, emoji, non-ASCII, 1-400 words), "
             f"{report['token_lengths']['min']}-{report['token_lengths']['max']} tokens "
             f"(mean {report['token_lengths']['mean']:.1f}; 256 = max_seq_length, truncated).", "",
             "| cosine(numpy, torch) min | mean | texts below 0.9999 | token-id lists that differ |",
             "|---|---|---|---|",
             f"| {report['cosine_min']:.7f} | {report['cosine_mean']:.7f} | {report['cosine_below_0_9999']} | "
             f"{report['token_id_mismatches']} |", "",
             f"Top-10 of exact cosine over {report['neighbour_vectors']:,} message vectors, "
             f"{report['neighbour_queries']} queries: **{report['identical_top10_lists']} identical ordered lists**, "
             f"{report['identical_top10_sets']} identical sets.", "",
             "## Latency per query (unique queries, one at a time, interleaved in the same run)", "",
             "| path | n | mean ms | p50 ms | p90 ms | p99 ms | max ms |", "|---|---|---|---|---|---|---|"]
    for name, s in report["latency"].items():
        lines.append(f"| {name} | {s['n']} | {s['mean_ms']:.2f} | {s['p50_ms']:.2f} | {s['p90_ms']:.2f} | "
                     f"{s['p99_ms']:.2f} | {s['max_ms']:.2f} |")
    during = report["load_1min_during"]
    lines += ["", f"Torch = `SentenceEmbedder._embed_query_torch` (tokenizer -> BertModel -> mean pooling -> "
              f"normalize, `torch.set_num_threads(1)`, inference mode): the path a query took before. Numpy = "
              f"`QueryEncoder.encode` (models/query_encoder.py); its weights load in {report['encoder_load_s']:.2f} s "
              f"without torch.", "",
              f"Machine: {report['machine']['cpus']} cores shared with other jobs. Load average (1 min) at start "
              f"{report['load_start'][0]:.2f}, during mean {statistics.mean(during):.2f} / max {max(during):.2f}, "
              f"at end {report['load_end'][0]:.2f}.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
