"""The left column: new chat, search across all chats, the chat list, and navigation."""
from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMenu,
                               QPushButton, QStackedWidget, QToolButton, QVBoxLayout, QWidget)

from memory_core.clock import parse_iso

from . import services, theme

ROLE_ID = Qt.ItemDataRole.UserRole
ROLE_MESSAGE = Qt.ItemDataRole.UserRole + 1


def highlighted(snippet: str, hit_colour: str) -> str:
    """FTS5 snippet with control-character markers -> escaped HTML with the hits marked."""
    text = html.escape(snippet.replace("\n", " "))
    return (text.replace(services.HIT_OPEN, f'<span style="background-color:{hit_colour}; font-weight:600;">')
            .replace(services.HIT_CLOSE, "</span>"))


def _day(iso: str) -> str:
    try:
        return parse_iso(iso).astimezone().strftime("%d %b")
    except Exception:  # noqa: BLE001
        return ""


class Sidebar(QFrame):
    newChatRequested = Signal()
    threadSelected = Signal(str)
    renameRequested = Signal(str)
    deleteRequested = Signal(str)
    searchChanged = Signal(str)
    hitActivated = Signal(str, int)  # thread id, message id
    pageRequested = Signal(str)  # "chat" | "memory" | "models"
    settingsRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("Sidebar")
        self.setMinimumWidth(240)
        self.setMaximumWidth(340)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 14, 12, 10)
        layout.setSpacing(8)

        brand_row = QHBoxLayout()
        logo = QLabel()
        logo.setPixmap(theme.app_icon().pixmap(26, 26))
        brand = QLabel("Mneme")
        brand.setObjectName("Brand")
        brand_row.addWidget(logo)
        brand_row.addWidget(brand, 1)
        self.new_button = QToolButton()
        self.new_button.setIcon(theme.icon("new-chat"))
        self.new_button.setIconSize(QSize(20, 20))
        self.new_button.setProperty("flat", True)
        self.new_button.setToolTip(self.tr("New chat (Ctrl+N)"))
        self.new_button.setAccessibleName(self.tr("New chat"))
        self.new_button.clicked.connect(self.newChatRequested.emit)
        brand_row.addWidget(self.new_button)
        layout.addLayout(brand_row)

        self.nav_chat = self._nav("chat", self.tr("Chats"), "chat")
        self.nav_memory = self._nav("memory", self.tr("Memory"), "memory")
        self.nav_models = self._nav("models", self.tr("Models"), "models")
        self.nav_chat.setChecked(True)
        layout.addWidget(self.nav_chat)
        layout.addWidget(self.nav_memory)
        layout.addWidget(self.nav_models)

        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search all chats  (Ctrl+F)"))
        self.search.setAccessibleName(self.tr("Search all chats"))
        self.search.setClearButtonEnabled(True)
        self.search.addAction(theme.icon("search", theme.tokens()["muted"], 16), QLineEdit.ActionPosition.LeadingPosition)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._search_timer.timeout.connect(lambda: self.searchChanged.emit(self.search.text()))
        self.search.textChanged.connect(lambda _: self._search_timer.start())
        layout.addSpacing(4)
        layout.addWidget(self.search)

        self.section = QLabel(self.tr("RECENT CHATS"))
        self.section.setObjectName("SidebarSection")
        layout.addWidget(self.section)
        self.stack = QStackedWidget()
        self.chats = QListWidget()
        self.chats.setObjectName("ChatList")
        self.chats.setAccessibleName(self.tr("Chats"))
        self.chats.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.chats.customContextMenuRequested.connect(self._menu)
        self.chats.currentItemChanged.connect(self._chosen)
        self.results = QListWidget()
        self.results.setObjectName("SearchResults")
        self.results.setAccessibleName(self.tr("Search results"))
        self.results.setWordWrap(True)
        self.results.itemActivated.connect(self._hit)
        self.results.itemClicked.connect(self._hit)
        self.stack.addWidget(self.chats)
        self.stack.addWidget(self.results)
        layout.addWidget(self.stack, 1)

        self.settings_button = self._nav("settings", self.tr("Settings"), None)
        self.settings_button.setCheckable(False)
        self.settings_button.setToolTip(self.tr("Settings (Ctrl+,)"))
        self.settings_button.clicked.connect(self.settingsRequested.emit)
        layout.addWidget(self.settings_button)
        self._silent = False

    def _nav(self, icon: str, text: str, page: str | None) -> QPushButton:
        button = QPushButton(theme.icon(icon), "  " + text)
        button.setObjectName("NavButton")
        button.setAccessibleName(text)
        button.setCheckable(True)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        if page:
            button.clicked.connect(lambda: self.set_page(page, emit=True))
        return button

    def set_page(self, page: str, *, emit: bool = False) -> None:
        self.nav_chat.setChecked(page == "chat")
        self.nav_memory.setChecked(page == "memory")
        self.nav_models.setChecked(page == "models")
        if emit:
            self.pageRequested.emit(page)

    # -- chats --------------------------------------------------------------------
    def set_threads(self, threads: list[services.ThreadInfo], current: str | None) -> None:
        self._silent = True
        self.chats.clear()
        for info in threads:
            title = info.title or self.tr("New chat")
            item = QListWidgetItem(title)
            item.setData(ROLE_ID, info.id)
            item.setToolTip(f"{title}\n{_day(info.updated_at)} · {info.message_count} " + self.tr("messages"))
            item.setSizeHint(QSize(0, 36))
            self.chats.addItem(item)
            if info.id == current:
                self.chats.setCurrentItem(item)
        self._silent = False

    def select(self, thread_id: str | None) -> None:
        self._silent = True
        for row in range(self.chats.count()):
            item = self.chats.item(row)
            if item.data(ROLE_ID) == thread_id:
                self.chats.setCurrentItem(item)
                break
        else:
            self.chats.clearSelection()
        self._silent = False

    def _chosen(self, item: QListWidgetItem | None, _previous) -> None:
        if item is not None and not self._silent:
            self.threadSelected.emit(item.data(ROLE_ID))

    def _menu(self, pos) -> None:
        item = self.chats.itemAt(pos)
        if item is None:
            return
        thread_id = item.data(ROLE_ID)
        menu = QMenu(self)
        menu.addAction(theme.icon("edit"), self.tr("Rename…"), lambda: self.renameRequested.emit(thread_id))
        menu.addAction(theme.icon("trash", theme.tokens()["danger"]), self.tr("Delete…"),
                       lambda: self.deleteRequested.emit(thread_id))
        menu.exec(self.chats.viewport().mapToGlobal(pos))

    # -- search -------------------------------------------------------------------------
    def show_results(self, query: str, hits: list[services.ChatHit]) -> None:
        if not query.strip():
            self.stack.setCurrentWidget(self.chats)
            self.section.setText(self.tr("RECENT CHATS"))
            return
        self.stack.setCurrentWidget(self.results)
        if not hits:
            self.section.setText(self.tr("NO MATCHES"))
        else:
            self.section.setText(self.tr("1 MATCH") if len(hits) == 1 else self.tr("%d MATCHES") % len(hits))
        self.results.clear()
        colour = theme.tokens()["hit"]
        for hit in hits:
            item = QListWidgetItem()
            item.setData(ROLE_ID, hit.thread_id)
            item.setData(ROLE_MESSAGE, hit.message_id)
            label = QLabel(f'<div style="font-weight:600;">{html.escape(hit.thread_title or self.tr("Chat"))}'
                           f' <span style="font-weight:400; color:{theme.tokens()["muted"]};">· {_day(hit.created_at)}'
                           f'</span></div><div>{highlighted(hit.snippet, colour)}</div>')
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setContentsMargins(8, 6, 8, 6)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            item.setSizeHint(QSize(0, label.sizeHint().height() + 22))
            item.setText("")
            item.setToolTip(hit.snippet.replace(services.HIT_OPEN, "").replace(services.HIT_CLOSE, ""))
            self.results.addItem(item)
            self.results.setItemWidget(item, label)

    def _hit(self, item: QListWidgetItem) -> None:
        self.hitActivated.emit(item.data(ROLE_ID), int(item.data(ROLE_MESSAGE)))
