"""Which catalog model suits this computer, where it runs, and how many layers go to the GPU.

The rule, in words: a model fits when its memory need (weights + KV cache at
Mneme's default context + llama.cpp buffers) stays inside a budget that
leaves headroom for the system, other programs and Mneme itself. With a GPU
build of llama.cpp and enough free video memory the budget is the VRAM;
otherwise it is a share of the RAM. Among the models that fit we recommend
the one with the most parameters whose estimated generation speed is at
least ``MIN_USABLE_TPS`` (when we could measure speed at all); if none is
that fast, the fastest one that fits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .catalog import DEFAULT_CONTEXT, RUNTIME_OVERHEAD_BYTES, CatalogEntry
from .hardware import HardwareProfile
from .speed import SpeedEstimate, SpeedMeasure, estimate_speed

GIB = 1024 ** 3
#: Share of the RAM a model may take: the rest is the OS, a browser, and the other things people run.
RAM_SHARE = 0.6
#: Mneme's own use beside the model: the MiniLM embedder with torch, the UI and the database.
APP_RESERVE_BYTES = int(0.8 * GIB)
#: Video memory kept free: the desktop's compositor and llama.cpp's own scratch buffers.
VRAM_RESERVE_MIN_BYTES = 512 * 1024 ** 2
VRAM_RESERVE_SHARE = 0.10
#: Generation speed below which chatting feels broken (about one word a second).
MIN_USABLE_TPS = 2.0


@dataclass(frozen=True)
class Fit:
    entry: CatalogEntry
    #: "gpu" (all layers on the GPU), "gpu+cpu" (some layers), "cpu", or "none" (does not fit).
    where: str
    #: llama.cpp n_gpu_layers to use: -1 all, 0 none; for "gpu+cpu" the share as a fraction (see ``gpu_share``).
    gpu_layers: int
    gpu_share: float
    speed: SpeedEstimate | None
    reason: str

    @property
    def fits(self) -> bool:
        return self.where != "none"


@dataclass(frozen=True)
class Recommendation:
    best: Fit | None
    fits: tuple[Fit, ...]
    ram_budget_bytes: int | None
    vram_budget_bytes: int | None
    explanation: str

    def fit_for(self, entry_id: str) -> Fit | None:
        return next((fit for fit in self.fits if fit.entry.id == entry_id), None)


def ram_budget(profile: HardwareProfile) -> int | None:
    if not profile.total_ram_bytes:
        return None
    return max(0, int(profile.total_ram_bytes * RAM_SHARE) - APP_RESERVE_BYTES)


def vram_budget(profile: HardwareProfile) -> int | None:
    """Video memory a model may take; None without a GPU build or when the system does not say."""
    if profile.gpu_backend is None:
        return None
    if profile.unified_memory:
        return ram_budget(profile)
    if profile.vram_free_bytes is None:
        return None
    reserve = max(VRAM_RESERVE_MIN_BYTES, int((profile.vram_total_bytes or 0) * VRAM_RESERVE_SHARE))
    return max(0, profile.vram_free_bytes - reserve)


def place(entry: CatalogEntry, profile: HardwareProfile, measure: SpeedMeasure | None = None) -> Fit:
    """Where ``entry`` would run on ``profile`` and how fast (an estimate)."""
    need = entry.ram_needed
    ram, vram = ram_budget(profile), vram_budget(profile)
    speed = estimate_speed(measure, entry.params_b)
    gib = _gib(need)
    if vram is not None and need <= vram:
        where = "on the GPU" if not profile.unified_memory else "in shared GPU memory"
        return Fit(entry, "gpu", -1, 1.0, speed, f"needs ~{gib} of {_gib(vram)} usable {where}")
    if ram is None or need <= ram:
        if vram:  # a GPU build without room for everything: offload what fits, the rest runs on the CPU
            share = round(min(1.0, vram / need), 2)
            return Fit(entry, "gpu+cpu", 0, share, None,
                       f"needs ~{gib}: {int(share * 100)}% on the GPU, the rest on the CPU (speed unknown)")
        budget = f" of {_gib(ram)} usable RAM" if ram is not None else ""
        return Fit(entry, "cpu", 0, 0.0, speed, f"needs ~{gib}{budget}")
    return Fit(entry, "none", 0, 0.0, speed,
               f"needs ~{gib}, this computer can spare ~{_gib(max(ram, vram or 0))}")


def recommend(catalog: Sequence[CatalogEntry], profile: HardwareProfile,
              measure: SpeedMeasure | None = None) -> Recommendation:
    fits = tuple(place(entry, profile, measure) for entry in catalog)
    candidates = [fit for fit in fits if fit.fits]
    on_gpu = [fit for fit in candidates if fit.where == "gpu"]
    pool = on_gpu or [fit for fit in candidates if fit.where == "cpu"] or candidates
    best, why = None, "no catalog model fits in this computer's memory"
    if pool:
        fast = [fit for fit in pool if fit.speed is None or fit.speed.generation_tps >= MIN_USABLE_TPS]
        if fast:
            best = max(fast, key=lambda fit: (fit.entry.params_b, -fit.entry.ram_needed))
            why = "the largest model that fits with headroom" + (
                f" and runs at {MIN_USABLE_TPS:g}+ tokens/s (estimate)" if best.speed else "")
        else:
            best = max(pool, key=lambda fit: fit.speed.generation_tps if fit.speed else 0.0)
            why = f"no model that fits reaches {MIN_USABLE_TPS:g} tokens/s here; this is the fastest that fits"
    return Recommendation(best, fits, ram_budget(profile), vram_budget(profile), why)


def auto_gpu_layers(file_size: int, layer_count: int | None, profile: HardwareProfile, *,
                    kv_cache_bytes: int = 0) -> int:
    """n_gpu_layers for a model file: 0 on a CPU-only build, -1 when it all fits, else the layers that fit."""
    if profile.gpu_backend is None:
        return 0
    budget = vram_budget(profile)
    if budget is None:  # a GPU build that does not report free memory: let llama.cpp place everything
        return -1
    need = file_size + kv_cache_bytes + RUNTIME_OVERHEAD_BYTES
    if need <= budget:
        return -1
    if not layer_count:
        return 0
    return max(0, int(layer_count * budget / need))


def gpu_layers_for_file(path, profile: HardwareProfile, context: int = DEFAULT_CONTEXT) -> int:
    """``auto_gpu_layers`` for a GGUF on disk (its layer count and KV cache read from the header)."""
    from .gguf import read_gguf

    if profile.gpu_backend is None:
        return 0
    info = read_gguf(path)
    layers = info.metadata.get(f"{info.architecture}.block_count")
    return auto_gpu_layers(info.file_size, layers if isinstance(layers, int) else None, profile,
                           kv_cache_bytes=info.kv_cache_bytes(context))


def _gib(size: int | None) -> str:
    if size is None:
        return "?"
    return f"{size / GIB:.1f} GB"
