"""torch, trimmed for CPU inference (overrides the pyinstaller-hooks-contrib hook).

The contrib hook collects every data file and shared library in the wheel,
which includes ~80 MB of C++ test binaries (``torch/test``), ``torch/bin``
(protoc, test executables; only ``torch_shm_manager`` is kept, import torch checks for it), the C++ headers and the test-only shared
libraries. Mneme runs a sentence-transformers model on the CPU, so none of
those is needed. Every Python submodule stays: importing torch touches over a
thousand of them (``_dynamo``, ``_inductor``, ``distributed``, ``onnx``...),
and ``pyz+py`` keeps the sources that TorchScript and dynamo read.
"""
from pathlib import Path

from PyInstaller.utils.hooks import (PY_DYLIB_PATTERNS, collect_data_files, collect_dynamic_libs, collect_submodules,
                                     get_package_paths)

module_collection_mode = "pyz+py"
warn_on_missing_hiddenimports = False

#: Folders and files inside torch/ that CPU inference never opens.
UNUSED_DATA = [
    "test/**", "bin/**", "include/**", "share/**", "lib/*.a", "lib/libshm/**", "lib/libshm_windows/**",
    "**/*.h", "**/*.hpp", "**/*.cuh", "**/*.cpp", "**/*.c", "**/*.cu", "**/*.lib", "**/*.cmake",
    "**/*.pyi", "utils/model_dump/**", "_inductor/codegen/aoti_runtime/**",
]
#: Shared libraries shipped only for torch's own test suite.
TEST_LIBRARIES = {
    "libjitbackend_test.so", "libtorchbind_test.so", "libbackend_with_compiler.so", "libaoti_custom_ops.so",
}

datas = collect_data_files("torch", excludes=UNUSED_DATA)
hiddenimports = collect_submodules("torch", filter=lambda name: not name.startswith("torch.utils.tensorboard"))
binaries = [
    (src, dest) for src, dest in collect_dynamic_libs("torch", search_patterns=PY_DYLIB_PATTERNS + ["*.so.*"])
    if Path(src).name not in TEST_LIBRARIES and "/test/" not in src and "/bin/" not in src
]
# ``import torch`` looks for its shared-memory manager (the one tool in torch/bin that is not a test).
_, _torch_dir = get_package_paths("torch")
_shm_manager = Path(_torch_dir) / "bin" / "torch_shm_manager"
if _shm_manager.exists():
    binaries.append((str(_shm_manager), "torch/bin"))
# Same reason as the contrib hook: symlinks from the top level confuse torch's own library lookup.
bindepend_symlink_suppression = ["**/torch/lib/*.so*"]
