"""Round 9's change phrasing pool (``tests/memory_core/facts/change_phrasings_r9.py``) through the fact-check protocol.

Why: the held-out set shows relocations, no-longer-liking idioms, cancellations, corrections, indirect
changes and provider switches failing, and our other dev sets were tuned on their own phrasings. This pool
was written before any run; this runner scores it exactly as ``bench_fact_checks`` scores a set (the same
in-process ``memory add`` / ``memory facts --json`` calls, the same checks), per change kind.

Run: ``python -m bench.bench_change_phrasings --split dev [--show] [--out FILE.json]``; ``--split test`` is
run once, at the end, and prints aggregates only (no per-timeline output).
"""
from __future__ import annotations

import sys
from typing import Any, Sequence

from bench import pool_runs
from bench.bench_fact_checks import ROOT, InProcessCLI, run_mneme, score

POOL_FILE = ROOT / "tests" / "memory_core" / "facts" / "change_phrasings_r9.py"


def tally(rows: Sequence[dict[str, Any]]) -> pool_runs.Table:
    """Per change kind (controls under 'control') and over all: check -> [passed, total]."""
    return pool_runs.tally(rows, lambda row: (row["change_kind"] or "control", "all"))


def render(table: pool_runs.Table) -> str:
    columns = ("statement_captured", "change_captured|captured", "old_retired|captured", "as_of_correct",
               "kept_current", "every_check")
    return pool_runs.render(table, columns, "kind", lambda key: (key == "all", key == "control", key))


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    split = argv[argv.index("--split") + 1] if "--split" in argv else "dev"
    timelines = pool_runs.timelines_of(POOL_FILE, split)
    rows = []
    with InProcessCLI() as cli:
        for timeline in timelines:
            reads, _ = run_mneme(timeline, cli)
            rows.append({"id": timeline["id"], "change_kind": timeline["change_kind"],
                         "checks": score(timeline, reads), "reads": reads.__dict__})
    table = tally(rows)
    print(render(table))
    pool_runs.report(argv, split, table, rows, timelines)
    return table


if __name__ == "__main__":
    main(sys.argv[1:])
