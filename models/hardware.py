"""What this computer offers a model: memory, cores, CPU features, and a GPU llama.cpp can use.

Only cheap, read-only probes: ``/proc`` files (or psutil where installed),
llama.cpp's own build report, and ``nvidia-smi`` / ``rocm-smi`` when present.
Whatever the system does not tell is None, and the recommendation treats it
as "not available" rather than guessing.
"""
from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .gguf import available_memory_bytes
from .llama_runtime import physical_cores

#: CPU features llama.cpp has fast kernels for (x86 and ARM), in the order people know them.
INTERESTING_FEATURES = ("sse3", "ssse3", "avx", "avx2", "fma", "f16c", "avx512f", "avx512_vnni", "avx_vnni",
                        "amx_int8", "neon", "asimd", "sve", "dotprod", "i8mm")
#: Backends as llama.cpp names them in its system report.
GPU_BACKENDS = ("CUDA", "Metal", "Vulkan", "ROCm", "HIP", "SYCL", "OpenCL", "MUSA", "CANN", "Kompute")


@dataclass(frozen=True)
class HardwareProfile:
    total_ram_bytes: int | None
    available_ram_bytes: int | None
    physical_cores: int
    cpu_name: str = ""
    cpu_features: tuple[str, ...] = ()
    #: The GPU backend compiled into this llama.cpp ("CUDA", "Metal", ...); None for a CPU-only build.
    gpu_backend: str | None = None
    gpu_name: str = ""
    vram_total_bytes: int | None = None
    vram_free_bytes: int | None = None
    #: True where GPU and CPU share one memory (Apple silicon): the RAM budget is the GPU budget.
    unified_memory: bool = False
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict:
        data = asdict(self)
        data["cpu_features"] = list(self.cpu_features)
        data["notes"] = list(self.notes)
        return data


def detect_hardware() -> HardwareProfile:
    """Probe this machine (a second or less; nvidia-smi is the slow part when present)."""
    llama = _llama_build()
    backend = llama.get("backend")
    gpu_name, vram_total, vram_free = _nvidia_memory()
    if gpu_name == "" and backend in ("ROCm", "HIP"):
        gpu_name, vram_total, vram_free = _rocm_memory()
    unified = backend == "Metal" or (platform.system() == "Darwin" and platform.machine() == "arm64")
    notes = []
    if backend is None and vram_total:
        notes.append(f"this llama.cpp build is CPU-only, so the {gpu_name or 'GPU'} is not used; a GPU build of "
                     "llama-cpp-python would make bigger models fast")
    features = _cpu_features() or tuple(f for f in INTERESTING_FEATURES if f.upper() in llama.get("cpu_report", ""))
    return HardwareProfile(
        total_ram_bytes=_total_memory(), available_ram_bytes=available_memory_bytes(),
        physical_cores=physical_cores(), cpu_name=cpu_name(), cpu_features=features, gpu_backend=backend,
        gpu_name=gpu_name, vram_total_bytes=vram_total, vram_free_bytes=vram_free, unified_memory=unified,
        notes=tuple(notes))


def _llama_build() -> dict:
    """The GPU backend compiled into llama.cpp, read from its own report (no model loaded)."""
    try:
        import llama_cpp
    except (ImportError, OSError):
        return {}
    report = llama_cpp.llama_print_system_info().decode("utf-8", errors="replace")
    backend = None
    if llama_cpp.llama_supports_gpu_offload():
        backend = next((name for name in GPU_BACKENDS if re.search(rf"\b{name}\b", report, re.IGNORECASE)), "GPU")
    return {"backend": backend, "cpu_report": report.upper()}


def _total_memory() -> int | None:
    try:
        import psutil  # optional

        return int(psutil.virtual_memory().total)
    except ImportError:
        pass
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _cpu_flags_text() -> str:
    try:
        return Path("/proc/cpuinfo").read_text()
    except OSError:
        return ""


def _cpu_features() -> tuple[str, ...]:
    text = _cpu_flags_text()
    flags: set[str] = set()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("flags", "Features"):
            flags.update(value.split())
            break
    return tuple(f for f in INTERESTING_FEATURES if f in flags)


def cpu_name() -> str:
    for line in _cpu_flags_text().splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("model name", "Hardware", "cpu model"):
            return value.strip()
    return platform.processor() or platform.machine()


def _run(command: list[str]) -> str:
    if shutil.which(command[0]) is None:
        return ""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout if done.returncode == 0 else ""


def parse_nvidia_smi(output: str) -> tuple[str, int | None, int | None]:
    """``nvidia-smi --query-gpu=name,memory.total,memory.free --format=csv,noheader,nounits``: the GPU with
    the most free memory (llama.cpp puts the model on one GPU by default)."""
    best = ("", None, None)
    for line in output.strip().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 3:
            continue
        try:
            total, free = int(float(parts[1])) * 1024 ** 2, int(float(parts[2])) * 1024 ** 2
        except ValueError:
            continue
        if best[2] is None or free > best[2]:
            best = (parts[0], total, free)
    return best


def _nvidia_memory() -> tuple[str, int | None, int | None]:
    return parse_nvidia_smi(_run(["nvidia-smi", "--query-gpu=name,memory.total,memory.free",
                                  "--format=csv,noheader,nounits"]))


def _rocm_memory() -> tuple[str, int | None, int | None]:
    import json

    text = _run(["rocm-smi", "--showmeminfo", "vram", "--json"])
    try:
        cards = json.loads(text) if text else {}
    except ValueError:
        return "", None, None
    for name, info in cards.items():
        try:
            total = int(info["VRAM Total Memory (B)"])
            used = int(info["VRAM Total Used Memory (B)"])
        except (KeyError, TypeError, ValueError):
            continue
        return f"AMD {name}", total, total - used
    return "", None, None
