"""``mneme passphrase``: change, add or remove the passphrase that wraps the database key.

Re-wrapping touches only the small key header; the database is not re-encrypted.
"""
from __future__ import annotations

import getpass
import os
import sys

from memory_core.errors import MnemeError
from memory_core.storage.keys import KeyStore

from ..session import open_or_create


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("passphrase", parents=[common],
                                   help="set or change the passphrase protecting the database key")
    parser.add_argument("--new-from-env", metavar="VAR",
                        help="read the new passphrase from this environment variable (for scripts)")
    parser.add_argument("--remove", action="store_true",
                        help="remove the passphrase (only when the OS keyring also holds the key)")
    parser.set_defaults(handler=run)


def _new_passphrase(args) -> str:
    if args.new_from_env:
        value = os.environ.get(args.new_from_env)
        if not value:
            raise MnemeError(f"environment variable {args.new_from_env} is empty or unset")
        return value
    if not sys.stdin.isatty():
        raise MnemeError("no terminal to ask for the new passphrase: use --new-from-env VAR")
    first = getpass.getpass("New passphrase: ")
    if first != getpass.getpass("Repeat it: "):
        raise MnemeError("the two passphrases differ; nothing was changed")
    return first


def run(args) -> int:
    with open_or_create(args.data_dir, create=False) as store:
        keys = KeyStore(args.data_dir)
        if args.remove:
            keys.remove_passphrase(store.key)
            print("passphrase removed: the key is now protected by the OS keyring only")
            return 0
        keys.change_passphrase(store.key, _new_passphrase(args))
        store.log_event("passphrase_changed")
    print("passphrase changed: the key was re-wrapped; the database itself was not rewritten")
    return 0
