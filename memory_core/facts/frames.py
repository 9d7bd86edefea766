"""Open-domain fact frames: the grammatical shapes people state facts in, whatever the attribute.

The slot rules in ``extraction`` know a fixed list of predicates. These frames
know sentence shapes instead, and take the attribute from the user's own words:

* possessive: "my <attribute> is <value>", "our <attribute> is with <value>",
  "<value> is my <attribute>", "my sister's <attribute> is <value>";
* naming: "a <thing> called <value>" ("a running club called Hill Runners");
* provision: "I get my <attribute> from <value>", "I use <value> for <attribute>";
* a few verb frames whose verb names the attribute (drive -> car, bank with ->
  bank, train for -> race, wake up at -> wake-up time, report to -> manager).

The attribute phrase becomes a predicate through ``attributes.canonical_predicate``
(a known concept, or the phrase itself), so "my running club" and "my club"
land on the same slot and new attributes need no new rule. Their shared words and values are in
``frame_words``; the frames that read a whole message (across a ";") in ``message_frames``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator, Sequence

from memory_core.facts.attributes import canonical_predicate, category_of, concept_of
from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import PERSON_NOUNS
from memory_core.facts.cues import cue_subject
from memory_core.facts.frame_words import (ADV, CHILD_RELATIONS, COFFEE_DRINK, PATRON_ROLES, opening_verb, ANIMALS, ARTICLE, BRAND, DATE, DEVICES, DIETS, DISCOURSE,
                                           LANGUAGE, LOWER_DEVICE, MONTHS, NOT_PLACES, REL, RELATIONS, REL_MOD, STOP, TIME,
                                           USER, VALUE, attribute_candidate, clean_value, interest_attribute,
                                           plausible_value)
from memory_core.facts.lexicon import kind_of

#: Words in -ing that name no pastime: "switched to online banking", "moved on to working from home".
_NOT_PASTIMES = frozenset("banking shopping working streaming billing heating parking booking messaging texting drinking "
                          "eating smoking vaping using paying charging ordering recycling nothing something anything "
                          "everything morning evening ceiling building wedding ring king thing spring string "
                          "housing clothing bedding flooring lighting roofing plumbing pudding icing filling "
                          "dressing topping seasoning stuffing frosting".split())


def a_pastime(value: str) -> bool:
    """The value names a pastime: one the lexicon knows ("golf", "ballroom dancing" by its head) or an activity's
    gerund ("fishing", "wood-turning"), not a service or a thing ("Monzo", "online banking", "a new ring")."""
    words = value.lower().split()
    if not words or not re.fullmatch(r"[a-z][a-z-]*", words[-1]):
        return False
    head = words[-1]
    if kind_of(value) == "hobby" or kind_of(head) == "hobby":
        return True
    return head.endswith("ing") and len(head) > 5 and not {head, head.split("-")[-1]} & _NOT_PASTIMES


def _frame(regex: str, attribute: str | None = None) -> tuple[re.Pattern[str], str | None]:
    return re.compile(regex, re.IGNORECASE), attribute


#: A person, not an employer, when one pays the bills: "Mum pays my bills", "He pays the bills".
_PERSON_WORD = "(?:" + "|".join(sorted({*PERSON_NOUNS, "he", "she", "they", "it", "we", "parents", "grandma", "grandpa",
                                         "nan", "gran"}, key=len, reverse=True)) + ")"


#: Where a provider's name (``BRAND``) ends: at a mark or a word that is no part of it ("Foxtons every month",
#: "Aviva, not"); never before a lower-case word that may go on with it ("scottish widows" with one capital restored).
_NAME_END = (r"(?=\s*[,.;:!?)]|\s*$|\s+(?:now|too|and|but|since|for|as|every|each|on|in|at|from|so|because|which|"
             r"who|these|nowadays|instead|though|lol|haha|y'all|mate|lah)\b)")
#: Taking the user's rent, which is what a landlord or letting agent does.
_TAKES_RENT = r"(?:now\s+)?(?:collects?|collecting|takes?|taking|gets?|getting)\s+(?:my|our|the)\s+rent\b"
#: A provider's name as a clause's subject: at a clause's start ("Parkway Motors does all the work on my truck").
_NAME_FIRST = r"(?:^|[,;:!]\s*|\b(?:and|so|but)\s+)" + BRAND


#: Nothing after it names one day: "I start at 6am tomorrow" is one early start, no start time.
_NOT_ONE_DAY = (r"(?![^.;!?]*\b(?:tomorrow|tmr|tmrw|tonight|today|this\s+(?:morning|week|friday|monday|tuesday|"
                r"wednesday|thursday|saturday|sunday)|next\s+\w+|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)")


#: (pattern, attribute): attribute None means the pattern captures it in group "attr".
_FRAMES: list[tuple[re.Pattern[str], str | None]] = [
    # verbs that name their attribute
    _frame(rf"\bi{ADV}\s+(?:drive|'m\s+driving|am\s+driving|get\s+around\s+in)\s+{ARTICLE}{VALUE}", "car"),
    # "I car share with Rob", "we lift-share with the Hendersons": the person shared with
    _frame(rf"\b(?:i|we){ADV}\s+(?:car[\s-]?share|carpool|car[\s-]pool|lift[\s-]?share)\s+with\s+{VALUE}", "car share"),
    _frame(rf"\bbank(?:ing)?\s+with\s+{VALUE}", "bank"),
    _frame(rf"\bi\s+keep\s+my\s+money\s+(?:at|with|in)\s+{VALUE}", "bank"),
    _frame(rf"\b(?:training|preparing|train|prepare)\s+for\s+(?:the\s+)?{VALUE}", "race"),
    # "signed up for NOW TV", "registered for the newsletter": only a race is a race
    _frame(rf"\b(?:sign(?:ed)?\s+up|registered)\s+for\s+(?:the\s+)?{VALUE}", "@race"),
    _frame(rf"\b(?:work\s+out|working\s+out|train|exercise|go\s+to\s+the\s+gym|membership|lift|lifting)\s+(?:at|with)\s+{VALUE}",
           "gym"),
    _frame(r"\bi\s+see\s+(?P<v>dr\.?\s+(?-i:[A-Z])[\w'-]+)", "doctor"),
    _frame(rf"\b(?:learning|studying|learn|study|taking|take)\s+{LANGUAGE}", "language"),
    _frame(rf"\b{LANGUAGE}\s+(?:lessons|classes|class|course|teacher|tutor|homework|textbooks?|exam|test)", "language"),
    _frame(rf"\b(?:drummer|bassist|guitarist|singer|keyboardist|vocalist|frontman|frontwoman)\s+(?:in|for|of)\s+{VALUE}",
           "band"),
    _frame(r"\b(?:play|playing|sing|singing)\s+(?:\w+\s+){0,4}?in\s+(?P<v>(?:The\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})",
           "band"),
    _frame(r"\b(?:\w+\s+)?(?:player|guitar|bass|drums|keys|keyboards|vocals|sax|saxophone|violin|trumpet)\s+(?:in|for|with)\s+(?P<v>(?:The\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})",
           "band"),
    # how the coffee is taken, said after the word: "a coffee, black", "coffee for me always with oat milk"
    # (not the company it is had in: "coffee with Priya", "coffee with my sister")
    _frame(r"\bcoffee\s*(?:,\s*|\s+for\s+me\s*,?\s*|\s+)(?:always\s+|usually\s+|only\s+)?"
           r"(?P<v>black|white|decaf|(?:with(?!\s+(?-i:[A-Z])|\s+(?:my|our|his|her|their|friends?|colleagues?|"
           r"family|the\s+(?:team|girls|guys|kids))\b)|as)\s+[^,.;:!?]{1,30}?)(?=\s+(?:is|was|agrees|suits|works)\b|" + STOP[3:],
           "coffee"),
    # a name and what it is, side by side: "Biscuit, our little terrier", "Dr. Patel, my GP,", "Waffles (my dog)"
    _frame(r"(?P<app>)(?P<v>(?:(?-i:Dr)\.?\s+)?(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,2})\s*(?:,\s*|\(\s*)"
           r"(?:our|my|the)\s+(?:(?:little|old|new|family|lovely|sweet|rescue|local)\s+)?"
           r"(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*[,.;!?)]|\s+(?:was|is|has|who|that|at)\b|$)"),
    _frame(r"\b(?:i'?m|i\s+am|we'?re)\s+(?:\w+\s+)?(?:running|racing|doing)\s+(?:in\s+)?the\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,4})", "@race"),
    # the race a run is "for": "long run sunday 18k, all for the Loch Ness Marathon" (``@race``: a race's name)
    _frame(r"\b(?:training|runs?|running|miles|km|\d+\s?k)\b[^.!?;]*?\bfor\s+the\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,4})", "@race"),
    _frame(rf"\bmy\s+{REL_MOD}{REL}'s\s+(?:new\s+)?(?:place|flat|house|home|apartment)\s+in\s+"
           rf"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "@rel.lives_in"),
    # the drink the user always has, by its name: "my usual black coffee", "my order, a flat white", "me usual double
    # double", "double double every morning" (a bare "my coffee" names no drink)
    _frame(rf"\b(?:my|me)\s+(?:usual|regular|normal|go-to|daily|standard)\s+(?:order\s*[,:]?\s*(?:is\s+)?(?:a\s+)?)?"
           rf"(?P<v>{COFFEE_DRINK})\b", "coffee"),
    _frame(rf"\bmy\s+(?:usual\s+)?(?:order\s*(?:[,:]|is)|usual\s+is)\s*(?:a\s+|an\s+)?(?P<v>{COFFEE_DRINK})\b", "coffee"),
    _frame(rf"^\W*(?:a\s+)?(?P<v>{COFFEE_DRINK})\s+(?:every|each)\s+(?:morning|mornin|day)\b", "coffee"),
    # the drink said as what the user has, in the present: "I drink oat milk lattes", "I have an oat milk latte every
    # morning", "I always order a cortado" (not "I had a latte": one cup)
    _frame(rf"\bi\s+(?:usually\s+|always\s+|only\s+|mostly\s+|normally\s+|just\s+)?(?:drink|have|get|order)\s+"
           rf"(?:a\s+|an\s+)?(?P<v>{COFFEE_DRINK})\b", "coffee"),
    _frame(r"\b(?:take|drink|like|have|want|prefer|taking|drinking|having)\s+my\s+coffee\s+(?P<v>(?:with|as|without)?"
           r"[^,.;:!?]{1,40}?)(?=\s+(?:now|these\s+days|instead|every|each|lately)\b|\s*[,.;:!?]|$)", "coffee"),
    # "mine" for the coffee the sentence named: "get the good coffee in, I have mine black"
    _frame(r"\bcoffee\b[^.!?]{0,80}?\bi\s+(?:have|take|drink|like|prefer)\s+mine\s+(?P<v>black|white|decaf|"
           r"(?:with|without)\s+[^,.;:!?]{1,30}?)(?=\s+(?:now|these\s+days|always|every|each|lately|pls|please)\b|"
           r"\s*[,.;:!?]|\s+(?-i:[A-Z])|$)", "coffee"),
    _frame(rf"\bi\s+(?:eat|follow\s+an?|am\s+on\s+an?|'m\s+on\s+an?|went|go|eat\s+a)\s+{DIETS}(?:\s+diet)?\b", "diet"),
    # who the sentence's speaker is, said first: "As a vegan I struggle with work lunches", "Being vegetarian, ..."
    _frame(rf"^\W*(?:as\s+an?|being(?:\s+an?)?)\s+(?:strict\s+|lifelong\s+)?{DIETS}(?=\s*,|\s+(?:i|i'm|i've|myself|me|"
           rf"we|my)\b)", "diet"),
    # "I'm on keto (these days)", "been on paleo since May": a diet one is on needs no article
    _frame(rf"\bi(?:'m|\s+am|'ve\s+been|\s+have\s+been|\s+was)?\s+(?:still\s+|now\s+|strictly\s+|mostly\s+)?on\s+"
           rf"(?P<v>keto|paleo|whole30|slimming\s+world|weight\s+watchers)\b(?!\s+(?:recipes?|food|snacks?|subreddit))",
           "diet"),
    _frame(rf"\b(?:wake\s+up|get\s+up|wake|waking(?:\s+up)?|getting\s+up|"
           rf"i(?:'m|\s+am)\s+(?:always\s+|usually\s+|normally\s+|generally\s+|now\s+)?up)\s+"
           rf"(?:always\s+|usually\s+|normally\s+|often\s+)?(?:at|by|around)\s+{TIME}",
           "wake_time"),
    # a habit of sleeping on to a time: "I've been sleeping in till 8 since I went part-time"
    _frame(rf"\b(?:sleep|sleeping|lie|lying)\s+in\s+(?:till|until|to|'til|til)\s+{TIME}"
           rf"(?=.*\b(?:now|these\s+days|every|most|since|usually|always)\b|\s+(?:now|these\s+days|every|most)\b)",
           "wake_time"),
    # the same with "I'm" left out, as notes and asides say it, kept to a habit: "early riser, up at 5 every day"
    _frame(rf"(?:^|,\s*|\bso\s+)up\s+(?:at|by)\s+{TIME}\s+(?=(?:every|each)\s+(?:day|morning|weekday)|daily\b|"
           rf"most\s+(?:days|mornings|weekdays)|on\s+weekdays|weekdays\b)", "wake_time"),
    # when the working day starts, said as people say it: "I start work at 8:30", "my shift starts at 7am", "I'm in
    # for 10am now", "must reach office by 7am"; a day that is named ("tomorrow", "on Friday") is one day, no habit
    _frame(rf"\bi{ADV}\s+(?:start|begin)\s+(?:work\s+|my\s+shifts?\s+|at\s+work\s+)?(?:at|around)\s+{TIME}{_NOT_ONE_DAY}",
           "work_start"),
    _frame(rf"\bmy\s+(?:shifts?|work\s*day|working\s+day|day\s+at\s+work|rota)\s+(?:usually\s+|now\s+|normally\s+|"
           rf"always\s+|actually\s+)?(?:starts?|begins?)\s+(?:at|around)\s+{TIME}{_NOT_ONE_DAY}", "work_start"),
    _frame(rf"\bmy\s+(?:shifts?|work\s*day|working\s+day|start)\b[^.;!?]{{0,40}}?[,;]\s*(?:it|that)\s+(?:actually\s+)?"
           rf"(?:starts|begins|is)\s+(?:at\s+)?{TIME}{_NOT_ONE_DAY}", "work_start"),
    _frame(rf"\b(?:reach|be\s+(?:in|at)|get\s+(?:in|to))\s+(?:the\s+)?(?:office|work|the\s+depot|the\s+site)\s+by\s+{TIME}"
           rf"(?=.*\b(?:every|each|daily|usually|always|normally|most\s+days|weekdays?|now)\b|^(?:every|each))"
           rf"{_NOT_ONE_DAY}", "work_start"),
    _frame(rf"\b(?:i'?m|i\s+am)\s+in\s+(?:for|at|by)\s+{TIME}\s+(?:now|these\s+days|from\s+now\s+on)\b", "work_start"),
    _frame(rf"\bnow\s+i\s+(?:come|go|clock)\s+in\s+(?:at\s+)?{TIME}", "work_start"),
    # where the user's money, home and car are looked after, said by what is done there: "my IRA over at Vanguard",
    # "rent's due to Harbour Lettings", "Kwik Fit does all the work on my Golf", "took the car to Halfords for a service"
    _frame(rf"\bmy\s+(?:ira|isa|roth\s+ira|401\(?k\)?|pension(?:\s+pot)?|savings(?:\s+account)?|investments?|rrsp|tfsa|"
           rf"stocks\s+and\s+shares\s+isa|retirement\s+(?:account|savings))\s+(?:is\s+|are\s+|sits?\s+|"
           rf"(?:is\s+|are\s+)?(?:all\s+|still\s+)?)?(?:over\s+)?(?:at|with|in)\s+{BRAND}{_NAME_END}", "savings_provider"),
    _frame(rf"\b(?:pay|paying|paid|owe)\s+(?:the\s+|my\s+|our\s+)?rent\s+to\s+{BRAND}{_NAME_END}", "landlord"),
    _frame(rf"\brent(?:'s|\s+is|\s+goes)\s+(?:due\s+|paid\s+|always\s+due\s+)?to\s+{BRAND}{_NAME_END}", "landlord"),
    _frame(rf"\b(?:i|we)\s+rent\s+(?:(?:our|my|the)\s+(?:flat|house|place|apartment|home)\s+)?(?:from|through|off)\s+{BRAND}{_NAME_END}",
           "landlord"),
    _frame(rf"\b(?:paid|pay|paying)\s+{BRAND}\s+(?:the|my|our|this\s+month's)\s+rent\b", "landlord"),
    # the one who now takes it: "so it's Keystone collecting my rent now", "Foxtons take our rent"
    _frame(rf"{_NAME_FIRST}\s+{_TAKES_RENT}", "landlord"),
    _frame(rf"\bit's\s+{BRAND}\s+{_TAKES_RENT}", "landlord"),
    _frame(rf"{_NAME_FIRST}\s+(?:does|do|has\s+done|have\s+done)\s+(?:all\s+)?(?:the\s+)?(?:work|repairs|servicing|"
           rf"service|mot|maintenance)\s+on\s+(?:my|our)\s+", "garage"),
    _frame(rf"{_NAME_FIRST}\s+(?:services?|fixes|fix|looks\s+after|maintains?)\s+(?:my|our)\s+(?:car|truck|van|motor|"
           rf"pickup|ute)\b", "garage"),
    _frame(rf"\b(?:take|took|taking|takin'|send|sent|sending|bring|brought)\s+(?:(?:my|our|the)\s+)?(?:car|truck|van|motor|"
           rf"pickup|ute)\s+(?:in\s+)?to\s+{BRAND}\s+for\s+(?:its\s+|a\s+|the\s+|an\s+)?(?:servicing|service|mot|"
           rf"repairs?|tyres?|tires|oil\s+change|check|inspection|brakes)", "garage"),
    _frame(rf"\bi\s+drink\s+{VALUE}\s+(?:every|each)\s+(?:day|morning|afternoon|evening|night)", "drink"),
    _frame(rf"\b(?:the\s+|my\s+)?(?P<act>dentist|doctor|dental|vet|hair|eye|physio|therapy)(?:\s+(?:appointment|appt|checkup|check-up))?"
           rf"\s+(?:has\s+been\s+|got\s+|was\s+|is\s+)?(?:rescheduled|moved|pushed(?:\s+back)?|postponed|bumped)\s+"
           rf"(?:me\s+|it\s+|us\s+)?(?:back\s+)?to\s+{DATE}", "@appointment"),
    _frame(rf"\b(?:the\s+)?(?P<act>dentist|doctor|vet|physio|therapist)\s+(?:has\s+)?(?:moved|rescheduled|pushed|changed)\s+"
           rf"(?:my|the|our)\s+(?:appointment|appt|checkup|check-up)\s+(?:back\s+)?to\s+{DATE}", "@appointment"),
    _frame(rf"\b(?:rescheduled|moved|pushed(?:\s+back)?|postponed|bumped|changed)\s+(?:the|my|our)\s+"
           rf"(?P<act>dentist|doctor|dental|vet|hair|eye|physio|therapy)(?:\s+(?:appointment|appt|checkup|check-up))?"
           rf"\s+(?:back\s+)?to\s+{DATE}", "@appointment"),
    _frame(rf"\balarm\s+(?:goes(?:\s+off)?|is\s+set|rings)\s+(?:at|for)\s+{TIME}", "wake_time"),
    _frame(rf"\bgot\s+married\s+on\s+{DATE}", "anniversary"),
    _frame(rf"\banniversary(?:'s)?\s+(?:(?:is|falls)\s+)?(?:on\s+)?{DATE}", "anniversary"),
    # the date first, the occasion after it: "a sitter for June 14th, it's our anniversary", "May 3rd is our anniversary"
    _frame(rf"{DATE}\s*(?:[,;:\u2013\u2014-]\s*|\s+)(?:(?:it's|it\s+is|that's|that\s+is|which\s+is)\s+|(?:is|was)\s+)"
           r"(?:our|my)\s+(?:\w+\s+)?(?:wedding\s+)?anniversary\b", "anniversary"),
    _frame(r"\bi\s+report\s+to\s+(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "manager"),
    # the manager named first: "Gavin Price, to whom I report", "Fiona, who I report to"
    _frame(r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?),?\s+(?:to\s+whom\s+i\s+(?:report|answer)\b|"
           r"(?:who|whom)\s+i\s+(?:report|answer)\s+to\b)", "manager"),
    _frame(r"\b(?:i|we)\s+(?:do|practi[cs]e)\s+(?P<v>[a-z][a-z -]{1,25}?)\s+(?:\w+\s+times|twice|once|every|since|"
           r"on\s+(?:weekends|\w+days)|regularly|most\s+days)", "hobby"),
    _frame(r"\bi\s+go\s+to\s+(?P<v>[a-z][a-z -]{1,25}?)\s+(?:classes|class|lessons)\b", "hobby"),
    _frame(rf"\bi\s+spend\s+my\s+(?:weekends|evenings|free\s+time|mornings)\s+(?:doing\s+)?{VALUE}", "hobby"),
    _frame(rf"\bi(?:'m|\s+am)\s+{ARTICLE}(?P<role>[a-z][a-z -]{{2,30}}?)\s+at\s+(?P<v>(?-i:[A-Z])[\w&'.+-]*(?:\s+(?-i:[A-Z])[\w&'.+-]*){{0,3}})",
           "works_at"),
    _frame(rf"\bi\s+have\s+a\s+job\s+(?:at|with)\s+{VALUE}", "works_at"),
    _frame(r"\b(?:trip|holiday|vacation)\s+to\s+(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "trip"),
    _frame(rf"\b(?:going|flying|travel+ing|heading|off|go|fly|travel|head)\s+to\s+(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+"
           rf"(?:in|next|this|for|on)\s+(?:the\s+|a\s+|two\s+|three\s+|a\s+few\s+|\w+\s+(?=weeks|months|days))?(?:{MONTHS}|spring|summer|autumn|fall|winter|"
           rf"weeks?|weekend|months?|days|year|holidays?|vacation|christmas|easter|\w+day|\d)", "trip"),
    _frame(r"\b(?:weeks?|days?|time)\s+off\s+to\s+(?:go\s+to|visit|see|fly\s+to)\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "trip"),
    _frame(rf"\b(?:seeing|see)\s+the\s+dentist\s+on\s+{VALUE}", "dentist_appointment"),
    _frame(rf"\b(?:my|our)\s+{REL_MOD}{REL}(?:\s+(?-i:[A-Z])[\w'-]+)?(?:'s|\s+(?:is|has|was))?\s+(?:\w+ing\s+and\s+|just\s+|now\s+)?"
           rf"(?:lives|living|based|settled|moved|relocated)\s+(?:back\s+|up\s+|down\s+|out\s+|over\s+)?(?:in|to)\s+"
           rf"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "@rel.lives_in"),
    _frame(rf"\bmy\s+{REL_MOD}{REL}\s+(?:is\s+based|is\s+living|has\s+(?:a|an)\s+(?:flat|house|place|apartment|home))"
           rf"\s+in\s+(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "@rel.lives_in"),
    _frame(r"\blisten\s+to\s+(?P<v>[^,.;:!?]{1,40}?)\s+all\s+the\s+time", "likes"),
    _frame(r"\bi\s+(?:have|'ve)\s+lived\s+in\s+(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "lives_in"),
    _frame(r"(?:\bi\s+|^)(?:run|ride|cycle|train|swim|climb|hike|row|running|riding|cycling|training)\s+with\s+(?:the\s+)?"
           r"(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})", "club"),
    _frame(r"(?:\b(?:i|we)(?:'ve|\s+have|'m|\s+am)?\s+(?:\w+\s+)?|^|[,;]\s*|\band\s+)(?:use|using|work\s+on|have|got|bought|"
           r"(?:do\s+)?(?:all\s+)?(?:my\s+)?(?:coding|typing|writing|gaming|working|work)\s+on|"
           r"own|drive|picked\s+up|type\s+on|upgraded\s+to|switched\s+to|moved\s+to|went\s+for|ordered|carry|"
           r"carrying|got\s+myself)\s+(?:a|an|the|my)?\s*"
           r"(?:new\s+|used\s+)?(?P<v>(?-i:[A-Z])[\w-]*(?:\s+[\w-]+){0,2}?)" + STOP, "@device"),
    # a pet's name said with a pronoun: "a cat from the shelter, her name Pepper"
    _frame(r"\b(?:her|his|its)\s+name(?:\s+is|'s|:)?\s+(?P<v>(?-i:[A-Z])[\w'-]+)", "@pet_pronoun"),
    # a move said without "I": "relocated to Kraków", "left Utrecht, living in Valencia", "upped sticks to York"
    _frame(r"\b(?:upped|up)\s+sticks\s+(?:and\s+(?:moved|went)\s+)?to\s+"
           r"(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F-]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F-]+)?)", "lives_in"),
    _frame(r"(?:^|[,;]\s*|(?<=\band\s))(?:just\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+|over\s+|across\s+|down\s+|up\s+)?to\s+"
           r"(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F-]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F-]+)?)", "lives_in"),
    _frame(r"(?:\b(?:our|my)\s+(?:new\s+|little\s+)?|(?:^|[,;]\s*)(?:the\s+)?new\s+)(?:flat|house|apartment|place|home|"
           r"houseshare|digs)\s+(?:here\s+)?in\s+"
           r"(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F-]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F-]+)?)", "lives_in"),
    # "we're Cardiff-based now", "settling into life in Bath"
    _frame(r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+)?(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F]+)?)"
           r"-based\b", "lives_in"),
    _frame(r"\b(?:settling|settled|settle)\s+(?:in\s+)?(?:in)?to\s+(?:(?:our|my|the)\s+new\s+)?(?:life|things)\s+in\s+"
           r"(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F-]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F-]+)?)", "lives_in"),
    _frame(r"(?:^|[,;]\s*)(?:now\s+)?(?:living|based|settled)\s+(?:now\s+)?(?:in|out\s+of)\s+"
           r"(?P<v>(?-i:[A-Z])[\w'\u00C0-\u024F-]+(?:\s+(?-i:[A-Z])[\w'\u00C0-\u024F-]+)?)", "lives_in"),
    # lowercase makers and models, places and coffee: casual chat drops the capitals
    _frame(LOWER_DEVICE, "@device_mine"),
    _frame(rf"(?:\b(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?\s+(?:\w+\s+)?|^|\bmy\s+{REL_MOD}{REL}\s+(?:\w+\s+)?)"
           r"(?:live|lives|living|based|settled|moved|relocated)\s+(?:back\s+|over\s+|across\s+)?(?:in|to)\s+"
           r"(?P<v>(?-i:[a-z\u00E0-\u024F])[\w'\u00E0-\u024F-]+(?:\s+(?-i:[a-z])[\w'-]+)??)" + STOP, "@place_lc"),
    # a new home in a lowercase place: "new flat in whitby is tiny but i love it" (checked like the frame above)
    _frame(r"(?:\b(?:our|my)\s+|(?:^|[,;]\s*)(?:the\s+)?)new\s+(?:flat|house|apartment|home)\s+in\s+"
           r"(?P<v>(?-i:[a-z\u00E0-\u024F])[\w'\u00E0-\u024F-]+)(?=\s+(?:is|was|has)\b|" + STOP[3:], "@place_lc"),
    _frame(r"\b(?P<v>black|white|decaf)\s+coffee\b", "@coffee_lc"),
    _frame(r"\b(?P<v>(?:(?:oat|soy|almond|whole|skim|"
           r"skimmed|semi-skimmed|coconut)\s+milk|honey|cream|two\s+sugars|one\s+sugar|a\s+splash\s+of\s+\w+|"
           r"sugar|milk))\s+in\s+(?:my|the)\s+coffee\b", "@coffee_lc"),
    # casual chat: lowercase values and verb-led fragments ("been pescatarian for ages", "i'm into synthwave")
    _frame(rf"(?:^|\bi'?m\s+|\bi\s+am\s+|\bbeen\s+|\bwent\s+|\bgone\s+|\bgoing\s+|\bturned\s+|\bnow\s+)"
           rf"(?:fully\s+|strictly\s+|mostly\s+)?{DIETS}\b(?!\s+(?:food|recipes?|restaurants?|options?|friends?|places?))",
           "diet"),
    _frame(rf"\b(?:i'?m|i\s+am|been|really|so|getting)\s+(?:really\s+|so\s+|totally\s+|big\s+|super\s+)?into\s+{VALUE}",
           "@interest"),
    # the same liking said of the user or of one of their people, in the idioms of enthusiasm: "my dad's mad for lawn
    # bowls", "my sister is obsessed with padel", "we're big on hiking", "I'm mad about climbing" (whose owner
    # cue_subject says; "mad about" is also anger, so only a pastime or a genre is liked with it)
    _frame(rf"(?:\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been)|"
           rf"\b{REL_MOD}{REL}(?:\s+(?-i:[A-Z])[\w'-]+)?(?:'s|\s+is|\s+has\s+been|'s\s+been))\s+"
           rf"(?:(?:really|so|totally|absolutely|proper|well|completely|just|still|now|properly|pure|dead)\s+)*"
           rf"(?P<idiom>into|mad\s+(?:for|about|on|keen\s+on)|obsessed\s+with|crazy\s+about|nuts\s+about|"
           rf"passionate\s+about|big\s+on)\s+{VALUE}", "@enthusiasm"),
    # "he spends every free minute on fishing", "my wife spends all her weekends at the allotment gardening"
    _frame(rf"(?:\b(?:i|we)|\b{REL_MOD}{REL}(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+(?:still\s+|now\s+|basically\s+)?"
           rf"(?P<idiom>spends?)\s+(?:every|all|most)\s+(?:of\s+)?(?:(?:my|his|her|their|our|the)\s+)?"
           rf"(?:free\s+|spare\s+|waking\s+)?(?:minute|moment|hour|weekend|evening|time|day)s?\s+"
           rf"(?:(?:on|doing|playing|at)\s+)?{VALUE}", "@enthusiasm"),
    # "dad's whole personality is lawn bowls now", "my whole life is climbing": only a pastime or a genre (not "my
    # whole life is work")
    _frame(rf"(?:\b(?:my|our)|\b{REL_MOD}{REL}(?:\s+(?-i:[A-Z])[\w'-]+)?'s)\s+"
           rf"(?P<idiom>(?:whole|entire)\s+(?:personality|life|world|weekend|weekends))\s+(?:is|are|'s)\s+"
           rf"(?:(?:now|just|basically|literally|pretty\s+much)\s+)*{VALUE}", "@enthusiasm"),
    # something done, not listened to: "taken up salsa" is a hobby though salsa is a genre too
    _frame(rf"\b(?:been\s+doing|i've\s+taken\s+up|taken\s+up|took\s+up|taking\s+up|into\s+doing)\s+{VALUE}", "@activity"),
    # a pastime switched to: "has switched to ballroom dancing", "swapped over to padel" (only a pastime's name: not
    # "switched to Monzo", "switched to online banking")
    _frame(rf"\b(?:switched|swapped|changed|moved\s+on|gone\s+over|went\s+over)\s+(?:over\s+|across\s+)?to\s+{VALUE}",
           "@pastime"),
    _frame(rf"\b(?:i\s+)?(?:mostly\s+|always\s+|usually\s+|only\s+)?(?:listen|listening)\s+to\s+(?:mostly\s+|a\s+lot\s+of\s+|"
           rf"lots\s+of\s+|loads\s+of\s+)?{VALUE}", "music"),
    _frame(rf"\bi\s+(?:always|usually|mostly|only)\s+drink\s+{VALUE}", "drink"),
    _frame(rf"\b(?:addicted|hooked)\s+(?:to|on)\s+{VALUE}", "drink"),
    # how the coffee had again is taken, said "as always": "on my 3rd coffee of the shift, white with two sugars as
    # always"; and in a note, "coffee (for me, white with two sugars)"
    _frame(r"\bcoffee\b[^,.;:!?()]{0,30}(?:,\s*|\(\s*for\s+me\s*[,:-]?\s*)(?P<v>(?:black|white|decaf|milky|strong)"
           r"(?:\s+with\s+(?:no|one|two|three|a|an|a\s+splash\s+of|a\s+dash\s+of)\s+(?:\w+\s+)?(?:milk|sugars?|sweeteners?|"
           r"cream))?)(?=\s+(?:as\s+(?:always|usual|ever)|like\s+always)\b|\s*[-\u2013\u2014)]|\s*,\s*(?:as\s+always|"
           r"always|every))", "coffee"),
    _frame(r"^\s*(?:my\s+)?coffee\s*[:,-]?\s+(?P<v>(?:with(?!\s+(?-i:[A-Z])|\s+(?:my|our|his|her|their|friends?|"
           r"colleagues?|family|the\s+(?:team|girls|guys|kids))\b)|as|without|black|white|decaf)[^,.;:!?]{0,40}?)"
           r"(?=\s+(?:now|these\s+days|always|every|each|lately|pls|please)\b|\s*[,.;:!?]|$)", "coffee"),
    _frame(rf"(?:^|\bi'?m\s+|\bi\s+am\s+|\bgot\s+)up\s+(?:at|by|around)\s+{TIME}", "wake_time"),
    _frame(rf"\balarm(?:'s|\s+is)?\s+(?:set\s+)?(?:for|at)\s+{TIME}", "wake_time"),
    _frame(rf"\bdentist(?:\s+(?:appt|appointment|checkup|check-up))?\s+(?:is\s+)?(?:(?:on|for)\s+)?(?:the\s+)?{DATE}",
           "dentist_appointment"),
    _frame(r"\b(?:i'?m\s+|we'?re\s+|i\s+am\s+|we\s+are\s+|^)on\s+(?P<v>(?-i:[A-Z])[\w&+'-]*(?:\s+(?-i:[A-Z0-9])[\w&+'-]*){0,3})"
           r"\s+for\s+(?:(?:our|my|the)\s+)?(?P<attr>[a-z][\w-]*)\b"),
    _frame(r"(?:^|\bi'?m\s+|\bi\s+am\s+|\bi\s+)(?:working|work)\s+(?:at|for)\s+"
           r"(?P<v>(?-i:[A-Z])[\w&'.+-]*(?:\s+(?-i:[A-Z])[\w&'.+-]*){0,3})", "works_at"),
    _frame(r"(?:^|\bi'?m\s+|\bi\s+am\s+|\bwe'?re\s+)(?:based|living|settled)\s+in\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "lives_in"),
    _frame(rf"\b(?:my\s+)?{REL_MOD}{REL}(?:'s|\s+is)\s+(?:now\s+|still\s+)?(?:based\s+|living\s+|settled\s+)?(?:out\s+|up\s+|down\s+|over\s+)?in\s+"
           rf"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)", "@rel.lives_in"),
    # "named him Sir Barnaby": a name of several capitalised words is one name
    _frame(r"\bnamed\s+(?:her|him|it|them|the\s+(?:new\s+|little\s+)?\w+)\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|january|february|march|"
           r"april|may|june|july|august|september|october|november|december|after|because)(?-i:[A-Z])[\w'-]+){0,2})",
           "pet"),
    # a band's gigs and rehearsals: "gig w Northern Drift friday", "start rehearsing with The Brass Monkeys"
    _frame(r"\b(?:gigs?|gigging|rehears(?:e|es|ed|ing|al|als))\s+(?:w|w/|with)\s+"
           r"(?P<v>(?:The\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})", "band"),
    _frame(r"\b(?:drumming|drums|drum|playing\s+\w+|play\s+\w+|singing|sing)\s+(?:in|for|with)\s+"
           r"(?P<v>(?:The\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})", "band"),
    # providers and allegiances named by their verb ("I support Celtic", "Luca cuts my hair", "insured with Aviva")
    _frame(r"\b(?:support|supporting|root\s+for|rooting\s+for|cheer\s+for|cheering\s+for|follow|following)\s+(?:the\s+)?"
           rf"{BRAND}", "team"),
    # not a machine's fan: "The MacBook Air fan has started whirring"
    _frame(rf"\b{BRAND}\s+(?:fan|supporter|season\s+ticket(?:\s+holder)?)\b(?!'s|\s+(?:has|had|is|was|keeps|kept|makes|"
           r"made|started|stopped|broke|died|went|needs|noise|blade|heater|belt|won't|wont|isn't|doesn't)\b)", "team"),
    _frame(rf"\bseason\s+ticket(?:'s|\s+is)\s+(?:at|with|for)\s+{BRAND}", "team"),
    _frame(rf"\b{BRAND}\s+(?:cuts|does|styles)\s+my\s+hair\b", "barber"),
    _frame(rf"\bhair(?:cut|cuts)?\s+(?:done\s+|cut\s+|appt\s+|appointment\s+)?(?:by|with|at)\s+{BRAND}", "barber"),
    _frame(rf"\binsur(?:ed|ance)\s+(?:is\s+|'s\s+)?(?:with|through|from|by)\s+{BRAND}", "insurance"),
    _frame(rf"\b{BRAND}\s+insures\s+(?:my|our)\b", "insurance"),
    # several things held, listed, then the one provider they are all with: "my savings, pension and current account
    # are all with Nationwide", "everything (savings, ISA, current account) is with Monzo" (see ``_held_list``)
    _frame(r"(?:\b(?:my|our)\s+|\b(?:everything|all\s+of\s+it|both)\s*[\u2013\u2014(-]+\s*)"
           r"(?P<list>[a-z][a-z -]*(?:\s*,\s*(?:and\s+)?[a-z][a-z -]*|\s+and\s+[a-z][a-z -]*)+?)\s*[\u2013\u2014)-]*\s*"
           rf"(?:is|are)\s+(?:all\s+|both\s+)?(?:with|at)\s+{BRAND}", "@held_list"),
    # a card blocked or frozen by the one who issued it, the user's bank: "Monzo froze my card again"
    _frame(rf"\b{BRAND}\s+(?:has\s+|have\s+)?(?:just\s+|again\s+)?(?:blocked|froze|frozen|locked|suspended)\s+"
           r"my\s+(?:debit\s+|credit\s+|bank\s+)?card\b", "bank"),
    # who pays the user's salary employs them ("to pay the bills" is what a job does): "Stripe pays my wages"
    _frame(rf"\b(?!{_PERSON_WORD}\b){BRAND}\s+pays\s+(?:my|the)\s+(?:bills|salary|wages|paycheck|paycheque)\b", "works_at"),
    _frame(rf"\b(?:subscribed\s+to|subscription\s+to|subscribe\s+to)\s+{BRAND}", "streaming"),
    # "Netflix subscription", never "My subscription": a possessive or an article is no brand
    _frame(rf"\b(?!(?i:my|our|your|his|her|their|the|this|that|a|an|new|old|every|each)\b){BRAND}\s+(?:subscription|sub)\b",
           "streaming"),
    _frame(rf"\bwatch(?:es|ed|ing)?\s+(?:\w+\s+){{0,3}}?on\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
           rf"{MONTHS}\b|tv\b|the\b|my\b|our\b|weekends?\b)"
           r"(?P<v>(?-i:[A-Z])[\w&+'.-]*(?:\s+(?-i:[A-Z0-9+])[\w&+'.-]*){0,2})",
           "streaming"),
    _frame(rf"\b(?P<v>(?:(?-i:Dr)\.?\s+)?(?-i:[A-Z])[\w'-]+)\s+(?:looks\s+after|treats|sees\s+to|jabs)\s+(?:our|my)\s+"
           rf"(?:\w+\s+)?(?:{'|'.join(ANIMALS)})", "vet"),
    _frame(r"\b(?:long\s+)?runs?\s+with\s+(?:the\s+)?(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})", "club"),
    _frame(rf"\b(?:new\s+job\s+(?:at|with)|started\s+(?:a\s+new\s+job\s+)?at|starting\s+at|job\s+at)\s+{BRAND}", "works_at"),
    # a job begun, said with its day: "start at KPMG Monday", "I start at Arup next week", "my first day at Arup"
    _frame(rf"(?:^|[,;]\s*|\b(?:i|i'll)\s+)(?:start|begin)\s+at\s+{BRAND}(?=\s+(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|"
           r"satur|sun)day|tomorrow|next\s+(?:week|month)|in\s+(?:january|february|march|april|may|june|july|august|"
           r"september|october|november|december)))", "works_at"),
    _frame(rf"(?:^|[,;.!]\s*|\bmy\s+)first\s+(?:day|week|shift)\s+at\s+{BRAND}", "works_at"),
    # value first, lowercase too: "tennis is my thing rn", "k-pop is my fave music", "hot chocolate is my drink"
    _frame(r"^\s*(?P<v>[\w'&+-]+(?:\s+[\w'&+-]+){0,2}?)(?:'s|\s+is|\s+are)\s+(?:my|our)\s+(?:fave|favorite|favourite|go-to|"
           r"main|new|current)?\s*(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*[,.;!?]|\s+(?:now|rn|btw|lol|tho|"
           r"these\s+days|atm)\b|\s*[\u2190-\u2BFF\U0001F000-\U0001FAFF]|$)"),
    # the value, then a pointer back to it: "Velvet Pylon, that's my band", "jazz, it's my favourite kind of music"
    _frame(r"(?<![\w:])(?P<ptr>)(?P<v>(?:dr\.?\s+)?(?-i:[A-Z0-9])[\w'&+-]*(?:\s+(?-i:[A-Z0-9])[\w'&+-]*){0,3}|"
           r"(?-i:[a-z])[\w'&+-]*(?:\s+(?-i:[a-z])[\w'&+-]*)?)(?:\s+(?:rn|atm|lol|btw|now))?\s*[,\u2013\u2014-]+\s*"
           r"(?:that's|that\s+is|it's|it\s+is|he's|she's|he\s+is|she\s+is)\s+"
           r"(?:my|our)\s+(?:fave\s+|favorite\s+|favourite\s+|main\s+|usual\s+|current\s+)?"
           r"(?P<attr>[a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,2}?)(?=\s*[,.;!?\u2013\u2014]|\s+now\b|$)"),
    # "Tomasz is my manager", "Dr. Haddad is my GP"
    _frame(r"(?:^|[,;]\s*)(?P<v>(?:dr\.?\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s+is\s+(?:now\s+)?"
           r"(?:my|our)\s+(?:new\s+)?(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*[,.;!?]|\s+now\b|$)"),
    # possessive, with another person or animal as the owner: "my sister's home is in Ghent", "my cousin Karen's
    # partner is Darren"
    _frame(rf"\bmy\s+{REL_MOD}{REL}(?:\s+(?-i:[A-Z])[\w-]+)?'s\s+(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are)\s+"
           rf"(?:now\s+)?(?:in|at|with|on)?\s*{VALUE}"),
    # the attribute, then its name: "our new vet, Dr Achebe", "my new barber, Theo", "my club, Otter Swimming Club",
    # "my quiz team, the Pub Quizlings" (a name of up to four capitalised words, "of"/"&" within; not "my band,
    # the one I left": a lowercase word after "the" is no name)
    _frame(r"\b(?:our|my)\s+(?:new\s+|usual\s+|regular\s+)?(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,\s+"
           r"(?P<v>(?:(?-i:Dr)\.?\s+)?(?:(?-i:the)\s+(?=(?-i:[A-Z])))?(?-i:[A-Z])[\w'-]+"
           r"(?:\s+(?:(?:of|&|(?-i:and))\s+)?(?-i:[A-Z0-9])[\w'-]*){0,3})(?=\s*[,.;!?]|$)"),
    # how the user gets to work, said by the verb: "I cycle to work now"
    _frame(r"\b(?:i|we)\s+(?:\w+\s+)?(?P<v>cycle|bike|walk|drive|scoot)\s+(?:in)?to\s+(?:work|the\s+office|uni|school|"
           r"college|campus)\b", "@commute_verb"),
    # "Mochi the cat", "in the data team at Globex"
    _frame(rf"\b(?P<v>(?-i:[A-Z])[\w'-]+)\s+the\s+(?:{'|'.join(ANIMALS)})\b", "pet"),
    _frame(r"\b(?:in|on|with|joined|join)\s+the\s+[\w -]{2,25}?\s+team\s+(?:at|for)\s+"
           r"(?P<v>(?-i:[A-Z])[\w&'.+-]*(?:\s+(?-i:[A-Z])[\w&'.+-]*){0,3})", "works_at"),
    # a fragment that drops the possessive: "new gym is Anytime Fitness", "new running club: River Pacers",
    # "phone is a Pixel 8" (the attribute must be a known concept, see frame_candidates)
    _frame(rf"(?:^|[,;]\s*)(?:the\s+)?(?P<new>new\s+)?(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
           rf"(?:\s+is|\s+are|'s|\s*:)\s+(?:now\s+)?(?:(?:with|at|in|on|from|through|via)\s+)?{VALUE}"),
    # possessive: "my gym is FitHub", "our broadband is with Comcast", "my goal race this year is the X"
    _frame(rf"\b(?:my|our)\s+(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)"
           r"(?:\s+(?:this|next)\s+year|\s+these\s+days|\s+right\s+now|\s+at\s+the\s+moment)?"
           rf"(?:\s+is|\s+are|'s|\s+falls)\s+(?:now\s+|still\s+|currently\s+)?(?:called\s+|named\s+)?(?:(?:with|at|in|on|from|by|to)\s+)?"
           rf"{VALUE}"),
    _frame(rf"\b(?:the|our|my)\s+(?:new\s+)?(?P<attr>{'|'.join(ANIMALS)})'s\s+name\s+is\s+{VALUE}"),
    # pets named beside the animal: "the dog's called Bramble", "a new pup, Ziggy", "our cat Mittens"
    _frame(rf"\b(?:the|our|my)\s+(?:new\s+|little\s+)?(?:{'|'.join(ANIMALS)})(?:'s|\s+is)\s+(?:called|named)\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]+)", "pet"),
    _frame(rf"\b(?:a|an|our|my)\s+(?:new\s+|little\s+)?(?:{'|'.join(ANIMALS)})\s*,\s+"
           r"(?P<v>(?-i:[A-Z])[\w'-]+)(?=\s*[,.!;]|$)", "pet"),
    _frame(rf"\b(?:our|my)\s+(?:new\s+|little\s+|old\s+)?(?:{'|'.join(ANIMALS)})\s+(?P<v>(?-i:[A-Z])[\w'-]+)\b", "pet"),
    _frame(rf"^\s*(?P<v>(?-i:[A-Z])[\w'-]+)(?:'s|\s+is)\s+(?:our|my)\s+(?:\w+\s+)?(?:{'|'.join(ANIMALS)})\b", "pet"),
    # a short fragment: "Greece in august!!", "Lisbon in the spring"
    _frame(rf"^\s*(?!(?:work|school|uni|college|home|life|everything|it|this|that|rent|traffic|weather|the|my|our)\b)"
           rf"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+in\s+(?:the\s+)?(?:{MONTHS}|spring|summer|"
           r"autumn|fall|winter)\b[\s!.\u2190-\u2BFF\U0001F000-\U0001FAFF]*$", "trip"),
    _frame(r"\bbooked\s+(?:a\s+(?:trip|holiday|flight|break)s?\s+to\s+)?(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)"
           r"\s+for\b", "trip"),
    # naming: "a running club called Hill Runners", "a beagle called Biscuit", "a band named Copper Lake"
    _frame(rf"\b(?:a|an|our|my)\s+(?:new\s+)?(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,?\s+(?:called|named)\s+{VALUE}"),
    # (not a remark after the comma: "a mom in a cover band, I know")
    _frame(rf"\b(?:joined|in|member\s+of)\s+(?:a|an)\s+(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,\s+"
           rf"(?!(?i:i|i'm|we|you|he|she|they|it|it's|that|that's|so|lol|haha)\b){VALUE}"),
    # provision: "we get our internet from Comcast", "I have Starlink for internet"
    _frame(rf"\b(?:get|have|buy|got)\s+(?:my|our)\s+(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
           rf"(?:from|through|with|at)\s+{VALUE}"),
    _frame(r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:have|use|pay\s+for|got|get)\s+(?P<v>(?-i:[A-Z])[\w&+'-]*(?:\s+(?-i:[A-Z0-9])[\w&+'-]*){0,3})\s+for\s+"
           r"(?:(?:our|my|the)\s+)?(?P<attr>[a-z][\w-]*)\b"),
    _frame(rf"\b(?:i|we)\s+use\s+{ARTICLE}(?P<v>[^,.;:!?]{{1,40}}?)\s+as\s+(?:my|our)\s+(?P<attr>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b"),
    # the same with the verb dropped, a note-style fragment: "Starling for my savings", "Octopus for our energy"
    # (a known attribute only, see frame_candidates)
    _frame(r"(?:^|[;:]\s*)(?P<v>(?-i:[A-Z])[\w&+'-]*(?:\s+(?-i:[A-Z0-9])[\w&+'-]*){0,3})\s+for\s+(?P<frag>my|our)\s+"
           r"(?P<attr>[a-z][\w-]*)\b"),
]


#: Finite verbs that, right after the first word read as the value, show the "'s" was a genitive:
#: "my niece's teacher is Mr Hall", "the dentist's office called".
_FINITE_AFTER_NOUN = re.compile(r"(?i)^\S+\s+(?:is|are|was|were|has|have|had|'s|called|rang|phoned|said|says|"
                                r"emailed|texted|wrote|sent)\b")
#: "my landlord's finally fixing the boiler": "'s" + a verb in -ing is "is doing", an activity, not a value
#: (a gerund that names a pastime stays one: "my sport's climbing").
_PROGRESSIVE = re.compile(r"(?i)^(?:(?:just|finally|still|always|now|really|already|busy)\s+)?[a-z]+ing\b")


#: After "'s", words that make it "is": a determiner or an adverb ("my flatmate's a nurse", "my boss's still Ana").
_IS_AFTER = re.compile(r"(?i)^(?:a|an|the|my|our|his|her|their|so|very|really|now|still|also|just|always|never|"
                       r"quite|pretty|such|not|no|back|away|off|out|called|named)\b")


def _genitive_or_progressive(sentence: str, match: re.Match[str]) -> bool:
    """The frame read "X's" as "X is", but the words after it say it was "X's <noun> <verb>" or "X is <verb>-ing";
    or X is a person and a bare common noun follows ("my neighbour's dog barks all night"): a person is named,
    in capitals, so what follows without a determiner is something of theirs."""
    if "attr" not in match.groupdict() or match.group("attr") is None:
        return False
    joint = sentence[match.end("attr"):match.start("v")].strip()
    if not joint.startswith("'s"):
        return False
    value = sentence[match.start("v"):]
    progressive = _PROGRESSIVE.match(value)
    if match.group("attr").split()[-1].lower() in PERSON_NOUNS and value[:1].islower() and not _IS_AFTER.match(value):
        return True
    return bool(_FINITE_AFTER_NOUN.match(value) or (progressive and not kind_of(progressive.group(0))))


def _held_list(listed: str) -> str | None:
    """The provider a list of held things names, when its items the lexicon knows name one ("savings, mortgage,
    current account": the bank); two providers, or none, is no one slot."""
    items = [i.strip() for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed) if i.strip()]
    slots = {concept_of(item) for item in items} - {None}
    if len(slots) != 1:
        return None
    [slot] = slots
    return slot if category_of(slot) == "provider" else None


