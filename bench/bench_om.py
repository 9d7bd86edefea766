"""Observational memory vs. full history vs. retrieval-at-the-top, on the bundled model.

A scripted 60-turn conversation over five simulated days, with long pastes (logs,
code, documents) as real users make, replayed through three prompt strategies on
the same model (KV cache reset between strategies):

(a) Mneme OM: stable prefix (system, reflections, observations), raw tail,
    volatile part (date/time), new message; the observer runs between turns
    (as the background worker would);
(b) full raw history, cut from the front once it no longer fits (what most
    local chat apps do);
(c) retrieval inserted at the top each turn: BM25 snippets in the system
    prompt, then the most recent raw messages that fit.

Per turn: prompt tokens, tokens reused from the KV cache, time to first token.
Writes bench/results/om.md, om.json and om.png.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
#: 2048 keeps a run to minutes on 2 shared cores; MNEME_BENCH_CONTEXT=4096 doubles every size.
CONTEXT = int(os.environ.get("MNEME_BENCH_CONTEXT", "2048"))
SCALE = CONTEXT / 4096
REPLY_TOKENS = 8
TURNS = 60
DAYS = 5
T0 = datetime(2026, 3, 2, 8, 0, tzinfo=timezone.utc)
SYSTEM = ("You are Mneme, a helpful assistant that runs on the user's own computer. "
          "Answer briefly and kindly.")

FACTS = [
    "Hi! I'm Sam, I live in Lyon and I work as a night-shift nurse.",
    "I'm allergic to peanuts, so please keep that in mind for recipes.",
    "My sister Léa lives in Porto and her birthday is on the 14th.",
    "I prefer WhatsApp over e-mail for reminders.",
    "I decided to learn Japanese this year; my first lesson is next Tuesday.",
    "Actually I moved to Grenoble last week, not Lyon anymore.",
    "I have two cats called Miso and Tofu.",
    "I want to run a half marathon in October.",
    "My dentist appointment is in two weeks.",
    "I finished the tax return yesterday.",
]
QUESTIONS = [
    "Can you suggest a quick dinner for tonight?", "What should I pack for a weekend trip?",
    "How do I keep basil alive indoors?", "Any tips to sleep better after a night shift?",
    "What is a good first book in Japanese?", "How long should I rest between runs?",
    "Can you explain what this error means?", "Is it better to stretch before or after running?",
]


def paste(n: int) -> str:
    """A long paste (~450-650 tokens at SCALE 1): a log, some code, or a document, varied per turn."""
    kind = n % 3
    if kind == 0:
        lines = [f"2026-03-0{1 + n % 5}T1{n % 10}:{i:02d}:07Z worker-{i % 7} ERROR job {n * 100 + i} failed: "
                 f"timeout after {i * 13 % 90} s contacting db-{i % 3}.internal (retry {i % 4})"
                 for i in range(int(22 * SCALE))]
        return "Here is the log from my home server, what is wrong?\n" + "\n".join(lines)
    if kind == 1:
        body = "\n".join(f"    def step_{i}(self, value):\n        total = value * {i + n} + self.offset\n"
                         f"        return total if total < {100 + i * n} else None" for i in range(int(12 * SCALE)))
        return f"Could you review this class?\nclass Pipeline{n}:\n    offset = {n}\n{body}"
    sentences = " ".join(f"Clause {i}: the tenant shall keep the premises at number {n * 7 + i} in good repair, "
                         f"and notify the landlord within {i + 3} days of any damage." for i in range(int(14 * SCALE)))
    return f"This is my rental contract, is anything unusual?\n{sentences}"


def script() -> list[tuple[datetime, str]]:
    turns = []
    per_day = TURNS // DAYS
    for n in range(TURNS):
        at = T0 + timedelta(days=n // per_day, minutes=37 * (n % per_day))
        if n % 4 == 3:
            text = paste(n)
        elif n % 3 == 0:
            text = FACTS[(n // 3) % len(FACTS)]
        else:
            text = QUESTIONS[n % len(QUESTIONS)]
        turns.append((at, text))
    return turns


def _stats(model) -> dict:
    s = model.last_stats
    return {"prompt_tokens": s.prompt_tokens, "cached_tokens": s.cached_tokens, "ttft_s": s.time_to_first_token_s}


def run_om(model, data_dir: Path) -> tuple[list[dict], dict]:
    import memory_core.storage.keys as keys
    from memory_core.chat.assistant import Assistant, ChatSettings
    from memory_core.observational.worker import MemoryWorker
    from memory_core.storage.store import Store

    keys.SCRYPT_N = 2**12  # a scratch database: key stretching cost is not what we measure
    store = Store.create(data_dir, use_keyring=False, passphrase="benchmark passphrase")
    worker = MemoryWorker(store, model)
    assistant = Assistant(store, model, worker=worker, reply_reserve=REPLY_TOKENS + 64,
                          settings=ChatSettings(max_tokens=REPLY_TOKENS, temperature=0.0, system_prompt=SYSTEM))
    rows, activated = [], False
    for n, (at, text) in enumerate(script()):
        result = assistant.send("bench", text, now=at)
        row = _stats(model) | {"turn": n + 1, "activation": activated, "budget": assistant.budget,
                               "engine_prompt_tokens": result.prompt.report.prompt_tokens,
                               "engine_reused_tokens": result.prompt.report.reused_tokens,
                               "new_message_tokens": model.count_tokens(text)}
        rows.append(row)
        _progress("a", row)
        report = worker.run_pending()               # the background worker's job, between turns
        activated = bool(report.activated_messages or report.reflected)
        row["observer_actions"] = report.actions
    observed = store.execute("SELECT coalesce(sum(t.tokens), 0) FROM message_tokens t JOIN messages m "
                             "ON m.id = t.message_id WHERE m.observed_at IS NOT NULL AND t.tokenizer = ?",
                             [worker.engine.counter.tokenizer_id]).fetchone()[0]
    obs_tokens = store.execute("SELECT coalesce(sum(tokens), 0) FROM observations").fetchone()[0]
    log_tokens = worker.engine.observation_tokens(store)
    extra = {"raw_tokens_observed": observed, "observation_tokens": obs_tokens, "current_log_tokens": log_tokens,
             "observations": store.counts()["observations"], "reflections": store.counts()["reflections"],
             "generations": store.execute("SELECT count(*) FROM reflection_generations").fetchone()[0],
             "config": worker.engine.config.__dict__}
    worker.close()
    store.close()
    return rows, extra


def _fit(model, messages: list[dict], fixed: int = 1) -> tuple[list[dict], int]:
    """Drop the oldest non-system messages until the prompt leaves room for the reply."""
    dropped = 0
    while model.count_prompt_tokens(messages) + REPLY_TOKENS > CONTEXT and len(messages) > fixed + 1:
        del messages[fixed]
        dropped += 1
    return messages, dropped


def run_full(model) -> list[dict]:
    history: list[dict] = []
    rows = []
    for n, (at, text) in enumerate(script()):
        messages, dropped = _fit(model, [{"role": "system", "content": SYSTEM}, *history,
                                         {"role": "user", "content": text}])
        reply = "".join(model.stream(messages, max_tokens=REPLY_TOKENS, temperature=0.0))
        rows.append(_stats(model) | {"turn": n + 1, "dropped": dropped})
        _progress("b", rows[-1])
        history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply.strip() or "…"}]
    return rows


def _progress(strategy: str, row: dict) -> None:
    print(f"{strategy} turn {row['turn']:2d}: {row['prompt_tokens']} prompt, {row['cached_tokens']} cached, "
          f"TTFT {row['ttft_s'] * 1000:.0f} ms", flush=True)


def run_retrieval(model) -> list[dict]:
    """BM25 over everything said so far, inserted at the top; then the recent messages that fit."""
    history: list[dict] = []
    rows = []
    for n, (at, text) in enumerate(script()):
        snippets = _bm25(history, text, k=4)
        system = SYSTEM + f"\nNow: {at:%A %Y-%m-%d %H:%M}\nRelevant memories:\n" + "\n".join(
            f"- {s[:300]}" for s in snippets)
        messages, dropped = _fit(model, [{"role": "system", "content": system}, *history[-8:],
                                         {"role": "user", "content": text}])
        reply = "".join(model.stream(messages, max_tokens=REPLY_TOKENS, temperature=0.0))
        rows.append(_stats(model) | {"turn": n + 1, "dropped": dropped})
        _progress("c", rows[-1])
        history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply.strip() or "…"}]
    return rows


def _bm25(history: list[dict], query: str, k: int) -> list[str]:
    import math

    docs = [m["content"] for m in history if m["role"] == "user"]
    if not docs:
        return []
    tokenized = [re.findall(r"\w+", d.lower()) for d in docs]
    avg = sum(map(len, tokenized)) / len(tokenized)
    terms = set(re.findall(r"\w+", query.lower()))
    scores = []
    for doc, words in zip(docs, tokenized):
        score = 0.0
        for term in terms:
            tf = words.count(term)
            if tf:
                df = sum(1 for w in tokenized if term in w)
                idf = math.log(1 + (len(docs) - df + 0.5) / (df + 0.5))
                score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * len(words) / avg))
        scores.append((score, doc))
    return [d for s, d in sorted(scores, key=lambda x: -x[0])[:k] if s > 0]


def summarize(rows_a, rows_b, rows_c, extra) -> dict:
    last = slice(-20, None)
    med = lambda rows: statistics.median(r["ttft_s"] for r in rows[last])  # noqa: E731
    steady = [r for r in rows_a[1:] if not r["activation"]]
    share = [r["cached_tokens"] / r["prompt_tokens"] for r in steady]
    prefix_share = [r["cached_tokens"] / max(1, r["prompt_tokens"] - r["new_message_tokens"]) for r in steady]
    overflow_b = next((r["turn"] for r in rows_b if r["dropped"]), None)
    return {
        "a_max_prompt_tokens": max(r["prompt_tokens"] for r in rows_a),
        "a_budget": rows_a[0]["budget"],
        "a_under_budget_every_turn": all(r["prompt_tokens"] <= r["budget"] for r in rows_a),
        "a_cache_share_median_non_activation": statistics.median(share),
        "a_cache_share_min_non_activation": min(share),
        "a_turns_non_activation_ge_90pct": sum(1 for s in share if s >= 0.9),
        "a_turns_non_activation": len(share),
        "a_cache_share_of_prefix_before_new_message_median": statistics.median(prefix_share),
        "ttft_median_last20_s": {"a": med(rows_a), "b": med(rows_b), "c": med(rows_c)},
        "ttft_speedup_last20": {"b/a": med(rows_b) / med(rows_a), "c/a": med(rows_c) / med(rows_a)},
        "ttft_mean_last20_s": {k: statistics.mean(r["ttft_s"] for r in rows[last])
                               for k, rows in (("a", rows_a), ("b", rows_b), ("c", rows_c))},
        "turns_last20_mostly_recomputed": {k: sum(1 for r in rows[last] if r["cached_tokens"] < 0.5 * r["prompt_tokens"])
                                           for k, rows in (("a", rows_a), ("b", rows_b), ("c", rows_c))},
        "ttft_median_first20_s": {k: statistics.median(r["ttft_s"] for r in rows[:20])
                                  for k, rows in (("a", rows_a), ("b", rows_b), ("c", rows_c))},
        "b_first_overflow_turn": overflow_b,
        "compression_ratio_observations": extra["raw_tokens_observed"] / max(1, extra["observation_tokens"]),
        "compression_ratio_current_log": extra["raw_tokens_observed"] / max(1, extra["current_log_tokens"]),
    } | {"om": extra}


def write(rows_a, rows_b, rows_c, summary, meta) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "om.json").write_text(json.dumps({"meta": meta, "summary": summary, "a_om": rows_a,
                                                 "b_full_history": rows_b, "c_retrieval_top": rows_c},
                                                indent=1, default=str))
    s = summary
    lines = [
        "# Observational memory benchmark (bench/bench_om.py)", "",
        f"{meta['model']}, context {CONTEXT}, replies ≤ {REPLY_TOKENS} tokens, {meta['threads']} threads, "
        f"{meta['machine']}; {TURNS} turns over {DAYS} simulated days with long pastes. Run {meta['date']} "
        f"in {meta['seconds']:.0f} s.", "",
        "| | target | result |", "|---|---|---|",
        f"| (a) prompt under budget every turn | yes | {'yes' if s['a_under_budget_every_turn'] else 'NO'} "
        f"(max {s['a_max_prompt_tokens']} / {s['a_budget']}) |",
        f"| (a) cache share, turns without activation | ≥ 90% | median {s['a_cache_share_median_non_activation']:.1%}, "
        f"min {s['a_cache_share_min_non_activation']:.1%}; {s['a_turns_non_activation_ge_90pct']}/"
        f"{s['a_turns_non_activation']} turns ≥ 90% |",
        f"| (a) cache share of the prompt before the new message | — | median "
        f"{s['a_cache_share_of_prefix_before_new_message_median']:.1%} |",
        f"| TTFT median, last 20 turns: b / a | ≥ 5x | {s['ttft_speedup_last20']['b/a']:.1f}x "
        f"({s['ttft_median_last20_s']['b']*1000:.0f} ms vs {s['ttft_median_last20_s']['a']*1000:.0f} ms) |",
        f"| TTFT median, last 20 turns: c / a | ≥ 5x | {s['ttft_speedup_last20']['c/a']:.1f}x "
        f"({s['ttft_median_last20_s']['c']*1000:.0f} ms) |",
        "| TTFT mean, last 20 turns | — | " + ", ".join(f"{k} {v*1000:.0f} ms" for k, v in s["ttft_mean_last20_s"].items())
        + " |",
        "| last 20 turns where most of the prompt was recomputed | — | " + ", ".join(
            f"{k} {v}" for k, v in s["turns_last20_mostly_recomputed"].items()) + " |",
        f"| compression (raw observed / observation tokens) | ≥ 5x | {s['compression_ratio_observations']:.1f}x "
        f"(current log after reflection: {s['compression_ratio_current_log']:.1f}x) |",
        f"| (b) first turn cut from the front | before turn 40 | {s['b_first_overflow_turn']} |",
        "", "TTFT median over the first 20 turns (before (b) overflows, its prefix is stable too): "
            + ", ".join(f"{k} {v*1000:.0f} ms" for k, v in s["ttft_median_first20_s"].items()), "",
        f"OM: {s['om']['observations']} observations, {s['om']['reflections']} reflection lines in "
        f"{s['om']['generations']} generations; thresholds {s['om']['config']}.", "",
        "![prompt tokens and TTFT per turn](om.png)", "",
        "| turn | (a) prompt | (a) cached | (a) TTFT ms | act. | (b) prompt | (b) cached | (b) TTFT ms "
        "| (c) prompt | (c) cached | (c) TTFT ms |", "|" + "---|" * 11]
    for a, b, c in zip(rows_a, rows_b, rows_c):
        lines.append(f"| {a['turn']} | {a['prompt_tokens']} | {a['cached_tokens']} | {a['ttft_s']*1000:.0f} | "
                     f"{'✱' if a['activation'] else ''} | {b['prompt_tokens']} | {b['cached_tokens']} | "
                     f"{b['ttft_s']*1000:.0f} | {c['prompt_tokens']} | {c['cached_tokens']} | {c['ttft_s']*1000:.0f} |")
    lines += ["", "✱ = the observer or reflector committed before this turn (its prompt prefix changed)."]
    (RESULTS / "om.md").write_text("\n".join(lines) + "\n")
    _plot(rows_a, rows_b, rows_c)


def _plot(rows_a, rows_b, rows_c) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
    for label, rows, style in (("(a) Mneme OM", rows_a, "-"), ("(b) full history, cut at the front", rows_b, "--"),
                               ("(c) retrieval at the top", rows_c, ":")):
        turns = [r["turn"] for r in rows]
        top.plot(turns, [r["prompt_tokens"] for r in rows], style, label=label)
        bottom.plot(turns, [r["ttft_s"] * 1000 for r in rows], style, label=label)
    top.axhline(CONTEXT, color="grey", lw=0.8)
    top.set_ylabel("prompt tokens")
    bottom.set_ylabel("time to first token (ms)")
    bottom.set_xlabel("turn")
    top.legend(loc="upper left")
    top.set_title(f"Prompt size and time to first token per turn (SmolLM2-135M, {CONTEXT} context)")
    fig.tight_layout()
    fig.savefig(RESULTS / "om.png", dpi=110)


def main(model=None) -> None:
    """Run on the bundled model (``model`` lets a test dry-run the harness with a double)."""
    started = time.perf_counter()
    if model is None:
        from models.bundled import bundled_model_path
        from models.llama_runtime import LlamaChatModel, RuntimeSettings

        model = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=CONTEXT))
    try:
        with tempfile.TemporaryDirectory() as scratch:
            rows_a, extra = run_om(model, Path(scratch) / "data")
        print(f"(a) done in {time.perf_counter() - started:.0f} s", flush=True)
        model.reset_cache()
        rows_b = run_full(model)
        print(f"(b) done in {time.perf_counter() - started:.0f} s", flush=True)
        model.reset_cache()
        rows_c = run_retrieval(model)
        settings = getattr(model, "settings", None)
        threads = settings.resolved_threads() if settings is not None else "n/a"
    finally:
        model.close()
    summary = summarize(rows_a, rows_b, rows_c, extra)
    meta = {"model": getattr(model, "name", type(model).__name__), "threads": threads, "machine": f"{os.cpu_count()} CPUs",
            "date": datetime.now().strftime("%Y-%m-%d %H:%M"), "seconds": time.perf_counter() - started}
    write(rows_a, rows_b, rows_c, summary, meta)
    print(json.dumps({k: v for k, v in summary.items() if k != "om"}, indent=1, default=str))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
