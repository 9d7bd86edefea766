"""Verb-centred fact shapes: a first-person clause (or one about the user's sister, dog, ...) whose verb, object
or preposition names the attribute.

* the verb (+ particle + preposition) names it: "train for Y", "bank with Y", "wake up at Y" (``parse_verbs``);
* the object names it: "get our gas from Y", "take my coffee black", "celebrate our anniversary on Y";
* the preposition's object names it: "I see Y for therapy";
* a possessed noun as subject: "my sister lives in Y" is a fact about the sister ("My mother, she lives in Y" too);
* a habit's named object, the verb its attribute: "I've always worn Y" (``habitual``; not a person met or felt
  about); a noun labelled by a number: "I take a size 12";
* someone named who does a regular job on the user's thing: "Y walks our dog", "Y comes to do the windows"
  (``service_facts``: the provider).

Only present states: a past verb counts only when it starts one ("we adopted", "I joined").
"""
from __future__ import annotations

from typing import Iterator, Sequence

from memory_core.facts.frame_words import ANIMALS, CHILD_RELATIONS
from memory_core.facts.parse_frames import (DISLOCATED_DEPS, USER, TreeFact, attribute_words, fact,
                                            is_users_noun, numbered_label)
from memory_core.facts.parse_mentions import PEOPLE, PREPOSITION_WORDS
from memory_core.facts.parse_tokens import Token
from memory_core.facts.parse_tree import (FIRST_PERSON, FIRST_PERSON_POSSESSIVE, PRONOUNS, Tree, asserted,
                                          clause_subject, in_law, lower, present_tense)
from memory_core.facts.parse_values import has_name, is_time, value_phrase
from memory_core.facts.parse_verbs import ENDING_VERBS, refine_by_value, verb_attribute

#: Prepositions that link an object to the provider or place of the attribute ("get gas from Y").
_PROVIDER_PREPS = {"from", "at", "with", "through", "via", "by", "in"}



def verb_facts(tree: Tree) -> Iterator[TreeFact | None]:
    for verb in tree.tokens:
        if verb.pos not in ("VERB",) or verb.lemma in ("be",) or lower(verb) in PREPOSITION_WORDS:
            continue  # "my jogs round the park": a preposition of place the tagger took for a verb
        subject = clause_subject(tree, verb)
        if subject is None:
            continue
        if lower(subject) in FIRST_PERSON:
            who = USER
        elif is_users_noun(tree, subject) and subject.pos == "NOUN":
            who = f"{subject.lemma}_in_law" if in_law(tree, subject) else subject.lemma  # "my sister lives in Y"
        elif _first_name(tree, subject):
            who = subject.text  # "Omar works at Y": a fact about Omar, never the user
        elif lower(subject) in ("he", "she", "they"):
            dislocated = next((t for t in tree.children(verb, *DISLOCATED_DEPS)
                               if t.i < subject.i and t.pos == "NOUN" and is_users_noun(tree, t)), None)
            if dislocated is None:
                continue
            who = dislocated.lemma  # "My mother, she lives in Y"
        else:
            continue
        if verb.tag == "VBD" and verb.lemma not in _NEW_STATE_VERBS or not asserted(tree, verb):
            continue
        yield from _verb_frames(tree, verb, who, people_subject=who != USER and not subject.text[:1].isupper())


#: Verbs that say too little to name an attribute with their preposition ("do at", "go to", "meet at").
_LIGHT_VERBS = {"do", "have", "get", "make", "go", "be", "take", "put", "come", "see", "say", "meet", "call", "think",
                "talk", "speak", "look", "tell", "ask", "feel", "hear", "leave", "arrive", "travel", "fly", "drive",
                "walk", "head", "stop", "stay", "sit", "wait", "eat", "drink", "write", "read", "send", "buy", "pay"}
#: Past verbs that start a state which still holds ("I joined X", "we adopted a dog named Y").
_NEW_STATE_VERBS = {"join", "adopt", "get", "buy", "switch", "start", "move", "sign", "take", "begin"}


def _users_own(tree: Tree, noun: Token) -> bool:
    """"in my IRA", "at our place": a thing of the user's own, said with "my", is no provider or name."""
    return any(lower(p) in FIRST_PERSON_POSSESSIVE for p in tree.children(noun, "poss"))


