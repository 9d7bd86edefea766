"""The bounded crash test: a writer process killed with SIGKILL at random moments, 20 times.

Every message the writer acknowledged (printed after its commit returned) must be there afterwards, and the
database must pass ``integrity_check`` and ``cipher_integrity_check``.
"""
from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from memory_core.storage.store import Store
from tests.conftest import TEST_PASSPHRASE

REPO = Path(__file__).resolve().parents[3]
KILLS = 20

WRITER = """
import sys
from memory_core.ingest import ingest_message
from memory_core.storage.store import Store
store = Store.open(sys.argv[1], sys.argv[2])
round_ = sys.argv[3]
number = 0
while True:
    text = f"round {round_} message {number}: I like green tea and I live in Porto {number}"
    result = ingest_message(store, f"thread-{number % 4}", "user", text)
    print(result.message.id, flush=True)  # acknowledged: the commit returned
    number += 1
"""


def _acks_until_killed(process: subprocess.Popen, kill_at: float) -> list[int]:
    """Kill ``kill_at`` seconds after the first acknowledgement (so the kill lands mid-stream of writes)."""
    acks: list[int] = []
    buffer = b""
    fd = process.stdout.fileno()
    deadline = time.monotonic() + 120
    while True:
        if b"\n" in buffer and deadline - time.monotonic() > kill_at:
            deadline = time.monotonic() + kill_at  # first ack seen: the writer is writing now
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buffer += chunk
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    buffer += process.stdout.read()
    lines = buffer.split(b"\n")
    for line in lines[:-1]:  # a line without its newline was cut by the kill: not acknowledged
        acks.append(int(line))
    return acks


def test_kill_9_of_a_writer_at_random_moments_loses_no_acknowledged_message(data_dir):
    Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE).close()
    rng = random.Random(1616)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    acknowledged: set[int] = set()
    kills_mid_write = 0
    started = time.monotonic()
    for round_ in range(KILLS):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir), TEST_PASSPHRASE, str(round_)],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        acks = _acks_until_killed(writer, rng.uniform(0.0, 0.5))
        kills_mid_write += bool(acks)
        acknowledged.update(acks)
    with Store.open(data_dir, TEST_PASSPHRASE) as store:
        stored = {row[0] for row in store.execute("SELECT id FROM messages").fetchall()}
        assert store.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store.execute("PRAGMA cipher_integrity_check").fetchall() == []
        store.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")
    lost = acknowledged - stored
    print(f"{KILLS} kills ({kills_mid_write} while writing), {len(acknowledged)} acknowledged, "
          f"{len(stored)} stored, {len(lost)} lost, {time.monotonic() - started:.1f} s")
    assert not lost, f"acknowledged but missing: {sorted(lost)[:10]}"
    assert kills_mid_write == KILLS, "every kill must land while the writer is writing"
