"""The fact pass: the write path only marks a message; extraction runs later, in message order."""
from __future__ import annotations

import threading

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts import fact_pass
from memory_core.facts.fact_pass import pending_count, run_fact_pass
from memory_core.ingest import ingest_message

JAN, MAR, MAY = (parse_iso(f"2025-{m}-01T10:00:00Z") for m in ("01", "03", "05"))


def _current(store) -> dict[str, str]:
    return {f.predicate: f.value for f in facts.current_facts(store)}


def test_storing_marks_a_user_message_and_extracts_nothing(store):
    said = ingest_message(store, "t", "user", "I live in Porto.", at=JAN)
    ingest_message(store, "t", "assistant", "I live in the cloud.", at=JAN)
    assert said.fact_ids == [] and facts.current_facts(store) == []
    assert pending_count(store) == 1  # the assistant's words are never facts about the user
    report = run_fact_pass(store)
    assert report.messages == 1 and report.for_message(said.message.id).fact_ids
    assert _current(store) == {"lives_in": "Porto"} and pending_count(store) == 0
    assert run_fact_pass(store).messages == 0  # nothing left: a second pass is a no-op


def test_the_pass_runs_in_message_order_so_changes_supersede(store):
    ingest_message(store, "t", "user", "I live in Porto and I work at Acme Corp.", at=JAN)
    moved = ingest_message(store, "t", "user", "I moved to Lisbon", at=MAR)
    ingest_message(store, "t", "user", "I no longer work at Acme Corp.", at=MAY)
    run_fact_pass(store)
    assert _current(store) == {"lives_in": "Lisbon"}
    lisbon, = facts.current_facts(store, predicate="lives_in")
    assert lisbon.message_ids == [moved.message.id] and lisbon.supersedes is not None
    porto = [f for f in facts.history(store) if f.value == "Porto"][0]
    assert porto.invalid_at == lisbon.valid_at
    assert _current_at(store, "2024-12-01T00:00:00Z") == {}  # nothing believed before it was said
    assert _current_at(store, "2025-02-01T00:00:00Z") == {"lives_in": "Porto", "works_at": "Acme Corp"}


def _current_at(store, moment: str) -> dict[str, str]:
    return {f.predicate: f.value for f in facts.current_facts(store, as_of=parse_iso(moment))}


def test_same_result_as_extracting_each_message_at_once(store, tmp_path):
    """Deferred over a batch equals the pass after every message (what the app and `memory add` do)."""
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    lines = [("I live in Porto.", JAN), ("My sister's name is Ana.", JAN), ("I moved to Lisbon.", MAR),
             ("I drive a Honda Civic.", MAR), ("I traded the Civic for a Mazda.", MAY)]
    other = Store.create(tmp_path / "other", use_keyring=False, passphrase=TEST_PASSPHRASE)
    try:
        for text, at in lines:
            ingest_message(store, "t", "user", text, at=at)
            ingest_message(other, "t", "user", text, at=at)
            run_fact_pass(other)
        run_fact_pass(store)

        def rows(s):
            return [(f.subject, f.predicate, f.value, f.valid_at, f.invalid_at) for f in facts.history(s)]
        assert rows(store) == rows(other) and len(rows(store)) >= 5
    finally:
        other.close()


def test_forgetting_a_pending_message_drops_its_mark(store):
    said = ingest_message(store, "t", "user", "I live in Porto.", at=JAN)
    store.delete_messages([said.message.id])
    assert pending_count(store) == 0
    assert run_fact_pass(store).messages == 0 and facts.current_facts(store) == []


def test_marks_survive_a_reopen_and_the_next_pass_drains_them(store, data_dir):
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    ingest_message(store, "t", "user", "I work at Acme Corp.", at=JAN)
    store.close()  # the app quits before its worker ran
    reopened = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        assert pending_count(reopened) == 1
        run_fact_pass(reopened)
        assert _current(reopened) == {"works_at": "Acme Corp"}
    finally:
        reopened.close()


def test_a_message_the_rules_fail_on_is_skipped_and_logged(store, monkeypatch):
    ingest_message(store, "t", "user", "I live in Porto.", at=JAN)
    ingest_message(store, "t", "user", "I work at Acme Corp.", at=MAR)
    real = fact_pass.extract_into

    def flaky(s, message, parsed=None):
        if "Porto" in message.text:
            raise ValueError("boom")
        return real(s, message, parsed)
    monkeypatch.setattr(fact_pass, "extract_into", flaky)
    report = run_fact_pass(store)
    assert report.failed == 1 and report.messages == 1 and _current(store) == {"works_at": "Acme Corp"}
    assert pending_count(store) == 0
    kinds = [r[0] for r in store.execute("SELECT kind FROM events WHERE kind = 'fact_pass_failed'").fetchall()]
    assert kinds == ["fact_pass_failed"]


def test_two_runners_never_extract_a_message_twice(store):
    for month in range(1, 13):
        ingest_message(store, "t", "user", f"I live in City{month}.", at=parse_iso(f"2025-{month:02d}-01T10:00:00Z"))
    other = store.connect()
    done: list[int] = []
    thread = threading.Thread(target=lambda: done.extend(r.message.id for r in run_fact_pass(other).results))
    thread.start()
    mine = [r.message.id for r in run_fact_pass(store).results]
    thread.join()
    other.close()
    assert sorted(mine + done) == list(range(1, 13))  # every message once, by one runner or the other
    assert len(facts.current_facts(store, predicate="lives_in")) == 1
    assert len(facts.history(store)) == 12


def test_the_semantic_pass_waits_for_the_rule_pass(store):
    """The matcher treats what the rules placed as settled: it must not see a message the rules have not."""
    from memory_core.facts.semantic import pending

    ingest_message(store, "t", "user", "I live in Porto.", at=JAN)
    rows, _ = pending(store)
    assert rows == []
    run_fact_pass(store)
    rows, _ = pending(store)
    assert [r["text"] for r in rows] == ["I live in Porto."]
