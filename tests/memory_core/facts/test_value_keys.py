"""The value-key index finds exactly the facts the scan finds, in the scan's order, and stays in step."""
from __future__ import annotations

import random

import pytest

from memory_core.facts import ledger as facts
from memory_core.facts import value_keys
from memory_core.facts.value_keys import facts_named_in, lookup_keys, scan_facts_named_in

COLUMNS = "id, subject, predicate, value, thread_id, created_at, category"
LATER = "2030-01-01T00:00:00Z"
VALUES = ["Civic", "Mazda 3", "the Golf", "Dr. Patel", "Zürich", "ÖLBERG Café", "straße", "ana", "Iceland, July",
          "k-pop", "7:15 am", "oat milk", "Night Owls RC", "jazz", "tennis club", "A", "x" * 30 + " tail"]
TEXTS = ["I traded the Civic for a Mazda.", "banana bread", "we're in zurich now, not Zürich", "no more K-POP!",
         "7:15 works", "Dr. Patel retired", "iceland is off", "ölberg café closed", "strasse", "",
         "a" * 40, "x" * 31, "tennis,club", "Night\nOwls"]


def _keys_table(store) -> dict[int, str]:
    return dict(store.execute("SELECT fact_id, key FROM fact_value_keys").fetchall())


def _scan_keys(store) -> dict[int, str]:
    return dict(store.execute(
        f"SELECT id, {value_keys.VALUE_KEY_SQL.format(v='value')} FROM facts "
        "WHERE invalid_at IS NULL AND expired_at IS NULL").fetchall())


def _seed(store) -> None:
    with store.transaction():
        for n, value in enumerate(VALUES):
            facts.add_fact(store, "user", "likes", value, valid_at=f"2025-0{1 + n % 9}-01T00:00:00Z")


def test_the_index_finds_the_same_facts_as_the_scan_in_the_same_order(store):
    _seed(store)
    for text in TEXTS + VALUES:
        for at in ("2025-03-15T00:00:00Z", LATER):
            assert facts_named_in(store, text, at, COLUMNS) == scan_facts_named_in(store, text, at, COLUMNS), text
    assert [r["value"] for r in facts_named_in(store, "banana", LATER, COLUMNS)] == ["A", "ana"]  # by valid_at, as the scan walks them


def test_random_texts_agree_with_the_scan(store):
    _seed(store)
    rng = random.Random(5)
    alphabet = "abcdeilnoprstuvxzöüß .,-:7ÖZ"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert facts_named_in(store, text, LATER, COLUMNS) == scan_facts_named_in(store, text, LATER, COLUMNS)


def test_a_long_unbroken_stretch_falls_back_to_the_scan(store, monkeypatch):
    _seed(store)
    rng = random.Random(1)
    blob = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(800))
    assert lookup_keys(blob, 31) is None  # ~24k substrings of one stretch (a paste): over the limit
    monkeypatch.setattr(value_keys, "scan_facts_named_in", lambda *a: ["scanned"])
    assert facts_named_in(store, blob + " civic", LATER, COLUMNS) == ["scanned"]
    assert facts_named_in(store, "civic", LATER, COLUMNS) != ["scanned"]


def test_the_index_follows_retirement_edits_and_deletion(store):
    _seed(store)
    assert _keys_table(store) == _scan_keys(store) and len(_keys_table(store)) == len(VALUES)
    with store.transaction():
        porto = facts.add_fact(store, "user", "lives_in", "Porto", valid_at="2025-01-01T00:00:00Z").fact_id
        facts.add_fact(store, "user", "lives_in", "Lisbon Centro", valid_at="2025-02-01T00:00:00Z")
    assert porto not in _keys_table(store) and _keys_table(store) == _scan_keys(store)
    assert "lisbon" in _keys_table(store).values()
    with store.transaction():
        store.execute("UPDATE facts SET value = 'Braga Norte' WHERE value = 'Lisbon Centro'")
        store.execute("UPDATE facts SET expired_at = NULL, invalid_at = NULL WHERE id = ?", [porto])
        store.execute("DELETE FROM facts WHERE value = 'jazz'")
    assert _keys_table(store) == _scan_keys(store)
    assert {"braga", "porto"} <= set(_keys_table(store).values()) and "jazz" not in _keys_table(store).values()


def test_the_migration_fills_the_index_from_existing_facts(store):
    """Run on a database that has facts and no index (its number in MIGRATIONS is the lead's to set)."""
    from memory_core.storage.schema import MIGRATIONS, MIGRATION_FACT_VALUE_KEYS, _split_sql

    _seed(store)
    with store.transaction():
        for statement in ("DROP TRIGGER fact_value_keys_insert", "DROP TRIGGER fact_value_keys_update",
                          "DROP TRIGGER fact_value_keys_delete", "DROP TABLE fact_value_keys"):
            store.execute(statement)
        for statement in _split_sql(MIGRATION_FACT_VALUE_KEYS):
            store.execute(statement)
    assert MIGRATION_FACT_VALUE_KEYS in MIGRATIONS
    assert _keys_table(store) == _scan_keys(store) and len(_keys_table(store)) == len(VALUES)


@pytest.mark.parametrize("text, longest, expected", [
    ("ab", 5, {"", "a", "b", "ab"}),
    ("ab ab", 1, {"", "a", "b"}),
    ("abc", 2, {"", "a", "b", "c", "ab", "bc"}),
])
def test_lookup_keys_are_the_substrings_without_a_space(text, longest, expected):
    assert lookup_keys(text, longest) == expected
