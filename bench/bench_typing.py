"""How fact capture holds up when people type the way they chat: all lower case, names not capitalised,
contractions without apostrophes.

The same timelines as ``bench_fact_checks`` (and the same chat-line pools as ``bench_chat_precision``), with
their texts rewritten by one fixed typing habit before they are stored. The habits are mechanical, defined
here once, before any tuning, and applied to every sentence alike, so the sets keep their dev/test split and
a rule cannot be fitted to one phrasing of them.

Run (dev halves only while tuning; a test or held-out set prints aggregates only, once, at the end):

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python -m bench.bench_typing --set dev --typing lower,unshifted
    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python -m bench.bench_typing --pool fresh3 --typing lower

``--show`` lists each dev timeline's or line's outcome (refused for test and held-out sets);
``--out FILE.md`` appends the table to a results file.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import bench_fact_checks as fact_checks  # noqa: E402

#: Sets whose per-item outcomes may be read (tuned on); the others print aggregates only.
DEV_SETS = {"dev", "dev2", "changes_dev", "changes2_dev", "issue_dev", "issue_dev2", "issue_dev3", "issue_dev4", "issue_dev5", "issue_dev6", "issue_dev7"}
DEV_POOLS = {"fresh-dev", "fresh3", "original"}

_CONTRACTION = re.compile(r"(?<=[A-Za-z])['’](?=[A-Za-z])")
_SENTENCE_START = re.compile(r"(^|[.!?]\s+|\n\s*)([A-Z])")


def lower(text: str) -> str:
    """Everything in lower case, as many people type on a phone: "my dog is called biscuit"."""
    return text.lower()


def unshifted(text: str) -> str:
    """Sentence starts and "I" keep their capital, every other capital is dropped: "I met sarah at tesco"."""
    starts = {match.start(2) for match in _SENTENCE_START.finditer(text)}
    kept = []
    for index, char in enumerate(text):
        standalone_i = char == "I" and (index == 0 or not text[index - 1].isalpha()) and \
            (index + 1 == len(text) or not text[index + 1].isalpha())
        kept.append(char if index in starts or standalone_i else char.lower())
    return "".join(kept)


def no_apostrophes(text: str) -> str:
    """Contractions and possessives without their apostrophe: "im", "dont", "my sisters flat"."""
    return _CONTRACTION.sub("", text)


def casual(text: str) -> str:
    """Lower case and no apostrophes together."""
    return no_apostrophes(lower(text))


TYPINGS: dict[str, Callable[[str], str]] = {"none": lambda text: text, "lower": lower, "unshifted": unshifted,
                                            "noapos": no_apostrophes, "casual": casual}


def typed_timelines(set_name: str, typing: str) -> list[dict]:
    """The set's timelines with both of their messages retyped (values to find stay as written)."""
    retype = TYPINGS[typing]
    timelines = fact_checks.load_timelines(set_name)
    return [timeline | {"statement": retype(timeline["statement"]), "later": retype(timeline["later"])}
            for timeline in timelines]


def fact_check_tally(set_name: str, typing: str) -> tuple[dict[str, list[int]], list[dict]]:
    """Per check [passed, total] over the set typed one way, and the per-timeline rows."""
    timelines = typed_timelines(set_name, typing)
    runs = fact_checks.run_all(timelines, in_process=True)
    tally: dict[str, list[int]] = {}
    rows = []
    for timeline, (reads, _) in zip(timelines, runs):
        checks = fact_checks.score(timeline, reads)
        for check, passed in checks.items():
            cell = tally.setdefault(check, [0, 0])
            cell[0] += passed
            cell[1] += 1
        rows.append({"id": timeline["id"], "statement": timeline["statement"], "later": timeline["later"],
                     "checks": checks, "after_d1": reads.after_d1, "after_d2": reads.after_d2})
    return tally, rows


