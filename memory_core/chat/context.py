"""Context assembly: a stable, cacheable prefix first, everything that changes per turn last.

Order: system prompt, reflections, observations (append-only between
reflections), the thread's unobserved raw tail, then the volatile part
(recalled snippets, status), then the new user message. llama.cpp reuses the
KV cache for the longest common token prefix, so putting the clock or
retrieval results at the top (as many apps do) throws the whole cache away
every turn. The current date and time is the stamp on the new user message
("[Monday 2026-03-02 09:09] ..."); every user message keeps the stamp it had
when new, so turn N+1's prompt is turn N's prompt plus the reply plus the new
message, and only those are evaluated (plus the volatile part, when there is one).

The memory block is fenced: stored text is data and can neither close the
fence (angle brackets become ‹ ›) nor start a line of its own (each note is
flattened to one line inside its day's paragraph, which begins with the day),
so "</observations> SYSTEM: ..." typed by someone stays inside as a quoted note.
The lines are written for the model as prose, not in the stored line format
(model_view.py), because a small model copies line markup into its answers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Sequence

from memory_core.chat.model_view import DEFAULT_STYLE, render_for_model
from memory_core.clock import utc_now
from memory_core.observational.dates import local_time
from memory_core.observational.format import one_line, render_log
from memory_core.observational.log import PRIORITY_RANK, as_lines, current_log
from memory_core.observational.tokens import TokenCounter
from memory_core.prompts import DEFAULT_SYSTEM_PROMPT, MEMORY_PREAMBLE  # noqa: E402,F401
from memory_core.storage.answer_memories import MemoryUse
from memory_core.storage.store import Message

NO_MEMORY_YET = "(nothing yet)"


def fence_safe(text: str) -> str:
    """Make stored text inert inside the fence: no tags, no template tokens, one line."""
    return one_line(inert_specials(text).replace("<", "‹").replace(">", "›"))


@dataclass
class PromptReport:
    prompt_tokens: int
    reused_tokens: int            # tokens equal to the previous turn's prompt prefix
    stable_tokens: int            # system prompt + memory block
    memory_tokens: int
    raw_tail_messages: int
    dropped_messages: int         # raw tail messages cut from the front to fit the budget
    budget: int

    @property
    def reuse_ratio(self) -> float:
        return self.reused_tokens / self.prompt_tokens if self.prompt_tokens else 0.0


@dataclass
class AssembledPrompt:
    messages: list[dict[str, str]]
    report: PromptReport
    text: str                     # the rendered prompt (ChatML), exactly what a ChatML model reads
    #: every memory item this prompt put in front of the model (stored with the answer as its provenance)
    used: list[MemoryUse] = field(default_factory=list)


@dataclass(frozen=True)
class Recalled:
    """A recalled item for this turn: its text for the prompt, its kind and id for the answer's provenance."""

    kind: str                     # message | observation | reflection | fact
    id: int
    text: str


@dataclass
class PrefixTracker:
    """Remembers the previous prompt per thread to report how much of the new one repeats it."""

    previous: dict[str, str] = field(default_factory=dict)

    def reused(self, key: str, text: str, counter: TokenCounter) -> int:
        before = self.previous.get(key, "")
        self.previous[key] = text
        common = 0
        for a, b in zip(before, text):
            if a != b:
                break
            common += 1
        # back up to a line start so a half-shared token is not counted as shared
        cut = text.rfind("\n", 0, common + 1) if common < len(text) else common
        return counter.count(text[:max(cut, 0)]) if cut > 0 else 0


def render_chatml(messages: Sequence[dict[str, str]], add_generation_prompt: bool = True) -> str:
    out = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
    return out + ("<|im_start|>assistant\n" if add_generation_prompt else "")


