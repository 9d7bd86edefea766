"""Which model answers by default, for the command line and the app alike.

A small JSON file in the models directory (``<data dir>/models/default.json``)
rather than the encrypted settings: choosing a model needs no unlocking, the
choice names a public file and no personal data, and ``mneme models use`` and
the app's Models page must agree without either opening the other's store.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from .catalog import models_dir

CHOICE_FILE = "default.json"


@dataclass(frozen=True)
class ModelChoice:
    path: Path
    #: The catalog id when the file came from the catalog, "" otherwise.
    catalog_id: str = ""
    name: str = ""


def choice_file(data_dir: Path) -> Path:
    return models_dir(data_dir) / CHOICE_FILE


def chosen_model(data_dir: Path) -> ModelChoice | None:
    """The model chosen with ``models use`` or the Models page; None means the bundled model.

    A choice whose file has disappeared is ignored (the bundled model answers) rather
    than failing every start.
    """
    try:
        data = json.loads(choice_file(data_dir).read_text("utf-8"))
        if not data.get("path"):
            return None
        path = Path(data["path"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not path.is_file():
        return None
    return ModelChoice(path, str(data.get("catalog_id") or ""), str(data.get("name") or ""))


def has_choice(data_dir: Path) -> bool:
    """Whether a choice was ever recorded (the bundled model counts): then older app settings do not apply."""
    return choice_file(data_dir).is_file()


def choose_model(data_dir: Path, path: Path | None, *, catalog_id: str = "", name: str = "") -> None:
    """Make ``path`` the default model; None chooses the bundled model. Written atomically."""
    target = choice_file(data_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".tmp")
    resolved = str(Path(path).expanduser().resolve()) if path is not None else None
    part.write_text(json.dumps({"path": resolved, "catalog_id": catalog_id, "name": name}, indent=2), "utf-8")
    os.replace(part, target)


def model_to_run(data_dir: Path, settings_path: str) -> str:
    """The model to run: the recorded choice, else the app settings' older one, else "" (the bundled model).

    A recorded choice of the bundled model wins over the settings, which predate ``models use``.
    """
    chosen = chosen_model(data_dir)
    if chosen is not None:
        return str(chosen.path)
    if has_choice(data_dir) or not settings_path:
        return ""
    return settings_path
