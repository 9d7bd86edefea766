"""Candidates from the dependency parse: the tree shapes (``parse_frames``) of first-person statements.

Only sentences that state something: questions, and clauses that are negated,
conditional, wished or reported, give nothing (``parse_tree.asserted``). Each
attribute goes through the same normalization as the regex frames
(``frames``: concepts, pets, relations), so the ledger sees one predicate per slot.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from memory_core.facts.attributes import attribute_predicate
from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import CHAT_FILLERS, KIN_AS_NAMES, RELATIONS, attribute_candidate, whole_predicate
from memory_core.facts.parse_frames import (FAVOURITE_WORDS, USER, TreeFact, copula_facts, naming_facts,
                                            parenthetical_facts)
from memory_core.facts.parse_repairs import mended
from memory_core.facts.parse_mentions import answered_questions, mention_facts, pronoun_roles
from memory_core.facts.parse_verb_frames import pronoun_objects, service_facts, verb_facts
from memory_core.facts.parse_tokens import DependencyParser, ParsedSentence
from memory_core.facts.parse_tree import Tree, is_question
from memory_core.facts.parse_values import TIME_ATTRIBUTE_WORDS
from memory_core.facts.parse_verbs import ENDING_VERBS

#: Sentences longer than this are skipped: facts come in short sentences, and parse cost grows with length.
MAX_SENTENCE_CHARS = 400
#: Attributes too general to be a slot ("my thing is...", "I use Y"): a fact needs a word that says what it is.
_TOO_GENERAL = {"use", "go to", "see", "have", "get", "do", "make", "be", "love", "like", "want", "need", "thing",
                "stuff", "one", "way", "lot", "reason", "problem", "point"}
#: Shapes whose attribute comes from a lexicon, not the user's noun: its concept is the slot.
_LEXICON_SHAPES = {"verb-prep", "verb-object", "i-am-kind", "i-am-a", "on-attribute", "person-in-place", "where-person",
                   "activity", "pointed-back", "habitual-place", "habitual-object", "numbered-label", "pronoun-object",
                   "service-by-name",
                   "dated-event", "nickname", "role-then-name", "bare-copula"}
#: Shapes whose value was said in an earlier sentence of the message ("Liam ...; he's my boyfriend").
_SAID_BEFORE = {"pronoun-role", "pronoun-object"}
#: Shapes whose attribute is only the verb the user said ("wear", "dog walk"): a value another shape names
#: in the same sentence takes that shape's attribute instead.
_GENERIC_SHAPES = {"habitual-object", "service-by-name"}
#: People a fact may be about ("my aunt works at Y"); any other owned thing makes a compound attribute.
_PEOPLE = ("aunt", "uncle", "cousin", "niece", "nephew", "grandma", "grandmother", "grandpa", "grandfather",
           "granddad", "grandson", "granddaughter", "colleague", "coworker", "flatmate", "roommate", "housemate",
           "neighbour", "neighbor", "stepdad", "stepmom", "stepmum", "stepson", "stepdaughter", "twin", "fiancé",
           "fiance", "fiancee", "kid", "child", "baby", "boss", "manager", "teacher", "mentor", "landlord",
           "brother_in_law", "sister_in_law", "mother_in_law", "father_in_law")
SUBJECTS = {**{p: p for p in _PEOPLE}, **RELATIONS, "mom": "mother", "mum": "mother", "dad": "father", "wife": "spouse", "husband": "spouse",
             "boyfriend": "partner", "girlfriend": "partner", "bf": "partner", "gf": "partner", "fiancé": "partner",
             "fiancée": "partner", "fiance": "partner", "fiancee": "partner"}


def _candidate(fact: TreeFact, sentence: str) -> Candidate | None:
    attribute = re.sub(r"\s+", " ", fact.attribute.lower()).strip()
    if not attribute or (attribute in _TOO_GENERAL and fact.shape != "habitual-place") or \
            CHAT_FILLERS & set(attribute.split()):
        return None  # "yoga at X lol": the parser took the filler for the name's kind noun
    if not (fact.named or fact.known):
        return None  # an unknown attribute with a plain word as value is more often chatter than a fact
    # "Dad drives a Camry": a kin word used as a name is that relation
    subject = SUBJECTS.get(fact.subject, SUBJECTS.get(fact.subject.lower(), fact.subject)
                           if fact.subject.lower() in KIN_AS_NAMES else fact.subject)
    if attribute == "time" and not re.search(r"\d", fact.value):
        if subject != USER and re.search(rf"(?i)\b(?:her|his|their)\s+time\s+(?:in|over\s+in)\s+{re.escape(fact.value)}\b",
                                         sentence):
            return Candidate("assert", subject, "lives_in", fact.value, sentence)  # "7am her time in Manchester"
        return None  # "Last time Priya cut it too short": the time of one occasion, and Priya its subject
    if subject == USER and attribute.split()[-1] in SUBJECTS:  # "a sister named Ana", "Ana, my partner"
        if not fact.value[:1].isupper():
            return None  # "my partner is allergic": a person's value is their name
        return Candidate("assert", USER, SUBJECTS.get(attribute, SUBJECTS[attribute.split()[-1]]), fact.value,
                         sentence)  # "best friend" is its own relation, not any friend
    if subject != USER and subject not in SUBJECTS.values() and subject not in SUBJECTS and \
            not subject[:1].isupper():  # someone named ("Zara") stays the subject
        attribute, subject = f"{subject} {attribute}", USER  # "my car's colour": the user's car colour
    if fact.value.lower() in (attribute, attribute.split()[-1]):
        return None  # "I play in a band": the attribute said again is no value
    words = attribute.split()
    if words[0] in FAVOURITE_WORDS and len(words) > 1:  # the rules' spelling of the same slot ("fave" too)
        return Candidate("assert", subject, "favorite:" + "_".join(words[1:]), fact.value, sentence)
    if "_".join(words) in ENDING_VERBS:
        return None  # "given up on X": an ending, the changes' to read
    candidate = attribute_candidate(attribute, fact.value, sentence, subject)
    timed = bool(TIME_ATTRIBUTE_WORDS & set(attribute.replace("-", " ").split()))
    if candidate is None and (fact.shape in _LEXICON_SHAPES or (timed and fact.named)):  # the verb table named it ("live in" -> home)
        return Candidate("assert", subject, whole_predicate(attribute, attribute_predicate(attribute, fact.value)),
                         fact.value, sentence)
    return candidate


def tree_facts(tree: Tree) -> list[TreeFact]:
    """Every shape's reading of one sentence (a shape that finds no value gives None)."""
    found = [*copula_facts(tree), *naming_facts(tree), *parenthetical_facts(tree), *verb_facts(tree),
             *service_facts(tree),
             *mention_facts(tree)]  # said in passing: after the shapes that say the fact outright
    return [fact for fact in found if fact is not None]


