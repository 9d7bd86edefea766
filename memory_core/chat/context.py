"""Context assembly: a stable, cacheable prefix first, everything that changes per turn last.

Order: system prompt, reflections, observations (append-only between
reflections), the thread's unobserved raw tail, then the volatile part
(recalled snippets, status), then the new user message. llama.cpp reuses the
KV cache for the longest common token prefix, so putting the clock or
retrieval results at the top (as many apps do) throws the whole cache away
every turn. The current date and time is the stamp on the new user message
("[Monday 2 March 2026 at 9.09 am] ..."); every user message keeps the stamp it had
when new, so turn N+1's prompt is turn N's prompt plus the reply plus the new
message, and only those are evaluated (plus the volatile part, when there is one). Nothing in the
stable part depends on the wall-clock day: referenced dates in the memory block are absolute, and
"today" is the stamp of the new message (the first message of a day, and the first one shown, carry
the day), so the cached prefix survives midnight.

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


def memory_block(store, tz: tzinfo | None, today=None, counter: TokenCounter | None = None,
                 max_tokens: int | None = None, used: list[MemoryUse] | None = None,
                 style: str = DEFAULT_STYLE) -> str:
    """Reflections then observations, each group in time order; the whole block is fenced.

    A safety net, not the normal path: if the log outgrew ``max_tokens`` (the reflector could not
    shrink it enough), the least important and oldest lines are left out of this prompt (they stay
    stored) so the chat still fits its context. ``used`` (when given) receives every item the block
    shows, for the answer's provenance. ``style`` is how lines are written for the model (model_view.py).
    ``today`` adds relative words to referenced dates ("in 3 days"); the chat passes None, so the block
    (the cached prefix) does not change at midnight: today's date is on the new message's stamp.
    """

    items = current_log(store)
    if counter is not None and max_tokens is not None and items:
        while len(items) > 1 and counter.count(render_log(as_lines(items, tz), None)) > max_tokens:
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


#: How a user message's time reads in the prompt: ``iso`` "[Monday 2026-03-02 09:09]", ``words``
#: "[Monday 2 March 2026, 09:09]", ``words-ampm`` "[Monday 2 March 2026 at 9.09 am]" (no digits with a
#: colon), ``day`` "[Monday 2 March 2026]" on a day's first message and no stamp after (no clock time),
#: ``words-ampm-after``: as words-ampm, after the message text instead of before it. The bundled model
#: echoed the ISO stamp into answers ("Tuesday 2026-03-03 09:00 is a date"): bench_hygiene compares them
#: (chosen on its dev split: ``day`` and ``words-ampm-after`` echoed least, 1/16 answers each against 2/16
#: for ``iso``; ``day`` also costs the fewest tokens).
STAMP_STYLES = ("iso", "words", "words-ampm", "day", "words-ampm-after")
DEFAULT_STAMP_STYLE = "day"


def _clock(local: datetime, style: str) -> str:
    if style.startswith("words-ampm"):
        hour = local.hour % 12 or 12
        return f"{hour}.{local.minute:02d} {'am' if local.hour < 12 else 'pm'}"
    return local.strftime("%H:%M")


def stamp(moment: datetime, tz: tzinfo | None, previous_day, style: str = DEFAULT_STAMP_STYLE) -> str:
    """The time a user message was said, as the model reads it: by default the day on the first message
    of a day ("[Monday 2 March 2026]") and nothing on the next ones (other styles: the time too).
    Derived from the stored time only, so the stamp a message got when it was new is exactly the one
    it keeps in later prompts (the prefix stays cached), and the newest stamp is the current time:
    "today" is in the turn's own part of the prompt, never in the cached memory block."""
    if style not in STAMP_STYLES:
        raise ValueError(f"unknown stamp style {style!r}: expected one of {', '.join(STAMP_STYLES)}")
    local = local_time(moment, tz)
    clock = _clock(local, style)
    if local.date() == previous_day:
        return "" if style == "day" else f"[{clock}]"
    if style == "iso":
        return f"[{local.strftime('%A %Y-%m-%d')} {clock}]"
    day = f"{local.strftime('%A')} {local.day} {local.strftime('%B %Y')}"
    if style == "day":
        return f"[{day}]"
    return f"[{day} at {clock}]" if style.startswith("words-ampm") else f"[{day}, {clock}]"


def _with_stamp(text: str, mark: str, style: str) -> str:
    if not mark:
        return text
    return f"{text} {mark}" if style.endswith("-after") else f"{mark} {text}"


def stamped(history: Sequence[Message], tz: tzinfo | None, new_text: str | None, now: datetime,
            style: str = DEFAULT_STAMP_STYLE) -> tuple[list[dict[str, str]], dict[str, str] | None]:
    """Raw tail messages and the new user message, user messages carrying their time stamps
    (the first one shown always carries its day)."""
    from memory_core.clock import parse_iso

    out, day = [], None
    for message in history:
        content = inert_specials(message.text)
        if message.role == "user":
            when = parse_iso(message.created_at)
            content = _with_stamp(content, stamp(when, tz, day, style), style)
            day = local_time(when, tz).date()
        out.append({"role": _role(message), "content": content})
    ask = ({"role": "user", "content": _with_stamp(inert_specials(new_text), stamp(now, tz, day, style), style)}
           if new_text else None)
    return out, ask


