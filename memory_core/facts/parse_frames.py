"""Noun-centred fact shapes over a dependency tree (verb shapes: ``parse_verb_frames``): who a clause is about,
which words name the attribute, which the value.

General shapes, not per-attribute rules; the attribute is always the user's own word:

* possessive copula: "my <attr> is Y", "Y is my <attr>", "my dog's name is Y", "our <attr> is on Y";
* a noun the user describes by a clause: "the <attr> I play is Y"; dislocated: "the <attr> I like, it is Y";
* naming: "a <attr> named/called Y", "my <attr> Y", "Y, my <attr>", "my <attr>, Y";
* the user describing themself: "I'm vegan" (the value's kind), "I'm a junior accountant" (a role),
  "I'm on a keto diet" (the preposition's object names the attribute), "I'm a size 9" (a numbered label);
* "favourite" makes a general noun an attribute ("Y is my fave place to eat").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from memory_core.facts.frame_words import PATRON_ROLES, RELATIONS, names_a_role
from memory_core.facts.parse_tokens import Token
from memory_core.facts.parse_tree import (FIRST_PERSON, PRONOUNS, Tree, asserted, clause_subject,
                                          denied_value, is_first_person, lower, owner_noun, present_tense)
from memory_core.facts.parse_values import TIME_ATTRIBUTE_WORDS, has_name, is_time, value_phrase
from memory_core.facts.parse_verbs import known_role, value_kind

USER = "user"
_NAMING_VERBS = {"name", "call", "nickname", "title"}
#: Prepositions after which the object is where or with whom something is, as a value ("my gym is in Y").
_VALUE_PREPS = {"in", "at", "on", "with", "from", "by", "near", "for"}
DISLOCATED_DEPS = {"npadvmod", "dep", "nsubj", "nmod", "intj"}


@dataclass(frozen=True)
class TreeFact:
    """One fact read off a tree: ``attribute`` in the user's words; ``named`` when the value has a name in it."""
    subject: str
    attribute: str
    value: str
    shape: str
    named: bool
    #: True when a lexicon (verb table) chose the attribute, so a plain noun value is enough.
    known: bool = False


def attribute_words(tree: Tree, noun: Token) -> str:
    """The attribute a noun names, with its modifiers ("favourite writer", "running club"), lemmatized head."""
    owners = [p.i for p in tree.children(noun, "poss")]  # "the wee one's coach": "wee" is the owner's word
    # a word written in lower case is no name, whatever its tag
    words = [lower(t) for t in tree.children(noun, "amod", "compound", "nmod") if t.i < noun.i and (
        t.pos != "PROPN" or t.text.islower()) and t.i > max(owners, default=-1)]
    head = lower(noun) if lower(noun) in _SINGULAR_IN_S else noun.lemma if noun.tag in ("NNS",) else lower(noun)
    return " ".join(words + [head])


#: Nouns that end in "s" and are no plural: the lemmatizer's "pilate" is no word.
_SINGULAR_IN_S = {"pilates", "athletics", "gymnastics", "aerobics", "darts", "billiards", "bowls", "dominoes",
                  "physics", "maths", "economics", "politics", "news", "lacrosse", "rounders", "checkers", "draughts",
                  "crossfit", "zumba", "aquarobics", "paralympics", "olympics", "classics", "linguistics"}


def _who(tree: Tree, noun: Token) -> str:
    """Whose attribute: the user's, or the user's sister's ("my sister's job")."""
    owner = owner_noun(tree, noun)
    return owner.lemma if owner is not None else USER


#: Entities that are no person, though a name: a firm's or a place's noun is no one the user knows.
#: (The small pipeline often calls a first name an ORG: "Nico's teacher"; a one-word name is let through.)
_NOT_PERSON_ENTITIES = {"GPE", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "DATE", "TIME", "MONEY"}


