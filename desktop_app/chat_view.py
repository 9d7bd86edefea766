"""The conversation: message bubbles (Markdown answers, streaming), and the composer.

Streaming tokens are collected and re-rendered at most every 50 ms, so a fast
model cannot flood the event loop with layout work. Under each answer a
"Used N memories" control opens the memories that were in front of the model
for it (its stored provenance); each one links to the timeline.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QTextOption
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QScrollArea, QSizePolicy,
                               QToolButton, QVBoxLayout, QWidget)

from memory_core.clock import parse_iso

from . import theme
from .second_person import fact_display
from .markdown_view import plain_to_html, to_html

RENDER_INTERVAL_MS = 50
CONTENT_WIDTH = 780


@dataclass
class ChatMessage:
    id: int | None
    role: str
    text: str
    created_at: str = ""
    #: for answers: the memories it was generated with (memory_core's UsedMemory read model)
    memories: list[Any] = field(default_factory=list)
    #: for answers: allergies of the user's the answer names (memory_core.chat.cautions), one line each
    cautions: list[str] = field(default_factory=list)


KIND_LABELS = {"observation": "Observation", "reflection": "Reflection", "fact": "Fact", "message": "Message"}
KIND_ICONS = {"observation": "memory", "reflection": "memory", "fact": "fact", "message": "chat"}
MEMORY_LINK_CHARS = 90


def _time_label(iso: str) -> str:
    if not iso:
        return ""
    try:
        return parse_iso(iso).astimezone().strftime("%H:%M")
    except Exception:  # noqa: BLE001 - a label, never worth an error
        return ""


def _memory_link_text(memory: Any) -> str:
    text = " ".join(str(memory.text).split())
    if memory.kind == "fact":
        text = fact_display(text)
    if len(text) > MEMORY_LINK_CHARS:
        text = text[:MEMORY_LINK_CHARS - 1] + "…"
    when = ""
    try:
        when = parse_iso(memory.at).astimezone().strftime("%d %b, %H:%M")
    except Exception:  # noqa: BLE001 - a label, never worth an error
        pass
    via = " · recalled" if memory.via == "recalled" else ""
    return f"{KIND_LABELS.get(memory.kind, memory.kind)}{via} · {when}\n{text}" if when else text


class UsedMemories(QFrame):
    """The list under an answer: one link per memory it used; a click asks to show it in the timeline."""

    memoryChosen = Signal(str, int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("UsedMemories")
        self.setAccessibleName(self.tr("Memories used for this answer"))
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(8, 6, 8, 6)
        self.layout_.setSpacing(2)
        self.links: list[QPushButton] = []

    def set_memories(self, memories: list[Any]) -> None:
        for link in self.links:
            link.deleteLater()
        self.links = []
        muted = theme.tokens()["muted"]
        for memory in memories:
            link = QPushButton(_memory_link_text(memory))
            link.setObjectName("MemoryLink")
            link.setIcon(theme.icon(KIND_ICONS.get(memory.kind, "memory"), muted, 16))
            link.setIconSize(QSize(16, 16))
            link.setFlat(True)
            link.setCursor(Qt.CursorShape.PointingHandCursor)
            link.setToolTip(self.tr("Show %s:%s in the timeline") % (memory.kind, memory.id) if memory.kind != "message"
                            else self.tr("Open the message in its chat"))
            link.setAccessibleName(self.tr("Show memory: %s") % memory.text[:80])
            link.setProperty("memory_ref", f"{memory.kind}:{memory.id}")
            link.clicked.connect(lambda _=False, m=memory: self.memoryChosen.emit(m.kind, int(m.id)))
            self.layout_.addWidget(link)
            self.links.append(link)


class MessageBubble(QFrame):
    """One message: text (Markdown for answers), its actions, and for answers the memories it used."""

    copyRequested = Signal(str)
    regenerateRequested = Signal()
    memoryChosen = Signal(str, int)

    def __init__(self, message: ChatMessage, parent: QWidget | None = None):
        super().__init__(parent)
        self.message = message
        self.is_user = message.role == "user"
        self.setObjectName("UserBubble" if self.is_user else "BotBubble")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 8)
        layout.setSpacing(4)
        self.body = QLabel()
        self.body.setObjectName("MessageText")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                          Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.body.setOpenExternalLinks(False)
        self.body.setAccessibleName(self.tr("Your message") if self.is_user else self.tr("Mneme's answer"))
        layout.addWidget(self.body)
        self.caution = QLabel()
        self.caution.setObjectName("AnswerCaution")
        self.caution.setWordWrap(True)
        self.caution.setTextFormat(Qt.TextFormat.PlainText)
        self.caution.setVisible(False)
        layout.addWidget(self.caution)
        actions = QHBoxLayout()
        actions.setSpacing(2)
        self.meta = QLabel(_time_label(message.created_at))
        self.meta.setObjectName("MessageMeta")
        if self.is_user:
            self.meta.setStyleSheet("color: rgba(255,255,255,0.75);")
        self.copy_button = self._action("copy", self.tr("Copy"), lambda: self.copyRequested.emit(self.message.text))
        self.regen_button = self._action("regenerate", self.tr("Regenerate"), self.regenerateRequested.emit)
        self.regen_button.setVisible(False)
        self.used_button = QToolButton()
        self.used_button.setObjectName("UsedMemoriesButton")
        self.used_button.setCheckable(True)
        self.used_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.used_button.setIcon(theme.icon("memory", theme.tokens()["accent"], 14))
        self.used_button.setIconSize(QSize(14, 14))
        self.used_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.used_button.setToolTip(self.tr("The memories that were in front of the model for this answer"))
        self.used_button.toggled.connect(self._toggle_memories)
        self.used_button.setVisible(False)
        actions.addWidget(self.meta)
        actions.addWidget(self.used_button)
        actions.addStretch(1)
        actions.addWidget(self.copy_button)
        actions.addWidget(self.regen_button)
        layout.addLayout(actions)
        self.used_list = UsedMemories()
        self.used_list.memoryChosen.connect(self.memoryChosen)
        self.used_list.setVisible(False)
        layout.addWidget(self.used_list)
        self.set_memories(message.memories)
        self.set_cautions(message.cautions)
        self.render()

    def set_cautions(self, cautions: list[str]) -> None:
        """Under an answer, a warning line for each allergy it names (hidden when there is none)."""
        self.message.cautions = list(cautions) if not self.is_user else []
        text = "\n".join(f"\u26a0 {line}" for line in self.message.cautions)
        self.caution.setText(text)
        self.caution.setAccessibleName(self.tr("Caution: %s") % text if text else "")
        self.caution.setVisible(bool(text))

    def set_memories(self, memories: list[Any]) -> None:
        """Show "Used N memories" (hidden for user messages and for answers that used none)."""
        self.message.memories = list(memories)
        count = len(self.message.memories)
        self.used_button.setText(self.tr("Used 1 memory") if count == 1 else self.tr("Used %d memories") % count)
        self.used_button.setAccessibleName(self.used_button.text())
        self.used_button.setVisible(bool(count) and not self.is_user)
        self.used_list.set_memories(self.message.memories)
        if not count:
            self.used_button.setChecked(False)

    def _toggle_memories(self, on: bool) -> None:
        self.used_list.setVisible(on and bool(self.message.memories))

    def _action(self, icon: str, tip: str, slot) -> QToolButton:
        button = QToolButton()
        colour = "#ffffff" if self.is_user else theme.tokens()["muted"]
        button.setIcon(theme.icon(icon, colour, 16))
        button.setIconSize(QSize(16, 16))
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setProperty("flat", True)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(slot)
        return button

    def render(self) -> None:
        t = theme.tokens()
        if self.is_user:
            self.body.setText(plain_to_html(self.message.text))
            self._fit_user_width()
        else:
            shown = self.message.text or "…"
            self.body.setText(to_html(shown, code_bg=t["code_bg"], muted=t["muted"], text_colour=t["text"]))

    def _fit_user_width(self) -> None:
        """Short user messages get a snug bubble; QLabel's word-wrap size hint alone squeezes them."""
        metrics = self.body.fontMetrics()
        lines = self.message.text[:4000].splitlines() or [""]
        natural = max(metrics.horizontalAdvance(line) for line in lines[:200]) + 4
        self.body.setMinimumWidth(min(natural, max(self.maximumWidth() - 30, 120), 560))

    def setMaximumWidth(self, width: int) -> None:  # noqa: N802 - Qt override keeps the snug width in step
        super().setMaximumWidth(width)
        if self.is_user:
            self._fit_user_width()

    def set_highlight(self, on: bool) -> None:
        self.setProperty("highlight", on)
        self.style().unpolish(self)
        self.style().polish(self)

    def set_meta(self, text: str) -> None:
        self.meta.setText(text)


