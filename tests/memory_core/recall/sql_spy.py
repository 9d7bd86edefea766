"""Which statements a piece of recall code runs: the tests that prove a search reads no doclist use it."""
from __future__ import annotations


def statements_containing(store, monkeypatch, needle: str) -> list[str]:
    """A list that fills with every statement holding ``needle`` run on ``store``'s class of connection."""
    seen: list[str] = []
    execute = type(store).execute

    def spy(self, sql, params=()):
        if needle in sql:
            seen.append(sql)
        return execute(self, sql, params)
    monkeypatch.setattr(type(store), "execute", spy)
    return seen
