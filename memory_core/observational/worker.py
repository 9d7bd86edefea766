"""The memory worker: runs due observation/reflection jobs off the chat's thread.

Qt-free on purpose: the desktop app moves it into a QThread (calling
``run_pending`` from there, or ``run_forever``), ``mneme chat`` runs it on a
plain ``threading.Thread``, tests call ``run_pending`` directly. It opens its
own Store connection (connections belong to one thread) and uses the chat
model's ``background()`` context, so memory jobs never evict the chat's
cached prompt from the KV cache.

After a commit changes the memory block, the worker asks the model (when it
can, ``memory_core.llm.PrefixPreparer``) to prepare the next turn's stable
prefix, so that turn does not recompute it while the user waits; it offers the
same after every other pass too (a turn with recalled snippets leaves the chat's
cache diverging at its own message), and the model skips it when the chat
already holds that prefix. Its thread
runs at a lower OS priority (``memory_core.thread_priority``).
"""
from __future__ import annotations

import importlib
import threading
from datetime import datetime, tzinfo
from typing import Callable, Sequence

from memory_core.facts.fact_pass import run_fact_pass
from memory_core.llm import Embedder, PrefixPreparer, TextModel, is_capable
from memory_core.observational.engine import (
    OBSERVER_SETTING,
    CycleReport,
    OMConfig,
    OMEngine,
    OMState,
)
from memory_core.observational.tokens import TokenCounter
from memory_core.storage.checkpoints import checkpoint_between_turns, merge_index_between_turns
from memory_core.thread_priority import lower_current_thread

#: prefix_source(store, thread_id, now) -> the next turn's stable messages (system + memory + raw tail).
PrefixSource = Callable[[object, str, "datetime | None"], Sequence[dict]]


def background_model(model) -> TextModel | None:
    """The model's separate context for memory jobs (created lazily: it costs memory)."""
    if model is None:
        return None
    make = getattr(model, "background", None)
    return make() if callable(make) else model


def make_engine(store, model=None, embedder: Embedder | None = None, *, config: OMConfig | None = None,
                tz: tzinfo | None = None, observer_mode: str | None = None) -> OMEngine:
    """An engine with defaults from the model (thresholds scale with its context length)."""
    counter = TokenCounter(model)
    config = config or OMConfig.for_context(getattr(model, "context_length", None) or 4096)
    mode = observer_mode or store.get_setting(OBSERVER_SETTING, "auto")
    if mode == "auto" and not is_capable(model):
        mode = "extractive"
    llm = (lambda: background_model(model)) if model is not None and mode != "extractive" else None
    return OMEngine(counter, config, tz=tz, llm=llm, embedder=embedder, observer_mode=mode)


