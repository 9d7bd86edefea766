"""Messages stored since the postings were read (the tail, recall/message_postings.py): scored with them, bit for
bit as FTS5's bm25() scores the index as it is, or left to SQL when more than new rows changed."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from memory_core.recall import bm25, message_postings
from memory_core.recall.bm25 import MESSAGE_COLUMNS, _bm25_kind, _document_frequency
from memory_core.recall.hits import _Window
from tests.memory_core.recall.sql_spy import statements_containing

START = datetime(2025, 5, 5, 7, 0, tzinfo=timezone.utc)
#: (thread, speaker, text): terms that share a prefix (kayak, kayaking, kayaks), a short reply after each question,
#: a speaker's name that is also said in another message's text.
LOADED = [
    ("sea", None, "We went kayaking around the headland on Saturday"),
    ("sea", "Noor", "Did you see any seals?"),
    ("sea", None, "Two seals and a heron, and Noor's kayak leaked a little"),
    ("home", None, "The boiler engineer is coming on Thursday morning"),
    ("home", "Noor", "ok"),
    ("home", None, "The kitchen tap drips again, the boiler is fine"),
    ("sea", None, "Kayaks need a rinse after salt water"),
    ("work", None, "The quarterly report is due in June"),
]
#: Stored after the load: a new term, terms the load knows, a term that extends a loaded prefix (kayakers), a short
#: reply whose answered turn is a loaded message's, a long message, a new speaker.
ADDED = [
    ("sea", None, "The kayakers club meets by the harbour"),
    ("home", "Noor", "yes"),
    ("work", "Basil", "Report drafted; the seals photo made the cover, boiler costs in the appendix, June again"),
    ("sea", None, "Seals seals seals, a whole colony of seals at the point"),
]
EXPRESSIONS = ['"kayak"*', '"kayak"', '"kayakers"', '"seals"', '"boiler" OR "seals"', '"noor"', '"basil"',
               '"harbour"', '"june" OR "report"* OR "kitchen"', '"zzz"', '"yes"', '"thursday"', '"sea"*',
               '"the"', '"seals" OR "colony" OR "kayak"*']


def _add(store, turns, first_hour: int) -> None:
    for number, (thread, speaker, text) in enumerate(turns):
        store.add_message(thread, "assistant" if speaker else "user", text, speaker=speaker,
                          at=START + timedelta(hours=first_hour + number * 5))


@pytest.fixture
def loaded_store(store):
    _add(store, LOADED, 0)
    message_postings.load(store)
    yield store
    message_postings.forget(store)
    bm25.forget_counts(store)


def _sql_ranked(store, match: str, limit: int, weights=MESSAGE_COLUMNS, low: int = 0, high: int = 1 << 62):
    return [(row[0], row[1]) for row in store.execute(
        f"SELECT rowid, bm25(message_search, {', '.join(map(str, weights))}) AS r FROM message_search "
        "WHERE message_search MATCH ? AND rowid BETWEEN ? AND ? ORDER BY r LIMIT ?", [match, low, high, limit])]


def test_rows_stored_after_the_load_rank_exactly_as_fts5s_bm25(loaded_store):
    for count in range(1, len(ADDED) + 1):  # one new row, then more: N, the IDFs and the average move each time
        _add(loaded_store, ADDED[count - 1:count], 100 + count * 5)
        for match in EXPRESSIONS:
            for limit in (50, 3):
                assert message_postings.ranked(loaded_store, match, MESSAGE_COLUMNS, limit) == \
                    _sql_ranked(loaded_store, match, limit), (count, match, limit)
            assert message_postings.ranked(loaded_store, match, MESSAGE_COLUMNS, 50, 4, 11) == \
                _sql_ranked(loaded_store, match, 50, low=4, high=11), (count, match)
    for weights in ((1.0, 1.0, 1.0, 1.0), (0.1, 1.3, 0.7, 0.3), (2.9, 0.2, 1.1, 0.7)):
        for match in ('"seals" OR "kayak"*', '"boiler" OR "noor"'):
            assert message_postings.ranked(loaded_store, match, weights, 50) == \
                _sql_ranked(loaded_store, match, 50, weights), (weights, match)
    assert message_postings._current(loaded_store).tail is not None  # (scored with the tail, not read again)
    assert message_postings._POSTINGS[str(loaded_store.path)].newest_message == len(LOADED)


def test_a_search_after_a_stored_message_reads_no_doclist(loaded_store, monkeypatch):
    """BM25 over messages and the words' document counts, right after a turn is stored (the postings read before
    it): no MATCH in SQL, and the SQL's rows and counts."""
    loaded = message_postings._POSTINGS[str(loaded_store.path)]
    _add(loaded_store, ADDED, 100)
    everything = _Window(None, None, "2030-01-01T00:00:00+00:00", False)
    in_window = _Window("2025-05-05T10:00:00+00:00", "2025-05-12T00:00:00+00:00", "2030-01-01T00:00:00+00:00", False)
    words = ['"kayak"*', '"seals"', '"harbour"', '"noor"', '"report"*', '"zzz"', '"the"']

    def answers():
        return ([_bm25_kind(loaded_store, "message", match, window, "2030-01-01T00:00:00+00:00")
                 for match in EXPRESSIONS for window in (everything, in_window)],
                [_document_frequency(loaded_store, "messages", word) for word in words])
    message_postings.forget(loaded_store)
    by_sql = answers()
    message_postings._POSTINGS[str(loaded_store.path)] = loaded  # as the memory pass left them, before the turn
    asked = statements_containing(loaded_store, monkeypatch, "MATCH")
    assert answers() == by_sql
    assert asked == []
    assert message_postings._current(loaded_store).tail is not None
    assert any(rows for rows in by_sql[0][1::2])  # (the window holds some)


