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
could reach the top k (recall/bounds.py).

``search(store, query, *, k, as_of, embedder, kinds)`` is the stable API used
by the assistant (memory_core/assistant.py) and the CLI.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Iterable, Sequence

from memory_core.clock import parse_iso, to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.facts import ledger as factsmod
from memory_core.llm import Embedder
from memory_core.recall import feedback, query_terms, reserve
from memory_core.recall.bm25_halves import ranked_in_halves
from memory_core.recall.bounds import optimistic_text, settle, words_held
from memory_core.recall.candidates import CandidateReader, DenseLookup, in_fusion_order, listed_keys
from memory_core.recall.helper_connection import HelperConnection, HelperUnavailable, helper_for
from memory_core.recall.query_time import TimeRange, parse_time_filter
from memory_core.recall.vectors import index_for, invalidate
from memory_core.storage.db import DB_ERRORS, is_damage, translate_database_error
from memory_core.storage.schema import SHORT_REPLY_CHARS
from memory_core.storage.sql import ITEM_KINDS, KIND_TABLES, KIND_TIME_COLUMNS, fts_term
from memory_core.storage.sql import marks as placeholders
from memory_core.storage.store import Store

RRF_K = 60
#: What recall searches unless asked otherwise (reflections restate observations: on request only).
DEFAULT_KINDS = ("message", "observation", "fact")
#: Rank-based terms (reciprocal rank fusion); recency and salience only re-order candidates.
#: ``feedback``: the second BM25 query made of the best first hits' salient words (recall/feedback.py); its weight
#: and SCORE_DENSE were refitted on dev of all four conditions by bench/recall_fit.py (results/recall_fit.md).
WEIGHTS = {"bm25": 1.0, "dense": 1.0, "recency": 0.25, "salience": 0.15, "feedback": 1.5}
#: Per-channel candidate depth.
DEPTH = 50
#: Dense candidates read per query (more than DEPTH: speaker matching re-ranks them).
DENSE_DEPTH = 300
#: BM25 column weights of the message search index: text, speaker, when said (in words), answered turn.
MESSAGE_COLUMNS = (1.0, 1.5, 0.7, 0.5)
#: Score-aware fusion (fitted on the dev split of bench/bench_recall.py, both question conditions, never on test):
#: score = bm25 / best bm25 * SCORE_BM25 + cosine above DENSE_ZERO * SCORE_DENSE + rank terms * RANK_SCALE.
#: The rank terms are the floor: plain reciprocal rank fusion of the channels, so a turn BM25 ranks first keeps
#: a share of the score whatever the cosine says (without it, questions that reuse the conversation's words fell
#: below plain BM25: dev any@10 0.875 vs 0.924; with it, counting only turns that pass LEXICAL_MIN_COVERAGE,
#: 0.936, paraphrase questions unchanged at 0.635).
SCORE_BM25 = 0.25
SCORE_DENSE = 1.5
DENSE_ZERO = 0.0
RANK_SCALE = 15.0
#: A message said by a person the query names gets this much more (names are what questions hinge on).
SPEAKER_BONUS = 1.0
#: Weight of a candidate's coverage: the share of the query's IDF weight found in its text, speaker and
#: answered turn. High coverage is strong evidence whatever the data, so BM25 counts where words match.
SCORE_COVERAGE = 0.5
#: A "when ..." question gets this much more for a candidate that says a time ("last Tuesday").
TIME_ANSWER_BONUS = 0.2
_WHEN_QUESTION = re.compile(r"^\s*(?:when|what\s+(?:date|day|month|year|time)|how\s+long|which\s+(?:day|month|year))\b",
                            re.IGNORECASE)
_SAYS_A_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|this\s+(?:morning|week|month|year)|last\s+\w+|\w+\s+ago|on\s+(?:monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|since|january|february|march|april|june|july|august|september|"
    r"october|november|december|\d{4})\b", re.IGNORECASE)
