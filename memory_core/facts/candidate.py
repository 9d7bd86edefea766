"""One fact (or retraction) found in a message, before the ledger resolves it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Candidate:
    """``op`` is "assert" or "retract"; ``value`` None retracts any value of the slot."""

    op: str
    subject: str
    predicate: str | None
    value: str | None
    evidence: str
