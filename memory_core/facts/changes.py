"""Changes anchored on what is already known: the old value named, the new one beside it.

People rarely restate the attribute when something changes. They name the old
value and say what happened to it ("I traded the Civic for a Mazda 3", "I'm
over jazz, it's all techno now", "the Iceland trip is off", "Dr. Patel retired").
So instead of matching a slot, this module looks for current facts whose value
the message mentions, and for a change cue around that mention:

* a cue of ending (left, quit, cancelled, is off, died, no more, over, gave up...)
  retires the fact;
* a new value in a replacement frame ("X for Y", "from X to Y", "Y instead of X",
  "prefer Y to X", "Y now") supersedes it on the same subject and attribute.

Corrections ("actually it's Y", "I meant Y") name no old value: they replace
the most recent fact of the thread whose value has the same shape (a date for a
date, a time for a time).

Where a sentence names a known value is ``mentions``; which new value succeeds the old one, ``new_values``.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from memory_core.facts.attributes import attribute_words, same_attribute
from memory_core.facts.change_cues import (ANY_ARTICLE, EXTRA_END_CUES, FINAL_SUPPLY, NEW_VALUE, OLD_MARKER, PERSON_NOUNS,
                                           PERSON_PATTERN,
                                           assigned_values,
                                           compared_values,
                                           old_value_preferred, reported_news, someone_else_until, successor_values, unasserted)
from memory_core.facts.cues import LEFT_BEHIND_NOT, LEFT_OVER_NOT, cue_concepts, implausible_value
from memory_core.facts.frame_words import RELATIONS
from memory_core.facts.kept_values import (ATTITUDE, names_the_bond, after_a_past, own_business, temporary_absence, thing_of_value,
                                            user_stays)
from memory_core.facts.holding_frames import medicines
from memory_core.facts.later_successors import (committed, committed_successor, compared_successor, displaced,
                                                earlier_successor, later_successor)
from memory_core.facts.lexicon import kind_of
from memory_core.facts.mentions import find_mentions, find_mention, normalized
from memory_core.facts.new_values import (CORRECTION, NEXT_SUCCESSOR_PATTERNS, first_good, good_new_value, replacement,
                                          same_kind_value, same_measure_value, same_shape_value, successor, value_shape,
                                          device_kind, same_device_value,
                                          same_class_value, value_from_now_on, whole_name)

#: "off" that says someone is away for a while, not that something ended ("Gordon was off sick today").
_ABSENT = (r"(?!\s+(?:sick|ill|poorly|work|today|tonight|tomorrow|yesterday|this\s+week|last\s+week|on\s+holiday|"
           r"on\s+leave|for\s+(?:the|a|two|three|a\s+few)\s+\w+|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
           r"at\s+(?:the\s+)?weekends?\b))")
#: A time after "out of X" or "away from X" that bounds the absence: "nice to get out of Norwich for a bit".
_FOR_A_WHILE = (r"(?!\s+(?:\w+\s+){0,2}?for\s+(?:a\s+bit|a\s+while|the\s+day|the\s+weekend|a\s+few\s+days|a\s+couple\s+of\s+"
                r"(?:days|hours|nights)|the\s+night|an\s+hour|the\s+afternoon|the\s+evening)\b)")
#: Said around an old value, these mean it stopped being true.
_END_CUES = re.compile(
    r"(?i)\b(?:" + LEFT_OVER_NOT + r"left" + LEFT_BEHIND_NOT + r"|(?<!\bon\s)(?<!maternity\s)(?<!paternity\s)(?<!parental\s)(?<!sick\s)(?<!annual\s)leave|"
    r"leaving(?!\s+(?:do|drinks|party|card|present|gift|speech|meal|lunch|dinner|bash|collection)\b)|quit|quitting|(?:dropped|drop)(?!\s+(?:[\w'-]+\s+){0,5}?(?:in|into|on|onto|down|to|at)\s+(?:the|a|an|my|our|his|her|for|at|to)\b)(?!\s+(?:[\w'-]+\s+){0,4}?off\b)|ditched|dumped|scrap(?:ped)?|cancel+ed|cancel|"
    r"call(?:ed|ing|s)?\s+(?:\w+\s+){0,4}?off|(?:is|'s|are|'re|was|were|been|it's|all)\s+(?:\w+\s+)?off\b" + _ABSENT +
    r"|off\s+the\s+(?:menu|table|cards|list|agenda)|(?<!\bi\s)(?<!\bi\snearly\s)(?<!\bi\salmost\s)died|"
    r"passed\s+(?:away|on)|(?:came|come|coming|weaned|taken|took\s+me)\s+off|rip|rehome[ds]?|rehoming|let\s+go\b|went\s+(?:to\s+live|with)|"
    # a thing lost, a pet gone to live elsewhere ("did not survive the bucket", "has gone to live with my parents");
    # burials and a thing given to someone are read on the old value itself (``_SAID_OF_THE_OLD``)
    r"(?:did\s+not|didn't|didnt|never|won't|wont)\s+(?:\w+\s+)?survive|gone\s+to\s+live|"
    r"lives\s+(?:with|at)|broke\s+up|split(?:\s+up)?|separated|divorced|gave\s+up|giving\s+up|stopped|no\s+longer|anymore|any\s+more|"
    r"no\s+more|not\s+happening|isn't\s+happening|done\s+with|bye|retired|retiring|replaced|traded|sold|switched|"
    # "I washed my hands of X", "I'm done taking the car to X", "we're done going to X"
    r"wash(?:ed)?\s+(?:my|our)\s+hands\s+of|(?:i'm|i\s+am|we're|we\s+are|i'm\s+so|i\s+am\s+so)\s+done\s+\w+in[g'](?!\s+for\s+(?:today|tonight|now|the\s+(?:day|week|night)))|"
    r"swapped|moved\s+(?:away|out|from)|moved|relocated|moving\s+(?:away|out)|flitt(?:ed|ing)|pulled\s+out|pull\s+out|didn't\s+last|wasn't\s+sticking|"
    r"lost\s+my\s+taste|gone\s+off|went\s+off|f[ae]ll(?:en)?\s+off\s+the\s+(?:\w+\s+)?wagon|doesn't\s+do\s+it|"
    r"dead\s+to\s+me|grew\s+out|tired\s+of|"
    r"phase\s+is\s+over|closed|instead|rather\s+than|prefer|beats|better\s+than|>|"
    # "over" as a state ("jazz is over", "I'm so over jazz"), never a preposition ("over the weekend")
    r"(?:is|'s|are|'re|was|were|am|'m|all|now)\s+(?:so\s+|totally\s+|well\s+|completely\s+|officially\s+)?over\b"
    # (not "all over the kitchen floor", "over here": a place)
    r"(?!\s+(?:the|a|an|my|our|your|his|her|their|its|it|them|this|that|everything|everywhere|town|here|there)\b)|"
    r"(?:is|are|'s|am|'m|was|were)\s+not\s+(?:with|at|in|on|into|using|doing|seeing|taking|going|my|our)\b|"
    r"(?:my|our|the)\s+last\s+(?:ever\s+)?(?:gig|game|match|session|class|lesson|shift|rehearsal|practice|training|"
    r"race|service|visit)\s+(?:with|at|for)|took\s+over|(?:tak(?:e|es|ing|en)|took)\s+(?:\w+\s+){1,3}?over\s+from|hand(?:ed|ing|s)?\s+(?:\w+\s+){0,2}?over|changed|change|upgraded|broke|goodbye|said\s+goodbye|last\s+day|handed\s+in|in\s+the\s+past|"
    # a school or a place of work left at its end: "Lily finished at Oakwood School in July", "graduated from X"
    # (not the day's end: "finished at Acme at 5 today")
    r"finished\s+(?:up\s+)?(?:at|with)(?![^.;,!?]*\b(?:today|tonight|early|late|at\s+\d|\d\s*(?:am|pm)|this\s+(?:morning|"
    r"afternoon|evening)|for\s+the\s+(?:day|night|week))\b)|graduated\s+from|"
    r"(?:isn't|wasn't)\s+(?:with|at|in|on|into|my|our|the\s+one|a\s+thing|for\s+me|going|open)|was\s+my|used\s+to|ex|"
    r"former|got\s+promoted\s+out|rid\s+of|(?:(?<!\bsee\s)(?<!\bsaw\s)(?<!\blook\s)(?<!\blooking\s)(?<!\bmade\s)"
    r"(?<!\bmake\s)(?<!\brun\s)(?<!\bran\s)(?<!\brunning\s)out\s+of(?!\s+(?:it|them|this|that)\b)(?!\s+(?:my|the|our|your|his|her)\s+(?:[\w-]+\s+)?account\b)|"
    r"away\s+from)"
    + _FOR_A_WHILE + "|(?:in|of)\s+the\s+past|"
    r"gave\s+(?:\w+\s+){0,3}?away|given\s+away|rainbow\s+bridge|bailed|bail|ditch|ditching|binned|canned|dumping|ghosted|over\s+it|"
    r"not\s+a\s+thing|no\s+longer\s+a\s+thing|moving\s+on|swapping|switching|trading|replacing|selling|"
    # said in other words: "I withdrew from X", "X is finished", "X is behind me", "I don't miss X", "X was too pricey"
    r"withdrew|withdraw|withdrawn|(?:is|are|'s)\s+finished|(?:is|are|'s)\s+gone|behind\s+me|don't\s+miss|"
    r"do\s+not\s+miss|haven't\s+(?:done|been|used|seen|had)|(?:don't|doesn't|do\s+not|does\s+not)\s+"
    r"(?:go|live|use|do|have|work|see|drink|eat|play|take|like|love|bank|train|run|drive|listen)|"
    r"didn't\s+work\s+out|did\s+not\s+work\s+out|(?:was|were|got|became)\s+too\s+\w+|not\s+more|went\s+back|"
    r"went\s+to\s+(?:live|my|his|her|their|a\s+new)|stayed\s+with|moved\s+on|out(?=\s*[,;])|"
    r"after\s+\w+\s+years\s+(?:in|at|with)|(?:we|i)\s+lost|"
    # idioms of ending: "flogged the Mazda", "packed in yoga", "knocked it on the head", "gave it the boot"
    r"shut\s+(?:down\s+)?(?:the|my|our)\s+(?:\w+\s+)?(?:account|membership|subscription)|"
    r"stepped\s+(?:down|away|back)\s+from|bowed\s+out\s+of|done\s+and\s+dusted\s+with|(?:chapter|era)\s+is\s+(?:closed|over)|"
    r"haven't\s+been\s+back|have\s+not\s+been\s+back|not\s+been\s+back|"
    r"flogged|packed\s+in|jacked\s+in|thr(?:ew|own|ow|ows|owing)\s+in\s+the\s+towel|chucked|binned|sacked\s+off|knocked\s+(?:\w+\s+){0,3}?on\s+the\s+head|"
    r"gave\s+(?:\w+\s+){0,3}?the\s+(?:boot|push|chop)|kicked\s+(?:\w+\s+){0,3}?to\s+the\s+curb|"
    r"(?:is|'s|are)\s+history|not\s+for\s+me|fell\s+out\s+of\s+love|fallen\s+out\s+of\s+love|"
    r"gone\s+off|went\s+off|off\s+the\s+table|scrapped|nixed|axed|fell\s+through|postponed|"
    r"pushed\s+(?:back|to)|bumped|rescheduled|(?:gone|went|switched|moved|changed)\s+over\s+to|"
    # no longer liked, said in idioms: "X has lost its appeal", "can't stand X these days", "sick of X",
    # "X isn't doing it for me", "not my cup of tea any more", "gone cold on X"
    r"lost\s+(?:its|their|all\s+its|all\s+their|the)\s+(?:appeal|charm|shine|magic|sparkle|lustre|luster|allure|"
    r"novelty|spark)|novelty\s+(?:has\s+|'s\s+)?worn\s+off|wor(?:e|n)\s+thin|"
    r"(?:can't|cannot|can\s+not|couldn't)\s+(?:stand|bear|stomach|abide|face)|"
    r"(?:sick|tired|fed\s+up|bored)\s+(?:to\s+death\s+)?(?:of|with)|had\s+(?:enough|my\s+fill)\s+of|"
    r"(?:isn't|is\s+not|aren't|are\s+not|wasn't|doesn't|does\s+not)\s+(?:really\s+)?(?:doing|do)\s+it\s+for\s+me|"
    r"not\s+(?:really\s+)?my\s+cup\s+of\s+tea|gone\s+(?:cold|sour)\s+on|went\s+(?:cold|sour)\s+on|"
    r"off\s+my\s+list|(?:gone|went|going|go)\s+(?:right\s+|way\s+|rapidly\s+)?downhill|(?:gone|went|going|go)\s+(?:right|completely|totally|a\s+bit|well|rather|really)\s+off|"
    r"(?:does|did|do)\s+nothing\s+for\s+me|leaves\s+me\s+cold|left\s+me\s+cold|(?:is|'s|was)\s+so\s+last\s+year|"
    # a plan that will not go ahead: "the trip isn't going ahead", "X is a no-go", "X is dead in the water"
    r"(?:not|n't|no\s+longer)\s+going\s+ahead|won't\s+be\s+happening|(?:is|'s)\s+a\s+no-?go|dead\s+in\s+the\s+water|"
    r"shelved|put\s+on\s+ice|"
    # custom taken elsewhere: "took my business to Y", "X lost my custom"
    r"took\s+(?:my|our)\s+(?:business|custom|money)|lost\s+(?:my|our)\s+(?:custom|business)|"
    r"last\s+(?:ever\s+)?(?:shift|session|class|lesson|match|week)\s+(?:at|with|for)|"
    # a job left: "handed my notice in at X", "resigned from X"; a span ended: "ten years at X came to an end"
    r"hand(?:ed|ing)?\s+(?:in\s+)?(?:my|our)\s+notice|finish(?:ed|es|ing)?\s+up\s+(?:at|with)|gave\s+(?:in\s+)?(?:my|our)\s+notice|resign(?:ed|ing)|"
    r"c(?:ame|ome|oming)\s+to\s+an\s+end|drew\s+to\s+a\s+close|"
    # a couple or a bond ended: "me and Jamie are done", "we're through"
    r"(?:are|'re|were)\s+(?:so\s+|totally\s+|officially\s+)?(?:done|through|finished)(?!\s+(?:with\s+(?:the|our|my|dinner|"
    r"lunch|work)|for\s+the\s+day))|"
    # a value said in error: "the Octavia was wrong", "Patel was a mistake"
    r"(?:was|is|were)\s+(?:the\s+)?(?:wrong|incorrect|a\s+mistake|a\s+typo|my\s+mistake)|mixed\s+(?:\w+\s+)?up)\b")


#: The old value denied as what holds, or a holding verb denied of it: "it's EDF now, not Octopus", "not with
#: Vodafone", "we're not going to Peru". A bare "not" elsewhere ("not sure the Octopus bill is right") ends nothing.
#: The old value liked less than another: "I love Y even more than X now", "I rate Y far more than X".
_MORE_THAN_THE_OLD = re.compile(r"(?i)\b(?:love|like|enjoy|rate|prefer|want|use)\b[^;!?]{0,60}?\bmore\s+than\s+(?:the\s+|my\s+)?"
                                + OLD_MARKER)
#: A sentence that points back at what was just said: "So that's the anniversary now, not 3 March".
_POINTS_BACK = re.compile(r"(?i)\W*(?:so\s+|and\s+)?(?:that's|that\s+is|that'll\s+be|that\s+will\s+be|that\s+makes)\b")
#: Endings said of the old value itself, never of whatever else the sentence names: "buried Dotty" ("Rex buried his
#: bone" ends no Rex), "had Rex put to sleep", "my Galaxy S21 has gone to my mother-in-law" (not "Rex has gone to
#: the vet"), "Bannatyne's can do one" (not "my boss can jog on, I love it at Google").
_SAID_OF_THE_OLD = re.compile(
    r"(?i)\bburied\s+(?:poor\s+|old\s+|our\s+|my\s+|the\s+)?" + OLD_MARKER + r"|"
    r"\b(?:put|have|had|having)\s+(?:poor\s+|old\s+|our\s+|my\s+|the\s+)?" + OLD_MARKER +
    r"\s+(?:put\s+)?(?:to\s+sleep|down)\b|"
    + OLD_MARKER + r"(?:'s|\s+has|\s+have|\s+had)\s+gone\s+to\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?"
    r"(?:" + PERSON_PATTERN + r")\b|"
    + OLD_MARKER + r"(?:'s)?\s+can\s+(?:go\s+and\s+)?(?:jog\s+on|do\s+one|take\s+a\s+hike|get\s+lost|get\s+stuffed|"
    r"whistle|go\s+jump|sling\s+(?:their|its|his|her)\s+hook|swivel)")
#: The old value refused: "Biscuit has turned his nose up at Lily's Kitchen" (ends the food, not the cat).
_NOSE_UP = re.compile(r"(?i)\bturn(?:ed|s|ing)?\s+(?:his|her|their|its|my|our)\s+nose\s+up\s+at\s+(?:the\s+|my\s+)?" +
                      OLD_MARKER)
#: Something beating the old value at last: "makes more sense to me than Japanese ever did".
_THAN_EVER = re.compile(r"(?i)\bthan\s+(?:the\s+|my\s+|our\s+)?" + OLD_MARKER +
                        r"\s+ever\s+(?:did|was|were|could|had)\b")
#: Another value chosen over the old one: "ginger beer over lemonade any day", "Monzo over Barclays now".
_OVER_THE_OLD = re.compile(r"(?i)\w\s+over\s+(?:the\s+|my\s+)?" + OLD_MARKER)
_NOT_THE_OLD = re.compile(r"(?i)(?:\bnot|n't)\s+(?:(?:\w+ing|go|move|use|see|visit)\s+)?"
                          r"(?:(?:to|with|at|in|on|into|for)\s+)?(?:the\s+|my\s+|our\s+)?" + OLD_MARKER)
#: The old value given to someone or away: "gave Pepper to my aunt", "gave the Brompton back".
_GIVEN_AWAY = re.compile(r"(?i)\b(?:gave|given|giving)\s+(?:the\s+|my\s+|our\s+)?" + OLD_MARKER + r"\s+(?:away|to|back)\b")


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the spans turned to spaces: offsets stay where they were."""
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