def _role(message: Message) -> str:
    return message.role if message.role in ("user", "assistant") else "system"


#: When the raw tail overflows its room, it is cut back to this share of the room in one block.
TAIL_KEEP_FRACTION = 0.5
#: Share of the prompt budget kept free of the raw tail for this turn's own part (recalled snippets,
#: status, the new message) when placing the cut, so the cut does not move with those sizes.
TURN_RESERVE_FRACTION = 0.25


def tail_room(budget: int, head_tokens: int) -> int:
    """Tokens the raw tail may take: the budget less the stable head and the turn's reserve."""
    return max(0, budget - head_tokens - int(budget * TURN_RESERVE_FRACTION))


def tail_cut(costs: Sequence[int], room: int, keep_fraction: float = TAIL_KEEP_FRACTION) -> int:
    """How many of the oldest raw tail messages to leave out of the prompt, placed like llama.cpp's
    context shift: replaying the tail's growth message by message, each time it exceeds ``room`` the
    oldest messages go in one block until what is left fits ``keep_fraction`` of the room.

    The cut depends only on the tail's own messages, so it stays put turn after turn until the tail
    overflows again: the cached prompt prefix is invalidated once per block, not on every turn (cutting
    one message per turn moves the whole tail each time). The cut messages stay unobserved in the
    database; the observer still reads them.
    """
    cut, total, target = 0, 0, int(room * keep_fraction)
    for newest, cost in enumerate(costs):
        total += cost
        if total > room:
            while cut <= newest and total > target:
                total -= costs[cut]
                cut += 1
    return cut


def assemble(store, thread_id: str | None, user_text: str | None, *, counter: TokenCounter, budget: int,
             memory: bool = True, tz: tzinfo | None = None, now: datetime | None = None,
             system_prompt: str = DEFAULT_SYSTEM_PROMPT, recalled: Sequence[str | Recalled] = (),
             status: str | None = None,
             history: Sequence[Message] | None = None, tracker: PrefixTracker | None = None,
             memory_style: str = DEFAULT_STYLE, stamp_style: str = DEFAULT_STAMP_STYLE) -> AssembledPrompt:
    """Build the prompt for a thread's next turn.

    ``store`` may be None (temporary chat): then ``history`` holds the chat so far
    and nothing is read. With ``memory`` off only the thread's own history is used.
    """
    now = now or utc_now()
    system = system_prompt
    memory_tokens = 0
    used: list[MemoryUse] = []
    if memory and store is not None:
        block = memory_block(store, tz, None, counter, max_tokens=budget // 2, used=used, style=memory_style)
        memory_tokens = counter.count(block)
        system = f"{system_prompt}\n\n{block}"
    if history is None:
        history = _thread_history(store, thread_id, unobserved_only=memory) if store is not None and thread_id else []
    head = [{"role": "system", "content": system}]
    extra = volatile_block(recalled, status)
    used += [MemoryUse(r.kind, r.id, "recalled") for r in recalled if isinstance(r, Recalled)]
    volatile = [{"role": "system", "content": extra}] if extra else []
    tail, new_message = stamped(history, tz, user_text, now, stamp_style)
    ask = [new_message] if new_message else []
    fixed = counter.count(render_chatml(head + volatile + ask))
    tail_tokens = [counter.count(render_chatml([m], add_generation_prompt=False)) for m in tail]
    head_tokens = counter.count(render_chatml(head, add_generation_prompt=False))
    dropped = tail_cut(tail_tokens, tail_room(budget, head_tokens))
    if dropped:   # stamp again from the cut, so the first message shown carries its day
        history = list(history)[dropped:]
        tail, new_message = stamped(history, tz, user_text, now, stamp_style)
        ask = [new_message] if new_message else []
        tail_tokens = [counter.count(render_chatml([m], add_generation_prompt=False)) for m in tail]
    else:
        tail, tail_tokens = tail[dropped:], tail_tokens[dropped:]
    while tail and fixed + sum(tail_tokens) > budget:   # only when this turn's own part is unusually large
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
                     now: datetime | None = None, system_prompt: str = DEFAULT_SYSTEM_PROMPT,
                     stamp_style: str = DEFAULT_STAMP_STYLE) -> list[dict[str, str]]:
    """The stable part of the thread's next prompt (system, memory block, raw tail), as the next turn
    will start it: what the memory worker hands to the model after it changed the memory block.

    The tail is trimmed as a turn trims it, without the new message's tokens (not known yet); when a
    long message makes the turn drop one more raw message, the turn still reuses the memory block.
    """
    return assemble(store, thread_id, None, counter=counter, budget=budget, memory=True, tz=tz, now=now,
                    system_prompt=system_prompt, stamp_style=stamp_style).messages


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
