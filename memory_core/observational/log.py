"""The observation log as the context and the timeline read it: its line types and its reader.

Observations are appended by the Observer; each reflection generation replaces the
older lines it condensed. ``current_log`` is the one reader of that state, shared by
the Reflector, the context assembler, the engine and the timeline, so none of them
imports another to learn what the log holds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import Sequence

from memory_core.clock import parse_iso
from memory_core.observational.dates import local_time
from memory_core.observational.format import ObservationLine

_SAID = re.compile(r" \(said (\d+) times\)$")
PRIORITY_RANK = {"high": 3, "medium": 2, "low": 1, "done": 0}


@dataclass
class LogItem:
    """One line of the current log: an unreflected observation or a reflection of the latest generation."""

    kind: str                      # observation | reflection
    id: int
    priority: str
    observed_at: datetime
    text: str
    referenced_date: date | None = None
    observation_ids: list[int] = field(default_factory=list)

    @property
    def count(self) -> int:
        match = _SAID.search(self.text)
        return int(match.group(1)) if match else 1

    @property
    def bare_text(self) -> str:
        return _SAID.sub("", self.text)


@dataclass
class Reflected:
    priority: str
    observed_at: datetime
    text: str
    referenced_date: date | None
    observation_ids: list[int]


def current_log(store) -> list[LogItem]:
    """What the context shows: the latest generation's reflections, then unreflected observations."""
    items: list[LogItem] = []
    generation = latest_generation(store)
    if generation is not None:
        links: dict[int, list[int]] = {}
        for row in store.query("SELECT ro.reflection_id, ro.observation_id FROM reflection_observations ro "
                               "JOIN reflections r ON r.id = ro.reflection_id WHERE r.generation_id = ?",
                               [generation]):
            links.setdefault(row["reflection_id"], []).append(row["observation_id"])
        for row in store.query("SELECT * FROM reflections WHERE generation_id = ? ORDER BY observed_at, id",
                               [generation]):
            items.append(LogItem("reflection", row["id"], row["priority"], parse_iso(row["observed_at"]),
                                 row["text"], _date(row["referenced_date"]), sorted(links.get(row["id"], []))))
    for row in store.query("SELECT * FROM observations WHERE reflected_in IS NULL ORDER BY observed_at, id"):
        items.append(LogItem("observation", row["id"], row["priority"], parse_iso(row["observed_at"]),
                             row["text"], _date(row["referenced_date"]), [row["id"]]))
    return items


def latest_generation(store) -> int | None:
    row = store.execute("SELECT max(id) FROM reflection_generations").fetchone()
    return row[0] if row and row[0] is not None else None


def _date(value: str | None) -> date | None:
    return date.fromisoformat(value[:10]) if value else None


def as_lines(items: Sequence[LogItem | Reflected], tz: tzinfo | None) -> list[ObservationLine]:
    lines = []
    for item in sorted(items, key=lambda i: i.observed_at):
        local = local_time(item.observed_at, tz)
        lines.append(ObservationLine(local.date(), local.strftime("%H:%M"), item.priority, item.text,
                                     item.referenced_date))
    return lines