@dataclass(frozen=True)
class KnownFact:
    """The parts of a current fact change detection needs."""

    id: int
    subject: str
    predicate: str
    value: str
    thread_id: str | None
    created_at: str
    category: str


@dataclass(frozen=True)
class Change:
    """Retire ``old``; if ``value`` is set, the same subject and attribute now hold ``value``."""

    old: KnownFact
    value: str | None
    evidence: str
    #: The thing the change named when it is not the old value ("quit yoga" ends "schedule:yoga" = Tuesdays).
    named: str | None = None

#: Predicates whose value is one of the user's people by name ("daughter" = Lily).
_PEOPLE_PREDICATES = set(RELATIONS.values())
#: People whose place in the user's life another can take ("closer to Niamh than to Aoife now").
_ROLES_PASSED_ON = {"best_friend", "partner"}
#: Who stays who they are to the user wherever they go (a best friend or a partner who moves away may not).
_KIN_FOR_LIFE = {"sister", "brother", "mother", "father", "son", "daughter", "child", "brother_in_law", "sister_in_law",
                 "mother_in_law", "father_in_law", "stepmother", "stepfather", "grandmother", "grandfather", "uncle",
                 "aunt", "cousin", "niece", "nephew"}
#: Words that say what holds now is not what held before ("these days", "now", "switched", "instead").
_CONTRAST = re.compile(r"(?i)\b(?:these\s+days|nowadays|now|from\s+now\s+on|switched|swapped|instead|any\s*more|"
                       r"no\s+longer|not\s+any\s+more)\b")
