"""Builds bench/data/hygiene_set.json: the prompts of the small-model hygiene benchmark, split before tuning.

dev: written by hand (tuning looks at these only).
test: made by a different method, combining separate pools of names, places, facts and question forms
with a fixed seed, so nothing tuned on dev was written around the test phrasings. The issue's own
example ("Hi, I'm Ana...") is in test. Pools and seed are fixed; the file is never edited after
looking at model outputs.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

OUT = Path(__file__).with_name("hygiene_set.json")

DEV_MEMORY = [
    {"facts": ["I live in Braga.", "I'm allergic to shellfish."], "question": "What should I cook for dinner tonight?"},
    {"facts": ["My sister Léa lives in Lyon.", "I work as a nurse at the city hospital."],
     "question": "Where does my sister live?"},
    {"facts": ["I switched from coffee to green tea last month.", "I go running every morning."],
     "question": "What do I drink now?"},
    {"facts": ["My cat is called Miso.", "I'm learning the piano."], "question": "What's my cat's name?"},
    {"facts": ["I have a dentist appointment on Friday at 10:00.", "I hate waiting rooms."],
     "question": "When is my appointment?"},
    {"facts": ["I'm vegetarian.", "I'm planning a trip to Kyoto in April."],
     "question": "Can you suggest a restaurant for my trip?"},
    {"facts": ["My favourite author is Ursula K. Le Guin.", "I read before bed."], "question": "Recommend me a book."},
    {"facts": ["I ride a red bicycle to work.", "My office is in Porto."], "question": "How do I get to work?"},
]
DEV_GREETINGS = [
    "Hello! I'm Tom, I live in Leeds and I'm a teacher.",
    "Hey there, my name is Priya. I moved to Berlin last year and I love hiking.",
    "Hi! I'm Marco, I'm 34 and I can't eat gluten.",
    "Good morning, I'm Sofia from Lisbon. I have two dogs.",
    "Hi, my name is Ken. I work nights and I'm trying to sleep better.",
    "Hello, I'm Aisha. I'm vegan and I live in Cairo.",
]

# -- test: combined from separate pools ------------------------------------------------------------
NAMES = ["Ana", "Jonas", "Mei", "Olu", "Clara", "Diego", "Ingrid", "Ravi", "Yuki", "Fatima", "Pieter", "Lucia"]
PLACES = ["Braga", "Gdansk", "Osaka", "Nairobi", "Quito", "Tromsø", "Valencia", "Adelaide", "Ghent", "Tbilisi"]
CONDITIONS = ["allergic to shellfish", "allergic to peanuts", "lactose intolerant", "diabetic", "a night-shift baker",
              "a retired engineer", "training for a marathon", "expecting a baby in May"]
GREETING_FORMS = [
    "Hi, I'm {name}. I live in {place} and I'm {condition}.",
    "hey! {name} here, from {place}. fyi I'm {condition}",
    "Good evening. My name is {name}; I'm based in {place} and I'm {condition}.",
    "Hiya, call me {name}. Living in {place} these days, and I'm {condition}.",
]
FACT_QUESTIONS = [
    ("My brother {name} is a chef in {place}.", "What does my brother do?"),
    ("I moved to {place} three weeks ago.", "remind me where I live now?"),
    ("I'm {condition}.", "Plan my meals for tomorrow please"),
    ("My daughter {name} starts school in September.", "when does my daughter start school"),
    ("I stopped drinking coffee; now I only drink rooibos.", "What do I drink these days?"),
    ("My best friend {name} lives in {place}.", "Who could I visit in {place}?"),
    ("I play the cello in an orchestra on Tuesdays.", "What am I doing on Tuesday evening?"),
    ("My car is a blue 2009 Toyota.", "What colour is my car?"),
]
DISTRACTORS = ["I like rainy weekends.", "I'm reading a book about bees.", "I have a small balcony garden.",
               "I don't like loud music.", "I'm learning Portuguese."]


def build_test(seed: int = 15) -> tuple[list[dict], list[str]]:
    rng = random.Random(seed)
    memory = []
    for fact, question in FACT_QUESTIONS + rng.sample(FACT_QUESTIONS, 4):
        values = {"name": rng.choice(NAMES), "place": rng.choice(PLACES), "condition": rng.choice(CONDITIONS)}
        facts = [rng.choice(DISTRACTORS), fact.format(**values)]
        rng.shuffle(facts)
        memory.append({"facts": facts, "question": question.format(**values)})
    greetings = ["Hi, I'm Ana. I live in Braga and I'm allergic to shellfish."]   # the example
    while len(greetings) < 10:
        form = rng.choice(GREETING_FORMS)
        text = form.format(name=rng.choice(NAMES), place=rng.choice(PLACES), condition=rng.choice(CONDITIONS))
        if text not in greetings:
            greetings.append(text)
    return memory, greetings


def main() -> None:
    memory, greetings = build_test()
    data = {"dev": {"memory": DEV_MEMORY, "greetings": DEV_GREETINGS},
            "test": {"memory": memory, "greetings": greetings}}
    OUT.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: dev {len(DEV_MEMORY)}+{len(DEV_GREETINGS)}, test {len(memory)}+{len(greetings)}")


if __name__ == "__main__":
    main()
