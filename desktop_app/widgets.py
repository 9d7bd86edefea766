"""Small widgets every dialog uses the same way, so they look and read alike."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar


def error_banner(text: str = "", *, hidden: bool = True) -> QLabel:
    """A wrapping red banner (styled by ``#ErrorBanner`` in style.qss), hidden until there is an error."""
    banner = QLabel(text)
    banner.setObjectName("ErrorBanner")
    banner.setWordWrap(True)
    banner.setVisible(not hidden)
    return banner


def busy_bar(accessible_name: str = "") -> QProgressBar:
    """An indeterminate progress bar for waits with no known length, hidden until work starts."""
    bar = QProgressBar()
    bar.setRange(0, 0)
    if accessible_name:
        bar.setAccessibleName(accessible_name)
    bar.hide()
    return bar
