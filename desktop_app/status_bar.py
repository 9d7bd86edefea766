"""The status bar: model loading and readiness, answer speed and context use, memory state, task progress."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar, QWidget

MEMORY_BUSY = ("observing", "reflecting")


def _bar(width: int, name: str) -> QProgressBar:
    bar = QProgressBar()
    bar.setFixedWidth(width)
    bar.setAccessibleName(name)
    bar.hide()
    return bar


def _label(text: str, name: str) -> QLabel:
    label = QLabel(text)
    label.setAccessibleName(name)
    return label


class StatusBar(QStatusBar):
    modelsRequested = Signal()  # the link to the Models page

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        self.model_label = _label(self.tr("Starting…"), self.tr("Model status"))
        self.load_bar = _bar(140, self.tr("Model loading progress"))
        self.load_bar.setObjectName("LoadBar")
        self.speed_label = _label("", self.tr("Speed"))
        self.context_label = _label("", self.tr("Context use"))
        self.memory_label = _label(self.tr("Memory: idle"), self.tr("Memory state"))
        self.memory_bar = _bar(90, self.tr("Memory progress"))
        self.task_bar = _bar(120, self.tr("Task progress"))
        self.models_link = QPushButton(self.tr("Models"))
        self.models_link.setObjectName("ModelsLink")
        self.models_link.setAccessibleName(self.tr("Open Models"))
        self.models_link.setToolTip(self.tr("Download a model that fits this computer, or switch models"))
        self.models_link.setCursor(Qt.CursorShape.PointingHandCursor)
        self.models_link.clicked.connect(self.modelsRequested.emit)
        for widget in (self.model_label, self.models_link, self.load_bar, self.speed_label, self.context_label):
            self.addWidget(widget)
        for widget in (self.task_bar, self.memory_label, self.memory_bar):
            self.addPermanentWidget(widget)

    # -- the model ------------------------------------------------------------------------------
    def model_loading(self, name: str) -> None:
        self.model_label.setText(self.tr("Loading %s…") % name)
        self.load_bar.setRange(0, 100)
        self.load_bar.setValue(2)
        self.load_bar.show()

    def load_progress(self, percent: int, detail: str) -> None:
        self.load_bar.setValue(percent)
        self.model_label.setText(detail)

    def model_ready(self, name: str, context_length: int) -> None:
        self.load_bar.hide()
        self.model_label.setText(name + (f" · {context_length:,} ctx" if context_length else ""))

    def point_to_models(self, bundled: bool) -> None:
        """While the small bundled model answers, the link says what the Models page is for."""
        self.models_link.setText(self.tr("Get a better model") if bundled else self.tr("Models"))

    def model_failed(self) -> None:
        self.load_bar.hide()
        self.model_label.setText(self.tr("No model loaded"))

    def answer_shown(self, result: Any) -> None:
        """Speed and context use of the last answer (a services.AnswerShown)."""
        if result.tokens_per_second:
            self.speed_label.setText(f"{result.tokens_per_second:.1f} tok/s")
        if result.context_length:
            used = result.prompt_tokens + max(1, len(result.text) // 4)
            cached = f", {result.cached_tokens:,} cached" if result.cached_tokens else ""
            self.context_label.setText(self.tr("context %s / %s%s") % (f"{used:,}", f"{result.context_length:,}",
                                                                        cached))

    # -- memory ---------------------------------------------------------------------------------
    def memory_state(self, state: str, percent: int, detail: str) -> None:
        labels = {"idle": self.tr("Memory: idle"), "observing": self.tr("Memory: observing…"),
                  "reflecting": self.tr("Memory: reflecting…"), "off": self.tr("Memory: off"),
                  "failed": self.tr("Memory: failed")}
        self.memory_label.setText(labels.get(state, f"Memory: {state}"))
        self.memory_label.setToolTip(detail or "")
        busy = state in MEMORY_BUSY
        self.memory_bar.setVisible(busy)
        if busy:
            if percent < 0:
                self.memory_bar.setRange(0, 0)
            else:
                self.memory_bar.setRange(0, 100)
                self.memory_bar.setValue(percent)
        if state == "failed" and detail:
            self.memory_label.setText(self.tr("Memory: failed (%s)") % detail[:80])
