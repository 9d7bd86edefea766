"""The written statements' data and scoring (bench/bench_written_statements.py)."""
from __future__ import annotations

import json
import re
from collections import Counter

from bench.bench_written_statements import DATA, name_for, summary


def test_every_kind_is_split_into_a_dev_and_a_test_half_and_each_sentence_has_one_value():
    examples = json.loads(DATA.read_text(encoding="utf-8"))["examples"]
    halves = Counter((e["concept"], e["half"]) for e in examples)
    kinds = {e["concept"] for e in examples}
    assert len(kinds - {None}) == 34
    for kind in kinds:
        assert halves[(kind, "dev")] == halves[(kind, "test")] > 0, kind
    assert all(len(re.findall(r"\bX\b", e["text"])) == 1 for e in examples)
    assert len({e["text"] for e in examples}) == len(examples)


def test_a_value_stands_for_a_name_of_its_kinds_shape():
    assert name_for("partner") == "Marisol" and name_for("therapist").startswith("Dr ")
    assert name_for("favorite:film") == "The Long Harbour" and name_for(None) == "Brightwell"


def test_the_summary_counts_statements_held_and_junk_apart():
    rows = [{"concept": "vet", "held": True, "under_kind": False, "about_user": True},
            {"concept": "vet", "held": False, "under_kind": False, "about_user": False},
            {"concept": None, "held": True, "under_kind": False, "about_user": False},
            {"concept": None, "held": True, "under_kind": False, "about_user": True}]
    assert summary(rows) == {"statements": 2, "held": 1, "under_kind": 0, "no_fact": 2, "junk": 2, "junk_user": 1}