#: A hit found only by the dense channel must be at least this similar.
DENSE_FLOOR = 0.1
#: The gate: the best hit (from the named person's threads, if the query names one) must reach this cosine
#: similarity ... (dev of both conditions: 0.15 abstained on an answerable question whose evidence was found; 0.13
#: does not cost any@10 there. MiniLM puts most unanswerable questions above it, so the gate rarely fires.)
DENSE_CONFIDENT = 0.13
#: ... or contain this share of the query's content words.
LEXICAL_CONFIDENT = 0.5
MAX_QUERY_CHARS = 2000
#: Lexical evidence (BM25, coverage) counts only if the candidate holds this share of the query's IDF weight
#: (names of speakers aside): a message matching just "job" in "did I quit my job?" is noise, one matching
#: "LH1172" is the answer. Refitted on dev of both conditions: 0.5 threw away BM25 for questions that reuse one or
#: two of the evidence's words among frame words ("What happened with Maya's pottery bowl?"); 0.25 fit dev a
#: little better but lets "job" alone match "did I quit my job?" (tests/memory_core/recall), so 0.3.
LEXICAL_MIN_COVERAGE = 0.3
#: The ranking mechanisms below were chosen on the dev split of bench/bench_recall.py (paraphrase and lexical
#: conditions, never test); bench/results/recall_ablation.md has each one's effect. Kept: THREAD_BONUS and
#: DEDUPLICATE. Left off or at round 1's setting: UNSEEN_TERM_WEIGHT, UNSEEN_GATE_WEIGHT (see there), SPEAKER_MODE,
#: ANSWERS_COVERAGE, SESSION_WEIGHT and CONTEXT_WEIGHT (no gain on dev for both conditions; switchable for the
#: ablation and for data where the answer sits next to the question more often than here).
#: Query words no stored item contains (df = 0) count this share of their IDF weight in coverage: a question's
#: frame words ("Given ..., what might they enjoy?") match nothing and would otherwise dilute the words that do.
UNSEEN_TERM_WEIGHT = 1.0
#: The same, for the coverage a candidate needs before its BM25 counts at all (LEXICAL_MIN_COVERAGE). 0 would let
#: the frame of a question ("Given ..., what might they enjoy?") not hide the one word that matches the evidence
#: (dev, lexical inference 0.80 -> 0.92 any@10) but costs paraphrase questions (0.727 -> 0.694) and ranks "My job is
#: boring" over "I handed in my resignation" for "Did I quit my job?". It also leans on the generated vocabulary:
#: in months of real chat, "might" or "given" occur somewhere. So 1.
UNSEEN_GATE_WEIGHT = 1.0
#: How a named speaker counts: "multiply" (score times 1 + SPEAKER_BONUS) or "add" (plus SPEAKER_BONUS).
SPEAKER_MODE = "multiply"
#: Share of the answered turn's words in a short reply's coverage (its neighbour context counts anyway).
ANSWERS_COVERAGE = 1.0
#: Conversation context: a message gets this share of its best neighbour's relevance (the turn before or after it
#: in the same thread, said within CONTEXT_GAP_S): the answer often sits next to the question that names the topic.
#: Off: on dev, 0.3 was neutral (paraphrase any@10 0.742 -> 0.736, lexical 0.939 -> 0.939; short replies already
#: carry the turn they answer in the index).
CONTEXT_WEIGHT = 0.0
#: Neighbours of the best this many candidates join the candidates.
CONTEXT_SEEDS = 30
CONTEXT_GAP_S = 3 * 3600
#: Session context: a message gets this share of the best other candidate said in the same thread on the same day.
SESSION_WEIGHT = 0.0
#: A hit from a thread the person the query names talks in gets this much more (times 1 + THREAD_BONUS): a question
#: about Maya is answered in chats with Maya, whoever said the turn ("Did the move go ok?" asked by her friend).
THREAD_BONUS = 2.0
#: Messages with the same text as a better-ranked one of the same thread ("Ooh tell me more.") go after the distinct ones.
DEDUPLICATE = True
#: Leave dense-only messages unread while their best possible score cannot reach the top k (recall/bounds.py;
#: the answer is the same: tests/memory_core/recall/test_bounds.py). Off: every candidate is read.
PRUNE_UNREAD = True
#: Channels whose finds are read after the others, so they join the candidates last (feedback lends from BM25's
#: read hits): the order rank ties fall back to.
LATER_CHANNELS = ("feedback",)
#: Messages read back on the helper connection too when at least twice this many are read at once.
HYDRATE_BESIDE_FROM = 8
#: A query word found in more message rows than this is taken to be in every unread candidate (recall/bounds.py).
HELD_LOOKUP_LIMIT = 100_000
_DF_CACHE: dict[tuple[str, str, str], tuple[float, float]] = {}
_DF_TTL_S = 600.0

STOPWORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been before being below between both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i
i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not of off on
once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some
such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when
when's where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've
your yours yourself yourselves tell remember know said say told mention mentioned ever anything something did
does again please recall user user's users
""".split())
_PRIORITY_SALIENCE = {"high": 0.9, "medium": 0.6, "low": 0.3, "done": 0.2}
_WORD = re.compile(r"[\w][\w'’-]*", re.UNICODE)


@dataclass
class Hit:
    kind: str
    id: int
    text: str
    score: float
    at: str
    message_ids: list[int] = field(default_factory=list)
    external_ids: list[str | None] = field(default_factory=list)
    thread_id: str | None = None
    channels: dict[str, int] = field(default_factory=dict)
    similarity: float | None = None
    salience: float = 0.5
    fact: dict[str, Any] | None = None
    speaker: str | None = None
    #: For a short reply, the turn it answers (ranking only; not part of the JSON).
    answers: str = field(default="", repr=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("answers")
        if data["fact"] is None:
            data.pop("fact")
        if data["speaker"] is None:
            data.pop("speaker")
        return data


@dataclass
class RecallResult:
    query: str
    hits: list[Hit]
    abstained: bool
    text_query: str = ""
    time_range: TimeRange | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query, "text_query": self.text_query, "abstained": self.abstained, "reason": self.reason,
            "time_range": None if self.time_range is None else
            {"start": self.time_range.start_iso, "end": self.time_range.end_iso, "phrase": self.time_range.phrase},
            "hits": [hit.to_json() for hit in self.hits],
        }


# -- query text ------------------------------------------------------------------------
def words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text or "")]


def content_words(text: str) -> list[str]:
    """Query words that carry meaning; all words if every one is a stopword."""
    found = words(text)
    kept = [w for w in found if w not in STOPWORDS and len(w) > 1]
    return list(dict.fromkeys(kept or [w for w in found if len(w) > 1]))


def _stem(word: str) -> str:
    for suffix in ("'s", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def ranked_match(text: str) -> str | None:
    """A safe FTS5 MATCH expression for ranking: any content word (prefix-matched when long), joined by OR.

    Recall ranks by BM25, so any word may match; ``sql.fts_all_words`` (every word
    required) is for finding and forgetting.
    """
    terms = [_term_expr(word)[0] for word in content_words(text)[:24] if word.replace('"', "")]
    return " OR ".join(dict.fromkeys(terms)) or None


# -- channels ----------------------------------------------------------------------------
@dataclass
class _Window:
    start: str | None
    end: str | None
    as_of: str
    as_of_given: bool


def _bm25(store: Store, match: str, kinds: Sequence[str], window: _Window, now_iso: str,
          helper: HelperConnection | None = None) -> list[tuple[str, int, float]]:
    """Candidates from every kind's FTS index, merged by BM25 score (returned positive: higher is better)."""
    scored: list[tuple[float, str, int]] = []
    for kind in kinds:
        scored += [(row[1], kind, row[0]) for row in _bm25_kind(store, kind, match, window, now_iso, helper)]
    scored.sort(key=lambda item: item[0])
    return [(kind, item_id, -score) for score, kind, item_id in scored[:DEPTH * 2]]


