"""``memory facts --model``: none by default; a model under 1B is never loaded; a capable one adds validated facts."""
from __future__ import annotations

import json

import pytest

from memory_core.clock import parse_iso
from memory_core.ingest import ingest_message
from memory_core.storage.store import Store
from mneme.cli import main
from mneme.commands import memory_recall
from tests.conftest import TEST_PASSPHRASE
from tests.doubles import FakeChatModel

BEES = "I live in Porto and I keep bees on my allotment."
LLM_ANSWER = json.dumps([{"subject": "user", "attribute": "hobby", "value": "bees"}])


class CapableModel(FakeChatModel):
    parameter_count = 7_000_000_000


def _marked(cli_env) -> None:
    """A message stored by the hot path only, as the app leaves it: ``memory facts`` runs its fact pass."""
    store = Store.create(cli_env, use_keyring=False, passphrase=TEST_PASSPHRASE)
    try:
        ingest_message(store, "t", "user", BEES, at=parse_iso("2025-01-01T10:00:00Z"))
    finally:
        store.close()


def _facts(cli_env, capsys, *extra) -> list[tuple[str, str]]:
    capsys.readouterr()
    assert main(["memory", "facts", "--data-dir", str(cli_env), "--json", "--no-embedder", "--no-parser",
                 *extra]) == 0
    return sorted((f["predicate"], f["value"]) for f in json.loads(capsys.readouterr().out))


def test_by_default_no_model_is_asked(cli_env, capsys, monkeypatch):
    monkeypatch.setattr("models.loading.open_chat_model", lambda *a, **k: pytest.fail("no model is loaded"))
    _marked(cli_env)
    assert _facts(cli_env, capsys) == [("lives_in", "Porto")]


def test_the_bundled_small_model_is_never_loaded(cli_env, capsys, monkeypatch):
    monkeypatch.setattr("models.loading.open_chat_model", lambda *a, **k: pytest.fail("135M is under the floor"))
    _marked(cli_env)
    assert main(["memory", "facts", "--data-dir", str(cli_env), "--json", "--no-embedder", "--no-parser",
                 "--model", "chosen"]) == 0
    captured = capsys.readouterr()
    assert [(f["predicate"], f["value"]) for f in json.loads(captured.out)] == [("lives_in", "Porto")]
    assert "under 1B parameters" in captured.err


def test_a_capable_model_adds_a_validated_fact_and_is_closed(cli_env, capsys, monkeypatch):
    model = CapableModel(completions=[LLM_ANSWER])
    asked: list[str] = []
    monkeypatch.setattr(memory_recall, "fact_model", lambda args: asked.append(args.model) or model)
    _marked(cli_env)
    assert _facts(cli_env, capsys, "--model", "/models/big.gguf") == [("hobby", "bees"), ("lives_in", "Porto")]
    assert asked == ["/models/big.gguf"] and model.closed and len(model.complete_calls) == 1
