"""Resolving "last Tuesday", "in two weeks", "on the 3rd" to a calendar date, in code.

Small models get dates wrong, so the referenced date is never asked of them.
A conservative pattern finds *concrete* temporal phrases (vague ones such as
"soon" or "recently" are left alone, as in Mastra), and ``dateparser`` turns
the phrase into a date relative to when the message was said, in the user's
time zone (a message sent at 23:30 in New York on Dec 31 says "tomorrow" about
Jan 1, even though it is stored as 04:30 UTC on Jan 1).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta, tzinfo
from functools import lru_cache

_NUM = r"(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few)"
_UNIT = r"(?:day|week|month|year)s?"
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTH = (r"(?:january|february|march|april|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?")
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"

#: Phrases we resolve, most specific first. Each is a concrete reference.
_PATTERNS = [
    ("iso", r"\b\d{4}-\d{2}-\d{2}\b"),
    ("absolute", rf"\b{_MONTH} {_ORD}(?:,? \d{{4}})?\b"),
    ("absolute", rf"\b(?:the )?{_ORD} of {_MONTH}(?:,? \d{{4}})?\b"),
    ("absolute", rf"\b\d{{1,2}} {_MONTH}(?: \d{{4}})?\b"),
    ("fixed", r"\b(?:the )?day after tomorrow\b"),
    ("fixed", r"\b(?:the )?day before yesterday\b"),
    ("fixed", r"\b(?:yesterday|tomorrow)\b"),
    ("offset", rf"\bin {_NUM} {_UNIT}\b"),
    ("offset", rf"\b{_NUM} {_UNIT} (?:ago|from now)\b"),
    ("offset", r"\b(?:last|next) (?:week|month|year)\b"),
    ("weekday", rf"\b(?:last|next|this|coming|on) {_WEEKDAY}\b"),
    ("weekday", rf"\b{_WEEKDAY}\b"),
    ("ordinal", r"\bon the (\d{1,2})(?:st|nd|rd|th)\b"),
]
_COMPILED = [(kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in _PATTERNS]
_FUTURE = re.compile(r"\b(will|'ll|going to|gonna|plan|plans|planning|next|coming|upcoming|shall|"
                     r"want to|need to|have to|should|due|until|by|appointment|scheduled|booked)\b", re.I)
_PAST = re.compile(r"\b(was|were|did|had|went|ago|last|already|yesterday|got|came|visited|finished|"
                   r"met|saw|started|moved|bought)\b", re.I)


_RECURRING = re.compile(rf"\b(?:every|each) (?:other )?{_WEEKDAY}|\b{_WEEKDAY}s\b", re.I)


def find_temporal_phrase(text: str) -> tuple[str, str] | None:
    """The first concrete temporal phrase in ``text`` as (kind, phrase), or None."""
    best: tuple[int, str, str] | None = None
    for kind, pattern in _COMPILED:
        match = pattern.search(text)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), kind, match.group(0))
    return (best[1], best[2]) if best else None


def prefers_future(text: str) -> bool:
    """Whether a bare "Tuesday" or "the 3rd" in this sentence most likely points forward."""
    future, past = len(_FUTURE.findall(text)), len(_PAST.findall(text))
    return future >= past


def local_time(moment: datetime, tz: tzinfo | None) -> datetime:
    """The wall-clock time the user saw when ``moment`` happened (naive, in ``tz``)."""
    if moment.tzinfo is None:
        return moment
    return moment.astimezone(tz).replace(tzinfo=None) if tz is not None else moment.astimezone().replace(tzinfo=None)


def resolve_referenced_date(text: str, said_at: datetime, tz: tzinfo | None = None) -> date | None:
    """The calendar date a message refers to, or None when it names no concrete one."""
    found = find_temporal_phrase(text)
    if found is None:
        return None
    kind, phrase = found
    if kind == "weekday" and _RECURRING.search(text):
        return None            # "every Monday", "on Fridays": a routine, not a date
    base = local_time(said_at, tz)
    future = prefers_future(text)
    if kind == "ordinal":
        return _day_of_month(int(re.search(r"\d+", phrase).group(0)), base.date(), future)
    if kind == "weekday" and not phrase.lower().startswith(("last ", "next ")):
        words = phrase.lower().split()
        return _weekday(words[-1], base.date(), future or words[0] == "coming", this_week=words[0] == "this")
    return _parse(phrase.lower(), base, "future" if future else "past")


def _weekday(name: str, today: date, future: bool, this_week: bool = False) -> date | None:
    """A bare weekday is the next one for plans, the last one for events; "this Friday" may be today."""
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    try:
        target = names.index(name.strip().lower())
    except ValueError:
        return None
    ahead = (target - today.weekday()) % 7
    behind = (today.weekday() - target) % 7
    if this_week or (ahead and behind):
        return today + timedelta(days=ahead) if future else today - timedelta(days=behind)
    return today + timedelta(days=7) if future else today - timedelta(days=7)


def _day_of_month(day: int, today: date, future: bool) -> date | None:
    """"On the 3rd": this month's 3rd, or the next/previous month's when that one is on the wrong side."""
    def make(year: int, month: int) -> date | None:
        try:
            return date(year, month, day)
        except ValueError:
            return None
    this = make(today.year, today.month)
    if future:
        if this is not None and this >= today:
            return this
        year, month = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    else:
        if this is not None and this <= today:
            return this
        year, month = (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)
    return make(year, month)


@lru_cache(maxsize=1)
def _dateparser():
    import dateparser  # imported lazily: ~0.2 s, only when a phrase was found

    return dateparser


def _parse(phrase: str, base: datetime, prefer: str) -> date | None:
    phrase = re.sub(r"\b(a couple of)\b", "2", phrase)
    phrase = re.sub(r"\b(a few)\b", "3", phrase)
    parsed = _dateparser().parse(
        phrase, languages=["en"],
        settings={"RELATIVE_BASE": base, "PREFER_DATES_FROM": prefer, "RETURN_AS_TIMEZONE_AWARE": False,
                  "PREFER_DAY_OF_MONTH": "first"})
    return parsed.date() if parsed else None
