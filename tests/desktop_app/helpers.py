"""Small helpers shared by the desktop tests."""
from __future__ import annotations


def send(qtbot, window, text: str, timeout: int = 10_000) -> None:
    """Type into the composer and press Enter, then wait for the answer to finish."""
    window.composer.set_text(text)
    with qtbot.waitSignal(window.answerFinished, timeout=timeout):
        from PySide6.QtCore import Qt

        qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return)
