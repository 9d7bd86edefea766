"""The observation log as a person browses it: observations and reflections with their sources, filtered.

``current_log`` (log.py) is what the model sees; this is what the desktop
timeline and ``mneme memory timeline`` show: every line with the messages it
came from, by priority, kind, day range, chat and words.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from memory_core.clock import parse_iso, to_iso
from memory_core.storage.sql import fts_all_words, id_list, marks

PRIORITIES = ("high", "medium", "low", "done")
LATEST_GENERATION = "(SELECT max(id) FROM reflection_generations)"


@dataclass(frozen=True)
class MemoryItem:
    kind: str  # observation | reflection
    id: int
    priority: str
    observed_at: str
    referenced_date: str | None
    text: str
    thread_id: str | None
    message_ids: tuple[int, ...] = ()
    observation_ids: tuple[int, ...] = ()
    generation: int | None = None  # reflections: the generation they belong to
    reflected_in: int | None = None  # observations: the generation that condensed them

    @property
    def day(self) -> date:
        return parse_iso(self.observed_at).astimezone().date()


@dataclass
class TimelineFilter:
    priorities: set[str] = field(default_factory=lambda: set(PRIORITIES))
    kinds: set[str] = field(default_factory=lambda: {"observation", "reflection"})
    since: date | None = None
    until: date | None = None
    thread_id: str | None = None
    text: str = ""
    #: False: only the latest reflection generation (what the model reads); True: every generation.
    all_generations: bool = False


def timeline(store, f: TimelineFilter | None = None, *, limit: int | None = 2000,
             newest_first: bool = True) -> list[MemoryItem]:
    """Observations and reflections matching ``f``; ``limit`` caps each kind."""
    f = f or TimelineFilter()
    prios = [p for p in PRIORITIES if p in f.priorities]
    query = fts_all_words(f.text) if f.text.strip() else ""
    if not prios or (f.text.strip() and not query):
        return []
    items: list[MemoryItem] = []
    if "observation" in f.kinds:
        items += _observations(store, f, prios, query, limit)
    if "reflection" in f.kinds:
        items += _reflections(store, f, prios, query, limit)
    items.sort(key=lambda i: (i.observed_at, i.kind, i.id), reverse=newest_first)
    return items


def _day_bounds(f: TimelineFilter) -> tuple[str | None, str | None]:
    lo = to_iso(datetime.combine(f.since, datetime.min.time()).astimezone()) if f.since else None
    hi = (to_iso(datetime.combine(f.until, datetime.max.time().replace(microsecond=0)).astimezone())
          if f.until else None)
    return lo, hi


def _common(alias: str, f: TimelineFilter, prios: list[str]) -> tuple[list[str], list[Any]]:
    where, params = [f"{alias}.priority IN ({marks(len(prios))})"], list(prios)
    lo, hi = _day_bounds(f)
    if lo:
        where.append(f"{alias}.observed_at >= ?")
        params.append(lo)
    if hi:
        where.append(f"{alias}.observed_at <= ?")
        params.append(hi)
    return where, params


def _tail(sql: str, where: list[str], alias: str, limit: int | None, params: list[Any]) -> str:
    sql += " WHERE " + " AND ".join(where) + f" ORDER BY {alias}.observed_at DESC, {alias}.id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return sql


def _observations(store, f: TimelineFilter, prios: list[str], query: str, limit: int | None) -> list[MemoryItem]:
    where, params = _common("o", f, prios)
    if f.thread_id:
        where.append("(o.thread_id = ? OR o.id IN (SELECT om.observation_id FROM observation_messages om "
                     "JOIN messages m ON m.id = om.message_id WHERE m.thread_id = ?))")
        params += [f.thread_id, f.thread_id]
    if query:
        where.append("o.id IN (SELECT rowid FROM observations_fts WHERE observations_fts MATCH ?)")
        params.append(query)
    sql = _tail("SELECT o.id, o.priority, o.observed_at, o.referenced_date, o.text, o.thread_id, o.reflected_in, "
                "(SELECT group_concat(message_id) FROM observation_messages WHERE observation_id = o.id) "
                "FROM observations o", where, "o", limit, params)
    return [MemoryItem("observation", r[0], r[1], r[2], r[3], r[4], r[5], id_list(r[7]), reflected_in=r[6])
            for r in store.execute(sql, params).fetchall()]


def _reflections(store, f: TimelineFilter, prios: list[str], query: str, limit: int | None) -> list[MemoryItem]:
    where, params = _common("r", f, prios)
    if not f.all_generations:
        where.append(f"r.generation_id = {LATEST_GENERATION}")
    if f.thread_id:
        where.append("r.id IN (SELECT ro.reflection_id FROM reflection_observations ro JOIN observation_messages om "
                     "ON om.observation_id = ro.observation_id JOIN messages m ON m.id = om.message_id "
                     "WHERE m.thread_id = ?)")
        params.append(f.thread_id)
    if query:
        where.append("r.id IN (SELECT rowid FROM reflections_fts WHERE reflections_fts MATCH ?)")
        params.append(query)
    sql = _tail("SELECT r.id, r.priority, r.observed_at, r.referenced_date, r.text, r.generation_id, "
                "(SELECT group_concat(observation_id) FROM reflection_observations WHERE reflection_id = r.id), "
                "(SELECT group_concat(DISTINCT om.message_id) FROM reflection_observations ro "
                " JOIN observation_messages om ON om.observation_id = ro.observation_id "
                " WHERE ro.reflection_id = r.id) "
                "FROM reflections r", where, "r", limit, params)
    return [MemoryItem("reflection", r[0], r[1], r[2], r[3], r[4], None, id_list(r[7]), id_list(r[6]),
                       generation=r[5]) for r in store.execute(sql, params).fetchall()]
