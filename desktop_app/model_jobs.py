"""The Models page's work off the UI thread: downloading a model, and surveying the hardware.

``DownloadWorker`` runs one download at a time on its own thread. Pause and
cancel are flags the page sets directly (as the chat worker's stop flag):
the download stops within one chunk; a pause keeps the ``.part`` file so
Resume continues where it stopped, a cancel deletes it. ``SurveyWorker``
probes the hardware and times the bundled model (seconds, once per machine).
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot

from .workers import friendly


@dataclass(frozen=True)
class DownloadRequest:
    entry: Any  # models.catalog.CatalogEntry
    models_dir: Path
    allow_unverified: bool = False


class DownloadWorker(QObject):
    #: id, bytes so far, total bytes (0: unknown), bytes per second
    progress = Signal(str, "qint64", "qint64", float)
    #: id, installed path
    finished = Signal(str, str)
    #: id, kind ("paused", "cancelled", "checksum", "disk", "network", "error"), message
    stopped = Signal(str, str, str)

    def __init__(self) -> None:
        super().__init__()
        self._flags: dict[str, tuple[threading.Event, list[str]]] = {}
        self._lock = threading.Lock()

    # -- called from the UI thread ---------------------------------------------------------
    def prepare(self, entry_id: str) -> None:
        """Register the flag before the queued ``run`` so pause/cancel work even while it waits."""
        with self._lock:
            self._flags[entry_id] = (threading.Event(), ["pause"])

    def pause(self, entry_id: str) -> None:
        self._stop(entry_id, "pause")

    def cancel(self, entry_id: str) -> None:
        self._stop(entry_id, "cancel")

    def _stop(self, entry_id: str, mode: str) -> None:
        with self._lock:
            flag = self._flags.get(entry_id)
            if flag is not None:
                flag[1][0] = mode
                flag[0].set()

    # -- on the worker thread --------------------------------------------------------------------
    @Slot(object)
    def run(self, request: DownloadRequest) -> None:
        from models.catalog import download_entry
        from models.errors import ChecksumMismatch, DiskFull, DownloadCancelled, NetworkUnavailable

        entry = request.entry
        with self._lock:
            event, mode = self._flags.setdefault(entry.id, (threading.Event(), ["pause"]))
        started, last_emit = time.monotonic(), 0.0

        def on_progress(progress) -> None:
            nonlocal last_emit
            now = time.monotonic()
            done = progress.total is not None and progress.downloaded >= progress.total
            if now - last_emit < 0.1 and not done:  # at most ten updates a second reach the UI
                return
            last_emit = now
            rate = (progress.downloaded - progress.resumed_from) / max(now - started, 1e-3)
            self.progress.emit(entry.id, progress.downloaded, progress.total or 0, rate)

        part = Path(request.models_dir) / (entry.target_name + ".part")
        try:
            if event.is_set():
                raise DownloadCancelled("stopped before it started")
            download = download_entry(entry, request.models_dir, progress=on_progress, cancel=event,
                                      allow_unverified=request.allow_unverified)
            path = download.run()
            self.finished.emit(entry.id, str(path))
        except DownloadCancelled:
            if mode[0] == "cancel":
                part.unlink(missing_ok=True)
                self.stopped.emit(entry.id, "cancelled", "Download cancelled; the partial file was deleted.")
            else:
                self.stopped.emit(entry.id, "paused", "Paused. Resume continues where it stopped.")
        except ChecksumMismatch as exc:
            self.stopped.emit(entry.id, "checksum", str(exc))
        except DiskFull as exc:
            self.stopped.emit(entry.id, "disk", str(exc))
        except NetworkUnavailable as exc:
            self.stopped.emit(entry.id, "network", str(exc))
        except Exception as exc:  # noqa: BLE001 - every failure becomes a message on the card
            self.stopped.emit(entry.id, "error", friendly(exc))
        finally:
            with self._lock:
                self._flags.pop(entry.id, None)


def default_survey(data_dir: Path) -> tuple[Any, Any]:
    """This machine's hardware and the bundled model's measured speed (cached on disk after the first time)."""
    from models.hardware import detect_hardware
    from models.recommend import auto_gpu_layers
    from models.speed import bundled_speed

    profile = detect_hardware()
    measure = bundled_speed(data_dir, gpu_layers=auto_gpu_layers(100 * 1024 ** 2, None, profile))
    return profile, measure


class SurveyWorker(QObject):
    surveyed = Signal(object, object)  # HardwareProfile, SpeedMeasure | None
    failed = Signal(str)

    def __init__(self, survey: Callable[[Path], tuple[Any, Any]] | None = None):
        super().__init__()
        self.survey = survey or default_survey

    @Slot(object)
    def run(self, data_dir: Path) -> None:
        try:
            profile, measure = self.survey(Path(data_dir))
        except Exception as exc:  # noqa: BLE001
            self.failed.emit(friendly(exc))
            return
        self.surveyed.emit(profile, measure)
