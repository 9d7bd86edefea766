"""Hybrid recall over messages, observations and facts.

Channels, fused by weighted reciprocal rank fusion (k = 60):

* **bm25**: SQLite FTS5 over the external-content indexes. User text is never
  passed as FTS syntax: every word is quoted, so quotes, ``*``, AND/OR/NOT/NEAR
  and unbalanced parentheses are just words.
* **dense**: cosine similarity from the in-memory ``VectorIndex`` (only when
  an embedder is given; without one recall is BM25 + recency + salience).
* **recency** and **salience**: re-rank the candidates the first two found.
* **feedback**: a second BM25 query made of the salient words of the best first hits (recall/feedback.py).

Question-frame words ("when", "happened", "talked about") weigh about a third of their IDF and stay out of the
BM25 query (recall/query_terms.py). BM25's best match (reserve.RESERVED of them) keeps a place in the first k
whatever the fusion did (recall/reserve.py), which bounds what recall can lose against plain BM25.

A time expression in the query ("last month") becomes a filter and is removed
from the text. ``as_of`` shows memory as it was: messages said by then, facts
valid then. Facts that are stale (past their category TTL) or inferred rank
lower; retired facts are not returned. Every hit carries its source message ids
and their external ids, in conversation order.

Conversation structure counts too: a query that names a person favours the threads that person talks in; a
text repeated in one thread ("Ooh tell me more.") takes one place in the top hits, its copies come after the
distinct ones. (Neighbour and session context exist as switches, off by default: no gain on dev.)

The abstention gate: when no candidate shares enough words with the query and
none is close enough in embedding space, the result is empty and
``abstained`` is True, rather than a list of noise. When the query names a
known speaker, only hits from threads that person talks in count as evidence.

Speed without changing answers (bench/results/search.md, search_stages.md): the embedding and dense pass run beside
the SQL (recall/candidates.py), BM25 over a large message index runs in two id halves at once
(recall/bm25_halves.py), and a dense-only message is read from the database only when its best possible score
could reach the top k (recall/bounds.py). A message is read back in one row: the turn a short reply answers is
held in memory with the message postings (recall/answered_turns.py); feedback's finds are read while the dense
pass still runs.

Where each part lives: ``bm25`` (the SQL per kind, IDF and document counts), ``hydrate`` (reading hits back),
``fusion`` (the score and its weights, coverage), ``ranking`` (the final list, repeats last), ``abstention`` (the
gate), ``speakers`` (who a query names, where they talk), ``conversation_context`` (neighbour and session
switches), ``feedback_channel`` (the feedback query), ``bm25_best`` (BM25's best that hold the question: what
the reserve keeps and feedback borrows from), ``hits`` and ``text_words`` (shared types and words). This module is
the orchestration: ``search`` and ``_search_once``.

``search(store, query, *, k, as_of, embedder, kinds)`` is the stable API used
by the assistant (memory_core/assistant.py) and the CLI.
"""
from __future__ import annotations

from datetime import datetime
from itertools import islice
from typing import Iterable

from memory_core.facts.contractions import with_apostrophes
from memory_core.clock import parse_iso, to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.llm import Embedder
from memory_core.recall import conversation_context, fusion, query_terms, reserve
from memory_core.recall.abstention import _confident
from memory_core.recall.bm25 import _bm25, _recent_in_window, _term_weights, ranked_match
from memory_core.recall.bm25_best import bm25_best_covering
from memory_core.recall.bounds import optimistic_text, settle, words_held
from memory_core.recall.candidates import CandidateReader, DenseLookup, in_fusion_order, listed_keys
from memory_core.recall.conversation_context import _add_neighbours, _with_context, _with_session
from memory_core.recall.feedback_channel import _feedback_channel
from memory_core.recall.fusion import WEIGHTS, _fuse
from memory_core.recall.helper_connection import HelperConnection, helper_for
from memory_core.recall.hits import Hit, RecallResult, _Window
from memory_core.recall.hydrate import _hydrate, _hydrate_messages_beside
from memory_core.recall.query_time import TimeRange, parse_time_filter
from memory_core.recall.ranking import _ranked, _returnable
from memory_core.recall.speakers import (_about_named, _named_speakers, _speaker_index, with_speaker_possessives,
                                         without_speaker_names)
