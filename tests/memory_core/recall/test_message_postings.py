"""Message postings held in memory (recall/message_postings.py): FTS5's own bm25 ranking, bit for bit, or none."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest

from memory_core.recall import bm25, message_postings
from memory_core.recall.bm25 import MESSAGE_COLUMNS, _bm25_kind, ranked_match
from memory_core.recall.hits import _Window
from tests.memory_core.recall.sql_spy import statements_containing

START = datetime(2024, 3, 4, 9, 30, tzinfo=timezone.utc)
#: (speaker, text): several columns hold words (speaker, "said" in words, the turn a short reply answers), words
#: repeat within a message, and several terms share a prefix (garden, gardening, gardens, gardener).
MESSAGES = [
    (None, "I spent the morning gardening with Tomasz, the garden looks tidy now"),
    ("Tomasz", "Gardens need patience; my garden garden garden is proof"),
    (None, "Sure, Monday works"),
    (None, "The gardener comes on Monday to prune the apple trees"),
    ("Ines", "Apple pie recipe from Ines: apples, butter, flour, a pinch of cinnamon and patience"),
    (None, "yes"),
    (None, "The bike needs a new chain before the March ride"),
    ("Tomasz", "March is when the allotment opens again"),
    (None, "Patience, patience: the seeds take three weeks"),
    (None, "Don't forget the café on Friday"),
    (None, "Garden tools: spade, fork, rake, gardening gloves"),
    (None, "nothing to do with any of it"),
    (None, "la la la la la la la la la la, sang the choir"),
]
EXPRESSIONS = ['"garden"*', '"garden"', '"gardening"', '"monday"', '"march"', '"tomasz"', '"ines"',
               '"patience" OR "apple"*', '"garden"* OR "monday" OR "tomasz" OR "march"', '"zzz"',
               '"zzz" OR "bike"', '"sure"', '"2024"', '"appl"* OR "pie" OR "gard"*', '"la" OR "choir"']


@pytest.fixture
def said_store(store):
    for number, (speaker, text) in enumerate(MESSAGES):
        store.add_message("chat" if number < 8 else "other", "assistant" if speaker else "user", text,
                          speaker=speaker, at=START + timedelta(days=number * 3, hours=number))
    yield store
    message_postings.forget(store)
    bm25.forget_counts(store)


def _sql_ranked(store, match: str, limit: int, low: int = 0, high: int = 1 << 62) -> list[tuple[int, float]]:
    weights = ", ".join(str(weight) for weight in MESSAGE_COLUMNS)
    return [(row[0], row[1]) for row in store.execute(
        f"SELECT rowid, bm25(message_search, {weights}) AS r FROM message_search WHERE message_search MATCH ? "
        "AND rowid BETWEEN ? AND ? ORDER BY r LIMIT ?", [match, low, high, limit])]


def test_held_postings_rank_exactly_as_fts5s_bm25(said_store):
    message_postings.load(said_store)
    for match in EXPRESSIONS:
        for limit in (50, 3, 1):
            assert message_postings.ranked(said_store, match, MESSAGE_COLUMNS, limit) == \
                _sql_ranked(said_store, match, limit), (match, limit)
        assert message_postings.ranked(said_store, match, MESSAGE_COLUMNS, 50, 3, 9) == \
            _sql_ranked(said_store, match, 50, 3, 9), match
    # other column weights too: the weights are the caller's; a weight added ten times is not 10 * weight
    # (ten times 0.1 added is 0.9999999999999999, 10 * 0.1 is 1.0): FTS5 adds it once per instance
    for weights in ((1.0, 1.0, 1.0, 1.0), *((text, 1.3, 0.7, 0.3) for text in (0.1, 0.2, 0.3, 0.7, 1.1, 1.3, 2.9))):
        for match in ('"garden"* OR "march"', '"la" OR "choir"'):
            assert message_postings.ranked(said_store, match, weights, 50) == \
                [(row[0], row[1]) for row in said_store.execute(
                    f"SELECT rowid, bm25(message_search, {', '.join(map(str, weights))}) AS r FROM message_search "
                    "WHERE message_search MATCH ? ORDER BY r", [match])], (weights, match)


def test_words_of_several_columns_score_as_in_sql(said_store):
    """The speaker, the day said in words and the answered turn all count (not the text alone)."""
    message_postings.load(said_store)
    ines = message_postings.ranked(said_store, '"ines"', MESSAGE_COLUMNS, 50)
    # the message Ines said (speaker and text), and "yes", the short reply that answers it (answers column)
    assert [rowid for rowid, _ in ines] == [5, 6]
    assert ines == _sql_ranked(said_store, '"ines"', 50)
    # "Monday" is said in words (the "said" column) of the message written on a Monday, whatever its text
    monday = {rowid for rowid, _ in message_postings.ranked(said_store, '"monday"', MESSAGE_COLUMNS, 50)}
    assert monday >= {1, 3, 4}


def test_a_query_of_ranked_matchs_words_is_answered(said_store):
    message_postings.load(said_store)
    match = ranked_match("when does the gardener prune apple trees with Tomasz?")
    assert message_postings.ranked(said_store, match, MESSAGE_COLUMNS, 50) == _sql_ranked(said_store, match, 50)


def test_what_a_plain_token_cannot_say_is_left_to_sql(said_store):
    message_postings.load(said_store)
    for match in ['"café"', '"don\'t"', '"two words"', '"garden" AND "tidy"', 'garden', '"garden"* NOT "x"']:
        assert message_postings.ranked(said_store, match, MESSAGE_COLUMNS, 50) is None, match


@pytest.mark.parametrize("window_ids_from_index", [20_000, 0])
def test_bm25_kind_gives_the_sql_rows_with_or_without_the_postings(said_store, monkeypatch, window_ids_from_index):
    """Unfiltered and in a time window (its ids from the time index, or the ranked rows' times read)."""
    monkeypatch.setattr(bm25, "WINDOW_IDS_FROM_INDEX", window_ids_from_index)
    everything = _Window(None, None, "2030-01-01T00:00:00+00:00", False)
    in_march = _Window("2024-03-10T00:00:00+00:00", "2024-03-25T00:00:00+00:00", "2030-01-01T00:00:00+00:00", False)
    until = _Window(None, None, "2024-03-12T00:00:00+00:00", True)
    windows = (everything, in_march, until)
    by_sql = {(match, number): _bm25_kind(said_store, "message", match, window, "2030-01-01T00:00:00+00:00")
              for match in EXPRESSIONS for number, window in enumerate(windows)}
    message_postings.load(said_store)
    asked = statements_containing(said_store, monkeypatch, "MATCH")
    for (match, number), rows in by_sql.items():
        assert _bm25_kind(said_store, "message", match, windows[number], "2030-01-01T00:00:00+00:00") == rows, \
            (match, number)
    assert asked == []  # every one was ranked from the postings
    assert any(rows for (_, number), rows in by_sql.items() if number == 1)
    assert any(rows != by_sql[(match, 0)] for (match, number), rows in by_sql.items() if number == 2)


def test_a_new_message_is_ranked_with_the_tail_until_the_postings_are_read_again(said_store):
    message_postings.load(said_store)
    said_store.add_message("chat", "user", "one more garden note")
    assert message_postings.is_loaded(said_store)
    assert message_postings.ranked(said_store, '"garden"*', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(said_store, '"garden"*', 50)
    message_postings.refresh(said_store)
    assert message_postings.ranked(said_store, '"garden"*', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(said_store, '"garden"*', 50)


def test_an_edited_message_leaves_ranking_to_sql(said_store):
    message_postings.load(said_store)
    said_store.execute("UPDATE messages SET text = 'the garden was dug' WHERE id = 12")
    assert message_postings.ranked(said_store, '"garden"*', MESSAGE_COLUMNS, 50) is None


def test_an_audit_event_drops_the_postings_at_once(said_store):
    message_postings.load(said_store)
    said_store.execute("INSERT INTO events (at, kind, detail) VALUES ('2024-04-01', 'forget', '{}')")
    assert message_postings.ranked(said_store, '"garden"*', MESSAGE_COLUMNS, 50) is None
    assert not message_postings.is_loaded(said_store)


def test_forgetting_a_message_takes_its_words_out_of_the_postings(said_store):
    from memory_core.forgetting.forget import execute_forget, plan_forget

    message_postings.load(said_store)
    assert message_postings.holds_term(said_store, "chain")
    execute_forget(said_store, plan_forget(said_store, "message", 7))  # "The bike needs a new chain ..."
    assert not message_postings.holds_term(said_store, "chain")
    assert not message_postings.holds_term(said_store, "bike")
    # read again from what is left, and ranking as SQL does
    assert message_postings.is_loaded(said_store)
    assert message_postings.ranked(said_store, '"march" OR "bike"', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(said_store, '"march" OR "bike"', 50)


def test_searches_while_the_postings_are_read_again_get_the_sql_answer_or_none(said_store):
    """A load on another thread swaps the whole postings in: a search sees the old ones or the new ones."""
    message_postings.load(said_store)
    expected = {match: _sql_ranked(said_store, match, 50) for match in EXPRESSIONS}
    stop = threading.Event()
    failures: list[BaseException] = []

    def reload() -> None:
        connection = said_store.connect()
        try:
            while not stop.is_set():
                message_postings.load(connection)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
        finally:
            connection.close()
    loader = threading.Thread(target=reload)
    loader.start()
    try:
        for _ in range(20):
            for match, rows in expected.items():
                assert message_postings.ranked(said_store, match, MESSAGE_COLUMNS, 50) in (rows, None)
    finally:
        stop.set()
        loader.join()
    assert failures == []


def test_varints_are_read_as_sqlite_writes_them():
    assert message_postings._varints(bytes([0x86, 0x8D, 0x20, 0x00, 0x7F, 0x81, 0x00])) == [100_000, 0, 127, 128]
    assert message_postings._varints(bytes([0xFF] * 8 + [0x01])) == [(1 << 64) - 255]


def test_rows_a_word_matches_are_the_sql_rows(said_store):
    message_postings.load(said_store)
    for word, prefix in [("garden", True), ("garden", False), ("patience", False), ("appl", True), ("zzz", True),
                         ("monday", False), ("ines", False)]:
        expr = f'"{word}"' + ("*" if prefix else "")
        for column in (None, "text", "answers", ("text", "answers"), ("speaker", "said")):
            asked = f"{{{' '.join(column)}}} : {expr}" if isinstance(column, tuple) else \
                f"{column} : {expr}" if column else expr
            assert message_postings.rows_matching(said_store, word, prefix, column).tolist() == [
                row[0] for row in said_store.execute(
                    "SELECT rowid FROM message_search WHERE message_search MATCH ? ORDER BY rowid", [asked])], asked
    assert message_postings.rows_matching(said_store, "café", False) is None


def test_a_prefix_several_terms_start_is_counted_without_sql(said_store, monkeypatch):
    """IDF of "garden"* (garden, gardening, gardens, gardener): one term's count is not the union, the postings'
    rows are."""
    from memory_core.recall.bm25 import _document_frequency

    by_sql = _document_frequency(said_store, "messages", '"garden"*')
    message_postings.load(said_store)
    asked = statements_containing(said_store, monkeypatch, "MATCH")
    assert _document_frequency(said_store, "messages", '"garden"*') == by_sql == 4
    assert asked == []


def test_words_held_by_unread_messages_are_the_sql_answer(said_store):
    from memory_core.recall.bounds import words_held

    prefixes, ids = ["garden", "monday", "patience", "zzz", "appl", "tomasz"], list(range(1, 13))
    by_sql = words_held(said_store, prefixes, ids, 100)
    # a word only in the speaker or the day said in words is no word coverage can find: not lent
    # (8 is said by Tomasz and answers a turn without his name; 1 was said on a Monday)
    assert "tomasz" not in by_sql.get(8, []) and "monday" not in by_sql.get(1, [])
    assert "tomasz" in by_sql[1] and "tomasz" in by_sql[2] and "monday" in by_sql[3]  # text; the answered turn
    assert words_held(said_store, prefixes, ids, 3) != by_sql  # a common prefix counts as held by all
    by_sql_limited = words_held(said_store, prefixes, ids, 3)
    message_postings.load(said_store)
    assert words_held(said_store, prefixes, ids, 100) == by_sql
    assert words_held(said_store, prefixes, ids, 3) == by_sql_limited


def test_the_memory_worker_reads_the_postings_again_between_turns(said_store):
    """At unlock and after each memory pass (observational/worker.py), so a search after a turn ranks from them."""
    from types import SimpleNamespace

    from memory_core.observational.worker import MemoryWorker

    worker = SimpleNamespace(engine=SimpleNamespace(state=SimpleNamespace(last_error=None)))
    MemoryWorker._refresh_word_counts(worker, said_store)
    assert message_postings.is_loaded(said_store)
    said_store.add_message("chat", "user", "a garden party on Sunday")
    assert message_postings._current(said_store).tail is not None  # (scored with the tail until the pass)
    MemoryWorker._refresh_word_counts(worker, said_store)
    assert message_postings._POSTINGS[str(said_store.path)].newest_message == len(MESSAGES) + 1
    assert message_postings._current(said_store).tail is None
    assert message_postings.ranked(said_store, '"garden"*', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(said_store, '"garden"*', 50)
    assert worker.engine.state.last_error is None
