"""The command-line forms: ``mneme memory forget|export|backup|restore|threads|delete-thread``."""
from __future__ import annotations

import json
import os

import pytest

from memory_core.storage.store import Store
from mneme.cli import main


def mneme(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def chats(cli_env, capsys):
    """Two chats stored through the CLI, plus an observation drawn from the first message."""
    d = str(cli_env)
    for thread, text in [("home", "I live in Porto (really)"), ("home", "I have a cat"), ("work", "Meeting at 10")]:
        assert mneme(capsys, "memory", "add", "--data-dir", d, "--thread", thread, "--role", "user", "--text", text)[0] == 0
    store = Store.open(cli_env, os.environ["MNEME_PASSPHRASE"])
    with store.transaction():
        store.execute("INSERT INTO observations (id, thread_id, priority, observed_at, text, created_at) "
                      "VALUES (50, 'home', 'high', '2026-01-01T00:00:00+00:00', 'User lives in Porto', "
                      "'2026-01-01T00:00:00+00:00')")
        store.execute("INSERT INTO observation_messages VALUES (50, 1)")
    store.close()
    return d


def remaining(cli_env, table: str) -> set:
    with Store.open(cli_env, os.environ["MNEME_PASSPHRASE"]) as store:
        return {row[0] for row in store.execute(f"SELECT id FROM {table}").fetchall()}


def test_forget_prints_plan_then_receipt(chats, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "forget", "observation:50", "--data-dir", chats)
    assert code == 0
    plan, receipt = out.split("\n\n", 1)
    assert "Forgetting observation:50 removes:" in plan and "User lives in Porto" in plan
    assert "Forgot observation:50: 1 messages, 1 observations" in receipt and "Verified" in receipt
    assert remaining(cli_env, "messages") == {2, 3}


def test_forget_json_keep_sources_and_bare_id(chats, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "forget", "50", "--keep-sources", "--json", "--data-dir", chats)
    assert code == 0
    receipt = json.loads(out)
    assert receipt["removed"]["observations"] == [50] and receipt["removed"]["messages"] == []
    assert receipt["verified"] is True and "Porto" not in out
    assert remaining(cli_env, "messages") == {1, 2, 3}


def test_forget_about_with_search_syntax(chats, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "forget", "--about", '"Porto* AND (', "--json", "--data-dir", chats)
    assert code == 0
    assert json.loads(out)["counts"]["messages"] == 1
    assert remaining(cli_env, "messages") == {2, 3} and remaining(cli_env, "observations") == set()
    code, out, _ = mneme(capsys, "memory", "forget", "--about", "nothingmatches", "--data-dir", chats)
    assert code == 0 and "Nothing to forget." in out


@pytest.mark.parametrize("argv, message", [
    (["memory", "forget"], "either an item"),
    (["memory", "forget", "fact:1", "--about", "x"], "either an item"),
    (["memory", "forget", "fact:99"], "no fact 99"),
    (["memory", "forget", "1"], "no message, observation|ambiguous"),
    (["memory", "forget", "--about", "*** ()"], "nothing to search for"),
    (["memory", "delete-thread", "nope"], "no thread 'nope'"),
])
def test_bad_input_is_one_clear_line(chats, cli_env, capsys, argv, message):
    code, out, err = mneme(capsys, *argv, "--data-dir", chats)
    assert code == 2 and "Traceback" not in err
    assert err.startswith("mneme: ") and __import__("re").search(message, err)
    assert remaining(cli_env, "messages") == {1, 2, 3}


def test_interactive_forget_asks_and_can_be_declined(chats, cli_env, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    code, out, _ = mneme(capsys, "memory", "forget", "message:1", "--data-dir", chats)
    assert code == 1 and "Nothing was forgotten." in out
    assert remaining(cli_env, "messages") == {1, 2, 3}
    monkeypatch.setattr("builtins.input", lambda prompt: "yes")
    assert mneme(capsys, "memory", "forget", "message:1", "--data-dir", chats)[0] == 0
    assert remaining(cli_env, "messages") == {2, 3}


def test_threads_and_delete_thread_both_ways(chats, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "threads", "--json", "--data-dir", chats)
    assert {t["id"]: t["messages"] for t in json.loads(out)} == {"home": 2, "work": 1}
    code, out, _ = mneme(capsys, "memory", "threads", "--data-dir", chats)
    assert "home" in out and "2 messages" in out

    code, out, _ = mneme(capsys, "memory", "delete-thread", "home", "--keep-memories", "--data-dir", chats)
    assert code == 0 and "memory item(s) drawn from it are kept" in out
    assert remaining(cli_env, "observations") == {50} and remaining(cli_env, "messages") == {3}

    code, out, _ = mneme(capsys, "memory", "delete-thread", "work", "--json", "--data-dir", chats)
    assert code == 0 and json.loads(out)["removed"]["threads"] == ["work"]
    assert remaining(cli_env, "threads") == set()


def test_interactive_delete_thread_asks_about_memories(chats, cli_env, capsys, monkeypatch):
    answers = iter(["n", "y"])  # keep the memories, then confirm the deletion
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    code, out, _ = mneme(capsys, "memory", "delete-thread", "home", "--data-dir", chats)
    assert code == 0 and "kept" in out
    assert remaining(cli_env, "observations") == {50}


def test_export_backup_and_restore(chats, cli_env, capsys, monkeypatch, tmp_path):
    code, out, _ = mneme(capsys, "memory", "export", "--json", str(tmp_path / "m.json"), "--data-dir", chats)
    assert code == 0 and "NOT encrypted" in out
    data = json.loads((tmp_path / "m.json").read_text())
    assert data["observations"][0]["message_ids"] == [1]

    code, _, err = mneme(capsys, "memory", "backup", str(tmp_path / "b.db"), "--data-dir", chats)
    assert code == 1 and "MNEME_BACKUP_PASSPHRASE" in err
    monkeypatch.setenv("MNEME_BACKUP_PASSPHRASE", "backup passphrase!")
    code, out, _ = mneme(capsys, "memory", "backup", str(tmp_path / "b.db"), "--data-dir", chats)
    assert code == 0 and "verified" in out
    code, _, err = mneme(capsys, "memory", "backup", str(tmp_path / "b.db"), "--data-dir", chats)
    assert code == 2 and "already exists" in err

    restored = tmp_path / "restored"
    code, out, _ = mneme(capsys, "memory", "restore", str(tmp_path / "b.db"), "--data-dir", str(restored))
    assert code == 0 and "restored 3 messages" in out
    assert remaining(restored, "messages") == {1, 2, 3}

    # --replace: the database already in --data-dir is replaced, all or nothing
    assert mneme(capsys, "memory", "add", "--data-dir", chats, "--thread", "home", "--role", "user",
                 "--text", "said later")[0] == 0
    damaged = tmp_path / "damaged.db"
    data = bytearray((tmp_path / "b.db").read_bytes())
    for page in range(1, len(data) // 4096 - 4):
        data[page * 4096 + 100] ^= 0xFF
    damaged.write_bytes(bytes(data))
    code, _, err = mneme(capsys, "memory", "restore", str(damaged), "--replace", "--data-dir", chats)
    assert code != 0 and "Traceback" not in err and err.startswith("mneme: ")   # damage found during the copy:
    assert remaining(cli_env, "messages") == {1, 2, 3, 4}      # test_export.py; the old database, as it was
    code, out, _ = mneme(capsys, "memory", "restore", str(tmp_path / "b.db"), "--replace", "--data-dir", chats)
    assert code == 0 and "replaced the database" in out
    assert remaining(cli_env, "messages") == {1, 2, 3}


@pytest.fixture
def answered(chats, cli_env, capsys):
    """An assistant answer (message 4) generated with observation 50 in its memory block."""
    assert mneme(capsys, "memory", "add", "--data-dir", chats, "--thread", "work", "--role", "assistant",
                 "--text", "You live in Porto, so the meeting is close.")[0] == 0
    with Store.open(cli_env, os.environ["MNEME_PASSPHRASE"]) as store, store.transaction():
        store.execute("INSERT INTO answer_memories (answer_id, via, observation_id) VALUES (4, 'block', 50)")
    return chats


def test_forget_lists_the_answers_generated_with_the_memory_and_keeps_them(answered, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "forget", "observation:50", "--data-dir", answered)
    assert code == 0
    plan, receipt = out.split("\n\n", 1)
    assert "1 assistant answer(s) generated with it: kept" in plan and "message:4" in plan
    assert "You live in Porto" in plan
    assert "Kept 1 assistant answer(s)" in receipt
    assert remaining(cli_env, "messages") == {2, 3, 4}


def test_forget_remove_answers_flag_removes_them(answered, cli_env, capsys):
    code, out, _ = mneme(capsys, "memory", "forget", "observation:50", "--remove-answers", "--json",
                         "--data-dir", answered)
    assert code == 0
    receipt = json.loads(out)
    assert receipt["answers"] == [4] and receipt["answers_removed"] is True
    assert receipt["removed"]["messages"] == [1, 4] and receipt["verified"] is True and "Porto" not in out
    assert remaining(cli_env, "messages") == {2, 3}


def test_interactive_forget_offers_to_remove_the_answers(answered, cli_env, capsys, monkeypatch):
    replies = iter(["y", "y"])  # remove the answers too, then confirm
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: next(replies))
    code, out, _ = mneme(capsys, "memory", "forget", "observation:50", "--keep-sources", "--data-dir", answered)
    assert code == 0 and "removed too" in out and "Removed the 1 assistant answer(s)" in out
    assert remaining(cli_env, "messages") == {1, 2, 3}
