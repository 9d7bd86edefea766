"""Choose the background matcher's similarity threshold on the dev examples (leave one out).

For each labelled example (dev statement phrasings, value masked, plus negatives),
the nearest *other* example is found; a prediction is kept when its similarity is
at or above a threshold. Precision = kept predictions naming the right attribute
(a negative's right answer is "no fact"); recall = fact examples kept and right.
Writes bench/results/attribute_matcher.md and .json.
"""
from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    from memory_core.facts.semantic import AttributeMatcher, load_examples
    from models.embedder import SentenceEmbedder

    examples = load_examples()
    matcher = AttributeMatcher(SentenceEmbedder().load(), examples)
    rows = []
    for index, example in enumerate(examples):
        match = matcher.match([example["text"]], exclude=index)[0]
        rows.append((example["concept"], match.concept, match.similarity))
    facts = sum(1 for concept, _, _ in rows if concept is not None)
    table = []
    for threshold in [x / 100 for x in range(30, 91, 5)]:
        kept = [(want, got) for want, got, sim in rows if sim >= threshold and got is not None]
        right = sum(1 for want, got in kept if want == got)
        table.append({"threshold": threshold, "kept": len(kept), "precision": right / len(kept) if kept else None,
                      "recall": right / facts})
    RESULTS.mkdir(parents=True, exist_ok=True)
    data = {"examples": len(examples), "fact_examples": facts, "rows": table,
            "note": "leave-one-out over the dev examples; the embedder is all-MiniLM-L6-v2"}
    (RESULTS / "attribute_matcher.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lines = [f"# Attribute matcher threshold (dev examples, leave one out: {len(examples)} examples, "
             f"{facts} facts, all-MiniLM-L6-v2)", "", "| threshold | predictions kept | precision | recall |",
             "|---|---|---|---|"]
    for row in table:
        precision = "n/a" if row["precision"] is None else f"{row['precision'] * 100:.1f}%"
        lines.append(f"| {row['threshold']:.2f} | {row['kept']} | {precision} | {row['recall'] * 100:.1f}% |")
    (RESULTS / "attribute_matcher.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
