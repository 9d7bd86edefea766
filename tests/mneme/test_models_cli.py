"""``mneme models`` end to end: a test catalog (MNEME_CATALOG) pointing at a loopback HTTP server that serves
the real bundled GGUF; download, verify, use, chat with it, remove."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mneme.cli import main
from tests.model_server import serving

ROOT = Path(__file__).resolve().parents[2]
FILE_NAME = "mirror-smollm2-135m.gguf"
REQUIRED = {"id", "name", "size_bytes", "params_b", "quant", "context", "license", "downloaded", "recommended", "path"}


@pytest.fixture(scope="module")
def payload(bundled_model_path) -> bytes:
    return bundled_model_path.read_bytes()


@pytest.fixture
def server(payload):
    with serving(payload) as srv:
        yield srv


def write_catalog(path: Path, url: str, payload: bytes, *, sha256: str | None = None) -> Path:
    path.write_text(json.dumps([{
        "id": "smol-mirror", "name": "SmolLM2 135M (test mirror)", "url": url, "file_name": FILE_NAME,
        "sha256": sha256 or hashlib.sha256(payload).hexdigest(), "size_bytes": len(payload), "params_b": 0.135,
        "quant": "Q4_1", "context": 8192, "license": "Apache-2.0"}]))
    return path


def mneme(data_dir: Path, *args: str, catalog: Path, timeout: int = 180) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MNEME_CATALOG": str(catalog), "HF_HUB_OFFLINE": "1",
           "MNEME_PASSPHRASE": "correct horse battery staple"}
    return subprocess.run([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, env=env, timeout=timeout)


def listing(data_dir: Path, capsys) -> dict[str, dict]:
    assert main(["models", "list", "--json", "--no-measure", "--data-dir", str(data_dir)]) == 0
    return {row["id"]: row for row in json.loads(capsys.readouterr().out)}


@pytest.mark.real_model
def test_download_verifies_installs_and_chat_answers_with_it(server, payload, tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    catalog = write_catalog(tmp_path / "catalog.json", server.url, payload)
    monkeypatch.setenv("MNEME_CATALOG", str(catalog))
    rows = listing(data, capsys)
    assert set(rows) == {"bundled", "smol-mirror"}
    assert REQUIRED <= set(rows["smol-mirror"])
    assert rows["smol-mirror"]["downloaded"] is False and rows["smol-mirror"]["path"] is None
    assert rows["bundled"]["in_use"] is True

    done = mneme(data, "models", "download", "smol-mirror", catalog=catalog)
    assert done.returncode == 0, done.stderr
    assert "100.0%" in done.stderr and "SHA-256 verified" in done.stderr and "Traceback" not in done.stderr
    installed = data / "models" / FILE_NAME
    assert installed.read_bytes() == payload and not list((data / "models").glob("*.part"))

    rows = listing(data, capsys)
    assert rows["smol-mirror"]["downloaded"] is True and rows["smol-mirror"]["path"] == str(installed)

    used = mneme(data, "models", "use", "smol-mirror", catalog=catalog)
    assert used.returncode == 0 and "default model" in used.stdout
    assert listing(data, capsys)["smol-mirror"]["in_use"] is True

    chat = mneme(data, "chat", "--once", "Say hello", "--stats", "--max-tokens", "12", "--temperature", "0",
                 catalog=catalog)
    assert chat.returncode == 0, chat.stderr
    assert chat.stdout.strip()
    assert f"({FILE_NAME})" in chat.stderr  # --stats names the model that answered: the downloaded file

    # Downloading again is a no-op; removing goes back to the bundled model.
    again = mneme(data, "models", "download", "smol-mirror", catalog=catalog)
    assert again.returncode == 0 and "already downloaded" in again.stderr
    assert main(["models", "remove", "smol-mirror", "--data-dir", str(data)]) == 0
    assert "removed" in capsys.readouterr().out and not installed.exists()
    rows = listing(data, capsys)
    assert rows["bundled"]["in_use"] is True and rows["smol-mirror"]["downloaded"] is False


def test_wrong_checksum_leaves_nothing_and_no_traceback(server, payload, tmp_path):
    data = tmp_path / "data"
    catalog = write_catalog(tmp_path / "catalog.json", server.url, payload, sha256="0" * 64)
    done = mneme(data, "models", "download", "smol-mirror", catalog=catalog)
    assert done.returncode != 0
    assert "SHA-256" in done.stderr and "nothing was installed" in done.stderr
    assert "Traceback" not in done.stderr
    assert not list((data / "models").glob("*.gguf")) and not list((data / "models").glob("*.part"))


def test_interrupted_download_resumes(server, payload, tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    monkeypatch.setenv("MNEME_CATALOG", str(write_catalog(tmp_path / "catalog.json", server.url, payload)))
    part = data / "models" / (FILE_NAME + ".part")
    part.parent.mkdir(parents=True)
    part.write_bytes(payload[: len(payload) // 3])  # what an earlier, interrupted run left
    assert listing(data, capsys)["smol-mirror"]["partial_bytes"] == len(payload) // 3
    assert main(["models", "download", "smol-mirror", "--data-dir", str(data)]) == 0
    assert "resumed at" in capsys.readouterr().err
    assert server.requests == [f"bytes={len(payload) // 3}-"]
    assert (data / "models" / FILE_NAME).read_bytes() == payload


def test_network_gone_is_a_clear_message(payload, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MNEME_CATALOG", str(write_catalog(tmp_path / "c.json", "http://127.0.0.1:9/m.gguf", payload)))
    monkeypatch.setattr("models.downloads.time.sleep", lambda _s: None)
    code = main(["models", "download", "smol-mirror", "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code != 0 and "check the network connection" in err


def test_use_and_remove_refuse_bad_input(tmp_path, capsys, bundled_model_path):
    data = tmp_path / "data"
    assert main(["models", "use", "no-such-model", "--data-dir", str(data)]) != 0
    assert "neither a model id" in capsys.readouterr().err
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("hello")
    assert main(["models", "use", str(not_gguf), "--data-dir", str(data)]) != 0
    assert "not a GGUF" in capsys.readouterr().err
    assert main(["models", "remove", "bundled", "--data-dir", str(data)]) != 0
    assert main(["models", "remove", "qwen2.5-1.5b-instruct-q4_k_m", "--data-dir", str(data)]) != 0
    assert "not downloaded" in capsys.readouterr().err
    # A GGUF anywhere on disk can be the default; the listing then shows it in use.
    assert main(["models", "use", str(bundled_model_path), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    in_use = [row for row in listing(data, capsys).values() if row["in_use"]]
    assert [row["path"] for row in in_use] == [str(bundled_model_path)]


def test_unverified_entry_needs_consent(tmp_path, capsys):
    code = main(["models", "download", "gemma-3-1b-it-q4_k_m", "--data-dir", str(tmp_path / "data")])
    assert code != 0 and "--allow-unverified" in capsys.readouterr().err


def test_bad_catalog_file_is_a_message(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "catalog.json"
    bad.write_text('[{"id": "x"}]')
    monkeypatch.setenv("MNEME_CATALOG", str(bad))
    assert main(["models", "list", "--no-measure", "--data-dir", str(tmp_path / "d")]) != 0
    assert "lacks" in capsys.readouterr().err
    bad.write_text("{not json")
    assert main(["models", "list", "--no-measure", "--data-dir", str(tmp_path / "d")]) != 0
    assert "not valid JSON" in capsys.readouterr().err


def test_built_in_catalog_listing(tmp_path, capsys):
    rows = listing(tmp_path / "data", capsys)
    families = {"qwen2.5", "llama-3.2", "gemma-3", "phi-4-mini", "smollm2-1.7b"}
    assert all(any(row_id.startswith(f) for row_id in rows) for f in families)
    assert sum(row["recommended"] for row in rows.values()) <= 1
    for row in rows.values():
        assert REQUIRED <= set(row)