def named_owner(tree: Tree, noun: Token) -> str | None:
    """Someone the user names as the noun's owner, by first name ("Zara's coach"): the name as written."""
    for owner in tree.children(noun, "poss"):
        if (owner.pos == "PROPN" or owner.ent_type == "PERSON") and owner.ent_type not in _NOT_PERSON_ENTITIES \
                and owner.text[:1].isupper() \
                and not tree.children(owner, "compound", "poss", "det"):
            return owner.lemma if lower(owner) in RELATIONS else owner.text  # "Mum's op" is the mother's
        # "the boy's teacher", "the little one's nursery": one of the user's people, said with "the"
        if owner.pos in ("NOUN", "NUM") and lower(owner) in _PEOPLE_SAID_WITH_THE and _said_with_the(tree, owner):
            return owner.lemma
    return None


def _said_with_the(tree: Tree, owner: Token) -> bool:
    """"the boy's", "the wee one's": "the" opens the possessor's words (the parser may hang it, and the
    possessor's adjective, on the possessed noun instead)."""
    if any(lower(d) == "the" for d in tree.children(owner, "det")):
        return True
    before = owner.i - 1
    while before >= 0 and tree[before].pos == "ADJ":
        before -= 1
    return before >= 0 and lower(tree[before]) == "the"


#: Words for a child or partner said with "the" in a family's talk ("the boy", "the lad", "the wee one").
_PEOPLE_SAID_WITH_THE = {"boy", "girl", "lad", "lass", "kid", "kids", "baby", "one", "eldest", "youngest", "twins",
                         "missus", "wife", "husband", "dog", "cat"}


#: Head nouns that name no attribute ("the only hour I get", "the thing I love").
NOT_ATTRIBUTE_HEADS = {"hour", "minute", "day", "week", "month", "year", "moment", "thing", "one", "part",
                       "reason", "problem", "way", "bit", "lot", "kind", "sort", "place", "point", "idea"}


#: How people write "favourite" before a noun ("my fave place", "fav game").
FAVOURITE_WORDS = {"favourite", "favorite", "fav", "fave", "favourit", "favorit"}


def favourite_said(attribute: str) -> bool:
    """"my favourite place", "fav thing": a general head noun named by "favourite" is an attribute (a preference)."""
    return attribute.split()[0] in FAVOURITE_WORDS and len(attribute.split()) > 1


def fact(tree: Tree, subject: str, attribute: str, value_head: Token | None, shape: str, *,
          known: bool = False) -> TreeFact | None:
    if value_head is None or not attribute:
        return None
    value = value_phrase(tree, value_head)
    if value is None:
        return None
    if is_time(tree, value_head) and not TIME_ATTRIBUTE_WORDS & set(attribute.replace("-", " ").split() + [attribute]):
        return None  # "I've worked for the last three years": a duration is no employer
    if (attribute.split()[-1] in NOT_ATTRIBUTE_HEADS and not favourite_said(attribute)) or \
            denied_value(tree, value_head):
        return None
    return TreeFact(subject, attribute, value, shape, has_name(tree, value_head), known)


def is_users_noun(tree: Tree, noun: Token) -> bool:
    return noun.pos in ("NOUN", "PROPN") and is_first_person(tree, noun)


def _described_by_user(tree: Tree, noun: Token) -> bool:
    """"the writer I like most": a relative clause whose subject is the user."""
    return any(lower(s) in FIRST_PERSON for clause in tree.children(noun, "relcl", "acl")
               for s in tree.children(clause, "nsubj"))


_LIKING = {"like", "love", "enjoy", "prefer", "adore", "rate", "admire"}


def _favourite(tree: Tree, noun: Token) -> str:
    """"the band I love most" is the favourite band."""
    for clause in tree.children(noun, "relcl", "acl"):
        if clause.lemma in _LIKING and any(lower(a) in ("most", "best") for a in tree.subtree(clause)):
            return "favorite "
    return ""


