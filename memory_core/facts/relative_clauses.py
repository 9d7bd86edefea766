"""What a relative clause says about a name, read as a statement of its own.

Formal writing tells a fact in a clause hung on a name: "a letter to Nationwide, with whom I have held my current
account for some thirty years", "a note of thanks to Gavin Price, to whom I report at work", "Dr Hale, whom I have
seen since the children were small". The rules, frames and parse read a fact from a main clause ("I have held my
current account with Nationwide", "I report to Gavin Price"), and the main clause here is a request. So the
reading adds, after the text, the clause the relative clause stands for, with the name put back where the
relative pronoun left its gap: with its preposition, after the verb or its object ("with whom I ..." -> "I ... with
Nationwide"; "where I have practised since 2019" -> "I have practised at Lotus Tree Yoga since 2019"), after a
stranded one ("who I report to" -> "I report to Gavin Price"), or as the verb's object ("whom I have seen" -> "I have
seen Dr Hale"). Only a clause whose subject is the user or the user's someone ("I", "we", "my sister"): one about
anyone else states nothing of the user's. A clause on the user's someone is that person's statement: "my sister,
who has lived in Leeds" is also read as "My sister has lived in Leeds." The stored message is never changed.
"""
from __future__ import annotations

import re

#: A name as the truecased reading writes it: capitalised words, "Dr"/"St" and "&"/"of" inside ("Bank of Scotland").
_NAME = r"(?P<name>(?:(?:Dr|Mr|Mrs|Ms|St)\.?\s+)?[A-Z][\w'&-]*(?:\s+(?:&|and|of|the|de|van|von)?\s*[A-Z][\w'&-]*)*)"
_SUBJECT = r"(?P<subject>I|we|my\s+[a-z-]+|our\s+[a-z-]+)"
_CLAUSE = r"(?P<rest>[^,;.!?()\n]+?)"
_END = r"(?=\s*(?:[,;.!?()\n]|$|\s[-\u2013\u2014]\s))"
#: "Nationwide, with whom I have held my account ..."
_PREPOSED = re.compile(_NAME + r",\s+(?P<prep>with|to|for|at|from|by|under|through)\s+(?:whom|which)\s+" + _SUBJECT +
                       r"\s+" + _CLAUSE + _END)
#: "Gavin Price, who I report to", "Dr Hale, whom I have seen since ...", "the Fiesta, which I drive to work"
_GAPPED = re.compile(_NAME + r",\s+(?P<pronoun>who|whom|which|that)\s+" + _SUBJECT + r"\s+" + _CLAUSE + _END)
#: "Lotus Tree Yoga, where I have practised since 2019", "Leeds, where my sister lives"
_WHERE = re.compile(_NAME + r",\s+where\s+" + _SUBJECT + r"\s+" + _CLAUSE + _END)
#: "my sister, who has lived ...", "our son, Leo, who works ...": a subject relative clause on the user's someone:
#: read as that person's own statement ("My sister has lived ...").
_PERSONS_CLAUSE = re.compile(r"(?P<owner>\b[Mm]y|\b[Oo]ur)\s+(?P<person>[a-z][\w-]*)(?:,\s+[A-Z][\w'-]*)?,\s+who\s+"
                             r"(?P<rest>(?:has|had|is|was|lives|lived|works|worked|moved|now|still)\b[^,;.!?()\n]+)"
                             r"(?=\s*(?:[,;.!?()\n]|$))")
#: Where the verb says a home, "where" is "in" the place; anywhere else, "at" it.
_HOME_VERB = re.compile(r"(?i)\b(?:live[sd]?|living|grew\s+up|based|settled|moved)\b")
#: A stranded preposition at the end of the clause: the name goes after it.
_STRANDED = re.compile(r"(?i)\b(?:to|with|for|at|from|by|under|through|on|in)$")
#: The verb the gap follows: the first word of the clause after any auxiliaries and adverbs.
_AUXILIARY = re.compile(r"(?i)^(?:(?:have|has|had|am|is|are|was|were|be|been|do|did|does|will|would|'ve|always|"
                        r"still|now|also|often|usually|really|first|only|just|once)\s+)*[\w'-]+")
#: Names that are no one's: the pronoun-like words a capital may start a clause with.
_NOT_A_NAME = frozenset(("I", "We", "You", "He", "She", "They", "It", "This", "That", "The", "A", "An", "My", "Our",
                         "Dear", "Yours", "Kind", "Best", "Thank", "Thanks", "Please", "Good", "Sincerely"))


#: A thing's name is the head of its own noun phrase only after these ("the Fiesta, which ..."); after a noun and a
#: preposition the clause is the noun's ("the trip to Rome, which we booked": the trip was booked, not Rome).
_OWN_HEAD = re.compile(r"(?i)\b(?:the|my|our)\s+$")


#: Words after which a verb has no object before its adjuncts: the name's phrase goes right after the verb.
_ADJUNCT_START = re.compile(r"(?i)^(?:at|in|on|for|since|from|with|to|every|each|most|all|about|ever|there|here|"
                            r"now|\d)\b")


def _with_adjunct(rest: str, phrase: str) -> str:
    """"report at work" + "to Priya Shah": "report to Priya Shah at work", as it would be said; after a verb with an
    object ("held my current account for years") at the end."""
    verb = _AUXILIARY.match(rest)
    if verb is not None and (verb.end() == len(rest) or _ADJUNCT_START.match(rest[verb.end():].lstrip())):
        return f"{rest[:verb.end()]} {phrase}{rest[verb.end():]}"
    return f"{rest} {phrase}"


def _restored(match: re.Match[str], text: str) -> str | None:
    name, subject, rest = match.group("name"), match.group("subject"), match.group("rest").strip()
    if name.split()[0] in _NOT_A_NAME or not rest:
        return None
    if match.groupdict().get("pronoun") in ("which", "that") and not _OWN_HEAD.search(text[:match.start()]):
        return None
    prep = match.groupdict().get("prep")
    if match.re is _WHERE:
        prep = "in" if _HOME_VERB.search(rest) else "at"
    if prep:
        clause = _with_adjunct(rest, f"{prep} {name}")
    elif _STRANDED.search(rest):
        clause = f"{rest} {name}"
    else:
        verb = _AUXILIARY.match(rest)
        if verb is None:
            return None
        clause = f"{rest[:verb.end()]} {name}{rest[verb.end():]}"
    subject = subject[0].upper() + subject[1:] if subject != "I" else subject
    return f"{subject} {clause}."


def relative_statements(text: str) -> str:
    """``text`` followed by the statement each first-person relative clause on a name stands for, and each clause
    on the user's someone (else as it is)."""
    found = [_restored(match, text) for pattern in (_PREPOSED, _GAPPED, _WHERE) for match in pattern.finditer(text)]
    found += [f"{m.group('owner').capitalize()} {m.group('person')} {m.group('rest').strip()}."
              for m in _PERSONS_CLAUSE.finditer(text)]
    # read twice (the rules read the reading, the parse reads it again), added once
    added = [statement for statement in dict.fromkeys(found) if statement and statement not in text]
    return followed_by(text, added)


def followed_by(text: str, statements: list[str]) -> str:
    """``text`` with ``statements`` read after it as sentences of their own (``text`` itself when there are none)."""
    if not statements:
        return text
    stripped = text.rstrip()
    return stripped + ("" if stripped.endswith((".", "!", "?")) else ".") + " " + " ".join(statements)
