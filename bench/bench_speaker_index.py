"""The speaker index between chat turns: a full read of the messages against bringing it up to date.

Recall keeps an index of who talks where (``memory_core/recall/speakers.py``): the names a question may
say ("What did Maya cook?") and the threads each speaker talks in. Every search asks for it. It used to be
read again from all messages whenever the newest message id changed, that is after every chat turn; now
the new rows are added to it, and it is read whole only after an audit event (a forget) or a take-back.

This builds a store of ``MNEME_BENCH_SPEAKER_MESSAGES`` (100,000) imported-style messages with speaker
names (40 people over 200 threads) and, 30 times each, times:

* **full read** (what every turn after a new message cost before): the cache dropped, a new connection,
  the database files evicted from the OS page cache (cold);
* **one new message** (what it costs now): one message stored, then the index asked for, cold likewise
  (a new connection and the files evicted before the call).

Writes bench/results/speaker_index.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.search_worker import drop_from_os_cache
from bench.stats import LATENCY_HEADER, latency, latency_row
from memory_core.recall import speakers
from memory_core.storage.store import Store

RESULTS = Path(__file__).parent / "results"
MESSAGES = int(os.environ.get("MNEME_BENCH_SPEAKER_MESSAGES", "100000"))
RUNS = 30
PASSPHRASE = "mneme-bench-speakers"
PEOPLE = [f"{first} {last}" for first, last in zip(
    "Maya Omar Ines Noor Tomas Lena Ravi Ada Kofi Sven Aiko Lucia Milo Zara Hugo Priya Ivan Nadia Emil Rosa "
    "Caleb Yara Felix Mina Joao Elif Arjun Sofia Theo Amara Luca Hana Diego Freya Kenji Leila Marco Nia Otto Vera"
    .split(), "Lopez Haddad Costa Rahman Novak Berg Iyer Okafor Lind Mori Reyes Stone Khan Weber Patel Petrov "
    "Aziz Holm Silva Duarte Cole Nasser Brandt Cho Souza Yilmaz Rao Greco Vance Obi Rossi Sato Cruz Hale "
    "Tanaka Farah Bruno Adeyemi Klein Moreau".split())]


def build(data_dir: Path) -> None:
    store = Store.create(data_dir, use_keyring=False, passphrase=PASSPHRASE)
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    with store.transaction():
        for n in range(MESSAGES):
            thread = f"conversation-{n % 200}"
            speaker = PEOPLE[(n % 200) % len(PEOPLE)] if n % 2 else PEOPLE[((n % 200) + 1) % len(PEOPLE)]
            store.insert_message(thread, "user", f"message {n} about the week", speaker=speaker,
                                 at=start + timedelta(minutes=n))
    store.close()


def _cold_store(data_dir: Path) -> Store:
    drop_from_os_cache(data_dir)
    return Store.open(data_dir, passphrase=PASSPHRASE)


def main() -> dict:
    with tempfile.TemporaryDirectory(prefix="mneme-speakers-") as tmp:
        data_dir = Path(tmp) / "data"
        began = time.perf_counter()
        build(data_dir)
        build_s = time.perf_counter() - began
        full, incremental = [], []
        for run in range(RUNS):
            speakers._SPEAKERS.clear()
            store = _cold_store(data_dir)
            started = time.perf_counter()
            speakers._speaker_index(store)
            full.append((time.perf_counter() - started) * 1000)
            store.close()
            writer = Store.open(data_dir, passphrase=PASSPHRASE)
            with writer.transaction():
                writer.insert_message("conversation-new", "user", f"one more message {run}", speaker=PEOPLE[run])
            writer.close()
            store = _cold_store(data_dir)
            started = time.perf_counter()
            names, _ = speakers._speaker_index(store)
            incremental.append((time.perf_counter() - started) * 1000)
            assert PEOPLE[run].split()[0].lower() in names
            store.close()
    data = {"messages": MESSAGES, "runs": RUNS, "build_s": round(build_s, 1), "full_read": latency(full, (90, 95)),
            "one_new_message": latency(incremental, (90, 95)), "machine": platform.machine(), "cpus": os.cpu_count(),
            "load_end": os.getloadavg()}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "speaker_index.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lines = ["# Speaker index between chat turns, cold", "",
             f"{MESSAGES:,} messages with speaker names (40 people, 200 threads), built in {build_s:.0f} s. Cold: a new "
             "SQLCipher connection and the database files evicted from the OS page cache before each call.", "",
             LATENCY_HEADER[0].format(what="what the next search pays"), LATENCY_HEADER[1],
             latency_row("full read of the messages (before: after every new message)", data["full_read"]),
             latency_row("one new message added to the kept index (now)", data["one_new_message"]), "",
             f"Machine: {platform.machine()}, {os.cpu_count()} CPUs (shared). Load average at end: "
             + ", ".join(f"{x:.1f}" for x in os.getloadavg()) + ".",
             "Not measured: the first search of a process, which still reads everything once (the full-read row)."]
    (RESULTS / "speaker_index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return data


if __name__ == "__main__":
    main()
