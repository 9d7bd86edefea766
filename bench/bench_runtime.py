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
    env, a, b, c = results["environment"], results["throughput"], results["prefix_cache"], results["background"]

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
        f"llama.cpp: `{env['system_info']}`",
        "",
    ])


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from models.bundled import bundled_model_path
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    model = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=4096))
    try:
        results = {"environment": _environment(model)}
        print("(a) throughput ...", flush=True)
        results["throughput"] = bench_throughput(model)
        print("(b) prefix cache ...", flush=True)
        results["prefix_cache"] = bench_prefix_cache(model)
        print("(c) background job ...", flush=True)
        results["background"] = bench_background(model)
    finally:
        model.close()
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "runtime.json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    markdown = render_markdown(results)
    (RESULTS / "runtime.md").write_text(markdown)
    print(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
