"""Time expressions in a search query become a time filter: "what did I cook last month".

Rules cover the common phrasings ("yesterday", "last week", "in March",
"in 2025", "3 days ago", "on Monday", "on 14 March"); dateparser is consulted
only for an explicit date after "on" that the rules do not know. The phrase is
removed from the text query, so "last month" does not need to appear in the
message. Ranges are computed in the user's local time and returned in UTC,
end exclusive. A vague expression ("recently", "a while ago") is left alone:
guessing a range hurts more than it helps (LongMemEval saw small models
hallucinate ranges).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone

from memory_core.clock import to_iso

MONTHS = {name: index for index, name in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
MONTH_ABBR = {name[:3]: index for name, index in MONTHS.items()}
WEEKDAYS = {name: index for index, name in enumerate(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])}
_MONTH_RE = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_UNIT = r"(?P<unit>day|week|month|year)s?"
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "couple of": 2, "a few": 3, "few": 3}
_NUM = r"(?P<n>\d{1,3}|a couple of|couple of|a few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten)"


@dataclass(frozen=True)
class TimeRange:
    start: datetime
    end: datetime  # exclusive
    phrase: str = ""

    def contains(self, moment: datetime) -> bool:
        return self.start <= moment < self.end

    @property
    def start_iso(self) -> str:
        return to_iso(self.start)

    @property
    def end_iso(self) -> str:
        return to_iso(self.end)


def _local_midnight(day: date, tz) -> datetime:
    return datetime.combine(day, time.min).replace(tzinfo=tz)


def _month_range(year: int, month: int, tz) -> tuple[datetime, datetime]:
    start = _local_midnight(date(year, month, 1), tz)
    end = _local_midnight(date(year + (month == 12), month % 12 + 1, 1), tz)
    return start, end


def _days(first: date, count: int, tz) -> tuple[datetime, datetime]:
    return _local_midnight(first, tz), _local_midnight(first + timedelta(days=count), tz)


def _month_number(word: str) -> int:
    return MONTH_ABBR[word.lower()[:3]]


def _recent_month(month: int, today: date) -> int:
    """The year of the most recent ``month`` that has begun (in March, "in June" means last June)."""
    return today.year if month <= today.month else today.year - 1


def _rules(today: date, tz):
    """(pattern, function(match) -> (start, end)) pairs, most specific first."""
    week_start = today - timedelta(days=today.weekday())

    def ago(m):
        n = int(m["n"]) if m["n"].isdigit() else _NUMBER_WORDS[m["n"].lower()]
        unit = m["unit"].lower()
        if unit == "day":
            return _days(today - timedelta(days=n), 1, tz)
        if unit == "week":
            return _days(week_start - timedelta(weeks=n), 7, tz)
        if unit == "month":
            index = today.year * 12 + today.month - 1 - n
            return _month_range(index // 12, index % 12 + 1, tz)
        return _local_midnight(date(today.year - n, 1, 1), tz), _local_midnight(date(today.year - n + 1, 1, 1), tz)

    def past(m):
        n = int(m["n"]) if m["n"].isdigit() else _NUMBER_WORDS[m["n"].lower()]
        days = {"day": 1, "week": 7, "month": 30, "year": 365}[m["unit"].lower()] * n
        return _local_midnight(today - timedelta(days=days), tz), _local_midnight(today + timedelta(days=1), tz)

    def month_named(m):
        month = _month_number(m["month"])
        year = int(m["year"]) if m.groupdict().get("year") else _recent_month(month, today)
        if m.groupdict().get("last") and not m.groupdict().get("year") and month >= today.month:
            year = today.year - 1
        return _month_range(year, month, tz)

    def day_named(m):
        month = _month_number(m["month"])
        day = int(m["day"])
        year = int(m["year"]) if m.groupdict().get("year") else _recent_month(month, today)
        try:
            return _days(date(year, month, day), 1, tz)
        except ValueError:
            return None

    def weekday(m):
        target = WEEKDAYS[m["wd"].lower()]
        back = (today.weekday() - target) % 7 or 7
        if m.groupdict().get("this") and back == 7:
            back = 0
        return _days(today - timedelta(days=back), 1, tz)

    def iso_day(m):
        try:
            return _days(date(int(m["y"]), int(m["m"]), int(m["d"])), 1, tz)
        except ValueError:
            return None

    def year(m):
        y = int(m["year"])
        return _local_midnight(date(y, 1, 1), tz), _local_midnight(date(y + 1, 1, 1), tz)

    this_month = _month_range(today.year, today.month, tz)
    last_index = today.year * 12 + today.month - 2
    return [
        (r"\b(?:on\s+)?(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b", iso_day),
        (rf"\b(?:on\s+)?{_MONTH_RE}\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<year>\d{{4}}))?\b", day_named),
        (rf"\b(?:on\s+)?(?:the\s+)?(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE}\.?(?:,?\s+(?P<year>\d{{4}}))?\b", day_named),
        (rf"\b(?:in|during|from|back\s+in|around|since)?\s*(?P<last>last\s+)?{_MONTH_RE}\.?,?\s+(?P<year>\d{{4}})\b", month_named),
        (rf"\b(?:in|during|back\s+in|around)\s+(?:early\s+|late\s+|mid[- ]?)?{_MONTH_RE}\b(?!\s+\d)", month_named),
        (rf"\b(?P<last>last)\s+{_MONTH_RE}\b", month_named),
        (r"\b(?:in|during|back\s+in|around|from)\s+(?P<year>(?:19|20)\d{2})\b", year),
        (rf"\b{_NUM}\s+{_UNIT}\s+ago\b", ago),
        (rf"\b(?:in\s+|over\s+|during\s+)?the\s+(?:past|last)\s+{_NUM}\s+{_UNIT}\b", past),
        (r"\b(?:the\s+)?day\s+before\s+yesterday\b", lambda m: _days(today - timedelta(days=2), 1, tz)),
        (r"\byesterday(?:\s+(?:morning|afternoon|evening|night))?\b", lambda m: _days(today - timedelta(days=1), 1, tz)),
        (r"\b(?:today|this\s+morning|this\s+afternoon|this\s+evening|tonight)\b", lambda m: _days(today, 1, tz)),
        (r"\b(?:(?:in|during|over)\s+)?(?:the\s+)?(?:past|last)\s+week\b|\blast\s+week\b", lambda m: _days(week_start - timedelta(days=7), 7, tz)),
        (r"\b(?:(?:in|during)\s+)?this\s+week\b", lambda m: _days(week_start, 7, tz)),
        (r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?:last|past|previous)\s+month\b", lambda m: _month_range(last_index // 12, last_index % 12 + 1, tz)),
        (r"\b(?:(?:in|during)\s+)?this\s+month\b", lambda m: this_month),
        (r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?:last|past|previous)\s+year\b", lambda m: year({"year": str(today.year - 1)})),
        (r"\b(?:(?:in|during)\s+)?this\s+year\b", lambda m: year({"year": str(today.year)})),
        (r"\b(?:on\s+)?(?:(?P<this>this|last|past)\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", weekday),
    ]


def parse_time_filter(query: str, *, now: datetime | None = None) -> tuple[str, TimeRange | None]:
    """Find one time expression in ``query``; return the query without it and the range (UTC)."""
    moment = (now or datetime.now(timezone.utc)).astimezone()
    tz = moment.tzinfo
    today = moment.date()
    for pattern, build in _rules(today, tz):
        match = re.search(pattern, query, flags=re.IGNORECASE)
        if not match:
            continue
        span = build(match)
        if span is None:
            continue
        start, end = span
        rest = (query[:match.start()] + " " + query[match.end():])
        rest = re.sub(r"\s+", " ", rest).strip(" ,")
        return rest, TimeRange(start.astimezone(timezone.utc), end.astimezone(timezone.utc), match.group(0).strip())
    return query, None


def resolve_date_phrase(phrase: str, *, now: datetime) -> str | None:
    """ISO date for a concrete phrase in a stated plan ("next Friday", "on May 3"), or None if vague."""
    text = phrase.strip()
    moment = now.astimezone()
    today = moment.date()
    m = re.search(r"(?i)\bnext\s+(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", text)
    if m:
        ahead = (WEEKDAYS[m["wd"].lower()] - today.weekday()) % 7 or 7
        return (today + timedelta(days=ahead)).isoformat()
    m = re.search(r"(?i)\b(?:on\s+|this\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", text)
    if m:
        ahead = (WEEKDAYS[m["wd"].lower()] - today.weekday()) % 7
        return (today + timedelta(days=ahead)).isoformat()
    if re.search(r"(?i)\btomorrow\b", text):
        return (today + timedelta(days=1)).isoformat()
    m = re.search(rf"(?i){_MONTH_RE}\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<year>\d{{4}}))?", text) or \
        re.search(rf"(?i)(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE}(?:,?\s+(?P<year>\d{{4}}))?", text)
    if m:
        month, day = _month_number(m["month"]), int(m["day"])
        year = int(m["year"]) if m["year"] else (today.year if (month, day) >= (today.month, today.day) else today.year + 1)
        try:
            return date(year, month, day).isoformat()
        except ValueError:
            return None
    return None
