"""The text the fact rules read: the message as typed, with the typing habits of chat undone.

People chat in lower case and drop apostrophes ("my dog is called biscuit", "im at ocado now"). The rules
and the dependency parse were written for edited English, where a capital marks a name and "I'm" a
statement about the user. Rather than teach every rule both spellings, the pass reads a normalised copy;
the stored message is never changed, and a message already typed that way is read as it is. Second-language
word order ("I drink always X") is read in English order too (``word_order``).
"""
from __future__ import annotations

import re
from dataclasses import replace

from memory_core.facts.contractions import with_apostrophes
from memory_core.facts.person_references import person_references
from memory_core.facts.place_references import place_references
from memory_core.facts.relative_clauses import relative_statements
from memory_core.facts.spoken import spoken_clauses
from memory_core.facts.truecasing import truecased
from memory_core.facts.word_order import in_english_order
from memory_core.storage.store import Message


#: A tag after a statement asks nothing: "my husband has brought me an iPhone 15, so sweet, no?" states it.
_TAG_QUESTION = re.compile(r"(?i)(?<=\w),\s*(?:no|right|innit|eh|yeah|yes|isn't\s+it|don't\s+you\s+think|"
                           r"wouldn't\s+you\s+say)(?:\s+na)?\s*(?P<mark>\?)")


#: A request to remember wrapped round a statement: "remind me I've got yoga at Y tonight", "note to self: the bins
#: go on Monday", "can you remind me that my passport runs out in June", "can you put in the calendar I'm meeting Baz
#: at PureGym". The statement is the user's; a request to
#: do something ("remind me to ring X") wraps none and is left as it is.
_REMEMBER_WRAPPER = re.compile(
    r"(?i)(?:^|(?<=[.!?;]\s))\W*(?:(?:can|could|would)\s+you\s+|(?:please|pls|plz)\s+)?(?:remind\s+me|"
    r"don't\s+let\s+me\s+forget|remember|note\s+to\s+self|reminder(?:\s+to\s+self)?|memo|"
    r"(?:put|pop|stick|add|write|note)\s+(?:it\s+|this\s+|down\s+)?(?:in|into|on|to|down\s+in)\s+(?:the|my|our)\s+"
    r"(?:calendar|diary|planner|notes|list))"
    r"(?:\s+(?:please|pls|plz))?\s*(?:[:,-]\s*|\s+that\s+|\s+)"
    r"(?=(?:I|I'm|I've|I'd|we|we're|we've|my|our|the\s+[\w-]+s?\s+(?:is|are|go|goes|come|comes)|[\w-]+'s)\b)")


def unwrapped_requests(text: str) -> str:
    """A statement wrapped in a request to remember it, read as the statement."""
    return _REMEMBER_WRAPPER.sub("", text)


#: A question asked after a statement, behind a comma: "I bank with Monzo, is that wise?", "my IRA is at Schwab,
#: should I move it?", "tmr I take the car to Midas, can help me reply my boss?", and as people ask an assistant for
#: help in the same breath: "our cat Dotty is sitting on my keyboard, how to do any work, you tell me?", "cut hair
#: with Joanne then makan with my cousins, can suggest brunch place or not?", "got the statement from Vanguard, what
#: do these charges mean?". The question opens with a question word, an auxiliary or "any" and runs to the "?".
_QUESTION_AFTER = re.compile(r"(?i)(?<=\w),(?=\s+(?:"
                             # a question word and what follows it in a question: "how to", "what do", "which one"
                             r"how\s+(?:to|do|does|can|could|should|would|much|many|long|often)|"
                             r"what\s+(?:to|do|does|did|should|can|could|would|is|are|am|time|day|kind|sort)|"
                             r"where\s+(?:to|do|does|can|could|should|is|are)|which\s+(?:one|is|are|should|do)|"
                             r"when\s+(?:should|can|do|does|is|are)|who\s+(?:should|can|do|is)|why\s+(?:is|are|do|does)|"
                             # an auxiliary, "any", or a tag of asking: "can help?", "any tips?", "is that wise?"
                             r"can|could|should|would|do|does|shall\s+i|will\s+you|is\s+(?:that|it|this|there)|"
                             r"isn't\s+it|are\s+there|or\s+should|any|got\s+any|anything|you\s+(?:think|reckon|know)|"
                             # what to do about it, asked after the fact: "..., so maybe something for that?"
                             r"so\s+maybe)"
                             r"\b[^.!?\n]*\?)")
