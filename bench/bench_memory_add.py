"""Where the time of one ``mneme memory add`` goes: start-up, opening the store, the store, the fact pass.

Runs the real CLI (``python -m mneme --data-dir D memory add ...``, ``MNEME_PASSPHRASE``
set) against a copy of ``bench_write``'s preloaded store (100k messages, 30k facts)
and against a new empty store, and, in a fresh process each time, the same steps
timed one by one: Python start-up and imports, ``open_or_create`` (key unwrap,
SQLCipher open, schema check), ``ingest_message`` (the store, committed), the fact
pass (``run_fact_pass``), closing. It also records whether any model runtime was
imported (llama_cpp, torch, sentence_transformers): ``memory add`` loads no model.
Messages alternate between one that states a fact and one that does not.
Writes bench/results/memory_add.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.stats import latency

RESULTS = Path(__file__).parent / "results"
RUNS = int(os.environ.get("MNEME_BENCH_ADD_RUNS", "10"))
TEXTS = ("I just moved to Rotterdam and I work at Stellar Pharma now.", "haha ok, talk tomorrow then")
MODEL_MODULES = ("llama_cpp", "torch", "sentence_transformers")

STEPS = r"""
import json, sys, time
started = time.perf_counter()
from mneme.session import open_or_create
from memory_core.ingest import ingest_message
from memory_core.facts.fact_pass import run_fact_pass
from pathlib import Path
imported = time.perf_counter()
store = open_or_create(Path(sys.argv[1]))
opened = time.perf_counter()
message = ingest_message(store, "bench-add", "user", sys.argv[2]).message
stored = time.perf_counter()
report = run_fact_pass(store)
passed = time.perf_counter()
store.close()
closed = time.perf_counter()
ms = lambda a, b: (b - a) * 1000
print(json.dumps({"imports_ms": ms(started, imported), "open_ms": ms(imported, opened), "store_ms": ms(opened, stored),
                  "fact_pass_ms": ms(stored, passed), "close_ms": ms(passed, closed),
                  "facts": len(report.fact_ids), "models_imported": [m for m in %r if m in sys.modules]}))
""" % (MODEL_MODULES,)


def _env() -> dict:
    return {**os.environ, "MNEME_PASSPHRASE": "", "HF_HUB_OFFLINE": "1"}


def run_cli(data_dir: Path, passphrase: str, text: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), "memory", "add", "--thread",
                    "bench-add", "--role", "user", "--text", text], check=True, capture_output=True,
                   env={**_env(), "MNEME_PASSPHRASE": passphrase})
    return (time.perf_counter() - started) * 1000


def run_steps(data_dir: Path, passphrase: str, text: str) -> dict:
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", STEPS, str(data_dir), text], check=True, capture_output=True,
                         text=True, env={**_env(), "MNEME_PASSPHRASE": passphrase}).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    figures["process_ms"] = (time.perf_counter() - started) * 1000
    return figures


def measure(name: str, data_dir: Path, passphrase: str) -> dict:
    cli, steps = [], []
    for n in range(RUNS):
        text = TEXTS[n % 2]
        cli.append(run_cli(data_dir, passphrase, text))
        steps.append(run_steps(data_dir, passphrase, text))
    parts = ("imports_ms", "open_ms", "store_ms", "fact_pass_ms", "close_ms", "process_ms")
    return {"store": name, "cli_ms": latency(cli, (90,)),
            **{part: latency([s[part] for s in steps], (90,)) for part in parts},
            "startup_ms": latency([s["process_ms"] - sum(s[p] for p in parts[:-1]) for s in steps], (90,)),
            "facts_per_run": [s["facts"] for s in steps],
            "models_imported": sorted({m for s in steps for m in s["models_imported"]})}


def render(figures: dict) -> str:
    def cell(f: dict) -> str:
        return f"{f['mean_ms']:.1f} / {f['p50_ms']:.1f} / {f['p90_ms']:.1f}"

    lines = ["# `mneme memory add`: where its time goes", "",
             "| store | CLI end to end | interpreter start-up | imports | open store | store message | fact pass "
             "| close | model runtimes imported |", "|---|---|---|---|---|---|---|---|---|"]
    for row in figures["rows"]:
        lines.append(f"| {row['store']} | {cell(row['cli_ms'])} | {cell(row['startup_ms'])} | {cell(row['imports_ms'])} "
                     f"| {cell(row['open_ms'])} | {cell(row['store_ms'])} | {cell(row['fact_pass_ms'])} "
                     f"| {cell(row['close_ms'])} | {', '.join(row['models_imported']) or 'none'} |")
    lines += ["", f"ms, mean / median / p90 of {RUNS} runs each (a fresh process per run; the messages alternate "
              "between one stating two facts and small talk). *CLI end to end* is `python -m mneme memory add` as a "
              "user runs it; the other columns come from separate runs of the same steps in a fresh process, each "
              "timed (interpreter start-up = that process's wall time minus the timed steps). The passphrase "
              "comes from MNEME_PASSPHRASE, so opening includes unwrapping the key with scrypt at full cost. "
              "No model is loaded by `memory add`: the last column lists the model runtimes found in "
              "`sys.modules` after the steps.", "",
              f"Stores: {figures['preload']}.", "",
              f"Machine: {figures['machine']}. Load average at start {figures['load_start']}, at end "
              f"{figures['load_end']}.", ""]
    return "\n".join(lines)


def main() -> None:
    from bench.bench_write import cached_preload
    from memory_core.storage.store import Store

    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    cache, info, _ = cached_preload()
    rows = []
    with tempfile.TemporaryDirectory(prefix="mneme-bench-add-") as scratch:
        passphrase = (cache / "passphrase").read_text(encoding="utf-8")
        big = Path(scratch) / "big"
        shutil.copytree(cache / "data", big)
        Store.open(big, passphrase).close()  # a schema migration, if any, is not what is measured
        rows.append(measure(f"{info['messages']:,} messages, {info['facts']:,} facts", big, passphrase))
        empty = Path(scratch) / "empty"
        Store.create(empty, use_keyring=False, passphrase=passphrase).close()
        rows.append(measure("new, empty", empty, passphrase))
    figures = {"rows": rows, "preload": f"bench_write's preloaded store ({info['messages']:,} messages, "
                                        f"{info['facts']:,} facts) copied, and a new empty one",
               "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
                          f"Python {platform.python_version()}",
               "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "memory_add.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    table = render(figures)
    (RESULTS / "memory_add.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
