"""The one place where the desktop app reaches the engine.

Widgets, workers and jobs call these functions, never ``memory_core`` internals
directly, so when an engine API changes only this module changes. Every
function takes the ``Store`` of the calling thread (each thread has its own
connection) and is plain, blocking Python: the Qt workers run them off the
UI thread. There is no SQL here: the read models (timeline, facts, figures,
provenance, chat search) are the engine's, re-exported below.
"""
from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from memory_core.errors import InvalidInput
from memory_core.facts.listing import FactItem, list_facts, validity_text
from memory_core.forgetting import forget
from memory_core.llm import cut_short_reason
from memory_core.observational.timeline import PRIORITIES, MemoryItem, TimelineFilter, timeline
from memory_core.recall.chat_search import HIT_CLOSE, HIT_OPEN, ChatHit, search_chats
from memory_core.storage.items import MemoryFigures, ThreadMemories, item_text, memory_figures, source_messages, \
    thread_memories
from memory_core.storage.sql import fts_all_words
from memory_core.storage.store import Message, Store

__all__ = ["PRIORITIES", "MemoryItem", "TimelineFilter", "timeline", "FactItem", "list_facts", "validity_text",
           "ChatHit", "HIT_OPEN", "HIT_CLOSE", "search_chats", "MemoryFigures", "memory_figures", "ThreadMemories",
           "thread_memories", "item_text", "source_messages", "fts_all_words"]
PRIORITY_ICONS = {"high": "🔴", "medium": "🟡", "low": "🟢", "done": "✅"}


# -- chats --------------------------------------------------------------------
@dataclass(frozen=True)
class ThreadInfo:
    id: str
    title: str
    updated_at: str
    message_count: int


def list_threads(store: Store) -> list[ThreadInfo]:
    return [ThreadInfo(r["id"], r["title"] or "", r["updated_at"], r["message_count"]) for r in store.threads()]


def new_thread(store: Store, title: str = "") -> str:
    return store.new_thread(title)


def rename_thread(store: Store, thread_id: str, title: str) -> None:
    title = " ".join(title.split())[:200]
    if not title:
        raise InvalidInput("a chat title cannot be empty")
    store.rename_thread(thread_id, title)


def thread_messages(store: Store, thread_id: str) -> list[Message]:
    return store.messages(thread_id)


def answer_memories(store: Store, answer_id: int) -> list[Any]:
    """The memories one answer was generated with (shown under it as "Used N memories")."""
    from memory_core.storage.answer_memories import memories_for_answer

    return memories_for_answer(store, answer_id)


def thread_cautions(store: Store, messages: list[Any]) -> dict[int, list[str]]:
    """Answer id -> the caution lines shown under it, for a reopened chat's answers (memory_core.chat.cautions)."""
    from memory_core.chat.cautions import cautions_by_answer

    return {answer_id: [c.describe() for c in cautions]
            for answer_id, cautions in cautions_by_answer(store, messages).items()}


def thread_answer_memories(store: Store, thread_id: str) -> dict[int, list[Any]]:
    """Answer id -> its used memories, for every answer of a chat that has some."""
    from memory_core.storage.answer_memories import memories_for_answer, memory_counts

    answers = [m.id for m in store.messages(thread_id) if m.role == "assistant"]
    return {answer_id: memories_for_answer(store, answer_id) for answer_id in memory_counts(store, answers)}


def message_thread(store: Store, message_id: int) -> str | None:
    """The chat a message is in (None when it is gone)."""
    found = store.messages_by_ids([message_id])
    return found[0].thread_id if found else None


def title_from(text: str) -> str:
    """A short chat title from the first user message (what ChatGPT and Jan do)."""
    words = " ".join(text.split())
    return (words[:48].rsplit(" ", 1)[0] + "…") if len(words) > 50 else words


# -- forget ------------------------------------------------------------------------------
# The engine (memory_core.forgetting.forget) plans and executes; the UI shows the plan's
# labels before anything goes and the receipt after.
def plan_forget(store: Store, kind: str, item_id: int, *, delete_sources: bool = True,
                remove_answers: bool = False) -> Any:
    return forget.plan_forget(store, kind, item_id, include_sources=delete_sources, remove_answers=remove_answers)


def plan_forget_about(store: Store, text: str, *, embedder: Any = None, delete_sources: bool = True,
                      remove_answers: bool = False) -> Any:
    return forget.plan_forget_about(store, text, embedder, include_sources=delete_sources,
                                    remove_answers=remove_answers)


