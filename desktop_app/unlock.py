"""First run, unlock, and the state where the keyring lost the key.

``obtain_store`` walks the user to an open ``Store`` or returns None when they
cancel. Nothing here ever writes the key in plain text: with no real OS
keyring the only choice is a passphrase, and the dialog says plainly that a
lost passphrase means lost data (there is no reset, by design).

Opening and creating run off the UI thread (``off_ui_thread``): scrypt and a pending schema migration take
seconds, and the dialogs keep painting their busy bar meanwhile, with their buttons disabled.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QDialog, QDialogButtonBox, QFrame, QHBoxLayout, QLabel,
                               QLineEdit, QMessageBox, QRadioButton, QVBoxLayout, QWidget)

from memory_core.errors import KeyringUnavailable, MnemeError, PassphraseRequired, WrongKeyError
from memory_core.storage.keys import MIN_PASSPHRASE_LENGTH, KeyStore, keyring_info
from memory_core.storage.store import Store

from . import theme
from .off_ui_thread import call_off_ui_thread
from .widgets import busy_bar, error_banner


def _header(dialog: QDialog, title: str, text: str) -> QVBoxLayout:
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(28, 24, 28, 20)
    layout.setSpacing(12)
    top = QHBoxLayout()
    logo = QLabel()
    logo.setPixmap(theme.app_icon().pixmap(48, 48))
    top.addWidget(logo, 0, Qt.AlignmentFlag.AlignTop)
    words = QVBoxLayout()
    heading = QLabel(title)
    heading.setObjectName("EmptyTitle")
    heading.setStyleSheet("font-size: 16pt;")
    words.addWidget(heading)
    body = QLabel(text)
    body.setWordWrap(True)
    body.setObjectName("EmptyState")
    body.setStyleSheet("font-size: 10pt;")
    words.addWidget(body)
    top.addLayout(words, 1)
    layout.addLayout(top)
    return layout


class _WorkingDialog(QDialog):
    """A dialog that opens or makes the store off the UI thread (``self.busy``, ``self.buttons``): while it works,
    the busy bar runs, the form is disabled (a second Enter starts nothing) and Escape is ignored (no store is left
    half made or open behind a closed dialog); afterwards every field is as enabled as it was (a keyring choice
    with no keyring stays off)."""

    working = False

    def _while_working(self, call, name: str):
        fields = [*self.findChildren(QLineEdit), *self.findChildren(QCheckBox), *self.findChildren(QRadioButton),
                  self.buttons]
        enabled = [field.isEnabled() for field in fields]
        self.working = True
        self.busy.show()
        for field in fields:
            field.setEnabled(False)
        try:
            return call_off_ui_thread(call, name)
        finally:
            for field, was in zip(fields, enabled):
                field.setEnabled(was)
            self.busy.hide()
            self.working = False

    def reject(self) -> None:  # noqa: D401 - Qt override
        if not self.working:
            super().reject()


class FirstRunDialog(_WorkingDialog):
    """Choose how the database key is protected: the OS keyring, a passphrase, or both."""

    def __init__(self, data_dir: Path, parent: QWidget | None = None, *, keyring_real: bool | None = None):
        super().__init__(parent)
        self.data_dir = Path(data_dir)
        self.setWindowTitle(self.tr("Welcome to Mneme"))
        self.setMinimumWidth(520)
        info = keyring_info()
        self.keyring_real = info.real if keyring_real is None else keyring_real
        layout = _header(self, self.tr("Welcome to Mneme"), self.tr(
            "Your chats and memories stay on this computer, in an encrypted database. "
            "Choose how its key is protected."))

        self.use_keyring = QRadioButton(self.tr("Keep the key in the system keyring (recommended)"))
        self.use_keyring.setAccessibleName(self.tr("Use the system keyring"))
        keyring_note = QLabel(self.tr("Unlocks automatically when you log in.") if self.keyring_real else
                              self.tr("Not available here: %s.") % info.reason)
        keyring_note.setObjectName("Hint")
        keyring_note.setIndent(24)
        keyring_note.setWordWrap(True)
        self.use_passphrase = QRadioButton(self.tr("Protect it with a passphrase"))
        self.use_passphrase.setAccessibleName(self.tr("Use a passphrase"))
        group = QButtonGroup(self)
        group.addButton(self.use_keyring)
        group.addButton(self.use_passphrase)
        self.use_keyring.setEnabled(self.keyring_real)
        (self.use_keyring if self.keyring_real else self.use_passphrase).setChecked(True)
        for widget in (self.use_keyring, keyring_note, self.use_passphrase):
            layout.addWidget(widget)

        self.passphrase_box = QFrame()
        box = QVBoxLayout(self.passphrase_box)
        box.setContentsMargins(24, 0, 0, 0)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setPlaceholderText(self.tr("Passphrase (at least %d characters)") % MIN_PASSPHRASE_LENGTH)
        self.passphrase.setAccessibleName(self.tr("Passphrase"))
        self.confirm = QLineEdit()
        self.confirm.setEchoMode(QLineEdit.EchoMode.Password)
        self.confirm.setPlaceholderText(self.tr("Type it again"))
        self.confirm.setAccessibleName(self.tr("Confirm passphrase"))
        self.also_keyring = QCheckBox(self.tr("Also keep the key in the system keyring"))
        self.also_keyring.setEnabled(self.keyring_real)
        warning = QLabel(self.tr("<b>Write it down.</b> Mneme cannot recover a lost passphrase: "
                                 "without it your data cannot be opened by anyone, including you."))
        warning.setWordWrap(True)
        warning.setObjectName("WarnBanner")
        warning.setAccessibleName(self.tr("Lost passphrase warning"))
        for widget in (self.passphrase, self.confirm, self.also_keyring, warning):
            box.addWidget(widget)
        layout.addWidget(self.passphrase_box)

        self.error = error_banner()
        layout.addWidget(self.error)
        self.busy = busy_bar(self.tr("Creating the encrypted database"))
        layout.addWidget(self.busy)
        location = QLabel(self.tr("Data folder: %s") % self.data_dir)
        location.setObjectName("Hint")
        location.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(location)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = self.buttons.addButton(self.tr("Create encrypted database"),
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setProperty("primary", True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.use_passphrase.toggled.connect(self._sync)
        self._sync()
        self.store: Store | None = None

    def _sync(self) -> None:
        self.passphrase_box.setVisible(self.use_passphrase.isChecked())
        self.adjustSize()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def accept(self) -> None:  # noqa: D401 - Qt override
        if self.working:  # Enter pressed again while creating
            return
        try:
            if self.use_passphrase.isChecked():
                phrase = self.passphrase.text()
                if len(phrase) < MIN_PASSPHRASE_LENGTH:
                    raise MnemeError(self.tr("The passphrase is too short: use at least %d characters.")
                                     % MIN_PASSPHRASE_LENGTH)
                if phrase != self.confirm.text():
                    raise MnemeError(self.tr("The two passphrases differ. Type the same one twice."))
                also_keyring = self.also_keyring.isChecked()
                self.store = self._while_working(lambda: Store.create(self.data_dir, use_keyring=also_keyring,
                                                                      passphrase=phrase), "mneme-create")
            else:
                self.store = self._while_working(lambda: Store.create(self.data_dir, use_keyring=True),
                                                 "mneme-create")
        except MnemeError as exc:
            self.show_error(str(exc))
            return
        super().accept()


class UnlockDialog(_WorkingDialog):
    """Ask for the passphrase; a wrong one says so and lets the user retry."""

    def __init__(self, data_dir: Path, parent: QWidget | None = None, *, reason: str = ""):
        super().__init__(parent)
        self.data_dir = Path(data_dir)
        self.setWindowTitle(self.tr("Unlock Mneme"))
        self.setMinimumWidth(440)
        layout = _header(self, self.tr("Unlock Mneme"), reason or self.tr(
            "Your database is protected by a passphrase."))
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setPlaceholderText(self.tr("Passphrase"))
        self.passphrase.setAccessibleName(self.tr("Passphrase"))
        layout.addWidget(self.passphrase)
        self.error = error_banner()
        layout.addWidget(self.error)
        self.busy = busy_bar(self.tr("Unlocking"))
        layout.addWidget(self.busy)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.unlock_button = self.buttons.addButton(self.tr("Unlock"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.unlock_button.setProperty("primary", True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.attempts = 0
        self.store: Store | None = None

    def accept(self) -> None:  # noqa: D401 - Qt override
        if self.working:  # Enter pressed again while unlocking
            return
        self.attempts += 1
        phrase = self.passphrase.text()
        failure: MnemeError | None = None
        try:
            self.store = self._while_working(lambda: Store.open(self.data_dir, phrase), "mneme-unlock")
        except MnemeError as exc:
            failure = exc
        if isinstance(failure, WrongKeyError):
            self.error.setText(self.tr("That passphrase is not right. Check Caps Lock and try again."))
            self.error.show()
            self.passphrase.selectAll()
            self.passphrase.setFocus()
            return
        if failure is not None:
            self.error.setText(str(failure))
            self.error.show()
            return
        super().accept()


#: An open that takes longer than this shows a small "Opening" window (a keyring unlock is usually quicker).
OPENING_NOTICE_MS = 400


class OpeningDialog(QDialog):
    """Shown while the store opens with no question to ask (keyring unlock, a migration after an update)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Opening Mneme"))
        self.setMinimumWidth(380)
        layout = _header(self, self.tr("Opening your memory"), self.tr(
            "Unlocking the encrypted database. After an update this can take a few seconds, once."))
        bar = busy_bar(self.tr("Opening"))
        bar.show()
        layout.addWidget(bar)

    def reject(self) -> None:  # noqa: D401 - Qt override: the open finishes whatever the Escape key says
        pass


