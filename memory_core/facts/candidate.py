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
    #: Read from a phrase about something else ("the weather here in Leeds", "my boss at Tesco said ..."): it fills
    #: an attribute the ledger holds no current value for, and never replaces one the user stated.
    in_passing: bool = False
