"""The ``mneme`` command's foundation: doctor, memory add, unlocking from the environment."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys

from mneme.cli import main
from memory_core.storage.store import DB_NAME, Store
from tests.conftest import TEST_PASSPHRASE


def test_doctor_reports_in_plain_words(cli_env, capsys):
    assert main(["doctor", "--data-dir", str(cli_env)]) == 0
    out = capsys.readouterr().out
    assert "Keyring:" in out and "SQLCipher 4." in out and str(cli_env) in out
    assert not (cli_env / DB_NAME).exists(), "doctor must never create a database"


def test_doctor_json(cli_env, capsys):
    assert main(["doctor", "--json", "--data-dir", str(cli_env)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["encryption"]["cipher_version"].startswith("4.")
    assert set(report) >= {"keyring", "data_dir", "models", "llama_cpp", "embedder"}


def test_memory_add_creates_and_stores(cli_env, capsys):
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t1", "--role", "user",
                 "--text", "I live in Porto", "--at", "2026-03-01T10:00:00Z"]) == 0
    with Store.open(cli_env, TEST_PASSPHRASE) as store:
        [message] = store.messages("t1")
    assert message.text == "I live in Porto" and message.created_at == "2026-03-01T10:00:00+00:00"


def test_bad_date_is_a_clear_error(cli_env, capsys):
    code = main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user",
                 "--text", "hi", "--at", "next blursday"])
    assert code == 2
    assert "cannot parse date" in capsys.readouterr().err


def test_wrong_passphrase_exits_nonzero_with_one_line(cli_env, monkeypatch, capsys):
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user", "--text", "x"]) == 0
    before = hashlib.sha256((cli_env / DB_NAME).read_bytes()).hexdigest()
    monkeypatch.setenv("MNEME_PASSPHRASE", "definitely wrong")
    code = main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user", "--text", "y"])
    err = capsys.readouterr().err.strip()
    assert code != 0 and len(err.splitlines()) == 1 and "wrong passphrase" in err
    assert hashlib.sha256((cli_env / DB_NAME).read_bytes()).hexdigest() == before


def test_entry_point_runs_as_a_process(cli_env):
    done = subprocess.run([sys.executable, "-m", "mneme", "doctor", "--data-dir", str(cli_env)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Encryption:" in done.stdout


def test_data_dir_before_or_after_the_subcommand(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MNEME_PASSPHRASE", TEST_PASSPHRASE)
    before, after = tmp_path / "before", tmp_path / "after"
    assert main(["--data-dir", str(before), "memory", "add", "--thread", "t", "--role", "user", "--text", "a"]) == 0
    assert main(["memory", "add", "--data-dir", str(after), "--thread", "t", "--role", "user", "--text", "b"]) == 0
    assert (before / DB_NAME).exists() and (after / DB_NAME).exists()
