"""Cheap checks on a GGUF file before llama.cpp loads it.

llama.cpp answers a bad file with a C-level log line and a bare ValueError; we
want "this file is truncated: 40 MB of 98 MB" instead. So we read the GGUF
header ourselves (magic, version, metadata, tensor table), compute the size the
tensor data must have, and compare it with the file on disk. Reading the header
touches only the first few megabytes, through mmap.

Format: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md
"""
from __future__ import annotations

import hashlib
import mmap
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ContextTooLong, ModelFileError, ModelTooLarge

GGUF_MAGIC = b"GGUF"
DEFAULT_ALIGNMENT = 32
#: Arrays longer than this (token lists, merges) are not kept, only their length.
MAX_KEPT_ARRAY = 64

# GGUF metadata value types.
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
_TOKENIZER_KEYS = ("tokenizer.ggml.model", "tokenizer.ggml.pre", "tokenizer.ggml.tokens", "tokenizer.ggml.merges")

#: ggml tensor type -> (elements per block, bytes per block). Types missing here
#: (new quantisations) only skip the exact size check; the file is still loaded.
GGML_BLOCK_SIZES: dict[int, tuple[int, int]] = {
    0: (1, 4), 1: (1, 2), 2: (32, 18), 3: (32, 20), 6: (32, 22), 7: (32, 24), 8: (32, 34), 9: (32, 36),
    10: (256, 84), 11: (256, 110), 12: (256, 144), 13: (256, 176), 14: (256, 210), 15: (256, 292),
    16: (256, 66), 17: (256, 74), 18: (256, 98), 19: (256, 50), 20: (32, 18), 21: (256, 110),
    22: (256, 82), 23: (256, 136), 24: (1, 1), 25: (1, 2), 26: (1, 4), 27: (1, 8), 28: (1, 8),
    29: (256, 56), 30: (1, 2), 34: (256, 54), 35: (256, 66), 39: (32, 17),
}