#: A sentence that is a question from its first word: its comma ends no statement ("Is it X, is it?").
_ASKS_FROM_THE_START = re.compile(r"(?i)\W*(?:is|are|do|does|did|can|could|should|would|will|what|how|why|when|"
                                  r"where|which|who)\b")


#: A statement of the user's life ended in disbelief, "??" or "?!": "apparently my pension is with Aviva??", "my
#: landlord wants £200 more a month?!". Said, not asked: the writer is not asking about their own life.
_DISBELIEF = re.compile(r"(?<=\w)(?:\?\?+|\?!+|!\?+)[?!]*")
_FIRST_PERSON_WORD = re.compile(r"(?i)\b(?:i|i'm|i've|my|we|we're|we've|our|me)\b")


def _said_in_disbelief(text: str) -> str:
    """A sentence that says something of the user's life and ends in "??" or "?!" read as ending in a full stop
    (the same length). A sentence asked from its first word, or about no one of the user's, is still a question."""
    chars = list(text)
    for match in _DISBELIEF.finditer(text):
        start = max(text.rfind(mark, 0, match.start()) for mark in ".!?\n") + 1
        said = text[start:match.start()]
        if not _ASKS_FROM_THE_START.match(said) and _FIRST_PERSON_WORD.search(said):
            chars[match.start():match.end()] = "." + " " * (match.end() - match.start() - 1)
    return "".join(chars)


#: A statement opened inside a longer message by a word of telling: "can you remind me to get the good coffee in and
#: for the record I have mine black", "... btw my sister's moved to Leeds". What follows is told, whatever was asked
#: before it, so it is set apart as a sentence of its own.
_TELLING = re.compile(r"(?i)(?<=\w)(?:\s+(?:and\s+|but\s+|oh\s+and\s+)?|\s*[,;]\s*(?:and\s+)?)(?=(?:for\s+the\s+record|"
                      r"by\s+the\s+way|btw|fyi|just\s+so\s+you\s+know|for\s+reference|for\s+your\s+info(?:rmation)?)"
                      r"\b[,:.]?\s+(?:i|i'm|i've|my|we|we're|our)\b)")


def statement_marks(text: str) -> str:
    """A tag question's "?" read as a full stop, a statement said in disbelief read as said, and a question asked
    after a statement, or a statement told after a request ("... and for the record I ..."), set apart from it by a
    full stop, so the statement is read as one (the same length: offsets hold)."""
    text = _said_in_disbelief(_TAG_QUESTION.sub(lambda m: m.group(0)[:-1] + ".", text))
    chars = list(text)
    for match in _TELLING.finditer(text):  # a comma becomes a full stop, a space a line break: both end a sentence
        chars[match.start()] = "\n" if text[match.start()].isspace() else "."
    for match in _QUESTION_AFTER.finditer(text):
        start = max(text.rfind(mark, 0, match.start()) for mark in ".!?\n") + 1
        if not _ASKS_FROM_THE_START.match(text, start):
            chars[match.start()] = "."
    return "".join(chars)


#: "Ma" and "me" for "my" before one of the user's people, as Scots, Irish and northern English write it: "ma best pal
#: Stevie", "me mum's moved". ("Me" only where "my" could open the phrase: "call me mum" stays.) Same length.
_KIN_AFTER_MY = (r"(?:(?:wee|best|big|auld|old|little|oldest|eldest|youngest|new|other)\s+)?(?:pal|mate|maw|da|mam|mum|"
                 r"ma|dad|brother|sister|bro|sis|boy|girl|lad|lass|son|daughter|weans?|bairns?|kids?|husband|wife|missus|"
                 r"man|fella|partner|boyfriend|girlfriend|granny|gran|nan|grandad|papa|auntie|aunt|uncle|cousin|niece|"
                 r"nephew|dog|cat|pup|puppy|friend|half)\b")
_DIALECT_MY = re.compile(r"(?:\b(?P<ma>[Mm])a|(?:^|(?<=[.!?,]\s)|(?<=\bwith\s)|(?<=\bto\s)|(?<=\band\s)|(?<=\bfor\s)|"
                         r"(?<=\bof\s)|(?<=\bat\s)|(?<=\bfrom\s))(?P<me>[Mm])e)(?=\s+" + _KIN_AFTER_MY + ")")


