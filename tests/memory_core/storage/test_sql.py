"""The shared SQL helpers and the read models built on them, over a real encrypted store."""
from __future__ import annotations

import pytest

from memory_core.observational.timeline import TimelineFilter, timeline
from memory_core.recall.chat_search import HIT_CLOSE, HIT_OPEN, search_chats
from memory_core.storage.items import item_text, memory_figures, source_messages, thread_memories
from memory_core.storage.sql import chunks, fts_all_words, marks
from memory_core.errors import InvalidInput


@pytest.mark.parametrize("text", ['"', "*", "AND", "NEAR((", "text:secret", "Ana's", "a OR b", "(", ""])
def test_any_text_is_a_query_that_cannot_raise(store, text):
    store.add_message("t1", "user", "Ana lives in Porto")
    query = fts_all_words(text)
    if query:
        store.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?", [query]).fetchall()
    assert search_chats(store, text) == [] or all(HIT_OPEN in h.snippet for h in search_chats(store, text))


def test_every_word_is_required_and_operators_are_words():
    assert fts_all_words('Ana "Braga*') == '"Ana" "Braga"'
    assert fts_all_words("Porto AND Lisbon") == '"Porto" "Lisbon"'
    assert fts_all_words("AND") == '"AND"'  # nothing else left: the word itself
    assert fts_all_words("  ") == ""


def test_chunks_cover_every_id_once():
    parts = list(chunks(range(1201), size=500))
    assert [len(p) for p in parts] == [500, 500, 201]
    assert sorted(x for p in parts for x in p) == list(range(1201))
    assert marks(3) == "?,?,?"


def test_chat_search_marks_the_hit(store):
    store.add_message("t1", "user", "My sister Ana lives in Coimbra")
    store.add_message("t2", "user", "Volcanoes are hot")
    hits = search_chats(store, "coimbra")
    assert [h.thread_id for h in hits] == ["t1"]
    assert f"{HIT_OPEN}Coimbra{HIT_CLOSE}" in hits[0].snippet


def test_sources_text_and_figures_follow_the_link_tables(store):
    message = store.add_message("t1", "user", "I am allergic to peanuts")
    with store.transaction():
        oid = store.execute("INSERT INTO observations (thread_id, priority, observed_at, text, source, created_at) "
                            "VALUES ('t1', 'high', '2026-01-02T10:00:00+00:00', 'User is allergic to peanuts', "
                            "'extractive', '2026-01-02T10:00:00+00:00')").lastrowid
        store.execute("INSERT INTO observation_messages VALUES (?, ?)", [oid, message.id])
    assert item_text(store, "observation", oid) == "User is allergic to peanuts"
    assert [m.id for m in source_messages(store, "observation", oid)] == [message.id]
    assert thread_memories(store, "t1").observations == 1
    assert memory_figures(store).observations == 1
    [item] = timeline(store, TimelineFilter(text="peanuts"))
    assert (item.kind, item.id, item.message_ids) == ("observation", oid, (message.id,))
    assert timeline(store, TimelineFilter(text="bicycle")) == []
    with pytest.raises(InvalidInput):
        item_text(store, "observation", oid + 1)
    with pytest.raises(InvalidInput):
        source_messages(store, "thread", 1)
