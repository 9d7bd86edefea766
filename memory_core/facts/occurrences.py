"""Occurrences: nouns that name something that happens, and the values that are one occasion's time.

Why: every layer takes a fact's attribute from the user's own noun ("my X is Y", "the Y X", "X, Y"), and chat is
full of nouns for things that happen rather than things a person has, uses or belongs to: "my jog round Victoria
Park", "the mess X made of it", "Black Friday sale", "our flight ... on easyJet", "my first lesson is on Tuesday".
A singular occurrence noun refers to one occasion (the plural, "my lessons", is the series, a habit), so

* a NAME beside it is where the occasion was, who was in it or what it is one of (a place, a person, a series),
  never a value the user holds: "the user's jog is Victoria Park" is junk;
* a TIME of one occasion (a clock time, a single weekday, "tomorrow", "tonight") is when it happens once, and
  says nothing true a week later: "the user's flight is 6:40am".

What such a noun may still hold: a day on the calendar (an upcoming plan: ``dated_events`` keeps it as
``plan:<event>``), a habit ("every Tuesday", "Tuesdays"), a measure ("my run is 5k") or a plain word. Nouns
that name a lasting arrangement are left out though they happen too (a class, a shift, a commute, a race
trained for, a trip: each has its own slot elsewhere). The parse fallback's verbs (``named_act:``) are not
nouns and are left alone.
"""
from __future__ import annotations

import re
from typing import Sequence

#: Singular nouns of one occasion: an outing, a meal out, a meeting, a do, a sale, a mishap.
OCCURRENCE_NOUNS = frozenset({
    # outings and exercise done once (not "walk", "run", "visit", "do": the same word is a verb of a regular
    # job the attribute may be read from, "X walks our dog", "X does our windows")
    "jog", "hike", "swim", "stroll", "outing", "journey", "flight", "voyage", "crossing", "errand", "day out",
    "night out",
    # meals and meetings
    "lunch", "dinner", "breakfast", "brunch", "meeting", "appointment", "appt", "call", "interview", "catch-up",
    "catchup", "lesson", "exam", "check-up", "checkup", "date",
    # social occasions
    "party", "wedding", "funeral", "christening", "reunion", "barbecue", "bbq", "gathering",
    # commerce
    "sale",
    # mishaps
    "mess", "disaster", "fiasco", "accident", "crash", "incident", "row", "argument", "fight", "mistake",
    "mix-up", "cock-up", "shambles", "breakdown",
})

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
#: A day on the calendar: a month, a day number ("the 21st", "3/5").
_CALENDAR_DAY = re.compile(rf"(?i)\b{_MONTH}(?=\s|$|,)|\b\d{{1,2}}(?:st|nd|rd|th)\b|\b\d{{1,2}}/\d{{1,2}}\b")
#: A habit: plural weekdays, "every", "each", "daily", "weekly".
_HABIT = re.compile(rf"(?i)\b(?:{_WEEKDAY}s|every|each|daily|weekly|weekends|weekdays|mornings|evenings|nights)\b")
#: Words of one occasion's time: a clock time, a weekday, a day said from today, a part of the day.
_OCCASION_WORD = re.compile(rf"(?i)^(?:\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.|h)?|{_WEEKDAY}|today|tonight|"
                            r"tomorrow|tmrw|tmr|yesterday|morning|afternoon|evening|night|noon|midday|midnight|"
                            r"next|this|last|at|on|the|o'clock|half|quarter|past|to|around|about|from|till|until|"
                            r"and|-|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|by)$")
#: Words said of today: a value with one only means something on the day it was said.
_DEICTIC_DAYS = re.compile(r"(?i)\b(?:today|tonight|tomorrow|tmrw|tmr|yesterday)\b")


_ORDINALS = {"last", "first", "final", "next", "previous"}
_SPANS = {"night", "day", "week", "weekend", "morning", "afternoon", "evening", "shift", "visit", "time", "session"}


def occurrence_head(attribute: str) -> bool:
    """The attribute's head noun (its last word, or last two: "night out") names one occasion."""
    words = re.sub(r"[_\s]+", " ", attribute.lower()).strip().split()
    if len(words) >= 2 and words[0] in _ORDINALS and words[-1] in _SPANS:
        return True  # "Mum's last night at Beech Lodge was Thursday": one night, said by its place in a series
    return bool(words) and (words[-1] in OCCURRENCE_NOUNS or " ".join(words[-2:]) in OCCURRENCE_NOUNS)


def one_occasion_time(value: str) -> bool:
    """A value that is only when something happens once: "6:40am", "Tuesday", "10 tomorrow", "tonight at 8";
    not a day on the calendar ("21 June", "the 14th") nor a habit ("every Tuesday", "Tuesdays")."""
    if _CALENDAR_DAY.search(value) or _HABIT.search(value):
        return False
    words = re.findall(r"[\w:.'/-]+", value)
    return bool(words) and all(_OCCASION_WORD.match(w) for w in words) and \
        any(not re.fullmatch(r"(?i)next|this|last|at|on|the|and|-|to|from|about|around", w) for w in words)


def said_of_today(value: str) -> bool:
    """The value names a day by today ("tomorrow", "tonight"): it holds only on the day it was said."""
    return _DEICTIC_DAYS.search(value) is not None


#: Lessons said by what is learnt are a series ("her swimming lesson", "my piano lesson"): the weekday and time
#: they are on is their slot. One lesson is said as such ("my first lesson", "the next lesson").
_SERIES_LESSON = re.compile(r"(?i)^(?!(?:first|next|last|this|final|trial|extra|one-off|taster|makeup|make-up)\b)"
                            r"[a-z-]+\s+lesson$")


def series_lesson(attribute: str) -> bool:
    """"swimming lesson", "piano lesson": a regular lesson, whose weekday is its slot, not one occasion's."""
    return bool(_SERIES_LESSON.match(re.sub(r"[_\s]+", " ", attribute.lower()).strip()))


def occasion_value(attribute: str, value: str) -> bool:
    """True when the value is one occasion's, not a lasting value of the attribute: a name or one occasion's
    time for an occurrence noun ("jog: Victoria Park", "flight: 6:40am"), or any day said from today. A lesson
    said by its subject is a series: its weekday and time are its slot ("her swimming lesson is Tuesday 4:45")."""
    if said_of_today(value):
        return True
    if not occurrence_head(attribute):
        return False
    named = any(w[:1].isupper() for w in value.split() if w.lower() not in ("i",))
    if series_lesson(attribute) and one_occasion_time(value):
        return False
    return (named and not _CALENDAR_DAY.search(value) and not _HABIT.search(value)) or one_occasion_time(value)


__all__: Sequence[str] = ("OCCURRENCE_NOUNS", "occurrence_head", "one_occasion_time", "said_of_today",
                          "occasion_value")
