"""The background attribute matcher with the real MiniLM embedder and a real store."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.semantic import AttributeMatcher, pending, run_semantic_pass
from memory_core.ingest import ingest_and_extract


def say(store, text, day):
    ingest_and_extract(store, "t", "user", text, at=parse_iso(f"2025-01-{day:02d}T10:00:00Z"))


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


def test_the_memory_worker_runs_the_fact_matcher(store, real_embedder):
    """The app's memory worker (not only ``mneme memory facts``) finds the facts only the matcher places."""
    from memory_core.observational.worker import MemoryWorker

    embedder = real_embedder.load()
    say(store, "Most mornings you'll find me at Barrel House doing deadlifts with a trainer.", 1)
    assert facts.current_facts(store) == []
    worker = MemoryWorker(store, None, embedder)
    try:
        worker.run_pending()
    finally:
        worker.close()
    assert ("gym", "Barrel House") in {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert pending(store)[0] == []


def test_casual_lowercase_statements_become_facts(store):
    """Casual chat voice: lowercase values and verb-led fragments (dev_casual shapes)."""
    from memory_core.facts.extraction import extract

    found = {(c.predicate, c.value) for text in ("been pescatarian for ages", "tennis is my thing rn",
                                                 "i mostly listen to synthwave", "coffee with oat milk, always",
                                                 "up at 8:00 most mornings")
             for c in extract(text)}
    assert found == {("diet", "pescatarian"), ("hobby", "tennis"), ("music", "synthwave"),
                     ("coffee", "with oat milk"), ("wake_time", "8:00")}
    assert extract("my laptop is getting slow") == [] and extract("the dog is in the garden") == []


def test_the_matcher_reads_no_relations_relation_and_no_possessive_name_as_a_home(store, real_embedder):
    """Round 11: "my wife's dad is in a home in Prestatyn" is the father-in-law's, not the wife's; "has
    Crohn's" names no place anyone lives in. Checked against a sentence the matcher does place."""
    embedder = real_embedder.load()
    say(store, "My wife's dad is in a care home in Prestatyn.", 1)
    say(store, "My aunt, who has had Crohn's for years, is very brave about it.", 2)
    say(store, "My sister lives in Cardiff now.", 3)
    run_semantic_pass(store, embedder)
    found = {(f.subject, f.value) for f in facts.current_facts(store)}
    assert not any(value in ("Prestatyn", "Crohn") for _, value in found)
    assert ("sister", "Cardiff") in found


def test_the_matcher_adds_no_second_value_to_an_attribute_the_rules_placed_from_the_message(store, real_embedder):
    """Round 21: the rules' values and attributes of a message are read once and used twice (the values it placed
    are settled, the attributes it placed take no matcher value). Read from a one-pass query iterator, the second
    use saw nothing, and "it is the one near Berri-UQAM" replaced the gym the rules had read."""
    embedder = real_embedder.load()
    say(store, "I'm a member at Pulse Fitness, it's the one near Berri-UQAM.", 1)
    assert ("gym", "Pulse Fitness") in {(f.predicate, f.value) for f in facts.current_facts(store)}
    rows, options = pending(store)
    assert all("gym" in option.placed for option in options)
    run_semantic_pass(store, embedder)
    held = [(f.predicate, f.value) for f in facts.current_facts(store)]
    assert ("gym", "Pulse Fitness") in held and not any(value == "Berri-UQAM" for _, value in held)


def test_the_matcher_reads_no_value_from_a_note_of_what_someone_does(store, real_embedder):
    """Round 21: "- Sam needs new trainers" in a to-do list is what Sam needs, no attribute of the user's (the
    matcher had it as the race the user trains for)."""
    embedder = real_embedder.load()
    say(store, "Jobs:\n- Tomasz needs new trainers\n- Olek wants a lift to football", 1)
    run_semantic_pass(store, embedder)
    assert not any(f.value in ("Tomasz", "Olek") for f in facts.current_facts(store))