#: Names given in passing to the user's own people and animals: true whatever the sentence asks.
_PRESUPPOSED_SHAPES = frozenset({"apposition", "name-compound"})


def _usable(sentence: ParsedSentence) -> bool:
    text = sentence.text.strip()
    return bool(text) and len(text) <= MAX_SENTENCE_CHARS and not is_question(sentence)


def sentence_candidates(sentence: ParsedSentence, extra: Sequence[TreeFact] = ()) -> list[Candidate]:
    """Candidates of one sentence; ``extra``: facts the message's other sentences gave it (a pronoun's person)."""
    text = sentence.text.strip()
    if not _usable(sentence):
        if not text or len(text) > MAX_SENTENCE_CHARS:
            return []
        # a question asks nothing of the name it gives one of the user's own ("Can our cat Dotty eat chicken?")
        facts = [f for f in naming_facts(Tree(sentence)) if f is not None and f.shape in _PRESUPPOSED_SHAPES]
        return [c for c in (_candidate(f, text) for f in facts) if c is not None]
    found: list[Candidate] = []
    facts = [*tree_facts(Tree(sentence)), *extra]
    named_otherwise = {f.value.casefold() for f in facts if f.shape not in _GENERIC_SHAPES}
    for fact in facts:
        if fact.shape not in _SAID_BEFORE and fact.value.lower() not in text.lower():
            continue
        if fact.shape in _GENERIC_SHAPES and fact.value.casefold() in named_otherwise:
            continue  # "I reread Y, my favourite writer": the apposition says what Y is; "reread" would not
        candidate = _candidate(fact, text)
        if candidate is not None and not any(c.predicate == candidate.predicate and c.subject == candidate.subject
                                             for c in found):
            found.append(candidate)
    return found


