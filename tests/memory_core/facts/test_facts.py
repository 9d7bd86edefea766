"""Bi-temporal facts: supersession, as-of on both axes, exact-slot conflicts, dependents, soft expiry."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory_core.facts import ledger as facts
from memory_core.errors import InvalidInput


def add(store, predicate, value, at, subject="user", **kw):
    with store.transaction():
        return facts.add_fact(store, subject, predicate, value, valid_at=at, **kw)


def test_contradiction_supersedes_and_never_overwrites(store):
    porto = add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    lisbon = add(store, "lives_in", "Lisbon", "2025-03-01T00:00:00Z")
    assert lisbon.action == "superseded" and lisbon.retired == [porto.fact_id]
    old, new = facts.get_fact(store, porto.fact_id), facts.get_fact(store, lisbon.fact_id)
    assert old.value == "Porto" and old.invalid_at == new.valid_at and old.expired_at is not None
    assert new.supersedes == old.id and new.invalid_at is None
    assert [f.value for f in facts.supersession_chain(store, new.id)] == ["Lisbon", "Porto"]
    assert [f.value for f in facts.current_facts(store, predicate="lives_in")] == ["Lisbon"]
    assert len(facts.history(store, predicate="lives_in")) == 2


def test_as_of_valid_time_and_known_time(store):
    add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    lisbon = add(store, "lives_in", "Lisbon", "2025-03-01T00:00:00Z")
    assert [f.value for f in facts.current_facts(store, as_of="2025-02-01")] == ["Porto"]
    assert [f.value for f in facts.current_facts(store, as_of="2025-04-01")] == ["Lisbon"]
    assert facts.current_facts(store, as_of="2024-06-01") == []
    # transaction time: before Mneme retired Porto it believed Porto held on, so "as of April, known then" ...
    created = facts.get_fact(store, lisbon.fact_id).created_at
    before_learning = "2000-01-01T00:00:00+00:00"
    assert facts.current_facts(store, as_of="2025-04-01", known_at=before_learning) == []
    assert [f.value for f in facts.current_facts(store, as_of="2025-04-01", known_at=created)] == ["Lisbon"]


def test_same_value_reinforces_instead_of_duplicating(store, ):
    store.add_message("t", "user", "I live in Porto")
    first = add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z", message_ids=[1])
    store.add_message("t", "user", "still in porto")
    again = add(store, "lives_in", "porto", "2025-02-01T00:00:00Z", message_ids=[2])
    assert again.action == "reinforced" and again.fact_id == first.fact_id
    fact = facts.get_fact(store, first.fact_id)
    assert fact.message_ids == [1, 2] and fact.salience > 0.7


def test_unrelated_slots_never_retire_each_other(store):
    """Zep's failure: similarity-wide invalidation. Here only the exact slot conflicts."""
    add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    add(store, "works_at", "Acme", "2025-01-01T00:00:00Z")
    add(store, "likes", "sushi", "2025-01-01T00:00:00Z")
    add(store, "lives_in", "Madrid", "2025-01-02T00:00:00Z", subject="brother")
    add(store, "likes", "hiking", "2025-02-01T00:00:00Z")  # a set: adds, does not replace
    add(store, "sister", "Ana", "2025-02-01T00:00:00Z")
    add(store, "sister", "Marta", "2025-02-02T00:00:00Z")
    current = {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}
    assert current == {("user", "lives_in", "Porto"), ("user", "works_at", "Acme"), ("user", "likes", "sushi"),
                       ("user", "likes", "hiking"), ("brother", "lives_in", "Madrid"), ("user", "sister", "Ana"),
                       ("user", "sister", "Marta")}


def test_opposite_predicates_conflict_on_the_same_value_only(store):
    add(store, "likes", "sushi", "2025-01-01T00:00:00Z")
    add(store, "likes", "jazz", "2025-01-01T00:00:00Z")
    change = add(store, "dislikes", "Sushi", "2025-03-01T00:00:00Z")
    assert change.action == "superseded"
    assert {(f.predicate, f.value) for f in facts.current_facts(store)} == {("likes", "jazz"), ("dislikes", "Sushi")}


def test_stated_outranks_inferred(store):
    add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    change = add(store, "lives_in", "Braga", "2025-02-01T00:00:00Z", origin="inferred")
    assert change.action == "outranked"
    assert [f.value for f in facts.current_facts(store, predicate="lives_in")] == ["Porto"]
    # a stated fact does retire an inferred one
    add(store, "works_at", "Acme", "2025-01-01T00:00:00Z", origin="inferred")
    assert add(store, "works_at", "Globex", "2025-02-01T00:00:00Z").action == "superseded"


