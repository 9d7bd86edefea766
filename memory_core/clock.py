"""Time helpers: one canonical timestamp format for everything stored.

Timestamps are stored as ISO 8601 in UTC with an explicit offset
(``2026-03-14T09:30:00+00:00``) so they sort as text and parse without guessing.
"""
from __future__ import annotations

import math
from datetime import date, datetime, timezone

from memory_core.errors import InvalidInput


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def to_iso(moment: datetime) -> str:
    """Render a datetime as the stored form; naive datetimes are taken as local time."""
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.astimezone(timezone.utc).isoformat()


def parse_iso(text: str) -> datetime:
    """Parse an ISO 8601 date or datetime given by a user or a file.

    A bare date means midnight local time; a naive datetime means local time.
    Raises InvalidInput with the offending text, never a bare ValueError.
    """
    raw = (text or "").strip()
    if not raw:
        raise InvalidInput("empty date: expected ISO 8601, e.g. 2026-03-14T09:30:00+00:00")
    candidate = raw[:-1] + "+00:00" if raw.endswith(("Z", "z")) else raw
    try:
        moment = datetime.fromisoformat(candidate)
    except ValueError:
        try:
            moment = datetime.combine(date.fromisoformat(candidate), datetime.min.time())
        except ValueError:
            raise InvalidInput(
                f"cannot parse date {raw!r}: expected ISO 8601, e.g. 2026-03-14 or 2026-03-14T09:30:00+00:00"
            ) from None
    try:
        if moment.tzinfo is None:
            moment = moment.astimezone()
        return moment.astimezone(timezone.utc)
    except (OverflowError, ValueError, OSError):
        raise InvalidInput(f"date {raw!r} is out of range: in UTC it falls outside the years 1 to 9999") from None


def from_epoch(value: object) -> datetime:
    """A Unix timestamp (seconds) from a file, as an aware UTC datetime; InvalidInput for NaN, infinities,
    booleans and anything outside the years 1 to 9999 (``datetime.fromtimestamp`` raises three kinds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(f"time {value!r} is not a number of seconds since 1970")
    if not math.isfinite(value):
        raise InvalidInput(f"time {value!r} is not a finite number of seconds since 1970")
    try:
        return datetime.fromtimestamp(value, timezone.utc)
    except (OverflowError, ValueError, OSError):
        raise InvalidInput(f"time {value!r} (seconds since 1970) is outside the years 1 to 9999") from None


def normalize_iso(text: str) -> str:
    """Parse then re-render, so stored timestamps always compare correctly as text."""
    return to_iso(parse_iso(text))
