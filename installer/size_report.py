"""Where the bundle's space goes: a ``du`` table written to bench/results/installer.md.

    python installer/size_report.py dist/mneme BUILD_SECONDS [ARTIFACT ...]

Sizes are ``du -sb`` (apparent bytes, what a download and ``dpkg`` count); the
total on disk (``du -sk``) is given too. The three largest folders are broken
down one level further so the table says *which* library is large, not just
which package.
"""
from __future__ import annotations

import platform
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

MB = 1_000_000


def du_bytes(path: Path) -> int:
    out = subprocess.run(["du", "-sb", str(path)], check=True, capture_output=True, text=True).stdout
    return int(out.split()[0])


def du_disk_kib(path: Path) -> int:
    out = subprocess.run(["du", "-sk", str(path)], check=True, capture_output=True, text=True).stdout
    return int(out.split()[0])


def children_by_size(folder: Path) -> list[tuple[Path, int]]:
    return sorted(((child, du_bytes(child)) for child in folder.iterdir()), key=lambda item: -item[1])


def largest_files(folder: Path, count: int) -> list[tuple[Path, int]]:
    files = [(p, p.stat().st_size) for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sorted(files, key=lambda item: -item[1])[:count]


def table(rows: list[tuple[str, int]], total: int) -> list[str]:
    lines = ["| path | MB | share |", "| --- | ---: | ---: |"]
    lines += [f"| `{name}` | {size / MB:,.1f} | {100 * size / total:.1f}% |" for name, size in rows]
    return lines


def report(bundle: Path, build_seconds: float, artifacts: list[Path]) -> str:
    internal = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    total = du_bytes(bundle)
    lines = [
        "# Installer: bundle size and build time",
        "",
        f"Measured by `installer/build_linux.sh` on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
        f"{platform.machine()}, Python {platform.python_version()}, {_pyinstaller_version()}.",
        "",
        "| what | value |",
        "| --- | ---: |",
        f"| build time, whole script | {build_seconds:,.0f} s |",
    ]
    lines += [f"| &nbsp;&nbsp;{name} | {seconds} s |" for name, seconds in _timings()]
    lines += [
        f"| bundle folder `{bundle.name}/` (apparent size) | {total / MB:,.1f} MB |",
        f"| bundle folder on disk (`du -sk`) | {du_disk_kib(bundle) / 1000:,.1f} MB |",
        f"| files in the bundle | {sum(1 for p in bundle.rglob('*') if p.is_file()):,} |",
    ]
    for artifact in artifacts:
        if artifact.exists():
            lines.append(f"| `{artifact.name}` | {artifact.stat().st_size / MB:,.1f} MB |")
    lines += ["", "## Where the space goes (top level of `_internal/`)", ""]
    top = children_by_size(internal)
    shown = [(p.name + ("/" if p.is_dir() else ""), size) for p, size in top[:25]]
    rest = sum(size for _, size in top[25:])
    if rest:
        shown.append((f"({len(top) - 25} smaller entries)", rest))
    lines += table(shown, total)
    for folder, _ in [item for item in top if item[0].is_dir()][:3]:
        lines += ["", f"### Inside `{folder.name}/`", ""]
        inner = children_by_size(folder)
        rows = [(f"{folder.name}/{p.name}" + ("/" if p.is_dir() else ""), size) for p, size in inner[:12]]
        rest = sum(size for _, size in inner[12:])
        if rest:
            rows.append((f"({len(inner) - 12} smaller entries)", rest))
        lines += table(rows, total)
    lines += ["", "## The 15 largest files", ""]
    lines += table([(str(p.relative_to(bundle)), size) for p, size in largest_files(bundle, 15)], total)
    return "\n".join(lines) + "\n"


def _timings() -> list[tuple[str, str]]:
    """Per-phase seconds from build_linux.sh: ``MNEME_BUILD_TIMINGS=";name=seconds;..."``."""
    import os

    pairs = [item.rsplit("=", 1) for item in os.environ.get("MNEME_BUILD_TIMINGS", "").split(";") if "=" in item]
    return [(name.strip(), seconds.strip()) for name, seconds in pairs]


def _pyinstaller_version() -> str:
    try:
        import PyInstaller

        return f"PyInstaller {PyInstaller.__version__}"
    except ImportError:
        return "PyInstaller (version unknown)"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bundle, seconds, artifacts = Path(args[0]), float(args[1]), [Path(a) for a in args[2:]]
    text = report(bundle, seconds, artifacts)
    out = Path("bench/results/installer.md")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