#: Words that keep the old value beside the new one ("still", "as well", "too").
_KEEPING = re.compile(r"(?i)\b(?:still|as\s+well|too|also|both|alongside|plus)\b")


#: What the user says they like, wear, read or go to now: "these days I love summer", "now we drink at The Anchor".
_LIKED_NOW = re.compile(
    r"(?i)\b(?:now|these\s+days|nowadays)\s*,?\s+(?:i|we)\s+(?:\w+\s+)?(?:love|like|prefer|adore|wear|read|watch|"
    r"play|drink\s+at|eat\s+at|go\s+to|listen\s+to)\s+" + ANY_ARTICLE + NEW_VALUE)


def _liked_now(sentence: str, old: str) -> str | None:
    """The value the user says they like (wear, read...) now, when it is written like the old one: a name for
    a name, a common noun for a common noun ("winter" by "summer", never "the Golf" by "cycling")."""
    for match in _LIKED_NOW.finditer(sentence):
        value = good_new_value(match.group("y"), old)
        if value and value[:1].isupper() == old[:1].isupper() and value_shape(value) == value_shape(old):
            return whole_name(sentence, value, match.start("y"))
    return None


#: Where the old holder went, said right after it: "Dr Aziz moved to a clinic in Leeds", "Callum has moved on to
#: coach in Perth". The place is the old holder's destination, never who or what holds the role now.
_MOVED_AWAY = re.compile(
    r"^(?:'s)?(?:\s+(?:has|had|have|just|finally|since|now|recently))*\s+(?:moved|relocated|emigrated|gone|went|"
    r"headed|transferred|left)(?:\s+(?:on|away|back|abroad|over|out))?(?P<place>(?:\s+to\s+(?:an?\s+|the\s+)?[a-z]+)?\s+(?:to|in|into|for)\s+"
    r"(?:the\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*)", re.IGNORECASE)


