"""The held-out benches: their scoring, the naive baseline, and the shape of the held-out sets.

The sets' contents are held out: these tests check counts and structure only, and print no sentence.
"""
from __future__ import annotations

import json
from collections import Counter

from bench.bench_fact_checks import CHECKS_FILE, Reads, holds, run_naive, score
from bench.bench_heldout_retention import load_histories, recency_baseline
from memory_core.observational.tokens import TokenCounter


def _timeline(kind_of_check: str = "change", new: list[str] | None = None, check_as_of: bool = True) -> dict:
    return {"id": "x", "kind": "city", "persona": "p", "type": kind_of_check, "change_kind": "relocation",
            "d1": "2026-01-05T09:00:00+00:00", "statement": "My home city is Lisbon.", "old": ["Lisbon"],
            "d2": "2026-05-05T09:00:00+00:00", "later": "My home city is now Porto.",
            "new": ["Porto"] if new is None else new, "as_of": "2026-03-05T09:00:00+00:00",
            "check_as_of": check_as_of}


def test_holds_is_a_case_insensitive_substring_of_value_or_text():
    held = ["porto | the user's home city is porto."]
    assert holds(held, ["PORTO"]) and holds(held, ["home city"]) and not holds(held, ["Lisbon"])


def test_a_clean_change_passes_every_check_and_a_missed_one_fails():
    timeline = _timeline()
    right = Reads(after_d1=["lisbon | lives in lisbon"], after_d2=["porto | lives in porto"],
                  as_of=["lisbon | lives in lisbon"])
    assert score(timeline, right) == {"statement_captured": True, "change_captured": True, "old_retired": True,
                                      "as_of_correct": True}
    stale = Reads(after_d1=["lisbon"], after_d2=["lisbon", "porto"], as_of=["lisbon", "porto"])
    assert score(timeline, stale) == {"statement_captured": True, "change_captured": True, "old_retired": False,
                                      "as_of_correct": False}


def test_no_change_unrelated_correction_and_errors():
    assert score(_timeline("no_change", new=[]), Reads(["lisbon"], [], ["lisbon"])) == {
        "statement_captured": True, "kept_current": False, "as_of_correct": True}
    assert score(_timeline("unrelated", new=[]), Reads(["lisbon"], ["lisbon", "x"], ["lisbon"])) == {
        "statement_captured": True, "unrelated_not_retired": True, "as_of_correct": True}
    assert "as_of_correct" not in score(_timeline(check_as_of=False), Reads(["lisbon"], ["porto"], []))
    errored = Reads(["lisbon"], ["porto"], ["lisbon"], error="memory facts exited 2")
    assert not any(score(_timeline(), errored).values())


def test_the_naive_baseline_takes_the_last_write_on_the_noun_after_my():
    reads = run_naive(_timeline())
    assert holds(reads.after_d1, ["Lisbon"]) and holds(reads.after_d2, ["Porto"])
    assert not holds(reads.after_d2, ["Lisbon"]) and holds(reads.as_of, ["Lisbon"])


def test_the_held_out_fact_set_has_the_promised_shape():
    timelines = json.loads(CHECKS_FILE.read_text(encoding="utf-8"))["timelines"]
    types = Counter(t["type"] for t in timelines)
    assert len(timelines) >= 90 and len({t["kind"] for t in timelines}) >= 25
    assert 0.2 <= types["no_change"] / len(timelines) <= 0.3 and types["unrelated"] >= 0.08 * len(timelines)
    assert len({t["persona"] for t in timelines}) >= 5 and len({t["id"] for t in timelines}) == len(timelines)
    for timeline in timelines:
        assert timeline["d1"] < timeline["as_of"] < timeline["d2"] and timeline["old"]


def test_the_held_out_histories_are_a_month_of_chats_with_changes():
    histories = load_histories()
    assert len(histories) == 2
    for history in histories:
        assert len(history.messages) >= 300 and len(history.threads) >= 10
        assert (history.end - history.messages[0].at).days >= 30
        assert len(history.facts) >= 24 and sum(f.changed for f in history.facts) >= 8
        baseline = recency_baseline(history, TokenCounter(None))
        assert 0 < baseline.memory_tokens <= baseline.memory_budget and len(baseline.facts) == len(history.facts)
