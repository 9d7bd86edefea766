"""The current facts a message may name, found through an index instead of a scan of every fact.

Change detection ("I traded the Civic for a Mazda", "left the building society") only looks at current
facts one of whose *value keys* occurs in the message, casefolded, anywhere: ``instr(text, key) > 0``.
A value's keys are its content words, lowercased by SQLite, without edge punctuation ("Nationwide
Building Society": nationwide, building, society; a value with no content word, "A", keys on all its
words): a message naming any of them finds the fact, and the change detection then decides whether the
message names the value (``mentions.find_mention``). Testing that on every current fact cost the fact
pass most of its time at 30k facts (and grew with every fact). ``fact_value_keys`` (schema migration 7)
holds each current fact's keys, indexed; a key has no space in it, so it occurs in the message only
inside one space-free stretch of it. The message's substrings up to the longest key are looked up in
that index: the same facts as the scan, in the same order, for a cost that follows the message's
length, not the ledger's size. A message with a very long space-free stretch (a pasted blob) would give
too many substrings; it falls back to the scan.
"""
from __future__ import annotations

import json
from typing import Any

from memory_core.storage.schema import value_key_rows, value_key_word
from memory_core.storage.store import Store

#: More substrings than this to look up: the scan is the cheaper way (and gives the same facts).
MAX_LOOKUP_KEYS = 20_000

_CURRENT = "f.invalid_at IS NULL AND f.expired_at IS NULL AND f.valid_at <= :at"
#: The order the scan gives (SQLite walks ``facts_valid``): change detection meets the facts in this order.
_ORDER = "ORDER BY f.valid_at, f.invalid_at, f.id"


def longest_key(store: Store) -> int:
    """The longest current value key (0: no current fact); one step down ``fact_value_keys_length``."""
    return store.execute("SELECT max(key_length) FROM fact_value_keys").fetchone()[0] or 0


def lookup_keys(folded_text: str, longest: int, limit: int = MAX_LOOKUP_KEYS) -> set[str] | None:
    """Every substring of ``folded_text`` that could be a value key (no space, at most ``longest``
    characters; "" too, harmless: no key is empty); None when there are more than ``limit``."""
    keys = {""}
    for stretch in set(folded_text.split(" ")):
        for start in range(len(stretch)):
            keys.update(stretch[start:end] for end in range(start + 1, min(len(stretch), start + longest) + 1))
        if len(keys) > limit:
            return None
    return keys


def facts_named_in(store: Store, text: str, at: str, columns: str) -> list[dict[str, Any]]:
    """Current facts at ``at`` whose value key occurs in ``text`` (``columns`` of ``facts f``), in the
    scan's order: by the index when the message's substrings are few enough, else by the scan."""
    folded = text.casefold()
    keys = lookup_keys(folded, longest_key(store))
    if keys is None:
        return scan_facts_named_in(store, text, at, columns)
    return list(store.query(
        f"SELECT {columns} FROM facts f WHERE f.id IN (SELECT k.fact_id FROM fact_value_keys k "
        f"WHERE k.key IN (SELECT value FROM json_each(:keys))) AND {_CURRENT} {_ORDER}",
        {"keys": json.dumps(sorted(keys)), "at": at}))


def scan_facts_named_in(store: Store, text: str, at: str, columns: str) -> list[dict[str, Any]]:
    """The same as ``facts_named_in``, by testing every current fact (the fallback, and the reference
    the index is checked against)."""
    return list(store.query(
        f"SELECT {columns} FROM facts f WHERE {_CURRENT} AND EXISTS (SELECT 1 FROM {value_key_rows('f.value')} "
        f"AND instr(:text, {value_key_word()}) > 0) {_ORDER}", {"text": text.casefold(), "at": at}))
