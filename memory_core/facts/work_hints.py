"""Work said in passing: a workmate at a firm ("my boss at Tesco said I can have Friday off"), a shift at it
("Lorraine's on a late at PwC tonight", "after my shift at Asda"), a working life as a role ("Saturday is his
busiest day as a barber", "in my twenty years as a nurse"), a role said with "by trade" or "by day" ("I'm a
plumber by trade", "junior accountant by day, dj by night"); and study, by its lectures ("my lectures at Kings start
at 9").

Why: people rarely announce where they work or what they do; they mention it while saying something else. The
work frames read "I work at X" and "my brother is a barber"; these sentences hold the same fact in a phrase about
something else, and nothing else in them says it. The phrase is specific: a person's boss, manager or colleagues
at a firm are where that person works; a late, an early or a night shift at a firm is work there; "his N years as
a nurse" is his work; one's lectures, seminars or dissertation at a university are where one studies. Read only
where the firm is a name and the role a noun that names a person by their work (``frame_words.names_a_role``), of
whoever owns the phrase (``phrase_owners``):

* the user ("my", "I'm on nights at ...", a dropped "I"),
* the user's relation ("my husband's boss at ...", "his" when the sentence before it names one such relation
  of that gender: "My brother says ... his busiest day as a barber"),
* or someone named by a first name ("Romy's manager at Hilton"); ``resolution`` files a known name under its
  relation.

Never in a question, a denial, a hedge or a sentence of an ending ("my old boss at X", "my last shift at X",
"back when I was a nurse"), nor of volunteering, which is no job.
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.candidate import Candidate, without_fallback_readings
from memory_core.facts.changes import says_an_ending
from memory_core.facts.cues import ENDING, NEGATION, values_of_shape
from memory_core.facts.frame_words import names_a_role
from memory_core.facts.ledger import USER, normalize_value
from memory_core.facts.phrase_owners import OWNER, RELATION_WORDS, owner_of, relation_key
from memory_core.facts.truecasing import a_lower_case_word

#: The people a person works with, by their place at work.
#: (Not "team" or "teammates": a quiz or a football team is had at a pub or a club too.)
_WORKMATE = r"(?:boss|manager|line\s+manager|supervisor|team\s+lead(?:er)?|colleagues?|co-?workers?|workmates?|" \
            r"gaffer|foreman|head\s+of\s+department)"
#: A stretch of work: "a late", "an early", "nights", "a double", "my shift".
_SHIFT = r"(?:lates?|earl(?:y|ies)|nights?|night\s+shift|nightshift|day\s+shift|back\s+shift|split\s+shift|" \
         r"weekend\s+shift|shifts?|doubles?|double\s+shift|long\s+days?|twilights?)"
#: "my boss at X", "my husband's new manager at X".
_WORKMATE_AT = re.compile(OWNER + r"\s+(?:(?i:new|current|lovely|awful|nightmare|area|store|ward|branch|shift|"
                          r"duty)\s+)?(?i:" + _WORKMATE + r")\s+(?i:at|in|from)\s+(?:(?i:the)\s+)?$")
#: "my lectures at X", "her dissertation at X": where the person studies.
_STUDY_AT = re.compile(OWNER + r"\s+(?:(?i:first|morning|early|next|last|final|big|first-year|second-year|"
                       r"third-year)\s+)?"
                       r"(?i:lectures?|lecturers?|seminars?|tutorials?|modules?|dissertation|degree|halls|"
                       r"uni\s+(?:friends|mates|course))\s+(?i:at|in)\s+(?:(?i:the)\s+)?$")
#: "I'm on a late at X", "Lorraine's on a late at X", "he's doing nights at X", "on an early at X" (a dropped "I");
#: never "we're on two nights at X", a stay.
_ON_SHIFT_AT = re.compile(
    r"(?i)(?P<who>\bI'?m|\bI\s+am|\b[A-Za-z]+'s|\b[A-Za-z]+\s+is|\b(?:he|she)(?:'s|\s+is)|^\W*)\s+"
    r"(?:(?:still|now|back|just|currently|always)\s+)?(?:on|doing|working|pulling|covering)\s+"
    r"(?:(?:a|an|the|another|my|his|her|back-to-back|extra)\s+)?(?:(?:late|early|long|extra|"
    r"night|day)\s+)?" + _SHIFT + r"\s+(?:at|in)\s+(?:the\s+)?$")
#: "after my shift at X", "Dan's night shift at X".
_OWN_SHIFT_AT = re.compile(OWNER + r"\s+(?:(?i:late|early|night|day|long|next|first|morning|evening|weekend)\s+)?"
                           r"(?i:" + _SHIFT + r")\s+(?i:at|in)\s+(?:(?i:the)\s+)?$")
#: "his busiest day as a barber", "my twenty years as a nurse", "my job as a paramedic".
_AS_A_ROLE = re.compile(
    OWNER + r"\s+(?:[\w-]+\s+){0,3}?(?i:day|days|week|weeks|month|months|year|years|decades?|shifts?|job|career|"
    r"time|role|life|work|stint|living)\s+as\s+(?:an?\s+)?(?P<role>[A-Za-z-]+(?:\s+[A-Za-z-]+){0,2})")
#: "a plumber by trade", "junior accountant by day": the role said with what it is to the person.
_BY_TRADE = re.compile(r"(?i)(?P<role>[a-z-]+(?:\s+[a-z-]+){0,2})\s+by\s+(?:trade|profession|day)\b")
#: Who holds a role said "by trade": the user ("I'm a", a dropped "I'm") or the user's relation ("my brother is an").
_ROLE_HOLDER = re.compile(r"(?i)(?:^|[,;:.!]\s*|\b(?P<user>i'?m|i\s+am)\s+|\b(?:my|our)\s+(?P<rel>" +
                          "|".join(re.escape(word) for word in RELATION_WORDS) + r")(?:'s|\s+is)\s+)(?:an?\s+)?$")
#: Work that has ended, or was never had: "my old boss at X", "my last shift at X", "back when I was a nurse".
_NOT_NOW = re.compile(r"(?i)\b(?:old|former|ex|previous|last|final|first\s+ever|used\s+to|back\s+when|when\s+i\s+was|"
                      r"retired|dream|future|would|if|had\s+been|was\s+a|were)\b|\bex-")
#: Words that make the work a supposition, a wish or an application (not the cues' reported speech: "my boss at
#: Tesco said I can have Friday off" is still the user's work).
_HEDGE = re.compile(r"(?i)\b(?:if|would|could|might|maybe|wish|hope|want\s+to|wants\s+to|thinking\s+of|someday|"
                    r"applied|apply|applying|interview\w*|trial|offered)\b")
#: Work being lost: "my boss at X sacked me", "my manager at X let me go".
_LEFT = re.compile(r"(?i)\b(?:sacked|fired|redundan\w*|laid\s+off|let\s+(?:me|him|her|us)\s+go|quit\w*|resign\w*|"
                   r"leaving|left|retir\w*|handed\s+in|notice)\b")
#: A meeting somewhere, where "at X" is where the people met, not where they work: "met my manager at Costa",
#: "lunch with my colleagues at Nando's", "my boss at Pret for a coffee".
_MET_BEFORE = re.compile(r"(?i)\b(?:met|meet|meeting|seeing|saw|see|bumped\s+into|ran\s+into|lunch|dinner|drinks?|"
                         r"coffee|breakfast|brunch|with|joined|joining|took|take|taking|treated|having|had|spotted)\b")
_MET_AFTER = re.compile(r"(?i)^\W*(?:\w+\s+){0,3}?for\s+(?:a\s+|an\s+|some\s+)?(?:coffee|lunch|drinks?|dinner|meal|"
                        r"catch-?up|chat|pint|bite|breakfast|brunch|curry)\b")
#: Nouns that name a person by what they do or are, but no work: "my years as a teenager", "my time as a smoker".
_NO_WORK = frozenset({"teenager", "smoker", "owner", "homeowner", "passenger", "prisoner", "foreigner", "stranger",
                      "newcomer", "learner", "parent", "single parent", "supporter", "swimmer", "runner", "walker",
                      "member", "customer", "tenant", "renter", "pensioner", "retiree", "widower", "widow", "youngster",
                      "beginner", "listener", "reader", "viewer", "player", "gamer", "drinker", "eater", "sleeper",
                      "believer", "traveller", "traveler", "tourist", "visitor", "dreamer", "worrier", "survivor",
                      "patient", "carer", "mother", "father", "foster carer", "stepparent", "grandparent", "sufferer",
                      "vegetarian", "vegan", "introvert", "extrovert", "lodger", "flatmate", "housemate", "leader"})
#: Volunteering is its own attribute, no job: "my shift at Oxfam" of a volunteer.
_VOLUNTEER = re.compile(r"(?i)\bvolunteer\w*")


#: How far before a name its phrase may begin ("my husband's new line manager at", "Lorraine's on a late at the").
_WINDOW = 120
#: How far before a role said "by trade" its holder may be ("... and my brother is an"): a pasted megabyte is read
#: in linear time.
_ROLE_WINDOW = 80


def _shift_owner(who: str, before: str) -> str | None:
    """Who is on the shift: the user ("I'm", a dropped "I"), the user's relation ("my husband is"), someone named
    ("Lorraine's"); None for "he"/"she" (whom the sentence does not say) and a word that is no name."""
    who = who.strip()
    lowered = who.lower()
    if lowered in ("", "i'm", "im", "i am", "we're", "were") or not who.strip("\"' "):
        return USER
    if lowered.startswith(("he", "she")):
        return None
    name = re.split(r"'s|\s+is", who)[0]
    relation = relation_key(name)
    if relation:
        return relation if re.search(r"(?i)\b(?:my|our|me)\s+\S*\s*$", before) or not before.strip() else None
    return None if a_lower_case_word(name) else name


#: Where a clause begins and ends: "... can't come to the party because Saturday is his busiest day as a barber".
_CLAUSE_BREAK = re.compile(r"(?i)[.;:!?]\s+|,\s*|\s+(?:and|but|so|because|cos|since|while|whereas|then|though|"
                           r"although)\s+|\s+[-\u2013\u2014]\s+")


def clause_around(sentence: str, start: int, end: int) -> str:
    """The clause holding sentence[start:end]."""
    opening = max((m.end() for m in _CLAUSE_BREAK.finditer(sentence[:start])), default=0)
    closing = next((end + m.start() for m in _CLAUSE_BREAK.finditer(sentence[end:])), len(sentence))
    return sentence[opening:closing]


def _clear(sentence: str, start: int, end: int) -> bool:
    """sentence[start:end] states current work: no question, no denial or hedge before it or in it ("in my twenty
    years as a nurse I've never seen ..." denies something else), no ending in its clause ("my boss at X sacked
    me"), no volunteering in the sentence."""
    clause = clause_around(sentence, start, end)
    said = clause[:clause.find(sentence[start:end]) + end - start] if sentence[start:end] in clause else clause
    return not (sentence.rstrip().endswith("?") or NEGATION.search(said) or _HEDGE.search(said)
                or _NOT_NOW.search(said) or ENDING.search(clause) or says_an_ending(clause) or _LEFT.search(clause)
                or _VOLUNTEER.search(sentence))


def _firms(sentence: str) -> list[Candidate]:
    found = []
    for at, name in values_of_shape(sentence, "name"):
        at = sentence.find(name, at)
        if at < 0 or (" " not in name and a_lower_case_word(name)):
            continue
        # the phrase shapes are short: read them in the words just before the name (a pasted megabyte with a name
        # every few words would otherwise cost a search of all the text before each name)
        start = max(0, at - _WINDOW)
        before = sentence[start:at]
        for shape, predicate in ((_WORKMATE_AT, "works_at"), (_OWN_SHIFT_AT, "works_at"), (_STUDY_AT, "university")):
            match = shape.search(before)
            if match:
                subject = owner_of(match.group("owner"), before[:match.start()])
                break
        else:
            shape, predicate = _ON_SHIFT_AT, "works_at"
            match = _ON_SHIFT_AT.search(before)
            if match and start > 0 and match.start("who") == 0 and not match.group("who").strip():
                match = None  # the window's start is no sentence start
            subject = _shift_owner(match.group("who"), before[:match.start("who")]) if match else None
        if subject is None or not _clear(sentence, start + match.start(), at + len(name)) or \
                normalize_value(subject) == normalize_value(name):
            continue
        clause = clause_around(sentence, start + match.start(), at + len(name))
        if shape is not _ON_SHIFT_AT and (_MET_BEFORE.search(clause[:clause.find(match.group(0))]) or
                                          _MET_AFTER.match(sentence[at + len(name):])):
            continue  # "met my manager at Costa": where they met
        found.append(Candidate("assert", subject, predicate, name, sentence, in_passing=True))
    return found


def _role(words: str) -> str | None:
    """The longest opening of the words (up to three) that names a person by their work: "charge nurse"."""
    parts = words.lower().split()
    for size in range(min(3, len(parts)), 0, -1):
        phrase = " ".join(parts[:size])
        if names_a_role(phrase) and (size == 1 or names_a_role(parts[0]) or len(parts[size - 1]) > 2):
            return None if phrase in _NO_WORK or parts[size - 1] in _NO_WORK else phrase
    return None


def _roles(sentence: str) -> list[Candidate]:
    found = []
    for match in _AS_A_ROLE.finditer(sentence):
        role = _role(match.group("role"))
        if role is None:
            continue
        before = sentence[:match.start()]
        subject = owner_of(match.group("owner"), before)
        if subject is None or not _clear(sentence, match.start(), match.end()):
            continue
        found.append(Candidate("assert", subject, "job_title", role, sentence, in_passing=True))
    return found


def _trades(sentence: str) -> list[Candidate]:
    found = []
    for match in _BY_TRADE.finditer(sentence):
        words = match.group("role").split()
        for size in range(len(words), 0, -1):  # the role is the words after who holds it: "I'm a plumber"
            role, opening = " ".join(words[-size:]), match.start("role") + len(" ".join(words[:-size])) + \
                (1 if size < len(words) else 0)
            window = max(0, opening - _ROLE_WINDOW)
            holder = _ROLE_HOLDER.search(sentence[window:opening])
            if holder and window > 0 and holder.start() == 0 and not holder.group(0).strip(" ,;:.!").strip():
                holder = None  # the window's start is no clause start
            if holder and names_a_role(role) and words[-size].lower() not in ("a", "an") and \
                    role.lower().split()[-1] not in _NO_WORK:
                subject = relation_key(holder.group("rel")) if holder.group("rel") else USER
                if subject and _clear(sentence, window + holder.start(), match.end()):
                    found.append(Candidate("assert", subject, "job_title", role.lower(), sentence, in_passing=True))
                break
    return found


def work_hint_candidates(said: Sequence[str]) -> list[Candidate]:
    """A fact for each firm or role a sentence mentions as someone's work in passing."""
    return [candidate for sentence in said for candidate in _firms(sentence) + _roles(sentence) + _trades(sentence)]


def with_work_hints(candidates: Sequence[Candidate], said: Sequence[str]) -> list[Candidate]:
    """The candidates, plus work said in passing where no layer read that person's work from the message; a
    reading of the same firm or role under a word that is no attribute ("named:late: PwC") gives way."""
    hints = work_hint_candidates(said)
    if not hints:
        return list(candidates)
    read = {(c.subject, c.predicate) for c in candidates if c.op == "assert"}
    new = [h for h in hints if (h.subject, h.predicate) not in read]
    unique = {(h.subject, h.predicate, normalize_value(h.value or "")): h for h in new}
    return without_fallback_readings(candidates, (h.value or "" for h in new)) + list(unique.values())