#: Words that put the user in a clause, or say a thing is had: "I sing in a band called X", "got a pup named Y".
_USERS_CLAUSE = re.compile(r"(?i)\b(?:i|i'm|i've|im|ive|we|we're|we've|my|our|me|us|got|get|have|has|adopted|"
                           r"bought|rescued|joined|own)\b")


#: Nouns that say only that someone is a person: "a guy named Y" brings in a person, with no role or tie to the user.
_JUST_A_PERSON = {"guy", "man", "woman", "bloke", "lady", "chap", "fella", "fellow", "gentleman", "dude", "person"}


def _introduced_elsewhere(sentence: str, match: re.Match[str]) -> bool:
    """"a X called Y" brings in a new thing; it is the user's only when its clause has the user in it or says it
    is had ("We adopted a tortoise named Y", "Got a pup called Y"), or when the fragment says nothing else
    ("a new puppy called Y!!"); "won a bet on a horse called Y" names a thing met, not the user's. A person
    brought in as just a person ("a guy named Y") is no one in a role of the user's life."""
    if not re.match(r"(?i)an?\s", match.group(0)) or not re.search(r"(?i)\b(?:called|named)\b", match.group(0)):
        return False
    if (match.groupdict().get("attr") or "").lower().split()[-1:] and \
            match.group("attr").lower().split()[-1] in _JUST_A_PERSON:
        return True
    clause = re.split(r"[,;:.!?]", sentence[:match.start()])[-1]
    return bool(clause.strip()) and _USERS_CLAUSE.search(clause) is None


