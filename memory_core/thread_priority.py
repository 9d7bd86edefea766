"""Lower the OS priority of the thread doing background memory work (Linux: nice is per thread).

Used by the memory worker (observer, reflector, embeddings) and by the model
runtime's background context, so on a 2-core machine the chat's threads win
every contested time slice. No Qt, no llama.cpp: plain ``os.setpriority``.
"""
from __future__ import annotations

import os
import threading

#: Nice value for background threads: low enough that the chat (nice 0) wins every contested slice.
BACKGROUND_NICE = 15

_this_thread = threading.local()  # not a set of native ids: the OS reuses them for new threads


def lower_current_thread(nice: int = BACKGROUND_NICE) -> bool:
    """Raise the calling thread's nice value (Linux: per thread) once; never the main thread.

    Threads inherit their creator's nice value when they are created, so
    llama.cpp's OpenMP workers started from a lowered thread run lowered too.
    A thread cannot raise its priority again without privileges, hence the
    main-thread guard: it may be the UI or the chat. Returns whether it applied.
    """
    if threading.current_thread() is threading.main_thread() or not hasattr(os, "setpriority"):
        return False
    if getattr(_this_thread, "lowered", False):
        return True
    native = threading.get_native_id()
    try:
        if os.getpriority(os.PRIO_PROCESS, native) < nice:
            os.setpriority(os.PRIO_PROCESS, native, nice)
    except OSError:
        return False
    _this_thread.lowered = True
    return True


def thread_nice() -> int:
    """The calling thread's nice value (for tests and the benchmark tables)."""
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
