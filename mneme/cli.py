"""``mneme``: the command line. No arguments opens the desktop app.

Each subcommand lives in its own module under ``mneme/commands`` and exposes
``register(subparsers, common)``; modules are imported only when the parser is
built, and heavy libraries (torch, llama_cpp, Qt) only inside the handlers.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Sequence

from memory_core.errors import InvalidInput, MnemeError

from .paths import default_data_dir

#: Modules that add subcommands; each has ``register(subparsers, common)``.
COMMAND_MODULES = (
    "mneme.commands.doctor",
    "mneme.commands.chat",
    "mneme.commands.models",
    "mneme.commands.memory",
    "mneme.commands.eval",
    "mneme.commands.keys",
)


def common_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a subcommand that is not given --data-dir must not overwrite the
    # value given before it (``mneme --data-dir X chat`` and ``mneme chat --data-dir X`` both work).
    common.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS,
                        help="where the encrypted database lives (default: the platform user data dir, "
                             "e.g. ~/.local/share/Mneme; or $MNEME_DATA_DIR)")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = common_parser()
    parser = argparse.ArgumentParser(prog="mneme", parents=[common],
                                     description="Mneme: a local-first personal assistant that remembers.")
    parser.add_argument("--self-test", action="store_true",
                        help="check the encrypted store, the bundled model, the embedder, one observe cycle and one "
                             "search in a temporary directory, then exit (never touches your data)")
    parser.add_argument("--version", action="version", version="mneme 0.1.0")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(subparsers, common)
    return parser


def resolve_data_dir(args: argparse.Namespace) -> Path:
    return Path(args.data_dir) if getattr(args, "data_dir", None) else default_data_dir()


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    args.data_dir = resolve_data_dir(args)
    try:
        check_arguments_are_text(args)
        if args.self_test:
            from .selftest import run_self_test

            return run_self_test()
        if not args.command:
            from desktop_app.app import run_app

            return run_app(args.data_dir)
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.parse_args([args.command, "--help"])
            return 2
        return int(handler(args) or 0)
    except MnemeError as exc:
        print(f"mneme: {exc}", file=sys.stderr)
        return exc.exit_code
    except Exception as exc:
        translated = _storage_failure(args, exc)
        if translated is None:
            raise
        print(f"mneme: {translated}", file=sys.stderr)
        return translated.exit_code
    except OverflowError as exc:  # a date at the edge of year 1 or 9999 met arithmetic somewhere
        print(f"mneme: a date or number is out of range ({exc}); nothing was changed", file=sys.stderr)
        return InvalidInput.exit_code
    except KeyboardInterrupt:
        print("mneme: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def check_arguments_are_text(args: argparse.Namespace) -> None:
    """Arguments that were not valid UTF-8 arrive as lone surrogates (Python's surrogateescape);
    refuse them by name before they reach the store (SQLite cannot encode them)."""
    for name, value in vars(args).items():
        values = value if isinstance(value, (list, tuple)) else [value]
        for item in values:
            text = str(item) if isinstance(item, (str, Path)) else None
            if text is None or name == "data_dir":
                continue
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                option = "--" + name.replace("_", "-")
                raise InvalidInput(f"{option} is not valid UTF-8 text: check the terminal's encoding "
                                   "(or pass the text with --file or on standard input)") from None


def _storage_failure(args: argparse.Namespace, exc: Exception) -> MnemeError | None:
    """An SQLCipher error that escaped a command (a damaged page met mid-write, a read-only file):
    the same message and exit code as at open time, never a traceback."""
    from memory_core.storage import db as dbmod
    from memory_core.storage.store import DB_NAME

    if not isinstance(exc, dbmod.DB_ERRORS):
        return None
    return dbmod.translate_database_error(Path(args.data_dir) / DB_NAME, exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
