"""Small helpers shared by the desktop tests."""
from __future__ import annotations


def send(qtbot, window, text: str, timeout: int = 10_000) -> None:
    """Type into the composer and press Enter, then wait for the answer to finish."""
    window.composer.set_text(text)
    with qtbot.waitSignal(window.answerFinished, timeout=timeout):
        from PySide6.QtCore import Qt

        qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return)


def observe_everything(qtbot, window, store, timeout: int = 10_000) -> None:
    """Press "Observe now" and wait until no message is left unobserved.

    Waiting for ``memoryCycle`` alone is racy: the cycle the last answer kicked
    off can finish first and emit it before "Observe now" has even started.
    """
    def all_observed() -> bool:
        row = store.execute("SELECT count(*) FROM messages WHERE observed_at IS NULL").fetchone()
        return row[0] == 0

    with qtbot.waitSignal(window.memoryCycle, timeout=timeout):
        window.observe_now()
    qtbot.waitUntil(all_observed, timeout=timeout)
