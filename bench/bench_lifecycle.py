"""Lifecycle evaluation as a benchmark table: the bundled timelines through the real hot path.

Writes bench/results/lifecycle.md and lifecycle.json (same figures as ``mneme eval lifecycle``).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
METRICS = ("freshness", "consistency", "coverage", "controlled_forgetting", "contamination", "as_of_accuracy")


def main() -> None:
    from memory_core.evals.lifecycle import run_lifecycle

    began = time.perf_counter()
    report = run_lifecycle()
    seconds = time.perf_counter() - began
    data = report.to_json() | {"seconds": round(seconds, 2)}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "lifecycle.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    overall = data["overall"]
    lines = [f"# Lifecycle evaluation: {len(report.timelines)} timelines, {overall['probes']} probes "
             f"(forgetting window {report.forgetting_window}, {seconds:.1f} s, no embedder)", "",
             "| scope | " + " | ".join(METRICS) + " |", "|---|" + "---|" * len(METRICS)]
    rows = [("overall", overall)] + sorted(data["by_domain"].items())
    for name, figures in rows:
        lines.append(f"| {name} | " + " | ".join("n/a" if figures[m] is None else f"{figures[m] * 100:.1f}%"
                                                 for m in METRICS) + " |")
    lines += ["", "Targets: consistency 100%, contamination 0%, coverage >= 95%, controlled forgetting >= 95%.",
              "Contamination is the share of probes where a value that used to be true leaked (lower is better)."]
    (RESULTS / "lifecycle.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
