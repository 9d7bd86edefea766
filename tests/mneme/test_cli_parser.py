"""``mneme memory add`` / ``memory facts`` with the dependency parser, and without it (``--no-parser``,
``MNEME_NO_PARSER=1``): the opt-out gives exactly the rules' facts."""
from __future__ import annotations

import json

from mneme.cli import main

#: Wording only the tree shapes parse (the rules and regex frames give nothing for it).
TEXT = "The instrument I practise every night is the oboe."


def _facts(data_dir, *extra) -> list[dict]:
    return json.loads(_run(data_dir, "memory", "facts", "--no-embedder", "--json", *extra))


def _run(data_dir, *args) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--data-dir", str(data_dir), *args]) == 0
    return out.getvalue()


def test_memory_add_uses_the_parser_by_default(cli_env, monkeypatch):
    monkeypatch.delenv("MNEME_NO_PARSER", raising=False)
    added = json.loads(_run(cli_env, "memory", "add", "--thread", "t", "--role", "user", "--text", TEXT, "--json"))
    facts = _facts(cli_env)
    assert [(f["predicate"], f["value"]) for f in facts] == [("instrument", "oboe")]
    assert set(added["facts"]) == {facts[0]["id"]} and facts[0]["message_ids"] == [added["id"]]


def test_no_parser_flag_gives_the_rules_alone(cli_env, monkeypatch):
    monkeypatch.delenv("MNEME_NO_PARSER", raising=False)
    _run(cli_env, "memory", "add", "--thread", "t", "--role", "user", "--text", TEXT, "--no-parser")
    assert _facts(cli_env) == []


def test_the_environment_turns_it_off_for_memory_facts_too(cli_env, monkeypatch):
    """A message left marked (stored by the hot path only) is extracted by ``memory facts``, rules alone."""
    from memory_core.ingest import ingest_message
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    with Store.create(cli_env, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        ingest_message(store, "t", "user", TEXT)
    monkeypatch.setenv("MNEME_NO_PARSER", "1")
    assert _facts(cli_env) == []
    monkeypatch.delenv("MNEME_NO_PARSER")
    assert _facts(cli_env) == []  # the rules-only pass already took the message: nothing is parsed twice


def test_memory_facts_parses_what_is_left_marked(cli_env, monkeypatch):
    from memory_core.ingest import ingest_message
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    monkeypatch.delenv("MNEME_NO_PARSER", raising=False)
    with Store.create(cli_env, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        ingest_message(store, "t", "user", TEXT)
    assert [(f["predicate"], f["value"]) for f in _facts(cli_env)] == [("instrument", "oboe")]
