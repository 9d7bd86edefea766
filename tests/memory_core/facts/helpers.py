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


def read_facts(text: str, parser) -> set[tuple[str, str, str]]:
    """(subject, predicate, value) of every fact one user message asserts, read by ``resolution.parse``."""
    from memory_core.facts.resolution import parse
    from memory_core.storage.store import Message

    message = Message(id=1, thread_id="t", role="user", text=text, created_at="2026-01-01T00:00:00+00:00")
    return {(c.subject, c.predicate, c.value) for c in parse(message, parser).candidates if c.op == "assert"}


def facts_after(store, parser, *texts: str) -> set[tuple[str, str, str]]:
    """The current facts after each text is stored a month after the one before, each through the fact pass."""
    from memory_core.clock import parse_iso
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_message

    for month, text in enumerate(texts, start=1):
        ingest_message(store, f"t{month}", "user", text, at=parse_iso(f"2026-{month:02d}-01T10:00:00+00:00"))
        run_fact_pass(store, parser=parser)
    return {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}