#: The person just named moves house, wherever to: "Adaeze has moved from Singapore to Auckland", "Karen's flitting".
_A_MOVE = re.compile(r"(?i)^(?:'s)?(?:\s+(?:has|had|have|is|was|just|finally|since|now|recently|only\s+gone\s+and))*\s+"
                     r"(?:moved|moving|relocated|relocating|emigrated|emigrating|flitted|flitting)\b")


def _said_as_a_place(value: str, sentences: Sequence[str]) -> bool:
    """The value is named only where a place goes: after "left", "from", "in", "near" ("has left Leeds", "lives
    in Perth now"); a person taking someone's place is named otherwise ("closer to Orla")."""
    spots = [m for s in sentences for m in re.finditer(rf"(?<![\w'-]){re.escape(value)}(?![\w'-])", s)]
    return bool(spots) and all(re.search(r"(?i)\b(?:left|leaving|leave|from|in|into|near|around|outside|over)\s+"
                                         r"(?:the\s+)?$", m.string[:m.start()]) for m in spots)


#: A person who left a named place: "Lorna has left Singapore" (not "left me", "left her job").
_LEFT_A_PLACE = re.compile(r"(?i)^(?:'s)?(?:\s+(?:has|had|have|just|finally|now|recently|since))*\s+(?:left|leaving)\s+"
                           r"(?-i:[A-Z])[\w'-]+(?![\w'-]*\s+(?:as|her|his|the)\b)")


def without_destination(sentence: str, mention_end: int) -> str:
    """The sentence without the place the old value itself went to, when the old value is who moved."""
    moved = _MOVED_AWAY.match(sentence[mention_end:])
    if moved is None:
        return sentence
    return sentence[:mention_end + moved.start("place")] + sentence[mention_end + moved.end("place"):]


_NAME_AFTER = r"\s*,\s+(?P<name>(?-i:[A-Z])[\w'&-]*(?:\s+(?:&\s+|and\s+)?(?-i:[A-Z])[\w'&-]*){0,3})\s*(?:[,;.!]|$)"


def named_in_apposition(sentence: str, value: str) -> str | None:
    """The name set in apposition after a value that only describes or places the thing: "the little Thai
    place, Baan Suan," is Baan Suan; "the optician on Bridge Street, Clarke & Finch," is Clarke & Finch (the
    street says where it is). None when the value is a name itself or no name follows it."""
    escaped = re.escape(value)
    placed = re.search(rf"(?i)\b(?:on|in|at|near|off|by)\s+(?:the\s+)?{escaped}" + _NAME_AFTER, sentence)
    if placed:
        return placed.group("name")
    described = re.search(rf"(?i)\b{escaped}" + _NAME_AFTER, sentence) if value[:1].islower() else None
    return described.group("name") if described else None


#: A home described, then placed: "a cottage in Malton" is where the user lives now, Malton.
_HOME_PLACED = re.compile(r"(?i)^(?:(?:a|an|the|our|my)\s+)?(?:(?:new|little|lovely|tiny|bigger|smaller|nice)\s+)?"
                          r"(?:cottage|flat|house|bungalow|apartment|home|terrace|semi|maisonette|condo|farmhouse)\s+"
                          r"(?:in|at|near|outside)\s+(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*)$")


#: Whose care or list the user is in, said with a possessive: "Dr Iqbal's list" is Dr Iqbal.
_WHOSE_LIST = re.compile(r"^(?P<who>(?:(?:Dr|Mr|Mrs|Ms|Miss)\.?\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)'s\s+"
                         r"(?i:list|books|caseload|patients|practice|surgery|clinic|team|chair|care)$")


def _placed_home(value: str) -> str:
    """The place of a home said as "a cottage in Malton", the person of "Dr Iqbal's list"; any other value as
    it is."""
    placed = _HOME_PLACED.match(value)
    if placed:
        return placed.group("place")
    whose = _WHOSE_LIST.match(value)
    return whose.group("who") if whose else value


def own_news(fact: KnownFact, sentence: str, known: Sequence[KnownFact]) -> bool:
    """The sentence names a person the user knows and a fact of that person's own ("Priti left Deloitte", where
    the friend is Priti and works at Deloitte): the ending is the person's news, the person stays the user's."""
    if fact.predicate not in _PEOPLE_PREDICATES:
        return False
    return any(other.subject == fact.predicate and normalized(other.value) != normalized(fact.value) and
               find_mention(sentence, other.value) for other in known)


_CANCELLED = re.compile(r"(?i)\b(?:cancel+ed|cancel+ing|called\s+off)\b")
#: One occasion: "again", a day said from today ("cancelled again this morning", "called off tonight").
_ONE_OCCASION = re.compile(r"(?i)\b(?:again|today|tonight|this\s+(?:morning|afternoon|evening|week)|yesterday|"
                           r"last\s+night|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\s+(?:one|session|class))\b")


