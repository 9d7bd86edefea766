"""The small protocols through which the engine reaches models.

memory_core never imports llama_cpp or torch: ``models/`` provides objects
that satisfy these protocols, and tests provide deterministic doubles.
"""
from __future__ import annotations

from typing import Iterator, Protocol, Sequence, runtime_checkable


@runtime_checkable
class TextModel(Protocol):
    """A local LLM as the memory engine sees it."""

    #: Stable identifier of the tokenizer (token counts are cached per tokenizer).
    tokenizer_id: str
    #: The context length the model was loaded with, in tokens.
    context_length: int

    def count_tokens(self, text: str) -> int:
        """Exact token count of ``text`` with this model's tokenizer."""
        ...

    def complete(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 256,
                 temperature: float = 0.0, grammar: str | None = None,
                 stop: Sequence[str] = ()) -> str:
        """One non-streaming chat completion (role/content dicts); ``grammar`` is GBNF text."""
        ...


@runtime_checkable
class Embedder(Protocol):
    """Sentence embeddings: unit-length vectors, one per input text."""

    model_id: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> "list[list[float]]":
        ...


class GenerationStats(Protocol):
    """Per-call figures the runtime reports (see models.llama_runtime.GenerationStats)."""

    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    time_to_first_token_s: float
    tokens_per_second: float
    #: "eos", "stop", "length" (max_tokens), "cancelled" or "context" (context full)
    stop_reason: str


#: Stop reasons that leave an answer unfinished: the user should be told it was cut, not left to guess.
CUT_SHORT_REASONS = {"length": "it reached its length limit", "context": "the context window is full"}


def cut_short_reason(stats: object | None) -> str | None:
    """Why a generation ended before the model finished its answer, or None when it finished (or was stopped)."""
    return CUT_SHORT_REASONS.get(str(getattr(stats, "stop_reason", "") or ""))


@runtime_checkable
class ChatModel(TextModel, Protocol):
    """The chat model: streaming with cancel, per-call stats, and a KV-cache reset.

    ``background()`` returns a TextModel with its own context on the same
    (mmap'ed) weights, so memory jobs never evict the chat's cached prefix.
    """

    def stream(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 512,
               temperature: float = 0.7, grammar: str | None = None, stop: Sequence[str] = (),
               cancel: "object | None" = None) -> "Iterator[str]":
        """Yield text pieces; stops within one token once ``cancel.is_set()``."""
        ...

    @property
    def last_stats(self) -> GenerationStats | None:
        ...

    def background(self) -> TextModel:
        ...

    def reset_cache(self) -> None:
        """Drop every cached token (used after forgetting, so nothing forgotten is reused)."""
        ...


@runtime_checkable
class PrefixPreparer(Protocol):
    """Optional ChatModel capability: make the chat context hold a prompt prefix, computed off its path.

    After the memory block changes (an observation or a reflection committed),
    the next turn's stable prefix differs from what the chat's KV cache holds;
    without this the next turn recomputes it while the user waits. The worker
    calls ``prepare_prefix`` with that prefix (system prompt, memory block, raw
    tail); the runtime evaluates it elsewhere and hands the state over. It
    returns a report object (``handed_over``, ``missing_tokens``, ...).
    """

    def prepare_prefix(self, messages: Sequence[dict[str, str]]) -> object:
        ...


#: Below this many parameters a model's notes and facts rarely validate: the LLM paths skip it.
CAPABLE_PARAMETERS = 1_000_000_000


def is_capable(model) -> bool:
    """Small models (under ~1B parameters) write notes that rarely validate; skip the wasted CPU."""
    params = getattr(model, "parameter_count", None) or getattr(model, "n_params", None)
    tensors = getattr(getattr(model, "info", None), "tensors", None)
    if not params and tensors:
        params = 0
        for tensor in tensors:
            size = 1
            for dim in tensor.shape:
                size *= int(dim)
            params += size
    return bool(params) and int(params) >= CAPABLE_PARAMETERS
