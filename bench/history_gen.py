"""A seeded generator of month-long, multi-chat histories with their ground truth.

Used by ``bench/bench_retention.py`` (what the next chat's memory keeps) and
reusable by any benchmark that needs a realistic month of use::

    from bench.history_gen import generate_history
    history = generate_history(seed=3, split="test")
    history.write_jsonl("month.jsonl")      # for `mneme memory import month.jsonl`
    history.facts                           # ground truth: kind, current value, old values, when changed
    history.messages                        # thread, role, text, at (aware UTC datetimes)

One run: >= 30 days, 12 chats, >= 300 messages; 30 personal facts of nine kinds
(family, health, work, home, possessions, routines, plans, preferences, tools),
10 of which change later (direct, indirect, correction, relocation or
cancellation), some restated in other words; around them small talk, general
questions (some asked again), requests for writing, and code and log pastes;
assistant replies in between.

Phrasings come from ``bench/history_pools.py``, split dev / test before any
tuning (see there). The same seed and split always give the same history.
"""
from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.history_pools import ACKS, ANSWERS, PASTES, POOLS, SLOTS

SPLITS = ("dev", "dev_terse", "test")    # dev_terse: a second dev voice (round 2), tuning only
KINDS = ("family", "health", "work", "home", "possessions", "routines", "plans", "preferences", "tools")
CHATS = 12
DAYS = 32
CHANGED_FACTS = 10
RESTATED_FACTS = 6
TURNS_PER_CHAT = 13
FIRST_DAY = datetime(2026, 3, 2, tzinfo=timezone.utc)


@dataclass(frozen=True)
class HistoryMessage:
    thread: str
    role: str
    text: str
    at: datetime
    slot: str | None = None      # ground truth: the fact slot a user message states or changes (not exported)

    def as_json(self) -> dict:
        """The ``mneme memory import`` JSONL record."""
        return {"thread": self.thread, "role": self.role, "text": self.text,
                "at": self.at.isoformat().replace("+00:00", "Z")}


@dataclass
class FactTruth:
    """What is true at the end of the history for one slot, and what used to be."""

    slot: str
    kind: str
    current: str                      # the value a memory should hold now
    old_values: list[str] = field(default_factory=list)
    change: str | None = None         # direct | indirect | correction | relocation | cancellation
    changed_at: datetime | None = None
    stated_at: datetime | None = None
    cancelled: bool = False           # the plan or habit named by ``current`` has stopped

    @property
    def changed(self) -> bool:
        return self.change is not None


