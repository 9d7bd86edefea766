"""The hot write path: store a message durably, and nothing that can wait.

Storing, the FTS indexes (triggers) and, for a user message, its mark for the
fact pass happen in one transaction. Fact extraction (rules, frames, changes,
resolution against the ledger) runs later in ``memory_core.facts.fact_pass``,
in message order, before anything reads facts (the memory worker after each
turn; the CLI before ``memory facts``, ``observe``, ``context``, ``search``,
export and the evaluations). It made the write's tail: at 100k messages and
30k facts, the messages that yielded facts took 43 ms at p99 inline
(bench/results/write.md). A crash between the two steps leaves the message
marked, and the next pass extracts it.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.facts.fact_pass import mark_pending, run_fact_pass
from memory_core.facts.parse_tokens import DependencyParser
from memory_core.facts.resolution import IngestResult, extract_into  # noqa: F401 - callers import them from here
from memory_core.storage import db as dbmod
from memory_core.storage.store import Store

#: Clocks drift and time zones get mixed up; more than this ahead of now is refused.
FUTURE_TOLERANCE = timedelta(minutes=15)


def check_not_future(at: datetime | None, *, now: datetime | None = None) -> None:
    if at is None:
        return
    moment = at if at.tzinfo else at.astimezone()
    if moment - (now or utc_now()) > FUTURE_TOLERANCE:
        raise InvalidInput(f"the message is dated {to_iso(moment)}, which is in the future: check the date "
                           "(and its time zone); nothing was stored")


def ingest_in_transaction(store: Store, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                          external_id: str | None = None, speaker: str | None = None) -> IngestResult | None:
    """The hot path inside the caller's transaction (the importer batches many).

    Returns None when ``external_id`` is already stored in this thread. The result's
    fact lists are empty: the fact pass fills the ledger (``run_fact_pass``).
    """
    check_not_future(at)
    message = store.insert_message(thread_id, role, text, at=at, external_id=external_id, speaker=speaker)
    if message is None:
        return None
    mark_pending(store, message)
    return IngestResult(message)


def ingest_message(store: Store, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                   external_id: str | None = None, speaker: str | None = None) -> IngestResult:
    try:
        with store.transaction():
            result = ingest_in_transaction(store, thread_id, role, text, at=at, external_id=external_id,
                                           speaker=speaker)
    except dbmod.OperationalError as exc:
        raise dbmod.translate_storage_error(store.path, exc) from exc
    if result is None:
        raise InvalidInput(f"message {external_id!r} is already stored in thread {thread_id!r}")
    return result


def ingest_and_extract(store: Store, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                       external_id: str | None = None, speaker: str | None = None,
                       parser: DependencyParser | None = None) -> IngestResult:
    """Store a message, then run the fact pass at once (``mneme memory add``, evaluations, tests): two
    transactions, the message committed first (the optional dependency ``parser`` runs after that commit).
    The result lists the facts this message added or retired."""
    message = ingest_message(store, thread_id, role, text, at=at, external_id=external_id, speaker=speaker).message
    return run_fact_pass(store, parser=parser).for_message(message.id) or IngestResult(message)
