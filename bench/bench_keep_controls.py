"""Round 9's keep-controls pool (``tests/memory_core/facts/keep_controls_r9.py``) through the fact-check protocol.

Why: a wrongly retired fact silently disappears from what the user sees, and this round's change rules
(later successors, ending idioms, corrections, mentions by a name's head) were tuned on changes. This pool
holds messages that must NOT retire the D1 value (complaints that keep the provider, dislike of a thing at
the value, companions, someone else's change, questions, news, anecdotes) beside true changes, scored exactly
as ``bench_fact_checks`` scores a set (the same in-process ``memory add`` / ``memory facts --json`` calls):
``kept_current`` for controls, plus ``same_fact_kept`` (the very fact string that held the old value after
D1 is still current: another fact merely naming the value does not count); ``old_retired`` and
``change_captured`` for the positives.

Run: ``python -m bench.bench_keep_controls --split dev [--show] [--out FILE.json]``; ``--split test`` is run
once, at the end, and prints aggregates only (no per-timeline output).
"""
from __future__ import annotations

import sys
from typing import Any, Sequence

from bench import pool_runs
from bench.bench_fact_checks import ROOT, InProcessCLI, Reads, holds, run_mneme, score

POOL_FILE = ROOT / "tests" / "memory_core" / "facts" / "keep_controls_r9.py"


def checks(timeline: dict[str, Any], reads: Reads) -> dict[str, bool]:
    """``bench_fact_checks.score`` plus, for a control, whether the D1 fact itself is still current."""
    result = score(timeline, reads)
    if timeline["type"] == "no_change":
        d1_facts = [fact for fact in reads.after_d1 if holds([fact], timeline["old"])]
        result["same_fact_kept"] = bool(d1_facts) and all(fact in reads.after_d2 for fact in d1_facts)
        if reads.error:
            result["same_fact_kept"] = False
    return result


def tally(rows: Sequence[dict[str, Any]]) -> pool_runs.Table:
    """Per group, and over all controls or all true changes: check -> [passed, total]."""
    return pool_runs.tally(rows, lambda row: (row["group"],
                                              "all_controls" if row["type"] == "no_change" else "all_changes"))


def render(table: pool_runs.Table) -> str:
    columns = ("statement_captured", "kept_current|captured", "same_fact_kept|captured",
               "change_captured|captured", "old_retired|captured", "as_of_correct", "every_check")
    return pool_runs.render(table, columns, "group",
                            lambda key: (key.startswith("all_"), key == "true_change", key))


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    split = argv[argv.index("--split") + 1] if "--split" in argv else "dev"
    timelines = pool_runs.timelines_of(POOL_FILE, split)
    rows = []
    with InProcessCLI() as cli:
        for timeline in timelines:
            reads, _ = run_mneme(timeline, cli)
            rows.append({"id": timeline["id"], "group": timeline["group"], "type": timeline["type"],
                         "checks": checks(timeline, reads), "reads": reads.__dict__})
    table = tally(rows)
    print(render(table))
    pool_runs.report(argv, split, table, rows, timelines)
    return table


if __name__ == "__main__":
    main(sys.argv[1:])
