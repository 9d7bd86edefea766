"""Downloading a model file: progress, cancel, resume, SHA-256 check, atomic install.

Bytes go to ``<name>.part`` next to the destination. A broken connection or a
cancel keeps the ``.part`` file; the next attempt asks the server for the rest
with an HTTP ``Range`` header. Only when the whole file hashes to the published
SHA-256 is it renamed into place (``os.replace``, atomic on one filesystem), so
a half-downloaded or tampered model is never loaded.

Plain ``urllib``: one dependency less, and we need nothing it lacks.
"""
from __future__ import annotations

import errno
import hashlib
import http.client
import os
import shutil
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .errors import ChecksumMismatch, DiskFull, DownloadCancelled, DownloadError, NetworkUnavailable

CHUNK_SIZE = 1 << 20
USER_AGENT = "Mneme/0.1 (model download)"


@dataclass(frozen=True)
class Progress:
    downloaded: int
    total: int | None
    #: Bytes that were already on disk from an earlier attempt when this one started.
    resumed_from: int

    @property
    def fraction(self) -> float | None:
        return self.downloaded / self.total if self.total else None


ProgressCallback = Callable[[Progress], None]


def sha256_of(path: Path, *, chunk_size: int = CHUNK_SIZE) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(chunk_size):
            digest.update(chunk)
    return digest.hexdigest()