#: Words for the same one of the user's people, beyond RELATIONS ("bro" is the brother; a partner may be a spouse).
_SAME_PERSON = {"bro": "brother", "girlfriend": "partner", "boyfriend": "partner", "fiance": "partner",
                "fiancé": "partner", "fiancée": "partner", "spouse": "partner", "mate": "friend", "best_friend": "friend",
                "nan": "grandmother", "gran": "grandmother", "grandma": "grandmother", "grandpa": "grandfather",
                "kid": "child", "kids": "child", "children": "child"}


def _one_person(word: str) -> str:
    named = RELATIONS.get(word, word)
    return _SAME_PERSON.get(named, named)


def _another_relation(opening: str, fact: KnownFact) -> bool:
    """The sentence opens with one of the user's people other than whoever holds ``fact``: "my cousin", "Mum"."""
    return any(word in PERSON_NOUNS and _one_person(word) != _one_person(fact.subject)
               for word in re.findall(r"[\w-]+", opening.casefold()))


#: A new value said with what it now is to the user: "ramen's my thing now", "techno is my jam".
_ITS_CLAIM = re.compile(r"(?i)^(?P<v>.+?)(?:'s|\s+is|\s+are)\s+(?:my|our)\s+(?:new\s+)?(?:thing|jam|go-to|fave|favourite|"
                        r"favorite|obsession|life|vibe|world)\b.*$")


def _without_its_claim(value: str) -> str:
    claimed = _ITS_CLAIM.match(value)
    return claimed.group("v") if claimed else value


def _the_holder_named(said_in: str, fact: KnownFact, known: Sequence[KnownFact]) -> bool:
    """The words ``said_in`` name whoever holds ``fact`` (not the user): their relation ("my brother", "Dad"), their
    name as the user knows it ("Ben", for the brother Ben), or the subject as stored."""
    said = {word.casefold() for word in re.findall(r"[\w-]+", said_in)}  # "my sister's sold": the sister
    if any(word in PERSON_NOUNS and _one_person(word) == _one_person(fact.subject) for word in said) or \
            fact.subject.casefold() in said:
        return True
    return any(other.subject == "user" and other.predicate == fact.subject and find_mention(said_in, other.value)
               for other in known)


def _provider_cancelled(fact: KnownFact, said: str) -> bool:
    """The user cancelled the provider itself ("Cancelled Netflix this morning", "I cancelled my Aviva policy
    today"): a subscription ended on a day, not one occasion of it called off."""
    return fact.category == "provider" and re.search(
        rf"(?i)\bcancel+ed\s+(?:my\s+|our\s+|the\s+)?{re.escape(fact.value)}\b", said) is not None


def _one_cancelled_occasion(text: str) -> bool:
    """The only ending said is one occasion cancelled ("the 7:42 was cancelled again this morning", "yoga's
    called off tonight"): the lasting thing stays (other words of ending still end it)."""
    cancelled = _CANCELLED.search(text)
    clause = re.split(r"[,;.!?]|\s[-–]\s", text[cancelled.end():], maxsplit=1)[0] if cancelled else ""
    if not cancelled or not _ONE_OCCASION.search(clause) or names_the_bond(clause):
        # (the membership, account or subscription cancelled "today" is the bond itself: no one occasion)
        return False  # "X is cancelled as of this month, they put the price up again": the "again" is the price's
    rest = _CANCELLED.sub(" ", text)
    return not (_END_CUES.search(rest) or EXTRA_END_CUES.search(rest))


def says_an_ending(text: str) -> bool:
    """Whether the text holds any word of ending or switching this module reads ("moved off", "cancelled",
    "switched"): a reader of plain statements leaves such a sentence to the changes."""
    return bool(_END_CUES.search(text) or EXTRA_END_CUES.search(text))


def _one_of_the_users_people(value: str, fact: KnownFact, known: Sequence[KnownFact]) -> bool:
    """The value names the fact's own subject or one of the user's people or animals ("Biscuit" of the cat's
    food): a name the user's life already gives a role is no successor of a thing (a partner may succeed one)."""
    if fact.predicate in _PEOPLE_PREDICATES:
        return False
    key = normalized(value)
    return key == normalized(fact.subject) or any(
        other.predicate in _PEOPLE_PREDICATES and normalized(other.value) == key for other in known)


def contrast_successor(sentences: Sequence[str], old: str) -> str | None:
    """The one other value of the old value's kind or shape, in a sentence that says it holds now instead
    (a contrast word and no word that keeps both); None when there is none or more than one."""
    for sentence in sentences:
        if not _CONTRAST.search(sentence) or _KEEPING.search(sentence):
            continue
        value = same_kind_value([sentence], old) or (same_shape_value([sentence], old) if kind_of(old) is None
                                                     else None) or _liked_now(sentence, old)
        # a hedge after the new value is another clause's ("it's Y now, so an extra lie-in I suppose")
        at = sentence.find(value) if value is not None else -1
        if value is not None and not unasserted(sentence, at + len(value) if at >= 0 else len(sentence)):
            return value
    return None


def _assigned_alike(text: str, old: str) -> str | None:
    """A value someone put the user on or in, written like the old one (a measure for a measure, a name for a
    name): "they put me in a size 8" replaces "size 7"; "put me on the rota" replaces no "size 7"."""
    value = first_good(assigned_values(text), old, text)
    if value and value_shape(value) == value_shape(old) and value[:1].isupper() == old[:1].isupper():
        return value
    return None


#: The value a correction denies right after the new one: "I meant Faro, not Porto".
_NOT_AFTER = re.compile(r"(?i)^\s*,?\s*(?:not|rather\s+than|instead\s+of)\s+[^,.;!?]{1,40}")


#: A later clause that says who or what the slip really is: "Callum is her cousin", "X's the letting agent".
_SAID_TO_BE_ANOTHER = re.compile(r"(?i)\b(?:is|'s|was)\s+(?:actually\s+|just\s+|really\s+)?(?:her|his|my|their|our|the|a|an)\s+\w+")


def _taken_back(sentences: Sequence[str], index: int, correction: re.Match[str]) -> list[str]:
    """Where a correction names the value it takes back: before it ("did I say X? I meant Y", "I said X but I
    meant Y"), denied right after it ("I meant Y, not X") or said to be someone else after it ("X is her cousin");
    never a later clause that only says something of it ("I meant Thursday, Dr X is off on Tuesdays")."""
    sentence = sentences[index]
    after = sentence[correction.end():]
    if _SAID_TO_BE_ANOTHER.search(after):  # "I meant Ruairidh, Callum is her cousin": Callum was the slip
        return [*sentences[:index], sentence[:correction.start()], after]
    denied = _NOT_AFTER.match(after)
    return [*sentences[:index], sentence[:correction.start()], denied.group(0) if denied else ""]


