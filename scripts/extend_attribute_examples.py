"""Add labelled examples to the background matcher (memory_core/data/attribute_examples.json) from the statements
of the fact pools' looked-at halves.

Why: the matcher names an attribute by the nearest labelled sentence, so it generalises only as far as its examples
reach; they came from the lifecycle dev pools' two voices. The fresh pools' looked-at halves (issue_dev,
issue_dev2, and the dev halves of issue_dev3..issue_dev7) hold the same kinds said in a dozen more voices and
registers. Their blind halves are never read here (the halving is bench_fact_checks.KIND_HALVES'), so those stay a
measure of what the examples do for kinds and wordings they do not hold.

Each example is the one sentence of a statement that holds its first value, read as the rules read it
(``reading_text``), with that value masked as "X"; only kinds whose attribute the matcher knows, and the user's or
a sibling's; one whose nearest other example names another attribute is left out (``edited``).
``python -m scripts.extend_attribute_examples`` rewrites the file (the original examples first, kept).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from bench.bench_fact_checks import KIND_HALVES
from memory_core.facts.extraction import sentences
from memory_core.facts.reading import reading_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "memory_core" / "data" / "attribute_examples.json"
POOLS = ("issue_dev", "issue_dev2", "issue_dev3", "issue_dev4", "issue_dev5", "issue_dev6", "issue_dev7")
#: pool kind -> the matcher's attribute
CONCEPTS = {"pet_name": "pet", "dog_name": "pet", "race_training": "race", "gym": "gym", "phone": "phone",
            "bank": "bank", "doctor": "doctor", "gp": "doctor", "sibling_city": "lives_in", "sister_city": "lives_in",
            "language_learning": "language", "band": "band", "laptop": "laptop", "diet": "diet",
            "anniversary": "anniversary", "wedding_anniversary": "anniversary", "wake_up_time": "wake_time",
            "car": "car", "manager_name": "manager", "dentist_appointment_date": "dentist_appointment"}
MARK = "fresh pools' looked-at halves"


def pool_examples() -> list[dict]:
    examples: list[dict] = []
    seen: set[str] = set()
    for pool in POOLS:
        data = json.loads((ROOT / "bench" / "data" / f"fact_timelines_{pool}.json").read_text(encoding="utf-8"))
        timelines = data["timelines"] if isinstance(data, dict) else data
        kinds = list(dict.fromkeys(t["kind"] for t in timelines))
        looked_at = set(kinds[KIND_HALVES[pool]::2]) if pool in KIND_HALVES else set(kinds)
        for timeline in timelines:
            concept = CONCEPTS.get(timeline["kind"])
            if concept is None or timeline["kind"] not in looked_at or not timeline.get("old"):
                continue
            value = timeline["old"][0]
            for sentence in sentences(reading_text(timeline["statement"])):
                at = sentence.lower().find(value.lower())
                if at < 0:
                    continue
                masked = re.sub(r"\s+", " ", sentence[:at] + "X" + sentence[at + len(value):]).strip()
                if masked.lower() not in seen and len(masked) <= 300:
                    seen.add(masked.lower())
                    examples.append({"text": masked, "concept": concept, "from": pool})
                break
    return examples


def edited(kept: list[dict], added: list[dict]) -> list[dict]:
    """The added examples whose nearest other example (at ``MATCH_THRESHOLD`` or above) names the same attribute
    or is too far to name any (Wilson's editing of a nearest-neighbour set). A sentence that says its attribute
    only in words outside its own clause ("I'm meeting Baz at X after work on Tuesday", labelled a gym for the
    clause after it) lies among other attributes' examples and "I had lunch with X today"; kept, it would name
    that attribute for every friend met at a cafe."""
    from memory_core.facts.semantic import MATCH_THRESHOLD, AttributeMatcher
    from models.embedder import SentenceEmbedder

    everything = kept + added
    matcher = AttributeMatcher(SentenceEmbedder().load(), everything)
    out = []
    for index, example in enumerate(everything[len(kept):], start=len(kept)):
        nearest = matcher.match([example["text"]], exclude=index)[0]
        if nearest.similarity < MATCH_THRESHOLD or nearest.concept == example["concept"]:
            out.append(example)
    return out


def main() -> None:
    data = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    kept = [e for e in data["examples"] if "from" not in e]
    candidates = [e for e in pool_examples() if e["text"].lower() not in {k["text"].lower() for k in kept}]
    added = edited(kept, candidates)
    print(f"{len(candidates) - len(added)} of {len(candidates)} left out: their nearest example names another "
          f"attribute")
    data["source"] = data["source"].split(" + " + MARK)[0] + f" + {MARK} ({len(added)})"
    data["examples"] = kept + added
    EXAMPLES.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(kept)} examples kept, {len(added)} added from {', '.join(POOLS)}")


if __name__ == "__main__":
    main()
