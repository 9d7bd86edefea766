"""The fourth question condition of the recall benchmark: **annotator** questions.

People who write evaluation questions with the chat open in front of them do something in between the
other conditions: they name the person ("When did Maya ..."), reuse one or two of the turn's words -- often
bent a little ("adopted" -> "adopt", "lopsided bowl" -> "bowl") -- and fill the rest with their own words:
the event's everyday name, a paraphrase of what happened, question frames ("What did ... tell ... about",
"Who ...", "Why ..."), and "when did ..." questions whose answer is the session date. Some ask across two
turns (what happened first and how it went later, or two things one person did).

Method, different from the other three conditions:

* per question, words come from **three sources mixed**: 0-2 words drawn from the evidence turn (bent by a
  seeded inflection change half of the time), the event's everyday topic name, and a paraphrase gloss of the
  event; the frame decides which sources it uses;
* **dev and test use different frame pools**, written separately below before any system ran on this
  condition, and different glosses (dev: ``gloss``, test: ``tgloss`` from bench/recall_pools.py);
* question kinds map onto the benchmark's: who/what/why -> single-hop, when -> temporal (evidence: the
  telling and the turn that says when), across two turns -> multi-hop, would-they -> inference,
  the same frames about an event the person never had -> unanswerable.

Frames and the word-drawing rule were written and committed before any system ran on this condition; the
test frames are not edited after (bench/results/recall.md reports both splits). Split by conversation like
the others: conversations 0-5 dev, 6-11 test.
"""
from __future__ import annotations

import random

from bench import recall_pools as pools
from bench.recall_corpus import Conversation, EventInstance, Question, _slots
from bench.recall_lexical import reused_words

ANNOTATOR_QUOTAS = {"single-hop": 14, "temporal": 12, "multi-hop": 8, "inference": 8, "unanswerable": 10}

#: Frame slots: {name} the event's owner, {other} the other speaker, {w} words from the evidence turn,
#: {w2} words from the second evidence turn, {topic} the event's everyday name, {gloss} a paraphrase of it.
DEV_FRAMES = {
    "single-hop": ["What did {name} say about the {w}?", "Who {gloss} and mentioned the {w}?",
                   "Why did {name} bring up the {w}?", "What did {name} tell {other} about the {topic}?",
                   "Who talked about {w}?", "What was {name}'s {topic} news, something about {w}?",
                   "What did {other} ask {name} about {w}?"],
    "temporal": ["{name} {gloss} - when was that?", "When did {name} mention the {w}?",
                 "When did {name}'s {topic} happen?", "When was {name}'s {topic} with the {w}?",
                 "What day did {name} talk about {w}?"],
    "multi-hop": ["What happened after {name} {gloss}? Something about {w2}?",
                  "How did {name}'s {topic} go later on, after the {w}?",
                  "{name} mentioned {w} and later {w2} - what was the update?"],
    "inference": ["Would {name} enjoy something related to {w}?", "Given that {name} {gloss}, what would be a good gift?",
                  "Is {name} the kind of person who enjoys things like the {topic}?"],
}
TEST_FRAMES = {
    "single-hop": ["What did {name} share regarding {w}?", "Which person {gloss}, the one with {w}?",
                   "What was the reason {name} talked about {w}?", "What did {name} let {other} know about their {topic}?",
                   "Who brought up the {w} in the chat?", "Tell me what {name} said on the {topic} and {w}.",
                   "What did {name} get asked about {w}?"],
    "temporal": ["When was it that {name} {gloss}?", "On which date did {name} bring up {w}?",
                 "When did the {topic} thing happen for {name}?", "What date was {name}'s {topic} ({w})?",
                 "Around when did {name} talk about their {w}?"],
    "multi-hop": ["After {name} {gloss}, what came of it ({w2})?",
                  "How did the {topic} turn out for {name} in the end, {w} then {w2}?",
                  "What did {name} first say about {w} and what did they add later about {w2}?"],
    "inference": ["Would {name} like a present connected to {w}?", "Since {name} {gloss}, what might they be into?",
                  "Does {name} seem to be into things like the {topic}?"],
}
#: Unanswerable: the single-hop and temporal frames, about an event the person never had.
UNANSWERABLE_KINDS = ("single-hop", "temporal")


#: Words an annotator would not pick as the clue of a turn (generic verbs, adverbs, chat words).
_PLAIN = frozenset("""
tried yet even come came help made make makes spent take took went gone got get gets back first new said says say
believe happen happened think know want need ever almost thing things little lot best good great love loved much
more bit end ended start started keep kept put let went feel felt look looked mean means sure maybe probably
everywhere anyway whole best better worst last nice cool wow omg finally guess news thrilled
""".split())


