"""Bi-temporal facts: what was true in the user's world, and when Mneme learned or retired it.

Two axes on every fact:

* valid time ``valid_at``/``invalid_at``: when it was true for the user;
* transaction time ``created_at``/``expired_at``: when Mneme believed it.

A fact is never overwritten. A contradicting newer fact on the same slot
invalidates the old one (``old.invalid_at = new.valid_at``,
``old.expired_at = now``) and links to it (``new.supersedes = old.id``), so the
history reads "lived in Porto until March 2026". A slot is ``(subject,
attribute)`` for single-valued attributes, the attribute matched by meaning
(``attributes.same_attribute``: "club" is "running club", "GP" is "family
doctor", "book club" is not "running club"), and ``(subject, predicate,
value)`` for set-valued ones (likes, siblings, allergies). Zep's users saw 41%
of a graph wrongly invalidated because invalidation searched by free
similarity; here sameness is a measured threshold on attribute words, never on
the values, so an unrelated fact does not retire another.

Facts the user stated outrank facts a model inferred: an inferred fact cannot
retire a stated one. Retiring a fact spreads to the facts that ``depends_on``
it (a job title depends on the employer). Each category has a staleness window
(TTL); a stale fact ranks lower in recall but never vanishes (soft expiry).

Writers here run inside the caller's transaction (``store.transaction()``),
like ``Store.insert_message``: the hot path stores a message and its facts
atomically.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any, Iterable, Sequence

from memory_core.clock import parse_iso, to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.facts import attributes
from memory_core.facts.fact_wording import as_sentence, attribute_template, verb_phrase, with_subject, with_value
from memory_core.storage.sql import marks as placeholders
from memory_core.storage.store import Store

USER = "user"
ORIGINS = ("stated", "inferred")


@dataclass(frozen=True)
class Predicate:
    """How one kind of fact behaves: its category, whether it holds one value or a set,
    its opposite (likes/dislikes) and the fact it depends on."""

    category: str
    multi: bool = False
    opposite: str | None = None
    parent: str | None = None
    phrase: str = "{predicate}: {value}"


#: Staleness windows per category, in days (None: never goes stale).
CATEGORY_TTL_DAYS: dict[str, int | None] = {
    "identity": None,
    "people": None,
    "home": 730,
    "work": 540,
    "preference": 365,
    "contact": 365,
    "schedule": 120,
    "plan": 60,
    "health": 730,
    "possession": 730,
    "provider": 730,
    "activity": 365,
    "named": 365,
    "other": 365,
}
#: Rank multiplier for a stale fact: lower, not gone.
STALE_WEIGHT = 0.5
INFERRED_WEIGHT = 0.8
#: Categories a retraction that names no predicate ("I quit X") may never touch.
UNTARGETED_CATEGORIES = ("preference", "people", "identity", "health")

_FAMILY = ("sister", "brother", "son", "daughter", "child", "friend", "best_friend", "dog", "cat", "pet")
#: Set-valued predicates outside the people families.
_SINGLE_PEOPLE = ("mother", "father", "spouse", "partner")
#: The family by marriage and the people the user lives with ("brother_in_law" reads "brother-in-law").
_MORE_FAMILY = ("brother_in_law", "sister_in_law")
#: One at a time, as people speak of them: "my new flatmate is Tom" succeeds the old one.
_MORE_SINGLE_PEOPLE = ("mother_in_law", "father_in_law", "stepmother", "stepfather", "flatmate", "housemate",
                       "roommate")

PREDICATES: dict[str, Predicate] = {
    "name": Predicate("identity", phrase="The user's name is {value} (call them {value})"),
    "lives_in": Predicate("home", phrase="The user lives in {value}"),
    "neighborhood": Predicate("home", parent="lives_in", phrase="The user's neighborhood is {value}"),
    "works_at": Predicate("work", phrase="The user works at {value}"),
    "job_title": Predicate("work", parent="works_at", phrase="The user works as {value}"),
    "manager": Predicate("work", parent="works_at", phrase="The user's manager is {value}"),
    "likes": Predicate("preference", multi=True, opposite="dislikes", phrase="The user likes {value}"),
    "dislikes": Predicate("preference", multi=True, opposite="likes", phrase="The user dislikes {value}"),
    "diet": Predicate("health", phrase="The user's diet is {value}"),
    "allergy": Predicate("health", multi=True, phrase="The user is allergic to {value}"),
    "condition": Predicate("health", multi=True, phrase="The user has {value}"),
    "contact_method": Predicate("contact", phrase="The user prefers to be contacted by {value}"),
    "contact_avoid": Predicate("contact", phrase="Do not contact the user {value}"),
    "owns": Predicate("possession", multi=True, phrase="The user owns {value}"),
}
for _rel in _FAMILY:
    PREDICATES[_rel] = Predicate("people", multi=True, phrase=f"The user's {_rel.replace('_', ' ')} is {{value}}")
for _rel in _SINGLE_PEOPLE:
    PREDICATES[_rel] = Predicate("people", phrase=f"The user's {_rel} is {{value}}")
for _rel in _MORE_FAMILY + _MORE_SINGLE_PEOPLE:
    PREDICATES[_rel] = Predicate("people", multi=_rel in _MORE_FAMILY,
                                 phrase=f"The user's {_rel.replace('_in_law', '-in-law')} is {{value}}")


def predicate_info(predicate: str) -> Predicate:
    """Known predicates, plus the families ``schedule:<activity>``, ``plan:<event>``,
    ``favorite:<thing>`` and ``owns:<kind>``, which are single-valued per key."""
    if predicate in PREDICATES:
        return PREDICATES[predicate]
    family, _, key = predicate.partition(":")
    key_words = key.replace("_", " ")
    if family == "schedule":
        return Predicate("schedule", phrase=attribute_template(key_words))
    if family == "plan":
        return Predicate("plan", phrase=attribute_template(key_words))
    if family == "favorite":
        return Predicate("preference", phrase=attribute_template(f"favorite {key_words}"))
    if family == "owns":
        return Predicate("possession", phrase=attribute_template(key_words))
    if family in ("named", "named_act"):  # the parse fallback's attribute in the user's words (``parse_fallback``)
        category = attributes.category_of(key_words) or "named"
        if family == "named_act":  # a verb and its object: "The user binges X"
            return Predicate(category, phrase=f"The user {verb_phrase(key_words)} {{value}}")
        return Predicate(category, phrase=attribute_template(key_words))
    if family == "lives_in" or family == "works_at":  # another person's home or work: "sister.lives_in"
        return PREDICATES[family]
    category = attributes.category_of(predicate)
    phrase = _LABEL_PHRASES.get(predicate) or attribute_template(attributes.label_of(predicate))
    return Predicate(category or "other", phrase=phrase)


#: Attributes whose label reads badly before "is" ("The user's team supported is Celtic").
_LABEL_PHRASES = {"team": "The user supports {value}", "language": "The user is learning {value}",
                  "subject_studied": "The user studies {value}", "volunteering": "The user volunteers with {value}",
                  # "I prefer The Times to the Guardian": the one preferred, read as the verb it was said with
                  "prefer": "The user prefers {value}"}


def normalize_value(value: str) -> str:
    """Comparison form of a value: case, articles and punctuation do not make a new fact."""
    text = re.sub(r"[^\w\s'-]", " ", value.casefold())
    text = re.sub(r"^(?:the|a|an|my)\s+", "", text.strip())
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class Fact:
    id: int
    subject: str
    predicate: str
    value: str
    text: str
    category: str
    salience: float
    origin: str
    valid_at: str
    invalid_at: str | None
    created_at: str
    expired_at: str | None
    supersedes: int | None
    depends_on: int | None
    thread_id: str | None
    message_ids: list[int] = field(default_factory=list)
    confirmed_at: str | None = None

    def is_current(self, as_of: str | None = None) -> bool:
        moment = as_of or to_iso(utc_now())
        return self.valid_at <= moment and (self.invalid_at is None or self.invalid_at > moment)

    def stale(self, now: datetime | None = None) -> bool:
        return is_stale(self, now)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class FactChange:
    """What one write did: ``added``, ``reinforced``, ``superseded`` (added and retired
    others), ``historical`` (an older truth slotted into the past), ``retracted``,
    ``outranked`` (an inference that a stated fact beats) or ``unchanged``."""

    action: str
    fact_id: int | None = None
    retired: list[int] = field(default_factory=list)


def fact_text(subject: str, predicate: str, value: str) -> str:
    """The sentence a user reads in the timeline ("The user's gym is FitHub."): no keyword lists."""
    info = predicate_info(predicate)
    template = with_subject(info.phrase, subject, USER)
    return as_sentence(with_value(template.replace("{predicate}", predicate.replace("_", " ")), value))


# -- reading ---------------------------------------------------------------------
_SELECT = """
SELECT f.*,
  (SELECT group_concat(fm.message_id) FROM (
      SELECT fm2.message_id FROM fact_messages fm2 JOIN messages m ON m.id = fm2.message_id
      WHERE fm2.fact_id = f.id ORDER BY m.created_at, m.id) fm) AS message_id_list,
  (SELECT max(m.created_at) FROM fact_messages fm3 JOIN messages m ON m.id = fm3.message_id
      WHERE fm3.fact_id = f.id) AS confirmed_at
