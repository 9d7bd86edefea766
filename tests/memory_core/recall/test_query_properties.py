"""Property tests: the query parsers (time phrases, FTS5 MATCH) and date parsing never fail with a traceback."""
from __future__ import annotations

from datetime import datetime, timezone

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlcipher3 import dbapi2 as sqlcipher

from memory_core.clock import from_epoch, parse_iso, to_iso
from memory_core.errors import InvalidInput
from memory_core.forgetting.forget import fts_query
from memory_core.recall.query_time import parse_time_filter

PHRASES = ["last month", "yesterday", "in March", "last week", "two weeks ago", "on May 3", "in 2024", "today",
           "last year", "this week", "3 days ago", "in December 2023", "the day before yesterday"]
_queries = st.one_of(st.text(max_size=80),
                     st.tuples(st.text(max_size=30), st.sampled_from(PHRASES), st.text(max_size=30)).map(" ".join))
_nows = st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 12, 31),
                     timezones=st.just(timezone.utc))


@settings(max_examples=150, deadline=None)
@given(query=_queries, now=_nows)
def test_time_filter_returns_a_query_and_maybe_a_range(query, now):
    rest, window = parse_time_filter(query, now=now)
    assert isinstance(rest, str)
    if window is not None:
        assert window.start <= window.end and window.start.tzinfo is not None


_FTS = sqlcipher.connect(":memory:")
_FTS.execute("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='unicode61 remove_diacritics 2')")
_FTS.execute("INSERT INTO t(text) VALUES ('porto lisbon tea')")


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=80))
def test_fts_query_is_always_a_valid_match_or_a_message(text):
    try:
        match = fts_query(text)
    except InvalidInput:
        return
    _FTS.execute("SELECT rowid FROM t WHERE t MATCH ?", [match]).fetchall()  # must not raise


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.datetimes().map(lambda d: d.isoformat()),
                      st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
                      st.sampled_from(["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "0001-01-01",
                                       "9999-12-31", "2026-02-29", "Z", "2026-03-14T25:00"])))
def test_parse_iso_gives_utc_or_a_message(text):
    try:
        moment = parse_iso(text)
    except InvalidInput:
        return
    assert moment.utcoffset().total_seconds() == 0
    assert parse_iso(to_iso(moment)) == moment


@settings(max_examples=150, deadline=None)
@given(value=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(min_value=-10**30, max_value=10**30),
                       st.booleans(), st.none(), st.text(max_size=5)))
def test_epoch_times_give_utc_or_a_message(value):
    try:
        moment = from_epoch(value)
    except InvalidInput:
        return
    assert moment.tzinfo is not None and 1 <= moment.year <= 9999
