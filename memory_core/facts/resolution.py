"""Resolving one stored user message against the fact ledger: the rules, frames and changes it states.

Changes anchored on a known value come first ("I traded the Civic for a Mazda"),
then the rule and frame candidates; a candidate repeating a value just ended is
dropped. Runs inside the caller's transaction. The fact pass
(``memory_core.facts.fact_pass``) calls it off the write path, in message order.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

from memory_core.facts.apposed_kinds import with_apposed_kinds
from memory_core.facts.attributes import same_attribute
from memory_core.facts.bin_days import with_bin_day
from memory_core.facts.change_cues import user_candidates_in_scope
from memory_core.facts.changes import SCHEDULE, KnownFact, detect_changes
from memory_core.facts.dated_events import with_dated_events
from memory_core.facts.extraction import extract, sentences
from memory_core.facts import ledger as factsmod
from memory_core.facts.parse_extractor import SUBJECTS as PEOPLE_SUBJECTS, parse_candidates, parsed_sentences
from memory_core.facts.parse_fallback import fallback_candidates
from memory_core.facts.parse_merge import merge_candidates
from memory_core.facts.parse_tokens import DependencyParser
from memory_core.facts.frame_words import CHAT_FILLERS, RELATIONS
from memory_core.facts.frames import with_the_sugar
from memory_core.facts.home_hints import with_home_hints
from memory_core.facts.lesson_hints import with_lesson_hints
from memory_core.facts.kind_names import (kind_name_candidates, outranked, school_candidates,
                                           schools_named)
from memory_core.facts.pet_names import pet_name_candidates
from memory_core.facts.later_successors import entity_names
from memory_core.facts.lowercase_names import LowerCaseNames
from memory_core.facts.moved_dates import date_moves, moved_to
from memory_core.facts.pending_changes import continued_changes
from memory_core.facts.reading import as_read
from memory_core.facts.switch_frames import switched_values
from memory_core.facts.value_keys import facts_named_in
from memory_core.facts.work_hints import with_work_hints
from memory_core.facts.worded_slots import replaced_slot
from memory_core.storage.store import Message, Store


@dataclass
class IngestResult:
    """A stored message and the facts its extraction added, touched or retired."""
    message: Message
    fact_ids: list[int] = field(default_factory=list)
    retired_fact_ids: list[int] = field(default_factory=list)


def _value_key(value: str) -> str:
    """What a value is about, for "was this just ended?": "Iceland, July" is about Iceland."""
    return factsmod.normalize_value(value.split(",", 1)[0])


#: Predicates that name one of the user's people (or pets) by name: "sister" = Ana.
_RELATION_PREDICATES = {*RELATIONS.values(), *PEOPLE_SUBJECTS.values(),
                        *(name for name, info in factsmod.PREDICATES.items() if info.category == "people")}


def _linked(store: Store, message: Message, candidates: list) -> list:
    """A fact about someone the user names ("Lily goes to Y now") is about that relation when the ledger knows
    the name as one of the user's people ("daughter" = Lily): the slot is then the daughter's."""
    names = {c.subject.casefold() for c in candidates if c.subject[:1].isupper()}
    if not names:
        return candidates
    known: dict[str, str] = {}
    for row in store.query("SELECT predicate, value FROM facts WHERE subject = 'user' AND invalid_at IS NULL "
                           "AND expired_at IS NULL AND valid_at <= ? ORDER BY valid_at, id", [message.created_at]):
        if row["predicate"] in _RELATION_PREDICATES and row["value"].casefold() in names:
            known[row["value"].casefold()] = row["predicate"]
    # a home or a job said of a name the ledger does not know as one of the user's people is someone else's news
    # ("Tomasz moved to the Leeds office"), not a fact of the user's life
    return [replace(c, subject=known.get(c.subject.casefold(), c.subject)) for c in candidates
            if not (c.predicate in ("lives_in", "job_title") and c.subject[:1].isupper()
                    and c.subject.casefold() not in known)]


def _held_already(store: Store, message: Message, candidate, changed: set[int]) -> bool:
    """The ledger holds a current value of the candidate's attribute for its subject (one this message did not
    just change): what a phrase about something else says of it must not replace what the user stated."""
    rows = store.query("SELECT id, predicate FROM facts WHERE subject = ? AND invalid_at IS NULL AND expired_at IS NULL "
                       "AND valid_at <= ?", [candidate.subject, message.created_at])
    return any(row["id"] not in changed and same_attribute(candidate.predicate, row["predicate"]) for row in rows)


def _within(value: str, ended: list[str]) -> bool:
    """The value is one a change just ended, or part of one ("pottery" of the ended "Thursday pottery")."""
    words = set(_value_key(value).split())
    return bool(words) and any(words <= set(key.split()) for key in ended)


def _shortened(value: str, change_value: str | None) -> bool:
    """The candidate names part of the change's new value ("Ghosts" of "Sunday Ghosts"): the longer name wins,
    when it is a name throughout (not "Zen engineer fitted", where the frames' "Zen" is the better value)."""
    if not change_value or not all(word[:1].isupper() or word[:1].isdigit() for word in change_value.split()):
        return False
    words, whole = set(_value_key(value).split()), set(_value_key(change_value).split())
    return bool(words) and words < whole


def _part_of_current(candidate, known: list[KnownFact]) -> bool:
    """The candidate's value is a part of its attribute's current value ("Corolla" of "Toyota Corolla",
    "Nolan" of "Dr Nolan"): a mention of what is known, which must not replace it with less."""
    words = set(_value_key(candidate.value or "").split())
    return bool(words) and any(
        fact.subject == candidate.subject and candidate.predicate and same_attribute(candidate.predicate, fact.predicate)
        and words < set(_value_key(fact.value).split()) for fact in known)


#: Facts of the same thread a correction may target ("I meant Tuesday"): the most recent ones.
RECENT_THREAD_FACTS = 20


def _known_facts(store: Store, message: Message) -> list[KnownFact]:
    """Current facts whose value the message may mention, plus the thread's latest facts.

    The first are found through the value-key index (``value_keys.facts_named_in``: the first or the
    last content word of the value is a word of the message), so the cost follows the message, not the number of facts.
    """
    columns = "id, subject, predicate, value, thread_id, created_at, category"
    current = "invalid_at IS NULL AND expired_at IS NULL AND valid_at <= :at"
    params = {"at": message.created_at, "thread": message.thread_id, "recent": RECENT_THREAD_FACTS}
    rows = facts_named_in(store, message.text, message.created_at, columns)
    rows += store.query(f"SELECT {columns} FROM facts WHERE subject = 'user' AND {current} AND predicate IN "
                        "(SELECT value FROM json_each(:schedules))",
                        params | {"schedules": json.dumps(_schedule_predicates(message.text))})
    rows += store.query(f"SELECT {columns} FROM facts WHERE {current} AND thread_id = :thread "
                           "ORDER BY created_at DESC, id DESC LIMIT :recent", params)
    known: dict[int, KnownFact] = {}
    for row in rows:
        known.setdefault(row["id"], KnownFact(row["id"], row["subject"], row["predicate"], row["value"],
                                              row["thread_id"], row["created_at"], row["category"]))
    return list(known.values())


def _schedule_predicates(text: str) -> list[str]:
    """The schedules a message may name by their thing ("quit yoga": ``schedule:yoga``), from its words, so the
    lookup follows the message (``facts_slot`` index), not the ledger."""
    words = [word.removesuffix("'s") for word in re.findall(r"[a-z][a-z'-]*", text.casefold())]  # "pottery's out"
    slugs = {"_".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)}
    for word in words:  # "stopped swimming" names the schedule of "swim", "quit dancing" that of "dance"
        if word.endswith("ing") and len(word) > 5:
            slugs.update({word[:-3], word[:-4], word[:-3] + "e"})
    return sorted(SCHEDULE + slug for slug in slugs)