FROM facts f
"""


def _row_to_fact(row: dict[str, Any]) -> Fact:
    ids = row.pop("message_id_list", None)
    confirmed = row.pop("confirmed_at", None)
    fact = Fact(**{k: row[k] for k in Fact.__dataclass_fields__ if k in row and k not in ("message_ids", "confirmed_at")})
    fact.message_ids = [int(i) for i in ids.split(",")] if ids else []
    fact.confirmed_at = max(confirmed or fact.valid_at, fact.valid_at)
    return fact


def _moment(value: str | datetime | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return to_iso(value)
    return to_iso(parse_iso(value))


def valid_clause(alias: str = "f") -> str:
    """SQL for "valid at :as_of and believed at :known_at" (both ISO strings)."""
    return (f"{alias}.valid_at <= :as_of AND ({alias}.invalid_at IS NULL OR {alias}.invalid_at > :as_of "
            f"OR ({alias}.expired_at IS NOT NULL AND {alias}.expired_at > :known_at)) "
            f"AND {alias}.created_at <= :known_at")


def current_facts(store: Store, *, as_of: str | datetime | None = None, known_at: str | datetime | None = None,
                  subject: str | None = None, predicate: str | None = None) -> list[Fact]:
    """Facts valid at ``as_of`` (default now) as Mneme believed them at ``known_at`` (default now).

    A retirement recorded after ``known_at`` is ignored, so "what did Mneme think
    on 1 May" is answerable even after later corrections.
    """
    now = to_iso(utc_now())
    params: dict[str, Any] = {"as_of": _moment(as_of) or now, "known_at": _moment(known_at) or now}
    return _select_slots(store, valid_clause(), params, subject, predicate)


def history(store: Store, *, subject: str | None = None, predicate: str | None = None) -> list[Fact]:
    """Every fact ever recorded, retired ones included, oldest first within each slot."""
    return _select_slots(store, "1=1", {}, subject, predicate)


def _select_slots(store: Store, where: str, params: dict[str, Any], subject: str | None,
                  predicate: str | None) -> list[Fact]:
    """Facts matching ``where``, optionally narrowed to one subject and/or predicate, in slot order."""
    sql = _SELECT + " WHERE " + where
    if subject is not None:
        sql += " AND f.subject = :subject"
        params["subject"] = subject
    if predicate is not None:
        sql += " AND f.predicate = :predicate"
        params["predicate"] = predicate
    sql += " ORDER BY f.subject, f.predicate, f.valid_at, f.id"
    return [_row_to_fact(dict(r)) for r in store.query(sql, params)]


def get_facts(store: Store, ids: Iterable[int]) -> list[Fact]:
    ids = list(ids)
    if not ids:
        return []
    marks = placeholders(len(ids))
    return [_row_to_fact(dict(r)) for r in store.query(_SELECT + f" WHERE f.id IN ({marks})", ids)]


def get_fact(store: Store, fact_id: int) -> Fact | None:
    found = get_facts(store, [fact_id])
    return found[0] if found else None


def supersession_chain(store: Store, fact_id: int) -> list[Fact]:
    """The fact and everything it superseded, newest first ("Lisbon <- Porto <- Braga")."""
    chain: list[Fact] = []
    seen: set[int] = set()
    current = get_fact(store, fact_id)
    while current is not None and current.id not in seen:
        chain.append(current)
        seen.add(current.id)
        current = get_fact(store, current.supersedes) if current.supersedes else None
    return chain


def is_stale(fact: Fact, now: datetime | str | None = None) -> bool:
    """Past its category's window since last confirmed (soft expiry: it still ranks, lower)."""
    ttl = CATEGORY_TTL_DAYS.get(fact.category, CATEGORY_TTL_DAYS["other"])
    if ttl is None:
        return False
    moment = parse_iso(now) if isinstance(now, str) else (now or utc_now())
    confirmed = parse_iso(fact.confirmed_at or fact.valid_at)
    return moment - confirmed > timedelta(days=ttl)


