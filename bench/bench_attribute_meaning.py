"""Pick ``attribute_meaning.SAME_SLOT_COSINE`` on the DEV attribute pairs, report it on TEST.

Pairs (``bench/data/attribute_pairs.json``) are attribute names one subject may use, labelled
same slot or not, split dev/test before any measurement. For each threshold on DEV:
precision and recall of "same slot" for the full rule (lexicon, then MiniLM cosine of
"my <attribute>" when the lexicon does not know both names as concepts). The threshold kept is
the lowest whose DEV precision is at least ``MIN_PRECISION`` (a wrong merge retires an unrelated
fact; a missed one leaves two values current), then TEST is scored once at that threshold,
beside the lexicon alone (the rule path without an embedder) as the baseline.

Run: ``python -m bench.bench_attribute_meaning``; writes bench/results/attribute_meaning.{md,json}.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAIRS = ROOT / "bench" / "data" / "attribute_pairs.json"
RESULTS = ROOT / "bench" / "results"
#: Of the merges the cosine adds to what the lexicon and words decide, at least this share must be right.
MIN_PRECISION = 0.9
THRESHOLDS = [x / 100 for x in range(50, 100, 2)]


def _scores(rows: list[dict[str, Any]], decide) -> dict[str, Any]:
    tp = sum(1 for r in rows if r["same"] and decide(r))
    fp = sum(1 for r in rows if not r["same"] and decide(r))
    fn = sum(1 for r in rows if r["same"] and not decide(r))
    return {"tp": tp, "fp": fp, "fn": fn, "pairs": len(rows),
            "precision": tp / (tp + fp) if tp + fp else None, "recall": tp / (tp + fn) if tp + fn else None}


def main() -> dict[str, Any]:
    from memory_core.facts.attribute_meaning import AttributeMeaning, known_verdict
    from models.embedder import SentenceEmbedder

    pairs = json.loads(PAIRS.read_text(encoding="utf-8"))["pairs"]
    started = time.perf_counter()
    meaning = AttributeMeaning(SentenceEmbedder().load())
    rows = []
    for pair in pairs:
        a, b = pair["a"].replace(" ", "_"), pair["b"].replace(" ", "_")
        verdict = known_verdict(a, b)
        lexicon_same, known_apart = verdict is True, verdict is False
        rows.append({**pair, "lexicon_same": lexicon_same, "known_apart": known_apart,
                     "cosine": round(meaning.cosine(a, b), 4)})
    seconds = time.perf_counter() - started

    def full(threshold: float):
        return lambda r: r["lexicon_same"] or (not r["known_apart"] and r["cosine"] >= threshold)

    dev = [r for r in rows if r["split"] == "dev"]
    test = [r for r in rows if r["split"] == "test"]
    sweep = [{"threshold": t, **_scores(dev, full(t)),
              "added": _scores([r for r in dev if not r["lexicon_same"] and not r["known_apart"]], full(t))}
             for t in THRESHOLDS]
    eligible = [s for s in sweep if s["added"]["precision"] is not None and s["added"]["precision"] >= MIN_PRECISION]
    chosen = min(eligible, key=lambda s: s["threshold"])["threshold"] if eligible else max(THRESHOLDS)
    result = {
        "pairs": {"dev": len(dev), "test": len(test)}, "min_precision": MIN_PRECISION, "chosen": chosen,
        "dev": {"lexicon": _scores(dev, lambda r: r["lexicon_same"]), "meaning": _scores(dev, full(chosen))},
        "test": {"lexicon": _scores(test, lambda r: r["lexicon_same"]), "meaning": _scores(test, full(chosen))},
        "sweep_dev": sweep, "rows": rows, "embed_seconds": round(seconds, 2),
        "embedder": "all-MiniLM-L6-v2 (models.embedder.SentenceEmbedder), text 'my <attribute words>'"}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "attribute_meaning.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    (RESULTS / "attribute_meaning.md").write_text(render(result), encoding="utf-8")
    return result


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def render(result: dict[str, Any]) -> str:
    lines = ["# Attribute sameness by meaning (`memory_core/facts/attribute_meaning.py`)", "",
             f"Pairs: `bench/data/attribute_pairs.json`, {result['pairs']['dev']} dev / {result['pairs']['test']} "
             "test (half same slot, half not), hand-written in one pass before the first measurement. "
             f"Embedder: {result['embedder']}. Threshold: the lowest cosine at which the merges the cosine adds "
             f"(pairs the lexicon and the word rules of `known_verdict` leave open) are right at least "
             f"{100 * result['min_precision']:.0f}% of the time on DEV: **{result['chosen']:.2f}**. TEST scored once at it. "
             f"Embedding all pairs took {result['embed_seconds']} s (model load included).", "",
             "| split | rule | precision | recall | true merges | wrong merges | missed |", "|---|---|---|---|---|---|---|"]
    for split in ("dev", "test"):
        for name, label in (("lexicon", "lexicon + word rules only (no embedder)"), ("meaning", "lexicon + MiniLM cosine")):
            s = result[split][name]
            lines.append(f"| {split} | {label} | {_pct(s['precision'])} | {_pct(s['recall'])} | {s['tp']} | "
                         f"{s['fp']} | {s['fn']} |")
    lines += ["", "## DEV sweep", "", "| threshold | precision | recall | wrong merges | merges added by the cosine: "
              "right / wrong |", "|---|---|---|---|---|"]
    for s in result["sweep_dev"]:
        lines.append(f"| {s['threshold']:.2f} | {_pct(s['precision'])} | {_pct(s['recall'])} | {s['fp']} | "
                     f"{s['added']['tp']} / {s['added']['fp']} |")
    lines += ["", "## TEST pairs at the chosen threshold", "", "| a | b | label | lexicon | cosine | decided |",
              "|---|---|---|---|---|---|"]
    for r in result["rows"]:
        if r["split"] != "test":
            continue
        decided = r["lexicon_same"] or (not r["known_apart"] and r["cosine"] >= result["chosen"])
        lexicon = "same" if r["lexicon_same"] else ("apart" if r["known_apart"] else "?")
        lines.append(f"| {r['a']} | {r['b']} | {'same' if r['same'] else 'different'} | {lexicon} | "
                     f"{r['cosine']:.2f} | {'same' if decided else 'different'} |")
    lines += ["", "Not measured: how often such pairs occur in real use; a whole-pipeline effect is in the fact "
              "timeline tables.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    out = main()
    print(f"chosen {out['chosen']:.2f}; dev {out['dev']['meaning']}; test {out['test']['meaning']}; "
          f"lexicon test {out['test']['lexicon']}")
