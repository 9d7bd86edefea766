"""A general fallback: one fact for a statement that names a thing in the user's life and that no rule read.

Why: the rules, frames and tree shapes each know one way of saying one kind of fact, and every new wording
("been bingeing <podcast>", "car going into <garage> tmrw", "smelling of <perfume>") needed a new shape. The
fallback needs none: where they give NO fact for a sentence, and the sentence

* asserts (``parse_tree.asserted``: no question, negation, wish, condition or report; a past tense only when
  it says a habit: "every Thursday", "always"),
* is about the user or someone or something of theirs (a first-person subject or possessive, a kin noun,
  chat's dropped subject "been bingeing X", a bare owned noun "car going into X"; a person named by a first name
  alone, as a user names the people of their own life ("Ines works at X now"; ``first_name_alone``, never a
  full name or a title: "Taylor Swift", "President X"), kept as the subject: ``resolution`` files it under the
  relation when the ledger knows the name),
* and names a thing (a run of capitalised words, "The"/"of"/"&" inside, never a weekday, month, holiday,
  kin word, interjection or the opening word of a sentence that is no proper noun),

it makes ONE fact: the value is the name; the attribute is the word that governs it in the tree (the user's
noun the name labels, "university Otago"; the user's noun before "is", "my only me-time is X"; a note's label
before its colon, "comfort food: X"; else the verb with its object and preposition, "take the car to", "smell
of"; else the verb alone, "binge"). The attribute is marked by its predicate family, ``named:`` (a noun: "The
user's university is X") or ``named_act:`` (a verb: "The user binges X", "takes the car to X"), so its slot is
compared by its words (``attributes.same_attribute`` strips the family) and never by a rule's slot name; its
category ``named`` has its own staleness window; a value that is a date alone is implausible for it
(``cues.implausible_value``, also as a change's successor); and the background matcher (``semantic``), which
may know the attribute ("internet"), replaces it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from memory_core.facts.attributes import NAMED_FAMILIES
from memory_core.facts.candidate import Candidate
from memory_core.facts.cues import closed_at, implausible_value
from memory_core.facts.frame_words import (CHAT_FILLERS, ERRAND_VERBS, EVENT_NOUNS, PART_NOUNS, RELATIONS, WORK_NOUNS,
                                          on_a_platform)
from memory_core.facts.parse_measures import Measure, measures, one_off
from memory_core.facts.parse_values import names_own_possessive
from memory_core.facts.parse_verbs import ENDING_VERBS
from memory_core.facts.parse_tokens import ParsedSentence, Token
from memory_core.facts.parse_tree import (FIRST_PERSON, FIRST_PERSON_POSSESSIVE, HEDGE_VERBS, Tree, asserted,
                                          clause_hedged, clause_negated, in_law, is_question, lower)

USER = "user"
#: The predicate families of the fallback's facts: a noun the name labels, and a verb (+ object, + preposition).
NAMED, NAMED_ACT = NAMED_FAMILIES

#: Kin nouns that are the user's even without "my" in chat ("dad only takes the car to X").
KIN = {"mum": "mother", "mom": "mother", "mam": "mother", "mother": "mother", "dad": "father", "father": "father",
       "wife": "spouse", "husband": "spouse", "partner": "partner", "boyfriend": "partner", "girlfriend": "partner",
       "bf": "partner", "gf": "partner", "nan": "grandmother", "gran": "grandmother", "grandma": "grandmother",
       "granny": "grandmother", "grandad": "grandfather", "granddad": "grandfather", "grandpa": "grandfather",
       "sister": "sister", "brother": "brother", "son": "son", "daughter": "daughter", "sis": "sister",
       "bro": "brother"}
#: Calendar words and feasts: when, never what.
_CALENDAR = re.compile(r"(?i)^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|"
                       r"june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|"
                       r"sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|xmas|easter|"
                       r"halloween|hanukkah|diwali|eid|ramadan|thanksgiving|weekend|tonight|today|tomorrow|tmrw|"
                       r"yesterday)s?$")
#: The words of a feast's name beside the calendar's ("New Year's Eve", "Boxing Day"): a run of only these is a date.
_FEAST_WORDS = {"new", "year", "year's", "years", "eve", "day", "boxing", "good", "bank", "holiday", "mother's",
                "father's", "valentine's", "'s", "st", "st."}
#: Chat's capitalised words that name nothing: interjections, the pronoun "I", greetings, kin said as names.
_NOT_NAMES = {"i", "i'm", "i've", "i'd", "i'll", "ok", "okay", "lol", "omg", "haha", "ha", "ugh", "yay", "wow", "oh",
              "hi", "hey", "hello", "thanks", "thank", "cheers", "bye", "yes", "no", "yeah", "yep", "nope", "btw",
              "tbh", "fyi", "asap", "lmao", "rofl", "idk", "imo", "pls", "please", "sorry", "dear", "x", "xx", "xxx",
              "tv", "diy", "uk", "us", "am", "pm", "ps"} | set(KIN)
#: Words that may stand inside a name between capitalised words ("Bank of England", "Dice & Slice", "Lowe and
#: Partners": a firm named by its founders).
_NAME_JOINS = {"of", "&", "and", "'s", "de", "la", "du", "von", "van", "der", "den", "y"}
#: A number or "No" directly after a name word goes on with it ("Chanel No 5", "Studio 54").
_NAME_NUMBER = re.compile(r"^(?:\d+[\w.]*|No\.?)$")
#: Entity types that are names of things or people (not dates, amounts, ordinals).
_NAME_ENTITIES = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "WORK_OF_ART", "EVENT", "NORP", "LAW",
                  "LANGUAGE"}
#: Adverbs that make a past tense a habit ("got board games with X every thursday").
_HABIT_WORDS = {"every", "always", "usually", "each", "only", "weekly", "daily", "often", "normally", "regularly"}
#: Words that say a wait ended: a thing got "finally" is had from then on.
_AT_LAST_WORDS = {"finally", "eventually"}
#: Chat spellings of prepositions ("w the X"): the attribute says them in full.
_PREPOSITIONS = {"w": "with", "w/": "with", "wiv": "with", "2": "to", "thru": "through"}
#: Verbs too light to say what a thing is to the user ("have X", "get X", "do X", "be X").
_LIGHT_VERBS = {"be", "have", "get", "do", "make", "say", "tell", "ask", "see", "know", "think", "go", "come", "let",
                "put", "give", "want", "need", "like", "love", "hate", "call", "text", "message", "meet", "thank"}
#: Verbs that take their meaning from their object: with one, the clause says an event ("want the report for X").
_EVENT_VERBS = {"have", "want", "need", "get", "make", "do", "give", "send", "tell", "ask", "say", "like", "love",
                "bring", "show", "pay", "owe"}
#: Words that set a progressive in the future: an arrangement, one event ("heading to X next week").
_FUTURE_WORDS = {"tomorrow", "tmrw", "tonight", "later", "next", "soon"}
#: A day the sentence is set on: a progressive then says what the user is busy with that day.
_ONE_DAY = re.compile(r"(?i)\b(?:today|tonight|all\s+day|all\s+morning|all\s+afternoon|this\s+(?:morning|"
                      r"afternoon|evening))\b")
#: Nouns too general to be an attribute ("the thing with X", "a lot of X").
_GENERAL_NOUNS = {"thing", "things", "stuff", "lot", "lots", "bit", "one", "way", "time", "day", "week", "kind",
                  "sort", "type", "part", "side", "place", "people", "everyone", "guy", "guys", "bunch", "couple",
                  # a while is no thing: "spent an hour on X"
                  "second", "minute", "min", "mins", "hour", "hours", "week", "month", "year", "morning", "evening",
                  "night", "afternoon", "while", "ages"}

#: A note's own kind said as its label ("Reminder: X at 3", "Update: X rang"): what the note is, not a thing of
#: the user's that X names.
_NOTE_LABELS = {"note", "notes", "nb", "ps", "pps", "reminder", "reminders", "update", "todo", "to-do", "fyi", "edit",
                "re", "subject", "question", "answer", "q", "a", "tip", "warning", "summary", "agenda", "news", "memo",
                "idea", "thought", "quote", "draft", "example", "task", "plan", "plans", "status", "headline", "fact",
                "note to self", "correction", "source", "credit", "credits", "link", "ref", "reference", "spoiler"}


@dataclass(frozen=True)
class _Name:
    """A name run in one sentence: its tokens (the head is the one the rest hang from)."""
    sentence: int
    tokens: tuple[Token, ...]
    text: str


def _name_word(tree: Tree, token: Token, opening: bool) -> bool:
    """A capitalised word that may be (part of) a name; a sentence's opening word only when the tagger says it is
    a proper noun or a named entity ("Ikea sent...", not "Got ...")."""
    text = token.text
    if not text[:1].isupper() or text.lower() in _NOT_NAMES or _CALENDAR.match(text) or not re.search(r"\w", text):
        return False
    if opening:
        return token.pos == "PROPN" and token.ent_type in _NAME_ENTITIES
    # inside a sentence a title's words may be a pronoun or a verb ("You Should Know"), never a joining word
    return token.pos not in ("PUNCT", "SYM", "CCONJ", "SCONJ", "INTJ", "PART")


def name_runs(tree: Tree, index: int) -> list[_Name]:
    """The name runs of one sentence: capitalised words, a leading "The", joins and numbers inside."""
    tokens = tree.tokens
    runs: list[list[Token]] = []
    current: list[Token] = []
    opening = next((t.i for t in tokens if t.pos not in ("PUNCT", "SPACE")), 0)
    for token in tokens:
        if _name_word(tree, token, token.i == opening):
            if not current:
                runs.append(current)
            current.append(token)
            continue
        following = tokens[token.i + 1] if token.i + 1 < len(tokens) else None
        if current and token.text.lower() in _NAME_JOINS and following is not None and \
                _name_word(tree, following, False):
            current.append(token)
            continue
        if current and names_own_possessive(tree, token):  # "St Patrick's", "Sainsbury's": the name's own "'s"
            current.append(token)
            current = []
            continue
        after = tokens[token.i + 2] if token.i + 2 < len(tokens) else None
        if current and lower(token) == "of" and following is not None and following.text == "the" and \
                after is not None and _name_word(tree, after, False):
            current.append(token)  # "Match of the Day", "Bank of the West"
            continue
        if current and token.text == "the" and current[-1].text.lower() == "of":
            current.append(token)
            continue
        if current and _NAME_NUMBER.match(token.text) and current[-1].text[:1].isupper():
            current.append(token)
            continue
        if not current and token.text == "The" and following is not None and _name_word(tree, following, False):
            runs.append(current)
            current.append(token)
            continue
        current = []
    names = []
    for run in runs:
        while run and (run[-1].text.lower() in _NAME_JOINS and not names_own_possessive(tree, run[-1])
                       or run[-1].text == "No"):
            run.pop()
        if not run or all(t.text == "The" for t in run) or \
                all(lower(t) in _FEAST_WORDS or _CALENDAR.match(t.text) for t in run):
            continue
        names.append(_Name(index, tuple(run), tree.text(run)))
    return names


def _head(tree: Tree, name: _Name) -> Token:
    """The name's token the others hang from (its head lies outside the name); a name the parser hung on a time
    word after it ("into Bay Motors tmrw") stands where the time word stands."""
    inside = {t.i for t in name.tokens}
    head = next((t for t in name.tokens if t.head not in inside or t.head == t.i), name.tokens[-1])
    governor = tree.head(head)
    if head.dep == "compound" and governor is not None and _CALENDAR.match(governor.text):
        return governor
    return head


def _clause_verb(tree: Tree, token: Token) -> Token | None:
    """The verb whose clause the token belongs to (the sentence's root when it has no verb above it)."""
    for ancestor in tree.ancestors(token):
        if ancestor.pos in ("VERB", "AUX"):
            return ancestor
    root = next((t for t in tree.tokens if t.head == t.i), None)
    return root


def _object_phrase(tree: Tree, verb: Token, before: int) -> str | None:
    """The verb's object said before the name ("take the car to"), in the user's words without whose it is;
    None for an event: an object said with "a" is one new thing ("writing a letter for X", "a pint with X"), and
    a verb that takes its meaning from its object says an event too ("have the meeting with X")."""
    obj = next((c for c in tree.children(verb, "dobj") if c.i < before), None)
    if obj is None:
        return ""
    if verb.lemma in _EVENT_VERBS or any(lower(d) in ("a", "an") for d in tree.children(obj, "det")):
        return None
    if obj.pos not in ("NOUN",) or lower(obj) in _GENERAL_NOUNS:
        return ""
    words = [lower(c) for c in tree.children(obj, "compound", "amod") if c.i < obj.i] + [lower(obj)]
    determined = bool(tree.children(obj, "det", "poss"))
    return ("the " if determined else "") + " ".join(words)


def _noun_label(tree: Tree, head: Token, name: _Name) -> str | None:
    """A lowercase noun just before the name that labels it ("university Otago", "the podcast Y")."""
    first = name.tokens[0].i
    before = tree.tokens[first - 1] if first > 0 else None
    if before is not None and before.pos in ("NOUN", "PROPN") and before.text.islower() and \
            before.text not in _GENERAL_NOUNS and before.text not in RELATIONS and before.text not in KIN and (before.head == head.i or head.head == before.i):
        return before.text
    return None


def _kind_after(tree: Tree, head: Token, name: _Name) -> tuple[str, Token] | None:
    """(attribute words, the noun) when the name modifies a common noun right after it, the kind of thing it is
    the name OF ("Salomon boots", "Sunflower nursery", "St Aidan's church"): that noun is the attribute. Not a
    new thing ("a Stephen King novel"), a work, a part or one event of the named whole ("the Nike app", "a Pixel
    screen", "the Wimbledon final"), nor a person's kin ("Ana's brother")."""
    governor = tree.head(head)
    end = name.tokens[-1].i
    if head.dep not in ("compound", "poss") or governor is None or governor.i <= end or governor.pos != "NOUN" or \
            not governor.text.islower():
        return None
    following = tree.tokens[governor.i + 1] if governor.i + 1 < len(tree.tokens) else None
    if following is not None and following.text == ":":
        return None  # "Trail shoes: X": the noun phrase is the note's label, its first word no name
    between = tree.tokens[end + 1:governor.i]
    if any(not (t.text == "'s" or (t.text.islower() and t.dep in ("compound", "amod") and t.head == governor.i))
           for t in between):
        return None
    word = lower(governor)
    if word in _GENERAL_NOUNS or word in RELATIONS or word in KIN or word in _NOTE_LABELS or \
            {word, governor.lemma} & (WORK_NOUNS | EVENT_NOUNS) or (word in PART_NOUNS and not between):
        return None  # a part said alone ("the Dyson battery"); "Green Flag breakdown cover" is no part
    if any(lower(d) in ("a", "an", "another", "some", "any") for d in tree.children(governor, "det")):
        return None
    return " ".join([*(lower(t) for t in between if t.text != "'s"), word]), governor


#: Word classes that make the words before a colon a clause, not a label ("I love: X", "off to: X").
_NOT_LABEL_POS = {"PRON", "AUX", "DET", "ADP", "NUM", "CCONJ", "SCONJ", "PART", "INTJ", "PUNCT", "SYM", "X"}


def _label_before_colon(tree: Tree, name: _Name) -> str | None:
    """The label of a note "Noun: Name." that opens the sentence, when the name after the colon is all of its
    value: the label's noun is the attribute, as "Vet: X" says X is the user's vet. Read by position, as the
    parser often reads a label wrongly ("Driving tutor:" as a verb and its object); its first word may be
    capitalised by position ("Solicitor"), its others not, and it is no one's name ("Tom: X?"). A note's own kind
    ("Reminder:", "PS:") labels nothing of the user's: "" for it; None where there is no label."""
    tokens = tree.tokens
    opening = _opening(tree)
    colon = next((t.i for t in tokens[opening:opening + 4] if t.text == ":"), None)
    if colon is None or colon == opening:
        return None
    begins = colon + 1 + (1 if colon + 1 < len(tokens) and lower(tokens[colon + 1]) == "the" else 0)
    if name.tokens[0].i not in (colon + 1, begins):
        return None  # "PS: my vet is X": the name is said inside a sentence of its own
    label = tokens[opening:colon]
    words = " ".join(lower(t) for t in label)
    if lower(label[-1]) in _NOTE_LABELS or words in _NOTE_LABELS or lower(label[0]) in _NOT_NAMES:
        return ""
    after = name.tokens[-1].i + 1
    if after < len(tokens) and tokens[after].pos != "PUNCT":
        return None  # "Dinner: Nando's with the girls": the name is not the whole value
    if any(t.pos in _NOT_LABEL_POS or not t.text.isalpha() for t in label) or label[-1].pos not in ("NOUN", "PROPN") \
            or any(not t.text.islower() for t in label[1:]) or not label[0].text[1:].islower() \
            or label[0].ent_type == "PERSON":
        return None
    return None if lower(label[-1]) in _GENERAL_NOUNS else words


def _opening(tree: Tree) -> int:
    return next((t.i for t in tree.tokens if t.pos not in ("PUNCT", "SPACE")), 0)


def attribute_of(tree: Tree, name: _Name) -> tuple[str, str, Token | None] | None:
    """(family, attribute words, the clause's verb) for the name, read from the word that governs it."""
    head = _head(tree, name)
    label = _noun_label(tree, head, name)
    if label:
        return NAMED, label, _clause_verb(tree, head)
    kind = _kind_after(tree, head, name)
    if kind is not None:
        verb = _clause_verb(tree, kind[1])
        if verb is not None and verb.lemma in HEDGE_VERBS - {"go"}:
            return None  # "I want X boots": wanted, not held
        if verb is not None and verb.tag == "VBG" and _ONE_DAY.search(tree.sentence.text):
            return None  # "debugging the X app all day": the day's task, not a thing the user keeps
        return NAMED, kind[0], verb
    noted = _label_before_colon(tree, name)
    if noted is not None:  # a note's label speaks for the user: its clause is the sentence's root
        return (NAMED, noted, next(t for t in tree.tokens if t.head == t.i)) if noted else None
    governor = tree.head(head)
    if governor is None:  # a note, "comfort food after a shift: X": the label said before the colon
        colon = next((t.i for t in tree.tokens[:name.tokens[0].i] if t.text == ":"), None)
        labels = [c for c in tree.children(head, "dep", "nsubj", "npadvmod") if colon is not None and c.i < colon
                  and c.pos in ("NOUN", "PROPN") and c.text.islower() and lower(c) not in _GENERAL_NOUNS]
        if labels:
            label = labels[0]
            words = [lower(c) for c in tree.children(label, "amod", "compound") if c.i < label.i]
            return NAMED, " ".join([*words, lower(label)]), head
        return None
    if head.dep == "attr" and governor is not None and governor.lemma == "be":
        subject = tree.child(governor, "nsubj")  # "my only me-time is X": the user's noun is the attribute
        if subject is not None and subject.pos == "NOUN" and subject.i < head.i and tree.children(subject, "poss") \
                and (lower(subject) not in _GENERAL_NOUNS or tree.children(subject, "compound")) \
                and lower(subject) not in RELATIONS:  # "me-time" is a time of the user's own
            words = [tree.text(tree.subtree(c)).lower() for c in tree.children(subject, "amod", "compound")
                     if c.i < subject.i and lower(c) not in ("only", "main", "usual", "current", "new", "own")]
            hyphen = subject.i > 0 and tree.tokens[subject.i - 1].text == "-"
            return NAMED, ("-" if hyphen else " ").join([*words, lower(subject)]), governor
        return None
    if head.dep in ("appos",) and governor is not None and governor.pos == "NOUN" and \
            lower(governor) not in _GENERAL_NOUNS:
        # "a new dog walker, Amy": the dog walker (a new one succeeds the old: the same attribute)
        words = [lower(c) for c in tree.children(governor, "amod", "compound") if c.i < governor.i
                 and lower(c) not in ("only", "main", "usual", "current", "new", "own")]
        return NAMED, " ".join([*words, lower(governor)]), _clause_verb(tree, governor)
    if head.dep == "pobj" and governor is not None:
        preposition = _PREPOSITIONS.get(lower(governor), lower(governor))
        owner = tree.head(governor)
        if owner is not None and owner.pos == "NOUN" and owner.dep in ("dobj",):
            verb = tree.head(owner)  # "got board games w X": the verb, its object, the preposition
            if verb is not None and verb.pos in ("VERB", "AUX") and verb.lemma not in ("be",):
                obj = _object_phrase(tree, verb, governor.i)
                if obj is None:
                    return None
                return NAMED_ACT, " ".join(w for w in (verb.lemma, obj, preposition) if w), verb
            return None
        if owner is not None and owner.pos in ("VERB", "AUX") and owner.lemma != "be":
            obj = _object_phrase(tree, owner, governor.i)
            if obj is None:
                return None
            passive = "be" if owner.tag == "VBN" and any(a.lemma == "be" for a in tree.children(owner, "auxpass",
                                                                                                "aux")) else ""
            return NAMED_ACT, " ".join(w for w in (passive, owner.lemma, obj, preposition) if w), owner
        return None
    if head.dep == "dobj" and governor is not None and governor.pos == "VERB" and governor.lemma not in _LIGHT_VERBS:
        return NAMED_ACT, governor.lemma, governor
    return None


def _relation(tree: Tree, subject: Token) -> str | None:
    """Whose fact a subject makes it: "user", one of the user's relations, or None (someone else's)."""
    word = lower(subject)
    if word in FIRST_PERSON:
        return USER
    owners = tree.children(subject, "poss")
    owned = any(lower(p) in FIRST_PERSON_POSSESSIVE for p in owners)
    if owners and not owned:
        return None  # "Jen's brother": someone else's
    if in_law(tree, subject):  # "my mother-in-law", which the parser splits: she is no mother
        return RELATIONS.get(f"{word}-in-law", f"{word}_in_law") if owned else None
    if word in KIN or (word in RELATIONS and owned):
        return KIN.get(word) or RELATIONS.get(word) or word
    if owned and subject.pos in ("NOUN", "PROPN") and subject.text.islower():
        return word  # "our grandson stays with X", "my van goes to X": theirs, named by its noun
    return USER if owned else None


def _whose(tree: Tree, verb: Token | None, pronoun_after: bool = False) -> str | None:
    """The fact's subject from the clause: the user ("I", "my X", a dropped subject, a bare owned noun), a
    relation ("my sister", "dad"), a person named by a first name alone (``first_name_alone``), else None."""
    if verb is None:
        return None
    subject = tree.child(verb, "nsubj", "nsubjpass")
    current = verb
    while subject is None and current.dep in ("conj", "xcomp", "acl") and tree.head(current) is not None:
        acl, current = current.dep == "acl", tree.head(current)
        if acl and current.pos == "NOUN" and current.text.islower() and not tree.children(current, "det"):
            return KIN.get(lower(current), lower(current))  # "car going into X": the user's car goes
        subject = tree.child(current, "nsubj", "nsubjpass")
    if subject is None:
        if verb.pos in ("NOUN", "PROPN") and verb.dep == "ROOT" and not tree.children(verb, "det", "poss"):
            return USER  # a note in chat: "guilty pleasure: X"
        # chat drops "I": "been bingeing X", "got board games w X"; never a bare participle ("booked into X")
        return USER if verb.tag in ("VBG", "VBD", "VBP") or tree.children(verb, "aux") else None
    relation = _relation(tree, subject)
    if relation is not None:
        return relation
    if subject.pos == "NOUN" and subject.text.islower() and not tree.children(subject, "det", "poss") and \
            subject.tag == "NN" and lower(subject) not in _GENERAL_NOUNS:
        return lower(subject)  # chat's dropped "my": "car needs X", the user's car
    if first_name_alone(tree, subject, pronoun_after):
        return subject.text.capitalize()  # someone in the user's life, named as the user names them
    return None


#: Titles and roles that name a public figure ("President Lula", "Dr Okafor", "Coach Reyes").
_TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "king", "queen",
           "prince", "princess", "president", "pm", "minister", "senator", "governor", "mayor", "pope", "saint",
           "st", "general", "captain", "judge", "chancellor", "sheikh", "chef", "coach", "rev", "father", "sister"}


