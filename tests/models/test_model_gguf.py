"""The cheap GGUF checks, on the real bundled file and damaged copies of it."""
from __future__ import annotations

import pytest

from models.errors import ContextTooLong, ModelFileError, ModelTooLarge
from models.gguf import read_gguf, validate_model_file


def _prefix_copy(source, target, nbytes):
    with open(source, "rb") as src, open(target, "wb") as dst:
        dst.write(src.read(nbytes))
    return target


def test_bundled_header_is_read(bundled_model_path):
    info = read_gguf(bundled_model_path)
    assert info.version == 3
    assert info.architecture == "llama"
    assert info.context_length == 8192
    assert "<|im_start|>" in info.chat_template
    # The size we compute from the tensor table is exactly the file's size.
    assert info.expected_size == info.file_size == bundled_model_path.stat().st_size


def test_missing_file(tmp_path):
    with pytest.raises(ModelFileError, match="not found"):
        read_gguf(tmp_path / "nope.gguf")


def test_not_a_gguf(tmp_path):
    bogus = tmp_path / "model.gguf"
    bogus.write_text("<html>404 Not Found</html>")
    with pytest.raises(ModelFileError, match="not a GGUF"):
        read_gguf(bogus)


def test_empty_file_and_folder(tmp_path):
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(ModelFileError, match="empty"):
        read_gguf(empty)
    with pytest.raises(ModelFileError, match="folder"):
        read_gguf(tmp_path)


def test_truncated_inside_tensor_data(bundled_model_path, tmp_path):
    cut = _prefix_copy(bundled_model_path, tmp_path / "cut.gguf", 20_000_000)
    with pytest.raises(ModelFileError, match="truncated.*need"):
        read_gguf(cut)


def test_truncated_inside_header(bundled_model_path, tmp_path):
    cut = _prefix_copy(bundled_model_path, tmp_path / "cut.gguf", 100_000)
    with pytest.raises(ModelFileError, match="truncated.*header"):
        read_gguf(cut)


def test_context_longer_than_trained(bundled_model_path):
    with pytest.raises(ContextTooLong, match="8192"):
        validate_model_file(bundled_model_path, 16384)


def test_model_larger_than_free_memory(bundled_model_path):
    with pytest.raises(ModelTooLarge, match="free"):
        validate_model_file(bundled_model_path, 4096, available_memory=50_000_000)
    # Plenty of memory: fine.
    validate_model_file(bundled_model_path, 4096, available_memory=10_000_000_000)
