"""Light and dark looks, icons, and where the app's resources live.

The look follows the system colour scheme (``QStyleHints.colorScheme``, Qt >= 6.5)
and switches live when the system does. The stylesheet in
``desktop_app/resources/style.qss`` uses ``@name`` placeholders filled from one of the two
token sets below, so both schemes share one file. UI icons are monochrome
SVGs drawn in ``currentColor`` and tinted to the palette at load time.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication


def resources_dir() -> Path:
    """``desktop_app/resources/``: package data, so a wheel and a PyInstaller bundle carry it too."""
    return Path(__file__).resolve().parent / "resources"


LIGHT = {
    "window": "#f7f7f9", "sidebar": "#eef0f4", "surface": "#ffffff", "surface_alt": "#f1f2f6",
    "border": "#dfe1e8", "text": "#1c1d22", "muted": "#6b6f7b", "accent": "#5b5bd6",
    "accent_hover": "#4c4cc4", "accent_text": "#ffffff", "user_bubble": "#5b5bd6", "user_text": "#ffffff",
    "bot_bubble": "#ffffff", "code_bg": "#f3f4f8", "hit": "#ffe08a", "danger": "#d93a3f",
    "selection": "#e3e4fb", "input": "#ffffff",
    "warn_bg": "#fff6e0", "warn_text": "#5c4300", "warn_border": "#f5d78a",
}
DARK = {
    "window": "#17181c", "sidebar": "#1e2026", "surface": "#23252c", "surface_alt": "#2a2d35",
    "border": "#33363f", "text": "#e8e9ee", "muted": "#9a9eab", "accent": "#7c7cf0",
    "accent_hover": "#8e8ef5", "accent_text": "#ffffff", "user_bubble": "#4a4ac4", "user_text": "#ffffff",
    "bot_bubble": "#23252c", "code_bg": "#1b1d22", "hit": "#7a5d00", "danger": "#ff6369",
    "selection": "#34365a", "input": "#23252c",
    "warn_bg": "#3a2f10", "warn_text": "#ffd98a", "warn_border": "#6b5414",
}
PRIORITY_COLOURS = {"high": "#e5484d", "medium": "#f5a524", "low": "#30a46c", "done": "#8b8d98"}


def is_dark() -> bool:
    forced = os.environ.get("MNEME_THEME", "").lower()
    if forced in ("dark", "light"):
        return forced == "dark"
    app = QGuiApplication.instance()
    if app is None:
        return False
    try:
        if app.styleHints().colorScheme() == Qt.ColorScheme.Dark:
            return True
        if app.styleHints().colorScheme() == Qt.ColorScheme.Light:
            return False
    except AttributeError:  # Qt < 6.5
        pass
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def tokens() -> dict[str, str]:
    return DARK if is_dark() else LIGHT


def stylesheet() -> str:
    try:
        text = (resources_dir() / "style.qss").read_text(encoding="utf-8")
    except OSError:  # a broken install: plain Fusion still works
        return ""
    # longest names first so @surface_alt is not eaten by @surface
    for name, value in sorted(tokens().items(), key=lambda kv: -len(kv[0])):
        text = text.replace("@" + name, value)
    return text


def palette() -> QPalette:
    t = tokens()
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: t["window"], QPalette.ColorRole.WindowText: t["text"],
        QPalette.ColorRole.Base: t["input"], QPalette.ColorRole.AlternateBase: t["surface_alt"],
        QPalette.ColorRole.Text: t["text"], QPalette.ColorRole.Button: t["surface"],
        QPalette.ColorRole.ButtonText: t["text"], QPalette.ColorRole.Highlight: t["accent"],
        QPalette.ColorRole.HighlightedText: t["accent_text"], QPalette.ColorRole.ToolTipBase: t["surface"],
        QPalette.ColorRole.ToolTipText: t["text"], QPalette.ColorRole.PlaceholderText: t["muted"],
        QPalette.ColorRole.Link: t["accent"],
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor(t["muted"]))
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor(t["muted"]))
    return pal


def apply(app: QApplication) -> None:
    """Fusion + our palette + stylesheet; call again when the system scheme changes."""
    app.setStyle("Fusion")
    app.setPalette(palette())
    app.setStyleSheet(stylesheet())
    icon.cache_clear()


@lru_cache(maxsize=256)
def icon(name: str, colour: str | None = None, size: int = 20) -> QIcon:
    """A UI icon from ``resources/icons/ui/NAME.svg`` tinted with ``colour`` (default: text colour)."""
    path = resources_dir() / "icons" / "ui" / f"{name}.svg"
    if not path.exists():
        return QIcon()
    svg = path.read_text(encoding="utf-8").replace("currentColor", colour or tokens()["text"])
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    result = QIcon()
    for scale in (1, 2):
        pixmap = QPixmap(QSize(size * scale, size * scale))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        pixmap.setDevicePixelRatio(scale)
        result.addPixmap(pixmap)
    return result


def app_icon() -> QIcon:
    icons = resources_dir() / "icons"
    result = QIcon(str(icons / "mneme.svg"))
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        png = icons / f"mneme-{size}.png"
        if png.exists():
            result.addFile(str(png), QSize(size, size))
    return result