def _about(tree: Tree, noun: Token) -> tuple[str, str] | None:
    """(subject, attribute) when the noun is one of the user's attributes, else None."""
    if noun.pos == "VERB" and noun.tag == "VBG" and noun.dep == "nsubj" and _described_by_user(tree, noun):
        return USER, lower(noun)  # a gerund used as a noun: "the streaming we pay for is Y"
    if noun.pos != "NOUN":
        return None
    owner = owner_noun(tree, noun)
    if owner is not None:
        if noun.lemma == "name":
            return USER, attribute_words(tree, owner)  # "my dog's name is Rex": the dog is Rex
        return owner.lemma, attribute_words(tree, noun)  # "my sister's job is ...": the sister's
    if is_users_noun(tree, noun):
        return USER, attribute_words(tree, noun)
    named = named_owner(tree, noun)
    if named is not None and noun.lemma != "name":  # "Zara's piano teacher is Y": a fact about Zara
        return named, attribute_words(tree, noun)
    if _described_by_user(tree, noun):
        return USER, _favourite(tree, noun) + attribute_words(tree, noun)
    of = next((p for p in tree.children(noun, "prep") if lower(p) == "of"), None)
    owner = tree.child(of, "pobj") if of is not None else None
    if owner is not None and is_users_noun(tree, owner):  # "the school of my daughter"
        return owner.lemma, attribute_words(tree, noun)
    return None


def copula_facts(tree: Tree) -> Iterator[TreeFact | None]:
    for verb in tree.tokens:
        if verb.lemma != "be" or verb.dep in ("aux", "auxpass") or not asserted(tree, verb):
            continue
        subject = tree.child(verb, "nsubj")
        complements = tree.children(verb, "attr", "acomp", "oprd") or _misread_complement(tree, verb)
        if subject is None:
            continue
        if lower(subject) in PRONOUNS and lower(subject) not in FIRST_PERSON:
            # "The writer I like most, it is Y" / "My mother, she is a nurse": a dislocated noun before the pronoun
            dislocated = next((t for t in tree.children(verb, *DISLOCATED_DEPS)
                               if t.i < subject.i and t.pos == "NOUN"), None)
            about = _about(tree, dislocated) if dislocated is not None else None
            # "it"/"that" stands for the thing ("The band I love, it is Y"); "he"/"she" for a person, not a value
            if about is not None and complements and lower(subject) in ("it", "that", "this"):
                yield fact(tree, about[0], about[1], complements[0], "dislocated", known=True)
            continue
        if lower(subject) in FIRST_PERSON:
            for complement in complements:  # "I'm pescatarian", "I'm a junior accountant"
                yield _self_description(tree, complement)
            # "I'm on a keto diet": the preposition's object names the attribute, its modifiers the value
            for prep in tree.children(verb, "prep"):
                noun = tree.child(prep, "pobj")
                if lower(prep) == "on" and noun is not None and noun.pos == "NOUN" and tree.children(
                        noun, "amod", "compound"):
                    yield fact(tree, USER, lower(noun), noun, "on-attribute", known=True)
            continue
        about = _about(tree, subject)
        if about is None and subject.lemma == "name" and not tree.children(subject, "poss"):
            # "My partner, the name is Rafael": the name of the noun said before it
            before = [*tree.children(verb, *DISLOCATED_DEPS), *([tree.head(verb)] if verb.dep == "parataxis" else [])]
            dislocated = next((t for t in before if t is not None and t.i < subject.i and t.pos == "NOUN"), None)
            about = _about(tree, dislocated) if dislocated is not None else None
        if about is None and _household_role(tree, subject) and present_tense(tree, verb):
            # "the boiler guy is Ray Hendry", "The window cleaner is Gary": a household's helper said with "the"
            for complement in complements:
                if complement.pos == "PROPN" and complement.text[:1].isupper() and has_name(tree, complement):
                    yield fact(tree, USER, attribute_words(tree, subject), complement, "the-role-copula", known=True)
            continue
        if about is not None:
            for complement in complements:
                yield fact(tree, about[0], about[1], complement, "possessive-copula", known=True)
            if not complements:
                for prep in tree.children(verb, "prep"):
                    if about[0] == USER and about[1] in RELATIONS and lower(prep) in ("at", "in"):
                        continue  # "my mum is at Ashgrove House now": where she is (the matcher's to name), not who
                    if lower(prep) in _VALUE_PREPS:
                        yield fact(tree, about[0], about[1], tree.child(prep, "pobj"), "possessive-copula-prep", known=True)
            continue
        for complement in complements:  # "Radiohead is my favourite band"
            if complement.pos == "NOUN" and is_users_noun(tree, complement):
                yield fact(tree, _who(tree, complement), attribute_words(tree, complement), subject,
                            "value-is-my-attribute", known=True)


