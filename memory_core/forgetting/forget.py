""""Forget me": remove a memory, everything derived from it and (by default) its sources, leaving no bytes.

Why the cascade goes both ways: a memory kept from its sources comes back (the
Observer re-reads the messages, extraction re-finds the fact), and a memory
removed while its derivatives stay (a reflection line quoting it, a fact
inferred from it) is not forgotten. So a plan walks

* **up** from the chosen item to its sources when ``include_sources`` is on
  (reflection -> observations -> messages; fact -> messages and the fact it
  was inferred from), then
* **down** from everything selected to all that was derived from it
  (message -> observations and facts; observation -> reflection lines;
  fact -> facts inferred from it), until nothing new turns up.

A reflection line goes if *any* observation it summarises goes (it may quote
that observation), and a line with no recorded provenance goes when its
generation consumed a forgotten observation. Facts that merely *supersede* a
forgotten fact stay (their text is their own statement); the link is cut by
``ON DELETE SET NULL``.

Deleting is recorded first and then done in short batches
(``memory_core.storage.deletions``), so a forget of 100k messages never holds
the write lock for more than a fraction of a second and a crash mid-way is
finished on the next open: rows (FTS entries via triggers with FTS5
``secure-delete``, embeddings, token counts and link rows follow), then FTS
merges so no old segment keeps a term, then the audit event (written only when
everything is gone), then a ``wal_checkpoint(TRUNCATE)`` so no WAL frame keeps
an old page; ``secure_delete`` zeroes freed space and pages. The receipt and
the audit event hold ids and counts only, never text.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.storage import deletions
from memory_core.storage.answer_memories import answers_using
from memory_core.storage.schema import EXTRA_FTS, FTS_TABLES
from memory_core.storage.sql import ITEM_KINDS, KIND_TABLES, chunks, fts_all_words, marks
from memory_core.storage.store import Store

LABEL_CHARS = 72
#: How long a forget waits for readers to let the WAL checkpoint finish (readers are short).
CHECKPOINT_WAIT_S = 2.0
#: "Forget everything about X" also takes items this close in meaning (cosine, unit vectors).
SEMANTIC_MATCH = 0.6
RECALL_DEPTH = 200
#: The module holding the loaded vector indexes (see ``_drop_cached_vectors``).
VECTORS_MODULE = "memory_core.recall.vectors"
#: The module holding recall's message postings (term -> rows, per column; the word counts derived from them),
#: dropped and read again (see ``_drop_cached_word_counts``).
POSTINGS_MODULE = "memory_core.recall.message_postings"
BM25_MODULE = "memory_core.recall.bm25"

ForgottenCallback = Callable[["ForgetReceipt"], Any]


# -- ids ------------------------------------------------------------------------------------------
def parse_item_ref(store: Store, ref: str | int) -> tuple[str, int | str]:
    """Turn ``"fact:9"``, ``"thread:ab12"`` or a bare ``"9"`` into ``(kind, id)``.

    A bare number is looked up in every kind; when it exists in more than one
    the user must say which, and the message lists the candidates.
    """
    text = str(ref).strip()
    if not text:
        raise InvalidInput("no item given: use KIND:ID, e.g. fact:9 or message:12")
    if ":" in text:
        kind, _, raw_id = text.partition(":")
        kind = kind.strip().lower()
        raw_id = raw_id.strip()
        if kind == "thread":
            if not _exists(store, "threads", raw_id):
                raise InvalidInput(f"there is no thread {raw_id!r}")
            return "thread", raw_id
        if kind not in KIND_TABLES:
            raise InvalidInput(f"unknown item kind {kind!r}: use one of {', '.join(ITEM_KINDS + ('thread',))}")
        item_id = _parse_int(raw_id, text)
        if not _exists(store, KIND_TABLES[kind], item_id):
            raise InvalidInput(f"there is no {kind} {item_id} (it may have been forgotten already)")
        return kind, item_id
    item_id = _parse_int(text, text)
    found = [kind for kind, table in KIND_TABLES.items() if _exists(store, table, item_id)]
    if not found:
        raise InvalidInput(f"no message, observation, reflection or fact has id {item_id}")
    if len(found) > 1:
        options = ", ".join(f"{kind}:{item_id}" for kind in found)
        raise InvalidInput(f"id {item_id} is ambiguous: say which one you mean ({options})")
    return found[0], item_id


def _parse_int(raw: str, whole: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInput(f"{whole!r} is not an item id: use KIND:ID, e.g. fact:9 or message:12") from None
    if value <= 0:
        raise InvalidInput(f"{whole!r} is not an item id: ids are positive numbers")
    return value


def _exists(store: Store, table: str, item_id: int | str) -> bool:
    return store.execute(f"SELECT 1 FROM {table} WHERE id = ?", [item_id]).fetchone() is not None


# -- the plan -------------------------------------------------------------------------------------
@dataclass
class ForgetPlan:
    """What a forget will remove: ids per kind and short labels for the confirmation dialog.

    Labels quote the start of each item so the user sees what goes; they live
    only in memory and never reach the receipt or the audit log.
    """

    target_kind: str
    target_id: int | str
    include_sources: bool = True
    messages: set[int] = field(default_factory=set)
    observations: set[int] = field(default_factory=set)
    reflections: set[int] = field(default_factory=set)
    facts: set[int] = field(default_factory=set)
    threads: set[str] = field(default_factory=set)
    #: For thread deletion with kept memories: observations/facts that stay although their source goes.
    kept_memories: int = 0
    embeddings: int = 0
    links: int = 0
    labels: dict[str, dict[Any, str]] = field(default_factory=dict)
    #: Extra roots (forget_about matches, a thread's messages) the plan started from.
    roots: list[tuple[str, int | str]] = field(default_factory=list)
    expand_from_roots: bool = True
    #: Assistant answers generated with any item of the plan (their recorded provenance). Listed always;
    #: removed (with what was drawn from them) only when ``remove_answers`` is on, since an answer
    #: can repeat a forgotten memory word for word.
    answers: set[int] = field(default_factory=set)
    remove_answers: bool = False

    def ids(self, kind: str) -> set:
        return getattr(self, _attr(kind))

    @property
    def counts(self) -> dict[str, int]:
        return {"messages": len(self.messages), "observations": len(self.observations),
                "reflections": len(self.reflections), "facts": len(self.facts),
                "threads": len(self.threads), "embeddings": self.embeddings, "links": self.links}

    @property
    def total(self) -> int:
        return len(self.messages) + len(self.observations) + len(self.reflections) + len(self.facts) + len(self.threads)

    @property
    def is_empty(self) -> bool:
        return self.total == 0

    def describe(self, *, max_labels: int = 8) -> str:
        """The preview text shown before anything is deleted."""
        if self.is_empty:
            return "Nothing to forget."
        target = f"{self.target_kind}:{self.target_id}" if self.target_kind != "about" else f"matches of {self.target_id!r}"
        lines = [f"Forgetting {target} removes:"]
        for kind in ITEM_KINDS + ("thread",):
            ids = sorted(self.ids(kind), key=str)
            if not ids:
                continue
            noun = kind if len(ids) == 1 else f"{kind}s"
            lines.append(f"  {len(ids)} {noun}")
            labels = self.labels.get(kind, {})
            for item_id in ids[:max_labels]:
                lines.append(f"    - {kind}:{item_id}  {labels.get(item_id, '')}".rstrip())
            if len(ids) > max_labels:
                lines.append(f"    ... and {len(ids) - max_labels} more")
        lines.append(f"  {self.embeddings} embedding(s) and {self.links} provenance link(s)")
        if self.target_kind in ITEM_KINDS:
            lines.append("  source messages included (a memory kept from its sources comes back)"
                         if self.include_sources else "  source messages kept (--keep-sources)")
        if self.kept_memories:
            lines.append(f"  {self.kept_memories} memory item(s) drawn from it are kept")
        if self.answers:
            verdict = ("removed too" if self.remove_answers
                       else "kept (they may repeat it; --remove-answers removes them)")
            lines.append(f"  {len(self.answers)} assistant answer(s) generated with it: {verdict}")
            labels = self.labels.get("answer", {})
            for answer_id in sorted(self.answers)[:max_labels]:
                lines.append(f"    - message:{answer_id}  {labels.get(answer_id, '')}".rstrip())
            if len(self.answers) > max_labels:
                lines.append(f"    ... and {len(self.answers) - max_labels} more")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Ids and counts (no text): what the CLI prints with --json before deleting."""
        return {"target": f"{self.target_kind}:{self.target_id}", "include_sources": self.include_sources,
                "counts": self.counts, "ids": _ids_dict(self), "kept_memories": self.kept_memories,
                "answers": sorted(self.answers), "remove_answers": self.remove_answers}


