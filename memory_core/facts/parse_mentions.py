"""Facts said in passing: shapes of the tree where the user names something of theirs without a verb of having.

People rarely say "my internet provider is X". They say what happened to it, and the fact is in how
they name it. General shapes, the attribute always the user's own noun, never a list of attributes:

* a name used as the modifier of a noun ("the X wifi is down again", "my X account", "X bill came in"):
  the noun is the attribute, the name its value (the noun's clause must be the user's, or a verbless note);
* one of the user's people located by a preposition ("we fly out to see my dad in Lisbon", "visiting my
  sister in Leeds"): where that person lives;
* a place described by "where" and one of the user's people ("Leeds, where my brother has his house");
* a person named earlier in the message and then given a role by a pronoun ("Liam and I climb on
  Fridays; he's my boyfriend");
* a question the user asks and answers at once ("fave film? Y"); a thing said with "the" held "with" a named
  provider ("the mortgage is with Y"); "it's our favourite" after the one name before it.

A hedge (a modal, a condition, a wish), a negation or a question anywhere above the words gives nothing.
"""
from __future__ import annotations

import re
from typing import Iterator, Sequence

from memory_core.facts.frame_words import ERRAND_VERBS, EVENT_NOUNS, PART_NOUNS, WORK_NOUNS, on_a_platform
from memory_core.facts.parse_frames import FAVOURITE_WORDS, NOT_ATTRIBUTE_HEADS, USER, TreeFact, attribute_words
from memory_core.facts.parse_tokens import Token
from memory_core.facts.parse_tree import (FIRST_PERSON, FIRST_PERSON_POSSESSIVE, HEDGE_ADVERBS, HEDGE_MARKS,
                                          HEDGE_VERBS, MODALS, NEGATIONS, PRONOUNS, Tree, clause_negated, comma_spliced,
                                          lower)
from memory_core.facts.parse_values import has_name, plausible, value_phrase

#: Entities that are when or how much, never a provider or a place ("Monday meeting", "Christmas dinner").
_NOT_VALUE_ENTITIES = {"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"}
_PLACE_ENTITIES = {"GPE", "LOC"}
#: Entities that are no person (a name the tagger calls NORP or gives no kind may still be one).
_NOT_PEOPLE = _NOT_VALUE_ENTITIES | _PLACE_ENTITIES | {"ORG", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LANGUAGE",
                                                       "LAW"}
#: Third-person words that make a clause someone else's news.
_OTHERS = {"he", "she", "they", "his", "her", "their", "him", "them"}


def _people() -> set[str]:
    """Words for the people (and pets) in a user's life, from the vocabularies the other shapes share."""
    from memory_core.facts.change_cues import PERSON_NOUNS
    from memory_core.facts.frame_words import RELATIONS
    from memory_core.facts.parse_verbs import ROLE_WORDS
    return {*PERSON_NOUNS, *RELATIONS, *ROLE_WORDS}


PEOPLE = _people()


def stated(tree: Tree, token: Token) -> bool:
    """No verb above ``token`` is negated, modal, conditional, wished or hedged (a purpose clause
    "to see my dad" is still said; a verbless note is said)."""
    for verb in [token, *tree.ancestors(token)]:
        if verb.pos not in ("VERB", "AUX"):
            continue
        if clause_negated(tree, verb) or any(lower(a) in MODALS for a in tree.children(verb, "aux")):
            return False
        if any(lower(a) in HEDGE_ADVERBS for a in tree.children(verb, "advmod")):
            return False
        if any(lower(m) in HEDGE_MARKS - {"as", "because", "since", "while", "when", "whenever"}
               for m in tree.children(verb, "mark")):
            return False
        parent = tree.head(verb)
        if parent is not None and verb.dep in ("xcomp", "ccomp") and parent.lemma in HEDGE_VERBS - {"go", "love",
                                                                                                    "like"}:
            return False
        if comma_spliced(tree, verb):
            return True  # "it's with Y, will sort it later": the later clause's modal is not this one's
    return True


