"""Where a recall setting lives, for benchmarks that try other values (recall/search.py was split by idea:
each tunable is read in the module that defines it, so it must be set there)."""
from __future__ import annotations

import importlib
from types import ModuleType

#: The recall modules that hold tunable settings, orchestration last.
MODULES = ("fusion", "ranking", "abstention", "conversation_context", "hydrate", "bm25", "query_terms", "reserve",
           "feedback", "search")


def owner(name: str) -> ModuleType:
    """The module that defines setting ``name`` (a KeyError for a name no recall module has: a typo must not
    silently create a new attribute that nothing reads)."""
    for module_name in MODULES:
        module = importlib.import_module(f"memory_core.recall.{module_name}")
        if name in vars(module):
            return module
    raise KeyError(f"no recall module defines {name!r}")
