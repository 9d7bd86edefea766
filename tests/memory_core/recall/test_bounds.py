"""Leaving dense candidates unread (recall/bounds.py) must not change a single hit or score, and the SQL must stay
on the caller's thread while the embedding runs beside it (recall/candidates.py).

A real SQLCipher store, the real MiniLM embedder, a few hundred messages in several threads with speakers,
repeated short replies and times, so that the dense channel hands recall far more candidates than k."""
from __future__ import annotations

import random
import threading
from datetime import datetime, timedelta, timezone

import pytest

import memory_core.recall.bounds as bounds
import memory_core.recall.hydrate as hydrate
from memory_core.recall import search as recall
from memory_core.ingest import ingest_message
from memory_core.recall.vectors import backfill_embeddings, index_for
from tests.memory_core.recall.sql_spy import statements_containing

NOW = datetime(2025, 7, 15, 12, 0, tzinfo=timezone.utc)
PEOPLE = ("Maya", "Tiago", "Priya", "Noah")
TOPICS = ("pottery class", "the boiler", "a flight to Munich", "the garden", "my sister's wedding", "the budget",
          "a new laptop", "yoga on Tuesday", "the dentist", "our trip to Porto", "the café on the corner")
SHAPES = ("I talked about {t} with {p} yesterday.", "{p} said {t} went well.", "Remind me about {t} next week.",
          "We spent the evening on {t}.", "Not sure what to do about {t}.", "{p} can't stop talking about {t}!",
          "Ooh tell me more.", "Nice!!", "Honestly, {t} was a disaster last month.", "Did {p} book {t}?")
QUERIES = ("what did Maya say about pottery", "when is yoga", "the boiler", "did Noah mention the garden",
           "flight Munich", "what happened with the budget last month", "café", "tell me more",
           "something about xylophones and quintessence", "Priya wedding", "what did I decide about the laptop",
           "when did we go to Porto", "dentist in March", "Tiago")


@pytest.fixture(scope="module")
def corpus_store(tmp_path_factory, real_embedder):
    from memory_core.storage.store import Store

    data_dir = tmp_path_factory.mktemp("bounds")
    store = Store.create(data_dir, use_keyring=False, passphrase="bounds-test")
    rng = random.Random(7)
    start = datetime(2025, 1, 1, 9, 0, tzinfo=timezone.utc)
    for n in range(360):
        person = rng.choice(PEOPLE)
        thread = f"chat-{person.lower()}-{n % 3}"
        role = "user" if n % 2 == 0 else "assistant"
        text = rng.choice(SHAPES).format(t=rng.choice(TOPICS), p=rng.choice(PEOPLE))
        ingest_message(store, thread, role, text, at=start + timedelta(hours=13 * n),
                       speaker=person if role == "user" else None)
    backfill_embeddings(store, real_embedder, limit=None)
    yield store
    store.close()


def _answers(store, query: str, embedder, k: int) -> tuple:
    result = recall.search(store, query, k=k, embedder=embedder, now=NOW)
    return result.abstained, result.reason, [(h.kind, h.id, h.score, h.similarity, h.text, h.channels)
                                             for h in result.hits]


@pytest.mark.parametrize("k", [3, 10])
def test_pruned_search_returns_exactly_what_reading_everything_returns(corpus_store, real_embedder, monkeypatch, k):
    settled: list[bounds.Settled] = []
    real_settle = recall.settle
    monkeypatch.setattr(recall, "settle", lambda *a: settled.append(real_settle(*a)) or settled[-1])
    differences = []
    for query in QUERIES:
        monkeypatch.setattr(recall, "PRUNE_UNREAD", True)
        pruned = _answers(corpus_store, query, real_embedder, k)
        monkeypatch.setattr(recall, "PRUNE_UNREAD", False)
        everything = _answers(corpus_store, query, real_embedder, k)
        if pruned != everything:
            differences.append(query)
    assert differences == []
    # the comparison means something only if candidates were actually left unread
    assert sum(s.left_unread for s in settled) > len(QUERIES) * 50


def test_every_bound_holds_for_the_candidate_once_read(corpus_store, real_embedder, monkeypatch):
    """The stand-in's fused score is never below the real hit's: the check that fails when a new term or channel
    depends on something the stand-in does not make as favourable as possible."""
    violations = _bound_violations(corpus_store, real_embedder, monkeypatch)
    assert violations == []


def test_the_bound_check_can_fail(corpus_store, real_embedder, monkeypatch):
    """A stand-in without the query's words (a bound that ignores coverage) is caught."""
    monkeypatch.setattr(recall, "optimistic_text", lambda prefixes, time: "")
    assert _bound_violations(corpus_store, real_embedder, monkeypatch)