#: Pronouns that say a name is a person's: a firm or a place is "it".
_PERSONAL_PRONOUNS = {"she", "he", "her", "him", "his", "hers", "shes", "hes"}


def first_name_alone(tree: Tree, subject: Token, pronoun_after: bool = False) -> bool:
    """A person named by a first name alone, with no title or surname: the way a user names someone in their own
    life ("Ines is at X now"); a public figure is named in full or with a role ("Taylor Swift", "President X").
    ``pronoun_after``: a later sentence of the message says "she" or "he"."""
    if subject.pos != "PROPN" or not subject.text[1:].islower() or not subject.text.isalpha() or \
            lower(subject) in _NOT_NAMES or _CALENDAR.match(subject.text):
        return False
    # the tagger's entity, or a personal pronoun after it: a firm or place is "it", a person "she" or "he"; chat
    # writes names in lower case ("priti works at X, she ..."): then the pronoun must say it
    person_pronoun = pronoun_after or any(lower(t) in _PERSONAL_PRONOUNS for t in tree.tokens[subject.i + 1:])
    if not person_pronoun and (subject.ent_type not in ("PERSON", "") or not subject.text[:1].isupper()):
        return False
    neighbours = [tree.tokens[i] for i in (subject.i - 1, subject.i + 1) if 0 <= i < len(tree.tokens)]
    if any(t.text[:1].isupper() and t.pos in ("PROPN", "NOUN") for t in neighbours):
        return False  # two capitalised words: a full name or a title
    if any(lower(t).rstrip(".") in _TITLES for t in neighbours) or tree.children(subject, "compound", "flat",
                                                                                   "appos", "poss", "det"):
        return False
    return True


