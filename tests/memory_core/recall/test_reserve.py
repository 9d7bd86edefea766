"""Reserved places (recall/reserve.py): BM25's best matches keep a place in the first k, whatever fusion did."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.ingest import ingest_message
from memory_core.recall import reserve
from memory_core.recall import search as recall
from memory_core.recall.vectors import backfill_embeddings
from tests.doubles import HashEmbedder


def test_missing_reserved_items_replace_the_last_unreserved_ones(monkeypatch):
    monkeypatch.setattr(reserve, "RESERVED", 2)
    ranked = list("abcdefgh")
    assert reserve.with_reserved(ranked, ["g", "b"], 6) == ["a", "b", "c", "d", "e", "g", "f", "h"]
    assert reserve.with_reserved(ranked, ["h", "g"], 6) == ["a", "b", "c", "d", "h", "g", "e", "f"]


def test_at_most_a_share_of_the_places_is_reserved(monkeypatch):
    monkeypatch.setattr(reserve, "RESERVED", 3)
    ranked = list("abcdefgh")
    assert reserve.with_reserved(ranked, ["h", "g", "f"], 2) == ranked  # k=2: no place to spare
    assert reserve.with_reserved(ranked, ["h", "g", "f"], 3) == ["a", "b", "h", "c", "d", "e", "f", "g"]


def test_nothing_moves_when_the_reserved_items_are_in_place_or_there_are_none(monkeypatch):
    monkeypatch.setattr(reserve, "RESERVED", 3)
    ranked = list("abcdef")
    assert reserve.with_reserved(ranked, ["c", "a"], 4) == ranked
    assert reserve.with_reserved(ranked, [], 4) == ranked
    monkeypatch.setattr(reserve, "RESERVED", 0)
    assert reserve.with_reserved(ranked, ["f"], 2) == ranked


def test_only_the_first_reserved_count_is_kept_and_order_is_a_permutation(monkeypatch):
    monkeypatch.setattr(reserve, "RESERVED", 1)
    ranked = list("abcdef")
    out = reserve.with_reserved(ranked, ["e", "f"], 3)
    assert out[:3] == ["a", "b", "e"] and sorted(out) == sorted(ranked)


def test_search_keeps_the_rare_word_match_in_the_first_k(store, monkeypatch):
    """The named person's chat, full of turns close in meaning (the bag-of-words double) and favoured for being
    hers: the one turn of another chat that holds the rare word still makes the first 3, because BM25 ranks it
    first."""
    start = datetime(2025, 3, 1, 10, 0, tzinfo=timezone.utc)
    ingest_message(store, "t-other", "user", "Booked flight LH1172 to Munich for the conference",
                   at=start, external_id="flight", speaker="Sam")
    for n in range(12):
        ingest_message(store, "t-maya", "user", f"Maya here, the conference talk number {n} went fine",
                       at=start + timedelta(days=30, hours=n), external_id=f"maya{n}", speaker="Maya")
    now = start + timedelta(days=40)
    embedder = HashEmbedder(words=recall.words)
    backfill_embeddings(store, embedder, limit=None)
    monkeypatch.setattr(reserve, "RESERVED", 0)
    without = recall.search(store, "Maya conference flight LH1172", k=3, now=now, embedder=embedder)
    monkeypatch.setattr(reserve, "RESERVED", 1)
    kept = recall.search(store, "Maya conference flight LH1172", k=3, now=now, embedder=embedder)
    assert ["flight"] in [hit.external_ids for hit in kept.hits]
    assert ["flight"] not in [hit.external_ids for hit in without.hits]  # fusion alone drops it here