def apply_forget_plan(store: Store, plan: Any, *, on_forgotten: Callable[[Any], Any] | None = None) -> Any:
    return forget.execute_forget(store, plan, on_forgotten=on_forgotten)


def delete_thread(store: Store, thread_id: str, *, forget_memories: bool,
                  on_forgotten: Callable[[Any], Any] | None = None) -> Any:
    """Delete a chat; with ``forget_memories`` also the memories drawn from it. Returns the receipt."""
    return forget.delete_thread(store, thread_id, forget_memories=forget_memories, on_forgotten=on_forgotten)


def plan_groups(plan: Any) -> list[tuple[str, list[str]]]:
    """The plan as (heading, labels) groups for the confirmation dialog."""
    names = {"message": "Source messages", "observation": "Observations", "reflection": "Reflection lines",
             "fact": "Facts", "thread": "Chats"}
    removed_answers = set(plan.answers) if getattr(plan, "remove_answers", False) else set()
    groups = []
    for kind in ("fact", "observation", "reflection", "message", "thread"):
        ids = sorted(plan.ids(kind) - removed_answers if kind == "message" else plan.ids(kind), key=str)
        if ids:
            labels = plan.labels.get(kind, {})
            groups.append((names[kind], [labels.get(i, f"{kind} {i}") or f"{kind} {i}" for i in ids]))
    if removed_answers:
        labels = plan.labels.get("answer", {})
        groups.append(("Answers generated with it", [labels.get(i) or f"message {i}" for i in sorted(removed_answers)]))
    return groups


# -- a chat turn ------------------------------------------------------------------------------
@dataclass
class AnswerShown:
    """What the window shows under an answer; built from the assistant's ``TurnResult``."""

    user_message_id: int | None
    assistant_message_id: int | None
    text: str
    stopped: bool = False
    prompt_tokens: int = 0
    cached_tokens: int = 0
    tokens_per_second: float = 0.0
    context_length: int = 0
    #: why the answer ended unfinished ("it reached its length limit"), or "" (llm.cut_short_reason)
    cut_short: str = ""
    #: allergies the answer names, each a line shown under it (memory_core.chat.cautions)
    cautions: tuple[str, ...] = ()


def make_memory_engine(store: Store, model: Any, embedder: Any, *, message_tokens: int = 0,
                       observation_tokens: int = 0) -> Any:
    """One observational-memory engine per loaded model, shared by the chat and memory workers."""
    from memory_core.observational.engine import OMConfig
    from memory_core.observational.worker import make_engine

    config = OMConfig.for_context(int(getattr(model, "context_length", 0) or 4096))
    if message_tokens:
        config.message_tokens = message_tokens
    if observation_tokens:
        config.observation_tokens = observation_tokens
    return make_engine(store, model, embedder, config=config)


def fact_parser() -> Any:
    """The dependency parser for the memory worker's fact pass (None: ``MNEME_NO_PARSER=1`` or no spaCy).
    Not loaded here: its model loads on the first message the worker parses, on the memory thread."""
    from models.dependency_parser import shared_parser

    return shared_parser()


def prefix_source(model: Any, engine: Any) -> Callable[[Store, str, Any], list[dict[str, str]]] | None:
    """The memory worker's view of the next chat turn's stable prefix, as ``ChatSession``'s assistant
    builds it (default system prompt, a 512-token reply reserve), so it can prepare it after a commit."""
    if model is None or engine is None:
        return None
    from memory_core.chat.assistant import ChatSettings
    from memory_core.chat.context import next_turn_prefix

    settings = ChatSettings()
    budget = max(256, int(getattr(model, "context_length", 4096)) - settings.max_tokens)

    def source(store: Store, thread_id: str, now: Any = None) -> list[dict[str, str]]:
        return next_turn_prefix(store, thread_id, counter=engine.counter, budget=budget, now=now,
                                system_prompt=settings.system_prompt)
    return source


def recall_for(embedder: Any, k: int = 3) -> Callable[[Store, str, str], list[Any]]:
    """The assistant's recall hook (memory_core/chat/recall_hook.py): a few hybrid-search hits after the
    stable prompt, none for small talk, none the prompt already shows. Each comes back with its kind and
    id, so the answer records it among the memories it used."""
    from memory_core.chat.recall_hook import recall_for as shipped

    return shipped(embedder, k)


def temporary_thread_id() -> str:
    """A temporary chat's id: never stored, known only to the assistant's in-memory history."""
    return "temp-" + uuid.uuid4().hex[:10]