class Download:
    """One file from ``url`` to ``destination``, verified against ``sha256``.

    Without a checksum the download is refused unless ``allow_unverified`` is
    set, which the UI does only after the user explicitly agrees; the computed
    hash is then available as ``self.sha256``.
    """

    def __init__(self, url: str, destination: Path | str, *, sha256: str | None,
                 expected_size: int | None = None, allow_unverified: bool = False,
                 progress: ProgressCallback | None = None, cancel: threading.Event | None = None,
                 retries: int = 3, timeout: float = 30.0, chunk_size: int = CHUNK_SIZE):
        if sha256 is None and not allow_unverified:
            raise DownloadError(
                f"refusing to download {url}: no published SHA-256 to check it against. "
                "Confirm that you trust this source to download it unverified.")
        self.url = url
        self.destination = Path(destination)
        self.part_path = self.destination.with_name(self.destination.name + ".part")
        self.expected_sha256 = sha256.lower() if sha256 else None
        self.expected_size = expected_size
        self.progress = progress
        self.cancel = cancel or threading.Event()
        self.retries = retries
        self.timeout = timeout
        self.chunk_size = chunk_size
        self.sha256: str | None = None
        self.attempts = 0
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    # -- background use ------------------------------------------------------
    def start(self) -> "Download":
        """Run in a background thread; ``wait()`` returns the path or raises what the download raised."""
        def target() -> None:
            try:
                self.run()
            except BaseException as exc:  # handed to wait()
                self._error = exc

        self._thread = threading.Thread(target=target, name=f"download {self.destination.name}", daemon=True)
        self._thread.start()
        return self

    def wait(self, timeout: float | None = None) -> Path:
        if self._thread is None:
            raise DownloadError("the download was never started")
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise DownloadError(f"the download of {self.destination.name} is still running")
        if self._error is not None:
            raise self._error
        return self.destination

    # -- the work ---------------------------------------------------------------
    def run(self) -> Path:
        """Download (resuming a ``.part`` file), verify, then atomically rename into place."""
        if self.destination.exists():
            raise DownloadError(f"{self.destination} already exists; remove it first to download it again")
        self.destination.parent.mkdir(parents=True, exist_ok=True)
        failures = 0
        while True:
            if self.cancel.is_set():
                raise DownloadCancelled(f"download of {self.destination.name} cancelled; the partial file is kept")
            try:
                complete = self._attempt()
            except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError) as exc:
                failures += 1
                if failures > self.retries:
                    raise NetworkUnavailable(
                        f"download of {self.destination.name} failed after {failures} attempts ({_reason(exc)}): "
                        "check the network connection, then download again: the partial file is kept and "
                        "the next attempt resumes it") from exc
                time.sleep(min(0.2 * failures, 2.0))
                continue
            if complete:
                return self._install()
            failures += 1
            if failures > self.retries:
                raise DownloadError(
                    f"download of {self.destination.name} stopped early {failures} times; the partial file is kept "
                    "and the next attempt resumes it")

    def _attempt(self) -> bool:
        """One HTTP request; True when the ``.part`` file now holds the whole file."""
        self.attempts += 1
        have = self.part_path.stat().st_size if self.part_path.exists() else 0
        if self.expected_size is not None and have > self.expected_size:
            self.part_path.unlink()
            have = 0
        if self.expected_size is not None and have == self.expected_size:
            return True
        if self.expected_size is not None:
            self._check_free_space(self.expected_size - have)
        headers = {"User-Agent": USER_AGENT}
        if have:
            headers["Range"] = f"bytes={have}-"
        request = urllib.request.Request(self.url, headers=headers)
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as exc:
            if exc.code == 416 and have:
                # Range not satisfiable: we already hold every byte the server has.
                return True
            raise DownloadError(f"download of {self.destination.name} failed: the server answered "
                                f"HTTP {exc.code} {exc.reason}") from exc
        with response:
            if have and response.status == 206:
                mode, start = "ab", have
            else:
                mode, start = "wb", 0  # the server ignored Range: start again
            length = response.headers.get("Content-Length")
            total = start + int(length) if length is not None else self.expected_size
            downloaded = start
            self._report(downloaded, total, start)
            if total is not None:
                self._check_free_space(total - start)
            try:
                with open(self.part_path, mode) as out:
                    while True:
                        if self.cancel.is_set():
                            out.flush()
                            raise DownloadCancelled(
                                f"download of {self.destination.name} cancelled at {downloaded} bytes; "
                                "the partial file is kept for resuming")
                        chunk = response.read(self.chunk_size)
                        if not chunk:
                            break
                        out.write(chunk)
                        downloaded += len(chunk)
                        self._report(downloaded, total, start)
                    out.flush()
                    os.fsync(out.fileno())
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                    raise DiskFull(self._disk_full_message(total - downloaded if total else None)) from exc
                if isinstance(exc, (ConnectionError, TimeoutError)):
                    raise
                raise DownloadError(f"cannot write {self.part_path}: {exc.strerror or exc}") from exc
        if total is not None:
            return downloaded >= total
        return True

    def _check_free_space(self, remaining: int) -> None:
        """Refuse early, with numbers, when the rest of the file cannot fit on the disk."""
        try:
            free = shutil.disk_usage(self.part_path.parent).free
        except OSError:
            return
        if remaining > free:
            raise DiskFull(self._disk_full_message(remaining, free))

    def _disk_full_message(self, remaining: int | None, free: int | None = None) -> str:
        if free is None:
            try:
                free = shutil.disk_usage(self.part_path.parent).free
            except OSError:
                free = None
        need = f"needs {_size(remaining)} more" if remaining else "needs more space"
        have = f", {_size(free)} free" if free is not None else ""
        return (f"the disk is full: {self.destination.name} {need} in {self.part_path.parent}{have}. "
                "Free some space, then download again: the partial file is kept and the download resumes")

    def _install(self) -> Path:
        size = self.part_path.stat().st_size
        actual = sha256_of(self.part_path)
        self.sha256 = actual
        if self.expected_size is not None and size != self.expected_size:
            self.part_path.unlink()
            raise ChecksumMismatch(
                f"{self.destination.name}: got {size} bytes but expected {self.expected_size}; "
                "the damaged download was deleted and nothing was installed")
        if self.expected_sha256 is not None and actual != self.expected_sha256:
            self.part_path.unlink()
            raise ChecksumMismatch(
                f"{self.destination.name} failed its SHA-256 check (expected {self.expected_sha256[:12]}..., got "
                f"{actual[:12]}...); the download was deleted and nothing was installed")
        os.replace(self.part_path, self.destination)
        return self.destination

    def _report(self, downloaded: int, total: int | None, resumed_from: int) -> None:
        if self.progress is not None:
            self.progress(Progress(downloaded, total, resumed_from))


def _size(size: int | None) -> str:
    if size is None:
        return "?"
    if size >= 1024 ** 3:
        return f"{size / 1024 ** 3:.1f} GB"
    return f"{size / 1024 ** 2:.0f} MB"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, urllib.error.URLError):
        return str(exc.reason)
    return str(exc) or type(exc).__name__
