"""The value-key index finds exactly the facts the scan finds, in the scan's order, and stays in step; every
content word of a value is a key, and a key is found as a whole word of the message."""
from __future__ import annotations

import random

import pytest

from memory_core.facts import ledger as facts
from memory_core.facts import value_keys
from memory_core.facts.value_keys import facts_named_in, message_words, scan_facts_named_in
from memory_core.storage.schema import value_key_rows, value_key_word

COLUMNS = "id, subject, predicate, value, thread_id, created_at, category"
LATER = "2030-01-01T00:00:00Z"
VALUES = ["Civic", "Mazda 3", "the Golf", "Dr. Patel", "Zürich", "ÖLBERG Café", "straße", "ana", "Iceland, July",
          "k-pop", "7:15 am", "oat milk", "Night Owls RC", "jazz", "tennis club", "A", "x" * 30 + " tail"]
TEXTS = ["I traded the Civic for a Mazda.", "banana bread", "we're in zurich now, not Zürich", "no more K-POP!",
         "7:15 works", "Dr. Patel retired", "iceland is off", "ölberg café closed", "strasse", "",
         "a" * 40, "x" * 31, "tennis,club", "Night\nOwls"]


def _keys_table(store) -> set[tuple[int, str]]:
    return set(store.execute("SELECT fact_id, key FROM fact_value_keys").fetchall())


def _scan_keys(store) -> set[tuple[int, str]]:
    """The keys computed from the facts themselves, as the scan computes them."""
    return set(store.execute(
        f"SELECT f.id, {value_key_word()} FROM facts f, {value_key_rows('f.value')} "
        "AND f.invalid_at IS NULL AND f.expired_at IS NULL").fetchall())


def _keys_of(store, fact_id: int) -> set[str]:
    return {key for fid, key in _keys_table(store) if fid == fact_id}


def _seed(store) -> None:
    with store.transaction():
        for n, value in enumerate(VALUES):
            facts.add_fact(store, "user", "likes", value, valid_at=f"2025-0{1 + n % 9}-01T00:00:00Z")


def test_the_index_finds_the_same_facts_as_the_scan_in_the_same_order(store):
    _seed(store)
    for text in TEXTS + VALUES:
        for at in ("2025-03-15T00:00:00Z", LATER):
            assert facts_named_in(store, text, at, COLUMNS) == scan_facts_named_in(store, text, at, COLUMNS), text
    assert [r["value"] for r in facts_named_in(store, "ana, a friend", LATER, COLUMNS)] == ["A", "ana"]  # by valid_at, as the scan walks them
    assert facts_named_in(store, "banana", LATER, COLUMNS) == []  # whole words: "ana" is not named inside "banana"


def test_random_texts_agree_with_the_scan(store):
    _seed(store)
    rng = random.Random(5)
    alphabet = "abcdeilnoprstuvxzöüß .,-:7ÖZ"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert facts_named_in(store, text, LATER, COLUMNS) == scan_facts_named_in(store, text, LATER, COLUMNS)


def test_a_long_unbroken_stretch_is_one_word(store):
    _seed(store)
    rng = random.Random(1)
    blob = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(800))
    assert len(message_words(blob + " civic")) == 2  # a paste is one word, not 24k substrings
    assert [r["value"] for r in facts_named_in(store, blob + " civic", LATER, COLUMNS)] == ["Civic"]


def test_the_index_follows_retirement_edits_and_deletion(store):
    _seed(store)
    assert _keys_table(store) == _scan_keys(store) and {fid for fid, _ in _keys_table(store)} == set(range(1, len(VALUES) + 1))
    with store.transaction():
        porto = facts.add_fact(store, "user", "lives_in", "Porto", valid_at="2025-01-01T00:00:00Z").fact_id
        facts.add_fact(store, "user", "lives_in", "Lisbon Centro", valid_at="2025-02-01T00:00:00Z")
    assert not _keys_of(store, porto) and _keys_table(store) == _scan_keys(store)
    assert {"lisbon", "centro"} <= {key for _, key in _keys_table(store)}
    with store.transaction():
        store.execute("UPDATE facts SET value = 'Braga Norte' WHERE value = 'Lisbon Centro'")
        store.execute("UPDATE facts SET expired_at = NULL, invalid_at = NULL WHERE id = ?", [porto])
        store.execute("DELETE FROM facts WHERE value = 'jazz'")
    assert _keys_table(store) == _scan_keys(store)
    keys = {key for _, key in _keys_table(store)}
    assert {"braga", "norte", "porto"} <= keys and not {"jazz", "lisbon", "centro"} & keys


