"""One-off long work (forget, delete a chat, import, export) as named jobs on the task thread.

As in Vorta's job manager, each kind of work is a class with a name and a
``run`` method, not a lambda: a failure names the job, and a test can submit
one directly. The ``TaskRunner`` lives on the task thread and runs jobs one
after another; the ``TaskDispatcher`` lives on the UI thread, hands jobs over
by a queued signal and routes the answers to the callbacks given at submit.

Forgetting must also clear the model's KV cache (tokens of the forgotten text
may still sit there). The job asks for it by a signal the chat worker answers
on its own thread, between answers, so no thread ever calls into the window.
"""
from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QMessageBox, QProgressBar, QWidget

from memory_core.storage.store import Store

from . import services
from .workers import ThreadStore, friendly

#: How long a forget waits for the chat worker to reset the cache (it finishes a running answer first).
CACHE_RESET_WAIT_S = 120.0


@dataclass
class JobContext:
    """What a job gets on the task thread."""

    store: Store  # the task thread's own connection
    progress: Callable[[int, str], None]  # percent (-1: busy) and a short detail
    reset_model_cache: Callable[[Any], None]  # the engine's ``on_forgotten``: blocks until the cache is clear


class Job:
    """One piece of long work; subclasses say what in their name and do it in ``run``."""

    name = "job"

    def run(self, context: JobContext) -> Any:
        raise NotImplementedError


class ForgetJob(Job):
    """Execute a forget plan the user confirmed; returns the engine's verified receipt."""

    name = "forget"

    def __init__(self, plan: Any):
        self.plan = plan

    def run(self, context: JobContext) -> Any:
        return services.apply_forget_plan(context.store, self.plan, on_forgotten=context.reset_model_cache)


class DeleteThreadJob(Job):
    """Delete a chat, and with ``forget_memories`` what was learned from it."""

    name = "delete chat"

    def __init__(self, thread_id: str, forget_memories: bool):
        self.thread_id, self.forget_memories = thread_id, forget_memories

    def run(self, context: JobContext) -> Any:
        return services.delete_thread(context.store, self.thread_id, forget_memories=self.forget_memories,
                                      on_forgotten=context.reset_model_cache)


class ExportJob(Job):
    """A JSON export or an encrypted backup with its own passphrase."""

    name = "export"

    def __init__(self, kind: str, path: Path, passphrase: str | None):
        self.kind, self.path, self.passphrase = kind, Path(path), passphrase

    def run(self, context: JobContext) -> Any:
        return services.export_data(context.store, self.kind, self.path, self.passphrase, context.progress)


class ImportJob(Job):
    """Chats from JSONL or a ChatGPT export (resumable, idempotent)."""

    name = "import"

    def __init__(self, path: Path):
        self.path = Path(path)

    def run(self, context: JobContext) -> Any:
        return services.import_chats(context.store, self.path, context.progress)


class TaskRunner(QObject):
    """Runs jobs one after another on its own thread, with its own database connection."""

    progress = Signal(str, int, str)  # task id, percent (-1 busy), detail
    done = Signal(str, object)
    failed = Signal(str, str)
    #: a ``threading.Event`` the chat worker sets once the model's cache is reset
    cacheResetRequested = Signal(object)

    def __init__(self, connect: Callable[[], Store]):
        super().__init__()
        self.db = ThreadStore(connect)

    @Slot(str, object)
    def run(self, task_id: str, job: Job) -> None:
        context = JobContext(self.db.get(), lambda pct, detail="": self.progress.emit(task_id, int(pct), detail),
                             self._reset_model_cache)
        try:
            result = job.run(context)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a message
            self.failed.emit(task_id, friendly(exc))
            return
        self.done.emit(task_id, result)

    def _reset_model_cache(self, _receipt: Any = None) -> None:
        reset = threading.Event()
        self.cacheResetRequested.emit(reset)
        if not reset.wait(CACHE_RESET_WAIT_S):
            raise TimeoutError("the model stayed busy; its cached context is reset after the current answer")

    def close(self) -> None:
        """After the thread stopped: release this runner's connection."""
        self.db.close()


class TaskDispatcher(QObject):
    """The UI side: submit a job with callbacks, show the task bar while any job runs."""

    _run = Signal(str, object)
    taskFinished = Signal(str)  # task id, after its callback ran (tests and the screenshot tour wait on it)

    def __init__(self, runner: TaskRunner, bar: QProgressBar, parent: QWidget):
        super().__init__(parent)
        self.bar, self.window = bar, parent
        self._ids = itertools.count(1)
        self._handlers: dict[str, tuple[Callable | None, Callable | None, Callable | None]] = {}
        self._run.connect(runner.run)
        runner.progress.connect(self._progress)
        runner.done.connect(self._done)
        runner.failed.connect(self._failed)

    def submit(self, job: Job, on_done: Callable[[Any], Any] | None = None,
               on_failed: Callable[[str], Any] | None = None,
               on_progress: Callable[[int, str], Any] | None = None) -> str:
        task_id = f"{job.name}-{next(self._ids)}"
        self._handlers[task_id] = (on_done, on_failed, on_progress)
        self.bar.setRange(0, 0)
        self.bar.show()
        self._run.emit(task_id, job)
        return task_id

    def _progress(self, task_id: str, percent: int, detail: str) -> None:
        if percent >= 0:
            self.bar.setRange(0, 100)
            self.bar.setValue(percent)
        on_progress = self._handlers.get(task_id, (None, None, None))[2]
        if on_progress:
            on_progress(percent, detail)

    def _finish(self, task_id: str) -> tuple[Callable | None, Callable | None, Callable | None]:
        handlers = self._handlers.pop(task_id, (None, None, None))
        if not self._handlers:
            self.bar.hide()
        return handlers

    def _done(self, task_id: str, result: Any) -> None:
        on_done = self._finish(task_id)[0]
        if on_done:
            on_done(result)
        self.taskFinished.emit(task_id)

    def _failed(self, task_id: str, message: str) -> None:
        on_failed = self._finish(task_id)[1]
        if on_failed:
            on_failed(message)
        else:
            QMessageBox.warning(self.window, "Mneme", message)
        self.taskFinished.emit(task_id)