#: Prepositions that end a job title ("head of design" keeps its "of"): after one the words are a complement.
_NOT_TITLE_WORDS = {"for", "with", "to", "in", "on", "from", "by", "into", "about", "after", "over", "round"}


def _title_words(role: str, articled: bool) -> bool:
    """The words between "I'm" and "at X" can be a job title: no preposition but "of", and, with no article
    before them, no verb in -ing opening them (a progressive: "I'm meeting Raj for lunch at X"; "working" says
    the work itself; "a nursing assistant" is a noun phrase)."""
    words = role.lower().split()
    if any(w in _NOT_TITLE_WORDS for w in words):
        return False
    return articled or not (words[0].endswith("ing") and words[0] != "working" and len(words[0]) > 4)


#: The user's people by the words for them beyond ``RELATIONS``: "my niece is at Leeds University" is not her name.
_WIDER_FAMILY = {"uncle": "uncle", "aunt": "aunt", "auntie": "aunt", "cousin": "cousin", "niece": "niece",
                 "nephew": "nephew", "grandma": "grandmother", "gran": "grandmother", "nan": "grandmother",
                 "grandad": "grandfather", "grandpa": "grandfather", "kid": "child", "child": "child",
                 "eldest": "child", "youngest": "child", "flatmate": "flatmate", "housemate": "housemate",
                 "lad": "son", "boy": "son", "girl": "daughter", "lass": "daughter", "in-laws": "in_laws",
                 "parents": "parents", "folks": "parents", "grandparents": "grandparents"}
