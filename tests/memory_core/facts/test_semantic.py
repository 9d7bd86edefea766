"""The background attribute matcher with the real MiniLM embedder and a real store."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.semantic import AttributeMatcher, pending, run_semantic_pass
from memory_core.ingest import ingest_message


def say(store, text, day):
    ingest_message(store, "t", "user", text, at=parse_iso(f"2025-01-{day:02d}T10:00:00Z"))


def test_matcher_places_values_the_rules_miss_and_later_changes_apply(store, real_embedder):
    embedder = real_embedder.load()
    # no rule, frame or cue parses these: the attribute is only implied
    say(store, "Most mornings you'll find me at Barrel House doing deadlifts with a trainer.", 1)
    say(store, "Went out for pizza with Tomas.", 2)
    assert facts.current_facts(store) == []
    rows, options = pending(store)
    assert len(rows) == 2 and options
    added = run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    found = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert ("gym", "Barrel House") in found and not any(v == "Tomas" for _, v in found)
    assert added and pending(store)[0] == []  # incremental: nothing left for the next pass


def test_a_late_fact_takes_the_change_stored_after_it(store, real_embedder):
    embedder = real_embedder.load()
    say(store, "Most mornings you'll find me at Barrel House doing deadlifts with a trainer.", 1)
    say(store, "I cancelled my Barrel House membership, it closed.", 5)
    run_semantic_pass(store, embedder)
    assert not any(f.value == "Barrel House" for f in facts.current_facts(store))
    assert any(f.value == "Barrel House" for f in facts.current_facts(store, as_of="2025-01-03T00:00:00Z"))
