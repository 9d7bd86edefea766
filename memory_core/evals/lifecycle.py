"""Lifecycle evaluation: memory as a read replica of a changing truth (seed 004).

Each timeline is a list of user messages, each with the change it makes to the
truth (``slot=value`` sets a single-valued slot, ``+slot=value`` adds to a set,
``-slot=value`` removes one value, ``-slot`` clears the slot; a slot may name
another person: ``brother.lives_in``). The messages go through the real hot
path (``ingest_message``); after every event each slot seen so far is probed
with a question through ``recall.search`` (facts only), and scored at the fact
level, not by answer text:

* **freshness**: retrieved facts confirmed within their category's window;
* **consistency**: retrieved facts of the probed slot that agree with the current truth;
* **coverage**: currently true values that are retrieved;
* **controlled forgetting**: values that stopped being true and were retired
  (absent from current facts) within ``forgetting_window`` change points;
* **contamination**: probes where a value that used to be true leaks into the answer;
* **as-of accuracy** (bi-temporal): after the timeline, the facts valid at each
  past event's time equal that moment's truth.
"""
from __future__ import annotations

import json
import secrets
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from memory_core.clock import parse_iso, to_iso
from memory_core.facts import ledger as factsmod
from memory_core.ingest import ingest_message
from memory_core.llm import Embedder
from memory_core.recall import search as recall
from memory_core.storage.store import Store

Slot = tuple[str, str]  # (subject, predicate)
PROBE_K = 10

_QUESTIONS = {
    "lives_in": "where does {who} live", "neighborhood": "which neighbourhood does {who} live in",
    "works_at": "where does {who} work", "job_title": "what is {whose} job title",
    "manager": "who is {whose} manager", "likes": "what does {who} like", "dislikes": "what does {who} dislike",
    "diet": "what diet does {who} follow", "allergy": "what is {who} allergic to",
    "condition": "what health conditions does {who} have", "contact_method": "how should I contact {who}",
    "contact_avoid": "when should I not call {who}", "name": "what is {whose} name",
}


def question_for(slot: Slot) -> str:
    subject, predicate = slot
    who = "the user" if subject == factsmod.USER else f"the user's {subject.replace('_', ' ')}"
    whose = "the user's" if subject == factsmod.USER else f"the user's {subject.replace('_', ' ')}'s"
    if predicate in _QUESTIONS:
        return _QUESTIONS[predicate].format(who=who, whose=whose)
    family, _, key = predicate.partition(":")
    key = key.replace("_", " ")
    if family == "favorite":
        return f"what is {whose} favorite {key}"
    if family == "owns":
        return f"what {key} does {who} own"
    if family in ("schedule", "plan"):
        return f"when is {whose} {key}"
    return f"what is the name of {whose} {predicate.replace('_', ' ')}"


def load_scenarios(path: Path | None = None) -> dict[str, Any]:
    if path is not None:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    text = resources.files("memory_core").joinpath("data/lifecycle_timelines.json").read_text(encoding="utf-8")
    return json.loads(text)


def parse_op(op: str) -> tuple[str, Slot, str | None]:
    """"+likes=sushi" -> ("add", ("user", "likes"), "sushi")."""
    kind = {"+": "add", "-": "remove"}.get(op[0], "set")
    body = op[1:] if op[0] in "+-" else op
    slot_text, _, value = body.partition("=")
    subject, _, predicate = slot_text.rpartition(".") if "." in slot_text else ("", "", slot_text)
    slot = (subject or factsmod.USER, predicate)
    if kind == "remove" and not value:
        kind = "clear"
    return kind, slot, value or None


@dataclass
class Tally:
    hits: int = 0
    total: int = 0

    def add(self, ok: bool, weight: int = 1) -> None:
        self.total += weight
        self.hits += weight if ok else 0

    @property
    def rate(self) -> float | None:
        return None if self.total == 0 else self.hits / self.total


METRICS = ("freshness", "consistency", "coverage", "controlled_forgetting", "contamination", "as_of_accuracy")


@dataclass
class TimelineScore:
    id: str
    domain: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {m: Tally() for m in METRICS})
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "domain": self.domain,
                **{m: self.tallies[m].rate for m in METRICS}, "failures": self.failures}


@dataclass
class LifecycleReport:
    timelines: list[TimelineScore]
    forgetting_window: int

    def overall(self) -> dict[str, float | None]:
        merged = {m: Tally() for m in METRICS}
        for timeline in self.timelines:
            for metric, tally in timeline.tallies.items():
                merged[metric].hits += tally.hits
                merged[metric].total += tally.total
        return {m: merged[m].rate for m in METRICS} | {"probes": merged["coverage"].total}

    def by_domain(self) -> dict[str, dict[str, float | None]]:
        grouped: dict[str, list[TimelineScore]] = defaultdict(list)
        for timeline in self.timelines:
            grouped[timeline.domain].append(timeline)
        return {domain: LifecycleReport(items, self.forgetting_window).overall() for domain, items in grouped.items()}

    def to_json(self) -> dict[str, Any]:
        return {"overall": self.overall(), "by_domain": self.by_domain(), "forgetting_window": self.forgetting_window,
                "timelines": [t.to_json() for t in self.timelines]}


def _same(a: str, b: str) -> bool:
    return factsmod.normalize_value(a) == factsmod.normalize_value(b)


def _contains(values: Iterable[str], wanted: str) -> bool:
    return any(_same(value, wanted) for value in values)


def _reset(store: Store) -> None:
    with store.transaction():
        for table in ("facts", "messages", "threads", "embeddings"):
            store.db.execute(f"DELETE FROM {table}")