_SCHOOL_NAME = re.compile(r"\b(?:School|Primary|Academy|College|University|Uni|Nursery|Elementary|High|Grammar|"
                          r"Montessori|Kindergarten|Polytechnic|Institute)\b")

_FOR_A_TIME = re.compile(r"(?i)\b(?:(?:this|next|last)\s+(?:week|weekend|month)|on\s+holiday|on\s+a\s+trip|visiting|"
                         r"today|tonight|tomorrow|until|till|for\s+(?:a|the|two|three|a\s+few)\s+(?:days?|nights?|weeks?)|"
                         r"for\s+work|at\s+the\s+moment|right\s+now|conference|hospital|holiday|vacation)\b")


def _someone_placed(attr: str, between: str, raw: str, sentence: str) -> Candidate | None | bool:
    """"my niece is at Leeds University", "my nephew is at Deloitte", "my cousin's in Perth": where one of the user's
    people is (their school, their work, their town), never their name. False: not such a sentence."""
    words = attr.lower().split()
    # "niece", "best friend", or the relation then a name typed lower case: "my best friend zoe is in Edinburgh"
    keys = [words[-1], " ".join(words)] + ([" ".join(words[:-1]), words[-2]]
                                          if len(words) > 1 and not concept_of(words[-1]) else [])
    who = next((RELATIONS.get(key) or _WIDER_FAMILY.get(key) for key in keys
                if RELATIONS.get(key) or _WIDER_FAMILY.get(key)), None)
    preposition = re.search(r"(?i)\b(at|in|with)\s*$", between)
    if who is None or preposition is None:
        return False
    value = clean_value(raw)
    if not value[:1].isupper() or not plausible_value(value) or re.match(rf"(?i){MONTHS}\b", value) or \
            re.match(r"(?i)(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", value):
        return None  # "my son is at football", "my sister's wedding is in May": no place, no fact
    if _SCHOOL_NAME.search(value):
        return Candidate("assert", who, "school", value, sentence)
    if preposition.group(1).lower() == "in":
        if _FOR_A_TIME.search(sentence):
            return None  # "my sister is in Paris this week": a stay, not her home
        return Candidate("assert", who, "lives_in", value, sentence)
    return Candidate("assert", who, "works_at", value, sentence)


