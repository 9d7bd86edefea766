"""Who and what the user looks after, read off the care they arrange: a pet named where it goes to the vet or the
groomer or is walked ("take Biscuit to the vet", "the vet wants to see Biscuit", "Pickle's jabs", "walked Luna round
the park"), a car named where it goes in for its MOT or service ("the Ford Fiesta needs its MOT"), and a car or a
computer named where it is used ("drove the Volvo up to Harrogate", "spilled coffee all over the MacBook").

People mostly name their pet and their car in passing, in a request about something else, and never say "my dog is
called Biscuit" at all. The care words here are said of animals and cars only (a person goes to the doctor, not
the vet; a van or a car has an MOT), so a name they take is the user's pet or car, unless the sentence gives the
animal or car to someone else ("my sister's dog Biscuit", "Jo's car").
"""
from __future__ import annotations

import re
from typing import Iterator

from memory_core.facts.candidate import Candidate
from memory_core.facts.cues import calendar_word
from memory_core.facts.frame_words import DEVICES, RELATIONS, USER

#: One capitalised word: the name a pet answers to.
_PET = r"(?P<v>(?-i:[A-Z])[a-z][\w'-]*?)(?:'s)?"
#: Where animals are looked after.
_PET_PLACE = r"(?:the\s+)?(?:vets?|vet's|groomers?|groomer's|kennels|cattery|dog\s+groomers?)\b"
#: What only animals are given.
_PET_CARE = (r"(?:jabs|booster(?:\s+jabs?)?|vaccinations?|flea\s+(?:treatment|drops|stuff)|worming(?:\s+tablets?)?|"
             r"wormer|microchip|spay(?:ing)?|neuter(?:ing)?|groom|vet\s+(?:appointment|visit|check))\b")
_PET_FRAMES = (
    # "take Biscuit to the vet", "book Pickle in at the groomers", "dropped Milo at the kennels"
    re.compile(rf"(?i)\b(?:take|taking|took|taken|bring|bringing|brought|drop|dropping|dropped|book|booking|booked|"
               rf"get|getting|got|register|registered)\s+{_PET}\s+(?:in\s+)?(?:to|at|into|with|for)\s+{_PET_PLACE}"),
    # a dog walked where dogs are walked, or on or off the lead: "walked Luna round the park", "let Rex off the lead"
    re.compile(rf"(?i)\b(?:walk|walked|walking|let)\s+{_PET}\s+(?:(?:round|around|along|through)\s+(?:the\s+)?(?:park|block|"
               rf"field|fields|woods|common|heath|canal|river|beach|rec)|(?:on|off)\s+(?:the|his|her)\s+lead)\b"),
    # "the vet wants to see Biscuit", "the vet saw Pickle"
    re.compile(rf"(?i)\b(?:the\s+)?vets?\s+(?:wants?\s+to\s+see|needs?\s+to\s+see|is\s+seeing|saw|checked\s+over)\s+{_PET}\b"),
    # "Biscuit needs his jabs", "Pickle's booster is due", "Milo is due his flea treatment"
    re.compile(rf"(?i)\b{_PET}(?:'s|\s+(?:needs|is\s+due|has|had|got|is\s+having|goes\s+in\s+for))\s+"
               rf"(?:(?:his|her|its|it's|their|a|an|the)\s+)?(?:\w+\s+)?{_PET_CARE}"),
)
#: A car's name: a maker and model, or a model, each word capitalised ("the Ford Fiesta", "the Golf").
_CAR = r"(?P<v>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z0-9])[\w-]*){0,2})"
#: What only a car (or van) goes in for.
_CAR_CARE = r"(?:MOT|cambelt|timing\s+belt|clutch|new\s+tyres|tyres|brake\s+pads|wiper\s+blades|service|road\s+tax|valet)\b"
_CAR_FRAMES = (
    # "the Ford Fiesta needs its MOT", "the Golf is due its service", "our Corsa failed its MOT"
    re.compile(rf"(?i)\b(?:the|my|our)\s+{_CAR}\s+(?:needs|is\s+due|'s\s+due|has|had|failed|passed|is\s+booked\s+in\s+for|"
               rf"goes\s+in\s+for|went\s+in\s+for|is\s+in\s+for)\s+(?:(?:its|it's|an?|the|new)\s+)?{_CAR_CARE}"),
    # "book the Golf in for its service", "took the Fiesta in for an MOT"
    re.compile(rf"(?i)\b(?:book|booked|booking|take|took|taking|put|putting)\s+(?:the|my|our)\s+{_CAR}\s+in\s+for\s+"
               rf"(?:(?:its|it's|an?|the)\s+)?{_CAR_CARE}"),
)


