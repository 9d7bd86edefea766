"""``mneme --self-test``: the real thing end to end in a subprocess, and its reporting rules with doubles."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mneme import selftest

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^(OK  |FAIL) (?P<name>.+?)\s+(?P<seconds>\d+\.\d\d)s  (?P<detail>.*)$")


def _check_lines(output: str) -> dict[str, tuple[str, str]]:
    found = {}
    for line in output.splitlines():
        match = LINE.match(line)
        if match:
            found[match["name"].strip()] = (line[:4].strip(), match["detail"])
    return found


@pytest.mark.real_model
@pytest.mark.embedder
@pytest.mark.slow
def test_self_test_passes_and_leaves_no_trace(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MNEME_")}
    # A real data dir that must stay untouched, a HOME with nothing in it, no keyring, no network wanted.
    env.update(HOME=str(home), MNEME_DATA_DIR=str(home / "real-data"), TMPDIR=str(tmp),
               PYTHONPATH=str(ROOT), DBUS_SESSION_BUS_ADDRESS="disabled:", HF_HUB_OFFLINE="1")
    proc = subprocess.run([sys.executable, "-m", "mneme", "--self-test"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    checks = _check_lines(proc.stdout)
    assert list(checks) == [name for name, _ in selftest.CHECKS], output
    assert all(status == "OK" for status, _ in checks.values()), output
    assert "Traceback" not in output
    assert "SQLCipher" in checks["encrypted store"][1]
    assert "Lisbon" in checks["search"][1]
    assert proc.stdout.rstrip().splitlines()[-1].startswith("self-test passed")
    # Nothing written to the user's data dir, and the temporary store is gone (torch may leave its
    # own empty cache folder, torchinductor_<user>, in TMPDIR: that is not ours to remove).
    assert not (home / "real-data").exists()
    assert not [p for p in tmp.iterdir() if p.name.startswith("mneme-selftest-")]
    assert not list(tmp.rglob("mneme.db")) and not list(home.rglob("mneme.db"))


def _fake_checks(monkeypatch, checks):
    monkeypatch.setattr(selftest, "CHECKS", tuple(checks))


def test_failures_are_one_line_each_and_exit_nonzero(monkeypatch):
    def store_ok(ctx):
        ctx.store = object()
        return "fine"

    def model_broken(ctx):
        raise ModuleNotFoundError("No module named 'llama_cpp'", name="llama_cpp")

    def needs_model(ctx):
        ctx.require("model", "bundled model")
        return "unreachable"

    def wrong(ctx):
        raise selftest.CheckFailed("expected Lisbon")

    _fake_checks(monkeypatch, [("store", store_ok), ("model", model_broken), ("generate", needs_model),
                               ("search", wrong)])
    out = io.StringIO()
    assert selftest.run_self_test(out) == 1
    text = out.getvalue()
    checks = _check_lines(text)
    assert checks["store"] == ("OK", "fine")
    assert checks["model"] == ("FAIL", "not importable: module 'llama_cpp' is missing from this install")
    assert checks["generate"] == ("FAIL", "needs the bundled model check, which did not pass")
    assert checks["search"] == ("FAIL", "expected Lisbon")
    assert "Traceback" not in text
    assert text.rstrip().splitlines()[-1].startswith("self-test FAILED: 3 of 4 checks")


def test_all_passing_exits_zero_and_removes_its_directory(monkeypatch):
    seen = {}

    def touch(ctx):
        ctx.data_dir.mkdir(parents=True)
        (ctx.data_dir / "file").write_text("x")
        seen["workdir"] = ctx.workdir
        return "wrote a file"

    _fake_checks(monkeypatch, [("touch", touch)])
    out = io.StringIO()
    assert selftest.run_self_test(out) == 0
    assert "OK   touch" in out.getvalue()
    assert not seen["workdir"].exists()


def test_runtime_check_requires_offline_mode(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    with pytest.raises(selftest.CheckFailed, match="HF_HUB_OFFLINE"):
        selftest.check_runtime(selftest.SelfTestContext(Path("/nonexistent")))


def test_cli_dispatches_self_test(monkeypatch):
    from mneme import cli

    calls = []
    monkeypatch.setattr(selftest, "run_self_test", lambda: calls.append(1) or 7)
    assert cli.main(["--self-test"]) == 7
    assert calls == [1]