def _attr(kind: str) -> str:
    return "threads" if kind == "thread" else KIND_TABLES[kind]


def _ids_dict(plan: ForgetPlan) -> dict[str, list]:
    return {_attr(kind): sorted(plan.ids(kind), key=str) for kind in ITEM_KINDS + ("thread",)}


def plan_forget(store: Store, item_kind: str | None, item_id: int | str | None = None, *,
                include_sources: bool = True, remove_answers: bool = False) -> ForgetPlan:
    """Work out everything that forgetting one item removes (nothing is changed).

    ``item_kind`` may be a full reference (``"fact:9"`` or ``"9"``) with
    ``item_id`` left out. ``thread`` forgets a whole chat and what was drawn from it.
    The assistant answers generated with the forgotten items are listed in ``plan.answers``
    and, with ``remove_answers``, forgotten too.
    """
    if item_id is None:
        item_kind, item_id = parse_item_ref(store, item_kind or "")
    else:
        item_kind, item_id = parse_item_ref(store, f"{item_kind}:{item_id}")
    plan = ForgetPlan(item_kind, item_id, include_sources=include_sources, remove_answers=remove_answers)
    if item_kind == "thread":
        plan.roots = [("thread", item_id)]
    else:
        plan.roots = [(item_kind, int(item_id))]
    _fill(store, plan)
    return plan