def _device(kinds: tuple[str, ...]) -> str:
    """A maker or model of a device of ``kinds`` ("Volvo", "MacBook", "iPhone"), with up to two model words after it
    ("Volvo V40", "MacBook Air", "iPhone 13"); the first word's capital is checked where it is read."""
    names = sorted((w for w, kind in DEVICES.items() if kind in kinds and w not in ("car", "phone", "laptop",
                                                                                   "notebook", "smartphone", "tablet")),
                   key=len, reverse=True)
    return (r"(?P<v>(?:" + "|".join(names) + r")(?:\s+(?-i:[A-Z0-9])[\w-]*){0,2})")


#: The car or computer in use, named by maker or model: "drove the Volvo up to Harrogate", "spilled coffee all over the
#: MacBook", "typing this on my ThinkPad". Verbs of using only: "the Pixel died" is news of an ending, not of having.
_USE_FRAMES = (
    (re.compile(rf"(?i)\b(?:drove|drive|driving|parked|parking|park|washed|washing|valeted|filled\s+up|fill\s+up|"
                rf"filling\s+up)\s+(?:the|my|our)\s+{_device(('car',))}"), "car"),
    (re.compile(rf"(?i)\b(?:spilled|spilt|spilling)\s+(?:\w+\s+){{1,3}}?(?:on|over|all\s+over|into)\s+(?:the|my|our)\s+"
                rf"{_device(('laptop', 'phone', 'tablet'))}"), "device"),
    (re.compile(rf"(?i)\b(?:typing|writing|working|reading)\s+(?:this\s+)?on\s+(?:the|my|our)\s+"
                rf"{_device(('laptop', 'phone', 'tablet'))}"), "device"),
)
#: Makers, as against models: "booked the Skoda in" may be the dealer's as often as the car (kind_names reads a maker
#: alone the same way); "the Fiesta", "the Ford Fiesta" and a maker driven ("drove the Volvo") are the car.
_MAKERS = frozenset("tesla toyota honda volkswagen vw bmw audi ford fiat renault peugeot volvo mercedes subaru kia hyundai "
                    "mazda nissan skoda seat citroen jeep chevy chevrolet vauxhall lexus dacia suzuki mitsubishi porsche "
                    "jaguar cupra polestar mini".split())
#: The animal or car is someone else's: "my sister's dog Biscuit", "Jo's car", "her dog".
_ANOTHERS = re.compile(r"(?i)\b(?:(?-i:[A-Z])[\w-]+'s|(?:my|our)\s+\w+'s|his|her|their|your)\s+(?:\w+\s+)?"
                       r"(?:dog|cat|puppy|pup|kitten|rabbit|horse|pony|car|van)\b")
_NOT_NAMES = frozenset("the a an my our his her their your this that it he she they we i you mum mom dad nan gran "
                       "baby kids kid dog dogs cat cats puppy pup kitten everyone someone anyone everybody nobody who "
                       "which what one car van".split()) | frozenset(RELATIONS)


#: What makes the care unreal or past. A request or a question is neither: "can you remind me the Fiesta needs its
#: MOT" and "could you book Pickle in at the groomers" still speak of the user's car and pet.
_NOT_SO = re.compile(r"(?i)\b(?:if|unless|whether|imagine|suppose|hypothetically|pretend|wish|dream|used\s+to|"
                     r"years\s+ago|back\s+then|when\s+i\s+was|in\s+the\s+past)\b")


def care_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    """The user's pet or car named by the care it is given in ``sentence``, with the span each came from."""
    if _ANOTHERS.search(sentence):
        return
    unreal = _NOT_SO.search(sentence)
    framed = [*((pattern, "pet") for pattern in _PET_FRAMES), *((pattern, "car") for pattern in _CAR_FRAMES),
              *_USE_FRAMES]
    for pattern, predicate in framed:
        for match in pattern.finditer(sentence):
            value = match.group("v").strip()
            first = value.split()[0]
            if first.lower() in _NOT_NAMES or calendar_word(first) or first == first.lower():
                continue  # "Dog needs his jabs", "book Monday in at the groomers", "drove the car" name nothing (a
                # pet's name may be any word: "Biscuit", "Pickle", "Juniper")
            if pattern in _CAR_FRAMES and value.lower() in _MAKERS:
                continue
            if unreal is not None and unreal.start() < match.end():
                continue  # "if Biscuit needs his jabs", "we used to take Rex to the vet"
            kind = DEVICES.get(first.lower(), "laptop") if predicate == "device" else predicate  # an iPhone is a phone
            yield match.span(), Candidate("assert", USER, kind, value, sentence)
