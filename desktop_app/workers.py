"""Long work off the UI thread: QObject workers living on QThreads (the GPT4All pattern).

The window talks to a worker only by emitting a signal connected to one of
its slots (a queued call, since the worker lives on another thread), and the
worker answers with signals. Stopping is the exception, as in GPT4All: an
atomic flag (``threading.Event``) the token loop checks, so Esc stops within
one token even while the worker's event loop is busy generating.

Each worker opens its own database connection on its own thread
(``Store.connect``); connections are never shared between threads.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from memory_core.errors import MnemeError
from memory_core.storage.store import Store

from . import services

log = logging.getLogger(__name__)


def friendly(exc: BaseException) -> str:
    """A message a person can act on; tracebacks never reach the window."""
    if isinstance(exc, MnemeError):
        return str(exc)
    if isinstance(exc, MemoryError):
        return "not enough memory for this: close other programs or choose a smaller model"
    name = type(exc).__name__
    if "OperationalError" in name or "DatabaseError" in name:
        text = str(exc).lower()
        if "readonly" in text or "read-only" in text:
            return "the database cannot be written (read-only disk or folder); nothing was lost, fix it and retry"
        if "full" in text:
            return "the disk is full: free some space and retry; nothing was lost"
        return f"the database reported a problem: {exc}"
    return f"unexpected error ({name}): {exc}"


def start_worker(worker: QObject, name: str) -> QThread:
    """Move ``worker`` to a fresh named thread and start it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.start()
    return thread


def stop_thread(thread: QThread, timeout_ms: int = 5000) -> None:
    """Stop ``thread`` after its current job. Never ``terminate()``: killing a thread inside torch,
    llama.cpp or SQLite aborts the whole process (``std::terminate``) or leaves a lock held. A job
    that outlives ``timeout_ms`` is waited for (workers end their passes early once asked to stop)."""
    thread.quit()
    if not thread.wait(timeout_ms):
        log.warning("thread %s still busy after %d ms; waiting for its current job", thread.objectName(), timeout_ms)
        thread.wait()


class ThreadStore:
    """Lazily opens this thread's own connection from the UI's store."""

    def __init__(self, connect: Callable[[], Store]):
        self._connect = connect
        self._store: Store | None = None

    def get(self) -> Store:
        if self._store is None:
            self._store = self._connect()
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


# -- model loading ---------------------------------------------------------------------
@dataclass
class ModelSpec:
    path: str
    name: str
    context_length: int = 4096
    threads: int = 0  # 0: the runtime decides
    #: llama.cpp n_gpu_layers; None: automatic (all that fit on a GPU build, none on a CPU-only one)
    gpu_layers: int | None = None
    load_embedder: bool = True


def default_model_factory(spec: ModelSpec) -> Any:
    from models.loading import open_chat_model

    return open_chat_model(spec.path, context_length=spec.context_length, threads=spec.threads,
                           gpu_layers=spec.gpu_layers)


def default_embedder_factory() -> Any:
    from models.embedder import SentenceEmbedder

    return SentenceEmbedder()


class ModelLoader(QObject):
    """Loads torch, the embedder and the chat model; the window shows a progress bar meanwhile."""

    progress = Signal(int, str)
    loaded = Signal(object, object, str)  # model, embedder (or None), display name
    failed = Signal(str)

    def __init__(self, model_factory: Callable[[ModelSpec], Any] | None = None,
                 embedder_factory: Callable[[], Any] | None = None):
        super().__init__()
        self.model_factory = model_factory or default_model_factory
        self.embedder_factory = embedder_factory or default_embedder_factory
        self._embedder: Any = None

    @Slot(object)
    def load(self, spec: ModelSpec) -> None:
        try:
            self.progress.emit(10, self.tr("Loading %s…") % spec.name)
            model = self.model_factory(spec)
            self.progress.emit(60, self.tr("Model ready"))
            if spec.load_embedder and self._embedder is None:
                self.progress.emit(65, self.tr("Loading the memory search model…"))
                try:
                    self._embedder = self.embedder_factory()
                except Exception:  # recall falls back to full-text search without it
                    self._embedder = None
            self.progress.emit(100, self.tr("Ready"))
            self.loaded.emit(model, self._embedder, spec.name)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a message
            self.failed.emit(friendly(exc))


