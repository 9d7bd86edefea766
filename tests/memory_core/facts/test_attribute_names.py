"""One attribute, one name in what the user reads (``mneme memory facts``): a thing owned is ``car`` whether said
with "I drive a Y" or "my car is Y", and the job is ``job_title`` whether said with "I work as", "my job is" or
"my occupation is" (a named employer said as the job is ``works_at``). Change detection treats the wordings as one
slot, and stores from before keep every fact's id and history under the new name (schema migration). Sentences
written for these tests."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.attributes import attribute_predicate, category_of
from memory_core.facts.extraction import extract
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_message


def predicates(text: str) -> set[tuple[str, str]]:
    return {(c.predicate, c.value) for c in extract(text) if c.op == "assert" and c.value}


@pytest.mark.parametrize("text, fact", [
    ("I drive a Skoda Octavia.", ("car", "Skoda Octavia")),
    ("I just bought a Yamaha piano.", ("piano", "Yamaha piano")),
])
def test_a_thing_owned_is_named_by_its_kind_not_an_ownership_family(text, fact):
    assert fact in predicates(text)


@pytest.mark.parametrize("attribute, value, predicate", [
    ("job", "paramedic", "job_title"),
    ("occupation", "paramedic", "job_title"),
    ("profession", "structural engineer", "job_title"),
    ("new job", "Accenture", "works_at"),  # a name said as the job is the employer
    ("role", "Head of Data", "job_title"),  # a capitalised title is still a title: only "job" names either
])
def test_the_job_is_the_job_title_unless_an_employer_is_named(attribute, value, predicate):
    assert attribute_predicate(attribute, value) == predicate


def test_an_owned_kind_outside_the_lexicon_is_still_a_possession():
    assert category_of("guitar") == "possession" and category_of("car") == "possession"


def _say(store, parser, text: str, day: str) -> None:
    ingest_message(store, "chat", "user", text, at=parse_iso(f"{day}T10:00:00+00:00"))
    run_fact_pass(store, parser=parser)


def current(store) -> set[tuple[str, str]]:
    return {(f.predicate, f.value) for f in facts.current_facts(store)}


def test_both_wordings_of_the_car_are_one_slot_and_one_name(store, real_parser):
    _say(store, real_parser, "I drive a Skoda Octavia.", "2025-01-05")
    _say(store, real_parser, "My car is a Mazda 3 now.", "2025-04-05")
    assert current(store) == {("car", "Mazda 3")}
    [old] = [f for f in facts.history(store) if f.value == "Skoda Octavia"]
    assert old.predicate == "car" and old.invalid_at is not None


def test_the_job_said_two_ways_is_one_slot(store, real_parser):
    _say(store, real_parser, "I work as a paramedic.", "2025-01-05")
    _say(store, real_parser, "My occupation is midwife now.", "2025-04-05")
    assert {p for p, _ in current(store)} == {"job_title"}
    assert ("job_title", "midwife") in current(store)


def _store_before_one_name(data_dir):
    """A new store; ``_reopened`` sets it back to the schema version before migration 9 and opens it again."""
    from memory_core.storage.schema import MIGRATION_ONE_NAME_FOR_OWNED_THINGS, MIGRATIONS
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    assert MIGRATION_ONE_NAME_FOR_OWNED_THINGS in MIGRATIONS
    return Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE)


def _reopened(store, data_dir):
    """``store`` marked as left at the version before migration 9, closed, and opened (which migrates it)."""
    from memory_core.storage.schema import MIGRATION_ONE_NAME_FOR_OWNED_THINGS, MIGRATIONS
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    store.execute(f"PRAGMA user_version = {MIGRATIONS.index(MIGRATION_ONE_NAME_FOR_OWNED_THINGS)}")
    store.close()
    return Store.open(data_dir, passphrase=TEST_PASSPHRASE)


def test_a_version_8_store_renames_owned_things_keeping_ids_and_history(data_dir):
    """A store left at schema 8 with ``owns:car`` facts (one superseded by the other) reopens with ``car``, each
    fact under its old id, the old one still superseded by the new."""
    from memory_core.storage.schema import LATEST_VERSION

    store = _store_before_one_name(data_dir)
    with store.transaction():
        first = facts.add_fact(store, "user", "owns:car", "Skoda Octavia", valid_at="2025-01-01T00:00:00Z").fact_id
        second = facts.add_fact(store, "user", "owns:car", "Mazda 3", valid_at="2025-03-01T00:00:00Z").fact_id
        other = facts.add_fact(store, "user", "owns", "a canoe", valid_at="2025-01-01T00:00:00Z").fact_id
    before = {f.id: (f.value, f.valid_at, f.invalid_at, f.supersedes) for f in facts.history(store)}
    reopened = _reopened(store, data_dir)
    try:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        after = {f.id: f for f in facts.history(reopened)}
        assert {i: (f.value, f.valid_at, f.invalid_at, f.supersedes) for i, f in after.items()} == before
        assert after[first].predicate == after[second].predicate == "car" and after[second].supersedes == first
        assert after[other].predicate == "owns"  # the set-valued "owns" has no kind to name
    finally:
        reopened.close()


def test_a_version_8_store_with_a_value_under_each_name_keeps_one_current_value(data_dir):
    """``owns:car`` (said first) and ``car`` (said later) were two current values; as one slot the older is
    retired as of the newer one's start and the newer supersedes it: never two current cars."""
    store = _store_before_one_name(data_dir)
    with store.transaction():
        driven = facts.add_fact(store, "user", "owns:car", "Fiat Panda", valid_at="2025-01-01T00:00:00Z").fact_id
        named = facts.add_fact(store, "user", "car", "Kia Ceed", valid_at="2025-06-01T00:00:00Z").fact_id
        bike = facts.add_fact(store, "user", "owns:bike", "Brompton", valid_at="2025-02-01T00:00:00Z").fact_id
        sister = facts.add_fact(store, "sister", "car", "Mini", valid_at="2025-01-01T00:00:00Z").fact_id
    reopened = _reopened(store, data_dir)
    try:
        after = {f.id: f for f in facts.history(reopened)}
        assert after[driven].invalid_at == after[named].valid_at == "2025-06-01T00:00:00+00:00" and after[driven].expired_at is not None
        assert after[named].invalid_at is None and after[named].supersedes == driven
        assert after[bike].invalid_at is None and after[bike].predicate == "bike"
        assert after[sister].invalid_at is None  # another subject's car is another slot
        current_cars = [f.value for f in facts.current_facts(reopened, subject="user", predicate="car")]
        assert current_cars == ["Kia Ceed"]
        assert facts.current_facts(reopened, subject="user", predicate="car", as_of="2025-03-01T00:00:00Z")[0].value \
            == "Fiat Panda"
    finally:
        reopened.close()


# -- one statement, one fact ----------------------------------------------------------------------------------
def test_the_parse_adds_no_verb_fact_for_a_value_a_rule_named_without_its_article():
    from memory_core.facts.candidate import Candidate
    from memory_core.facts.parse_merge import merge_candidates

    said = "Most Mondays I jam with The Paper Kites, the folk band I've played in since uni."
    rules = [Candidate("assert", "user", "band", "Paper Kites", said)]
    parsed = [Candidate("assert", "user", "jam_with", "The Paper Kites", said)]
    assert [(c.predicate, c.value) for c in merge_candidates(rules, parsed)] == [("band", "Paper Kites")]


def test_a_band_named_with_the_verb_of_playing_together_is_one_fact(store, real_parser):
    _say(store, real_parser, "On Friday evenings I practise with The Hollow Pines, the indie band I joined last year.",
         "2025-01-05")
    assert current(store) == {("band", "Hollow Pines")}
