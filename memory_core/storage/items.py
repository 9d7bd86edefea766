"""One stored item across kinds: its text, the messages it came from, and what a chat gave to memory.

These read the provenance links (``observation_messages``, ``reflection_observations``,
``fact_messages``) the schema keeps for every memory, so the timeline can show a
memory's sources and a chat's deletion can say what it would take with it.
"""
from __future__ import annotations

from dataclasses import dataclass

from memory_core.errors import InvalidInput
from memory_core.storage.sql import KIND_TABLES
from memory_core.storage.store import Message, Store

_SOURCE_SQL = {
    "message": "SELECT id FROM messages WHERE id = ?",
    "observation": "SELECT message_id FROM observation_messages WHERE observation_id = ?",
    "reflection": "SELECT DISTINCT om.message_id FROM reflection_observations ro JOIN observation_messages om "
                  "ON om.observation_id = ro.observation_id WHERE ro.reflection_id = ?",
    "fact": "SELECT message_id FROM fact_messages WHERE fact_id = ?",
}


def item_text(store: Store, kind: str, item_id: int) -> str:
    """The text of one message, observation, reflection or fact."""
    if kind not in KIND_TABLES:
        raise InvalidInput(f"unknown memory kind {kind!r}")
    row = store.execute(f"SELECT text FROM {KIND_TABLES[kind]} WHERE id = ?", [item_id]).fetchone()
    if row is None:
        raise InvalidInput(f"that {kind} no longer exists (it may have been forgotten already)")
    return row[0]


def source_messages(store: Store, kind: str, item_id: int) -> list[Message]:
    """The messages a memory came from, oldest first (one click away in the timeline)."""
    if kind not in _SOURCE_SQL:
        raise InvalidInput(f"unknown memory kind {kind!r}")
    ids = [r[0] for r in store.execute(_SOURCE_SQL[kind], [item_id]).fetchall()]
    return store.messages_by_ids(ids)


@dataclass(frozen=True)
class ThreadMemories:
    """How many memories were drawn from one chat (asked before deleting it)."""

    observations: int
    facts: int

    @property
    def total(self) -> int:
        return self.observations + self.facts


def thread_memories(store: Store, thread_id: str) -> ThreadMemories:
    obs = store.execute(
        "SELECT count(DISTINCT om.observation_id) FROM observation_messages om "
        "JOIN messages m ON m.id = om.message_id WHERE m.thread_id = ?", [thread_id]).fetchone()[0]
    facts = store.execute(
        "SELECT count(DISTINCT fm.fact_id) FROM fact_messages fm "
        "JOIN messages m ON m.id = fm.message_id WHERE m.thread_id = ?", [thread_id]).fetchone()[0]
    return ThreadMemories(obs, facts)


@dataclass(frozen=True)
class MemoryFigures:
    """The memory page's headline numbers."""

    observations: int
    reflections: int
    facts: int
    current_facts: int
    block_tokens: int  # the observation block the model reads: live observations + latest reflections


def memory_figures(store: Store) -> MemoryFigures:
    def one(sql: str) -> int:
        return store.execute(sql).fetchone()[0] or 0

    latest = "generation_id = (SELECT max(id) FROM reflection_generations)"
    obs_tokens = one("SELECT sum(coalesce(tokens, length(text) / 4)) FROM observations WHERE reflected_in IS NULL")
    refl_tokens = one(f"SELECT sum(coalesce(tokens, length(text) / 4)) FROM reflections WHERE {latest}")
    return MemoryFigures(
        observations=one("SELECT count(*) FROM observations"),
        reflections=one(f"SELECT count(*) FROM reflections WHERE {latest}"),
        facts=one("SELECT count(*) FROM facts"),
        current_facts=one("SELECT count(*) FROM facts WHERE invalid_at IS NULL AND expired_at IS NULL"),
        block_tokens=int(obs_tokens + refl_tokens),
    )
