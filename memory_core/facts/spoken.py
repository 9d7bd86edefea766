"""A message spoken into a phone, read one spoken clause at a time.

Dictation arrives as one sentence of forty words or more: no full stop, fillers ("um", "so yeah"), clauses
run together ("I'm meeting Baz at PureGym after work on Tuesday we're doing legs god help me and also remind
Denise ..."). Every later layer reads a sentence as a unit: a request or a hedge anywhere in it ("can you",
"I think") holds up the whole run, and the background matcher compares forty words with examples of ten.
So, where a message has such a run, its reading ends each spoken clause with a full stop: before a filler or a
spoken join ("so yeah", "and also", "and then", "anyway"), and before a new subject that follows a finished
clause ("... on Tuesday we're doing legs"), never after a word that leads into the next one ("I think it's",
"because she'll", "to see") nor where the speaker's own comma already stands. Fillers are dropped and the new
clause starts with a capital, as the phone would write a sentence. Written text, with its own full stops or its
commas, is read as it is.
"""
from __future__ import annotations

import re

#: Words in a row without a full stop, question or exclamation mark, semicolon or line break, from which a
#: stretch of text is read as speech (typed sentences rarely run this long; dictated ones often do).
SPOKEN_RUN_WORDS = 25
#: A run of speech holds at most one comma in this many words (the phone's own, "I have mine black, no sugar").
WORDS_PER_COMMA = 30

#: Sounds that carry no words ("um", "erm"): dropped from the reading.
_FILLER = re.compile(r"(?i)(?:,\s*)?\b(?:um+|uh+|erm+|er|uhm|hmm+)\b,?\s*")
#: Spoken joins that start a new thought: the clause before them ends there ("... bin bags to so yeah").
_SPOKEN_JOIN = re.compile(r"(?i)\s+(?=(?:so\s+yeah|and\s+also|oh\s+and|and\s+then|right\s+so|anyway|and\s+so|"
                          r"and\s+(?:remind|can\s+you|could\s+you|tell|put|add|book|text|ring|call))\b)")
#: A subject that opens a clause of its own.
_NEW_SUBJECT = re.compile(r"(?i)\s+(?=(?:(?:and|but|so)\s+)?(?:i|i'm|i've|i'll|i'd|we|we're|we've|we'll|she|she's|"
                          r"she'll|he|he's|he'll|they|they're|they've|they'll|it's)\b|"
                          # "my X" as a subject only with its verb ("... on Monday my sister is coming"), never as
                          # an object ("I've closed my account")
                          r"(?:my|our)\s+(?:[\w'-]+\s+){0,2}?(?:is|are|was|were|has|have|had|'s|will|can|says|said|"
                          r"wants|needs|does|did|keeps|just|always|never|still|got|gets|goes|went|lives|works)\b)")
#: Words that lead into what follows them: no clause ends after one ("I think it's", "to see my", "because she").
_LEADS_ON = frozenset("""
    a an the to of for in on at by with from into onto about than as like and but or so if when while because
    since until unless though although that which who whom whose where what how why whether think thought
    know knew reckon guess suppose hope mean said says say tell told remind ask asked let make made see saw
    wants want need needs is are was were be been being am 's can could will would should shall may might must
    do does did don't didn't doesn't has have had not just only even also i we you he she they it me him her us
    them my our your his their its this these those there here then up out off over back down get got go going
    went come came all both either neither every each some any no
""".split())


def _spoken(run: str) -> bool:
    """A long run with a filler in it, or with hardly a comma: a writer who runs a sentence this long punctuates
    its clauses ("..., which I only picked up because ..."), a phone taking dictation rarely does."""
    words = len(run.split())
    return words >= SPOKEN_RUN_WORDS and (bool(_FILLER.search(run)) or run.count(",") * WORDS_PER_COMMA <= words)


def _runs(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` between sentence marks that read as speech."""
    runs, start = [], 0
    for mark in [*re.finditer(r"[.!?;\n]+", text), None]:
        end = mark.start() if mark else len(text)
        if _spoken(text[start:end]):
            runs.append((start, end))
        start = mark.end() if mark else len(text)
    return runs


def _capitalised(clause: str) -> str:
    stripped = clause.lstrip(" ,")
    return stripped[:1].upper() + stripped[1:]


def _split_run(run: str) -> str:
    run = _FILLER.sub(" ", run)
    cuts = {m.start() for m in _SPOKEN_JOIN.finditer(run)}
    for match in _NEW_SUBJECT.finditer(run):
        before = run[:match.start()].split()
        if len(before) >= 3 and not before[-1].endswith(",") and before[-1].lower() not in _LEADS_ON:
            cuts.add(match.start())
    pieces, start = [], 0
    for cut in sorted(cuts):
        pieces.append(run[start:cut])
        start = cut
    pieces.append(run[start:])
    clauses = [_capitalised(piece.strip()) for piece in pieces if piece.strip(" ,")]
    return ". ".join(clause.rstrip(" ,") for clause in clauses)


def spoken_clauses(text: str) -> str:
    """``text`` with each long unpunctuated run read as the spoken clauses it is made of (other text as it is)."""
    runs = _runs(text)
    if not runs:
        return text
    out, start = [], 0
    for run_start, run_end in runs:
        run = text[run_start:run_end]
        out.append(text[start:run_start] + run[:len(run) - len(run.lstrip())] + _split_run(run.strip()))
        start = run_end
    out.append(text[start:])
    return "".join(out)
