"""Runtime benchmark on the bundled model: adapter overhead, prefix-cache reuse, background-job isolation.

Writes bench/results/runtime.md and runtime.json. One run measures:

(a) streaming decode speed through ``LlamaChatModel.stream`` vs bare
    llama-cpp-python (``Llama.create_chat_completion(stream=True)``) on the same
    prompt, same weights, same threads, greedy: ratio (target >= 0.95);
(b) time to first token for a ~3,000-token conversation cold vs the next turn
    with the prefix cached: ratio (target >= 20x);
(c) time to first token of a chat turn right after a background memory job
    ran through ``background()`` vs right before it: ratio (target <= 1.5x).
    For contrast, the same job run on the chat's own context (what a naive
    runtime does) and the turn after it.
(d) contention, as it happens in the app: a chat turn's TTFT while a memory
    job (an LLM observation: ~1,000-token prompt plus generation) runs *at the
    same time* on the background context, against the same turn on an idle
    model; with the background as shipped (fewer threads, nice, small batches,
    pausing while the chat computes) and with none of that (target <= 1.5x);
(e) the prefix hand-over's crossover: per prefix size, evaluating it on the
    chat context vs copying its KV state from the background context.

Timings are medians of a few repetitions; the machine may be shared, so
each figure has its repetitions in the JSON.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
REPEATS = 3
THROUGHPUT_REPEATS = 6
BACKGROUND_REPEATS = 5
DECODE_TOKENS = 128

STORY_PROMPT = [{"role": "user", "content": "Write a long, detailed story about a lighthouse keeper who finds a "
                                            "message in a bottle. Describe the sea, the weather and the town."}]


def _long_user_text(model, target_tokens: int) -> str:
    """Varied English text of about ``target_tokens`` tokens (no exact repeats to keep it realistic)."""
    topics = ["bees", "the garden", "my sister Ana", "the trip to Porto", "the new job", "the bicycle", "piano lessons",
              "the dentist", "our cat Miso", "the book club", "the kitchen tap", "tax forms", "the bakery", "tomatoes"]
    sentences, i = [], 0
    while True:
        topic = topics[i % len(topics)]
        sentences.append(f"Note {i + 1}: on day {i % 28 + 1} I thought about {topic} and wrote down that "
                         f"{topic} needed attention before week {i % 52 + 1}, number {i * 37 % 1000}.")
        i += 1
        if i % 10 == 0 and model.count_tokens(" ".join(sentences)) >= target_tokens:
            return " ".join(sentences)


class _Clock:
    """Wall-clock and process CPU time between the first and the last streamed piece."""

    def __init__(self):
        self.first = self.last = None
        self.count = 0

    def tick(self) -> None:
        now = (time.perf_counter(), time.process_time())
        self.first = self.first or now
        self.last = now
        self.count += 1

    def result(self, tokens: int, text: str) -> dict:
        wall = self.last[0] - self.first[0]
        cpu = self.last[1] - self.first[1]
        return {"tokens": tokens, "wall_rate": (tokens - 1) / wall if wall > 0 else 0.0,
                "cpu_per_token_ms": 1000 * cpu / (tokens - 1) if tokens > 1 else 0.0, "text": text}


def measure_adapter(model) -> dict:
    model.reset_cache()
    pieces, clock = [], _Clock()
    for piece in model.stream(STORY_PROMPT, max_tokens=DECODE_TOKENS, temperature=0.0):
        clock.tick()
        pieces.append(piece)
    return clock.result(model.last_stats.completion_tokens, "".join(pieces))


def measure_bare(llama) -> dict:
    """Plain llama-cpp-python, as an app would call it, on the adapter's own Llama object (same weights/threads)."""
    llama.reset()
    text, clock = [], _Clock()
    for chunk in llama.create_chat_completion(STORY_PROMPT, max_tokens=DECODE_TOKENS, temperature=0.0,
                                              stream=True):
        content = chunk["choices"][0]["delta"].get("content")
        if content:
            clock.tick()
            text.append(content)
    # Chunks can merge tokens (multi-byte characters); count what was generated the same way for both.
    return clock.result(clock.count, "".join(text))


