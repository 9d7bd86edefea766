"""Statements written without reading the code: does the whole fact path (rules, frames, parse, matcher) hold them?

``bench/data/written_statements.json`` holds 408 statements of 34 attribute kinds (12 each: about 4 plain, 8 said
in passing, in a dozen voices) and 150 sentences that name something and state no fact. A helper wrote them from a
list of the kinds, without reading any pool, test or code, and they were split dev/test by position within each kind
before any system ran on them. The value is written "X"; here it becomes a name of the kind's shape (a person, a
business, a title), the same name for every sentence of a shape.

Each sentence goes through ``mneme memory add`` and ``memory facts --json`` in a fresh store (in process, as
``bench_fact_checks``). A statement is *held* when a current fact's value holds the name, and *held under its
kind* when that fact's attribute is the kind's (``same_attribute``). A sentence that states no fact is *junk*
when any fact holds the name; many such are a relation's fact,
"my cousin lives in X" held as the cousin's home, so the junk that says something of the user is counted apart.

Two matcher configurations in the same run: ``base``, the shipped matcher (its examples are the pools' looked-at
phrasings), and ``written``, an experiment that is not shipped: the same with the dev half of these sentences added to
its labelled examples, in this process only. Report the test half; the dev half of ``written`` holds its own
examples and is no measure.

``python -m bench.bench_written_statements [--half test|dev|all] [--limit N]`` writes
bench/results/written_statements.md and .json.
"""
from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.bench_fact_checks import InProcessCLI, _add

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "written_statements.json"
RESULTS = ROOT / "bench" / "results"
PEOPLE = {"teacher", "cleaner", "dog_walker", "childminder", "partner", "best_friend", "tattoo_artist", "barber"}
DOCTORS = {"therapist", "physio", "accountant", "dentist"}
TITLES = {"favorite:film", "favorite:book", "favorite:show"}


def name_for(concept: str | None) -> str:
    """The name X stands for: one per shape, none a word the lexicons know."""
    if concept in PEOPLE:
        return "Marisol"
    if concept in DOCTORS:
        return "Dr Okonkwo"
    if concept in TITLES:
        return "The Long Harbour"
    if concept == "church":
        return "St Aidan's"
    if concept == "school":
        return "Brightwell Academy"
    if concept == "team":
        return "Brightwell Rovers"
    return "Brightwell"


def run(examples: list[dict[str, Any]], matcher: str, cli: InProcessCLI) -> list[dict[str, Any]]:
    from memory_core.facts import semantic
    from memory_core.facts.attributes import same_attribute

    saved = semantic.load_examples
    if matcher == "written":
        dev_half = [{"text": e["text"], "concept": e["concept"]} for e in json.loads(DATA.read_text(encoding="utf-8"))
                    ["examples"] if e["half"] == "dev"]
        semantic.load_examples = lambda: saved() + dev_half
    rows = []
    try:
        with tempfile.TemporaryDirectory(prefix="mneme-written-") as tmp:
            for index, example in enumerate(examples):
                name = name_for(example["concept"])
                text = re.sub(r"\bX\b", name, example["text"], count=1)
                data_dir = Path(tmp) / f"s{index}"
                _add(data_dir, "chat-1", text, "2025-03-10T10:00:00Z", cli=cli)
                done = cli(data_dir, "memory", "facts", "--json")
                facts = json.loads(done.stdout) if done.returncode == 0 else []
                holding = [f for f in facts if name.lower() in (f.get("value") or "").lower()]
                rows.append({"text": text, "concept": example["concept"], "half": example["half"],
                             "held": bool(holding),
                             "under_kind": any(example["concept"] and same_attribute(example["concept"], f["predicate"])
                                               for f in holding),
                             "about_user": any(f["subject"] == "user" for f in holding),
                             "facts": [(f["subject"], f["predicate"], f["value"]) for f in facts]})
    finally:
        semantic.load_examples = saved
    return rows