@dataclass(frozen=True)
class TensorInfo:
    name: str
    shape: tuple[int, ...]
    ggml_type: int
    offset: int

    @property
    def nbytes(self) -> int | None:
        sizes = GGML_BLOCK_SIZES.get(self.ggml_type)
        if sizes is None:
            return None
        elements = 1
        for dim in self.shape:
            elements *= dim
        block_elements, block_bytes = sizes
        return (elements // block_elements) * block_bytes


@dataclass(frozen=True)
class GGUFInfo:
    """What we learn from a GGUF header without loading the weights."""

    path: Path
    version: int
    file_size: int
    metadata: dict[str, Any]
    tensors: tuple[TensorInfo, ...] = field(repr=False)
    data_offset: int
    #: Bytes the file must have to hold every tensor; None if a tensor type is unknown to us.
    expected_size: int | None
    #: Hash of the vocabulary, merges and tokenizer kind: equal for every quantisation of one model.
    tokenizer_digest: str = ""

    @property
    def architecture(self) -> str | None:
        return self.metadata.get("general.architecture")

    @property
    def name(self) -> str | None:
        return self.metadata.get("general.name")

    @property
    def context_length(self) -> int | None:
        """The context the model was trained with (``<arch>.context_length``)."""
        value = self.metadata.get(f"{self.architecture}.context_length")
        return int(value) if value is not None else None

    @property
    def chat_template(self) -> str | None:
        value = self.metadata.get("tokenizer.chat_template")
        return value if isinstance(value, str) and value.strip() else None

    def kv_cache_bytes(self, context_length: int) -> int:
        """Estimated f16 KV cache for ``context_length`` tokens (0 when the metadata is incomplete)."""
        arch = self.architecture
        layers = self.metadata.get(f"{arch}.block_count")
        embedding = self.metadata.get(f"{arch}.embedding_length")
        heads = self.metadata.get(f"{arch}.attention.head_count")
        kv_heads = self.metadata.get(f"{arch}.attention.head_count_kv", heads)
        if not all(isinstance(v, int) and v > 0 for v in (layers, embedding, heads, kv_heads)):
            return 0
        key_length = self.metadata.get(f"{arch}.attention.key_length", embedding // heads)
        value_length = self.metadata.get(f"{arch}.attention.value_length", embedding // heads)
        per_token = layers * kv_heads * (key_length + value_length) * 2
        return per_token * context_length


class _Reader:
    """Bounds-checked little-endian reads over a mapped file; running off the end means truncation."""

    def __init__(self, buffer: mmap.mmap | bytes, path: Path):
        self.buffer = buffer
        self.pos = 0
        self.path = path

    def unpack(self, fmt: str) -> Any:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.buffer):
            raise _Truncated()
        (value,) = struct.unpack_from(fmt, self.buffer, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        length = self.unpack("<Q")
        if self.pos + length > len(self.buffer):
            raise _Truncated()
        raw = self.buffer[self.pos:self.pos + length]
        self.pos += length
        return bytes(raw).decode("utf-8", errors="replace")

    def skip_string(self) -> None:
        length = self.unpack("<Q")
        if self.pos + length > len(self.buffer):
            raise _Truncated()
        self.pos += length

    def value(self, value_type: int, keep: bool = True) -> Any:
        if value_type in _SCALARS:
            return self.unpack(_SCALARS[value_type])
        if value_type == _STRING:
            if keep:
                return self.string()
            self.skip_string()
            return None
        if value_type == _ARRAY:
            item_type = self.unpack("<I")
            count = self.unpack("<Q")
            keep_items = keep and count <= MAX_KEPT_ARRAY
            if item_type in _SCALARS and not keep_items:
                self.pos += struct.calcsize(_SCALARS[item_type]) * count
                if self.pos > len(self.buffer):
                    raise _Truncated()
                return _LongArray(count)
            items = [self.value(item_type, keep_items) for _ in range(count)]
            return items if keep_items else _LongArray(count)
        raise ModelFileError(f"{self.path} is not a valid GGUF file (unknown metadata type {value_type})")


class _Truncated(Exception):
    pass


@dataclass(frozen=True)
class _LongArray:
    """Stands in for a long array (e.g. the vocabulary) we skipped over."""

    length: int


def read_gguf(path: Path | str) -> GGUFInfo:
    """Parse the header of ``path``; ModelFileError for a missing, non-GGUF or truncated file."""
    path = Path(path).expanduser()
    if not path.exists():
        raise ModelFileError(f"model file not found: {path}")
    if path.is_dir():
        raise ModelFileError(f"{path} is a folder, not a GGUF model file")
    try:
        file_size = path.stat().st_size
        with open(path, "rb") as handle:
            magic = handle.read(4)
            if magic != GGUF_MAGIC:
                if file_size == 0:
                    raise ModelFileError(f"{path} is empty (0 bytes): not a GGUF model file")
                raise ModelFileError(
                    f"{path} is not a GGUF model file (it starts with {magic!r}, not {GGUF_MAGIC!r}); "
                    "Mneme runs llama.cpp GGUF models, e.g. the *.gguf files of a Hugging Face repository")
            with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                return _parse(path, mapped, file_size)
    except PermissionError as exc:
        raise ModelFileError(f"cannot read {path}: permission denied") from exc
    except OSError as exc:
        raise ModelFileError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _parse(path: Path, mapped: mmap.mmap, file_size: int) -> GGUFInfo:
    reader = _Reader(mapped, path)
    reader.pos = 4
    try:
        version = reader.unpack("<I")
        if version not in (2, 3):
            raise ModelFileError(
                f"{path} uses GGUF version {version}, which this llama.cpp cannot read (supported: 2 and 3)")
        tensor_count = reader.unpack("<Q")
        kv_count = reader.unpack("<Q")
        if tensor_count > 1_000_000 or kv_count > 1_000_000:
            raise ModelFileError(f"{path} has a damaged GGUF header (implausible counts)")
        metadata: dict[str, Any] = {}
        tokenizer_digest = hashlib.sha256()
        for _ in range(kv_count):
            key = reader.string()
            value_type = reader.unpack("<I")
            start = reader.pos
            metadata[key] = reader.value(value_type)
            if key in _TOKENIZER_KEYS:
                tokenizer_digest.update(key.encode() + mapped[start:reader.pos])
        tensors = []
        for _ in range(tensor_count):
            name = reader.string()
            n_dims = reader.unpack("<I")
            shape = tuple(reader.unpack("<Q") for _ in range(n_dims))
            ggml_type = reader.unpack("<I")
            offset = reader.unpack("<Q")
            tensors.append(TensorInfo(name, shape, ggml_type, offset))
    except _Truncated:
        raise ModelFileError(
            f"{path} is truncated: the file ends inside its GGUF header ({_mb(file_size)}). "
            "The download was probably interrupted; download it again.") from None
    alignment = metadata.get("general.alignment", DEFAULT_ALIGNMENT)
    if not isinstance(alignment, int) or alignment <= 0:
        alignment = DEFAULT_ALIGNMENT
    data_offset = -(-reader.pos // alignment) * alignment
    expected = _expected_size(tensors, data_offset)
    info = GGUFInfo(path, version, file_size, metadata, tuple(tensors), data_offset, expected,
                    tokenizer_digest.hexdigest()[:16])
    minimum = expected if expected is not None else data_offset + max((t.offset for t in tensors), default=0)
    if file_size < minimum:
        raise ModelFileError(
            f"{path} is truncated: it has {_mb(file_size)} but its tensors need {_mb(minimum)}. "
            "The download was probably interrupted; download it again.")
    return info


def _expected_size(tensors: list[TensorInfo], data_offset: int) -> int | None:
    end = 0
    for tensor in tensors:
        nbytes = tensor.nbytes
        if nbytes is None:
            return None
        end = max(end, tensor.offset + nbytes)
    return data_offset + end


def available_memory_bytes() -> int | None:
    """Memory the OS can give us now (MemAvailable), or None when we cannot tell."""
    try:
        import psutil  # optional

        return int(psutil.virtual_memory().available)
    except ImportError:
        pass
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    if hasattr(os, "sysconf"):
        try:
            return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError):
            return None
    return None


def check_context(info: GGUFInfo, context_length: int) -> None:
    """Refuse a context longer than the one the model was trained with."""
    if context_length <= 0:
        raise ContextTooLong(f"context length must be a positive number of tokens, not {context_length}")
    trained = info.context_length
    if trained and context_length > trained:
        raise ContextTooLong(
            f"a context of {context_length} tokens is longer than {info.name or info.path.name} was trained for "
            f"({trained} tokens); choose a context length of at most {trained}")


def check_fits_in_memory(info: GGUFInfo, context_length: int, *, gpu_layers: int = 0,
                         available: int | None = None) -> None:
    """Refuse to load a model that cannot fit in free memory (weights + KV cache), instead of swapping to death.

    With layers offloaded to a GPU the weights live in video memory, which we
    do not measure; llama.cpp reports that case itself.
    """
    if gpu_layers != 0:
        return
    available = available_memory_bytes() if available is None else available
    if available is None:
        return
    needed = info.file_size + info.kv_cache_bytes(context_length)
    if needed > available:
        raise ModelTooLarge(
            f"{info.name or info.path.name} needs about {_mb(needed)} of memory (weights plus a {context_length}-token "
            f"context) but only {_mb(available)} is free; close other programs, pick a smaller model or quantisation, "
            "or a shorter context")


def validate_model_file(path: Path | str, context_length: int, *, gpu_layers: int = 0,
                        available_memory: int | None = None) -> GGUFInfo:
    """All the cheap checks, in the order a person would want to hear about them."""
    info = read_gguf(path)
    check_context(info, context_length)
    check_fits_in_memory(info, context_length, gpu_layers=gpu_layers, available=available_memory)
    return info


def _mb(size: int) -> str:
    if size >= 1024 ** 3:
        return f"{size / 1024 ** 3:.1f} GB"
    return f"{size / 1024 ** 2:.1f} MB"
