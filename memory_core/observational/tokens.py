"""Token counting in the model's own tokens, cached per message.

Thresholds are in real tokens (a 4k context fills in tokens, not characters),
and history is never re-tokenized: each message's count is stored in
``message_tokens`` keyed by tokenizer, so switching models recounts lazily.
With no model loaded, an approximate counter keeps memory working.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from memory_core.llm import TextModel
from memory_core.storage.sql import marks as placeholders

APPROX_TOKENIZER_ID = "approx-v1"
_PIECES = re.compile(r"\w+|[^\w\s]", re.UNICODE)
#: Chat templates add a few tokens around each message (role markers, separators).
PER_MESSAGE_OVERHEAD = 4
#: The longest time stamp a user message carries in the prompt (the first of a day), as a sample.
LONGEST_STAMP = "[Wednesday 2026-09-30 23:59] "


def approx_count(text: str) -> int:
    """A model-free estimate close to BPE counts on English: long words split, punctuation counts."""
    count = 0
    for piece in _PIECES.findall(text):
        count += 1 + (len(piece) - 1) // 6 if piece[0].isalnum() else 1
    return count


class TokenCounter:
    """Counts with the model's tokenizer when there is one, else approximately."""

    def __init__(self, model: TextModel | None = None):
        self.model = model
        model_tokenizer = getattr(model, "tokenizer_id", None) if model is not None else None
        self.tokenizer_id: str = model_tokenizer or APPROX_TOKENIZER_ID
        self._overhead: dict[str, int] = {}

    def count(self, text: str) -> int:
        if not text:
            return 0
        if self.model is not None:
            return int(self.model.count_tokens(text))
        return approx_count(text)

    def prompt_overhead(self, role: str) -> int:
        """Tokens a message costs in the prompt beyond its text, counted as the context assembler counts
        the rendered tail (ChatML markup around it and, for a user message, its longest time stamp).
        Short chat messages roughly double in the prompt, so thresholds that count only text let the
        raw tail overflow the prompt before observation activates. Cached (the tokenizer is fixed)."""
        if role not in self._overhead:
            stamp = LONGEST_STAMP if role == "user" else ""
            # +1: a token may split differently where the markup meets the text
            self._overhead[role] = self.count(f"<|im_start|>{role}\n{stamp}<|im_end|>\n") + 1
        return self._overhead[role]

    def count_messages(self, messages: Sequence[dict[str, str]]) -> int:
        return sum(self.count(m["content"]) + PER_MESSAGE_OVERHEAD for m in messages)

    def count_prompt(self, messages: Sequence[dict[str, str]], rendered: str) -> int:
        """Tokens of a whole prompt as the runtime will feed it (its chat template, special tokens)."""
        exact = getattr(self.model, "count_prompt_tokens", None)
        if callable(exact):
            try:
                return int(exact(messages))
            except Exception:  # noqa: BLE001 - e.g. a template that refuses; the text count is close
                pass
        return self.count(rendered)

    def tokenize(self, text: str) -> list:
        """Token ids (or stand-ins) for prefix comparisons; the model's own when it exposes them."""
        tokenize = getattr(self.model, "tokenize", None)
        if callable(tokenize):
            try:
                return list(tokenize(text))
            except Exception:  # noqa: BLE001 - a runtime without a public tokenizer; fall back below
                pass
        return _PIECES.findall(text)


def message_token_counts(store, message_ids: Iterable[int], counter: TokenCounter,
                         texts: dict[int, str] | None = None) -> dict[int, int]:
    """Token counts for messages, from the cache where present; new counts are stored.

    ``texts`` may supply message texts already in hand (saves a query).
    """
    ids = list(dict.fromkeys(message_ids))
    if not ids:
        return {}
    counts: dict[int, int] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        marks = placeholders(len(chunk))
        for row in store.query(f"SELECT message_id, tokens FROM message_tokens WHERE tokenizer = ? "
                               f"AND message_id IN ({marks})", [counter.tokenizer_id, *chunk]):
            counts[row["message_id"]] = row["tokens"]
    missing = [i for i in ids if i not in counts]
    if missing:
        texts = dict(texts or {})
        need = [i for i in missing if i not in texts]
        for start in range(0, len(need), 500):
            chunk = need[start:start + 500]
            marks = placeholders(len(chunk))
            for row in store.query(f"SELECT id, text FROM messages WHERE id IN ({marks})", chunk):
                texts[row["id"]] = row["text"]
        fresh = {i: counter.count(texts[i]) for i in missing if i in texts}
        if fresh:
            _store_counts(store, fresh, counter.tokenizer_id)
            counts.update(fresh)
    return counts


def _store_counts(store, fresh: dict[int, int], tokenizer_id: str) -> None:
    """Best effort: a cache write must never fail a turn (e.g. a reader inside another's transaction)."""
    from memory_core.storage import db as dbmod

    rows = [(mid, tokenizer_id, n) for mid, n in fresh.items()]
    sql = "INSERT OR REPLACE INTO message_tokens (message_id, tokenizer, tokens) VALUES (?, ?, ?)"
    try:
        if store.in_transaction:
            store.executemany(sql, rows)
        else:
            with store.transaction():
                store.executemany(sql, rows)
    except dbmod.DB_ERRORS:
        pass