def _someone_elses(tree: Tree, noun: Token, *, owner_read: bool = False) -> bool:
    """The noun belongs to someone other than the user ("his X account", "Ana's X contract"), or its clause
    has another person as subject ("Tom got a X phone"); ``owner_read``: the caller has judged the owner."""
    for owner in tree.children(noun, "poss"):
        if lower(owner) not in FIRST_PERSON_POSSESSIVE and not owner_read:
            return True
    link = noun
    for ancestor in tree.ancestors(noun):
        if link.dep in ("dep", "parataxis"):
            return False  # a note loosely hung on another clause ("X on 9 May, they rang") is not that clause's
        link = ancestor
        if ancestor.pos not in ("VERB", "AUX"):
            continue
        subject = tree.child(ancestor, "nsubj", "nsubjpass")
        if subject is None or subject.i == noun.i or noun in tree.subtree(subject):
            continue
        if lower(subject) in FIRST_PERSON:
            return False
        if lower(subject) in _OTHERS or subject.pos == "PROPN" or (
                subject.pos == "NOUN" and not any(lower(p) in FIRST_PERSON_POSSESSIVE
                                                  for p in tree.children(subject, "poss"))):
            return True
    return False


def _name_run(tree: Tree, head: Token, names: list[Token]) -> str | None:
    """The name words before the noun, as written ("British Gas", "O2")."""
    low = min(n.i for n in names)
    for name in names:
        low = min([low, *(t.i for t in tree.subtree(name))])
    words = [t for t in tree.tokens[low:head.i] if t.pos not in ("DET", "PUNCT") and lower(t) not in ("my", "our")]
    if not words or any(t.pos not in ("PROPN", "NUM", "X") for t in words):
        return None
    text = tree.text(words)
    return text if plausible(text, words[-1]) else None


def _new_thing(tree: Tree, noun: Token) -> bool:
    """"a X noun" introduces something new, not one of the user's things: "Write a Python function" (a request)
    or "grabbed a Tesco meal deal" names no function and no meal deal of the user's. "the X wifi", "my X
    account" and a bare "X bill" point at a thing the user has."""
    phrase = noun
    while phrase.dep == "compound" and tree.head(phrase) is not None:
        phrase = tree.head(phrase)  # "a Tesco meal deal": the article is on the phrase's last noun
    return any(lower(d) in ("a", "an", "another", "some", "any") for d in tree.children(phrase, "det"))


def compound_mentions(tree: Tree) -> Iterator[TreeFact]:
    """"the X wifi", "X bill", "my X account": a name that modifies one of the user's nouns (one thing: a plural,
    "the React components", is things of a kind; nor a work, a part of the named whole or one event of a named
    series: ``WORK_NOUNS``, ``PART_NOUNS``, ``EVENT_NOUNS``)."""
    for noun in tree.tokens:
        if noun.pos != "NOUN" or not noun.text.islower() or noun.ent_type in _NOT_VALUE_ENTITIES or \
                lower(noun) in PEOPLE:  # a capitalised noun is part of the name ("Lisbon Half")
            continue
        if noun.tag == "NNS" or lower(noun) in PREPOSITION_WORDS or \
                {noun.lemma, lower(noun)} & (WORK_NOUNS | PART_NOUNS | EVENT_NOUNS):
            continue
        names = [c for c in tree.children(noun, "compound", "amod") if c.i < noun.i and c.pos == "PROPN"
                 and c.ent_type not in _NOT_VALUE_ENTITIES | {"PERSON", "NORP", "LANGUAGE"}]  # not "Italian"
        if not names or _someone_elses(tree, noun) or not stated(tree, noun) or _new_thing(tree, noun):
            continue
        attribute = " ".join(w for w in attribute_words(tree, noun).split() if w not in PRONOUNS)
        if not attribute or attribute.split()[-1] in NOT_ATTRIBUTE_HEADS:
            continue
        value = _name_run(tree, noun, names)
        if value and not on_a_platform(value, lower(noun)):
            yield TreeFact(USER, attribute, value, "name-modifier", True, True)