def _bend(word: str, rng: random.Random) -> str:
    """How people re-type a word they read: half of the time without its ending ("adopted" -> "adopt")."""
    if rng.random() < 0.5 or len(word) < 6 or word[:1].isupper():
        return word
    lower = word.lower()
    for suffix, other in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("s", "")):
        if lower.endswith(suffix) and not lower.endswith("ss"):
            stem = lower[: -len(suffix)] + other
            if suffix in ("ing", "ed") and stem[-1:] in "vzcgsu":
                stem += "e"  # loved -> love, raced -> race
            elif suffix in ("ing", "ed") and len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "ls":
                stem = stem[:-1]  # planned -> plan
            return stem
    return lower


def drawn_words(text: str, rng: random.Random, count: int) -> str:
    """``count`` words from the turn (lexical.reused_words' rule, minus plain words), each bent half of the time."""
    plain = " ".join(w for w in text.split() if w.strip(".,!?:;()[]'\"").lower() not in _PLAIN)
    return " ".join(_bend(w, rng) for w in reused_words(plain, rng, count).split())


def _text(conversation: Conversation, external_id: str) -> str:
    return next(t.text for t in conversation.turns if t.external_id == external_id)


def _topic(instance: EventInstance) -> str:
    return instance.fill(instance.event["topic"])


def annotator_questions(conversation: Conversation, split: str, seed: int = 13) -> list[Question]:
    rng = random.Random(seed * 15485863 + conversation.index)
    frames = DEV_FRAMES if split == "dev" else TEST_FRAMES
    gloss_key = "gloss" if split == "dev" else "tgloss"
    out: list[Question] = []

    def add(kind: str, frame: str, evidence: list[str], values: dict[str, str]) -> None:
        if "{w}" in frame and not values.get("w") or "{w2}" in frame and not values.get("w2"):
            return
        query = frame.format(**values)
        out.append(Question(f"{conversation.thread}-a{len(out):03d}", split, kind, query[:1].upper() + query[1:],
                            list(dict.fromkeys(evidence)), conversation.index, "annotator"))

    def values(instance: EventInstance, count: int, second: str = "") -> dict[str, str]:
        return {"name": instance.owner, "other": instance.other, "topic": _topic(instance),
                "gloss": instance.event[gloss_key],
                "w": drawn_words(_text(conversation, instance.content_ids[0]), rng, count),
                "w2": drawn_words(second, rng, rng.randint(1, 2)) if second else ""}

    events = list(conversation.events)
    for instance in rng.sample(events, ANNOTATOR_QUOTAS["single-hop"]):
        add("single-hop", rng.choice(frames["single-hop"]), instance.content_ids, values(instance, rng.randint(1, 2)))
    for instance in rng.sample(events, ANNOTATOR_QUOTAS["temporal"]):
        add("temporal", rng.choice(frames["temporal"]), instance.content_ids + instance.time_ids,
            values(instance, rng.randint(1, 2)))
    followed = [e for e in events if e.later_ids]
    for instance in rng.sample(followed, min(ANNOTATOR_QUOTAS["multi-hop"], len(followed))):
        add("multi-hop", rng.choice(frames["multi-hop"]), instance.content_ids + instance.later_ids,
            values(instance, rng.randint(1, 2), _text(conversation, instance.later_ids[0])))
    for instance in rng.sample(events, ANNOTATOR_QUOTAS["inference"]):
        add("inference", rng.choice(frames["inference"]), instance.content_ids + instance.later_ids,
            values(instance, rng.randint(1, 2)))
    missing = []
    for owner, other in (conversation.speakers, conversation.speakers[::-1]):
        owned = {e.event["key"] for e in events if e.owner == owner}
        missing += [(owner, other, event) for event in pools.EVENTS if event["key"] not in owned]
    for owner, other, event in rng.sample(missing, ANNOTATOR_QUOTAS["unanswerable"]):
        slots = _slots(rng)
        told = rng.choice(event["say"]).replace("{when}", "").format(**slots)
        frame = rng.choice(frames[rng.choice(UNANSWERABLE_KINDS)])
        add("unanswerable", frame, [], {"name": owner, "other": other, "topic": event["topic"].format(**slots),
                                        "gloss": event[gloss_key], "w": drawn_words(told, rng, rng.randint(1, 2)),
                                        "w2": ""})
    return out
