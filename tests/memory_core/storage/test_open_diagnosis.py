"""Open-time diagnosis: each way a store can fail to open has its own message and exit code, never a traceback,
and none of them is ever called "damaged" unless it is."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.errors import (CorruptDatabase, IncompleteSetup, KeyMissing, NewerSchemaError, ReadOnlyStore,
                                WrongKeyError)
from memory_core.storage.keys import HEADER_NAME
from memory_core.storage.schema import LATEST_VERSION
from memory_core.storage.store import DB_NAME, Store
from tests.conftest import TEST_PASSPHRASE

REPO = Path(__file__).resolve().parents[3]


def mneme(data_dir: Path, *args: str, passphrase: str | None = TEST_PASSPHRASE, prefix: tuple[str, ...] = (),
          stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1"}
    env.pop("MNEME_PASSPHRASE", None)
    if passphrase is not None:
        env["MNEME_PASSPHRASE"] = passphrase
    return subprocess.run([*prefix, sys.executable, "-m", "mneme", "--data-dir", str(data_dir), *args],
                          capture_output=True, env=env, timeout=120, input=stdin)


def add(data_dir: Path, text: str = "hello", **kwargs) -> subprocess.CompletedProcess:
    return mneme(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", text, **kwargs)


def assert_message(done: subprocess.CompletedProcess, code: int, *words: str) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == code, err
    assert "Traceback" not in err and "ERROR CORE" not in err, err
    for word in words:
        assert word in err, err
    return err


def make_store(data_dir: Path, messages: int = 30) -> None:
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        for number in range(messages):
            store.add_message(f"t{number % 3}", "user", f"message {number} " + "words to fill pages " * 40)
        store.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-U", "true"], capture_output=True).returncode == 0


def test_read_only_folder_is_not_called_damaged(data_dir):
    make_store(data_dir)
    data_dir.chmod(0o555)
    try:
        if os.geteuid() == 0:
            if not _unshare_works():
                pytest.skip("root ignores permissions and no user namespace is available to drop that")
            prefix = ("unshare", "-U")  # root without CAP_DAC_OVERRIDE over its own files: permissions apply
        else:
            prefix = ()
        done = add(data_dir, prefix=prefix)
        err = assert_message(done, ReadOnlyStore.exit_code, "read-only", "not damaged")
        assert "restore it from a backup" not in err
    finally:
        data_dir.chmod(0o700)


def test_read_only_database_file_in_process(data_dir, monkeypatch):
    make_store(data_dir)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == data_dir / DB_NAME and mode == os.W_OK
                        else real_access(path, mode))
    with pytest.raises(ReadOnlyStore, match="not damaged"):
        Store.open(data_dir, TEST_PASSPHRASE)


def test_empty_database_file_has_its_own_message(data_dir):
    make_store(data_dir)
    (data_dir / DB_NAME).write_bytes(b"")
    assert_message(add(data_dir), IncompleteSetup.exit_code, "empty (0 bytes)")


def test_a_100_byte_file_prints_no_sqlcipher_log_lines(data_dir):
    make_store(data_dir)
    (data_dir / DB_NAME).write_bytes(os.urandom(100))
    assert_message(add(data_dir), CorruptDatabase.exit_code, "truncated or damaged")


def _flip_a_bit_in_a_middle_page(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    pages = len(raw) // 4096
    raw[4096 * (pages // 2) + 200] ^= 0x10
    path.write_bytes(bytes(raw))


def test_flipped_bit_in_a_page_is_damage_with_a_message_and_doctor_finds_it(data_dir):
    make_store(data_dir, messages=60)
    _flip_a_bit_in_a_middle_page(data_dir / DB_NAME)
    add_done = add(data_dir, "a new message about tea")
    search_done = mneme(data_dir, "memory", "search", "message", "--no-embedder")
    for done in (add_done, search_done):
        if done.returncode != 0:  # a write or read that meets the page: a message, exit 7
            assert_message(done, CorruptDatabase.exit_code, "damaged", "doctor --check")
    check = mneme(data_dir, "doctor", "--check")
    out = check.stdout.decode()
    assert check.returncode == CorruptDatabase.exit_code, out + check.stderr.decode()
    assert "FAIL  cipher_integrity_check" in out and "HMAC" in out and "restore" in out


def test_doctor_check_passes_a_healthy_store(data_dir):
    make_store(data_dir)
    check = mneme(data_dir, "doctor", "--check")
    assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
    assert "FAIL" not in check.stdout.decode()


def test_every_open_failure_has_its_own_exit_code(tmp_path):
    """read-only, damaged page, wrong key, missing key, interrupted first run, newer schema."""
    codes = {ReadOnlyStore.exit_code, CorruptDatabase.exit_code, WrongKeyError.exit_code, KeyMissing.exit_code,
             IncompleteSetup.exit_code, NewerSchemaError.exit_code}
    assert len(codes) == 6 and 0 not in codes and 1 not in codes and 2 not in codes

    wrong = tmp_path / "wrong"
    make_store(wrong, 1)
    assert_message(add(wrong, passphrase="not the passphrase at all"), WrongKeyError.exit_code, "wrong passphrase")

    missing = tmp_path / "missing"
    make_store(missing, 1)
    assert_message(add(missing, passphrase=None), KeyMissing.exit_code, "MNEME_PASSPHRASE")
    (missing / HEADER_NAME).unlink()
    assert_message(add(missing), KeyMissing.exit_code, "no key header")

    interrupted = tmp_path / "interrupted"
    make_store(interrupted, 1)
    (interrupted / DB_NAME).unlink()  # what an older Mneme's interrupted first run left
    assert_message(add(interrupted), IncompleteSetup.exit_code, "first run")

    newer = tmp_path / "newer"
    make_store(newer, 1)
    with Store.open(newer, TEST_PASSPHRASE) as store:
        store.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    assert_message(add(newer), NewerSchemaError.exit_code, "update Mneme")


def test_files_are_owner_only(data_dir):
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        store.add_message("t", "user", "hello")
        for name in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm", HEADER_NAME):
            mode = stat.S_IMODE((data_dir / name).stat().st_mode)
            assert mode == 0o600, f"{name} is {oct(mode)}"


def test_an_older_stores_0644_files_become_owner_only(data_dir):
    make_store(data_dir, 1)
    (data_dir / DB_NAME).chmod(0o644)
    Store.open(data_dir, TEST_PASSPHRASE).close()
    assert stat.S_IMODE((data_dir / DB_NAME).stat().st_mode) == 0o600


def test_an_existing_data_dir_keeps_its_mode(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    with pytest.raises(Exception):
        Store.create(shared, use_keyring=False, passphrase="short")  # a first run that fails
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777
    Store.create(shared, use_keyring=False, passphrase=TEST_PASSPHRASE).close()
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777, "the sticky bit and the mode must stay"


def test_a_folder_mneme_creates_is_owner_only(tmp_path):
    target = tmp_path / "new" / "data"
    Store.create(target, use_keyring=False, passphrase=TEST_PASSPHRASE).close()
    assert stat.S_IMODE(target.stat().st_mode) == 0o700
