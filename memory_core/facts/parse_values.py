"""The value phrase a frame points at, and whether it can be a fact's value at all.

A value is a noun phrase, a name, an adjective or a time that the user wrote: the
head word with its name parts and modifiers, never the relative clause or the
prepositional tail that follows it ("Oakwood School, which is round the corner"
-> "Oakwood School"); pronouns and vague words are no value.
"""
from __future__ import annotations

import re

from memory_core.facts.parse_tokens import Token
from memory_core.facts.parse_tree import PRONOUNS, Tree, lower

#: Dependents that belong to a value's words ("the Berlin Marathon", "a junior accountant", "6:30 am").
_INNER = {"compound", "amod", "nummod", "nmod", "quantmod", "flat", "poss", "case", "hmod", "hyph", "npadvmod"}
_DROP_START = {"a", "an", "the", "my", "our", "his", "her", "their", "its", "your", "some", "this", "that", "these",
               "those", "new", "old", "usual", "current", "same"}
#: Words that are no value on their own ("the usual", "every day", "a lot").
_VAGUE = {"one", "lot", "bit", "day", "time", "way", "place", "thing", "stuff", "kind", "sort", "today", "tonight",
          "tomorrow", "yesterday", "week", "month", "year", "weekend", "morning", "evening", "night", "now", "then",
          "home", "here", "there", "work", "moment", "while", "same", "usual", "other", "name", "people", "person",
          "guy", "girl", "man", "woman", "lady", "friend", "friends", "family", "job", "life", "house", "idea",
          "fun", "break", "rest", "end", "start", "beginning", "half", "part", "pair", "couple", "number", "few",
          "more", "most", "much", "many", "less", "best", "worst", "first", "last", "next", "each", "every", "own"}


def _span_around(tree: Tree, head: Token) -> list[Token]:
    """The head with its inner modifiers, as a contiguous run of the sentence."""
    picked = {head.i}
    frontier = [head]
    while frontier:
        current = frontier.pop()
        for child in tree.children(current):
            joins_name = child.dep in ("conj", "cc") and head.pos == "PROPN" and (
                child.pos == "PROPN" or child.text == "&" or _capitalised(child)) and not _opens_clause(tree, child)
            if _described_after_comma(tree, current, child):
                continue  # "Ms Varga, very kind": a description said after the name is no part of it
            if child.dep in _INNER or joins_name or (child.dep == "prep" and lower(child) == "of"
                                                      and (head.pos == "PROPN" or head.ent_type == "DATE")):
                picked.add(child.i)
                frontier.append(child)
            elif child.dep == "pobj" and current.i in picked and lower(current) == "of":
                picked.add(child.i)
                frontier.append(child)
    low, high = min(picked), max(picked)
    # keep it contiguous: stop at the first gap (a clause between modifiers is not part of the value)
    run = [t for t in tree.tokens[low:high + 1]]
    while run and not (run[0].text == "The" and run[0].i > 0 and head.pos == "PROPN") and (
            lower(run[0]) in _DROP_START or run[0].pos in ("DET", "PUNCT", "PRON")):
        run = run[1:]
    if run and head.pos == "PROPN" and run[0].i > 0 and tree[run[0].i - 1].text == "The" and \
            tree[run[0].i - 1].dep == "det" and tree.head(tree[run[0].i - 1]) is not None and \
            tree.head(tree[run[0].i - 1]).i in picked and (run[0].i - 1 > 0 or _subject_of_verb(tree, head)):
        run = [tree[run[0].i - 1], *run]  # "I prefer The Times", "The Maltings has a pool": the name's "The"
    run = _extend_entity(tree, head, run)
    while run and (run[-1].pos in ("PUNCT", "CCONJ", "ADP", "PART") and run[-1].text not in (".",)
                   and not names_own_possessive(tree, run[-1]) or _NO_WORD.fullmatch(run[-1].text)):
        run = run[:-1]
    while run and run[-1].text == "." and len(run) > 1 and run[-2].pos != "PROPN":
        run = run[:-1]
    return run


def names_own_possessive(tree: Tree, token: Token) -> bool:
    """The "'s" that ends a name owning nothing: "Sainsbury's", "St Patrick's", "Nando's" are the shop, the church,
    the restaurant by the name people give them; "Sainsbury's app" owns its noun and is no value of its own."""
    if token.text not in ("'s", "’s") or token.i == 0:
        return False
    owner = tree.head(token)
    return owner is not None and owner.i == token.i - 1 and owner.pos == "PROPN" and owner.dep != "poss"


def _described_after_comma(tree: Tree, head: Token, child: Token) -> bool:
    """An adjective set after its noun behind a comma describes it ("Mr Hale, ever so patient"); it names nothing."""
    return child.dep == "amod" and child.pos == "ADJ" and child.i > head.i and \
        any(t.text == "," for t in tree.tokens[head.i + 1:child.i])


