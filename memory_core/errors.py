"""Errors the engine raises, each one a message a person can act on.

The CLI and the desktop app show ``str(error)`` as-is, so every message names
the cause and, where there is one, the way out. Each kind of open-time
failure has its own exit code (listed in the README's CLI section), so a
script can tell "wrong key" from "damaged file" from "read-only folder":

    1 other error           2 bad input            3 wrong key or passphrase
    4 not a Mneme database  5 cannot write (disk)  6 key missing (keyring, passphrase, header)
    7 damaged file          8 read-only data       9 interrupted first run
   10 newer schema
"""
from __future__ import annotations


class MnemeError(Exception):
    """Base class: anything Mneme reports to the user as a clear message."""

    exit_code = 1


class WrongKeyError(MnemeError):
    """The key or passphrase does not open this database."""

    exit_code = 3


class KeyMissing(MnemeError):
    """The key cannot be reached: no passphrase given, keyring gone, or no key header."""

    exit_code = 6


class PassphraseRequired(KeyMissing):
    """The database is protected by a passphrase and none was given."""


class KeyringUnavailable(KeyMissing):
    """The key was kept in an OS keyring that is not reachable now."""


class NotAMnemeDatabase(MnemeError):
    """The file exists but is not a Mneme database (plain SQLite, other data)."""

    exit_code = 4


class CorruptDatabase(MnemeError):
    """The file is a Mneme database but is truncated or damaged (a page fails its HMAC)."""

    exit_code = 7


class DamagedKeyHeader(CorruptDatabase):
    """``mneme.key.json`` is not what Mneme wrote: malformed, hand-edited or bit-flipped."""


class ReadOnlyStore(MnemeError):
    """The database or its folder cannot be written: a permission matter, not damage."""

    exit_code = 8


class IncompleteSetup(MnemeError):
    """A first run stopped before the store was whole (no database beside the key, a 0-byte file)."""

    exit_code = 9


class NewerSchemaError(MnemeError):
    """The database was written by a newer Mneme; we refuse to touch it."""

    exit_code = 10


class StorageError(MnemeError):
    """The data directory cannot be written (permissions, disk full, read-only)."""

    exit_code = 5


class InvalidInput(MnemeError):
    """Bad input from the user: an unparseable date, an empty message, ..."""

    exit_code = 2
