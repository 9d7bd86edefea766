"""Conventions: shortcuts, accessible names, remembered geometry, rename, light/dark palettes."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QInputDialog, QLineEdit, QPlainTextEdit

from tests.desktop_app.helpers import send
from tests.doubles import FakeChatModel


def test_every_control_has_a_name_for_screen_readers(make_window):
    window = make_window(FakeChatModel())
    for page in ("chat", "memory"):
        window.show_page(page)
        unnamed = []
        for widget in window.findChildren(QAbstractButton) + window.findChildren(QLineEdit) + \
                window.findChildren(QComboBox) + window.findChildren(QPlainTextEdit):
            if not widget.isVisibleTo(window) or any(widget.parent().inherits(name) for name in (
                    "QComboBox", "QAbstractSpinBox", "QLineEdit", "QTabBar")):  # Qt's own inner parts
                continue
            if not (widget.accessibleName() or (isinstance(widget, QAbstractButton) and widget.text().strip())):
                unnamed.append(f"{type(widget).__name__} {widget.objectName()} {widget.toolTip()}")
        assert not unnamed, unnamed


def test_shortcuts_new_chat_search_and_settings(make_window, qtbot):
    window = make_window(FakeChatModel(replies="ok"))
    send(qtbot, window, "hello")
    assert window.current_thread is not None
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.current_thread is None and window.chat_view.bubbles == []
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.sidebar.search.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    from desktop_app.settings_dialog import SettingsDialog

    dialogs = [w for w in window.findChildren(SettingsDialog) if w.isVisible()]
    assert dialogs
    dialogs[0].reject()


def test_geometry_is_remembered(make_window, qtbot):
    window = make_window(FakeChatModel())
    window.resize(1000, 700)
    window.close()
    assert QSettings("Mneme", "Mneme").value("window/geometry") is not None
    again = make_window(FakeChatModel())
    assert again.size().width() == 1000 or again.restoreGeometry(QSettings("Mneme", "Mneme").value("window/geometry"))


def test_rename_a_chat(make_window, qtbot, monkeypatch, store):
    window = make_window(FakeChatModel(replies="ok"))
    send(qtbot, window, "a question about taxes")
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("  Taxes   2026 ", True)))
    window.rename_thread(window.current_thread)
    assert store.threads()[0]["title"] == "Taxes 2026"
    assert window.sidebar.chats.item(0).text() == "Taxes 2026"
    assert window.chat_title.text() == "Taxes 2026"


def test_dark_palette_is_followed(monkeypatch, themed_app):
    from desktop_app import theme

    monkeypatch.setenv("MNEME_THEME", "dark")
    assert theme.is_dark() and theme.tokens() is theme.DARK
    assert theme.DARK["window"] in theme.stylesheet()
    monkeypatch.setenv("MNEME_THEME", "light")
    assert theme.LIGHT["window"] in theme.stylesheet()
    theme.apply(themed_app)


def test_no_sql_in_the_desktop_app():
    """The UI reads and writes through ``services`` and the engine's read models, never with SQL of its own."""
    import re
    from pathlib import Path

    import desktop_app

    sql = re.compile(r"\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|\.execute(many)?\(|"
                     r"\.query\(|\.db\.conn\b")
    found = [f"{path.name}:{number}: {line.strip()}" for path in Path(desktop_app.__file__).parent.glob("*.py")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if sql.search(line)]
    assert not found, found
    assert sql.search('store.execute("SELECT id FROM facts")')  # control: the pattern sees SQL


def test_stop_thread_waits_for_a_busy_job_instead_of_killing_it(qtbot):
    """``QThread.terminate()`` inside torch or SQLite aborts the process; a slow job is waited for."""
    import threading
    import time

    from PySide6.QtCore import QObject, QThread, Signal, Slot

    from desktop_app.workers import start_worker, stop_thread

    class Slow(QObject):
        go = Signal()

        def __init__(self):
            super().__init__()
            self.finished = threading.Event()
            self.go.connect(self.work)

        @Slot()
        def work(self):
            time.sleep(0.6)
            self.finished.set()

    slow = Slow()
    thread = start_worker(slow, "slow-test")
    slow.go.emit()
    time.sleep(0.05)
    stop_thread(thread, timeout_ms=100)
    assert slow.finished.is_set() and thread.isFinished()


def test_a_disabled_option_looks_disabled(themed_app, qtbot):
    """The stylesheet gives every widget the text colour; a disabled one must still be greyed, or the first-run
    dialog's keyring options (no keyring on this machine) look like ones that can be taken."""
    from PySide6.QtWidgets import QCheckBox

    enabled, disabled = QCheckBox("Also keep the key in the system keyring"), QCheckBox(
        "Also keep the key in the system keyring")
    disabled.setEnabled(False)
    for box in (enabled, disabled):
        qtbot.addWidget(box)
        box.resize(320, 24)
    assert enabled.grab().toImage() != disabled.grab().toImage()
