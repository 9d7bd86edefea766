"""The fact pass: rule extraction and resolution against the ledger, off the write path.

Storing a user message marks it in ``fact_pass_pending`` (same transaction as
the message; forgetting the message drops the mark by cascade). The pass takes
the marked messages oldest id first, the order they were stored and the order
inline extraction used, so a change always meets the fact it changes and
supersession comes out as before. Each message is extracted and unmarked in
its own short write transaction, its text parsed before the lock is taken: the
chat's next store waits at most for one message's resolution against the
ledger, and a crash leaves the message marked, never half done.

Runners in other threads or processes are safe: the next message is chosen
inside the write transaction, so two runners serialize and never extract one
message twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from memory_core.facts.llm_fact_extractor import fact_extractor_for, join_llm_candidates
from memory_core.facts.parse_tokens import DependencyParser
from memory_core.facts.resolution import IngestResult, extract_into, parse
from memory_core.llm import TextModel
from memory_core.storage import db as dbmod
from memory_core.storage.store import Message, Store

PENDING_TABLE = "fact_pass_pending"


def mark_pending(store: Store, message: Message) -> None:
    """Inside the write transaction: only user messages state facts about the user."""
    if message.role == "user":
        store.execute(f"INSERT OR IGNORE INTO {PENDING_TABLE} (message_id) VALUES (?)", [message.id])


def pending_count(store: Store) -> int:
    return store.execute(f"SELECT count(*) FROM {PENDING_TABLE}").fetchone()[0]


def oldest_pending_id(store: Store) -> int | None:
    """The first message not yet through the pass (None: all are); later passes must wait for it."""
    return store.execute(f"SELECT min(message_id) FROM {PENDING_TABLE}").fetchone()[0]


@dataclass
class FactPassReport:
    """What one pass did: each message extracted (in order) with the facts it added or retired."""
    results: list[IngestResult] = field(default_factory=list)
    #: Messages whose extraction raised: unmarked and logged (``fact_pass_failed``) so later ones go on.
    failed: int = 0

    @property
    def messages(self) -> int:
        return len(self.results)

    def for_message(self, message_id: int) -> IngestResult | None:
        return next((r for r in self.results if r.message.id == message_id), None)

    @property
    def fact_ids(self) -> list[int]:
        return [fact_id for r in self.results for fact_id in r.fact_ids]


def _peek(store: Store) -> Message | None:
    """The message the next step will most likely take (another runner may take it first)."""
    oldest = oldest_pending_id(store)
    if oldest is None:
        return None
    return store.message(oldest) or Message(oldest, "", "system", "", "")


def _take_next(store: Store) -> Message | None:
    """Inside the write transaction: the oldest marked message, unmarked (a vanished message is skipped)."""
    while True:
        oldest = oldest_pending_id(store)
        if oldest is None:
            return None
        store.execute(f"DELETE FROM {PENDING_TABLE} WHERE message_id = ?", [oldest])
        message = store.message(oldest)
        if message is not None:
            return message


def run_fact_pass(store: Store, *, limit: int | None = None, parser: DependencyParser | None = None,
                  fact_model: TextModel | None = None) -> FactPassReport:
    """Extract facts from marked messages, oldest first, until none is left (or ``limit`` were done).

    ``parser`` (a dependency parser, ``models.dependency_parser``) adds the tree shapes' facts to the rules';
    without it the pass is the rules alone. ``fact_model`` (a background TextModel) adds validated LLM facts
    where both found nothing, only when it has >= 1B parameters (``facts.llm_fact_extractor``). Parsing and
    the model's call happen here, before the write lock is taken.
    """
    report = FactPassReport()
    extractor = fact_extractor_for(fact_model)
    while limit is None or report.messages < limit:
        upcoming = _peek(store)  # without the write lock: parse the text first (pure CPU, no ledger)
        if upcoming is None:
            break
        try:
            parsed = parse(upcoming, parser) if upcoming.role == "user" else None
            llm_failure = None
            if parsed is not None and extractor is not None:
                parsed.candidates, llm_failure = join_llm_candidates(parsed.candidates, upcoming.text, extractor)
            with store.transaction():
                if llm_failure is not None:  # the rules' facts go on alone; ids and the failure's kind, never text
                    store.log_event("fact_llm_fallback", message_id=upcoming.id, reason=llm_failure)
                message = _take_next(store)
                ready = parsed if parsed is not None and message is not None and parsed.message_id == message.id \
                    else None
                if ready is None and message is not None and message.role == "user":
                    ready = parse(message, parser)  # another runner took the peeked one: parse this one here
                result = extract_into(store, message, ready) if message is not None else None
        except dbmod.OperationalError as exc:
            raise dbmod.translate_storage_error(store.path, exc) from exc
        except Exception as exc:  # noqa: BLE001 - one message the rules choke on must not stop all later ones
            _skip_oldest(store, type(exc).__name__)
            report.failed += 1
            continue
        if result is None:
            break
        report.results.append(result)
    return report


def _skip_oldest(store: Store, error: str) -> None:
    """Unmark the message extraction failed on (its text stays stored and searchable), and say so in the
    audit trail (ids and the error's kind only, never text)."""
    with store.transaction():
        oldest = oldest_pending_id(store)
        if oldest is not None:
            store.execute(f"DELETE FROM {PENDING_TABLE} WHERE message_id = ?", [oldest])
            store.log_event("fact_pass_failed", message_id=oldest, error=error)
