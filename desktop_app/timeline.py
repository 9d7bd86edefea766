"""The memory the user can see: observations and reflections by day, facts with their validity.

Every item shows where it came from (its source messages, one click away)
and has a Forget action. Reads are small indexed queries and run on the UI
thread; forgetting runs on a worker (see main_window).
"""
from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QDate, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDateEdit, QFrame, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QSplitter, QTabWidget, QToolButton, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from memory_core.clock import parse_iso
from memory_core.storage.store import Store

from . import services, theme
from .second_person import fact_display

ROLE_ITEM = Qt.ItemDataRole.UserRole
PRIORITY_NAMES = {"high": "Important", "medium": "Maybe important", "low": "Informational", "done": "Done"}
SHORT_NAMES = {"high": "Important", "medium": "Maybe", "low": "Info", "done": "Done"}


def priority_icon(priority: str, size: int = 14) -> QIcon:
    """A coloured dot per priority (a tick for done): readable without colour emoji fonts."""
    if priority == "done":
        return theme.icon("check", theme.PRIORITY_COLOURS["done"], size)
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor(theme.PRIORITY_COLOURS.get(priority, "#888888")))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(size // 2, size // 2, size, size)
    painter.end()
    pixmap.setDevicePixelRatio(2)
    return QIcon(pixmap)


def _local(iso: str, fmt: str) -> str:
    try:
        return parse_iso(iso).astimezone().strftime(fmt)
    except Exception:  # noqa: BLE001
        return iso


def day_heading(day: date, today: date | None = None) -> str:
    today = today or date.today()
    if day == today:
        return "Today"
    if day == today - timedelta(days=1):
        return "Yesterday"
    return day.strftime("%A, %d %B %Y")


class Figure(QFrame):
    def __init__(self, label: str):
        super().__init__()
        self.setObjectName("Figure")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(0)
        self.value = QLabel("0")
        self.value.setObjectName("FigureValue")
        caption = QLabel(label)
        caption.setObjectName("FigureLabel")
        layout.addWidget(self.value)
        layout.addWidget(caption)
        self.setAccessibleName(label)

    def set(self, value: str) -> None:
        self.value.setText(value)
        self.setAccessibleDescription(value)


class DetailPane(QFrame):
    """The selected item: text, dates, its source messages, and Forget."""

    forgetRequested = Signal(str, int)
    openMessage = Signal(str, int)

    def __init__(self):
        super().__init__()
        self.setObjectName("DetailPane")
        self.setMinimumWidth(300)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        layout.setSpacing(8)
        self.kind = QLabel()
        self.kind.setObjectName("SidebarSection")
        self.text = QLabel(self.tr("Select a memory to see where it came from."))
        self.text.setObjectName("DetailText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.meta = QLabel()
        self.meta.setObjectName("Hint")
        self.meta.setWordWrap(True)
        self.sources_title = sources_title = QLabel(self.tr("Where it came from"))
        sources_title.setObjectName("SectionTitle")
        self.sources = QListWidget()
        self.sources.setObjectName("ProvenanceList")
        self.sources.setAccessibleName(self.tr("Source messages"))
        self.sources.setWordWrap(True)
        # wrapped to the pane's width: a source message is read down, never scrolled sideways
        self.sources.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sources.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.sources.itemActivated.connect(self._open)
        self.sources.itemDoubleClicked.connect(self._open)
        self.open_button = QPushButton(theme.icon("source"), self.tr("Open in chat"))
        self.open_button.setAccessibleName(self.tr("Open the source message in its chat"))
        self.open_button.clicked.connect(lambda: self._open(self.sources.currentItem() or self.sources.item(0)))
        self.forget_button = QPushButton(theme.icon("forget", "#ffffff"), self.tr("Forget…"))
        self.forget_button.setProperty("danger", True)
        self.forget_button.setAccessibleName(self.tr("Forget this memory"))
        self.forget_button.clicked.connect(self._forget)
        for widget in (self.kind, self.text, self.meta, sources_title):
            layout.addWidget(widget)
        layout.addWidget(self.sources, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        buttons.addWidget(self.forget_button)
        layout.addLayout(buttons)
        self.current: tuple[str, int] | None = None
        self.show_item(None, "", "", [])

    def show_item(self, ref: tuple[str, int] | None, text: str, meta: str, sources: list) -> None:
        self.current = ref
        self.kind.setText(ref[0].upper() if ref else "")
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        if ref:
            self.text.setText(text)
        else:
            self.text.setText(self.tr("Select a memory to see where it came from."))
        self.meta.setText(meta)
        self.sources.clear()
        for message in sources:
            who = self.tr("You") if message.role == "user" else "Mneme"
            excerpt = " ".join(message.text.split())
            excerpt = excerpt if len(excerpt) < 240 else excerpt[:239] + "…"
            item = QListWidgetItem(f"{who} · {_local(message.created_at, '%d %b %H:%M')}\n{excerpt}")
            item.setData(ROLE_ITEM, (message.thread_id, message.id))
            self.sources.addItem(item)
        if ref and not sources:
            self.sources.addItem(self.tr("(its source messages were deleted)"))
        self.forget_button.setVisible(ref is not None)
        self.open_button.setVisible(bool(sources))
        self.sources.setVisible(ref is not None)
        self.sources_title.setVisible(ref is not None)

    def _open(self, item: QListWidgetItem | None) -> None:
        data = item.data(ROLE_ITEM) if item is not None else None
        if data:
            self.openMessage.emit(data[0], data[1])

    def _forget(self) -> None:
        if self.current:
            self.forgetRequested.emit(*self.current)


class TimelineView(QWidget):
    """Memory page: figures, filters, day-grouped timeline, facts, details."""

    forgetRequested = Signal(str, int)
    forgetAboutRequested = Signal()
    openMessage = Signal(str, int)
    observeRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.store: Store | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 12)
        layout.setSpacing(10)

        head = QHBoxLayout()
        title = QLabel(self.tr("Memory"))
        title.setObjectName("EmptyTitle")
        head.addWidget(title)
        head.addStretch(1)
        self.forget_about_button = QPushButton(theme.icon("forget"), self.tr("Forget everything about…"))
        self.forget_about_button.setAccessibleName(self.tr("Forget everything about a topic"))
        self.forget_about_button.clicked.connect(self.forgetAboutRequested.emit)
        head.addWidget(self.forget_about_button)
        layout.addLayout(head)

        figures = QHBoxLayout()
        self.fig_obs = Figure(self.tr("observations"))
        self.fig_refl = Figure(self.tr("reflections"))
        self.fig_facts = Figure(self.tr("facts (current / all)"))
        self.fig_tokens = Figure(self.tr("tokens in the memory block"))
        for fig in (self.fig_obs, self.fig_refl, self.fig_facts, self.fig_tokens):
            figures.addWidget(fig)
        layout.addLayout(figures)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self._timeline_tab(), theme.icon("memory"), self.tr("Timeline"))
        self.tabs.addTab(self._facts_tab(), theme.icon("fact"), self.tr("Facts"))
        self.tabs.currentChanged.connect(lambda _: self._selection_changed())
        self.detail = DetailPane()
        self.detail.forgetRequested.connect(self.forgetRequested.emit)
        self.detail.openMessage.connect(self.openMessage.emit)
        split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(self.tabs)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setHandleWidth(1)
        split.setSizes([640, 360])
        layout.addWidget(split, 1)

    # -- building --------------------------------------------------------------------------
    def _timeline_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 8, 0, 0)
        bar = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search memories"))
        self.search.setAccessibleName(self.tr("Search memories"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _: self.reload())
        layout.addWidget(self.search)
        self.priority_buttons: dict[str, QToolButton] = {}
        for priority in services.PRIORITIES:
            button = QToolButton()
            button.setCheckable(True)
            button.setChecked(True)
            button.setIcon(priority_icon(priority))
            button.setText(self.tr(SHORT_NAMES[priority]))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setToolTip(self.tr("Show %s items") % self.tr(PRIORITY_NAMES[priority]).lower())
            button.setAccessibleName(self.tr("Priority %s") % self.tr(PRIORITY_NAMES[priority]))
            button.toggled.connect(lambda _: self.reload())
            self.priority_buttons[priority] = button
            bar.addWidget(button)
        bar.addStretch(1)
        self.observe_button = QPushButton(theme.icon("regenerate"), self.tr("Observe now"))
        self.observe_button.setToolTip(self.tr("Note what matters in recent messages now, without waiting"))
        self.observe_button.setAccessibleName(self.tr("Observe now"))
        self.observe_button.clicked.connect(self.observeRequested.emit)
        bar.addWidget(self.observe_button)
        layout.addLayout(bar)
        self.kind_filter = QComboBox()
        self.kind_filter.setAccessibleName(self.tr("Kind"))
        self.kind_filter.setMinimumWidth(110)
        self.kind_filter.addItem(self.tr("All kinds"), ("observation", "reflection"))
        self.kind_filter.addItem(self.tr("Observations"), ("observation",))
        self.kind_filter.addItem(self.tr("Reflections"), ("reflection",))
        self.kind_filter.currentIndexChanged.connect(lambda _: self.reload())
        self.chat_filter = QComboBox()
        self.chat_filter.setAccessibleName(self.tr("Chat"))
        self.chat_filter.setMinimumWidth(150)
        self.chat_filter.setMaximumWidth(220)
        self.chat_filter.currentIndexChanged.connect(lambda _: self.reload())
        self.use_dates = QCheckBox(self.tr("From"))
        self.use_dates.setAccessibleName(self.tr("Limit to a date range"))
        self.since = QDateEdit(QDate.currentDate().addDays(-30))
        self.until = QDateEdit(QDate.currentDate())
        for edit, name in ((self.since, self.tr("From date")), (self.until, self.tr("To date"))):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("dd MMM yyyy")
            edit.setAccessibleName(name)
            edit.dateChanged.connect(lambda _: self.reload())
        self.use_dates.toggled.connect(self._dates_toggled)
        self._dates_toggled(False)
        bar2 = QHBoxLayout()
        bar2.addWidget(self.kind_filter)
        bar2.addWidget(self.chat_filter)
        bar2.addSpacing(8)
        bar2.addWidget(self.use_dates)
        bar2.addWidget(self.since)
        bar2.addWidget(QLabel(self.tr("to")))
        bar2.addWidget(self.until)
        bar2.addStretch(1)
        layout.addLayout(bar2)
        self.tree = QTreeWidget()
        self.tree.setObjectName("TimelineTree")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(self.tr("Memory timeline"))
        self.tree.setRootIsDecorated(False)
        self.tree.setIndentation(14)
        self.tree.setWordWrap(True)
        self.tree.setIconSize(QSize(14, 14))
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.currentItemChanged.connect(lambda *_: self._selection_changed())
        self.empty = QLabel()
        self.empty.setObjectName("EmptyState")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.empty)
        return page

    def _facts_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 8, 0, 0)
        bar = QHBoxLayout()
        self.fact_search = QLineEdit()
        self.fact_search.setPlaceholderText(self.tr("Search facts"))
        self.fact_search.setAccessibleName(self.tr("Search facts"))
        self.fact_search.setClearButtonEnabled(True)
        self.fact_search.textChanged.connect(lambda _: self.reload())
        self.fact_history = QCheckBox(self.tr("Show past facts"))
        self.fact_history.setChecked(True)
        self.fact_history.toggled.connect(lambda _: self.reload())
        bar.addWidget(self.fact_search, 1)
        bar.addWidget(self.fact_history)
        layout.addLayout(bar)
        self.fact_list = QListWidget()
        self.fact_list.setObjectName("FactList")
        self.fact_list.setAccessibleName(self.tr("Facts"))
        self.fact_list.setWordWrap(True)
        self.fact_list.currentItemChanged.connect(lambda *_: self._selection_changed())
        layout.addWidget(self.fact_list, 1)
        return page

    def _dates_toggled(self, on: bool) -> None:
        self.since.setEnabled(on)
        self.until.setEnabled(on)
        self.reload()

    # -- data ------------------------------------------------------------------------------------
    def set_store(self, store: Store | None) -> None:
        self.store = store
        self.reload_chats()
        self.reload()

    def reload_chats(self) -> None:
        if self.store is None:
            return
        current = self.chat_filter.currentData()
        self.chat_filter.blockSignals(True)
        self.chat_filter.clear()
        self.chat_filter.addItem(self.tr("All chats"), None)
        for info in services.list_threads(self.store):
            self.chat_filter.addItem(info.title or self.tr("New chat"), info.id)
        index = self.chat_filter.findData(current)
        self.chat_filter.setCurrentIndex(max(index, 0))
        self.chat_filter.blockSignals(False)

    def current_filter(self) -> services.TimelineFilter:
        f = services.TimelineFilter()
        f.priorities = {p for p, b in self.priority_buttons.items() if b.isChecked()}
        f.kinds = set(self.kind_filter.currentData() or ())
        f.thread_id = self.chat_filter.currentData()
        f.text = self.search.text()
        if self.use_dates.isChecked():
            f.since = self.since.date().toPython()
            f.until = self.until.date().toPython()
        return f

    def reload(self) -> None:
        if self.store is None or not hasattr(self, "fact_list"):
            return
        figures = services.memory_figures(self.store)
        self.fig_obs.set(f"{figures.observations:,}")
        self.fig_refl.set(f"{figures.reflections:,}")
        self.fig_facts.set(f"{figures.current_facts:,} / {figures.facts:,}")
        self.fig_tokens.set(f"{figures.block_tokens:,}")
        selected = self.selected_ref()
        self._fill_tree(services.timeline(self.store, self.current_filter()))
        self._fill_facts(services.list_facts(self.store, history=self.fact_history.isChecked(),
                                        text=self.fact_search.text()))
        if selected:
            self.select(*selected)
        self._selection_changed()

    def _fill_tree(self, items: list[services.MemoryItem]) -> None:
        self.tree.clear()
        bold = QFont(self.font())
        bold.setBold(True)
        groups: dict[date, QTreeWidgetItem] = {}
        muted = QColor(theme.tokens()["muted"])
        for item in items:
            day = item.day
            group = groups.get(day)
            if group is None:
                group = QTreeWidgetItem([day_heading(day)])
                group.setFont(0, bold)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                group.setForeground(0, muted)
                self.tree.addTopLevelItem(group)
                groups[day] = group
            when = _local(item.observed_at, "%H:%M")
            label = f"{when}  {item.text}"
            if item.kind == "reflection":
                label = f"{when}  ↻ {item.text}"
            if item.referenced_date:
                label += f"   → {_local(item.referenced_date, '%d %b %Y')}"
            row = QTreeWidgetItem([label])
            row.setIcon(0, priority_icon(item.priority))
            row.setData(0, ROLE_ITEM, ("memory", item))
            row.setToolTip(0, f"{self.tr(PRIORITY_NAMES.get(item.priority, item.priority))} · {item.kind}")
            group.addChild(row)
        self.tree.expandAll()
        has_any = bool(items)
        self.tree.setVisible(has_any)
        self.empty.setVisible(not has_any)
        if not has_any:
            filtered = self.search.text().strip() or self.use_dates.isChecked() or self.chat_filter.currentData()
            self.empty.setText(self.tr("No memories match these filters.") if filtered else self.tr(
                "Nothing remembered yet. As you chat, Mneme notes what matters here: "
                "dated, prioritized, and each one traceable to what you said."))

    def _fill_facts(self, facts: list[services.FactItem]) -> None:
        self.fact_list.clear()
        muted = QColor(theme.tokens()["muted"])
        for fact in facts:
            text = fact_display(fact.text)
            shown = services.FactItem(fact.id, fact.subject, fact.predicate, fact.value, text, fact.category,
                                      fact.valid_at, fact.invalid_at, fact.expired_at, fact.superseded_by)
            label = services.validity_text(shown)
            item = QListWidgetItem(label)
            item.setIcon(priority_icon("low" if fact.current else "done"))
            item.setData(ROLE_ITEM, ("fact", fact))
            item.setToolTip(f"{fact.category} · {fact.subject} {fact.predicate} = {fact.value}")
            if not fact.current:
                item.setForeground(muted)
            self.fact_list.addItem(item)

    # -- selection ----------------------------------------------------------------------------
    def selected_ref(self) -> tuple[str, int] | None:
        data = self._selected_data()
        if data is None:
            return None
        kind, obj = data
        return ("fact", obj.id) if kind == "fact" else (obj.kind, obj.id)

    def _selected_data(self):
        if self.tabs.currentIndex() == 0:
            item = self.tree.currentItem()
            return item.data(0, ROLE_ITEM) if item is not None else None
        item = self.fact_list.currentItem()
        return item.data(ROLE_ITEM) if item is not None else None

    def select(self, kind: str, item_id: int) -> bool:
        if kind == "fact":
            self.tabs.setCurrentIndex(1)
            for row in range(self.fact_list.count()):
                data = self.fact_list.item(row).data(ROLE_ITEM)
                if data and data[1].id == item_id:
                    self.fact_list.setCurrentRow(row)
                    return True
            return False
        self.tabs.setCurrentIndex(0)
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            for c in range(group.childCount()):
                data = group.child(c).data(0, ROLE_ITEM)
                if data and data[1].kind == kind and data[1].id == item_id:
                    self.tree.setCurrentItem(group.child(c))
                    return True
        return False

    def reveal(self, kind: str, item_id: int) -> bool:
        """Select and scroll to one item (a link from "Used N memories"); filters that hide it are cleared."""
        if self.select(kind, item_id):
            self._scroll_to_current()
            return True
        for widget in (self.search, self.fact_search, self.use_dates, self.fact_history, self.chat_filter,
                       self.kind_filter, *self.priority_buttons.values()):
            widget.blockSignals(True)
        self.search.clear()
        self.fact_search.clear()
        self.use_dates.setChecked(False)
        self.fact_history.setChecked(kind == "fact")   # a fact since replaced shows among past facts
        self.chat_filter.setCurrentIndex(0)
        self.kind_filter.setCurrentIndex(0)
        for button in self.priority_buttons.values():
            button.setChecked(True)
        for widget in (self.search, self.fact_search, self.use_dates, self.fact_history, self.chat_filter,
                       self.kind_filter, *self.priority_buttons.values()):
            widget.blockSignals(False)
        self.reload()
        found = self.select(kind, item_id)
        if found:
            self._scroll_to_current()
        return found

    def _scroll_to_current(self) -> None:
        if self.tabs.currentIndex() == 0 and self.tree.currentItem() is not None:
            self.tree.scrollToItem(self.tree.currentItem())
        elif self.fact_list.currentItem() is not None:
            self.fact_list.scrollToItem(self.fact_list.currentItem())

    def _selection_changed(self) -> None:
        data = self._selected_data()
        if data is None or self.store is None:
            self.detail.show_item(None, "", "", [])
            return
        kind, obj = data
        if kind == "fact":
            meta = [self.tr("Fact · %s") % obj.category,
                    self.tr("valid from %s") % _local(obj.valid_at, "%d %b %Y")]
            if obj.invalid_at:
                meta.append(self.tr("until %s") % _local(obj.invalid_at, "%d %b %Y"))
            if obj.superseded_by:
                meta.append(self.tr("superseded by %s") % obj.superseded_by)
            self.detail.show_item(("fact", obj.id), fact_display(obj.text), " · ".join(meta),
                                  services.source_messages(self.store, "fact", obj.id))
            return
        meta = [self.tr(PRIORITY_NAMES.get(obj.priority, obj.priority)),
                self.tr("noted %s") % _local(obj.observed_at, "%a %d %b %Y, %H:%M")]
        if obj.referenced_date:
            meta.append(self.tr("refers to %s") % _local(obj.referenced_date, "%a %d %b %Y"))
        self.detail.show_item((obj.kind, obj.id), obj.text, " · ".join(meta),
                              services.source_messages(self.store, obj.kind, obj.id))

    def item_count(self) -> int:
        return sum(self.tree.topLevelItem(g).childCount() for g in range(self.tree.topLevelItemCount()))
