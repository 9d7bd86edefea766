"""A change the user finishes in their next message: the ending first, the new value a turn later.

"I handed in my notice at Acme." ... "Starting at Globex on Monday!" The first
message retires the fact with no successor (``changes``); this module remembers
such endings for a few turns of the same thread (``PENDING_TURNS`` user messages)
and, when a later message names a new value in a shape of beginning
(``change_cues.continuation_values``), returns it as a change of the ended fact,
so resolution records the new value on the same subject and attribute, linked
by ``supersedes``. The memory is the ledger itself (the retired fact, its
retiring message, no fact superseding it): nothing new is stored.
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.attributes import same_attribute
from memory_core.facts.change_cues import about_someone_else, continuation_values, unasserted
from memory_core.facts.changes import Change, KnownFact
from memory_core.facts.new_values import good_new_value, whole_name
from memory_core.facts.ledger import normalize_value
from memory_core.facts.lexicon import kind_of
from memory_core.storage.store import Message, Store

#: How many earlier user messages of the thread an unfinished ending stays open for.
PENDING_TURNS = 3


def open_endings(store: Store, message: Message) -> list[KnownFact]:
    """User facts a recent message of this thread retired without naming what replaced them."""
    recent = [row["id"] for row in store.query(
        "SELECT id FROM messages WHERE thread_id = ? AND role = 'user' AND id != ? AND "
        "(created_at < ? OR (created_at = ? AND id < ?)) ORDER BY created_at DESC, id DESC LIMIT ?",
        [message.thread_id, message.id, message.created_at, message.created_at, message.id, PENDING_TURNS])]
    if not recent:
        return []
    marks = ",".join("?" * len(recent))
    rows = store.query(
        f"SELECT DISTINCT f.id, f.subject, f.predicate, f.value, f.thread_id, f.created_at, f.category "
        f"FROM facts f JOIN fact_messages fm ON fm.fact_id = f.id JOIN messages m ON m.id = fm.message_id "
        f"WHERE fm.message_id IN ({marks}) AND f.subject = 'user' AND f.invalid_at IS NOT NULL "
        f"AND f.invalid_at >= m.created_at "
        f"AND NOT EXISTS (SELECT 1 FROM facts g WHERE g.supersedes = f.id) "
        f"AND EXISTS (SELECT 1 FROM fact_messages first JOIN messages fm2 ON fm2.id = first.message_id "
        f"            WHERE first.fact_id = f.id AND fm2.created_at < m.created_at) "
        f"ORDER BY f.invalid_at DESC, f.id DESC", recent)
    return [KnownFact(r["id"], r["subject"], r["predicate"], r["value"], r["thread_id"], r["created_at"],
                      r["category"]) for r in rows]


def _fits(new: str, old: str) -> bool:
    """The new value looks like the old one's kind: a genre for a genre, a name for a name."""
    if kind_of(old):
        return kind_of(new) == kind_of(old)
    if re.search(r"[A-Z]", old):
        return bool(re.search(r"[A-Z0-9]", new))
    return False


def continued_changes(store: Store, message: Message, sentences: Sequence[str],
                      candidates: Sequence = ()) -> list[Change]:
    """Changes that finish an ending of the last few turns with the value this message names; never a value
    the message's own candidates already place ("I live in Paris now" is a home, not the ended bank)."""
    endings = open_endings(store, message)
    if not endings:
        return []
    def placed_elsewhere(value: str, old: KnownFact) -> bool:
        return any(c.value and normalize_value(c.value) == normalize_value(value) and not (
            c.predicate and same_attribute(c.predicate, old.predicate)) for c in candidates)
    for sentence in list(sentences)[:2]:
        if about_someone_else(sentence) or unasserted(sentence, len(sentence)):
            continue
        for value in continuation_values(sentence):
            for old in endings:
                good = good_new_value(value, old.value)
                good = whole_name(sentence, good) if good else None  # "The Crown", not "Crown"
                if good and _fits(good, old.value) and not placed_elsewhere(good, old):
                    return [Change(old, good, sentence)]
    return []
