"""What the rule/frame extractor costs per message: this tree beside an earlier commit, same run.

``extract()`` (rules, frames, cues; no model) runs on every user message, inline or in the
background pass. This times it on every dev phrasing of the lifecycle pools (dev, dev_casual,
dev_mixed; statements and changes, values filled in), three rounds, for this tree and for a
baseline commit checked out with ``git archive`` into a scratch folder, alternating so machine
noise falls on both. Writes bench/results/extract_cost.md and .json.

Usage: python bench/bench_extract_cost.py [--baseline a855206]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"

_WORKER = r"""
import json, sys, time
from memory_core.facts.extraction import extract
pools = json.load(open(sys.argv[1], encoding="utf-8"))
texts = []
for kind in pools["kinds"]:
    for split in ("dev", "dev_casual", "dev_mixed"):
        block = kind.get(split) or {}
        texts += [t.format(v=kind["values"][0]) for t in block.get("state", [])]
        texts += [t.partition("|")[2].format(old=kind["values"][0], new=kind["values"][2]) for t in block.get("change", [])]
for text in texts:
    extract(text)
times = []
for _ in range(3):
    for text in texts:
        began = time.perf_counter()
        extract(text)
        times.append((time.perf_counter() - began) * 1000)
print(json.dumps(times))
"""


def _run(tree: Path, pools: Path) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", _WORKER, str(pools)], cwd=tree, env=env, text=True,
                         capture_output=True, check=True).stdout
    return json.loads(out)


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"n": len(ordered), "mean_ms": round(statistics.mean(ordered), 3),
            "median_ms": round(statistics.median(ordered), 3),
            "p90_ms": round(ordered[int(0.9 * len(ordered))], 3), "p99_ms": round(ordered[int(0.99 * len(ordered))], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", default="a855206", help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs of each tree")
    args = parser.parse_args()
    pools = ROOT / "memory_core" / "data" / "lifecycle_pools.json"
    with tempfile.TemporaryDirectory(prefix="mneme-extract-cost-") as scratch:
        archive = subprocess.run(["git", "archive", args.baseline, "memory_core"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(scratch)
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(args.rounds):
            theirs += _run(Path(scratch), pools)
            ours += _run(ROOT, pools)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    data = {"this_tree": {"commit": commit, **_summary(ours)},
            "baseline": {"commit": args.baseline, **_summary(theirs)},
            "load_average": os.getloadavg()[0], "messages": "every dev phrasing (dev, dev_casual, dev_mixed)"}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "extract_cost.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lines = ["# Extraction cost per message (rules, frames, cues; no model)", "",
             f"Every dev phrasing of the lifecycle pools, 3 rounds per run, {args.rounds} alternating runs per tree; "
             f"load average at the end {data['load_average']:.1f} on 2 shared cores (noisy: compare the two rows, "
             "not the absolute figures). Extraction only: the store write, FTS and change detection against the "
             "ledger are not in these figures (see write.md).", "",
             "| tree | messages timed | mean | median | p90 | p99 |", "|---|---|---|---|---|---|"]
    for name, row in (("this tree (" + commit + ")", data["this_tree"]), ("baseline (" + args.baseline + ")",
                                                                           data["baseline"])):
        lines.append(f"| {name} | {row['n']} | {row['mean_ms']} ms | {row['median_ms']} ms | {row['p90_ms']} ms | "
                     f"{row['p99_ms']} ms |")
    (RESULTS / "extract_cost.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