def rank_weight(fact: Fact, now: datetime | str | None = None) -> float:
    """Multiplier applied in recall: stale and inferred facts rank lower, never vanish."""
    weight = STALE_WEIGHT if is_stale(fact, now) else 1.0
    if fact.origin == "inferred":
        weight *= INFERRED_WEIGHT
    return weight


# -- writing (inside the caller's transaction) ------------------------------------------
def same_value_prefilter(wanted: str) -> tuple[str, list[str]]:
    """SQL that keeps every fact whose ``normalize_value`` may equal ``wanted``, and drops most others.

    A set-valued slot ("likes") grows without bound; turning each of its rows into a dict and normalizing
    its value in Python took tens of ms per fact added at 30k facts. A value of printable ASCII only is
    normalized as SQLite's ``lower`` lowercases it, so ``wanted``'s longest word must occur in it; any
    other value (a non-ASCII letter, a tab) is kept and left to the exact comparison after. Nothing that
    could match is dropped.
    """
    word = max(wanted.split(" "), key=len)
    if not word or not word.isascii():
        return "", []
    return " AND (instr(lower(value), ?) > 0 OR value GLOB '*[^ -~]*')", [word]


def _slot_rows(store: Store, subject: str, predicate: str, value: str | None) -> list[dict[str, Any]]:
    """Current (not retired) facts on the slot of (subject, predicate[, value]).

    A single-valued slot is matched by meaning (``attributes.same_attribute``:
    "club" and "running club", "GP" and "doctor"); a set-valued one by its exact
    predicate (and its opposite) and value, so two likes never retire each other.
    """
    info = predicate_info(predicate)
    if info.multi:
        predicates = [predicate] + ([info.opposite] if info.opposite else [])
        marks = placeholders(len(predicates))
        wanted = normalize_value(value) if value is not None else None
        narrow, narrow_params = same_value_prefilter(wanted) if wanted is not None else ("", [])
        rows = [dict(r) for r in store.query(
            f"SELECT * FROM facts WHERE subject = ? AND predicate IN ({marks}) AND invalid_at IS NULL "
            f"AND expired_at IS NULL{narrow} ORDER BY valid_at, id", [subject, *predicates, *narrow_params])]
        if wanted is not None:
            rows = [r for r in rows if normalize_value(r["value"]) == wanted]
        return rows
    held = [r["predicate"] for r in store.query(  # the slot index answers this without reading facts
        "SELECT DISTINCT predicate FROM facts WHERE subject = ? AND expired_at IS NULL", [subject])]
    same = [p for p in held if p == predicate or (
        not predicate_info(p).multi and attributes.same_attribute(predicate, p))]
    if not same:
        return []
    marks = placeholders(len(same))
    return [dict(r) for r in store.query(
        f"SELECT * FROM facts WHERE subject = ? AND predicate IN ({marks}) AND invalid_at IS NULL "
        "AND expired_at IS NULL ORDER BY valid_at, id", [subject, *same])]


