"""What the round-9 pool runners share: loading a pool module from the test folder, and its tables.

Why: each pool (``tests/memory_core/facts/*_r9.py``) is plain data kept beside the unit tests, split dev/test in
the file before any run; the runners score it through ``bench_fact_checks``' protocol and differ only in how
they group timelines and which checks they show.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Sequence

Table = dict[str, dict[str, list[int]]]


def load_module(path: Path) -> Any:
    """A pool's data module, loaded from its file (the test folder is no package the bench imports)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def timelines_of(path: Path, split: str) -> list[dict[str, Any]]:
    """The pool's timelines of one split."""
    return [timeline for timeline in load_module(path).timelines() if timeline["split"] == split]


def tally(rows: Sequence[dict[str, Any]], groups: Callable[[dict[str, Any]], Sequence[str]]) -> Table:
    """Per group a row belongs to: check -> [passed, total], the same given the D1 statement was captured
    (``check|captured``), and ``every_check``."""
    table: Table = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for row in rows:
        for name in groups(row):
            for check, passed in row["checks"].items():
                table[name][check][0] += passed
                table[name][check][1] += 1
                if row["checks"]["statement_captured"] and check != "statement_captured":
                    table[name][f"{check}|captured"][0] += passed
                    table[name][f"{check}|captured"][1] += 1
            table[name]["every_check"][0] += all(row["checks"].values())
            table[name]["every_check"][1] += 1
    return table


def render(table: Table, columns: Sequence[str], label: str, order: Callable[[str], Any]) -> str:
    """A markdown table, one line per group in ``order``; ``check|captured`` headed "given capture"."""
    headers = [column.replace("|captured", " given capture") for column in columns]
    lines = [f"| {label} | " + " | ".join(headers) + " |", "|---" * (len(columns) + 1) + "|"]
    for name in sorted(table, key=order):
        cells = [f"{table[name][c][0]}/{table[name][c][1]}" if table[name][c][1] else "–" for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def report(argv: Sequence[str], split: str, table: Table, rows: Sequence[dict[str, Any]],
           timelines: Sequence[dict[str, Any]]) -> None:
    """``--show`` prints the failing DEV timelines (never a test split's); ``--out FILE`` writes the table, with
    the rows for dev only."""
    if split == "dev" and "--show" in argv:
        for row, timeline in zip(rows, timelines):
            if not all(row["checks"].values()):
                failed = [check for check, passed in row["checks"].items() if not passed]
                print(f"\n{row['id']} FAILED {failed}\n  D1: {timeline['statement']}\n  D2: {timeline['later']}"
                      f"\n  after_d1: {row['reads']['after_d1']}\n  after_d2: {row['reads']['after_d2']}")
    if "--out" in argv:
        kept = list(rows) if split == "dev" else []
        Path(argv[argv.index("--out") + 1]).write_text(
            json.dumps({"split": split, "table": table, "rows": kept}, indent=1, ensure_ascii=False))
