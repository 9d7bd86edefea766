"""What ``mneme doctor`` reports about models: llama.cpp build, GPU offload, models present, embedder.

Cheap by design: llama_cpp is imported (fast, no model loaded) but torch is
not; the embedder is checked by looking at files.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
from pathlib import Path

from .catalog import installed_models
from .embedder import EMBEDDER_MODEL_ID, embedder_model_dir
from .errors import ModelError
from .gguf import read_gguf


def llama_info() -> dict:
    """llama-cpp-python version, the CPU features llama.cpp was built with, and GPU offload support."""
    if importlib.util.find_spec("llama_cpp") is None:
        return {"available": False}
    try:
        import llama_cpp
    except (ImportError, OSError) as exc:  # a broken build: the shared library fails to load
        return {"available": False, "error": str(exc)}
    return {
        "available": True,
        "version": getattr(llama_cpp, "__version__", "?"),
        "gpu_offload": bool(llama_cpp.llama_supports_gpu_offload()),
        "mmap": bool(llama_cpp.llama_supports_mmap()),
        "system_info": llama_cpp.llama_print_system_info().decode("utf-8", errors="replace").strip(),
    }


def list_models(models_dir: Path | None) -> list[dict]:
    """The bundled model and every GGUF in ``models_dir``, each with a quick header check."""
    found = []
    for model in installed_models(models_dir):
        entry = model.as_dict()
        try:
            info = read_gguf(model.path)
            entry.update(ok=True, architecture=info.architecture, context_length=info.context_length,
                         has_chat_template=info.chat_template is not None)
        except ModelError as exc:
            entry.update(ok=False, problem=str(exc))
        found.append(entry)
    return found


def embedder_info() -> dict:
    """Whether the embedding model and sentence-transformers are installed (without importing torch)."""
    try:
        path = embedder_model_dir()
    except ModelError as exc:
        return {"available": False, "model": EMBEDDER_MODEL_ID, "problem": str(exc)}
    library = importlib.util.find_spec("sentence_transformers") is not None
    info = {"available": library, "model": EMBEDDER_MODEL_ID, "path": str(path)}
    if library:
        info["sentence_transformers"] = importlib.metadata.version("sentence-transformers")
    else:
        info["problem"] = "sentence-transformers is not installed"
    return info