def _spliced(tree: Tree, token: Token) -> bool:
    """The token's phrase stands before its head with a comma between and no subordinator: chat runs a
    statement on into the next one ("car going into X tmrw, could be nothing"), and the parser hangs the first
    on the second; the first keeps its own truth."""
    parent = tree.head(token)
    if parent is None or token.i > parent.i or tree.children(token, "mark"):
        return False
    end = max(t.i for t in tree.subtree(token) if t.pos != "PUNCT")
    return end < parent.i and any(t.text in (",", ";", ":") for t in tree.tokens[end + 1:parent.i + 1])


def _asserts(tree: Tree, verb: Token) -> bool:
    """``parse_tree.asserted``, with any phrase comma-spliced before the next statement kept to its own truth
    ("smelling of X today, glam life"; "car going into X tmrw, could be nothing")."""
    current: Token | None = verb
    while current is not None:
        if clause_negated(tree, current) or clause_hedged(tree, current):
            return False
        if _spliced(tree, current):
            return True
        parent = tree.head(current)
        if parent is None:
            return True
        if current.dep in ("advcl", "csubj", "pcomp", "ccomp", "xcomp") or current.dep == "acl" and \
                current.pos not in ("VERB",):
            return asserted(tree, current)
        current = parent
    return True


def _tense_fits(tree: Tree, verb: Token) -> bool:
    """Present, progressive, perfect; a past tense only when the sentence says a habit ("every Thursday"), also
    the past of a verb the clause completes ("finished reading X" is one event)."""
    chain, current = [verb], verb
    while current.dep in ("xcomp", "ccomp") and tree.head(current) is not None:
        current = tree.head(current)
        chain.append(current)
    if any(v.tag == "VBD" and not tree.children(v, "aux") for v in chain):
        if verb.lemma == "get" and any(lower(t) in _AT_LAST_WORDS for t in tree.tokens):
            return True  # "got X finally": what was waited for is had now (chat's "got" for "have got")
        return any(lower(t) in _HABIT_WORDS for t in tree.tokens)
    if verb.tag == "VBG" and any(lower(t) in _FUTURE_WORDS for t in tree.tokens):
        return False
    return True


