"""What the allergy caution costs a chat turn, and what it catches, on answers the bundled model really wrote.

Two parts, one run:

* **cost**: ``cautions.answer_cautions`` (read the current allergies, match them in the answer) after each
  answer, on ledgers of 1k, 10k and 30k current facts (``MNEME_BENCH_FACT_SIZES``), one allergy per pair below among them,
  over the generated answers below (each repeated to about 200 calls); the first call untimed. The step runs after
  the answer is stored, once per turn.
* **what it flags**: the bundled SmolLM2-135M answers food questions with the user's allergy in its memory
  (``ALLERGIES``: a statement through the real fact pass, then a question through ``Assistant.send`` with the
  observer's log in the prompt, temperature 0.7; the runtime's sampler has a fixed seed, so one answer per
  question); counted: answers that name the allergen as a word (the caution shows) and answers that do not.
  The first 8 pairs were written before the first run, the other 16 before the second; none was changed after.

Writes bench/results/cautions.md and .json.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
SIZES = tuple(int(s) for s in os.environ.get("MNEME_BENCH_FACT_SIZES", "1000,10000,30000").split(","))
#: (what the user said once, a question later): each a separate fresh store
ALLERGIES = [
    ("Please remember that I'm allergic to peanuts.", "Can you suggest a snack for my next shift?"),
    ("I'm allergic to shellfish, just so you know.", "What should I cook for a dinner party on Saturday?"),
    ("I am allergic to eggs.", "Give me an idea for a quick breakfast."),
    ("I'm allergic to sesame.", "What can I pack for lunch tomorrow?"),
    ("I'm allergic to strawberries.", "Suggest a dessert for a summer picnic."),
    ("I'm allergic to walnuts.", "What could I bake this weekend?"),
    ("I'm allergic to milk.", "What hot drink would you recommend on a cold morning?"),
    ("I'm allergic to prawns.", "Ideas for a seaside holiday lunch?"),
    ("I'm allergic to gluten.", "What should I have for dinner tonight?"),
    ("My son is allergic to eggs.", "What can I make for my son's birthday party?"),
    ("I'm allergic to almonds.", "Can you recommend a healthy snack for the afternoon?"),
    ("I'm allergic to soy.", "What's a good vegetarian meal?"),
    ("I'm allergic to cheese.", "Suggest a quick pasta recipe."),
    ("I'm allergic to chocolate.", "What treat could I buy for a friend's birthday?"),
    ("I'm allergic to fish.", "What should I order at a restaurant by the harbour?"),
    ("I'm allergic to bananas.", "What can I put in a smoothie?"),
    ("My wife is allergic to mushrooms.", "What should I cook for our anniversary dinner?"),
    ("I'm allergic to hazelnuts.", "What spread can I put on my toast?"),
    ("I'm allergic to tomatoes.", "Give me an idea for a pizza night."),
    ("I'm allergic to honey.", "What can I add to my tea to sweeten it?"),
    ("I'm allergic to oats.", "What is a filling breakfast before a run?"),
    ("My daughter is allergic to kiwi.", "What fruit can I pack in my daughter's lunchbox?"),
    ("I'm allergic to cinnamon.", "What should I bake for a Christmas party?"),
    ("I'm allergic to garlic.", "How do I make a tasty tomato sauce?"),
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _store(folder: str):
    import secrets

    from memory_core.storage.store import Store

    return Store.create(Path(folder), use_keyring=False, passphrase=secrets.token_hex(16))


def cost(answers: list[str]) -> list[dict]:
    """Per ledger size: the caution step's time per answer (ms)."""
    from memory_core.chat.cautions import answer_cautions
    from memory_core.facts import ledger

    rows = []
    for size in SIZES:
        with tempfile.TemporaryDirectory() as folder:
            store = _store(folder)
            try:
                rng = random.Random(size)
                with store.transaction():
                    for index in range(size - len(ALLERGIES)):
                        predicate = rng.choice(["likes", "owns", f"favorite:thing{index % 50}", "works_at"])
                        ledger.add_fact(store, "user", predicate, f"value {index} {rng.randrange(10**6)}",
                                        valid_at="2026-01-01T00:00:00+00:00")
                    for statement, _ in ALLERGIES:
                        ledger.add_fact(store, "user", "allergy", statement.split(" to ")[-1].split()[0].strip(".,"),
                                        valid_at="2026-01-01T00:00:00+00:00")
                answer_cautions(store, answers[0])  # untimed: the statement cache is warm as after one turn
                times = []
                for answer in answers:
                    began = time.perf_counter()
                    answer_cautions(store, answer)
                    times.append((time.perf_counter() - began) * 1000)
            finally:
                store.close()
        rows.append({"facts": size, "n": len(times), "mean_ms": statistics.fmean(times),
                     "p50_ms": statistics.median(times), "p90_ms": _percentile(times, 0.9),
                     "p99_ms": _percentile(times, 0.99)})
        print(rows[-1], flush=True)
    return rows


