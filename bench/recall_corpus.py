"""Generated multi-session conversations and questions for the recall benchmark (deterministic by seed).

Twelve two-person conversations, 22 sessions each (every 5-11 days, so about six
months), ~420 turns each: small talk, reactions, life events told in the first
person with a relative time ("last Tuesday"), photos shared as captions, events
that come out only as a question and a short reply ("Did you get the car?" /
"Yes! Last Friday."), and follow-ups sessions later.

The split is fixed before any tuning: conversations 0-5 are **dev** and get
questions from the template method (``DEV_FORMS`` + each event's ``gloss``,
``dq``, ``di``); conversations 6-11 are **test** and get questions from the
hand-written method (``TEST_FORMS`` + each event's ``tgloss``, ``tq``, ``ti``).
Question kinds: single-hop, multi-hop, temporal, inference, unanswerable.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from bench import recall_pools as pools

CONVERSATIONS = 12
DEV_CONVERSATIONS = range(0, 6)
SESSIONS = 22
TURNS_PER_SESSION = 19
EVENTS_PER_SPEAKER = 10
KINDS = ("single-hop", "multi-hop", "temporal", "inference", "unanswerable")
QUOTAS = {"single-hop": 18, "temporal": 16, "multi-hop": 10, "inference": 16, "unanswerable": 14}


@dataclass
class Turn:
    external_id: str
    speaker: str
    text: str
    at: datetime


@dataclass
class EventInstance:
    event: dict
    owner: str
    other: str
    slots: dict[str, str]
    mode: str  # "say" or "ask"
    session: int
    content_ids: list[str] = field(default_factory=list)  # the turns that say what happened
    time_ids: list[str] = field(default_factory=list)  # the turns that say when
    later_ids: list[str] = field(default_factory=list)

    def fill(self, text: str) -> str:
        return text.format(**self.slots)


@dataclass
class Question:
    id: str
    split: str
    kind: str
    query: str
    evidence: list[str]
    conversation: int
    #: "paraphrase" (this module), "lexical" (bench/recall_lexical.py: words reused from the evidence) or "topic"
    #: (bench/recall_topic.py: template families naming the event's everyday topic) or "annotator"
    #: (bench/recall_annotator.py: names, a few bent evidence words and the asker's own words mixed).
    condition: str = "paraphrase"


@dataclass
class Conversation:
    index: int
    speakers: tuple[str, str]
    turns: list[Turn]
    events: list[EventInstance]

    @property
    def thread(self) -> str:
        return f"conv-{self.index:02d}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _slots(rng: random.Random) -> dict[str, str]:
    return {name: rng.choice(options) for name, options in pools.SLOTS.items()}


def build_conversation(index: int, seed: int = 13) -> Conversation:
    rng = random.Random(seed * 1000 + index)
    a, b = pools.NAMES[2 * index % len(pools.NAMES)], pools.NAMES[(2 * index + 1) % len(pools.NAMES)]
    events: list[EventInstance] = []
    for owner, other in ((a, b), (b, a)):
        for event in rng.sample(pools.EVENTS, EVENTS_PER_SPEAKER):
            events.append(EventInstance(event, owner, other, _slots(rng), "ask" if rng.random() < 0.3 else "say",
                                        rng.randrange(0, SESSIONS - 3)))
    start = datetime(2023, rng.randint(1, 6), rng.randint(1, 28), rng.randint(9, 20), rng.randint(0, 59),
                     tzinfo=timezone.utc)
    turns: list[Turn] = []
    session_start = start
    later_plan: dict[int, list[EventInstance]] = {}
    for instance in events:
        if rng.random() < 0.6:
            later_plan.setdefault(rng.randint(instance.session + 1, SESSIONS - 1), []).append(instance)
    for session in range(SESSIONS):
        blocks: list[list[tuple[str, str, EventInstance | None, str]]] = []
        for instance in [e for e in events if e.session == session]:
            blocks.append(_disclosure(instance, rng))
        for instance in later_plan.get(session, []):
            blocks.append([(instance.owner, instance.fill(instance.event["later"]), instance, "later"),
                           (instance.other, rng.choice(pools.REACTIONS), None, "")])
        rng.shuffle(blocks)
        speaker_cycle = [a, b]
        filler = TURNS_PER_SESSION - 3 - sum(len(block) for block in blocks)
        while filler > 0:  # small talk goes between blocks, never inside one (a short reply stays after its question)
            size = min(filler, rng.randint(1, 3))
            first = rng.randrange(2)
            blocks.insert(rng.randint(0, len(blocks)), [(speaker_cycle[(first + n) % 2], rng.choice(pools.SMALL_TALK),
                                                         None, "") for n in range(size)])
            filler -= size
        lines = [(a, rng.choice(pools.SMALL_TALK[:3]), None, ""), (b, rng.choice(pools.SMALL_TALK[1:8]), None, "")]
        lines += [line for block in blocks for line in block]
        lines.append((speaker_cycle[len(lines) % 2], rng.choice(["Talk soon!", "Gotta run, bye!", "Night!",
                                                                 "Catch you later :)"]), None, ""))
        moment = session_start
        for number, (speaker, text, instance, role) in enumerate(lines):
            external = f"c{index:02d}-s{session:02d}-t{number:03d}"
            turns.append(Turn(external, speaker, text, moment))
            moment += timedelta(seconds=rng.randint(20, 120))
            if instance is not None:
                if role in ("content", "content+time"):
                    instance.content_ids.append(external)
                if role in ("time", "content+time"):
                    instance.time_ids.append(external)
                if role == "later":
                    instance.later_ids.append(external)
        session_start += timedelta(days=rng.randint(5, 11), hours=rng.randint(-3, 3), minutes=rng.randint(0, 59))
    return Conversation(index, (a, b), turns, events)


def _disclosure(instance: EventInstance, rng: random.Random) -> list[tuple[str, str, EventInstance | None, str]]:
    when = rng.choice(pools.WHEN)
    event, owner, other = instance.event, instance.owner, instance.other
    if instance.mode == "say":
        said = instance.fill(rng.choice(event["say"]).replace("{when}", when))
        block = [(owner, said, instance, "content+time"),
                 (other, rng.choice(pools.REACTIONS + pools.FOLLOWUPS), None, ""),
                 (owner, rng.choice(pools.SHORT_ANSWERS), None, "")]
    else:
        reply = rng.choice(pools.SHORT_CONFIRM).format(when=when, When=_cap(when))
        block = [(other, instance.fill(event["ask"]), instance, "content"),
                 (owner, reply, instance, "time"),
                 (other, rng.choice(pools.REACTIONS), None, "")]
    if rng.random() < 0.4:
        block.append((owner, rng.choice(["Here's a pic! ", "Look: ", ""]) + instance.fill(event["photo"]), None, ""))
    return block


# -- questions ----------------------------------------------------------------------------------
def build_questions(conversation: Conversation, seed: int = 13) -> list[Question]:
    rng = random.Random(seed * 7919 + conversation.index)
    split = "dev" if conversation.index in DEV_CONVERSATIONS else "test"
    dev = split == "dev"
    forms = pools.DEV_FORMS if dev else pools.TEST_FORMS
    out: list[Question] = []

    def add(kind: str, query: str, evidence: list[str]) -> None:
        out.append(Question(f"{conversation.thread}-q{len(out):03d}", split, kind, query, list(dict.fromkeys(evidence)),
                            conversation.index))

    said = [e for e in conversation.events if e.mode == "say"]
    for instance in rng.sample(said, min(QUOTAS["single-hop"], len(said))):
        question = instance.event["dq" if dev else "tq"].format(name=instance.owner)
        add("single-hop", question, instance.content_ids)

    temporal: list[tuple[str, list[str]]] = []
    for instance in rng.sample(conversation.events, 12):
        gloss = instance.event["gloss" if dev else "tgloss"]
        temporal.append((rng.choice(forms["temporal"]).format(name=instance.owner, gloss=gloss, tgloss=gloss,
                                                              topic=instance.fill(instance.event["topic"])),
                         instance.content_ids + instance.time_ids))
    by_month: dict[tuple[str, str], list[EventInstance]] = {}
    turn_at = {turn.external_id: turn.at for turn in conversation.turns}
    for instance in conversation.events:
        month = turn_at[instance.content_ids[0]].strftime("%B %Y")
        by_month.setdefault((instance.owner, month), []).append(instance)
    months = [(key, found) for key, found in sorted(by_month.items()) if len(found) <= 2]
    for (owner, month), found in rng.sample(months, min(2, len(months))):
        temporal.append((rng.choice(forms["temporal_month"]).format(name=owner, month_year=month),
                         [i for e in found for i in e.content_ids]))
    for owner in conversation.speakers:
        mine = sorted([e for e in conversation.events if e.owner == owner], key=lambda e: e.session)
        first, second = mine[1], mine[-2]
        key1, key2 = ("gloss", "gloss") if dev else ("tgloss", "tgloss")
        temporal.append((rng.choice(forms["temporal_after"]).format(
            name=owner, gloss1=first.event[key1], gloss2=second.event[key2], tgloss1=first.event[key1],
            tgloss2=second.event[key2]), first.content_ids + second.content_ids))
    for query, evidence in temporal[:QUOTAS["temporal"]]:
        add("temporal", query, evidence)

    multi: list[tuple[str, list[str]]] = []
    nouns = pools.CATEGORY_DEV if dev else pools.CATEGORY_TEST
    for owner in conversation.speakers:
        by_cat: dict[str, list[EventInstance]] = {}
        for instance in conversation.events:
            if instance.owner == owner:
                by_cat.setdefault(instance.event["cat"], []).append(instance)
        for cat, found in sorted(by_cat.items()):
            if len(found) >= 2:
                multi.append((rng.choice(forms["multi"]).format(name=owner, catnoun=nouns[cat]),
                              [e.content_ids[0] for e in found]))
        # a pair across categories: two things the owner did, named by their glosses
        for _ in range(3):
            pair = rng.sample([e for e in conversation.events if e.owner == owner], 2)
            gloss = "gloss" if dev else "tgloss"
            multi.append((f"{'Besides' if dev else 'Apart from the time'} {owner} {pair[0].event[gloss]}, "
                          f"{'when did they also' if dev else 'did they also'} {pair[1].event[gloss]}?",
                          pair[0].content_ids + pair[1].content_ids))
    rng.shuffle(multi)
    for query, evidence in multi[:QUOTAS["multi-hop"]]:
        add("multi-hop", query, evidence)

    for instance in rng.sample(conversation.events, QUOTAS["inference"]):
        question = instance.event["di" if dev else "ti"].format(name=instance.owner)
        add("inference", question, instance.content_ids + instance.later_ids)

    unanswerable = []
    for owner in conversation.speakers:
        owned = {e.event["key"] for e in conversation.events if e.owner == owner}
        for event in pools.EVENTS:
            if event["key"] not in owned:
                gloss = event["gloss" if dev else "tgloss"]
                unanswerable.append(rng.choice(forms["unanswerable"]).format(name=owner, gloss=gloss, tgloss=gloss))
    for query in rng.sample(unanswerable, QUOTAS["unanswerable"]):
        add("unanswerable", query, [])
    return out


def build(seed: int = 13) -> tuple[list[Conversation], list[Question]]:
    """All question conditions: the paraphrase questions, the lexical ones (bench/recall_lexical.py), the
    topic ones (bench/recall_topic.py), then the annotator ones (bench/recall_annotator.py)."""
    from bench.recall_annotator import annotator_questions
    from bench.recall_lexical import lexical_questions
    from bench.recall_topic import topic_questions

    conversations = [build_conversation(i, seed) for i in range(CONVERSATIONS)]
    questions = [q for c in conversations for q in build_questions(c, seed)]
    questions += [q for c in conversations for q in
                  lexical_questions(c, "dev" if c.index in DEV_CONVERSATIONS else "test", seed)]
    questions += [q for c in conversations for q in
                  topic_questions(c, "dev" if c.index in DEV_CONVERSATIONS else "test", seed)]
    questions += [q for c in conversations for q in
                  annotator_questions(c, "dev" if c.index in DEV_CONVERSATIONS else "test", seed)]
    return conversations, questions


def import_lines(conversations: list[Conversation]) -> list[dict]:
    """The `mneme memory import` JSONL records: one thread per conversation, speaker names kept."""
    out = []
    for conversation in conversations:
        first = conversation.speakers[0]
        for turn in conversation.turns:
            out.append({"thread": conversation.thread, "role": "user" if turn.speaker == first else "assistant",
                        "text": turn.text, "at": turn.at.isoformat().replace("+00:00", "Z"), "speaker": turn.speaker,
                        "external_id": turn.external_id})
    return out


_WORD = re.compile(r"[a-z0-9']+")


def rare_overlap_share(conversations: list[Conversation], questions: list[Question], stopwords: frozenset[str],
                       rare_df: int = 5) -> float:
    """Share of answerable questions that share a rare word (document frequency <= ``rare_df``) with an
    evidence turn: the cue that lets plain BM25 look better than it is on real questions."""
    texts = {t.external_id: t.text.lower() for c in conversations for t in c.turns}
    df: dict[str, int] = {}
    for text in texts.values():
        for word in set(_WORD.findall(text)):
            df[word] = df.get(word, 0) + 1
    answerable = [q for q in questions if q.evidence]
    shared = 0
    for question in answerable:
        words = {w for w in _WORD.findall(question.query.lower()) if w not in stopwords}
        evidence_words = {w for i in question.evidence for w in _WORD.findall(texts[i])}
        if any(df.get(w, 0) <= rare_df for w in words & evidence_words):
            shared += 1
    return shared / max(1, len(answerable))