def fallback_candidates(sentences: Sequence[ParsedSentence], found: Sequence[Candidate]) -> list[Candidate]:
    """One fact per sentence that asserts, is the user's, names a thing and gave no fact to any other layer."""
    said = [c.value.casefold() for c in found if c.value]
    out: list[Candidate] = []
    trees = [Tree(s) for s in sentences]
    for index, tree in enumerate(trees):
        text = tree.sentence.text.strip()
        if not text or is_question(tree.sentence) or any(value in text.casefold() for value in said):
            continue
        candidate = None
        for name in _joined_names(trees, index):
            if any(value in name.text.casefold() or name.text.casefold() in value for value in said):
                continue  # part of a value another layer read, the sentence split by the parser ("Chanel | No 5")
            later = trees[name.sentence + 1:]
            pronoun_after = any(lower(t) in _PERSONAL_PRONOUNS for later_tree in later for t in later_tree.tokens)
            candidate = _name_fact(trees[name.sentence], name, pronoun_after)
            if candidate is not None:
                break  # one fact per sentence: the first name that makes one
        if candidate is None:  # no name: a measured value of the user's ("a size 7", "10,000 steps a day")
            candidate = next(filter(None, (_measure_fact(tree, m) for m in measures(tree))), None)
        if candidate is not None and not _ended_by_its_verb(candidate):
            out.append(candidate)
    return out