def bench_throughput(model) -> dict:
    adapter_runs, bare_runs = [], []
    llama = model._chat.llama
    measure_adapter(model)  # warm-up (page in the weights)
    for i in range(THROUGHPUT_REPEATS):  # alternate who goes first, so drifting load hits both alike
        if i % 2:
            bare_runs.append(measure_bare(llama))
            adapter_runs.append(measure_adapter(model))
        else:
            adapter_runs.append(measure_adapter(model))
            bare_runs.append(measure_bare(llama))
    model.reset_cache()
    adapter = statistics.median(run["wall_rate"] for run in adapter_runs)
    bare = statistics.median(run["wall_rate"] for run in bare_runs)
    adapter_cpu = statistics.median(run["cpu_per_token_ms"] for run in adapter_runs)
    bare_cpu = statistics.median(run["cpu_per_token_ms"] for run in bare_runs)
    return {
        "adapter_tokens_per_s": adapter, "bare_tokens_per_s": bare, "ratio": adapter / bare if bare else 0.0,
        "adapter_cpu_ms_per_token": adapter_cpu, "bare_cpu_ms_per_token": bare_cpu,
        "cpu_ratio": bare_cpu / adapter_cpu if adapter_cpu else 0.0,
        "adapter_runs": [round(r["wall_rate"], 2) for r in adapter_runs],
        "bare_runs": [round(r["wall_rate"], 2) for r in bare_runs],
        "tokens_per_run": [r["tokens"] for r in adapter_runs], "bare_chunks_per_run": [r["tokens"] for r in bare_runs],
        "same_text": adapter_runs[0]["text"] == bare_runs[0]["text"],
    }


def _ttft(model, messages) -> tuple[float, int, int]:
    for _ in model.stream(messages, max_tokens=1, temperature=0.0):
        pass
    stats = model.last_stats
    return stats.time_to_first_token_s, stats.prompt_tokens, stats.cached_tokens


def bench_prefix_cache(model) -> dict:
    long_text = _long_user_text(model, 2950)
    cold_runs, warm_runs, again_runs, prompt_tokens, cached_tokens = [], [], [], 0, 0
    for i in range(REPEATS):
        model.reset_cache()
        conversation = [{"role": "user", "content": long_text}]
        cold, prompt_tokens, _ = _ttft(model, conversation)
        cold_runs.append(cold)
        again, _, _ = _ttft(model, conversation)  # exactly the same prompt again
        again_runs.append(again)
        reply = model.complete(conversation, max_tokens=16)
        conversation += [{"role": "assistant", "content": reply},
                         {"role": "user", "content": f"Which topics came up most often? ({i})"}]
        warm, next_prompt, cached_tokens = _ttft(model, conversation)
        warm_runs.append(warm)
    cold, warm = statistics.median(cold_runs), statistics.median(warm_runs)
    return {"prompt_tokens": prompt_tokens, "next_turn_prompt_tokens": next_prompt,
            "next_turn_cached_tokens": cached_tokens, "cold_ttft_s": cold, "cached_ttft_s": warm,
            "same_prompt_again_ttft_s": statistics.median(again_runs), "ratio": cold / warm if warm else 0.0,
            "cold_runs": cold_runs, "cached_runs": warm_runs, "again_runs": again_runs,
            "prompt_tokens_per_s_cold": prompt_tokens / cold if cold else 0.0}


def _memory_job_messages(model) -> list[dict[str, str]]:
    return [{"role": "system", "content": "You compress chat logs into short dated observations."},
            {"role": "user", "content": "Observe this conversation:\n" + _long_user_text(model, 1000)}]


def _equal_length_questions(model, i: int) -> tuple[str, str]:
    """Two questions that differ from their first token and have the same length in tokens.

    The turn before the job and the turn after it then evaluate exactly as
    many new tokens each: any difference in their TTFT is the cache.
    """
    rest = f" ({i}): which topics came up most often, and when?"
    for first, second in [("Alpha", "Bravo"), ("Red", "Blue"), ("North", "South"), ("One", "Two")]:
        a, b = first + rest, second + rest
        if model.count_tokens(a) == model.count_tokens(b):
            return a, b
    raise RuntimeError("no equal-length question pair for this tokenizer")


