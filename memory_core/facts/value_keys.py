"""The current facts a message may name, found through an index instead of a scan of every fact.

Change detection ("I traded the Civic for a Mazda", "closed my building society account") only looks
at current facts one of whose *value keys* is a word of the message. A value's keys are the first and the
last content word of its value before any comma ("Nationwide Building Society": nationwide, society;
"Iceland, July": iceland; a value with no content word, "A", keys on all its words), lowercased by SQLite,
split where ``mentions.find_mention`` splits words (``schema.VALUE_KEY_SEPARATORS``): every way
``find_mention`` names a value holds one of the two (all its words, its leading or trailing capitals, its
last word, a device's first word), so no fact it would accept is missed, and a middle word ("Building") no
longer brings the fact to a check that would refuse it (keying every content word, migration 7, made a
message find 1.7x the facts at 30k and doubled the change check's time: ``bench/bench_value_key_lookup.py``).
Whole words, because that is all ``find_mention`` accepts: a key found inside a longer word ("art" in
"start") only fed it facts to refuse. ``fact_value_keys`` (schema migration 8) holds each current fact's
keys, indexed, kept in step by triggers; the message's words are looked up in it, for a cost that follows
the message's length, not the ledger's size (testing every current fact cost the fact pass most of its time
at 30k facts).
"""
from __future__ import annotations

import json
import re
from typing import Any

from memory_core.storage.schema import VALUE_KEY_SEPARATORS, value_key_rows, value_key_word
from memory_core.storage.store import Store

_CURRENT = "f.invalid_at IS NULL AND f.expired_at IS NULL AND f.valid_at <= :at"
#: The order the scan gives (SQLite walks ``facts_valid``): change detection meets the facts in this order.
_ORDER = "ORDER BY f.valid_at, f.invalid_at, f.id"
_SEPARATOR = re.compile("[" + re.escape(VALUE_KEY_SEPARATORS) + r"\s]+")
#: ``find_mention``'s own word shape: anything else separates words too ("Crown🍺" names "Crown").
_TOKEN = re.compile(r"[\w'+-]+")


def _sqlite_lower(text: str) -> str:
    """SQLite's ``lower()``: ASCII letters only (a key "Ölberg" stays so; the message's casefold is "ölberg")."""
    return "".join(c.lower() if c.isascii() else c for c in text)


def message_words(text: str) -> set[str]:
    """The words of a message a value key may equal: split as keys are split (and as ``find_mention`` splits),
    folded both as Python and as SQLite fold, without edge quotes or hyphens, and without a possessive
    "'s" too ("Shah's retired" names "Shah")."""
    words: set[str] = set()
    for folded in {text.casefold(), _sqlite_lower(text)}:
        for word in [*_SEPARATOR.split(folded), *_TOKEN.findall(folded)]:
            word = word.strip("'-+")
            if word:
                words.add(word)
                if word.endswith("'s") and len(word) > 2:
                    words.add(word[:-2])
    return words


def facts_named_in(store: Store, text: str, at: str, columns: str) -> list[dict[str, Any]]:
    """Current facts at ``at`` one of whose value keys is a word of ``text`` (``columns`` of ``facts f``),
    in the scan's order, through the index."""
    return list(store.query(
        f"SELECT {columns} FROM facts f WHERE f.id IN (SELECT k.fact_id FROM fact_value_keys k "
        f"WHERE k.key IN (SELECT value FROM json_each(:words))) AND {_CURRENT} {_ORDER}",
        {"words": json.dumps(sorted(message_words(text))), "at": at}))


def scan_facts_named_in(store: Store, text: str, at: str, columns: str) -> list[dict[str, Any]]:
    """The same as ``facts_named_in``, by computing every current fact's keys (the reference the index is
    checked against)."""
    return list(store.query(
        f"SELECT {columns} FROM facts f WHERE {_CURRENT} AND EXISTS (SELECT 1 FROM {value_key_rows('f.value')} "
        f"AND {value_key_word()} IN (SELECT value FROM json_each(:words))) {_ORDER}",
        {"words": json.dumps(sorted(message_words(text))), "at": at}))
