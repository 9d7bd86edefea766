"""The model picker in the top bar: the bundled model, GGUFs in the models folder, recent files, "Add…".

It only chooses: it emits ``modelChosen(path)`` ("" is the bundled model) and
the window loads it. ``model_spec`` turns the settings into what the loader needs.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from . import theme
from .settings_dialog import AppSettings
from .workers import ModelSpec

ADD_MODEL = "__add__"
RECENT_KEY = "models/recent"
RECENT_KEPT = 10


def bundled_choice() -> tuple[str, str] | None:
    """(display name, path) of the bundled model, or None when its package is not installed."""
    try:
        from models.bundled import BUNDLED_MODEL_NAME, bundled_model_path

        return BUNDLED_MODEL_NAME, str(bundled_model_path())
    except Exception:  # noqa: BLE001 - no bundled model installed: the picker says so
        return None


def model_spec(settings: AppSettings, path: str | None = None) -> ModelSpec | None:
    """What to load: ``path`` (default: the settings' model), "" the bundled model (None: there is none).

    GPU layers -1 in the settings means automatic (``ModelSpec.gpu_layers`` None).
    """
    s = settings
    path = s.model_path if path is None else path
    gpu_layers = None if s.gpu_layers < 0 else s.gpu_layers
    if path:
        return ModelSpec(path, Path(path).stem, s.context_length, s.threads, gpu_layers)
    bundled = bundled_choice()
    if bundled is None:
        return None
    return ModelSpec(bundled[1], bundled[0], s.context_length, s.threads, gpu_layers)


class ModelPicker(QComboBox):
    modelChosen = Signal(str)  # a GGUF path; "" is the bundled model

    def __init__(self, data_dir: Path, qsettings: QSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.data_dir, self.qsettings = Path(data_dir), qsettings
        self.current_path = ""
        self.setAccessibleName(self.tr("Model"))
        self.setToolTip(self.tr("The model that answers"))
        self.setMinimumWidth(220)
        self.activated.connect(self._chosen)

    def fill(self, current_path: str) -> None:
        """List every model found, with ``current_path`` selected."""
        from models.catalog import models_dir

        self.current_path = current_path
        self.blockSignals(True)
        self.clear()
        bundled = bundled_choice()
        if bundled:
            self.addItem(theme.icon("chat"), bundled[0], "")
        seen = set()
        folder = models_dir(self.data_dir)
        candidates = sorted(folder.glob("*.gguf")) if folder.is_dir() else []
        extra = [Path(p) for p in self._recent() if p]
        if current_path:
            extra.insert(0, Path(current_path))
        for path in candidates + extra:
            if str(path) in seen or not path.exists():
                continue
            seen.add(str(path))
            self.addItem(theme.icon("chat"), path.stem, str(path))
        self.addItem(theme.icon("plus"), self.tr("Add a GGUF model from disk…"), ADD_MODEL)
        self.setCurrentIndex(max(self.findData(current_path), 0))
        self.blockSignals(False)

    def _recent(self) -> list[str]:
        return list(self.qsettings.value(RECENT_KEY, []) or [])

    def _chosen(self, index: int) -> None:
        data = self.itemData(index)
        if data == ADD_MODEL:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a GGUF model"), str(Path.home()),
                                                  self.tr("GGUF models (*.gguf)"))
            if not path:
                self.fill(self.current_path)
                return
            self.qsettings.setValue(RECENT_KEY, [path] + [p for p in self._recent() if p != path][:RECENT_KEPT - 1])
            data = path
        self.modelChosen.emit(data)
