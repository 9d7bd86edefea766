"""How memory lines are rendered for the chat model, and the stop strings of a chat turn.

The observation log's own format (``* 🔴 (13:38) User: …`` under ``Date:``
headers, see observational/format.py) is what we store, what the Observer and
Reflector read and what the timeline parses. A small chat model reads it as a
transcript to continue: the bundled SmolLM2-135M answered "🔴 (09:02) User:
I'm looking for a book…" (bench/results/hygiene.md). So the chat prompt
shows the same lines as prose, one paragraph per day, with no line markup
to copy: no priority emoji, no clock times, no bullets, no "User:" labels.
Order, dates and the referenced-date note stay, so the newest note still wins
and the text changes at most once a day (the prefix stays cached).

The stop strings are a guard for markup that could still appear (the fence
tags, the old line format): generation ends there instead of printing it.
"""
from __future__ import annotations

import re
from datetime import date
from itertools import groupby
from typing import Iterable

from memory_core.observational.format import ObservationLine, one_line, relative_day, render_log

#: ``om``: the stored line format; ``prose``: what the chat model reads (the default).
STYLES = ("om", "prose")
DEFAULT_STYLE = "prose"
#: A chat answer ends where memory markup would begin (the visible text stops before it).
CHAT_STOPS = ("<memory>", "</memory>", "<observations>", "</observations>", "<reflections>", "</reflections>",
              "<recalled>", "</recalled>", "🔴", "🟡", "🟢", "✅", "\nDate: ")

_SPEAKER = re.compile(r"^User(?P<asked> asked(?: about)?)?: ")


def prose_sentence(line: ObservationLine, today: date | None) -> str:
    """One note as a plain sentence: the "User:" label goes (the block is about the user), a question
    says it was asked, a finished item says it is done, and a referenced date stays in words."""
    text = one_line(line.text)
    match = _SPEAKER.match(text)
    if match:
        asked = match.group("asked")
        text = (f"They{asked}: " if asked else "") + text[match.end():]
    if line.priority == "done" and not text.lower().startswith("done"):
        text = f"Done: {text}"
    if text and text[-1] not in ".!?…\"'”":
        text += "."
    if line.referenced_date is not None:
        when = line.referenced_date.isoformat()
        if today is not None:
            when += f", {relative_day(line.referenced_date, today)}"
        text = f"{text[:-1] if text.endswith('.') else text} (that is {when})."
    return text


def render_prose(lines: Iterable[ObservationLine], today: date | None = None) -> str:
    """A paragraph per day, "On Monday 2 March 2026: I live in Braga. I'm allergic to shellfish." in time order.

    The day is written in words, not as "Monday 2026-03-02": that is the form of the time stamp on each
    user message, and a small model echoed it more when the memory block used it too (bench_hygiene, dev).
    """
    paragraphs = []
    for day, group in groupby(lines, key=lambda line: line.day):
        sentences = " ".join(prose_sentence(line, today) for line in group)
        paragraphs.append(f"On {day.strftime('%A')} {day.day} {day.strftime('%B %Y')}: {sentences}")
    return "\n".join(paragraphs)


def render_for_model(lines: Iterable[ObservationLine], today: date | None = None, style: str = DEFAULT_STYLE) -> str:
    if style == "om":
        return render_log(lines, today)
    if style == "prose":
        return render_prose(lines, today)
    raise ValueError(f"unknown memory style {style!r}: expected one of {', '.join(STYLES)}")
