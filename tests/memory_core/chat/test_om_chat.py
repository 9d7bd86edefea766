"""``mneme chat`` with memory: a fact said in one chat is known in a later one, after a restart."""
from __future__ import annotations

import pytest

from mneme.cli import main

pytest.importorskip("llama_cpp")
pytestmark = [pytest.mark.real_model, pytest.mark.slow]


def test_fact_from_one_chat_is_in_the_next_chats_prompt(cli_env, capsys):
    base = ["--data-dir", str(cli_env), "--max-tokens", "4", "--temperature", "0"]
    assert main(["chat", *base, "--thread", "monday", "--once", "My sister Léa lives in Porto."]) == 0
    # a new process in real life: a new chat opens, earlier chats are observed, the fact is in its prompt
    assert main(["chat", *base, "--thread", "tuesday", "--once", "Where does my sister live?"]) == 0
    capsys.readouterr()
    assert main(["memory", "context", "--data-dir", str(cli_env), "--thread", "wednesday"]) == 0
    assert ": My sister Léa lives in Porto." in capsys.readouterr().out
    assert main(["memory", "timeline", "--data-dir", str(cli_env), "--json"]) == 0
    assert '"message_ids": [\n      1\n    ]' in capsys.readouterr().out
