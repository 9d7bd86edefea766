"""Hybrid recall: safe FTS queries, time filters, as-of, provenance, abstention, the vector index and forgetting."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory_core.recall import conversation_context, fusion, ranking
from memory_core.recall import search as recall
from memory_core.clock import parse_iso
from memory_core.storage.db import OperationalError
from memory_core.errors import InvalidInput
from memory_core.recall.vectors import backfill_embeddings, index_for
from memory_core.ingest import ingest_and_extract, ingest_message
from memory_core.recall.query_time import parse_time_filter
from tests import doubles

NOW = datetime(2025, 7, 15, 12, 0, tzinfo=timezone.utc)


def hash_embedder() -> doubles.HashEmbedder:
    """The shared bag-of-words double, with recall's own word split (so it sees what BM25 sees)."""
    return doubles.HashEmbedder(words=recall.words)


@pytest.fixture
def history(store):
    said = [
        ("2025-03-03T10:00:00Z", "I live in Porto and I work at Acme Corp.", "e1"),
        ("2025-03-20T10:00:00Z", "The plumber fixed the boiler, it cost 240 euros.", "e2"),
        ("2025-06-10T10:00:00Z", "I moved to Lisbon last week.", "e3"),
        ("2025-07-14T09:00:00Z", "Booked flight LH1172 to Munich.", "e4"),
    ]
    for at, text, external in said:
        ingest_and_extract(store, "t1", "user", text, at=parse_iso(at), external_id=external)
    return store


@pytest.mark.parametrize("query", [
    'sushi AND "NEAR( (*', '"unbalanced', "(((", "*", "AND OR NOT", "NEAR(a b, 3)", "a:b", "col:x OR",
    "'; DROP TABLE messages; --", "^start", "\x00\x01", "🙂 emoji", "", "   ", "-minus +plus", "x" * 5000,
])
def test_search_syntax_never_raises(history, query):
    result = recall.search(history, query, now=NOW)
    assert isinstance(result.hits, list)


def test_sqlcipher_fts_errors_become_clear_messages(history, monkeypatch):
    """sqlcipher3 raises sqlcipher3.dbapi2.OperationalError, which sqlite3-based handlers miss."""
    with pytest.raises(OperationalError):
        history.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'NEAR(('").fetchall()
    monkeypatch.setattr(recall, "ranked_match", lambda text: "NEAR((")
    with pytest.raises(InvalidInput, match="could not be run"):
        recall.search(history, "boiler", now=NOW)


def test_hits_carry_provenance(history):
    result = recall.search(history, "boiler plumber", now=NOW)
    assert not result.abstained
    top = result.hits[0]
    assert top.kind == "message" and "boiler" in top.text and top.external_ids == ["e2"]
    data = top.to_json()
    for key in ("kind", "text", "score", "at", "message_ids", "external_ids"):
        assert key in data


def test_facts_are_found_and_retired_ones_are_not(history):
    result = recall.search(history, "where does the user live", kinds=("fact",), now=NOW)
    values = [hit.fact["value"] for hit in result.hits if hit.fact["predicate"] == "lives_in"]
    assert values == ["Lisbon"]
    assert result.hits[0].external_ids == ["e3"]
    then = recall.search(history, "where does the user live", kinds=("fact",), as_of="2025-04-01", now=NOW)
    assert [h.fact["value"] for h in then.hits if h.fact["predicate"] == "lives_in"] == ["Porto"]


def test_time_expression_filters_and_is_stripped(history):
    result = recall.search(history, "what did I say in March", now=NOW)
    assert result.time_range is not None and result.time_range.phrase.lower() == "in march"
    assert result.hits and all(h.at.startswith("2025-03") for h in result.hits)
    yesterday = recall.search(history, "flight yesterday", now=NOW)
    assert [h.external_ids for h in yesterday.hits if h.kind == "message"] == [["e4"]]


def test_as_of_hides_later_messages(history):
    result = recall.search(history, "Lisbon", as_of="2025-05-01", now=NOW)
    assert all(h.at <= "2025-05-01" for h in result.hits)
    assert not any("Lisbon" in h.text for h in result.hits if h.kind == "message")


