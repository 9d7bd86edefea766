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

import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

from bench.bench_fact_checks import ROOT, InProcessCLI, Reads, holds, run_mneme, score

POOL_FILE = ROOT / "tests" / "memory_core" / "facts" / "keep_controls_r9.py"


def load_pool(split: str) -> list[dict[str, Any]]:
    """The pool's timelines of one split, read from the test folder's data module."""
    spec = importlib.util.spec_from_file_location("keep_controls_r9", POOL_FILE)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return [timeline for timeline in module.timelines() if timeline["split"] == split]


def checks(timeline: dict[str, Any], reads: Reads) -> dict[str, bool]:
    """``bench_fact_checks.score`` plus, for a control, whether the D1 fact itself is still current."""
    result = score(timeline, reads)
    if timeline["type"] == "no_change":
        d1_facts = [fact for fact in reads.after_d1 if holds([fact], timeline["old"])]
        result["same_fact_kept"] = bool(d1_facts) and all(fact in reads.after_d2 for fact in d1_facts)
        if reads.error:
            result["same_fact_kept"] = False
    return result


def tally(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, list[int]]]:
    """Per group (and over all controls): check -> [passed, total], and the same given D1 capture."""
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for row in rows:
        names = (row["group"], "all_controls" if row["type"] == "no_change" else "all_changes")
        for name in names:
            for check, passed in row["checks"].items():
                table[name][check][0] += passed
                table[name][check][1] += 1
                if row["checks"]["statement_captured"] and check != "statement_captured":
                    table[name][f"{check}|captured"][0] += passed
                    table[name][f"{check}|captured"][1] += 1
            table[name]["every_check"][0] += all(row["checks"].values())
            table[name]["every_check"][1] += 1
    return table


def render(table: dict[str, dict[str, list[int]]]) -> str:
    columns = ("statement_captured", "kept_current|captured", "same_fact_kept|captured",
               "change_captured|captured", "old_retired|captured", "as_of_correct", "every_check")
    headers = [column.replace("|captured", " given capture") for column in columns]
    lines = ["| group | " + " | ".join(headers) + " |", "|---" * (len(columns) + 1) + "|"]
    for name in sorted(table, key=lambda key: (key.startswith("all_"), key == "true_change", key)):
        cells = [f"{table[name][c][0]}/{table[name][c][1]}" if table[name][c][1] else "–" for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    split = argv[argv.index("--split") + 1] if "--split" in argv else "dev"
    timelines = load_pool(split)
    rows = []
    with InProcessCLI() as cli:
        for timeline in timelines:
            reads, _ = run_mneme(timeline, cli)
            rows.append({"id": timeline["id"], "group": timeline["group"], "type": timeline["type"],
                         "checks": checks(timeline, reads), "reads": reads.__dict__})
    table = tally(rows)
    print(render(table))
    if split == "dev" and "--show" in argv:
        for row, timeline in zip(rows, timelines):
            if not all(row["checks"].values()):
                failed = [check for check, passed in row["checks"].items() if not passed]
                print(f"\n{row['id']} FAILED {failed}\n  D1: {timeline['statement']}\n  D2: {timeline['later']}"
                      f"\n  after_d1: {row['reads']['after_d1']}\n  after_d2: {row['reads']['after_d2']}")
    if "--out" in argv:
        kept = rows if split == "dev" else []
        Path(argv[argv.index("--out") + 1]).write_text(
            json.dumps({"split": split, "table": table, "rows": kept}, indent=1, ensure_ascii=False))
    return table


if __name__ == "__main__":
    main(sys.argv[1:])