def _verb_frames(tree: Tree, verb: Token, who: str, people_subject: bool = False) -> Iterator[TreeFact | None]:
    """``people_subject``: the clause is about one of the user's people ("my sister", "my aunt, she ...")."""
    particle = " ".join(lower(p) for p in tree.children(verb, "prt"))
    base = f"{verb.lemma} {particle}".strip()
    if verb.lemma == "go" and particle in _DIRECTIONS:
        base = "go"  # "I go along to Y", "we go over to Y": the direction adds nothing to where
    objects = [o for o in tree.children(verb, "dobj") if lower(o) not in PRONOUNS]
    preps = [p for p in tree.children(verb, "prep") if tree.child(p, "pobj") is not None]
    for direction in tree.children(verb, "advmod"):  # "go along to Y": the parser hangs "to Y" on "along"
        if lower(direction) in _DIRECTIONS:
            preps += [p for p in tree.children(direction, "prep") if tree.child(p, "pobj") is not None]
    for obj in objects:  # "get our gas from Y": the preposition often hangs from the object
        preps += [p for p in tree.children(obj, "prep") if tree.child(p, "pobj") is not None]
    if any(t.dep == "prep" and lower(t) == "to" for t in tree.subtree(verb)):
        preps = [p for p in preps if lower(p) != "from"]  # "switched my shop from X to Y": X is what ended
    if base == "go" and (habitual(tree, verb) or _every(tree, verb)):
        # "I go to spin at Y twice a week", "I am going to yoga in Y since two years": the parser reads the
        # activity as an infinitive ("to spin"); its named place is the activity's
        for activity in tree.children(verb, "xcomp", "advcl"):
            if any(lower(a) == "to" for a in tree.children(activity, "aux")) and activity.pos in ("NOUN", "VERB"):
                place = _named_place(tree, activity)
                if place is not None:
                    yield fact(tree, who, lower(activity), place, "activity-place", known=True)
    for prep in preps:
        value = tree.child(prep, "pobj")
        if base == "go" and lower(prep) == "to" and not objects and _habitual_place(tree, verb, value):
            yield fact(tree, who, "go to", value, "habitual-place", known=True)  # "my son goes to Y"
            continue
        place = _activity_place(tree, verb, value) if base == "go" and lower(prep) == "to" else None
        if place is not None:  # "I go to yoga at Y every Saturday": the activity's place, as "I do yoga at Y"
            yield fact(tree, who, attribute_words(tree, value), place, "activity-place", known=True)
            continue
        attribute = verb_attribute(f"{base} {lower(prep)}", has_object=bool(tree.children(verb, "dobj"))) or \
            verb_attribute(f"{base} {_preposition(prep, value)}", has_object=bool(tree.children(verb, "dobj")))
        if attribute == "employer" and (value.pos == "NUM" or is_time(tree, value)):
            continue  # "I started at 9 today": a time, no employer (a habit of it is a start time, ``frames``)
        if attribute == "employer" and base in ("start", "begin") and who in CHILD_RELATIONS:
            attribute = "school"  # "my son started at Y": his school
        if attribute:  # "train for", "bank with", "wake up at": the verb names the attribute
            yield fact(tree, who, attribute, value, "verb-prep", known=True)
            continue
        for obj in objects:
            if obj.pos == "PROPN" and value.pos == "NOUN" and lower(prep) == "for":
                if verb.lemma == "meet" or any(lower(d) in ("a", "an") for d in tree.children(value, "det")):
                    continue  # "meeting Baz for a bacon roll": a friend met for one thing, no provider
                yield fact(tree, who, attribute_words(tree, value), obj, "see-for")  # "I see Y for therapy"
            elif obj.pos == "NOUN" and lower(prep) in _PROVIDER_PREPS and has_name(tree, value) and \
                    present_tense(tree, verb) and not _users_own(tree, value) and \
                    not _animal_walked_at_a_place(obj, prep, value) and verb.lemma not in _ENDING_LEMMAS:
                # a habit, not one purchase ("I bought milk at Lidl")
                yield fact(tree, who, attribute_words(tree, obj), value, "object-from")  # "get my gas from Y"
            elif obj.pos == "NOUN" and lower(prep) in ("on", "in", "at") and is_users_noun(tree, obj) and \
                    not _users_own(tree, value) and not _animal_walked_at_a_place(obj, prep, value) and \
                    verb.lemma not in _ENDING_LEMMAS:
                # "put my bonus in my IRA": one of the user's things in another
                yield fact(tree, who, attribute_words(tree, obj), value, "object-when")  # "our anniversary on Y"
            elif verb.lemma == "have" and obj.pos == "NOUN" and obj.lemma in _SCHEDULED and \
                    lower(prep) in ("on", "at") and value.ent_type in ("DATE", "TIME") and present_tense(tree, verb):
                # "my son has football practice on Wednesdays", "she has swimming lesson on Tuesday 4:45": its slot
                yield fact(tree, who, attribute_words(tree, obj), value, "has-scheduled", known=True)
        if not objects and (who == USER or people_subject) and verb.lemma not in _LIGHT_VERBS and \
                present_tense(tree, verb) and has_name(tree, value):
            # "I volunteer at Y"; "my son rows for Y"
            yield fact(tree, who, f"{base} {lower(prep)}", value, "verb-prep")
    for obj in objects:
        attribute = verb_attribute(base)
        if attribute in ("instrument", "language"):
            attribute = refine_by_value(attribute, value_phrase(tree, obj) or "",
                                        definite=any(lower(d) == "the" for d in tree.children(obj, "det")))
        if attribute:  # "I drive a Corolla", "I'm learning Welsh"
            yield fact(tree, who, attribute, obj, "verb-object", known=True)
        elif who == USER and habitual(tree, verb) and verb.lemma not in _LIGHT_VERBS | _PERSONAL_VERBS and \
                obj.pos == "PROPN" and has_name(tree, obj):
            yield fact(tree, who, base, obj, "habitual-object", known=True)  # "I've always worn Y": the verb's Y
        label = numbered_label(tree, obj, who)
        if label is not None:  # "I take a size 12 in boots"
            yield label
        # "I take my coffee black", "I take my coffee with oat milk"
        if obj.pos == "NOUN":
            for complement in tree.children(verb, "oprd", "acomp", "advmod", "xcomp", "ccomp"):
                bare_word = complement.pos == "NOUN" and not tree.children(complement)  # "black", tagged a noun
                if (complement.pos == "ADJ" or bare_word) and complement.i > obj.i:
                    yield fact(tree, who, attribute_words(tree, obj), complement, "object-complement", known=True)