def memory_block(store, tz: tzinfo | None, today, counter: TokenCounter | None = None,
                 max_tokens: int | None = None, used: list[MemoryUse] | None = None,
                 style: str = DEFAULT_STYLE) -> str:
    """Reflections then observations, each group in time order; the whole block is fenced.

    A safety net, not the normal path: if the log outgrew ``max_tokens`` (the reflector could not
    shrink it enough), the least important and oldest lines are left out of this prompt (they stay
    stored) so the chat still fits its context. ``used`` (when given) receives every item the block
    shows, for the answer's provenance. ``style`` is how lines are written for the model (model_view.py).
    """


    items = current_log(store)
    if counter is not None and max_tokens is not None and items:
        while len(items) > 1 and counter.count(render_log(as_lines(items, tz), today)) > max_tokens:
            items.remove(min(items, key=lambda i: (PRIORITY_RANK[i.priority] if i.priority != "done" else -1,
                                                   i.observed_at)))
    reflections = [i for i in items if i.kind == "reflection"]
    observations = [i for i in items if i.kind == "observation"]

    def render(group) -> str:
        lines = as_lines(group, tz)
        safe = [type(line)(line.day, line.time, line.priority, fence_safe(line.text), line.referenced_date)
                for line in lines]
        return render_for_model(safe, today, style) if safe else NO_MEMORY_YET
    if used is not None:
        used.extend(MemoryUse(item.kind, item.id) for item in reflections + observations)
    parts = [MEMORY_PREAMBLE, "<memory>"]
    if reflections:
        parts += ["<reflections>", render(reflections), "</reflections>"]
    parts += ["<observations>", render(observations), "</observations>", "</memory>"]
    return "\n".join(parts)


def volatile_block(recalled: Sequence[str | Recalled], status: str | None) -> str:
    """Recalled snippets and status for this turn only ("" when there are none)."""
    parts = []
    if recalled:
        parts.append("<recalled>\n" + "\n".join(f"- {fence_safe(_text(s))}" for s in recalled) + "\n</recalled>")
    if status:
        parts.append(f"Status: {fence_safe(status)}")
    return "\n".join(parts)


#: A word joiner: invisible, and it splits a control-token spelling so no tokenizer matches it.
WORD_JOINER = "\u2060"
#: Control-token spellings of the chat templates Mneme may run (the catalog's and the common others):
#: ChatML/Qwen/SmolLM2 and Phi ``<|im_start|>``, ``<|user|>``, ``<|end|>``; Llama 3 ``<|begin_of_text|>``,
#: ``<|start_header_id|>``, ``<|eot_id|>``; DeepSeek's full-width ``<｜User｜>``; Mistral ``[INST]``,
#: ``[/INST]``, ``[SYSTEM_PROMPT]``, ``[TOOL_CALLS]``; SentencePiece ``<s>``, ``</s>``, ``<unk>``;
#: Gemma ``<start_of_turn>``, ``<end_of_turn>``, ``<bos>``, ``<eos>``.
_CONTROL_TOKEN = re.compile(
    r"<(?=[|｜])"                                    # <|anything|>, <｜anything｜>
    r"|\[(?=/?[A-Z][A-Z_]*\])"                       # [INST], [/INST], [SYSTEM_PROMPT], [TOOL_CALLS] ...
    r"|<(?=/?(?:s|unk|pad|bos|eos|mask|start_of_turn|end_of_turn|start_of_image|end_of_image)>)")
def _text(item: str | Recalled) -> str:
    return item if isinstance(item, str) else item.text


def inert_specials(text: str) -> str:
    """Chat-template control tokens typed or pasted by someone ("<|im_start|>system", "[INST]",
    "<end_of_turn>") stay text for every template the catalog ships: a word joiner goes in after the
    opening bracket, so the spelling no longer matches the control token (the runtime also never
    parses user text as special; this keeps the rendered prompt text honest too)."""
    return _CONTROL_TOKEN.sub(lambda match: match.group(0) + WORD_JOINER, text)


def stamp(moment: datetime, tz: tzinfo | None, previous_day) -> str:
    """The time a user message was said, as the model reads it: "[Monday 2026-03-02 09:09]" on the
    first message of a day, "[09:12]" after. Derived from the stored time only, so the stamp a message
    got when it was new is exactly the one it keeps in later prompts (the prefix stays cached), and
    the newest stamp is the current date and time."""
    local = local_time(moment, tz)
    if local.date() != previous_day:
        return f"[{local.strftime('%A %Y-%m-%d %H:%M')}]"
    return f"[{local.strftime('%H:%M')}]"


def stamped(history: Sequence[Message], tz: tzinfo | None, new_text: str | None, now: datetime
            ) -> tuple[list[dict[str, str]], dict[str, str] | None]:
    """Raw tail messages and the new user message, user messages carrying their time stamps."""
    from memory_core.clock import parse_iso

    out, day = [], None
    for message in history:
        content = inert_specials(message.text)
        if message.role == "user":
            when = parse_iso(message.created_at)
            content = f"{stamp(when, tz, day)} {content}"
            day = local_time(when, tz).date()
        out.append({"role": _role(message), "content": content})
    ask = {"role": "user", "content": f"{stamp(now, tz, day)} {inert_specials(new_text)}"} if new_text else None
    return out, ask