def _link_messages(store: Store, fact_id: int, message_ids: Sequence[int]) -> None:
    for message_id in message_ids:
        store.execute("INSERT OR IGNORE INTO fact_messages (fact_id, message_id) VALUES (?, ?)",
                         [fact_id, message_id])


def _retire(store: Store, fact_id: int, invalid_at: str, now: str) -> list[int]:
    """Invalidate one fact and, recursively, the current facts that depend on it."""
    store.execute("UPDATE facts SET invalid_at = CASE WHEN ? < valid_at THEN valid_at ELSE ? END, "
                     "expired_at = ? WHERE id = ? AND expired_at IS NULL", [invalid_at, invalid_at, now, fact_id])
    retired = [fact_id]
    for row in list(store.query("SELECT id FROM facts WHERE depends_on = ? AND invalid_at IS NULL "
                                   "AND expired_at IS NULL", [fact_id])):
        retired += _retire(store, row["id"], invalid_at, now)
    return retired


def _parent_fact(store: Store, subject: str, predicate: str) -> int | None:
    parent = predicate_info(predicate).parent
    if not parent:
        return None
    row = store.execute("SELECT id FROM facts WHERE subject = ? AND predicate = ? AND invalid_at IS NULL "
                           "AND expired_at IS NULL ORDER BY valid_at DESC, id DESC LIMIT 1",
                           [subject, parent]).fetchone()
    return row[0] if row else None


