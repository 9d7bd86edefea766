"""The models a person can pick from: the catalog, the bundled model and any GGUF on disk, in one list.

One place for what ``mneme models`` and the app's Models page both show and
do: list (with what is downloaded, chosen and recommended), use, remove.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memory_core.errors import InvalidInput

from .bundled import BUNDLED_LICENSE, BUNDLED_MODEL_NAME, bundled_model_path
from .catalog import CatalogEntry, installed_path, load_catalog, models_dir, partial_bytes
from .choice import chosen_model, choose_model
from .errors import ModelError
from .gguf import read_gguf
from .hardware import HardwareProfile
from .recommend import Fit, Recommendation, recommend
from .speed import BUNDLED_PARAMS_B, SpeedMeasure, estimate_speed

BUNDLED_ID = "bundled"


@dataclass(frozen=True)
class ModelRow:
    id: str
    name: str
    #: "catalog", "bundled" or "disk" (a GGUF in the models folder that is not in the catalog).
    source: str
    path: Path | None
    size_bytes: int
    params_b: float | None
    quant: str
    context: int | None
    license: str
    downloaded: bool
    in_use: bool
    recommended: bool
    partial_bytes: int = 0
    entry: CatalogEntry | None = None
    fit: Fit | None = None

    def as_dict(self) -> dict:
        entry, fit = self.entry, self.fit
        speed = fit.speed if fit else None
        return {
            "id": self.id, "name": self.name, "size_bytes": self.size_bytes, "params_b": self.params_b,
            "quant": self.quant, "context": self.context, "license": self.license, "downloaded": self.downloaded,
            "recommended": self.recommended, "path": str(self.path) if self.path else None, "in_use": self.in_use,
            "source": self.source, "partial_bytes": self.partial_bytes,
            "url": entry.url if entry else None, "sha256": entry.sha256 if entry else None,
            "checksum": entry.checksum_status if entry else None,
            "sha256_source": entry.sha256_source if entry else None,
            "size_exact": entry.size_exact if entry else True,
            "chat_template": entry.chat_template if entry else None,
            "ram_needed_bytes": entry.ram_needed if entry else None,
            "fits": fit.fits if fit else None, "runs_on": fit.where if fit else None,
            "fit_reason": fit.reason if fit else None,
            "est_generation_tps": speed.generation_tps if speed else None,
            "est_prompt_tps": speed.prompt_tps if speed else None,
            "notes": entry.notes if entry else "",
        }


def model_rows(data_dir: Path, profile: HardwareProfile, measure: SpeedMeasure | None = None,
               catalog: list[CatalogEntry] | None = None) -> tuple[list[ModelRow], Recommendation]:
    """Every model a person can choose, the catalog first, with the recommendation for ``profile``."""
    catalog = load_catalog() if catalog is None else catalog
    advice = recommend(catalog, profile, measure)
    chosen = chosen_model(data_dir)
    chosen_path = chosen.path.resolve() if chosen else None
    rows: list[ModelRow] = []
    try:
        bundled = bundled_model_path()
        speed = estimate_speed(measure, BUNDLED_PARAMS_B)
        rows.append(ModelRow(BUNDLED_ID, BUNDLED_MODEL_NAME, "bundled", bundled, bundled.stat().st_size,
                             BUNDLED_PARAMS_B, "Q4_1", 8192, BUNDLED_LICENSE, True, chosen_path is None, False,
                             fit=Fit(_bundled_entry(bundled), "cpu", 0, 0.0, speed, "always installed")))
    except ModelError:
        pass
    known_files = set()
    for entry in catalog:
        path = installed_path(entry, data_dir)
        known_files.add(entry.target_name)
        fit = advice.fit_for(entry.id)
        rows.append(ModelRow(entry.id, entry.name, "catalog", path, entry.size_bytes, entry.params_b, entry.quant,
                             entry.context, entry.license, path is not None,
                             path is not None and chosen_path == path.resolve(),
                             advice.best is not None and advice.best.entry.id == entry.id,
                             partial_bytes(entry, data_dir), entry, fit))
    folder = models_dir(data_dir)
    for path in sorted(folder.glob("*.gguf")) if folder.is_dir() else []:
        if path.name in known_files or not path.is_file():
            continue
        rows.append(ModelRow(path.stem, path.stem, "disk", path, path.stat().st_size, None, "", None, "", True,
                             chosen_path == path.resolve(), False))
    if chosen is not None and not any(row.in_use for row in rows):  # chosen with ``use PATH`` elsewhere on disk
        rows.append(ModelRow(chosen.path.stem, chosen.name or chosen.path.stem, "disk", chosen.path,
                             chosen.path.stat().st_size, None, "", None, "", True, True, False))
    return rows, advice


def _bundled_entry(path: Path) -> CatalogEntry:
    return CatalogEntry(BUNDLED_ID, BUNDLED_MODEL_NAME, "", None, path.stat().st_size, BUNDLED_PARAMS_B, "Q4_1",
                        8192, BUNDLED_LICENSE)


def use_model(data_dir: Path, id_or_path: str, catalog: list[CatalogEntry] | None = None) -> tuple[str, Path | None]:
    """Make a catalog id, ``bundled``, a GGUF in the models folder or a path the default model.

    Returns (display name, path; None for the bundled model). The file is checked to be
    a readable GGUF first, so a bad choice never replaces a good one.
    """
    if id_or_path == BUNDLED_ID:
        choose_model(data_dir, None)
        return BUNDLED_MODEL_NAME, None
    catalog = load_catalog() if catalog is None else catalog
    entry = next((e for e in catalog if e.id == id_or_path), None)
    if entry is not None:
        path = installed_path(entry, data_dir)
        if path is None:
            raise InvalidInput(f"{entry.id} is not downloaded yet: run `mneme models download {entry.id}` first")
        read_gguf(path)
        choose_model(data_dir, path, catalog_id=entry.id, name=entry.name)
        return entry.name, path
    on_disk = models_dir(data_dir) / f"{id_or_path}.gguf"
    path = on_disk if on_disk.is_file() else Path(id_or_path).expanduser()
    if not path.exists():
        known = ", ".join([BUNDLED_ID] + [e.id for e in catalog])
        raise InvalidInput(f"{id_or_path!r} is neither a model id ({known}) nor a GGUF file")
    info = read_gguf(path)  # not a GGUF / truncated -> a clear ModelFileError
    name = info.name or path.stem
    choose_model(data_dir, path, name=name)
    return name, path


def remove_model(data_dir: Path, model_id: str, catalog: list[CatalogEntry] | None = None) -> list[Path]:
    """Delete a downloaded model (and any unfinished download of it); the bundled model stays.

    When it was the default, the bundled model answers again. Returns the files removed.
    """
    if model_id == BUNDLED_ID:
        raise InvalidInput("the bundled model is part of the installation and cannot be removed")
    catalog = load_catalog() if catalog is None else catalog
    entry = next((e for e in catalog if e.id == model_id), None)
    folder = models_dir(data_dir)
    name = entry.target_name if entry else f"{model_id}.gguf"
    targets = [folder / name, folder / (name + ".part")]
    present = [path for path in targets if path.is_file() or path.is_symlink()]
    if not present:
        raise InvalidInput(f"{model_id} is not downloaded: nothing to remove")
    chosen = chosen_model(data_dir)
    if chosen is not None and (folder / name).exists() and chosen.path.resolve() == (folder / name).resolve():
        choose_model(data_dir, None)
    for path in present:
        path.unlink()
    return present