#: Helpers a household has, said with "the" in the user's own talk ("the window cleaner is Gary"): the user's.
_HOUSEHOLD_ROLES = {"cleaner", "plumber", "electrician", "mechanic", "gardener", "dentist", "doctor", "gp", "vet",
                    "hairdresser", "barber", "babysitter", "childminder", "nanny", "tutor", "landlord", "landlady",
                    "neighbour", "neighbor", "accountant", "solicitor", "physio", "therapist", "optician", "postman",
                    "postie", "milkman", "walker", "builder", "decorator", "handyman", "chiropodist", "counsellor",
                    "instructor", "trainer", "engineer", "groomer", "sitter", "carer", "cleaners", "window"}
#: A person said by what they do for the user, with the thing before it: "the boiler guy", "the bin man".
_PERSON_HEADS = {"guy", "man", "woman", "lady", "bloke", "chap", "fella", "fellow", "person"}


def _household_role(tree: Tree, noun: Token) -> bool:
    """"the window cleaner", "the boiler guy": a helper of the household said with "the" alone, in present talk
    (no owner, no adjective that makes it one occasion's: "the new guy" at work is nobody's helper)."""
    if noun.pos != "NOUN" or [lower(d) for d in tree.children(noun, "det", "poss")] != ["the"] or \
            tree.children(noun, "amod", "prep", "relcl", "acl"):
        return False
    if lower(noun) in _PERSON_HEADS:
        return bool(tree.children(noun, "compound"))
    return lower(noun) in _HOUSEHOLD_ROLES


def _misread_complement(tree: Tree, verb: Token) -> list[Token]:
    """"Y is my fave game been playing it for years": in a run-on the parser may take the possessed noun after
    "is" for the subject of the next clause, leaving the copula with no complement; that noun is it."""
    after = verb.i + 1
    if after >= len(tree.tokens) or lower(tree[after]) not in ("my", "our"):
        return []
    noun = tree.head(tree[after])
    clause = tree.head(noun) if noun is not None else None
    if noun is None or noun.pos != "NOUN" or noun.dep != "nsubj" or clause is None or tree.head(clause) != verb:
        return []
    return [noun]


#: Nouns that say how the user is, not what they do ("I'm a big fan", "a morning person").
_NOT_ROLES = {"fan", "lover", "person", "people", "owl", "bird", "mess", "fool", "idiot", "bit", "lot", "kind", "type",
              "sort", "fan", "believer", "mum", "mom", "dad", "parent", "mother", "father", "wreck", "member", "part",
              "beginner", "newbie", "expert", "vegetarian", "vegan", "pescatarian", "runner", "cyclist", "reader",
              "sucker", "addict", "nerd", "geek", "one", "something", "someone", "man", "woman", "guy", "girl",
              "boy", "kid", "adult", "human",
              # a voice part: how the user sings in a choir, not a living ("I'm an alto apparently")
              "soprano", "mezzo", "alto", "contralto", "tenor", "baritone", "bass", "treble"}


def _self_description(tree: Tree, complement: Token) -> TreeFact | None:
    """"I'm vegan": a value that names its own kind; "I'm a junior accountant": the user's role."""
    text = value_phrase(tree, complement)
    if text is None:
        return None
    kind = value_kind(text)
    if kind:
        return TreeFact(USER, kind, text, "i-am-kind", False, True)
    label = numbered_label(tree, complement)
    if label is not None:
        return label
    article = tree.child(complement, "det")
    restricting = [kid for kid in tree.children(complement, "prep", "relcl", "acl")
                   if not _set_off(tree, kid) and not _where_work_is_done(kid, text)]
    if complement.dep == "attr" and complement.pos == "NOUN" and article is not None and lower(article) in (
            "a", "an") and lower(complement) not in _NOT_ROLES and not restricting:
        return TreeFact(USER, "job title", text, "i-am-a", False, True)
    return None


#: Prepositions that say where or for whom a role is worked: "a barber in Leeds", "a nurse at the Royal".
_WORKED_AT = {"in", "at", "for", "with", "on"}


