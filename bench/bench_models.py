"""Models benchmark: how steady the bundled-model speed measurement is, what it recommends, and what
download verification costs. Writes bench/results/models.md and models.json.

(a) ``measure_bundled_speed`` (the figure every speed estimate scales from) run ``RUNS`` times on this
    machine: prompt and generation tokens/s per run, mean, median, spread; the wall time one measurement
    costs (mean, median, p90); and which catalog model the recommendation picks with each run's figure
    (a recommendation that flips between runs would be a bad one).
(b) The recommendation for the hardware profiles the tests use, each with a stated bundled speed (the
    figures there are assumptions, not measurements; the rule is what is shown).
(c) A download of the bundled GGUF from a loopback HTTP server with SHA-256 verification: throughput and the
    share of the time the hash takes, extrapolated to a 4.7 GB model.

``python -m bench.bench_models``. Not measured: real speeds of the larger catalog models (none can be
downloaded here), so the scaling rule itself is not validated; GPU offload (no GPU build here).
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
RUNS = 5
GB = 1024 ** 3


def measure_runs() -> list[dict]:
    from models.speed import measure_bundled_speed

    runs = []
    for _ in range(RUNS):
        started = time.perf_counter()
        measure = measure_bundled_speed()
        runs.append({"prompt_tps": measure.prompt_tps, "generation_tps": measure.generation_tps,
                     "wall_s": round(time.perf_counter() - started, 2), "prompt_tokens": measure.prompt_tokens,
                     "generated_tokens": measure.generated_tokens, "threads": measure.threads, "measure": measure})
    return runs


def profiles():
    from models.hardware import HardwareProfile

    return [
        ("8 GB laptop, 4 cores, CPU build", HardwareProfile(8 * GB, 5 * GB, 4), 130.0),
        ("32 GB + 12 GB NVIDIA GPU, CUDA build", HardwareProfile(32 * GB, 24 * GB, 8, gpu_backend="CUDA",
                                                                  vram_total_bytes=12 * GB,
                                                                  vram_free_bytes=int(11.5 * GB)), 600.0),
        ("32 GB + 12 GB GPU, CPU-only build", HardwareProfile(32 * GB, 24 * GB, 8, vram_total_bytes=12 * GB,
                                                               vram_free_bytes=int(11.5 * GB)), 150.0),
        ("4 GB machine, 2 cores", HardwareProfile(4 * GB, 2 * GB, 2), 60.0),
    ]


def download_run(payload: bytes) -> dict:
    from models.downloads import Download, sha256_of

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/m.gguf"
    timings = []
    try:
        for _ in range(3):
            with tempfile.TemporaryDirectory() as folder:
                target = Path(folder) / "m.gguf"
                started = time.perf_counter()
                Download(url, target, sha256=hashlib.sha256(payload).hexdigest(), expected_size=len(payload)).run()
                total = time.perf_counter() - started
                started = time.perf_counter()
                sha256_of(target)
                hashing = time.perf_counter() - started
                timings.append((total, hashing))
    finally:
        server.shutdown()
        server.server_close()
    total = statistics.median(t for t, _ in timings)
    hashing = statistics.median(h for _, h in timings)
    return {"bytes": len(payload), "runs": len(timings), "median_total_s": round(total, 3),
            "median_hash_s": round(hashing, 3), "throughput_mb_s": round(len(payload) / total / 1024 ** 2, 1),
            "hash_mb_s": round(len(payload) / hashing / 1024 ** 2, 1), "hash_share": round(hashing / total, 3),
            "hash_s_for_4_7_gb": round(4.7 * GB / (len(payload) / hashing), 1),
            "per_run": [[round(t, 3), round(h, 3)] for t, h in timings]}


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from models.bundled import bundled_model_path
    from models.catalog import load_catalog
    from models.hardware import detect_hardware
    from models.recommend import recommend

    catalog = load_catalog()
    hardware = detect_hardware()
    load = os.getloadavg()
    runs = measure_runs()
    picks = [recommend(catalog, hardware, run["measure"]) for run in runs]
    gen = [r["generation_tps"] for r in runs]
    prompt = [r["prompt_tps"] for r in runs]
    wall = [r["wall_s"] for r in runs]
    speed = {"runs": len(runs), "generation_tps": gen, "prompt_tps": prompt, "wall_s": wall,
             "generation_mean": round(statistics.mean(gen), 2), "generation_median": round(statistics.median(gen), 2),
             "generation_max_over_min": round(max(gen) / min(gen), 2),
             "prompt_mean": round(statistics.mean(prompt), 2), "prompt_median": round(statistics.median(prompt), 2),
             "wall_mean_s": round(statistics.mean(wall), 2), "wall_median_s": round(statistics.median(wall), 2),
             "wall_p90_s": percentile(wall, 90),
             "recommended_per_run": [p.best.entry.id if p.best else None for p in picks]}
    from models.speed import SpeedMeasure

    profile_rows = []
    for label, profile, tps in profiles():
        advice = recommend(catalog, profile, SpeedMeasure(tps * 3, tps, 0.135, "assumed", 0, 0, 0, 0, ""))
        best = advice.best
        profile_rows.append({"profile": label, "assumed_bundled_generation_tps": tps,
                             "recommended": best.entry.id if best else None, "runs_on": best.where if best else None,
                             "gpu_layers": best.gpu_layers if best else None,
                             "estimate_tps": best.speed.generation_tps if best and best.speed else None,
                             "needs_gb": round(best.entry.ram_needed / GB, 2) if best else None,
                             "fitting": sum(f.fits for f in advice.fits), "of": len(advice.fits),
                             "why": advice.explanation})
    download = download_run(bundled_model_path().read_bytes())
    env = {"python": platform.python_version(), "platform": f"{platform.system()} {platform.machine()}",
           "cpus": os.cpu_count(), "load_average": [round(x, 1) for x in load],
           "hardware": hardware.as_dict(), "when": time.strftime("%Y-%m-%d %H:%M:%S %z")}
    for run in runs:
        run.pop("measure")
    result = {"environment": env, "speed": speed, "profiles": profile_rows, "download": download}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "models.json").write_text(json.dumps(result, indent=2) + "\n")
    (RESULTS / "models.md").write_text(render(result))
    print((RESULTS / "models.md").read_text())
    return 0


def render(r: dict) -> str:
    s, d, env = r["speed"], r["download"], r["environment"]
    hw = env["hardware"]
    lines = [
        "# Models benchmark (speed measurement, recommendation, download verification)", "",
        f"{env['platform']}, {env['cpus']} CPUs ({hw['physical_cores']} physical cores used), "
        f"{hw['total_ram_bytes'] / GB:.1f} GB RAM, GPU backend: {hw['gpu_backend'] or 'none (CPU build)'}; "
        f"Python {env['python']}; {env['when']}. Load average when it started: "
        f"{', '.join(map(str, env['load_average']))} (the machine is shared). `python -m bench.bench_models`.", "",
        f"## (a) Bundled-model speed measurement, {s['runs']} runs (SmolLM2-135M Q4_1, "
        f"{r['speed']['runs']} separate loads)", "",
        "| | mean | median | per run |", "|---|---|---|---|",
        f"| generation tokens/s | {s['generation_mean']} | {s['generation_median']} | {s['generation_tps']} |",
        f"| prompt tokens/s | {s['prompt_mean']} | {s['prompt_median']} | {s['prompt_tps']} |",
        f"| wall time of one measurement (s) | {s['wall_mean_s']} | {s['wall_median_s']} (p90 {s['wall_p90_s']}) "
        f"| {s['wall_s']} |", "",
        f"Spread of generation speed across runs: max/min = {s['generation_max_over_min']}. Recommendation for this "
        f"machine with each run's figure: {s['recommended_per_run']}.", "",
        "## (b) Recommendation for the test profiles (bundled speed assumed, not measured)", "",
        "| profile | assumed bundled t/s | recommended | runs on | GPU layers | estimate t/s | needs GB | fit |",
        "|---|---|---|---|---|---|---|---|"]
    for p in r["profiles"]:
        lines.append(f"| {p['profile']} | {p['assumed_bundled_generation_tps']} | {p['recommended']} | "
                     f"{p['runs_on']} | {p['gpu_layers']} | {p['estimate_tps']} | {p['needs_gb']} | "
                     f"{p['fitting']}/{p['of']} |")
    lines += ["", "## (c) Download with SHA-256 verification (loopback server, bundled GGUF)", "",
              f"{d['bytes'] / 1024 ** 2:.0f} MB, {d['runs']} runs: median {d['median_total_s']} s in all "
              f"({d['throughput_mb_s']} MB/s), of which hashing {d['median_hash_s']} s ({d['hash_mb_s']} MB/s, "
              f"{d['hash_share'] * 100:.0f}% of the time). At that hash speed a 4.7 GB model takes "
              f"{d['hash_s_for_4_7_gb']} s to verify. Per run [total, hash] s: {d['per_run']}.", "",
              "Not measured: the real speed of any larger catalog model (none can be downloaded here), so the "
              "parameter-count scaling is an unvalidated estimate; GPU offload (CPU-only llama.cpp build here).", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
