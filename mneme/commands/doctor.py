"""``mneme doctor``: what this machine gives Mneme, in plain words.

It never opens (or creates) the database: it only reads what is there, so it
is safe to run when something is wrong.
"""
from __future__ import annotations

import importlib.util
import os
import platform
from pathlib import Path

from memory_core.storage import db as dbmod
from memory_core.storage.keys import HEADER_NAME, KeyStore, keyring_info
from memory_core.storage.store import DB_NAME

from .output import print_json


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("doctor", parents=[common], help="check what this machine gives Mneme")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=run)


def collect(data_dir: Path) -> dict:
    info = keyring_info()
    report: dict = {
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.release()} ({platform.machine()})",
        "keyring": {"backend": info.name, "real": info.real, "detail": info.reason},
        "encryption": {"library": "sqlcipher3", "cipher_version": dbmod.cipher_version(),
                       "sqlite_version": dbmod.sqlite_version()},
        "data_dir": str(data_dir),
        "data_dir_writable": _writable(data_dir),
        "database": _database_state(data_dir),
    }
    report["models"] = _models(data_dir)
    report["llama_cpp"] = _llama()
    report["embedder"] = _embedder()
    return report


def _writable(path: Path) -> bool:
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    return os.access(probe, os.W_OK)


def _database_state(data_dir: Path) -> dict:
    path = data_dir / DB_NAME
    state: dict = {"path": str(path), "exists": path.exists()}
    if path.exists():
        state["size_bytes"] = path.stat().st_size
    keys = KeyStore(data_dir)
    if keys.exists():
        try:
            state["protection"] = keys.header().protection
        except Exception as exc:  # a damaged header is exactly what doctor should report
            state["protection"] = f"unreadable header ({exc})"
    else:
        state["protection"] = "not set up yet" if not path.exists() else f"missing {HEADER_NAME}"
    return state


def _models(data_dir: Path) -> list[dict]:
    try:
        from models.catalog import models_dir
        from models.system_info import list_models
    except ImportError:
        return []
    return list_models(models_dir(data_dir))


def _llama() -> dict:
    try:
        from models.system_info import llama_info
    except ImportError:
        return {"available": importlib.util.find_spec("llama_cpp") is not None}
    return llama_info()


def _embedder() -> dict:
    try:
        from models.system_info import embedder_info
    except ImportError:
        return {"available": importlib.util.find_spec("sentence_transformers") is not None}
    return embedder_info()


def run(args) -> int:
    report = collect(Path(args.data_dir))
    if args.json:
        print_json(report)
        return 0
    kr = report["keyring"]
    enc = report["encryption"]
    db = report["database"]
    lines = [
        f"Mneme doctor  (Python {report['python']}, {report['platform']})",
        "",
        f"Keyring:     {kr['backend']} — " + ("a real OS keyring: the database key can live there."
                                               if kr["real"] else f"NOT usable ({kr['detail']}); Mneme will ask for a passphrase."),
        f"Encryption:  SQLCipher {enc['cipher_version']} (SQLite {enc['sqlite_version']}) via sqlcipher3: "
        "AES-256, every page encrypted, FTS5 included.",
        f"Data:        {report['data_dir']}" + ("" if report["data_dir_writable"] else "  (NOT writable!)"),
        "Database:    " + (f"{db['path']} ({db.get('size_bytes', 0):,} bytes), protected by {db['protection']}"
                            if db["exists"] else f"none yet (protection: {db['protection']})"),
    ]
    llama = report["llama_cpp"]
    if llama.get("available") is False:
        lines.append("llama.cpp:   NOT installed (pip install llama-cpp-python)")
    else:
        gpu = "GPU offload supported" if llama.get("gpu_offload") else "CPU only (no GPU offload compiled in)"
        lines.append(f"llama.cpp:   llama-cpp-python {llama.get('version', '?')}, {gpu}")
        if llama.get("system_info"):
            lines.append(f"             {llama['system_info']}")
    emb = report["embedder"]
    lines.append("Embedder:    " + (f"{emb.get('model', 'all-MiniLM-L6-v2')} at {emb.get('path', '?')}"
                                    if emb.get("available") else "NOT available (memory search uses keywords only)"))
    lines.append("Models:")
    if not report["models"]:
        lines.append("             none found")
    for model in report["models"]:
        size = model.get("size_bytes") or 0
        lines.append(f"             - {model.get('name')} ({size / 1e6:,.0f} MB) {model.get('path', '')}")
    print("\n".join(lines))
    return 0