class MemoryWorker:
    """Runs memory jobs when told that memory may be due."""

    def __init__(self, store, model=None, embedder: Embedder | None = None, *, engine: OMEngine | None = None,
                 config: OMConfig | None = None, tz: tzinfo | None = None,
                 on_state: Callable[[OMState], None] | None = None, prefix_source: PrefixSource | None = None):
        self._parent_store = store
        self.model = model
        #: Set by the Assistant (or the desktop glue): what the next turn's prompt starts with.
        self.prefix_source = prefix_source
        #: The last hand-over's report (None: nothing was prepared after the last pass).
        self.last_handover: object | None = None
        self._store = None
        self.embedder = embedder
        self.engine = engine or make_engine(store, model, embedder, config=config, tz=tz)
        self.on_state = on_state
        self._due = threading.Event()
        self._stop = threading.Event()
        self._active: str | None = None
        self._thread: threading.Thread | None = None
        self.last_report: CycleReport | None = None
        self._matcher = None
        #: A dependency parser for the fact pass (``memory_core.facts.parse_tokens.DependencyParser``); None: the
        #: rules alone. Its model loads on the first message it parses, on this worker's thread.
        self.fact_parser = None
        self._meaning = None  # attribute_meaning.AttributeMeaning, made with the embedder on first use
        #: Also prepare the next prefix when memory did not change: a turn with recalled snippets leaves
        #: the chat's cache diverging at its own user message, so the next turn would re-evaluate the
        #: last exchange; the model decides by size whether the hand-over is worth it ("chat holds it").
        self.prepare_after_every_turn = True

    @property
    def state(self) -> OMState:
        return self.engine.state

    def connection(self):
        """This worker's own connection, opened in the thread that first uses it."""
        if self._store is None:
            self._store = self._parent_store.connect()
        return self._store

    def notify(self, thread_id: str | None) -> None:
        """Memory may be due (a turn finished in ``thread_id``); cheap, callable from any thread."""
        self._active = thread_id
        self._due.set()

    def run_pending(self, *, force: bool = False, now: datetime | None = None) -> CycleReport:
        """One pass: extract facts from messages stored since the last pass, observe/reflect what is due,
        prepare the next prompt's prefix if memory changed, index new items for recall if that module
        exists, and checkpoint the WAL. ``now`` is the next turn's time
        (default: the clock), which the prompt's relative dates depend on."""
        lower_current_thread()
        store = self.connection()
        self.extract_facts(store)
        report = self.engine.run_due(store, self._active, force=force, progress=self.on_state)
        self.last_handover = None
        self.last_report = report
        if self.stopping:  # the app is closing: what follows is best effort and can wait for the next start
            return report
        if report.activated_messages or report.reflected:
            self.last_handover = self.prepare_next_prefix(store, now)
            self._backfill(store)
        elif self.prepare_after_every_turn:
            self.last_handover = self.prepare_next_prefix(store, now)
        if not self.stopping:
            self._match_facts(store)
            self._refresh_word_counts(store)
        self._checkpoint(store)
        return report

    def prepare_next_prefix(self, store=None, now: datetime | None = None) -> object | None:
        """Hand the active chat's next stable prefix to the model, so its next turn evaluates only
        what is new. Best effort: a failure here costs the chat the recompute, nothing else."""
        if not (isinstance(self.model, PrefixPreparer) and self.prefix_source is not None and self._active):
            return None
        try:
            messages = list(self.prefix_source(store or self.connection(), self._active, now))
            return self.model.prepare_prefix(messages) if messages else None
        except Exception as exc:  # noqa: BLE001 - the chat recomputes the prefix itself; memory is committed
            self.engine.state.last_error = f"prefix preparation failed: {type(exc).__name__}: {exc}"[:200]
            return None

    def extract_facts(self, store=None) -> None:
        """The fact pass over messages stored since the last one (the write path only marks them), in their
        order; also what drains messages a quit left marked. A model of >= 1B parameters adds validated facts the
        rules missed (``facts.llm_fact_extractor``); a smaller one is never asked. Best effort: a failure leaves them marked."""
        try:
            run_fact_pass(store or self.connection(), parser=self.fact_parser, fact_model=self.model)
        except Exception as exc:  # noqa: BLE001 - the messages stay marked; the next pass retries them
            self.engine.state.last_error = f"fact extraction failed: {type(exc).__name__}"

    def compact_if_worth_it(self, store=None) -> object | None:
        """At unlock, on this thread: rewrite the database with each table's pages together when weeks of chat
        (``compaction.NEW_MESSAGES``) or deletions (``compaction.FREE_SHARE``) have scattered them, which slows cold
        search (bench/results/compaction.md). Rare and short (about 3 s at 100k messages); a busy database or any
        failure is skipped: memory and chat go on as they were."""
        from memory_core.storage import compaction

        try:
            return compaction.compact(store or self.connection())
        except Exception as exc:  # noqa: BLE001 - the layout is only slower; nothing is lost
            self.engine.state.last_error = f"compaction failed: {type(exc).__name__}"
            return None

    def _match_facts(self, store) -> None:
        """Background fact pass (attributes matched by meaning) over messages stored since the last one,
        so the app gets the facts ``mneme memory facts`` would find; best effort, like indexing."""
        if self.embedder is None:
            return
        try:
            semantic = importlib.import_module("memory_core.facts.semantic")
            if self._matcher is None:
                self._matcher = semantic.AttributeMatcher(self.embedder)
            semantic.run_semantic_pass(store, self.embedder, matcher=self._matcher)
            meaning = importlib.import_module("memory_core.facts.attribute_meaning")
            if self._meaning is None:
                self._meaning = meaning.AttributeMeaning(self.embedder)
            meaning.reconcile_slots(store, self._meaning)  # attribute names of one slot, by meaning
        except Exception as exc:  # noqa: BLE001 - facts from the hot path are already stored
            self.engine.state.last_error = f"fact matching failed: {type(exc).__name__}"

    def _checkpoint(self, store) -> None:
        """Merge the message index and copy the WAL back now, between turns, so the chat's own commit never has to
        (storage.checkpoints). A failed merge does not keep the checkpoint from running."""
        try:
            merge_index_between_turns(store)
        except Exception as exc:  # noqa: BLE001 - FTS5's crisis merge remains the backstop
            self.engine.state.last_error = f"index merge failed: {type(exc).__name__}"
        try:
            checkpoint_between_turns(store)
        except Exception as exc:  # noqa: BLE001 - SQLite's automatic checkpoint remains the backstop
            self.engine.state.last_error = f"checkpoint failed: {type(exc).__name__}"

    def _backfill(self, store) -> None:
        if self.embedder is None:
            return
        try:
            indexing = importlib.import_module("memory_core.recall.vectors")
        except ModuleNotFoundError as exc:
            if exc.name == "memory_core.recall.vectors":
                return
            raise
        try:
            indexing.backfill_embeddings(store, self.embedder)
            indexing.index_for(store, self.embedder.model_id)  # load the new vectors here, not in the next search
        except Exception as exc:  # noqa: BLE001 - recall indexing is best effort; memory itself is committed
            self.engine.state.last_error = f"indexing failed: {type(exc).__name__}"

    def _refresh_word_counts(self, store) -> None:
        """Read recall's message postings again when the message index changed (recall/message_postings.py: the
        word counts are derived from them), here between turns, so the next search weighs and ranks its words
        without reading doclists (0.5-1.2 s at 100k messages)."""
        module = "memory_core.recall.message_postings"
        try:
            importlib.import_module(module).refresh(store)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
        except Exception as exc:  # noqa: BLE001 - recall counts and ranks in SQL without them
            self.engine.state.last_error = f"reading recall's word counts failed: {type(exc).__name__}"

    def warm_recall(self) -> None:
        """Load recall's in-memory vector index and word counts now, on this background thread (seconds at
        100k vectors), so the first search after unlock does not pay for them. Best effort: search loads the
        index otherwise, and counts words in SQL."""
        self._refresh_word_counts(self.connection())
        if self.embedder is None:
            return
        try:
            indexing = importlib.import_module("memory_core.recall.vectors")
            indexing.index_for(self.connection(), self.embedder.model_id)
        except Exception as exc:  # noqa: BLE001 - recall loads the index itself when this fails
            self.engine.state.last_error = f"loading the recall index failed: {type(exc).__name__}"

    def run_forever(self, poll_seconds: float = 2.0) -> None:
        """Loop until ``stop()``: wait for a notification (or a retry after back-off), then run."""
        while not self._stop.is_set():
            self._due.wait(poll_seconds)
            if self._stop.is_set():
                break
            retry = self.engine.state.phase == "failed" and not self.engine.backing_off()
            if self._due.is_set() or retry:
                self._due.clear()
                self.run_pending()
        self.close()

    def start(self) -> threading.Thread:
        """Run on a daemon thread (for ``mneme chat``; the desktop app uses a QThread instead)."""
        self._thread = threading.Thread(target=self.run_forever, name="mneme-memory", daemon=True)
        self._thread.start()
        return self._thread

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def request_stop(self) -> None:
        """Ask a running pass to end after its current step (callable from any thread): closing the app
        must not wait for the optional steps, and a thread is never killed inside the embedder or SQLite."""
        self._stop.set()
        self._due.set()

    def stop(self, timeout: float | None = 30.0) -> None:
        self._stop.set()
        self._due.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