def _users_person(tree: Tree, noun: Token) -> bool:
    return noun.pos == "NOUN" and lower(noun) in PEOPLE and any(
        lower(p) in FIRST_PERSON_POSSESSIVE for p in tree.children(noun, "poss"))


def _place(tree: Tree, token: Token | None, where: bool = False) -> str | None:
    """A place's name; ``where``: any name a "where" clause describes (the tagger may not know it for a place)."""
    if token is None or token.pos != "PROPN" or not (token.ent_type in _PLACE_ENTITIES or (
            where and any(lower(a) == "where" for c in tree.children(token, "relcl") for a in tree.children(c)))):
        return None
    words = [t for t in tree.subtree(token) if t.pos == "PROPN" or lower(t) in ("of", "de", "da", "upon")]
    words = [t for t in words if t.i <= token.i]
    text = tree.text(words) if words else None
    return text if text and plausible(text, token) else None


#: Words that set a person far away before where they are: "my sister over in Dubai", "mum back in Lagos".
_PLACING_ADVERBS = frozenset({"over", "down", "up", "out", "back", "away"})


def located_people(tree: Tree) -> Iterator[TreeFact]:
    """"see my dad in Lisbon": one of the user's people and where they are; "Leeds, where my brother has his
    house": the place a "where" clause gives them."""
    for noun in tree.tokens:
        if not _users_person(tree, noun):
            continue
        # "my sister in Dubai", "my sister over in Dubai": where she is, said inside the noun phrase, holds whatever
        # the sentence does with her ("I need to post a parcel to my sister in Dubai")
        preps = [p for p in tree.children(noun, "prep") if lower(p) == "in"]
        preps += [q for p in tree.children(noun) if p.dep in ("prep", "advmod") and lower(p) in _PLACING_ADVERBS
                  for q in tree.children(p, "prep")]
        if not stated(tree, noun):
            preps = [] if len(preps) != 1 else preps
        verb = tree.head(noun)
        if noun.dep == "dobj" and verb is not None and verb.tag in ("VB", "VBP", "VBZ", "VBG") and stated(tree, noun):
            preps += tree.children(verb, "prep")  # "to see my mum in Galway": the place hangs from the verb
        for prep in preps:
            place = _place(tree, tree.child(prep, "pobj")) if lower(prep) == "in" else None
            if place:
                yield TreeFact(noun.lemma, "home", place, "person-in-place", True, True)
    for token in tree.tokens:
        if _place(tree, token, where=True) is None:
            continue
        for clause in tree.children(token, "relcl"):
            if not any(lower(a) == "where" for a in tree.children(clause, "advmod")) or not stated(tree, clause):
                continue
            subject = tree.child(clause, "nsubj")
            if subject is not None and _users_person(tree, subject) and clause.lemma in ("live", "have", "stay",
                                                                                       "rent", "own", "be"):
                yield TreeFact(subject.lemma, "home", _place(tree, token, where=True), "where-person", True, True)


def _person_names(tree: Tree) -> list[str]:
    """People named in a sentence: a person (or a name of no known kind), or a name joined to "I" ("Liam and I")."""
    found = []
    for token in tree.tokens:
        if token.pos != "PROPN" or (tree.head(token) is not None and tree.head(token).pos == "PROPN"
                                    and token.dep == "compound"):
            continue
        joined = any(lower(c) in FIRST_PERSON for c in tree.children(token, "conj"))
        # a person entity, or a name the tagger gave no kind to (a first name it does not know)
        if token.ent_type not in _NOT_PEOPLE or joined:
            words = [t for t in tree.subtree(token) if t.pos == "PROPN" and t.i <= token.i]
            found.append(tree.text(words))
    return found


