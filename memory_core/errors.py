"""Errors the engine raises, each one a message a person can act on.

The CLI and the desktop app show ``str(error)`` as-is, so every message names
the cause and, where there is one, the way out.
"""
from __future__ import annotations


class MnemeError(Exception):
    """Base class: anything Mneme reports to the user as a clear message."""

    exit_code = 1


class WrongKeyError(MnemeError):
    """The key or passphrase does not open this database."""

    exit_code = 3


class PassphraseRequired(MnemeError):
    """The database is protected by a passphrase and none was given."""

    exit_code = 3


class KeyringUnavailable(MnemeError):
    """The key was kept in an OS keyring that is not reachable now."""

    exit_code = 3


class NotAMnemeDatabase(MnemeError):
    """The file exists but is not a Mneme database (plain SQLite, other data)."""

    exit_code = 4


class CorruptDatabase(MnemeError):
    """The file is a Mneme database but is truncated or damaged."""

    exit_code = 4


class NewerSchemaError(MnemeError):
    """The database was written by a newer Mneme; we refuse to touch it."""

    exit_code = 4


class StorageError(MnemeError):
    """The data directory cannot be written (permissions, disk full, read-only)."""

    exit_code = 5


class InvalidInput(MnemeError):
    """Bad input from the user: an unparseable date, an empty message, ..."""

    exit_code = 2