from memory_core.recall.text_words import STOPWORDS, content_words, words
from memory_core.recall.vectors import index_for, invalidate
from memory_core.storage.sql import ITEM_KINDS
from memory_core.storage.store import Store

# Names other code and tests read from here (this module was once all of recall). The tunable weights are not
# re-exported: set them in the module that reads them (fusion, ranking, conversation_context, hydrate, ...).
from memory_core.recall.bm25 import (  # noqa: E402,F401  (re-exports)
    _DF_CACHE, DEPTH, _bm25_kind, _document_frequency, _term_expr)
from memory_core.recall.hydrate import _hydrate_messages  # noqa: E402,F401
from memory_core.recall.ranking import _distinct_first  # noqa: E402,F401
from memory_core.storage.sql import fts_term  # noqa: E402,F401


#: What recall searches unless asked otherwise (reflections restate observations: on request only).
DEFAULT_KINDS = ("message", "observation", "fact")
#: Dense candidates read per query (more than DEPTH: speaker matching re-ranks them).
DENSE_DEPTH = 300
MAX_QUERY_CHARS = 2000
#: Leave dense-only messages unread while their best possible score cannot reach the top k (recall/bounds.py;
#: the answer is the same: tests/memory_core/recall/test_bounds.py). Off: every candidate is read.
PRUNE_UNREAD = True
#: Channels whose finds are read after the others, so they join the candidates last (feedback lends from BM25's
#: read hits): the order rank ties fall back to.
LATER_CHANNELS = ("feedback",)
#: A query word found in more message rows than this is taken to be in every unread candidate (recall/bounds.py).
HELD_LOOKUP_LIMIT = 100_000


def _moment(value: str | datetime | None) -> datetime | None:
    if value is None:
        return None
    return parse_iso(value) if isinstance(value, str) else value


def search(store: Store, query: str, *, k: int = 10, as_of: str | datetime | None = None,
           embedder: Embedder | None = None, kinds: Iterable[str] | None = None,
           now: str | datetime | None = None, time_filter: bool = True,
           channels: Iterable[str] | None = None, gate: bool = True) -> RecallResult:
    """Hybrid recall. ``channels`` (default all) lets benchmarks run BM25 or dense alone."""
    if not isinstance(query, str):
        raise InvalidInput("the search query must be text")
    query = "".join(ch for ch in query if ch in "\t\n" or ord(ch) >= 32)[:MAX_QUERY_CHARS]
    query = with_apostrophes(query)  # "whats her new job" asks what "What's her new job" asks
    query = with_speaker_possessives(store, query)  # "mayas sister" is Maya's sister
    if k < 1:
        raise InvalidInput("k must be at least 1")
    kinds = tuple(kinds) if kinds is not None else DEFAULT_KINDS
    unknown = [kind for kind in kinds if kind not in ITEM_KINDS]
    if unknown:
        raise InvalidInput(f"unknown kind {unknown[0]!r}: use {', '.join(ITEM_KINDS)}")
    active = set(channels) if channels is not None else set(WEIGHTS)
    now_dt = _moment(now) or utc_now()
    as_of_dt = _moment(as_of)
    reference = as_of_dt or now_dt
    # transaction time is always the real clock: ``now`` only moves recency and staleness
    now_iso, as_of_iso = to_iso(max(utc_now(), now_dt)), to_iso(reference)

    text_query, time_range = (parse_time_filter(query, now=reference) if time_filter else (query, None))
    with helper_for(store) as helper:  # a second connection beside this one, for a large store
        result = _search_once(store, query, text_query, time_range, k, kinds, embedder, active, gate, now_iso,
                              as_of_iso, as_of_dt, reference, helper)
        if time_range is not None and not result.hits and text_query.strip():
            # nothing said in that time: the phrase may be part of what was said ("we met in May"), not a filter
            fallback = _search_once(store, query, query, None, k, kinds, embedder, active, gate, now_iso,
                                    as_of_iso, as_of_dt, reference, helper)
            if fallback.hits:
                return fallback
    return result


