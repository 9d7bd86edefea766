"""A large forget beside other writers (issue 16, case 2): how long do they wait, does any fail?

Two runs in one process, the same store shape and the same writers:

* **batched** (this fix): the forget records its plan, then deletes in short
  transactions with a pause after each (memory_core/storage/deletions.py);
* **one transaction** (the baseline = how forget worked before): the same code
  with one batch holding every row and no pause.

Each run seeds MESSAGES messages that match the forgotten word, starts WRITERS
processes that each store a message every 20 ms through ``Store.add_message``
(busy timeout 30 s, as the CLI), and forgets them all with ``forget_about``.
Writes bench/results/forget_concurrency.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stats import percentile  # noqa: E402
from memory_core.forgetting.forget import forget_about  # noqa: E402
from memory_core.storage import deletions, keys  # noqa: E402
from memory_core.storage.store import Store  # noqa: E402

RESULTS = Path(__file__).parent / "results"
REPO = Path(__file__).resolve().parents[1]
#: ``MNEME_BENCH_MESSAGES`` changes the size (issue 16's was 111,736); a size other than the default writes
#: forget_concurrency_<size>.md/.json beside the default table. ``MNEME_BENCH_MODES`` picks the runs.
MESSAGES = int(os.environ.get("MNEME_BENCH_MESSAGES", "12000"))
MODES = tuple(m.strip() for m in os.environ.get("MNEME_BENCH_MODES", "batched,one transaction").split(","))
WRITERS = 4
PASSPHRASE = "benchmark passphrase"

WRITER = """
import json, sys, time
import memory_core.storage.keys as keys
from memory_core.storage.store import Store
store = Store.open(sys.argv[1], sys.argv[2])
waits, failures, number = [], 0, 0
print("ready", flush=True)
stop_file = sys.argv[3]
import os
while not os.path.exists(stop_file):
    started = time.monotonic()
    try:
        store.add_message("writer", "user", f"written meanwhile {number}")
    except Exception:
        failures += 1
    waits.append(time.monotonic() - started)
    number += 1
    time.sleep(0.02)
store.close()
print(json.dumps({"waits": waits, "failures": failures}), flush=True)
"""


def run(mode: str, scratch: Path) -> dict:
    data_dir = scratch / mode
    store = Store.create(data_dir, use_keyring=False, passphrase=PASSPHRASE)
    with store.transaction():
        for number in range(MESSAGES):
            store.insert_message(f"t{number % 20}", "user", f"note {number} about the zebrafinch and the weather")
    saved = (deletions.FIRST_BATCH, deletions.MAX_BATCH, deletions.PAUSE_S)
    if mode == "one transaction":
        deletions.FIRST_BATCH = deletions.MAX_BATCH = 10 * MESSAGES
        deletions.PAUSE_S = 0.0
    longest = [0.0]
    real = deletions.write_transaction

    class Timed:
        def __init__(self, db):
            self.inner = real(db)

        def __enter__(self):
            self.started = time.perf_counter()
            return self.inner.__enter__()

        def __exit__(self, *exc):
            result = self.inner.__exit__(*exc)
            longest[0] = max(longest[0], time.perf_counter() - self.started)
            return result

    deletions.write_transaction = Timed
    stop_file = scratch / f"stop-{mode.replace(' ', '-')}"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir), PASSPHRASE, str(stop_file)], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=scratch)
               for _ in range(WRITERS)]
    try:
        for writer in writers:
            assert writer.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        started = time.perf_counter()
        receipt = forget_about(store, "zebrafinch")
        forget_s = time.perf_counter() - started
        time.sleep(0.5)
    finally:
        stop_file.write_text("stop")
        deletions.write_transaction = real
        deletions.FIRST_BATCH, deletions.MAX_BATCH, deletions.PAUSE_S = saved
    waits, failures = [], 0
    for writer in writers:
        out, _ = writer.communicate(timeout=600)
        data = json.loads(out.strip().splitlines()[-1])
        waits += data["waits"]
        failures += data["failures"]
    store.close()
    return {"mode": mode, "messages_forgotten": receipt.counts["messages"], "verified": receipt.verified,
            "forget_s": round(forget_s, 2), "longest_transaction_s": round(longest[0], 3), "writes": len(waits),
            "failed_writes": failures, "wait_mean_s": round(statistics.mean(waits), 3),
            "wait_median_s": round(statistics.median(waits), 3), "wait_p90_s": round(percentile(waits, 90), 3),
            "wait_max_s": round(max(waits), 3)}


def main() -> None:
    keys.SCRYPT_N = 2**12
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="mneme-forget-concurrency-") as scratch:
        rows = [run(mode, Path(scratch)) for mode in MODES]
    load_end = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    name = "forget_concurrency" if MESSAGES == 12_000 else f"forget_concurrency_{MESSAGES}"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps({"rows": rows, "writers": WRITERS, "messages": MESSAGES, "load_start": load_start, "load_end": load_end}, indent=2) + "\n")
    lines = ["# A large forget beside concurrent writers (issue 16, case 2)", "",
             "| forget | messages forgotten | forget s | longest write transaction s | writes meanwhile | failed writes "
             "| writer wait mean s | median s | p90 s | max s |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['mode']} | {r['messages_forgotten']:,} | {r['forget_s']} | {r['longest_transaction_s']} | "
                     f"{r['writes']} | {r['failed_writes']} | {r['wait_mean_s']} | {r['wait_median_s']} | "
                     f"{r['wait_p90_s']} | {r['wait_max_s']} |")
    lines += ["", f"What ran: `forget_about` on a real SQLCipher store holding {MESSAGES:,} matching messages, while "
              f"{WRITERS} other processes each stored a message every 20 ms with `Store.add_message` (busy timeout "
              "30 s). \"one transaction\" is the same code with a single batch and no pause, i.e. how forget worked "
              "before. A writer's wait includes its own write (~1-5 ms). Machine: "
              f"{platform.machine()}, Python {platform.python_version()}, 2 cores shared with other jobs. Not measured: "
              "111k-message forgets (the issue's size), the desktop app's own writers."]
    if MESSAGES != 12_000:
        lines[-1] = lines[-1].replace("Not measured: 111k-message forgets (the issue's size), the",
                                      f"Load average {load_start} at the start, {load_end} at the end; "
                                      f"{datetime.now().strftime('%Y-%m-%d %H:%M')}. Not measured: the")
    (RESULTS / f"{name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