def test_abstains_on_nothing_relevant(history):
    result = recall.search(history, "quantum chromodynamics lecture", now=NOW)
    assert result.abstained and result.hits == [] and result.reason


def test_bad_arguments_are_clear(history):
    with pytest.raises(InvalidInput):
        recall.search(history, "x", k=0)
    with pytest.raises(InvalidInput):
        recall.search(history, "x", kinds=("emails",))


def test_dense_channel_and_forgotten_items_are_not_served(history):
    embedder = hash_embedder()
    assert backfill_embeddings(history, embedder, limit=None) >= 4
    assert backfill_embeddings(history, embedder, limit=None) == 0  # nothing left to embed
    result = recall.search(history, "Munich flight booked", embedder=embedder, now=NOW)
    top = result.hits[0]
    assert top.external_ids == ["e4"] and top.similarity and "dense" in top.channels
    # forget deletes the row (and, by trigger, its vector): the loaded index must not serve it
    with history.transaction():
        history.execute("DELETE FROM messages WHERE external_id = 'e4'")
    again = recall.search(history, "Munich flight booked", embedder=embedder, now=NOW)
    assert all(h.external_ids != ["e4"] for h in again.hits)
    index = index_for(history, embedder.model_id)
    assert all(hit.id != top.id for hit in index.search(embedder.embed(["Munich flight booked"])[0], 50,
                                                        kinds=("message",)))


def test_index_refreshes_incrementally(history):
    embedder = hash_embedder()
    backfill_embeddings(history, embedder, limit=None)
    index = index_for(history, embedder.model_id)
    size = len(index)
    ingest_and_extract(history, "t1", "user", "My dentist is Dr. Okonkwo.", at=parse_iso("2025-07-14T10:00:00Z"))
    backfill_embeddings(history, embedder, limit=None)
    assert len(index_for(history, embedder.model_id)) > size


def test_works_without_embedder_on_an_empty_store(store):
    result = recall.search(store, "anything at all")
    assert result.abstained and result.hits == []