def _open_in_background(data_dir: Path, passphrase: str | None, parent: QWidget | None) -> Store:
    """``Store.open`` off the UI thread; a window says so if it takes long enough to notice."""
    notice = OpeningDialog(parent)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(notice.show)
    timer.start(OPENING_NOTICE_MS)
    try:
        return call_off_ui_thread(lambda: Store.open(data_dir, passphrase), "mneme-open")
    finally:
        timer.stop()
        notice.hide()
        notice.deleteLater()


class KeyringGoneDialog(QDialog):
    """The key is not in the keyring any more and there is no passphrase: say what to do; retry or quit."""

    def __init__(self, message: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Mneme cannot find its key"))
        self.setMinimumWidth(480)
        layout = _header(self, self.tr("The key is missing from the keyring"), message)
        note = QLabel(self.tr("Your data is intact. Mneme will not create a new database over it."))
        note.setObjectName("InfoBanner")
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox()
        retry = buttons.addButton(self.tr("Try again"), QDialogButtonBox.ButtonRole.AcceptRole)
        retry.setProperty("primary", True)
        buttons.addButton(self.tr("Quit"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def obtain_store(data_dir: Path, parent: QWidget | None = None) -> Store | None:
    """Open or create the store, asking the user whatever is needed; None when they give up."""
    data_dir = Path(data_dir)
    if not Store.exists(data_dir):
        dialog = FirstRunDialog(data_dir, parent)
        return dialog.store if dialog.exec() == QDialog.DialogCode.Accepted else None
    env = os.environ.get("MNEME_PASSPHRASE") or None
    while True:
        try:
            return _open_in_background(data_dir, env, parent)
        except PassphraseRequired:
            return _ask_passphrase(data_dir, parent, "")
        except WrongKeyError as exc:
            if env:  # a stale MNEME_PASSPHRASE: fall back to asking
                env = None
                continue
            QMessageBox.critical(parent, "Mneme", str(exc))
            return None
        except KeyringUnavailable as exc:
            if _has_passphrase(data_dir):
                return _ask_passphrase(data_dir, parent, QDialog.tr(
                    "The system keyring no longer holds Mneme's key (was it reset, or is this another "
                    "session?). Your database also has a passphrase: enter it to unlock."))
            if KeyringGoneDialog(str(exc), parent).exec() != QDialog.DialogCode.Accepted:
                return None
        except MnemeError as exc:
            QMessageBox.critical(parent, "Mneme", str(exc))
            return None


def _ask_passphrase(data_dir: Path, parent: QWidget | None, reason: str) -> Store | None:
    dialog = UnlockDialog(data_dir, parent, reason=reason)
    return dialog.store if dialog.exec() == QDialog.DialogCode.Accepted else None


def _has_passphrase(data_dir: Path) -> bool:
    try:
        return bool(KeyStore(data_dir).header().passphrase)
    except MnemeError:
        return False
