"""``mneme chat``: talk to the local model in the terminal, with streaming and Ctrl+C to stop a reply.

Ctrl+C while the model writes stops that reply (within one token) and returns
to the prompt; Ctrl+C (or Ctrl+D) at the prompt exits. ``--once TEXT`` prints
one answer to stdout and exits.

With a database, ``TerminalChat`` hands each turn to ``memory_core.chat.assistant``
(observational memory across chats, the exchange stored). Without one
(``--no-memory``, a temporary chat) it keeps the conversation in memory and
builds the prompt itself with ``build_messages``.
"""
from __future__ import annotations

import argparse
import signal
import sys
import threading
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator, Sequence

from memory_core.chat.context import DEFAULT_SYSTEM_PROMPT
from memory_core.errors import InvalidInput, MnemeError
from memory_core.llm import cut_short_reason

#: Messages of the thread shown to the model at most (older ones drop first when the context is full).
MAX_HISTORY_MESSAGES = 40


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("chat", parents=[common], help="chat with the local model in the terminal",
                                   description="Chat with the local model. Ctrl+C stops a reply; Ctrl+C or "
                                               "Ctrl+D at the prompt exits.")
    parser.add_argument("--model", type=Path, help="a GGUF file to chat with (default: the one chosen with "
                                                   "`mneme models use`, else the bundled SmolLM2-135M)")
    parser.add_argument("--once", metavar="TEXT", help="answer TEXT once on stdout and exit")
    parser.add_argument("--thread", metavar="T", help="thread (conversation) id to continue or start "
                                                      "(default: a new one)")
    parser.add_argument("--no-memory", action="store_true",
                        help="temporary chat: nothing is read from or written to the database")
    parser.add_argument("--max-tokens", type=_positive, default=512, metavar="N", help="longest reply (tokens)")
    parser.add_argument("--temperature", type=float, default=0.7)
    parser.add_argument("--context", type=_positive, default=None, metavar="N",
                        help="context length in tokens (default: 4096, or the model's own if smaller)")
    parser.add_argument("--threads", type=_positive, default=None, metavar="N",
                        help="CPU threads (default: physical cores)")
    parser.add_argument("--gpu-layers", type=int, default=None, metavar="N",
                        help="layers to offload to the GPU (-1: all; default: automatic, all that fit on a GPU "
                             "build of llama-cpp-python, none on a CPU-only build)")
    parser.add_argument("--stats", action="store_true",
                        help="print the model, tokens, cache hits and speed after each reply")
    parser.set_defaults(handler=run)