def plan_forget_many(store: Store, items: Iterable[tuple[str, int]], *, label: str,
                     include_sources: bool = True, remove_answers: bool = False) -> ForgetPlan:
    """One plan for several items (what ``forget_about`` deletes in one step)."""
    plan = ForgetPlan("about", label, include_sources=include_sources, remove_answers=remove_answers)
    plan.roots = [(kind, int(item_id)) for kind, item_id in items]
    _fill(store, plan)
    return plan


def _fill(store: Store, plan: ForgetPlan) -> None:
    """(Re)compute the plan's ids from its roots against the database as it is now."""
    selected: dict[str, set] = {"message": set(), "observation": set(), "reflection": set(), "fact": set(),
                                "thread": set()}
    for kind, item_id in plan.roots:
        if kind == "thread":
            _select_thread(store, str(item_id), selected, forget_memories=plan.expand_from_roots, plan=plan)
        else:
            selected[kind].add(item_id)
            if plan.include_sources:
                _walk_up(store, kind, item_id, selected)
    if plan.expand_from_roots:
        _walk_down(store, selected)
    answers = _answers_generated_with(store, selected)
    while plan.remove_answers and answers - selected["message"]:
        # an answer goes with what was drawn from it, and the answers generated with that
        selected["message"] |= answers
        if plan.expand_from_roots:
            _walk_down(store, selected)
        answers |= _answers_generated_with(store, selected)
    plan.answers = answers if plan.remove_answers else answers - selected["message"]
    for kind in ITEM_KINDS:
        # only ids that still exist (a root may have vanished between plan and execute)
        setattr(plan, _attr(kind), _existing(store, KIND_TABLES[kind], selected[kind]))
    plan.threads = {t for t in selected["thread"] if _exists(store, "threads", t)}
    plan.threads |= _emptied_threads(store, plan.messages, plan.threads)
    plan.embeddings = _count_embeddings(store, plan)
    plan.links = _count_links(store, plan)
    plan.labels = _labels(store, plan)


def _select_thread(store: Store, thread_id: str, selected: dict[str, set], *, forget_memories: bool,
                   plan: ForgetPlan) -> None:
    selected["thread"].add(thread_id)
    message_ids = _column(store, "SELECT id FROM messages WHERE thread_id = ?", [thread_id])
    selected["message"] |= message_ids
    drawn_obs = _column(store, "SELECT id FROM observations WHERE thread_id = ?", [thread_id])
    drawn_facts = _column(store, "SELECT id FROM facts WHERE thread_id = ?", [thread_id])
    if forget_memories:
        # memories recorded for this chat go even if their message links were lost
        selected["observation"] |= drawn_obs
        selected["fact"] |= drawn_facts
    else:
        drawn_obs |= _linked(store, "observation_messages", "observation_id", "message_id", message_ids)
        drawn_facts |= _linked(store, "fact_messages", "fact_id", "message_id", message_ids)
        plan.kept_memories = len(drawn_obs) + len(drawn_facts)


