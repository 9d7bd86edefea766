"""Round 9's change phrasing pool (``tests/memory_core/facts/change_phrasings_r9.py``) through the fact-check protocol.

Why: the held-out set shows relocations, no-longer-liking idioms, cancellations, corrections, indirect
changes and provider switches failing, and our other dev sets were tuned on their own phrasings. This pool
was written before any run; this runner scores it exactly as ``bench_fact_checks`` scores a set (the same
in-process ``memory add`` / ``memory facts --json`` calls, the same checks), per change kind.

Run: ``python -m bench.bench_change_phrasings --split dev [--show] [--out FILE.json]``; ``--split test`` is
run once, at the end, and prints aggregates only (no per-timeline output).
"""
from __future__ import annotations

import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

from bench.bench_fact_checks import ROOT, InProcessCLI, Reads, run_mneme, score

POOL_FILE = ROOT / "tests" / "memory_core" / "facts" / "change_phrasings_r9.py"


def load_pool(split: str) -> list[dict[str, Any]]:
    """The pool's timelines of one split, read from the test folder's data module."""
    spec = importlib.util.spec_from_file_location("change_phrasings_r9", POOL_FILE)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return [timeline for timeline in module.timelines() if timeline["split"] == split]


def tally(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, list[int]]]:
    """Per change kind (controls under 'control'): check -> [passed, total], and the same given capture."""
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for row in rows:
        group = row["change_kind"] or "control"
        for name in (group, "all"):
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
    columns = ("statement_captured", "change_captured|captured", "old_retired|captured", "as_of_correct",
               "kept_current", "every_check")
    headers = [column.replace("|captured", " given capture") for column in columns]
    lines = ["| kind | " + " | ".join(headers) + " |", "|---" * (len(columns) + 1) + "|"]
    for name in sorted(table, key=lambda key: (key == "all", key == "control", key)):
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
            rows.append({"id": timeline["id"], "change_kind": timeline["change_kind"],
                         "checks": score(timeline, reads), "reads": reads.__dict__})
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
