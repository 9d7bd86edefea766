"""Build memory_core/data/attribute_examples.json from the DEV side of the lifecycle pools only.

Voices used: ``dev`` and ``dev_casual``. ``dev_mixed`` is deliberately left out, so that voice
measures how the matcher generalises to wordings it has no example of.

The examples are the labelled sentences the background matcher compares new
sentences with (value masked as "X"). Test phrasings and test-only kinds are
never read here. Negatives (sentences that state no durable fact) were written
by hand for the matcher's threshold.
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Lifecycle kind -> fact concept; kinds whose values are common words (coffee, music...) are left out:
#: the matcher only places values it can find by shape (a name, a time, a date, a language, a diet).
CONCEPT = {"pet_name": "pet", "race": "race", "gym": "gym", "phone": "phone", "bank": "bank", "doctor": "doctor",
           "sibling_city": "lives_in", "language": "language", "band": "band", "laptop": "laptop", "diet": "diet",
           "anniversary": "anniversary", "wake_time": "wake_time", "car": "car", "job": "works_at",
           "home_city": "lives_in", "dentist_appt": "dentist_appointment", "manager": "manager",
           "internet": "internet", "trip": "trip", "club": "club"}
NEGATIVES = [
    "We watched a film with X last night.", "X was lovely this weekend.", "I had lunch with X today.",
    "The weather in X was awful.", "Did you see what X posted?", "I read an article about X.",
    "X won the match yesterday.", "My friend told me about X.", "We might visit X someday.",
    "I'm so tired today.", "Can you remind me to call X?", "X is such a funny name.",
    "I saw X at the supermarket.", "Traffic near X was terrible this morning.", "I finished the book about X.",
    "X sent me a birthday card.", "That restaurant X was overpriced.", "I heard X is opening a new shop.",
    "What do you think about X?", "I need to buy groceries after work.",
]

pools = json.loads((ROOT / "memory_core/data/lifecycle_pools.json").read_text(encoding="utf-8"))
examples = []
for kind in pools["kinds"]:
    if kind["split"] != "both" or kind["id"] not in CONCEPT:
        continue
    for voice in ("dev", "dev_casual"):
        for text in kind.get(voice, {}).get("state", []):
            examples.append({"text": text.replace("{v}", "X"), "concept": CONCEPT[kind["id"]]})
examples += [{"text": text, "concept": None} for text in NEGATIVES]
out = ROOT / "memory_core/data/attribute_examples.json"
out.write_text(json.dumps({"source": "lifecycle_pools.json dev + dev_casual statements + hand-written negatives",
                           "examples": examples}, indent=1) + "\n", encoding="utf-8")
print(len(examples), "examples")
