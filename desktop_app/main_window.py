"""The main window: sidebar, chat page, memory page, status bar; it wires widgets to workers.

The window owns four workers on their own threads (model loader, chat,
background memory, one-off tasks) and talks to them only through the
queued signals declared below, plus the chat worker's stop flag.
"""
from __future__ import annotations

import itertools
import threading
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFrame, QHBoxLayout, QInputDialog, QLabel, QMainWindow,
                               QMessageBox, QProgressBar, QSplitter, QStackedWidget, QToolButton,
                               QVBoxLayout, QWidget)

from memory_core.errors import MnemeError
from memory_core.storage.store import Store

from . import services, theme
from .chat_view import ChatMessage, ChatView, Composer
from .forget_dialog import ForgetDialog
from .settings_dialog import AppSettings, SettingsDialog
from .sidebar import Sidebar
from .timeline import TimelineView
from .workers import (ChatRequest, ChatWorker, MemoryRunner, ModelLoader, ModelSpec, TaskRunner, friendly,
                      start_worker, stop_thread)

ADD_MODEL = "__add__"


def bundled_choice() -> tuple[str, str] | None:
    try:
        from models.bundled import BUNDLED_MODEL_NAME, bundled_model_path

        return BUNDLED_MODEL_NAME, str(bundled_model_path())
    except Exception:  # noqa: BLE001 - no bundled model installed: the picker says so
        return None


