"""Reading candidates back from the database as ``Hit``s: text, time, thread, speaker, source messages.

Ids that are gone (forgotten since the index saw them) simply do not come back. Many messages at once are read
in two halves, one on the helper connection, since the reads are scattered page reads.
"""
from __future__ import annotations

from typing import Iterable

from memory_core.facts import ledger as factsmod
from memory_core.recall import message_postings
from memory_core.recall.answered_turns import AnsweredTurns
from memory_core.recall.helper_connection import HelperConnection
from memory_core.recall.hits import Hit, _Window
from memory_core.storage.sql import marks as placeholders
from memory_core.storage.store import Store


#: Messages read back on the helper connection too when at least twice this many are read at once.
HYDRATE_BESIDE_FROM = 8
_PRIORITY_SALIENCE = {"high": 0.9, "medium": 0.6, "low": 0.3, "done": 0.2}


def _hydrate(store: Store, kind: str, ids: list[int], window: _Window, now_iso: str) -> dict[int, Hit]:
    """Read candidates back from the database; ids that are gone (forgotten) simply do not come back."""
    if not ids:
        return {}
    marks = placeholders(len(ids))
    hits: dict[int, Hit] = {}
    if kind == "message":
        return _hydrate_messages(store, ids)
    if kind == "fact":
        for fact in factsmod.get_facts(store, ids):
            if not fact.is_current(window.as_of):  # retired facts leave recall (history has them)
                continue
            hit = Hit("fact", fact.id, fact.text, 0.0, fact.valid_at, fact.message_ids, [], fact.thread_id,
                      salience=fact.salience)
            hit.fact = factsmod.fact_json(fact)
            hits[fact.id] = hit
        _attach_externals(store, hits.values())
        return hits
    if kind == "observation":
        rows = store.query(f"SELECT id, text, observed_at AS at, thread_id, priority FROM observations "
                              f"WHERE id IN ({marks})", ids)
        link = ("SELECT om.observation_id AS owner, m.id, m.external_id FROM observation_messages om "
                "JOIN messages m ON m.id = om.message_id WHERE om.observation_id IN ({}) ORDER BY m.created_at, m.id")
    else:
        rows = store.query(f"SELECT id, text, observed_at AS at, NULL AS thread_id, priority FROM reflections "
                              f"WHERE id IN ({marks})", ids)
        link = ("SELECT DISTINCT ro.reflection_id AS owner, m.id, m.external_id, m.created_at FROM reflection_observations ro "
                "JOIN observation_messages om ON om.observation_id = ro.observation_id "
                "JOIN messages m ON m.id = om.message_id WHERE ro.reflection_id IN ({}) ORDER BY m.created_at, m.id")
    for row in rows:
        hits[row["id"]] = Hit(kind, row["id"], row["text"], 0.0, row["at"], [], [], row["thread_id"],
                              salience=_PRIORITY_SALIENCE.get(row["priority"], 0.5))
    for row in store.query(link.format(marks), ids):
        hit = hits.get(row["owner"])
        if hit is not None:
            hit.message_ids.append(row["id"])
            hit.external_ids.append(row["external_id"])
    return hits


def _hydrate_messages(store: Store, ids: list[int]) -> dict[int, Hit]:
    """Messages and the turns said just before each in its session (the index's ``answers`` column: coverage reads
    them, so an answer that never names its topic counts the question before it). They come from the copy of the
    column held in memory when it is current (recall/answered_turns.py: one row read per message, not two), else
    in the same statement."""
    return _read_messages(store, ids, message_postings.answered(store))


def _read_messages(store: Store, ids: list[int], held: AnsweredTurns | None) -> dict[int, Hit]:
    """``_hydrate_messages`` given what is held of the turns before (None: read them in SQL)."""
    before_sql = "''" if held is not None else "(SELECT s.answers FROM message_search s WHERE s.rowid = m.id)"
    hits: dict[int, Hit] = {}
    for message_id, text, at, thread_id, external_id, speaker, answers in store.execute(
            f"SELECT m.id, m.text, m.created_at, m.thread_id, m.external_id, m.speaker, {before_sql} "
            f"FROM messages m WHERE m.id IN ({placeholders(len(ids))})", ids):
        if held is not None:
            answers = held.of(message_id)
        hits[message_id] = Hit("message", message_id, text, 0.0, at, [message_id], [external_id], thread_id,
                               speaker=speaker, answers=answers or "")
    return hits


def _hydrate_messages_beside(store: Store, helper: HelperConnection | None, ids: list[int]) -> dict[int, Hit]:
    """``_hydrate_messages``, the second half of the ids on the helper connection at once (the reads are
    scattered page reads: two connections wait on them in parallel)."""
    if helper is None or len(ids) < 2 * HYDRATE_BESIDE_FROM:
        return _hydrate_messages(store, ids)
    held = message_postings.answered(store)  # checked once, on this connection, for both halves
    middle = len(ids) // 2
    hits, upper = helper.run_beside(store, lambda connection: _read_messages(connection, ids[:middle], held),
                                    lambda connection: _read_messages(connection, ids[middle:], held))
    hits.update(upper)
    return hits


def _attach_externals(store: Store, hits: Iterable[Hit]) -> None:
    hits = list(hits)
    wanted = sorted({i for hit in hits for i in hit.message_ids})
    if not wanted:
        return
    marks = placeholders(len(wanted))
    external = {row["id"]: row["external_id"] for row in
                store.query(f"SELECT id, external_id FROM messages WHERE id IN ({marks})", wanted)}
    for hit in hits:
        hit.message_ids = [i for i in hit.message_ids if i in external]
        hit.external_ids = [external[i] for i in hit.message_ids]
