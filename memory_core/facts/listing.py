"""The fact ledger as a person reads it: each fact with its validity and what replaced it."""
from __future__ import annotations

from dataclasses import dataclass

from memory_core.clock import parse_iso
from memory_core.storage.sql import fts_all_words


@dataclass(frozen=True)
class FactItem:
    id: int
    subject: str
    predicate: str
    value: str
    text: str
    category: str
    valid_at: str
    invalid_at: str | None
    expired_at: str | None
    superseded_by: str | None  # the newer fact's value, when one replaced this

    @property
    def current(self) -> bool:
        return self.invalid_at is None and self.expired_at is None


def list_facts(store, *, history: bool = True, text: str = "") -> list[FactItem]:
    """Current facts first, newest first; ``history`` adds the superseded and retired ones."""
    sql = ("SELECT f.id, f.subject, f.predicate, f.value, f.text, f.category, f.valid_at, f.invalid_at, "
           "f.expired_at, (SELECT n.value FROM facts n WHERE n.supersedes = f.id ORDER BY n.id DESC LIMIT 1) "
           "FROM facts f")
    where, params = [], []
    if not history:
        where.append("f.invalid_at IS NULL AND f.expired_at IS NULL")
    query = fts_all_words(text) if text.strip() else ""
    if query:
        where.append("f.id IN (SELECT rowid FROM facts_fts WHERE facts_fts MATCH ?)")
        params.append(query)
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY (f.invalid_at IS NULL AND f.expired_at IS NULL) DESC, f.valid_at DESC, f.id DESC"
    return [FactItem(*r) for r in store.execute(sql, params).fetchall()]


def month_year(iso: str) -> str:
    return parse_iso(iso).astimezone().strftime("%b %Y")


def validity_text(fact: FactItem) -> str:
    """'lived in Porto, Jan 2025 to Mar 2026, superseded by Lisbon'."""
    start = month_year(fact.valid_at)
    span = f"{start} to {month_year(fact.invalid_at)}" if fact.invalid_at else f"since {start}"
    tail = f", superseded by {fact.superseded_by}" if fact.superseded_by else ""
    if fact.expired_at and not fact.invalid_at and not fact.superseded_by:
        tail = ", retired"
    # the stored text is a sentence ("The user lives in Porto."): its full stop moves after the span
    return f"{fact.text.removesuffix('.')}, {span}{tail}."
