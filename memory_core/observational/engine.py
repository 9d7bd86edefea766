"""Observational memory's engine: when to observe and reflect, and committing the results.

Thresholds are in the model's tokens. Like Mastra, chunks are observed in the
background each time the unobserved tail grows by a fraction of the threshold
("buffering"), so when the threshold is reached the observations are ready and
activation is a quick commit that keeps a raw tail. Unlike Mastra:

* a chat turn never waits on a slow or failing observer: the synchronous path
  (past the hard limit) only runs when the lock is free, falls back to the
  extractive observer, and on failure the raw messages stay and we back off;
* a single message larger than the threshold is observed like any other (the
  raw tail is chosen by whole messages, so a huge one cannot hide in it);
* a reflection that cannot shrink the log is not retried until the log grows;
* threads other than the active one are observed completely, so what was said
  in one chat is known in the next.

Raw messages are never deleted: observing sets ``messages.observed_at``.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import tzinfo
from typing import Callable, Sequence

from memory_core.clock import to_iso, utc_now
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.llm import Embedder, TextModel
from memory_core.observational.drafts import Draft
from memory_core.observational.extractive_observer import ExtractiveObserver
from memory_core.observational.llm_observer import (
    MAX_NOTES,
    LLMObserver,
    ObservationRejected,
)
from memory_core.observational.log import as_lines, current_log
from memory_core.observational.reflector import Reflector
from memory_core.observational.supersession import annotate_drafts
from memory_core.observational.tokens import TokenCounter, message_token_counts
from memory_core.storage.sql import marks as placeholders
from memory_core.storage.store import Message

EXCLUDED_SETTING = "om.excluded_threads"
OBSERVER_SETTING = "om.observer"          # auto | llm | extractive
LLM_FAILURES_BEFORE_EXTRACTIVE = 3


def excluded_threads(store) -> set[str]:
    return set(store.get_setting(EXCLUDED_SETTING, []) or [])


def exclude_thread(store, thread_id: str) -> None:
    """Memory was off in this chat: its messages are never observed."""
    excluded = excluded_threads(store)
    if thread_id not in excluded:
        store.set_setting(EXCLUDED_SETTING, sorted(excluded | {thread_id}))


@dataclass(frozen=True)
class OMConfig:
    message_tokens: int
    observation_tokens: int
    buffer_fraction: float = 0.2       # observe a chunk in the background every 20% of the threshold
    tail_fraction: float = 0.2         # keep this much of the threshold as raw tail on activation
    hard_factor: float = 1.2           # past this, observe synchronously (if the observer is free)
    reflect_target_fraction: float = 0.5
    max_observation_factor: float = 2.0   # the reflector's target may grow to this much to keep every current fact

    @classmethod
    def for_context(cls, context_length: int) -> "OMConfig":
        """Defaults that scale with the context: ~35% for raw messages, ~20% for observations.

        At 128k that is 46k/26k (the reference uses 30k/40k); at 4k it is 1433/819, which with
        the hard limit (1.2x), the system prompt and a 512-token reply still leaves ~700 tokens
        for the new message. The larger the raw tail, the larger the share of each prompt that
        comes from the KV cache, so the raw share is the bigger one.
        """
        return cls(message_tokens=max(256, int(context_length * 0.35)),
                   observation_tokens=max(256, context_length // 5))

    @property
    def hard_limit(self) -> int:
        return int(self.message_tokens * self.hard_factor)

    @property
    def max_observation_tokens(self) -> int:
        return int(self.observation_tokens * self.max_observation_factor)

    @property
    def tail_tokens(self) -> int:
        return int(self.message_tokens * self.tail_fraction)

    @property
    def buffer_step(self) -> int:
        return max(1, int(self.message_tokens * self.buffer_fraction))


@dataclass
class OMState:
    """What the UI shows: idle, observing (with progress), reflecting, or failed with the reason."""

    phase: str = "idle"                 # idle | observing | reflecting | failed
    done: int = 0
    total: int = 0
    reason: str = ""
    retry_at: float | None = None
    failures: int = 0
    observer: str = "extractive"
    last_error: str = ""

    def describe(self) -> str:
        if self.phase == "observing" and self.total:
            return f"observing {self.done}/{self.total} messages"
        if self.phase == "failed":
            wait = max(0, int((self.retry_at or 0) - time.monotonic()))
            return f"memory paused: {self.reason} (retrying in {wait}s)"
        return self.phase


@dataclass
class CycleReport:
    buffered: int = 0
    activated_messages: int = 0
    observations: int = 0
    reflected: bool = False
    reflection_reason: str = ""
    skipped: str = ""
    actions: list[str] = field(default_factory=list)


class OMEngine:
    """One per profile. Thread-safe: methods take the caller's own Store connection."""

    def __init__(self, counter: TokenCounter, config: OMConfig, *, tz: tzinfo | None = None,
                 llm: TextModel | Callable[[], TextModel | None] | None = None, embedder: Embedder | None = None,
                 observer_mode: str = "auto", clock: Callable[[], float] = time.monotonic):
        self.counter, self.config, self.tz = counter, config, tz
        self._llm = llm
        self.embedder = embedder
        self.observer_mode = observer_mode
        self.extractive = ExtractiveObserver(embedder, tz)
        self.state = OMState(observer="llm" if observer_mode == "llm" else "extractive")
        self._clock = clock
        self._lock = threading.Lock()
        self._buffered: dict[int, list[Draft]] = {}     # message id -> drafts observed ahead of activation
        self._llm_failures = 0
        self._reflect_after_tokens = 0                   # back-off for a reflection that made no progress

    # -- what is pending ----------------------------------------------------------------------------------
    def excluded_threads(self, store) -> set[str]:
        return excluded_threads(store)

    def unobserved(self, store, thread_id: str | None = None) -> list[Message]:
        sql, params = "SELECT * FROM messages WHERE observed_at IS NULL", []
        if thread_id is not None:
            sql += " AND thread_id = ?"
            params.append(thread_id)
        excluded = self.excluded_threads(store)
        return [m for m in (Message.from_row(r) for r in store.query(sql + " ORDER BY created_at, id", params))
                if m.thread_id not in excluded]

    def token_counts(self, store, messages: Sequence[Message]) -> dict[int, int]:
        return message_token_counts(store, [m.id for m in messages], self.counter, {m.id: m.text for m in messages})

    def prompt_costs(self, store, messages: Sequence[Message]) -> dict[int, int]:
        """What each message costs in the chat prompt (text + stamp + template markup): the thresholds
        count this, so observation activates before the raw tail outgrows the prompt."""
        counts = self.token_counts(store, messages)
        overhead = {role: self.counter.prompt_overhead(role) for role in {m.role for m in messages}}
        return {m.id: counts.get(m.id, 0) + overhead[m.role] for m in messages}

    def pending_tokens(self, store, thread_id: str) -> int:
        return sum(self.prompt_costs(store, self.unobserved(store, thread_id)).values())

    def observation_tokens(self, store) -> int:
        from memory_core.observational.format import render_log


        items = current_log(store)
        return self.counter.count(render_log(as_lines(items, self.tz))) if items else 0

    # -- the cycle ----------------------------------------------------------------------------------------
    def backing_off(self) -> bool:
        return self.state.phase == "failed" and self.state.retry_at is not None and self._clock() < self.state.retry_at

    def run_due(self, store, active_thread: str | None = None, *, force: bool = False,
                progress: Callable[[OMState], None] | None = None, blocking: bool = True,
                only_thread: str | None = None, tail_only: bool = False) -> CycleReport:
        """Do whatever is due. ``force`` observes everything now (``mneme memory observe``),
        limited to ``only_thread`` when given."""
        report = CycleReport()
        if self.backing_off() and not force:
            report.skipped = "backing off after a failure"
            return report
        if not self._lock.acquire(blocking=blocking):
            report.skipped = "another observation is running"
            return report
        try:
            run_fact_pass(store)  # supersession reads the ledger: facts of the messages observed must be in it
            self._observe_due(store, active_thread, force, report, progress, only_thread)
            if not tail_only:
                self._reflect_if_due(store, force, report, progress)
            if self.state.phase != "failed":
                self.state.failures = 0
            self._set(progress, phase="idle", done=0, total=0)
        except Exception as exc:  # noqa: BLE001 - any failure: keep raw messages, back off, show why
            self._fail(exc, progress)
            report.skipped = f"failed: {self.state.reason}"
        finally:
            self._lock.release()
        return report

    def ensure_within_hard_limit(self, store, thread_id: str) -> CycleReport | None:
        """Called on the turn path: observe synchronously only past the hard limit and only if the
        observer is free and not backing off, so a turn is never held up by a stuck observer."""
        if self.backing_off() or thread_id in self.excluded_threads(store):
            return None
        if self.pending_tokens(store, thread_id) < self.config.hard_limit:
            return None
        # only this chat's own messages: a backlog elsewhere (an import) is the worker's job, not the turn's
        return self.run_due(store, thread_id, blocking=False, only_thread=thread_id, tail_only=True)

    def _observe_due(self, store, active: str | None, force: bool, report: CycleReport, progress,
                     only_thread: str | None = None) -> None:
        by_thread: dict[str, list[Message]] = {}
        for message in self.unobserved(store, only_thread):
            by_thread.setdefault(message.thread_id, []).append(message)
        for thread_id, messages in by_thread.items():
            if force or thread_id != active:
                # Inactive threads (and forced runs) are observed to the end: none of their raw tail is shown.
                self._activate(store, messages, len(messages), report, progress)
                continue
            counts = self.prompt_costs(store, messages)
            total = sum(counts.values())
            if total >= self.config.message_tokens:
                self._activate(store, messages, self._cut(messages, counts), report, progress)
            else:
                pending = [m for m in messages if m.id not in self._buffered]
                if sum(counts[m.id] for m in pending) >= self.config.buffer_step:
                    self._buffer(store, pending, report, progress)

    def _cut(self, messages: Sequence[Message], counts: dict[int, int]) -> int:
        """How many of the oldest messages to observe, leaving about ``tail_tokens`` raw.

        Whole messages only; a single message larger than the tail is observed, never kept raw.
        """
        tail, keep = 0, 0
        for message in reversed(messages):
            if tail + counts[message.id] > self.config.tail_tokens:
                break
            tail += counts[message.id]
            keep += 1
        return len(messages) - keep

    def _buffer(self, store, messages: Sequence[Message], report: CycleReport, progress) -> None:
        drafts = self._observe(store, messages, progress)
        for message in messages:
            self._buffered[message.id] = [d for d in drafts if message.id in d.message_ids]
        report.buffered += len(messages)
        report.actions.append(f"buffered {len(messages)} messages")

    def _activate(self, store, messages: Sequence[Message], cut: int, report: CycleReport, progress) -> None:
        chosen = list(messages[:cut])
        if not chosen:
            return
        missing = [m for m in chosen if m.id not in self._buffered]
        if missing:
            self._buffer(store, missing, CycleReport(), progress)
        drafts: list[Draft] = []
        for message in chosen:
            drafts.extend(d for d in self._buffered.get(message.id, []) if d not in drafts)
        added = self.commit(store, chosen, drafts)
        for message in chosen:
            self._buffered.pop(message.id, None)
        report.activated_messages += len(chosen)
        report.observations += added
        report.actions.append(f"observed {len(chosen)} messages into {added} observations")

    def _observe(self, store, messages: Sequence[Message], progress) -> list[Draft]:
        """Observe in chunks that fit the observer; the LLM first when allowed, else/then extractive."""
        # Repeats within a day are dropped; a repeat on a later day is kept, so the reflector can
        # consolidate it ("said three times") instead of it vanishing.
        from memory_core.clock import parse_iso

        first = parse_iso(messages[0].created_at) if messages else utc_now()
        existing = [item.text for item in current_log(store)
                    if abs((first - item.observed_at).total_seconds()) < 86_400]
        counts = self.token_counts(store, messages)
        chunks, chunk, size = [], [], 0
        limit = max(256, self.config.message_tokens // 2)
        # the LLM writes at most MAX_NOTES lines per call: a chunk never holds more user messages than that
        users_limit = MAX_NOTES if self._llm_model() is not None else None
        for message in messages:
            users = sum(1 for m in chunk if m.role == "user")
            if chunk and (size + counts[message.id] > limit
                          or (users_limit and message.role == "user" and users >= users_limit)):
                chunks.append(chunk)
                chunk, size = [], 0
            chunk.append(message)
            size += counts[message.id]
        if chunk:
            chunks.append(chunk)
        drafts: list[Draft] = []
        done = 0
        for chunk in chunks:
            self._set(progress, phase="observing", done=done, total=len(messages))
            drafts.extend(self._observe_chunk(chunk, existing + [d.text for d in drafts]))
            done += len(chunk)
        annotate_drafts(store, drafts)   # what the fact ledger already knows changed, marked on the new lines
        self._set(progress, phase="observing", done=done, total=len(messages))
        return drafts

    def _observe_chunk(self, chunk: Sequence[Message], existing: list[str]) -> list[Draft]:
        model = self._llm_model()
        if model is not None:
            try:
                from memory_core.prompts import DEFAULT_SYSTEM_PROMPT, MEMORY_PREAMBLE

                # what the model must never record as the user's words: our prompts and memory block
                scaffolding = (DEFAULT_SYSTEM_PROMPT, MEMORY_PREAMBLE, *existing[-50:])
                drafts = LLMObserver(model, self.tz, scaffolding=scaffolding).observe(chunk, existing)
                self._llm_failures = 0
                self.state.observer = "llm"
                return drafts
            except ObservationRejected as rejected:
                self._llm_failures += 1
                self.state.last_error = f"LLM observer output rejected: {rejected.reason}"
            except Exception as exc:  # noqa: BLE001 - the model failed; the extractive path still works
                self._llm_failures += 1
                self.state.last_error = f"LLM observer failed: {type(exc).__name__}"
            if self._llm_failures >= LLM_FAILURES_BEFORE_EXTRACTIVE and self.observer_mode == "auto":
                self.state.last_error += "; using the extractive observer from now on"
        self.state.observer = "extractive"
        return self.extractive.observe(chunk, existing)

    def _llm_model(self) -> TextModel | None:
        if self.observer_mode == "extractive" or self._llm is None:
            return None
        if self.observer_mode == "auto" and self._llm_failures >= LLM_FAILURES_BEFORE_EXTRACTIVE:
            return None
        if callable(self._llm) and not hasattr(self._llm, "complete"):
            self._llm = self._llm()
        return self._llm

    def commit(self, store, messages: Sequence[Message], drafts: Sequence[Draft]) -> int:
        """Store observations and mark their messages observed, atomically; already-observed ones are skipped."""
        now = to_iso(utc_now())
        ids = [m.id for m in messages]
        with store.transaction():
            marks = placeholders(len(ids))
            still = {r["id"] for r in store.query(
                f"SELECT id FROM messages WHERE id IN ({marks}) AND observed_at IS NULL", ids)}
            added = 0
            for draft in drafts:
                sources = [i for i in draft.message_ids if i in still]
                if not sources:
                    continue
                thread = next(m.thread_id for m in messages if m.id == sources[0])
                cursor = store.execute(
                    "INSERT INTO observations (thread_id, priority, observed_at, referenced_date, text, source, "
                    "created_at, tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [thread, draft.priority, to_iso(draft.said_at),
                     draft.referenced_date.isoformat() if draft.referenced_date else None, draft.text,
                     self.state.observer, now, self.counter.count(draft.text)])
                store.executemany("INSERT INTO observation_messages (observation_id, message_id) VALUES (?, ?)",
                                          [(cursor.lastrowid, mid) for mid in sources])
                added += 1
            store.executemany("UPDATE messages SET observed_at = ? WHERE id = ?",
                                      [(now, mid) for mid in still])
            store.log_event("observed", messages=len(still), observations=added, observer=self.state.observer)
        return added

    def reflect_threshold(self, store) -> int:
        """Reflect when the log reaches the threshold, or, when the last reflection had to keep more than
        that (every current fact), once the log has grown by half a threshold since (not on every turn),
        but never later than the most the log may hold (``max_observation_tokens``)."""
        row = store.execute("SELECT output_tokens FROM reflection_generations ORDER BY id DESC LIMIT 1").fetchone()
        kept = row[0] if row else 0
        grown = min(kept + self.config.observation_tokens // 2, self.config.max_observation_tokens)
        return max(self.config.observation_tokens, grown)

    def _reflect_if_due(self, store, force: bool, report: CycleReport, progress) -> None:
        tokens = self.observation_tokens(store)
        if tokens < self.reflect_threshold(store) or (tokens < self._reflect_after_tokens and not force):
            return
        self._set(progress, phase="reflecting", done=0, total=0)
        reflector = Reflector(self.counter.count, self.tz, model=self._llm_model(), embedder=self.embedder)
        target = int(self.config.observation_tokens * self.config.reflect_target_fraction)
        outcome = reflector.reflect(store, target, max_tokens=self.config.max_observation_tokens)
        report.reflected = outcome.committed
        report.reflection_reason = outcome.reason
        if outcome.committed:
            self._reflect_after_tokens = 0
            report.actions.append(f"reflected {outcome.input_tokens} -> {outcome.output_tokens} tokens")
        else:
            # No progress possible now: wait until the log has grown by a tenth before trying again.
            self._reflect_after_tokens = int(tokens * 1.1) + 1
            report.actions.append("reflection kept the old log")

    # -- state --------------------------------------------------------------------------------------------
    def _set(self, progress, **changes) -> None:
        for name, value in changes.items():
            setattr(self.state, name, value)
        if changes.get("phase") != "failed":
            self.state.reason = ""
            self.state.retry_at = None
        if progress is not None:
            progress(self.state)

    def _fail(self, exc: BaseException, progress) -> None:
        failures = self.state.failures + 1
        delay = min(600.0, 5.0 * 2 ** (failures - 1))
        self.state.phase, self.state.failures = "failed", failures
        self.state.reason = str(exc) if hasattr(exc, "exit_code") else f"{type(exc).__name__}: {exc}"[:200]
        self.state.retry_at = self._clock() + delay
        if progress is not None:
            progress(self.state)
