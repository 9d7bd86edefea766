"""Small-model hygiene: does the answer copy the memory block's line markup, and is a greeting refused?

Writes bench/results/hygiene.md and hygiene.json. What runs: the bundled SmolLM2-135M (Q8 GGUF)
through llama.cpp (``LlamaChatModel``), the real SQLCipher store, the extractive Observer (what
the app uses with this model), and the real assembler and Assistant settings.

* **markup**: for each scenario a fresh store gets the scenario's statements as user messages in
  an earlier chat, the Observer notes them, and the question is asked in a new chat. An answer
  has *memory markup* when it contains the memory block's line scaffolding in either rendering:
  a priority emoji, a clock time in parentheses "(09:00)", "Date: 2026-…", a "User:" / "User
  asked:" label, a fence tag, "(meaning …" / "(that is …", or a prose day header ("Monday
  2026-03-02:" in a first version, "On Monday 2 March 2026:" now). Separately, a *stamp echo* is
  a weekday + ISO date ("Tuesday 2026-03-03 09:00"), the form of the time stamp on each user
  message (not part of the memory block). Both detectors were fixed on dev, before the test split
  was run. The first version's run (day header "Monday 2026-03-02:", which raised stamp echoes)
  is kept in hygiene-v1.md; the header was then changed on dev evidence and test run again.
* **refusal**: the first message of a fresh chat with an empty memory is a greeting with facts
  ("Hi, I'm Ana. I live in Braga and I'm allergic to shellfish."). An answer is a refusal when it
  says it cannot help / has no access / is "just an AI" (regex below, fixed before the test run).

Configurations: ``before`` is the code as it was (stored line format, no stop strings, the old
system prompt); candidates change one thing at a time. The prompt set (bench/data/hygiene_set.json)
was split dev/test before any tuning; the configuration was chosen on dev; test is reported
beside it. Each prompt is answered greedily (temperature 0) and ``SAMPLES`` times at the chat's
default temperature 0.7 (seeded sampler, same order for every configuration).

Run: ``python -m bench.bench_hygiene [--split dev|test|both] [--configs a,b]`` (a few minutes).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
DATA = Path(__file__).parent / "data" / "hygiene_set.json"
#: One sampled answer per prompt: the runtime seeds its sampler afresh on every call (RuntimeSettings.seed,
#: "the same seed, prompt and settings give the same answer"), so further samples would repeat it.
SAMPLES = 1
TEMPERATURE = 0.7
MAX_TOKENS = 48
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)

OLD_SYSTEM_PROMPT = ("You are Mneme, a helpful assistant that runs on the user's own computer. "
                     "Answer briefly and kindly.")
#: Tried on dev against greeting refusals; not shipped (dev showed no refusals to remove).
CANDIDATE_SYSTEM_PROMPT = ("You are Mneme, a friendly personal assistant on the user's own computer. You remember "
                           "what the user tells you about themselves, so you can help them better. "
                           "Answer briefly and kindly.")

_WEEKDAY = r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{4}-\d\d-\d\d"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
#: A stamp echo in any of the stamp styles (context.STAMP_STYLES): a weekday then a date, ISO or in words
#: ("Tuesday 2026-03-03", "Tuesday 3 March", "Tuesday, 3rd March"). Fixed before the stamp styles ran;
#: it also counts a weekday + date the model worked out itself, so it over-counts rather than under-counts.
_STAMP_ANY = (r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (?:\d{4}-\d\d-\d\d|"
              r"\d{1,2}(?:st|nd|rd|th)? " + _MONTH + ")")
MARKUP = re.compile(
    r"[🔴🟡🟢✅]|\(\s*[0-2]?\d:[0-5]\d\s*\)|\bDate: \d{4}-\d\d-\d\d|(?:^|\n)\s*(?:[*-]\s*)?User(?: asked)?:|"
    r"</?(?:memory|observations|reflections|recalled)>|\((?:meaning|that is) \d{4}-|" + _WEEKDAY + ":|"
    r"\bOn (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}:",
    re.IGNORECASE)
STAMP_ECHO = re.compile(_STAMP_ANY, re.IGNORECASE)
REFUSAL = re.compile(
    r"\b(?:unable to|not able to|(?:can't|cannot|can not) (?:help|provide|assist|access|answer|do|respond)|"
    r"(?:don't|do not) have (?:access|the ability|real-time)|not equipped|real-time|"
    r"as an ai\b|as a (?:digital|virtual|language|ai) (?:assistant|model)|i'm (?:just )?an ai\b)",
    re.IGNORECASE)


@dataclass(frozen=True)
class Config:
    name: str
    memory_style: str
    stops: bool
    system_prompt: str | None       # None: the current DEFAULT_SYSTEM_PROMPT
    note: str
    stamp_style: str | None = None  # None: the current DEFAULT_STAMP_STYLE


def configs() -> dict[str, Config]:
    return {c.name: c for c in (
        Config("before", "om", False, OLD_SYSTEM_PROMPT, "stored line format, no stops, old system prompt"),
        Config("stops", "om", True, OLD_SYSTEM_PROMPT, "stored line format + stop strings"),
        Config("prose", "prose", False, OLD_SYSTEM_PROMPT, "prose rendering, no stops"),
        Config("prose+stops", "prose", True, OLD_SYSTEM_PROMPT, "prose rendering + stop strings"),
        Config("prompt-candidate", "prose", True, CANDIDATE_SYSTEM_PROMPT,
               "prose + stops + a system prompt saying what Mneme is for (not shipped)"),
        Config("after", "prose", True, None, "prose rendering + stop strings (shipped)"),
        Config("stamp-iso", "prose", True, None, "prose + stops, ISO stamps \"[Tuesday 2026-03-03 09:00]\" "
               "(the stamp before issue 15's leftover)", "iso"),
        Config("stamp-words", "prose", True, None, "prose + stops, stamps in words \"[Tuesday 3 March 2026, "
               "09:00]\"", "words"),
        Config("stamp-words-ampm", "prose", True, None, "prose + stops, stamps in words, no colon \"[Tuesday 3 "
               "March 2026 at 9.00 am]\"", "words-ampm"),
        Config("stamp-day", "prose", True, None, "prose + stops, the day alone \"[Tuesday 3 March 2026]\" on a "
               "day's first message, no clock times", "day"),
        Config("stamp-after", "prose", True, None, "prose + stops, \"... [Tuesday 3 March 2026 at 9.00 am]\" "
               "after the message text", "words-ampm-after"),
    )}


def _store(tmp: Path, name: str):
    import memory_core.storage.keys as keys
    from memory_core.storage.store import Store

    keys.SCRYPT_N = 2**12          # the KDF cost is not what is measured here
    return Store.create(tmp / name, use_keyring=False, passphrase="hygiene bench passphrase")


def _answers(model, messages, stops) -> list[str]:
    outputs = [("".join(model.stream(messages, max_tokens=MAX_TOKENS, temperature=0.0, stop=stops))).strip()]
    for _ in range(SAMPLES):
        outputs.append("".join(model.stream(messages, max_tokens=MAX_TOKENS, temperature=TEMPERATURE,
                                            stop=stops)).strip())
    return outputs


def run_config(model, config: Config, split: dict, tmp: Path) -> dict:
    from memory_core.chat.assistant import Assistant, ChatSettings
    from memory_core.chat.context import DEFAULT_STAMP_STYLE
    from memory_core.chat.model_view import CHAT_STOPS
    from memory_core.ingest import ingest_message
    from memory_core.observational.worker import MemoryWorker
    from memory_core.prompts import DEFAULT_SYSTEM_PROMPT

    stops = CHAT_STOPS if config.stops else ()
    settings = ChatSettings(max_tokens=MAX_TOKENS, memory_style=config.memory_style, stops=stops,
                            system_prompt=config.system_prompt or DEFAULT_SYSTEM_PROMPT,
                            stamp_style=config.stamp_style or DEFAULT_STAMP_STYLE)
    model.reset_cache()
    rows = []
    for index, scenario in enumerate(split["memory"]):
        store = _store(tmp, f"{config.name}-m{index}")
        try:
            for minute, statement in enumerate(scenario["facts"]):
                ingest_message(store, "earlier", "user", statement, at=T0 + timedelta(minutes=minute))
            worker = MemoryWorker(store, model)
            worker.engine.observer_mode = "extractive"
            worker.notify("asking")
            worker.run_pending(force=True)
            worker.close()
            assistant = Assistant(store, model, engine=worker.engine, settings=settings)
            prompt = assistant.prepare("asking", scenario["question"], now=T0 + timedelta(days=1))
            answers = _answers(model, prompt.messages, stops)
        finally:
            store.close()
        rows.append({"kind": "memory", "prompt": scenario["question"], "answers": answers,
                     "markup": [bool(MARKUP.search(a)) for a in answers],
                     "stamp": [bool(STAMP_ECHO.search(a)) for a in answers], "empty": [not a for a in answers]})
    for index, greeting in enumerate(split["greetings"]):
        store = _store(tmp, f"{config.name}-g{index}")
        try:
            assistant = Assistant(store, model, settings=settings)
            prompt = assistant.prepare("first", greeting, now=T0)
            answers = _answers(model, prompt.messages, stops)
        finally:
            store.close()
        rows.append({"kind": "greeting", "prompt": greeting, "answers": answers,
                     "refusal": [bool(REFUSAL.search(a)) for a in answers],
                     "markup": [bool(MARKUP.search(a)) for a in answers], "empty": [not a for a in answers]})
    return {"config": config.__dict__, "rows": rows, "summary": summarize(rows)}


def summarize(rows: list[dict]) -> dict:
    def rate(kind: str, key: str, which: slice) -> dict:
        flags = [f for r in rows if r["kind"] == kind for f in r[key][which]]
        return {"n": len(flags), "count": sum(flags), "share": round(sum(flags) / len(flags), 3) if flags else None}
    memory_words = [len(a.split()) for r in rows if r["kind"] == "memory" for a in r["answers"]]
    return {
        "markup_all": rate("memory", "markup", slice(None)),
        "markup_greedy": rate("memory", "markup", slice(0, 1)),
        "markup_sampled": rate("memory", "markup", slice(1, None)),
        "stamp_all": rate("memory", "stamp", slice(None)),
        "empty_all": rate("memory", "empty", slice(None)),
        "greeting_markup": rate("greeting", "markup", slice(None)),
        "refusal_all": rate("greeting", "refusal", slice(None)),
        "refusal_greedy": rate("greeting", "refusal", slice(0, 1)),
        "refusal_sampled": rate("greeting", "refusal", slice(1, None)),
        "answer_words_mean": round(statistics.mean(memory_words), 1) if memory_words else None,
        "answer_words_median": statistics.median(memory_words) if memory_words else None,
    }


def rescore(results: dict) -> dict:
    """Keep the greedy answer and SAMPLES sampled ones per prompt, and count again with today's detectors.

    Exactly what a new run would give: every call reseeds the sampler, so the first sampled answer of
    a prompt does not depend on what ran before it."""
    for split in results.values():
        for result in split.values():
            for row in result["rows"]:
                row["answers"] = row["answers"][:1 + SAMPLES]
                row["markup"] = [bool(MARKUP.search(a)) for a in row["answers"]]
                row["empty"] = [not a for a in row["answers"]]
                if row["kind"] == "memory":
                    row["stamp"] = [bool(STAMP_ECHO.search(a)) for a in row["answers"]]
                else:
                    row["refusal"] = [bool(REFUSAL.search(a)) for a in row["answers"]]
            result["summary"] = summarize(result["rows"])
    return results


def _cell(stat: dict) -> str:
    return f"{stat['count']}/{stat['n']} ({100 * stat['share']:.0f}%)" if stat["n"] else "–"


def write_results(results: dict, meta: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hygiene.json").write_text(json.dumps({"meta": meta, "results": results}, indent=1,
                                                     ensure_ascii=False) + "\n", encoding="utf-8")
    lines = ["# Small-model hygiene: memory markup in answers, refusals of a greeting", "",
             f"Model: {meta['model']} through llama.cpp, context {meta['context']}; observer: extractive; "
             f"store: SQLCipher. Each prompt: 1 greedy answer + {SAMPLES} sampled at temperature {TEMPERATURE} "
             f"(max {MAX_TOKENS} tokens). Prompt set: bench/data/hygiene_set.json, split dev/test before tuning; "
             "the shipped configuration (`after`) was chosen on dev.", "",
             "*Memory markup*: the memory block's line scaffolding in either rendering (priority emoji, "
             "\"(09:00)\", \"Date: …\", \"User:\", fence tags, \"(meaning …\"/\"(that is …\", a prose day header "
             "\"On Monday 2 March 2026:\" or \"Monday 2026-03-02:\"). *Stamp echo*: a weekday then a date, ISO or in words "
             "(\"Tuesday 2026-03-03\", \"Tuesday 3 March\"), the forms of the time stamp on each user message in the "
             "stamp styles compared (outside the memory block); it also counts a weekday + date the model worked out "
             "itself, so it over-counts. *Refused*: the answer says it cannot help / has "
             "no access / is an AI. Lower is better everywhere. `before` is the code before this change; `stops` "
             "(stop strings alone) is the cheapest alternative fix.", ""]
    if any(name.startswith("stamp-") for split in results.values() for name in split):
        lines += ["**Stamp styles** (issue 15's leftover: answers echoed the ISO time stamp of the user's message). "
                  "Five styles of `memory_core/chat/context.py` `stamp` ran on dev with the shipped memory block and "
                  "stops; `day` (the day in words on a day's first message, no clock times) and `words-ampm-after` "
                  "echoed least on dev and `day` costs the fewest tokens, so `day` is shipped (now the default, so "
                  "`after` = `stamp-day`). Test ran once, `stamp-iso` (the stamp before) beside `stamp-day`. The stamp "
                  "echo detector was widened to stamps in words before these runs.", ""]
    for split in ("dev", "test"):
        if split not in results:
            continue
        lines += [f"## {split}", "",
                  "| config | what changes | memory markup (all) | greedy | sampled | stamp echo | empty answers | "
                  "greeting refused (all) | refused greedy | refused sampled | words/answer mean (median) |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        for name, result in results[split].items():
            s = result["summary"]
            lines.append(f"| {name} | {result['config']['note']} | {_cell(s['markup_all'])} | "
                         f"{_cell(s['markup_greedy'])} | {_cell(s['markup_sampled'])} | {_cell(s['stamp_all'])} | "
                         f"{_cell(s['empty_all'])} | "
                         f"{_cell(s['refusal_all'])} | {_cell(s['refusal_greedy'])} | {_cell(s['refusal_sampled'])} | "
                         f"{s['answer_words_mean']} ({s['answer_words_median']}) |")
        lines.append("")
    lines += ["## Not measured", "",
              "Whether the answers are *right* (a 135M model often is not: it still invents or refuses other "
              "requests); models other than the bundled one; the LLM Observer's log (the app uses the extractive "
              "one with this model); multi-turn chats. Every answer is in hygiene.json.", "",
              f"Machine: {meta['machine']}; run took {meta['seconds']:.0f} s; {meta['when']}"
              + (f"; dev results from the tuning runs' dumps ({', '.join(meta['dev_from'])}), same code and seeds"
                 if meta.get("dev_from") else "")
              + (f"; recounted {meta['rescored']} (a second sampled answer per prompt, identical to the first "
                 "because the sampler is reseeded on every call, was dropped)." if meta.get("rescored") else ".")]
    (RESULTS / "hygiene.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "both"), default="both")
    parser.add_argument("--configs", default="before,stops,after,prompt-candidate",
                        help="configurations run on dev, comma-separated: " + ", ".join(configs()))
    parser.add_argument("--test-configs", default="before,stops,after",
                        help="configurations run on test (the baselines and the shipped one)")
    parser.add_argument("--no-write", action="store_true", help="do not write bench/results (tuning runs)")
    parser.add_argument("--dump", type=Path, help="also write every answer of this run to this JSON file")
    parser.add_argument("--dev-from", type=Path, nargs="*", default=(), metavar="JSON",
                        help="take the dev results from these --dump files of earlier tuning runs (same code and "
                             "seeds) instead of running dev again; with --split test")
    parser.add_argument("--rescore", type=Path, metavar="JSON",
                        help="recount a saved run (hygiene.json) with the current SAMPLES and detectors, no model")
    args = parser.parse_args(argv)
    if args.rescore:
        saved = json.loads(args.rescore.read_text(encoding="utf-8"))
        write_results(rescore(saved["results"]), {**saved["meta"], "samples": SAMPLES,
                                                  "rescored": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")})
        return 0
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from models.bundled import bundled_model_path
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    chosen = [configs()[name] for name in args.configs.split(",")]
    chosen_test = [configs()[name] for name in args.test_configs.split(",")]
    data = json.loads(DATA.read_text(encoding="utf-8"))
    splits = ["dev", "test"] if args.split == "both" else [args.split]
    path = bundled_model_path()
    model = LlamaChatModel(path, RuntimeSettings(context_length=4096, seed=15))
    started = time.perf_counter()
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for split in splits:
            results[split] = {}
            for config in (chosen if split == "dev" else chosen_test):
                result = run_config(model, config, data[split], Path(tmp) / split)
                results[split][config.name] = result
                print(split, config.name, json.dumps(result["summary"]), file=sys.stderr, flush=True)
    model.close()
    for dump in args.dev_from:
        results.setdefault("dev", {}).update(json.loads(dump.read_text(encoding="utf-8"))["dev"])
    if "dev" in results:
        results = {"dev": results["dev"], **{k: v for k, v in results.items() if k != "dev"}}
    meta = {"model": path.name, "context": 4096, "samples": SAMPLES, "temperature": TEMPERATURE,
            "max_tokens": MAX_TOKENS, "seconds": time.perf_counter() - started,
            "dev_from": [str(p) for p in args.dev_from],
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared)",
            "when": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}
    if args.dump:
        args.dump.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    if not args.no_write:
        write_results(results, meta)
    return 0


if __name__ == "__main__":
    sys.exit(main())
