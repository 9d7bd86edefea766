"""The answered turns held with the message postings (recall/answered_turns.py): reading a message back from them
gives the hit the SQL gives, they go stale with the index, and forgetting leaves nothing of a message in them."""
from __future__ import annotations

from dataclasses import asdict
from datetime import datetime, timedelta, timezone

import pytest

from memory_core.recall import bm25, message_postings
from memory_core.recall.answered_turns import packed_by_rowid
from memory_core.recall.helper_connection import HelperConnection
from memory_core.recall.hydrate import _hydrate_messages, _hydrate_messages_beside, _read_messages

START = datetime(2025, 1, 6, 8, 0, tzinfo=timezone.utc)
#: (thread, speaker, text): short replies answer the turn before them in their own thread; one turn is longer than
#: a short reply (it has no answered turn), one has non-ASCII text, threads interleave.
TURNS = [
    ("walks", None, "Shall we hike up Snowdon on Saturday if the weather holds?"),
    ("walks", "Priya", "Yes! I'll bring the flask."),
    ("books", None, "Have you read the new Ishiguro novel everyone keeps mentioning at the café?"),
    ("walks", None, "Great, meet at the car park by eight"),
    ("books", "Jonas", "Not yet — it's next on my list, après the Mantel."),
    ("walks", "Priya", "ok"),
    ("books", None, "I finished it last night and honestly the ending was quieter than I expected, but it stayed "
                    "with me all morning while I walked to work along the canal."),
    ("books", "Jonas", "No spoilers please"),
]


@pytest.fixture
def turns_store(store):
    for number, (thread, speaker, text) in enumerate(TURNS):
        store.add_message(thread, "assistant" if speaker else "user", text, speaker=speaker,
                          at=START + timedelta(hours=number))
    yield store
    message_postings.forget(store)
    bm25.forget_counts(store)


def _as_rows(hits):
    return {message_id: asdict(hit) for message_id, hit in hits.items()}


def test_messages_read_with_the_held_answered_turns_are_the_sql_hits(turns_store):
    ids = list(range(1, len(TURNS) + 1))
    from_sql = _as_rows(_read_messages(turns_store, ids, None))
    message_postings.load(turns_store)
    held = message_postings.answered(turns_store)
    assert held is not None
    assert _as_rows(_read_messages(turns_store, ids, held)) == from_sql
    assert _as_rows(_hydrate_messages(turns_store, ids)) == from_sql
    # the rule itself, in these words: a message carries the turns of its thread said within the session gap
    # (three hours) before it, a short reply the turn it answers in any case
    assert from_sql[2]["answers"] == TURNS[0][2]
    assert from_sql[5]["answers"] == TURNS[2][2]
    assert from_sql[7]["answers"] == TURNS[4][2]  # the question about the novel, four hours before, is not
    assert from_sql[1]["answers"] == ""


def test_both_connections_read_the_same_hits_with_the_held_turns(turns_store, monkeypatch):
    from memory_core.recall import hydrate

    monkeypatch.setattr(hydrate, "HYDRATE_BESIDE_FROM", 2)
    ids = list(range(1, len(TURNS) + 1))
    from_sql = _as_rows(_read_messages(turns_store, ids, None))
    message_postings.load(turns_store)
    turns_store.db.conn.commit()
    helper = HelperConnection(turns_store, len(TURNS))
    try:
        assert _as_rows(_hydrate_messages_beside(turns_store, helper, ids)) == from_sql
    finally:
        helper.close()


def test_a_new_turn_is_held_with_the_tail_and_an_edited_one_leaves_the_answered_turns_to_sql(turns_store):
    message_postings.load(turns_store)
    turns_store.add_message("walks", "user", "Bring waterproofs too", at=START + timedelta(days=1))
    held = message_postings.answered(turns_store)  # the rows stored since the load are read with the tail
    assert held is not None and held.of(9) == "ok"
    assert _as_rows(_read_messages(turns_store, [8, 9], held)) == _as_rows(_read_messages(turns_store, [8, 9], None))
    message_postings.refresh(turns_store)
    turns_store.execute("UPDATE messages SET text = 'Shall we walk the coast path instead?' WHERE id = 1")
    assert message_postings.answered(turns_store) is None
    assert _hydrate_messages(turns_store, [2])[2].answers == "Shall we walk the coast path instead?"