# -- chat generation ---------------------------------------------------------------------
@dataclass
class ChatRequest:
    thread_id: str  # temporary chats use a "temp-..." id that is never stored
    text: str | None  # None: regenerate the last answer
    temporary: bool = False
    use_memory: bool = True
    max_tokens: int = 512
    request_id: int = 0


class ChatWorker(QObject):
    """Runs one chat turn at a time through ``memory_core.chat.assistant`` (via services.ChatSession)."""

    userStored = Signal(int, str, int)  # request id, thread id, the stored message's id
    token = Signal(int, str)
    finished = Signal(int, object)  # request id, services.AnswerShown
    failed = Signal(int, str, str, str)  # request id, stage (store|model), message, partial answer

    def __init__(self, connect: Callable[[], Store]):
        super().__init__()
        self.db = ThreadStore(connect)
        self.model: Any = None
        self.embedder: Any = None
        self.engine: Any = None
        self.session: services.ChatSession | None = None
        self.cancel = threading.Event()
        #: held while the model generates or its cache is reset
        self.lock = threading.Lock()

    @Slot(object, object, object)
    def set_model(self, model: Any, embedder: Any, engine: Any) -> None:
        with self.lock:
            self.model, self.embedder, self.engine = model, embedder, engine
            self.session = None

    def _session(self) -> services.ChatSession:
        if self.session is None:
            self.session = services.ChatSession(self.db.get(), self.model, self.embedder, self.engine)
        return self.session

    @Slot(object)
    def generate(self, request: ChatRequest) -> None:
        rid = request.request_id
        if self.model is None:
            self.failed.emit(rid, "store", self.tr("the model is still loading"), "")
            return
        pieces: list[str] = []
        stored: list[int] = []
        started = time.perf_counter()

        def on_piece(piece: str) -> None:
            pieces.append(piece)
            self.token.emit(rid, piece)

        def on_stored(message_id: int) -> None:
            stored.append(message_id)
            self.userStored.emit(rid, request.thread_id, message_id)

        with self.lock:
            try:
                session = self._session()
                text = request.text
                if text is None:  # regenerate: ask the last question again
                    text = session.pop_last_exchange(request.thread_id, temporary=request.temporary)
                    if text is None:
                        self.failed.emit(rid, "model", self.tr("there is no question to answer again"), "")
                        return
                result = session.turn(request.thread_id, text, temporary=request.temporary,
                                      memory=request.use_memory, max_tokens=request.max_tokens, cancel=self.cancel,
                                      on_piece=on_piece, on_stored=on_stored)
            except Exception as exc:  # noqa: BLE001 - storage failing, or the model failing mid-answer
                stage = "model" if (stored or request.temporary or request.text is None) else "store"
                self.failed.emit(rid, stage, friendly(exc), "".join(pieces))
                return
        if not result.tokens_per_second and pieces:
            result.tokens_per_second = len(pieces) / max(time.perf_counter() - started, 1e-6)
        self.finished.emit(rid, result)

    @Slot(object)
    def reset_cache(self, done: threading.Event) -> None:
        """After a forget: drop every cached token (runs here, between answers); ``done`` tells the job."""
        try:
            with self.lock:
                if self.model is not None and hasattr(self.model, "reset_cache"):
                    self.model.reset_cache()
        finally:
            done.set()

    def close(self) -> None:
        """After the thread stopped: release this worker's connection."""
        self.db.close()