def frame_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    """Facts the open-domain frames find in one sentence, with the span each came from. Someone of the user's said
    to be in a place for a time, with no word of living there, is staying, not living there ("my sister is in
    Lisbon this week for a conference")."""
    stay = staying(sentence)
    for span, candidate in _frame_candidates(sentence):
        if stay and candidate.predicate == "lives_in" and candidate.subject != USER:
            continue
        yield span, candidate


def staying(sentence: str) -> bool:
    """The sentence places someone for a time, with no word of living there: "in Lisbon this week"."""
    return bool(_FOR_A_TIME.search(sentence)) and not _HOME_WORDS.search(sentence)


_HOME_WORDS = re.compile(r"(?i)\b(?:lives?|living|based|settled|moved|moving|relocat\w*|home|flat|house|apartment)\b")


def _frame_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    verb = opening_verb(sentence)  # "Fed the cat": the first word is the verb, never a value
    for pattern, attribute in _FRAMES:
        for match in pattern.finditer(sentence):
            groups = match.groupdict()
            raw = groups.get("v")
            if not raw or _genitive_or_progressive(sentence, match):
                continue
            if verb is not None and match.start("v") == verb[0]:
                continue
            if attribute == "coffee" and _COMPARED_AWAY.search(sentence, 0, match.start()):
                continue  # "... agrees with me far better than coffee black": the way it is no longer taken
            if _introduced_elsewhere(sentence, match):
                continue  # "won a bet on a horse called X": a thing met, not one the user has
            if groups.get("role") and groups["role"].split()[-1].lower() in PATRON_ROLES:
                continue  # "I'm a season ticket holder at Leeds United": a role of using the place, not a job
            if groups.get("role") and not _title_words(groups["role"], re.search(
                    r"(?i)\b(?:a|an|the|my|our)\s+$", sentence[match.start():match.start("role")]) is not None):
                continue  # "I'm meeting Raj for lunch at X": a verb and its complements, no job title
            if attribute is None:
                subject = USER
                if groups.get("rel"):
                    subject = RELATIONS[groups["rel"].lower()]
                    attr = groups["attr"].lower()
                    if attr in ("home", "place", "house", "flat", "apartment", "city"):
                        value = clean_value(raw)
                        if plausible_value(value):
                            yield match.span(), Candidate("assert", subject, "lives_in", value, sentence)
                        continue
                    if attr == "name":
                        continue
                    if attr in RELATIONS:  # "my best friend's husband is called Tunde": her husband's name
                        value = clean_value(raw)
                        if plausible_value(value) and value[:1].isupper() and len(value.split()) <= 3:
                            yield match.span(), Candidate("assert", subject, RELATIONS[attr], value, sentence)
                        continue
                else:
                    said = re.sub(r"\s+(?:now|rn|btw|lol|tho|atm)$", "", groups["attr"].lower())
                    slot = {"home": "lives_in", "hometown": "lives_in", "home town": "lives_in", "city": "lives_in",
                            "base": "lives_in", "employer": "works_at", "company": "works_at",
                            "workplace": "works_at"}.get(said)
                    if slot:  # "Montreal's home now", "Initech's my employer": slots whose words are not attributes
                        value = clean_value(raw)
                        if plausible_value(value) and value[:1].isupper():
                            yield match.span(), Candidate("assert", USER, slot, value, sentence)
                        continue
                # a proper noun is a value, not an attribute ("my ThinkPad is getting slow")
                attr_text = groups["attr"]
                if "app" in groups and raw.split()[0].lower() in DISCOURSE:
                    continue  # "Actually, our anniversary is...": a discourse word, not a name
                if "app" in groups and not (concept_of(attr_text) or attr_text.split()[-1] in ANIMALS):
                    continue  # side by side: only a known attribute or an animal ("Lisbon, the capital" is not)
                if "ptr" in groups and not (raw.strip()[:1].isupper() or re.search(r"\d", raw) or kind_of(raw)):
                    continue  # pointing back at a value: only a name, a number or a known word ("jazz")
                if groups.get("frag") and (not concept_of(attr_text) or raw.split()[0].lower() in DISCOURSE):
                    continue  # a verbless fragment: only a known attribute, never "Thanks for my ..."
                if "new" in groups and not groups.get("new") and not (
                        concept_of(attr_text) and match.start() == 0):
                    continue  # the fragment without "my": only a known attribute at the start, or "new <attr>"
                if "new" in groups and concept_of(attr_text) == "lives_in":  # "home is Montreal"
                    value = clean_value(raw)
                    if plausible_value(value) and value[:1].isupper():
                        yield match.span(), Candidate("assert", subject, "lives_in", value, sentence)
                    continue
                if attr_text != attr_text.lower() and not (attr_text.isupper() and len(attr_text) <= 4):
                    continue
                placed = _someone_placed(attr_text, sentence[match.end("attr"):match.start("v")], raw, sentence)
                if placed is not False:
                    if placed is not None:
                        yield match.span(), placed
                    continue
                candidate = attribute_candidate(attr_text, raw, sentence, subject)
            elif attribute == "@place_lc":
                value = clean_value(raw)
                words = value.lower().split()
                subjectless = not sentence[:match.start()].strip() and \
                    re.match(r"(?i)\s*(?:living|based|settled|moved|relocated|(?:the\s+)?new\s+(?:flat|house|apartment|home))\b",
                             sentence) is not None
                if not words or words[0] in NOT_PLACES or words[-1] in NOT_PLACES or len(words) > 2 or \
                        not (subjectless or re.search(r"(?i)\b(?:i|i'm|i've|we|we're|we've|my|our)\b", sentence)):
                    continue  # the user's, said or dropped as texting drops it ("living in leeds now!!")
                subject = RELATIONS[groups["rel"].lower()] if groups.get("rel") else USER
                candidate = Candidate("assert", subject, "lives_in", value, sentence)
            elif attribute == "@coffee_lc":
                if not re.search(r"(?i)\b(?:i|i'm|my|me)\b", sentence) and len(sentence.split()) > 8:
                    continue  # someone else's coffee, unless a short fragment ("black coffee now")
                value = clean_value(raw)
                candidate = Candidate("assert", USER, "coffee", value if value in ("black", "white", "decaf")
                                      else f"with {value}", sentence)
            elif attribute == "@commute_verb":
                mode = {"cycle": "bike", "bike": "bike", "walk": "walk", "drive": "car", "scoot": "scooter"}
                candidate = Candidate("assert", USER, "commute", mode[raw.lower()], sentence)
            elif attribute == "@race":  # "running the Boston Marathon", not "running the Smith account"
                value = clean_value(raw)
                candidate = Candidate("assert", USER, "race", value, sentence) if re.search(
                    r"(?i)\b(?:marathon|half|race|run|10k|5k|ultra|triathlon|ironman|trail)\b", value) else None
            elif attribute == "@pet_pronoun":
                animal = re.search(r"(?i)\b(?:" + "|".join(ANIMALS) + r")s?\b", sentence)
                candidate = Candidate("assert", USER, "pet", clean_value(raw), sentence) if animal else None
            elif attribute in ("@device", "@device_mine"):
                value = clean_value(raw)
                if attribute == "@device_mine" and not re.search(r"(?i)\b(?:i|i'm|i've|my|me|we|our|got|bought)\b",
                                                                 sentence):
                    continue  # a maker named alone only in the user's own sentence
                kind = next((DEVICES[w] for w in re.findall(r"[\w-]+", value.lower()) if w in DEVICES), None)
                candidate = Candidate("assert", USER, kind, value, sentence) if kind and plausible_value(
                    value, strict=False) else None
            elif attribute == "@appointment":
                act = "dentist" if groups["act"].lower() == "dental" else groups["act"].lower()
                candidate = Candidate("assert", USER, canonical_predicate(f"{act} appointment"), clean_value(raw),
                                      sentence)
            elif attribute == "@pastime":
                value = clean_value(raw)
                candidate = Candidate("assert", USER, "hobby", value, sentence) \
                    if len(value.split()) <= 3 and a_pastime(value) else None
            elif attribute == "@enthusiasm":
                value = clean_value(raw)
                pastime, known, genre = a_pastime(value), kind_of(value), interest_attribute(value) == "music"
                # anger, money spent, or a life that is work
                either_way = re.match(r"(?i)mad\s+about|spend|whole|entire", groups["idiom"])
                liked = pastime or genre or (known is not None and not either_way)
                kind = "hobby" if pastime else known or ("music" if genre else "hobby")  # "obsessed with matcha": a drink
                owner = cue_subject(sentence, match.start("idiom"))  # "my dad's", not "Jo's mum's"
                candidate = Candidate("assert", owner, kind, value, sentence) \
                    if owner and liked and plausible_value(value) and len(value.split()) <= 3 else None
            elif attribute in ("@interest", "@activity"):
                value = re.sub(r"(?i)^(?:a\s+)?(?:lot|lots|bit|load|loads)\s+of\s+", "", clean_value(raw))
                kind = interest_attribute(value) if attribute == "@interest" else "hobby"
                candidate = Candidate("assert", USER, kind, value, sentence) \
                    if plausible_value(value) and len(value.split()) <= 3 else None
            elif attribute == "@held_list":
                slot = _held_list(groups["list"])
                value = clean_value(raw)
                candidate = Candidate("assert", USER, slot, value, sentence) \
                    if slot and plausible_value(value, strict=False) else None
            elif attribute == "@rel.lives_in":
                candidate = Candidate("assert", RELATIONS[groups["rel"].lower()], "lives_in", clean_value(raw), sentence)
            else:
                value = clean_value(raw)
                if attribute == "diet":
                    value = value.lower().replace("veggie", "vegetarian")
                if attribute in ("language",):
                    value = value.capitalize()
                owner = cue_subject(sentence, match.start()) if attribute == "works_at" else USER
                if owner is None:
                    continue  # "Tom started at Google": Tom's job, not the user's
                slot = attribute
                if owner in CHILD_RELATIONS and re.search(r"(?i)\b(?:start|began|begin)", match.group(0)):
                    slot = "school"  # "my son started at Y": his school
                candidate = Candidate("assert", owner, slot, value, sentence) \
                    if plausible_value(value, strict=False) else None
            if candidate is not None:
                yield match.span(), candidate