def _walk_up(store: Store, kind: str, item_id: int, selected: dict[str, set]) -> None:
    """Add the sources of one item, transitively (reflection -> observations -> messages)."""
    pending = [(kind, item_id)]
    while pending:
        kind, item_id = pending.pop()
        parents: list[tuple[str, int]] = []
        if kind == "reflection":
            parents += [("observation", i) for i in _column(
                store, "SELECT observation_id FROM reflection_observations WHERE reflection_id = ?", [item_id])]
        elif kind == "observation":
            parents += [("message", i) for i in _column(
                store, "SELECT message_id FROM observation_messages WHERE observation_id = ?", [item_id])]
        elif kind == "fact":
            parents += [("message", i) for i in _column(
                store, "SELECT message_id FROM fact_messages WHERE fact_id = ?", [item_id])]
            parents += [("fact", i) for i in _column(
                store, "SELECT depends_on FROM facts WHERE id = ? AND depends_on IS NOT NULL", [item_id])]
        for parent in parents:
            if parent[1] not in selected[parent[0]]:
                selected[parent[0]].add(parent[1])
                pending.append(parent)


def _walk_down(store: Store, selected: dict[str, set]) -> None:
    """Add everything derived from the selection until nothing new turns up."""
    while True:
        before = sum(len(ids) for ids in selected.values())
        messages = selected["message"]
        selected["observation"] |= _linked(store, "observation_messages", "observation_id", "message_id", messages)
        selected["fact"] |= _linked(store, "fact_messages", "fact_id", "message_id", messages)
        observations = selected["observation"]
        selected["reflection"] |= _linked(store, "reflection_observations", "reflection_id", "observation_id",
                                          observations)
        selected["reflection"] |= _unattributed_reflections(store, observations)
        selected["fact"] |= _in(store, "SELECT id FROM facts WHERE depends_on IN ({})", selected["fact"])
        if sum(len(ids) for ids in selected.values()) == before:
            return


def _answers_generated_with(store: Store, selected: dict[str, set]) -> set[int]:
    return answers_using(store, {kind: selected[kind] for kind in ITEM_KINDS})


def _unattributed_reflections(store: Store, observation_ids: set[int]) -> set[int]:
    """Reflection lines with no recorded sources, in a generation that consumed one of these observations."""
    generations = _in(store, "SELECT reflected_in FROM observations WHERE id IN ({}) AND reflected_in IS NOT NULL",
                      observation_ids)
    return _in(store, "SELECT r.id FROM reflections r WHERE r.generation_id IN ({}) AND NOT EXISTS "
                      "(SELECT 1 FROM reflection_observations ro WHERE ro.reflection_id = r.id)", generations)


def _emptied_threads(store: Store, message_ids: set[int], already: set[str]) -> set[str]:
    """Threads all of whose messages go: an empty chat whose title came from forgotten text goes too."""
    threads = _in(store, "SELECT DISTINCT thread_id FROM messages WHERE id IN ({})", message_ids) - already
    emptied = set()
    for thread_id in threads:
        remaining = _column(store, "SELECT id FROM messages WHERE thread_id = ?", [thread_id]) - message_ids
        if not remaining:
            emptied.add(thread_id)
    return emptied


def _count_embeddings(store: Store, plan: ForgetPlan) -> int:
    total = 0
    for kind in ITEM_KINDS:
        total += _count_in(store, f"SELECT count(*) FROM embeddings WHERE item_kind = '{kind}' AND item_id IN ({{}})",
                           plan.ids(kind))
    return total


