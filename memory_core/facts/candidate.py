"""One fact (or retraction) found in a message, before the ledger resolves it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from memory_core.facts.attributes import from_parse_fallback
from memory_core.facts.ledger import normalize_value


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


def without_fallback_readings(candidates: Sequence[Candidate], values: Iterable[str]) -> list[Candidate]:
    """The candidates less the parse fallback's readings of ``values`` under a word that is no attribute
    ("named:late: PwC"): a reader that knows the value's attribute ("works_at: PwC") says it better."""
    said = {normalize_value(value) for value in values}
    return [c for c in candidates
            if not (c.op == "assert" and from_parse_fallback(c.predicate) and normalize_value(c.value or "") in said)]