def _current_values(store: Store, slot: Slot, as_of: str) -> list[str]:
    return [f.value for f in factsmod.current_facts(store, as_of=as_of, subject=slot[0], predicate=slot[1])]


def run_timeline(store: Store, timeline: dict[str, Any], *, forgetting_window: int = 1,
                 embedder: Embedder | None = None) -> TimelineScore:
    score = TimelineScore(timeline["id"], timeline.get("domain", "other"))
    start = parse_iso(timeline["start"])
    truth: dict[Slot, set[str]] = defaultdict(set)
    ever: dict[Slot, set[str]] = defaultdict(set)
    snapshots: list[tuple[str, dict[Slot, set[str]]]] = []
    pending: list[tuple[int, Slot, str]] = []  # (event index, slot, value) that must be retired
    thread = f"lifecycle-{timeline['id']}"
    for index, event in enumerate(timeline["events"]):
        moment = start + timedelta(days=event["day"])
        at = to_iso(moment)
        ingest_message(store, thread, "user", event["say"], at=moment)
        for op in event.get("ops", []):
            kind, slot, value = parse_op(op)
            before = set(truth[slot])
            if kind == "set":
                truth[slot] = {value}
            elif kind == "add":
                truth[slot].add(value)
            elif kind == "remove":
                truth[slot] = {v for v in truth[slot] if not _same(v, value)}
            else:
                truth[slot] = set()
            for gone in before:
                if not _contains(truth[slot], gone):
                    pending.append((index, slot, gone))
            ever[slot] |= truth[slot]
        snapshots.append((at, {slot: set(values) for slot, values in truth.items()}))
        probe_at = to_iso(moment + timedelta(minutes=1))
        # controlled forgetting: each retired truth must leave current facts within the window
        still: list[tuple[int, Slot, str]] = []
        for since, slot, value in pending:
            retired = not _contains(_current_values(store, slot, probe_at), value)
            if retired:
                score.tallies["controlled_forgetting"].add(True)
            elif index - since >= forgetting_window:
                score.tallies["controlled_forgetting"].add(False)
                score.failures.append(f"event {index}: {slot} {value!r} not retired")
            else:
                still.append((since, slot, value))
                continue
        pending = still
        for slot in list(truth):
            _probe(store, score, slot, truth[slot], ever[slot], moment, index, embedder)
    for _, slot, value in pending:  # the timeline ended before they were retired
        score.tallies["controlled_forgetting"].add(False)
        score.failures.append(f"end: {slot} {value!r} never retired")
    # bi-temporal: the past, as of each event, must read as it was then
    for index, (at, snapshot) in enumerate(snapshots):
        as_of = to_iso(parse_iso(at) + timedelta(minutes=1))
        for slot, values in snapshot.items():
            found = _current_values(store, slot, as_of)
            ok = len(found) == len(values) and all(_contains(found, v) for v in values)
            score.tallies["as_of_accuracy"].add(ok)
            if not ok:
                score.failures.append(f"as of event {index}: {slot} read {sorted(found)}, truth {sorted(values)}")
    return score


def _probe(store: Store, score: TimelineScore, slot: Slot, current: set[str], ever: set[str], moment: datetime,
           index: int, embedder: Embedder | None) -> None:
    result = recall.search(store, question_for(slot), k=PROBE_K, kinds=("fact",), embedder=embedder,
                           now=moment + timedelta(minutes=1), time_filter=False, gate=False)
    retrieved = [hit.fact for hit in result.hits if hit.fact and (hit.fact["subject"], hit.fact["predicate"]) == slot]
    values = [fact["value"] for fact in retrieved]
    stale_values = {v for v in ever if not _contains(current, v)}
    for value in current:
        found = _contains(values, value)
        score.tallies["coverage"].add(found)
        if not found:
            score.failures.append(f"event {index}: {slot} {value!r} not retrieved")
    for fact in retrieved:
        agrees = _contains(current, fact["value"])
        score.tallies["consistency"].add(agrees)
        if not agrees:
            score.failures.append(f"event {index}: {slot} retrieved {fact['value']!r}, truth {sorted(current)}")
        score.tallies["freshness"].add(not factsmod.is_stale(factsmod.Fact(
            **{name: fact[name] for name in factsmod.Fact.__dataclass_fields__}), moment))
    if ever:
        leaked = any(_contains(stale_values, v) for v in values)
        score.tallies["contamination"].add(leaked)
        if leaked:
            score.failures.append(f"event {index}: {slot} stale value leaked: {values}")


def run_lifecycle(scenarios: dict[str, Any] | None = None, *, store: Store | None = None,
                  embedder: Embedder | None = None, only: Iterable[str] | None = None) -> LifecycleReport:
    """Replay every timeline in a scratch encrypted store (or ``store``, which is emptied between timelines)."""
    scenarios = scenarios or load_scenarios()
    window = int(scenarios.get("forgetting_window", 1))
    wanted = set(only) if only else None
    owned = store is None
    scratch = tempfile.TemporaryDirectory(prefix="mneme-lifecycle-") if owned else None
    if owned:
        store = Store.create(Path(scratch.name) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
    try:
        scores = []
        for timeline in scenarios["timelines"]:
            if wanted and timeline["id"] not in wanted:
                continue
            _reset(store)
            scores.append(run_timeline(store, timeline, forgetting_window=window, embedder=embedder))
        return LifecycleReport(scores, window)
    finally:
        if owned:
            store.close()
            scratch.cleanup()