def run_naive(examples: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The baseline on the same sentences: last write wins on the noun after "my" (``NaiveMyNounMemory``)."""
    from datetime import datetime, timezone

    from memory_core.evals.lifecycle import NaiveMyNounMemory
    from memory_core.facts.attributes import same_attribute

    at = datetime(2025, 3, 10, 10, tzinfo=timezone.utc)
    rows = []
    for example in examples:
        name = name_for(example["concept"])
        text = re.sub(r"\bX\b", name, example["text"], count=1)
        memory = NaiveMyNounMemory()
        memory.say("chat-1", text, at)
        holding = [slot for slot, writes in memory.slots.items() if name.lower() in writes[-1][1].lower()]
        rows.append({"text": text, "concept": example["concept"], "half": example["half"], "held": bool(holding),
                     "under_kind": any(example["concept"] and same_attribute(example["concept"], slot.replace(" ", "_"))
                                       for slot in holding),
                     "about_user": bool(holding), "facts": holding})
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    statements = [r for r in rows if r["concept"]]
    none = [r for r in rows if not r["concept"]]
    return {"statements": len(statements), "held": sum(r["held"] for r in statements),
            "under_kind": sum(r["under_kind"] for r in statements),
            "no_fact": len(none), "junk": sum(r["held"] for r in none),
            "junk_user": sum(r["about_user"] for r in none)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", default="all", choices=("dev", "test", "all"))
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--show", action="store_true", help="print each sentence and what was held")
    args = parser.parse_args()
    examples = json.loads(DATA.read_text(encoding="utf-8"))["examples"]
    if args.half != "all":
        examples = [e for e in examples if e["half"] == args.half]
    if args.limit:
        examples = examples[:args.limit]
    started = time.perf_counter()
    results: dict[str, list[dict[str, Any]]] = {}
    with InProcessCLI() as cli:
        for matcher in ("base", "written"):
            results[matcher] = run(examples, matcher, cli)
    wall = time.perf_counter() - started
    results["naive"] = run_naive(examples)
    table = {m: {h: summary([r for r in rows if r["half"] == h]) for h in ("dev", "test")} for m, rows in results.items()}
    by_kind: dict[str, dict[str, list[int]]] = defaultdict(lambda: {"base": [0, 0], "written": [0, 0], "naive": [0, 0]})
    for matcher, rows in results.items():
        for row in rows:
            if row["half"] == "test" and row["concept"]:
                by_kind[row["concept"]][matcher][0] += row["held"]
                by_kind[row["concept"]][matcher][1] += 1
    lines = ["# Statements written without reading the code (bench/bench_written_statements.py)", "",
             f"{len(examples)} sentences, half {args.half}; wall {wall:.0f} s. Each through `memory add` + "
             "`memory facts --json` in a fresh store: rules, frames, spaCy parse, MiniLM matcher; no LLM.", "",
             "| system (matcher examples) | half | statements held | held under its kind | no-fact sentences holding the name | "
             "the same, as a fact of the user's |", "|---|---|---|---|---|---|"]
    for matcher in ("base", "written", "naive"):
        for half in ("test", "dev"):
            s = table[matcher][half]
            if not s["statements"] and not s["no_fact"]:
                continue
            note = {"written": " (its own examples)" if half == "dev" else " (not shipped)",
                    "base": " (shipped)", "naive": ": last write wins on the noun after 'my'"}[matcher]
            lines.append(f"| {matcher}{note} | {half} | {s['held']}/{s['statements']} | {s['under_kind']}/{s['statements']} "
                         f"| {s['junk']}/{s['no_fact']} | {s['junk_user']}/{s['no_fact']} |")
    lines += ["", "Test half by kind (held: naive, base, written):", ""]
    lines += [f"- {kind}: {v['naive'][0]}, {v['base'][0]}, {v['written'][0]} of {v['base'][1]}"
              for kind, v in sorted(by_kind.items())]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "written_statements.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (RESULTS / "written_statements.json").write_text(json.dumps({"table": table, "by_kind": by_kind, "wall_s": wall},
                                                               indent=1) + "\n", encoding="utf-8")
    print("\n".join(lines))
    if args.show:
        for matcher, rows in results.items():
            for row in rows:
                print(f"[{matcher}/{row['half']}] {row['concept']} held={row['held']} kind={row['under_kind']} | "
                      f"{row['text']} -> {row['facts']}")


if __name__ == "__main__":
    main()
