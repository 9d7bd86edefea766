"""One chat turn, with memory: used by ``mneme chat`` and the desktop app alike (no Qt here).

prepare -> (optional recall) -> stream the reply -> store both messages -> tell
the worker memory may be due. A temporary chat neither reads nor writes the
store (its history lives in this object only); with memory off, the chat is
saved but memory is neither shown to the model nor written from that chat.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Callable, Iterator, Sequence

from memory_core.chat.cautions import Caution, answer_cautions
from memory_core.chat.context import (
    DEFAULT_STAMP_STYLE,
    DEFAULT_SYSTEM_PROMPT,
    AssembledPrompt,
    PrefixTracker,
    Recalled,
    assemble,
    next_turn_prefix,
)
from memory_core.chat.model_view import CHAT_STOPS, DEFAULT_STYLE
from memory_core.chat.stamp_echo import StampEchoFilter
from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.ingest import ingest_in_transaction, ingest_message
from memory_core.llm import ChatModel, Embedder
from memory_core.observational.engine import OMEngine, exclude_thread
from memory_core.observational.tokens import TokenCounter
from memory_core.storage import db as dbmod
from memory_core.storage.answer_memories import MemoryUse, record_answer_memories
from memory_core.storage.store import Message, clean_text

#: recall(store, thread_id, user_text) -> items placed after the stable part of the prompt. ``Recalled``
#: items (kind, id, text) are also recorded as the answer's provenance; plain strings only shown.
Recall = Callable[[object, str, str], Sequence[str | Recalled]]


@dataclass
class ChatSettings:
    memory: bool = True
    temporary: bool = False
    system_prompt: str = DEFAULT_SYSTEM_PROMPT
    max_tokens: int = 512
    temperature: float = 0.7
    #: how memory lines are written for the model, and where an answer stops (see model_view.py)
    memory_style: str = DEFAULT_STYLE
    stops: tuple[str, ...] = CHAT_STOPS
    #: how a user message's time reads in the prompt (context.STAMP_STYLES)
    stamp_style: str = DEFAULT_STAMP_STYLE


@dataclass
class TurnResult:
    reply: str
    prompt: AssembledPrompt
    stats: object | None = None
    user_message_id: int | None = None
    reply_message_id: int | None = None
    cancelled: bool = False
    #: allergies the answer names (cautions.py): shown beside it, the answer itself unchanged
    cautions: list[Caution] = field(default_factory=list)


@dataclass
class _TemporaryChat:
    messages: list[Message] = field(default_factory=list)


class Assistant:
    """Turn orchestration over a store, a ChatModel, and (optionally) a MemoryWorker and recall."""

    def __init__(self, store, model: ChatModel, *, embedder: Embedder | None = None,
                 settings: ChatSettings | None = None, recall: Recall | None = None, worker=None,
                 engine: OMEngine | None = None, tz: tzinfo | None = None, reply_reserve: int | None = None):
        self.store, self.model, self.embedder = store, model, embedder
        self.settings = settings or ChatSettings()
        self.recall, self.worker, self.tz = recall, worker, tz
        self.engine = engine or (worker.engine if worker is not None else None)
        self.counter = self.engine.counter if self.engine is not None else TokenCounter(model)
        self.reply_reserve = reply_reserve if reply_reserve is not None else self.settings.max_tokens
        self.tracker = PrefixTracker()
        self._temporary: dict[str, _TemporaryChat] = {}
        if worker is not None and getattr(worker, "prefix_source", False) is None:
            worker.prefix_source = self.stable_prefix

    @property
    def budget(self) -> int:
        return max(256, int(getattr(self.model, "context_length", 4096)) - self.reply_reserve)

    def status(self) -> str | None:
        state = self.engine.state if self.engine is not None else None
        return state.describe() if state is not None and state.phase == "failed" else None

    def stable_prefix(self, store, thread_id: str, now: datetime | None = None) -> list[dict[str, str]]:
        """What this assistant's next turn in ``thread_id`` starts with (read through ``store``, the
        caller's connection); empty when the prompt has no memory block to prepare."""
        if self.settings.temporary or not self.settings.memory:
            return []
        return next_turn_prefix(store, thread_id, counter=self.counter, budget=self.budget, tz=self.tz, now=now,
                                system_prompt=self.settings.system_prompt, stamp_style=self.settings.stamp_style)

    def prepare(self, thread_id: str, user_text: str, *, now: datetime | None = None) -> AssembledPrompt:
        """The exact messages the model will get for this turn (nothing is written)."""
        settings = self.settings
        if settings.temporary:
            history = self._temporary.setdefault(thread_id, _TemporaryChat()).messages
            return assemble(None, thread_id, user_text, counter=self.counter, budget=self.budget, memory=False,
                            tz=self.tz, now=now, system_prompt=settings.system_prompt, history=history,
                            tracker=self.tracker, stamp_style=settings.stamp_style)
        if settings.memory and self.engine is not None:
            self.engine.ensure_within_hard_limit(self.store, thread_id)
        recalled: Sequence[str | Recalled] = ()
        if settings.memory and self.recall is not None:
            try:
                recalled = list(self.recall(self.store, thread_id, user_text))
            except Exception:  # noqa: BLE001 - recall is a bonus; a turn never fails for it
                recalled = ()
        return assemble(self.store, thread_id, user_text, counter=self.counter, budget=self.budget,
                        memory=settings.memory, tz=self.tz, now=now, system_prompt=settings.system_prompt,
                        recalled=recalled, status=self.status(), tracker=self.tracker,
                        memory_style=settings.memory_style, stamp_style=settings.stamp_style)

    def stream(self, thread_id: str, user_text: str, *, cancel: threading.Event | None = None,
               now: datetime | None = None,
               on_user_stored: Callable[[int], None] | None = None) -> Iterator[str]:
        """Yield reply pieces; the turn is stored when the generator finishes (or is closed).

        ``on_user_stored(message_id)`` fires as soon as the user's message is safe in the
        store, before the model runs, so a caller knows it even if the model then fails.
        """
        result = yield from self._turn(thread_id, user_text, cancel=cancel, now=now, on_user_stored=on_user_stored)
        return result

    def send(self, thread_id: str, user_text: str, *, on_token: Callable[[str], None] | None = None,
             cancel: threading.Event | None = None, now: datetime | None = None,
             on_user_stored: Callable[[int], None] | None = None) -> TurnResult:
        generator = self._turn(thread_id, user_text, cancel=cancel, now=now, on_user_stored=on_user_stored)
        while True:
            try:
                piece = next(generator)
            except StopIteration as stop:
                return stop.value
            if on_token is not None:
                on_token(piece)

    def _turn(self, thread_id: str, user_text: str, *, cancel, now, on_user_stored=None) -> Iterator[str]:
        text = clean_text(user_text)
        if not text.strip():
            raise InvalidInput("the message is empty: nothing was sent")
        now = now or utc_now()
        prompt = self.prepare(thread_id, text, now=now)
        user_id = self._remember(thread_id, "user", text, now)
        if user_id is not None and on_user_stored is not None:
            on_user_stored(user_id)
        pieces: list[str] = []
        stamps = StampEchoFilter()  # the small model copies the messages' day stamps: never shown or stored
        for piece in self.model.stream(prompt.messages, max_tokens=self.settings.max_tokens,
                                       temperature=self.settings.temperature, stop=self.settings.stops,
                                       cancel=cancel):
            shown = stamps.feed(piece)
            if shown:
                pieces.append(shown)
                yield shown
        rest = stamps.flush()
        if rest:
            pieces.append(rest)
            yield rest
        reply = "".join(pieces).strip()
        reply_id = self._remember(thread_id, "assistant", reply, utc_now() if now is None else now,
                                  used=prompt.used) if reply else None
        if not self.settings.temporary and self.settings.memory and self.worker is not None:
            self.worker.notify(thread_id)
        return TurnResult(reply, prompt, getattr(self.model, "last_stats", None), user_id, reply_id,
                          bool(cancel is not None and cancel.is_set()), self._cautions(reply))

    def _cautions(self, reply: str) -> list[Caution]:
        """The allergies a reply names; none where memory is not read (a temporary chat, memory off)."""
        if self.settings.temporary or not self.settings.memory:
            return []
        try:
            return answer_cautions(self.store, reply)
        except dbmod.DB_ERRORS:  # the answer is stored and shown already: a caution is never worth failing it
            return []

    def take_back_last_exchange(self, thread_id: str) -> str | None:
        """Regenerate: remove the last question and its answer; returns the question (None: nothing to ask)."""
        if self.settings.temporary:
            messages = self._temporary.get(thread_id, _TemporaryChat()).messages
        else:
            messages = self.store.messages(thread_id)[-2:]
        taken = messages[-1:] if messages and messages[-1].role == "assistant" else []
        rest = messages[:len(messages) - len(taken)]
        if not rest or rest[-1].role != "user":
            return None
        question = rest[-1]
        if self.settings.temporary:
            del messages[len(rest) - 1:]
        else:
            self.store.delete_messages([question.id] + [m.id for m in taken])
        return question.text

    def _remember(self, thread_id: str, role: str, text: str, at: datetime,
                  used: Sequence[MemoryUse] = ()) -> int | None:
        """Store one message; an answer's used memories go in with it, in the same transaction."""
        if self.settings.temporary:
            chat = self._temporary.setdefault(thread_id, _TemporaryChat())
            chat.messages.append(Message(-len(chat.messages) - 1, thread_id, role, text, to_iso(at)))
            return None
        if not self.settings.memory:
            exclude_thread(self.store, thread_id)
        if not used:
            return ingest_message(self.store, thread_id, role, text, at=at).message.id
        try:
            with self.store.transaction():
                result = ingest_in_transaction(self.store, thread_id, role, text, at=at)
                record_answer_memories(self.store, result.message.id, used)
        except dbmod.OperationalError as exc:
            raise dbmod.translate_storage_error(self.store.path, exc) from exc
        return result.message.id


def open_assistant(store, model: ChatModel, thread_id: str, *, settings: ChatSettings | None = None,
                   embedder: Embedder | None = None, recall: Recall | None = None,
                   background: bool = True) -> Assistant:
    """An Assistant with its memory worker, for a chat about to start in ``thread_id``.

    Other chats' unobserved messages are observed first (synchronously: the
    extractive observer takes milliseconds per message), so what was said in an
    earlier chat is known from the first turn of this one; later jobs run on a
    background thread. Call ``close_assistant`` when the chat ends.
    """
    from memory_core.observational.worker import MemoryWorker

    worker = MemoryWorker(store, model, embedder)
    worker.notify(thread_id)
    worker.run_pending()
    if background:
        worker.start()
    return Assistant(store, model, embedder=embedder, settings=settings, recall=recall, worker=worker)


def close_assistant(assistant: Assistant) -> None:
    """Stop the memory worker (waits for a running job; what it committed is kept)."""
    if assistant.worker is not None:
        assistant.worker.stop()
        assistant.worker.close()