def _ended_by_its_verb(candidate: Candidate) -> bool:
    """"I have given up on the Brighton Marathon": no "gives up on" fact beside the race the changes end; "I've
    closed my account at Nationwide": no "closes the account at" fact of a provider the user has left."""
    return (candidate.predicate or "").rsplit(":", 1)[-1] in ENDING_VERBS or \
        closed_at(candidate.evidence or "", candidate.value or "")


def _joined_names(trees: Sequence[Tree], index: int) -> list[_Name]:
    """The sentence's names, a title run on into the next sentence joined to it when the parser split it with no
    mark between ("Stuff | You Should Know")."""
    names = name_runs(trees[index], index)
    if index + 1 < len(trees) and names:
        last, following = names[-1], trees[index + 1]
        tokens = trees[index].tokens
        run_on = []
        for token in following.tokens:  # its opening words, capitalised as a title's are
            if not token.text[:1].isupper() or token.text.lower() in _NOT_NAMES or _CALENDAR.match(token.text):
                break
            run_on.append(token)
        if last.tokens[-1].i == tokens[-1].i and trees[index].sentence.text.rstrip()[-1:] not in ".!?;:," and \
                run_on:
            names[-1] = _Name(index, last.tokens, f"{last.text} {following.text(run_on)}")
    return names


