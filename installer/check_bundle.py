"""Check that every shared library in the bundle finds what it needs, inside the bundle or from the OS.

    python installer/check_bundle.py dist/mneme

Pruning (bundle_rules.prune_binaries) removes libraries; this proves it removed
none that a kept library still needs. A DT_NEEDED name passes when a file of
that name is in the bundle, or when it is one the operating system provides
by design (glibc, the OpenGL/EGL driver stack, libxcb, Wayland: PyInstaller
never bundles those, and the .deb depends on them). Anything else is reported
and the build fails.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

#: Provided by the system on purpose (PyInstaller's own exclude list; the .deb's Depends).
SYSTEM_PROVIDED = re.compile(
    r"^(ld-linux.*|linux-vdso.*|lib(c|m|dl|pthread|rt|util|resolv|crypt|nsl|anl|BrokenLocale|thread_db)\.so.*"
    r"|libE?(Open)?GLX?(ESv1_CM|ESv2)?(dispatch)?\.so.*|libdrm\.so.*|libxcb(-dri.*)?\.so.*"
    r"|libwayland-(client|cursor|egl|server)\.so.*|libcuda\.so.*)$")


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == b"\x7fELF"
    except OSError:
        return False


def needed(path: Path) -> list[str]:
    out = subprocess.run(["readelf", "-d", "--wide", str(path)], capture_output=True, text=True).stdout
    return [line.split("[", 1)[1].rstrip("]").strip() for line in out.splitlines() if "(NEEDED)" in line]


def missing_libraries(bundle: Path) -> dict[str, list[str]]:
    files = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()]
    present = {p.name for p in bundle.rglob("*")}
    problems: dict[str, list[str]] = {}
    for path in files:
        if not (path.suffix == ".so" or ".so." in path.name or path.name == bundle.name) or not is_elf(path):
            continue
        for name in needed(path):
            if name not in present and not SYSTEM_PROVIDED.match(name):
                problems.setdefault(name, []).append(str(path.relative_to(bundle)))
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    bundle = Path(args[0] if args else "dist/mneme")
    problems = missing_libraries(bundle)
    for name, users in sorted(problems.items()):
        print(f"check_bundle: {name} is needed by {', '.join(users[:3])}{' ...' if len(users) > 3 else ''} "
              "but is neither in the bundle nor provided by the system", file=sys.stderr)
    if problems:
        return 1
    print(f"check_bundle: every library in {bundle} finds its dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
