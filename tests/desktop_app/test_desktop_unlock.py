"""First run (keyring or passphrase, with the lost-passphrase warning) and unlocking."""
from __future__ import annotations

import pytest

from memory_core.storage.keys import KeyStore
from memory_core.storage.store import Store
from tests.conftest import TEST_PASSPHRASE


def test_first_run_with_a_passphrase_checks_length_and_confirmation(qtbot, themed_app, data_dir):
    from desktop_app.unlock import FirstRunDialog

    dialog = FirstRunDialog(data_dir, keyring_real=False)
    qtbot.addWidget(dialog)
    assert not dialog.use_keyring.isEnabled(), "no real keyring here: the passphrase is the only choice"
    assert dialog.use_passphrase.isChecked()
    warnings = [w.text() for w in dialog.findChildren(type(dialog.error)) if "recover" in w.text()]
    assert warnings, "the lost-passphrase warning is shown"

    dialog.passphrase.setText("short")
    dialog.confirm.setText("short")
    dialog.accept()
    assert dialog.result() == 0 and "too short" in dialog.error.text()
    dialog.passphrase.setText(TEST_PASSPHRASE)
    dialog.confirm.setText(TEST_PASSPHRASE + "!")
    dialog.accept()
    assert "differ" in dialog.error.text() and dialog.store is None
    assert not Store.exists(data_dir)

    dialog.confirm.setText(TEST_PASSPHRASE)
    dialog.accept()
    assert dialog.result() == 1 and dialog.store is not None
    assert KeyStore(data_dir).header().passphrase and not KeyStore(data_dir).header().keyring
    dialog.store.close()
    Store.open(data_dir, TEST_PASSPHRASE).close()


def test_unlock_with_wrong_then_right_passphrase(qtbot, themed_app, store, data_dir):
    from desktop_app.unlock import UnlockDialog

    store.add_message("t", "user", "secret diary entry")
    store.close()
    dialog = UnlockDialog(data_dir)
    qtbot.addWidget(dialog)
    dialog.passphrase.setText("not the passphrase")
    dialog.accept()
    assert dialog.store is None and dialog.result() == 0
    assert dialog.error.isVisibleTo(dialog) and "not right" in dialog.error.text()
    dialog.passphrase.setText(TEST_PASSPHRASE)
    dialog.accept()
    assert dialog.result() == 1 and dialog.store is not None
    assert dialog.store.messages("t")[0].text == "secret diary entry"
    dialog.store.close()


def test_obtain_store_asks_for_the_passphrase_when_needed(qtbot, themed_app, store, data_dir, monkeypatch):
    from desktop_app import unlock

    store.close()
    monkeypatch.delenv("MNEME_PASSPHRASE", raising=False)
    shown = []

    def fake_exec(dialog):
        shown.append(type(dialog).__name__)
        dialog.passphrase.setText(TEST_PASSPHRASE)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(unlock.UnlockDialog, "exec", fake_exec)
    opened = unlock.obtain_store(data_dir)
    assert shown == ["UnlockDialog"] and opened is not None
    opened.close()


def test_keyring_gone_offers_the_passphrase(qtbot, themed_app, store, data_dir, monkeypatch):
    """A header that says 'keyring + passphrase' but a keyring without the key: ask for the passphrase."""
    from desktop_app import unlock

    store.close()
    keys = KeyStore(data_dir)
    header = keys.header()
    header.keyring = True  # as if the key had been in a keyring that is now gone
    keys._write_header(header)
    reasons = []

    def fake_exec(dialog):
        reasons.extend(label.text() for label in dialog.findChildren(type(dialog.error)))
        dialog.passphrase.setText(TEST_PASSPHRASE)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(unlock.UnlockDialog, "exec", fake_exec)
    monkeypatch.setattr(KeyStore, "_read_keyring", lambda self, header: None)
    opened = unlock.obtain_store(data_dir)
    assert opened is not None
    assert any("keyring" in r for r in reasons)
    opened.close()


@pytest.mark.keyring
def test_first_run_with_the_real_keyring(qtbot, themed_app, data_dir):
    from desktop_app.unlock import FirstRunDialog, obtain_store
    from memory_core.storage.keys import keyring_info

    if not keyring_info().real:
        pytest.skip("no real keyring outside scripts/run-tests.sh")
    dialog = FirstRunDialog(data_dir)
    qtbot.addWidget(dialog)
    assert dialog.use_keyring.isEnabled() and dialog.use_keyring.isChecked()
    dialog.accept()
    assert dialog.store is not None, dialog.error.text()
    assert KeyStore(data_dir).header().keyring
    dialog.store.close()
    reopened = obtain_store(data_dir)  # the keyring unlocks without asking
    assert reopened is not None
    reopened.close()
    KeyStore(data_dir).forget_keyring()