def pronoun_roles(trees: Sequence[Tree]) -> Iterator[tuple[int, TreeFact]]:
    """(sentence index, fact) for "he's my boyfriend" after exactly one person named before it in the message."""
    named: list[str] = []
    for index, tree in enumerate(trees):
        for verb in tree.tokens:
            if verb.lemma != "be" or verb.dep in ("aux", "auxpass"):
                continue
            subject = tree.child(verb, "nsubj")
            role = tree.child(verb, "attr")
            if subject is None or lower(subject) not in ("he", "she") or role is None:
                continue
            people = {n.casefold(): n for n in named + [n for n in _person_names(tree)]}
            if len(people) == 1 and _users_person(tree, role) and stated(tree, verb):
                yield index, TreeFact(USER, attribute_words(tree, role), next(iter(people.values())),
                                      "pronoun-role", True, True)
        named += _person_names(tree)


def answered_questions(trees: Sequence[Tree]) -> Iterator[tuple[int, TreeFact]]:
    """(answer's sentence index, fact) for "fave film? Paddington 2": the user asks their own question, a bare
    noun phrase about something of theirs ("my X?", "favourite X?"), and answers it at once with a name."""
    for index, tree in enumerate(trees[:-1]):
        root = next((t for t in tree.tokens if t.dep == "ROOT"), None)
        if root is None or root.pos != "NOUN" or not tree.sentence.text.rstrip().endswith("?") or any(
                t.dep in ("nsubj", "nsubjpass") or t.pos == "AUX" for t in tree.tokens):
            continue
        modifiers = {lower(t) for t in tree.children(root, "poss", "amod", "compound")}
        owners = {lower(t) for t in tree.children(root, "poss")}
        if not modifiers & (FAVOURITE_WORDS | FIRST_PERSON_POSSESSIVE) or lower(root) in NOT_ATTRIBUTE_HEADS or \
                owners - FIRST_PERSON_POSSESSIVE:  # "your favourite film?" asks someone else
            continue
        answer = trees[index + 1]
        name = []  # the answer's opening name, up to the first word that is not part of one
        for token in answer.tokens:
            if token.pos == "PUNCT" or not (token.text[:1].isupper() or token.pos == "NUM" or (
                    name and lower(token) in ("&", "'s", "of", "the"))):
                break
            name.append(token)
        if not name or lower(name[0]) in PRONOUNS or not any(t.pos in ("PROPN", "NOUN", "NUM") for t in name):
            continue
        value = answer.text(name)
        if plausible(value, name[-1]):
            words = [w for w in attribute_words(tree, root).split() if w not in FIRST_PERSON_POSSESSIVE]
            yield index + 1, TreeFact(USER, " ".join(words), value, "answered-question", True, True)


#: Nouns for a regular activity: the noun before one names what the user does ("violin practice").
ACTIVITY_HEADS = {"class", "lesson", "practice", "session", "rehearsal", "training", "course", "club", "workshop"}


#: Activities named by an adjective and a noun that only mean it together ("first aid" is no kind of aid).
_SET_PHRASES = {"first aid", "creative writing", "life drawing", "sign language", "public speaking", "martial arts",
                "contemporary dance", "modern dance", "ballroom dancing", "latin dance", "mental health"}