def _where_work_is_done(kid: Token, role: str) -> bool:
    """"a barber in Leeds", "a teacher at Hillside": a place after a word that names a person by their work
    still says what the user is ("a regular at the Crown", "a member of the gym", "a season ticket holder at Leeds
    United" name no work, and stay out)."""
    return kid.dep == "prep" and lower(kid) in _WORKED_AT and names_a_role(role) and \
        role.split()[-1].lower() not in PATRON_ROLES  # "a season ticket holder at Leeds United" uses the place


def _set_off(tree: Tree, clause: Token) -> bool:
    """A relative clause after a comma ("a nurse, which I love") only comments on the noun, so the noun is
    still what the user is; without the comma ("a person who ...") it narrows what the noun means."""
    first = min(token.i for token in tree.subtree(clause))
    return clause.dep == "relcl" and first > 0 and tree[first - 1].text == ","


def numbered_label(tree: Tree, noun: Token, who: str = USER) -> TreeFact | None:
    """"I'm a size 9", "I take a size 12 in boots": a noun labelled by the number after it is the attribute,
    and the noun with its number the value (the number alone says nothing)."""
    if noun.pos != "NOUN" or lower(noun) in PRONOUNS:
        return None
    if not any(n.i > noun.i and n.pos == "NUM" for n in tree.children(noun, "nummod", "appos", "npadvmod")):
        return None
    return fact(tree, who, lower(noun), noun, "numbered-label", known=True)


def naming_facts(tree: Tree) -> Iterator[TreeFact | None]:
    for noun in tree.tokens:
        if noun.pos != "NOUN":
            continue
        # "a band called Y", "a dog named Y"
        for clause in tree.children(noun, "acl"):
            if clause.lemma in _NAMING_VERBS and clause.tag == "VBN":
                named = tree.child(clause, "oprd", "attr", "xcomp", "dobj", "npadvmod")
                if named is not None and _users_thing(tree, noun):
                    yield fact(tree, USER, attribute_words(tree, noun), named, "named")
        # "a greyhound by the name of Y" ("by" hung on the noun, or on the verb whose object it is)
        named = _by_the_name_of(tree, noun)
        if named is not None and _users_thing(tree, noun):
            yield fact(tree, USER, attribute_words(tree, noun), named, "named")
        # "The food shopping I do at Y.": a verbless statement, the noun described by the user's own clause
        if noun.dep == "ROOT" and _described_by_user(tree, noun):
            for clause in tree.children(noun, "relcl"):
                for prep in tree.children(clause, "prep"):
                    value = tree.child(prep, "pobj")
                    if value is not None and has_name(tree, value) and present_tense(tree, clause) and \
                            asserted(tree, clause):
                        yield fact(tree, USER, attribute_words(tree, noun), value, "described-place")
        # "my sister, Ana," / "my dog Rex"
        if is_users_noun(tree, noun) and owner_noun(tree, noun) is None:
            for name in tree.children(noun, "appos"):
                if name.pos == "PROPN" and _presupposed(tree, noun):
                    yield fact(tree, USER, attribute_words(tree, noun), name, "apposition")
    for name in tree.tokens:
        if name.pos != "PROPN" or not _presupposed(tree, name):
            continue
        # "Haruki Murakami, my favourite writer"
        for noun in tree.children(name, "appos"):
            if noun.pos == "NOUN" and is_users_noun(tree, noun) and owner_noun(tree, noun) is None:
                yield fact(tree, USER, attribute_words(tree, noun), name, "apposition")
        # "my sister Ana" (the noun parsed as the name's compound, "my" on the name)
        if any(lower(p) in ("my", "our") for p in tree.children(name, "poss")):
            for noun in tree.children(name, "compound"):
                if noun.pos == "NOUN":
                    yield fact(tree, USER, lower(noun), name, "name-compound")


def _by_the_name_of(tree: Tree, noun: Token) -> Token | None:
    """The name in "by the name of Y" said of the noun: on the noun itself, or on the verb the noun is the object
    of ("we've taken on a greyhound by the name of Juniper")."""
    holders = [noun] + ([tree.head(noun)] if noun.dep == "dobj" and tree.head(noun) is not None else [])
    for holder in holders:
        for by in tree.children(holder, "prep"):
            if lower(by) != "by":
                continue
            for name_noun in tree.children(by, "pobj"):
                if lower(name_noun) != "name":
                    continue
                for of in tree.children(name_noun, "prep"):
                    named = tree.child(of, "pobj") if lower(of) == "of" else None
                    if named is not None and named.pos == "PROPN":
                        return named
    return None


