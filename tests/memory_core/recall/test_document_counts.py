"""Word counts kept in memory, derived from the message postings (recall/message_postings.py): the SQL count's
answer or none, never another."""
from __future__ import annotations

import pytest

from memory_core.recall import bm25, message_postings
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
    message_postings.forget(store)
    bm25.forget_counts(store)


def _sql_count(store, expr: str) -> int:
    return store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ?",
                         [f"text : {expr}"]).fetchone()[0]


def test_kept_counts_equal_the_sql_count_or_give_none(texts_store):
    message_postings.load(texts_store)
    answered = 0
    for word in WORDS:
        expr, _ = _term_expr(word)
        kept = message_postings.rows_holding(texts_store, expr.strip('"*'), expr.endswith("*"))
        if kept is not None:
            answered += 1
            assert kept == _sql_count(texts_store, expr), word
        assert _document_frequency(texts_store, "messages", expr) == _sql_count(texts_store, expr), word
    assert answered >= 8
    # "meet"* starts several terms (meeting, meetings, meetup): the postings give their union; non-ASCII is left
    # to SQL
    assert message_postings.rows_holding(texts_store, "meet", True) == _sql_count(texts_store, '"meet"*') == 4
    assert message_postings.rows_holding(texts_store, "café", False) is None


def test_a_search_weighs_kept_words_without_counting_in_sql(texts_store, monkeypatch):
    message_postings.load(texts_store)
    counted = statements_containing(texts_store, monkeypatch, "count(*) FROM message_search")
    bm25._DF_CACHE.clear()
    assert bm25._idf_df(texts_store, ("message",), "pottery")[1] == 3
    assert counted == []


def test_messages_added_after_loading_are_counted(texts_store):
    message_postings.load(texts_store)
    texts_store.add_message("chat", "user", "more pottery")
    assert message_postings.rows_holding(texts_store, "pottery", True) == _sql_count(texts_store, '"pottery"*') == 4
    message_postings.refresh(texts_store)
    assert message_postings._POSTINGS[str(texts_store.path)].newest_message == 9


def test_an_audit_event_drops_the_counts(texts_store):
    message_postings.load(texts_store)
    texts_store.log_event("forgotten")
    assert message_postings.rows_holding(texts_store, "pottery", True) is None
    assert not message_postings.is_loaded(texts_store)


def test_the_memory_worker_reads_the_counts_at_unlock_and_after_a_pass(texts_store):
    """The app holds the counts from unlock on and brings them up to date between turns, off the search path."""
    from memory_core.observational.worker import MemoryWorker

    worker = MemoryWorker(texts_store, None)
    try:
        worker.warm_recall()
        assert message_postings.rows_holding(texts_store, "pottery", True) == 3
        texts_store.add_message("chat", "user", "one more pottery mug")
        worker.run_pending()
        assert message_postings._POSTINGS[str(texts_store.path)].newest_message == 9
        assert message_postings.rows_holding(texts_store, "pottery", True) == 4
    finally:
        worker.close()


#: Words that share prefixes (so a prefix phrase reads several terms), names that also speak (so a word may be in
#: the speaker column only), day and month names (in the "said" column of every row), non-ASCII and split words.
VARIED_WORDS = ["walk", "walked", "walking", "walks", "walker", "bake", "baked", "bakery", "baker", "car", "card",
                "cardigan", "cargo", "river", "rivers", "Priya", "Tomasz", "Monday", "March", "June", "café", "naïve",
                "don't", "e-mail", "2024", "x1", "ok", "the", "a"]
VARIED_SPEAKERS = [None, None, "Priya", "Tomasz", "Walker"]


def _varied_store(store, seed: int, count: int, first_day: int = 0) -> None:
    """Messages of one to twelve of VARIED_WORDS, some short replies (their answered turn indexed with them), by
    several speakers, on many days; the same seed gives the same messages."""
    import random
    from datetime import datetime, timedelta, timezone

    rng = random.Random(seed)
    for number in range(count):
        words = [rng.choice(VARIED_WORDS) for _ in range(rng.randint(1, 12))]
        store.add_message(f"t{rng.randint(0, 3)}", "user", " ".join(words), speaker=rng.choice(VARIED_SPEAKERS),
                          at=datetime(2024, 1, 1, tzinfo=timezone.utc) + timedelta(days=first_day + number * 3,
                                                                                   hours=number % 24))


def test_counts_derived_from_the_postings_equal_sqls_over_a_varied_store(store):
    """Every word, and every prefix of every held term (one term or several), counted from the postings as the
    SQL counts it in the text column: not the speaker, the day said or the answered turn."""
    _varied_store(store, seed=11, count=120)
    message_postings.load(store)
    try:
        terms = message_postings._POSTINGS[str(store.path)].index.terms
        prefixes = {term[:length] for term in terms for length in range(1, len(term) + 1)}
        several = 0
        for word in sorted(prefixes):
            for prefix in (True, False):
                if not message_postings.PLAIN_TOKEN.fullmatch(word):
                    continue
                expr = f'"{word}"' + ("*" if prefix else "")
                assert message_postings.rows_holding(store, word, prefix) == _sql_count(store, expr), expr
            several += sum(term.startswith(word) for term in terms) > 1
        assert several > 20
        # words the text never holds but other columns do are counted as the SQL counts them: zero
        assert message_postings.rows_holding(store, "wednesday", False) == _sql_count(store, '"wednesday"') == 0
        assert message_postings.rows_holding(store, "monday", False) == _sql_count(store, '"monday"') > 0
    finally:
        message_postings.forget(store)


def test_counts_with_messages_stored_since_the_load_equal_sqls(store):
    """Rows stored after the load are counted from their tail, merged with the load's counts."""
    _varied_store(store, seed=12, count=60)
    message_postings.load(store)
    _varied_store(store, seed=13, count=7, first_day=400)
    try:
        for word in ["walk", "walks", "bak", "car", "card", "river", "priya", "tomasz", "march", "x1", "ok", "zzz"]:
            for prefix in (True, False):
                expr = f'"{word}"' + ("*" if prefix else "")
                assert message_postings.rows_holding(store, word, prefix) == _sql_count(store, expr), expr
    finally:
        message_postings.forget(store)