@dataclass
class Parsed:
    """What the rules read from a message's text alone (no ledger): done before the write lock is taken,
    so a long message's parsing never holds up another writer."""
    message_id: int
    candidates: list
    sentences: list[str]
    #: The names the parser tagged, with their entity type (empty with no parser): a later successor's kind.
    entities: dict[str, str] = field(default_factory=dict)
    #: In a message typed in lower case, what reads a name truecasing cut short whole (facts/lowercase_names.py):
    #: a change's new value too, "Istanbul" -> "Istanbul grill".
    names: LowerCaseNames = field(default_factory=LowerCaseNames)


def parse(message: Message, parser: DependencyParser | None = None) -> Parsed:
    """The rules' candidates; with a dependency ``parser``, plus what its tree shapes find that they missed."""
    typed = message.text
    message = as_read(message)  # "im at ocado now" read as "I'm at Ocado now"
    candidates = extract(message.text)
    said = list(sentences(message.text))
    trees = parsed_sentences(parser, message.text) if parser is not None else []
    if parser is not None:  # a rule fact read from someone else's sentence covers nothing: "my aunt lives in Cork"
        candidates = merge_candidates(user_candidates_in_scope(candidates, said), parse_candidates(trees))
    candidates = with_switches(candidates, said)  # "changed my pharmacy from Boots to Lloyds Pharmacy"
    candidates = with_dated_events(candidates, message.text, parser)  # "mum's op = 8 May"
    candidates = moved_to(candidates, said)  # "moved my dentist appointment from 9 June to 23 June": 23 June
    candidates = with_the_sugar(candidates, said)  # "I take it black, no sugar"
    candidates = schools_named(candidates)  # "my son goes to Oakfield School": his school
    kind_facts = kind_name_candidates(said, candidates)  # "leg day at Anytime Fitness Dundee"
    kind_facts += school_candidates(said, candidates + kind_facts)  # "my daughter's at Lincoln Elementary"
    candidates = outranked(candidates, kind_facts) + kind_facts  # "my Chase card": the bank, not a "card"
    candidates = with_apposed_kinds(candidates, said)  # "mum's at Ashgrove House, the care home": her care home
    candidates = with_bin_day(candidates, said)  # "bin day is Monday here"
    candidates = with_work_hints(candidates, said)  # "my boss at Tesco said ...", "his busiest day as a barber"
    candidates = with_home_hints(candidates, said)  # "the weather here in Leeds", "the commute from Drogheda"
    candidates = with_lesson_hints(candidates, said)  # "Ella's violin lesson is at 4": Ella's instrument
    proper_nouns = frozenset(t.text for tree in trees for t in tree.tokens if t.tag in ("NNP", "NNPS")) \
        if parser is not None else None
    candidates = candidates + pet_name_candidates(said, candidates, proper_nouns)  # "took the pup out. Rosie ..."
    # a sentence no layer read a fact from, that names a thing of the user's: one fact by the governing word
    # (a child's school read by it too: "we've moved our daughter to Greenfield Primary")
    candidates = candidates + schools_named(fallback_candidates(trees, candidates))
    # "yoga at lotus tree yoga": the whole name, not the one word truecasing capitalised
    names = LowerCaseNames(tuple(trees), typed) if trees and typed != message.text else LowerCaseNames()
    candidates = names.candidates(candidates)
    # a chat particle is no value, whoever read it: "an email to my charge nurse po?" names no nurse "Po"
    candidates = [c for c in candidates if not (c.op == "assert" and (c.value or "").lower() in CHAT_FILLERS)]
    return Parsed(message.id, candidates, said, entity_names(trees), names)