def _search_once(store: Store, query: str, text_query: str, time_range: TimeRange | None, k: int,
                 kinds: tuple[str, ...], embedder: Embedder | None, active: set[str], gate: bool, now_iso: str,
                 as_of_iso: str, as_of_dt: datetime | None, reference: datetime,
                 helper: HelperConnection | None = None) -> RecallResult:
    window = _Window(time_range.start_iso if time_range else None, time_range.end_iso if time_range else None,
                     as_of_iso, as_of_dt is not None)
    terms = [w for w in content_words(text_query) if w not in STOPWORDS]
    named = _named_speakers(store, terms) if "message" in kinds else set()
    named_words = {w for name in named for w in words(name)}
    dense_lookup = None
    dense_asked = embedder is not None and "dense" in active and bool(text_query.strip())
    if dense_asked:
        # embedding and dense pass on a helper thread while this one does the SQL (recall/candidates.py)
        index = index_for(store, embedder.model_id)
        scope = {"kinds": kinds, "start": time_range.start if time_range else None,
                 "end": time_range.end if time_range else None, "until": as_of_dt}
        if index.holds_any(**scope):  # else the dense channel is empty whatever the query's vector
            dense_lookup = DenseLookup(embedder, without_speaker_names(text_query, named_words),
                                       lambda vector: index.search(vector, DENSE_DEPTH, **scope))
    lists: dict[str, list[tuple[str, int]]] = {}
    bm25_scores: dict[tuple[str, int], float] = {}

    match = ranked_match(" ".join(query_terms.match_terms(terms)) if terms else text_query)
    if match and "bm25" in active and (terms or time_range is None):
        found_bm25 = _bm25(store, match, kinds, window, now_iso, helper)
        lists["bm25"] = [(kind, item_id) for kind, item_id, _ in found_bm25]
        bm25_scores = {(kind, item_id): value for kind, item_id, value in found_bm25}
    in_time = _recent_in_window(store, kinds, window, now_iso) if not terms and time_range is not None else None
    reader = CandidateReader(lambda kind, ids: _hydrate_messages_beside(store, helper, ids)
                             if kind == "message" and helper is not None else _hydrate(store, kind, ids, window, now_iso),
                             _forget_gone(store) if embedder is not None else None)
    reader.read([*lists.get("bm25", ()), *(in_time or ())])

    unnamed = [t for t in terms if t.removesuffix("'s") not in named_words]
    weighted = _term_weights(store, kinds, unnamed, fusion.UNSEEN_TERM_WEIGHT) if "bm25" in active else {}
    gate_weighted = _term_weights(store, kinds, unnamed, fusion.UNSEEN_GATE_WEIGHT) if "bm25" in active else {}
    asks_when = bool(fusion._WHEN_QUESTION.search(query))
    named_threads = {thread for name in named for thread in _speaker_index(store)[1].get(name, ())}
    # feedback lends from BM25's read hits; its finds are read like BM25's, after the first pass (LATER_CHANNELS)
    lent = _feedback_channel(store, reader.hits, lists["bm25"], terms, named_words, gate_weighted, kinds, window,
                             now_iso, helper) \
        if "feedback" in active and lists.get("bm25") and WEIGHTS["feedback"] > 0 else None
    if lent and dense_lookup is not None:
        # its finds are read in any case (below, with the other listed keys); read now, while the dense pass still
        # runs on the helper thread, they are off the path the search waits on (bench/results/search_stages.md)
        reader.read(lent)

    dense_sims: dict[tuple[str, int], float] = {}
    dense_found = dense_lookup.result() if dense_lookup is not None else []
    if dense_asked:
        lists["dense"] = [(hit.kind, hit.id) for hit in dense_found]
        dense_sims = {(hit.kind, hit.id): hit.similarity for hit in dense_found}
    if in_time is not None:
        lists["time"] = in_time
    if lent is not None:
        lists["feedback"] = lent

    def fuse(candidates: dict[tuple[str, int], Hit], channels: set[str] = active) -> dict[tuple[str, int], float]:
        return _fuse(candidates, lists, bm25_scores, dense_sims, reference, channels, named, weighted, asks_when,
                     named_threads, gate_weighted)

    stand_ins = _stand_ins(store, dense_found, lists, named, named_threads, [*weighted, *gate_weighted]) \
        if PRUNE_UNREAD and not conversation_context.CONTEXT_WEIGHT and not conversation_context.SESSION_WEIGHT \
        else {}
    reader.read(key for key in listed_keys(lists) if key not in stand_ins)
    if stand_ins:
        settled = settle(lists, reader, stand_ins, fuse, lambda read, scores: _ranked(read, scores, dense_sims, k),
                         k, LATER_CHANNELS)
        candidates, scores = settled.candidates, settled.scores
    else:
        candidates = in_fusion_order(lists, reader.hits, reader.gone, later=LATER_CHANNELS)
        scores = fuse(candidates) if candidates else {}
    if not candidates:
        return RecallResult(query, [], True, text_query, time_range,
                            "nothing in memory matches" + (" in that time range" if time_range else ""))
    if conversation_context.CONTEXT_WEIGHT > 0 and "message" in kinds:
        neighbours = _add_neighbours(store, candidates, scores, window, now_iso)
        scores = fuse(candidates)
        # what a neighbour lends is its relevance, not how recent or salient it is
        scores = _with_context(scores, fuse(candidates, active - {"recency", "salience"}), neighbours)
    if conversation_context.SESSION_WEIGHT > 0:
        scores = _with_session(candidates, scores)
    kept, _ = _ranked(candidates, scores, dense_sims, k)
    if reserve.RESERVED and lists.get("bm25"):
        # BM25's reserved best are read hits; whatever ranks below the first k only matters if reserved
        returnable = [hit for hit in candidates.values() if _returnable(hit, dense_sims)]
        chosen = {(hit.kind, hit.id) for hit in kept}
        reserved = islice(bm25_best_covering({(hit.kind, hit.id): hit for hit in returnable}, lists["bm25"],
                                             gate_weighted), reserve.RESERVED)
        kept = reserve.with_reserved(kept + [hit for hit in returnable if (hit.kind, hit.id) not in chosen],
                                     list(reserved), k, key=lambda hit: (hit.kind, hit.id))[:k]
    for hit in kept:
        hit.score = round(scores[(hit.kind, hit.id)], 6)
        hit.similarity = dense_sims.get((hit.kind, hit.id))
    if gate and lists.get("time") is None:
        confident, reason = _confident(_about_named(store, kept, named), terms, dense_sims)
        if not confident:
            return RecallResult(query, [], True, text_query, time_range, reason)
    return RecallResult(query, kept, not kept, text_query, time_range, "" if kept else "nothing relevant found")