def test_the_migration_fills_the_index_from_existing_facts(store):
    """Run on a database that has facts and no index (its number in MIGRATIONS is the lead's to set)."""
    from memory_core.storage.schema import MIGRATIONS, MIGRATION_FACT_VALUE_WORD_KEYS, _split_sql

    _seed(store)
    with store.transaction():
        for statement in ("DROP TRIGGER fact_value_keys_insert", "DROP TRIGGER fact_value_keys_update",
                          "DROP TRIGGER fact_value_keys_delete", "DROP TABLE fact_value_keys"):
            store.execute(statement)
        for statement in _split_sql(MIGRATION_FACT_VALUE_WORD_KEYS):
            store.execute(statement)
    assert MIGRATION_FACT_VALUE_WORD_KEYS in MIGRATIONS
    assert _keys_table(store) == _scan_keys(store) and {fid for fid, _ in _keys_table(store)} == set(range(1, len(VALUES) + 1))


@pytest.mark.parametrize("text, words", [
    ("Shah's retired", {"shah's", "shah", "retired"}),
    ("Iceland, July!", {"iceland", "july"}),
    ("7.15 or 7:15", {"7", "15", "or"}),
    ("M&S", {"m", "s"}),
    ("Crown\U0001F37A - 'quoted'", {"crown\U0001F37A", "crown", "quoted"}),
    ("ÖLBERG Straße", {"ölberg", "strasse", "Ölberg", "straße"}),  # Python's casefold and SQLite's ASCII lower
])
def test_message_words_are_split_and_folded_as_keys_are(text, words):
    assert message_words(text) == words


@pytest.mark.parametrize("value, keys", [
    ("Nationwide Building Society", {"nationwide", "building", "society"}),
    ("Bank of Scotland", {"bank", "scotland"}),
    ("Fox and Hounds", {"fox", "hounds"}),
    ("Iceland, July", {"iceland", "july"}),
    ("Dr. Patel", {"patel"}),
    ('"The Rest Is History"', {"rest", "history"}),
    ("Mazda 3", {"mazda"}),
    ("Dr Aziz", {"aziz"}),
    ("M&S", {"m", "s"}),
    ("7:15 am", {"15"}),
    ("A", {"a"}),
    ("The The", {"the"}),
    ("k-pop", {"k-pop"}),
])
def test_every_content_word_of_a_value_is_a_key(store, value, keys):
    with store.transaction():
        fact_id = facts.add_fact(store, "user", "likes", value, valid_at="2025-01-01T00:00:00Z").fact_id
    assert _keys_of(store, fact_id) == keys


def test_a_message_naming_any_content_word_finds_the_fact(store):
    with store.transaction():
        facts.add_fact(store, "user", "bank", "Nationwide Building Society", valid_at="2025-01-01T00:00:00Z")
        facts.add_fact(store, "user", "pub", "The Fox and Hounds", valid_at="2025-01-01T00:00:00Z")
    for text in ("Closed my account at the building society.", "The Society kept losing my forms",
                 "nationwide is gone", "the hounds pub shut", "FOX closed", "Fox's gone downhill"):
        found = facts_named_in(store, text, LATER, COLUMNS)
        assert len(found) == 1 and found == scan_facts_named_in(store, text, LATER, COLUMNS), text
    for text in ("I went to the bank and the shop.", "of and the", "rebuilding", "foxes"):
        assert facts_named_in(store, text, LATER, COLUMNS) == [], text  # function words and parts of words name nothing


def test_a_value_that_would_not_make_json_is_simply_not_keyed(store):
    with store.transaction():
        odd = facts.add_fact(store, "user", "likes", "tab\there \\ \"quoted\" bell\x07", valid_at="2025-01-01T00:00:00Z")
        fact_id = facts.add_fact(store, "user", "likes", "back\\slash \"quote\"", valid_at="2025-01-01T00:00:00Z").fact_id
    assert not _keys_of(store, odd.fact_id)  # a control character: no keys, and the insert still succeeds
    assert _keys_of(store, fact_id) == {"back", "slash", "quote"}