def _count_links(store: Store, plan: ForgetPlan) -> int:
    """Provenance rows that disappear with the plan's items (each counted once)."""
    queries = (
        ("observation_messages", "observation_id", plan.observations, "message_id", plan.messages),
        ("fact_messages", "fact_id", plan.facts, "message_id", plan.messages),
        ("reflection_observations", "reflection_id", plan.reflections, "observation_id", plan.observations),
    )
    answer_links: set[int] = set()   # answer_memories rows, by rowid, that go with the plan's items
    for column, ids in (("answer_id", plan.messages), ("observation_id", plan.observations),
                        ("reflection_id", plan.reflections), ("fact_id", plan.facts), ("message_id", plan.messages)):
        answer_links |= _in(store, f"SELECT rowid FROM answer_memories WHERE {column} IN ({{}})", ids)
    total = len(answer_links)
    for table, left, left_ids, right, right_ids in queries:
        rows: set[tuple[int, int]] = set()
        for chunk in chunks(left_ids):
            rows |= {tuple(r) for r in store.execute(
                f"SELECT {left}, {right} FROM {table} WHERE {left} IN ({_marks(chunk)})", chunk).fetchall()}
        for chunk in chunks(right_ids):
            rows |= {tuple(r) for r in store.execute(
                f"SELECT {left}, {right} FROM {table} WHERE {right} IN ({_marks(chunk)})", chunk).fetchall()}
        total += len(rows)
    return total


def _labels(store: Store, plan: ForgetPlan) -> dict[str, dict[Any, str]]:
    labels: dict[str, dict[Any, str]] = {}
    for kind in ITEM_KINDS:
        table = KIND_TABLES[kind]
        when = "created_at" if kind in ("message", "fact") else "observed_at"
        found = {}
        for chunk in chunks(plan.ids(kind)):
            for row in store.execute(f"SELECT id, {when}, text FROM {table} WHERE id IN ({_marks(chunk)})", chunk):
                found[row[0]] = f"({row[1][:10]}) {_shorten(row[2])}"
        labels[kind] = found
    labels["thread"] = {}
    for thread_id in plan.threads:
        row = store.execute("SELECT title FROM threads WHERE id = ?", [thread_id]).fetchone()
        labels["thread"][thread_id] = _shorten(row[0]) if row and row[0] else ""
    labels["answer"] = {}
    for chunk in chunks(plan.answers):
        for row in store.execute(f"SELECT id, created_at, text FROM messages WHERE id IN ({_marks(chunk)})", chunk):
            labels["answer"][row[0]] = f"({row[1][:10]}) {_shorten(row[2])}"
    return labels


def _shorten(text: str) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= LABEL_CHARS else flat[:LABEL_CHARS - 1] + "…"


# -- executing ------------------------------------------------------------------------------------
@dataclass
class ForgetReceipt:
    """What was removed, proven by re-querying. Ids and counts only: never the forgotten text."""

    target: str
    at: str
    removed: dict[str, list]
    counts: dict[str, int]
    kept_memories: int
    fts_optimized: list[str]
    checkpoint: dict[str, int]
    verified: bool
    problems: list[str] = field(default_factory=list)
    cache_reset: bool | None = None
    #: assistant answers generated with the forgotten items, and whether they were removed too
    answers: list[int] = field(default_factory=list)
    answers_removed: bool = False
    #: milliseconds per step (replan, delete, fts_optimize, commit, checkpoint, verify)
    timings: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "at": self.at, "removed": self.removed, "counts": self.counts,
                "kept_memories": self.kept_memories, "fts_optimized": self.fts_optimized,
                "checkpoint": self.checkpoint, "verified": self.verified, "problems": self.problems,
                "cache_reset": self.cache_reset, "answers": self.answers, "answers_removed": self.answers_removed,
                "timings": self.timings}

    def describe(self) -> str:
        parts = [f"{n} {name}" for name, n in self.counts.items() if n]
        lines = [f"Forgot {self.target}: " + (", ".join(parts) if parts else "nothing")]
        if self.kept_memories:
            lines.append(f"Kept {self.kept_memories} memory item(s) drawn from it.")
        if self.answers:
            lines.append(f"Removed the {len(self.answers)} assistant answer(s) generated with it." if self.answers_removed
                         else f"Kept {len(self.answers)} assistant answer(s) generated with it "
                              "(--remove-answers removes them).")
        lines.append("Verified: nothing of it remains in the database, its index or its WAL."
                     if self.verified else "NOT verified: " + "; ".join(self.problems))
        if self.cache_reset is not None:
            lines.append("The model's cached context was reset." if self.cache_reset
                         else "The model's cached context could not be reset: restart the model.")
        return "\n".join(lines)