def pool_tally(pool: str, typing: str) -> tuple[dict[str, int], list, list]:
    """Junk facts (wrong value) and missed lines of a chat-line pool typed one way."""
    from bench import bench_chat_precision as precision
    from models.dependency_parser import shared_parser

    retype = TYPINGS[typing]
    lines = [(retype(text), allowed) for text, allowed in precision.load_pool(pool, ROOT)]
    junk, missed = precision.precision_and_coverage(lines, shared_parser())
    wrong = precision.wrong_values(lines, junk)
    return {"lines": len(lines), "junk": len(wrong), "should": sum(1 for _, a in lines if a),
            "missed": len(missed)}, wrong, missed


def _cell(passed: int, total: int) -> str:
    return f"{passed}/{total} ({100 * passed / total:.1f}%)" if total else "-"


def fact_table(set_name: str, results: dict[str, dict[str, list[int]]]) -> list[str]:
    checks = [check for check in fact_checks.CHECKS if any(check in tally for tally in results.values())]
    head = ["typing", "all checks"] + checks
    out = [f"### fact checks `{set_name}` by typing habit", "", "| " + " | ".join(head) + " |",
           "|" + "---|" * len(head)]
    for typing, tally in results.items():
        total = [sum(cell[0] for cell in tally.values()), sum(cell[1] for cell in tally.values())]
        out.append("| " + " | ".join([typing, _cell(*total)] + [_cell(*tally.get(c, [0, 0])) for c in checks]) + " |")
    return out + [""]


def pool_table(pool: str, results: dict[str, dict[str, int]]) -> list[str]:
    out = [f"### chat lines `{pool}` by typing habit", "",
           "| typing | junk facts per 100 lines | lines that state a fact and gave none |", "|---|---|---|"]
    for typing, cell in results.items():
        out.append(f"| {typing} | {100 * cell['junk'] / cell['lines']:.1f} ({cell['junk']}/{cell['lines']}) | "
                   f"{cell['missed']}/{cell['should']} |")
    return out + [""]


def main(argv: list[str] | None = None) -> list[str]:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    target = arguments.add_mutually_exclusive_group(required=True)
    target.add_argument("--set", choices=sorted(fact_checks.SETS), help="fact-check timelines")
    target.add_argument("--pool", choices=["original", "fresh-dev", "fresh-test", "fresh2", "fresh3"],
                        help="chat lines (junk per 100)")
    arguments.add_argument("--typing", default="none,lower,unshifted,noapos,casual",
                           help="comma-separated: " + ", ".join(TYPINGS))
    arguments.add_argument("--show", action="store_true", help="per-item outcomes (dev sets and pools only)")
    arguments.add_argument("--out", type=Path, help="append the table to this Markdown file")
    options = arguments.parse_args(argv)
    typings = [t.strip() for t in options.typing.split(",") if t.strip()]
    unknown = [t for t in typings if t not in TYPINGS]
    if unknown:
        arguments.error(f"unknown typing {', '.join(unknown)}; choose from {', '.join(TYPINGS)}")
    may_show = (options.set in DEV_SETS) if options.set else (options.pool in DEV_POOLS)
    if options.show and not may_show:
        arguments.error("--show is for dev sets and pools only: test and held-out outcomes are read as aggregates")
    started = time.perf_counter()
    if options.set:
        results = {}
        for typing in typings:
            results[typing], rows = fact_check_tally(options.set, typing)
            if options.show:
                for row in rows:
                    failed = [check for check, passed in row["checks"].items() if not passed]
                    if failed:
                        print(f"[{typing}] {row['id']} FAILED {failed}\n  1: {row['statement']}\n  2: {row['later']}"
                              f"\n  held after 1: {row['after_d1']}\n  held after 2: {row['after_d2']}")
        table = fact_table(options.set, results)
    else:
        results = {}
        for typing in typings:
            results[typing], wrong, missed = pool_tally(options.pool, typing)
            if options.show:
                print("\n".join([f"[{typing}] junk: {text!r} -> {label}" for text, label in wrong] +
                                [f"[{typing}] missed: {text!r}" for text in missed]))
        table = pool_table(options.pool, results)
    table.append(f"Code {fact_checks._git_head()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
                 f"wall {time.perf_counter() - started:.0f} s.")
    print("\n".join(table))
    if options.out:
        with options.out.open("a", encoding="utf-8") as handle:
            handle.write("\n".join(table) + "\n\n")
    return table


if __name__ == "__main__":
    main()
