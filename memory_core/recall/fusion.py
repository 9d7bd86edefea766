"""Score-aware fusion of the channels into one score per candidate, and the coverage it rests on.

Weighted reciprocal rank fusion (k = RRF_K) is the floor; on top, BM25 relative to the best match, cosine above a
floor, the share of the query's IDF weight a candidate holds (coverage), and multipliers for a named person's
threads and turns and for a fact's staleness. Every weight here was fitted on dev (bench/recall_fit.py,
bench/results/recall_ablation.md); tune them in this module.
"""
from __future__ import annotations

import re
from datetime import datetime

from memory_core.facts import ledger as factsmod
from memory_core.recall.hits import Hit
from memory_core.recall.text_words import words


RRF_K = 60
#: Rank-based terms (reciprocal rank fusion); recency and salience only re-order candidates.
#: ``feedback``: the second BM25 query made of the best first hits' salient words (recall/feedback.py); its weight
#: and SCORE_DENSE were refitted on dev of all four conditions by bench/recall_fit.py (results/recall_fit.md).
WEIGHTS = {"bm25": 1.0, "dense": 1.0, "recency": 0.25, "salience": 0.15, "feedback": 1.5}
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
#: turns said before it (storage/schema.py, TURNS_BEFORE). High coverage is strong evidence whatever the data, so BM25
#: counts where words match.
SCORE_COVERAGE = 0.5
#: A "when ..." question gets this much more for a candidate that says a time ("last Tuesday").
TIME_ANSWER_BONUS = 0.2
_WHEN_QUESTION = re.compile(r"^\s*(?:when|what\s+(?:date|day|month|year|time)|how\s+long|which\s+(?:day|month|year))\b",
                            re.IGNORECASE)
_SAYS_A_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|this\s+(?:morning|week|month|year)|last\s+\w+|\w+\s+ago|on\s+(?:monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|since|january|february|march|april|june|july|august|september|"
    r"october|november|december|\d{4})\b", re.IGNORECASE)
#: Lexical evidence (BM25, coverage) counts only if the candidate holds this share of the query's IDF weight
#: (names of speakers aside): a message matching just "job" in "did I quit my job?" is noise, one matching
#: "LH1172" is the answer. Refitted on dev of both conditions: 0.5 threw away BM25 for questions that reuse one or
#: two of the evidence's words among frame words ("What happened with Maya's pottery bowl?"); 0.25 fit dev a
#: little better but lets "job" alone match "did I quit my job?" (tests/memory_core/recall), so 0.3.
LEXICAL_MIN_COVERAGE = 0.3
#: The ranking mechanisms below were chosen on the dev split of bench/bench_recall.py (paraphrase and lexical
#: conditions, never test); bench/results/recall_ablation.md has each one's effect. Kept: THREAD_BONUS and
#: DEDUPLICATE (ranking.py). Left off or at round 1's setting: UNSEEN_TERM_WEIGHT, UNSEEN_GATE_WEIGHT (see there),
#: SPEAKER_MODE, ANSWERS_COVERAGE, SESSION_WEIGHT and CONTEXT_WEIGHT (conversation_context.py) (no gain on dev for both conditions; switchable for the
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
#: Share of the words of the turns said before a message in its coverage (1.0; 0.75 and 0.5 tried on the hand-written
#: dev chats: no better).
ANSWERS_COVERAGE = 1.0
#: A hit from a thread the person the query names talks in gets this much more (times 1 + THREAD_BONUS): a question
#: about Maya is answered in chats with Maya, whoever said the turn ("Did the move go ok?" asked by her friend).
THREAD_BONUS = 2.0


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


def _coverage_matcher(weighted_terms: dict[str, float]):
    """Share of the query's IDF weight whose words occur in a text (prefix match, like the FTS query): one
    compiled pattern per term (a word starting with it), reused for every candidate. Each text is matched once:
    the stand-ins of unread candidates (recall/bounds.py) mostly share a few texts."""
    total = sum(weighted_terms.values()) or 1.0
    patterns = [(re.compile(r"(?<![\w'’-])" + re.escape(prefix).replace("'", "['’]"), re.IGNORECASE), weight)
                for prefix, weight in weighted_terms.items()]
    known: dict[str, float] = {}

    def coverage(text: str) -> float:
        found = known.get(text)
        if found is None:
            found = known[text] = sum(weight for pattern, weight in patterns if pattern.search(text)) / total
        return found

    return coverage