def test_invalidation_spreads_to_dependents(store):
    add(store, "works_at", "Acme", "2025-01-01T00:00:00Z")
    title = add(store, "job_title", "analyst", "2025-02-01T00:00:00Z")
    manager = add(store, "manager", "Priya", "2025-02-01T00:00:00Z")
    assert facts.get_fact(store, title.fact_id).depends_on is not None
    change = add(store, "works_at", "Globex", "2025-06-01T00:00:00Z")
    assert set(change.retired) >= {title.fact_id, manager.fact_id}
    assert {f.predicate for f in facts.current_facts(store)} == {"works_at"}
    retired = facts.get_fact(store, title.fact_id)
    assert retired.invalid_at.startswith("2025-06-01") and retired.expired_at


def test_retraction_by_value_touches_only_matching_facts(store):
    add(store, "works_at", "Acme Corp", "2025-01-01T00:00:00Z")
    add(store, "likes", "Acme Corp", "2025-01-01T00:00:00Z")
    with store.transaction():
        nothing = facts.retract_fact(store, "user", "works_at", "Globex", at="2025-02-01T00:00:00Z")
        untargeted = facts.retract_fact(store, "user", None, "acme corp", at="2025-02-01T00:00:00Z")
    assert nothing.action == "unchanged"
    assert untargeted.action == "retracted"
    # an untargeted retraction ("I quit X") never retires a taste
    assert [(f.predicate, f.value) for f in facts.current_facts(store)] == [("likes", "Acme Corp")]


def test_an_attribute_said_gone_with_no_value_takes_its_unlinked_dependents(store):
    # "I'm retired": a job title stored with no workplace to hang on ends with the workplace said gone
    title = add(store, "job_title", "barber", "2025-01-01T00:00:00Z")
    add(store, "likes", "barbering", "2025-01-01T00:00:00Z")
    assert facts.get_fact(store, title.fact_id).depends_on is None
    with store.transaction():
        gone = facts.retract_fact(store, "user", "works_at", None, at="2025-02-01T00:00:00Z")
        kept = facts.retract_fact(store, "user", "works_at", "Acme", at="2025-02-01T00:00:00Z")
    assert gone.retired == [title.fact_id] and kept.action == "unchanged"
    assert [f.predicate for f in facts.current_facts(store)] == ["likes"]


def test_late_report_of_an_older_truth_slots_into_the_past(store):
    add(store, "lives_in", "Lisbon", "2025-03-01T00:00:00Z")
    change = add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    assert change.action == "historical"
    assert [f.value for f in facts.current_facts(store, predicate="lives_in")] == ["Lisbon"]
    assert [f.value for f in facts.current_facts(store, as_of="2025-02-01", predicate="lives_in")] == ["Porto"]


def test_soft_expiry_marks_stale_but_keeps_the_fact(store):
    add(store, "schedule:yoga", "Tuesdays", "2025-01-01T00:00:00Z")
    add(store, "name", "Sam", "2025-01-01T00:00:00Z")
    later = datetime(2026, 6, 1, tzinfo=timezone.utc)
    yoga, name = sorted(facts.current_facts(store, as_of=later), key=lambda f: f.predicate)[::-1]
    assert yoga.predicate == "schedule:yoga" and facts.is_stale(yoga, later) and facts.rank_weight(yoga, later) < 1
    assert not facts.is_stale(name, later)  # identity never goes stale


def test_bad_fact_input_is_refused(store):
    with pytest.raises(InvalidInput):
        add(store, "lives_in", "  ", "2025-01-01T00:00:00Z")
    with pytest.raises(InvalidInput):
        add(store, "lives_in", "Porto", "not a date")
    with pytest.raises(InvalidInput):
        add(store, "lives_in", "Porto", "2025-01-01", origin="guessed")


def test_fact_json_shape(store):
    change = add(store, "lives_in", "Porto", "2025-01-01T00:00:00Z")
    data = facts.fact_json(facts.get_fact(store, change.fact_id))
    for key in ("id", "subject", "predicate", "value", "text", "category", "valid_at", "invalid_at", "created_at",
                "expired_at", "supersedes", "message_ids"):
        assert key in data