def _bound_violations(store, embedder, monkeypatch) -> list:
    violations = []
    real_settle = recall.settle

    def checked(lists, reader, stand_ins, fuse, top_of, k, later=()):
        result = real_settle(lists, reader, stand_ins, fuse, top_of, k, later)
        optimistic = fuse(bounds.in_fusion_order(lists, reader.hits, reader.gone, stand_ins, later))
        reader.read(list(stand_ins))  # now read everything and fuse the real hits
        real = fuse(bounds.in_fusion_order(lists, reader.hits, reader.gone, later=later))
        for key in stand_ins:
            if key in real and key in optimistic and real[key] > optimistic[key] + bounds.MARGIN:
                violations.append((key, real[key], optimistic[key]))
        return result

    monkeypatch.setattr(recall, "settle", checked)
    for query in QUERIES:
        recall.search(store, query, k=5, embedder=embedder, now=NOW)
    return violations


def test_sql_stays_on_the_callers_thread_and_the_embedding_runs_beside_it(corpus_store, real_embedder,
                                                                          monkeypatch):
    connection = corpus_store.connect()
    sql_threads: set[int] = set()
    embed_threads: set[int] = set()
    execute, query, embed = connection.execute, connection.query, real_embedder.embed
    monkeypatch.setattr(connection, "execute",
                        lambda *a, **kw: sql_threads.add(threading.get_ident()) or execute(*a, **kw))
    monkeypatch.setattr(connection, "query",
                        lambda *a, **kw: sql_threads.add(threading.get_ident()) or query(*a, **kw))
    monkeypatch.setattr(real_embedder, "embed", lambda texts: embed_threads.add(threading.get_ident()) or embed(texts))
    try:
        for query in QUERIES[:5]:
            recall.search(connection, query, k=5, embedder=real_embedder, now=NOW)
    finally:
        connection.close()
    assert sql_threads == {threading.get_ident()}
    assert embed_threads and threading.get_ident() not in embed_threads


def test_concurrent_searches_on_their_own_connections_agree_with_one_at_a_time(corpus_store, real_embedder):
    expected = {query: _answers(corpus_store, query, real_embedder, 5) for query in QUERIES}
    found: dict[str, tuple] = {}
    errors: list[BaseException] = []

    def worker(queries) -> None:
        connection = corpus_store.connect()  # one connection per thread, as the app does
        try:
            for query in queries:
                found[query] = _answers(connection, query, real_embedder, 5)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(QUERIES[n::3],)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert errors == []
    assert found == expected


def test_message_word_counts_come_from_the_search_index_and_equal_the_text_index(store):
    texts = ("Café au lait at the café", "state-of-the-art pottery", "Maya's bowl", "maya’s other bowl", "x_ray",
             "Ooh tell me more.", "potteries and pots", "Naïve question")
    for n, text in enumerate(texts):
        ingest_message(store, "t1", "user", text, at=NOW - timedelta(hours=n))
    for word in ("cafe", "café", "pottery", "pott", "maya's", "bowl", "ray", "more", "pots", "naive", "state-of-the"):
        for expr in {recall._term_expr(word)[0], recall.fts_term(word)}:
            text_index = store.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?",
                                       [expr]).fetchone()[0]
            assert recall._document_frequency(store, "messages", expr) == text_index, (word, expr)


def test_dense_hits_carry_the_stored_time_and_forgetting_clears_it(store):
    from tests.doubles import HashEmbedder

    embedder = HashEmbedder(words=recall.words)
    first = ingest_message(store, "t1", "user", "pottery class on Tuesday", at=NOW).message.id
    ingest_message(store, "t1", "user", "the boiler broke", at=NOW + timedelta(minutes=5))
    backfill_embeddings(store, embedder, limit=None)
    index = index_for(store, embedder.model_id)
    stored = dict(store.execute("SELECT id, created_at FROM messages").fetchall())
    hits = index.search(embedder.embed(["pottery"])[0], 5)
    assert hits and all(hit.at == stored[hit.id] for hit in hits)
    index.invalidate("message", [first])
    assert all(hit.id != first for hit in index.search(embedder.embed(["pottery"])[0], 5))


def test_bm25_in_two_halves_gives_the_one_query_list_ties_included(store):
    """Many exact ties (the same text again and again) and a cut inside them: the merged halves must list the
    same rows, in the same order, with the same scores as the one query."""
    from memory_core.recall.helper_connection import HelperConnection

    for n in range(140):
        text = ("Ooh tell me more about the pottery." if n % 3 else "pottery pottery and glaze") if n % 5 else \
            "Nice!! the pottery"
        ingest_message(store, f"t{n % 4}", "user", text, at=NOW - timedelta(minutes=n))
    window = recall._Window(None, None, "2030-01-01T00:00:00+00:00", False)
    match = recall.ranked_match("pottery glaze")
    one_query = recall._bm25_kind(store, "message", match, window, "2030-01-01T00:00:00+00:00")
    helper = HelperConnection(store, newest_message=140)
    try:
        in_halves = recall._bm25_kind(store, "message", match, window, "2030-01-01T00:00:00+00:00", helper)
        read_beside = recall._hydrate_messages_beside(store, helper, list(range(1, 141)))
    finally:
        helper.close()
    assert len(one_query) == recall.DEPTH
    assert [tuple(row) for row in in_halves] == [tuple(row) for row in one_query]
    read_at_once = recall._hydrate_messages(store, list(range(1, 141)))
    assert {i: (h.text, h.at, h.answers) for i, h in read_beside.items()} == \
        {i: (h.text, h.at, h.answers) for i, h in read_at_once.items()}