def activity_mentions(tree: Tree) -> Iterator[TreeFact]:
    """"violin practice then dinner", "Thursday pottery class tonight": what the user's regular activity is."""
    for noun in tree.tokens:
        if noun.lemma not in ACTIVITY_HEADS or noun.pos not in ("NOUN", "PROPN") or _someone_elses(tree, noun) \
                or not stated(tree, noun):
            continue
        kinds = [c for c in tree.children(noun, "compound", "amod") if c.i < noun.i and c.pos == "NOUN"
                 and c.ent_type not in _NOT_VALUE_ENTITIES and c.text.islower()]
        if kinds:
            words = [t for t in tree.tokens[kinds[0].i:noun.i] if t.pos == "NOUN" and t.ent_type not in
                     _NOT_VALUE_ENTITIES]
            start = kinds[0].i
            if start > 0 and f"{lower(tree.tokens[start - 1])} {lower(kinds[0])}" in _SET_PHRASES:
                words = [tree.tokens[start - 1], *words]  # "a first aid course": first aid, not aid
            value = tree.text(words) if words else ""
            if plausible(value, words[-1]) if words else False:
                yield TreeFact(USER, noun.lemma, value, "activity", False, True)


def _named_before(tree: Tree, pronoun: Token) -> Token | None:
    """"booked Y again, it's our favourite": the one name of the clause before the comma that opens the pronoun's
    clause (two names leave "it" unresolved)."""
    if pronoun.i == 0 or tree[pronoun.i - 1].text != ",":
        return None
    heads = [t for t in tree.tokens[:pronoun.i] if t.pos == "PROPN" and t.dep in ("dobj", "pobj", "nsubj", "attr")]
    return heads[0] if len(heads) == 1 and heads[0].ent_type not in _NOT_VALUE_ENTITIES else None


def pointed_back(tree: Tree) -> Iterator[TreeFact]:
    """"Lisbon Half in May, that's the target": a name said first, then given its attribute by "that's"."""
    for verb in tree.tokens:
        if verb.lemma != "be" or verb.dep in ("aux", "auxpass") or not stated(tree, verb):
            continue
        subject, attribute = tree.child(verb, "nsubj"), tree.child(verb, "attr")
        if subject is None or lower(subject) not in ("that", "this", "it") or attribute is None or not (
                attribute.pos == "NOUN" or lower(attribute) in FAVOURITE_WORDS) or \
                tree.children(attribute, "prep", "relcl", "acl"):
            continue
        if not any(lower(d) in ("the", "my", "our") for d in tree.children(attribute, "det", "poss")):
            continue
        said = next((t for t in tree.children(verb, "dep", "npadvmod", "nmod", "intj")
                     if t.i < subject.i and t.pos in ("NOUN", "PROPN")), None) or _named_before(tree, subject)
        if said is None or not has_name(tree, said):
            continue
        value = value_phrase(tree, said)
        if value:
            yield TreeFact(USER, attribute_words(tree, attribute), value, "pointed-back", True, True)


_MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
           "dec"}
_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


def calendar_date(tree: Tree, head: Token | None) -> str | None:
    """A day on the calendar ("14 July", "March 3rd", "Friday the 9th"), as written; never a duration."""
    if head is None or head.ent_type != "DATE":
        return None
    low = high = head.i  # the date's own words: the run of date words around its head ("3 July", not "instead of")
    while low - 1 >= 0 and tree[low - 1].ent_type == "DATE" and lower(tree[low - 1]) not in ("instead", "of", "not"):
        low -= 1
    while high + 1 < len(tree.tokens) and tree[high + 1].ent_type == "DATE" and tree[high + 1].head != high + 1 \
            and lower(tree[high + 1]) not in ("instead", "of", "not", "rather"):
        high += 1
    if high + 2 < len(tree.tokens) and lower(tree[high + 1]) == "of" and lower(tree[high + 2]) in _MONTHS and \
            re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)?", lower(tree[high])):
        high += 2  # "the 14th of March": a day of a month, said with "of"
    words = list(tree.tokens[low:high + 1])
    while len(words) > 1 and lower(words[0]) == "the":
        words = words[1:]  # the article of "the 14th of March" is the sentence's
    if not any(lower(t) in _MONTHS | _WEEKDAYS or re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)?|\d{1,2}/\d{1,2}(?:/\d{2,4})?",
                                                               lower(t)) for t in words):
        return None
    if any(lower(t) in ("years", "months", "weeks", "days", "ago", "last", "every", "each") for t in words):
        return None
    return tree.text(words)