def execute_forget(store: Store, plan: ForgetPlan, *, on_forgotten: ForgottenCallback | None = None) -> ForgetReceipt:
    """Delete everything in ``plan`` in short batches, scrub the index and WAL, and verify.

    The plan is recomputed and merged with what the user saw, so a memory
    derived from the same sources between preview and confirmation (the
    background Observer) goes too: outside the write lock, then again inside
    it only if a derived row appeared meanwhile. It is recorded in that short
    transaction, so a crash afterwards is finished on the next open.
    """
    timings: dict[str, float] = {}
    clock = time.perf_counter()
    seen = {kind: set(plan.ids(kind)) for kind in ITEM_KINDS + ("thread",)}
    _fill(store, plan)  # outside the write lock: on a big plan this takes seconds
    filled_at = _derived_high_water(store)
    with store.transaction():
        if _derived_high_water(store) != filled_at:  # something was derived meanwhile: look again, under the lock
            _fill(store, plan)
        for kind in ITEM_KINDS + ("thread",):
            ids = plan.ids(kind)
            table = "threads" if kind == "thread" else KIND_TABLES[kind]
            ids |= _existing(store, table, seen[kind])
        receipt_counts = plan.counts
        plan_id = deletions.record(store.db, {
            "ids": _ids_by_kind(plan),
            "event": {"kind": "forgotten", "detail": {
                "target": f"{plan.target_kind}:{plan.target_id}" if plan.target_kind != "about" else "about",
                "counts": receipt_counts, "ids": _ids_dict(plan), "kept_memories": plan.kept_memories}}})
    timings["replan_ms"], clock = _lap(clock)
    timings.update(deletions.run_pending(store.db, only=plan_id))
    touched = {KIND_TABLES[kind] for kind in ITEM_KINDS if plan.ids(kind)}
    optimized = [fts for table in FTS_TABLES if table in touched
                 for fts in (f"{table}_fts",) + EXTRA_FTS.get(table, ())]
    clock = time.perf_counter()
    _drop_cached_vectors(store, plan)
    _drop_cached_word_counts(store)
    checkpoint = checkpoint_wal(store)
    timings["checkpoint_ms"], clock = _lap(clock)
    problems = verify_forgotten(store, plan)
    timings["verify_ms"], clock = _lap(clock)
    if checkpoint["busy"] or checkpoint["log"] != checkpoint["checkpointed"]:
        problems.append("the WAL could not be checkpointed completely (another connection is reading); "
                        "its old pages are scrubbed at the next checkpoint (checkpoint_wal)")
    receipt = ForgetReceipt(
        target=f"{plan.target_kind}:{plan.target_id}" if plan.target_kind != "about" else "search matches",
        at=to_iso(utc_now()), removed=_ids_dict(plan), counts=receipt_counts,
        kept_memories=plan.kept_memories, fts_optimized=optimized, checkpoint=checkpoint,
        verified=not problems, problems=problems, timings=timings, answers=sorted(plan.answers),
        answers_removed=plan.remove_answers)
    if on_forgotten is not None:
        try:
            on_forgotten(receipt)
            receipt.cache_reset = True
        except Exception as exc:  # the data is gone either way; say the cache part failed
            receipt.cache_reset = False
            receipt.problems.append(f"resetting the model's cache failed: {type(exc).__name__}")
    return receipt


def _derived_high_water(store: Store) -> tuple:
    """The newest derived rows: unchanged means nothing new can hang on the plan's sources."""
    return tuple(store.execute(f"SELECT max(id) FROM {table}").fetchone()[0]
                 for table in ("observations", "facts", "reflections", "reflection_generations"))


def _lap(started: float) -> tuple[float, float]:
    now = time.perf_counter()
    return round((now - started) * 1000, 2), now


def _drop_cached_vectors(store: Store, plan: ForgetPlan) -> None:
    """Loaded recall indexes forget the vectors too (they are derived from the text)."""
    # Only if recall loaded it (never import numpy here); a name, not an import: recall sits beside forgetting.
    indexing = sys.modules.get(VECTORS_MODULE)
    if indexing is None:
        return
    for kind in ITEM_KINDS:
        if plan.ids(kind):
            indexing.invalidate(store, kind, plan.ids(kind))


