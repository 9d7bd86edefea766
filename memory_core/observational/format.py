"""The observation line format: one parser and one renderer, so what the model reads is what we store.

A log is grouped by the day things were said::

    Date: 2026-06-14 (Sunday)
    * 🔴 (14:30) User is allergic to peanuts.
    * 🟡 (14:32) User plans a trip to Lyon. (meaning 2026-06-17, in 3 days)

The referenced date is resolved in code (see dates.py), never by a model, and
the relative part ("in 3 days") is computed from the day only, so a rendered
log changes at most once a day and its prefix stays in llama.cpp's KV cache.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from itertools import groupby
from typing import Iterable, Sequence

from memory_core.errors import InvalidInput

#: Stored priority -> emoji, in order of importance.
PRIORITY_EMOJI = {"high": "🔴", "medium": "🟡", "low": "🟢", "done": "✅"}
EMOJI_PRIORITY = {emoji: name for name, emoji in PRIORITY_EMOJI.items()}
PRIORITIES = tuple(PRIORITY_EMOJI)

_HEADER = re.compile(r"^Date: (\d{4}-\d{2}-\d{2})(?: \(([A-Za-z]+)\))?$")
_LINE = re.compile(
    r"^\* (?P<emoji>🔴|🟡|🟢|✅) \((?P<time>[0-2]\d:[0-5]\d)\) (?P<text>.+?)"
    r"(?: \(meaning (?P<ref>\d{4}-\d{2}-\d{2})(?:, [^()]*)?\))?$")


@dataclass(frozen=True)
class ObservationLine:
    """One observation as the format knows it (ids and provenance live beside it)."""

    day: date
    time: str                      # "HH:MM" in the user's time zone
    priority: str                  # high | medium | low | done
    text: str
    referenced_date: date | None = None
    message_ids: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.priority not in PRIORITY_EMOJI:
            raise InvalidInput(f"unknown priority {self.priority!r}: expected one of {', '.join(PRIORITIES)}")
        if not re.fullmatch(r"[0-2]\d:[0-5]\d", self.time):
            raise InvalidInput(f"bad observation time {self.time!r}: expected HH:MM")


def one_line(text: str) -> str:
    """Observation text is one line: newlines and runs of spaces collapse to one space."""
    return re.sub(r"\s+", " ", text).strip()


def relative_day(referenced: date, today: date) -> str:
    """A day-granular offset ("yesterday", "in 3 weeks"): it only changes when the date does."""
    days = (referenced - today).days
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days == -1:
        return "yesterday"
    span = abs(days)
    if span < 14:
        amount = f"{span} days"
    elif span < 60:
        amount = f"{span // 7} weeks"
    elif span < 730:
        amount = f"{round(span / 30.44)} months"
    else:
        amount = f"{round(span / 365.25)} years"
    return f"in {amount}" if days > 0 else f"{amount} ago"


def render_line(line: ObservationLine, today: date | None = None) -> str:
    text = one_line(line.text)
    out = f"* {PRIORITY_EMOJI[line.priority]} ({line.time}) {text}"
    if line.referenced_date is not None:
        out += f" (meaning {line.referenced_date.isoformat()}"
        if today is not None:
            out += f", {relative_day(line.referenced_date, today)}"
        out += ")"
    return out


def render_log(lines: Iterable[ObservationLine], today: date | None = None) -> str:
    """Render lines grouped under ``Date:`` headers, in the order given (callers sort by time)."""
    blocks = []
    for day, group in groupby(lines, key=lambda line: line.day):
        rendered = "\n".join(render_line(line, today) for line in group)
        blocks.append(f"Date: {day.isoformat()} ({day.strftime('%A')})\n{rendered}")
    return "\n\n".join(blocks)


def parse_log(text: str) -> list[ObservationLine]:
    """Strict parse of a rendered log; raises InvalidInput naming the first bad line."""
    lines: list[ObservationLine] = []
    day: date | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        row = raw.rstrip()
        if not row.strip():
            continue
        header = _HEADER.match(row)
        if header:
            day = date.fromisoformat(header.group(1))
            continue
        match = _LINE.match(row)
        if not match:
            raise InvalidInput(f"line {number} is not an observation: {row[:80]!r}")
        if day is None:
            raise InvalidInput(f"line {number} comes before any 'Date:' header")
        ref = match.group("ref")
        lines.append(ObservationLine(day=day, time=match.group("time"),
                                     priority=EMOJI_PRIORITY[match.group("emoji")],
                                     text=match.group("text"),
                                     referenced_date=date.fromisoformat(ref) if ref else None))
    return lines


def sort_lines(lines: Sequence[ObservationLine]) -> list[ObservationLine]:
    return sorted(lines, key=lambda line: (line.day, line.time))