def _slow_open_recording(monkeypatch, seconds: float = 0.3) -> dict:
    """Store.open made slow (as scrypt and a migration are on a big store), recording the thread it ran on."""
    import threading
    import time

    seen: dict = {}
    real_open = Store.open.__func__

    def slow_open(cls, data_dir, passphrase=None):
        seen["on_ui_thread"] = threading.current_thread() is threading.main_thread()
        time.sleep(seconds)
        return real_open(cls, data_dir, passphrase)

    monkeypatch.setattr(Store, "open", classmethod(slow_open))
    return seen


def _ticking(during):
    """What ``during(tick)`` saw at each 10 ms tick of a UI-thread timer while the window waited."""
    from PySide6.QtCore import QTimer

    ticks: list = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(during()))
    timer.start(10)
    return timer, ticks


def test_unlocking_runs_off_the_ui_thread_with_the_form_disabled(qtbot, themed_app, store, data_dir, monkeypatch):
    """scrypt and a pending migration take seconds: the dialog keeps painting its busy bar meanwhile, and neither
    a second Enter nor Escape can start another attempt or leave an opened store behind a closed dialog."""
    from desktop_app.unlock import UnlockDialog

    store.close()
    seen = _slow_open_recording(monkeypatch)
    dialog = UnlockDialog(data_dir)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.passphrase.setText(TEST_PASSPHRASE)

    def during():
        dialog.reject()  # Escape while unlocking: ignored
        dialog.accept()  # Enter again: ignored
        return (dialog.busy.isVisibleTo(dialog), dialog.passphrase.isEnabled(), dialog.unlock_button.isEnabled())

    timer, ticks = _ticking(during)
    dialog.accept()
    timer.stop()
    assert seen["on_ui_thread"] is False, "Store.open ran on the UI thread"
    assert len(ticks) >= 5, f"the UI thread's event loop stalled while unlocking ({len(ticks)} ticks in 0.3 s)"
    assert all(tick == (True, False, False) for tick in ticks), ticks
    assert dialog.attempts == 1 and dialog.result() == 1 and dialog.store is not None
    assert dialog.passphrase.isEnabled() and not dialog.busy.isVisibleTo(dialog)
    dialog.store.close()


def test_a_wrong_passphrase_off_the_ui_thread_still_says_so(qtbot, themed_app, store, data_dir, monkeypatch):
    from desktop_app.unlock import UnlockDialog

    store.close()
    _slow_open_recording(monkeypatch, 0.05)
    dialog = UnlockDialog(data_dir)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.passphrase.setText("not the passphrase")
    dialog.accept()
    assert dialog.store is None and dialog.result() == 0 and "not right" in dialog.error.text()
    assert dialog.passphrase.isEnabled() and dialog.passphrase.hasSelectedText()


def test_a_failed_first_run_gives_back_the_form_as_it_was(qtbot, themed_app, data_dir, monkeypatch):
    """No keyring here: its choice stays disabled after a failed attempt re-enables the form."""
    from desktop_app.unlock import FirstRunDialog
    from memory_core.errors import MnemeError

    def failing_create(cls, data_dir, *, use_keyring, passphrase=None):
        raise MnemeError("the disk is full: free some space and retry; nothing was lost")

    monkeypatch.setattr(Store, "create", classmethod(failing_create))
    dialog = FirstRunDialog(data_dir, keyring_real=False)
    qtbot.addWidget(dialog)
    dialog.passphrase.setText(TEST_PASSPHRASE)
    dialog.confirm.setText(TEST_PASSPHRASE)
    dialog.accept()
    assert dialog.store is None and dialog.result() == 0 and "disk is full" in dialog.error.text()
    assert dialog.passphrase.isEnabled() and dialog.create_button.isEnabled()
    assert not dialog.use_keyring.isEnabled() and not dialog.also_keyring.isEnabled()


def test_a_slow_open_at_start_shows_that_mneme_is_opening(qtbot, themed_app, store, data_dir, monkeypatch):
    from desktop_app import unlock

    store.close()
    monkeypatch.setenv("MNEME_PASSPHRASE", TEST_PASSPHRASE)
    monkeypatch.setattr(unlock, "OPENING_NOTICE_MS", 20)
    seen = _slow_open_recording(monkeypatch)
    from PySide6.QtWidgets import QApplication

    timer, ticks = _ticking(lambda: any(isinstance(w, unlock.OpeningDialog) and w.isVisible()
                                               for w in QApplication.topLevelWidgets()))
    opened = unlock.obtain_store(data_dir)
    timer.stop()
    assert opened is not None and seen["on_ui_thread"] is False
    assert any(ticks), "no 'Opening' window while a slow open ran"
    assert not any(isinstance(w, unlock.OpeningDialog) and w.isVisible() for w in QApplication.topLevelWidgets())
    opened.close()
