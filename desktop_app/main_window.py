"""The main window: lays out the sidebar, chat, memory and models pages and the status bar, and starts the workers.

Behaviour lives elsewhere: the chat page's in ``ChatController``, one-off work
in ``TaskDispatcher`` jobs, model choice in ``ModelPicker`` and ``ModelsPage`` (which runs its own
download and survey workers). The window owns the
five worker threads (model loader, chat, background memory, forget planner,
one-off tasks) and connects them with queued signals; it is the only place
that knows all the parts, and it holds no SQL.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QMainWindow, QSplitter, QStackedWidget, QToolButton,
                               QVBoxLayout, QWidget)

from memory_core.storage.store import Store
from models.choice import model_to_run

from . import services, theme
from .chat_controller import ChatController, ChatWidgets
from .chat_view import ChatView, Composer
from .forget_dialog import ForgetDialog
from .model_picker import ModelPicker, model_spec
from .models_page import ModelsPage
from .settings_dialog import AppSettings, SettingsDialog
from .sidebar import Sidebar
from .status_bar import StatusBar
from .tasks import ForgetJob, TaskDispatcher, TaskRunner
from .timeline import TimelineView
from .transfers import TransferFlow
from .workers import ForgetPlanner, MemoryRunner, ModelLoader, ModelSpec, ChatWorker, friendly, start_worker, \
    stop_thread


class MainWindow(QMainWindow):
    # window -> workers (queued: each worker lives on its own thread)
    _load = Signal(object)
    _model_ready = Signal(object, object, object)
    _memory_kick = Signal(str)
    _observe_now = Signal()
    _memory_enabled = Signal(bool)
    # for tests and the screenshot tour
    answerFinished = Signal()
    taskFinished = Signal(str)
    modelReady = Signal()
    memoryCycle = Signal()

    def __init__(self, store: Store, data_dir: Path, *, model_factory: Callable[[ModelSpec], Any] | None = None,
                 embedder_factory: Callable[[], Any] | None = None, autoload: bool = True,
                 settings_scope: str = "Mneme", models_survey: Callable[[Path], tuple] | None = None):
        super().__init__()
        self.store = store
        self.data_dir = Path(data_dir)
        self.settings = AppSettings.load(store)
        self.qsettings = QSettings(settings_scope, "Mneme")
        self.model: Any = None
        self.embedder: Any = None
        self.memory_engine: Any = None
        self._models_survey = models_survey
        #: what the last load asked for ("" = the bundled model)
        self.loaded_model_path = ""
        self._retired_models: list[Any] = []
        self.setWindowTitle("Mneme")
        self.setWindowIcon(theme.app_icon())
        self.setMinimumSize(860, 560)
        self._build()
        self._start_workers(model_factory, embedder_factory)
        self._connect()
        self._shortcuts()
        self._restore_geometry()
        self.chat.refresh_threads()
        self.timeline.set_store(self.store)
        self.chat.apply_temporary_ui()
        if autoload:
            QTimer.singleShot(0, self.load_model)

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.sidebar = Sidebar()
        self.chat_page = QWidget()
        chat = QVBoxLayout(self.chat_page)
        chat.setContentsMargins(0, 0, 0, 0)
        chat.setSpacing(0)
        chat.addWidget(self._top_bar())
        self.chat_view = ChatView()
        chat.addWidget(self.chat_view, 1)
        chat.addWidget(self._composer_row())
        self.timeline = TimelineView()
        self.models_page = ModelsPage(self.data_dir, survey=self._models_survey)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.chat_page)
        self.pages.addWidget(self.timeline)
        self.pages.addWidget(self.models_page)
        self.splitter = QSplitter()
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.pages)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(1)
        self.setCentralWidget(self.splitter)
        self.status = StatusBar()
        self.setStatusBar(self.status)

    def _composer_row(self) -> QWidget:
        bottom = QWidget()
        row = QHBoxLayout(bottom)
        row.setContentsMargins(16, 6, 16, 4)
        column = QVBoxLayout()
        self.composer = Composer()
        self.composer.setMaximumWidth(800)
        hint = QLabel(self.tr("Enter to send · Shift+Enter for a new line · Esc to stop"))
        hint.setObjectName("Hint")
        hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.composer)
        column.addWidget(hint)
        row.addStretch(1)
        row.addLayout(column, 100)
        row.addStretch(1)
        return bottom

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
        self.model_picker = ModelPicker(self.data_dir, self.qsettings)
        self.model_picker.fill(self.current_model_path())
        layout.addWidget(self.model_picker)
        self.temp_button = QToolButton()
        self.temp_button.setIcon(theme.icon("ghost"))
        self.temp_button.setIconSize(QSize(20, 20))
        self.temp_button.setCheckable(True)
        self.temp_button.setToolTip(self.tr("Temporary chat: not saved, never read or written to memory"))
        self.temp_button.setAccessibleName(self.tr("Temporary chat"))
        layout.addWidget(self.temp_button)
        return bar

    def _shortcuts(self) -> None:
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.new_chat)
        QShortcut(QKeySequence("Ctrl+F"), self, activated=self.focus_search)
        QShortcut(QKeySequence("Ctrl+,"), self, activated=self.open_settings)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, activated=self.chat.stop)

    # -- workers and wiring -------------------------------------------------------------------------
    def _start_workers(self, model_factory, embedder_factory) -> None:
        connect = self.store.connect
        self.loader = ModelLoader(model_factory, embedder_factory)
        self.chat_worker = ChatWorker(connect)
        self.memory_runner = MemoryRunner(self.store)
        self.planner = ForgetPlanner(connect)
        self.tasks = TaskRunner(connect)
        self.threads = [start_worker(self.loader, "mneme-loader"), start_worker(self.chat_worker, "mneme-chat"),
                        start_worker(self.memory_runner, "mneme-memory"),
                        start_worker(self.planner, "mneme-planner"), start_worker(self.tasks, "mneme-tasks")]
        self.dispatcher = TaskDispatcher(self.tasks, self.status.task_bar, self)
        widgets = ChatWidgets(self.sidebar, self.chat_view, self.composer, self.chat_title, self.temp_pill,
                              self.temp_button)
        self.chat = ChatController(self.store, self.settings, widgets, self.chat_worker, self.dispatcher, self)

    def _connect(self) -> None:
        self._load.connect(self.loader.load)
        self.loader.progress.connect(self.status.load_progress)
        self.loader.loaded.connect(self._model_loaded)
        self.loader.failed.connect(self._model_failed)
        for worker in (self.chat_worker, self.memory_runner, self.planner):
            self._model_ready.connect(worker.set_model)
        # a forget job asks the chat worker (not the window) to clear the model's cache
        self.tasks.cacheResetRequested.connect(self.chat_worker.reset_cache)
        self.dispatcher.taskFinished.connect(self.taskFinished)
        self._memory_kick.connect(self.memory_runner.kick)
        self._observe_now.connect(self.memory_runner.observe_now)
        self._memory_enabled.connect(self.memory_runner.set_enabled)
        self.memory_runner.cycleDone.connect(self._memory_cycle)
        self.memory_runner.state.connect(self._memory_state)
        self._memory_enabled.emit(self.settings.memory_enabled)

        self.sidebar.newChatRequested.connect(self.new_chat)
        self.sidebar.threadSelected.connect(self.chat.open_thread)
        self.sidebar.renameRequested.connect(self.chat.rename_thread)
        self.sidebar.deleteRequested.connect(self.chat.delete_thread)
        self.sidebar.searchChanged.connect(self.search)
        self.sidebar.hitActivated.connect(self.chat.open_message)
        self.sidebar.pageRequested.connect(self.show_page)
        self.sidebar.settingsRequested.connect(self.open_settings)
        self.timeline.forgetRequested.connect(self.forget_item)
        self.timeline.forgetAboutRequested.connect(self.forget_about)
        self.timeline.openMessage.connect(self.chat.open_message)
        self.chat_view.memoryChosen.connect(self.show_memory)
        self.timeline.observeRequested.connect(self.observe_now)
        self.model_picker.modelChosen.connect(self.use_model_file)
        self.models_page.useRequested.connect(self.use_model_file)
        self.models_page.modelsChanged.connect(lambda: self.model_picker.fill(self.current_model_path()))
        self.chat_view.modelsRequested.connect(lambda: self.show_page("models"))
        self.status.modelsRequested.connect(lambda: self.show_page("models"))

        self.chat.chatPageWanted.connect(lambda: self.show_page("chat"))
        self.chat.titleChanged.connect(lambda title: self.setWindowTitle(f"{title} — Mneme"))
        self.chat.generatingChanged.connect(lambda busy: self.model_picker.setEnabled(not busy))
        self.chat.answerShown.connect(self.status.answer_shown)
        self.chat.memoryDue.connect(self._memory_kick)
        self.chat.threadsChanged.connect(lambda: self.timeline.set_store(self.store))
        self.chat.answerFinished.connect(self.answerFinished)

    # -- the chat page (behaviour in ChatController) ------------------------------------------------
    @property
    def current_thread(self) -> str | None:
        return self.chat.current_thread

    def send(self, text: str | None = None) -> bool:
        return self.chat.send(text)

    def regenerate(self) -> None:
        self.chat.regenerate()

    def new_chat(self) -> None:
        self.chat.new_chat()

    def rename_thread(self, thread_id: str) -> None:
        self.chat.rename_thread(thread_id)

    def delete_thread(self, thread_id: str, forget_memories: bool | None = None) -> None:
        self.chat.delete_thread(thread_id, forget_memories)

    def search(self, text: str) -> None:
        try:
            hits = services.search_chats(self.store, text) if text.strip() else []
        except Exception as exc:  # noqa: BLE001 - a query never breaks the window
            hits = []
            self.status.showMessage(friendly(exc), 4000)
        self.sidebar.show_results(text, hits)

    def focus_search(self) -> None:
        self.show_page("chat")
        self.sidebar.search.setFocus()
        self.sidebar.search.selectAll()

    def show_page(self, page: str) -> None:
        widgets = {"memory": self.timeline, "models": self.models_page}
        self.pages.setCurrentWidget(widgets.get(page, self.chat_page))
        self.sidebar.set_page(page)
        if page == "models":
            self.models_page.ensure_surveyed()
        if page == "memory":
            self.timeline.reload_chats()
            self.timeline.reload()

    def show_memory(self, kind: str, item_id: int) -> bool:
        """A used memory under an answer was clicked: select it in the timeline (a message opens in its chat)."""
        if kind == "message":
            thread_id = services.message_thread(self.store, item_id)
            if thread_id is None:
                return False
            self.chat.open_message(thread_id, item_id)
            return True
        self.show_page("memory")
        return self.timeline.reveal(kind, item_id)

    # -- the model ------------------------------------------------------------------------------
    def use_model_file(self, path: str, _name: str = "") -> None:
        """The picker or the Models page chose a model: record it as the default and load it.

        Chats and memories live in the database, not in the model, so all of them stay.
        """
        if path == self.loaded_model_path and self.model is not None:
            return
        self._switch_model(path)

    def _switch_model(self, path: str) -> None:
        self._record_choice(path)
        self.settings.model_path = path
        self._save_settings()
        self.model_picker.fill(path)
        self.load_model()

    def _record_choice(self, path: str) -> None:
        """``mneme models use`` and the next start see the same model as this window."""
        from models.choice import choose_model

        try:
            choose_model(self.data_dir, Path(path) if path else None)
        except OSError as exc:
            self.status.showMessage(self.tr("Could not record the default model: %s") % exc, 6000)

    def current_model_path(self) -> str:
        """The model to run (see ``models.choice.model_to_run``); "" is the bundled model."""
        return model_to_run(self.data_dir, self.settings.model_path)

    def load_model(self) -> None:
        self.loaded_model_path = self.current_model_path()
        spec = model_spec(self.settings, self.loaded_model_path)
        if spec is None:
            self._model_failed(self.tr("No model: the bundled model is not installed. Add a GGUF file with the "
                                       "model picker."))
            return
        self.chat.stop()
        self.status.model_loading(spec.name)
        self.model_picker.setEnabled(False)
        self._load.emit(spec)

    def _model_loaded(self, model: Any, embedder: Any, name: str) -> None:
        old, self.model, self.embedder = self.model, model, embedder
        self._connect_engine()
        self.chat.model_ready = True
        self.model_picker.setEnabled(True)
        self.status.model_ready(name, getattr(model, "context_length", 0))
        bundled = not self.loaded_model_path
        self.status.point_to_models(bundled)
        self.chat_view.show_model_hint(bundled)
        if old is not None and old is not model and hasattr(old, "close"):
            # Closed a second later (a worker may still hold it for a moment). The window keeps the reference:
            # handing ``old.close`` itself to singleShot crashed PySide6 when the timer fired.
            self._retired_models.append(old)
            QTimer.singleShot(1000, self._close_retired_models)
        self.modelReady.emit()

    def _close_retired_models(self) -> None:
        while self._retired_models:
            self._retired_models.pop().close()

    def _connect_engine(self) -> None:
        """(Re)build the memory engine for the loaded model and hand it to the workers."""
        try:
            self.memory_engine = services.make_memory_engine(
                self.store, self.model, self.embedder, message_tokens=self.settings.message_tokens,
                observation_tokens=self.settings.observation_tokens)
        except Exception as exc:  # noqa: BLE001 - chat still works; memory says why it cannot
            self.memory_engine = None
            self._memory_state("failed", -1, friendly(exc))
        self._model_ready.emit(self.model, self.embedder, self.memory_engine)

    def _model_failed(self, message: str) -> None:
        self.status.model_failed()
        self.model_picker.setEnabled(True)
        self.chat_view.show_error(self.tr("The model could not be loaded: %s") % message)

    # -- memory ---------------------------------------------------------------------------------
    def _memory_state(self, state: str, percent: int, detail: str) -> None:
        self.status.memory_state(state, percent, detail)
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
        return self._open_forget(ForgetDialog(self.planner, kind, item_id, parent=self))

    def forget_about(self) -> ForgetDialog:
        return self._open_forget(ForgetDialog(self.planner, about=True, parent=self))

    def _open_forget(self, dialog: ForgetDialog) -> ForgetDialog:
        def forgotten(receipt: Any) -> None:
            dialog.show_receipt(receipt)
            self.timeline.set_store(self.store)
            self.chat.after_forget()

        dialog.confirmed.connect(lambda plan: self.dispatcher.submit(ForgetJob(plan), forgotten,
                                                                     dialog.show_failure))
        dialog.open()
        return dialog

    # -- settings, import and export -------------------------------------------------------------------
    def _save_settings(self) -> None:
        try:
            self.settings.save(self.store)
        except Exception as exc:  # noqa: BLE001
            self.status.showMessage(self.tr("Settings not saved: %s") % friendly(exc), 6000)

    def open_settings(self) -> SettingsDialog:
        self.settings.model_path = self.current_model_path()
        dialog = SettingsDialog(self.settings, self.data_dir, self)
        dialog.transfers = TransferFlow(self.dispatcher, dialog, self._after_import)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.values()))
        dialog.open()
        return dialog

    def _after_import(self) -> None:
        self.chat.refresh_threads()
        self.timeline.set_store(self.store)

    def apply_settings(self, new: AppSettings) -> None:
        reload = new.model_key() != self.settings.model_key()
        memory_changed = new.memory_enabled != self.settings.memory_enabled
        thresholds = (new.message_tokens, new.observation_tokens) != (self.settings.message_tokens,
                                                                      self.settings.observation_tokens)
        if new.model_path != self.settings.model_path:
            self._record_choice(new.model_path)
        self.settings = self.chat.settings = new
        self._save_settings()
        if memory_changed:
            self._memory_enabled.emit(new.memory_enabled)
        if reload:
            self.model_picker.fill(new.model_path)
            self.load_model()
        elif thresholds and self.model is not None:
            self._connect_engine()

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
        self.memory_runner.request_stop()
        self.models_page.shutdown()
        for thread in self.threads:
            stop_thread(thread)
        for worker in (self.chat_worker, self.memory_runner, self.planner, self.tasks):
            worker.close()
