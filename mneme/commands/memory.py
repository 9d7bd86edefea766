"""``mneme memory ...``: the group; each part lives in its own module.

Modules listed here expose ``register(memory_subparsers, common)``.
"""
from __future__ import annotations

import importlib

MEMORY_MODULES = (
    "mneme.commands.memory_add",       # add (hot path)
    "mneme.commands.memory_om",        # observe, timeline, context
    "mneme.commands.memory_recall",    # import, search, facts
    "mneme.commands.memory_forget",    # forget, export
    "mneme.commands.memory_compact",   # compact
)


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("memory", help="store, observe, search and forget memories")
    memory_sub = parser.add_subparsers(dest="memory_command", metavar="ACTION")
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)
    for name in MEMORY_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(memory_sub, common)
