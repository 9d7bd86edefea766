"""pyproject's package-data globs ship every data file the code reads, and each glob matches something.

A glob that matches nothing is a file silently missing from the wheel (the app
then starts without icons or style sheet); checked from the source tree, no build needed.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA_SUFFIXES = {".json", ".qss", ".svg", ".png", ".qm", ".gbnf"}


def _package_data() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]


def test_every_glob_matches_a_file():
    empty = [f"{package}: {glob}" for package, globs in _package_data().items() for glob in globs
             if not list((ROOT / package).glob(glob))]
    assert not empty, f"package-data globs that ship nothing: {empty}"


def test_every_data_file_is_shipped():
    shipped = {path for package, globs in _package_data().items() for glob in globs
               for path in (ROOT / package).glob(glob)}
    missing = [str(path.relative_to(ROOT)) for package in _package_data()
               for path in (ROOT / package).rglob("*")
               if path.suffix in DATA_SUFFIXES and "__pycache__" not in path.parts and path not in shipped]
    assert not missing, f"data files no package-data glob ships: {missing}"


def test_the_app_reads_its_resources_from_the_package():
    from desktop_app.theme import resources_dir

    assert resources_dir() == ROOT / "desktop_app" / "resources"
    assert (resources_dir() / "style.qss").is_file()