# -- background memory --------------------------------------------------------------------------
class MemoryRunner(QObject):
    """Runs ``memory_core.observational.worker.MemoryWorker`` after turns and reports its state.

    States: idle, observing (with progress), reflecting, failed (with the reason), off.
    """

    state = Signal(str, int, str)  # state, progress 0-100 (-1: unknown), detail
    cycleDone = Signal(object)  # the engine's CycleReport

    def __init__(self, parent_store: Store):
        super().__init__()
        self.parent_store = parent_store  # the MemoryWorker opens its own connection from it
        self.worker: Any = None
        self.enabled = True

    @Slot(object, object, object)
    def set_model(self, model: Any, embedder: Any, engine: Any) -> None:
        from memory_core.observational.worker import MemoryWorker

        if self.worker is not None:
            self.worker.close()
        self.worker = MemoryWorker(self.parent_store, model, embedder, engine=engine,
                                   on_state=lambda st: self.state.emit(*services.state_tuple(st)))
        # after a commit, the worker prepares the next turn's prefix so that turn does not recompute it
        self.worker.prefix_source = services.prefix_source(model, self.worker.engine)
        self.worker.fact_parser = services.fact_parser()  # spaCy loads on this thread, at the first parse
        # messages a quit left before their fact pass: extracted now, on this thread, not at the first turn
        self.worker.extract_facts()
        self.worker.compact_if_worth_it()  # rare: weeks of chat or many deletions scatter the tables' pages
        self.worker.warm_recall()  # on this thread: the first search after unlock finds the vectors loaded

    @Slot(bool)
    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        self.state.emit("idle" if enabled else "off", -1, "")

    @Slot(str)
    def kick(self, thread_id: str) -> None:
        if not self.enabled or self.worker is None:
            return
        try:
            self.worker.notify(thread_id)
            report = self.worker.run_pending()
            self.state.emit(*services.state_tuple(self.worker.state))
            self.cycleDone.emit(report)
        except Exception as exc:  # noqa: BLE001 - a failing observer never blocks chat
            self.state.emit("failed", -1, friendly(exc))

    @Slot()
    def observe_now(self) -> None:
        """'Observe now' in the timeline: everything unobserved, at once (like ``mneme memory observe``)."""
        if self.worker is None:
            self.state.emit("failed", -1, self.tr("the model is still loading"))
            return
        try:
            report = self.worker.run_pending(force=True)
            self.state.emit(*services.state_tuple(self.worker.state))
            self.cycleDone.emit(report)
        except Exception as exc:  # noqa: BLE001
            self.state.emit("failed", -1, friendly(exc))

    def request_stop(self) -> None:
        """From the UI thread, before the memory thread is stopped: end the running pass early."""
        self.enabled = False
        if self.worker is not None:
            self.worker.request_stop()

    def close(self) -> None:
        """After the thread stopped: release the memory worker's connection."""
        if self.worker is not None:
            self.worker.close()


# -- forget planning ------------------------------------------------------------------------------
@dataclass
class PlanRequest:
    """Preview what a forget would remove: one item (``kind``/``item_id``) or every match of ``about``."""

    request_id: int
    kind: str | None = None
    item_id: int | None = None
    about: str | None = None
    delete_sources: bool = True
    remove_answers: bool = False      # also the answers generated with what goes


class ForgetPlanner(QObject):
    """Plans forgets off the UI thread (the search may run the embedder); the dialog drops stale answers."""

    planned = Signal(int, object, str)  # request id, ForgetPlan (None: nothing to look for), the item's text
    failed = Signal(int, str)

    def __init__(self, connect: Callable[[], Store]):
        super().__init__()
        self.db = ThreadStore(connect)
        self.embedder: Any = None

    @Slot(object, object, object)
    def set_model(self, _model: Any, embedder: Any, _engine: Any) -> None:
        self.embedder = embedder

    @Slot(object)
    def plan(self, request: PlanRequest) -> None:
        store = self.db.get()
        try:
            if request.about is not None:
                if not services.fts_all_words(request.about):
                    self.planned.emit(request.request_id, None, "")
                    return
                plan = services.plan_forget_about(store, request.about, embedder=self.embedder,
                                                  delete_sources=request.delete_sources,
                                                  remove_answers=request.remove_answers)
                self.planned.emit(request.request_id, plan, request.about)
            else:
                text = services.item_text(store, request.kind, request.item_id)
                plan = services.plan_forget(store, request.kind, request.item_id,
                                            delete_sources=request.delete_sources,
                                            remove_answers=request.remove_answers)
                self.planned.emit(request.request_id, plan, text)
        except Exception as exc:  # noqa: BLE001 - a preview never breaks the dialog
            self.failed.emit(request.request_id, friendly(exc))

    def close(self) -> None:
        """After the thread stopped: release this worker's connection."""
        self.db.close()
