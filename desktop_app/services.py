"""The one place where the desktop app reaches the engine.

Widgets and workers call these functions, never ``memory_core`` internals
directly, so when an engine API changes only this module changes. Every
function takes the ``Store`` of the calling thread (each thread has its own
connection) and is plain, blocking Python: the Qt workers run them off the
UI thread.

Where the engine offers an operation (``memory_core.forgetting.forget``,
``memory_core.chat.assistant``, ...) it is used; the read-only queries the views
need (chat search with highlights, the timeline rows) are SQL over the
documented schema.
"""
from __future__ import annotations

import importlib
import re
import threading
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, Callable

from memory_core.clock import parse_iso, to_iso
from memory_core.errors import InvalidInput
from memory_core.storage.store import Message, Store

#: Markers put around search hits by FTS5 ``snippet()``; control chars cannot occur in stored text.
HIT_OPEN, HIT_CLOSE = "\x02", "\x03"
PRIORITIES = ("high", "medium", "low", "done")
PRIORITY_ICONS = {"high": "🔴", "medium": "🟡", "low": "🟢", "done": "✅"}


def engine(name: str):
    """The engine module ``memory_core.<name>``, or None while it is not there yet."""
    try:
        return importlib.import_module(f"memory_core.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"memory_core.{name}":
            return None
        raise


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


def thread_answer_memories(store: Store, thread_id: str) -> dict[int, list[Any]]:
    """Answer id -> its used memories, for every answer of a chat that has some."""
    from memory_core.storage.answer_memories import memories_for_answer, memory_counts

    answers = [m.id for m in store.messages(thread_id) if m.role == "assistant"]
    return {answer_id: memories_for_answer(store, answer_id) for answer_id in memory_counts(store, answers)}


def message_thread(store: Store, message_id: int) -> str | None:
    row = store.execute("SELECT thread_id FROM messages WHERE id = ?", [message_id]).fetchone()
    return row[0] if row else None


def title_from(text: str) -> str:
    """A short chat title from the first user message (what ChatGPT and Jan do)."""
    words = " ".join(text.split())
    return (words[:48].rsplit(" ", 1)[0] + "…") if len(words) > 50 else words


def thread_memory_counts(store: Store, thread_id: str) -> dict[str, int]:
    """How many memories were drawn from a chat (asked before deleting it)."""
    obs = store.execute(
        "SELECT count(DISTINCT om.observation_id) FROM observation_messages om "
        "JOIN messages m ON m.id = om.message_id WHERE m.thread_id = ?", [thread_id]).fetchone()[0]
    facts = store.execute(
        "SELECT count(DISTINCT fm.fact_id) FROM fact_messages fm "
        "JOIN messages m ON m.id = fm.message_id WHERE m.thread_id = ?", [thread_id]).fetchone()[0]
    return {"observations": obs, "facts": facts}


def delete_thread(store: Store, thread_id: str, *, forget_memories: bool,
                  on_forgotten: Callable[[Any], Any] | None = None) -> Any:
    """Delete a chat; with ``forget_memories`` also the memories drawn from it. Returns the receipt."""
    from memory_core.forgetting import forget

    return forget.delete_thread(store, thread_id, forget_memories=forget_memories, on_forgotten=on_forgotten)


def delete_message(store: Store, message_id: int) -> None:
    """Remove one message (regenerate replaces the last answer)."""
    with store.transaction():
        store.execute("DELETE FROM messages WHERE id = ?", [message_id])


# -- search across chats ---------------------------------------------------------
@dataclass(frozen=True)
class ChatHit:
    message_id: int
    thread_id: str
    thread_title: str
    role: str
    created_at: str
    snippet: str  # hits wrapped in HIT_OPEN / HIT_CLOSE


FTS_OPERATORS = {"AND", "OR", "NOT", "NEAR"}


def fts_query(text: str) -> str:
    """User text as a safe FTS5 query: each word quoted, so ``"``, ``*``, ``AND``, ``(`` never raise."""
    words = [w for w in re.findall(r"\w+", text, flags=re.UNICODE) if w not in FTS_OPERATORS]
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def search_chats(store: Store, text: str, limit: int = 50) -> list[ChatHit]:
    query = fts_query(text)
    if not query:
        return []
    rows = store.execute(
        "SELECT m.id, m.thread_id, t.title, m.role, m.created_at, "
        "snippet(messages_fts, 0, ?, ?, '…', 14) AS snip "
        "FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
        "JOIN threads t ON t.id = m.thread_id WHERE messages_fts MATCH ? "
        "ORDER BY rank LIMIT ?", [HIT_OPEN, HIT_CLOSE, query, limit]).fetchall()
    return [ChatHit(r[0], r[1], r[2] or "", r[3], r[4], r[5]) for r in rows]


# -- memory timeline ---------------------------------------------------------------
@dataclass(frozen=True)
class MemoryItem:
    kind: str  # observation | reflection
    id: int
    priority: str
    observed_at: str
    referenced_date: str | None
    text: str
    thread_id: str | None
    message_ids: tuple[int, ...] = ()
    observation_ids: tuple[int, ...] = ()

    @property
    def day(self) -> date:
        return parse_iso(self.observed_at).astimezone().date()


@dataclass
class TimelineFilter:
    priorities: set[str] = field(default_factory=lambda: set(PRIORITIES))
    kinds: set[str] = field(default_factory=lambda: {"observation", "reflection"})
    since: date | None = None
    until: date | None = None
    thread_id: str | None = None
    text: str = ""


def _day_bounds(f: TimelineFilter) -> tuple[str | None, str | None]:
    lo = hi = None
    if f.since:
        lo = to_iso(datetime.combine(f.since, datetime.min.time()).astimezone())
    if f.until:
        hi = to_iso(datetime.combine(f.until, datetime.max.time().replace(microsecond=0)).astimezone())
    return lo, hi


def timeline(store: Store, f: TimelineFilter | None = None, limit: int = 2000) -> list[MemoryItem]:
    """Observations and reflections, newest first, filtered as the timeline asks."""
    f = f or TimelineFilter()
    items: list[MemoryItem] = []
    lo, hi = _day_bounds(f)
    query = fts_query(f.text) if f.text.strip() else ""
    prios = [p for p in PRIORITIES if p in f.priorities]
    if not prios:
        return []
    marks = ",".join("?" * len(prios))
    if "observation" in f.kinds:
        sql = (f"SELECT o.id, o.priority, o.observed_at, o.referenced_date, o.text, o.thread_id, "
               f"(SELECT group_concat(message_id) FROM observation_messages WHERE observation_id = o.id) AS mids "
               f"FROM observations o WHERE o.priority IN ({marks})")
        params: list[Any] = list(prios)
        if lo:
            sql += " AND o.observed_at >= ?"; params.append(lo)
        if hi:
            sql += " AND o.observed_at <= ?"; params.append(hi)
        if f.thread_id:
            sql += (" AND (o.thread_id = ? OR o.id IN (SELECT om.observation_id FROM observation_messages om "
                    "JOIN messages m ON m.id = om.message_id WHERE m.thread_id = ?))")
            params += [f.thread_id, f.thread_id]
        if query:
            sql += " AND o.id IN (SELECT rowid FROM observations_fts WHERE observations_fts MATCH ?)"
            params.append(query)
        sql += " ORDER BY o.observed_at DESC, o.id DESC LIMIT ?"
        params.append(limit)
        for r in store.execute(sql, params).fetchall():
            items.append(MemoryItem("observation", r[0], r[1], r[2], r[3], r[4], r[5], _ids(r[6])))
    if "reflection" in f.kinds:
        sql = (f"SELECT r.id, r.priority, r.observed_at, r.referenced_date, r.text, "
               f"(SELECT group_concat(observation_id) FROM reflection_observations WHERE reflection_id = r.id) "
               f"FROM reflections r WHERE r.priority IN ({marks}) "
               f"AND r.generation_id = (SELECT max(id) FROM reflection_generations)")
        params = list(prios)
        if lo:
            sql += " AND r.observed_at >= ?"; params.append(lo)
        if hi:
            sql += " AND r.observed_at <= ?"; params.append(hi)
        if f.thread_id:
            sql += (" AND r.id IN (SELECT ro.reflection_id FROM reflection_observations ro JOIN "
                    "observation_messages om ON om.observation_id = ro.observation_id JOIN messages m "
                    "ON m.id = om.message_id WHERE m.thread_id = ?)")
            params.append(f.thread_id)
        if query:
            sql += " AND r.id IN (SELECT rowid FROM reflections_fts WHERE reflections_fts MATCH ?)"
            params.append(query)
        sql += " ORDER BY r.observed_at DESC, r.id DESC LIMIT ?"
        params.append(limit)
        for r in store.execute(sql, params).fetchall():
            items.append(MemoryItem("reflection", r[0], r[1], r[2], r[3], r[4], None, (), _ids(r[5])))
    items.sort(key=lambda i: (i.observed_at, i.kind == "reflection", i.id), reverse=True)
    return items


def _ids(text: str | None) -> tuple[int, ...]:
    return tuple(sorted(int(x) for x in text.split(","))) if text else ()


def provenance(store: Store, kind: str, item_id: int) -> list[Message]:
    """The messages an observation, reflection or fact came from (one click away in the timeline)."""
    if kind == "observation":
        sql = "SELECT message_id FROM observation_messages WHERE observation_id = ?"
    elif kind == "reflection":
        sql = ("SELECT DISTINCT om.message_id FROM reflection_observations ro JOIN observation_messages om "
               "ON om.observation_id = ro.observation_id WHERE ro.reflection_id = ?")
    elif kind == "fact":
        sql = "SELECT message_id FROM fact_messages WHERE fact_id = ?"
    else:
        raise InvalidInput(f"unknown memory kind {kind!r}")
    ids = [r[0] for r in store.execute(sql, [item_id]).fetchall()]
    return store.messages_by_ids(ids)


# -- facts ---------------------------------------------------------------------------
@dataclass(frozen=True)
class FactItem:
    id: int
    subject: str
    predicate: str
    value: str
    text: str
    category: str
    valid_at: str
    invalid_at: str | None
    expired_at: str | None
    superseded_by: str | None  # the newer fact's value, when one replaced this

    @property
    def current(self) -> bool:
        return self.invalid_at is None and self.expired_at is None


def facts(store: Store, *, history: bool = True, text: str = "") -> list[FactItem]:
    sql = ("SELECT f.id, f.subject, f.predicate, f.value, f.text, f.category, f.valid_at, f.invalid_at, "
           "f.expired_at, (SELECT n.value FROM facts n WHERE n.supersedes = f.id ORDER BY n.id DESC LIMIT 1) "
           "FROM facts f")
    where, params = [], []
    if not history:
        where.append("f.invalid_at IS NULL AND f.expired_at IS NULL")
    if text.strip() and fts_query(text):
        where.append("f.id IN (SELECT rowid FROM facts_fts WHERE facts_fts MATCH ?)")
        params.append(fts_query(text))
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY (f.invalid_at IS NULL AND f.expired_at IS NULL) DESC, f.valid_at DESC, f.id DESC"
    return [FactItem(*r) for r in store.execute(sql, params).fetchall()]


def month_year(iso: str) -> str:
    return parse_iso(iso).astimezone().strftime("%b %Y")


def validity_text(fact: FactItem) -> str:
    """'lived in Porto, Jan 2025 to Mar 2026, superseded by Lisbon'."""
    start = month_year(fact.valid_at)
    if fact.invalid_at:
        span = f"{start} to {month_year(fact.invalid_at)}"
    else:
        span = f"since {start}"
    tail = f", superseded by {fact.superseded_by}" if fact.superseded_by else ""
    if fact.expired_at and not fact.invalid_at and not fact.superseded_by:
        tail = ", retired"
    return f"{fact.text}, {span}{tail}"


# -- figures ----------------------------------------------------------------------------
@dataclass(frozen=True)
class MemoryFigures:
    observations: int
    reflections: int
    facts: int
    current_facts: int
    block_tokens: int


def memory_figures(store: Store) -> MemoryFigures:
    one = lambda sql: store.execute(sql).fetchone()[0] or 0  # noqa: E731
    gen = "(SELECT max(id) FROM reflection_generations)"
    obs_tokens = one("SELECT sum(coalesce(tokens, length(text) / 4)) FROM observations "
                     "WHERE reflected_in IS NULL")
    refl_tokens = one(f"SELECT sum(coalesce(tokens, length(text) / 4)) FROM reflections WHERE generation_id = {gen}")
    return MemoryFigures(
        observations=one("SELECT count(*) FROM observations"),
        reflections=one(f"SELECT count(*) FROM reflections WHERE generation_id = {gen}"),
        facts=one("SELECT count(*) FROM facts"),
        current_facts=one("SELECT count(*) FROM facts WHERE invalid_at IS NULL AND expired_at IS NULL"),
        block_tokens=int(obs_tokens + refl_tokens),
    )


# -- forget ------------------------------------------------------------------------------
# The engine (memory_core.forgetting.forget) plans and executes; the UI shows the plan's
# labels before anything goes and the receipt after.
KIND_TABLES = {"message": "messages", "observation": "observations", "reflection": "reflections", "fact": "facts"}


def item_text(store: Store, kind: str, item_id: int) -> str:
    table = KIND_TABLES.get(kind)
    if table is None:
        raise InvalidInput(f"unknown memory kind {kind!r}")
    row = store.execute(f"SELECT text FROM {table} WHERE id = ?", [item_id]).fetchone()
    if row is None:
        raise InvalidInput(f"that {kind} no longer exists (it may have been forgotten already)")
    return row[0]


def plan_forget(store: Store, kind: str, item_id: int, *, delete_sources: bool = True,
                remove_answers: bool = False) -> Any:
    from memory_core.forgetting import forget

    return forget.plan_forget(store, kind, item_id, include_sources=delete_sources, remove_answers=remove_answers)


def plan_forget_about(store: Store, text: str, *, embedder: Any = None, delete_sources: bool = True,
                      remove_answers: bool = False) -> Any:
    from memory_core.forgetting import forget

    return forget.plan_forget_about(store, text, embedder, include_sources=delete_sources,
                                    remove_answers=remove_answers)


def plan_delete_thread(store: Store, thread_id: str, *, forget_memories: bool) -> Any:
    from memory_core.forgetting import forget

    return forget.plan_delete_thread(store, thread_id, forget_memories=forget_memories)


def execute_forget(store: Store, plan: Any, *, on_forgotten: Callable[[Any], Any] | None = None) -> Any:
    from memory_core.forgetting import forget

    return forget.execute_forget(store, plan, on_forgotten=on_forgotten)


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
class TurnResult:
    user_message_id: int | None
    assistant_message_id: int | None
    text: str
    stopped: bool = False
    prompt_tokens: int = 0
    cached_tokens: int = 0
    tokens_per_second: float = 0.0
    context_length: int = 0


def make_memory_engine(store: Store, model: Any, embedder: Any, *, message_tokens: int = 0,
                       observation_tokens: int = 0) -> Any:
    """One observational-memory engine per loaded model, shared by the chat and memory workers."""
    from memory_core.observational.worker import make_engine
    from memory_core.observational.engine import OMConfig

    config = OMConfig.for_context(int(getattr(model, "context_length", 0) or 4096))
    if message_tokens:
        config.message_tokens = message_tokens
    if observation_tokens:
        config.observation_tokens = observation_tokens
    return make_engine(store, model, embedder, config=config)


def recall_for(embedder: Any, k: int = 3) -> Callable[[Store, str, str], list[Any]]:
    """The assistant's recall hook: a few hybrid-search hits from other chats, after the stable prompt.

    Each comes back with its kind and id, so the answer records it among the memories it used."""
    def recall(store: Store, thread_id: str, user_text: str) -> list[Any]:
        from memory_core.chat.context import Recalled
        from memory_core.recall.search import search

        result = search(store, user_text, k=k + 4, embedder=embedder)
        if result.abstained:
            return []
        return [Recalled(hit.kind, hit.id, hit.text) for hit in result.hits if hit.thread_id != thread_id][:k]
    return recall


def temporary_thread_id() -> str:
    """A temporary chat's id: never stored, known only to the assistant's in-memory history."""
    import uuid

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
        if temporary:
            return _pop_temporary(self.assistant, thread_id)
        return drop_last_exchange(self.store, thread_id)

    def turn(self, thread_id: str, text: str, *, temporary: bool, memory: bool, max_tokens: int,
             cancel: threading.Event, on_piece: Callable[[str], None], on_stored: Callable[[int], None]) -> TurnResult:
        """Store the message, stream the answer, store it. ``on_stored`` fires once the user text is safe."""
        settings = self.assistant.settings
        settings.temporary, settings.memory, settings.max_tokens = temporary, memory and not temporary, max_tokens
        generator = self.assistant.stream(thread_id, text, cancel=cancel)
        stored = False
        try:
            while True:
                try:
                    piece = next(generator)
                except StopIteration as stop:
                    result = stop.value
                    break
                if not stored:
                    stored = True
                    on_stored(-1)
                on_piece(piece)
        except BaseException as exc:
            exc.mneme_user_stored = stored  # type: ignore[attr-defined]
            raise
        if not stored and result.user_message_id is not None:
            on_stored(result.user_message_id)
        stats = result.stats
        return TurnResult(result.user_message_id, result.reply_message_id, result.reply, result.cancelled,
                          int(getattr(stats, "prompt_tokens", 0) or 0), int(getattr(stats, "cached_tokens", 0) or 0),
                          float(getattr(stats, "tokens_per_second", 0.0) or 0.0),
                          int(getattr(self.model, "context_length", 0) or 0))


def user_text_stored(store: Store, thread_id: str, text: str) -> int | None:
    """Whether the thread's newest user message is this text (did a failed turn store it?)."""
    from memory_core.storage.store import clean_text

    try:
        row = store.execute("SELECT id, text FROM messages WHERE thread_id = ? AND role = 'user' "
                            "ORDER BY created_at DESC, id DESC LIMIT 1", [thread_id]).fetchone()
    except Exception:  # noqa: BLE001 - an unreadable database: treat as not stored, keep the text
        return None
    return row[0] if row and row[1] == clean_text(text) else None


def last_exchange(store: Store, thread_id: str) -> tuple[Message | None, Message | None]:
    """The last user message and the answer after it (what Regenerate replaces)."""
    messages = store.messages(thread_id)
    answer = messages[-1] if messages and messages[-1].role == "assistant" else None
    rest = messages[:-1] if answer else messages
    user = rest[-1] if rest and rest[-1].role == "user" else None
    return user, answer


def drop_last_exchange(store: Store, thread_id: str) -> str | None:
    """Remove the last question and its answer so Regenerate can ask again; returns the question."""
    user, answer = last_exchange(store, thread_id)
    if user is None:
        return None
    with store.transaction():
        for message in (answer, user):
            if message is not None:
                store.execute("DELETE FROM messages WHERE id = ?", [message.id])
    return user.text


def _pop_temporary(assistant: Any, thread_id: str) -> str | None:
    # The assistant keeps a temporary chat's history in memory only (_temporary); regenerate
    # needs the last question back. TODO(memory engineer): a public Assistant.pop_last_exchange.
    chat = getattr(assistant, "_temporary", {}).get(thread_id)
    if chat is None:
        return None
    messages = chat.messages
    if messages and messages[-1].role == "assistant":
        messages.pop()
    return messages.pop().text if messages and messages[-1].role == "user" else None


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

    return import_file(store, path, progress=report)


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