def _drop_cached_word_counts(store: Store) -> None:
    """Recall's message postings (and the word counts derived from them) and cached document frequencies go too:
    they were read from the forgotten text. The postings are read again at once from what is left (0.5-1.2 s at 100k
    messages), so searches after a forget need not count and rank words in SQL until the next memory pass; if
    that read fails they stay dropped."""
    postings = sys.modules.get(POSTINGS_MODULE)
    if postings is not None:
        postings.forget(store)
        try:
            postings.load(store)
        except Exception:  # noqa: BLE001 - recall counts and ranks in SQL without them; the forget is done
            postings.forget(store)
    bm25 = sys.modules.get(BM25_MODULE)
    if bm25 is not None:
        bm25.forget_counts(store)


def _ids_by_kind(plan: ForgetPlan) -> dict[str, list]:
    """The plan as the batched deleter takes it: ids per kind, sorted (each batch a contiguous range)."""
    return {kind: sorted(plan.ids(kind), key=str) for kind in ITEM_KINDS + ("thread",) if plan.ids(kind)}


def checkpoint_wal(store: Store) -> dict[str, int]:
    """``wal_checkpoint(TRUNCATE)``: copy the WAL into the file and empty it.

    Another connection in the middle of a read blocks a full checkpoint; we
    retry for a while (readers are short) and report what happened.
    """
    # A TRUNCATE checkpoint waits on the busy handler (30 s here) for readers; wait briefly instead.
    previous = store.execute("PRAGMA busy_timeout").fetchone()[0]
    store.execute("PRAGMA busy_timeout = 50")
    deadline = time.monotonic() + CHECKPOINT_WAIT_S
    try:
        while True:
            busy, log, done = store.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if (not busy and log == done) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    finally:
        store.execute(f"PRAGMA busy_timeout = {int(previous)}")
    return {"busy": busy, "log": log, "checkpointed": done}


def verify_forgotten(store: Store, plan: ForgetPlan) -> list[str]:
    """Re-query every table that could still hold a forgotten item; return what is wrong (empty = verified)."""
    problems = []
    for kind in ITEM_KINDS:
        ids = plan.ids(kind)
        table = KIND_TABLES[kind]
        if _existing(store, table, ids):
            problems.append(f"some {table} rows are still there")
        if _count_in(store, f"SELECT count(*) FROM embeddings WHERE item_kind = '{kind}' AND item_id IN ({{}})", ids):
            problems.append(f"some {kind} embeddings are still there")
        if _count_in(store, f"SELECT count(*) FROM {table}_fts_docsize WHERE id IN ({{}})", ids):
            problems.append(f"the {table} search index still lists some of them")
        if table == "messages" and _count_in(store, "SELECT count(*) FROM message_search_docsize WHERE id IN ({})", ids):
            problems.append("the message search index still lists some of them")
    if _existing(store, "threads", plan.threads):
        problems.append("some threads are still there")
    link_checks = (("observation_messages", "message_id", plan.messages),
                   ("observation_messages", "observation_id", plan.observations),
                   ("fact_messages", "message_id", plan.messages), ("fact_messages", "fact_id", plan.facts),
                   ("reflection_observations", "observation_id", plan.observations),
                   ("reflection_observations", "reflection_id", plan.reflections),
                   ("message_tokens", "message_id", plan.messages),
                   ("answer_memories", "answer_id", plan.messages), ("answer_memories", "message_id", plan.messages),
                   ("answer_memories", "observation_id", plan.observations),
                   ("answer_memories", "reflection_id", plan.reflections),
                   ("answer_memories", "fact_id", plan.facts))
    for table, column, ids in link_checks:
        if _count_in(store, f"SELECT count(*) FROM {table} WHERE {column} IN ({{}})", ids):
            problems.append(f"{table} still links some of them")
    return problems


# -- forget about ---------------------------------------------------------------------------------
def fts_query(text: str) -> str:
    """Every word of ``text`` required (``sql.fts_all_words``); no word at all is a clear error."""
    query = fts_all_words(text)
    if not query:
        raise InvalidInput("nothing to search for: give at least one word")
    return query


