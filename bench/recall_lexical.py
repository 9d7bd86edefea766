"""The second question condition of the recall benchmark: questions written while reading the conversation.

People who write questions with the conversation open in front of them reuse some of its words:
names, the thing that happened ("When did Maya go to the pottery class?"). The paraphrase condition
(bench/recall_corpus.py) avoids exactly that, which makes it hostile to BM25; this one mimics the
other habit, by a different method than the paraphrase pools: no per-event question text at all.
Each question takes a few content words **drawn from the evidence turn itself** (seeded sampling,
kept in the turn's order, never the time phrase) and puts them in a generic frame per question kind.
Unanswerable questions draw their words from how an event the person never had would be told (so
they share words with other people's turns, as real unanswerable questions do).

Frames and the word-drawing rule were written before any run and are not edited after looking at
search outputs. The split is the same as the paraphrase condition's: conversations 0-5 dev, 6-11 test.
"""
from __future__ import annotations

import random
import re

from bench import recall_pools as pools
from bench.recall_corpus import Conversation, EventInstance, Question, _slots

#: Questions per kind per conversation (the paraphrase condition's quotas, a little smaller).
LEXICAL_QUOTAS = {"single-hop": 14, "temporal": 12, "multi-hop": 8, "inference": 10, "unanswerable": 10}

#: Words that never make a question: function words, time phrases, chat filler.
_SKIP = frozenset("""
a about after again all also am an and any are as at back be been but by can did do for from get got had has have
he her here him his how i i'm i've if in into is it it's just last like lol me my next no not now of on one or our
out over she so still such than that the their them then there they this those to too up us very was we were what
when which who will with would yes you your ago yesterday today tonight morning weekend week weeks month months
year years days day few two monday tuesday wednesday thursday friday saturday sunday haha honestly actually
finally already guess big news totally so much really didn't don't can't could doing each ours been being
should because going
""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'+-]*")

FRAMES = {
    "single-hop": ["What did {name} say about the {w}?", "What happened with {name}'s {w}?",
                   "{name} mentioned {w} - what was that about?", "What did {name} tell {other} about {w}?"],
    "temporal": ["When did {name} talk about the {w}?", "When was it that {name} {w}?",
                 "What date was {name}'s {w}?"],
    "multi-hop": ["What did {name} say about {w}, and what happened later with {w2}?",
                  "How did {name}'s {w} turn out ({w2})?"],
    "inference": ["Given {name}'s {w}, what might they enjoy?", "Based on the {w}, what kind of person is {name}?"],
    "unanswerable": ["When did {name} talk about the {w}?", "What did {name} say about {w}?"],
}


def reused_words(text: str, rng: random.Random, count: int) -> str:
    """``count`` content words drawn from ``text`` (longer words more likely), in the order they appear."""
    found = [w.strip("'-") for w in _WORD.findall(text.replace("[shares a photo of", ""))]
    found = [w for w in dict.fromkeys(found) if len(w) >= 3 and w.lower() not in _SKIP]
    if not found:
        return ""
    weights = [len(w) for w in found]
    chosen: set[str] = set()
    while len(chosen) < min(count, len(found)):
        chosen.add(rng.choices(found, weights=weights)[0])
    return " ".join(w for w in found if w in chosen)


def _text(conversation: Conversation, external_id: str) -> str:
    return next(t.text for t in conversation.turns if t.external_id == external_id)


def lexical_questions(conversation: Conversation, split: str, seed: int = 13) -> list[Question]:
    rng = random.Random(seed * 104729 + conversation.index)
    out: list[Question] = []

    def add(kind: str, frame: str, evidence: list[str], **values: str) -> None:
        if not values.get("w"):
            return
        query = frame.format(**values)
        out.append(Question(f"{conversation.thread}-l{len(out):03d}", split, kind, query,
                            list(dict.fromkeys(evidence)), conversation.index, "lexical"))

    def base(instance: EventInstance) -> dict[str, str]:
        return {"name": instance.owner, "other": instance.other}

    events = list(conversation.events)
    for instance in rng.sample(events, LEXICAL_QUOTAS["single-hop"]):
        words = reused_words(_text(conversation, instance.content_ids[0]), rng, rng.randint(1, 3))
        add("single-hop", rng.choice(FRAMES["single-hop"]), instance.content_ids, w=words, **base(instance))
    for instance in rng.sample(events, LEXICAL_QUOTAS["temporal"]):
        words = reused_words(_text(conversation, instance.content_ids[0]), rng, rng.randint(2, 3))
        add("temporal", rng.choice(FRAMES["temporal"]), instance.content_ids + instance.time_ids, w=words,
            **base(instance))
    followed = [e for e in events if e.later_ids]
    for instance in rng.sample(followed, min(LEXICAL_QUOTAS["multi-hop"], len(followed))):
        first = reused_words(_text(conversation, instance.content_ids[0]), rng, 2)
        later = reused_words(_text(conversation, instance.later_ids[0]), rng, 2)
        add("multi-hop", rng.choice(FRAMES["multi-hop"]), instance.content_ids + instance.later_ids, w=first,
            w2=later, **base(instance))
    for instance in rng.sample(events, LEXICAL_QUOTAS["inference"]):
        words = reused_words(_text(conversation, instance.content_ids[0]), rng, rng.randint(1, 2))
        add("inference", rng.choice(FRAMES["inference"]), instance.content_ids + instance.later_ids, w=words,
            **base(instance))
    missing = []
    for owner, other in (conversation.speakers, conversation.speakers[::-1]):
        owned = {e.event["key"] for e in events if e.owner == owner}
        missing += [(owner, other, event) for event in pools.EVENTS if event["key"] not in owned]
    for owner, other, event in rng.sample(missing, LEXICAL_QUOTAS["unanswerable"]):
        told = rng.choice(event["say"]).replace("{when}", "").format(**_slots(rng))
        add("unanswerable", rng.choice(FRAMES["unanswerable"]), [], w=reused_words(told, rng, rng.randint(1, 3)),
            name=owner, other=other)
    return out