def corrected_by_name(sentences: Sequence[str], known: Sequence[KnownFact], value: str,
                      ended: set[int]) -> list[KnownFact]:
    """Current facts a correction names by their value, in any thread and of any subject ("Sorry, I said
    Porto before but I meant Faro", "I meant Ruairidh, Callum is her cousin"): the named value is the one
    taken back. Only a value of the new one's shape (a name for a name, a date for a date), never the new
    value itself, never an identity."""
    shape = value_shape(value)
    named = []
    for fact in known:
        if fact.id in ended or fact.category == "identity" or value_shape(fact.value) != shape:
            continue
        if normalized(fact.value) == normalized(value) or fact.value[:1].isupper() != value[:1].isupper():
            continue
        if any(find_mention(sentence, fact.value) for sentence in sentences):
            named.append(fact)
    return named


#: A thing given up or stopped, said of the thing a schedule is for: "quit yoga", "cancelled the Times", "came off
#: sertraline". Narrower than ``_END_CUES``: the thing is a common noun said often, "left" or "over" say little.
_STOPPED = re.compile(
    r"(?i)\b(?:quit|quitting|stopped|stopping|gave\s+up|given\s+up|giving\s+up|cancel+ed|cancel+ing|dropped|"
    r"ditched|no\s+more|no\s+longer|done\s+with|packed\s+in|came\s+off|come\s+off|coming\s+off|"
    r"taken\s+off|weaned\s+off|finished\s+with)\b(?!\s+(?:at|by|in|off|for|round|over)\b)")
#: A switch away from the thing ("switched my prescription from sertraline"); "switched yoga to Thursdays" moves
#: the schedule, it does not end it.
_SWITCHED_FROM = re.compile(r"(?i)\b(?:switched|swapped|changed|moved)\b.*\bfrom\s+(?:the\s+|my\s+)?$")
SCHEDULE = "schedule:"
#: The thing given in exchange for another: "swapped pottery for life drawing", "traded my Tuesday swim for ...".
_SWAPPED = re.compile(r"(?i)\b(?:swapped|swapping|swap|traded|trading|exchanged|replaced)\s+(?:my\s+|the\s+|our\s+)?$")
_FOR_ANOTHER = re.compile(r"(?i)\s+(?:for|with)\b")
#: "Pottery's out, life drawing is in": out of the user's week (not "out of clay", "out on Thursday").
_OUT_NOW = re.compile(r"(?i)(?:'s|\s+is)\s+out\b(?!\s+(?:of|on|at|with|for|in|tonight|today|now)\b)")


def _verb_forms(thing: str) -> list[str]:
    """A schedule's thing and, for a one-word verb, its -ing form: "swim" is stopped as "stopped swimming"."""
    if " " in thing or not thing.isalpha() or len(thing) < 3:
        return [thing]
    doubled = thing + thing[-1] if len(thing) <= 4 and thing[-1] not in "aeiouwy" and thing[-2] in "aeiou" else thing
    stem = thing[:-1] if thing.endswith("e") and not thing.endswith("ee") else doubled
    return [thing, stem + "ing"]


def stopped_schedules(sentences: Sequence[str], known: Iterable[KnownFact], ended: set[int]) -> list[Change]:
    """Schedules whose thing the user says they stopped ("I take sertraline every morning", later "the doctor
    switched me from sertraline to citalopram"): when it happened ends with what happened. No successor: the new
    thing's time is not said."""
    changes = []
    for fact in known:
        if fact.id in ended or fact.subject != "user" or not fact.predicate.startswith(SCHEDULE):
            continue
        forms = _verb_forms(attribute_words(fact.predicate))
        for sentence in sentences:
            mention = next((m for m in (find_mention(sentence, form) for form in forms) if m), None)
            if mention is None or someone_else_until(sentence) is not None or unasserted(sentence, mention.end()):
                continue
            before = sentence[:mention.start()]
            after = sentence[mention.end():]
            if _STOPPED.search(before) or _STOPPED.search(after) or _SWITCHED_FROM.search(before) or \
                    (_SWAPPED.search(before) and _FOR_ANOTHER.match(after)) or \
                    _OUT_NOW.match(("'s" if mention.group(0).endswith("'s") else "") + after):  # the mention took the "'s"
                ended.add(fact.id)
                changes.append(Change(fact, None, sentence, named=mention.group(0)))
                break
    return changes


def _a_price_for_a_name(value: str, old: str) -> bool:
    """A value of no letters ("8" of "£8 a month cheaper") offered as the successor of a name."""
    return old[:1].isupper() and not any(c.isalpha() for c in value)


@dataclass(frozen=True)
class _MessageReading:
    """What is read once of the whole message and holds for every mention in it."""
    #: a complaint the user says they keep ("the queues are awful but I'm staying")
    stays: bool
    #: a stand-in while the holder is away ("covering while Dr X is on leave")
    covered: bool
    #: the user commits to something new somewhere in the message ("... so that's where I go now")
    committed_at_all: bool