def add_fact(store: Store, subject: str, predicate: str, value: str, *, valid_at: str | datetime,
             text: str | None = None, category: str | None = None, origin: str = "stated",
             salience: float | None = None, message_ids: Sequence[int] = (), thread_id: str | None = None,
             now: str | datetime | None = None, replaces: int | None = None) -> FactChange:
    """Record that ``subject predicate value`` holds from ``valid_at`` on, resolving the exact slot.

    Same value again: the existing fact is reinforced (salience up, provenance
    added), nothing duplicated. A different value on a single-valued slot (or
    the opposite predicate on a set-valued one, "likes" vs "dislikes") retires
    the old fact and links the new one to it. ``replaces`` names a fact the caller
    has just retired for this one ("I traded the Civic for a Mazda").
    """
    subject, predicate, value = (subject or "").strip(), (predicate or "").strip(), (value or "").strip()
    if not subject or not predicate or not value:
        raise InvalidInput("a fact needs a subject, a predicate and a value")
    if origin not in ORIGINS:
        raise InvalidInput(f"origin must be one of {', '.join(ORIGINS)}, not {origin!r}")
    valid = _moment(valid_at)
    now_iso = _moment(now) or to_iso(utc_now())
    info = predicate_info(predicate)
    category = category or info.category
    text = text or fact_text(subject, predicate, value)
    wanted = normalize_value(value)
    existing = _slot_rows(store, subject, predicate, value)

    same = [r for r in existing if normalize_value(r["value"]) == wanted and (
        r["predicate"] == predicate or not info.multi)]
    if same:
        fact_id = same[-1]["id"]
        store.execute("UPDATE facts SET salience = min(1.0, salience + 0.1), "
                         "origin = CASE WHEN ? = 'stated' THEN 'stated' ELSE origin END WHERE id = ?",
                         [origin, fact_id])
        _link_messages(store, fact_id, message_ids)
        return FactChange("reinforced", fact_id)

    conflicting = existing
    if origin == "inferred" and any(r["origin"] == "stated" for r in conflicting):
        return FactChange("outranked", None)

    newer = [r for r in conflicting if r["valid_at"] > valid]
    invalid_at = min(r["valid_at"] for r in newer) if newer else None
    base_salience = salience if salience is not None else (0.7 if origin == "stated" else 0.4)
    supersedes = None if newer else (conflicting[-1]["id"] if conflicting else replaces)
    cursor = store.execute(
        "INSERT INTO facts (subject, predicate, value, text, category, salience, origin, valid_at, invalid_at, "
        "created_at, expired_at, supersedes, depends_on, thread_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        [subject, predicate, value, text, category, base_salience, origin, valid, invalid_at, now_iso,
         None, supersedes, _parent_fact(store, subject, predicate), thread_id])
    fact_id = cursor.lastrowid
    _link_messages(store, fact_id, message_ids)
    if newer:  # an older truth reported late: it slots into the past, the current fact stays
        return FactChange("historical", fact_id)
    retired: list[int] = []
    for row in conflicting:
        retired += _retire(store, row["id"], valid, now_iso)
    return FactChange("superseded" if retired else "added", fact_id, retired)