#: The losing side of a comparison, just before a coffee frame's match.
_COMPARED_AWAY = re.compile(r"(?i)\b(?:than|over|instead\s+of)\s+(?:my\s+)?$")
#: What goes on after a comma in how a coffee is taken: "black, no sugar", "white, two sugars", "latte, extra shot".
_COFFEE_MORE = re.compile(r"(?i)\s*,\s*((?:no|one|two|three|half\s+a|a|1|2|3)\s+sugars?|no\s+milk|extra\s+(?:shot|hot)|"
                          r"(?:with\s+)?(?:a\s+splash\s+of\s+|oat\s+|soya?\s+|almond\s+|skimmed\s+)?milk|"
                          r"(?:with\s+)?(?:a\s+)?sweetener)\b")


def with_the_sugar(candidates: list[Candidate], said: Sequence[str]) -> list[Candidate]:
    """A coffee's value goes on through what the comma after it adds: "I take it black, no sugar" is taken
    "black, no sugar", not "black" (the frames and the parse stop a value at a comma)."""
    out = []
    for candidate in candidates:
        value = candidate.value or ""
        if candidate.predicate == "coffee" and candidate.op == "assert" and value:
            for sentence in said:
                at = sentence.lower().find(value.lower())
                more = _COFFEE_MORE.match(sentence, at + len(value)) if at >= 0 else None
                if more is not None:
                    candidate = replace(candidate, value=f"{value}, {more.group(1)}")
                    break
        out.append(candidate)
    return out
