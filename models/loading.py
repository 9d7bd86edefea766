"""Opening a chat model: the one place a path and a few settings become a ``LlamaChatModel``.

The CLI commands, the self-test and the desktop loader all open models here, so a
default (the bundled model, the context fitted to what the model was trained on)
is decided once.
"""
from __future__ import annotations

from pathlib import Path

DEFAULT_CONTEXT = 4096


def open_chat_model(path: str | Path | None = None, *, context_length: int | None = None,
                    threads: int | None = None, gpu_layers: int | None = None):
    """Load a GGUF (``None``: the bundled model). ``context_length`` None: the trained length, at most 4096.

    ``gpu_layers`` None: automatic, every layer that fits in free video memory when llama.cpp was built
    with a GPU backend, none on a CPU-only build (``models.recommend.gpu_layers_for_file``).
    """
    from .bundled import bundled_model_path
    from .gguf import read_gguf
    from .llama_runtime import LlamaChatModel, RuntimeSettings

    path = Path(path).expanduser() if path else bundled_model_path()
    if context_length is None:
        context_length = min(DEFAULT_CONTEXT, read_gguf(path).context_length or DEFAULT_CONTEXT)
    if gpu_layers is None:
        from .hardware import detect_hardware
        from .recommend import gpu_layers_for_file

        gpu_layers = gpu_layers_for_file(path, detect_hardware(), context_length)
    settings = RuntimeSettings(context_length=context_length, threads=threads or None, gpu_layers=gpu_layers or 0)
    return LlamaChatModel(path, settings)
