"""Each message is indexed with the turns said just before it in its session (storage/schema.py, TURNS_BEFORE):
an answer that never names its topic is found by the question before it, a new session starts clean, and a
forgotten or edited turn leaves none of its old words in the rows of the turns after it."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.recall import bm25, message_postings
from memory_core.recall import search as recall
from memory_core.storage import schema
from memory_core.storage.store import Store

START = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
NOW = START + timedelta(days=60)


def _said(store: Store, thread: str, turns: list[tuple[str, str]], at: datetime, gap: timedelta = timedelta(minutes=2),
          prefix: str = "") -> None:
    for number, (speaker, text) in enumerate(turns):
        store.add_message(thread, "user" if speaker == "Ana" else "assistant", text, speaker=speaker,
                          at=at + gap * number, external_id=f"{prefix}{number}")


def _row(store: Store, external_id: str) -> str:
    return store.execute("SELECT s.answers FROM message_search s JOIN messages m ON m.id = s.rowid "
                         "WHERE m.external_id = ?", [external_id]).fetchone()[0]


def _rows_holding(store: Store, word: str) -> int:
    return store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ?",
                         [f'"{word}"']).fetchone()[0]


CAR_TALK = [
    ("Bea", "Did you two end up buying a car in the end?"),
    ("Ana", "We did, after weeks of arguing about it."),
    ("Bea", "Go on then, what did you get?"),
    ("Ana", "A second-hand Volvo estate, dark blue, sixty thousand miles on the clock, and the dealer threw in a "
            "roof box for free."),
    ("Bea", "Very sensible. Very you."),
]


def test_a_message_is_indexed_with_the_turns_before_it_in_its_session(store):
    _said(store, "t", CAR_TALK, START)
    _said(store, "t", [("Ana", "Back from the garden centre with far too many tomato plants and a bag of compost, honestly "
                          "no regrets at all.")],
          START + timedelta(days=3), prefix="next-")
    assert _row(store, "0") == ""
    # latest first, at most TURNS_BEFORE of them
    assert _row(store, "4") == " ".join(text for _, text in reversed(CAR_TALK[1:4]))
    assert _row(store, "3").startswith("Go on then") and "buying a car" in _row(store, "3")
    # a longer message opening a session three days later is not indexed with the last session's turns
    assert _row(store, "next-0") == ""


def test_a_short_reply_holds_the_turn_it_answers_however_late_it_came(store):
    _said(store, "t", [("Bea", "Is the allotment waiting list still two years long?")], START)
    _said(store, "t", [("Ana", "Yes, sadly.")], START + timedelta(hours=9), prefix="late-")
    assert _row(store, "late-0") == "Is the allotment waiting list still two years long?"


def test_an_answer_that_never_names_its_topic_is_found_by_the_question_before_it(store):
    for day in range(30):
        store.add_message("other", "user", f"Walked the dog along the river on day {day}, a bit muddy.",
                          at=START - timedelta(days=40 - day))
    _said(store, "t", CAR_TALK, START)
    result = recall.search(store, "Which car did Ana buy?", now=NOW)
    assert "3" in [e for hit in result.hits[:3] for e in hit.external_ids]


def test_forgetting_a_turn_leaves_none_of_its_words_in_the_rows_after_it(store):
    from memory_core.forgetting.forget import execute_forget, plan_forget

    _said(store, "t", CAR_TALK, START)
    assert _rows_holding(store, "volvo") == 2  # its own row and the next turn's
    assert _rows_holding(store, "buying") == 4
    first = store.execute("SELECT id FROM messages WHERE external_id = '0'").fetchone()[0]
    volvo = store.execute("SELECT id FROM messages WHERE external_id = '3'").fetchone()[0]
    execute_forget(store, plan_forget(store, "message", first))
    execute_forget(store, plan_forget(store, "message", volvo))
    message_postings.forget(store)
    bm25.forget_counts(store)
    assert _rows_holding(store, "volvo") == 0 and _rows_holding(store, "buying") == 0
    assert _row(store, "4") == " ".join(text for _, text in reversed(CAR_TALK[1:3]))
    assert not recall.search(store, "Volvo estate", now=NOW).hits


def test_an_edited_turn_and_one_stored_between_older_ones_reindex_the_turns_after_them(store):
    _said(store, "t", CAR_TALK, START)
    store.execute("UPDATE messages SET text = 'Did you two end up buying a campervan?' WHERE external_id = '0'")
    assert _rows_holding(store, "car") == 0 and _rows_holding(store, "campervan") == 4
    # an import can bring a turn said before turns already stored: the turns after it are indexed with it
    store.add_message("t", "user", "Petrol or electric, by the way?", speaker="Ana",
                      at=START + timedelta(minutes=3), external_id="between")
    assert _row(store, "3").startswith("Go on then, what did you get? Petrol or electric")
    assert _rows_holding(store, "petrol") == 4


def test_the_migration_indexes_what_was_stored_before_it(data_dir, monkeypatch):
    from tests.conftest import TEST_PASSPHRASE

    monkeypatch.setattr(schema, "LATEST_VERSION", schema.MIGRATIONS.index(schema.MIGRATION_MESSAGE_CONTEXT))
    old = Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE)
    _said(old, "t", CAR_TALK, START)
    assert _row(old, "4") == CAR_TALK[3][1]  # the old rule: a short reply, the one turn it answers; a longer one none
    assert _row(old, "3") == ""
    old.close()
    monkeypatch.setattr(schema, "LATEST_VERSION", len(schema.MIGRATIONS))
    reopened = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
        assert _row(reopened, "4") == " ".join(text for _, text in reversed(CAR_TALK[1:4]))
        assert _row(reopened, "3").startswith("Go on then")
        # and the new triggers run: a new turn is indexed with the ones before it
        reopened.add_message("t", "user", "Thanks, I think.", speaker="Ana", at=START + timedelta(minutes=20),
                             external_id="5")
        assert _row(reopened, "5").startswith("Very sensible")
    finally:
        reopened.close()


def _steps_to_store_one_more(store: Store, thread: str, at: datetime) -> int:
    """SQLite virtual-machine steps (counted one by one) that storing one more turn of ``thread`` takes."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    store.db.conn.set_progress_handler(count, 1)
    try:
        store.add_message(thread, "user", "And one more thing about the weekend plans.", at=at)
    finally:
        store.db.conn.set_progress_handler(None, 100)
    return steps[0]


def test_storing_a_turn_reads_a_few_earlier_turns_not_the_whole_thread(store):
    """The trigger looks back TURNS_BEFORE turns along the thread's time index and stops: a turn stored in a
    thread of 3,000 costs what it costs in a thread of 10 (a window function over the thread did not)."""
    with store.transaction():
        for thread, count in (("short", 10), ("long", 3000)):
            store.execute("INSERT INTO threads (id, created_at, updated_at) VALUES (?, ?, ?)",
                          [thread, START.isoformat(), START.isoformat()])
            store.executemany("INSERT INTO messages (thread_id, role, text, created_at) VALUES (?, 'user', ?, ?)",
                              [(thread, f"turn {n} of the {thread} chat about the weekend",
                                (START + timedelta(seconds=n)).isoformat()) for n in range(count)])
    short = _steps_to_store_one_more(store, "short", START + timedelta(hours=1))
    long = _steps_to_store_one_more(store, "long", START + timedelta(hours=1))
    assert long <= 2 * short + 5, (short, long)
