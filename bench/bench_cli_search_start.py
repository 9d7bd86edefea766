"""How long one ``mneme memory search`` process takes, now that queries are embedded in numpy.

Before the query encoder, every ``memory search`` imported torch and loaded the sentence-transformers
model (seconds) even when every stored item already had its vector. Now torch is imported only to embed
items that lack one. This runs the same CLI call both ways, alternating, on a store whose 200 imported
messages all have vectors (a first search embeds them): "torch" is the same code with the numpy path
switched off (``SentenceEmbedder.serves_queries_without_torch`` made to answer False), so the only
difference is what serves the query. Also one ``--batch`` of 150 unique queries each way.

Run: ``python -m bench.bench_cli_search_start``; writes bench/results/cli_search_start.md and .json.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.stats import latency

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
PASSPHRASE = "bench-cli-search-start"
RUNS = 7
BATCH_RUNS = 3
#: Runs the CLI with the numpy query path switched off: the way every search went before the encoder.
_TORCH_ONLY = ("import sys; import models.embedder as e; "
               "e.SentenceEmbedder.serves_queries_without_torch = lambda self: False; "
               "from mneme.cli import main; sys.exit(main(sys.argv[1:]))")
_TOPICS = ["the allotment", "my sister's flat in Leeds", "the new bike", "Friday's pub quiz", "the dentist",
           "our trip to Porto", "the garden fence", "the book club", "the boiler", "my running plan"]


def _env() -> dict[str, str]:
    return dict(os.environ, MNEME_PASSPHRASE=PASSPHRASE, HF_HUB_OFFLINE="1",
                PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _command(path: str, data_dir: Path, *args: str) -> list[str]:
    prefix = [sys.executable, "-m", "mneme"] if path == "numpy" else [sys.executable, "-c", _TORCH_ONLY]
    return [*prefix, "--data-dir", str(data_dir), *args]


def _timed(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=_env(), capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{command[:4]} failed: {done.stderr[-500:]}")
    return elapsed


def main() -> dict:
    with tempfile.TemporaryDirectory(prefix="mneme-bench-cli-search-") as scratch:
        scratch_dir = Path(scratch)
        data_dir = scratch_dir / "data"
        history = scratch_dir / "history.jsonl"
        with history.open("w") as out:
            for i in range(200):
                day = 1 + i // 10
                out.write(json.dumps({"thread": f"chat-{i // 20}", "role": "user" if i % 2 == 0 else "assistant",
                                      "text": f"Talked about {_TOPICS[i % len(_TOPICS)]} again, note {i}.",
                                      "at": f"2026-03-{day:02d}T10:{i % 60:02d}:00+00:00"}) + "\n")
        subprocess.run(_command("numpy", data_dir, "memory", "import", str(history), "--json"), env=_env(),
                       check=True, capture_output=True)
        _timed(_command("torch", data_dir, "memory", "search", "warm-up: embeds every item", "--json"))
        queries = scratch_dir / "queries.jsonl"
        with queries.open("w") as out:
            for i in range(150):
                out.write(json.dumps({"id": str(i), "query": f"what did we say about {_TOPICS[i % 10]} ({i})"}) + "\n")
        one: dict[str, list[float]] = {"numpy": [], "torch": []}
        batch: dict[str, list[float]] = {"numpy": [], "torch": []}
        for run in range(RUNS):
            order = ("numpy", "torch") if run % 2 == 0 else ("torch", "numpy")
            for path in order:
                one[path].append(_timed(_command(path, data_dir, "memory", "search", f"the boiler, take {run}",
                                                 "--json")))
            if run < BATCH_RUNS:
                for path in order:
                    batch[path].append(_timed(_command(path, data_dir, "memory", "search", "--batch", str(queries),
                                                       "--json")))
    load = os.getloadavg()[0]
    result = {"one_query": {p: latency([t * 1000 for t in v], (90,)) for p, v in one.items()},
              "batch_150": {p: latency([t * 1000 for t in v], (90,)) for p, v in batch.items()},
              "load_1min_at_end": load}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "cli_search_start.json").write_text(json.dumps(result, indent=2))
    lines = ["# One `mneme memory search` process: numpy query encoder vs torch", "",
             "200 imported messages, all with vectors; each process opens the store, loads the vector index and "
             "answers. torch = the same code with the numpy query path switched off (what every search did "
             "before models/query_encoder.py). Alternating order; wall time of the whole process, ms.", "",
             "| call | path | n | mean | p50 | p90 | max |", "|---|---|---|---|---|---|---|"]
    for name, key in (("one query", "one_query"), ("--batch, 150 unique queries", "batch_150")):
        for path in ("torch", "numpy"):
            f = result[key][path]
            lines.append(f"| {name} | {path} | {f['samples']} | {f['mean_ms']:.0f} | {f['p50_ms']:.0f} | "
                         f"{f['p90_ms']:.0f} | {f['max_ms']:.0f} |")
    lines += ["", f"Load average (1 min) at the end: {load:.2f} (2 shared cores)."]
    (RESULTS / "cli_search_start.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return result


if __name__ == "__main__":
    main()