def _copula_owner(tree: Tree, copula: Token) -> str | None:
    """Whose noun "my X is Y" names: the user's, or their relation's ("my sister's coach is Y")."""
    subject = tree.child(copula, "nsubj")
    if subject is None:
        return None
    for owner in tree.children(subject, "poss"):
        if lower(owner) in FIRST_PERSON_POSSESSIVE:
            return USER
        relation = _relation(tree, owner)
        if relation is not None and relation != USER and lower(owner) in (*KIN, *RELATIONS):
            return relation
    return None


def _holding(tree: Tree, found: tuple | None) -> tuple | None:
    """An attribute reading (family, attribute, governing verb) whose verb asserts, in a tense that holds beyond
    the day it was said; None for any other (no verb, a question, a wish, a one-off past)."""
    if found is None or found[2] is None or not _asserts(tree, found[2]) or not _tense_fits(tree, found[2]):
        return None
    return found


def _name_fact(tree: Tree, name: _Name, pronoun_after: bool = False) -> Candidate | None:
    if len(name.text) > 60 or len(name.text) < 2:
        return None
    found = _holding(tree, attribute_of(tree, name))
    if found is None:
        return None
    family, attribute, verb = found
    if any(lower(t) in ("not", "n't", "never", "no") for t in tree.tokens[max(0, name.tokens[0].i - 2):name.tokens[0].i]):
        return None
    subject = _copula_owner(tree, verb) if family == NAMED and verb.lemma == "be" else \
        _whose(tree, verb, pronoun_after)
    if subject is None:
        return None
    attribute = re.sub(r"\s+", " ", attribute).strip()
    predicate, value = family + attribute.replace(" ", "_"), name.text.strip()
    if not attribute or attribute in _LIGHT_VERBS or CHAT_FILLERS & set(attribute.split()) or \
            implausible_value(predicate, value):
        return None  # "yoga at X lol": a filler the parser hung the name on names nothing
    if family == NAMED and on_a_platform(value, attribute.split()[-1]):
        return None  # "the Facebook group": where the group is, not what it is called
    if attribute in ERRAND_VERBS and re.match(rf"^\W*{re.escape(attribute)}\b", tree.sentence.text.strip(), re.I):
        return None  # "- book Pickle in at the groomers": a to-do's verb opening its line, read as a noun
    return Candidate("assert", subject, predicate, value, tree.sentence.text.strip())


