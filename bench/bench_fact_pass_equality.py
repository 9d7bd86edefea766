"""The value-key index changes no fact: the lifecycle streams through main's scan and through the index.

Every lifecycle split (dev, dev_casual, dev_mixed, test; ``memory_core.evals.lifecycle``)
is replayed through the real write path and fact pass twice, in two scratch
encrypted stores: once with main's lookups (the scan of every current fact for
the facts a message may name, its SQL word for word, and the whole-slot read of
a set-valued slot: ``bench_fact_pass_scaling.lookup("before")``), once with
this branch's (the value-key index and the slot pre-filter). Two ways per split: timeline by timeline as the evaluation runs them
(the store emptied between timelines, facts read after each), and all of the
split's timelines as one stream into one store (so each message meets the
facts of every earlier timeline). Facts are compared row for row (every column
but the clock's, and the source-message links). Rules only: the background
matcher reads the facts the pass wrote and is not changed here.
Writes bench/results/fact_pass_equality.md and .json.
"""
from __future__ import annotations

import json
import secrets
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.bench_fact_pass_scaling import fact_rows, lookup

RESULTS = Path(__file__).parent / "results"


def _events(timeline: dict):
    from memory_core.clock import parse_iso

    start = parse_iso(timeline["start"])
    for event in timeline["events"]:
        yield timeline["id"], event["say"], start + timedelta(days=event["day"])


def replay(kind: str, splits, pools, scratch: Path) -> dict:
    from memory_core.evals.lifecycle import MnemeMemory, build_timelines
    from memory_core.storage.store import Store

    store = Store.create(scratch / kind, use_keyring=False, passphrase=secrets.token_hex(16))
    memory = MnemeMemory(store)
    out = {}
    try:
        with lookup(kind):
            for split in splits:
                timelines = build_timelines(pools, split)
                each = []
                for timeline in timelines:
                    memory.reset()
                    for thread, text, at in _events(timeline):
                        memory.say(thread, text, at)
                    each.append(fact_rows(store))
                memory.reset()
                for timeline in timelines:
                    for thread, text, at in _events(timeline):
                        memory.say(thread, text, at)
                out[split] = {"timelines": each, "stream": fact_rows(store),
                              "messages": sum(len(t["events"]) for t in timelines)}
    finally:
        store.close()
    return out


def main() -> None:
    from memory_core.evals.lifecycle import SPLITS, load_pools

    pools = load_pools()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-bench-equality-") as scratch:
        before = replay("before", SPLITS, pools, Path(scratch))
        after = replay("after", SPLITS, pools, Path(scratch))
    rows = []
    for split in SPLITS:
        b, a = before[split], after[split]
        rows.append({"split": split, "timelines": len(b["timelines"]), "messages": b["messages"],
                     "timelines_equal": sum(x == y for x, y in zip(b["timelines"], a["timelines"])),
                     "facts_in_timelines": sum(len(t) for t in a["timelines"]),
                     "stream_equal": b["stream"] == a["stream"], "stream_rows": len(a["stream"])})
    figures = {"rows": rows, "seconds": round(time.perf_counter() - began, 1)}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "fact_pass_equality.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = ["# Fact pass: main's scans vs the value-key index and slot pre-filter, facts compared row for row", "",
             "| split | timelines | messages | timelines with equal facts | fact and link rows compared "
             "| one stream: equal | its rows |", "|---|---:|---:|---:|---:|---|---:|"]
    lines += [f"| {r['split']} | {r['timelines']} | {r['messages']} | {r['timelines_equal']} / {r['timelines']} | "
              f"{r['facts_in_timelines']} | {r['stream_equal']} | {r['stream_rows']} |" for r in rows]
    lines += ["", "Each split replayed through `ingest_message` + `run_fact_pass` (rules only), once with main's "
              "lookups (scan of every current fact; whole set-valued slot read) and once with this branch's (value-key "
              "index; slot pre-filter), in two stores: timeline by timeline as the lifecycle evaluation "
              "runs them, then all of the split's timelines as one stream into one store. Rows: every fact "
              "column but the clock's (id, subject, predicate, value, text, category, salience, origin, "
              "validity, retired or not, supersedes, depends_on, thread) and the fact-message links. "
              f"Ran in {figures['seconds']} s.", ""]
    (RESULTS / "fact_pass_equality.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
