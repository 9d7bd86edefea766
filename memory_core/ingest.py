"""The hot write path: store a message and do the cheap, model-free work at once.

Storing, the FTS index (triggers) and fact extraction (rules, no LLM) happen in
one transaction, so a crash never leaves a message without its facts or facts
without their message. Embeddings are deferred to the background memory job
(``indexing.backfill_embeddings``) so storing stays within milliseconds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.facts.extraction import extract
from memory_core.facts import ledger as factsmod
from memory_core.storage import db as dbmod
from memory_core.storage.store import Message, Store

#: Clocks drift and time zones get mixed up; more than this ahead of now is refused.
FUTURE_TOLERANCE = timedelta(minutes=15)


@dataclass
class IngestResult:
    message: Message
    fact_ids: list[int] = field(default_factory=list)
    retired_fact_ids: list[int] = field(default_factory=list)


def check_not_future(at: datetime | None, *, now: datetime | None = None) -> None:
    if at is None:
        return
    moment = at if at.tzinfo else at.astimezone()
    if moment - (now or utc_now()) > FUTURE_TOLERANCE:
        raise InvalidInput(f"the message is dated {to_iso(moment)}, which is in the future: check the date "
                           "(and its time zone); nothing was stored")


def extract_into(store: Store, message: Message) -> IngestResult:
    """Run rule extraction on a stored user message and resolve exact-slot conflicts (caller's transaction)."""
    result = IngestResult(message)
    if message.role != "user":
        return result
    for candidate in extract(message.text):
        if candidate.op == "retract":
            change = factsmod.retract_fact(store, candidate.subject, candidate.predicate, candidate.value,
                                           at=message.created_at, message_ids=[message.id])
        else:
            change = factsmod.add_fact(store, candidate.subject, candidate.predicate, candidate.value,
                                       valid_at=message.created_at, message_ids=[message.id],
                                       thread_id=message.thread_id)
        if change.fact_id is not None and change.fact_id not in result.fact_ids:
            result.fact_ids.append(change.fact_id)
        result.retired_fact_ids += change.retired
    return result


def ingest_in_transaction(store: Store, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                          external_id: str | None = None, speaker: str | None = None) -> IngestResult | None:
    """The hot path inside the caller's transaction (the importer batches many).

    Returns None when ``external_id`` is already stored in this thread.
    """
    check_not_future(at)
    message = store.insert_message(thread_id, role, text, at=at, external_id=external_id, speaker=speaker)
    if message is None:
        return None
    return extract_into(store, message)


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