def parse_candidates(sentences: Iterable[ParsedSentence]) -> list[Candidate]:
    sentences = list(sentences)
    across: dict[int, list[TreeFact]] = {}
    trees = [Tree(s) for s in sentences]
    # facts a sentence owes to the one before: "Liam and I ...; he's my boyfriend", "fave film? Y", "... Y. I play it"
    for index, fact in [*pronoun_roles(trees), *answered_questions(trees), *pronoun_objects(trees)]:
        if _usable(sentences[index]):
            across.setdefault(index, []).append(fact)
    return [c for index, sentence in enumerate(sentences) for c in sentence_candidates(sentence, across.get(index, ()))]


#: "X = Y" in a note is "X is Y" (the parser reads "=" as a preposition).
_EQUALS = re.compile(r"\s+=\s+")


#: Where chat runs two statements together: a semicolon or a dash between them, or a comma before a new
#: subject or a request ("..., she's so strict", "..., can you remind me"), also when "and" joins the new subject
#: on as an independent clause of its own (", and my tutor is Y": an aside before it holds it up no more).
_JOINS = re.compile(r"\s*;\s*|\s+[-\u2013\u2014]+\s+")
_COMMA_CLAUSE = re.compile(r",(?=\s+(?:i|i'm|im|i'll|i've|ive|we|we're|were|we'll|she|she's|shes|he|he's|hes|they|"
                           r"they're|theyre|can\s+you|could\s+you|will\s+you|pls|please|"
                           r"hope|ugh|lol|need|so\s+i|btw|and\s+(?:my|our))\b)", re.IGNORECASE)
#: A clause opened by one of these is held up by what follows the comma ("If we move, we'd live in Y").
_SUBORDINATE = re.compile(r"(?i)\b(?:if|unless|whether|when|whenever|once|until|before|after|while|though|although|"
                          r"because|since|as\s+soon\s+as|in\s+case)\b")


def _join(match: re.Match[str], text: str) -> str:
    """A semicolon always ends a statement; a dash only between two of three words or more ("the dentist -
    Dr Moss" is a role and its name, "quick one before pickup - X is Y" two statements)."""
    said = match.group(0)
    if ";" not in said:
        left = re.split(r"[.!?,;:()]", text[:match.start()])[-1].split()
        right = re.split(r"[.!?,;:()]", text[match.end():])[0].split()
        if len(left) < 3 or len(right) < 3:
            return said
    return (" ." if said.startswith(" ") else ".") + " " * (len(said) - (2 if said.startswith(" ") else 1))


def clauses(text: str) -> str:
    """The message with each run-on statement ended by a full stop, the same length as it was, so the parser
    reads each statement as a sentence of its own (a hedge or a request in one clause holds up no other)."""
    text = _JOINS.sub(lambda m: _join(m, text), text)
    out = list(text)
    for match in _COMMA_CLAUSE.finditer(text):
        before = text[max(text.rfind(".", 0, match.start()), 0):match.start()]
        # "My mother, she lives in Y": a noun phrase said first is the subject the pronoun picks up
        if not _SUBORDINATE.search(before) and len(re.split(r"[,:]", before)[-1].split()) > 3:
            out[match.start()] = "."
    return "".join(out)


#: "im", "ive": chat's "I'm", "I've" without the apostrophe (the parser reads "m" as an unknown verb).
_APOSTROPHE_DROPPED = re.compile(r"\b([Ii])(m|ve)\b")


def parsed_sentences(parser: DependencyParser, text: str) -> list[ParsedSentence]:
    """The message's statements as the parser reads them (chat's "im", "X = Y" and run-ons made plain first)."""
    text = _APOSTROPHE_DROPPED.sub(lambda m: f"{m.group(1)}'{m.group(2)}", _EQUALS.sub(" is ", text))
    return [mended(sentence) for sentence in parser.parse(clauses(text))]


def parsed_candidates(parser: DependencyParser, text: str) -> list[Candidate]:
    return parse_candidates(parsed_sentences(parser, text))


__all__: Sequence[str] = ("parse_candidates", "parsed_candidates", "parsed_sentences", "sentence_candidates")
