"""Errors from the model runtime, each a message a person can act on."""
from __future__ import annotations

from memory_core.errors import MnemeError


class ModelError(MnemeError):
    """A model file or setting that cannot be used (missing, damaged, too big, no chat template)."""

    exit_code = 6


class ModelFileError(ModelError):
    """The file is missing, not a GGUF, or truncated."""


class ModelTooLarge(ModelError):
    """The model needs more memory than is free right now."""


class ContextTooLong(ModelError):
    """A requested context or a prompt does not fit the model's context window."""


class ChatTemplateMissing(ModelError):
    """The GGUF carries no chat template and none was configured."""


class DownloadError(ModelError):
    """A model download failed, was cancelled, or did not match its checksum."""


class DiskFull(DownloadError):
    """Not enough free space for the model file; the partial file (if any) is kept for resuming."""


class NetworkUnavailable(DownloadError):
    """The server could not be reached (or the connection kept dropping); the partial file is kept."""


class DownloadCancelled(DownloadError):
    """The user cancelled the download; the partial file is kept for resuming."""


class ChecksumMismatch(DownloadError):
    """The downloaded bytes are not the published file; nothing was installed."""
