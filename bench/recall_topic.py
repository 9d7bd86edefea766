"""The third question condition of the recall benchmark: **topic** questions, by template families.

Written in one pass before any run of this condition, and not edited after looking at search outputs.
Different in method from both other conditions: no per-event question text (paraphrase) and no words
drawn from the evidence turn (lexical). Each family is one fixed sentence per kind that names the people
and the event's everyday topic ("the move", "the pottery class", "the race"), the way someone who lived
through the chat refers to it, and asks across sessions:

* **multi-hop across two sessions**: what changed between the first mention and the follow-up sessions
  later (evidence: the telling and the follow-up);
* **temporal, relative**: how long before one of the person's events another one came (evidence: both
  tellings, in different sessions), and in which month the other person heard about it;
* **single-hop**: what the other person asked or was told about it (evidence: the turn(s) that say it);
* **inference**: whether the person would recommend or keep doing it (evidence: telling and follow-up);
* **unanswerable**: the same inference and month frames about a topic that person never brought up.

Split by conversation like the others: conversations 0-5 dev, 6-11 test.
"""
from __future__ import annotations

import random

from bench import recall_pools as pools
from bench.recall_corpus import Conversation, EventInstance, Question

TOPIC_QUOTAS = {"single-hop": 8, "temporal": 8, "multi-hop": 6, "inference": 6, "unanswerable": 6}

FAMILIES = {
    "single-hop": ["What did {other} want to know about {name}'s {topic}?",
                   "What did {name} tell {other} about the {topic}?"],
    "temporal": ["How long before the {topic2} did {name} bring up the {topic}?",
                 "In which month did {other} hear about {name}'s {topic}?"],
    "multi-hop": ["{name} talked about the {topic} more than once - how did it go from the first time to later?"],
    "inference": ["Would {name} recommend the {topic} to a friend?",
                  "Is {name} likely to keep going with the {topic}?"],
    "unanswerable": ["Would {name} recommend the {topic} to a friend?",
                     "In which month did {other} hear about {name}'s {topic}?"],
}


def _topic(instance: EventInstance) -> str:
    return instance.fill(instance.event["topic"])


def topic_questions(conversation: Conversation, split: str, seed: int = 13) -> list[Question]:
    rng = random.Random(seed * 65537 + conversation.index)
    out: list[Question] = []

    def add(kind: str, frame: str, evidence: list[str], **values: str) -> None:
        out.append(Question(f"{conversation.thread}-t{len(out):03d}", split, kind, frame.format(**values),
                            list(dict.fromkeys(evidence)), conversation.index, "topic"))

    events = list(conversation.events)
    for instance in rng.sample(events, TOPIC_QUOTAS["single-hop"]):
        add("single-hop", rng.choice(FAMILIES["single-hop"]), instance.content_ids,
            name=instance.owner, other=instance.other, topic=_topic(instance))
    for _ in range(TOPIC_QUOTAS["temporal"]):
        frame = rng.choice(FAMILIES["temporal"])
        if "topic2" in frame:
            owner = rng.choice(conversation.speakers)
            mine = [e for e in events if e.owner == owner]
            first, second = sorted(rng.sample(mine, 2), key=lambda e: e.session)
            if first.session == second.session or _topic(first) == _topic(second):
                continue
            add("temporal", frame, first.content_ids + first.time_ids + second.content_ids + second.time_ids,
                name=owner, other=first.other, topic=_topic(first), topic2=_topic(second))
        else:
            instance = rng.choice(events)
            add("temporal", frame, instance.content_ids + instance.time_ids, name=instance.owner,
                other=instance.other, topic=_topic(instance))
    followed = [e for e in events if e.later_ids]
    for instance in rng.sample(followed, min(TOPIC_QUOTAS["multi-hop"], len(followed))):
        add("multi-hop", FAMILIES["multi-hop"][0], instance.content_ids + instance.later_ids, name=instance.owner,
            other=instance.other, topic=_topic(instance))
    for instance in rng.sample(events, TOPIC_QUOTAS["inference"]):
        add("inference", rng.choice(FAMILIES["inference"]), instance.content_ids + instance.later_ids,
            name=instance.owner, other=instance.other, topic=_topic(instance))
    missing = []
    for owner, other in (conversation.speakers, conversation.speakers[::-1]):
        owned = {e.event["key"] for e in events if e.owner == owner}
        owned_topics = {_topic(e) for e in events if e.owner == owner}
        missing += [(owner, other, event) for event in pools.EVENTS
                    if event["key"] not in owned and event["topic"] not in owned_topics and "{" not in event["topic"]]
    for owner, other, event in rng.sample(missing, TOPIC_QUOTAS["unanswerable"]):
        add("unanswerable", rng.choice(FAMILIES["unanswerable"]), [], name=owner, other=other, topic=event["topic"])
    return out
