"""The (subject, predicate) pairs the extractor (rules + dependency parse) produces on a DEV timeline file.

Used to see which attribute names fact texts and change detection meet in practice
(``tests/memory_core/facts/test_fact_text.py`` keeps a list of them). Reads only the DEV split.

Run: ``PYTHONPATH=$PWD HF_HUB_OFFLINE=1 .venv/bin/python -m bench.list_fact_predicates``.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from memory_core.facts.extraction import extract
from memory_core.facts.parse_extractor import parsed_candidates
from memory_core.facts.parse_merge import merge_candidates
from memory_core.facts import ledger
from models.dependency_parser import shared_parser

DEV = Path(__file__).resolve().parent / "data" / "fact_timelines_dev.json"


def main() -> None:
    parser = shared_parser()
    timelines = [t for t in json.loads(DEV.read_text())["timelines"] if t.get("split") == "dev"]
    found: Counter[tuple[str, str]] = Counter()
    example: dict[tuple[str, str], str] = {}
    for timeline in timelines:
        for text in (timeline["statement"], timeline["later"]):
            parsed = parsed_candidates(parser, text) if parser else []
            for candidate in merge_candidates(extract(text), parsed):
                if candidate.op != "assert" or not candidate.predicate:
                    continue
                key = (candidate.subject, candidate.predicate)
                found[key] += 1
                example[key] = ledger.fact_text(candidate.subject, candidate.predicate, candidate.value or "")
    for (subject, predicate), count in sorted(found.items()):
        print(f"{subject}\t{predicate}\t{count}\t{example[(subject, predicate)]}")


if __name__ == "__main__":
    main()