#: Verbs whose object is a person met or felt about, or a thing left, not a thing the user has the habit of
#: ("I miss Tom", "I text Ana", "I quit Y"; "I prefer Y to Z" does say the user's preference).
_PERSONAL_VERBS = {"love", "like", "hate", "miss", "know", "meet", "visit", "call", "text", "email", "phone", "ring",
                   "message", "ask", "tell", "thank", "help", "trust", "marry", "date", "hug", "kiss", "blame",
                   "follow", "remember", "forget", "need", "want", "mean", "join", "leave", "owe", "pay", "bring",
                   "teach", "show", "find", "invite", "promise", "let", "keep", "mind", "wish", "hope", "expect",
                   "admire", "adore", "respect", "fancy", "avoid", "babysit", "mention", "finish", "start",
                   "recommend", "check", "try", "order", "book", "cancel", "lose", "win", "beat", "pick", "collect",
                   "drop", "introduce", "interview", "hire", "fire", "congratulate", "annoy", "bother", "support",
                   # an ending or a swap, not a habit ("I quit Y", "I replaced Y")
                   "quit", "stop", "ditch", "dump", "sell", "replace", "swap", "change", "switch"}


#: Things a person has on a weekday, a series: "has football practice on Wednesdays", "has swimming lesson on Tuesday".
_SCHEDULED = {"lesson", "practice", "class", "training", "rehearsal", "club", "session", "tutoring", "therapy", "shift"}


#: Verbs of having or holding: what someone has is no job they do for the user ("X have the file now").
_HAVING_VERBS = {"have", "own", "hold", "possess", "got"}


def habitual(tree: Tree, verb: Token) -> bool:
    """A habit or lasting state said in the present: "I wear Y", "I've always worn Y", "I'm forever playing Y"
    (a present perfect counts only with "always" or "for years": "I've met Y" is one event)."""
    if verb.tag in ("VBP", "VBZ"):
        return True
    lasting = any(lower(a) in ("always", "forever", "still") for a in tree.children(verb, "advmod")) or any(
        lower(p) in ("for", "since") and any(o.ent_type == "DATE" for o in tree.children(p, "pobj"))
        for p in tree.subtree(verb) if p.dep == "prep")  # "has looked after it for thirty years"
    if verb.tag == "VBG" and any(a.lemma == "be" and a.tag in ("VBP", "VBZ") for a in tree.children(verb, "aux")):
        return lasting or any(lower(a) in ("currently", "now") for a in tree.children(verb, "advmod"))
    return verb.tag == "VBN" and present_tense(tree, verb) and lasting