#: Scots "oor" for "our" ("oor Karen", "oor wean"): the same length.
_DIALECT_OUR = re.compile(r"\b([Oo])or\b(?=\s+(?-i:[A-Z])|\s+" + _KIN_AFTER_MY + ")")


#: The partner's parents are the in-laws: "my husband's parents", "hubby's folks", "my wife's mum and dad".
_PARTNERS_PARENTS = re.compile(r"(?i)\b(?:(?:my|our)\s+)?(?:husband|wife|hubby|partner|other\s+half|fianc[eé]e?|spouse)['’]s\s+"
                               r"(?:parents|folks|mum\s+and\s+dad|mom\s+and\s+dad|mam\s+and\s+da[d]?)\b")
#: Scots "tae"/"fae"/"wi'" for "to"/"from"/"with", before a word: "flitted tae Largs", "a pal fae the club".
_SCOTS_WORDS = re.compile(r"(?i)\b(tae|fae|wi)(?:['’])?(?=\s+\w)")
_SCOTS = {"tae": "to", "fae": "from", "wi": "with"}


#: A second language's English, read as said: "since 3 years" (French "depuis") is "for 3 years"; "I go at
#: Castle Garage" (French "aller chez/à") is "go to"; "it's finish for me" is "finished"; a name with its copula
#: left out, as Singapore English does, "Midas not my workshop anymore", is "Midas is not my workshop".
_SINCE_A_SPAN = re.compile(r"(?i)\bsince\s+(?=(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
                           r"(?:years?|months?|weeks?|days?)\b)")
_GO_AT_A_NAME = re.compile(r"(?i)\b(go|goes|going|went)\s+at\s+(?=(?-i:[A-Z]))")
_FINISH_AS_DONE = re.compile(r"(?i)\b(is|it's|it\s+is|'s)\s+finish\b(?!\s+(?:line|date|time))")
_NAME_NOT_MY = re.compile(r"\b((?-i:[A-Z])[\w'-]+)\s+not\s+(my|our)\b")


def dialect_words(text: str) -> str:
    """The partner's parents read as the in-laws, Scots "tae"/"fae"/"wi'" as "to"/"from"/"with", and a second
    language's "since 3 years", "go at X", "it's finish" and a dropped copula as English says them."""
    text = _PARTNERS_PARENTS.sub(lambda m: ("My" if m.group(0)[:1].isupper() else "my") + " in-laws", text)
    text = _SINCE_A_SPAN.sub(lambda m: _cased_like("for ", m.group(0)), text)
    text = _GO_AT_A_NAME.sub(lambda m: m.group(1) + " to ", text)
    text = _FINISH_AS_DONE.sub(lambda m: m.group(1) + " finished", text)
    text = _NAME_NOT_MY.sub(lambda m: f"{m.group(1)} is not {m.group(2)}", text)
    return _SCOTS_WORDS.sub(lambda m: _cased_like(_SCOTS[m.group(1).lower()], m.group(1)), text)


def _cased_like(word: str, typed: str) -> str:
    return word.capitalize() if typed[:1].isupper() else word


def dialect_possessives(text: str) -> str:
    """"ma"/"me" read as "my" and "oor" as "our" before one of the user's people (the same length: offsets hold)."""
    text = _DIALECT_MY.sub(lambda m: (m.group("ma") or m.group("me")) + "y", text)
    return _DIALECT_OUR.sub(lambda m: m.group(1) + "ur", text)


def reading_text(text: str) -> str:
    """``text`` with its apostrophes and capitals restored where chat typing dropped them, a dictated run read
    one spoken clause at a time, a statement read without the request to remember it, a second language's adverb
    after the verb put before it ("I drink always X"), a relative clause on a name also read as the statement it
    stands for ("Nationwide, with whom I bank": "I bank with Nationwide"), "there" as the place it points back to
    ("a hotel in Leeds; my sister has lived there": "lived in Leeds"), a sentence's opening "he" or "she" as the user's
    someone the sentence before opened with ("My brother quit. He's a taxi driver now") and a tag question read as
    said."""
    said = truecased(unwrapped_requests(dialect_possessives(dialect_words(spoken_clauses(with_apostrophes(text))))),
                     all_lower=not any(c.isupper() for c in text))
    return statement_marks(in_english_order(person_references(place_references(relative_statements(said)))))


def as_read(message: Message) -> Message:
    """The same message with its reading text (the very object when nothing changed)."""
    text = reading_text(message.text)
    return message if text == message.text else replace(message, text=text)
