"""The chat model: llama.cpp through llama-cpp-python, with streaming, cancel and prefix-cache reuse.

Why we drive the prompt ourselves instead of calling ``create_chat_completion``:

* **Prefix reuse is a feature.** llama.cpp keeps the KV cache of the tokens it
  evaluated last. We render the conversation with the model's own template
  (deterministically), tokenize it, keep the longest common prefix with what
  the context already holds, and evaluate only the rest. Every call reports
  how many prompt tokens came from the cache (``last_stats.cached_tokens``).
* **Cancel within one token.** The prompt is evaluated in ``n_batch`` chunks
  and generation one token at a time, and the cancel event is checked between
  each step, so stopping never waits for a whole answer (or a whole prompt).
* **Background jobs get their own context.** ``background()`` opens a second
  llama.cpp context on the *same loaded weights*: memory jobs fill their own KV
  cache and never evict the chat's prefix. It runs on fewer threads, at a lower
  OS priority, in small batches, and pauses while a chat turn computes
  (``models.priority``), so a concurrent job barely slows the chat.
* **No stall when memory changes.** ``prepare_prefix`` evaluates the next
  turn's stable prefix on the background context and copies its KV state into
  the chat context (``llama_state_seq_get_data``/``set_data``, same weights),
  so the turn after an observation or a reflection evaluates only what is new.

``llama_cpp`` is imported only when a model is opened.
"""
from __future__ import annotations

import codecs
import ctypes
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from memory_core.errors import InvalidInput, MnemeError

from .chat_template import ChatTemplate
from .errors import ChatTemplateMissing, ContextTooLong, ModelError, ModelFileError
from .gguf import GGUFInfo, validate_model_file
from .priority import BACKGROUND_NICE, ForegroundGate, lower_current_thread


