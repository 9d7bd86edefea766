"""Two attribute names of one subject are one slot when they mean the same thing, measured.

``attributes.same_attribute`` knows a concept lexicon and word overlap: "club" is
"running club", "GP" is "family doctor". People name attributes in words no
lexicon lists ("phone network" then "mobile provider", "flatmate" then
"roommate"), and then the new value sits beside the old one, both current.

Here the attribute names are compared by meaning with the sentence embedder
(through ``memory_core.llm.Embedder``; this module imports no model): the same
slot when the lexicon says so, or, when the lexicon knows neither name as
different concepts, when the cosine of their embeddings is at least
``SAME_SLOT_COSINE``. That threshold was picked on the dev pairs of
``bench/data/attribute_pairs.json`` (``bench/bench_attribute_meaning.py``,
results in ``bench/results/attribute_meaning.md``), for precision first: a
wrong merge retires an unrelated fact, a missed one only leaves two current.

It runs in the background where the embedder is already loaded (``mneme memory
facts``, the memory worker), never on the store path: ``reconcile_slots`` looks at
the current single-valued facts of each subject that were added since its last
run, and a newer fact on the same slot by meaning retires the older one as the
ledger would have (``invalid_at`` = the newer's ``valid_at``, ``supersedes``).
"""
from __future__ import annotations

from typing import Sequence

from memory_core.facts import attributes
from memory_core.facts.change_cues import PERSON_NOUNS
from memory_core.facts import ledger as factsmod
from memory_core.llm import Embedder
from memory_core.storage.store import Store

#: Measured on the dev pairs (bench/results/attribute_meaning.md): the lowest cosine at which the merges the
#: cosine adds are right at least 90% of the time (8 right, 0 wrong on dev; test: precision 100%, recall 50%
#: against 25% for the lexicon alone).
SAME_SLOT_COSINE = 0.76
DONE_SETTING = "facts.attribute_meaning_done_id"


def attribute_phrase(predicate: str) -> str:
    """What the embedder reads for a predicate: its words ("phone_network" -> "my phone network")."""
    return f"my {attributes.attribute_words(predicate)}"


class AttributeMeaning:
    """Cosine of attribute names, each name embedded once."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._vectors: dict[str, list[float]] = {}

    def _vectors_for(self, predicates: Sequence[str]) -> None:
        missing = sorted({p for p in predicates if p not in self._vectors})
        if missing:
            for predicate, vector in zip(missing, self.embedder.embed([attribute_phrase(p) for p in missing])):
                self._vectors[predicate] = list(vector)

    def cosine(self, a: str, b: str) -> float:
        self._vectors_for([a, b])
        return sum(x * y for x, y in zip(self._vectors[a], self._vectors[b]))

    def same_slot(self, a: str, b: str, threshold: float = SAME_SLOT_COSINE) -> bool:
        """The lexicon and the words first (``known_verdict``), then meaning."""
        verdict = known_verdict(a, b)
        return verdict if verdict is not None else self.cosine(a, b) >= threshold


_PEOPLE = {noun.replace(" ", "_") for noun in PERSON_NOUNS} | attributes.OWNER_WORDS  # "parent" of "parents'"


def known_verdict(a: str, b: str) -> bool | None:
    """Same (True) or different (False) without the embedder, or None when only meaning can tell.

    Same: the lexicon says so. Different: a favourite against what is no preference ("favourite band", "band");
    two concepts the lexicon knows apart ("dentist", "doctor");
    nested words with another head noun ("gym" and "gym buddy": a buddy is no gym); or a person
    owning one of them ("sister city" and "city": hers, not the user's).
    """
    if attributes.same_attribute(a, b):
        return True
    if attributes.favorite_mismatch(a, b):
        return False  # "favourite band" is not the band the user plays in
    if attributes.concept_of(a) and attributes.concept_of(b):
        return False
    words_a, words_b = attributes.attribute_words(a).split(), attributes.attribute_words(b).split()
    if words_a and words_b and words_a[-1] != words_b[-1] and (set(words_a) < set(words_b) or
                                                            set(words_b) < set(words_a)):
        return False
    owners_a, owners_b = set(words_a[:-1]) & _PEOPLE, set(words_b[:-1]) & _PEOPLE
    if owners_a != owners_b:
        return False
    return None


def _single_valued(predicate: str) -> bool:
    return not factsmod.predicate_info(predicate).multi


def open_pairs(store: Store) -> list[tuple[dict, dict]]:
    """(newer, older) current single-valued facts of one subject, the newer added since the last run, whose
    attribute names only meaning can tell apart (``known_verdict`` None). Cheap: no embedder; the caller
    loads one only when this is not empty."""
    done = int(store.get_setting(DONE_SETTING, 0) or 0)
    fresh = [dict(r) for r in store.query(
        "SELECT id, subject, predicate, valid_at FROM facts WHERE id > ? AND invalid_at IS NULL "
        "AND expired_at IS NULL ORDER BY id", [done])]
    pairs = []
    for fact in fresh:
        if not _single_valued(fact["predicate"]):
            continue
        for other in store.query(
                "SELECT id, subject, predicate, valid_at FROM facts WHERE subject = ? AND id != ? AND predicate != ? "
                "AND invalid_at IS NULL AND expired_at IS NULL AND valid_at <= ? ORDER BY valid_at, id",
                [fact["subject"], fact["id"], fact["predicate"], fact["valid_at"]]):
            other = dict(other)
            if (other["valid_at"], other["id"]) >= (fact["valid_at"], fact["id"]):
                continue  # only an older fact gives way
            if _single_valued(other["predicate"]) and known_verdict(fact["predicate"], other["predicate"]) is None:
                pairs.append((fact, other))
    return pairs


def mark_reconciled(store: Store) -> None:
    newest = store.execute("SELECT max(id) FROM facts").fetchone()[0] or 0
    store.set_setting(DONE_SETTING, newest)


def reconcile_slots(store: Store, meaning: AttributeMeaning, *, threshold: float = SAME_SLOT_COSINE) -> list[int]:
    """Retire current facts that a newer fact of the same subject holds the slot of by meaning (as the
    ledger would have: ``invalid_at`` = the newer's ``valid_at``, the newer ``supersedes`` it); returns the
    retired ids. Only facts added since the last run are compared, with every current fact of their subject."""
    pairs = open_pairs(store)
    retired: list[int] = []
    if pairs:
        with store.transaction():
            for fact, other in pairs:
                if fact["id"] in retired or other["id"] in retired:
                    continue
                if not meaning.same_slot(fact["predicate"], other["predicate"], threshold):
                    continue
                retired += factsmod.retire_fact(store, other["id"], at=fact["valid_at"]).retired
                store.execute("UPDATE facts SET supersedes = ? WHERE id = ? AND supersedes IS NULL",
                              [other["id"], fact["id"]])
    mark_reconciled(store)
    return retired