def find_matches(store: Store, text: str, embedder: Any = None) -> list[tuple[str, int]]:
    """Every message, observation, reflection and fact that matches ``text``.

    Full-text matches always (all words present); with an embedder, items
    close in meaning from hybrid recall (``memory_core.recall.search``) too.
    """
    query = fts_query(text)
    matches: list[tuple[str, int]] = []
    for kind, table in KIND_TABLES.items():
        rows = store.execute(f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH ? ORDER BY rowid", [query])
        matches += [(kind, row[0]) for row in rows.fetchall()]
    seen = set(matches)
    for hit in _recall_hits(store, text, embedder):
        if hit not in seen:
            seen.add(hit)
            matches.append(hit)
    return matches


def _recall_hits(store: Store, text: str, embedder: Any) -> list[tuple[str, int]]:
    """Items close in meaning to ``text`` ("Oporto" finds "Porto"), from hybrid recall's dense channel.

    Only with an embedder, and only above ``SEMANTIC_MATCH``: recall's own
    lexical channel matches any word by prefix, which is right for finding and
    far too loose for deleting, so the exact all-words FTS match stays the
    lexical part. Every match is shown in the plan before anything goes.
    """
    if embedder is None:
        return []
    try:
        from memory_core.recall.search import search
    except ImportError:  # recall is optional for forgetting
        return []
    result = search(store, text, k=RECALL_DEPTH, embedder=embedder, kinds=ITEM_KINDS, time_filter=False,
                    channels=("dense",), gate=False)
    return [(hit.kind, hit.id) for hit in result.hits
            if hit.kind in KIND_TABLES and (hit.similarity or 0.0) >= SEMANTIC_MATCH]


def plan_forget_about(store: Store, text: str, embedder: Any = None, *, include_sources: bool = True,
                      remove_answers: bool = False) -> ForgetPlan:
    return plan_forget_many(store, find_matches(store, text, embedder), label=text, include_sources=include_sources,
                            remove_answers=remove_answers)


def forget_about(store: Store, text: str, embedder: Any = None, *, include_sources: bool = True,
                 remove_answers: bool = False, on_forgotten: ForgottenCallback | None = None) -> ForgetReceipt:
    """"Forget everything about ...": search, then forget every match and what hangs on it, in one step."""
    plan = plan_forget_about(store, text, embedder, include_sources=include_sources, remove_answers=remove_answers)
    return execute_forget(store, plan, on_forgotten=on_forgotten)


# -- threads --------------------------------------------------------------------------------------
def plan_delete_thread(store: Store, thread_id: str, *, forget_memories: bool) -> ForgetPlan:
    """Deleting a chat: its messages always go; the memories drawn from them go only if asked.

    Keeping them is a real choice the UI must ask about (ChatGPT keeps them
    silently). Kept memories lose their link to the deleted messages.
    """
    if not _exists(store, "threads", thread_id):
        raise InvalidInput(f"there is no thread {thread_id!r}")
    plan = ForgetPlan("thread", thread_id, include_sources=False, expand_from_roots=forget_memories)
    plan.roots = [("thread", thread_id)]
    _fill(store, plan)
    return plan


def delete_thread(store: Store, thread_id: str, *, forget_memories: bool,
                  on_forgotten: ForgottenCallback | None = None) -> ForgetReceipt:
    return execute_forget(store, plan_delete_thread(store, thread_id, forget_memories=forget_memories),
                          on_forgotten=on_forgotten)


# -- small SQL helpers ----------------------------------------------------------------------------
def _marks(chunk: list) -> str:
    return marks(len(chunk))


def _column(store: Store, sql: str, params: list) -> set:
    return {row[0] for row in store.execute(sql, params).fetchall()}


def _in(store: Store, sql_with_slot: str, ids: Iterable) -> set:
    found: set = set()
    for chunk in chunks(ids):
        found |= _column(store, sql_with_slot.format(_marks(chunk)), chunk)
    return found


def _count_in(store: Store, sql_with_slot: str, ids: Iterable) -> int:
    return sum(store.execute(sql_with_slot.format(_marks(chunk)), chunk).fetchone()[0] for chunk in chunks(ids))


def _linked(store: Store, table: str, want: str, by: str, ids: set) -> set:
    return _in(store, f"SELECT {want} FROM {table} WHERE {by} IN ({{}})", ids)


def _existing(store: Store, table: str, ids: Iterable) -> set:
    return _in(store, f"SELECT id FROM {table} WHERE id IN ({{}})", ids)


__all__ = ["ForgetPlan", "ForgetReceipt", "plan_forget", "plan_forget_many", "plan_forget_about", "execute_forget",
           "forget_about", "plan_delete_thread", "delete_thread", "parse_item_ref", "fts_query", "find_matches",
           "checkpoint_wal", "verify_forgotten"]
