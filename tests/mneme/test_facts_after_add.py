"""`memory add` then `memory facts --json`: the fact pass runs before the read, so the answer is what was said.

Also when the messages were only marked (the app quit before its worker ran): every read drains them first.
"""
from __future__ import annotations

import json

from mneme.cli import main
from memory_core.ingest import ingest_message
from memory_core.clock import parse_iso
from memory_core.storage.store import Store
from tests.conftest import TEST_PASSPHRASE


def _facts(cli_env, capsys, *extra) -> list[dict]:
    capsys.readouterr()
    assert main(["memory", "facts", "--data-dir", str(cli_env), "--json", "--no-embedder", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def _add(cli_env, capsys, text: str, at: str) -> dict:
    capsys.readouterr()
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user", "--text", text,
                 "--at", at, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_add_then_facts_with_as_of_and_history(cli_env, capsys):
    first = _add(cli_env, capsys, "I live in Porto.", "2025-01-01T10:00:00Z")
    assert first["facts"], "memory add --json still names the facts its message gave"
    moved = _add(cli_env, capsys, "I moved to Lisbon.", "2025-03-01T10:00:00Z")
    now = _facts(cli_env, capsys)
    assert [(f["predicate"], f["value"]) for f in now] == [("lives_in", "Lisbon")]
    assert now[0]["message_ids"] == [moved["id"]] and set(moved["facts"]) == {now[0]["id"]}
    assert set(now[0]) >= {"id", "subject", "predicate", "value", "text", "category", "valid_at", "invalid_at",
                           "created_at", "expired_at", "supersedes", "message_ids"}
    then = _facts(cli_env, capsys, "--as-of", "2025-02-01T00:00:00Z")
    assert [f["value"] for f in then] == ["Porto"]
    history = _facts(cli_env, capsys, "--history")
    assert sorted(f["value"] for f in history) == ["Lisbon", "Porto"]
    assert next(f for f in history if f["value"] == "Porto")["invalid_at"] is not None


def test_messages_left_marked_are_drained_by_the_next_read(cli_env, capsys):
    store = Store.create(cli_env, use_keyring=False, passphrase=TEST_PASSPHRASE)
    try:  # what the app leaves when it quits between storing and its worker's pass
        ingest_message(store, "t", "user", "I work at Acme Corp.", at=parse_iso("2025-01-01T10:00:00Z"))
    finally:
        store.close()
    assert [(f["predicate"], f["value"]) for f in _facts(cli_env, capsys)] == [("works_at", "Acme Corp")]