class ChatSession:
    """The memory-aware assistant for one thread's store connection and one loaded model."""

    def __init__(self, store: Store, model: Any, embedder: Any = None, engine: Any = None):
        from memory_core.chat.assistant import Assistant

        self.store, self.model = store, model
        self.assistant = Assistant(store, model, embedder=embedder, engine=engine,
                                   recall=recall_for(embedder) if embedder is not None else None)

    def pop_last_exchange(self, thread_id: str, *, temporary: bool) -> str | None:
        """Regenerate: take back the last question and answer; returns the question."""
        self.assistant.settings.temporary = temporary
        return self.assistant.take_back_last_exchange(thread_id)

    def turn(self, thread_id: str, text: str, *, temporary: bool, memory: bool, max_tokens: int,
             cancel: threading.Event, on_piece: Callable[[str], None],
             on_stored: Callable[[int], None]) -> AnswerShown:
        """Store the message, stream the answer, store it. ``on_stored(id)`` fires once the user text is safe."""
        settings = self.assistant.settings
        settings.temporary, settings.memory, settings.max_tokens = temporary, memory and not temporary, max_tokens
        result = self.assistant.send(thread_id, text, on_token=on_piece, cancel=cancel, on_user_stored=on_stored)
        stats = result.stats
        return AnswerShown(result.user_message_id, result.reply_message_id, result.reply, result.cancelled,
                           int(getattr(stats, "prompt_tokens", 0) or 0), int(getattr(stats, "cached_tokens", 0) or 0),
                           float(getattr(stats, "tokens_per_second", 0.0) or 0.0),
                           int(getattr(self.model, "context_length", 0) or 0),
                           "" if result.cancelled else (cut_short_reason(stats) or ""),
                           tuple(caution.describe() for caution in result.cautions))


# -- memory worker ------------------------------------------------------------------------------
def state_tuple(state: Any) -> tuple[str, int, str]:
    """An OMState as (phase, percent or -1, detail) for the status bar."""
    phase = getattr(state, "phase", "idle")
    done, total = getattr(state, "done", 0), getattr(state, "total", 0)
    percent = int(100 * done / total) if total else -1
    detail = state.describe() if hasattr(state, "describe") else ""
    if phase == "failed":
        detail = getattr(state, "reason", "") or detail
    return phase, percent, detail


# -- export and import ------------------------------------------------------------------------------
def export_data(store: Store, kind: str, path: Path, passphrase: str | None,
                progress: Callable[[int, str], Any]) -> Any:
    from memory_core.portability import export

    def report(done: int, total: int, stage: str) -> None:
        progress(int(100 * done / total) if total else -1, stage)

    if kind == "backup":
        if not passphrase:
            raise InvalidInput("a backup needs its own passphrase")
        return export.backup_database(store, path, passphrase, overwrite=True, progress=report)
    return export.export_json(store, path, overwrite=True, progress=report)


def import_chats(store: Store, path: Path, progress: Callable[[int, str], Any]) -> Any:
    """JSONL or ChatGPT ``conversations.json``: batched, resumable, idempotent (memory_core.portability.importers)."""
    from memory_core.portability.importers import import_file

    def report(done: int, total: int, added: int) -> None:
        progress(int(100 * done / total) if total else -1, f"{added:,} messages added")

    result = import_file(store, path, progress=report)
    compact_after_import(store, result.added, progress)
    return result


def compact_after_import(store: Store, added: int, progress: Callable[[int, str], Any]) -> Any:
    """A large import interleaves every table's pages, which slows cold search: compact then, as
    ``mneme memory import`` does (``storage.compaction.after_import``; a busy database is skipped)."""
    from memory_core.storage import compaction

    if added and compaction.worth_it(store)[0]:
        progress(-1, f"{added:,} messages added; tidying the database")
    return compaction.after_import(store, added)


def describe_import(report: Any) -> str:
    """'1,204 messages added, 3 duplicates skipped; line 17: not JSON' for the settings dialog."""
    parts = [f"{report.added:,} messages added"]
    if report.duplicates:
        parts.append(f"{report.duplicates:,} already there")
    if report.facts:
        parts.append(f"{report.facts:,} facts found")
    text = ", ".join(parts)
    if report.errors:
        shown = "; ".join(str(e) for e in report.errors[:3])
        more = f" (and {len(report.errors) - 3} more)" if len(report.errors) > 3 else ""
        text += f". Skipped {len(report.errors)} bad line(s): {shown}{more}"
    return text