class ChatView(QScrollArea):
    """The scrolling conversation, centred at a comfortable reading width."""

    regenerateRequested = Signal(int)  # message id of the answer to replace
    suggestionChosen = Signal(str)
    memoryChosen = Signal(str, int)    # a used memory was clicked: (kind, id) to show in the timeline
    modelsRequested = Signal()  # the first-run pointer to the Models page

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ChatScroll")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAccessibleName(self.tr("Conversation"))
        canvas = QWidget()
        canvas.setObjectName("ChatCanvas")
        outer = QHBoxLayout(canvas)
        outer.setContentsMargins(16, 16, 16, 16)
        self.column = QWidget()
        self.column.setMaximumWidth(CONTENT_WIDTH)
        self.rows = QVBoxLayout(self.column)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(14)
        self.rows.addStretch(1)
        outer.addStretch(1)
        outer.addWidget(self.column, 100)
        outer.addStretch(1)
        self.setWidget(canvas)
        self.bubbles: list[MessageBubble] = []
        self.streaming: MessageBubble | None = None
        self._pending_render = False
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.timeout.connect(self._render_streaming)
        self._stick_to_bottom = True
        self.verticalScrollBar().rangeChanged.connect(self._follow)
        self.verticalScrollBar().valueChanged.connect(self._track)
        self.empty_state = self._make_empty_state()
        self.rows.insertWidget(0, self.empty_state)
        self.error_banner: QLabel | None = None

    # -- empty state ----------------------------------------------------------------
    def _make_empty_state(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 60, 0, 0)
        layout.setSpacing(10)
        logo = QLabel()
        logo.setPixmap(theme.app_icon().pixmap(64, 64))
        logo.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        title = QLabel(self.tr("What's on your mind?"))
        title.setObjectName("EmptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        note = QLabel(self.tr("Everything stays on this computer, encrypted. Mneme remembers what matters "
                              "across chats, and you can see and forget any of it in Memory."))
        note.setObjectName("EmptyState")
        note.setWordWrap(True)
        note.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(logo)
        layout.addWidget(title)
        layout.addWidget(note)
        # two lines: a button cannot wrap, and one line was wider than the chat area (clipped at both ends)
        self.model_hint = QPushButton(self.tr("Answers come from the small built-in model.\nFor better ones, "
                                              "get a model that fits this computer in Models →"))
        self.model_hint.setObjectName("ModelsLink")
        self.model_hint.setAccessibleName(self.tr("Open Models"))
        self.model_hint.setCursor(Qt.CursorShape.PointingHandCursor)
        self.model_hint.clicked.connect(self.modelsRequested.emit)
        self.model_hint.hide()
        layout.addWidget(self.model_hint, 0, Qt.AlignmentFlag.AlignHCenter)
        grid = QHBoxLayout()
        # a short label that fits the chip (a button cannot wrap: the whole prompt was clipped mid-word); the whole
        # prompt is sent, and shown as the tooltip
        for label, text in ((self.tr("Plan my week"), self.tr("Plan my week: gym on Tuesday, dentist Thursday")),
                            (self.tr("Explain list comprehensions"),
                             self.tr("Explain Python list comprehensions with an example")),
                            (self.tr("Short answers, metric units"),
                             self.tr("I prefer short answers and metric units"))):
            chip = QPushButton(label)
            chip.setToolTip(text)
            chip.setAccessibleName(text)
            chip.setObjectName("Suggestion")
            chip.setCursor(Qt.CursorShape.PointingHandCursor)
            chip.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            chip.clicked.connect(lambda _=False, t=text: self.suggestionChosen.emit(t))
            grid.addWidget(chip)
        layout.addSpacing(12)
        layout.addLayout(grid)
        return box

    def show_model_hint(self, visible: bool) -> None:
        """Point to the Models page while the small bundled model answers."""
        self.model_hint.setVisible(visible)

    # -- content -------------------------------------------------------------------
    def clear(self) -> None:
        for bubble in self.bubbles:
            bubble.holder.deleteLater()   # the row, avatar included (deleting the bubble alone left avatars behind)
        self.bubbles.clear()
        self.streaming = None
        self.clear_error()
        self.empty_state.show()

    def set_messages(self, messages: list[ChatMessage]) -> None:
        self.clear()
        for message in messages:
            self._append(message)
        self._update_regenerate()
        self._stick_to_bottom = True
        QTimer.singleShot(0, self.scroll_to_bottom)

    def _append(self, message: ChatMessage) -> MessageBubble:
        self.empty_state.hide()
        bubble = MessageBubble(message)
        bubble.copyRequested.connect(lambda text: QGuiApplication.clipboard().setText(text))
        bubble.regenerateRequested.connect(lambda b=bubble: self.regenerateRequested.emit(b.message.id or -1))
        bubble.memoryChosen.connect(self.memoryChosen)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        if bubble.is_user:
            row.addStretch(1)
            row.addWidget(bubble, 0)
        else:
            avatar = QLabel()
            avatar.setPixmap(theme.app_icon().pixmap(28, 28))
            avatar.setFixedSize(30, 30)
            row.addWidget(avatar, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(bubble, 1)
        holder = QWidget()
        holder.setLayout(row)
        bubble.holder = holder
        self.rows.insertWidget(self.rows.count() - 1, holder)
        self.bubbles.append(bubble)
        self._size_bubble(bubble)
        return bubble

    def _size_bubble(self, bubble: MessageBubble) -> None:
        width = min(self.viewport().width() - 32, CONTENT_WIDTH)
        if bubble.is_user:
            bubble.setMaximumWidth(max(240, int(width * 0.78)))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        for bubble in self.bubbles:
            self._size_bubble(bubble)

    def add_user(self, text: str, message_id: int | None = None, created_at: str = "") -> MessageBubble:
        self.clear_error()
        self._stick_to_bottom = True
        from memory_core.clock import to_iso, utc_now

        bubble = self._append(ChatMessage(message_id, "user", text, created_at or to_iso(utc_now())))
        self._update_regenerate()
        return bubble

    def remove_bubble(self, bubble: MessageBubble) -> None:
        if bubble in self.bubbles:
            self.bubbles.remove(bubble)
            bubble.holder.deleteLater()
        if not self.bubbles:
            self.empty_state.show()
        self._update_regenerate()

    def begin_answer(self) -> MessageBubble:
        self._stick_to_bottom = True
        self.streaming = self._append(ChatMessage(None, "assistant", ""))
        self.streaming.set_meta(self.tr("thinking…"))
        self._update_regenerate()
        return self.streaming

    def append_token(self, piece: str) -> None:
        if self.streaming is None:
            return
        self.streaming.message.text += piece
        if not self._render_timer.isActive():
            self._render_timer.start(RENDER_INTERVAL_MS)

    def _render_streaming(self) -> None:
        if self.streaming is not None:
            self.streaming.render()
            self.streaming.set_meta(self.tr("writing…"))

    def set_used_memories(self, message_id: int, memories: list[Any]) -> bool:
        """Attach an answer's used memories once it is stored (the stream knows no ids)."""
        bubble = self.bubble_for(message_id)
        if bubble is None:
            return False
        bubble.set_memories(memories)
        return True

    def finish_answer(self, message_id: int | None, meta: str = "") -> MessageBubble | None:
        bubble = self.streaming
        self.streaming = None
        self._render_timer.stop()
        if bubble is None:
            return None
        bubble.message.id = message_id
        bubble.render()
        from memory_core.clock import to_iso, utc_now

        bubble.set_meta(" · ".join(x for x in (_time_label(to_iso(utc_now())), meta) if x))
        if not bubble.message.text.strip():
            self.remove_bubble(bubble)
            return None
        self._update_regenerate()
        return bubble

    def last_answer(self) -> MessageBubble | None:
        return self.bubbles[-1] if self.bubbles and not self.bubbles[-1].is_user else None

    def _update_regenerate(self) -> None:
        last = self.bubbles[-1] if self.bubbles else None
        for bubble in self.bubbles:
            bubble.regen_button.setVisible(bubble is last and not bubble.is_user and self.streaming is None)

    # -- errors ----------------------------------------------------------------------
    def show_error(self, text: str) -> None:
        self.clear_error()
        self.empty_state.hide()
        banner = QLabel(text)
        banner.setObjectName("ErrorBanner")
        banner.setWordWrap(True)
        banner.setAccessibleName(self.tr("Error"))
        banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rows.insertWidget(self.rows.count() - 1, banner)
        self.error_banner = banner
        QTimer.singleShot(0, self.scroll_to_bottom)

    def clear_error(self) -> None:
        if self.error_banner is not None:
            self.error_banner.deleteLater()
            self.error_banner = None

    # -- scrolling -------------------------------------------------------------------
    def _track(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._stick_to_bottom = value >= bar.maximum() - 40

    def _follow(self, _min: int, maximum: int) -> None:
        if self._stick_to_bottom:
            self.verticalScrollBar().setValue(maximum)

    def scroll_to_bottom(self) -> None:
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())

    def bubble_for(self, message_id: int) -> MessageBubble | None:
        return next((b for b in self.bubbles if b.message.id == message_id), None)

    def _reveal(self, message_id: int) -> None:
        bubble = self.bubble_for(message_id)  # looked up again: the chat may have changed meanwhile
        if bubble is not None:
            self.ensureWidgetVisible(bubble.holder, 0, 80)

    def _unhighlight(self, message_id: int) -> None:
        bubble = self.bubble_for(message_id)
        if bubble is not None:
            bubble.set_highlight(False)

    def jump_to(self, message_id: int) -> bool:
        """Scroll to a message and flash it (search results and provenance land here)."""
        bubble = self.bubble_for(message_id)
        if bubble is None:
            return False
        self._stick_to_bottom = False
        for other in self.bubbles:
            other.set_highlight(other is bubble)
        QTimer.singleShot(0, self, lambda: self._reveal(message_id))
        QTimer.singleShot(2500, self, lambda: self._unhighlight(message_id))
        return True


class ComposerEdit(QPlainTextEdit):
    """Enter sends, Shift+Enter starts a new line; grows with its text up to a limit."""

    submit = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
                event.modifiers() & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier)):
            self.submit.emit()
            return
        super().keyPressEvent(event)