def with_switches(candidates: list, said: list[str]) -> list:
    """The rules' candidates plus the new values of switches they did not read (``switch_frames``)."""
    values = {factsmod.normalize_value(c.value) for c in candidates if c.value}
    return candidates + [c for c in switched_values(said) if factsmod.normalize_value(c.value) not in values]


def extract_into(store: Store, message: Message, parsed: Parsed | None = None) -> IngestResult:
    """Extract facts from a stored user message and resolve them against the ledger (caller's transaction);
    ``parsed`` is its text's ``parse``, when the caller did that outside the transaction.

    Changes anchored on a known value come first ("I traded the Civic for a Mazda"),
    then the rule and frame candidates; a candidate repeating a value just ended is dropped.
    """
    result = IngestResult(message)
    if message.role != "user":
        return result
    message = as_read(message)  # the text the rules read; the result keeps the message as stored

    def note(change: factsmod.FactChange) -> None:
        if change.fact_id is not None and change.fact_id not in result.fact_ids:
            result.fact_ids.append(change.fact_id)
        result.retired_fact_ids += change.retired

    parsed = parsed or parse(message)
    candidates = _linked(store, message, user_candidates_in_scope(parsed.candidates, parsed.sentences))
    known = _known_facts(store, message)
    changes = detect_changes(parsed.sentences, known, message.thread_id, parsed.entities)
    changes = [replace(change, value=parsed.names.whole(change.value, change.evidence)) for change in changes]
    if not changes:  # "I left Acme." ... next turn: "Starting at Globex on Monday!"
        changes = continued_changes(store, message, parsed.sentences, candidates)
    if not changes:  # "they moved my haircut to March 10"
        changes = date_moves(store, message, parsed.sentences)
    ended = [_value_key(change.old.value) for change in changes] + \
        [_value_key(change.named) for change in changes if change.named]  # "cancelled the Times": no Times fact
    placed: list[str] = []
    successors = []
    for change in changes:
        note(factsmod.retire_fact(store, change.old.id, at=message.created_at, message_ids=[message.id]))
        restated = any(c.op == "assert" and c.subject == change.old.subject and c.predicate and
                       not _within(c.value or "", ended) and not _shortened(c.value or "", change.value) and
                       same_attribute(c.predicate, change.old.predicate) for c in candidates)
        if change.value and not restated:  # the frames name the new value with its attribute: they win
            placed.append(_value_key(change.value))
            successors.append(change)
    # retractions first, then the new values ("I sold my Mazda and bought a Subaru")
    for candidate in (c for c in candidates if c.op == "retract"):
        if candidate.value is not None and _value_key(candidate.value) in ended:
            continue
        note(factsmod.retract_fact(store, candidate.subject, candidate.predicate, candidate.value,
                                   at=message.created_at, message_ids=[message.id]))
    for change in successors:
        note(factsmod.add_fact(store, change.old.subject, change.old.predicate, change.value,
                               valid_at=message.created_at, message_ids=[message.id], thread_id=message.thread_id,
                               replaces=change.old.id))
    changed = {change.old.id for change in changes}
    for candidate in (c for c in candidates if c.op == "assert"):
        if _within(candidate.value or "", ended + placed):
            continue  # a value a change already ended ("pottery" of "Thursday pottery") or placed on its attribute
        if not changes and _part_of_current(candidate, known):
            continue  # "the Corolla" of the current "Toyota Corolla": the same thing said shorter, no new value
        if candidate.in_passing and _held_already(store, message, candidate, changed):
            continue  # "sunny here in Barcelona!" replaces no home the user stated: a hint fills only a gap
        replaced = next((c.old.id for c in changes if c.old.subject == candidate.subject and candidate.predicate
                         and same_attribute(candidate.predicate, c.old.predicate)), None)
        if replaced is None:
            replaced = replaced_slot(store, message, candidate)  # "trip to Japan" is the trip
            if replaced is not None:
                note(factsmod.retire_fact(store, replaced, at=message.created_at, message_ids=[message.id]))
        note(factsmod.add_fact(store, candidate.subject, candidate.predicate, candidate.value,
                               valid_at=message.created_at, message_ids=[message.id], thread_id=message.thread_id,
                               replaces=replaced))
    return result