def _change_at(mention: re.Match, fact: KnownFact, index: int, sentences: Sequence[str], known: list[KnownFact],
               entities: Mapping[str, str] | None, reading: _MessageReading) -> Change | None:
    """The change one mention of a known value makes in ``sentences[index]``, if any (None: this mention ends
    nothing; a later mention of the same value may)."""
    sentence = sentences[index]
    stays, covered, committed_at_all = reading.stays, reading.covered, reading.committed_at_all
    other = someone_else_until(sentence)
    if other is not None and fact.subject != "user" and (not _another_relation(sentence[:other], fact) or
                                                         _the_holder_named(sentence, fact, known)):
        # a name the user never gave may be the holder's ("Paolo gave up the trumpet", of the nephew once
        # called Dayo), and "Mum rang to say my sister's sold her flat" is the sister's news
        other = None
    if other is not None and mention.start() >= other and not reported_news(sentence, mention.start()):
        return None  # "my brother switched from X": his news; "my flatmate Sven moved out" is Sven's; "my
        # cousin gave up being a barber" is the cousin's, not the brother's barbering
    # "Gordon's gone": the "'s" the mention took is the verb's, and stays for the cues
    contracted = "is " if mention.group(0).casefold().endswith("'s") and \
        not fact.value.casefold().endswith("'s") else ""
    if fact.predicate in _KIN_FOR_LIFE and _A_MOVE.match(sentence[mention.end():]):
        return None  # "Sean moved to Denver": the brother moved; he is still the user's brother
    if fact.predicate in _KIN_FOR_LIFE | {"best_friend", "friend"} and \
            _LEFT_A_PLACE.match(sentence[mention.end():]):
        return None  # "Lorna has left Singapore": she went somewhere; she is still the user's best friend
    said = without_destination(sentence, mention.end())  # "X moved to Perth": Perth succeeds nothing
    if after_a_past(said, mention.start()):
        return None  # "we used to go to Y before we found X": X is what came after
    # words of ending that govern something else are not read as cues: "the queues at X" (can't stand),
    # "X closed the branch in town", or a complaint the user says they put up with
    cued = _blanked(said, own_business(said, mention.end()) +
                    ([m.span() for m in ATTITUDE.finditer(said)]
                     if stays or thing_of_value(said, mention.start(), mention.end()) else []))
    near = [*sentences[max(0, index - 1):index], said, *sentences[index + 1:index + 2]]
    here = 1 if index > 0 else 0  # where the said sits in ``near``
    rest = cued[:mention.start()] + " " + contracted + cued[mention.end():]
    marked = cued[:mention.start()] + OLD_MARKER + cued[mention.end():]
    compared = first_good(compared_values(marked), fact.value, marked)
    if compared and _a_price_for_a_name(compared, fact.value):
        compared = None  # "£8 a month cheaper than X": a price compared, never X's successor
    if compared and implausible_value(fact.predicate, compared):
        compared = None  # "Wolf Alice tickets for November": "for" a month says when, not what instead
    if compared and _one_of_the_users_people(compared, fact, known):
        compared = None  # "another case of X for Biscuit": bought for the cat, not X traded for it
    if not compared and old_value_preferred(marked):
        return None  # "I prefer WhatsApp over e-mail", said again: a restatement, not an ending
    if not compared:  # "squeezing into size 7 for years, they put me in a size 8"
        compared = _assigned_alike(rest, fact.value)
    contrasted = None
    # the rest of the message from the old value on, and what it already holds: where a successor is
    # named later ("Gave up on Dr Varga. ... Dr Moyo is lovely.")
    onwards = [said, *sentences[index + 1:]]
    # what is held already, and whose the fact is: "Biscuit" of the cat's food succeeds nothing
    held = [other.value for other in known if other.id != fact.id] + \
        ([fact.subject] if fact.subject not in ("user", fact.predicate) else [])
    if not (compared or _END_CUES.search(rest) or EXTRA_END_CUES.search(rest) or FINAL_SUPPLY.search(marked) or
            _NOT_THE_OLD.search(marked) or _MORE_THAN_THE_OLD.search(marked) or
            _OVER_THE_OLD.search(marked) or _GIVEN_AWAY.search(marked) or _THAN_EVER.search(marked) or _NOSE_UP.search(marked) or
            _SAID_OF_THE_OLD.search(marked)):
        # no ending word, but another value of its shape said to hold now instead ("X has lost its
        # charm for me. These days I use Y.")
        # (a person the user names is not succeeded by what they do: "Lily goes to Y now")
        contrasted = None if fact.predicate in _PEOPLE_PREDICATES else \
            contrast_successor(near[here:], fact.value)
        if contrasted is None and fact.predicate not in _PEOPLE_PREDICATES and \
                not unasserted(said, mention.end()):
            # a complaint or the holder unable to go on, then a new one named ("X never rang back. ... Y
            # came on Thursday"); "first lesson with Y, so much calmer than X"
            contrasted = compared_successor(said, mention.start(), fact.value, held, entities) or \
                (later_successor(onwards, 0, mention.end(), fact.value, held, entities)
                 if displaced(cued) and not covered else None) or \
                (committed_successor(sentences, index, mention.start(), mention.end(), fact.value, held,
                                     entities, users_own=fact.subject == "user")
                 if committed_at_all and not covered else None)
        if contrasted is None and fact.predicate in _ROLES_PASSED_ON and not unasserted(said, mention.end()):
            # "I'm closer to Niamh than I ever was to Aoife now": the best friend's place taken by another
            contrasted = contrast_successor(near[here:], fact.value)
        if contrasted is None:
            return None
    if unasserted(said, mention.end()) and not committed([said[mention.end():], *sentences[index + 1:]]):
        return None  # "sometimes I think about leaving X", "I'm not dropping X"; but "I think Y makes more
        # sense than X ... so I moved my deposit over": the commitment after it asserts
    if not compared and not contrasted and _one_cancelled_occasion(rest) and \
            not _provider_cancelled(fact, said):
        return None  # "X was cancelled again this morning": one occasion of it, not X ended
    new_value = contrasted or compared or value_from_now_on(onwards, fact.value) or \
        same_class_value(sentences, fact.value) or \
        replacement(said, mention, fact.value) or \
        first_good(successor_values(rest), fact.value, rest) or successor(rest, fact.value)
    if new_value is None and here + 1 < len(near):  # "I quit Acme. I start at Globex on Monday."
        following = near[here + 1]
        again = find_mention(following, fact.value)
        new_value = first_good(successor_values(following), fact.value, following) or \
            (replacement(following, again, fact.value) if again else None) or \
            successor(following, fact.value, NEXT_SUCCESSOR_PATTERNS)
    if new_value is None and here > 0:  # "new therapist = Colm. Dr Aziz moved to another clinic"
        new_value = first_good(successor_values(near[0]), fact.value, near[0])
        if new_value is None and _CONTRAST.search(near[0]) and not _KEEPING.search(near[0]):
            new_value = successor(near[0], fact.value)  # "Now my evenings are for Dutch; the Italian..."
    if new_value is not None:  # "the little Thai place, Baan Suan," / "on Bridge Street, Clarke & Finch,"
        new_value = _without_its_claim(named_in_apposition(said, new_value) or _placed_home(new_value))
    if device_kind(fact.value) and (new_value is None or device_kind(new_value) != device_kind(fact.value)):
        new_value = same_device_value(onwards, fact.value) or new_value  # a car by a car, not its town
    if new_value is not None and implausible_value(fact.predicate, new_value):
        new_value = None  # a month for a band, a bare "again" for a provider: no successor
    if new_value is not None and value_shape(fact.value) == "time" and value_shape(new_value) != "time":
        new_value = None  # "the 7:42" is succeeded by a time ("the 8:05"), never by "half empty"
    if new_value is None:  # "Snow has lost its appeal, these days I love sunshine": liked now, written alike
        new_value = next((v for v in (_liked_now(s, fact.value) for s in near[here:]) if v), None)
    if new_value is None:  # "no more k-pop, opera all day": the other value of the same kind
        new_value = same_kind_value(near[here:], fact.value)
    if new_value is not None and _a_price_for_a_name(new_value, fact.value):
        new_value = None  # whichever reader took the price
    # a name not of the user's people: the sentences after its own are read with the guards below
    named = fact.value[:1].isupper() and value_shape(fact.value) == "word" and \
        fact.predicate not in _PEOPLE_PREDICATES
    # "Biscuit was licking the gravy off": the cat succeeds no food; read on (the successor readers
    # below never take a held value or the fact's own subject: ``held``)
    if new_value is not None and _one_of_the_users_people(new_value, fact, known):
        new_value = None
    if new_value is not None and fact.predicate in _PEOPLE_PREDICATES and \
            _said_as_a_place(new_value, sentences):
        new_value = None  # "Lorna has left Leeds": the best friend went somewhere; Leeds is no one
    if new_value is None and kind_of(fact.value) is None:
        new_value = same_shape_value(near[here:here + 1] if named else near[here:], fact.value)
        if new_value is not None and (_one_of_the_users_people(new_value, fact, known) or
                                      fact.predicate in _PEOPLE_PREDICATES and
                                      _said_as_a_place(new_value, sentences)):
            new_value = None
    if new_value is None and here > 0 and value_shape(fact.value) in ("date", "time") and \
            _POINTS_BACK.match(said):  # "Had the blessing on 19 October. So that's the anniversary now"
        new_value = same_shape_value(near[:here], fact.value)
    if new_value is None:  # "8,000 steps was too much, so I've set the watch to 12,000 steps"
        new_value = same_measure_value(near[here:], fact.value)
    if new_value is None and medicines(fact.value):  # "came off amlodipine. Started on ramipril."
        others = [m for m in medicines(" ".join(onwards)) if m.lower() != fact.value.lower()]
        new_value = others[0] if len(others) == 1 else None
    if new_value is None and named and not covered:
        # a name is succeeded by the one new name said after it that is the user's, asserted, neither a
        # place nor someone else's ("Gave up on Dr Varga. ... Dr Moyo is lovely."; never "my sister Joanna")
        new_value = later_successor(onwards, 0, mention.end(), fact.value, held, entities,
                                    users_own=fact.subject == "user",
                                    reported=reported_news(sentence, mention.start()))
        if new_value is None:  # the new one told first: "Y won the quiz! First win since I switched"
            new_value = earlier_successor(sentences, index, mention.start(), fact.value, held, entities,
                                          users_own=fact.subject == "user")
        if new_value is None and committed_at_all:  # "Y makes more sense than X ... so I moved over"
            new_value = committed_successor(sentences, index, mention.start(), mention.end(), fact.value,
                                            held, entities, users_own=fact.subject == "user")
    if new_value is not None:  # "Lad called Marcus, seems sound": the successor is who the noun is called
        called = re.search(rf"\b{re.escape(new_value)}\s+(?:called|named)\s+((?-i:[A-Z])[\w'-]+)",
                           " ".join(onwards), re.IGNORECASE)
        if called:
            new_value = called.group(1)
    if new_value is not None and implausible_value(fact.predicate, new_value):
        new_value = None  # whichever reader took it: "salamat sa Diyos" names no town
    if new_value is None and fact.predicate in _PEOPLE_PREDICATES and \
            _A_MOVE.match(sentence[mention.end():]):
        return None  # "Priya's moved to Cardiff": a friend who moves is still a friend, unless someone took her place
    return Change(fact, new_value, sentence)


