"""Chat model doubles for the desktop tests, built on the shared ``tests.doubles.FakeChatModel``."""
from __future__ import annotations

import re
import threading
import time
from typing import Sequence

from tests.doubles import FakeChatModel, render


class SlowModel(FakeChatModel):
    """Streams a long reply slowly, so a test can stop it mid-answer."""

    def __init__(self, delay: float = 0.02, words: int = 400, **kwargs):
        super().__init__(replies=" ".join(f"word{i}" for i in range(words)), **kwargs)
        self.delay = delay
        self.started = threading.Event()

    def stream(self, messages, **kwargs):
        for piece in super().stream(messages, **kwargs):
            self.started.set()
            time.sleep(self.delay)
            yield piece


class CountingModel(FakeChatModel):
    """Answers "answer 1", "answer 2", ...: regenerate must show a new one."""

    def __init__(self, **kwargs):
        self.count = 0
        super().__init__(replies=self._next, **kwargs)

    def _next(self, messages: Sequence[dict]) -> str:
        self.count += 1
        return f"answer {self.count}"


class FailingModel(FakeChatModel):
    """Yields a few pieces, then fails like a model crashing mid-answer."""

    def __init__(self, after: int = 3, **kwargs):
        super().__init__(replies="one two three four five six", **kwargs)
        self.after = after
        self.fail = True

    def stream(self, messages, **kwargs):
        for index, piece in enumerate(super().stream(messages, **kwargs)):
            if self.fail and index == self.after:
                raise RuntimeError("llama_decode returned -1")
            yield piece


_CITY = re.compile(r"\bI live in ([A-Z][a-z]+)")


class CacheEchoModel(FakeChatModel):
    """Answers "where do I live" from everything in its prompt *and its KV cache*.

    This reproduces the hazard the forget flow must close: tokens of a
    forgotten fact still sitting in the model's cache. Until ``reset_cache``
    the double can repeat what the database no longer holds.
    """

    def __init__(self, **kwargs):
        super().__init__(replies=self._answer, **kwargs)
        self.resets = 0
        self._seen_cache: list[str] = []

    def stream(self, messages, **kwargs):
        self._seen_cache = list(self._cache)
        return super().stream(messages, **kwargs)

    def _answer(self, messages: Sequence[dict]) -> str:
        question = messages[-1]["content"].lower()
        if "where do i live" not in question:
            return "Noted, thank you."
        cities = _CITY.findall(render(messages[:-1])) + _CITY.findall(" ".join(self._seen_cache))
        return f"You live in {cities[-1]}." if cities else "I don't know where you live."

    def reset_cache(self) -> None:
        self.resets += 1
        super().reset_cache()

