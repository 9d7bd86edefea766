"""The chat page's behaviour: which chat is open, sending, streaming, stopping, regenerating, chat CRUD.

The window owns the widgets and the worker threads; this controller owns the
conversation state (open thread, temporary mode, the request in flight) and is
the only one that talks to the chat worker. It never touches the database
except through ``services`` on the UI's own connection, for quick reads and
small writes; long work (deleting a chat) goes to the task dispatcher as a job.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QInputDialog, QMessageBox

from memory_core.errors import MnemeError
from memory_core.storage.store import Store

from . import services
from .chat_view import ChatMessage, ChatView, Composer
from .settings_dialog import AppSettings
from .sidebar import Sidebar
from .tasks import DeleteThreadJob, TaskDispatcher
from .workers import ChatRequest, ChatWorker, friendly


@dataclass
class Pending:
    """A request in flight: what to give back if it fails."""

    text: str | None
    bubble: Any
    thread: str | None
    temporary: bool


@dataclass
class ChatWidgets:
    """The widgets of the chat page the controller drives."""

    sidebar: Sidebar
    chat_view: ChatView
    composer: Composer
    chat_title: Any
    temp_pill: Any
    temp_button: Any


class ChatController(QObject):
    generate = Signal(object)  # ChatRequest -> chat worker (queued)
    generatingChanged = Signal(bool)
    answerShown = Signal(object)  # services.AnswerShown, for the status bar
    answerFinished = Signal()
    memoryDue = Signal(str)  # a stored chat got a new exchange: the memory worker may observe it
    threadsChanged = Signal()  # a chat was deleted or renamed: the memory page reloads
    chatPageWanted = Signal()
    titleChanged = Signal(str)

    def __init__(self, store: Store, settings: AppSettings, widgets: ChatWidgets, worker: ChatWorker,
                 dispatcher: TaskDispatcher, parent: QObject):
        super().__init__(parent)
        self.store, self.settings, self.w, self.worker, self.dispatcher = store, settings, widgets, worker, dispatcher
        self.dialog_parent = parent
        self.current_thread: str | None = None
        self.temporary = settings.temporary_by_default
        self.temp_thread = services.temporary_thread_id()
        self.generating = False
        self.model_ready = False
        self._rids = itertools.count(1)
        self.pending: dict[int, Pending] = {}
        self.generate.connect(worker.generate)
        worker.userStored.connect(self._user_stored)
        worker.token.connect(self._token)
        worker.finished.connect(self._finished)
        worker.failed.connect(self._failed)
        widgets.composer.sendRequested.connect(self.send)
        widgets.composer.stopRequested.connect(self.stop)
        widgets.temp_button.toggled.connect(self.set_temporary)
        widgets.chat_view.regenerateRequested.connect(self.regenerate)
        widgets.chat_view.suggestionChosen.connect(self._suggestion)

    # -- chats ----------------------------------------------------------------------------------
    def refresh_threads(self) -> None:
        try:
            threads = services.list_threads(self.store)
        except Exception as exc:  # noqa: BLE001
            self.w.chat_view.show_error(friendly(exc))
            return
        self.w.sidebar.set_threads(threads, self.current_thread)

    def new_chat(self) -> None:
        self.stop()
        self.chatPageWanted.emit()
        self.current_thread = None
        self.temp_thread = services.temporary_thread_id()
        self.w.chat_view.clear()
        self.w.sidebar.select(None)
        self.set_temporary(self.settings.temporary_by_default)
        self.apply_temporary_ui()
        self.w.composer.edit.setFocus()

    def open_thread(self, thread_id: str) -> None:
        self.stop()
        self.chatPageWanted.emit()
        self._set_temp_button(False)
        self.temporary = False
        self.current_thread = thread_id
        try:
            messages = services.thread_messages(self.store, thread_id)
        except Exception as exc:  # noqa: BLE001
            self.w.chat_view.show_error(friendly(exc))
            return
        used = services.thread_answer_memories(self.store, thread_id)
        cautions = services.thread_cautions(self.store, messages)
        self.w.chat_view.set_messages([ChatMessage(m.id, m.role, m.text, m.created_at, used.get(m.id, []),
                                                   cautions.get(m.id, [])) for m in messages])
        self.w.sidebar.select(thread_id)
        self.apply_temporary_ui()

    def open_message(self, thread_id: str, message_id: int) -> None:
        self.open_thread(thread_id)
        QTimer.singleShot(0, self, lambda: self.w.chat_view.jump_to(message_id))

    def _thread_title(self, thread_id: str) -> str | None:
        info = next((t for t in services.list_threads(self.store) if t.id == thread_id), None)
        return info.title if info else None

    def rename_thread(self, thread_id: str) -> None:
        title, ok = QInputDialog.getText(self.dialog_parent, self.tr("Rename chat"), self.tr("Title"),
                                         text=self._thread_title(thread_id) or "")
        if not ok:
            return
        try:
            services.rename_thread(self.store, thread_id, title)
        except MnemeError as exc:
            QMessageBox.warning(self.dialog_parent, "Mneme", str(exc))
            return
        self.refresh_threads()
        self.apply_temporary_ui()

    def delete_thread(self, thread_id: str, forget_memories: bool | None = None) -> None:
        """Ask whether to forget what was drawn from the chat (ChatGPT keeps it silently), then delete."""
        if forget_memories is None:
            forget_memories = self._ask_forget_memories(services.thread_memories(self.store, thread_id))
            if forget_memories is None:
                return

        def done(_receipt: Any) -> None:
            if self.current_thread == thread_id:
                self.current_thread = None
                self.w.chat_view.clear()
                self.apply_temporary_ui()
            self.refresh_threads()
            self.threadsChanged.emit()

        self.dispatcher.submit(DeleteThreadJob(thread_id, forget_memories), done)

    def _ask_forget_memories(self, drawn: services.ThreadMemories) -> bool | None:
        box = QMessageBox(self.dialog_parent)
        box.setWindowTitle(self.tr("Delete chat"))
        box.setIcon(QMessageBox.Icon.Question)
        box.setText(self.tr("Delete this chat?"))
        box.setInformativeText(self.tr(
            "Mneme drew %d memories from it (%d observations, %d facts). Deleting the chat alone keeps them; "
            "forgetting them too removes everything it learned here.") % (
            drawn.total, drawn.observations, drawn.facts) if drawn.total else
            self.tr("No memories were drawn from it yet."))
        both = box.addButton(self.tr("Delete and forget its memories"), QMessageBox.ButtonRole.DestructiveRole)
        only = (box.addButton(self.tr("Delete, keep memories"), QMessageBox.ButtonRole.AcceptRole)
                if drawn.total else None)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(both)
        box.exec()
        if box.clickedButton() is both:
            return True
        if only is not None and box.clickedButton() is only:
            return False
        return None

    def after_forget(self) -> None:
        """A forget may have removed the open chat or some of its messages: show what is left."""
        self.refresh_threads()
        if self.current_thread and self._thread_title(self.current_thread) is None:
            self.current_thread = None
            self.w.chat_view.clear()
        elif self.current_thread:
            self.open_thread(self.current_thread)
        self.apply_temporary_ui()

    # -- temporary chats --------------------------------------------------------------------------
    def _set_temp_button(self, on: bool) -> None:
        self.w.temp_button.blockSignals(True)
        self.w.temp_button.setChecked(on)
        self.w.temp_button.blockSignals(False)

    def set_temporary(self, on: bool) -> None:
        if on == self.temporary and self.w.temp_button.isChecked() == on:
            return
        self.temporary = on
        self._set_temp_button(on)
        if on:
            self.current_thread = None
            self.temp_thread = services.temporary_thread_id()
            self.w.chat_view.clear()
            self.w.sidebar.select(None)
        self.apply_temporary_ui()

    def apply_temporary_ui(self) -> None:
        self.w.temp_pill.setVisible(self.temporary)
        self._set_temp_button(self.temporary)
        title = self.tr("Temporary chat") if self.temporary else self.tr("New chat")
        if self.current_thread:
            title = self._thread_title(self.current_thread) or self.tr("Chat")
        self.w.chat_title.setText(title)
        self.titleChanged.emit(title)

    # -- sending --------------------------------------------------------------------------------
    def _suggestion(self, text: str) -> None:
        self.w.composer.set_text(text)
        self.w.composer.edit.setFocus()

    def _request(self, text: str | None) -> ChatRequest:
        thread = self.temp_thread if self.temporary else (self.current_thread or "")
        return ChatRequest(thread, text, temporary=self.temporary,
                           use_memory=self.settings.memory_enabled and not self.temporary,
                           max_tokens=self.settings.max_answer_tokens, request_id=next(self._rids))

    def send(self, text: str | None = None) -> bool:
        """Send what is in the composer. The text leaves the box only once it is on its way."""
        text = self.w.composer.text() if text is None else text
        if not text.strip() or self.generating:
            return False
        if not self.model_ready:
            self.w.chat_view.show_error(self.tr("The model is still loading. Your message is kept; send it when "
                                                "the status bar says the model is ready."))
            return False
        if not self.temporary and self.current_thread is None:
            try:
                self.current_thread = services.new_thread(self.store, services.title_from(text))
            except Exception as exc:  # noqa: BLE001 - e.g. the database became read-only
                self.w.chat_view.show_error(self.tr("Could not start a chat: %s. Your text is kept.")
                                            % friendly(exc))
                return False
            self.refresh_threads()
            self.apply_temporary_ui()
        bubble = self.w.chat_view.add_user(text)
        self.w.composer.set_text("")
        request = self._request(text)
        self.pending[request.request_id] = Pending(text, bubble, self.current_thread, self.temporary)
        self._begin(request)
        return True

    def regenerate(self, _message_id: int = -1) -> None:
        if self.generating or not self.model_ready:
            return
        last = self.w.chat_view.last_answer()
        if last is None:
            return
        request = self._request(None)
        self.pending[request.request_id] = Pending(None, None, None if self.temporary else self.current_thread,
                                                   self.temporary)
        self.w.chat_view.remove_bubble(last)
        self._begin(request)

    def _begin(self, request: ChatRequest) -> None:
        self.generating = True
        self.w.composer.set_generating(True)
        self.generatingChanged.emit(True)
        self.w.chat_view.begin_answer()
        self.generate.emit(request)

    def stop(self) -> None:
        """Esc: the worker's token loop sees the flag within one token."""
        if self.generating:
            self.worker.cancel.set()

    def _user_stored(self, rid: int, _thread_id: str, message_id: int) -> None:
        info = self.pending.get(rid)
        if info and info.bubble is not None:
            info.bubble.message.id = message_id
        self.refresh_threads()

    def _token(self, rid: int, piece: str) -> None:
        if rid in self.pending:
            self.w.chat_view.append_token(piece)

    def _done_generating(self) -> None:
        self.generating = False
        self.w.composer.set_generating(False)
        self.generatingChanged.emit(False)
        self.worker.cancel.clear()

    def _finished(self, rid: int, result: services.AnswerShown) -> None:
        info = self.pending.pop(rid, None)
        self._done_generating()
        meta = []
        if result.tokens_per_second:
            meta.append(f"{result.tokens_per_second:.1f} tok/s")
        if result.stopped:
            meta.append(self.tr("stopped"))
        elif result.cut_short:
            meta.append(self.tr("cut short: %s") % result.cut_short)
        bubble = self.w.chat_view.finish_answer(result.assistant_message_id, " · ".join(meta))
        if bubble is not None:
            bubble.set_cautions(list(result.cautions))
        if bubble is not None and result.assistant_message_id is not None:
            bubble.set_memories(services.answer_memories(self.store, result.assistant_message_id))
        if info is not None and info.bubble is not None and result.user_message_id is not None:
            info.bubble.message.id = result.user_message_id
        self.answerShown.emit(result)
        if info is not None and info.thread:
            self.refresh_threads()
            self.memoryDue.emit(info.thread)
        self.answerFinished.emit()

    def _failed(self, rid: int, stage: str, message: str, _partial: str) -> None:
        info = self.pending.pop(rid, None) or Pending(None, None, None, False)
        self._done_generating()
        view = self.w.chat_view
        if stage == "store":
            # nothing was stored: take the bubbles away and give the text back
            view.finish_answer(None)
            if info.bubble is not None:
                view.remove_bubble(info.bubble)
            if info.text:
                self.w.composer.restore(info.text)
            view.show_error(self.tr("Your message was not sent: %s. The text is back in the box.") % message)
        elif stage == "model":
            view.finish_answer(None, self.tr("interrupted"))
            if info.bubble is not None and info.bubble.message.id is None and info.text and not info.temporary:
                self.w.composer.restore(info.text)
            view.show_error(self.tr("The model stopped with an error: %s. Your message is saved; "
                                    "use Regenerate or send again.") % message)
        else:
            view.finish_answer(None, self.tr("not saved"))
            view.show_error(self.tr("The answer could not be saved: %s") % message)
        self.answerFinished.emit()
