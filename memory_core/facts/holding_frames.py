"""What the user takes or has at home, said with a bare "on", "take" or "have": "I'm on amlodipine", "I take
sertraline every morning", "we have Netflix", "we've got Sky", "I get the 7:42 to Leeds every morning".

"On" and "have" alone say little ("I'm on the bus", "I have Tom over"), so each frame needs its object to
say what it is:

* a medicine is known by its name's ending, the stems international non-proprietary names are built from
  (-pril, -sartan, -olol, -statin, -dipine, -prazole, -oxetine, -pram, ...): these endings mark a drug
  class, so no list of drugs is needed;
* a household service is a capitalised name that ends the clause after "we have" / "we've got" ("we have
  Netflix", "we've got Sky now"), never a name followed by what the person is doing ("we have Tom over");
* a timetabled service is "the <departure time> to/from <Place>" the user rides, with a habit said beside it
  ("every morning", "usually", "for years"): one trip ("tomorrow") is no usual train.
"""
from __future__ import annotations

import re
from typing import Iterator

from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import USER

#: INN stems of common drug classes (WHO "The use of stems in the selection of INN"), as word endings.
_DRUG_STEMS = (r"pril|sartan|olol|alol|statin|dipine|prazole|azole|oxetine|etine|aline|pram|azepam|zolam|cillin|"
               r"mycin|micin|cycline|floxacin|formin|gliptin|gliflozin|tidine|triptan|profen|fenac|olone|isone|"
               r"asone|farin|xaban|gatran|axine|afaxine|apine|idone|peridol|zodone|thyroxine|tropium|terol|"
               r"sonide|lukast|setron|dronate|semide|thiazide|tiazem|amil|parin|vudine|navir|ciclovir|tadine|"
               r"codone|morphone|adol|azosin|osin|gabalin|pentin|triptyline|ipramine|lamide|glitazone|glipizide|"
               r"glutide|mab|tinib")
_DRUG = rf"(?P<v>[A-Za-z][a-z]+(?:{_DRUG_STEMS}))\b"
#: "I'm on X", "I take X", "I've been prescribed X", "I started X"; not "my dad takes X" (the subject is "I").
_MEDICATION = re.compile(
    r"(?i)\bi(?:'m|\s+am|'ve\s+been|\s+have\s+been)?(?:\s+(?:now|still|currently|also|just|back|only))*\s+"
    r"(?:on|taking|take|takes|put\s+on|started(?:\s+on)?|been\s+put\s+on|prescribed)\s+(?:some\s+)?"
    rf"(?:\d+\s*(?:mg|mcg|micrograms?|milligrams?)\s+(?:of\s+)?)?(?-i:{_DRUG})")
#: Someone who put the user on a medicine ("the doctor has me on sertraline", "they've put me on ramipril"), and
#: a medicine the user calls theirs ("picked up my amlodipine").
_PUT_ON = re.compile(r"(?i)\b(?:has|have|had|put|got|keeps?|kept|started)\s+me\s+on\s+(?:\d+\s*(?:mg|mcg)\s+(?:of\s+)?)?"
                     rf"(?-i:{_DRUG})")
_MY_MEDICINE = re.compile(rf"(?i)\bmy\s+(?:\w+\s+)?(?-i:{_DRUG})")
_NEGATED = re.compile(r"(?i)\b(?:not|never|no\s+longer|don't|stopped|off)\b[^,.;]*$")
#: "we have Netflix", "we've got Sky now", "we got Disney+ for the kids": a capitalised name ending the clause.
_SERVICE = re.compile(
    r"(?i:\bwe(?:'ve|\s+have)?(?:\s+(?:now|just|finally|also|only))?\s+(?:have|got|get|pay\s+for)\s+)"
    r"(?P<v>(?-i:[A-Z][\w+&'-]*)(?:\s+(?-i:[A-Z][\w+&'-]*))?)"
    r"(?=\s*(?:[.!,;]|$)|\s+(?:now|at\s+home|these\s+days|for\s+(?:the\s+)?(?:tv|telly|kids|films|movies|sport|"
    r"broadband|internet|wifi))\b)")
_HEDGE = re.compile(r"(?i)\b(?:if|would|could|might|maybe|should|thinking\s+of|wish|whether)\b")
#: A service known by its departure time and its end, as the user rides it: "I get the 7:42 to Leeds", "I'm on
#: the 6:58 from Didcot". The first person comes before it in the clause.
_TIMETABLED = re.compile(
    r"(?i)\b(?:i|i'm|im|i\s+am|i've|i\s+have|we|we're)\b(?:\s+(?:\w+\s+){0,3}?)?\s*"
    r"(?:get|gets|getting|got|catch|catches|catching|take|takes|taking|ride|on|travel(?:led)?\s+on|use)\s+"
    r"(?P<v>the\s+\d{1,2}[:.]\d{2}(?:\s+(?:bus|train|tram|ferry|coach))?\s+(?:to|from)\s+"
    r"(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+))?)")
#: A habit said with it: one trip is no usual service ("I'm getting the 7:42 to Leeds tomorrow").
_EVERY_TIME = re.compile(r"(?i)\b(?:every|each|usually|always|normally|daily|weekdays?|most\s+(?:days|mornings)|"
                         r"for\s+(?:the\s+past\s+)?(?:years|\w+\s+years)|mornings|evenings|commute|"
                         r"instead|these\s+days|nowadays|from\s+now\s+on)\b")


def holding_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    """(span, candidate) for each medicine the user says they take and each service their household has."""
    if sentence.rstrip().endswith("?"):
        return
    for match in _MEDICATION.finditer(sentence):
        before = sentence[:match.start()]
        if _HEDGE.search(before) or _NEGATED.search(before + match.group(0)[:match.start("v") - match.start()]):
            continue
        yield match.span("v"), Candidate("assert", USER, "medication", match.group("v"), sentence)
    for match in [*_PUT_ON.finditer(sentence), *_MY_MEDICINE.finditer(sentence)]:
        if not _HEDGE.search(sentence[:match.start()]) and not _NEGATED.search(sentence[:match.start()]):
            yield match.span("v"), Candidate("assert", USER, "medication", match.group("v"), sentence)
    for match in _TIMETABLED.finditer(sentence):  # "I get the 7:42 to Leeds every morning": the usual train
        if _HEDGE.search(sentence[:match.start()]) or not _EVERY_TIME.search(sentence) or \
                _NEGATED.search(sentence[:match.start("v")]):
            continue
        kind = "bus" if re.search(r"(?i)\b(?:bus|coach)\b", sentence) else "train"
        yield match.span("v"), Candidate("assert", USER, f"usual {kind}", match.group("v"), sentence)
    for match in _SERVICE.finditer(sentence):
        if _HEDGE.search(sentence[:match.start()]):
            continue
        yield match.span("v"), Candidate("assert", USER, "subscription", match.group("v"), sentence)


def medicines(text: str) -> list[str]:
    """The medicines a text names by their INN stem ("amlodipine", "ramipril"), in order, each once."""
    seen: dict[str, str] = {}
    for match in re.finditer(_DRUG, text):
        seen.setdefault(match.group("v").lower(), match.group("v"))
    return list(seen.values())
