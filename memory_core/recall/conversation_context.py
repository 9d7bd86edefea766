"""Conversation context as ranking switches: a message borrows from its neighbouring turns (CONTEXT_WEIGHT) or
from the best other candidate of its thread that day (SESSION_WEIGHT). Both off by default: no gain on dev
(bench/results/recall_ablation.md); kept for the ablation and for data where the answer sits next to the
question more often."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.recall.hits import Hit, _Window
from memory_core.recall.hydrate import _hydrate
from memory_core.storage.store import Store


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
