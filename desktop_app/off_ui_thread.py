"""One blocking call (opening the encrypted store) run off the UI thread while the window keeps painting.

Why: unlocking runs scrypt to unwrap the database key, and opening runs any schema migration the file still needs
(rebuilding the message index for 100,000 messages takes seconds, once). On the UI thread that froze the unlock
dialog with its busy bar never drawn, and on a slow disk the system offered to kill a "not responding" window.

``call_off_ui_thread`` keeps the caller's plain control flow (a value back, or the call's own exception raised):
the call runs on a QThread worker, and a local event loop, like a modal dialog's, keeps painting and input going
until it is done. Callers disable what could start a second call meanwhile (the dialogs here do).
"""
from __future__ import annotations

from typing import Callable, TypeVar

from PySide6.QtCore import QEventLoop, QMetaObject, QObject, Qt, Signal, Slot

from .workers import start_worker, stop_thread

T = TypeVar("T")


class _OneCall(QObject):
    """Runs one callable on its thread and says when it is done; the outcome is read after ``done``."""

    done = Signal()

    def __init__(self, call: Callable[[], object]):
        super().__init__()
        self._call = call
        self.result: object = None
        self.error: BaseException | None = None

    @Slot()
    def run(self) -> None:
        try:
            self.result = self._call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller, raised there
            self.error = exc
        self.done.emit()


def call_off_ui_thread(call: Callable[[], T], name: str = "mneme-open") -> T:
    """``call()`` on a worker thread; UI events are processed until it returns. Its exception is raised here."""
    worker = _OneCall(call)
    loop = QEventLoop()
    worker.done.connect(loop.quit)  # queued: ``done`` is emitted on the worker's thread
    thread = start_worker(worker, name)
    QMetaObject.invokeMethod(worker, "run", Qt.ConnectionType.QueuedConnection)
    loop.exec()
    stop_thread(thread)
    worker.deleteLater()
    if worker.error is not None:
        raise worker.error
    return worker.result  # type: ignore[return-value]
