"""What the dependency parse costs, and that ``memory add``'s store step does not pay it.

Texts: every statement and later message of our DEV fact timelines
(``bench/data/fact_timelines_dev.json``), one message each. Measured in one process:

* the spaCy pipeline's load (once, cold in this process);
* per message: ``parser.parse`` (spaCy) and the tree shapes on its output (``parse_candidates``),
  beside the rules alone (``extraction.extract``), three rounds, each message timed separately;
* ``memory add``'s store step (``ingest_message``: insert, FTS, mark) and the whole add
  (store + fact pass) with and without the parser, on a real SQLCipher store, one fresh store per mode.

Writes bench/results/parse_cost.md and .json. Usage: python -m bench.bench_parse_cost
"""
from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from bench.stats import LATENCY_HEADER, latency, latency_row

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
TIMELINES = ROOT / "bench" / "data" / "fact_timelines_dev.json"
ROUNDS = 3


def _ms(samples: list[float]) -> dict[str, float]:
    """Seconds in, the shared latency figures (ms) out."""
    return latency([1000 * x for x in samples], (90, 95))


def _texts() -> list[str]:
    timelines = json.loads(TIMELINES.read_text(encoding="utf-8"))["timelines"]
    return [text for t in timelines for text in (t["statement"], t["later"])]


def _timed(fn, texts: list[str]) -> list[float]:
    samples = []
    for _ in range(ROUNDS):
        for text in texts:
            started = time.perf_counter()
            fn(text)
            samples.append(time.perf_counter() - started)
    return samples


def _add_times(texts: list[str], parser) -> tuple[list[float], list[float]]:
    """(store step, store + fact pass) per message, on a fresh real store."""
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_message
    from memory_core.storage import keys
    from memory_core.storage.store import Store

    keys.SCRYPT_N = 2**12  # the passphrase's key derivation is no part of a message's cost
    store_step, whole = [], []
    with tempfile.TemporaryDirectory() as tmp, \
            Store.create(Path(tmp) / "data", use_keyring=False, passphrase="parse-cost-bench") as store:
        for text in texts:
            started = time.perf_counter()
            ingest_message(store, "bench", "user", text)
            stored = time.perf_counter()
            run_fact_pass(store, parser=parser)
            done = time.perf_counter()
            store_step.append(stored - started)
            whole.append(done - started)
    return store_step, whole


def main() -> dict:
    from memory_core.facts.extraction import extract
    from memory_core.facts.parse_extractor import parse_candidates
    from models.dependency_parser import SpacyDependencyParser

    texts = _texts()
    parser = SpacyDependencyParser()
    started = time.perf_counter()
    parser.load()
    load_s = time.perf_counter() - started
    parsed = {text: parser.parse(text) for text in texts}
    data = {
        "texts": len(texts), "rounds": ROUNDS, "load_s": load_s,
        "rules_extract": _ms(_timed(extract, texts)),
        "spacy_parse": _ms(_timed(parser.parse, texts)),
        "tree_shapes": _ms(_timed(lambda text: parse_candidates(parsed[text]), texts)),
    }
    for mode, chosen in (("without_parser", None), ("with_parser", parser)):
        store_step, whole = _add_times(texts, chosen)
        data[f"store_{mode}"], data[f"add_{mode}"] = _ms(store_step), _ms(whole)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "parse_cost.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    rows = [("rules alone: `extract(text)`", "rules_extract"), ("spaCy `parser.parse(text)`", "spacy_parse"),
            ("tree shapes on the parse: `parse_candidates`", "tree_shapes"),
            ("`memory add` store step, without parser", "store_without_parser"),
            ("`memory add` store step, with parser", "store_with_parser"),
            ("store + fact pass, without parser", "add_without_parser"),
            ("store + fact pass, with parser", "add_with_parser")]
    lines = ["# Dependency parse: cost per message", "",
             f"Texts: {len(texts)} messages (statement and later message of each DEV fact timeline); "
             f"per-message times, {ROUNDS} rounds for the pure steps, one for the store steps "
             "(a real SQLCipher store per mode). spaCy `en_core_web_sm` 3.8.0 via `models/dependency_parser.py`; "
             f"pipeline load once: {load_s:.2f} s. 2-core machine shared with other jobs: absolute numbers are noisy.",
             ""] + [LATENCY_HEADER[0].format(what="step"), LATENCY_HEADER[1]]
    lines += [latency_row(label, data[key]) for label, key in rows]
    lines += ["", "The store step (insert, FTS, fact-pass mark) never parses: the parse runs in the fact pass, "
              "after the message is committed (`memory add` runs that pass next, the desktop's memory worker "
              "in the background)."]
    (RESULTS / "parse_cost.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return data


if __name__ == "__main__":
    main()
