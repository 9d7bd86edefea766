"""The LLM fact path on our DEV (or TEST) fact timelines: how often the answer parses and validates, and its latency.

    PYTHONPATH=. .venv/bin/python bench/bench_llm_facts.py --set dev --force-small-model [--limit N]

The app asks only models of >= 1B parameters (``memory_core.llm.is_capable``); this machine has only the bundled
SmolLM2-135M, so ``--force-small-model`` drives it through ``LLMFactExtractor`` directly, below the floor, to put
the grammar, the parse and the validation through real output. It says nothing about extraction quality with a
capable model. Never runs the held-out set (no default ``--set``). Writes ``bench/results/llm_facts.{md,json}``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from memory_core.facts.extraction import extract
from memory_core.facts.llm_fact_extractor import LLMFactExtractor, said_in
from memory_core.facts.llm_fact_grammar import FactOutputRejected
from memory_core.facts.parse_merge import merge_candidates

#: Values in the prompt's own examples: a fact naming one the message does not say was copied from the prompt.
EXAMPLE_VALUES = {"nurse", "leeds", "pepper", "crumbs"}
ROOT = Path(__file__).resolve().parent.parent
SETS = {"dev": ROOT / "bench" / "data" / "fact_timelines_dev.json",
        "test": ROOT / "bench" / "data" / "fact_timelines_test.json"}


def _messages(path: Path, limit: int | None) -> list[tuple[str, list[str]]]:
    """Each distinct user message once, with the values the timeline says it states."""
    seen: dict[str, list[str]] = {}
    for timeline in json.loads(path.read_text())["timelines"]:
        seen.setdefault(timeline["statement"], list(timeline.get("old") or []))
        seen.setdefault(timeline["later"], list(timeline.get("new") or []))
    return list(seen.items())[:limit]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(set_name: str, limit: int | None) -> dict:
    from models.bundled import bundled_model_path
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    chat = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=4096))
    extractor = LLMFactExtractor(chat.background())
    rows = []
    for text, expected in _messages(SETS[set_name], limit):
        started = time.perf_counter()
        try:
            result, reason = extractor.extract(text), None
        except FactOutputRejected as exc:
            result, reason = None, exc.reason
        seconds = time.perf_counter() - started
        rules = extract(text)
        kept = result.candidates if result else []
        added = [c for c in merge_candidates(rules, kept) if any(c is k for k in kept)]
        kept_values = {(c.value or "").casefold() for c in kept}
        refused = [f for f in (result.raw if result else []) if f.value.strip(" .,!;:'\"").casefold() not in kept_values]
        unsaid = [f for f in refused if not said_in(f.value.strip(" .,!;:'\""), text)]
        rows.append({"refused_unsaid": len(unsaid),
                     "refused_example_copy": sum(f.value.casefold() in EXAMPLE_VALUES for f in unsaid),
                     "refused_other": len(refused) - len(unsaid), "seconds": seconds, "parsed": result is not None, "reason": reason,
                     "proposed": result.proposed if result else 0, "kept": len(kept), "added": len(added),
                     "added_expected": sum(1 for c in added if any(e.casefold() in (c.value or "").casefold()
                                                                   for e in expected)),
                     "rules_found": bool(rules)})
    chat.close()
    seconds = [r["seconds"] for r in rows]
    proposed = sum(r["proposed"] for r in rows)
    return {"set": set_name, "model": "SmolLM2-135M (bundled; forced, below the 1B floor)", "messages": len(rows),
            "parsed": sum(r["parsed"] for r in rows), "empty_lists": sum(r["parsed"] and not r["proposed"] for r in rows),
            "proposed_facts": proposed, "validated_facts": sum(r["kept"] for r in rows),
            "refused_value_not_said": sum(r["refused_unsaid"] for r in rows),
            "refused_copied_from_prompt_examples": sum(r["refused_example_copy"] for r in rows),
            "refused_said_but_failed_other_checks": sum(r["refused_other"] for r in rows),
            "added_beyond_rules": sum(r["added"] for r in rows),
            "added_naming_expected_value": sum(r["added_expected"] for r in rows),
            "messages_rules_found_nothing": sum(not r["rules_found"] for r in rows),
            "rejections": {k: sum(r["reason"] == k for r in rows) for k in {r["reason"] for r in rows if r["reason"]}},
            "latency_s": {"mean": statistics.mean(seconds), "median": statistics.median(seconds),
                          "p90": _percentile(seconds, 0.9), "max": max(seconds)}}


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--set", required=True, choices=sorted(SETS))
    options.add_argument("--force-small-model", action="store_true", required=True,
                         help="drive the bundled 135M model below the 1B floor (the only model here)")
    options.add_argument("--limit", type=int, default=None)
    args = options.parse_args()
    figures = run(args.set, args.limit)
    out = ROOT / "bench" / "results" / "llm_facts.json"
    out.write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
