"""What recall returns (``Hit``, ``RecallResult``) and the time window a search runs in (``_Window``).

Shared by every recall module, so it depends on none of them.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from memory_core.recall.query_time import TimeRange


@dataclass
class Hit:
    kind: str
    id: int
    text: str
    score: float
    at: str
    message_ids: list[int] = field(default_factory=list)
    external_ids: list[str | None] = field(default_factory=list)
    thread_id: str | None = None
    channels: dict[str, int] = field(default_factory=dict)
    similarity: float | None = None
    salience: float = 0.5
    fact: dict[str, Any] | None = None
    speaker: str | None = None
    #: The turns said just before it in its session; for a short reply, what it answers (ranking only; not part
    #: of the JSON).
    answers: str = field(default="", repr=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("answers")
        if data["fact"] is None:
            data.pop("fact")
        if data["speaker"] is None:
            data.pop("speaker")
        return data


@dataclass
class RecallResult:
    query: str
    hits: list[Hit]
    abstained: bool
    text_query: str = ""
    time_range: TimeRange | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query, "text_query": self.text_query, "abstained": self.abstained, "reason": self.reason,
            "time_range": None if self.time_range is None else
            {"start": self.time_range.start_iso, "end": self.time_range.end_iso, "phrase": self.time_range.phrase},
            "hits": [hit.to_json() for hit in self.hits],
        }


@dataclass
class _Window:
    start: str | None
    end: str | None
    as_of: str
    as_of_given: bool
