"""Cache share of bench_om's strategy (a), this tree against a baseline tree, on the bundled model.

The full ``bench/bench_om.py`` also runs strategies (b) and (c) and takes
~15 minutes on a quiet machine; the stable-prefix rule only needs (a): how
much of each prompt llama.cpp reuses from its KV cache on turns where memory
did not change, with this tree's observer and reflector and with the
baseline's (default: where this branch left main), same script, same run.

Run: ``python -m bench.bench_om_cache``. Writes bench/results/om_cache.md and om_cache.json.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parent.parent


def measure() -> dict:
    """Strategy (a) with whichever memory_core comes first on sys.path."""
    import memory_core
    from bench import bench_om
    from models.bundled import bundled_model_path
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    model = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=bench_om.CONTEXT))
    try:
        with tempfile.TemporaryDirectory() as scratch:
            rows, extra = run_strategy_a(model, Path(scratch) / "data")
    finally:
        model.close()
    steady = [r for r in rows[1:] if not r["activation"]]
    shares = [r["cached_tokens"] / r["prompt_tokens"] for r in steady]
    prefix = [r["cached_tokens"] / max(1, r["prompt_tokens"] - r["new_message_tokens"]) for r in steady]
    return {"memory_core": str(Path(memory_core.__file__).parent), "turns": len(rows),
            "turns_without_activation": len(steady), "cache_share_median": statistics.median(shares),
            "cache_share_mean": statistics.mean(shares), "cache_share_min": min(shares),
            "turns_ge_90pct": sum(s >= 0.9 for s in shares),
            "prefix_share_median": statistics.median(prefix), "generations": extra["generations"],
            "observations": extra["observations"], "max_prompt_tokens": max(r["prompt_tokens"] for r in rows),
            "budget": rows[-1]["budget"]}


def run_strategy_a(model, data_dir: Path) -> tuple[list[dict], dict]:
    """bench_om's strategy (a) alone (the shipped Assistant and MemoryWorker, recall and hand-over on), turn
    by turn with the worker's pass between turns, as ``bench_om.main`` interleaves it with the others."""
    import memory_core.storage.keys as keys
    from bench import bench_om
    from models.embedder import SentenceEmbedder

    keys.SCRYPT_N = 2**12  # scratch databases: key stretching is not what we measure
    script, _ = bench_om.build_script()
    strategy = bench_om.Mneme(model, data_dir, SentenceEmbedder().load(), recall=True, handover=True)
    rows: list[dict] = []
    try:
        for n, turn in enumerate(script):
            row = strategy.turn(turn)
            report = strategy.last_prompt.report
            row.update(activation=row["memory_changed"], budget=report.budget,
                       new_message_tokens=model.count_tokens(turn.text))
            rows.append(row)
            strategy.between_turns(script[n + 1].at if n + 1 < len(script) else None)
        generations = strategy.store.execute("SELECT count(*) FROM reflection_generations").fetchone()[0]
    finally:
        figures = strategy.close()
    return rows, {"generations": generations, "observations": figures["observations"]}


def _run(pythonpath: str) -> dict:
    env = dict(os.environ, PYTHONPATH=pythonpath, HF_HUB_OFFLINE="1")
    done = subprocess.run([sys.executable, "-m", "bench.bench_om_cache", "--measure"], env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, check=True, timeout=1800)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    rev = os.environ.get("MNEME_OM_BASELINE") or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], capture_output=True, text=True).stdout.strip()
    base = Path(tempfile.mkdtemp(prefix="mneme-om-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "memory_core", "mneme", "models"],
                             capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
    started = time.perf_counter()
    results = {"this tree": _run(str(ROOT)), f"baseline (main @ {rev[:10]})": _run(f"{base}:{ROOT}")}
    seconds = time.perf_counter() - started
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "om_cache.json").write_text(json.dumps({**results, "_meta": {
        "date": time.strftime("%Y-%m-%d %H:%M"), "seconds": round(seconds)}}, indent=1), encoding="utf-8")
    rerender()


def rerender() -> None:
    """om_cache.md from om_cache.json (``--rerender``)."""
    data = json.loads((RESULTS / "om_cache.json").read_text(encoding="utf-8"))
    meta = data.pop("_meta", {"date": "?", "seconds": 0})
    results = data
    turns = next(iter(results.values()))["turns"]
    rows = ["# Cache share of the OM prompt (bench_om strategy (a) only)", "",
            f"Generated by `python -m bench.bench_om_cache` on {meta['date']} "
            f"({meta['seconds']} s, shared machine): bench_om's {turns}-turn script at context "
            "2048 on the bundled model, once with this tree and once with the baseline tree, same run. "
            "Cache share = cached / prompt tokens on turns where memory did not change before the turn.", "",
            "| tree | turns without activation | cache share median | mean | min | turns ≥ 90% | "
            "prefix share median | generations | observations | max prompt / budget |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        rows.append(f"| {name} | {r['turns_without_activation']} | {100 * r['cache_share_median']:.1f}% | "
                    f"{100 * r['cache_share_mean']:.1f}% | {100 * r['cache_share_min']:.1f}% | "
                    f"{r['turns_ge_90pct']}/{r['turns_without_activation']} | {100 * r['prefix_share_median']:.1f}% | "
                    f"{r['generations']} | {r['observations']} | {r['max_prompt_tokens']} / {r['budget']} |")
    (RESULTS / "om_cache.md").write_text("\n".join(rows) + "\n", encoding="utf-8")
    print("\n".join(rows))


if __name__ == "__main__":
    if "--measure" in sys.argv:
        print(json.dumps(measure()))
    elif "--rerender" in sys.argv:
        rerender()
    else:
        main()