def physical_cores() -> int:
    """Physical CPU cores we may run on: llama.cpp gets slower, not faster, on hyper-threads."""
    try:
        available = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        available = os.cpu_count() or 1
    try:
        import psutil  # optional

        physical = psutil.cpu_count(logical=False)
    except ImportError:
        physical = _physical_from_cpuinfo()
    if not physical:
        logical = os.cpu_count() or 1
        physical = max(1, logical // 2) if logical > 2 else logical
    return max(1, min(physical, available))


def _physical_from_cpuinfo() -> int | None:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return None
    cores, physical_id = set(), "0"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            physical_id = value.strip()
        elif key == "core id":
            cores.add((physical_id, value.strip()))
    return len(cores) or None


@dataclass(frozen=True)
class RuntimeSettings:
    """How to run a model. ``context_length`` may not exceed what the model was trained with."""

    context_length: int = 4096
    #: CPU threads; None means the number of physical cores.
    threads: int | None = None
    #: Layers offloaded to the GPU (llama.cpp's n_gpu_layers; -1 = all). Needs a GPU build of llama-cpp-python.
    gpu_layers: int = 0
    use_mmap: bool = True
    #: A Jinja chat template that overrides the GGUF's own (for models that ship none).
    chat_template: str | None = None
    #: Sampling seed: the same seed, prompt and settings give the same answer.
    seed: int = 1234
    #: Tokens evaluated per llama.cpp batch; cancel is checked between batches.
    batch_size: int = 512
    #: Refuse models that do not fit in free memory (weights + KV cache).
    check_memory: bool = True
    #: Threads of the background (memory) context; None = half the chat's, at least one.
    background_threads: int | None = None
    #: Background batches are small so the chat waits at most one of them (see models.priority).
    background_batch_size: int = 16
    #: The background context pauses between batches/tokens while a chat turn computes (models.priority).
    background_yields: bool = True
    #: Nice value of threads that run background work (0 = leave the priority alone).
    background_nice: int = BACKGROUND_NICE
    #: Hand a prepared prefix to the chat only if the chat would otherwise evaluate at least this many
    #: of its tokens ...
    handover_min_tokens: int = 16
    #: ... and at least this share of the prefix: copying one token's KV state costs about this fraction
    #: of evaluating one token (measured crossover, bench/results/runtime.md (e)), and the copy is of the
    #: whole prefix while the saving is only the tokens the chat does not hold.
    handover_copy_cost: float = 0.02

    def worth_handing_over(self, missing_tokens: int, prefix_tokens: int) -> bool:
        """Decide by size: does evaluating ``missing_tokens`` cost more than copying ``prefix_tokens``?"""
        return missing_tokens >= max(1, self.handover_min_tokens, int(self.handover_copy_cost * prefix_tokens))

    def resolved_threads(self) -> int:
        return self.threads if self.threads and self.threads > 0 else physical_cores()

    def resolved_background_threads(self) -> int:
        if self.background_threads and self.background_threads > 0:
            return self.background_threads
        return max(1, self.resolved_threads() // 2)


@dataclass
class GenerationStats:
    """Figures for one call: what the UI shows under an answer and what the benchmarks read."""

    prompt_tokens: int = 0
    #: Prompt tokens served from the KV cache (not evaluated again).
    cached_tokens: int = 0
    completion_tokens: int = 0
    time_to_first_token_s: float = 0.0
    #: Generation speed after the first token (tokens/s).
    tokens_per_second: float = 0.0
    total_s: float = 0.0
    #: "eos", "stop" (a stop string), "length" (max_tokens), "cancelled" or "context" (context full).
    stop_reason: str = ""

    @property
    def evaluated_prompt_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens


@dataclass
class PrefixHandover:
    """What ``prepare_prefix`` did: the prefix size, what the chat would have evaluated, and the costs."""

    prefix_tokens: int = 0
    #: Tokens of the prefix the chat context did not hold before (what its next turn would have evaluated).
    missing_tokens: int = 0
    #: "handed over", "chat holds it" (below ``handover_min_tokens``), "chat caught up" or "too long".
    outcome: str = ""
    #: Tokens the background context evaluated (it reuses its own cached prefix).
    evaluated_tokens: int = 0
    background_seconds: float = 0.0
    #: Time the chat context was locked for the copy (the only cost on the chat's side).
    load_seconds: float = 0.0
    state_bytes: int = 0

    @property
    def handed_over(self) -> bool:
        return self.outcome == "handed over"


class _Context:
    """One llama.cpp context (a ``Llama`` object) and the generation loop over it.

    Only one generation runs on a context at a time (``lock``).
    """

    def __init__(self, llama: Any, template: ChatTemplate, batch_size: int, gate: ForegroundGate,
                 control_tokens: "ControlTokens | None" = None, *, background: bool = False, nice: int = 0,
                 yields: bool = True):
        self.llama = llama
        self.template = template
        self.batch_size = batch_size
        self.lock = threading.RLock()
        self.last_stats: GenerationStats | None = None
        self.control_tokens = control_tokens or ControlTokens.of(llama)
        #: The chat context holds the gate while it computes; a background context waits on it between steps.
        self.gate = gate
        self.background = background
        self.nice = nice
        self.yields = yields

    # -- tokens ------------------------------------------------------------
    def tokenize_prompt(self, messages: Sequence[dict[str, str]], *, add_generation_prompt: bool = True
                        ) -> list[int]:
        """The rendered conversation as tokens. Only the template's own markers become control tokens:
        any control-token spelling inside a message's text is split first, so it tokenizes as text."""
        text = self.template.render([{**message, "content": self.control_tokens.neutralize(message["content"])}
                                     if isinstance(message, dict) and isinstance(message.get("content"), str)
                                     else message for message in messages],
                                    add_generation_prompt=add_generation_prompt)
        tokens = self.llama.tokenize(text.encode("utf-8"), add_bos=True, special=True)
        bos = self.llama.token_bos()
        # A template that writes the BOS text itself plus a vocab that adds BOS gives two: keep one.
        while len(tokens) >= 2 and tokens[0] == bos and tokens[1] == bos:
            tokens = tokens[1:]
        return tokens

    def tokenize_prefix(self, messages: Sequence[dict[str, str]]) -> list[int]:
        """Tokens of ``messages`` as the start of a longer conversation (no generation prompt).

        Chat templates close every message with a special token, so these are
        exactly the first tokens of any prompt that continues these messages.
        """
        return self.tokenize_prompt(messages, add_generation_prompt=False)

    def cached_prefix(self, tokens: list[int]) -> int:
        """How many leading tokens of ``tokens`` the context already holds (and can keep)."""
        held = self.llama.input_ids[: self.llama.n_tokens]
        prefix = 0
        for a, b in zip(held, tokens):
            if a != b:
                break
            prefix += 1
        return prefix

    # -- generation ----------------------------------------------------------
    def stream(self, messages: Sequence[dict[str, str]], *, max_tokens: int | None, temperature: float,
               grammar: str | None, stop: Sequence[str], cancel: threading.Event | None) -> Iterator[str]:
        """Validate eagerly (a clear error before anything is yielded), then generate lazily."""
        tokens = self.tokenize_prompt(messages)
        n_ctx = self.llama.n_ctx()
        if len(tokens) >= n_ctx:
            raise ContextTooLong(
                f"the conversation is {len(tokens)} tokens long but the model's context holds {n_ctx}; "
                "start a new conversation, shorten the message, or raise the context length")
        room = n_ctx - len(tokens)
        max_tokens = room if max_tokens is None or max_tokens <= 0 else min(max_tokens, room)
        compiled = _compile_grammar(self.llama, grammar) if grammar else None
        stops = [s for s in stop if s]
        return self._generate(tokens, max_tokens, float(temperature), compiled, stops, cancel)

    def _generate(self, tokens: list[int], max_tokens: int, temperature: float, grammar: Any,
                  stops: list[str], cancel: threading.Event | None) -> Iterator[str]:
        import llama_cpp

        with self.lock, self._turn():
            llama = self.llama
            stats = GenerationStats(prompt_tokens=len(tokens))
            self.last_stats = stats
            started = time.perf_counter()
            if not self._evaluate_prompt(tokens, stats, cancel):
                stats.stop_reason = "cancelled"
                stats.total_s = time.perf_counter() - started
                return
            decoder = codecs.getincrementaldecoder("utf-8")("replace")
            held = ""  # text kept back while it could still become a stop string
            first_at = last_at = 0.0
            vocab = llama._model.vocab
            generator = llama.generate(tokens, temp=temperature, top_k=40, top_p=0.95, min_p=0.05,
                                       repeat_penalty=1.0, reset=True, grammar=grammar)
            stats.stop_reason = "length"
            try:
                while stats.completion_tokens < max_tokens:
                    if cancel is not None and cancel.is_set():
                        stats.stop_reason = "cancelled"
                        break
                    self._yield_to_chat()
                    token = next(generator, None)
                    if token is None:
                        stats.stop_reason = "context"
                        break
                    now = time.perf_counter()
                    if not first_at:
                        first_at = now
                        stats.time_to_first_token_s = now - started
                    last_at = now
                    if llama_cpp.llama_vocab_is_eog(vocab, token):
                        stats.stop_reason = "eos"
                        break
                    stats.completion_tokens += 1
                    held += decoder.decode(_token_bytes(vocab, token))
                    emit, held, hit = _split_at_stop(held, stops)
                    if emit:
                        yield emit
                    if hit:
                        stats.stop_reason = "stop"
                        held = ""
                        break
                held += decoder.decode(b"", final=True)
                if held and stats.stop_reason != "cancelled":
                    emit, _, _ = _split_at_stop(held, stops, final=True)
                    if emit:
                        yield emit
            finally:
                generator.close()
                end = time.perf_counter()
                stats.total_s = end - started
                if stats.completion_tokens > 1 and last_at > first_at:
                    stats.tokens_per_second = (stats.completion_tokens - 1) / (last_at - first_at)

    def _evaluate_prompt(self, tokens: list[int], stats: GenerationStats, cancel: threading.Event | None) -> bool:
        """Keep the cached prefix, evaluate the rest in batches; False if cancelled meanwhile."""
        keep = self.evaluate(tokens, cancel, fresh_logits=True)
        if keep is None:
            return False
        stats.cached_tokens = keep
        return True

    def evaluate(self, tokens: list[int], cancel: threading.Event | None = None, *,
                 fresh_logits: bool = False) -> int | None:
        """Make the context hold ``tokens``: keep the cached prefix, evaluate the rest in batches.

        Returns how many tokens came from the cache, or None if cancelled. A
        background context yields to the chat between batches.
        """
        llama = self.llama
        keep = self.cached_prefix(tokens)
        if keep == len(tokens) and fresh_logits:
            keep -= 1  # re-evaluate the last token so its logits are fresh
        if keep < llama.n_tokens:
            if not llama._ctx.kv_cache_seq_rm(-1, keep, -1):
                keep = 0
                llama._ctx.kv_cache_clear()
            llama.n_tokens = keep
        for start in range(keep, len(tokens), self.batch_size):
            if cancel is not None and cancel.is_set():
                return None
            self._yield_to_chat()
            llama.eval(tokens[start:start + self.batch_size])
        return keep

    def _turn(self):
        """A chat turn holds the gate while it computes; a background call lowers its thread's priority."""
        import contextlib

        if self.background:
            if self.nice:
                lower_current_thread(self.nice)
            return contextlib.nullcontext()
        gate = self.gate

        @contextlib.contextmanager
        def holding():
            gate.enter()
            try:
                yield
            finally:
                gate.leave()
        return holding()

    def _yield_to_chat(self) -> None:
        if self.background and self.yields:
            self.gate.wait_idle()

    # -- state hand-over -----------------------------------------------------------
    def save_sequence(self) -> bytes:
        """The KV cache of the tokens this context holds (sequence 0), as bytes."""
        import llama_cpp

        ctx = self.llama._ctx.ctx
        size = llama_cpp.llama_state_seq_get_size(ctx, 0)
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(ctx, buffer, size, 0)
        if written != size:
            raise ModelError(f"llama.cpp saved {written} of {size} bytes of the prepared prefix")
        return bytes(buffer)

    def load_sequence(self, state: bytes, tokens: list[int]) -> None:
        """Replace this context's KV cache with ``state`` (saved from a context on the same weights)."""
        import llama_cpp

        llama = self.llama
        llama._ctx.kv_cache_clear()
        llama.n_tokens = 0
        buffer = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
        read = llama_cpp.llama_state_seq_set_data(llama._ctx.ctx, buffer, len(state), 0)
        if read != len(state):
            llama._ctx.kv_cache_clear()
            raise ModelError(f"llama.cpp took {read} of {len(state)} bytes of the prepared prefix")
        llama.input_ids[:len(tokens)] = tokens
        llama.n_tokens = len(tokens)

    def reset(self) -> None:
        with self.lock:
            self.llama.reset()
            self.llama._ctx.kv_cache_clear()
            self.llama.input_ids[:] = 0


#: Inserted after the first character of a control-token spelling found in user text (invisible).
WORD_JOINER = "\u2060"


class ControlTokens:
    """The vocabulary's control tokens (the ones llama.cpp parses only with ``special=True``) and a way
    to make their spellings inert in text a person wrote: ``<|im_end|>`` typed in a message must not
    end the turn, whatever the template (ChatML, Llama 3, Gemma, Mistral, Phi ...)."""

    def __init__(self, spellings: Sequence[str]):
        self.spellings = sorted({s for s in spellings if len(s) >= 2}, key=len, reverse=True)
        self._prefixes = {s[:2] for s in self.spellings}
        self._pattern = re.compile("|".join(re.escape(s) for s in self.spellings)) if self.spellings else None

    @classmethod
    def of(cls, llama: Any) -> "ControlTokens":
        import llama_cpp

        vocab = llama._model.vocab
        wanted = llama_cpp.LLAMA_TOKEN_ATTR_CONTROL | llama_cpp.LLAMA_TOKEN_ATTR_UNKNOWN
        spellings = []
        for token in range(llama_cpp.llama_vocab_n_tokens(vocab)):
            if llama_cpp.llama_vocab_get_attr(vocab, token) & wanted:
                spellings.append(_token_text(llama, token))
        return cls(spellings)

    def neutralize(self, text: str) -> str:
        if self._pattern is None or not any(prefix in text for prefix in self._prefixes):
            return text
        return self._pattern.sub(lambda match: match.group(0)[0] + WORD_JOINER + match.group(0)[1:], text)


def _token_bytes(vocab: Any, token: int) -> bytes:
    """The bytes of one token (llama_cpp's own helper returns its whole 32-byte buffer, NULs included)."""
    import llama_cpp

    buffer = ctypes.create_string_buffer(64)
    length = llama_cpp.llama_token_to_piece(vocab, token, buffer, len(buffer), 0, False)
    if length < 0:
        buffer = ctypes.create_string_buffer(-length)
        length = llama_cpp.llama_token_to_piece(vocab, token, buffer, len(buffer), 0, False)
    return buffer.raw[:max(length, 0)]


def _split_at_stop(text: str, stops: list[str], final: bool = False) -> tuple[str, str, bool]:
    """(text safe to show, text to keep back, whether a stop string was hit)."""
    if not stops:
        return text, "", False
    hits = [text.find(s) for s in stops if s in text]
    if hits:
        return text[:min(hits)], "", True
    if final:
        return text, "", False
    keep = 0
    for s in stops:
        for length in range(min(len(s) - 1, len(text)), 0, -1):
            if text.endswith(s[:length]):
                keep = max(keep, length)
                break
    return (text[:-keep], text[-keep:], False) if keep else (text, "", False)


_GRAMMAR_CACHE: dict[str, Any] = {}


def _compile_grammar(llama: Any, grammar: str) -> Any:
    """Check GBNF text with llama.cpp's parser before use: a bad grammar must be a message, not a crash."""
    cached = _GRAMMAR_CACHE.get(grammar)
    if cached is not None:
        return cached
    import llama_cpp
    from llama_cpp.llama_grammar import LlamaGrammar

    compiled = LlamaGrammar.from_string(grammar, verbose=False)
    sampler = llama_cpp.llama_sampler_init_grammar(llama._model.vocab, grammar.encode("utf-8"),
                                                   compiled._root.encode("utf-8"))
    if not sampler:
        raise InvalidInput("the grammar is not valid GBNF (llama.cpp could not parse it; it needs a 'root' rule)")
    llama_cpp.llama_sampler_free(sampler)
    if len(_GRAMMAR_CACHE) > 32:
        _GRAMMAR_CACHE.clear()
    _GRAMMAR_CACHE[grammar] = compiled
    return compiled


def _open_llama(path: Path, settings: RuntimeSettings) -> Any:
    import llama_cpp

    threads = settings.resolved_threads()
    try:
        return llama_cpp.Llama(
            model_path=str(path), n_ctx=settings.context_length, n_batch=settings.batch_size,
            n_threads=threads, n_threads_batch=threads, n_gpu_layers=settings.gpu_layers,
            use_mmap=settings.use_mmap, seed=settings.seed, verbose=False)
    except (ValueError, RuntimeError, OSError) as exc:
        raise ModelFileError(f"llama.cpp could not load {path.name}: {exc}. The file may be damaged or use an "
                             "architecture this llama.cpp build does not support") from exc


def _second_context(llama: Any, context_length: int, threads: int | None = None) -> Any:
    """A second ``Llama`` on the same loaded model (weights shared, not loaded twice), with its own KV cache.

    llama-cpp-python has no public API for this, so we copy the Llama object
    and give the copy its own context, batch and token arrays; the model
    stays owned (and freed) by the original.
    """
    import contextlib

    import numpy as np
    from llama_cpp import _internals as internals

    # Not copy.copy: Llama's __getstate__/__setstate__ would load the model again from disk.
    clone = object.__new__(type(llama))
    clone.__dict__.update(llama.__dict__)
    clone._stack = contextlib.ExitStack()
    params = type(llama.context_params).from_buffer_copy(llama.context_params)
    params.n_ctx = context_length
    if threads:
        params.n_threads = params.n_threads_batch = threads
        clone.n_threads = clone.n_threads_batch = threads
    clone.context_params = params
    clone._ctx = clone._stack.enter_context(contextlib.closing(
        internals.LlamaContext(model=llama._model, params=params, verbose=False)))
    clone._batch = clone._stack.enter_context(contextlib.closing(
        internals.LlamaBatch(n_tokens=llama.n_batch, embd=0, n_seq_max=params.n_ctx, verbose=False)))
    clone._n_ctx = clone._ctx.n_ctx()
    clone._candidates = internals.LlamaTokenDataArray(n_vocab=llama._n_vocab)
    clone.n_tokens = 0
    clone._requires_eval = True
    clone.input_ids = np.ndarray((clone._n_ctx,), dtype=np.intc)
    clone.scores = np.ndarray((llama.n_batch, llama._n_vocab), dtype=np.single)
    clone._mirostat_mu = ctypes.c_float(10.0)
    clone._sampler = None
    clone.cache = None
    return clone


class BackgroundModel:
    """The TextModel that memory jobs use: same weights and template, its own context and KV cache."""

    def __init__(self, owner: "LlamaChatModel", context: _Context):
        self._owner = owner
        self._context = context
        self.tokenizer_id = owner.tokenizer_id
        self.context_length = context.llama.n_ctx()

    def count_tokens(self, text: str) -> int:
        return self._owner.count_tokens(text)

    def complete(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0,
                 grammar: str | None = None, stop: Sequence[str] = ()) -> str:
        return "".join(self._context.stream(messages, max_tokens=max_tokens, temperature=temperature,
                                            grammar=grammar, stop=stop, cancel=None))

    def stream(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 512, temperature: float = 0.0,
               grammar: str | None = None, stop: Sequence[str] = (), cancel: threading.Event | None = None
               ) -> Iterator[str]:
        return self._context.stream(messages, max_tokens=max_tokens, temperature=temperature, grammar=grammar,
                                    stop=stop, cancel=cancel)

    @property
    def last_stats(self) -> GenerationStats | None:
        return self._context.last_stats

    def reset_cache(self) -> None:
        self._context.reset()


class LlamaChatModel:
    """A GGUF chat model satisfying ``memory_core.llm.ChatModel``."""

    def __init__(self, path: Path | str, settings: RuntimeSettings | None = None):
        self.settings = settings or RuntimeSettings()
        self.path = Path(path).expanduser()
        self.info: GGUFInfo = validate_model_file(
            self.path, self.settings.context_length, gpu_layers=self.settings.gpu_layers,
            available_memory=None if self.settings.check_memory else 1 << 62)
        self.name = self.info.name or self.path.stem
        if not (self.settings.chat_template or self.info.chat_template):
            ChatTemplate.for_model(None, None, model_name=self.name)  # raises ChatTemplateMissing before loading
        llama = _open_llama(self.path, self.settings)
        try:
            template = ChatTemplate.for_model(
                self.info.chat_template, self.settings.chat_template, model_name=self.name,
                bos_token=_token_text(llama, llama.token_bos()), eos_token=_token_text(llama, llama.token_eos()))
        except MnemeError:
            llama.close()
            raise
        self.gate = ForegroundGate()
        self._chat = _Context(llama, template, self.settings.batch_size, self.gate)
        self._background: BackgroundModel | None = None
        self._background_lock = threading.Lock()
        self._closed = False
        self.tokenizer_id = f"gguf:{self.info.architecture}:{self.info.tokenizer_digest}"
        self.context_length = llama.n_ctx()

    # -- TextModel ---------------------------------------------------------------
    def count_tokens(self, text: str) -> int:
        if not text:
            return 0
        return len(self._chat.llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def count_prompt_tokens(self, messages: Sequence[dict[str, str]]) -> int:
        """Tokens the rendered conversation takes (template included), as the model will see it."""
        return len(self._chat.tokenize_prompt(messages))

    def complete(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 256, temperature: float = 0.0,
                 grammar: str | None = None, stop: Sequence[str] = ()) -> str:
        return "".join(self.stream(messages, max_tokens=max_tokens, temperature=temperature,
                                   grammar=grammar, stop=stop))

    # -- ChatModel ---------------------------------------------------------------
    def stream(self, messages: Sequence[dict[str, str]], *, max_tokens: int = 512, temperature: float = 0.7,
               grammar: str | None = None, stop: Sequence[str] = (), cancel: threading.Event | None = None
               ) -> Iterator[str]:
        self._check_open()
        return self._chat.stream(messages, max_tokens=max_tokens, temperature=temperature, grammar=grammar,
                                 stop=stop, cancel=cancel)

    @property
    def last_stats(self) -> GenerationStats | None:
        return self._chat.last_stats

    def background(self) -> BackgroundModel:
        """The memory jobs' model: a second context on the same weights, created on first use."""
        self._check_open()
        with self._background_lock:
            if self._background is None:
                settings = self.settings
                llama = _second_context(self._chat.llama, self.context_length, settings.resolved_background_threads())
                context = _Context(llama, self._chat.template, settings.background_batch_size, self.gate,
                                   self._chat.control_tokens, background=True, nice=settings.background_nice,
                                   yields=settings.background_yields)
                self._background = BackgroundModel(self, context)
            return self._background

    def prepare_prefix(self, messages: Sequence[dict[str, str]], *, force: bool = False) -> PrefixHandover:
        """Compute the next turn's stable prefix off the chat's path and hand its KV state to the chat.

        Called by the memory worker (on its own thread) right after it changed
        the memory block. The background context evaluates the prefix (reusing
        what it holds, yielding to chat turns); the chat context is locked only
        for the copy. Skipped when the chat would evaluate fewer than
        what copying would cost (``RuntimeSettings.worth_handing_over``; ``force`` overrides, for measuring).
        """
        self._check_open()
        report = PrefixHandover()
        tokens = self._chat.tokenize_prefix(messages)
        report.prefix_tokens = len(tokens)
        if len(tokens) >= self.context_length - 1:
            report.outcome = "too long"
            return report
        report.missing_tokens = len(tokens) - self._chat.cached_prefix(tokens)
        if not (force or self.settings.worth_handing_over(report.missing_tokens, len(tokens))):
            report.outcome = "chat holds it"
            return report
        background = self.background()._context
        started = time.perf_counter()
        with background.lock, background._turn():
            kept = background.evaluate(tokens)
            report.evaluated_tokens = len(tokens) - (kept or 0)
            state = background.save_sequence()
        report.background_seconds = time.perf_counter() - started
        report.state_bytes = len(state)
        with self._chat.lock:
            report.missing_tokens = len(tokens) - self._chat.cached_prefix(tokens)
            if not (force or self.settings.worth_handing_over(report.missing_tokens, len(tokens))):
                report.outcome = "chat caught up"  # a turn ran meanwhile and computed it itself
                return report
            loading = time.perf_counter()
            self._chat.load_sequence(state, tokens)
            report.load_seconds = time.perf_counter() - loading
        report.outcome = "handed over"
        return report

    def reset_cache(self) -> None:
        """Forget every cached token in both contexts (after "forget me", nothing forgotten is reused)."""
        self._chat.reset()
        if self._background is not None:
            self._background.reset_cache()

    @property
    def cached_tokens(self) -> int:
        """Tokens the chat context holds right now."""
        return self._chat.llama.n_tokens

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with self._chat.lock:
            if self._background is not None:
                with self._background._context.lock:
                    self._background._context.llama.close()
            self._chat.llama.close()

    def __enter__(self) -> "LlamaChatModel":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise ModelError(f"{self.name} has been closed")


def _token_text(llama: Any, token: int) -> str:
    return llama._model.token_get_text(token) if token is not None and token >= 0 else ""


@dataclass
class ModelManager:
    """Holds the current chat model; loading another swaps only when the new one loads.

    A bad file (missing, truncated, too big, no template) raises its clear
    error and the previous model stays in place, still usable.
    """

    current: LlamaChatModel | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def load(self, path: Path | str, settings: RuntimeSettings | None = None) -> LlamaChatModel:
        new = LlamaChatModel(path, settings)  # raises before anything changes
        with self._lock:
            old, self.current = self.current, new
        if old is not None:
            old.close()
        return new

    def require(self) -> LlamaChatModel:
        if self.current is None:
            raise ModelError("no chat model is loaded")
        return self.current

    def close(self) -> None:
        with self._lock:
            old, self.current = self.current, None
        if old is not None:
            old.close()


__all__ = ["RuntimeSettings", "GenerationStats", "PrefixHandover", "LlamaChatModel", "BackgroundModel", "ModelManager",
           "ChatTemplateMissing", "ContextTooLong", "physical_cores"]
