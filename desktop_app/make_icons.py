"""Render the app icon (desktop_app/resources/icons/mneme.svg) to PNGs in the sizes desktops ask for.

``python -m desktop_app.make_icons``; the PNGs are committed so packaging needs no SVG renderer.
"""
from __future__ import annotations

import sys

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from .theme import resources_dir

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render_icons() -> list[str]:
    folder = resources_dir() / "icons"
    renderer = QSvgRenderer(str(folder / "mneme.svg"))
    written = []
    for size in SIZES:
        image = QImage(QSize(size, size), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        path = folder / f"mneme-{size}.png"
        image.save(str(path))
        written.append(str(path))
    return written


if __name__ == "__main__":
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for path in render_icons():
        print(path)
