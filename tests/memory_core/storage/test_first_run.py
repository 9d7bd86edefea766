"""First run is all or nothing: a crash leaves nothing or a store that opens, and leftovers are cleaned safely."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from memory_core.storage import first_run
from memory_core.storage.keys import HEADER_NAME
from memory_core.storage.store import DB_NAME, Store
from tests.conftest import TEST_PASSPHRASE

REPO = Path(__file__).resolve().parents[3]


def _staged(data_dir: Path, *, ready: bool, moved_header: bool = False) -> Path:
    """Make what a crashed first run leaves: a staging folder with a whole store inside."""
    staging = data_dir / f"{first_run.STAGING_PREFIX}crashed"
    Store.create(staging, use_keyring=False, passphrase=TEST_PASSPHRASE).close()
    for leftover in staging.glob(first_run.STAGING_PREFIX + "*"):
        leftover.rmdir()
    (staging / first_run.LOCK_NAME).unlink()
    if ready:
        import json

        (staging / first_run.READY_NAME).write_text(json.loads((staging / HEADER_NAME).read_text())["db_id"])
    if moved_header:
        os.replace(staging / HEADER_NAME, data_dir / HEADER_NAME)
    return staging


def test_crash_before_the_store_was_whole_leaves_nothing_behind(data_dir):
    data_dir.mkdir()
    staging = _staged(data_dir, ready=False)
    assert not Store.exists(data_dir), "an unfinished first run is not a store"
    assert not staging.exists()
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        assert store.counts()["messages"] == 0


def test_crash_between_the_two_moves_is_finished_on_next_open(data_dir):
    data_dir.mkdir()
    staging = _staged(data_dir, ready=True, moved_header=True)
    assert not (data_dir / DB_NAME).exists()
    with Store.open(data_dir, TEST_PASSPHRASE) as store:
        assert store.counts()["messages"] == 0
    assert not staging.exists() and (data_dir / DB_NAME).exists()


def test_a_leftover_never_touches_a_healthy_store(data_dir):
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        store.add_message("t", "user", "keep me")
    before = (data_dir / DB_NAME).read_bytes(), (data_dir / HEADER_NAME).read_bytes()
    staging = _staged(data_dir, ready=True)  # a complete other store whose move never happened
    with Store.open(data_dir, TEST_PASSPHRASE) as store:
        assert [m.text for m in store.messages("t")] == ["keep me"]
    assert not staging.exists()
    assert (data_dir / HEADER_NAME).read_bytes() == before[1]


#: The CLI with the tests' cheap scrypt cost (the code path is the same; the kill windows are what matter).
CHEAP_KDF_MAIN = ("import sys; import memory_core.storage.keys as keys; keys.SCRYPT_N = 2**12; "
                  "from mneme.cli import main; sys.exit(main(sys.argv[1:]))")


def _first_run(data_dir: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MNEME_PASSPHRASE": TEST_PASSPHRASE, "HF_HUB_OFFLINE": "1"}
    return subprocess.Popen([sys.executable, "-c", CHEAP_KDF_MAIN,
                             "--data-dir", str(data_dir), "memory", "add", "--thread", "t", "--role", "user",
                             "--text", "first"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_kill_9_at_random_moments_of_a_first_run_always_leaves_a_store_that_opens(tmp_path):
    """6 first runs killed at random moments: every data dir then works (nothing, or a whole store)."""
    rng = random.Random(16)
    probe = _first_run(tmp_path / "timing")
    started = time.monotonic()
    probe.wait(timeout=120)
    full = time.monotonic() - started
    for attempt in range(6):
        data_dir = tmp_path / f"run{attempt}"
        process = _first_run(data_dir)
        time.sleep(rng.uniform(0.05, full))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        again = _first_run(data_dir)
        assert again.wait(timeout=120) == 0, again.stderr.read().decode()
        assert not first_run.staging_folders(data_dir)
        with Store.open(data_dir, TEST_PASSPHRASE) as store:
            assert "first" in [m.text for m in store.messages("t")]