def _forget_gone(store: Store):
    """Tell the vector index about ids recall found gone (facts have no vectors served for recall)."""
    def on_gone(kind: str, ids: set[int]) -> None:
        if kind != "fact":
            invalidate(store, kind, ids)
    return on_gone


def _stand_ins(store: Store, dense_found: list, lists: dict[str, list[tuple[str, int]]], named: set[str],
               named_threads: set[str], prefixes: list[str]) -> dict[tuple[str, int], Hit]:
    """Optimistic stand-ins for the dense-only messages (recall/bounds.py): what the index knows (time, cosine),
    and the most favourable text (every query word it may hold, and a time), speaker and thread. Anything
    another channel found is read for real."""
    elsewhere = {key for name, ranked in lists.items() if name != "dense" for key in ranked}
    unread = [hit for hit in dense_found
              if hit.kind == "message" and hit.at is not None and (hit.kind, hit.id) not in elsewhere]
    may_hold = words_held(store, list(dict.fromkeys(prefixes)), [hit.id for hit in unread], HELD_LOOKUP_LIMIT)
    speaker = min(named) if named else None
    thread = min(named_threads) if named_threads else None
    stand_ins = {}
    for hit in unread:
        text = optimistic_text(may_hold.get(hit.id, []), "yesterday")
        stand_ins[(hit.kind, hit.id)] = Hit("message", hit.id, text, 0.0, hit.at, [hit.id], [None], thread,
                                            speaker=speaker, answers=text)
    return stand_ins
