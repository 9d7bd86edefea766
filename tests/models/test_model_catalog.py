"""The catalog file, the models directory, adding a GGUF from disk, and doctor's model report."""
from __future__ import annotations

import pytest

from memory_core.errors import InvalidInput
from models.catalog import add_model_from_disk, download_entry, find_entry, installed_models, load_catalog
from models.errors import DownloadError, ModelFileError


def test_catalog_entries_are_complete_and_honest():
    catalog = load_catalog()
    ids = {entry.id for entry in catalog}
    # Each family in a small and a mid size (Phi-4-mini exists in one size only), all Q4_K_M.
    for family, sizes in {"qwen2.5": 3, "llama-3.2": 2, "gemma-3": 3, "phi-4-mini": 1, "smollm2-1.7b": 1}.items():
        assert sum(i.startswith(family) for i in ids) == sizes, family
    for entry in catalog:
        assert entry.url.startswith("https://huggingface.co/") and entry.url.endswith("/" + entry.target_name)
        assert entry.size_bytes > 100_000_000 and entry.context >= 8192 and entry.license
        assert entry.quant == "Q4_K_M" and 0.5 < entry.params_b < 15 and entry.chat_template
        assert entry.size_bytes < entry.ram_needed < entry.size_bytes + 2 * 1024 ** 3  # KV cache at 4096 + buffers
        if entry.sha256 is not None:
            assert len(entry.sha256) == 64 and int(entry.sha256, 16) >= 0
            assert entry.sha256_source and entry.size_exact  # says where it comes from
            assert "/resolve/main/" not in entry.url         # pinned to the revision the checksum belongs to
        # Nothing in the catalog claims a verification we did not do, so the app asks before each download.
        assert entry.sha256_verified is False and entry.needs_consent


def test_unverified_entry_needs_consent(tmp_path):
    entry = next(e for e in load_catalog() if e.sha256 is None)
    with pytest.raises(DownloadError, match="no published SHA-256"):
        download_entry(entry, tmp_path)
    assert download_entry(entry, tmp_path, allow_unverified=True).destination == tmp_path / entry.target_name
    with pytest.raises(InvalidInput, match="no model"):
        find_entry("gpt-17")


def test_add_from_disk_copies_a_valid_gguf(bundled_model_path, tmp_path):
    models_dir = tmp_path / "models"
    added = add_model_from_disk(bundled_model_path, models_dir)
    assert added.path == models_dir / bundled_model_path.name and added.size_bytes == bundled_model_path.stat().st_size
    listed = installed_models(models_dir)
    assert [m.source for m in listed] == ["bundled", "models dir"]
    assert not list(models_dir.glob("*.part"))
    # Adding the same name twice is refused instead of overwriting.
    other = tmp_path / bundled_model_path.name
    other.write_bytes(bundled_model_path.read_bytes())
    with pytest.raises(InvalidInput, match="already installed"):
        add_model_from_disk(other, models_dir)


def test_add_from_disk_refuses_bad_files(tmp_path):
    bad = tmp_path / "x.gguf"
    bad.write_bytes(b"PK\x03\x04 a zip file")
    with pytest.raises(ModelFileError, match="not a GGUF"):
        add_model_from_disk(bad, tmp_path / "models")
    assert not (tmp_path / "models" / "x.gguf").exists()


def test_link_instead_of_copy(bundled_model_path, tmp_path):
    added = add_model_from_disk(bundled_model_path, tmp_path / "models", link=True)
    assert added.path.is_symlink() and added.path.resolve() == bundled_model_path.resolve()


def test_doctor_report(bundled_model_path, tmp_path):
    from models.system_info import embedder_info, list_models, llama_info

    (tmp_path / "broken.gguf").write_bytes(b"GGUF\x03\x00\x00\x00")
    models = list_models(tmp_path)
    assert models[0]["source"] == "bundled" and models[0]["ok"] and models[0]["has_chat_template"]
    assert models[1]["ok"] is False and "truncated" in models[1]["problem"]
    llama = llama_info()
    assert llama["available"] and isinstance(llama["gpu_offload"], bool) and "CPU" in llama["system_info"]
    embedder = embedder_info()
    assert embedder["available"] and embedder["path"].endswith("model")