class MainWindow(QMainWindow):
    # window -> workers (queued: each worker lives on its own thread)
    _load = Signal(object)
    _generate = Signal(object)
    _model_ready = Signal(object, object, object)
    _memory_kick = Signal(str)
    _observe_now = Signal()
    _memory_enabled = Signal(bool)
    _run_task = Signal(str, object)
    # for tests and the screenshot tour
    answerFinished = Signal()
    taskFinished = Signal(str)
    modelReady = Signal()
    memoryCycle = Signal()

    def __init__(self, store: Store, data_dir: Path, *, model_factory: Callable[[ModelSpec], Any] | None = None,
                 embedder_factory: Callable[[], Any] | None = None, autoload: bool = True,
                 settings_scope: str = "Mneme"):
        super().__init__()
        self.store = store
        self.data_dir = Path(data_dir)
        self.settings = AppSettings.load(store)
        self.qsettings = QSettings(settings_scope, "Mneme")
        self.model: Any = None
        self.embedder: Any = None
        self.model_name = ""
        self.current_thread: str | None = None
        self.temporary = self.settings.temporary_by_default
        self.temp_thread = services.temporary_thread_id()
        self.generating = False
        self._rids = itertools.count(1)
        self.pending: dict[int, dict[str, Any]] = {}
        self._task_ids = itertools.count(1)
        self._task_handlers: dict[str, tuple[Callable, Callable | None, Callable | None]] = {}
        self.model_lock = threading.Lock()
        self.setWindowTitle("Mneme")
        self.setWindowIcon(theme.app_icon())
        self.setMinimumSize(860, 560)
        self._build()
        self._start_workers(model_factory, embedder_factory)
        self._shortcuts()
        self._restore_geometry()
        self.refresh_threads()
        self.timeline.set_store(self.store)
        self._apply_temporary_ui()
        if autoload:
            QTimer.singleShot(0, self.load_model)

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.sidebar = Sidebar()
        self.sidebar.newChatRequested.connect(self.new_chat)
        self.sidebar.threadSelected.connect(self.open_thread)
        self.sidebar.renameRequested.connect(self.rename_thread)
        self.sidebar.deleteRequested.connect(self.delete_thread)
        self.sidebar.searchChanged.connect(self.search)
        self.sidebar.hitActivated.connect(self.open_message)
        self.sidebar.pageRequested.connect(self.show_page)
        self.sidebar.settingsRequested.connect(self.open_settings)

        self.chat_page = QWidget()
        chat = QVBoxLayout(self.chat_page)
        chat.setContentsMargins(0, 0, 0, 0)
        chat.setSpacing(0)
        chat.addWidget(self._top_bar())
        self.chat_view = ChatView()
        self.chat_view.regenerateRequested.connect(self.regenerate)
        self.chat_view.memoryChosen.connect(self.show_memory)
        self.chat_view.suggestionChosen.connect(lambda text: (self.composer.set_text(text),
                                                              self.composer.edit.setFocus()))
        chat.addWidget(self.chat_view, 1)
        bottom = QWidget()
        bottom_layout = QHBoxLayout(bottom)
        bottom_layout.setContentsMargins(16, 6, 16, 4)
        column = QVBoxLayout()
        self.composer = Composer()
        self.composer.sendRequested.connect(self.send)
        self.composer.stopRequested.connect(self.stop)
        self.composer.setMaximumWidth(800)
        self.hint = QLabel(self.tr("Enter to send · Shift+Enter for a new line · Esc to stop"))
        self.hint.setObjectName("Hint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.composer)
        column.addWidget(self.hint)
        bottom_layout.addStretch(1)
        bottom_layout.addLayout(column, 100)
        bottom_layout.addStretch(1)
        chat.addWidget(bottom)

        self.timeline = TimelineView()
        self.timeline.forgetRequested.connect(self.forget_item)
        self.timeline.forgetAboutRequested.connect(self.forget_about)
        self.timeline.openMessage.connect(self.open_message)
        self.timeline.observeRequested.connect(self.observe_now)

        self.pages = QStackedWidget()
        self.pages.addWidget(self.chat_page)
        self.pages.addWidget(self.timeline)
        self.splitter = QSplitter()
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.pages)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(1)
        self.setCentralWidget(self.splitter)
        self._status_bar()

    def _top_bar(self) -> QWidget:
        bar = QFrame()
        bar.setObjectName("TopBar")
        layout = QHBoxLayout(bar)
        layout.setContentsMargins(18, 10, 14, 10)
        self.chat_title = QLabel(self.tr("New chat"))
        self.chat_title.setObjectName("ChatTitle")
        self.chat_title.setAccessibleName(self.tr("Chat title"))
        self.temp_pill = QLabel(self.tr("Temporary · not saved, no memory"))
        self.temp_pill.setObjectName("TempPill")
        layout.addWidget(self.chat_title)
        layout.addWidget(self.temp_pill)
        layout.addStretch(1)
        self.model_picker = QComboBox()
        self.model_picker.setAccessibleName(self.tr("Model"))
        self.model_picker.setToolTip(self.tr("The model that answers"))
        self.model_picker.setMinimumWidth(220)
        self.model_picker.activated.connect(self._model_chosen)
        layout.addWidget(self.model_picker)
        self.temp_button = QToolButton()
        self.temp_button.setIcon(theme.icon("ghost"))
        self.temp_button.setIconSize(QSize(20, 20))
        self.temp_button.setCheckable(True)
        self.temp_button.setToolTip(self.tr("Temporary chat: not saved, never read or written to memory"))
        self.temp_button.setAccessibleName(self.tr("Temporary chat"))
        self.temp_button.toggled.connect(self.set_temporary)
        layout.addWidget(self.temp_button)
        self._fill_model_picker()
        return bar

    def _status_bar(self) -> None:
        status = self.statusBar()
        status.setSizeGripEnabled(False)
        self.status_model = QLabel(self.tr("Starting…"))
        self.status_model.setAccessibleName(self.tr("Model status"))
        self.load_bar = QProgressBar()
        self.load_bar.setObjectName("LoadBar")
        self.load_bar.setFixedWidth(140)
        self.load_bar.setAccessibleName(self.tr("Model loading progress"))
        self.load_bar.hide()
        self.status_speed = QLabel("")
        self.status_speed.setAccessibleName(self.tr("Speed"))
        self.status_context = QLabel("")
        self.status_context.setAccessibleName(self.tr("Context use"))
        self.status_memory = QLabel(self.tr("Memory: idle"))
        self.status_memory.setAccessibleName(self.tr("Memory state"))
        self.memory_bar = QProgressBar()
        self.memory_bar.setFixedWidth(90)
        self.memory_bar.setAccessibleName(self.tr("Memory progress"))
        self.memory_bar.hide()
        self.task_bar = QProgressBar()
        self.task_bar.setFixedWidth(120)
        self.task_bar.setAccessibleName(self.tr("Task progress"))
        self.task_bar.hide()
        status.addWidget(self.status_model)
        status.addWidget(self.load_bar)
        status.addWidget(self.status_speed)
        status.addWidget(self.status_context)
        status.addPermanentWidget(self.task_bar)
        status.addPermanentWidget(self.status_memory)
        status.addPermanentWidget(self.memory_bar)

    def _shortcuts(self) -> None:
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.new_chat)
        QShortcut(QKeySequence("Ctrl+F"), self, activated=self.focus_search)
        QShortcut(QKeySequence("Ctrl+,"), self, activated=self.open_settings)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, activated=self.stop)

    # -- workers ----------------------------------------------------------------------------------
    def _start_workers(self, model_factory, embedder_factory) -> None:
        connect = self.store.connect
        self.loader = ModelLoader(model_factory, embedder_factory)
        self.chat_worker = ChatWorker(connect)
        self.chat_worker.lock = self.model_lock
        self.memory_runner = MemoryRunner(connect, self.store)
        self.tasks = TaskRunner(connect)
        self.threads = [start_worker(self.loader, "mneme-loader"), start_worker(self.chat_worker, "mneme-chat"),
                        start_worker(self.memory_runner, "mneme-memory"), start_worker(self.tasks, "mneme-tasks")]
        self._load.connect(self.loader.load)
        self.loader.progress.connect(self._load_progress)
        self.loader.loaded.connect(self._model_loaded)
        self.loader.failed.connect(self._model_failed)
        self._generate.connect(self.chat_worker.generate)
        self._model_ready.connect(self.chat_worker.set_model)
        self._model_ready.connect(self.memory_runner.set_model)
        self.chat_worker.userStored.connect(self._user_stored)
        self.chat_worker.token.connect(self._token)
        self.chat_worker.finished.connect(self._finished)
        self.chat_worker.failed.connect(self._failed)
        self._memory_kick.connect(self.memory_runner.kick)
        self._observe_now.connect(self.memory_runner.observe_now)
        self.memory_runner.cycleDone.connect(self._memory_cycle)
        self._memory_enabled.connect(self.memory_runner.set_enabled)
        self.memory_runner.state.connect(self._memory_state)
        self._run_task.connect(self.tasks.run)
        self.tasks.progress.connect(self._task_progress)
        self.tasks.done.connect(self._task_done)
        self.tasks.failed.connect(self._task_failed)
        self._memory_enabled.emit(self.settings.memory_enabled)

    def run_task(self, fn: Callable, on_done: Callable | None = None, on_failed: Callable | None = None,
                 on_progress: Callable | None = None) -> str:
        task_id = f"task-{next(self._task_ids)}"
        self._task_handlers[task_id] = (on_done, on_failed, on_progress)
        self.task_bar.setRange(0, 0)
        self.task_bar.show()
        self._run_task.emit(task_id, fn)
        return task_id

    def _task_progress(self, task_id: str, percent: int, detail: str) -> None:
        if percent >= 0:
            self.task_bar.setRange(0, 100)
            self.task_bar.setValue(percent)
        handler = self._task_handlers.get(task_id, (None, None, None))[2]
        if handler:
            handler(percent, detail)

    def _task_done(self, task_id: str, result: Any) -> None:
        on_done = self._task_handlers.pop(task_id, (None, None, None))[0]
        if not self._task_handlers:
            self.task_bar.hide()
        if on_done:
            on_done(result)
        self.taskFinished.emit(task_id)

    def _task_failed(self, task_id: str, message: str) -> None:
        on_failed = self._task_handlers.pop(task_id, (None, None, None))[1]
        if not self._task_handlers:
            self.task_bar.hide()
        if on_failed:
            on_failed(message)
        else:
            QMessageBox.warning(self, "Mneme", message)
        self.taskFinished.emit(task_id)

    def reset_model_cache(self, _receipt: Any = None) -> None:
        """Called on the task thread after a forget: no cached token of the forgotten text survives.

        Waits for a running answer to finish (the chat worker holds the lock while generating).
        """
        with self.model_lock:
            if self.model is not None and hasattr(self.model, "reset_cache"):
                self.model.reset_cache()

    # -- model --------------------------------------------------------------------------------
    def _fill_model_picker(self) -> None:
        from models.catalog import models_dir

        self.model_picker.blockSignals(True)
        self.model_picker.clear()
        bundled = bundled_choice()
        if bundled:
            self.model_picker.addItem(theme.icon("chat"), bundled[0], "")
        seen = set()
        folder = models_dir(self.data_dir)
        candidates = sorted(folder.glob("*.gguf")) if folder.is_dir() else []
        extra = [Path(p) for p in (self.qsettings.value("models/recent", []) or []) if p]
        if self.settings.model_path:
            extra.insert(0, Path(self.settings.model_path))
        for path in candidates + extra:
            if str(path) in seen or not path.exists():
                continue
            seen.add(str(path))
            self.model_picker.addItem(theme.icon("chat"), path.stem, str(path))
        self.model_picker.addItem(theme.icon("plus"), self.tr("Add a GGUF model from disk…"), ADD_MODEL)
        index = self.model_picker.findData(self.settings.model_path)
        self.model_picker.setCurrentIndex(max(index, 0))
        self.model_picker.blockSignals(False)

    def _model_chosen(self, index: int) -> None:
        data = self.model_picker.itemData(index)
        if data == ADD_MODEL:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a GGUF model"), str(Path.home()),
                                                  self.tr("GGUF models (*.gguf)"))
            if not path:
                self._fill_model_picker()
                return
            recent = [p for p in (self.qsettings.value("models/recent", []) or []) if p != path]
            self.qsettings.setValue("models/recent", [path] + recent[:9])
            data = path
        if data == self.settings.model_path and self.model is not None:
            return
        self.settings.model_path = data
        self._save_settings()
        self._fill_model_picker()
        self.load_model()

    def model_spec(self) -> ModelSpec | None:
        s = self.settings
        if s.model_path:
            return ModelSpec(s.model_path, Path(s.model_path).stem, s.context_length, s.threads, s.gpu_layers)
        bundled = bundled_choice()
        if bundled is None:
            return None
        return ModelSpec(bundled[1], bundled[0], s.context_length, s.threads, s.gpu_layers)

    def load_model(self) -> None:
        spec = self.model_spec()
        if spec is None:
            self._model_failed(self.tr("No model: the bundled model is not installed. Add a GGUF file with the "
                                       "model picker."))
            return
        if self.generating:
            self.stop()
        self.status_model.setText(self.tr("Loading %s…") % spec.name)
        self.load_bar.setRange(0, 100)
        self.load_bar.setValue(2)
        self.load_bar.show()
        self.model_picker.setEnabled(False)
        self._load.emit(spec)

    def _load_progress(self, percent: int, detail: str) -> None:
        self.load_bar.setValue(percent)
        self.status_model.setText(detail)

    def _model_loaded(self, model: Any, embedder: Any, name: str) -> None:
        with self.model_lock:
            old, self.model = self.model, model
        self.embedder = embedder
        self.model_name = name
        self._connect_engine()
        self.load_bar.hide()
        self.model_picker.setEnabled(True)
        ctx = getattr(model, "context_length", 0)
        self.status_model.setText(f"{name}" + (f" · {ctx:,} ctx" if ctx else ""))
        if old is not None and old is not model and hasattr(old, "close"):
            QTimer.singleShot(1000, self, old.close)
        self.modelReady.emit()

    def _connect_engine(self) -> None:
        """(Re)build the memory engine for the loaded model and hand it to the chat and memory workers."""
        try:
            self.memory_engine = services.make_memory_engine(
                self.store, self.model, self.embedder, message_tokens=self.settings.message_tokens,
                observation_tokens=self.settings.observation_tokens)
        except Exception as exc:  # noqa: BLE001 - chat still works; memory says why it cannot
            self.memory_engine = None
            self._memory_state("failed", -1, friendly(exc))
        self._model_ready.emit(self.model, self.embedder, self.memory_engine)

    def _model_failed(self, message: str) -> None:
        self.load_bar.hide()
        self.model_picker.setEnabled(True)
        self.status_model.setText(self.tr("No model loaded"))
        self.chat_view.show_error(self.tr("The model could not be loaded: %s") % message)

    # -- chats ----------------------------------------------------------------------------------
    def refresh_threads(self) -> None:
        try:
            threads = services.list_threads(self.store)
        except Exception as exc:  # noqa: BLE001
            self.chat_view.show_error(friendly(exc))
            return
        self.sidebar.set_threads(threads, self.current_thread)

    def new_chat(self) -> None:
        if self.generating:
            self.stop()
        self.show_page("chat")
        self.current_thread = None
        self.temp_thread = services.temporary_thread_id()
        self.chat_view.clear()
        self.sidebar.select(None)
        self.set_temporary(self.settings.temporary_by_default)
        self._apply_temporary_ui()
        self.composer.edit.setFocus()

    def open_thread(self, thread_id: str) -> None:
        if self.generating:
            self.stop()
        self.show_page("chat")
        self.temp_button.blockSignals(True)
        self.temp_button.setChecked(False)
        self.temp_button.blockSignals(False)
        self.temporary = False
        self.current_thread = thread_id
        try:
            messages = services.thread_messages(self.store, thread_id)
        except Exception as exc:  # noqa: BLE001
            self.chat_view.show_error(friendly(exc))
            return
        used = services.thread_answer_memories(self.store, thread_id)
        self.chat_view.set_messages([ChatMessage(m.id, m.role, m.text, m.created_at, used.get(m.id, []))
                                     for m in messages])
        self.sidebar.select(thread_id)
        self._apply_temporary_ui()

    def open_message(self, thread_id: str, message_id: int) -> None:
        self.open_thread(thread_id)
        QTimer.singleShot(0, self, lambda: self.chat_view.jump_to(message_id))

    def show_memory(self, kind: str, item_id: int) -> bool:
        """A used memory under an answer was clicked: select it in the timeline (a message opens in its chat)."""
        if kind == "message":
            thread_id = services.message_thread(self.store, item_id)
            if thread_id is None:
                return False
            self.open_message(thread_id, item_id)
            return True
        self.show_page("memory")
        return self.timeline.reveal(kind, item_id)

    def rename_thread(self, thread_id: str) -> None:
        info = next((t for t in services.list_threads(self.store) if t.id == thread_id), None)
        title, ok = QInputDialog.getText(self, self.tr("Rename chat"), self.tr("Title"),
                                         text=info.title if info else "")
        if not ok:
            return
        try:
            services.rename_thread(self.store, thread_id, title)
        except MnemeError as exc:
            QMessageBox.warning(self, "Mneme", str(exc))
            return
        self.refresh_threads()
        self._apply_temporary_ui()

    def delete_thread(self, thread_id: str, forget_memories: bool | None = None) -> None:
        """Ask whether to forget what was drawn from the chat (ChatGPT keeps it silently), then delete."""
        if forget_memories is None:
            counts = services.thread_memory_counts(self.store, thread_id)
            drawn = counts["observations"] + counts["facts"]
            box = QMessageBox(self)
            box.setWindowTitle(self.tr("Delete chat"))
            box.setIcon(QMessageBox.Icon.Question)
            box.setText(self.tr("Delete this chat?"))
            box.setInformativeText(self.tr(
                "Mneme drew %d memories from it (%d observations, %d facts). Deleting the chat alone keeps them; "
                "forgetting them too removes everything it learned here.") % (
                drawn, counts["observations"], counts["facts"]) if drawn else
                self.tr("No memories were drawn from it yet."))
            both = box.addButton(self.tr("Delete and forget its memories"), QMessageBox.ButtonRole.DestructiveRole)
            only = box.addButton(self.tr("Delete, keep memories"), QMessageBox.ButtonRole.AcceptRole) if drawn else None
            box.addButton(QMessageBox.StandardButton.Cancel)
            box.setDefaultButton(both)
            box.exec()
            if box.clickedButton() is both:
                forget_memories = True
            elif only is not None and box.clickedButton() is only:
                forget_memories = False
            else:
                return

        def done(_receipt: Any) -> None:
            if self.current_thread == thread_id:
                self.current_thread = None
                self.chat_view.clear()
                self._apply_temporary_ui()
            self.refresh_threads()
            self.timeline.set_store(self.store)

        self.run_task(lambda store, progress: services.delete_thread(
            store, thread_id, forget_memories=forget_memories, on_forgotten=self.reset_model_cache), done)

    def search(self, text: str) -> None:
        try:
            hits = services.search_chats(self.store, text) if text.strip() else []
        except Exception as exc:  # noqa: BLE001 - a query never breaks the window
            hits = []
            self.statusBar().showMessage(friendly(exc), 4000)
        self.sidebar.show_results(text, hits)

    def focus_search(self) -> None:
        self.show_page("chat")
        self.sidebar.search.setFocus()
        self.sidebar.search.selectAll()

    def show_page(self, page: str) -> None:
        self.pages.setCurrentWidget(self.timeline if page == "memory" else self.chat_page)
        self.sidebar.set_page(page)
        if page == "memory":
            self.timeline.reload_chats()
            self.timeline.reload()

    def set_temporary(self, on: bool) -> None:
        if on == self.temporary and self.temp_button.isChecked() == on:
            return
        self.temporary = on
        self.temp_button.blockSignals(True)
        self.temp_button.setChecked(on)
        self.temp_button.blockSignals(False)
        if on:
            self.current_thread = None
            self.temp_thread = services.temporary_thread_id()
            self.chat_view.clear()
            self.sidebar.select(None)
        self._apply_temporary_ui()

    def _apply_temporary_ui(self) -> None:
        self.temp_pill.setVisible(self.temporary)
        self.temp_button.setChecked(self.temporary)
        title = self.tr("Temporary chat") if self.temporary else self.tr("New chat")
        if self.current_thread:
            info = next((t for t in services.list_threads(self.store) if t.id == self.current_thread), None)
            title = (info.title if info and info.title else self.tr("Chat"))
        self.chat_title.setText(title)
        self.setWindowTitle(f"{title} — Mneme")

    # -- sending --------------------------------------------------------------------------------
    def send(self, text: str | None = None) -> bool:
        """Send what is in the composer. The text leaves the box only once it is on its way."""
        text = self.composer.text() if text is None else text
        if not text.strip() or self.generating:
            return False
        if self.model is None:
            self.chat_view.show_error(self.tr("The model is still loading. Your message is kept; send it when "
                                              "the status bar says the model is ready."))
            return False
        if not self.temporary and self.current_thread is None:
            try:
                self.current_thread = services.new_thread(self.store, services.title_from(text))
            except Exception as exc:  # noqa: BLE001 - e.g. the database became read-only
                self.chat_view.show_error(self.tr("Could not start a chat: %s. Your text is kept.") % friendly(exc))
                return False
            self.refresh_threads()
            self._apply_temporary_ui()
        rid = next(self._rids)
        bubble = self.chat_view.add_user(text)
        self.composer.set_text("")
        request = ChatRequest(self.temp_thread if self.temporary else self.current_thread, text,
                              temporary=self.temporary, use_memory=self.settings.memory_enabled and not self.temporary,
                              max_tokens=self.settings.max_answer_tokens, request_id=rid)
        self.pending[rid] = {"text": text, "bubble": bubble, "thread": self.current_thread,
                             "temporary": self.temporary}
        self._begin(request)
        return True

    def regenerate(self, message_id: int = -1) -> None:
        if self.generating or self.model is None:
            return
        last = self.chat_view.last_answer()
        if last is None:
            return
        rid = next(self._rids)
        request = ChatRequest(self.temp_thread if self.temporary else self.current_thread or "", None,
                              temporary=self.temporary, use_memory=self.settings.memory_enabled and not self.temporary,
                              max_tokens=self.settings.max_answer_tokens, request_id=rid)
        self.pending[rid] = {"text": None, "bubble": None, "thread": None if self.temporary else self.current_thread}
        self.chat_view.remove_bubble(last)
        self._begin(request)

    def _begin(self, request: ChatRequest) -> None:
        self.generating = True
        self.composer.set_generating(True)
        self.model_picker.setEnabled(False)
        self.chat_view.begin_answer()
        self._generate.emit(request)

    def stop(self) -> None:
        """Esc: the worker's token loop sees the flag within one token."""
        if self.generating:
            self.chat_worker.cancel.set()

    def _user_stored(self, rid: int, thread_id: str, message_id: int) -> None:
        info = self.pending.get(rid)
        if info and info.get("bubble") is not None and message_id > 0:
            info["bubble"].message.id = message_id
        self.refresh_threads()

    def _token(self, rid: int, piece: str) -> None:
        if rid in self.pending:
            self.chat_view.append_token(piece)

    def _done_generating(self) -> None:
        self.generating = False
        self.composer.set_generating(False)
        self.model_picker.setEnabled(True)
        self.chat_worker.cancel.clear()

    def _finished(self, rid: int, result: services.TurnResult) -> None:
        info = self.pending.pop(rid, {})
        self._done_generating()
        meta = []
        if result.tokens_per_second:
            meta.append(f"{result.tokens_per_second:.1f} tok/s")
        if result.stopped:
            meta.append(self.tr("stopped"))
        bubble = self.chat_view.finish_answer(result.assistant_message_id, " · ".join(meta))
        if bubble is not None and result.assistant_message_id is not None and self.store is not None:
            bubble.set_memories(services.answer_memories(self.store, result.assistant_message_id))
        if info.get("bubble") is not None and result.user_message_id is not None:
            info["bubble"].message.id = result.user_message_id
        if result.tokens_per_second:
            self.status_speed.setText(f"{result.tokens_per_second:.1f} tok/s")
        if result.context_length:
            used = result.prompt_tokens + max(1, len(result.text) // 4)
            cached = f", {result.cached_tokens:,} cached" if result.cached_tokens else ""
            self.status_context.setText(self.tr("context %s / %s%s") % (f"{used:,}", f"{result.context_length:,}",
                                                                          cached))
        if info.get("thread"):
            self.refresh_threads()
            self._memory_kick.emit(info["thread"])
        self.answerFinished.emit()

    def _failed(self, rid: int, stage: str, message: str, partial: str) -> None:
        info = self.pending.pop(rid, {})
        self._done_generating()
        if stage == "store":
            # nothing was stored: take the bubbles away and give the text back
            self.chat_view.finish_answer(None)
            if info.get("bubble") is not None:
                self.chat_view.remove_bubble(info["bubble"])
            if info.get("text"):
                self.composer.restore(info["text"])
            self.chat_view.show_error(self.tr("Your message was not sent: %s. The text is back in the box.")
                                      % message)
        elif stage == "model":
            self.chat_view.finish_answer(None, self.tr("interrupted"))
            if (info.get("bubble") is not None and info["bubble"].message.id is None and info.get("text")
                    and not info.get("temporary")):
                self.composer.restore(info["text"])
            self.chat_view.show_error(self.tr("The model stopped with an error: %s. Your message is saved; "
                                              "use Regenerate or send again.") % message)
        else:
            self.chat_view.finish_answer(None, self.tr("not saved"))
            self.chat_view.show_error(self.tr("The answer could not be saved: %s") % message)
        self.answerFinished.emit()

    # -- memory ---------------------------------------------------------------------------------
    def _memory_state(self, state: str, percent: int, detail: str) -> None:
        labels = {"idle": self.tr("Memory: idle"), "observing": self.tr("Memory: observing…"),
                  "reflecting": self.tr("Memory: reflecting…"), "off": self.tr("Memory: off"),
                  "failed": self.tr("Memory: failed")}
        self.status_memory.setText(labels.get(state, f"Memory: {state}"))
        self.status_memory.setToolTip(detail or "")
        busy = state in ("observing", "reflecting")
        self.memory_bar.setVisible(busy)
        if busy:
            if percent < 0:
                self.memory_bar.setRange(0, 0)
            else:
                self.memory_bar.setRange(0, 100)
                self.memory_bar.setValue(percent)
        if state == "failed" and detail:
            self.status_memory.setText(self.tr("Memory: failed (%s)") % detail[:80])
        if state == "idle" and self.pages.currentWidget() is self.timeline:
            self.timeline.reload()

    def observe_now(self) -> None:
        self._memory_state("observing", -1, "")
        self._observe_now.emit()

    def _memory_cycle(self, _report: Any) -> None:
        if self.pages.currentWidget() is self.timeline:
            self.timeline.reload()
        self.memoryCycle.emit()

    def forget_item(self, kind: str, item_id: int) -> ForgetDialog:
        dialog = ForgetDialog(self.store, kind, item_id, embedder=self.embedder, parent=self)
        self._wire_forget(dialog)
        dialog.open()
        return dialog

    def forget_about(self) -> ForgetDialog:
        dialog = ForgetDialog(self.store, about=True, embedder=self.embedder, parent=self)
        self._wire_forget(dialog)
        dialog.open()
        return dialog

    def _wire_forget(self, dialog: ForgetDialog) -> None:
        def execute(plan: Any) -> None:
            self.run_task(lambda store, progress: services.execute_forget(store, plan,
                                                                          on_forgotten=self.reset_model_cache),
                          lambda receipt: self._forgotten(dialog, receipt), dialog.show_failure)
        dialog.confirmed.connect(execute)

    def _forgotten(self, dialog: ForgetDialog, receipt: Any) -> None:
        dialog.show_receipt(receipt)
        self.timeline.set_store(self.store)
        self.refresh_threads()
        if self.current_thread and self.current_thread not in {t.id for t in services.list_threads(self.store)}:
            self.current_thread = None
            self.chat_view.clear()
        elif self.current_thread:
            self.open_thread(self.current_thread)
        self._apply_temporary_ui()

    # -- settings -------------------------------------------------------------------------------
    def _save_settings(self) -> None:
        try:
            self.settings.save(self.store)
        except Exception as exc:  # noqa: BLE001
            self.statusBar().showMessage(self.tr("Settings not saved: %s") % friendly(exc), 6000)

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self.data_dir, self)
        dialog.exportRequested.connect(lambda kind, path: self._export(dialog, kind, path))
        dialog.importRequested.connect(lambda path: self._import(dialog, path))
        dialog.accepted.connect(lambda: self.apply_settings(dialog.values()))
        dialog.open()
        return dialog

    def apply_settings(self, new: AppSettings) -> None:
        reload = new.model_key() != self.settings.model_key()
        memory_changed = new.memory_enabled != self.settings.memory_enabled
        thresholds = (new.message_tokens, new.observation_tokens) != (self.settings.message_tokens,
                                                                      self.settings.observation_tokens)
        self.settings = new
        self._save_settings()
        if memory_changed:
            self._memory_enabled.emit(new.memory_enabled)
        if reload:
            self._fill_model_picker()
            self.load_model()
        elif thresholds and self.model is not None:
            self._connect_engine()

    def _export(self, dialog: SettingsDialog, kind: str, path: str) -> None:
        passphrase = None
        if kind == "backup":
            passphrase = dialog.ask_backup_passphrase()
            if passphrase is None:
                return
        dialog.report_progress(-1, self.tr("Exporting…"))
        self.run_task(lambda store, progress: services.export_data(store, kind, Path(path), passphrase, progress),
                      lambda result: dialog.report_done(self.tr("Exported to %s") % path),
                      lambda message: dialog.report_done(self.tr("Export failed: %s") % message),
                      dialog.report_progress)

    def _import(self, dialog: SettingsDialog, path: str) -> None:
        dialog.report_progress(0, self.tr("Importing…"))

        def done(result: Any) -> None:
            dialog.report_done(self.tr("Imported: %s") % services.describe_import(result))
            self.refresh_threads()
            self.timeline.set_store(self.store)

        self.run_task(lambda store, progress: services.import_chats(store, Path(path), progress), done,
                      lambda message: dialog.report_done(self.tr("Import failed: %s") % message),
                      dialog.report_progress)

    # -- geometry and closing ---------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = self.qsettings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 760)
        state = self.qsettings.value("window/splitter")
        if state is not None:
            self.splitter.restoreState(state)
        else:
            self.splitter.setSizes([270, 910])

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/splitter", self.splitter.saveState())
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        if getattr(self, "_shut", False):
            return
        self._shut = True
        self.chat_worker.cancel.set()
        for thread in self.threads:
            stop_thread(thread)
        for worker in (self.chat_worker, self.memory_runner, self.tasks):
            worker.db.close()
