"""The chat turn's recall: a few hybrid-search hits placed after the stable prompt, only when they add something.

Every recalled token is evaluated on the turn, before the first token of the answer, and it also
costs the previous exchange's cache (the snippets sit between the raw tail and the new message, so
the next turn's tail diverges from this one's at the previous user message). bench_om measured
recall at about half of a turn's time to first token. So a turn recalls only what the prompt does not
already show, and not at all for small talk:

* small talk ("Thanks, sounds good!", "Hello again") skips the search (no query embedding either);
* observations and reflections of the current log are already in the memory block, and unobserved
  messages of this thread are in the raw tail: recalling them again only costs tokens;
* each snippet is cut to ``SNIPPET_CHARS``.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from memory_core.chat.context import Recalled
from memory_core.llm import Embedder

#: Snippets kept per turn, and the longest one (characters; ~60 tokens).
RECALL_K = 3
SNIPPET_CHARS = 240

#: Words of greetings, thanks, acknowledgements and fillers. A message made only of these (and short)
#: asks nothing that memory could answer. Written from general usage, not from any benchmark's pools.
SMALL_TALK_WORDS = frozenset("""
hi hello hey heya hiya yo morning evening afternoon night good goodnight bye goodbye later see you soon
thanks thank ta cheers thx ty much very so lots many again too
ok okay k kk sure yes yeah yep yup no nope nah alright right fine great cool nice brilliant perfect awesome
lovely wonderful excellent super amazing splendid fab fantastic
sounds sound makes make made sense got get it that this is was be sorted noted understood fair enough true indeed
ha haha hahaha lol lmao heh hehe oh ah aha ooh oof wow hmm hm um uh er well anyway
i i'm im me my you you're youre your we us it's its that's thats there here the a an and for of to
how are doing going all
""".split())
SMALL_TALK_MAX_WORDS = 8
_WORDS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


def is_small_talk(text: str) -> bool:
    """A greeting, thanks or acknowledgement with nothing to look up ("Great, thank you!")."""
    words = [w.lower().replace("’", "'") for w in _WORDS.findall(text)]
    return 0 < len(words) <= SMALL_TALK_MAX_WORDS and all(w in SMALL_TALK_WORDS for w in words) \
        and not any(ch.isdigit() for ch in text)


def shown_in_prompt(store, thread_id: str) -> set[tuple[str, int]]:
    """(kind, id) of what the prompt shows anyway: the current log (memory block) and the thread's raw tail."""
    from memory_core.observational.log import current_log

    shown = {(item.kind, item.id) for item in current_log(store)}
    shown |= {("message", row["id"]) for row in store.query(
        "SELECT id FROM messages WHERE thread_id = ? AND observed_at IS NULL", [thread_id])}
    return shown


def recall_for(embedder: Embedder | None, k: int = RECALL_K, *, snippet_chars: int = SNIPPET_CHARS,
               other_threads_only: bool = False) -> Callable[[object, str, str], Sequence[Recalled]]:
    """The Assistant's recall hook. ``other_threads_only`` leaves out every hit said in this thread
    (the desktop's earlier choice); by default only what the prompt already shows is left out."""

    def recall(store, thread_id: str, user_text: str) -> list[Recalled]:
        from memory_core.recall.search import search

        if is_small_talk(user_text):
            return []
        result = search(store, user_text, k=k + 6, embedder=embedder)
        if result.abstained:
            return []
        shown = shown_in_prompt(store, thread_id)
        kept = [hit for hit in result.hits if (hit.kind, hit.id) not in shown
                and not (other_threads_only and hit.thread_id == thread_id)]
        return [Recalled(hit.kind, hit.id, _snippet(hit.text, snippet_chars)) for hit in kept[:k]]
    return recall


def _snippet(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[:cut if cut > limit // 2 else limit].rstrip() + "…"
