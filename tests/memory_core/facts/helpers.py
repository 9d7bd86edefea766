"""Small checks shared by the fact-change tests."""
from __future__ import annotations

from memory_core.facts import ledger as facts


def assert_replaced(store, old: str, new: str) -> None:
    """``new`` is current, ``old`` is not, and the new fact names the old one as what it supersedes."""
    now = facts.current_facts(store)
    held = {f.value for f in now}
    assert old not in held, held
    successor = [f for f in now if f.value == new]
    assert successor, held
    assert successor[0].supersedes is not None
    assert facts.get_fact(store, successor[0].supersedes).value == old
