"""The message index merges its segments between turns, not on the chat's write path (storage/checkpoints.py)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.recall import search as recall
from memory_core.storage.checkpoints import merge_index_between_turns

START = datetime(2025, 4, 2, 9, 0, tzinfo=timezone.utc)


def _segments(store) -> int:
    return store.execute("SELECT count(DISTINCT segid) FROM message_search_idx").fetchone()[0]


def test_stored_turns_leave_segments_that_the_merge_between_turns_joins(store):
    assert dict(store.execute("SELECT k, v FROM message_search_config").fetchall())["automerge"] == 0
    crops = ["broad beans", "parsnips", "chard", "leeks", "shallots", "beetroot", "kale", "radishes", "fennel",
             "celeriac", "sorrel", "kohlrabi"]
    for number, crop in enumerate(crops):  # each its own transaction, as chat turns are; under the crisis merge (16)
        store.add_message("garden", "user", f"Sowed the {crop} by the shed", at=START + timedelta(minutes=number))
    assert _segments(store) == 12, "the write path merged"
    merge_index_between_turns(store)
    assert _segments(store) == 1
    found = recall.search(store, "kohlrabi", now=START + timedelta(days=1))
    assert found.hits[0].text == "Sowed the kohlrabi by the shed"


def test_an_idle_index_costs_nothing_to_merge(store):
    store.add_message("garden", "user", "Only one thing today: the compost bin is full", at=START)
    merge_index_between_turns(store)
    merge_index_between_turns(store)
    assert _segments(store) == 1
