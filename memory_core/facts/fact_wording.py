"""Fact text as a person reads it: one English sentence per fact, whatever the attribute's name.

The parse names attributes in the user's own words, and some of them are verbs
("share with", "volunteer at", "wake up at"): "The user's share with is Sven." reads
badly. So the sentence follows the attribute's form, not a table per attribute:

* a verb (+ particle) + preposition: "The user shares with Sven.", "The user wakes up at 6:30.";
* a noun: "The user's gym is FitHub.";
* another person's fact: "The user's sister lives in Porto.".

The value is always kept verbatim (checks and search read it in the text).
"""
from __future__ import annotations

import re

#: A word that ends a verb attribute: the verb's preposition ("share with", "train for", "be based in").
VERB_PREPOSITIONS = {"in", "at", "for", "with", "on", "to", "by", "from", "as", "into", "onto", "about", "under",
                     "through", "via", "after", "near"}
#: Verbs whose third person is not "+s"/"+es"/"-y -> ies".
_IRREGULAR_3SG = {"be": "is", "have": "has", "do": "does", "go": "goes"}
_VOWELS = set("aeiou")


def third_person(verb: str) -> str:
    """"share" -> "shares", "teach" -> "teaches", "study" -> "studies", "be" -> "is"."""
    if verb in _IRREGULAR_3SG:
        return _IRREGULAR_3SG[verb]
    if re.search(r"(?:s|sh|ch|x|z)$", verb):
        return f"{verb}es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in _VOWELS:
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def _participle(verb: str) -> str:
    """"base" -> "based", "locate" -> "located": the lemma the parse gives for "be based in"."""
    return f"{verb}d" if verb.endswith("e") else f"{verb}ed"


def is_verb_attribute(words: str) -> bool:
    """An attribute of the form verb (+ particle) + preposition: it ends with a preposition and has a verb
    before it ("share with"); a noun attribute ends with its noun ("gym", "drink of choice" is cut earlier)."""
    parts = words.split()
    return len(parts) >= 2 and parts[-1] in VERB_PREPOSITIONS and parts[0] not in VERB_PREPOSITIONS


def verb_phrase(words: str) -> str:
    """The attribute's verb phrase in the third person: "wake up at" -> "wakes up at", "be base in" -> "is based in"."""
    parts = words.split()
    if parts[0] == "be" and len(parts) >= 3:
        return " ".join(["is", _participle(parts[1]), *parts[2:]])
    return " ".join([third_person(parts[0]), *parts[1:]])


def without_repeats(words: str) -> str:
    """One word said twice in a row once ("favorite favourite band" -> "favorite band")."""
    kept: list[str] = []
    for word in words.split():
        if kept and _spelling(kept[-1]) == _spelling(word):
            continue
        kept.append(word)
    return " ".join(kept)


def _spelling(word: str) -> str:
    return word.lower().replace("favourite", "favorite").replace("colour", "color")


def attribute_template(label: str) -> str:
    """The sentence template for an attribute in words, ``{value}`` where the value goes."""
    words = without_repeats(re.sub(r"\s+", " ", label.replace("_", " ")).strip())
    if is_verb_attribute(words):
        return f"The user {verb_phrase(words)} {{value}}"
    return f"The user's {words} is {{value}}"


#: Subjects that are several people: their verbs are plural.
_PLURAL_PEOPLE = {"parents", "in-laws", "grandparents", "kids", "children"}


def with_subject(phrase: str, subject: str, user: str = "user") -> str:
    """The sentence of the user's fact made about someone of theirs: "The user lives in" -> "The user's sister lives in";
    someone named ("Sinead") is named alone: "Sinead's wedding is on 7 June"."""
    if subject == user:
        return phrase
    who = subject.replace("in_laws", "in-laws").replace("_in_law", "-in-law").replace("_", " ")  # "brother-in-law"
    if who in _PLURAL_PEOPLE:  # "The user's parents live in", not "lives in"
        phrase = re.sub(r"^The user (\w+)s\b", r"The user \1", phrase.replace("The user is ", "The user are "))
    if who[:1].isupper():  # someone the user names ("Zara"), not one of their relations: "Zara's coach is ..."
        if phrase.startswith("The user's "):
            return phrase.replace("The user's", f"{who}'s", 1)
        if phrase.startswith("The user "):
            return phrase.replace("The user ", f"{who} ", 1)
    if phrase.startswith("The user's "):
        return phrase.replace("The user's", f"The user's {who}'" + ("" if who in _PLURAL_PEOPLE else "s"), 1)
    if phrase.startswith("The user "):
        return phrase.replace("The user ", f"The user's {who} ", 1)
    return phrase


#: A day date as a value: "12 May", "May 12th", "the 20th".
_DAY_DATE = re.compile(r"(?i)^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+(?:of\s+)?[a-z]{3,9})?(?:,?\s+\d{4})?$|"
                       r"^(?i:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6})\.?\s+\d{1,2}(?:st|nd|rd|th)?"
                       r"(?:,?\s+\d{4})?$")  # a month's name: "size 8" is no date


#: A role said without its article ("works as nurse"): a common noun phrase, not a name, a determiner or a
#: title that takes none ("head of sales", "part-time").
_BARE_ROLE = re.compile(r"^(?!(?:a|an|the|my|our|his|her|their|head|chief|part|full|one|two|some|any)\b)[a-z]")


def with_value(phrase: str, value: str) -> str:
    """The value put in its place; a day date is "on" it: "The user's eye test is on 12 May" (a bare number is
    no date: "wake-up time is 7"); a bare role
    gets its article: "The user works as a nurse" (the value itself stays verbatim)."""
    if _DAY_DATE.match(value.strip()) and not value.strip().isdigit() and re.search(r"\bis \{value\}", phrase):
        phrase = phrase.replace("is {value}", "is on {value}", 1)
    if re.search(r"\bas \{value\}", phrase) and _BARE_ROLE.match(value.strip()):
        article = "an" if value.strip()[0] in _VOWELS else "a"
        phrase = phrase.replace("as {value}", f"as {article} {{value}}", 1)
    return phrase.replace("{value}", value)


def as_sentence(phrase: str) -> str:
    """Ends with one full stop; a value that already ends with one ("Fontaines D.C.") keeps just its own."""
    phrase = phrase.rstrip()
    return phrase if phrase.endswith((".", "!", "?")) else f"{phrase}."