def flagged(repeats: int) -> tuple[list[dict], list[str]]:
    """The bundled model's answers to food questions, with the allergy in memory; and every answer text."""
    from memory_core.chat.assistant import ChatSettings, close_assistant, open_assistant
    from models.loading import open_chat_model

    model = open_chat_model()
    rows, answers = [], []
    base = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
    for statement, question in ALLERGIES:
        for repeat in range(repeats):
            with tempfile.TemporaryDirectory() as folder:
                store = _store(folder)
                try:
                    settings = ChatSettings(max_tokens=200)
                    first = open_assistant(store, model, "told", settings=settings, background=False)
                    first.send("told", statement, now=base)
                    first.worker.run_pending()
                    close_assistant(first)
                    later = open_assistant(store, model, "asked", settings=settings, background=False)
                    result = later.send("asked", question, now=base + timedelta(days=3))
                    close_assistant(later)
                finally:
                    store.close()
            answers.append(result.reply)
            rows.append({"statement": statement, "question": question, "repeat": repeat, "answer": result.reply,
                         "cautions": [c.describe() for c in result.cautions]})
            print(len(rows), bool(result.cautions), flush=True)
    return rows, answers


def main() -> None:
    repeats = int(os.environ.get("MNEME_BENCH_CAUTION_REPEATS", "1"))
    began = time.perf_counter()
    turns, answers = flagged(repeats)
    costs = cost(answers * max(1, 200 // len(answers)))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cautions.json").write_text(json.dumps({"turns": turns, "cost": costs}, indent=1))
    named = sum(1 for t in turns if t["cautions"])
    lines = ["# The allergy caution: what it flags in the bundled model's answers, and what it costs a turn", "",
             f"**What ran**: SmolLM2-135M-Instruct (bundled GGUF, llama.cpp, CPU, temperature 0.7, not seeded), "
             f"`Assistant.send` with the extractive observer's log in the prompt and the fact pass (rules) run "
             f"between the two chats; {len(ALLERGIES)} allergies, {repeats} answer each (the sampler's seed is fixed: "
             f"a repeat is the same answer), each in a fresh store. Wall {time.perf_counter() - began:.0f} s.", "",
             "## What it flags", "",
             f"Answers that name the allergen as a word (a caution is shown): **{named} of {len(turns)}**.", "",
             "| allergy said | question | answers naming it |", "|---|---|---|"]
    for statement, question in ALLERGIES:
        mine = [t for t in turns if t["statement"] == statement]
        lines.append(f"| {statement} | {question} | {sum(1 for t in mine if t['cautions'])} of {len(mine)} |")
    lines += ["", "Not measured: answers that suggest a dish containing the allergen without naming it "
              "(\"pad thai\" for peanuts): the caution matches words, not ingredients (see cautions.py).", "",
              "## Cost per turn (after the answer is stored)", "",
              "| current facts | answers | mean ms | p50 ms | p90 ms | p99 ms |", "|---|---|---|---|---|---|"]
    for row in costs:
        lines.append(f"| {row['facts']:,} | {row['n']} | {row['mean_ms']:.2f} | {row['p50_ms']:.2f} | "
                     f"{row['p90_ms']:.2f} | {row['p99_ms']:.2f} |")
    (RESULTS / "cautions.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
