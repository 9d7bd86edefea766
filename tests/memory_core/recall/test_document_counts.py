"""Word counts kept in memory (recall/document_counts.py): the SQL count's answer or none, never another."""
from __future__ import annotations

import pytest

from memory_core.recall import bm25, document_counts
from memory_core.recall.bm25 import _document_frequency, _term_expr
from tests.memory_core.recall.sql_spy import statements_containing

TEXTS = ["Meeting Priya about the pottery class", "pottery mugs and a meeting", "Meetings all day",
         "the meetup moved to Tuesday", "café at noon", "nothing here", "Pottery again: pots",
         "don't forget the keys"]
WORDS = ["pottery", "meeting", "meet", "meetings", "mugs", "keys", "tuesday", "café", "cafe", "noon", "absent",
         "pot", "don't", "again"]


@pytest.fixture
def texts_store(store):
    for text in TEXTS:
        store.add_message("chat", "user", text)
    yield store
    document_counts.forget(store)
    bm25.forget_counts(store)


def _sql_count(store, expr: str) -> int:
    return store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ?",
                         [f"text : {expr}"]).fetchone()[0]


def test_kept_counts_equal_the_sql_count_or_give_none(texts_store):
    document_counts.load(texts_store)
    answered = 0
    for word in WORDS:
        expr, _ = _term_expr(word)
        kept = document_counts.rows_holding(texts_store, expr.strip('"*'), expr.endswith("*"))
        if kept is not None:
            answered += 1
            assert kept == _sql_count(texts_store, expr), word
        assert _document_frequency(texts_store, "messages", expr) == _sql_count(texts_store, expr), word
    assert answered >= 8
    # "meet"* starts several terms (meeting, meetings, meetup): only SQL knows the union; non-ASCII is left to SQL
    assert document_counts.rows_holding(texts_store, "meet", True) is None
    assert document_counts.rows_holding(texts_store, "café", False) is None


def test_a_search_weighs_kept_words_without_counting_in_sql(texts_store, monkeypatch):
    document_counts.load(texts_store)
    counted = statements_containing(texts_store, monkeypatch, "count(*) FROM message_search")
    bm25._DF_CACHE.clear()
    assert bm25._idf_df(texts_store, ("message",), "pottery")[1] == 3
    assert counted == []


def test_messages_added_after_loading_are_counted(texts_store):
    document_counts.load(texts_store)
    texts_store.add_message("chat", "user", "more pottery")
    assert document_counts.rows_holding(texts_store, "pottery", True) == _sql_count(texts_store, '"pottery"*') == 4
    document_counts.refresh(texts_store)
    assert document_counts._COUNTS[str(texts_store.path)].newest_message == 9


def test_an_audit_event_drops_the_counts(texts_store):
    document_counts.load(texts_store)
    texts_store.log_event("forgotten")
    assert document_counts.rows_holding(texts_store, "pottery", True) is None
    assert not document_counts.is_loaded(texts_store)


def test_the_memory_worker_reads_the_counts_at_unlock_and_after_a_pass(texts_store):
    """The app holds the counts from unlock on and brings them up to date between turns, off the search path."""
    from memory_core.observational.worker import MemoryWorker

    worker = MemoryWorker(texts_store, None)
    try:
        worker.warm_recall()
        assert document_counts.rows_holding(texts_store, "pottery", True) == 3
        texts_store.add_message("chat", "user", "one more pottery mug")
        worker.run_pending()
        assert document_counts._COUNTS[str(texts_store.path)].newest_message == 9
        assert document_counts.rows_holding(texts_store, "pottery", True) == 4
    finally:
        worker.close()
