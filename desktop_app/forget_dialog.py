"""Forget: show exactly what will go, then delete it and show the receipt.

The plan comes from ``memory_core.forgetting.forget`` (item, everything derived from it,
and by default its source messages, because a memory kept from its sources
comes back). Planning runs on the ``ForgetPlanner`` worker (a search may run the
embedder) and the deletion on the task thread; this dialog only asks, shows the
newest plan, progress and, at the end, the engine's verified receipt.
"""
from __future__ import annotations

import html
import itertools
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QStackedWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from . import services, theme
from .second_person import fact_display
from .widgets import busy_bar, error_banner
from .workers import ForgetPlanner, PlanRequest


#: Plan request ids, unique across dialogs: every open dialog hears the planner's answers.
_REQUEST_IDS = itertools.count(1)


class ForgetDialog(QDialog):
    """``kind``/``item_id`` forget one item; ``about=True`` searches and forgets every match."""

    confirmed = Signal(object)  # the engine's ForgetPlan
    planShown = Signal()  # the newest preview is on screen (tests wait on it)
    _plan_requested = Signal(object)

    def __init__(self, planner: ForgetPlanner, kind: str | None = None, item_id: int | None = None, *,
                 about: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.kind, self.item_id, self.about = kind, item_id, about
        self.plan: Any = None
        self.receipt: Any = None
        self._newest = 0
        self._plan_requested.connect(planner.plan)
        planner.planned.connect(self._planned)
        planner.failed.connect(self._plan_failed)
        self.setWindowTitle(self.tr("Forget everything about…") if about else self.tr("Forget this memory"))
        self.setMinimumSize(560, 460)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(10)
        self.pages = QStackedWidget()
        self.pages.addWidget(self._plan_page())
        self.pages.addWidget(self._receipt_page())
        layout.addWidget(self.pages, 1)
        self._replan()

    # -- the plan -------------------------------------------------------------------------------
    def _plan_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        title = QLabel(self.tr("Forget everything about…") if self.about else self.tr("Forget this memory?"))
        title.setObjectName("EmptyTitle")
        title.setStyleSheet("font-size: 15pt;")
        layout.addWidget(title)
        if self.about:
            row = QHBoxLayout()
            self.query = QLineEdit()
            self.query.setPlaceholderText(self.tr("A name, place or topic, e.g. Porto"))
            self.query.setAccessibleName(self.tr("What to forget"))
            self._debounce = QTimer(self)
            self._debounce.setSingleShot(True)
            self._debounce.setInterval(250)
            self._debounce.timeout.connect(self._replan)
            self.query.textChanged.connect(lambda _: self._debounce.start())
            row.addWidget(self.query)
            layout.addLayout(row)
        else:
            self.target = QLabel()
            self.target.setObjectName("InfoBanner")
            self.target.setWordWrap(True)
            self.target.setAccessibleName(self.tr("The memory to forget"))
            layout.addWidget(self.target)
        self.sources = QCheckBox(self.tr("Also delete the source messages"))
        self.sources.setChecked(True)
        self.sources.setAccessibleName(self.tr("Also delete the source messages"))
        self.sources.toggled.connect(lambda _: self._replan())
        note = QLabel(self.tr("Recommended: a memory whose messages are kept can be noted again from them."))
        note.setObjectName("Hint")
        note.setWordWrap(True)
        note.setIndent(24)
        layout.addWidget(self.sources)
        layout.addWidget(note)
        # shown only when answers were generated with what goes (their stored provenance says so)
        self.answers = QCheckBox()
        self.answers.setChecked(True)
        self.answers.setVisible(False)
        self.answers.toggled.connect(lambda _: self._replan())
        self.answers_note = QLabel(self.tr("An answer may repeat what it was given word for word."))
        self.answers_note.setObjectName("Hint")
        self.answers_note.setWordWrap(True)
        self.answers_note.setIndent(24)
        self.answers_note.setVisible(False)
        layout.addWidget(self.answers)
        layout.addWidget(self.answers_note)
        heading = QLabel(self.tr("What will be removed"))
        heading.setObjectName("SectionTitle")
        layout.addWidget(heading)
        self.tree = QTreeWidget()
        self.tree.setObjectName("TimelineTree")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(self.tr("What will be removed"))
        self.tree.setWordWrap(True)
        layout.addWidget(self.tree, 1)
        self.summary = QLabel()
        self.summary.setObjectName("Hint")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.error = error_banner()
        layout.addWidget(self.error)
        self.busy = busy_bar(self.tr("Forgetting"))
        layout.addWidget(self.busy)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.forget_button = QPushButton(theme.icon("forget", "#ffffff"), self.tr("Forget"))
        self.forget_button.setProperty("danger", True)
        self.forget_button.setAccessibleName(self.tr("Forget"))
        buttons.addButton(self.forget_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._confirm)
        buttons.rejected.connect(self.reject)
        self.cancel_button = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        layout.addWidget(buttons)
        return page

    def _replan(self) -> None:
        """Ask the planner for a fresh preview; until it answers, nothing can be confirmed."""
        self.error.hide()
        self.forget_button.setEnabled(False)
        self._newest = next(_REQUEST_IDS)
        about = self.query.text() if self.about else None
        self._plan_requested.emit(PlanRequest(self._newest, self.kind, self.item_id, about,
                                              self.sources.isChecked(), self.answers.isChecked()))

    def _planned(self, request_id: int, plan: Any, text: str) -> None:
        if request_id != self._newest:
            return  # an older keystroke's answer
        if not self.about:
            shown = fact_display(text) if self.kind == "fact" else text
            self.target.setText(f"<b>{html.escape(self.kind.capitalize())}</b><br>{html.escape(shown)}")
        self.plan = plan
        self._show_plan()

    def _plan_failed(self, request_id: int, message: str) -> None:
        if request_id != self._newest:
            return
        self.plan = None
        self.error.setText(message)
        self.error.show()
        self._show_plan()

    def _show_plan(self) -> None:
        self.tree.clear()
        plan = self.plan
        answers = len(plan.answers) if plan is not None else 0
        self.answers.setText(self.tr("Also remove the answer Mneme gave with it") if answers == 1 else
                             self.tr("Also remove the %d answers Mneme gave with it") % answers)
        self.answers.setAccessibleName(self.answers.text())
        self.answers.setVisible(bool(answers))
        self.answers_note.setVisible(bool(answers))
        if plan is None or plan.is_empty:
            self.summary.setText(self.tr("Nothing matches yet.") if self.about else "")
            self.forget_button.setEnabled(False)
            self.planShown.emit()
            return
        for heading, labels in services.plan_groups(plan):
            group = QTreeWidgetItem([f"{heading} ({len(labels)})"])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for label in labels[:200]:
                group.addChild(QTreeWidgetItem([fact_display(label)]))
            if len(labels) > 200:
                group.addChild(QTreeWidgetItem([self.tr("… and %d more") % (len(labels) - 200)]))
            self.tree.addTopLevelItem(group)
        self.tree.expandAll()
        counts = plan.counts
        self.summary.setText(self.tr("Also removed: %(e)d stored vector(s), %(l)d provenance link(s), the search index "
                                     "entries, and the model's cached context.") % {"e": counts.get("embeddings", 0),
                                                                                    "l": counts.get("links", 0)})
        self.forget_button.setEnabled(True)
        self.planShown.emit()

    def _confirm(self) -> None:
        if self.plan is None or self.plan.is_empty:
            return
        self.forget_button.setEnabled(False)
        self.sources.setEnabled(False)
        self.answers.setEnabled(False)
        self.cancel_button.setEnabled(False)
        self.busy.show()
        self.confirmed.emit(self.plan)

    # -- the receipt ----------------------------------------------------------------------------
    def _receipt_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(self.tr("Forgotten"))
        title.setObjectName("EmptyTitle")
        title.setStyleSheet("font-size: 15pt;")
        self.receipt_text = QLabel()
        self.receipt_text.setWordWrap(True)
        self.receipt_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.receipt_text.setAccessibleName(self.tr("Receipt"))
        self.receipt_text.setObjectName("InfoBanner")
        head = QHBoxLayout()
        tick = QLabel()
        tick.setPixmap(theme.icon("check", theme.PRIORITY_COLOURS["low"], 28).pixmap(28, 28))
        head.addWidget(tick)
        head.addWidget(title, 1)
        layout.addLayout(head)
        layout.addWidget(self.receipt_text)
        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        return page

    def show_receipt(self, receipt: Any) -> None:
        self.receipt = receipt
        text = receipt.describe() if hasattr(receipt, "describe") else str(receipt)
        self.receipt_text.setText(html.escape(text).replace("\n", "<br>"))
        self.pages.setCurrentIndex(1)

    def show_failure(self, message: str) -> None:
        self.busy.hide()
        self.cancel_button.setEnabled(True)
        self.sources.setEnabled(True)
        self.answers.setEnabled(True)
        self.error.setText(self.tr("Nothing was forgotten: %s") % message)
        self.error.show()
        self._replan()
