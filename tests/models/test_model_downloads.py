"""Downloads against a real HTTP server on 127.0.0.1 serving the real bundled GGUF."""
from __future__ import annotations

import hashlib
import threading

import pytest

from models.downloads import Download
from models.errors import ChecksumMismatch, DownloadCancelled, DownloadError
from models.gguf import read_gguf
from tests.model_server import serving

CHUNK = 256 * 1024


@pytest.fixture(scope="module")
def payload(bundled_model_path) -> bytes:
    return bundled_model_path.read_bytes()


@pytest.fixture(scope="module")
def payload_sha(payload) -> str:
    return hashlib.sha256(payload).hexdigest()


@pytest.fixture
def server(payload):
    with serving(payload) as srv:
        yield srv


def test_good_download_is_verified_and_installed(server, payload, payload_sha, tmp_path):
    seen = []
    dest = tmp_path / "models" / "smol.gguf"
    path = Download(server.url, dest, sha256=payload_sha, expected_size=len(payload), chunk_size=CHUNK,
                    progress=seen.append).run()
    assert path == dest and dest.stat().st_size == len(payload)
    assert not dest.with_name("smol.gguf.part").exists()
    assert seen[-1].downloaded == seen[-1].total == len(payload)
    assert read_gguf(dest).expected_size == len(payload)  # a real, loadable GGUF


def test_corrupted_download_is_refused_and_nothing_installed(server, payload_sha, tmp_path):
    server.corrupt = True
    dest = tmp_path / "smol.gguf"
    with pytest.raises(ChecksumMismatch, match="SHA-256"):
        Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK).run()
    assert not dest.exists()
    assert not dest.with_name("smol.gguf.part").exists()


def test_truncated_transfer_resumes_automatically(server, payload, payload_sha, tmp_path):
    server.cut_next = 1
    dest = tmp_path / "smol.gguf"
    download = Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK)
    download.run()
    assert download.attempts == 2
    assert server.requests[0] is None and server.requests[1].startswith("bytes=")
    assert int(server.requests[1].removeprefix("bytes=").rstrip("-")) > 0
    assert hashlib.sha256(dest.read_bytes()).hexdigest() == payload_sha


def test_truncated_transfer_without_retries_keeps_part_then_resumes(server, payload, payload_sha, tmp_path):
    server.cut_next = 1
    dest = tmp_path / "smol.gguf"
    with pytest.raises(DownloadError, match="partial file is kept"):
        Download(server.url, dest, sha256=payload_sha, retries=0, chunk_size=CHUNK).run()
    part = dest.with_name("smol.gguf.part")
    assert not dest.exists() and 0 < part.stat().st_size < len(payload)
    kept = part.stat().st_size
    Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK).run()
    assert server.requests[-1] == f"bytes={kept}-"
    assert dest.stat().st_size == len(payload) and not part.exists()


def test_cancel_keeps_part_and_a_new_download_resumes(server, payload, payload_sha, tmp_path):
    cancel = threading.Event()

    def on_progress(progress):
        if progress.downloaded >= 4 * CHUNK:
            cancel.set()

    dest = tmp_path / "smol.gguf"
    download = Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK, progress=on_progress,
                        cancel=cancel).start()
    with pytest.raises(DownloadCancelled):
        download.wait(timeout=60)
    part = dest.with_name("smol.gguf.part")
    kept = part.stat().st_size
    assert not dest.exists() and 0 < kept < len(payload)
    resumed = []
    Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK, progress=resumed.append).run()
    assert resumed[0].resumed_from == kept
    assert server.requests[-1] == f"bytes={kept}-"
    assert hashlib.sha256(dest.read_bytes()).hexdigest() == payload_sha


def test_server_ignoring_range_restarts_cleanly(server, payload, payload_sha, tmp_path):
    server.honour_range = False
    dest = tmp_path / "smol.gguf"
    dest.with_name("smol.gguf.part").write_bytes(b"stale bytes from some other file")
    Download(server.url, dest, sha256=payload_sha, chunk_size=CHUNK).run()
    assert hashlib.sha256(dest.read_bytes()).hexdigest() == payload_sha


def test_no_checksum_needs_explicit_consent(server, payload, payload_sha, tmp_path):
    with pytest.raises(DownloadError, match="no published SHA-256"):
        Download(server.url, tmp_path / "x.gguf", sha256=None)
    download = Download(server.url, tmp_path / "x.gguf", sha256=None, allow_unverified=True, chunk_size=CHUNK)
    download.run()
    assert download.sha256 == payload_sha


def test_http_error_is_a_clear_message(server, tmp_path):
    with pytest.raises(DownloadError, match="HTTP 404"):
        Download(server.url.replace("model.gguf", "missing.gguf"), tmp_path / "x.gguf", sha256="0" * 64).run()
