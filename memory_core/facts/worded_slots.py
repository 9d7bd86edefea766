"""The current fact a new candidate replaces though the two attributes are worded otherwise.

The ledger resolves a slot by ``attributes.same_attribute``. A first statement often
guessed its attribute from the words at hand: the trip was stored as "trip to Japan",
a verbless "Radiohead forever" as a favourite of no named thing, the dentist visit as
"dentist appt". A later value worded with the plain attribute then sits beside the
old one, both current. Each finder here says which old fact it replaces, or None:

* ``dated_slot``: a date for a date, on the same dated thing ("dentist appointment");
* ``unnamed_favorite``: a favourite said to hold *now* replaces the one favourite of
  no named thing, written alike (a name for a name);
* ``narrowed_slot``: a value said to hold *now* replaces the one fact whose attribute
  is the candidate's narrowed by a value ("our trip is to Vietnam now").

Each needs exactly one such fact: two leave both, as which is meant is not said.
"""
from __future__ import annotations

import re

from memory_core.facts import ledger as factsmod
from memory_core.facts.attributes import FAVORITE, attribute_words, narrows, same_dated_thing
from memory_core.facts.frame_words import MONTHS
from memory_core.storage.store import Message, Store

#: A calendar date names a month or a weekday ("June 8", "Friday the 3rd"); a bare number is no date ("size 10").
_CALENDAR = re.compile(rf"(?i)\b(?:{MONTHS}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b")
#: Words that say a statement holds now, in place of an earlier one.
_NOW = re.compile(r"(?i)\b(?:now|these\s+days|nowadays|from\s+now\s+on)\b")
_CURRENT = "invalid_at IS NULL AND expired_at IS NULL AND valid_at <= ?"


def replaced_slot(store: Store, message: Message, candidate) -> int | None:
    """The fact ``candidate`` replaces under another wording of its attribute, by the first finder that knows."""
    if not candidate.predicate or not candidate.value:
        return None
    return dated_slot(store, message, candidate) or unnamed_favorite(store, message, candidate) or \
        narrowed_slot(store, message, candidate)


def _differs(row, candidate) -> bool:
    return factsmod.normalize_value(row["value"]) != factsmod.normalize_value(candidate.value)


def dated_slot(store: Store, message: Message, candidate) -> int | None:
    """The current fact a dated candidate moves: same subject, a date for a date, and the same dated thing
    ("dentist appt" now June 8, "dentist appointment" was April 2), though worded otherwise."""
    if not _CALENDAR.search(candidate.value):
        return None
    rows = store.query(f"SELECT id, predicate, value FROM facts WHERE subject = ? AND {_CURRENT} "
                       "ORDER BY valid_at DESC, id DESC", [candidate.subject, message.created_at])
    for row in rows:
        if row["predicate"] == candidate.predicate or not _CALENDAR.search(row["value"]):
            continue  # the ledger resolves its own slot
        if same_dated_thing(candidate.predicate, row["predicate"]) and _differs(row, candidate):
            return row["id"]
    return None


def _said_now(message: Message, candidate) -> bool:
    return bool(_NOW.search(candidate.evidence or message.text))


def unnamed_favorite(store: Store, message: Message, candidate) -> int | None:
    """The favourite of no named thing ("Radiohead forever" is a plain ``favorite``) that a favourite said to hold
    now replaces ("favourite band now: Fontaines D.C."): the one such fact of the subject written alike (a name for
    a name). Without "now" a new favourite is another thing's ("my favourite film is Dune")."""
    if not candidate.predicate.startswith(FAVORITE) or not _said_now(message, candidate):
        return None
    rows = [r for r in store.query(f"SELECT id, value FROM facts WHERE subject = ? AND predicate = 'favorite' AND "
                                   f"{_CURRENT}", [candidate.subject, message.created_at])
            if r["value"][:1].isupper() == candidate.value[:1].isupper() and _differs(r, candidate)]
    return rows[0]["id"] if len(rows) == 1 else None


def narrowed_slot(store: Store, message: Message, candidate) -> int | None:
    """The one current fact whose attribute is the candidate's narrowed by a value ("trip to Japan", stored when
    the first statement named the trip by its place) that a value said to hold now replaces ("our trip is to
    Vietnam now" holds the trip)."""
    if not _said_now(message, candidate) or not attribute_words(candidate.predicate):
        return None
    slug = "_".join(attribute_words(candidate.predicate).split())
    ranges = [(f"{family}{slug}_", f"{family}{slug}`") for family in ("", "plan:", "schedule:", "owns:", FAVORITE)]
    within = " OR ".join("(predicate >= ? AND predicate < ?)" for _ in ranges)  # the slot index, not a scan
    rows = [r for r in store.query(f"SELECT id, predicate, value FROM facts WHERE subject = ? AND ({within}) AND "
                                   f"{_CURRENT}", [candidate.subject, *(b for pair in ranges for b in pair),
                                                   message.created_at])
            if narrows(r["predicate"], candidate.predicate) and _differs(r, candidate)]
    return rows[0]["id"] if len(rows) == 1 else None