def _role(message: Message) -> str:
    return message.role if message.role in ("user", "assistant") else "system"


def assemble(store, thread_id: str | None, user_text: str | None, *, counter: TokenCounter, budget: int,
             memory: bool = True, tz: tzinfo | None = None, now: datetime | None = None,
             system_prompt: str = DEFAULT_SYSTEM_PROMPT, recalled: Sequence[str | Recalled] = (),
             status: str | None = None,
             history: Sequence[Message] | None = None, tracker: PrefixTracker | None = None,
             memory_style: str = DEFAULT_STYLE) -> AssembledPrompt:
    """Build the prompt for a thread's next turn.

    ``store`` may be None (temporary chat): then ``history`` holds the chat so far
    and nothing is read. With ``memory`` off only the thread's own history is used.
    """
    now = now or utc_now()
    today = local_time(now, tz).date()
    system = system_prompt
    memory_tokens = 0
    used: list[MemoryUse] = []
    if memory and store is not None:
        block = memory_block(store, tz, today, counter, max_tokens=budget // 2, used=used, style=memory_style)
        memory_tokens = counter.count(block)
        system = f"{system_prompt}\n\n{block}"
    if history is None:
        history = _thread_history(store, thread_id, unobserved_only=memory) if store is not None and thread_id else []
    head = [{"role": "system", "content": system}]
    extra = volatile_block(recalled, status)
    used += [MemoryUse(r.kind, r.id, "recalled") for r in recalled if isinstance(r, Recalled)]
    volatile = [{"role": "system", "content": extra}] if extra else []
    tail, new_message = stamped(history, tz, user_text, now)
    ask = [new_message] if new_message else []
    fixed = counter.count(render_chatml(head + volatile + ask))
    tail_tokens = [counter.count(render_chatml([m], add_generation_prompt=False)) for m in tail]
    dropped = 0
    while tail and fixed + sum(tail_tokens) > budget:   # like a long chat: the oldest raw turns go first
        tail.pop(0)
        tail_tokens.pop(0)
        dropped += 1
    messages = head + tail + volatile + ask
    text = render_chatml(messages)
    prompt_tokens = counter.count_prompt(messages, text)
    reused = tracker.reused(thread_id or "", text, counter) if tracker is not None else 0
    stable_tokens = counter.count(render_chatml(head, add_generation_prompt=False))
    return AssembledPrompt(messages, PromptReport(prompt_tokens, reused, stable_tokens, memory_tokens, len(tail),
                                                  dropped, budget), text, used)


def next_turn_prefix(store, thread_id: str, *, counter: TokenCounter, budget: int, tz: tzinfo | None = None,
                     now: datetime | None = None, system_prompt: str = DEFAULT_SYSTEM_PROMPT) -> list[dict[str, str]]:
    """The stable part of the thread's next prompt (system, memory block, raw tail), as the next turn
    will start it: what the memory worker hands to the model after it changed the memory block.

    The tail is trimmed as a turn trims it, without the new message's tokens (not known yet); when a
    long message makes the turn drop one more raw message, the turn still reuses the memory block.
    """
    return assemble(store, thread_id, None, counter=counter, budget=budget, memory=True, tz=tz, now=now,
                    system_prompt=system_prompt).messages


def _thread_history(store, thread_id: str, unobserved_only: bool) -> list[Message]:
    sql = "SELECT * FROM messages WHERE thread_id = ?"
    if unobserved_only:
        sql += " AND observed_at IS NULL"
    return [Message.from_row(r) for r in store.query(sql + " ORDER BY created_at, id", [thread_id])]


_TAG = re.compile(r"</?(memory|observations|reflections|recalled)>")


def inside_fence(text: str, needle: str) -> bool:
    """Test helper and audit check: ``needle`` (made fence-safe) only occurs within <memory>…</memory>."""
    safe = fence_safe(needle)
    start, end = text.find("<memory>"), text.find("</memory>")
    positions = [m.start() for m in re.finditer(re.escape(safe), text)]
    return bool(positions) and all(start < p < end for p in positions) and len(_TAG.findall(text)) % 2 == 0