def _positive(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError("must be a positive number")
    return number


# -- the prompt of a chat without memory ----------------------------------------------------------------------
def build_messages(store, thread_id: str, user_text: str, *, history: Sequence[dict[str, str]] = (),
                   drop_oldest: int = 0) -> list[dict[str, str]]:
    """The messages the model gets for this turn: system prompt, the thread so far, the new text.

    ``store`` may be None (temporary chat): then ``history`` is the
    conversation held in memory. The history comes from the store otherwise.
    The user's new text is not in either yet. ``drop_oldest`` leaves out that
    many of the oldest messages (used when the conversation outgrows the context).
    """
    if store is not None:
        past = [{"role": m.role, "content": m.text} for m in store.messages(thread_id)
                if m.role in ("user", "assistant")]
    else:
        past = list(history)
    past = past[-MAX_HISTORY_MESSAGES:][drop_oldest:]
    return [{"role": "system", "content": DEFAULT_SYSTEM_PROMPT}, *past, {"role": "user", "content": user_text}]


def fit_messages(model, store, thread_id: str, user_text: str, history: Sequence[dict[str, str]],
                 reply_tokens: int) -> list[dict[str, str]]:
    """``build_messages``, dropping the oldest messages until the prompt leaves room for the reply."""
    from models.errors import ContextTooLong

    drop = 0
    while True:
        messages = build_messages(store, thread_id, user_text, history=history, drop_oldest=drop)
        size = model.count_prompt_tokens(messages)
        if size + min(reply_tokens, 64) <= model.context_length:
            return messages
        if len(messages) <= 2:
            raise ContextTooLong(f"your message alone is {size} tokens; the model's context holds "
                                 f"{model.context_length}. Shorten it or use a longer context (--context)")
        drop += 1


# -- running -----------------------------------------------------------------------------------------------------
@contextmanager
def ctrl_c_sets(event: threading.Event) -> Iterator[None]:
    """While generating, Ctrl+C sets ``event`` (stop the reply) instead of raising KeyboardInterrupt."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda *_: event.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def model_path(args) -> Path:
    """``--model``, else the model chosen with ``mneme models use``, else the bundled one."""
    from models.bundled import bundled_model_path
    from models.choice import chosen_model

    if args.model:
        return args.model.expanduser()
    chosen = chosen_model(args.data_dir)
    return chosen.path if chosen else bundled_model_path()


def load_model(args):
    from models.loading import open_chat_model

    # gpu_layers None: automatic (all that fit on a GPU build of llama.cpp, none on a CPU-only one)
    return open_chat_model(model_path(args), context_length=args.context, threads=args.threads,
                           gpu_layers=args.gpu_layers)


def open_store(args):
    """The database to keep this chat in, or None (temporary chat, or it cannot be opened: said on stderr)."""
    if args.no_memory:
        return None
    from ..session import open_or_create

    try:
        return open_or_create(args.data_dir)
    except MnemeError as exc:
        print(f"mneme: not saving this chat: {exc}", file=sys.stderr)
        return None


class TerminalChat:
    """One conversation: builds the prompt, streams the reply, stores the exchange."""

    def __init__(self, model, store, thread_id: str, *, max_tokens: int, temperature: float, show_stats: bool):
        self.model, self.store, self.thread_id = model, store, thread_id
        self.max_tokens, self.temperature, self.show_stats = max_tokens, temperature, show_stats
        self.history: list[dict[str, str]] = []
        self.assistant = None
        if store is not None:  # memory: earlier chats are observed now, later jobs run in the background
            from memory_core.chat.assistant import ChatSettings, open_assistant

            self.assistant = open_assistant(store, model, thread_id,
                                            settings=ChatSettings(max_tokens=max_tokens, temperature=temperature))

    def close(self) -> None:
        if self.assistant is not None:
            from memory_core.chat.assistant import close_assistant

            close_assistant(self.assistant)

    def turn(self, user_text: str, out=None) -> str:
        out = out or sys.stdout
        text = user_text.strip()
        if not text:
            raise InvalidInput("the message is empty: nothing was sent")
        cancel = threading.Event()
        pieces: list[str] = []
        cautions: list[str] = []

        def show(piece: str) -> None:
            pieces.append(piece)
            out.write(piece)
            out.flush()
        with ctrl_c_sets(cancel):
            if self.assistant is not None:  # the memory engine builds the prompt and stores the exchange
                result = self.assistant.send(self.thread_id, text, on_token=show, cancel=cancel)
                cautions = [caution.describe() for caution in result.cautions]
            else:
                messages = fit_messages(self.model, None, self.thread_id, text, self.history, self.max_tokens)
                self._remember("user", text)
                for piece in self.model.stream(messages, max_tokens=self.max_tokens, temperature=self.temperature,
                                               cancel=cancel):
                    show(piece)
        reply = "".join(pieces).strip()
        out.write("\n")
        if cancel.is_set():
            print("[stopped]", file=sys.stderr)
        elif (reason := cut_short_reason(self.model.last_stats)) is not None:
            print(f"[cut short: {reason}]", file=sys.stderr)
        for caution in cautions:  # beside the answer, not in it: stdout stays the answer alone
            print(f"\u26a0 {caution}", file=sys.stderr)
        if reply and self.assistant is None:
            self._remember("assistant", reply)
        if self.show_stats and self.model.last_stats is not None:
            print(_describe(self.model.last_stats, self.model), file=sys.stderr)
        return reply

    def _remember(self, role: str, text: str) -> None:
        """Without a database (the only case without an assistant) the chat lives in ``history``."""
        self.history.append({"role": role, "content": text})


def _describe(stats, model=None) -> str:
    path = getattr(model, "path", None)
    named = f"model {model.name} ({path.name if path else '?'}): " if model is not None else ""
    return (f"[{named}{stats.prompt_tokens} prompt tokens ({stats.cached_tokens} cached), {stats.completion_tokens} "
            f"generated, first token {stats.time_to_first_token_s:.2f} s, {stats.tokens_per_second:.1f} tokens/s, "
            f"stop: {stats.stop_reason}]")


def run(args) -> int:
    thread_id = args.thread or datetime.now().strftime("chat-%Y%m%d-%H%M%S")
    if args.once is not None and not args.once.strip():
        raise InvalidInput("--once needs some text to answer")
    model = load_model(args)  # a bad model file is reported before any database is opened or created
    try:
        store = open_store(args)
        try:
            chat = TerminalChat(model, store, thread_id, max_tokens=args.max_tokens,
                                temperature=args.temperature, show_stats=args.stats)
            try:
                if args.once is not None:
                    chat.turn(args.once)
                    return 0
                return _interactive(chat, model)
            finally:
                chat.close()
        finally:
            if store is not None:
                store.close()
    finally:
        model.close()


def _interactive(chat: TerminalChat, model) -> int:
    where = "not saved (temporary)" if chat.store is None else f"saved in thread {chat.thread_id}"
    print(f"Chatting with {model.name} — {where}. Ctrl+C stops a reply; Ctrl+C or Ctrl+D here exits.",
          file=sys.stderr)
    while True:
        try:
            text = input("you> ")
        except (EOFError, KeyboardInterrupt):
            print(file=sys.stderr)
            return 0
        if text.strip() in ("/exit", "/quit"):
            return 0
        if not text.strip():
            continue
        try:
            chat.turn(text)
        except MnemeError as exc:  # e.g. a message too long for the context: say so, keep chatting
            print(f"mneme: {exc}", file=sys.stderr)
