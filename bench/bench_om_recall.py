"""Issue 14's leftover: what recall costs a chat turn before its first token, before and after the fix.

bench_om's script (history_gen seed 7, test split, probes among the last 50 turns), on the bundled
SmolLM2-135M through llama.cpp, with four strategies interleaved turn by turn, each on its own context:

(a)      Mneme as shipped now: recall through memory_core/chat/recall_hook.py (no search for small talk,
         nothing the prompt already shows, snippets ≤ 240 characters), and after every turn the worker
         prepares the next stable prefix (the last exchange) off the chat's path when the chat's cache
         does not hold it; time stamps in words;
(a-prev) (a) as it was: recall on every turn (top 3 less the raw tail), the prefix prepared only after
         a memory commit, ISO time stamps;
(d)      (a) without recall;
(b)      full history with block truncation (the strongest raw baseline of om.md).

Over the last 50 turns: TTFT mean / median / p90 (the runtime's time to first token) and end to end
(adds building the prompt: memory block, recall's query embedding and search), tokens evaluated per
turn, cache share, how many turns carried recalled snippets, retention and stale rate as in om.md.
``MNEME_BENCH_TURNS`` bounds the run (history turns replayed, plus the probes).
Writes bench/results/om_recall_ttft.md and .json.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("MNEME_BENCH_TURNS", "100")

import bench.bench_om as om  # noqa: E402
from bench.stats import percentile  # noqa: E402

NAMES = {"a": "(a) Mneme now: recall hook + prefix prepared after every turn",
         "a_prev": "(a-prev) Mneme before: recall every turn, prefix prepared after commits only",
         "d": "(d) Mneme without recall",
         "b": "(b) full history, block truncation"}


def summarize(rows: list[dict]) -> dict:
    last = rows[-om.LAST:]
    ttft = [r["ttft_s"] for r in last]
    e2e = [r["e2e_s"] for r in last]
    evaluated = [r["prompt_tokens"] - r["cached_tokens"] for r in last]
    probes = [r for r in last if "retained" in r]
    changed = [r for r in probes if "stale" in r]
    with_recall = [r["ttft_s"] for r in last if r.get("recalled")]
    return {
        "turns": len(last),
        "ttft_mean_ms": 1000 * statistics.mean(ttft), "ttft_median_ms": 1000 * statistics.median(ttft),
        "ttft_p90_ms": 1000 * percentile(ttft, 90),
        "e2e_mean_ms": 1000 * statistics.mean(e2e), "e2e_median_ms": 1000 * statistics.median(e2e),
        "e2e_p90_ms": 1000 * percentile(e2e, 90),
        "evaluated_tokens_mean": statistics.mean(evaluated), "evaluated_tokens_median": statistics.median(evaluated),
        "prompt_tokens_mean": statistics.mean(r["prompt_tokens"] for r in last),
        "cache_share": sum(r["cached_tokens"] for r in last) / max(1, sum(r["prompt_tokens"] for r in last)),
        "turns_with_recall": len(with_recall),
        "recalled_snippets_mean": statistics.mean(r.get("recalled", 0) for r in last),
        "turns_prefix_prepared": sum(1 for r in last if r.get("prefix_prepared")),
        "probes": len(probes), "retained": sum(r["retained"] for r in probes),
        "changed_probes": len(changed), "stale": sum(r["stale"] for r in changed),
    }


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import memory_core.storage.keys as keys
    from models.bundled import bundled_model_path
    from models.embedder import SentenceEmbedder
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    keys.SCRYPT_N = 2**12
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    started = time.perf_counter()
    script, script_meta = om.build_script()
    settings = RuntimeSettings(context_length=om.CONTEXT)
    path = bundled_model_path()
    keys_run = ("a", "a_prev", "d", "b")
    models = {key: LlamaChatModel(path, settings) for key in keys_run}
    embedder = SentenceEmbedder().load()
    import torch

    torch.set_num_threads(1)
    rows: dict[str, list[dict]] = {key: [] for key in keys_run}
    handovers: dict[str, dict[str, int]] = {"a": {}, "a_prev": {}, "d": {}}
    with tempfile.TemporaryDirectory(prefix="mneme-bench-om-recall-") as scratch:
        scratch = Path(scratch)
        mneme = {"a": om.Mneme(models["a"], scratch / "a", embedder, recall=True, handover=True),
                 "a_prev": om.Mneme(models["a_prev"], scratch / "a_prev", embedder, recall=True, handover=True,
                                    legacy=True),
                 "d": om.Mneme(models["d"], scratch / "d", None, recall=False, handover=True)}
        strategies = {**mneme, "b": om.FullHistory(models["b"])}
        try:
            for n, turn in enumerate(script):
                order = keys_run[n % len(keys_run):] + keys_run[:n % len(keys_run)]
                for key in order:
                    row = strategies[key].turn(turn)
                    row["turn"] = n + 1
                    rows[key].append(row)
                next_at = script[n + 1].at if n + 1 < len(script) else None
                for key, strategy in mneme.items():
                    out = strategy.between_turns(next_at)
                    outcome = out.get("handover", {}).get("outcome")
                    if outcome:
                        handovers[key][outcome] = handovers[key].get(outcome, 0) + 1
                print(f"turn {n + 1}/{len(script)}: " + ", ".join(
                    f"{k} {rows[k][-1]['prompt_tokens']}p/{rows[k][-1]['cached_tokens']}c "
                    f"{rows[k][-1]['ttft_s'] * 1000:.0f}ms" for k in keys_run), flush=True)
        finally:
            observer = mneme["a"].close()["observer"]
            for key in ("a_prev", "d"):
                mneme[key].close()
    for model in models.values():
        model.close()
    per = {key: summarize(value) for key, value in rows.items()}
    meta = {"model_file": path.name, "context": om.CONTEXT, "reply_tokens": om.REPLY_TOKENS, "budget": om.BUDGET,
            "observer": observer, "turns": len(script), "script": script_meta,
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared)", "load_start": load_start,
            "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg()),
            "date": datetime.now().strftime("%Y-%m-%d %H:%M"), "seconds": time.perf_counter() - started}
    write(per, handovers, rows, meta)


def write(per: dict, handovers: dict, rows: dict, meta: dict) -> None:
    om.RESULTS.mkdir(parents=True, exist_ok=True)
    (om.RESULTS / "om_recall_ttft.json").write_text(json.dumps(
        {"meta": meta, "summary": per, "handovers": handovers, "rows": rows}, indent=1, default=str) + "\n")
    a, prev, b = per["a"], per["a_prev"], per["b"]
    lines = [
        "# Recall's cost before the first token, before and after (bench/bench_om_recall.py)", "",
        f"Model SmolLM2-135M-Instruct (`{meta['model_file']}`) through llama.cpp, context {meta['context']}, "
        f"reply ≤ {meta['reply_tokens']} tokens, prompt budget {meta['budget']}. Observer that ran: "
        f"**{meta['observer']}** (auto mode, model < 1B). Script: bench/history_gen.py seed "
        f"{meta['script']['seed']}, split {meta['script']['split']}, {meta['script']['history_user_turns']} history "
        f"turns (MNEME_BENCH_TURNS) over {meta['script']['days']} days + {meta['script']['probes']} probes = "
        f"{meta['turns']} turns; strategies interleaved turn by turn in a rotating order, each on its own llama.cpp "
        f"context. Machine: {meta['machine']}, load {meta['load_start']} at the start, {meta['load_end']} at the "
        f"end; {meta['date']}, {meta['seconds']:.0f} s.", "",
        f"Last {om.LAST} turns per strategy ({a['turns']} samples each; {a['probes']} probes).", "",
        "| strategy | TTFT mean / median / p90 ms | end to end mean / median / p90 ms | tokens evaluated mean "
        "(median) | cache share | prompt tokens mean | turns with recalled snippets | prefix prepared before the "
        "turn | retention | stale |", "|---|---|---|---|---|---|---|---|---|---|"]
    for key, s in per.items():
        lines.append(
            f"| {NAMES[key]} | {s['ttft_mean_ms']:.0f} / {s['ttft_median_ms']:.0f} / {s['ttft_p90_ms']:.0f} | "
            f"{s['e2e_mean_ms']:.0f} / {s['e2e_median_ms']:.0f} / {s['e2e_p90_ms']:.0f} | "
            f"{s['evaluated_tokens_mean']:.0f} ({s['evaluated_tokens_median']:.0f}) | {s['cache_share']:.0%} | "
            f"{s['prompt_tokens_mean']:.0f} | {s['turns_with_recall']}/{s['turns']} | {s['turns_prefix_prepared']} | "
            f"{s['retained']}/{s['probes']} | {s['stale']}/{s['changed_probes']} |")
    lines += [
        "", "## Ratios (same run)", "",
        f"- mean TTFT, (a) / (a-prev): {a['ttft_mean_ms'] / prev['ttft_mean_ms']:.2f}x; median "
        f"{a['ttft_median_ms'] / prev['ttft_median_ms']:.2f}x; p90 {a['ttft_p90_ms'] / prev['ttft_p90_ms']:.2f}x.",
        f"- mean TTFT against full history (b): (a) {a['ttft_mean_ms'] / b['ttft_mean_ms']:.2f}x, (a-prev) "
        f"{prev['ttft_mean_ms'] / b['ttft_mean_ms']:.2f}x (issue 14's run: 2.40x).",
        f"- hand-over outcomes over the whole run: " + "; ".join(
            f"{k}: {', '.join(f'{o} {c}' for o, c in v.items()) or 'none'}" for k, v in handovers.items()) + ".",
        "", "## What is not measured", "",
        "- The prefix preparation after a turn runs between turns here (as the worker does while the user reads "
        "and types); a user who sends the next message within the preparation's time (about the evaluation of "
        "one exchange on the background context) waits for the chat to evaluate that exchange itself, as before.",
        "- (a-prev) differs from (a) in three things at once (recall hook, prefix preparation after every turn, "
        "stamp style); their separate shares are not measured. The memory block is the same code in both (no "
        "relative dates, so it does not change at midnight).",
        "- One seed, a bounded script (see above), the bundled 135M model only; the score is whether the probed "
        "value is in the prompt, not whether the model answers with it.",
    ]
    (om.RESULTS / "om_recall_ttft.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