def test_run_beside_does_both_halves_on_the_callers_connection_when_the_helper_cannot_open(store, monkeypatch):
    """The helper's half still comes back, from the caller's connection, and in the same place of the pair."""
    from memory_core.recall.helper_connection import HelperConnection
    from memory_core.storage.store import Store

    def no_connection(self: Store) -> Store:
        raise OSError("no second connection today")

    monkeypatch.setattr(Store, "connect", no_connection)
    used: list[Store] = []
    helper = HelperConnection(store, newest_message=2)
    try:
        mine, theirs = helper.run_beside(store, lambda connection: used.append(connection) or "lower",
                                         lambda connection: used.append(connection) or "upper")
    finally:
        helper.close()
    assert (mine, theirs) == ("lower", "upper")
    assert used == [store, store]


def test_a_helper_connection_only_for_large_stores_outside_transactions(store, monkeypatch):
    import memory_core.recall.helper_connection as helpers

    ingest_message(store, "t1", "user", "hello there", at=NOW)
    with helpers.helper_for(store) as helper:
        assert helper is None  # one message: one connection is quicker
    monkeypatch.setattr(helpers, "HELPER_FROM_MESSAGES", 1)
    with helpers.helper_for(store) as helper:
        assert helper is not None
        seen = helper.submit(lambda connection: (threading.get_ident(),
                                                 connection.execute("SELECT count(*) FROM messages").fetchone()[0]))
        assert seen.result(10)[0] != threading.get_ident() and seen.result()[1] == 1
        failing = helper.submit(lambda connection: connection.execute("SELECT nonsense FROM nowhere"))
        with pytest.raises(Exception):
            failing.result(10)
    # inside an open transaction the other connection could not see what this one sees
    with store.transaction():
        with helpers.helper_for(store) as helper:
            assert helper is None


def test_searches_with_a_helper_connection_equal_searches_without(corpus_store, real_embedder, monkeypatch):
    import memory_core.recall.helper_connection as helpers

    monkeypatch.setattr(helpers, "HELPER_FROM_MESSAGES", 10 ** 9)
    alone = {query: _answers(corpus_store, query, real_embedder, 10) for query in QUERIES}
    monkeypatch.setattr(helpers, "HELPER_FROM_MESSAGES", 1)
    monkeypatch.setattr(hydrate, "HYDRATE_BESIDE_FROM", 1)
    assert {query: _answers(corpus_store, query, real_embedder, 10) for query in QUERIES} == alone


def test_a_helper_that_cannot_connect_leaves_the_work_to_the_caller(corpus_store, real_embedder, monkeypatch):
    import memory_core.recall.helper_connection as helpers

    expected = {query: _answers(corpus_store, query, real_embedder, 10) for query in QUERIES[:6]}
    monkeypatch.setattr(helpers, "HELPER_FROM_MESSAGES", 1)
    monkeypatch.setattr(hydrate, "HYDRATE_BESIDE_FROM", 1)

    def no_second_connection(self):
        raise OSError("too many open files")
    monkeypatch.setattr(type(corpus_store), "connect", no_second_connection)
    assert {query: _answers(corpus_store, query, real_embedder, 10) for query in QUERIES[:6]} == expected


def _counting_fts_reads(store, monkeypatch) -> list[str]:
    """Record every statement that reads ``message_search`` (FTS5 doclists) on ``store``'s connections."""
    return statements_containing(store, monkeypatch, "message_search MATCH")


def test_no_doclist_is_read_for_stand_ins_when_there_are_none(store, monkeypatch):
    """Without the dense channel there are no unread candidates: their words are not looked up."""
    store.add_message("chat", "user", "pottery class on Tuesday")
    read = _counting_fts_reads(store, monkeypatch)
    assert bounds.words_held(store, ["pottery", "class"], [], 100_000) == {}
    assert read == []
    assert bounds.words_held(store, ["pottery"], [1], 100_000) == {1: ["pottery"]}


def test_a_time_window_nothing_was_said_in_reads_no_doclist(store, monkeypatch):
    """BM25 over an empty time window answers nothing without asking FTS5 (which would read every doclist)."""
    from memory_core.recall.bm25 import _bm25_kind
    from memory_core.recall.hits import _Window

    store.add_message("chat", "user", "pottery class", at=datetime(2024, 5, 2, tzinfo=timezone.utc))
    read = _counting_fts_reads(store, monkeypatch)
    empty = _Window("2030-01-01T00:00:00+00:00", "2030-02-01T00:00:00+00:00", "2031-01-01T00:00:00+00:00", False)
    assert _bm25_kind(store, "message", '"pottery"*', empty, "2031-01-01T00:00:00+00:00") == []
    assert read == []
    said = _Window("2024-05-01T00:00:00+00:00", "2024-06-01T00:00:00+00:00", "2031-01-01T00:00:00+00:00", False)
    assert [row[0] for row in _bm25_kind(store, "message", '"pottery"*', said, "2031-01-01T00:00:00+00:00")] == [1]
