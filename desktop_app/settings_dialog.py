"""Settings: the model and its parameters, memory, privacy, data (location, export, import).

Values live in the encrypted store's ``settings`` table (``AppSettings``), so
they travel with a backup. Export and import run on the task worker with a
progress bar; this dialog only asks for paths and reports.
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QProgressBar, QPushButton, QSpinBox, QTabWidget, QVBoxLayout,
                               QWidget)

from memory_core.storage.store import Store

from . import theme

SETTINGS_KEY = "desktop.settings"


@dataclass
class AppSettings:
    model_path: str = ""  # "" = the bundled model
    context_length: int = 4096
    threads: int = 0  # 0 = automatic
    #: -1: automatic (all that fit on a GPU build of llama.cpp, none on a CPU-only build); 0: CPU only
    gpu_layers: int = -1
    memory_enabled: bool = True
    message_tokens: int = 0  # 0 = scale with the model's context (the engine's default)
    observation_tokens: int = 0
    temporary_by_default: bool = False
    max_answer_tokens: int = 512

    @classmethod
    def load(cls, store: Store) -> "AppSettings":
        raw = store.get_setting(SETTINGS_KEY, {}) or {}
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in raw.items() if k in known})

    def save(self, store: Store) -> None:
        store.set_setting(SETTINGS_KEY, asdict(self))

    def model_key(self) -> tuple:
        return (self.model_path, self.context_length, self.threads, self.gpu_layers)


def _spin(low: int, high: int, value: int, name: str, special: str = "", step: int = 1) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setValue(value)
    box.setAccessibleName(name)
    if special:
        box.setSpecialValueText(special)
    return box


class SettingsDialog(QDialog):
    exportRequested = Signal(str, str)  # kind (backup|json), path
    importRequested = Signal(str)

    def __init__(self, settings: AppSettings, data_dir: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.setMinimumSize(560, 480)
        self.data_dir = Path(data_dir)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 14)
        tabs = QTabWidget()
        tabs.setDocumentMode(True)
        tabs.addTab(self._model_tab(settings), theme.icon("chat"), self.tr("Model"))
        tabs.addTab(self._memory_tab(settings), theme.icon("memory"), self.tr("Memory"))
        tabs.addTab(self._data_tab(), theme.icon("folder"), self.tr("Data"))
        layout.addWidget(tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Save).setProperty("primary", True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.original = settings

    def _model_tab(self, s: AppSettings) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(8, 14, 8, 8)
        row = QHBoxLayout()
        self.model_path = QLineEdit(s.model_path)
        self.model_path.setPlaceholderText(self.tr("Bundled: SmolLM2-135M-Instruct"))
        self.model_path.setAccessibleName(self.tr("Model file"))
        browse = QPushButton(self.tr("Choose GGUF…"))
        browse.clicked.connect(self._browse_model)
        row.addWidget(self.model_path, 1)
        row.addWidget(browse)
        form.addRow(self.tr("Model"), row)
        self.context_length = _spin(512, 131072, s.context_length, self.tr("Context length"), step=512)
        form.addRow(self.tr("Context length (tokens)"), self.context_length)
        self.threads = _spin(0, max(os.cpu_count() or 1, 1) * 2, s.threads, self.tr("CPU threads"),
                             self.tr("Automatic"))
        form.addRow(self.tr("CPU threads"), self.threads)
        self.gpu_layers = _spin(-1, 999, s.gpu_layers, self.tr("GPU layers"), self.tr("Automatic"))
        self.gpu_layers.setToolTip(self.tr("Automatic: every layer that fits in the GPU's free memory when this "
                                           "llama.cpp build has a GPU backend; 0: CPU only"))
        form.addRow(self.tr("GPU layers"), self.gpu_layers)
        self.max_answer = _spin(32, 8192, s.max_answer_tokens, self.tr("Longest answer"), step=64)
        form.addRow(self.tr("Longest answer (tokens)"), self.max_answer)
        hint = QLabel(self.tr("Changes reload the model in the background; chats stay open."))
        hint.setObjectName("Hint")
        form.addRow(hint)
        return page

    def _memory_tab(self, s: AppSettings) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(8, 14, 8, 8)
        self.memory_enabled = QCheckBox(self.tr("Remember across chats"))
        self.memory_enabled.setChecked(s.memory_enabled)
        self.memory_enabled.setAccessibleName(self.tr("Memory on"))
        form.addRow(self.memory_enabled)
        self.temporary = QCheckBox(self.tr("Start new chats as temporary (not saved, no memory)"))
        self.temporary.setChecked(s.temporary_by_default)
        self.temporary.setAccessibleName(self.tr("Temporary chats by default"))
        form.addRow(self.temporary)
        self.message_tokens = _spin(0, 200000, s.message_tokens, self.tr("Observe after"), self.tr("Automatic"), 250)
        form.addRow(self.tr("Observe after (unobserved tokens)"), self.message_tokens)
        self.observation_tokens = _spin(0, 200000, s.observation_tokens, self.tr("Reflect after"),
                                        self.tr("Automatic"), 250)
        form.addRow(self.tr("Reflect after (observation tokens)"), self.observation_tokens)
        hint = QLabel(self.tr("Automatic scales the thresholds with the model's context length."))
        hint.setObjectName("Hint")
        hint.setWordWrap(True)
        form.addRow(hint)
        return page

    def _data_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(8, 14, 8, 8)
        where = QGroupBox(self.tr("Location"))
        box = QHBoxLayout(where)
        path = QLabel(str(self.data_dir))
        path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        path.setWordWrap(True)
        open_button = QPushButton(theme.icon("folder"), self.tr("Open"))
        open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.data_dir))))
        box.addWidget(path, 1)
        box.addWidget(open_button)
        layout.addWidget(where)
        hint = QLabel(self.tr("To use another folder start Mneme with --data-dir PATH or set MNEME_DATA_DIR."))
        hint.setObjectName("Hint")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        out = QGroupBox(self.tr("Export and import"))
        grid = QVBoxLayout(out)
        backup = QPushButton(theme.icon("export"), self.tr("Encrypted backup of everything…"))
        backup.clicked.connect(lambda: self._export("backup"))
        readable = QPushButton(theme.icon("export"), self.tr("Readable JSON export of the memory…"))
        readable.clicked.connect(lambda: self._export("json"))
        imp = QPushButton(theme.icon("import"), self.tr("Import chats (JSONL or ChatGPT export)…"))
        imp.clicked.connect(self._import)
        for button in (backup, readable, imp):
            button.setStyleSheet("text-align: left;")
            grid.addWidget(button)
        self.progress = QProgressBar()
        self.progress.setAccessibleName(self.tr("Export or import progress"))
        self.progress.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("Hint")
        grid.addWidget(self.progress)
        grid.addWidget(self.status)
        layout.addWidget(out)
        layout.addStretch(1)
        return page

    def _browse_model(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a GGUF model"), str(Path.home()),
                                              self.tr("GGUF models (*.gguf)"))
        if path:
            self.model_path.setText(path)

    def _export(self, kind: str) -> None:
        suffix = "mneme-backup" if kind == "backup" else "json"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export to"), str(Path.home() / f"mneme-export.{suffix}"))
        if path:
            self.exportRequested.emit(kind, path)

    def _import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import chats"), str(Path.home()),
                                              self.tr("Chat exports (*.jsonl *.json);;All files (*)"))
        if path:
            self.importRequested.emit(path)

    def ask_backup_passphrase(self) -> str | None:
        """A backup has its own passphrase, so it opens on another machine without this one's keyring."""
        from PySide6.QtWidgets import QInputDialog

        first, ok = QInputDialog.getText(self, self.tr("Backup passphrase"), self.tr(
            "Choose a passphrase for the backup file (at least 8 characters).\n"
            "Without it the backup cannot be restored."), QLineEdit.EchoMode.Password)
        if not ok:
            return None
        again, ok = QInputDialog.getText(self, self.tr("Backup passphrase"), self.tr("Type it again"),
                                         QLineEdit.EchoMode.Password)
        if not ok:
            return None
        if first != again:
            self.report_done(self.tr("The two passphrases differ; no backup was written."))
            return None
        return first

    def report_progress(self, percent: int, detail: str) -> None:
        self.progress.show()
        if percent < 0:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 100)
            self.progress.setValue(percent)
        self.status.setText(detail)

    def report_done(self, text: str) -> None:
        self.progress.hide()
        self.status.setText(text)

    def values(self) -> AppSettings:
        return AppSettings(
            model_path=self.model_path.text().strip(), context_length=self.context_length.value(),
            threads=self.threads.value(), gpu_layers=self.gpu_layers.value(),
            memory_enabled=self.memory_enabled.isChecked(), message_tokens=self.message_tokens.value(),
            observation_tokens=self.observation_tokens.value(), temporary_by_default=self.temporary.isChecked(),
            max_answer_tokens=self.max_answer.value())
