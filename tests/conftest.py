"""Shared fixtures. Real components everywhere: SQLCipher files, the bundled GGUF,
the real embedder; deterministic doubles only for logic tests."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TEST_PASSPHRASE = "correct horse battery staple"


@pytest.fixture(autouse=True, scope="session")
def never_touch_real_data(tmp_path_factory):
    """A command run without --data-dir lands in a scratch folder, never in the user's real data."""
    os.environ["MNEME_DATA_DIR"] = str(tmp_path_factory.mktemp("default-data-dir"))


@pytest.fixture(autouse=True)
def fast_kdf(monkeypatch):
    """scrypt at full cost takes ~0.5 s and 128 MiB; tests use a cheap one (the code path is the same)."""
    import memory_core.storage.keys as keys

    monkeypatch.setattr(keys, "SCRYPT_N", 2**12)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path):
    from memory_core.storage.store import Store

    opened = Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE)
    yield opened
    opened.close()


@pytest.fixture
def cli_env(monkeypatch, data_dir):
    """Environment for running ``mneme`` subcommands against a scratch data dir."""
    monkeypatch.setenv("MNEME_PASSPHRASE", TEST_PASSPHRASE)
    return data_dir


@pytest.fixture(scope="session")
def bundled_model_path() -> Path:
    from models.bundled import bundled_model_path as locate

    return locate()


@pytest.fixture(scope="session")
def real_model(bundled_model_path):
    """The bundled SmolLM2-135M through llama.cpp, loaded once per test session."""
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    model = LlamaChatModel(bundled_model_path, RuntimeSettings(context_length=4096))
    yield model
    model.close()


@pytest.fixture(scope="session")
def real_embedder():
    from models.embedder import SentenceEmbedder

    return SentenceEmbedder()


@pytest.fixture(scope="session")
def real_parser():
    """spaCy's small English pipeline (``models.dependency_parser``), loaded once for the session (~3 s)."""
    from models.dependency_parser import SpacyDependencyParser

    return SpacyDependencyParser().load()
