"""The hot write path: store a message and do the cheap, model-free work at once.

Extraction of facts is added here (rules, no LLM); embeddings are deferred to
the background memory job so storing stays within milliseconds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from .errors import InvalidInput
from .store import Message, Store


@dataclass
class IngestResult:
    message: Message
    fact_ids: list[int] = field(default_factory=list)


def ingest_message(store: Store, thread_id: str, role: str, text: str, *, at: datetime | None = None,
                   external_id: str | None = None, speaker: str | None = None) -> IngestResult:
    with store.transaction():
        message = store.insert_message(thread_id, role, text, at=at, external_id=external_id, speaker=speaker)
        if message is None:
            raise InvalidInput(f"message {external_id!r} is already stored in thread {thread_id!r}")
        return IngestResult(message)