def _dates_of(tree: Tree, noun: Token) -> Iterator[Token]:
    """Where a date hangs from an event noun: "X on 3 May", "X = 3 May", "X is (on/due on) 3 May"."""
    for prep in tree.children(noun, "prep"):
        if lower(prep) in ("on", "for", "=", "is"):
            yield from tree.children(prep, "pobj", "appos")
    yield from tree.children(noun, "appos", "npadvmod")
    verb = tree.head(noun)
    if noun.dep == "nsubj" and verb is not None and verb.lemma in ("be", "fall"):
        yield from tree.children(verb, "attr")
        for link in [verb, *tree.children(verb, "acomp")]:
            for prep in tree.children(link, "prep"):
                if lower(prep) in ("on", "for"):
                    yield from tree.children(prep, "pobj")


def _month_only(date: str) -> bool:
    """A month with no day ("November", "next March"): a period, not a day on the calendar."""
    words = date.lower().split()
    return any(w in _MONTHS for w in words) and not any(w in _WEEKDAYS or re.search(r"\d", w) for w in words)


def _period_for(tree: Tree, noun: Token) -> bool:
    """The noun takes its date through "for" ("tickets for November"), not "on", "=" or "is"."""
    return any(lower(p) == "for" and tree.children(p, "pobj") for p in tree.children(noun, "prep"))


def _time_of_day_mark(tree: Tree, noun: Token) -> bool:
    """A bare noun after "after"/"before" tells the hour ("after work", "before school", "after lunch"): no event
    of its own is dated by the day beside it (one with its owner is: "after my op on 3 June")."""
    head = tree.head(noun)
    return head is not None and noun.dep == "pobj" and lower(head) in ("after", "before", "till", "until") and \
        not tree.children(noun, "det", "poss", "amod", "compound")


def dated_events(tree: Tree) -> Iterator[TreeFact]:
    """"eye test on 3 June", "Jamie's graduation = 14 July", "the van's service is due on 3 March": when an
    event of the user's (or of someone they name) is."""
    for noun in tree.tokens:
        if noun.pos != "NOUN" or noun.ent_type == "DATE" or not (noun.text.islower() or noun.i == 0 or
                                                                  noun.text.isupper()) or not stated(tree, noun):
            continue
        if _time_of_day_mark(tree, noun):
            continue  # "seeing Tom after work on Friday": when on Friday, no event of work's
        date = next((d for d in map(lambda t: calendar_date(tree, t), _dates_of(tree, noun)) if d), None)
        if date is None or (_month_only(date) and _period_for(tree, noun)):
            continue  # "tickets for November", "the budget for March": "for" a month is the period served
        owner = next((o for o in tree.children(noun, "poss")), None)
        of = next((p for p in tree.children(noun, "prep") if lower(p) == "of"), None)
        person = tree.child(of, "pobj") if of is not None else None  # "wedding of my cousin Rhea"
        if owner is not None and lower(owner) in FIRST_PERSON_POSSESSIVE:
            who = USER
        elif owner is not None and owner.pos == "PROPN":
            who = owner.text
        elif owner is not None and _users_person(tree, owner):
            who = owner.lemma
        elif owner is not None and owner.pos == "NOUN" and lower(owner) not in PEOPLE and any(
                lower(d) in ("the", "my", "our") for d in tree.children(owner, "det", "poss")):
            who = USER  # "the pickup's MOT": a thing of the user's; its name goes into the attribute
        elif owner is not None:
            continue  # "his exam", "the company's launch"
        elif person is not None and _users_person(tree, person):
            who = person.lemma
        else:
            who = USER
        if who == USER and _someone_elses(tree, noun, owner_read=True):
            continue
        attribute = " ".join(w for w in attribute_words(tree, noun).split() if w not in PRONOUNS)
        if who == USER and owner is not None and owner.pos == "NOUN":
            attribute = f"{owner.lemma} {attribute}"
        if attribute and attribute.split()[-1] not in NOT_ATTRIBUTE_HEADS:
            yield TreeFact(who, attribute, date, "dated-event", True, True)


