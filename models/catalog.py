"""The model catalog (what can be downloaded) and the models directory (what is installed).

The catalog is a data file, ``catalog.json``, so adding a model is a one-entry
change. ``MNEME_CATALOG=FILE`` replaces it (mirrors, tests): a JSON list of
``{"id", "name", "url", "sha256", "size_bytes", "params_b", "quant",
"context", "license"}`` objects; the other fields are optional. The models
directory is plain files: every ``*.gguf`` in it is a model (``*.part`` files
are unfinished downloads and are ignored).
"""
from __future__ import annotations

import json
import os
import shutil
import threading
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from urllib.parse import unquote, urlparse

from memory_core.errors import InvalidInput

from .bundled import BUNDLED_MODEL_NAME, bundled_model_path
from .downloads import Download, ProgressCallback
from .errors import ModelError, ModelFileError
from .gguf import read_gguf

CATALOG_FILE = "catalog.json"
CATALOG_ENV = "MNEME_CATALOG"
REQUIRED_FIELDS = ("id", "name", "url", "sha256", "size_bytes", "params_b", "quant", "context", "license")
#: Context Mneme opens a model with by default; the RAM estimate counts a KV cache this long.
DEFAULT_CONTEXT = 4096
#: Beyond weights and KV cache: llama.cpp compute buffers and scratch, measured loosely (~0.3 GB for 1-8B).
RUNTIME_OVERHEAD_BYTES = 300 * 1024 ** 2


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    name: str
    url: str
    #: None: no checksum we could take from anywhere; downloading it needs the user's consent.
    sha256: str | None
    size_bytes: int
    params_b: float
    quant: str
    context: int
    license: str
    #: Default: the last part of the URL.
    file_name: str = ""
    #: False: ``size_bytes`` is approximate (progress bar, disk and RAM checks), never used to verify.
    size_exact: bool = True
    #: True only where we hashed the published file ourselves.
    sha256_verified: bool = False
    #: Where the checksum comes from, when we did not verify it ourselves.
    sha256_source: str = ""
    #: What we know of the chat template (Mneme refuses a GGUF without one when it loads it).
    chat_template: str = "expected in the GGUF (checked when the model loads)"
    #: Memory the model needs at Mneme's default context, when the catalog states it; 0 = computed.
    ram_bytes: int = 0
    #: f16 KV cache per token from the published architecture; 0 = unknown (15% of the weights is assumed).
    kv_bytes_per_token: int = 0
    family: str = ""
    notes: str = ""
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def target_name(self) -> str:
        return self.file_name or Path(unquote(urlparse(self.url).path)).name or f"{self.id}.gguf"

    @property
    def ram_needed(self) -> int:
        """Memory to run it at Mneme's default context: weights + KV cache + llama.cpp buffers."""
        if self.ram_bytes:
            return self.ram_bytes
        kv_cache = (self.kv_bytes_per_token * DEFAULT_CONTEXT if self.kv_bytes_per_token
                    else int(self.size_bytes * 0.15))
        return self.size_bytes + kv_cache + RUNTIME_OVERHEAD_BYTES

    @property
    def checksum_status(self) -> str:
        """"verified", "unverified" (a published value we could not check offline) or "none"."""
        if self.sha256 is None:
            return "none"
        return "verified" if self.sha256_verified else "unverified"

    @property
    def needs_consent(self) -> bool:
        """The UI asks before downloading anything whose checksum we have not verified ourselves."""
        return self.checksum_status != "verified"


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


def catalog_source() -> str:
    """The file the catalog is read from: ``$MNEME_CATALOG`` or the built-in one."""
    return os.environ.get(CATALOG_ENV) or "built-in"


def load_catalog(path: Path | str | None = None) -> list[CatalogEntry]:
    """The catalog from ``path``, else ``$MNEME_CATALOG``, else the built-in file; InvalidInput when malformed."""
    path = path or os.environ.get(CATALOG_ENV) or None
    if path:
        try:
            text = Path(path).expanduser().read_text("utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read the model catalog {path}: {exc.strerror or exc}") from None
        where = str(path)
    else:
        text = resources.files("models").joinpath(CATALOG_FILE).read_text("utf-8")
        where = "the built-in catalog"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{where} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    items = data.get("models") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise InvalidInput(f"{where} must be a JSON list of model objects")
    entries = [_entry(item, where, number) for number, item in enumerate(items, 1)]
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise InvalidInput(f"{where}: the id {entry.id!r} appears twice")
        seen.add(entry.id)
    return entries


def _entry(item: object, where: str, number: int) -> CatalogEntry:
    if not isinstance(item, dict):
        raise InvalidInput(f"{where}: entry {number} is not a JSON object")
    missing = [name for name in REQUIRED_FIELDS if name not in item]
    if missing:
        raise InvalidInput(f"{where}: entry {number} ({item.get('id', '?')}) lacks {', '.join(missing)}")
    known = set(CatalogEntry.__dataclass_fields__) - {"extra"}
    values = {k: v for k, v in item.items() if k in known}
    sha = values.get("sha256")
    if sha is not None and (not isinstance(sha, str) or len(sha) != 64
                            or any(c not in "0123456789abcdefABCDEF" for c in sha)):
        raise InvalidInput(f"{where}: entry {number} ({item['id']}) has a sha256 that is not 64 hex digits")
    try:
        values["size_bytes"] = int(values["size_bytes"])
        values["params_b"] = float(values["params_b"])
        values["context"] = int(values["context"])
    except (TypeError, ValueError):
        raise InvalidInput(f"{where}: entry {number} ({item['id']}) needs numbers for size_bytes, params_b "
                           "and context") from None
    if values["sha256"]:
        values["sha256"] = values["sha256"].lower()
    if not str(values["id"]).strip() or "/" in str(values["id"]):
        raise InvalidInput(f"{where}: entry {number} has an empty id or one with a slash")
    return CatalogEntry(**values, extra={k: v for k, v in item.items() if k not in known})


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


def installed_path(entry: CatalogEntry, data_dir: Path) -> Path | None:
    """Where a downloaded catalog model lives, or None when it is not downloaded."""
    path = models_dir(data_dir) / entry.target_name
    return path if path.is_file() else None


def partial_bytes(entry: CatalogEntry, data_dir: Path) -> int:
    """Bytes of an interrupted download waiting to be resumed (0 when none)."""
    part = models_dir(data_dir) / (entry.target_name + ".part")
    return part.stat().st_size if part.is_file() else 0


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
        try:
            by_file = {entry.target_name: entry for entry in load_catalog()}
        except InvalidInput:  # a broken $MNEME_CATALOG must not hide what is on disk
            by_file = {}
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
    return Download(entry.url, Path(models_dir) / entry.target_name, sha256=entry.sha256,
                    expected_size=entry.size_bytes if entry.size_exact else None,
                    allow_unverified=allow_unverified, progress=progress, cancel=cancel)
