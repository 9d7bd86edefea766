"""The model catalog (recommended downloads) and the models directory (what is installed).

The catalog is a data file, ``catalog.json``, so adding a model is a one-entry
change. The models directory is plain files: every ``*.gguf`` in it is a model
(``*.part`` files are unfinished downloads and are ignored).
"""
from __future__ import annotations

import json
import os
import shutil
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from memory_core.errors import InvalidInput

from .bundled import BUNDLED_MODEL_NAME, bundled_model_path
from .downloads import Download, ProgressCallback
from .errors import ModelError, ModelFileError
from .gguf import read_gguf

CATALOG_FILE = "catalog.json"


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    name: str
    file_name: str
    url: str
    size_bytes: int
    size_exact: bool
    sha256: str | None
    verified: bool
    license: str
    context_length: int
    parameters: str = ""
    notes: str = ""
    sha256_source: str = ""


@dataclass(frozen=True)
class InstalledModel:
    name: str
    path: Path
    size_bytes: int
    #: "bundled" or "models dir".
    source: str
    catalog_id: str | None = None

    def as_dict(self) -> dict:
        return {"name": self.name, "path": str(self.path), "size_bytes": self.size_bytes,
                "source": self.source, "catalog_id": self.catalog_id}


def load_catalog(path: Path | None = None) -> list[CatalogEntry]:
    text = Path(path).read_text("utf-8") if path else resources.files("models").joinpath(CATALOG_FILE).read_text("utf-8")
    data = json.loads(text)
    fields = CatalogEntry.__dataclass_fields__
    return [CatalogEntry(**{k: v for k, v in item.items() if k in fields}) for item in data["models"]]


def find_entry(model_id: str, catalog: list[CatalogEntry] | None = None) -> CatalogEntry:
    catalog = load_catalog() if catalog is None else catalog
    for entry in catalog:
        if entry.id == model_id:
            return entry
    known = ", ".join(entry.id for entry in catalog)
    raise InvalidInput(f"no model {model_id!r} in the catalog (known: {known})")


def models_dir(data_dir: Path) -> Path:
    """Downloaded and added GGUF files live beside the database (public weights: not encrypted)."""
    return Path(data_dir) / "models"


def installed_models(models_dir: Path | None, *, include_bundled: bool = True) -> list[InstalledModel]:
    """The bundled model (when its package is installed) and every GGUF in ``models_dir``."""
    found: list[InstalledModel] = []
    if include_bundled:
        try:
            path = bundled_model_path()
            found.append(InstalledModel(BUNDLED_MODEL_NAME, path, path.stat().st_size, "bundled"))
        except ModelError:
            pass
    if models_dir is not None and Path(models_dir).is_dir():
        by_file = {entry.file_name: entry for entry in load_catalog()}
        for path in sorted(Path(models_dir).glob("*.gguf")):
            if not path.is_file():  # a dangling link
                continue
            entry = by_file.get(path.name)
            found.append(InstalledModel(entry.name if entry else path.stem, path, path.stat().st_size,
                                        "models dir", entry.id if entry else None))
    return found


def add_model_from_disk(source: Path | str, models_dir: Path, *, link: bool = False) -> InstalledModel:
    """Validate a GGUF the user picked and copy (or symlink) it into ``models_dir``.

    The copy goes to a ``.part`` file first and is renamed when complete, so an
    interrupted copy never shows up as a model.
    """
    source = Path(source).expanduser()
    info = read_gguf(source)  # missing / non-GGUF / truncated -> ModelFileError
    name = source.name if source.suffix.lower() == ".gguf" else source.name + ".gguf"
    models_dir = Path(models_dir)
    models_dir.mkdir(parents=True, exist_ok=True)
    target = models_dir / name
    if target.exists() or target.is_symlink():
        if target.resolve() == source.resolve():
            return _installed(target, info.name)
        raise InvalidInput(f"a model named {name} is already installed in {models_dir}; rename the file first")
    if link:
        os.symlink(source.resolve(), target)
    else:
        part = target.with_name(target.name + ".part")
        try:
            shutil.copyfile(source, part)
            os.replace(part, target)
        except OSError as exc:
            part.unlink(missing_ok=True)
            raise ModelFileError(f"could not copy {source} into {models_dir}: {exc.strerror or exc}") from exc
    return _installed(target, info.name)


def _installed(path: Path, name: str | None) -> InstalledModel:
    return InstalledModel(name or path.stem, path, path.stat().st_size, "models dir")


def download_entry(entry: CatalogEntry, models_dir: Path, *, progress: ProgressCallback | None = None,
                   cancel: threading.Event | None = None, allow_unverified: bool = False) -> Download:
    """A Download for a catalog entry (not started: call ``run()`` or ``start()``)."""
    return Download(entry.url, Path(models_dir) / entry.file_name, sha256=entry.sha256,
                    expected_size=entry.size_bytes if entry.size_exact else None,
                    allow_unverified=allow_unverified, progress=progress, cancel=cancel)
