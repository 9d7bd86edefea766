"""Which memories an assistant answer was generated with: written with the answer, read under it.

The chat assembler reports the items it put in front of the model (the memory
block's reflections, observations and facts, and the items recall added for
the turn); the assistant stores them here in the same transaction as the
answer. Rows hold ids only. Forgetting asks the reverse question ("which
answers were generated with these memories?") so it can offer to remove them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from memory_core.storage.sql import chunks, marks

#: item kind -> (link column, source table, time column)
ITEM_COLUMNS = {
    "observation": ("observation_id", "observations", "observed_at"),
    "reflection": ("reflection_id", "reflections", "observed_at"),
    "fact": ("fact_id", "facts", "created_at"),
    "message": ("message_id", "messages", "created_at"),
}
VIA = ("block", "recalled")


@dataclass(frozen=True)
class MemoryUse:
    """One item that was in front of the model for an answer."""

    kind: str                      # observation | reflection | fact | message
    id: int
    via: str = "block"             # block (the memory block) | recalled (added by recall for this turn)


@dataclass(frozen=True)
class UsedMemory:
    """A used item as the UI lists it: what it is, when it is from, and its text as stored now."""

    kind: str
    id: int
    via: str
    at: str
    text: str

    @property
    def ref(self) -> str:
        return f"{self.kind}:{self.id}"


def record_answer_memories(store, answer_id: int, uses: Iterable[MemoryUse]) -> int:
    """Link ``answer_id`` to each used item (caller's transaction); returns the number of rows written.

    An item that was forgotten between prompt and answer is skipped (it has no row to point at).
    """
    written, seen = 0, set()
    for use in uses:
        if use.kind not in ITEM_COLUMNS or use.via not in VIA or (use.kind, use.id) in seen:
            continue
        seen.add((use.kind, use.id))
        column, table, _ = ITEM_COLUMNS[use.kind]
        cursor = store.execute(
            f"INSERT INTO answer_memories (answer_id, via, {column}) "
            f"SELECT ?, ?, id FROM {table} WHERE id = ?", [answer_id, use.via, int(use.id)])
        written += max(cursor.rowcount, 0)
    return written


def memories_for_answer(store, answer_id: int) -> list[UsedMemory]:
    """The read model under an answer: its used items, memory block first, each group oldest first."""
    found: list[UsedMemory] = []
    for kind, (column, table, when) in ITEM_COLUMNS.items():
        rows = store.execute(
            f"SELECT am.via, t.id, t.{when}, t.text FROM answer_memories am JOIN {table} t ON t.id = am.{column} "
            "WHERE am.answer_id = ?", [answer_id]).fetchall()
        found += [UsedMemory(kind, row[1], row[0], row[2], row[3]) for row in rows]
    return sorted(found, key=lambda m: (VIA.index(m.via), m.at, m.kind, m.id))


def memory_counts(store, answer_ids: Iterable[int]) -> dict[int, int]:
    """Answer id -> how many memories it used (one query for a whole chat view)."""
    counts: dict[int, int] = {}
    for chunk in chunks(int(i) for i in answer_ids):
        rows = store.execute(f"SELECT answer_id, count(*) FROM answer_memories WHERE answer_id IN "
                             f"({marks(len(chunk))}) GROUP BY answer_id", chunk).fetchall()
        counts.update({row[0]: row[1] for row in rows})
    return counts


def answers_using(store, items: Mapping[str, Iterable[int]]) -> set[int]:
    """Ids of the answers generated with any of ``items`` (kind -> ids)."""
    answers: set[int] = set()
    for kind, ids in items.items():
        if kind not in ITEM_COLUMNS:
            continue
        column = ITEM_COLUMNS[kind][0]
        for chunk in chunks(int(i) for i in ids):
            rows = store.execute(f"SELECT DISTINCT answer_id FROM answer_memories WHERE {column} IN "
                                 f"({marks(len(chunk))})", chunk).fetchall()
            answers |= {row[0] for row in rows}
    return answers
