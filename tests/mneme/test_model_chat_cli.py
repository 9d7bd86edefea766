"""``mneme chat`` end to end with the bundled model."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mneme.cli import main
from mneme.commands.chat import build_messages

pytestmark = pytest.mark.real_model
ROOT = Path(__file__).resolve().parents[2]


def test_once_answers_on_stdout_in_a_fresh_install(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MNEME_DATA_DIR": str(tmp_path / "fresh"),
           "MNEME_PASSPHRASE": "", "HF_HUB_OFFLINE": "1"}
    # No passphrase in the environment: with no OS keyring the chat still answers (and says it is not saved).
    out = subprocess.run([sys.executable, "-m", "mneme", "chat", "--once", "Say hello", "--max-tokens", "24"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()
    assert "Traceback" not in out.stderr


def test_once_stores_the_exchange(cli_env, capsys):
    code = main(["chat", "--data-dir", str(cli_env), "--once", "Say hello", "--thread", "t1",
                 "--max-tokens", "16", "--temperature", "0"])
    assert code == 0
    answer = capsys.readouterr().out.strip()
    assert answer
    from mneme.session import open_or_create

    with open_or_create(cli_env) as store:
        stored = store.messages("t1")
        assert [m.role for m in stored] == ["user", "assistant"]
        assert stored[0].text == "Say hello" and stored[1].text == answer
        # The next turn of the same thread sees the history through the prompt seam.
        messages = build_messages(store, "t1", "And again?")
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]


def test_bad_model_path_is_a_message_not_a_traceback(tmp_path, capsys):
    code = main(["chat", "--data-dir", str(tmp_path / "data"), "--model", str(tmp_path / "nope.gguf"),
                 "--once", "hi"])
    err = capsys.readouterr().err
    assert code != 0 and "not found" in err and "Traceback" not in err
    assert not (tmp_path / "data").exists()  # nothing was created for a chat that never started


def test_prompt_seam_without_store_uses_the_given_history():
    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    messages = build_messages(None, "x", "how are you?", history=history)
    assert messages[1:] == [*history, {"role": "user", "content": "how are you?"}]
    assert messages[0]["role"] == "system"


def test_an_answer_cut_at_its_length_limit_says_so(cli_env, capsys):
    code = main(["chat", "--data-dir", str(cli_env), "--once", "Tell me a long story about a lighthouse keeper",
                 "--thread", "t1", "--max-tokens", "3", "--temperature", "0"])
    captured = capsys.readouterr()
    assert code == 0 and captured.out.strip()
    assert "[cut short: it reached its length limit]" in captured.err