def service_facts(tree: Tree) -> Iterator[TreeFact | None]:
    """"Ciara walks our dog", "Dunmore Motors looks after my van", "Ana takes the dog out for me": someone named
    who does a regular job on the user's thing is the user's provider of it (the attribute: the thing and the
    job, "dog walk"; the value: the name)."""
    for verb in tree.tokens:
        if verb.pos != "VERB" or verb.lemma in _PERSONAL_VERBS | _HAVING_VERBS or lower(verb) in PREPOSITION_WORDS \
                or not habitual(tree, verb):
            continue
        subject = tree.child(verb, "nsubj")
        if subject is None or not _named(tree, subject) or not asserted(tree, verb):
            continue
        for_user = any(lower(o) in FIRST_PERSON for p in tree.children(verb, "prep") if lower(p) == "for"
                       for o in tree.children(p, "pobj"))
        # "Y comes out to do the windows": the job may be the purpose of coming
        jobs = [verb, *[c for c in tree.children(verb, "advcl", "xcomp") if c.tag == "VB" and any(
            lower(a) == "to" for a in tree.children(c, "aux"))]]
        for job in jobs:
            particle = " ".join(lower(p) for p in tree.children(job, "prt")) if job is verb else ""
            for obj in tree.children(job, "dobj"):
                if obj.pos == "NOUN" and (is_users_noun(tree, obj) or for_user or _the_users(tree, obj)):
                    yield fact(tree, USER, f"{attribute_words(tree, obj)} {job.lemma} {particle}".strip(), subject,
                               "service-by-name", known=True)
        for prep in tree.children(verb, "prep"):  # "Dunmore Motors looks after my van": the thing after a particle
            obj = tree.child(prep, "pobj")
            if lower(prep) == "after" and obj is not None and obj.pos == "NOUN" and (
                    is_users_noun(tree, obj) or _the_users(tree, obj)):
                yield fact(tree, USER, f"{attribute_words(tree, obj)} {verb.lemma} after", subject,
                           "service-by-name", known=True)


def pronoun_objects(trees: Sequence[Tree]) -> Iterator[tuple[int, TreeFact]]:
    """(sentence index, fact) for "My nephew got me into Wingspan. I play it most weekends": a habit of the user's
    whose object is "it", standing for the one name the sentence before gave."""
    for index in range(1, len(trees)):
        tree, before = trees[index], trees[index - 1]
        names = [t for t in before.tokens if t.pos == "PROPN" and t.dep in ("dobj", "pobj", "attr", "appos")]
        if len(names) != 1:
            continue  # none, or more than one the pronoun could stand for
        value = value_phrase(before, names[0])
        for verb in tree.tokens:
            subject = clause_subject(tree, verb) if verb.pos == "VERB" else None
            if subject is None or lower(subject) not in FIRST_PERSON or value is None or \
                    not any(lower(o) == "it" for o in tree.children(verb, "dobj")) or \
                    not habitual(tree, verb) or not asserted(tree, verb):
                continue
            particle = " ".join(lower(p) for p in tree.children(verb, "prt"))
            base = f"{verb.lemma} {particle}".strip()
            attribute = verb_attribute(base)
            if attribute in ("instrument", "language"):
                attribute = refine_by_value(attribute, value)
            if not attribute and verb.lemma not in _LIGHT_VERBS | _PERSONAL_VERBS:
                attribute = base
            if attribute:
                yield index, TreeFact(USER, attribute, value, "pronoun-object", True, True)


def _preposition(prep: Token, value: Token | None) -> str:
    """"works in Deloitte" is "works at Deloitte": "in" before an organisation's name is the "at" of a place one
    belongs to (a learner's and a dialect's usage); "in London", "in marketing" stay "in"."""
    if lower(prep) == "in" and value is not None and value.ent_type == "ORG":
        return "at"
    return lower(prep)


