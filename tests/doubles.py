"""Deterministic model doubles for logic tests (reusable by everyone).

``HashEmbedder`` satisfies ``memory_core.llm.Embedder``: bag-of-words vectors, so similar wording
gives similar vectors (the real MiniLM is tested beside it).

``FakeChatModel`` satisfies ``memory_core.llm.ChatModel``: a word-piece
tokenizer, scripted completions, streamed replies, and a simulated KV cache
(cached tokens = common prefix with the previous prompt plus reply), so
cache-reuse logic can be tested without llama.cpp.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

_PIECES = re.compile(r"\w+|[^\w\s]|\n")


@dataclass
class FakeStats:
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    time_to_first_token_s: float
    tokens_per_second: float
    stop_reason: str = "eos"


def render(messages: Sequence[dict[str, str]]) -> str:
    return "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"


class FakeChatModel:
    """A ChatModel double. ``replies``: a function of the messages, or a fixed string.
    ``completions``: outputs returned in turn by ``complete`` (an Exception instance is raised)."""

    tokenizer_id = "fake-wordpiece"

    def __init__(self, context_length: int = 4096, replies: "str | Callable[[Sequence[dict]], str]" = "Noted.",
                 completions: Sequence["str | Exception"] = ()):
        self.context_length = context_length
        self.replies = replies
        self.completions = list(completions)
        self.complete_calls: list[dict] = []
        self.stream_calls: list[list[dict]] = []
        self._cache: list[str] = []
        self._stats: FakeStats | None = None
        self.closed = False

    # TextModel
    def tokenize(self, text: str) -> list[str]:
        return _PIECES.findall(text)

    def count_tokens(self, text: str) -> int:
        return len(self.tokenize(text))

    def count_prompt_tokens(self, messages: Sequence[dict[str, str]]) -> int:
        return len(self.tokenize(render(messages)))

    def complete(self, messages, *, max_tokens: int = 256, temperature: float = 0.0, grammar=None, stop=()) -> str:
        self.complete_calls.append({"messages": list(messages), "grammar": grammar, "max_tokens": max_tokens})
        if not self.completions:
            return ""
        output = self.completions.pop(0) if len(self.completions) > 1 else self.completions[0]
        if isinstance(output, Exception):
            raise output
        return output

    # ChatModel
    def stream(self, messages, *, max_tokens: int = 512, temperature: float = 0.7, grammar=None, stop=(),
               cancel=None) -> Iterator[str]:
        self.stream_calls.append(list(messages))
        prompt = self.tokenize(render(messages))
        cached = 0
        for a, b in zip(self._cache, prompt):
            if a != b:
                break
            cached += 1
        reply = self.replies(messages) if callable(self.replies) else self.replies
        every_word = reply.split(" ")
        words = every_word[:max_tokens]
        self._stats = FakeStats(len(prompt), cached, len(words), 0.001 * (len(prompt) - cached), 100.0,
                                "length" if len(every_word) > max_tokens else "eos")
        self._cache = prompt + self.tokenize(" ".join(words))
        for index, word in enumerate(words):
            if cancel is not None and cancel.is_set():
                self._stats.stop_reason = "cancelled"
                break
            yield word if index == 0 else " " + word

    @property
    def last_stats(self) -> FakeStats | None:
        return self._stats

    def background(self) -> "FakeChatModel":
        return self

    def reset_cache(self) -> None:
        self._cache = []

    def close(self) -> None:
        self.closed = True


class HashEmbedder:
    """Deterministic bag-of-words vectors: each word hashed into one of ``dimension`` buckets, normalised."""

    model_id = "test/hash-bow"
    dimension = 64

    def __init__(self, words: Callable[[str], Sequence[str]] = lambda text: text.lower().split()):
        self.words = words

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            vector = [0.0] * self.dimension
            for word in self.words(text):
                vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dimension] += 1.0
            norm = sum(x * x for x in vector) ** 0.5 or 1.0
            out.append([x / norm for x in vector])
        return out