def bench_background(model) -> dict:
    long_text = _long_user_text(model, 2950)
    conversation = [{"role": "user", "content": long_text}]
    model.reset_cache()
    conversation += [{"role": "assistant", "content": model.complete(conversation, max_tokens=16)}]
    job = _memory_job_messages(model)
    background = model.background()
    before_runs, after_runs, evaluated, job_tokens, cached = [], [], [], 0, 0
    _ttft(model, conversation + [{"role": "user", "content": "Warm-up question."}])  # cache = conversation + Q
    for i in range(BACKGROUND_REPEATS):
        question_before, question_after = _equal_length_questions(model, i)
        before, prompt_tokens, cached_before = _ttft(model, conversation + [{"role": "user",
                                                                             "content": question_before}])
        before_runs.append(before)
        background.complete(job, max_tokens=48)  # the memory job, in its own context
        job_tokens = background.last_stats.prompt_tokens
        after, prompt_tokens_after, cached = _ttft(model, conversation + [{"role": "user",
                                                                            "content": question_after}])
        after_runs.append(after)
        evaluated.append((prompt_tokens - cached_before, prompt_tokens_after - cached))
    # Contrast: the same job on the chat's own context evicts the prefix.
    model.complete(job, max_tokens=48)
    question = _equal_length_questions(model, BACKGROUND_REPEATS)[0]
    naive_after, _, naive_cached = _ttft(model, conversation + [{"role": "user", "content": question}])
    before, after = statistics.median(before_runs), statistics.median(after_runs)
    return {"chat_prefix_tokens": prompt_tokens, "job_prompt_tokens": job_tokens,
            "ttft_before_job_s": before, "ttft_after_background_job_s": after,
            "ratio": after / before if before else 0.0, "cached_tokens_after_job": cached,
            "evaluated_tokens_before_after": evaluated,
            "ttft_after_job_on_chat_context_s": naive_after, "cached_tokens_after_naive_job": naive_cached,
            "before_runs": before_runs, "after_runs": after_runs}


CONTENTION_REPEATS = 4
HANDOVER_SIZES = (16, 64, 256, 1024)
HANDOVER_REPEATS = 2


def _turn_text(model, word: str, i: int, tokens: int = 150) -> str:
    """A new message of about ``tokens`` tokens whose first word differs per call (nothing of it is cached)."""
    return f"{word} ({i}): " + _long_user_text(model, tokens)


def _equal_turns(model, i: int) -> tuple[str, str]:
    for first, second in [("Alpha", "Bravo"), ("Red", "Blue"), ("North", "South"), ("One", "Two")]:
        a, b = _turn_text(model, first, i), _turn_text(model, second, i)
        if model.count_tokens(a) == model.count_tokens(b):
            return a, b
    raise RuntimeError("no equal-length turn pair for this tokenizer")


def _contention_run(model, label: str) -> dict:
    import threading

    conversation = [{"role": "user", "content": _long_user_text(model, 900)},
                    {"role": "assistant", "content": "Thanks, I read all of it."}]
    background = model.background()
    _ttft(model, conversation + [{"role": "user", "content": "Warm-up."}])
    idle_runs, busy_runs, job_seconds, evaluated = [], [], [], []
    for i in range(CONTENTION_REPEATS):
        idle_text, busy_text = _equal_turns(model, i)
        job = _memory_job_messages(model)
        job[1]["content"] = f"Job {i} for {label}. " + job[1]["content"]   # no reuse of an earlier job's cache
        finished: list[float] = []
        stop = threading.Event()

        def run_job() -> None:
            started = time.perf_counter()
            for _ in background.stream(job, max_tokens=32, cancel=stop):
                pass
            finished.append(time.perf_counter() - started)

        def idle() -> None:
            ttft, prompt, cached = _ttft(model, conversation + [{"role": "user", "content": idle_text}])
            idle_runs.append(ttft)
            evaluated.append(("idle", prompt - cached))

        def busy() -> None:
            thread = threading.Thread(target=run_job, name="memory-job")
            thread.start()
            time.sleep(0.5)                              # the job is in the middle of its prompt
            ttft, prompt, cached = _ttft(model, conversation + [{"role": "user", "content": busy_text}])
            busy_runs.append(ttft)
            evaluated.append(("busy", prompt - cached))
            stop.set()     # the job's remaining work is not what is measured; a polite job on a loaded
            thread.join()  # machine can take minutes at nice 15
            job_seconds.append(finished[0] if finished else float("nan"))

        for step in ((idle, busy) if i % 2 == 0 else (busy, idle)):   # alternate, so drifting load hits both
            step()
    return {"idle_runs": idle_runs, "busy_runs": busy_runs, "job_seconds": job_seconds, "evaluated": evaluated,
            "idle_median_s": statistics.median(idle_runs), "busy_median_s": statistics.median(busy_runs),
            "idle_mean_s": statistics.mean(idle_runs), "busy_mean_s": statistics.mean(busy_runs),
            "ratio_median": statistics.median(busy_runs) / statistics.median(idle_runs),
            "ratio_mean": statistics.mean(busy_runs) / statistics.mean(idle_runs),
            "job_seconds_until_cancelled_median": statistics.median(job_seconds),
            "settings": {"background_threads": model.settings.resolved_background_threads(),
                         "background_nice": model.settings.background_nice,
                         "background_batch_size": model.settings.background_batch_size,
                         "background_yields": model.settings.background_yields}}