def _the_users(tree: Tree, noun: Token) -> bool:
    """"the dog", "the van": a household thing said with "the" in the user's own talk is theirs (a person is not)."""
    return [lower(d) for d in tree.children(noun, "det", "poss")] == ["the"] and lower(noun) not in PEOPLE and \
        noun.text.islower() and not tree.children(noun, "amod")  # "the cheapest milk" is a claim, not a thing


def _named(tree: Tree, token: Token) -> bool:
    """A name: tagged one, or a capitalised word with no article or owner (the small tagger reads a first name
    it does not know, "Greta walks...", as a common noun)."""
    if lower(token) in PRONOUNS or lower(token) in PEOPLE or not token.text[:1].isupper():
        return False  # "Mum walks the dog": a relation, not a provider's name
    return token.pos == "PROPN" or (token.pos == "NOUN" and not tree.children(token, "det", "poss", "amod"))


def _habitual_place(tree: Tree, verb: Token, value: Token | None) -> bool:
    """"I go to Y" said of a habit: present simple, a named place, and no one date ("I go to Rome in May" is a
    plan; "on Tuesdays", "every week" are habits)."""
    if value is None or verb.tag not in ("VBP", "VBZ") or not has_name(tree, value):
        return False
    for token in tree.subtree(verb):
        if token.ent_type == "DATE" and token.ent_type != value.ent_type and not (
                lower(token) in ("every", "each") or token.text.lower().endswith("s") or _any_one(tree, token)):
            return False
    return True


#: Verbs that end the user's hold on what they govern: "I've closed my account at X" is X's ending, the changes'
#: to read, never "account: X".
_ENDING_LEMMAS = frozenset({verb for verb in ENDING_VERBS if "_" not in verb} | {"close", "end", "terminate", "shut"})


def _animal_walked_at_a_place(obj: Token, prep: Token, value: Token) -> bool:
    """"we walk the dog at Hampstead Heath": a named place an animal is taken to is where, never its name."""
    return obj.lemma in ANIMALS and lower(prep) in ("at", "in") and value.ent_type not in ("DATE", "TIME")


def _activity_place(tree: Tree, verb: Token, activity: Token | None) -> Token | None:
    """The named place of an activity gone to as a habit ("going to yoga in Bodhi Studio since two years", "I go to
    spin at Pedal House twice a week"): the activity a plain noun, the place a name after "at"/"in"."""
    if activity is None or activity.pos != "NOUN" or has_name(tree, activity) or not (
            habitual(tree, verb) or _every(tree, verb)):
        return None
    return _named_place(tree, activity, verb)


def _named_place(tree: Tree, activity: Token, verb: Token | None = None) -> Token | None:
    """The name after "at"/"in" that says where the activity is done (not a date, a time or a town)."""
    for prep in [*tree.children(activity, "prep"), *(tree.children(verb, "prep") if verb is not None else [])]:
        place = tree.child(prep, "pobj")
        if lower(prep) in ("at", "in") and place is not None and place.i > activity.i and has_name(tree, place) and \
                place.ent_type not in ("DATE", "TIME", "GPE"):
            return place
    return None


def _every(tree: Tree, verb: Token) -> bool:
    """A frequency said in the verb's clause: "every Saturday", "twice a week", "since two years" (not "this
    week": one week)."""
    words = [lower(t) for t in tree.subtree(verb)]
    return bool(set(words) & {"every", "each", "weekly", "daily", "twice", "since", "usually", "always"}) or any(
        word in ("a", "per") and following in ("week", "month", "day") for word, following in zip(words, words[1:]))


def _any_one(tree: Tree, date: Token) -> bool:
    """"on a Wednesday", "of an evening": a day said with "a" is any such day, a habit."""
    phrase = [date, *[a for a in tree.ancestors(date) if a.pos in ("NOUN", "PROPN")][:1]]
    return any(lower(d) in ("a", "an") for word in phrase for d in tree.children(word, "det"))


#: Adverbs of direction that may stand between "go" and "to" ("go along to", "go round to").
_DIRECTIONS = {"along", "over", "down", "round", "around", "up", "across", "back"}


def _first_name(tree: Tree, token: Token) -> bool:
    """A person named by a single first name ("Omar", "priti" typed in lower case is not caught)."""
    return token.pos == "PROPN" and token.text[:1].isupper() and token.ent_type in ("PERSON", "", "NORP") and \
        not tree.children(token, "compound", "det", "poss", "amod") and token.dep in ("nsubj",)