#: What makes a clause a supposition or a fancy, where even an apposition names nobody real.
_SUPPOSING_MARKS = {"if", "unless"}
_FANCY_VERBS = {"imagine", "pretend", "dream", "suppose", "wish"}


def _presupposed(tree: Tree, token: Token) -> bool:
    """An apposition names its noun whatever the clause says of it ("my sister, Ana, doesn't live in Oslo"), and
    whatever a request or a modal around it asks ("I wonder whether you might help me write to the neighbours who
    are minding our dog, Biscuit"), unless the clause is a supposition or a fancy ("if my sister Ana came",
    "imagine my dog Rex on a skateboard")."""
    for clause in [token, *tree.ancestors(token)]:
        if clause.pos not in ("VERB", "AUX"):
            continue
        if clause.lemma in _FANCY_VERBS or any(lower(m) in _SUPPOSING_MARKS for m in tree.children(clause, "mark")):
            return False
    return True


def _outside(tree: Tree, token: Token) -> Token | None:
    """For a parenthesized phrase ("(my bf)"), the word just before its opening parenthesis; else None."""
    words = [t for t in tree.subtree(token) if t.text not in ("(", ")")]
    before, after = words[0].i - 1, words[-1].i + 1
    if before >= 1 and after < len(tree.tokens) and tree[before].text == "(" and tree[after].text == ")":
        return tree[before - 1]
    return None


def parenthetical_facts(tree: Tree) -> Iterator[TreeFact | None]:
    """"landlord (Mr Hargreaves)", "Priyanka (flatmate)", "Declan (my bf)": a role and a name side by side.
    The role must be the user's ("my bf") or a word for a person or provider the lexicons know."""
    for head in tree.tokens:
        for inner in tree.children(head, "appos"):
            outside = _outside(tree, inner)
            if outside is None:
                continue
            role, name = (outside, inner) if inner.text[:1].isupper() else (inner, outside)
            if not role.text.islower() or not name.text[:1].isupper() or lower(name) in PRONOUNS:
                continue
            owned = any(lower(p) in ("my", "our") for p in tree.children(role, "poss"))
            # "maya's nursery (Little Acorns)": the role of a person the user names by first name
            named_owner = next((p for p in tree.children(role, "poss") if p.pos == "PROPN" and p.ent_type in (
                "", "PERSON", "NORP") and not tree.children(p, "compound")), None)
            if not (owned or named_owner is not None or known_role(lower(role))) or \
                    owner_noun(tree, role) is not None:
                continue
            value = value_phrase(tree, name)
            if value is not None and _presupposed(tree, head):
                who = lower(named_owner) if named_owner is not None else USER
                yield TreeFact(who, lower(role), value, "parenthetical", True, True)


def _clause_ok(tree: Tree, token: Token) -> bool:
    """The clause holding ``token`` is asserted (a verbless fragment counts as said)."""
    for ancestor in [token, *tree.ancestors(token)]:
        if ancestor.pos in ("VERB", "AUX"):
            return asserted(tree, ancestor)
    return True


def _users_thing(tree: Tree, noun: Token) -> bool:
    """The user's own: "my band", or the object of a first-person verb ("I play in a band called Y")."""
    if is_users_noun(tree, noun):
        return _clause_ok(tree, noun)
    for ancestor in tree.ancestors(noun):
        if ancestor.pos in ("VERB", "AUX"):
            subject = clause_subject(tree, ancestor)
            return subject is not None and _with_the_user(tree, subject) and asserted(tree, ancestor)
    return False


def _with_the_user(tree: Tree, subject: Token) -> bool:
    """"I", "we", or someone and the user together ("Geoffrey and I have taken on a greyhound")."""
    return lower(subject) in FIRST_PERSON or any(lower(c) in ("i", "me", "we") for c in tree.children(subject, "conj"))
