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
        path = Path(data["path"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not path.is_file():
        return None
    return ModelChoice(path, str(data.get("catalog_id") or ""), str(data.get("name") or ""))


def choose_model(data_dir: Path, path: Path | None, *, catalog_id: str = "", name: str = "") -> None:
    """Make ``path`` the default model; None goes back to the bundled model. Written atomically."""
    target = choice_file(data_dir)
    if path is None:
        target.unlink(missing_ok=True)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".tmp")
    part.write_text(json.dumps({"path": str(Path(path).expanduser().resolve()), "catalog_id": catalog_id,
                                "name": name}, indent=2), "utf-8")
    os.replace(part, target)
