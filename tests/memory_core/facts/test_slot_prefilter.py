"""The set-valued slot's SQL pre-filter drops no fact the exact comparison would keep."""
from __future__ import annotations

import random

from memory_core.facts import ledger as facts

VALUES = ["Civic", "the Civic", "CIVIC!", "(civic)", "my civic", "Straße", "STRASSE", "strasse", "ﬁsh", "fish",
          "Kelvin", "\u212aelvin", "oat milk", "Oat-Milk", "oat  milk", "oat\tmilk", "oat, milk", "Café", "cafe",
          "İstanbul", "istanbul", "a", "the", "Ö", "ö", "rock 'n' roll", "Rock 'N' Roll", "x_y", "X Y"]


def test_the_prefilter_keeps_every_row_the_exact_comparison_keeps(store, monkeypatch):
    rng = random.Random(11)
    values = VALUES + ["".join(rng.choice("aAbB -'!.ßöÖ\t") for _ in range(rng.randint(1, 6))) for _ in range(60)]
    with store.transaction():
        store.executemany("INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at) "
                          "VALUES ('user', 'likes', ?, ?, 'preference', '2025-01-01T00:00:00Z', "
                          "'2025-01-01T00:00:00Z')", [(v, f"likes {v}") for v in values])
    narrowed = {v: facts._slot_rows(store, "user", "likes", v) for v in values}
    monkeypatch.setattr(facts, "same_value_prefilter", lambda wanted: ("", []))
    for value in values:
        whole = facts._slot_rows(store, "user", "likes", value)
        assert narrowed[value] == whole, value
        assert whole  # the value itself is in the slot
    assert len(facts._slot_rows(store, "user", "likes", "Civic")) == 5


def test_the_prefilter_narrows_by_the_longest_ascii_word():
    assert facts.same_value_prefilter("oat milk")[1] == ["milk"]
    assert facts.same_value_prefilter("straße") == ("", [])
    assert facts.same_value_prefilter("") == ("", [])