def _bm25_kind(store: Store, kind: str, match: str, window: _Window, now_iso: str,
               helper: HelperConnection | None = None) -> list[tuple[int, float]]:
    """One kind's (id, FTS5 rank) rows, best first (messages, given a helper connection: two id halves at once)."""
    sql, params = _bm25_sql(store, kind, match, window, now_iso)
    try:
        if kind == "message" and _unfiltered(kind, window):
            between = sql.replace(" ORDER BY r", " AND rowid BETWEEN :low AND :high ORDER BY r")
            halves = ranked_in_halves(store, helper, lambda connection, low, high: connection.execute(
                between, {**params, "low": low, "high": high}).fetchall(), DEPTH)
            if halves is not None:
                return halves
        return store.execute(sql, params).fetchall()
    except DB_ERRORS as exc:  # sqlcipher3 errors, not sqlite3's: a bad MATCH must never reach the user
        if is_damage(exc):  # a damaged page is not the query's fault: say so (exit 7)
            raise translate_database_error(store.path, exc) from None
        raise InvalidInput(f"the search could not be run: {exc}") from None


def _unfiltered(kind: str, window: _Window) -> bool:
    """Whether ``_bm25_sql`` ranks this kind in its fast form (FTS5's own ORDER BY ... LIMIT, no filter)."""
    return kind != "fact" and not window.start and not window.as_of_given


def _id_bounds(store: Store, table: str, column: str, window: _Window) -> tuple[int, int]:
    """The id range of rows in the time window (from the time index): FTS5 can then skip
    every posting outside it instead of scoring all matches and joining each one."""
    low = window.start or ""
    high = window.end if window.start else None
    sql = f"SELECT min(id), max(id) FROM {table} WHERE {column} >= ?"
    params: list[Any] = [low]
    if high is not None:
        sql += f" AND {column} < ?"
        params.append(high)
    if window.as_of_given:
        sql += f" AND {column} <= ?"
        params.append(window.as_of)
    row = store.execute(sql, params).fetchone()
    return (row[0] or 0, row[1] or -1)


def _bm25_sql(store: Store, kind: str, match: str, window: _Window, now_iso: str) -> tuple[str, dict[str, Any]]:
    params: dict[str, Any] = {"match": match, "depth": DEPTH}
    table, column = KIND_TABLES[kind], KIND_TIME_COLUMNS[kind]
    conditions = []
    if kind == "fact":
        conditions.append(factsmod.valid_clause("t"))
        params["as_of"], params["known_at"] = window.as_of, now_iso
        if window.start:
            conditions.append("(t.invalid_at IS NULL OR t.invalid_at > :start) AND t.valid_at < :end")
    else:
        if window.start:
            conditions.append(f"t.{column} >= :start AND t.{column} < :end")
        if window.as_of_given:
            conditions.append(f"t.{column} <= :as_of")
            params["as_of"] = window.as_of
    if window.start:
        params["start"], params["end"] = window.start, window.end
    # messages: the index that also knows the speaker, when it was said and the turn a short reply answers
    fts = "message_search" if kind == "message" else f"{table}_fts"
    rank = f"bm25(message_search, {', '.join(str(w) for w in MESSAGE_COLUMNS)})" if kind == "message" else "rank"
    if not conditions:  # (exactly when _unfiltered)
        # the fast form: FTS5 ranks with its own ORDER BY ... LIMIT
        return (f"SELECT rowid, {rank} AS r FROM {fts} WHERE {fts} MATCH :match ORDER BY r LIMIT :depth",
                params)
    if kind != "fact":
        # time-bounded: rank only postings in the window's id range, then check the times exactly
        params["low"], params["high"] = _id_bounds(store, table, column, window)
        params["over"] = DEPTH * 4
        return (f"SELECT t.id, f.r FROM (SELECT rowid, {rank} AS r FROM {fts} WHERE {fts} MATCH :match "
                f"AND rowid BETWEEN :low AND :high ORDER BY r LIMIT :over) f JOIN {table} t ON t.id = f.rowid "
                f"WHERE {' AND '.join(conditions)} ORDER BY f.r LIMIT :depth", params)
    return (f"SELECT t.id, bm25({table}_fts) AS score FROM {table}_fts JOIN {table} t ON t.id = {table}_fts.rowid "
            f"WHERE {table}_fts MATCH :match AND {' AND '.join(conditions)} ORDER BY score LIMIT :depth", params)