def test_a_short_reply_stored_after_the_load_is_read_back_with_its_answered_turn(loaded_store):
    from dataclasses import asdict

    from memory_core.recall.hydrate import _read_messages

    _add(loaded_store, ADDED, 100)
    held = message_postings.answered(loaded_store)
    assert held is not None and held.of(len(LOADED) + 2) == LOADED[5][2]  # "yes" answers the kitchen tap turn
    ids = list(range(1, len(LOADED) + len(ADDED) + 1))
    assert {i: asdict(hit) for i, hit in _read_messages(loaded_store, ids, held).items()} == \
        {i: asdict(hit) for i, hit in _read_messages(loaded_store, ids, None).items()}


def test_rows_matching_and_words_held_count_the_tail(loaded_store):
    from memory_core.recall.bounds import words_held

    _add(loaded_store, ADDED, 100)
    for word, prefix in [("kayak", True), ("seals", False), ("yes", False), ("basil", False), ("zzz", True)]:
        expr = f'"{word}"' + ("*" if prefix else "")
        for column in (None, "text", ("text", "answers")):
            asked = f"{{{' '.join(column)}}} : {expr}" if isinstance(column, tuple) else \
                f"{column} : {expr}" if column else expr
            assert message_postings.rows_matching(loaded_store, word, prefix, column).tolist() == [
                row[0] for row in loaded_store.execute(
                    "SELECT rowid FROM message_search WHERE message_search MATCH ? ORDER BY rowid", [asked])], asked
    prefixes, ids = ["kayak", "seals", "boiler", "harbour"], list(range(1, len(LOADED) + len(ADDED) + 1))
    held = words_held(loaded_store, prefixes, ids, 100)
    message_postings.forget(loaded_store)
    assert held == words_held(loaded_store, prefixes, ids, 100)


def test_an_edit_of_a_loaded_row_leaves_ranking_to_sql_even_with_new_rows(loaded_store):
    _add(loaded_store, ADDED[:1], 100)
    assert message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50) is not None
    loaded_store.execute("UPDATE messages SET text = 'Seals everywhere today' WHERE id = 1")
    assert message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50) is None
    assert message_postings.rows_holding(loaded_store, "seals", False) is None


def test_more_new_rows_than_the_tail_holds_leave_ranking_to_sql(loaded_store, monkeypatch):
    monkeypatch.setattr(message_postings, "TAIL_ROWS", 2)
    _add(loaded_store, ADDED[:2], 100)
    assert message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(loaded_store, '"seals"', 50)
    _add(loaded_store, ADDED[2:3], 200)
    assert message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50) is None
    read = statements_containing(loaded_store, monkeypatch, "FROM message_search WHERE rowid >")
    assert message_postings.ranked(loaded_store, '"kayak"*', MESSAGE_COLUMNS, 50) is None
    assert read == []  # (asked once per state of the index)
    message_postings.refresh(loaded_store)  # the memory pass reads them all
    assert message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(loaded_store, '"seals"', 50)


