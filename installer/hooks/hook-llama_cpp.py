"""llama-cpp-python: a ctypes binding, so the import scanner sees none of its shared libraries.

``llama_cpp.llama_cpp`` opens ``<package>/lib/libllama.so`` by path (and
``mtmd_cpp`` opens ``libmtmd.so``); those in turn need the ggml libraries by
their SONAME (``libggml.so.0``, ...), found through RUNPATH=$ORIGIN. The wheel
ships each library three times (``.so``, ``.so.0``, ``.so.0.x.y``, as copies,
not links), so only the names that are actually opened are collected, into
the same ``llama_cpp/lib`` folder so $ORIGIN keeps working.
"""
import re
from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files, get_package_paths

#: Opened by path from Python (llama_cpp.llama_cpp, llama_cpp.mtmd_cpp).
OPENED_BY_PATH = {"libllama.so", "libmtmd.so", "llama.dll", "mtmd.dll", "libllama.dylib", "libmtmd.dylib"}
#: Opened by the dynamic linker: ``libggml.so.0`` style names (Linux), or the only copy elsewhere.
SONAME = re.compile(r"^lib.+\.so\.\d+$")


def _wanted(name: str) -> bool:
    if name in OPENED_BY_PATH or SONAME.match(name):
        return True
    return name.endswith((".dll", ".dylib")) and not name.endswith(".a")


_, package_dir = get_package_paths("llama_cpp")
lib_dir = Path(package_dir) / "lib"
binaries = [(str(path), "llama_cpp/lib") for path in sorted(lib_dir.iterdir()) if path.is_file() and _wanted(path.name)]
# The server (FastAPI) and its templates are not used by Mneme.
excludedimports = ["llama_cpp.server"]
datas = collect_data_files("llama_cpp", excludes=["lib/**", "server/**", "**/*.pyi"])