class Composer(QFrame):
    sendRequested = Signal(str)
    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("Composer")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        self.edit = ComposerEdit()
        self.edit.setPlaceholderText(self.tr("Message Mneme…"))
        self.edit.setAccessibleName(self.tr("Message"))
        self.edit.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.edit.setTabChangesFocus(True)
        self.edit.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.edit.submit.connect(self._submit)
        self.edit.textChanged.connect(self._grow)
        self.button = QPushButton()
        self.button.setObjectName("SendButton")
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(self._clicked)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignBottom)
        self.generating = False
        self.set_generating(False)
        self._grow()

    def _grow(self) -> None:
        blocks = self.edit.document().blockCount()
        lines = min(max(blocks, 1), 8)
        self.edit.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded if blocks > 8 or len(
            self.edit.document().toPlainText()) > 2000 else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        metrics = self.edit.fontMetrics()
        self.edit.setFixedHeight(int(metrics.lineSpacing() * lines + 16))
        self.button.setEnabled(self.generating or bool(self.edit.toPlainText().strip()))

    def set_generating(self, on: bool) -> None:
        self.generating = on
        self.button.setIcon(theme.icon("stop" if on else "send", "#ffffff", 18))
        tip = self.tr("Stop (Esc)") if on else self.tr("Send (Enter)")
        self.button.setToolTip(tip)
        self.button.setAccessibleName(self.tr("Stop") if on else self.tr("Send"))
        self._grow()

    def _clicked(self) -> None:
        if self.generating:
            self.stopRequested.emit()
        else:
            self._submit()

    def _submit(self) -> None:
        if self.generating:
            return
        text = self.edit.toPlainText()
        if text.strip():
            self.sendRequested.emit(text)

    def text(self) -> str:
        return self.edit.toPlainText()

    def set_text(self, text: str) -> None:
        self.edit.setPlainText(text)
        cursor = self.edit.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        self.edit.setTextCursor(cursor)

    def restore(self, text: str) -> None:
        """Put unsent text back; whatever the user typed meanwhile is kept after it."""
        current = self.edit.toPlainText()
        self.set_text(text if not current.strip() else text + "\n" + current)
