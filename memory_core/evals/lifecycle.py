"""Lifecycle evaluation: memory as a read replica of a changing truth (seed 004).

The timelines are generated from phrasing pools (``data/lifecycle_pools.json``)
that were written before the extractor was tuned and are never edited after
looking at its output. Each attribute kind (a pet's name, a gym, a bank...)
has a pool of statement phrasings and a pool of change phrasings (a new value,
a correction, a cancellation), in two voices: **dev** (plain sentences, the
only ones looked at while building the extractor) and **test** (casual chat,
written as a separate pass). A third block, **dev_casual**, is a second dev voice
(casual chat, written by a later session before its own extractor changes, and looked
at while tuning). Six kinds exist only in test, so the test split
holds out whole attribute kinds as well as phrasings.

A timeline states a primary fact, states an unrelated companion fact, then
changes the primary one months later. After every message the *current facts*
(what ``mneme memory facts`` prints) are read and scored by value, so the
evaluation does not care which predicate name the extractor picked:

* **coverage**: currently true values present among current facts;
* **consistency**: current facts holding a slot's value that agree with the truth now;
* **contamination**: reads where a value that stopped being true is still current;
* **freshness**: current, true facts still within their category's staleness window;
* **controlled forgetting**: values that stopped being true and were retired by the next message;
* **as-of accuracy** (bi-temporal): afterwards, ``as_of`` each past message reads as the truth was then;
* **spurious**: facts whose value matches no value of the timeline (over-extraction, lower is better).

A naive baseline runs on the same timelines: last write wins on the noun
phrase after "my" ("my gym is X" -> slot "gym"), nothing else.
"""
from __future__ import annotations

import json
import re
import secrets
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Protocol

from memory_core.clock import parse_iso, to_iso
from memory_core.facts import ledger as factsmod
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.parse_tokens import DependencyParser
from memory_core.facts.semantic import DONE_SETTING, AttributeMatcher, run_semantic_pass
from memory_core.ingest import ingest_message
from memory_core.llm import Embedder
from memory_core.storage.store import Store

SPLITS = ("dev", "dev_casual", "dev_mixed", "test")
METRICS = ("freshness", "consistency", "coverage", "controlled_forgetting", "contamination", "as_of_accuracy",
           "spurious")
START = datetime.fromisoformat("2025-01-06T09:00:00+00:00")


# -- the timelines ------------------------------------------------------------------------
def load_pools(path: Path | None = None) -> dict[str, Any]:
    if path is not None:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    text = resources.files("memory_core").joinpath("data/lifecycle_pools.json").read_text(encoding="utf-8")
    return json.loads(text)