def test_the_tail_is_tokenized_once_per_state_of_the_index(loaded_store, monkeypatch):
    _add(loaded_store, ADDED[:1], 100)
    made = statements_containing(loaded_store, monkeypatch, "USING fts5(")
    for match in EXPRESSIONS:
        message_postings.ranked(loaded_store, match, MESSAGE_COLUMNS, 50)
    assert len(made) == 1
    _add(loaded_store, ADDED[1:2], 200)
    message_postings.ranked(loaded_store, '"seals"', MESSAGE_COLUMNS, 50)
    assert len(made) == 2


def test_forgetting_a_message_of_the_tail_leaves_none_of_its_words_held(loaded_store):
    from memory_core.forgetting.forget import execute_forget, plan_forget

    _add(loaded_store, ADDED, 100)
    assert message_postings.ranked(loaded_store, '"harbour"', MESSAGE_COLUMNS, 50)  # the tail holds it now
    assert message_postings.holds_term(loaded_store, "harbour")
    # tokenized in a temporary table that is dropped at once, on a temporary database that zeroes what it frees
    assert loaded_store.execute("SELECT count(*) FROM temp.sqlite_master WHERE name LIKE '%tail%'").fetchone()[0] == 0
    assert loaded_store.execute("PRAGMA temp.secure_delete").fetchone()[0] == 1
    execute_forget(loaded_store, plan_forget(loaded_store, "message", len(LOADED) + 1))  # "... harbour"
    assert not message_postings.holds_term(loaded_store, "harbour")
    assert not message_postings.holds_term(loaded_store, "kayakers")
    assert message_postings.ranked(loaded_store, '"seals" OR "harbour"', MESSAGE_COLUMNS, 50) == \
        _sql_ranked(loaded_store, '"seals" OR "harbour"', 50)


def test_an_audit_event_drops_the_tail_with_the_postings(loaded_store):
    _add(loaded_store, ADDED, 100)
    assert message_postings.ranked(loaded_store, '"harbour"', MESSAGE_COLUMNS, 50)
    loaded_store.log_event("messages_taken_back", count=0)
    assert message_postings.ranked(loaded_store, '"harbour"', MESSAGE_COLUMNS, 50) is None
    assert not message_postings.holds_term(loaded_store, "harbour") and str(loaded_store.path) not in message_postings._TAILS


def test_no_code_edits_a_stored_messages_indexed_columns():
    """The tail's check (row count and each column's tokens) cannot see an edit that keeps every column's token
    count; the app never edits a message's text, speaker or time (only forgetting and take-back remove one, and
    both write an audit event). A new UPDATE of those columns must bring its own way to drop the postings."""
    root = Path(__file__).resolve().parents[3]
    edit = re.compile(r"UPDATE\s+messages\s+SET\s+[^\"']*\b(text|speaker|created_at)\s*=", re.IGNORECASE)
    found = [str(path.relative_to(root)) for folder in ("memory_core", "mneme", "desktop_app")
             for path in (root / folder).rglob("*.py") if edit.search(path.read_text(encoding="utf-8"))]
    assert found == []
    assert edit.search("UPDATE messages SET text = ? WHERE id = ?")  # (the pattern finds one)


def test_a_varied_store_with_rows_stored_after_the_load_ranks_as_fts5(store):
    """Many rows, words in every column, prefixes of one and of several terms, ties: with a tail of several rows."""
    from tests.memory_core.recall.test_document_counts import _varied_store

    _varied_store(store, seed=21, count=80)
    message_postings.load(store)
    try:
        _varied_store(store, seed=22, count=9, first_day=500)
        for match in ['"walk"*', '"walks"', '"bak"*', '"car"* OR "river"', '"priya" OR "tomasz" OR "walker"',
                      '"monday" OR "june"', '"x1" OR "ok" OR "the"', '"cafe"', '"naive" OR "card"*', '"2024"']:
            assert message_postings.ranked(store, match, MESSAGE_COLUMNS, 40) == _sql_ranked(store, match, 40), match
        assert message_postings._current(store).tail.index.rows.size > 0
    finally:
        message_postings.forget(store)
