"""Opening the store from the command line: data dir, passphrase from the environment, first run.

As borg and restic do, ``MNEME_PASSPHRASE`` unlocks without a prompt. On a
terminal with no passphrase in the environment we prompt; in scripts we fail
with a message naming the variable.
"""
from __future__ import annotations

import getpass
import os
import sys
from pathlib import Path

from memory_core.errors import KeyringUnavailable, MnemeError, PassphraseRequired
from memory_core.storage.keys import keyring_info
from memory_core.storage.store import Store

PASSPHRASE_ENV = "MNEME_PASSPHRASE"


def env_passphrase() -> str | None:
    value = os.environ.get(PASSPHRASE_ENV)
    return value if value else None


def open_or_create(data_dir: Path, *, create: bool = True) -> Store:
    """Open the store in ``data_dir``; on first use create it with the best protection available."""
    data_dir = Path(data_dir)
    passphrase = env_passphrase()
    if not Store.exists(data_dir):
        if not create:
            raise MnemeError(f"no Mneme database in {data_dir}")
        info = keyring_info()
        if passphrase:
            return Store.create(data_dir, use_keyring=False, passphrase=passphrase)
        if info.real:
            return Store.create(data_dir, use_keyring=True)
        raise MnemeError(
            f"no secure OS keyring is available here ({info.reason}), so Mneme needs a passphrase to protect "
            f"your data: set {PASSPHRASE_ENV} (and remember it: a lost passphrase means lost data).")
    try:
        return Store.open(data_dir, passphrase)
    except (PassphraseRequired, KeyringUnavailable) as exc:
        if passphrase is None and sys.stdin.isatty() and _has_passphrase(data_dir):
            print(exc, file=sys.stderr)
            return Store.open(data_dir, getpass.getpass("Mneme passphrase: "))
        raise


def _has_passphrase(data_dir: Path) -> bool:
    from memory_core.storage.keys import KeyStore

    try:
        return bool(KeyStore(data_dir).header().passphrase)
    except MnemeError:
        return False
