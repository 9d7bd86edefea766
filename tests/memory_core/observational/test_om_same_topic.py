"""A change the ledger recorded marks a line only when its cause is about the same thing."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.clock import to_iso
from memory_core.ingest import ingest_message
from memory_core.observational.same_topic import personal_statement, same_topic
from memory_core.observational.supersession import replaced_by_message, retired_by_message

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
PASTE = ("Why does this SQL not work?\nSELECT u.id, count(o.id)\nFROM users u\nLEFT JOIN orders o ON o.user_id = u.id\n"
         "WHERE o.created_at > '2026-01-01'\nGROUP BY u.id\nHAVING count(o.id) > 3\n-- running on postgres 16")


def test_same_topic_needs_a_personal_statement_about_the_same_thing():
    assert same_topic("I drive a Mazda.", "sold the Mazda and bought a Volvo", "Mazda", "Volvo")  # names it
    assert same_topic("I use a Zenbook laptop for work.", "My new MacBook laptop arrived today.", "Zenbook laptop",
                      "MacBook")                                                                # shares "laptop"
    assert not same_topic("I do yoga every Monday evening.", PASTE, "yoga", "running")          # a paste
    assert same_topic("My boss Yusuf approved my leave.", "My new manager Gunther seems nice.", "Yusuf", "Gunther")
    assert not same_topic("My hobby is woodworking.", "I moved my yoga class from Tuesday to Friday.",
                          "woodworking", "yoga")                                                 # another hobby
    assert not same_topic("I go running at 6am.", "What is the capital of Australia?", "running")
    assert personal_statement("signed up for a pottery course, obsessed") and not personal_statement(PASTE)


def _fact(store, value, message_id, at, *, invalid_at=None, supersedes=None):
    cursor = store.execute(
        "INSERT INTO facts (subject, predicate, value, text, category, valid_at, invalid_at, created_at, supersedes) "
        "VALUES ('user', 'hobby', ?, ?, 'activity', ?, ?, ?, ?)",
        [value, f"hobby: {value}", to_iso(at), invalid_at and to_iso(invalid_at), to_iso(at), supersedes])
    store.execute("INSERT INTO fact_messages (fact_id, message_id) VALUES (?, ?)", [cursor.lastrowid, message_id])
    return cursor.lastrowid


def test_a_loose_retirement_in_the_ledger_marks_nothing(store):
    # what a loose match in the ledger leaves behind, written straight into the real (encrypted) store:
    # "running" from a pasted query retires the woodworking hobby, and a real change retires the Mazda
    wood = ingest_message(store, "a", "user", "My hobby is woodworking.", at=T0).message
    paste = ingest_message(store, "a", "user", PASTE, at=T0 + timedelta(days=3)).message
    old = _fact(store, "woodworking", wood.id, T0, invalid_at=T0 + timedelta(days=3))
    _fact(store, "running", paste.id, T0 + timedelta(days=3), supersedes=old)
    car = ingest_message(store, "a", "user", "I drive a Mazda.", at=T0 + timedelta(hours=1)).message
    sold = ingest_message(store, "a", "user", "sold the Mazda and bought a Volvo", at=T0 + timedelta(days=4)).message
    mazda = _fact(store, "Mazda", car.id, T0, invalid_at=T0 + timedelta(days=4))
    _fact(store, "Volvo", sold.id, T0 + timedelta(days=4), supersedes=mazda)
    retired = retired_by_message(store, [wood.id, car.id])
    assert wood.id not in retired
    assert {(r.value, r.successor) for r in retired[car.id]} == {("Mazda", "Volvo")}   # the ledger may have it too
    replaced = replaced_by_message(store, [paste.id, sold.id])
    assert paste.id not in replaced and replaced[sold.id][0].previous == "Mazda"