def _subject_of_verb(tree: Tree, head: Token) -> bool:
    """A name that opens the sentence as the subject of its verb ("The Crown is our local"): its capital "The",
    though capitalised by position too, is kept as the name's (as it is inside a sentence)."""
    return head.dep in ("nsubj", "nsubjpass")


#: A token with no letter or digit in it (an emoji, a symbol): never a value's last word.
_NO_WORD = re.compile(r"[^\w.]+")


def _capitalised(token: Token) -> bool:
    """A capitalised word inside the sentence ("the Machine" of "Florence and the Machine"), not the pronoun "I"."""
    return token.i > 0 and token.text[:1].isupper() and token.text != "I" and token.pos in ("NOUN", "PROPN", "ADJ")


def _opens_clause(tree: Tree, conj: Token) -> bool:
    """A name after "and" that is the subject of a new clause: "Perth and Mary lives in Sydney", "Dr Aziz and Tom
    is my GP" (the parse may still hang it on the first name); its verb follows it straight away."""
    after = conj.i + 1
    return after < len(tree.tokens) and tree.tokens[after].pos in ("VERB", "AUX")


_CLOCK_WORDS = {"am", "pm", "a.m.", "p.m.", "h", "o'clock", "hrs"}


def _extend_entity(tree: Tree, head: Token, run: list[Token]) -> list[Token]:
    """"11 pm" parsed as a number and a stray adverb: the rest of the head's time or date entity joins it."""
    if not run or head.ent_type not in ("TIME", "DATE", "CARDINAL"):
        return run
    tokens = tree.tokens
    end = run[-1].i
    while end + 1 < len(tokens):
        nxt = tokens[end + 1]
        if lower(nxt) in _CLOCK_WORDS or (head.ent_type in ("TIME", "DATE") and nxt.ent_type == head.ent_type
                                          and nxt.pos in ("NUM", "NOUN", "PROPN")):
            end += 1
        else:
            break
    return run + list(tokens[run[-1].i + 1:end + 1])


def value_phrase(tree: Tree, head: Token) -> str | None:
    """The value's words as the user wrote them, or None when they are no value."""
    if head.pos in ("PRON", "DET", "VERB", "AUX", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT", "INTJ"):
        return None
    words = _span_around(tree, head)
    if not words:
        return None
    text = _without_full_stop(tree.text(words).strip(" ,;:-\"'"))
    return text if plausible(text, head) else None


#: Abbreviations whose own full stop is part of the word ("St.", "Co.", "Dr."): a value may end in one.
_ABBREVIATIONS = {"st.", "co.", "inc.", "ltd.", "jr.", "sr.", "dr.", "mr.", "mrs.", "ms.", "ave.", "rd.", "bros.",
                  "corp.", "plc.", "mt."}


def _without_full_stop(text: str) -> str:
    """"works at PwC." read as one token "PwC.": the sentence's full stop is no part of the name. An abbreviation
    ("Co."), an initial ("K.") or a dotted form ("a.m.", "U.S.") keeps its own."""
    if not text.endswith(".") or text.endswith(".."):
        return text
    last = text.split()[-1]
    if last.lower() in _ABBREVIATIONS or len(last) == 2 or "." in last[:-1]:
        return text
    return text[:-1]


def plausible(text: str, head: Token) -> bool:
    words = text.split()
    if not words or len(words) > 6 or len(text) > 60 or len(text) < 2:
        return False
    lowered = text.lower()
    if lowered in PRONOUNS or lowered in _VAGUE or words[-1].lower() in PRONOUNS:
        return False
    if head.pos == "NOUN" and lower(head) in _VAGUE and len(words) == 1:
        return False
    return re.search(r"[A-Za-z0-9]", text) is not None


#: Attribute words whose values are dates or times ("anniversary", "wake-up time").
TIME_ATTRIBUTE_WORDS = {"time", "anniversary", "birthday", "date", "day", "bedtime", "alarm", "wake", "wake-up",
                        "appointment", "deadline", "schedule", "shift", "class", "lesson", "when", "practice", "training",
                        "rehearsal", "session"}


def is_time(tree: Tree, head: Token) -> bool:
    """A date, a time or a duration ("last three years", "6:30", "June 5th")."""
    return any(t.ent_type in ("DATE", "TIME") for t in _span_around(tree, head))


def has_name(tree: Tree, head: Token) -> bool:
    """A proper name, a named entity or a number: values worth a fact even after an unknown verb."""
    words = _span_around(tree, head)
    return any(t.pos in ("PROPN", "NUM") or t.ent_type for t in words) or head.pos == "PROPN"
