"""Render the app icon's SVG into the PNG sizes of the freedesktop hicolor theme.

Qt's own SVG renderer is used (it ships with PySide6), so no extra tool
(rsvg-convert, inkscape) is needed on the build machine.

    python installer/make_icons.py resources/icons/mneme.svg build/icons
writes build/icons/hicolor/<N>x<N>/apps/mneme.png for every size below.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

#: The sizes desktop environments look up in hicolor (menus, docks, alt-tab, app stores).
SIZES = (16, 32, 48, 64, 128, 256, 512)


def render(svg: Path, out_root: Path, name: str = "mneme") -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts and image plugins need one)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not a valid SVG")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        target = out_root / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"make_icons: could not write {target}")
        written.append(target)
    scalable = out_root / "hicolor" / "scalable" / "apps" / f"{name}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(svg.read_bytes())
    written.append(scalable)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in render(Path(args[0]), Path(args[1])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
