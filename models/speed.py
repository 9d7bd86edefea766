"""How fast this computer runs a model: measured once with the bundled model, scaled for the others.

We cannot run a 4 GB model we have not downloaded, so we measure prompt and
generation tokens per second with the bundled SmolLM2-135M and scale by
parameter count (the work per token grows with it). That is an estimate:
a 135M model also carries fixed per-token costs (sampling, Python, graph
setup) that bigger models amortise, so we expect the scaled figure to err on
the low side for larger models, but we have not measured that. The measurement is
cached per machine and llama.cpp build in ``<data dir>/models/speed.json``.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from .catalog import models_dir

SPEED_FILE = "speed.json"
#: SmolLM2-135M-Instruct.
BUNDLED_PARAMS_B = 0.135
#: A fixed paragraph, so every machine measures the same prompt.
_PROMPT = ("Mneme keeps a diary of what you tell it: where you live, what you like to eat, who your friends are, "
           "and what you are working on this week. It runs on your own computer, so the notes never leave it. "
           "Summarise in two sentences why a personal assistant that remembers is useful, and one risk it has.")


@dataclass(frozen=True)
class SpeedMeasure:
    prompt_tps: float
    generation_tps: float
    params_b: float
    model: str
    gpu_layers: int
    threads: int
    prompt_tokens: int
    generated_tokens: int
    measured_at: str
    fingerprint: str = ""


@dataclass(frozen=True)
class SpeedEstimate:
    prompt_tps: float
    generation_tps: float

    def describe(self) -> str:
        return f"~{self.generation_tps:.1f} tokens/s (estimate)"


def estimate_speed(measure: SpeedMeasure | None, params_b: float) -> SpeedEstimate | None:
    """The measured speed scaled by parameter count; None when nothing was measured."""
    if measure is None or params_b <= 0:
        return None
    ratio = measure.params_b / params_b
    return SpeedEstimate(round(measure.prompt_tps * ratio, 2), round(measure.generation_tps * ratio, 2))


def machine_fingerprint(gpu_layers: int, threads: int) -> str:
    """What a measurement depends on: the CPU, the thread count, the llama.cpp build and the offload."""
    from .hardware import cpu_name

    try:
        import llama_cpp

        build = getattr(llama_cpp, "__version__", "?")
    except (ImportError, OSError):
        build = "none"
    return f"{cpu_name()}|{os.cpu_count()}|threads={threads}|llama={build}|gpu_layers={gpu_layers}"


def measure_bundled_speed(*, gpu_layers: int = 0, threads: int | None = None) -> SpeedMeasure:
    """Load the bundled model and time one prompt and one short answer (a few seconds on a laptop)."""
    from .bundled import BUNDLED_FILE_NAME, bundled_model_path
    from .llama_runtime import LlamaChatModel, RuntimeSettings

    settings = RuntimeSettings(context_length=1024, threads=threads, gpu_layers=gpu_layers)
    with LlamaChatModel(bundled_model_path(), settings) as model:
        messages = [{"role": "user", "content": _PROMPT}]
        model.complete([{"role": "user", "content": "Hi"}], max_tokens=4)  # warm-up: first-call costs
        model.reset_cache()
        model.complete(messages, max_tokens=48, temperature=0.0)
        stats = model.last_stats
        prompt_time = max(stats.time_to_first_token_s, 1e-6)
        return SpeedMeasure(
            prompt_tps=round(stats.evaluated_prompt_tokens / prompt_time, 2),
            generation_tps=round(stats.tokens_per_second, 2), params_b=BUNDLED_PARAMS_B, model=BUNDLED_FILE_NAME,
            gpu_layers=gpu_layers, threads=settings.resolved_threads(), prompt_tokens=stats.prompt_tokens,
            generated_tokens=stats.completion_tokens, measured_at=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            fingerprint=machine_fingerprint(gpu_layers, settings.resolved_threads()))


def cached_speed(data_dir: Path, *, gpu_layers: int = 0, threads: int | None = None) -> SpeedMeasure | None:
    """The stored measurement when it was taken on this machine and build, else None."""
    from .llama_runtime import physical_cores

    try:
        data = json.loads((models_dir(data_dir) / SPEED_FILE).read_text("utf-8"))
        measure = SpeedMeasure(**data)
    except (OSError, ValueError, TypeError):
        return None
    wanted = machine_fingerprint(gpu_layers, threads or physical_cores())
    return measure if measure.fingerprint == wanted else None


def bundled_speed(data_dir: Path, *, gpu_layers: int = 0, threads: int | None = None,
                  measure: bool = True) -> SpeedMeasure | None:
    """The cached measurement, or a new one (stored) when ``measure``; None when it cannot be had."""
    found = cached_speed(data_dir, gpu_layers=gpu_layers, threads=threads)
    if found is not None or not measure:
        return found
    from .errors import ModelError

    try:
        found = measure_bundled_speed(gpu_layers=gpu_layers, threads=threads)
    except ModelError:  # no bundled model: estimates are simply not shown
        return None
    target = models_dir(data_dir) / SPEED_FILE
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(target.name + ".tmp")
        part.write_text(json.dumps(asdict(found), indent=2), "utf-8")
        os.replace(part, target)
    except OSError:
        pass  # a read-only data dir: measured again next time
    return found
