"""What changed, as the fact store knows it, carried into the observation log.

One mechanism: the fact ledger (``memory_core/facts/ledger.py``) decides that
a newer statement retires an older fact (``invalid_at``, ``supersedes``, and
the messages each fact came from). The observation log does not guess
changes on its own; it reads the ledger through the messages a line came from:

* when a line is observed, a value its message stated that is already retired
  is marked ("(no longer current since 2026-03-20; now Globex)"), and a value
  that replaced an older one names it ("(previously Initech)");
* when the log is reflected, a line whose stated value has since been retired
  is stale: the Reflector marks it, or drops it before any current fact;
* a retirement marks a line only when the message that caused it is a personal
  statement about the same thing (``same_topic.py``): a loose match in the
  ledger must not present a current fact as past.

New lines carry their marks from the start and old lines change only at a
reflection, so observations stay append-only between reflections.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Sequence

from memory_core.observational.drafts import Draft
from memory_core.observational.same_topic import same_topic
from memory_core.storage.sql import chunks
from memory_core.storage.sql import marks as placeholders

_MARKED = re.compile(r"\((?:no longer current|previously|ended)\b", re.I)


@dataclass(frozen=True)
class Retired:
    """A value a message stated that is no longer current."""

    value: str
    until: str                     # ISO date it stopped being true
    successor: str | None = None   # the value that replaced it, if one did


@dataclass(frozen=True)
class Replaced:
    """A value a message stated that replaced an older one."""

    value: str
    previous: str


def retired_by_message(store, message_ids: Iterable[int]) -> dict[int, list[Retired]]:
    """Per message: the facts it stated (not the message that retired them) that are no longer current,
    where the message that retired them is about the same thing (``same_topic``)."""
    ids = sorted(set(message_ids))
    out: dict[int, list[Retired]] = defaultdict(list)
    for chunk in chunks(ids):
        marks = placeholders(len(chunk))
        rows = list(store.query(
            "SELECT fm.message_id, m.text, f.id AS fact_id, f.value, f.invalid_at, "
            "(SELECT s.id FROM facts s WHERE s.supersedes = f.id ORDER BY s.valid_at DESC, s.id DESC LIMIT 1) "
            "AS successor_id FROM fact_messages fm JOIN facts f ON f.id = fm.fact_id "
            "JOIN messages m ON m.id = fm.message_id "
            f"WHERE fm.message_id IN ({marks}) AND f.invalid_at IS NOT NULL AND m.created_at < f.invalid_at "
            "ORDER BY f.invalid_at", list(chunk)))
        causes = _causes(store, rows)
        for row in rows:
            successor, texts = causes.get(row["fact_id"], (None, []))
            if texts and not any(same_topic(row["text"], t, row["value"], successor) for t in texts):
                continue        # a loose match in the ledger: not about this line, so it marks nothing
            out[row["message_id"]].append(Retired(row["value"], row["invalid_at"][:10], successor))
    return out


def _causes(store, rows) -> dict[int, tuple[str | None, list[str]]]:
    """Per retired fact: its successor's value and the messages that retired it (the successor's messages,
    or, for a fact that just ended, its own messages from the moment it ended)."""
    out: dict[int, tuple[str | None, list[str]]] = {}
    for row in rows:
        if row["fact_id"] in out:
            continue
        if row["successor_id"] is not None:
            found = list(store.query("SELECT s.value, m.text FROM facts s JOIN fact_messages fm ON fm.fact_id = s.id "
                                     "JOIN messages m ON m.id = fm.message_id WHERE s.id = ?", [row["successor_id"]]))
            value = found[0]["value"] if found else store.execute(
                "SELECT value FROM facts WHERE id = ?", [row["successor_id"]]).fetchone()[0]
            out[row["fact_id"]] = (value, [r["text"] for r in found])
        else:
            found = list(store.query("SELECT m.text FROM fact_messages fm JOIN messages m ON m.id = fm.message_id "
                                     "WHERE fm.fact_id = ? AND m.created_at >= ?", [row["fact_id"], row["invalid_at"]]))
            out[row["fact_id"]] = (None, [r["text"] for r in found])
    return out


def replaced_by_message(store, message_ids: Iterable[int]) -> dict[int, list[Replaced]]:
    """Per message: the values it stated that superseded an earlier value of the same slot (when the
    message is about the same thing as the statement of that earlier value, see ``same_topic``)."""
    ids = sorted(set(message_ids))
    out: dict[int, list[Replaced]] = defaultdict(list)
    for chunk in chunks(ids):
        marks = placeholders(len(chunk))
        for row in store.query(
                "SELECT fm.message_id, m.text, f.value, o.value AS previous, "
                "(SELECT group_concat(om.text, char(30)) FROM fact_messages ofm JOIN messages om "
                "ON om.id = ofm.message_id WHERE ofm.fact_id = o.id AND om.created_at < m.created_at) AS stated "
                "FROM fact_messages fm JOIN facts f ON f.id = fm.fact_id JOIN facts o ON o.id = f.supersedes "
                f"JOIN messages m ON m.id = fm.message_id WHERE fm.message_id IN ({marks}) ORDER BY f.valid_at",
                list(chunk)):
            stated = (row["stated"] or "").split("\x1e") if row["stated"] else []
            if stated and not any(same_topic(line, row["text"], row["previous"], row["value"]) for line in stated):
                continue
            out[row["message_id"]].append(Replaced(row["value"], row["previous"]))
    return out


def names(text: str, value: str) -> bool:
    """Whether ``text`` names ``value`` as a whole word or phrase (case-insensitive)."""
    value = value.strip()
    return bool(value) and re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I) is not None


def is_marked(text: str) -> bool:
    return bool(_MARKED.search(text))


def stale_values(text: str, retired: Sequence[Retired]) -> list[Retired]:
    """The retired values this line still presents as current (it names them and is not marked)."""
    if is_marked(text):
        return []
    return [r for r in retired if names(text, r.value) and not (r.successor and names(text, r.successor))]


def with_note(text: str, note: str) -> str:
    """"I live in Lyon." + note -> "I live in Lyon (note)." (inside the sentence, so it stays with it)."""
    stripped = text.rstrip()
    if stripped.endswith((".", "!")):
        return f"{stripped[:-1]} ({note}){stripped[-1]}"
    return f"{stripped} ({note})"


def mark_stale(text: str, stale: Sequence[Retired]) -> str:
    """"User: I work at Initech (no longer current since 2026-03-20; now Globex)."."""
    if not stale:
        return text
    last = max(stale, key=lambda r: r.until)
    note = f"no longer current since {last.until}"
    successors = [r.successor for r in stale if r.successor]
    if successors:
        note += f"; now {successors[-1]}"
    return with_note(text, note)


def note_previous(text: str, replaced: Sequence[Replaced]) -> str:
    """"User: I work at Globex now (previously Initech).", unless the line already names the old value."""
    previous = [r.previous for r in replaced if names(text, r.value) and not names(text, r.previous)]
    if not previous or is_marked(text):
        return text
    return with_note(text, f"previously {', '.join(dict.fromkeys(previous))}")


def annotate_drafts(store, drafts: Sequence[Draft]) -> None:
    """Mark new lines with what the ledger already knows changed (in place; before they are stored)."""
    ids = sorted({mid for d in drafts for mid in d.message_ids})
    if not ids:
        return
    retired = retired_by_message(store, ids)
    replaced = replaced_by_message(store, ids)
    for draft in drafts:
        if draft.priority in ("low", "done"):
            continue
        gone = [r for mid in draft.message_ids for r in retired.get(mid, [])]
        draft.text = mark_stale(draft.text, stale_values(draft.text, gone))
        draft.text = note_previous(draft.text, [r for mid in draft.message_ids for r in replaced.get(mid, [])])


def message_ids_of_observations(store, observation_ids: Iterable[int]) -> dict[int, list[int]]:
    ids = sorted(set(observation_ids))
    out: dict[int, list[int]] = defaultdict(list)
    for chunk in chunks(ids):
        marks = placeholders(len(chunk))
        for row in store.query(f"SELECT observation_id, message_id FROM observation_messages "
                               f"WHERE observation_id IN ({marks})", list(chunk)):
            out[row["observation_id"]].append(row["message_id"])
    return out
