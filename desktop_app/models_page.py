"""The Models page: the catalog as cards, what fits this computer, downloads with pause/resume/cancel, Use.

Everything slow runs off the UI thread (``model_jobs``): the hardware survey
and bundled-model timing, and the downloads. Choosing a model only emits
``useRequested``; the window reloads the model, and every memory and chat stays
as it was (they live in the database, not in the model).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QMessageBox, QProgressBar, QPushButton,
                               QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from .model_jobs import DownloadRequest, DownloadWorker, SurveyWorker
from .workers import friendly, start_worker, stop_thread

#: What a failed download's kind tells the person to do.
ERROR_ADVICE = {
    "checksum": "The file did not match its checksum and was deleted. Try again; if it happens again the source "
                "is serving a different file.",
    "disk": "Free some disk space, then press Resume: the part already downloaded is kept.",
    "network": "Check the internet connection, then press Resume: the part already downloaded is kept.",
}


def human_size(size: int | None) -> str:
    if not size:
        return "0 MB"
    if size >= 1024 ** 3:
        return f"{size / 1024 ** 3:.1f} GB"
    return f"{size / 1024 ** 2:.0f} MB"


def _context(tokens: int | None) -> str:
    return f"{tokens // 1024}k context" if tokens else ""


class ModelCard(QFrame):
    """One model: what it is, whether it fits, and the buttons for its state."""

    downloadRequested = Signal(str)
    pauseRequested = Signal(str)
    cancelRequested = Signal(str)
    useRequested = Signal(str)
    removeRequested = Signal(str)

    def __init__(self, row: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ModelCard")
        self.row = row
        self.model_id = row.id
        self.downloading = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        layout.setSpacing(6)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.title = QLabel(row.name)
        self.title.setObjectName("ModelName")
        top.addWidget(self.title)
        self.badge = QLabel(self.tr("Recommended for this computer"))
        self.badge.setObjectName("Badge")
        top.addWidget(self.badge)
        self.in_use = QLabel(self.tr("In use"))
        self.in_use.setObjectName("InUsePill")
        top.addWidget(self.in_use)
        top.addStretch(1)
        layout.addLayout(top)
        self.facts = QLabel()
        self.facts.setObjectName("ModelFacts")
        self.facts.setWordWrap(True)
        layout.addWidget(self.facts)
        self.fit = QLabel()
        self.fit.setObjectName("ModelFit")
        self.fit.setWordWrap(True)
        layout.addWidget(self.fit)
        self.notes = QLabel()
        self.notes.setObjectName("ModelNotes")
        self.notes.setWordWrap(True)
        layout.addWidget(self.notes)
        self.details = QLabel()
        self.details.setObjectName("ModelDetails")
        self.details.setWordWrap(True)
        layout.addWidget(self.details)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setObjectName("DownloadBar")
        self.progress.setAccessibleName(self.tr("Download progress of %s") % row.name)
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(8)
        self.progress_text = QLabel()
        self.progress_text.setObjectName("ModelNotes")
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.progress_text)
        layout.addLayout(progress_row)
        self.error = QLabel()
        self.error.setObjectName("CardError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.clear_error()
        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        self.download_button = self._button(self.tr("Download"), "download", primary=True)
        self.pause_button = self._button(self.tr("Pause"), "pause")
        self.resume_button = self._button(self.tr("Resume"), "download", primary=True)
        self.cancel_button = self._button(self.tr("Cancel"), "cancel")
        self.use_button = self._button(self.tr("Use"), "use", primary=True)
        self.remove_button = self._button(self.tr("Remove"), "remove")
        for button in (self.download_button, self.resume_button, self.pause_button, self.cancel_button,
                       self.use_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.set_row(row)

    def _button(self, text: str, action: str, *, primary: bool = False) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(f"{text} {self.row.name}")
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        if primary:
            button.setProperty("primary", True)
        signal = {"download": self.downloadRequested, "pause": self.pauseRequested, "cancel": self.cancelRequested,
                  "use": self.useRequested, "remove": self.removeRequested}[action]
        button.clicked.connect(lambda: signal.emit(self.model_id))
        return button

    # -- state -----------------------------------------------------------------------------------
    def set_row(self, row: Any) -> None:
        self.row = row
        entry, fit = row.entry, row.fit
        facts = [human_size(row.size_bytes)]
        if row.params_b:
            facts.append(f"{row.params_b:g}B parameters")
        facts += [part for part in (row.quant, _context(row.context), row.license) if part]
        self.facts.setText("  ·  ".join(facts))
        fit_text = ""
        if fit is not None:
            speed = fit.speed
            if row.source == "bundled":
                fit_text = self.tr("Always installed; small and weak, but works offline on any computer")
            elif not fit.fits:
                fit_text = self.tr("Too big for this computer: %s") % fit.reason
            else:
                fit_text = fit.reason[:1].upper() + fit.reason[1:]
            if speed is not None:
                fit_text = self.tr("≈ %.1f tokens/s here (estimate)") % speed.generation_tps + "  ·  " + fit_text
        self.fit.setText(fit_text)
        self.fit.setProperty("bad", bool(fit is not None and not fit.fits))
        self.fit.style().unpolish(self.fit)
        self.fit.style().polish(self.fit)
        note = entry.notes if entry else ""
        self.notes.setText(note)
        self.notes.setVisible(bool(note))
        details = ""
        if entry is not None and row.source == "catalog":
            checks = {"verified": self.tr("SHA-256 verified"),
                      "unverified": self.tr("SHA-256 pinned by a third party, not verified by us"),
                      "none": self.tr("no published checksum")}
            details = self.tr("Chat template: %s  ·  %s") % (entry.chat_template, checks[entry.checksum_status])
            self.details.setToolTip(entry.sha256_source or "")
        self.details.setText(details)
        self.details.setVisible(bool(details))
        self.badge.setVisible(row.recommended)
        self.in_use.setVisible(row.in_use)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.row
        partial = row.partial_bytes > 0 and not row.downloaded
        idle = not self.downloading
        self.download_button.setVisible(idle and not row.downloaded and not partial and row.source == "catalog")
        self.resume_button.setVisible(idle and partial)
        self.pause_button.setVisible(self.downloading)
        self.cancel_button.setVisible(self.downloading or partial)
        self.use_button.setVisible(idle and row.downloaded and not row.in_use)
        self.remove_button.setVisible(idle and row.downloaded and row.source != "bundled" and not row.in_use)
        show_progress = self.downloading or partial
        self.progress.setVisible(show_progress)
        self.progress_text.setVisible(show_progress)
        if partial and not self.downloading:
            self.show_progress(row.partial_bytes, row.size_bytes, None)

    def start_download(self) -> None:
        self.downloading = True
        self.clear_error()
        self.progress.setRange(0, 0)
        self.progress_text.setText(self.tr("Starting…"))
        self._update_buttons()

    def show_progress(self, done: int, total: int, rate: float | None) -> None:
        if total > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * min(done, total) / total))
        text = f"{human_size(done)} of {human_size(total)}" if total else human_size(done)
        if rate:
            text += f"  ·  {human_size(int(rate))}/s"
        self.progress_text.setText(text)

    def stop_download(self) -> None:
        self.downloading = False
        self._update_buttons()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def clear_error(self) -> None:
        self.error.clear()
        self.error.hide()


class ModelsPage(QWidget):
    """The catalog for this computer. ``useRequested(path, name)``: path "" is the bundled model."""

    useRequested = Signal(str, str)
    downloadFinished = Signal(str)         # id (for tests and the status bar)
    downloadStopped = Signal(str, str)     # id, kind
    modelsChanged = Signal()               # a model was installed or removed: the window's picker follows
    surveyFinished = Signal()
    _survey = Signal(object)
    _download = Signal(object)

    def __init__(self, data_dir: Path, *, survey: Callable[[Path], tuple[Any, Any]] | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.data_dir = Path(data_dir)
        self.profile: Any = None
        self.measure: Any = None
        self.cards: dict[str, ModelCard] = {}
        self.rows: dict[str, Any] = {}
        self.advice: Any = None
        #: asks before downloading a checksum we have not verified; tests replace it
        self.confirm: Callable[[str, str], bool] = self._ask
        self._surveyed = False
        self._build()
        self.downloader = DownloadWorker()
        self.surveyor = SurveyWorker(survey)
        self.threads: list[QThread] = [start_worker(self.downloader, "mneme-downloads"),
                                       start_worker(self.surveyor, "mneme-survey")]
        self._download.connect(self.downloader.run)
        self._survey.connect(self.surveyor.run)
        self.downloader.progress.connect(self._progress)
        self.downloader.finished.connect(self._finished)
        self.downloader.stopped.connect(self._stopped)
        self.surveyor.surveyed.connect(self._surveyed_done)
        self.surveyor.failed.connect(self._survey_failed)

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setObjectName("ModelsScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        canvas = QWidget()
        canvas.setObjectName("ModelsCanvas")
        column = QVBoxLayout(canvas)
        column.setContentsMargins(28, 22, 28, 22)
        column.setSpacing(10)
        title = QLabel(self.tr("Models"))
        title.setObjectName("PageTitle")
        column.addWidget(title)
        self.machine = QLabel(self.tr("Looking at this computer…"))
        self.machine.setObjectName("MachineLine")
        self.machine.setWordWrap(True)
        column.addWidget(self.machine)
        self.advice_line = QLabel()
        self.advice_line.setObjectName("MachineLine")
        self.advice_line.setWordWrap(True)
        column.addWidget(self.advice_line)
        self.speed_note = QLabel()
        self.speed_note.setObjectName("ModelNotes")
        self.speed_note.setWordWrap(True)
        column.addWidget(self.speed_note)
        self.banner = QLabel()
        self.banner.setObjectName("InfoBanner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        column.addWidget(self.banner)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(12)
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        column.addLayout(self.grid)
        column.addStretch(1)
        scroll.setWidget(canvas)
        outer.addWidget(scroll)

    # -- survey and listing -------------------------------------------------------------------
    def ensure_surveyed(self) -> None:
        """Survey once, lazily (the page may never be opened); list right away with what is known."""
        if not self._surveyed:
            self._surveyed = True
            self.refresh()
            self._survey.emit(self.data_dir)
        else:  # the model may have been switched elsewhere (the picker, `mneme models use`)
            self.refresh()

    def _surveyed_done(self, profile: Any, measure: Any) -> None:
        self.profile, self.measure = profile, measure
        self.machine.setText(describe_machine(profile))
        if measure is not None:
            self.speed_note.setText(self.tr(
                "Speeds are estimates: the bundled %.0fM model generated %.0f tokens/s on this computer, scaled by "
                "each model's parameter count. The recommendation is the largest model that fits with room to "
                "spare and is not too slow.") % (measure.params_b * 1000, measure.generation_tps))
        self.refresh()
        self.surveyFinished.emit()

    def _survey_failed(self, message: str) -> None:
        self.machine.setText(self.tr("Could not look at this computer: %s") % message)
        self.surveyFinished.emit()

    def refresh(self) -> None:
        """Rebuild the cards from the catalog and the models folder (keeps cards that are downloading)."""
        from models.hardware import HardwareProfile
        from models.library import model_rows

        profile = self.profile or HardwareProfile(None, None, 1)
        try:
            rows, self.advice = model_rows(self.data_dir, profile, self.measure)
        except Exception as exc:  # noqa: BLE001 - e.g. a broken $MNEME_CATALOG: say so on the page
            self.banner.setText(friendly(exc))
            self.banner.show()
            return
        rows.sort(key=lambda r: (not r.in_use, not r.recommended, r.source == "bundled", not r.downloaded,
                                 r.fit is not None and not r.fit.fits, r.entry.family if r.entry else "",
                                 r.params_b or 0))
        self.rows = {row.id: row for row in rows}
        best = self.advice.best if self.profile is not None else None
        self.advice_line.setText(self.tr("Recommended: <b>%s</b>: %s.") % (best.entry.name, self.advice.explanation)
                                 if best else "")
        self.advice_line.setVisible(best is not None)
        for model_id in [m for m in self.cards if m not in self.rows]:
            self.cards.pop(model_id).deleteLater()
        while self.grid.count():  # re-place the cards in the new order (the widgets themselves are kept)
            self.grid.takeAt(0)
        for index, row in enumerate(rows):
            card = self.cards.get(row.id)
            if card is None:
                card = ModelCard(row)
                card.downloadRequested.connect(self.download)
                card.pauseRequested.connect(self.pause)
                card.cancelRequested.connect(self.cancel)
                card.useRequested.connect(self.use)
                card.removeRequested.connect(self.remove)
                self.cards[row.id] = card
            else:
                card.set_row(row)
            self.grid.addWidget(card, index // 2, index % 2, Qt.AlignmentFlag.AlignTop)

    # -- actions --------------------------------------------------------------------------------
    def download(self, model_id: str) -> None:
        row = self.rows.get(model_id)
        if row is None or row.entry is None:
            return
        entry = row.entry
        if entry.needs_consent:
            if entry.sha256 is None:
                why = self.tr("%s has no published checksum, so Mneme cannot check that the file is the one its "
                              "publisher released.") % entry.name
            else:
                why = self.tr("The checksum for %s comes from %s; Mneme checks the file against it, but could not "
                              "confirm that value with the publisher.") % (entry.name, entry.sha256_source)
            if not self.confirm(self.tr("Download %s?") % entry.name, why + "\n\n" + self.tr(
                    "Download %s from %s?") % (human_size(entry.size_bytes), _host(entry.url))):
                return
        card = self.cards[model_id]
        card.start_download()
        self.downloader.prepare(model_id)
        from models.catalog import models_dir

        self._download.emit(DownloadRequest(entry, models_dir(self.data_dir),
                                            allow_unverified=entry.sha256 is None))

    def pause(self, model_id: str) -> None:
        self.downloader.pause(model_id)

    def cancel(self, model_id: str) -> None:
        card = self.cards.get(model_id)
        if card is not None and card.downloading:
            self.downloader.cancel(model_id)
            return
        row = self.rows.get(model_id)  # a paused download: delete what it left
        if row is not None and row.entry is not None:
            from models.catalog import models_dir

            (models_dir(self.data_dir) / (row.entry.target_name + ".part")).unlink(missing_ok=True)
            self.refresh()
            self.downloadStopped.emit(model_id, "cancelled")

    def use(self, model_id: str) -> None:
        from models.library import use_model

        try:
            name, path = use_model(self.data_dir, model_id)
        except Exception as exc:  # noqa: BLE001
            self.cards[model_id].show_error(friendly(exc))
            return
        self.refresh()
        self.useRequested.emit(str(path) if path else "", name)

    def remove(self, model_id: str) -> None:
        from models.library import remove_model

        row = self.rows.get(model_id)
        answer = QMessageBox.question(self, self.tr("Remove model"), self.tr(
            "Delete %s (%s) from this computer? Memories and chats are not affected.") % (
            row.name if row else model_id, human_size(row.size_bytes if row else 0)))
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            remove_model(self.data_dir, model_id)
        except Exception as exc:  # noqa: BLE001
            self.cards[model_id].show_error(friendly(exc))
            return
        self.refresh()
        self.modelsChanged.emit()

    # -- worker answers --------------------------------------------------------------------------
    def _progress(self, model_id: str, done: int, total: int, rate: float) -> None:
        card = self.cards.get(model_id)
        if card is not None:
            card.show_progress(done, total, rate)

    def _finished(self, model_id: str, _path: str) -> None:
        card = self.cards.get(model_id)
        if card is not None:
            card.stop_download()
        self.refresh()
        self.modelsChanged.emit()
        self.downloadFinished.emit(model_id)

    def _stopped(self, model_id: str, kind: str, message: str) -> None:
        card = self.cards.get(model_id)
        self.refresh()
        if card is not None:
            card.stop_download()
            if kind not in ("paused", "cancelled"):
                advice = ERROR_ADVICE.get(kind, "")
                card.show_error(f"{message}\n{advice}".strip())
        self.downloadStopped.emit(model_id, kind)

    @staticmethod
    def _ask(title: str, text: str) -> bool:
        return QMessageBox.question(None, title, text) == QMessageBox.StandardButton.Yes

    def shutdown(self) -> None:
        for model_id in list(self.cards):
            self.downloader.pause(model_id)
        for thread in self.threads:
            stop_thread(thread, 10_000)


def describe_machine(profile: Any) -> str:
    """One line: what this computer offers a model."""
    parts = []
    if profile.total_ram_bytes:
        parts.append(f"{human_size(profile.total_ram_bytes)} RAM")
    parts.append(f"{profile.physical_cores} CPU cores")
    simd = [f.upper() for f in profile.cpu_features if f in ("avx2", "avx512f", "neon", "asimd")]
    if simd:
        parts.append("/".join(simd))
    if profile.gpu_backend:
        gpu = profile.gpu_name or profile.gpu_backend
        if profile.vram_free_bytes:
            gpu += f" ({human_size(profile.vram_free_bytes)} free)"
        parts.append(f"GPU: {gpu}")
    else:
        parts.append("no GPU in use")
    line = "This computer: " + "  ·  ".join(parts)
    if profile.notes:
        line += "\n" + "; ".join(profile.notes)
    return line


def _host(url: str) -> str:
    from urllib.parse import urlparse

    return urlparse(url).netloc or url
