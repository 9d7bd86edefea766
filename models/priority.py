"""Background work yields to the chat: a foreground gate and a lower OS priority for memory threads.

Why both: on a 2-core laptop a memory job (an LLM observation, a reflection,
the next prompt's prefix) and a chat turn compete for the same cores. The OS
priority (``nice``) makes the scheduler prefer the chat's threads, but
llama.cpp's compute threads busy-wait, so a running background batch still
steals time. The gate makes the background context *stop* between small
batches (and between generated tokens) while a chat turn is being computed,
so a concurrent job costs the chat turn at most the batch it was in.
"""
from __future__ import annotations

import threading

from memory_core.thread_priority import BACKGROUND_NICE, lower_current_thread, thread_nice

#: How long a background step waits for the chat before going on anyway (a stuck stream must not starve memory).
MAX_YIELD_SECONDS = 30.0


class ForegroundGate:
    """Counts chat turns in flight; background contexts wait between steps while any is."""

    def __init__(self) -> None:
        self._busy = 0
        self._condition = threading.Condition()
        #: Seconds background steps spent waiting for the chat (for the benchmarks and tests).
        self.yielded_seconds = 0.0

    def enter(self) -> None:
        with self._condition:
            self._busy += 1

    def leave(self) -> None:
        with self._condition:
            self._busy = max(0, self._busy - 1)
            if not self._busy:
                self._condition.notify_all()

    @property
    def busy(self) -> bool:
        return self._busy > 0

    def wait_idle(self, timeout: float = MAX_YIELD_SECONDS) -> float:
        """Block while a chat turn is computing; returns the seconds waited."""
        import time

        if not self._busy:
            return 0.0
        started = time.perf_counter()
        with self._condition:
            self._condition.wait_for(lambda: not self._busy, timeout)
        waited = time.perf_counter() - started
        self.yielded_seconds += waited
        return waited


__all__ = ["BACKGROUND_NICE", "ForegroundGate", "lower_current_thread", "thread_nice"]
