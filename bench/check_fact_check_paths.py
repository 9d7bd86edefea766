"""Do the in-process and the CLI paths of ``bench_fact_checks`` read the same facts?

Why: ``--in-process`` exists so dev tuning takes minutes; it is only worth having if it gives
exactly what the subprocess CLI path gives. This runs the same timelines both ways (every
``STEP``-th timeline of a set, so every attribute kind shows up) and compares, per timeline, the
three reads and every check's outcome. Writes ``bench/results/fact_check_paths.md`` and ``.json``.

Run: ``python -m bench.check_fact_check_paths [--set dev] [--count 30]``.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Sequence

from bench.bench_fact_checks import (RESULTS, InProcessCLI, _git_head, _option, load_timelines, run_all,
                                     run_mneme, score)


def sample(set_name: str, count: int) -> list[dict[str, Any]]:
    """``count`` timelines spread evenly over the set (kinds are contiguous in the file)."""
    timelines = load_timelines(set_name)
    step = max(1, len(timelines) // count)
    return timelines[::step][:count]


def compare(timelines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Both paths on the same timelines; per timeline: same reads? same checks?"""
    started = time.perf_counter()
    with InProcessCLI() as cli:
        in_process = [run_mneme(timeline, cli)[0] for timeline in timelines]
    in_process_s = time.perf_counter() - started
    started = time.perf_counter()
    through_cli = [reads for reads, _ in run_all(timelines, in_process=False)]
    cli_s = time.perf_counter() - started
    rows = []
    for timeline, here, there in zip(timelines, in_process, through_cli):
        rows.append({"id": timeline["id"], "same_checks": score(timeline, here) == score(timeline, there),
                     "same_reads": (sorted(here.after_d1), sorted(here.after_d2), sorted(here.as_of))
                     == (sorted(there.after_d1), sorted(there.after_d2), sorted(there.as_of)),
                     "errors": [here.error, there.error]})
    return {"rows": rows, "in_process_s": in_process_s, "cli_s": cli_s}


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    set_name = _option(argv, "--set", "dev")
    timelines = sample(set_name, int(_option(argv, "--count", "30")))
    result = compare(timelines)
    rows = result["rows"]
    same_checks, same_reads = sum(r["same_checks"] for r in rows), sum(r["same_reads"] for r in rows)
    errors = sum(1 for r in rows if any(r["errors"]))
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "code": _git_head(), "set": set_name,
            "timelines": len(rows), "same_checks": same_checks, "same_reads": same_reads, "errors": errors,
            "in_process_s": round(result["in_process_s"], 1), "cli_s": round(result["cli_s"], 1)}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "fact_check_paths.json").write_text(json.dumps({"meta": meta, "timelines": rows}, indent=1) + "\n",
                                                   encoding="utf-8")
    differing = [r["id"] for r in rows if not (r["same_checks"] and r["same_reads"])]
    (RESULTS / "fact_check_paths.md").write_text("\n".join([
        "# In-process vs CLI path of `bench_fact_checks`", "",
        f"Code `{meta['code']}`, {meta['date']}; {len(rows)} `{set_name}` timelines (every n-th, all kinds), "
        "each run both ways in a fresh data dir.", "",
        "| | timelines |", "|---|---|",
        f"| same per-check outcomes | {same_checks}/{len(rows)} |",
        f"| same facts read (after D1, after D2, as of the midpoint) | {same_reads}/{len(rows)} |",
        f"| a path reported an error | {errors} |", "",
        f"Wall: in-process {meta['in_process_s']} s (one process, embedder loaded once), "
        f"CLI {meta['cli_s']} s (5 subprocesses per timeline, 2 workers).", "",
        "Differing timelines: " + (", ".join(differing) if differing else "none") + ".", ""]), encoding="utf-8")
    print(f"in-process vs CLI on {len(rows)} {set_name} timelines: same checks {same_checks}, same reads "
          f"{same_reads}, errors {errors}; wall {meta['in_process_s']} s vs {meta['cli_s']} s")
    return meta


if __name__ == "__main__":
    main(sys.argv[1:])