def nicknames(tree: Tree) -> Iterator[TreeFact]:
    """"everyone at work calls me Duck": what people call the user."""
    for verb in tree.tokens:
        if verb.lemma != "call" or not any(lower(o) == "me" for o in tree.children(verb, "dobj")) or \
                not stated(tree, verb):
            continue
        name = tree.child(verb, "oprd", "attr", "xcomp", "npadvmod")
        me = next(o for o in tree.children(verb, "dobj") if lower(o) == "me")
        if name is None and me.i + 1 < len(tree.tokens) and tree[me.i + 1].pos == "PROPN":
            name = tree[me.i + 1]  # "calls me Sprout dont ask": the parser took the name for the next clause's subject
        if name is not None and name.text[:1].isupper() and lower(name) not in PRONOUNS:
            yield TreeFact(USER, "nickname", name.text, "nickname", True, True)


#: Words that greet or thank, never a role ("thanks Sam", "cheers Dave").
_NOT_ROLES = {"thanks", "thank", "cheers", "sorry", "hi", "hey", "hello", "bye", "congrats", "ta", "love", "lol",
              "haha", "yes", "no", "ok", "okay", "please", "pls", "dear", "mr", "mrs", "ms", "dr", "miss"}


#: Prepositions of place the tagger may take for a noun ("walked the dog round Victoria Park", "parked outside
#: Sainsbury's"): they place what follows, they never name an attribute.
PREPOSITION_WORDS = {"round", "around", "past", "outside", "inside", "opposite", "behind", "beside", "near", "across",
                     "along", "through", "towards", "toward", "via", "beyond", "alongside", "underneath", "outta"}
#: Roles written in capitals, as a label before a name: "my GP Dr Nolan".
_CAPITAL_ROLES = {"GP"}
#: Possessives of someone else before a label ("his dog Rex", "your manager Tom").
_OTHER_OWNERS = {"his", "her", "their", "your", "its"}


def role_then_name(tree: Tree) -> Iterator[TreeFact]:
    """"listening podcast The Rest Is History", "window cleaner Sparkle Bros coming tmrw", "bestie Aoife": a
    common noun written just before a name, as a label for it (the parser often reads such a run wrongly, so
    this follows the words: lower-case noun words, then capitalised ones)."""
    tokens = tree.tokens
    if any(lower(t) in NEGATIONS or lower(t) in MODALS or lower(t) in _OTHERS or lower(t) in ("if", "unless")
           for t in tokens):
        return  # a negation, a modal, a condition or someone else's: not said of the user's life as it is
    i = 1
    while i < len(tokens):
        start = i
        while i < len(tokens) and tokens[i].text[:1].isupper() and tokens[i].pos in ("PROPN", "NOUN", "DET", "NUM",
                                                                                      "ADJ", "AUX", "X"):
            i += 1
        if i == start:
            i += 1
            continue
        if tokens[start].text in _CAPITAL_ROLES and i - start > 1:
            start += 1  # "my GP Dr Nolan": the capitals' first word is the label
        role = []
        j = start - 1
        while j >= 0 and len(role) < 2 and tokens[j].text.isalpha() and (
                tokens[j].text.islower() or tokens[j].text in _CAPITAL_ROLES) and \
                tokens[j].pos in ("NOUN", "PROPN", "ADJ") and lower(tokens[j]) not in _NOT_ROLES:
            role.insert(0, tokens[j])
            j -= 1
        name = [t for t in tokens[start:i]]
        while name and (lower(name[-1]) in ("the", "is", "a") or name[-1].pos in ("DET", "AUX")):
            name = name[:-1]
        if role and lower(role[-1]) in PREPOSITION_WORDS:
            continue  # "round Victoria Park": a place after a preposition, no label
        if len(role) == 1 and lower(role[0]) in ERRAND_VERBS and (j < 0 or not tokens[j].text.isalnum()):
            continue  # "- book Pickle in at the groomers": a to-do's verb opening its line
        if j >= 0 and (tokens[j].text in ("'s", "\u2019s", "'") or lower(tokens[j]) in _OTHER_OWNERS):
            continue  # "Tom's dog Biscuit", "her cat Mog": someone else's
        if not role or not name or role[-1].pos == "ADJ" and len(role) == 1 or any(
                t.ent_type in _NOT_VALUE_ENTITIES for t in name) or (j >= 0 and lower(tokens[j]) in ("a", "an")):
            continue
        value = tree.text(name)
        if plausible(value, name[-1]) and not value.lower().startswith(("i ", "i'm")):
            yield TreeFact(USER, " ".join(lower(t) for t in role), value, "role-then-name", True, True)


