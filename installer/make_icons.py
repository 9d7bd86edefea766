"""Lay out the app icon in the freedesktop hicolor theme for the .deb.

The PNGs are rendered once from desktop_app/resources/icons/mneme.svg by
``python -m desktop_app.make_icons`` and committed; here they are only placed
where desktops look them up, so the installer needs no SVG renderer.

    python installer/make_icons.py desktop_app/resources/icons build/icons
writes build/icons/hicolor/<N>x<N>/apps/mneme.png for every size below and
build/icons/hicolor/scalable/apps/mneme.svg.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

#: The sizes desktop environments look up in hicolor (menus, docks, alt-tab, app stores).
SIZES = (16, 32, 48, 64, 128, 256, 512)


def layout(icons: Path, out_root: Path, name: str = "mneme") -> list[Path]:
    written = []
    for size in SIZES:
        source = icons / f"{name}-{size}.png"
        if not source.exists():
            raise SystemExit(f"make_icons: {source} is missing; run python -m desktop_app.make_icons")
        target = out_root / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    scalable = out_root / "hicolor" / "scalable" / "apps" / f"{name}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(icons / f"{name}.svg", scalable)
    written.append(scalable)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in layout(Path(args[0]), Path(args[1])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