#: What a length or weight said of the user with "I'm" measures.
_BODY_MEASURES = {"length": "height", "weight": "weight"}


def _measure_attribute(tree: Tree, measure: Measure) -> tuple[str, str, Token | None] | None:
    """(family, attribute words, clause verb) for a measured value: a size by its own noun (what it is a size in
    stays in the value), a height or weight said with "I'm", the user's noun before "is", a noun governing it ("goal 10,000
    steps"), a verb that says what the measure is of ("sleep 7 hours"), and under a light verb the unit itself
    ("get 8,000 steps a day")."""
    head = measure.head
    governor = tree.head(head)
    if measure.kind == "money" and len(measure.tokens) == 2 and not (
            head.dep in ("attr", "acomp") and governor is not None and governor.lemma == "be"):
        return None  # a sum with no rate ("£25", "won £25 on X") is what one thing cost; "my rent is £950" holds
    if measure.kind == "size":
        return NAMED, "size", _clause_verb(tree, head)
    if governor is None:
        return None
    if head.dep in ("attr", "acomp") and governor.lemma == "be":
        subject = tree.child(governor, "nsubj")
        if subject is not None and lower(subject) in FIRST_PERSON and measure.kind in _BODY_MEASURES and \
                (measure.unit == "height" or measure.kind == "weight"):
            return NAMED, _BODY_MEASURES[measure.kind], governor
        if subject is not None and subject.pos == "NOUN" and tree.children(subject, "poss") and \
                lower(subject) not in _GENERAL_NOUNS and lower(subject) not in RELATIONS:
            words = [lower(c) for c in tree.children(subject, "amod", "compound") if c.i < subject.i]
            return NAMED, " ".join([*words, lower(subject)]), governor
        return None
    if governor.pos == "NOUN" and lower(governor) not in _GENERAL_NOUNS and governor.i < head.i:
        return NAMED, lower(governor), _clause_verb(tree, governor)
    if governor.pos == "VERB" and head.dep in ("dobj", "npadvmod"):
        if governor.lemma in _LIGHT_VERBS:
            return (NAMED, measure.unit, governor) if measure.kind == "count" else None
        return NAMED_ACT, governor.lemma, governor
    return None


def _measure_fact(tree: Tree, measure: Measure) -> Candidate | None:
    """One fact for a measured value of the user's that holds beyond the day it was said."""
    if one_off(tree, measure):
        return None
    found = _holding(tree, _measure_attribute(tree, measure))
    if found is None:
        return None
    family, attribute, verb = found
    subject = _copula_owner(tree, verb) if family == NAMED and verb.lemma == "be" and \
        attribute not in _BODY_MEASURES.values() and not attribute.startswith("size") else _whose(tree, verb)
    if subject is None or subject[:1].isupper():
        return None
    predicate = family + re.sub(r"\s+", "_", attribute.strip())
    if implausible_value(predicate, measure.text):
        return None
    return Candidate("assert", subject, predicate, measure.text, tree.sentence.text.strip())


__all__: Sequence[str] = ("fallback_candidates", "name_runs", "attribute_of", "NAMED", "NAMED_ACT")