def build_timelines(pools: dict[str, Any], split: str) -> list[dict[str, Any]]:
    """Deterministic timelines for one split: every phrasing of the split's pools is used.

    Dev and test share no phrasing; kinds marked ``split: test`` appear in test only. ``dev_casual`` is a
    second dev voice (casual chat) written later for tuning; pools without it simply yield no timelines.
    """
    kinds = [k for k in pools["kinds"] if k.get(split, {}).get("state")]
    timelines: list[dict[str, Any]] = []
    for k_index, kind in enumerate(kinds):
        states, changes = kind[split]["state"], kind[split]["change"]
        count = 6 if kind["split"] == "test" else 4
        for t in range(count):
            values = kind["values"]
            old, new = values[t % len(values)], values[(t + 2) % len(values)]
            companion = kinds[(k_index + 7 + 3 * t) % len(kinds)]
            if companion["id"] == kind["id"]:
                companion = kinds[(k_index + 1) % len(kinds)]
            c_value = companion["values"][(t + 3) % len(companion["values"])]
            change_kind, _, change_text = changes[(t + t // len(changes)) % len(changes)].partition("|")
            events = [
                {"day": 0, "say": states[t % len(states)].format(v=old), "ops": [f"{kind['id']}={old}"]},
                {"day": 3, "say": companion[split]["state"][(t + 1) % len(companion[split]["state"])].format(v=c_value),
                 "ops": [f"{companion['id']}={c_value}"]},
                {"day": 60 + 45 * t, "say": change_text.format(old=old, new=new),
                 "ops": [f"{kind['id']}={new}"] if change_kind == "set" else [f"-{kind['id']}"]},
            ]
            timelines.append({"id": f"{split}-{kind['id']}-{t}", "kind": kind["id"], "split": split,
                              "start": to_iso(START + timedelta(days=11 * (k_index + t))), "events": events})
    return timelines


def subjects_of(pools: dict[str, Any]) -> dict[str, str]:
    return {kind["id"]: kind["subject"] for kind in pools["kinds"]}


# -- matching a fact to a truth by value -----------------------------------------------
def _norm(text: str) -> str:
    """Content of a value: "with honey" and "honey" say the same (as ledger.normalize_value does for "the").

    The article is stripped again after the preposition, so "as a flat white" and "a flat white" both read
    "flat white": one form for a value whichever side (truth or fact) says it with "as"/"with"."""
    return factsmod.normalize_value(re.sub(r"^(?:with|as)\s+", "", factsmod.normalize_value(text)))


def value_matches(fact_value: str, truth: str) -> bool:
    """The fact holds the true value: a whole-word match ("Dr. Patel" holds "Patel"; "6:30am" holds "6:30")."""
    have, want = _norm(fact_value), _norm(truth)
    if not want:
        return False
    if re.search(rf"(?<!\w){re.escape(want)}(?!\w)", have):
        return True
    if any(ch.isdigit() for ch in want):
        return re.sub(r"\W", "", want) in re.sub(r"\W", "", have)
    return False


def subject_ok(fact_subject: str, wanted: str) -> bool:
    if wanted == "any":
        return True
    if wanted == factsmod.USER:
        return fact_subject == factsmod.USER
    return wanted in fact_subject


# -- the systems under test ----------------------------------------------------------------
@dataclass(frozen=True)
class Held:
    subject: str
    value: str
    stale: bool = False


class Memory(Protocol):
    def say(self, thread: str, text: str, at: datetime) -> None: ...

    def current(self, as_of: datetime) -> list[Held]: ...

    def reset(self) -> None: ...


class MnemeMemory:
    """The real hot path (``ingest_message``) and the fact ledger, in a scratch encrypted store;
    with an embedder, also the background pass that matches attributes by meaning (run after each
    message, as ``mneme memory facts`` runs it before reading)."""

    def __init__(self, store: Store, embedder: Embedder | None = None,
                 parser: DependencyParser | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.parser = parser
        self.matcher = AttributeMatcher(embedder) if embedder is not None else None
        self.name = "mneme (hot path + background matcher)" if embedder is not None else "mneme (hot path only)"
        if parser is not None:
            self.name = self.name[:-1] + " + dependency parse)"

    def say(self, thread: str, text: str, at: datetime) -> None:
        ingest_message(self.store, thread, "user", text, at=at)
        run_fact_pass(self.store, parser=self.parser)  # what the memory worker does after each turn
        if self.embedder is not None:
            run_semantic_pass(self.store, self.embedder, matcher=self.matcher)

    def current(self, as_of: datetime) -> list[Held]:
        moment = to_iso(as_of)
        return [Held(f.subject, f.value, factsmod.is_stale(f, as_of))
                for f in factsmod.current_facts(self.store, as_of=moment)]

    def reset(self) -> None:
        with self.store.transaction():
            for table in ("facts", "messages", "threads", "embeddings"):
                self.store.execute(f"DELETE FROM {table}")
            self.store.execute("DELETE FROM settings WHERE key = ?", [DONE_SETTING])


class NaiveMyNounMemory:
    """Baseline: "my <noun phrase> is <value>" sets slot <noun phrase>; the last write wins."""

    name = "naive: last write wins on the noun after 'my'"
    _PATTERN = re.compile(r"(?i)\bmy\s+((?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:is|are|'s)\s+(?:now\s+)?([^.!?;,]+)")

    def __init__(self) -> None:
        self.slots: dict[str, list[tuple[datetime, str]]] = defaultdict(list)

    def say(self, thread: str, text: str, at: datetime) -> None:
        for match in self._PATTERN.finditer(text):
            self.slots[match.group(1).lower()].append((at, match.group(2).strip()))

    def current(self, as_of: datetime) -> list[Held]:
        held = []
        for writes in self.slots.values():
            past = [value for at, value in writes if at <= as_of]
            if past:
                held.append(Held(factsmod.USER, past[-1]))
        return held

    def reset(self) -> None:
        self.slots.clear()


# -- scoring -------------------------------------------------------------------------------
@dataclass
class Tally:
    hits: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.total += 1
        self.hits += 1 if ok else 0

    @property
    def rate(self) -> float | None:
        return None if self.total == 0 else self.hits / self.total


@dataclass
class TimelineScore:
    id: str
    kind: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {m: Tally() for m in METRICS})
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, **{m: self.tallies[m].rate for m in METRICS},
                "failures": self.failures}


def merge(scores: Iterable[TimelineScore]) -> dict[str, Any]:
    merged = {m: Tally() for m in METRICS}
    count = 0
    for score in scores:
        count += 1
        for metric, tally in score.tallies.items():
            merged[metric].hits += tally.hits
            merged[metric].total += tally.total
    return {m: merged[m].rate for m in METRICS} | {"timelines": count, "reads": merged["contamination"].total,
                                                     "probes": merged["coverage"].total}


@dataclass
class SplitReport:
    split: str
    system: str
    timelines: list[TimelineScore]

    def overall(self) -> dict[str, Any]:
        return merge(self.timelines)

    def by_kind(self) -> dict[str, dict[str, Any]]:
        grouped: dict[str, list[TimelineScore]] = defaultdict(list)
        for score in self.timelines:
            grouped[score.kind].append(score)
        return {kind: merge(items) for kind, items in sorted(grouped.items())}

    def to_json(self) -> dict[str, Any]:
        return {"split": self.split, "system": self.system, "overall": self.overall(), "by_kind": self.by_kind(),
                "timelines": [t.to_json() for t in self.timelines]}


def _slot_facts(held: list[Held], subject: str, values: Iterable[str]) -> list[Held]:
    values = list(values)
    return [h for h in held if subject_ok(h.subject, subject) and any(value_matches(h.value, v) for v in values)]


def run_timeline(memory: Memory, timeline: dict[str, Any], subjects: dict[str, str]) -> TimelineScore:
    score = TimelineScore(timeline["id"], timeline["kind"])
    start = parse_iso(timeline["start"])
    truth: dict[str, str | None] = {}
    ever: dict[str, set[str]] = defaultdict(set)
    snapshots: list[tuple[datetime, dict[str, str | None], dict[str, set[str]]]] = []
    pending: list[tuple[str, str]] = []
    all_values = {v for e in timeline["events"] for op in e["ops"] for v in [op.partition("=")[2]] if v}
    for index, event in enumerate(timeline["events"]):
        moment = start + timedelta(days=event["day"])
        memory.say(timeline["id"], event["say"], moment)
        for op in event["ops"]:
            slot, _, value = op.lstrip("-").partition("=")
            if truth.get(slot):
                pending.append((slot, truth[slot]))
            truth[slot] = value or None
            if value:
                ever[slot].add(value)
        read_at = moment + timedelta(minutes=1)
        held = memory.current(read_at)
        snapshots.append((read_at, dict(truth), {s: set(v) for s, v in ever.items()}))
        for slot, value in pending:  # window of one message: retired by now or never
            gone = not _slot_facts(held, subjects[slot], [value])
            score.tallies["controlled_forgetting"].add(gone)
            if not gone:
                score.failures.append(f"message {index}: {slot} {value!r} not retired")
        pending = []
        for slot, value in truth.items():
            subject = subjects[slot]
            stale_values = ever[slot] - ({value} if value else set())
            if value:
                found = _slot_facts(held, subject, [value])
                score.tallies["coverage"].add(bool(found))
                if not found:
                    score.failures.append(f"message {index}: {slot} {value!r} missing")
                for fact in found:
                    score.tallies["freshness"].add(not fact.stale)
            slot_facts = _slot_facts(held, subject, ever[slot])
            for fact in slot_facts:
                agrees = bool(value) and value_matches(fact.value, value) and \
                    not any(value_matches(fact.value, s) for s in stale_values)
                score.tallies["consistency"].add(agrees)
            leaked = [f.value for f in slot_facts if any(value_matches(f.value, s) for s in stale_values)]
            score.tallies["contamination"].add(bool(leaked))
            if leaked:
                score.failures.append(f"message {index}: {slot} stale value still current: {leaked}")
        for fact in held:
            score.tallies["spurious"].add(not any(value_matches(fact.value, v) for v in all_values))
    for index, (read_at, then, then_ever) in enumerate(snapshots):  # bi-temporal: the past reads as it was
        held = memory.current(read_at)
        for slot, value in then.items():
            subject = subjects[slot]
            stale_values = then_ever[slot] - ({value} if value else set())
            present = not value or bool(_slot_facts(held, subject, [value]))
            clean = not _slot_facts(held, subject, stale_values)
            score.tallies["as_of_accuracy"].add(present and clean)
            if not (present and clean):
                score.failures.append(f"as of message {index}: {slot} reads wrong")
    return score


def run_split(memory: Memory, pools: dict[str, Any], split: str, *, only: Iterable[str] | None = None,
              system: str = "mneme") -> SplitReport:
    wanted = set(only) if only else None
    subjects = subjects_of(pools)
    scores = []
    for timeline in build_timelines(pools, split):
        if wanted and timeline["id"] not in wanted and timeline["kind"] not in wanted:
            continue
        memory.reset()
        scores.append(run_timeline(memory, timeline, subjects))
    return SplitReport(split, system, scores)


@dataclass
class LifecycleReport:
    """Mneme and the naive baseline, on dev and on test."""

    splits: dict[str, SplitReport]
    baseline: dict[str, SplitReport]
    system: str = "mneme"

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system, "mneme": {s: r.to_json() for s, r in self.splits.items()},
                "baseline": {s: r.to_json() for s, r in self.baseline.items()},
                "targets_on": "test"}


def run_lifecycle(pools: dict[str, Any] | None = None, *, store: Store | None = None,
                  splits: Iterable[str] = SPLITS, only: Iterable[str] | None = None,
                  baseline: bool = True, embedder: Embedder | None = None,
                  parser: DependencyParser | None = None) -> LifecycleReport:
    """Replay every timeline through the real hot path in a scratch encrypted store (or ``store``, emptied)."""
    pools = pools or load_pools()
    owned = store is None
    scratch = tempfile.TemporaryDirectory(prefix="mneme-lifecycle-") if owned else None
    if owned:
        store = Store.create(Path(scratch.name) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
    try:
        mneme = MnemeMemory(store, embedder, parser)
        ours = {s: run_split(mneme, pools, s, only=only, system=mneme.name) for s in splits}
        naive = {s: run_split(NaiveMyNounMemory(), pools, s, only=only, system=NaiveMyNounMemory.name)
                 for s in splits} if baseline else {}
        return LifecycleReport(ours, naive, mneme.name)
    finally:
        if owned:
            store.close()
            scratch.cleanup()