def bench_contention(path, context_length: int = 2048) -> dict:
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    shipped = RuntimeSettings(context_length=context_length)
    naive = RuntimeSettings(context_length=context_length, background_threads=shipped.resolved_threads(),
                            background_nice=0, background_batch_size=shipped.batch_size, background_yields=False)
    out = {}
    for label, settings in (("naive", naive), ("shipped", shipped)):
        print(f"  contention, background {label} ...", flush=True)
        with LlamaChatModel(path, settings) as model:
            out[label] = _contention_run(model, label)
    return out


def _text_of_tokens(model, tokens: int, seed: str) -> str:
    """Varied text of exactly ``tokens`` tokens (cut at a token boundary)."""
    llama = model._chat.llama
    ids = llama.tokenize((seed + " " + _long_user_text(model, tokens + 40)).encode(), add_bos=False, special=False)
    return llama.detokenize(ids[:tokens]).decode("utf-8", "ignore")


def bench_handover(path, context_length: int = 2048) -> dict:
    """Per prefix size: evaluate it on the chat (what the turn after a memory change pays without the
    hand-over) vs copy its state in (what the chat context is locked for with it)."""
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    rows = []
    with LlamaChatModel(path, RuntimeSettings(context_length=context_length)) as model:
        question = {"role": "user", "content": "What did I say about the garden?"}
        for size in HANDOVER_SIZES:
            for repeat in range(HANDOVER_REPEATS):
                prefix = [{"role": "system", "content": _text_of_tokens(model, size, f"Memory {size}-{repeat}:")}]
                model.reset_cache()
                recompute, prompt_tokens, _ = _ttft(model, prefix + [question])
                model.reset_cache()
                report = model.prepare_prefix(prefix, force=True)
                after, _, cached = _ttft(model, prefix + [question])
                rows.append({"size": size, "prefix_tokens": report.prefix_tokens, "prompt_tokens": prompt_tokens,
                             "recompute_ttft_s": recompute, "handover_load_s": report.load_seconds,
                             "handover_background_s": report.background_seconds, "state_bytes": report.state_bytes,
                             "ttft_after_handover_s": after, "cached_after_handover": cached})
    table = []
    for size in HANDOVER_SIZES:
        group = [r for r in rows if r["size"] == size]
        table.append({"size": size, "prefix_tokens": group[0]["prefix_tokens"],
                      "recompute_ttft_ms": 1000 * statistics.median(r["recompute_ttft_s"] for r in group),
                      "load_ms": 1000 * statistics.median(r["handover_load_s"] for r in group),
                      "after_ms": 1000 * statistics.median(r["ttft_after_handover_s"] for r in group),
                      "background_ms": 1000 * statistics.median(r["handover_background_s"] for r in group),
                      "state_mb": group[0]["state_bytes"] / 1e6, "samples": len(group)})
    # cost per evaluated token on the chat vs per copied token: the hand-over pays when the chat would
    # evaluate more than load(prefix) / per-token-eval tokens
    per_token = statistics.median((t["recompute_ttft_ms"] - t["after_ms"]) / t["prefix_tokens"] for t in table
                                  if t["prefix_tokens"] >= 200)
    largest = table[-1]
    crossover = largest["load_ms"] / per_token if per_token > 0 else float("inf")
    return {"rows": rows, "table": table, "eval_ms_per_token": per_token,
            "crossover_tokens_at_largest_prefix": crossover}


