"""Probe (dev pools only): can MiniLM tell, from a message naming a held value, whether it ends that value?

Issue 12 suggests matching by embedding similarity to labelled examples where rules do not generalise. The fact
checks' misses are mostly changes (held-out: old value retired 63%, new value captured 62%). This probe asks
whether a learned "does this message end the value it names?" reader could take over where the change rules stop.

Examples come from the five DEV timeline pools only (the TEST pools are never read): for each timeline, its first
message (a statement: label 0) and its later message (label 1 for a change, 0 for a "no change" that names the
value again), whenever the message names the old value (``mentions.find_mention``, as the change rules anchor).
The named value is masked as "X" in every sentence, so the classifier reads the words around it, not the name.
Features: the masked message's MiniLM embedding (the app's embedder). Model: logistic regression. Estimate:
leave one pool out (train on four DEV pools, score the fifth), which asks what a new pool's wordings would get.

Run: ``python -m bench.probe_ending_meaning``; writes bench/results/ending_meaning_probe.md. Nothing in the app
uses it (see the results file for why). The reading's figures are computed from the table it prints.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data"
RESULTS = ROOT / "bench" / "results"
#: DEV pools only: (file, split kept).
POOLS = {"dev": ("fact_timelines_dev", "dev"), "dev2": ("fact_timelines_dev2", "dev2"),
         "changes_dev": ("fact_timelines_changes", "changes_dev"),
         "changes2_dev": ("fact_timelines_changes2_dev", "changes2_dev"),
         "issue_dev": ("fact_timelines_issue_dev", "issue_dev")}
STRENGTHS = (0.3, 1.0, 3.0, 10.0)
THRESHOLDS = (0.5, 0.7, 0.8, 0.9)


def masked(text: str, spellings: list[str]) -> str | None:
    """The message as the rules read it, every sentence naming the value with it masked as "X"; None if none does."""
    from memory_core.facts.extraction import sentences
    from memory_core.facts.mentions import find_mention
    from memory_core.facts.reading import reading_text

    said, named = [], False
    for sentence in sentences(reading_text(text)):
        span = next((s for s in (find_mention(sentence, v) for v in spellings) if s is not None), None)
        if span is not None:
            sentence, named = sentence[:span.start()] + "X" + sentence[span.end():], True
        said.append(sentence)
    return " ".join(said) if named else None


def examples() -> list[tuple[str, str, str, int]]:
    """(pool, kind of example, masked text, label): statements 0, changes 1, later mentions without change 0."""
    rows = []
    for pool, (name, split) in POOLS.items():
        for timeline in json.loads((DATA / f"{name}.json").read_text())["timelines"]:
            if timeline["split"] != split:
                continue
            first = masked(timeline["statement"], timeline["old"])
            if first:
                rows.append((pool, "statement", first, 0))
            later = masked(timeline["later"], timeline["old"])
            if later and timeline["type"] in ("change", "no_change"):
                rows.append((pool, timeline["type"], later, int(timeline["type"] == "change")))
    return rows


def main() -> None:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    from models.embedder import SentenceEmbedder

    started = time.time()
    rows = examples()
    embedder = SentenceEmbedder().load()
    features = np.array(embedder.embed([r[2] for r in rows]))
    labels = np.array([r[3] for r in rows])
    pools = np.array([r[0] for r in rows])
    kinds = np.array([r[1] for r in rows])
    counts = {k: int((kinds == k).sum()) for k in ("change", "no_change", "statement")}
    lines = ["# Probe: does a message that names a held value end it? (MiniLM + logistic regression)", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; script `bench/probe_ending_meaning.py`. "
             f"DEV pools only ({', '.join(POOLS)}); the TEST pools were not read.", "",
             f"Examples (the named value masked as X): {counts['change']} later messages that change it (positive), "
             f"{counts['no_change']} later messages that name it without a change, {counts['statement']} first "
             "statements (negatives). Estimate: leave one pool out.", "",
             "| C | threshold | changes caught | no-change mentions retired | statements retired |",
             "|---|---|---|---|---|"]
    settings = []  # (share of changes caught, share of no-change mentions retired) per C and threshold
    for strength in STRENGTHS:
        probability = np.zeros(len(rows))
        for pool in POOLS:
            held_out = pools == pool
            model = LogisticRegression(C=strength, max_iter=2000, class_weight="balanced")
            model.fit(features[~held_out], labels[~held_out])
            probability[held_out] = model.predict_proba(features[held_out])[:, 1]
        for threshold in THRESHOLDS:
            said = probability >= threshold

            def share(kind: str) -> str:
                n = int((kinds == kind).sum())
                hit = int((said & (kinds == kind)).sum())
                return f"{hit}/{n} ({hit / n:.0%})"
            lines.append(f"| {strength:g} | {threshold:.1f} | {share('change')} | {share('no_change')} | "
                         f"{share('statement')} |")
            settings.append((float(said[kinds == "change"].mean()), float(said[kinds == "no_change"].mean())))
    safe = max((caught for caught, retired in settings if retired <= 0.05), default=0.0)
    costly = [retired for caught, retired in settings if caught > 0.5]
    wide = f"{min(costly):.0%}-{max(costly):.0%}" if costly else "none"
    lines += ["", f"Wall {time.time() - started:.0f} s.", "",
              "## Reading", "",
              "- A retirement the user did not mean is worse than a missed one: a no-change mention retired is a "
              "fact lost from every later answer.",
              f"- Among the settings that retire at most 5% of the no-change mentions, the best catches {safe:.0%} of "
              f"the changes. The settings that catch more than half of the changes retire {wide} of the no-change "
              "mentions.",
              "- So it was not wired into the app. A likely reason, not measured here: a mean-pooled sentence "
              "vector is mostly about the topic of the news, and whether the news ends the value is a few words of "
              "it. A reader of the clause (a >= 1B LLM, or a fine-tuned cross-encoder) may tell them apart; none "
              "ships through PyPI."]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "ending_meaning_probe.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
