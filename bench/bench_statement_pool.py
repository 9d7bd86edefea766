"""Round 9's statement pool (``tests/memory_core/facts/statement_pool_r9.py``): does a first-person statement
of a durable fact become a fact at all, and what else comes with it?

Why: capture limits every other check, and our dev sets read high because they were tuned on. This pool
was written before any run. Each item goes into a fresh data dir through the same in-process
``memory add`` / ``memory facts --json`` calls as ``bench_fact_checks``, with its "value holds" rule:

* captured: one of the expected spellings holds in a fact (and, second figure, that fact's subject is
  the expected owner: "user", or a subject naming the relation);
* junk per 100 items: facts whose value and text hold none of the expected spellings;
* no-fact lines: facts from ordinary chat lines that state nothing durable.

Run: ``python -m bench.bench_statement_pool --split dev [--show]``; ``--split test`` is run once, at the end,
and prints aggregates only.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence

from bench import pool_runs
from bench.bench_fact_checks import ROOT, InProcessCLI, _add, fact_strings, holds

POOL_FILE = ROOT / "tests" / "memory_core" / "facts" / "statement_pool_r9.py"
SAID_AT = "2026-03-02T10:00:00"
# Other words the ledger may hold a relation under (a spouse is one whatever the user calls them).
OWNER_WORDS = {"wife": ("wife", "spouse"), "husband": ("husband", "spouse"),
               "grandmother": ("grandmother", "nan", "gran"), "mother": ("mother", "mum", "mom")}


def load_pool() -> Any:
    return pool_runs.load_module(POOL_FILE)


def facts_after(text: str, cli: InProcessCLI) -> list[dict[str, Any]]:
    """The facts a fresh store holds after the user said ``text`` once."""
    with tempfile.TemporaryDirectory(prefix="mneme-statements-") as tmp:
        data_dir = Path(tmp) / "data"
        _add(data_dir, "chat", text, SAID_AT, cli=cli)
        done = cli(data_dir, "memory", "facts", "--json")
        if done.returncode != 0:
            raise RuntimeError(f"memory facts exited {done.returncode}: {done.stderr.strip()[-300:]}")
        return json.loads(done.stdout)


def owner_matches(fact: dict[str, Any], owner: str) -> bool:
    """The fact is the owner's: the user's own, or a subject that names the relation (or the name)."""
    subject = str(fact.get("subject") or "").lower().replace("_", " ")
    if owner == "user":
        return subject == "user"
    return any(word in subject for word in OWNER_WORDS.get(owner.lower(), (owner.lower(),)))


def score_statement(item: Any, facts: list[dict[str, Any]]) -> dict[str, Any]:
    strings = fact_strings(facts)
    matching = [fact for fact, face in zip(facts, strings) if holds([face], item.values)]
    return {"captured": bool(matching),
            "owner_right": any(owner_matches(fact, item.owner) for fact in matching),
            "junk": len(facts) - len(matching)}


def summarize(rows: Sequence[dict[str, Any]], no_fact_counts: Sequence[int]) -> dict[str, Any]:
    items = len(rows)
    return {"statements": items,
            "captured": sum(row["captured"] for row in rows),
            "owner_right": sum(row["owner_right"] for row in rows),
            "junk_per_100": round(100 * sum(row["junk"] for row in rows) / items, 1) if items else 0.0,
            "no_fact_lines": len(no_fact_counts),
            "facts_from_no_fact_lines": sum(no_fact_counts)}


def by_register(rows: Sequence[dict[str, Any]]) -> dict[str, str]:
    table: dict[str, list[int]] = {}
    for row in rows:
        cell = table.setdefault(row["register"], [0, 0])
        cell[0] += row["captured"]
        cell[1] += 1
    return {register: f"{passed}/{total}" for register, (passed, total) in sorted(table.items())}


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    split = argv[argv.index("--split") + 1] if "--split" in argv else "dev"
    pool = load_pool()
    rows, no_fact_counts, shown = [], [], []
    with InProcessCLI() as cli:
        for item in pool.statements(split):
            facts = facts_after(item.text, cli)
            row = score_statement(item, facts)
            row["register"] = item.register
            rows.append(row)
            shown.append((item, row, facts))
        for line in pool.no_fact_lines(split):
            facts = facts_after(line, cli)
            no_fact_counts.append(len(facts))
            shown.append((line, {"no_fact": len(facts)}, facts))
    summary = summarize(rows, no_fact_counts)
    summary["by_register"] = by_register(rows)
    print(f"statement pool r9 ({split}): " + json.dumps(summary))
    if split == "dev" and "--show" in argv:
        for item, row, facts in shown:
            wrong = (isinstance(item, str) and facts) or (not isinstance(item, str)
                                                          and (not row["owner_right"] or row["junk"]))
            if wrong:
                text = item if isinstance(item, str) else f"{item.text}  [{item.owner}: {item.values[0]}]"
                print(f"\n{'MISS' if not isinstance(item, str) and not row['captured'] else 'ODD '} {text}")
                for fact in facts:
                    print(f"    {fact.get('subject')} | {fact.get('predicate')} = {fact.get('value')}")
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
