"""The in-memory copies of the message index go the moment a message may have been forgotten, and only then."""
from __future__ import annotations

from memory_core.recall.held_index import PLAIN_TOKEN, store_state, words_may_be_gone


def test_a_new_audit_event_or_a_lower_newest_message_means_words_may_be_gone():
    assert not words_may_be_gone((10, 3), 10, 3)
    assert not words_may_be_gone((12, 3), 10, 3)  # messages added since: the copy is stale, not leaking
    assert words_may_be_gone((10, 4), 10, 3)  # a forget or a take-back wrote an event
    assert words_may_be_gone((9, 3), 10, 3)  # the newest message was deleted


def test_the_state_follows_the_store(store):
    before = store_state(store)
    store.add_message("chat", "user", "pottery class on Tuesday")
    newest_message, newest_event = store_state(store)
    assert newest_message > before[0] and newest_event == before[1]


def test_only_unchanged_ascii_tokens_are_plain():
    assert PLAIN_TOKEN.fullmatch("pottery2") and not PLAIN_TOKEN.fullmatch("Pottery")
    assert not PLAIN_TOKEN.fullmatch("café") and not PLAIN_TOKEN.fullmatch("don't")