def bare_copula(tree: Tree) -> Iterator[TreeFact]:
    """"dog walker is Ciara", "my pension, it's with Aviva": notes that drop the "my", or say it before a pronoun;
    the value must be a name (a bare "coffee is life" says nothing)."""
    for verb in tree.tokens:
        if verb.lemma != "be" or verb.dep in ("aux", "auxpass") or not stated(tree, verb):
            continue
        subject = tree.child(verb, "nsubj")
        if subject is None:
            continue
        noun, only_with = subject, False
        if lower(subject) in ("it", "that"):  # "my pension, it's with Aviva": the noun said before the pronoun
            before = [t for t in tree.tokens[:subject.i] if t.pos == "NOUN" and any(
                lower(p) in FIRST_PERSON_POSSESSIVE for p in tree.children(t, "poss"))]
            comma = subject.i > 0 and tree[subject.i - 1].text == ","
            noun = before[-1] if before and comma else None
        elif _held_with(tree, subject):
            only_with = True  # "the mortgage is with Y": a thing of the user's held by a named provider
        elif subject.pos != "NOUN" or not subject.text.islower() or tree.children(subject, "det", "poss") or \
                lower(subject) in PEOPLE or subject.i > 2:
            continue  # only a bare noun that opens the note ("dog walker is ...")
        if noun is None:
            continue
        values = [] if only_with else [*tree.children(verb, "attr", "acomp")]
        values += [tree.child(p, "pobj") for p in tree.children(verb, "prep")
                   if lower(p) in (("with",) if only_with else ("with", "at"))]
        for value in values:
            if value is not None and value.pos == "PROPN" and has_name(tree, value):
                text = value_phrase(tree, value)
                if text:
                    yield TreeFact(USER, attribute_words(tree, noun), text, "bare-copula", True, True)
                    break


def _held_with(tree: Tree, subject: Token) -> bool:
    """"The mortgage is with Y", "the car insurance is with Y": a thing said with "the" that a provider holds
    (only "with": "the party is at Y" places an event; an event "with" Y names who takes part, not a provider)."""
    from memory_core.facts.dated_events import EVENT_HEADS
    return subject.pos == "NOUN" and subject.text.islower() and lower(subject) not in PEOPLE and \
        subject.lemma not in EVENT_HEADS and lower(subject) not in EVENT_HEADS and \
        [lower(d) for d in tree.children(subject, "det", "poss")] == ["the"] and \
        lower(subject) not in NOT_ATTRIBUTE_HEADS


def mention_facts(tree: Tree) -> Iterator[TreeFact]:
    yield from role_then_name(tree)
    yield from bare_copula(tree)
    yield from dated_events(tree)
    yield from nicknames(tree)
    yield from compound_mentions(tree)
    yield from located_people(tree)
    yield from activity_mentions(tree)
    yield from pointed_back(tree)


__all__ = ("answered_questions", "mention_facts", "pronoun_roles", "stated", "has_name")