def _recent_in_window(store: Store, kinds: Sequence[str], window: _Window, now_iso: str) -> list[tuple[str, int]]:
    """A query that is only a time ("what did I do yesterday?"): the newest items in the window."""
    found: list[tuple[str, str, int]] = []
    for kind in kinds:
        if kind == "fact":
            rows = store.execute(
                "SELECT t.valid_at, t.id FROM facts t WHERE " + factsmod.valid_clause("t") +
                " AND t.valid_at >= :start AND t.valid_at < :end ORDER BY t.valid_at DESC LIMIT :depth",
                {"as_of": window.as_of, "known_at": now_iso, "start": window.start, "end": window.end,
                 "depth": DEPTH}).fetchall()
        else:
            table, column = {"message": ("messages", "created_at"), "observation": ("observations", "observed_at"),
                             "reflection": ("reflections", "observed_at")}[kind]
            rows = store.execute(
                f"SELECT {column}, id FROM {table} WHERE {column} >= ? AND {column} < ? AND {column} <= ? "
                f"ORDER BY {column} DESC LIMIT ?", [window.start, window.end, window.as_of, DEPTH]).fetchall()
        found += [(row[0], kind, row[1]) for row in rows]
    found.sort(reverse=True)
    return [(kind, item_id) for _, kind, item_id in found[:DEPTH]]


# -- hydration ----------------------------------------------------------------------------
def _hydrate(store: Store, kind: str, ids: list[int], window: _Window, now_iso: str) -> dict[int, Hit]:
    """Read candidates back from the database; ids that are gone (forgotten) simply do not come back."""
    if not ids:
        return {}
    marks = placeholders(len(ids))
    hits: dict[int, Hit] = {}
    if kind == "message":
        return _hydrate_messages(store, ids)
    if kind == "fact":
        for fact in factsmod.get_facts(store, ids):
            if not fact.is_current(window.as_of):  # retired facts leave recall (history has them)
                continue
            hit = Hit("fact", fact.id, fact.text, 0.0, fact.valid_at, fact.message_ids, [], fact.thread_id,
                      salience=fact.salience)
            hit.fact = factsmod.fact_json(fact)
            hits[fact.id] = hit
        _attach_externals(store, hits.values())
        return hits
    if kind == "observation":
        rows = store.query(f"SELECT id, text, observed_at AS at, thread_id, priority FROM observations "
                              f"WHERE id IN ({marks})", ids)
        link = ("SELECT om.observation_id AS owner, m.id, m.external_id FROM observation_messages om "
                "JOIN messages m ON m.id = om.message_id WHERE om.observation_id IN ({}) ORDER BY m.created_at, m.id")
    else:
        rows = store.query(f"SELECT id, text, observed_at AS at, NULL AS thread_id, priority FROM reflections "
                              f"WHERE id IN ({marks})", ids)
        link = ("SELECT DISTINCT ro.reflection_id AS owner, m.id, m.external_id, m.created_at FROM reflection_observations ro "
                "JOIN observation_messages om ON om.observation_id = ro.observation_id "
                "JOIN messages m ON m.id = om.message_id WHERE ro.reflection_id IN ({}) ORDER BY m.created_at, m.id")
    for row in rows:
        hits[row["id"]] = Hit(kind, row["id"], row["text"], 0.0, row["at"], [], [], row["thread_id"],
                              salience=_PRIORITY_SALIENCE.get(row["priority"], 0.5))
    for row in store.query(link.format(marks), ids):
        hit = hits.get(row["owner"])
        if hit is not None:
            hit.message_ids.append(row["id"])
            hit.external_ids.append(row["external_id"])
    return hits


def _hydrate_messages(store: Store, ids: list[int]) -> dict[int, Hit]:
    """Messages and, for short replies, the turn they answer, in one statement: the index row is only
    read where ``answers`` can be set (texts of at most SHORT_REPLY_CHARS, the rule that fills it),
    which saves a cold page read per longer message."""
    hits: dict[int, Hit] = {}
    for message_id, text, at, thread_id, external_id, speaker, answers in store.execute(
            f"SELECT m.id, m.text, m.created_at, m.thread_id, m.external_id, m.speaker, CASE WHEN length(m.text) "
            f"<= {SHORT_REPLY_CHARS} THEN (SELECT s.answers FROM message_search s WHERE s.rowid = m.id) END "
            f"FROM messages m WHERE m.id IN ({placeholders(len(ids))})", ids):
        hits[message_id] = Hit("message", message_id, text, 0.0, at, [message_id], [external_id], thread_id,
                               speaker=speaker, answers=answers or "")
    return hits