def retire_fact(store: Store, fact_id: int, *, at: str | datetime, message_ids: Sequence[int] = (),
                now: str | datetime | None = None) -> FactChange:
    """Retire one known fact (a change anchored on its value: "the Iceland trip is off")."""
    when = _moment(at)
    now_iso = _moment(now) or to_iso(utc_now())
    row = store.execute("SELECT id FROM facts WHERE id = ? AND invalid_at IS NULL AND expired_at IS NULL "
                           "AND valid_at <= ?", [fact_id, when]).fetchone()
    if row is None:
        return FactChange("unchanged")
    retired = _retire(store, fact_id, when, now_iso)
    _link_messages(store, fact_id, message_ids)
    return FactChange("retracted", None, retired)


def retract_fact(store: Store, subject: str, predicate: str | None, value: str | None = None, *,
                 at: str | datetime, message_ids: Sequence[int] = (),
                 now: str | datetime | None = None) -> FactChange:
    """The user said something stopped being true ("I no longer work at X").

    With a value, only a current fact with that value is retired (so "I left
    Porto" cannot retire a job); without a predicate, any current fact of the
    subject whose value matches is. Dependents are retired too.
    """
    when = _moment(at)
    now_iso = _moment(now) or to_iso(utc_now())
    sql = "SELECT * FROM facts WHERE subject = ? AND invalid_at IS NULL AND expired_at IS NULL AND valid_at <= ?"
    params: list[Any] = [subject, when]
    rows = [dict(r) for r in store.query(sql, params)]
    if predicate is not None:  # the same attribute by meaning ("the dental checkup is off"); said gone with no value
        # ("I'm retired", "Dad's stopped working"), also what depends on it, linked to it or not (the job title)
        rows = [r for r in rows if r["predicate"] == predicate or attributes.same_attribute(predicate, r["predicate"])
                or (value is None and predicate_info(r["predicate"]).parent == predicate)]
    if predicate is None:  # "I quit yoga" retires a schedule, never a taste, a person or a name
        rows = [r for r in rows if r["category"] not in UNTARGETED_CATEGORIES]
    if value is not None:
        wanted = normalize_value(value)
        rows = [r for r in rows if _value_matches(normalize_value(r["value"]), wanted)
                or (predicate is None and _value_matches(r["predicate"].partition(":")[2].replace("_", " "), wanted))
                or (r["predicate"] == "job_title" and _work_named_by_its_doing(normalize_value(r["value"]), wanted))]
    retired: list[int] = []
    for row in rows:
        retired += _retire(store, row["id"], when, now_iso)
        _link_messages(store, row["id"], message_ids)
    return FactChange("retracted" if retired else "unchanged", None, retired)


def _work_named_by_its_doing(role: str, said: str) -> bool:
    """"I've left nursing" ends the work of a nurse, "quit teaching" a teacher's, "gave up barbering" a barber's: the
    role's head word is the activity's stem and an agent ending ("accounting": an accountant)."""
    if " " in said or not said.endswith("ing") or not role:
        return False
    stem = said[:-3]
    if len(stem) > 4 and stem[-1] == stem[-2]:
        stem = stem[:-1]  # "modelling": a model
    head = role.split()[-1]
    return len(stem) >= 4 and head.startswith(stem) and len(head) - len(stem) <= 3


def _value_matches(stored: str, said: str) -> bool:
    """"Google" retracts "Google Zurich"; a whole-word match, never a substring of a word."""
    if not stored or not said:
        return False
    if stored == said:
        return True
    return re.search(rf"(?<!\w){re.escape(said)}(?!\w)", stored) is not None or \
        re.search(rf"(?<!\w){re.escape(stored)}(?!\w)", said) is not None


def fact_json(fact: Fact) -> dict[str, Any]:
    """The JSON shape scripts depend on."""
    data = fact.to_json()
    data["stale"] = is_stale(fact)
    return data
