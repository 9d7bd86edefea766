"""The observation line format and referenced-date resolution."""
from __future__ import annotations

from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from memory_core.observational.dates import resolve_referenced_date
from memory_core.errors import InvalidInput
from memory_core.observational.format import ObservationLine, parse_log, relative_day, render_log

LINES = [
    ObservationLine(date(2026, 6, 14), "14:30", "high", "User is allergic to peanuts."),
    ObservationLine(date(2026, 6, 14), "14:32", "medium", "User plans a trip to Lyon (with Léa) 🚆.",
                    date(2026, 6, 17)),
    ObservationLine(date(2026, 6, 15), "09:05", "low", "User asked: what is a monad?"),
    ObservationLine(date(2026, 6, 15), "23:59", "done", "User finished the tax return."),
]


def test_render_then_parse_round_trip():
    text = render_log(LINES)
    assert text.startswith("Date: 2026-06-14 (Sunday)\n* 🔴 (14:30) User is allergic to peanuts.")
    assert "(meaning 2026-06-17)" in text
    assert parse_log(text) == LINES
    assert render_log(parse_log(text)) == text


def test_round_trip_with_relative_days_keeps_the_date():
    text = render_log(LINES, today=date(2026, 6, 20))
    assert "(meaning 2026-06-17, 3 days ago)" in text
    assert parse_log(text) == LINES


def test_relative_day_changes_only_with_the_date():
    assert relative_day(date(2026, 6, 17), date(2026, 6, 14)) == "in 3 days"
    assert relative_day(date(2026, 6, 13), date(2026, 6, 14)) == "yesterday"
    assert relative_day(date(2026, 5, 1), date(2026, 6, 14)) == "6 weeks ago"
    assert relative_day(date(2025, 6, 1), date(2026, 6, 14)) == "12 months ago"


@pytest.mark.parametrize("bad", [
    "* 🔴 (14:30) before any header",
    "Date: 2026-06-14\n* 🔵 (14:30) unknown priority",
    "Date: 2026-06-14\n* 🔴 (25:99) bad time",
    "Date: 2026-06-14\nfree text",
])
def test_strict_parse_rejects_malformed_logs(bad):
    with pytest.raises(InvalidInput):
        parse_log(bad)


UTC = timezone.utc


@pytest.mark.parametrize("text, said_at, expected", [
    ("I see the dentist next Tuesday", datetime(2026, 1, 30, 12, tzinfo=UTC), date(2026, 2, 3)),      # month
    ("my exam is on the 3rd", datetime(2026, 1, 30, 12, tzinfo=UTC), date(2026, 2, 3)),              # month
    ("the party was on the 3rd", datetime(2026, 1, 30, 12, tzinfo=UTC), date(2026, 1, 3)),
    ("I fly home in two weeks", datetime(2026, 12, 24, 12, tzinfo=UTC), date(2027, 1, 7)),           # year
    ("we met last Tuesday", datetime(2026, 1, 2, 12, tzinfo=UTC), date(2025, 12, 30)),               # year
    ("I fell 3 days ago", datetime(2026, 3, 1, 12, tzinfo=UTC), date(2026, 2, 26)),
    ("the deadline is the 3rd of March", datetime(2026, 1, 30, 12, tzinfo=UTC), date(2026, 3, 3)),
    ("we're meeting on the 31st", datetime(2026, 2, 10, 12, tzinfo=UTC), date(2026, 3, 31)),          # Feb has no 31st
    ("I'll do it soon", datetime(2026, 1, 30, 12, tzinfo=UTC), None),                                # vague: none
    ("I like tea", datetime(2026, 1, 30, 12, tzinfo=UTC), None),
])
def test_referenced_dates_across_month_and_year_boundaries(text, said_at, expected):
    assert resolve_referenced_date(text, said_at, ZoneInfo("Europe/Paris")) == expected


def test_time_zone_decides_which_day_tomorrow_is():
    stored = datetime(2026, 1, 1, 4, 30, tzinfo=UTC)  # 23:30 on Dec 31 in New York, 13:30 on Jan 1 in Tokyo
    assert resolve_referenced_date("see you tomorrow", stored, ZoneInfo("America/New_York")) == date(2026, 1, 1)
    assert resolve_referenced_date("see you tomorrow", stored, ZoneInfo("Asia/Tokyo")) == date(2026, 1, 2)
    assert resolve_referenced_date("that was yesterday", stored, ZoneInfo("America/New_York")) == date(2025, 12, 30)