def _environment(model) -> dict:
    import llama_cpp

    return {"model": model.name, "file": model.path.name, "size_bytes": model.path.stat().st_size,
            "context_length": model.context_length, "threads": model.settings.resolved_threads(),
            "llama_cpp_python": llama_cpp.__version__, "cpu_count": os.cpu_count(),
            "platform": f"{platform.system()} {platform.machine()}", "python": platform.python_version(),
            "system_info": llama_cpp.llama_print_system_info().decode().strip(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
            "load_average": ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"}


def render_markdown(results: dict) -> str:
    new_env = results["environment"]
    # (a)-(c) may come from an earlier run (a partial run keeps them): their own environment then
    env = results.get("environment_of_kept_parts") or new_env
    a, b, c = results["throughput"], results["prefix_cache"], results["background"]

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    return "\n".join([
        "# Runtime benchmark (bundled model)",
        "",
        f"{env['model']} (`{env['file']}`, {env['size_bytes'] / 1e6:.0f} MB), context {env['context_length']}, "
        f"{env['threads']} threads, llama-cpp-python {env['llama_cpp_python']}, {env['platform']}, "
        f"{env['cpu_count']} CPUs, {env['date']}. Medians of repeated runs; `python -m bench.bench_runtime`.",
        "",
        "| Measure | Value | Target | |",
        "|---|---|---|---|",
        f"| (a) decode speed, adapter vs bare llama-cpp-python (wall clock) | {a['adapter_tokens_per_s']:.1f} vs "
        f"{a['bare_tokens_per_s']:.1f} tokens/s = **{a['ratio']:.3f}** | >= 0.95 | {verdict(a['ratio'] >= 0.95)} |",
        f"| (a') the same, CPU time per token (insensitive to other load) | {a['adapter_cpu_ms_per_token']:.1f} vs "
        f"{a['bare_cpu_ms_per_token']:.1f} ms = **{a['cpu_ratio']:.3f}** | >= 0.95 | "
        f"{verdict(a['cpu_ratio'] >= 0.95)} |",
        f"| (b) TTFT, {b['prompt_tokens']}-token conversation cold vs next turn cached | {b['cold_ttft_s']:.2f} s vs "
        f"{b['cached_ttft_s']:.3f} s = **{b['ratio']:.0f}x** | >= 20x | {verdict(b['ratio'] >= 20)} |",
        f"| (c) TTFT of a chat turn after a background job vs before | {c['ttft_after_background_job_s']:.3f} s vs "
        f"{c['ttft_before_job_s']:.3f} s = **{c['ratio']:.2f}x** | <= 1.5x | {verdict(c['ratio'] <= 1.5)} |",
        "",
        f"Load average when it ran: {results['environment'].get('load_average', '?')} on {env['cpu_count']} CPUs "
        "(the machine is shared; wall-clock figures move with other people's work).",
        "",
        "Details:",
        "",
        f"- (a) {DECODE_TOKENS}-token greedy story, {THROUGHPUT_REPEATS} runs each, alternating; per-run adapter "
        f"{a['adapter_runs']}, bare {a['bare_runs']} tokens/s; identical text both ways: {a['same_text']}. "
        "Bare = `Llama.create_chat_completion(stream=True)` on the adapter's own Llama object.",
        f"- (b) cold prompt processing {b['prompt_tokens_per_s_cold']:.0f} tokens/s; the next turn had "
        f"{b['next_turn_prompt_tokens']} prompt tokens of which {b['next_turn_cached_tokens']} came from the KV "
        f"cache; the exact same prompt again: {b['same_prompt_again_ttft_s']:.3f} s.",
        f"- (c) chat prefix {c['chat_prefix_tokens']} tokens, memory job prompt {c['job_prompt_tokens']} tokens in "
        f"`background()` (a second llama.cpp context on the same weights); after the job the chat turn still had "
        f"{c['cached_tokens_after_job']} cached tokens; tokens evaluated (before, after) per run: "
        f"{c['evaluated_tokens_before_after']}; per-run TTFT before {[round(x, 3) for x in c['before_runs']]}, "
        f"after {[round(x, 3) for x in c['after_runs']]} s. The same job run on the chat's own context (no "
        f"`background()`) leaves {c['cached_tokens_after_naive_job']} cached tokens and the next turn's TTFT is "
        f"{c['ttft_after_job_on_chat_context_s']:.2f} s.",
        "",
        f"Parts (d) and (e) ran {new_env['date']}: {new_env['threads']} chat threads, {new_env['cpu_count']} CPUs, "
        f"load average at the start {new_env.get('load_average', '?')}, at the end "
        f"{new_env.get('load_average_end', '?')} (other engineers' jobs and this project's other benchmarks; "
        "idle and concurrent runs alternate, so the load hits both).",
        "",
        *_contention_markdown(results["contention"], verdict),
        *_handover_markdown(results["handover"]),
        "",
        f"llama.cpp: `{env['system_info']}`",
        "",
    ])


def _contention_markdown(d: dict, verdict) -> list[str]:
    ms = lambda v: f"{v * 1000:.0f}"  # noqa: E731
    lines = ["## (d) A chat turn while a memory job runs at the same time", "",
             "| background | chat TTFT idle mean / median ms | with a concurrent job mean / median ms | ratio "
             "(median) | ratio (mean) | target ≤ 1.5x |", "|---|---|---|---|---|---|"]
    for label, r in d.items():
        st = r["settings"]
        name = (f"{label}: {st['background_threads']} thread(s), nice {st['background_nice']}, batch "
                f"{st['background_batch_size']}, pauses for the chat: {st['background_yields']}")
        lines.append(f"| {name} | {ms(r['idle_mean_s'])} / {ms(r['idle_median_s'])} | {ms(r['busy_mean_s'])} / "
                     f"{ms(r['busy_median_s'])} | **{r['ratio_median']:.2f}x** | {r['ratio_mean']:.2f}x | "
                     f"{verdict(r['ratio_median'] <= 1.5)} |")
    first = next(iter(d.values()))
    lines += ["", f"{CONTENTION_REPEATS} turns each way per row, idle and concurrent alternating. The chat turn "
              f"evaluates {sorted({e for _, e in first['evaluated']})} new tokens after a ~930-token cached "
              "conversation (2 threads, context 2048); the job is an observation-sized prompt (~1,070 tokens) "
              "plus 32 generated tokens on `background()`, started 0.5 s before the turn and cancelled after it. "
              "Per-run TTFT is in runtime.json. The price of the polite background is that the job itself "
              "runs slower (it waits while the chat computes and gets little CPU on a loaded machine); its "
              "own duration is not measured here.", ""]
    return lines


def _handover_markdown(h: dict) -> list[str]:
    lines = ["## (e) Prefix hand-over vs recompute, by prefix size", "",
             "| prefix tokens | chat recomputes it: TTFT ms | hand-over: chat locked for the copy ms | TTFT after "
             "the hand-over ms | background evaluation ms | state MB | samples |", "|---|---|---|---|---|---|---|"]
    for t in h["table"]:
        lines.append(f"| {t['prefix_tokens']} | {t['recompute_ttft_ms']:.0f} | {t['load_ms']:.1f} | "
                     f"{t['after_ms']:.0f} | {t['background_ms']:.0f} | {t['state_mb']:.1f} | {t['samples']} |")
    lines += ["", f"Chat-side evaluation costs {h['eval_ms_per_token']:.1f} ms per token; copying the largest "
              f"prefix's state costs as much as evaluating {h['crossover_tokens_at_largest_prefix']:.1f} tokens. "
              "So the hand-over is done when the chat would otherwise evaluate at least `handover_min_tokens` "
              "(RuntimeSettings) of the prefix; below that the chat recomputes the few tokens itself and its "
              "context is never locked. Medians of the samples.", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from models.bundled import bundled_model_path
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    parts = set(argv if argv is not None else sys.argv[1:]) or {"throughput", "prefix", "background", "contention",
                                                               "handover"}
    previous = RESULTS / "runtime.json"
    results = json.loads(previous.read_text()) if previous.exists() else {}
    if parts >= {"throughput", "prefix", "background"}:
        results = {}
    else:   # a partial run keeps the other parts' figures and states when they were measured
        results.setdefault("environment_of_kept_parts", results.get("environment"))
    model = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=4096))
    try:
        results["environment"] = _environment(model)
        results["parts_run"] = sorted(parts)
        if "throughput" in parts:
            print("(a) throughput ...", flush=True)
            results["throughput"] = bench_throughput(model)
        if "prefix" in parts:
            print("(b) prefix cache ...", flush=True)
            results["prefix_cache"] = bench_prefix_cache(model)
        if "background" in parts:
            print("(c) background job ...", flush=True)
            results["background"] = bench_background(model)
    finally:
        model.close()
    if "contention" in parts:
        print("(d) contention ...", flush=True)
        results["contention"] = bench_contention(bundled_model_path())
    if "handover" in parts:
        print("(e) hand-over crossover ...", flush=True)
        results["handover"] = bench_handover(bundled_model_path())
    results["environment"]["load_average_end"] = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "runtime.json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    markdown = render_markdown(results)
    (RESULTS / "runtime.md").write_text(markdown)
    print(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
