"""An appointment moved to another date, said without the old date: "they moved my haircut to March 10".

The anchored detector (``changes``) needs the old value in the sentence; a move names
the thing and the new date instead. This finds "moved/rescheduled/pushed/bumped
<thing> to <date>" and "<thing> got moved to <date>", then the user's current fact
whose attribute shares the thing's words ("haircut" in ``plan:haircut_appointment``)
and whose value is a date, the most recent if several, and changes it to the new date.

An event said without its owner ("Test on 19 May is off. New date is 4 July.", read by ``dated_events``)
changes the one current fact for that event when it is someone else's ("Tama's driving test"): the
user's own event is superseded on its slot by the new date itself.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from memory_core.facts.attributes import same_attribute, thing_words
from memory_core.facts.change_cues import OTHER_OWNER, about_someone_else, unasserted
from memory_core.facts.changes import Change, KnownFact
from memory_core.facts.dated_events import USER, message_events, same_day
from memory_core.facts.frame_words import MONTHS as _MONTHS
from memory_core.storage.store import Message, Store

_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DATE = (rf"(?P<date>(?:{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}|"
         rf"(?:next\s+)?{_DAYS}(?:\s+the\s+\d{{1,2}}(?:st|nd|rd|th)?)?))\b")
#: A weekday or a clock time a routine is on: "Thursdays", "Thursday nights", "10am", "9:15".
_WHEN = (rf"(?P<date>{_DAYS}s?(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?|"
         rf"\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{{1,2}}[:.]\d{{2}})(?![\w:])")
_WAS = (rf"(?:{_DAYS}s?(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?|\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm|a\.m\.|"
        rf"p\.m\.)?|{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS})")
_MOVE = r"(?:moved|rescheduled|pushed(?:\s+back)?|bumped|shifted|changed|rebooked|postponed|put\s+back|brought\s+forward)"
_THING = r"(?P<thing>[a-z][a-z' -]{1,30}?)"
_MOVED = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b{_MOVE}\s+(?:my|our|the)\s+{_THING}\s+(?:back\s+|forward\s+)?(?:to|till|until|for)\s+(?:the\s+)?{_DATE}",
    rf"\b(?:my|our|the)?\s*{_THING}\s+(?:got|was|has\s+been|is|'s|is\s+being)\s+{_MOVE}\s+(?:back\s+|forward\s+)?"
    rf"(?:to|till|until|for)\s+(?:the\s+)?{_DATE}",
    rf"^\W*{_THING}\s+{_MOVE}\s+(?:back\s+)?(?:to|till|until)\s+(?:the\s+)?{_DATE}",
    # a routine moved from one day or time to another: "they've moved yoga from Tuesday to Thursday", "moved my
    # start from 8:30am to 10am"
    rf"\b(?:{_MOVE}|switched|put)\s+(?:my|our|the)?\s*{_THING}\s+from\s+(?:the\s+)?{_WAS}\s+to\s+(?:the\s+)?{_WHEN}",
    # "they put yoga on Thursdays instead of Tuesdays"
    rf"\b(?:{_MOVE}|switched|put)\s+(?:my|our|the)?\s*{_THING}\s+(?:to|on)\s+(?:the\s+)?{_WHEN}\s+instead\s+of\s+{_WAS}",
    # "the class is not on Monday anymore, it's on Wednesday from now"
    rf"\b(?:my|our|the)?\s*{_THING}\s+(?:is|'s)\s+(?:not|no\s+longer)\s+(?:on|at)\s+{_WAS}(?:\s+any\s*more)?\s*[,;]?\s*"
    rf"(?:it's|it\s+is|but|now)\s+(?:now\s+)?(?:on|at)\s+{_WHEN}",
)]
#: The thing is the user's, whoever moved it: "my manager moved my start from 9am to 10am".
_USERS_THING = re.compile(r"(?i)\b(?:my|our)\s+$")
DATE_VALUE = re.compile(rf"(?i)\b(?:{_MONTHS}|{_DAYS}s?|\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm)|"
                        rf"\d{{1,2}}[:.]\d{{2}})\b")


#: A move that names both dates: "moved my dentist appointment from 9 June to 23 June", "my appointment of 9 June
#: to 23 June" (a second language's "of"), "pushed from the 9th of June to the 23rd".
_A_DAY = rf"(?:{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}|{_WAS})"
_FROM_TO = re.compile(rf"(?i)\b{_MOVE}\b[^.;!?]{{0,60}}?\b(?:from|of)\s+(?:the\s+)?(?P<was>{_A_DAY})\s+"
                      rf"(?:to|till|until|for)\s+(?:the\s+)?(?P<now>{_A_DAY}|\d{{1,2}}(?:st|nd|rd|th))(?!\w)")


def moved_to(candidates: list, sentences: Sequence[str]) -> list:
    """A date a sentence moves something away from is not when it is: a candidate holding it holds the date it
    was moved to. (With the old date known, ``date_moves`` changes the fact; said first, the move is the fact.)"""
    moves = [(m.group("was").strip(), m.group("now").strip()) for sentence in sentences for m in _FROM_TO.finditer(sentence)]
    if not moves:
        return candidates
    out = []
    for candidate in candidates:
        value = candidate.value or ""
        now = next((new for was, new in moves if candidate.op == "assert" and value and same_day(value, was)), None)
        out.append(replace(candidate, value=now) if now else candidate)
    return out


def date_moves(store: Store, message: Message, sentences: Sequence[str]) -> list[Change]:
    """Changes of a dated fact the message moves to another date."""
    found: list[Change] = []
    for sentence in sentences:
        others = about_someone_else(sentence)
        for pattern in _MOVED:
            match = pattern.search(sentence)
            if match is None or unasserted(sentence, match.start("date")) or OTHER_OWNER.search(match.group(0)):
                continue  # a thought, or someone else's appointment ("my son's dentist appointment")
            if others and not _USERS_THING.search(sentence, 0, match.start("thing")):
                continue  # "my sister moved her class to Friday"; but "my manager moved my start to 10am" is mine
            thing = thing_words(match.group("thing"))
            if not thing:
                continue
            rows = [r for r in store.query(
                "SELECT id, subject, predicate, value, thread_id, created_at, category FROM facts "
                "WHERE subject = 'user' AND invalid_at IS NULL AND expired_at IS NULL AND valid_at <= ? "
                "ORDER BY valid_at DESC, id DESC", [message.created_at])
                if thing & thing_words(r["predicate"].replace("_", " ").replace(":", " ")) and DATE_VALUE.search(r["value"])]
            new = match.group("date")
            if rows and rows[0]["value"].lower() != new.lower():
                row = rows[0]
                found.append(Change(KnownFact(row["id"], row["subject"], row["predicate"], row["value"],
                                              row["thread_id"], row["created_at"], row["category"]), new, sentence))
                return found
    return found or someone_s_event_redated(store, message)


def someone_s_event_redated(store: Store, message: Message) -> list[Change]:
    """A new date for an event said without its owner ("Test on 19 May is off. New date is 4 July.") when the
    only current fact for that event is someone else's ("Tama's driving test 19 May"): theirs changes. The
    user's own event is left to its slot (``dated_events``), and a different event changes nothing."""
    found: list[Change] = []
    for event in message_events(message.text):
        if event.owner is not None:
            continue
        rows = [r for r in store.query(
            "SELECT id, subject, predicate, value, thread_id, created_at, category FROM facts "
            "WHERE predicate >= 'plan:' AND predicate < 'plan;' AND invalid_at IS NULL AND expired_at IS NULL AND valid_at <= ? "
            "ORDER BY valid_at DESC, id DESC", [message.created_at])
            if same_attribute(r["predicate"], event.predicate) and DATE_VALUE.search(r["value"])]
        if not rows or len({r["subject"] for r in rows}) != 1 or rows[0]["subject"] == USER:
            continue
        row = rows[0]
        if same_day(row["value"], event.date):
            continue
        found.append(Change(KnownFact(row["id"], row["subject"], row["predicate"], row["value"], row["thread_id"],
                                      row["created_at"], row["category"]), event.date, event.evidence))
    return found