@dataclass
class History:
    seed: int
    split: str
    messages: list[HistoryMessage]
    facts: list[FactTruth]

    @property
    def threads(self) -> list[str]:
        return sorted({m.thread for m in self.messages})

    @property
    def end(self) -> datetime:
        return max(m.at for m in self.messages)

    def jsonl_lines(self) -> list[str]:
        return [json.dumps(m.as_json(), ensure_ascii=False) for m in self.messages]

    def write_jsonl(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text("\n".join(self.jsonl_lines()) + "\n", encoding="utf-8")
        return path

    def truth_json(self) -> list[dict]:
        out = []
        for fact in self.facts:
            data = asdict(fact)
            data["changed_at"] = fact.changed_at.isoformat() if fact.changed_at else None
            data["stated_at"] = fact.stated_at.isoformat() if fact.stated_at else None
            out.append(data)
        return out


@dataclass
class _Turn:
    text: str
    reply: str
    fact: tuple[str, str] | None = None     # (slot, "state" | "change" | "restate")


def _other(rng: random.Random, values: list[str], *taken: str) -> str:
    return rng.choice([v for v in values if v not in taken])


def generate_history(seed: int, split: str = "dev") -> History:
    """A month of chats for ``seed`` drawn from the ``split`` phrasing pools ("dev" or "test")."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    rng = random.Random(f"mneme-history-{seed}-{split}")
    pools = POOLS[split]
    values = {slot: rng.choice(spec[1]) for slot, spec in SLOTS.items()}
    changeable = [slot for slot, spec in SLOTS.items() if spec[2]]
    changed = set(rng.sample(changeable, CHANGED_FACTS))
    restated = set(rng.sample([s for s in SLOTS if s not in changed], RESTATED_FACTS))

    # When each chat happens: spread over the month, in order.
    starts = [0] + sorted(rng.sample(range(1, DAYS - 1), CHATS - 2)) + [DAYS - 1]
    chat_days = [FIRST_DAY + timedelta(days=d, hours=rng.randint(7, 20), minutes=rng.randint(0, 59))
                 for d in starts]

    per_chat: list[list[_Turn]] = [[] for _ in range(CHATS)]
    facts: dict[str, FactTruth] = {}
    for slot in SLOTS:
        kind, pool, kinds = SLOTS[slot]
        first = rng.randint(0, 6) if slot in changed else rng.randint(0, 9)
        text = rng.choice(pools["state"][slot]).format(v=values[slot])
        per_chat[first].append(_Turn(text, rng.choice(ACKS), (slot, "state")))
        truth = FactTruth(slot, kind, values[slot])
        facts[slot] = truth
        if slot in changed:
            change = rng.choice(kinds)
            later = rng.randint(first + 2, CHATS - 1)
            if change == "cancellation":
                new = values[slot]
                truth.cancelled = True
            else:
                new = _other(rng, pool, values[slot])
                truth.current = new
                truth.old_values = [values[slot]]
            truth.change = change
            text = pools["change"][change][slot].format(old=values[slot], new=new)
            per_chat[later].append(_Turn(text, rng.choice(ACKS), (slot, "change")))
        if slot in restated:
            again = rng.randint(first + 1, CHATS - 1) if first < CHATS - 1 else first
            options = [t for t in pools["state"][slot] if t.format(v=values[slot]) != text] or pools["state"][slot]
            per_chat[again].append(_Turn(rng.choice(options).format(v=values[slot]), rng.choice(ACKS),
                                         (slot, "restate")))

    filler = pools["filler"]
    for turns in per_chat:
        while len(turns) < TURNS_PER_CHAT:
            roll = rng.random()
            if roll < 0.35:
                turns.append(_Turn(rng.choice(filler["small_talk"]), rng.choice(ACKS)))
            elif roll < 0.6:
                turns.append(_Turn(rng.choice(filler["question"]), rng.choice(ANSWERS[:2])))
            elif roll < 0.72:
                turns.append(_Turn(rng.choice(filler["repeat_question"]), rng.choice(ANSWERS[:2])))
            elif roll < 0.88:
                turns.append(_Turn(rng.choice(filler["request"]), rng.choice(ANSWERS[2:])))
            else:
                turns.append(_Turn(rng.choice(PASTES), ANSWERS[0]))
        rng.shuffle(turns)   # a change or restatement is always in a later chat than its first statement

    messages: list[HistoryMessage] = []
    for index, (turns, start) in enumerate(zip(per_chat, chat_days)):
        thread = f"chat-{index + 1:02d}"
        moment = start
        for turn in turns:
            messages.append(HistoryMessage(thread, "user", turn.text, moment, turn.fact[0] if turn.fact else None))
            if turn.fact is not None:
                slot, what = turn.fact
                if what == "state":
                    facts[slot].stated_at = moment
                elif what == "change":
                    facts[slot].changed_at = moment
            moment += timedelta(seconds=rng.randint(20, 90))
            messages.append(HistoryMessage(thread, "assistant", turn.reply, moment))
            moment += timedelta(minutes=rng.randint(1, 7))
    return History(seed, split, messages, list(facts.values()))


def main() -> None:
    """``python -m bench.history_gen SEED SPLIT OUT.jsonl``: write one history and its truth beside it."""
    import sys

    seed, split, out = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    history = generate_history(seed, split)
    history.write_jsonl(out)
    out.with_suffix(".truth.json").write_text(json.dumps(history.truth_json(), indent=1), encoding="utf-8")
    print(f"{len(history.messages)} messages in {len(history.threads)} chats, {len(history.facts)} facts "
          f"({sum(f.changed for f in history.facts)} changed) -> {out}")


if __name__ == "__main__":
    main()
