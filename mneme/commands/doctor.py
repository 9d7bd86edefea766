"""``mneme doctor``: what this machine gives Mneme, in plain words.

Plain ``doctor`` never opens (or creates) the database: it only reads what is
there, so it is safe to run when something is wrong. ``doctor --check`` unlocks
the database and verifies it: every page's HMAC (``cipher_integrity_check``),
SQLite's own ``integrity_check``, and each full-text index; it says what to do
and exits 7 when something is damaged.
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
    parser.add_argument("--check", action="store_true",
                        help="unlock the database and verify every page, the schema and the search indexes")
    parser.set_defaults(handler=run)


def check_database(data_dir: Path) -> dict:
    """Run the three integrity checks; ``ok`` is False when any finds damage."""
    from memory_core.errors import CorruptDatabase
    from memory_core.storage.schema import FTS_TABLES

    from ..session import open_or_create

    result: dict = {"checks": [], "ok": True}

    def record(name: str, problems: list[str]) -> None:
        result["checks"].append({"check": name, "ok": not problems, "problems": problems[:20]})
        result["ok"] = result["ok"] and not problems

    try:
        store = open_or_create(data_dir, create=False)
    except CorruptDatabase as exc:
        record("open", [str(exc)])
        return result
    with store:
        try:
            rows = store.execute("PRAGMA cipher_integrity_check").fetchall()
            record("cipher_integrity_check (every page's HMAC)", [str(row[0]) for row in rows])
        except dbmod.DB_ERRORS as exc:
            record("cipher_integrity_check (every page's HMAC)", [str(exc)])
        try:
            rows = [str(row[0]) for row in store.execute("PRAGMA integrity_check").fetchall()]
            record("integrity_check (tables and indexes)", [] if rows == ["ok"] else rows)
        except dbmod.DB_ERRORS as exc:
            record("integrity_check (tables and indexes)", [str(exc)])
        for table in FTS_TABLES:
            fts = f"{table}_fts"
            try:
                store.execute(f"INSERT INTO {fts}({fts}) VALUES ('integrity-check')")
                record(f"{fts} integrity-check (search index)", [])
            except dbmod.DB_ERRORS as exc:
                record(f"{fts} integrity-check (search index)", [str(exc)])
    return result


def _advice(result: dict) -> str:
    if result["ok"]:
        return "Everything checks out: every page decrypts and authenticates, the tables and search indexes agree."
    failed = {c["check"].split(" ")[0] for c in result["checks"] if not c["ok"]}
    if failed <= {f"{t}_fts" for t in ("messages", "observations", "reflections", "facts")}:
        return ("Only a search index is inconsistent; the data itself is intact. Rebuild it with "
                "\"INSERT INTO <index>(<index>) VALUES('rebuild')\" or restore from a backup.")
    return ("The database is damaged. Stop using it, copy the whole data folder somewhere safe, and restore "
            "mneme.db from a backup. 'mneme memory export' may still read what is intact.")


def run_check(args) -> int:
    from memory_core.errors import CorruptDatabase

    result = check_database(Path(args.data_dir))
    result["advice"] = _advice(result)
    if args.json:
        print_json(result)
    else:
        for check in result["checks"]:
            print(f"{'OK  ' if check['ok'] else 'FAIL'}  {check['check']}")
            for problem in check["problems"]:
                print(f"        {problem}")
        print(result["advice"])
    return 0 if result["ok"] else CorruptDatabase.exit_code


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
    if args.check:
        return run_check(args)
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
