"""When the in-memory copy of the message index may answer: which words, and when it must go.

recall/message_postings.py (the postings, and the word counts derived from them) is read from ``message_search``
off the search path and consulted by a cold search. It answers only for words FTS5 reads as one unchanged token,
and must be dropped the moment a message may have been forgotten, so that no forgotten word stays in memory. The
rule is kept here, apart from the arrays, so that any other copy of the index would follow the same one.
"""
from __future__ import annotations

import re

from memory_core.storage.store import Store

#: A word FTS5's unicode61 tokenizer keeps as one token, unchanged (lower-case letters and digits: it neither
#: splits nor folds it), so the index's vocabulary holds it as written.
PLAIN_TOKEN = re.compile(r"[a-z0-9]+")


def store_state(store: Store) -> tuple[int, int]:
    """(newest message id, newest audit event id): what a held copy records when it is read."""
    newest_message, newest_event = store.execute(
        "SELECT (SELECT max(id) FROM messages), (SELECT max(id) FROM events)").fetchone()
    return newest_message or 0, newest_event or 0


def words_may_be_gone(now: tuple[int, int], held_message: int, held_event: int) -> bool:
    """Whether a copy read at (``held_message``, ``held_event``) may hold words of a forgotten message: every forget
    and take-back writes an audit event, and a deleted newest message lowers the newest id."""
    newest_message, newest_event = now
    return newest_event != held_event or newest_message < held_message