@pytest.mark.parametrize("phrase, start, end", [
    ("what did I do yesterday", "2025-07-14", "2025-07-15"),
    ("dinner last month", "2025-06-01", "2025-07-01"),
    ("trips in March", "2025-03-01", "2025-04-01"),
    ("the boiler in 2024", "2024-01-01", "2025-01-01"),
    ("in October", "2024-10-01", "2024-11-01"),
    ("3 days ago", "2025-07-12", "2025-07-13"),
    ("on March 20", "2025-03-20", "2025-03-21"),
    ("on 2025-03-20", "2025-03-20", "2025-03-21"),
])
def test_query_time_ranges(phrase, start, end, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    rest, window = parse_time_filter(phrase, now=NOW)
    assert window is not None, phrase
    assert window.start_iso.startswith(start) and window.end_iso.startswith(end)
    assert len(rest) < len(phrase)


def test_vague_time_is_left_alone():
    rest, window = parse_time_filter("what did I say recently about work", now=NOW)
    assert window is None and rest == "what did I say recently about work"


@pytest.mark.embedder
def test_real_embedder_finds_a_paraphrase(store, real_embedder):
    ingest_and_extract(store, "t", "user", "I finally handed in my resignation letter this morning.",
                   at=parse_iso("2025-05-01T09:00:00Z"))
    ingest_and_extract(store, "t", "user", "My job is pretty boring this week.", at=parse_iso("2025-05-02T09:00:00Z"))
    backfill_embeddings(store, real_embedder, limit=None)
    result = recall.search(store, "Did I quit my job?", embedder=real_embedder, kinds=("message",))
    assert not result.abstained and "resignation" in result.hits[0].text


@pytest.fixture
def chat(store):
    """A two-person conversation: a question, a short reply that only makes sense after it, small talk."""
    said = [
        ("2023-05-12T18:00:00Z", "Maya", "Did you end up going to that pottery class?", "c1"),
        ("2023-05-12T18:01:00Z", "Jonah", "Yes! Last Tuesday.", "c2"),
        ("2023-05-12T18:02:00Z", "Maya", "Nice!!", "c3"),
        ("2023-08-03T18:00:00Z", "Jonah", "We adopted a beagle puppy at the weekend and he chews everything: shoes, cables, the sofa and my notes.", "c4"),
        ("2023-08-03T18:01:00Z", "Maya", "My cousin adopted a beagle too.", "c5"),
    ]
    for at, speaker, text, external in said:
        ingest_and_extract(store, "conv", "user" if speaker == "Maya" else "assistant", text, at=parse_iso(at),
                       external_id=external, speaker=speaker)
    return store


def _search_row(store, external):
    return store.db.execute("SELECT s.speaker, s.said, s.answers FROM message_search s JOIN messages m ON m.id = s.rowid "
                            "WHERE m.external_id = ?", [external]).fetchone()


def test_message_index_knows_speaker_when_and_the_answered_turn(chat):
    speaker, said, answers = _search_row(chat, "c2")
    assert speaker == "Jonah" and said == "Friday 12 May 2023"
    assert answers == "Did you end up going to that pottery class?"
    assert _search_row(chat, "c4")[2] == "", "a long turn stands on its own"
    # the short reply is found by the words of the turn it answers, and the speaker's name counts
    result = recall.search(chat, "Jonah pottery class", now=NOW)
    assert "c2" in [e for hit in result.hits for e in hit.external_ids]
    # the name picks the right person's turn among two about the same thing
    beagle = recall.search(chat, "Who adopted a beagle puppy, Jonah?", now=NOW)
    assert beagle.hits[0].external_ids == ["c4"]
    assert "speaker" in beagle.hits[0].to_json() and "answers" not in beagle.hits[0].to_json()


def test_forgetting_a_turn_removes_its_words_from_the_reply_row(chat):
    with chat.transaction():
        chat.db.execute("DELETE FROM messages WHERE external_id = 'c1'")
    assert _search_row(chat, "c2")[2] == ""
    assert chat.db.execute("SELECT count(*) FROM message_search WHERE message_search MATCH 'pottery'").fetchone()[0] == 0
    with chat.transaction():
        chat.db.execute("UPDATE messages SET text = 'Did you get the car?' WHERE external_id = 'c2'")
    assert _search_row(chat, "c3")[2] == "Did you get the car?"


def test_a_month_in_the_query_routes_to_what_was_said_then(chat):
    result = recall.search(chat, "What did Maya say in May 2023?", now=NOW)
    assert result.time_range is not None and result.hits
    assert all(hit.at.startswith("2023-05") for hit in result.hits)
    # a time phrase that matches nothing stored is not a wall: the words still search
    fallback = recall.search(chat, "beagle puppy in March 2021", now=NOW)
    assert fallback.hits and fallback.hits[0].external_ids[0] in ("c4", "c5")


def test_gate_counts_only_the_named_persons_threads(store):
    """A question about Maya that only another conversation answers is abstained on; Maya's own answer is not."""
    said = [
        ("conv-a", "Maya", "Hey! How's your week going?", "a1"),
        ("conv-a", "Jonah", "Pretty good, just busy. You?", "a2"),
        ("conv-a", "Maya", "I ran my first half marathon on Sunday, legs are jelly.", "a3"),
        ("conv-b", "Zed", "We adopted a beagle puppy yesterday, he chewed my shoes.", "b1"),
        ("conv-b", "Ola", "Aww!", "b2"),
    ]
    for n, (thread, speaker, text, external) in enumerate(said):
        ingest_and_extract(store, thread, "user", text, at=parse_iso(f"2025-05-0{n + 1}T09:00:00Z"),
                       external_id=external, speaker=speaker)
    embedder = hash_embedder()
    backfill_embeddings(store, embedder, limit=None)
    other = recall.search(store, "When did Maya adopt a beagle puppy?", embedder=embedder, kinds=("message",), now=NOW)
    assert other.abstained and other.hits == []
    unnamed = recall.search(store, "Who adopted a beagle puppy?", embedder=embedder, kinds=("message",), now=NOW)
    assert not unnamed.abstained and unnamed.hits[0].external_ids == ["b1"]
    own = recall.search(store, "When did Maya run the half marathon?", embedder=embedder, kinds=("message",), now=NOW)
    assert not own.abstained and own.hits[0].external_ids == ["a3"]


@pytest.fixture
def two_chats(store):
    """Two conversations; in Tomas's, the answer sits after a question that names the topic."""
    said = [
        ("conv-a", "Priya", "Did the move go ok?", "a1", "2025-05-01T09:00:00Z"),
        ("conv-a", "Tomas", "The new place finally feels like home: we hung the curtains yesterday and the kitchen "
                            "is unpacked at last.", "a2", "2025-05-01T09:01:00Z"),  # too long to be a short reply
        ("conv-a", "Priya", "Ooh tell me more.", "a3", "2025-05-08T09:00:00Z"),
        ("conv-a", "Tomas", "Traffic was insane this morning.", "a4", "2025-05-08T09:01:00Z"),
        ("conv-a", "Priya", "Ooh tell me more.", "a5", "2025-05-15T09:00:00Z"),
        ("conv-a", "Tomas", "Work is a lot right now.", "a6", "2025-05-15T09:01:00Z"),
        ("conv-b", "Zed", "The move went fine, all boxes are in.", "b1", "2025-05-20T09:00:00Z"),
        ("conv-b", "Ola", "Ooh tell me more.", "b2", "2025-05-20T09:01:00Z"),
        ("conv-b", "Ola", "Did the move go ok? How did the move go?", "b3", "2025-05-27T09:00:00Z"),
    ]
    for thread, speaker, text, external, at in said:
        ingest_message(store, thread, "user", text, at=parse_iso(at), external_id=external, speaker=speaker)
    return store


def _externals(result):
    return [e for hit in result.hits for e in hit.external_ids]


def test_the_answer_next_to_the_question_is_found(two_chats, monkeypatch):
    """The turn after "Did the move go ok?" answers a question about the move: it is indexed with the turns said
    before it in its session (storage/schema.py), so it leads without the neighbour switch or the thread bonus."""
    def rank_of_answer() -> int:
        found = _externals(recall.search(two_chats, "How did Tomas's move go?", kinds=("message",), now=NOW))
        return found.index("a2") if "a2" in found else len(found)

    monkeypatch.setattr(fusion, "THREAD_BONUS", 0.0)
    monkeypatch.setattr(conversation_context, "CONTEXT_WEIGHT", 0.0)
    assert rank_of_answer() == 0
    monkeypatch.setattr(conversation_context, "CONTEXT_WEIGHT", 0.3)  # the older neighbour switch changes nothing
    assert rank_of_answer() == 0
    monkeypatch.setattr(fusion, "THREAD_BONUS", 2.0)  # with the thread bonus, the question and its answer lead
    assert set(_externals(recall.search(two_chats, "How did Tomas's move go?", kinds=("message",),
                                        now=NOW, k=2))) == {"a1", "a2"}


def test_the_named_persons_chat_comes_first(two_chats, monkeypatch):
    """A question naming Tomas favours his chat, even for a turn his friend said, over the same words in another."""
    def scores() -> dict[str, float]:
        result = recall.search(two_chats, "Did the move go ok for Tomas?", kinds=("message",), now=NOW)
        return {hit.external_ids[0]: hit.score for hit in result.hits}

    monkeypatch.setattr(fusion, "THREAD_BONUS", 0.0)
    plain = scores()
    monkeypatch.setattr(fusion, "THREAD_BONUS", 2.0)
    favoured = scores()
    assert plain["a1"] < 1.5 * plain["b3"]
    # Tomas's chat leads: the question asked in it, or his answer (indexed with that question)
    assert max(favoured, key=favoured.get) in {"a1", "a2"} and favoured["a1"] > 2.5 * favoured["b3"]


def test_repeated_small_talk_gives_way_to_distinct_turns(two_chats, monkeypatch):
    """The same "Ooh tell me more." twice in one chat takes one slot; another chat's copy is other evidence."""
    monkeypatch.setattr(ranking, "DEDUPLICATE", True)
    ranked = recall._distinct_first([recall.Hit("message", n, text, 0.0, "", thread_id=thread) for n, (thread, text) in
                                     enumerate([("a", "Ooh tell me more."), ("a", "Ooh tell me more!"),
                                                ("b", "Ooh tell me more."), ("a", "Work is a lot.")])])
    assert [hit.id for hit in ranked] == [0, 2, 3, 1]
