"""The value-key index changes no fact: the lifecycle streams through main's scan and through the index.

Every lifecycle split (dev, dev_casual, dev_mixed, test; ``memory_core.evals.lifecycle``)
and our own DEV/TEST fact-timeline sets (``bench/data/fact_timelines_{dev,test}.json``)
are replayed through the real write path and fact pass twice, in two scratch
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


DATA = Path(__file__).parent / "data"
#: Our own DEV/TEST fact-timeline sets (bench/data, written by hand in the independent check's style).
TIMELINE_SETS = ("fact_timelines_dev", "fact_timelines_test")


def _set_events(timeline: dict):
    """A fact-timeline set's timeline: its statement, then what is said later."""
    from memory_core.clock import parse_iso

    yield timeline["id"], timeline["statement"], parse_iso(timeline["d1"])
    yield timeline["id"], timeline["later"], parse_iso(timeline["d2"])


def streams(pools) -> dict[str, tuple[list, object]]:
    """Each split or set: its timelines and how to turn one into (thread, text, at) events."""
    from memory_core.evals.lifecycle import SPLITS, build_timelines

    out = {split: (build_timelines(pools, split), _events) for split in SPLITS}
    for name in TIMELINE_SETS:
        if (DATA / f"{name}.json").is_file():
            out[name] = (json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["timelines"], _set_events)
    return out


def replay(kind: str, pools, scratch: Path) -> dict:
    from memory_core.evals.lifecycle import MnemeMemory
    from memory_core.storage.store import Store

    store = Store.create(scratch / kind, use_keyring=False, passphrase=secrets.token_hex(16))
    memory = MnemeMemory(store)
    out = {}
    try:
        with lookup(kind):
            for split, (timelines, events) in streams(pools).items():
                each, said = [], 0
                for timeline in timelines:
                    memory.reset()
                    for thread, text, at in events(timeline):
                        memory.say(thread, text, at)
                        said += 1
                    each.append(fact_rows(store))
                memory.reset()
                for timeline in timelines:
                    for thread, text, at in events(timeline):
                        memory.say(thread, text, at)
                out[split] = {"timelines": each, "stream": fact_rows(store), "messages": said}
    finally:
        store.close()
    return out


def main() -> None:
    from memory_core.evals.lifecycle import load_pools

    pools = load_pools()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-bench-equality-") as scratch:
        before = replay("before", pools, Path(scratch))
        after = replay("after", pools, Path(scratch))
    rows = []
    for split in before:
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
    lines += ["", "Splits: the lifecycle evaluation's four, then our own DEV/TEST fact-timeline sets "
              "(bench/data/fact_timelines_{dev,test}.json: each timeline's statement at d1, what is said later at d2). "
              "Each replayed through `ingest_message` + `run_fact_pass` (rules only), once with main's "
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