def _hydrate_messages_beside(store: Store, helper: HelperConnection | None, ids: list[int]) -> dict[int, Hit]:
    """``_hydrate_messages``, the second half of the ids on the helper connection at once (the reads are
    scattered page reads: two connections wait on them in parallel)."""
    if helper is None or len(ids) < 2 * HYDRATE_BESIDE_FROM:
        return _hydrate_messages(store, ids)
    upper = helper.submit(lambda connection: _hydrate_messages(connection, ids[len(ids) // 2:]))
    hits = _hydrate_messages(store, ids[: len(ids) // 2])
    try:
        hits.update(upper.result())
    except HelperUnavailable:
        hits.update(_hydrate_messages(store, ids[len(ids) // 2:]))
    return hits


def _attach_externals(store: Store, hits: Iterable[Hit]) -> None:
    hits = list(hits)
    wanted = sorted({i for hit in hits for i in hit.message_ids})
    if not wanted:
        return
    marks = placeholders(len(wanted))
    external = {row["id"]: row["external_id"] for row in
                store.query(f"SELECT id, external_id FROM messages WHERE id IN ({marks})", wanted)}
    for hit in hits:
        hit.message_ids = [i for i in hit.message_ids if i in external]
        hit.external_ids = [external[i] for i in hit.message_ids]


def _term_expr(word: str) -> tuple[str, str]:
    """(FTS expression, prefix used to test a text) for one query word, as ``ranked_match`` builds it."""
    clean = word.replace('"', "")
    stem = _stem(clean)
    return (fts_term(stem, prefix=True), stem) if len(stem) >= 4 else (fts_term(clean), clean)


def _term_weights(store: Store, kinds: Sequence[str], terms: list[str],
                  unseen_weight: float) -> dict[str, float]:
    """Prefix -> IDF weight of each query word; words nothing contains count ``unseen_weight`` of theirs."""
    weights: dict[str, float] = {}
    for term in terms:
        idf, df = _idf_df(store, kinds, term)
        weights[_term_expr(term)[1]] = idf * (unseen_weight if df == 0 else 1.0) * query_terms.term_factor(term)
    return {prefix: weight for prefix, weight in weights.items() if weight > 0}


def _idf(store: Store, kinds: Sequence[str], word: str) -> float:
    """Inverse document frequency of a query word over the searched tables (cached for a while)."""
    return _idf_df(store, kinds, word)[0]


def _idf_df(store: Store, kinds: Sequence[str], word: str) -> tuple[float, float]:
    """(IDF, document frequency) of a query word over the searched tables (cached for a while)."""
    expr, _ = _term_expr(word)
    total = df = 0
    for kind in kinds:
        table = KIND_TABLES[kind]
        key = (str(store.path), table, expr)
        cached = _DF_CACHE.get(key)
        if cached is None or time.monotonic() - cached[1] > _DF_TTL_S:
            try:
                count = _document_frequency(store, table, expr)
                size = store.execute(f"SELECT count(*) FROM {table}").fetchone()[0] if table != "messages" \
                    else (store.execute("SELECT max(id) FROM messages").fetchone()[0] or 0)
            except DB_ERRORS:
                count, size = 0, 0
            cached = (float(count), time.monotonic())
            _DF_CACHE[key] = cached
            _DF_CACHE[(str(store.path), table, "")] = (float(size), time.monotonic())
        df += cached[0]
        total += _DF_CACHE[(str(store.path), table, "")][0]
    return math.log((total - df + 0.5) / (df + 0.5) + 1.0), df


def _document_frequency(store: Store, table: str, expr: str) -> int:
    """How many rows of ``table`` hold the term. Messages are counted in the text column of ``message_search``
    (the same text, the same tokenizer as ``messages_fts``): BM25 has just read those doclists there, so a cold
    search reads no second index for its word frequencies."""
    if table == "messages":
        return store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ?",
                             [f"text : {expr}"]).fetchone()[0]
    return store.execute(f"SELECT count(*) FROM {table}_fts WHERE {table}_fts MATCH ?", [expr]).fetchone()[0]


def lexical_coverage(text: str, weighted_terms: dict[str, float]) -> float:
    """Share of the query's IDF weight whose words occur in ``text`` (prefix match, like the FTS query)."""
    if not weighted_terms:
        return 0.0
    have = words(text)
    total = sum(weighted_terms.values()) or 1.0
    got = sum(weight for prefix, weight in weighted_terms.items() if any(w.startswith(prefix) for w in have))
    return got / total


def _coverage_matcher(weighted_terms: dict[str, float]):
    """``lexical_coverage`` for many texts: one compiled pattern per term (a word starting with it)."""
    total = sum(weighted_terms.values()) or 1.0
    patterns = [(re.compile(r"(?<![\w'’-])" + re.escape(prefix).replace("'", "['’]"), re.IGNORECASE), weight)
                for prefix, weight in weighted_terms.items()]

    def coverage(text: str) -> float:
        return sum(weight for pattern, weight in patterns if pattern.search(text)) / total

    return coverage


# -- the API ----------------------------------------------------------------------------------
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
    dense_lookup = None
    dense_asked = embedder is not None and "dense" in active and bool(text_query.strip())
    if dense_asked:
        # embedding and dense pass on a helper thread while this one does the SQL (recall/candidates.py)
        index = index_for(store, embedder.model_id)
        scope = {"kinds": kinds, "start": time_range.start if time_range else None,
                 "end": time_range.end if time_range else None, "until": as_of_dt}
        if index.holds_any(**scope):  # else the dense channel is empty whatever the query's vector
            dense_lookup = DenseLookup(embedder, text_query, lambda vector: index.search(vector, DENSE_DEPTH,
                                                                                         **scope))
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

    named = _named_speakers(store, terms) if "message" in kinds else set()
    named_words = {w for name in named for w in words(name)}
    unnamed = [t for t in terms if t.removesuffix("'s") not in named_words]
    weighted = _term_weights(store, kinds, unnamed, UNSEEN_TERM_WEIGHT) if "bm25" in active else {}
    gate_weighted = _term_weights(store, kinds, unnamed, UNSEEN_GATE_WEIGHT) if "bm25" in active else {}
    asks_when = bool(_WHEN_QUESTION.search(query))
    named_threads = {thread for name in named for thread in _speaker_index(store)[1].get(name, ())}
    # feedback lends from BM25's read hits; its finds are read like BM25's, after the first pass (LATER_CHANNELS)
    lent = _feedback_channel(store, reader.hits, lists["bm25"], terms, named_words, gate_weighted, kinds, window,
                             now_iso, helper) \
        if "feedback" in active and lists.get("bm25") and WEIGHTS["feedback"] > 0 else None

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
        if PRUNE_UNREAD and CONTEXT_WEIGHT == 0 and SESSION_WEIGHT == 0 else {}
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
    if CONTEXT_WEIGHT > 0 and "message" in kinds:
        neighbours = _add_neighbours(store, candidates, scores, window, now_iso)
        scores = fuse(candidates)
        # what a neighbour lends is its relevance, not how recent or salient it is
        scores = _with_context(scores, fuse(candidates, active - {"recency", "salience"}), neighbours)
    if SESSION_WEIGHT > 0:
        scores = _with_session(candidates, scores)
    kept, _ = _ranked(candidates, scores, dense_sims, k)
    if reserve.RESERVED and lists.get("bm25"):
        # BM25's reserved best are read hits; whatever ranks below the first k only matters if reserved
        returnable = [hit for hit in candidates.values() if _returnable(hit, dense_sims)]
        chosen = {(hit.kind, hit.id) for hit in kept}
        kept = reserve.with_reserved(kept + [hit for hit in returnable if (hit.kind, hit.id) not in chosen],
                                     _bm25_best(returnable, lists["bm25"], gate_weighted), k,
                                     key=lambda hit: (hit.kind, hit.id))[:k]
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


def _ranked(candidates: dict[tuple[str, int], Hit], scores: dict[tuple[str, int], float],
            dense_sims: dict[tuple[str, int], float], k: int) -> tuple[list[Hit], bool]:
    """The ``k`` hits recall returns, best first, and whether none of them is a repeat moved back by DEDUPLICATE."""
    ranked_hits = sorted(candidates.values(), key=lambda h: (scores[(h.kind, h.id)], h.at), reverse=True)
    distinct, repeats = _split_repeats(ranked_hits) if DEDUPLICATE else (ranked_hits, [])
    kept: list[Hit] = []
    kept_distinct = 0
    for position, hit in enumerate(distinct + repeats):
        if len(kept) == k:
            break
        if not _returnable(hit, dense_sims):
            continue
        kept.append(hit)
        kept_distinct += position < len(distinct)
    return kept, kept_distinct == len(kept)


def _returnable(hit: Hit, dense_sims: dict[tuple[str, int], float]) -> bool:
    """A hit only the dense channel found must be at least DENSE_FLOOR similar to be returned (feedback's finds,
    like BM25's, are kept)."""
    return bool({"bm25", "time", "feedback"} & hit.channels.keys()) or \
        (dense_sims.get((hit.kind, hit.id)) or 0.0) >= DENSE_FLOOR


_SPEAKERS: dict[str, tuple[int, dict[str, str], dict[str, set[str]]]] = {}


def _speaker_index(store: Store) -> tuple[dict[str, str], dict[str, set[str]]]:
    """(name word -> speaker, speaker -> threads they talk in), read once per store state."""
    newest = store.execute("SELECT max(id) FROM messages").fetchone()[0] or 0
    cached = _SPEAKERS.get(str(store.path))
    if cached is None or cached[0] != newest:
        names: dict[str, str] = {}
        threads: dict[str, set[str]] = {}
        for speaker, thread in store.execute(
                "SELECT DISTINCT speaker, thread_id FROM messages WHERE speaker IS NOT NULL"):
            threads.setdefault(speaker.lower(), set()).add(thread)
            for word in words(speaker):
                names.setdefault(word, speaker.lower())
        cached = _SPEAKERS[str(store.path)] = (newest, names, threads)
    return cached[1], cached[2]


def _named_speakers(store: Store, terms: list[str]) -> set[str]:
    """Speakers of stored messages whose name the query says ("What did Maya cook?" -> {"maya"})."""
    names, _ = _speaker_index(store)
    wanted = {term[:-2] if term.endswith("'s") else term for term in terms}
    return {names[word] for word in wanted if word in names and word not in STOPWORDS}


def _about_named(store: Store, hits: list[Hit], named: set[str]) -> list[Hit]:
    """The hits that can speak for a question about a named person: those from threads that person talks in
    (or with no thread). A question about Maya that only other people's chats match is not answered by them."""
    if not named:
        return hits
    _, threads_of = _speaker_index(store)
    threads = {thread for name in named for thread in threads_of.get(name, ())}
    return [hit for hit in hits if hit.thread_id is None or hit.thread_id in threads]


def _fuse(candidates: dict[tuple[str, int], Hit], lists: dict[str, list[tuple[str, int]]],
          bm25_scores: dict[tuple[str, int], float], dense_sims: dict[tuple[str, int], float],
          reference: datetime, active: set[str], named: set[str], weighted: dict[str, float],
          asks_when: bool, named_threads: set[str] = frozenset(),
          gate_weighted: dict[str, float] | None = None) -> dict[tuple[str, int], float]:
    """Score-aware fusion: BM25 relative to the best match, cosine above a floor, plus rank terms."""
    scores = {key: 0.0 for key in candidates}
    coverage_of = _coverage_matcher(weighted)
    coverages = {key: max(coverage_of(hit.text), ANSWERS_COVERAGE * coverage_of(f"{hit.text} {hit.answers}"))
                 if weighted else 1.0 for key, hit in candidates.items()}
    gate_weighted = weighted if gate_weighted is None else gate_weighted
    if gate_weighted == weighted:
        passes = {key: coverage >= LEXICAL_MIN_COVERAGE for key, coverage in coverages.items()}
    else:
        gate_of = _coverage_matcher(gate_weighted)
        passes = {key: (max(gate_of(hit.text), ANSWERS_COVERAGE * gate_of(f"{hit.text} {hit.answers}"))
                        if gate_weighted else 1.0) >= LEXICAL_MIN_COVERAGE for key, hit in candidates.items()}
    for name, ranked in lists.items():
        weight = WEIGHTS.get(name, 1.0)
        rank = counted = 0
        for key in dict.fromkeys(ranked):
            if key not in candidates:
                continue
            rank += 1
            candidates[key].channels[name] = rank
            if name == "bm25" and not passes[key]:
                continue  # matching a name or one common word is not a BM25 match worth a rank
            counted += 1
            scores[key] += RANK_SCALE * weight / (RRF_K + counted)
    if "recency" in active:
        by_time = sorted(candidates, key=lambda key: candidates[key].at, reverse=True)
        for rank, key in enumerate(by_time, start=1):
            scores[key] += RANK_SCALE * WEIGHTS["recency"] / (RRF_K + rank)
    if "salience" in active:
        by_salience = sorted(candidates, key=lambda key: -candidates[key].salience)
        for rank, key in enumerate(by_salience, start=1):
            scores[key] += RANK_SCALE * WEIGHTS["salience"] / (RRF_K + rank)
    best_bm25 = max((v for key, v in bm25_scores.items() if key in candidates), default=0.0)
    threads_named = named_threads if THREAD_BONUS > 0 else None
    for key, hit in candidates.items():
        coverage = coverages[key]
        lexical = passes[key]  # "job" alone in "did I quit my job?" is not a match
        if best_bm25 > 0 and key in bm25_scores and lexical:
            scores[key] += SCORE_BM25 * bm25_scores[key] / best_bm25
        if key in dense_sims:
            scores[key] += SCORE_DENSE * max(0.0, dense_sims[key] - DENSE_ZERO) / (1.0 - DENSE_ZERO)
        if weighted and lexical:
            scores[key] += SCORE_COVERAGE * coverage
        if asks_when and _SAYS_A_TIME.search(f"{hit.text} {hit.answers}" if len(hit.text) < 100 else hit.text):
            scores[key] += TIME_ANSWER_BONUS
        if named and threads_named is not None and hit.thread_id in threads_named:
            scores[key] *= 1.0 + THREAD_BONUS
        if named and hit.speaker and hit.speaker.lower() in named:
            # a multiplier, not an addition: being said by Maya makes a relevant turn more so, not "Nice!!" relevant
            if SPEAKER_MODE == "add":
                scores[key] += SPEAKER_BONUS
            else:
                scores[key] *= 1.0 + SPEAKER_BONUS
        if hit.kind == "fact" and hit.fact is not None:
            fact = factsmod.Fact(**{name: hit.fact[name] for name in factsmod.Fact.__dataclass_fields__})
            scores[key] *= factsmod.rank_weight(fact, reference)
    return scores


def _add_neighbours(store: Store, candidates: dict[tuple[str, int], Hit], scores: dict[tuple[str, int], float],
                    window: _Window, now_iso: str) -> dict[tuple[str, int], set[tuple[str, int]]]:
    """Make the turns just before and after the best message candidates candidates too; return who neighbours whom.

    Only turns of the same thread said within CONTEXT_GAP_S count: the next session is not context."""
    seeds = sorted((key for key in candidates if key[0] == "message"), key=lambda key: -scores[key])[:CONTEXT_SEEDS]
    pairs: list[tuple[int, int]] = []
    for _, message_id in seeds:
        hit = candidates[("message", message_id)]
        at = parse_iso(hit.at)
        for order, compare in (("DESC", "<"), ("ASC", ">")):
            row = store.execute(
                f"SELECT id, created_at FROM messages WHERE thread_id = ? AND (created_at, id) {compare} (?, ?) "
                f"ORDER BY created_at {order}, id {order} LIMIT 1", [hit.thread_id, hit.at, message_id]).fetchone()
            if row is not None and abs((parse_iso(row[1]) - at).total_seconds()) <= CONTEXT_GAP_S:
                pairs.append((message_id, row[0]))
    missing = [other for _, other in pairs if ("message", other) not in candidates]
    if missing:
        for item_id, hit in _hydrate(store, "message", list(dict.fromkeys(missing)), window, now_iso).items():
            in_window = window.start is None or (window.start <= hit.at and (window.end is None or hit.at < window.end))
            if in_window and (not window.as_of_given or hit.at <= window.as_of):
                candidates[("message", item_id)] = hit
    neighbours: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for one, other in pairs:
        if ("message", other) in candidates:
            neighbours.setdefault(("message", one), set()).add(("message", other))
            neighbours.setdefault(("message", other), set()).add(("message", one))
    return neighbours


def _with_context(scores: dict[tuple[str, int], float], relevance: dict[tuple[str, int], float],
                  neighbours: dict[tuple[str, int], set[tuple[str, int]]]) -> dict[tuple[str, int], float]:
    """Each message plus CONTEXT_WEIGHT times its best neighbour's relevance (its score without recency and
    salience)."""
    return {key: value + CONTEXT_WEIGHT * max((relevance[n] for n in neighbours.get(key, ()) if n in relevance),
                                              default=0.0)
            for key, value in scores.items()}


def _with_session(candidates: dict[tuple[str, int], Hit],
                  scores: dict[tuple[str, int], float]) -> dict[tuple[str, int], float]:
    """Each message plus SESSION_WEIGHT times the best other candidate of its thread said the same day."""
    sessions: dict[tuple[str | None, str], list[tuple[str, int]]] = {}
    for key, hit in candidates.items():
        if hit.kind == "message":
            sessions.setdefault((hit.thread_id, hit.at[:10]), []).append(key)
    out = dict(scores)
    for members in sessions.values():
        if len(members) < 2:
            continue
        ordered = sorted(members, key=lambda key: -scores[key])
        for key in members:
            best_other = scores[ordered[1]] if key == ordered[0] else scores[ordered[0]]
            out[key] += SESSION_WEIGHT * best_other
    return out


def _distinct_first(hits: list[Hit]) -> list[Hit]:
    """Hits whose text repeats a better-ranked hit's of the same thread go after all the distinct ones, in their
    order (the same words in another conversation are other evidence)."""
    distinct, repeats = _split_repeats(hits)
    return distinct + repeats


def _split_repeats(hits: list[Hit]) -> tuple[list[Hit], list[Hit]]:
    """(distinct hits, repeats of a better-ranked hit's text in the same thread), each in the given order."""
    seen: set[tuple[str | None, str]] = set()
    distinct, repeats = [], []
    for hit in hits:
        text = (hit.thread_id, " ".join(words(hit.text)))
        (repeats if text in seen else distinct).append(hit)
        seen.add(text)
    return distinct, repeats


def _confident(hits: list[Hit], terms: list[str], dense_sims: dict[tuple[str, int], float]) -> tuple[bool, str]:
    """The abstention gate: some hit must share most query words, or be close in meaning."""
    if not hits:
        return False, "nothing relevant found"
    best_dense = max((hit.similarity or 0.0) for hit in hits)
    if best_dense >= DENSE_CONFIDENT:
        return True, ""
    wanted = {_stem(t) for t in query_terms.match_terms(terms)}
    if not wanted:
        return True, ""
    for hit in hits:
        have = {_stem(w) for w in words(f"{hit.speaker or ''} {hit.text} {hit.answers}")}
        have |= {w[:len(t)] for w in have for t in wanted if len(t) >= 4}
        if len(wanted & have) / len(wanted) >= LEXICAL_CONFIDENT:
            return True, ""
    return False, "no memory scores high enough for this query"


def _feedback_channel(store: Store, candidates: dict[tuple[str, int], Hit], bm25_ranked: list[tuple[str, int]],
                      terms: list[str], named_words: set[str], gate_weighted: dict[str, float],
                      kinds: Sequence[str], window: _Window, now_iso: str,
                      helper: HelperConnection | None = None) -> list[tuple[str, int]]:
    """The channel ``feedback``: a second BM25 query of the salient words (recall/feedback.py) of BM25's best
    matches that hold the question's words (LEXICAL_MIN_COVERAGE). ``candidates`` needs only BM25's hits read.

    It needs only the BM25 list, not a first fusion: to a candidate flow that reads candidates lazily the
    feedback list is one more listed channel, read like BM25's (and a dense-only candidate it does not list
    gets nothing from it)."""
    coverage_of = _coverage_matcher(gate_weighted) if gate_weighted else None
    lenders: list[Hit] = []
    seen_texts: set[str] = set()
    for key in dict.fromkeys(bm25_ranked):
        hit = candidates.get(key)
        if hit is None or (coverage_of is not None and
                           coverage_of(f"{hit.text} {hit.answers}") < LEXICAL_MIN_COVERAGE):
            continue
        text = " ".join(words(hit.text))
        if text not in seen_texts:
            seen_texts.add(text)
            lenders.append(hit)
        if len(lenders) >= feedback.FEEDBACK_HITS:
            break
    lent = feedback.salient_terms([f"{hit.text} {hit.answers}" for hit in lenders], set(terms),
                                  STOPWORDS | named_words, lambda word: _df_and_size(store, kinds, word))
    match = ranked_match(" ".join(lent)) if lent else None
    if not match:
        return []
    return [(kind, item_id) for kind, item_id, _ in _bm25(store, match, kinds, window, now_iso, helper)][:DEPTH]


def _df_and_size(store: Store, kinds: Sequence[str], word: str) -> tuple[float, float]:
    """(items containing ``word``, items searched) over ``kinds``, from the cached counts ``_idf_df`` keeps."""
    _, df = _idf_df(store, kinds, word)
    size = sum(_DF_CACHE.get((str(store.path), KIND_TABLES[kind], ""), (0.0, 0.0))[0] for kind in kinds)
    return df, size


def _bm25_best(hits: list[Hit], bm25_ranked: list[tuple[str, int]], gate_weighted: dict[str, float]) -> list[Hit]:
    """The hits in BM25's order that hold enough of the question's words (LEXICAL_MIN_COVERAGE): the ones
    recall/reserve.py keeps a place for."""
    by_key = {(hit.kind, hit.id): hit for hit in hits}
    coverage_of = _coverage_matcher(gate_weighted) if gate_weighted else None
    out: list[Hit] = []
    for key in dict.fromkeys(bm25_ranked):
        hit = by_key.get(key)
        if hit is None or (coverage_of is not None and
                           coverage_of(f"{hit.text} {hit.answers}") < LEXICAL_MIN_COVERAGE):
            continue
        out.append(hit)
        if len(out) >= reserve.RESERVED:
            break
    return out
