"""Bad command-line input gets a message and exit 2, never a traceback; text can stay out of ``ps``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.storage.store import Store
from mneme.cli import main
from tests.conftest import TEST_PASSPHRASE

REPO = Path(__file__).resolve().parents[2]


def run_bytes(data_dir: Path, *args: bytes | str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MNEME_PASSPHRASE": TEST_PASSPHRASE, "HF_HUB_OFFLINE": "1"}
    argv = [os.fsencode(sys.executable), b"-m", b"mneme", b"--data-dir", os.fsencode(data_dir),
            *[a if isinstance(a, bytes) else a.encode() for a in args]]
    return subprocess.run(argv, capture_output=True, env=env, timeout=120, input=stdin)


@pytest.mark.parametrize("option", [b"--text", b"--thread"])
def test_invalid_utf8_in_an_argument_is_a_message(data_dir, option):
    args = {b"--text": b"caf\xe9 latte", b"--thread": b"t"}
    args[option] = b"bad \xff\xfe bytes"
    done = run_bytes(data_dir, b"memory", b"add", b"--role", b"user", *[x for pair in args.items() for x in pair])
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "Traceback" not in err, err
    assert option.decode() in err and "UTF-8" in err


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_dates_at_the_edge_of_the_calendar_are_a_message(cli_env, capsys, value):
    code = main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user", "--text", "x",
                 "--at", value])
    assert code == 2 and "out of range" in capsys.readouterr().err
    for command in (["memory", "search", "x", "--no-embedder", "--as-of", value], ["memory", "facts", "--as-of", value]):
        code = main([*command, "--data-dir", str(cli_env)])
        err = capsys.readouterr().err
        assert code == 2 and "out of range" in err, err


def test_text_from_standard_input_stays_out_of_the_command_line(data_dir):
    secret = "my bank PIN is 4921 (do not show this in ps)"
    done = run_bytes(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", "-",
                     stdin=secret.encode())
    assert done.returncode == 0, done.stderr.decode()
    piped = run_bytes(data_dir, "memory", "add", "--thread", "t", "--role", "user", stdin="piped in".encode())
    assert piped.returncode == 0, piped.stderr.decode()
    with Store.open(data_dir, TEST_PASSPHRASE) as store:
        assert [m.text for m in store.messages("t")] == [secret, "piped in"]


def test_text_from_a_file(cli_env, tmp_path, capsys):
    note = tmp_path / "note.txt"
    note.write_text("from a file, with ünïcode\n", encoding="utf-8")
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user",
                 "--file", str(note)]) == 0
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe not utf-8")
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user",
                 "--file", str(bad)]) == 2
    assert "not valid UTF-8" in capsys.readouterr().err
    assert main(["memory", "add", "--data-dir", str(cli_env), "--thread", "t", "--role", "user",
                 "--file", str(tmp_path / "missing.txt")]) == 2


def test_invalid_utf8_on_standard_input_is_a_message(data_dir):
    done = run_bytes(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", "-", stdin=b"\xff\xfe")
    assert done.returncode == 2 and "not valid UTF-8" in done.stderr.decode()