def detect_changes(sentences: Sequence[str], known: Iterable[KnownFact], thread_id: str | None,
                   entities: Mapping[str, str] | None = None) -> list[Change]:
    """Changes to ``known`` (current facts) that the message's ``sentences`` make, in reading order;
    ``entities`` (a name to the parser's entity type, when the message was parsed) keep a successor named later
    of the old value's kind."""
    known = list(known)
    changes: list[Change] = []
    ended: set[int] = set()
    message = " ".join(sentences)
    reading = _MessageReading(stays=user_stays(message), covered=temporary_absence(message),
                              committed_at_all=committed(sentences))
    for index, sentence in enumerate(sentences):
        for fact in known:
            if fact.id in ended or fact.category == "identity":
                continue
            # the first mention, then a later one: "when I said the dog was called X ... his name is Y not X"
            mentions = find_mentions(sentence, fact.value)
            if not mentions or own_news(fact, sentence, known):
                continue
            change = next((c for c in (_change_at(m, fact, index, sentences, known, entities, reading)
                                       for m in mentions) if c), None)
            if change is not None:
                ended.add(fact.id)
                changes.append(change)
        correction = CORRECTION.search(sentence)
        if correction:
            value = good_new_value(correction.group("y"), "")
            if value:
                shape = value_shape(value)
                mine = [f for f in known if f.thread_id == thread_id and f.id not in ended
                        and f.subject == "user" and value_shape(f.value) == shape and normalized(f.value) != normalized(value)]
                named_old = corrected_by_name(_taken_back(sentences, index, correction), known, value, ended)
                if named_old:  # "I said Porto before but I meant Faro": the value named is the one corrected
                    mine = named_old
                attribute = correction.group("attribute") or correction.group("restated")
                if attribute:  # "his actual teacher is Y", "scratch that, dentist is Y": only that is corrected
                    mine = [f for f in mine if same_attribute(attribute, f.predicate)]
                if not mine and correction.group("restated"):  # the attribute named again: said in any chat
                    mine = [f for f in known if f.subject == "user" and f.id not in ended and
                            same_attribute(correction.group("restated"), f.predicate) and
                            normalized(f.value) != normalized(value)]
                named = cue_concepts(sentence)  # "I meant April 14 for our anniversary": that attribute
                if named and not named_old:  # the old value named says more than a title ("I meant Dr Y")
                    mine = [f for f in mine if any(same_attribute(c, f.predicate) for c in named)]
                if not mine and correction.group("restated"):  # "dentist is Y not X": X's ending gets Y (not
                    # "dentist is Y" whole, which the anchored reading may have taken)
                    bare = next((i for i, c in enumerate(changes) if c.evidence == sentence and
                                 (c.value is None or normalized(value) in normalized(c.value)) and
                                 same_attribute(correction.group("restated"), c.old.predicate)), None)
                    if bare is not None:
                        changes[bare] = Change(changes[bare].old, value, sentence)
                if mine:
                    target = max(mine, key=lambda f: (f.created_at, f.id))
                    ended.add(target.id)
                    changes.append(Change(target, value, sentence))
    # a successor cut short of its name's own "The" ("to join The Jacaranda Seven") is given it back
    changes = [dataclasses.replace(change, value=whole_name(change.evidence, change.value))
               if change.value and change.evidence.find("The " + change.value) > 0 else change for change in changes]
    return changes + stopped_schedules(sentences, known, ended)
