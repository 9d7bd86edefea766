"""The Reflector: condense the observation log into a smaller one, never an empty or larger one.

It merges duplicates (newest wording wins, "said 3 times"), drops ✅ lines and
the lines they complete, drops lines superseded by a later correction, and
keeps dates. A ladder of stronger compression is tried until the output fits
its target; failing that the smallest valid candidate is kept; failing that
the old log stays as it is (and the caller backs off, so there is no endless
reflect loop). Every generation is stored, and each reflection line links to
the observations it came from, for the timeline and for forgetting.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta, tzinfo
from typing import Callable, Sequence

from memory_core.clock import to_iso, utc_now
from memory_core.llm import Embedder, TextModel
from memory_core.observational.drafts import content_words, normalized
from memory_core.observational.extractive_observer import clip_words
from memory_core.observational.format import render_log
from memory_core.observational.llm_reflector import llm_candidates
from memory_core.observational.log import (
    _SAID,
    PRIORITY_RANK,
    LogItem,
    Reflected,
    as_lines,
    current_log,
)

_CORRECTION = re.compile(r"\b(actually|no longer|not anymore|now|moved|switch(?:ed|ing)?|instead|changed|"
                         r"new|from now on|not .+ but)\b", re.I)
_MARKER_STEMS = {"actua", "longe", "anymo", "now", "moved", "switc", "inste", "chang", "new", "from"}


# -- the extractive reflector ---------------------------------------------------------------------

def _stems(text: str) -> set[str]:
    return {w[:5] for w in content_words(_SAID.sub("", text).replace("User:", "").replace("User asked:", ""))}


def _similar(a: set[str], b: set[str], threshold: float) -> bool:
    return bool(a and b) and len(a & b) / len(a | b) >= threshold


def condense(items: Sequence[LogItem], level: int, similar: Callable[[int, int], bool] | None = None) -> list[Reflected]:
    """Model-free reflection at a compression ``level`` (0 gentlest .. 4 hardest)."""
    ordered = sorted(items, key=lambda i: (i.observed_at, i.id))
    stems = [_stems(i.text) for i in ordered]
    alive = [True] * len(ordered)
    for j, item in enumerate(ordered):            # ✅ and corrections retire the earlier lines they answer
        if item.priority == "done":
            alive[j] = False
            for i in range(j):
                if alive[i] and _similar(stems[i], stems[j], 0.3):
                    alive[i] = False
        elif _CORRECTION.search(item.bare_text):
            topic = stems[j] - _MARKER_STEMS
            for i in range(j):
                shared = len(stems[i] & topic) / max(1, min(len(stems[i]), len(topic)))
                if alive[i] and ordered[i].priority != "low" and shared >= 0.5 \
                        and normalized(ordered[i].bare_text) != normalized(item.bare_text):
                    alive[i] = False
    groups: list[list[int]] = []                  # duplicates merge into the newest wording
    for j in range(len(ordered)):
        if not alive[j]:
            continue
        for group in groups:
            i = group[-1]
            if normalized(ordered[i].bare_text) == normalized(ordered[j].bare_text) \
                    or _similar(stems[i], stems[j], 0.6) or (similar is not None and similar(ordered[i].id, ordered[j].id)):
                group.append(j)
                break
        else:
            groups.append([j])
    newest = max((i.observed_at for i in ordered), default=utc_now())
    out: list[Reflected] = []
    for group in groups:
        members = [ordered[k] for k in group]
        last = members[-1]
        count = sum(m.count for m in members)
        priority = max((m.priority for m in members), key=PRIORITY_RANK.__getitem__)
        age = newest - last.observed_at
        if level >= 1 and priority == "low" and age > timedelta(days=2):
            continue
        if level >= 2 and priority == "low":
            continue
        if level >= 3 and priority == "medium" and age > timedelta(days=7):
            continue
        if level >= 4 and priority != "high":
            continue
        text = last.bare_text
        if level >= 2:
            text = clip_words(text, 20 if level < 4 else 14)
        if count > 1:
            text += f" (said {count} times)"
        refs = [m.referenced_date for m in members if m.referenced_date]
        ids = sorted({oid for m in members for oid in m.observation_ids})
        out.append(Reflected(priority, last.observed_at, text, refs[-1] if refs else None, ids))
    return out


# -- choosing and committing ------------------------------------------------------------------------

@dataclass
class ReflectionOutcome:
    committed: bool
    generation_id: int | None
    input_tokens: int
    output_tokens: int
    attempts: int
    method: str
    reason: str = ""


def _valid(candidate: Sequence[Reflected], input_tokens: int, tokens: int) -> bool:
    """Never empty, never larger, no looping lines."""
    if not candidate or tokens >= input_tokens:
        return False
    keys = [normalized(r.text) for r in candidate]
    return len(keys) == len(set(keys)) and all(keys)


class Reflector:
    """Runs the ladder and commits the chosen generation. An LLM path is tried first when a model is given."""

    LADDER = (0, 1, 2, 3, 4)

    def __init__(self, count_tokens: Callable[[str], int], tz: tzinfo | None = None,
                 model: TextModel | None = None, embedder: Embedder | None = None):
        self.count_tokens, self.tz, self.model, self.embedder = count_tokens, tz, model, embedder

    def tokens_of(self, items: Sequence[LogItem | Reflected]) -> int:
        return self.count_tokens(render_log(as_lines(items, self.tz))) if items else 0

    def reflect(self, store, target_tokens: int) -> ReflectionOutcome:
        items = current_log(store)
        input_tokens = self.tokens_of(items)
        if not items:
            return ReflectionOutcome(False, None, 0, 0, 0, "none", "nothing to reflect")
        best: tuple[int, list[Reflected], str] | None = None
        attempts = 0
        for method, candidate in self._candidates(items):
            attempts += 1
            tokens = self.tokens_of(candidate)
            if not _valid(candidate, input_tokens, tokens):
                continue
            if best is None or tokens < best[0]:
                best = (tokens, candidate, method)
            if tokens <= target_tokens:
                break
        if best is None:
            return ReflectionOutcome(False, None, input_tokens, input_tokens, attempts, "none",
                                     "no candidate was smaller than the log; kept the old log")
        tokens, candidate, method = best
        generation = commit_generation(store, items, candidate, method=method, attempts=attempts,
                                       input_tokens=input_tokens, output_tokens=tokens)
        return ReflectionOutcome(True, generation, input_tokens, tokens, attempts, method)

    def _candidates(self, items: Sequence[LogItem]):
        if self.model is not None:


            yield from (("llm", c) for c in llm_candidates(self.model, items, self.tz))
        similar = self._embedding_similarity(items)
        for level in self.LADDER:
            yield "extractive", condense(items, level, similar)

    def _embedding_similarity(self, items: Sequence[LogItem]) -> Callable[[int, int], bool] | None:
        """Paraphrases ("prefers WhatsApp" / "likes WhatsApp better than mail") merge by cosine >= 0.85."""
        if self.embedder is None or len(items) > 2000:
            return None
        vectors = dict(zip((i.id for i in items), self.embedder.embed([i.bare_text for i in items])))

        def similar(a: int, b: int) -> bool:
            return sum(x * y for x, y in zip(vectors[a], vectors[b])) >= 0.85
        return similar


def commit_generation(store, items: Sequence[LogItem], reflected: Sequence[Reflected], *, method: str,
                      attempts: int, input_tokens: int, output_tokens: int) -> int:
    """Store a generation; its input observations are marked as reflected into it (never deleted)."""
    now = to_iso(utc_now())
    with store.transaction():
        cursor = store.execute("INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method, "
                               "attempts) VALUES (?, ?, ?, ?, ?)", [now, input_tokens, output_tokens, method, attempts])
        generation = cursor.lastrowid
        for item in reflected:
            row = store.execute(
                "INSERT INTO reflections (generation_id, priority, observed_at, referenced_date, text, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [generation, item.priority, to_iso(item.observed_at),
                 item.referenced_date.isoformat() if item.referenced_date else None, item.text, now])
            store.executemany(
                "INSERT OR IGNORE INTO reflection_observations (reflection_id, observation_id) VALUES (?, ?)",
                [(row.lastrowid, oid) for oid in item.observation_ids])
        fresh = [i.id for i in items if i.kind == "observation"]
        store.executemany("UPDATE observations SET reflected_in = ? WHERE id = ?",
                                  [(generation, oid) for oid in fresh])
        store.log_event("reflection_committed", generation=generation, input_tokens=input_tokens,
                        output_tokens=output_tokens, lines=len(reflected), method=method)
    return generation