def test_forgetting_a_turn_leaves_nothing_of_it_in_the_held_answered_turns(turns_store):
    from memory_core.forgetting.forget import execute_forget, plan_forget

    message_postings.load(turns_store)
    assert message_postings.answered(turns_store).holds("Great, meet at the car park")
    execute_forget(turns_store, plan_forget(turns_store, "message", 4))  # "Great, meet at the car park by eight"
    postings = message_postings._POSTINGS.get(str(turns_store.path))
    assert postings is None or not postings.answered.holds("car park")
    # what is held once read again is the index as it is: "ok" now answers the hike question
    message_postings.refresh(turns_store)
    held = message_postings.answered(turns_store)
    assert held is not None and not held.holds("car park")
    assert held.of(6) == TURNS[1][2]
    assert _hydrate_messages(turns_store, [6])[6].answers == TURNS[1][2]


def test_packing_keeps_each_rows_text_and_none_for_rows_without_one():
    packed = packed_by_rowid([(2, "ja"), (3, "naïve café"), (7, "x")])
    assert [packed.of(rowid) for rowid in range(0, 10)] == ["", "", "ja", "naïve café", "", "", "", "x", "", ""]
    assert packed.of(-1) == ""
    assert packed_by_rowid([]).of(0) == ""


def test_a_search_finds_the_same_hits_with_the_answered_turns_held(store):
    """The whole search, hybrid, where a short reply is found by the words of the turn it answers ("yes, at the
    marina" answers a question about sailing on Sundays): the same hits and scores with the copy held as with SQL
    alone."""
    from memory_core.recall import search as recall
    from memory_core.recall.vectors import backfill_embeddings
    from tests.doubles import HashEmbedder

    embedder = HashEmbedder(words=recall.words)
    chats = [("Are you still sailing on Sundays?", "yes, at the marina"),
             ("Did the plumber fix the boiler?", "finally, on Thursday"),
             ("How was the pottery class?", "messy but fun"),
             ("Any news on the sailing trip to Brittany?", "booked for July")]
    for number, (question, reply) in enumerate(chats * 3):
        thread = f"chat{number % 5}"
        store.add_message(thread, "user", question, at=START + timedelta(hours=2 * number))
        store.add_message(thread, "assistant", reply, speaker="Kai", at=START + timedelta(hours=2 * number, minutes=1))
    backfill_embeddings(store, embedder, limit=None)
    queries = ["sailing on Sundays", "when was the boiler fixed", "pottery", "Brittany trip", "marina"]

    def hits_of(query):
        result = recall.search(store, query, k=6, embedder=embedder, now=START + timedelta(days=3))
        return [(hit.kind, hit.id, hit.score, hit.answers) for hit in result.hits]

    from_sql = {query: hits_of(query) for query in queries}
    message_postings.load(store)
    try:
        assert message_postings.answered(store) is not None
        assert {query: hits_of(query) for query in queries} == from_sql
        assert any(answers == chats[0][0] for *_, answers in from_sql["marina"])
    finally:
        message_postings.forget(store)


def test_rows_stored_since_the_packing_are_read_beside_it():
    packed = packed_by_rowid([(2, "ja"), (3, "naïve café")])
    later = packed.with_rows({5: "the harbour at noon"})
    assert [later.of(rowid) for rowid in range(0, 7)] == ["", "", "ja", "naïve café", "", "the harbour at noon", ""]
    assert later.holds("harbour") and later.holds("café") and not packed.holds("harbour")
    assert later.packed is packed.packed  # (shared, not copied)
