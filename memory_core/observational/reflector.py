"""The Reflector: condense the observation log into a smaller one, never an empty or larger one.

It merges duplicates (newest wording wins, "said 3 times"), drops ✅ lines and
the lines they complete, and keeps dates. What it drops is chosen by value:
what the user asked about first, then lines the fact ledger says are no longer
current (folded into the line that replaced them: "(previously Initech)"),
then low-value lines, then lower kinds; a current fact of a high kind is never
dropped. The target may grow to hold every current fact (up to ``max_tokens``);
if the high kinds alone do not fit, the target moves, not the facts. A ladder
of stronger compression is tried until the output fits its target; failing
that the smallest valid candidate is kept; failing that the old log stays as
it is (and the caller backs off, so there is no endless reflect loop). Every generation is stored, and each reflection line links to
the observations it came from, for the timeline and for forgetting.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta, tzinfo
from typing import Callable, Collection, Sequence

from memory_core.clock import to_iso, utc_now
from memory_core.llm import Embedder, TextModel
from memory_core.observational.drafts import content_words, normalized
from memory_core.observational.extractive_observer import clip_words
from memory_core.observational.format import render_log
from memory_core.observational.kinds import HIGH_KINDS, NOISE_KIND, kind_priority, line_kind, proper_nouns
from memory_core.observational.llm_reflector import llm_candidates
from memory_core.observational.log import (
    _SAID,
    PRIORITY_RANK,
    LogItem,
    Reflected,
    as_lines,
    current_log,
)
from memory_core.observational.supersession import (
    Retired,
    is_marked,
    mark_stale,
    message_ids_of_observations,
    names,
    retired_by_message,
    stale_values,
    with_note,
)

_NOISE_KEEP = 1                                 # at level 0, the newest line of what the user asked stays


def _stems(text: str) -> set[str]:
    return {w[:5] for w in content_words(_SAID.sub("", text).replace("User:", "").replace("User asked:", ""))}


def _similar(a: set[str], b: set[str], threshold: float) -> bool:
    return bool(a and b) and len(a & b) / len(a | b) >= threshold


def _contained(a: set[str], b: set[str]) -> bool:
    """One line says all the other says (and more): "sister lives in Turin" / "... and calls every Sunday"."""
    small = min(len(a), len(b))
    return small >= 3 and len(a & b) >= 0.8 * small


def _priority(item: LogItem, kind: str | None) -> str:
    """The kind sets the floor: a high kind is 🔴 even if an observer said 🟡; what was asked is 🟢."""
    if item.priority == "done":
        return "done"
    if kind == NOISE_KIND or kind is None:
        return "low"
    return max((item.priority, kind_priority(kind)), key=PRIORITY_RANK.__getitem__)


def condense(items: Sequence[LogItem], level: int, similar: Callable[[int, int], bool] | None = None,
             stale: dict[int, list[Retired]] | None = None, budget: int | None = None,
             measure: Callable[[Sequence[Reflected]], int] | None = None) -> list[Reflected]:
    """Model-free reflection at a compression ``level`` (0 gentlest .. 4 hardest).

    What goes is chosen by value: what the user asked (noise) first, then lines the
    fact ledger says are no longer current (``stale``, keyed by item id), then
    low-value lines; from level 3, facts of lower value one by one until the log fits
    ``budget`` (as ``measure`` counts it), see ``line_values``; level 4 also clips
    long lines. A current line of a high kind is never dropped, and a newer line
    about the same named thing as an older one inherits its kind (a change told
    without topic words, "traded in the Mazda for a Volvo", stays with the line
    it changes).
    """
    stale = stale or {}
    ordered = sorted(items, key=lambda i: (i.observed_at, i.id))
    known = {name for i in ordered for name in proper_nouns(i.bare_text)}
    kinds = [line_kind(i.bare_text, known) for i in ordered]
    stems = [_stems(i.text) for i in ordered]
    alive = [True] * len(ordered)
    for j, item in enumerate(ordered):            # ✅ retires the earlier lines it answers, then goes itself
        if item.priority == "done":
            alive[j] = False
            for i in range(j):
                if alive[i] and _similar(stems[i], stems[j], 0.3):
                    alive[i] = False
    noise = [j for j in range(len(ordered)) if alive[j] and kinds[j] == NOISE_KIND]
    for j in noise[:len(noise) - _NOISE_KEEP] if level == 0 else noise:
        alive[j] = False
    notes: dict[int, list[str]] = {}               # item index -> old values to name on its line
    marked: dict[int, list[Retired]] = {}
    for j, item in enumerate(ordered):             # stale: rewritten into its successor, or marked
        gone = stale_values(item.bare_text, stale.get(item.id, []))
        if not alive[j] or not gone:
            continue
        heirs = [k for k in range(len(ordered)) if alive[k] and k != j
                 and any(r.successor and names(ordered[k].bare_text, r.successor) for r in gone)]
        if heirs or level >= 2:
            alive[j] = False
            if heirs:               # the line that replaced it carries its kind: "first week at Soylent" is work
                notes.setdefault(heirs[-1], []).extend(r.value for r in gone)
                if _value(kinds[j]) > _value(kinds[heirs[-1]]):
                    kinds[heirs[-1]] = kinds[j]
        else:
            marked[j] = gone
    groups: list[list[int]] = []                  # duplicates merge into the newest wording
    for j in range(len(ordered)):
        if not alive[j]:
            continue
        for group in groups:
            i = group[-1]
            if normalized(ordered[i].bare_text) == normalized(ordered[j].bare_text) \
                    or _similar(stems[i], stems[j], 0.6) or _contained(stems[i], stems[j]) or (similar is not None and similar(ordered[i].id, ordered[j].id)):
                group.append(j)
                break
        else:
            groups.append([j])
    newest = max((i.observed_at for i in ordered), default=utc_now())
    heads = [group[-1] for group in groups]
    inherited = inherited_kinds([ordered[k].bare_text for k in heads], [kinds[k] for k in heads])
    out: list[Reflected] = []
    out_kinds: list[str | None] = []
    for group, kind in zip(groups, inherited):
        members = [ordered[k] for k in group]
        last = members[-1]
        count = sum(m.count for m in members)
        priority = max((_priority(m, kinds[k]) for m, k in zip(members, group)), key=PRIORITY_RANK.__getitem__)
        if kind in HIGH_KINDS:
            priority = "high"
        age = newest - last.observed_at
        if priority != "high":
            if level >= 1 and priority == "low" and age > timedelta(days=2):
                continue
            if level >= 2 and priority == "low":
                continue
        text = last.bare_text
        if level >= 4:
            text = clip_words(text, 24)
        if group[-1] in marked:
            text = mark_stale(text, marked[group[-1]])
        old = [v for k in group for v in notes.get(k, []) if not names(text, v)]
        if old and not is_marked(text):
            text = with_note(text, f"previously {', '.join(dict.fromkeys(old))}")
        if count > 1:
            text += f" (said {count} times)"
        refs = [m.referenced_date for m in members if m.referenced_date]
        ids = sorted({oid for m in members for oid in m.observation_ids})
        out.append(Reflected(priority, last.observed_at, text, refs[-1] if refs else None, ids))
        out_kinds.append(kind)
    if level >= 3 and budget is not None and measure is not None:
        out = fit_by_value(out, out_kinds, budget, measure)
    return out


def anchors(text: str, known: Collection[str] = ()) -> set[str]:
    """The named things a line is about: its names, places and brands (lower-cased)."""
    text = re.sub(r"^User(?: said| asked)?:\s*", "", text.strip())
    found = set(proper_nouns(text))
    first = re.match(r"[A-Z][\w'&-]*", text)
    if first and first.group() in known:
        found.add(first.group())
    return {a.lower() for a in found}


def inherited_kinds(texts: Sequence[str], kinds: Sequence[str | None]) -> list[str | None]:
    """A line (oldest first) takes the most important kind of the older lines that name the same thing:
    "traded in the Mazda, picked up a Volvo" is about the car the older "I drive a Mazda" was."""
    known = {name for text in texts for name in proper_nouns(text)}
    named = [anchors(t, known) for t in texts]
    out = list(kinds)
    for j in range(len(texts)):
        if out[j] in (None, NOISE_KIND):
            continue
        for i in range(j):
            if named[i] & named[j] and _value(out[i]) > _value(out[j]):
                out[j] = out[i]
    return out


def _value(kind: str | None) -> int:
    """High kinds 2, any other fact about the user 1 (an unknown kind too: it is not noise), noise 0."""
    if kind in HIGH_KINDS:
        return 2
    return 0 if kind in (None, NOISE_KIND) else 1


def fit_by_value(lines: list[Reflected], kinds: Sequence[str | None], budget: int,
                 measure: Callable[[Sequence[Reflected]], int]) -> list[Reflected]:
    """Drop lines until the log fits ``budget``: never a high one (nor one that inherited a high kind).
    The others go oldest first, and before them an older line that a newer line about the same named thing
    follows: the newer line is the likelier to be current, and one of unknown kind is no less a fact.
    (Ordering the medium kinds among themselves, work before preferences, lost more facts on the dev
    histories at a tight budget: dev at 3328 tokens of context, 221/240 vs 239/240.)"""
    known = {name for line in lines for name in proper_nouns(line.text)}
    named = [anchors(line.text, known) for line in lines]

    def rank(j: int) -> tuple:
        followed = any(named[j] & named[k] and lines[k].observed_at > lines[j].observed_at for k in range(len(lines)))
        return (not followed, lines[j].observed_at)

    droppable = sorted((j for j, line in enumerate(lines) if line.priority != "high" and _value(kinds[j]) < 2),
                       key=rank)
    sizes = {j: measure([lines[j]]) for j in droppable}
    total = measure(lines)
    gone: set[int] = set()
    for j in droppable:
        if total <= budget:
            break
        gone.add(j)
        total -= sizes[j]
        if total <= budget:          # per-line sizes ignore shared day headers: check the real size
            total = measure([line for k, line in enumerate(lines) if k not in gone])
    return [line for k, line in enumerate(lines) if k not in gone]


def stale_items(store, items: Sequence[LogItem]) -> dict[int, list[Retired]]:
    """Per item id: the values its source messages stated that the fact ledger has since retired."""
    by_observation = message_ids_of_observations(store, [oid for i in items for oid in i.observation_ids])
    retired = retired_by_message(store, [m for ids in by_observation.values() for m in ids])
    out: dict[int, list[Retired]] = {}
    for item in items:
        gone = [r for oid in item.observation_ids for mid in by_observation.get(oid, []) for r in retired.get(mid, [])]
        if stale_values(item.bare_text, gone):
            out[item.id] = gone
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

    def reflect(self, store, target_tokens: int, max_tokens: int | None = None) -> ReflectionOutcome:
        """Condense the current log toward ``target_tokens``; the target grows to keep every current
        fact when they fit in ``max_tokens`` (default: the target itself)."""
        items = current_log(store)
        input_tokens = self.tokens_of(items)
        if not items:
            return ReflectionOutcome(False, None, 0, 0, 0, "none", "nothing to reflect")
        stale = stale_items(store, items)
        similar = self._embedding_similarity(items)
        keep_all = self.tokens_of(condense(items, 2, similar, stale))
        target = max(target_tokens, min(keep_all, max_tokens if max_tokens is not None else target_tokens))
        best: tuple[int, list[Reflected], str] | None = None
        attempts = 0
        for method, candidate in self._candidates(items, similar, stale, target):
            attempts += 1
            tokens = self.tokens_of(candidate)
            if not _valid(candidate, input_tokens, tokens):
                continue
            if best is None or tokens < best[0]:
                best = (tokens, candidate, method)
            if tokens <= target:
                break
        if best is None:
            return ReflectionOutcome(False, None, input_tokens, input_tokens, attempts, "none",
                                     "no candidate was smaller than the log; kept the old log")
        tokens, candidate, method = best
        generation = commit_generation(store, items, candidate, method=method, attempts=attempts,
                                       input_tokens=input_tokens, output_tokens=tokens)
        return ReflectionOutcome(True, generation, input_tokens, tokens, attempts, method)

    def _candidates(self, items: Sequence[LogItem], similar, stale, target: int):
        if self.model is not None:
            protected = [i for i in items if i.id not in stale and line_kind(i.bare_text) in HIGH_KINDS]
            for candidate in llm_candidates(self.model, items, self.tz):
                if keeps_all(candidate, protected):
                    yield "llm", candidate
        for level in self.LADDER:
            yield "extractive", condense(items, level, similar, stale, budget=target, measure=self.tokens_of)

    def _embedding_similarity(self, items: Sequence[LogItem]) -> Callable[[int, int], bool] | None:
        """Paraphrases ("prefers WhatsApp" / "likes WhatsApp better than mail") merge by cosine >= 0.85."""
        if self.embedder is None or len(items) > 2000:
            return None
        vectors = dict(zip((i.id for i in items), self.embedder.embed([i.bare_text for i in items])))

        def similar(a: int, b: int) -> bool:
            return sum(x * y for x, y in zip(vectors[a], vectors[b])) >= 0.85
        return similar


def keeps_all(candidate: Sequence[Reflected], protected: Sequence[LogItem]) -> bool:
    """A model's condensed log may merge lines but must not lose a current high-kind fact."""
    covered = {oid for r in candidate for oid in r.observation_ids}
    return all(set(i.observation_ids) <= covered for i in protected)


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
