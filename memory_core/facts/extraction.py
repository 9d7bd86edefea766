"""Hot-path fact extraction without a model, in three layers per sentence.

1. slot rules (below): hand-written patterns for the common predicates (home,
   work, people, likes, health, contact, plans, schedules);
2. open-domain frames (``frames``): sentence shapes that take the attribute from
   the user's own words ("my <attribute> is <value>", "a <thing> called <value>");
3. cues (``cues``), only when nothing else parsed: a named value beside a word
   that names its attribute.

Changes anchored on known values ("I traded the Civic for a Mazda") are found
in ``changes``, against the ledger, by ``ingest``; sentences none of this
parses wait for the background matcher (``semantic``).

Runs inside the message's write transaction, so it must stay around a
millisecond: precompiled regular expressions, applied per sentence.
It is deliberately conservative. Questions, hypotheticals ("if I moved to
Lisbon"), wishes ("I want to live in Rome"), the past ("I used to work at X")
and other people's facts ("my brother lives in Madrid", which becomes a fact
about the brother) never produce a fact about the user: a missed fact costs a
little recall, a wrong one makes memory worse than none.

A capable model in the background job may extract more (origin ``inferred``);
stated facts found here outrank those.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterator

from memory_core.facts.attributes import SPELLINGS, canonical_predicate
from memory_core.facts.candidate import Candidate
from memory_core.facts.cues import NEGATION as _NEGATION, calendar_word, cue_candidates, cue_subject, cue_value_span, implausible_value
from memory_core.facts.care_frames import care_candidates
from memory_core.facts.fan_frames import fan_candidates
from memory_core.facts.parse_verbs import INSTRUMENTS
from memory_core.facts.known_names import known_kind
from memory_core.facts.lexicon import kind_of
from memory_core.facts.truecasing import a_lower_case_word
from memory_core.facts.frame_words import COFFEE_DRINK, KIN_AS_NAMES, DEVICES, PATRON_ROLES as _PATRON_ROLES, names_a_role, value_end
from memory_core.facts.holding_frames import holding_candidates
from memory_core.facts.frames import frame_candidates, staying
from memory_core.facts.message_frames import message_candidates
from memory_core.facts.purpose_frames import purpose_candidates
from memory_core.facts.ledger import USER

# -- building blocks -----------------------------------------------------------------
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_TIME = r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|h)?"
_DAY1 = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_WHEN_DAY = rf"(?:every\s+(?:other\s+)?{_DAY1}|(?:on\s+|every\s+)?{_DAY1}s|every\s+(?:day|morning|evening|night|weekday|weekend))(?:\s*(?:,|and|&)\s*{_DAYS})*(?:\s+(?:at|from|around)\s+{_TIME}(?:\s*(?:-|to|until)\s*{_TIME})?)?"
#: The same, or a part of a weekday said in the plural, which is a habit too: "I do spin Thursday mornings".
_HABIT_DAY = rf"(?:(?:on\s+)?{_DAY1}\s+(?:mornings|afternoons|evenings|nights|mornin's)\b|{_WHEN_DAY})"
#: Words that end a captured value: "I live in Porto now because ..." -> "Porto" (a name joined by "and" goes on,
#: "Marks and Spencer"; hedges, time tails and marks end it: ``frame_words.value_end``).
_STOP_WORDS = (r"now|these days|nowadays|anymore|any more|since|for|because|as|and|but|with|which|who|where|"
               r"so|though|although|after|before|when|while|last|next|this|starting|from|until|again|instead|too|also|"
               r"more than|rather than|better than|over|"
               r"at the moment|right now|full[- ]time|part[- ]time|to (?:join|work|start|be)|in (?:19|20)\d\d|"
               # a place said of the value with a possessive is its own phrase: "X in their Leeds office"
               r"in (?:their|his|her|its|our|my|your)")
_STOP = value_end(_STOP_WORDS)
#: A value runs on past a middle initial ("Ursula K. Le Guin"): a lone capital's period before a capitalised word.
_INITIAL_DOT = r"(?<=\b[A-Z])\.(?=\s+[A-Z])"
_VALUE = rf"(?:[\"\u201C]\s*)?(?P<v>(?:[^,.;:!?()\"]|{_INITIAL_DOT}|(?<=\d)[:,.](?=\d)){{1,60}}?)" + _STOP
_NAME = r"(?P<v>[A-Z\u00C0-\u024F][\w'\u00C0-\u024F-]+(?:\s+[A-Z\u00C0-\u024F][\w'\u00C0-\u024F-]+)?)"
_CAP = r"(?!I\b)[A-Z\u00C0-\u00DE][\w'\u00C0-\u024F.-]*"
_PLACE = rf"(?P<v>(?:the\s+)?{_CAP}(?:\s+(?:(?:de|da|do|dos|das|del|la|le|of|upon|on|am|an|sur)\s+)?{_CAP})*)"
_ORG = r"(?!\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?![\w&'+-]))(?P<v>[A-Z0-9][\w&'.+-]*(?:\s+(?:(?:&|of|and|de|the|for)\s+)?(?!I\b)[A-Z0-9][\w&'.+-]*)*)"
#: (a bare time is no organisation: "I started at 9 today"; "3M", "7-Eleven" are)
#: "for now" words between an attribute and its value: "favourite author these days: X".
_NOW_WORD = r"(?:these|nowadays|now|right|at|atm|rn|lately|this)\b"
_FOR_NOW = r"(?:\s+(?:these\s+days|nowadays|now|right\s+now|at\s+the\s+moment|atm|rn|lately|this\s+year))?"
_I = r"(?:\bi|\bwe)"
_ADV = r"(?:\s+(?:just|recently|finally|now|actually|officially|currently|still|also|really|already))*"
#: New work said as what someone became, after the old work in the same clause: "... gave up barbering to become a
#: taxi driver", "... quit being a barber and became a taxi driver". The words between name no one else ("told him
#: to become a plumber" is his) and "to" follows only a leaving ("asked to become a sponsor" is no job).
_NOBODY_ELSE = r"(?:(?!(?:my|our|his|her|their|him|them|he|she|they|i|we|you)\b)(?-i:[a-z][\w'’-]*)\s+)"
_LEFT_WORK = r"(?:gave\s+up|given\s+up|quit|quitting|left|leaving|packed\s+in|jacked\s+in|stopped|retired|resigned)"
_THEN_BECAME = (rf"(?:{_NOBODY_ELSE}{{1,8}}?(?:and|so|then)(?:\s+now)?\s+|{_NOBODY_ELSE}{{0,3}}?{_LEFT_WORK}\s+{_NOBODY_ELSE}{{1,8}}?to\s+)"
                r"(?:became|become|(?:re)?train(?:ed)?\s+as|qualif(?:ied|y)\s+as)\s+")
#: The role after it: up to three lower-case words, ending where the clause, a preposition or a time does ("I became
#: a taxi driver last spring", "... two years ago").
_NEW_ROLE = (r"(?:an?\s+)(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
             r"(?=\s+(?:at|for|with|in|on|and|but|now|so|who|which|instead|last|this|since|after|back|about|around|"
             r"over|recently|earlier|yesterday|today|\d+|one|two|three|four|five|six|a\s+(?:few|couple|while|year|month)"
             r")\b|\s*[,.;:!?]|\s*$)")
#: After "retired": no object retired ("I retired my old laptop") and no place retired from (a rule of its own).
_NOTHING_RETIRED = r"\b(?!\s+(?:from|my|our|the|a|an|his|her|their|it|them|him|this|that|some|all)\b)"
#: "I'm", "im" and the full "I am": a rule that reads one reads them all ("I am a fan of X" is "I'm a fan of X").
_IM = r"\bi(?:'?m|\s+am)"
#: A short aside between a person and what they did, commas either side: "my brother, bless him, moved to ..."
#: (lowercase words only, so an appositive name stays the name rules read).
_ASIDE = r"(?:\s*,\s*(?-i:[a-z][a-z' ]{1,24}),)?"

#: The scope a favourite is said over, which changes nothing about what it is: "my favourite place in the world".
_SUPERLATIVE_SCOPE = r"(?:\s+(?:in\s+the\s+(?:whole\s+)?world|on\s+earth|of\s+all\s+time|ever))?"
#: A place of work given by its kind and then its name: "a bakery called X" is X.
_KIND_CALLED = re.compile(r"(?i)^(?:a|an|the|this|my)\s+(?:[\w'-]+\s+){0,2}?(?:called|named)\s+")
#: "and Co" ends a firm's name, whatever its case: "crumb and co" is one name.
_AND_CO = re.compile(r"(?i)\s*(?:and|&)\s+co\b\.?")

#: Words after "for" that name no service a household is "with" a provider for: "we're with Sam for now".
_NOT_SERVICES = {"now", "ages", "years", "months", "weeks", "days", "a", "the", "it", "that", "this", "good", "life",
                 "dinner", "lunch", "breakfast", "drinks", "coffee", "work", "fun", "once", "sure", "real", "long", "free"}

_RELATIONS = {
    "sister": "sister", "sis": "sister", "brother": "brother", "bro": "brother",
    "mom": "mother", "mum": "mother", "mother": "mother", "dad": "father", "father": "father",
    "wife": "spouse", "husband": "spouse", "spouse": "spouse",
    "partner": "partner", "girlfriend": "partner", "boyfriend": "partner", "fiance": "partner",
    "fiancé": "partner", "fiancée": "partner",
    "son": "son", "daughter": "daughter", "kid": "child", "child": "child",
    "best friend": "best_friend", "friend": "friend", "dog": "dog", "cat": "cat", "puppy": "dog",
    "kitten": "cat", "boss": "manager", "manager": "manager",
    # the wider family: their homes and jobs are theirs, never the user's
    "uncle": "uncle", "aunt": "aunt", "auntie": "aunt", "cousin": "cousin", "niece": "niece", "nephew": "nephew",
    "grandma": "grandmother", "gran": "grandmother", "nan": "grandmother", "nana": "grandmother",
    "grandmother": "grandmother", "grandad": "grandfather", "granddad": "grandfather", "grandpa": "grandfather",
    "grandfather": "grandfather",
    "brother-in-law": "brother_in_law", "sister-in-law": "sister_in_law", "mother-in-law": "mother_in_law",
    "father-in-law": "father_in_law", "stepmum": "stepmother", "stepmom": "stepmother", "stepdad": "stepfather",
    "flatmate": "flatmate", "housemate": "housemate", "roommate": "roommate",
    "best mate": "best_friend", "bestie": "best_friend", "mate": "friend", "best pal": "best_friend", "pal": "friend",
    "mam": "mother", "maw": "mother", "mammy": "mother", "mummy": "mother", "mommy": "mother", "nanay": "mother",
    "da": "father", "daddy": "father", "tatay": "father", "eldest": "child", "youngest": "child",
    "hubby": "spouse", "other half": "partner", "bf": "partner", "gf": "partner",
    # Filipino kin words said in English: "my Tito Ramon", "my Kuya Ben"
    "tito": "uncle", "tita": "aunt", "lolo": "grandfather", "lola": "grandmother", "kuya": "brother",
    "parents": "parents", "folks": "parents", "in-laws": "in_laws", "grandparents": "grandparents",
}
_REL = r"(?P<rel>" + "|".join(sorted(_RELATIONS, key=len, reverse=True)) + ")"
_REL_MOD = r"(?:(?:little|big|older|younger|elder|twin|baby|wee|new|oldest|youngest|eldest|other)\s+)?"
#: Whose relation a sentence opens with: "my (little) sister", or a parent's or grandparent's kin word used
#: as a name with no "my" ("mum works at the bakery", "Big news, dad's moved to Leeds"), never another's ("his mum").
_KIN_AS_NAME = r"(?:" + "|".join(KIN_AS_NAMES) + ")"
_REL_OWNER = rf"(?:\bmy\s+{_REL_MOD}|(?<!\w\s)(?<![\w'])(?=(?i:{_KIN_AS_NAME})\b))"

_DIETS = r"(?P<v>vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|plant[- ]based)"
_CONDITIONS = (r"(?P<v>diabetes|type [12] diabetes|asthma|celiac disease|coeliac disease|high blood pressure|hypertension|"
               r"migraines|arthritis|epilepsy|adhd|anxiety|a bad back|a heart condition|ibs|crohn's disease|"
               r"lactose intolerance|insomnia)")
_OBJECTS = {
    "car": "car", "truck": "car", "van": "car", "suv": "car", "bike": "bike", "bicycle": "bike", "e-bike": "bike",
    "motorcycle": "motorcycle", "motorbike": "motorcycle", "scooter": "scooter", "laptop": "laptop",
    "phone": "phone", "house": "house", "apartment": "apartment", "flat": "apartment", "boat": "boat",
    "piano": "piano", "guitar": "guitar", "camera": "camera", "tablet": "tablet", "watch": "watch",
    "tesla": "car", "toyota": "car", "honda": "car", "volkswagen": "car", "vw": "car", "bmw": "car",
    "audi": "car", "ford": "car", "fiat": "car", "renault": "car", "peugeot": "car", "volvo": "car",
    "mercedes": "car", "subaru": "car", "kia": "car", "hyundai": "car", "mazda": "car", "nissan": "car",
    "prius": "car", "iphone": "phone", "pixel": "phone", "galaxy": "phone", "macbook": "laptop",
    "thinkpad": "laptop", "ipad": "tablet", "kindle": "tablet",
}
_CONTACT = {
    "text": "text message", "texting": "text message", "sms": "text message", "text message": "text message",
    "text messages": "text message", "email": "email", "e-mail": "email", "emails": "email", "mail": "email",
    "phone": "phone call", "call": "phone call", "calling": "phone call", "phone calls": "phone call",
    "a call": "phone call", "whatsapp": "WhatsApp", "signal": "Signal", "telegram": "Telegram",
    "slack": "Slack", "message": "text message", "messages": "text message",
}
_CONTACT_WORDS = r"(?P<v>text messages?|texting|text|sms|e-?mails?|mail|phone calls?|phone|a call|calling|call|whatsapp|signal|telegram|slack|messages?)"
_NOT_NAMES = {"I", "The", "A", "An", "It", "This", "That", "He", "She", "They", "We", "You", "Me", "My", "Back",
              "Tomorrow", "Today", "Later", "Now", "Soon", "Anytime", "If", "When", "Maybe", "Please", "And", "But",
              "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Ok", "Okay", "So"}
_PRONOUN_VALUES = {"it", "that", "this", "them", "those", "these", "him", "her", "you", "to", "a", "the", "one",
                   "what", "how", "when", "some", "more", "much", "lot", "a lot", "everything", "nothing", "both"}

#: A sentence with any of these is not a statement of present fact about the user.
#: "wouldn't" of a thing that failed to work is what happened, no hypothesis: "the Ford Focus wouldn't start".
_FAILED_TO = (r"(?:start|work|charge|turn\s+on|switch\s+on|boot|load|connect|open|close|lock|unlock|stop|budge|sync|"
              r"print|pair|hold\s+(?:a\s+)?charge)\b")
_HEDGE = re.compile(
    r"(?i)\b(?:if|unless|whether|would(?!n't\s+" + _FAILED_TO + r")|wouldn't(?!\s+" + _FAILED_TO + r")|could|might|maybe|perhaps|probably|wish|hope|hoping|dream|"
    r"imagine|suppose|thinking (?:about|of)|considering|consider|want to|wanna|wants to|plan(?:ning)? to|"
    r"used to|going to (?:move|live|work|quit|start|join)|someday|one day|pretend|hypothetically|should i|"
    r"do you|did you|can you|what if|not sure|don't know if|was told|said that|says that|heard that|"
    r"supposed to|might be|in the past|years ago|back then|when i was)\b")


@dataclass(frozen=True)
class _Rule:
    pattern: re.Pattern[str]
    predicate: str | None
    op: str = "assert"
    hedge_ok: bool = False
    #: reads a further fact about someone another rule may have named in the same words ("my daughter Mia
    #: is allergic to kiwi": her name and her allergy), so it is not kept out by that rule's span
    beside: bool = False


def _rule(regex: str, predicate: str | None, op: str = "assert", *, case: bool = False,
          hedge_ok: bool = False, beside: bool = False) -> _Rule:
    flags = 0 if case else re.IGNORECASE
    return _Rule(re.compile(regex, flags), predicate, op, hedge_ok, beside)


_RULES: list[_Rule] = [
    # name
    _rule(rf"(?i:\bmy\s+(?:first\s+|full\s+|real\s+)?name(?:'s|\s+is)\s+){_NAME}", "name", case=True),
    _rule(rf"(?i:(?:^|[,;:]\s*|\bplease\s+|\bjust\s+|\byou\s+can\s+|\beveryone\s+|\bpeople\s+|\bfriends\s+)(?:call|calls)\s+me\s+){_NAME}",
          "name", case=True),
    _rule(rf"(?i:\bi\s+go\s+by\s+){_NAME}", "name", case=True),
    _rule(rf"(?i:\bi'?m\s+called\s+|\bi\s+am\s+called\s+){_NAME}", "name", case=True),
    _rule(rf"(?i:^(?:hi|hello|hey)[,!]?\s+i'?m\s+|^(?:hi|hello|hey)[,!]?\s+i\s+am\s+){_NAME}(?=\s*[,.!]|\s+and\b|$)",
          "name", case=True),
    # home
    _rule(rf"(?i:{_I}(?:'ve|\s+have)?{_ADV}\s+(?:moved|relocated)(?:\s+house)?(?:\s+back|\s+over|\s+out|\s+away|\s+across|\s+down|\s+up)?(?:\s+here)?\s+to\s+){_PLACE}",
          "lives_in", case=True),
    _rule(rf"(?i:{_I}(?:'m|'re|'ve|\s+am|\s+are|\s+have)?{_ADV}\s+(?:been\s+)?(?:live|living|reside|residing|settled(?:\s+down)?)(?:\s+now)?\s+in\s+){_PLACE}",
          "lives_in", case=True),
    _rule(rf"(?i:\bi'?m\s+{_ADV}(?:based|living|settled|located)\s+in\s+|\bi\s+am\s+{_ADV}(?:based|living|settled)\s+in\s+){_PLACE}",
          "lives_in", case=True),
    _rule(rf"(?i:\bmy\s+(?:new\s+)?(?:home|place|apartment|flat|house)\s+is\s+(?:now\s+)?in\s+){_PLACE}", "lives_in", case=True),
    _rule(rf"(?i:\b(?:home|home base)\s+is\s+(?:now\s+)?){_PLACE}(?=\s+now|\s+these days|\s*[.!]|$)", "lives_in", case=True),
    _rule(rf"(?i:\bi\s+(?:no\s+longer|don't|do\s+not|dont)\s+live\s+in\s+){_PLACE}", "lives_in", "retract", case=True),
    _rule(rf"(?i:\b(?:i|we)\s+(?:have\s+)?moved\s+(?:away\s+)?(?:out\s+of|away\s+from)\s+){_PLACE}", "lives_in", "retract", case=True),
    _rule(rf"(?i:\bmy\s+(?:new\s+)?(?:neighbou?rhood|area)\s+is\s+){_PLACE}", "neighborhood", case=True),
    # work
    _rule(rf"{_I}{_ADV}\s+(?:work|am working|'m working|have been working|'ve been working)\s+(?:at|for)\s+{_VALUE}", "works_at"),
    _rule(rf"(?i:\bi(?:'ve|\s+have)?{_ADV}\s+(?:started|began)\s+(?:a\s+new\s+job\s+|working\s+|work\s+|a\s+new\s+role\s+)?(?:at|for|with)\s+){_ORG}",
          "works_at", case=True),
    _rule(rf"(?i:\bi(?:'ve|\s+have)?{_ADV}\s+joined\s+){_ORG}", "works_at", case=True),
    _rule(rf"(?i:\bi'?m\s+{_ADV}(?:starting|joining)\s+(?:a\s+new\s+job\s+at\s+|work\s+at\s+|at\s+)?){_ORG}", "works_at", case=True),
    _rule(rf"\bi\s+{_ADV}(?:got|landed|accepted|took)\s+(?:a|the|an)\s+(?:new\s+)?(?:job|position|role|offer)\s+(?:at|with|from)\s+{_VALUE}",
          "works_at"),
    _rule(rf"\bi\s+{_ADV}got\s+hired\s+(?:at|by)\s+{_VALUE}", "works_at"),
    _rule(rf"\bi'?m\s+{_ADV}(?:employed|working)\s+(?:at|by|for)\s+{_VALUE}", "works_at"),
    _rule(rf"\bmy\s+(?:new\s+)?(?:employer|company)\s+is\s+(?:now\s+)?{_VALUE}", "works_at"),
    _rule(rf"\bmy\s+(?:new\s+)?job\s+is\s+at\s+{_VALUE}", "works_at"),
    _rule(rf"\bi\s+(?:no\s+longer|don't|do\s+not|dont)\s+work\s+(?:at|for)\s+{_VALUE}", "works_at", "retract"),
    _rule(rf"(?i:(?<=\s)(?:to|and)\s+(?:join|joined|start\s+at|started\s+at|work\s+for|work\s+at)\s+){_ORG}", "works_at", case=True),
    _rule(rf"\bi(?:'ve|\s+have)?{_ADV}\s+(?:quit|left|resigned\s+from|retired\s+from)\s+(?:my\s+job\s+at\s+|my\s+job\s+with\s+|my\s+position\s+at\s+)?{_VALUE}",
          None, "retract"),
    _rule(rf"\bi\s+{_ADV}(?:was|got|have\s+been|'ve\s+been)\s+(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+{_VALUE}", "works_at", "retract"),
    # no work at all now ("I'm retired", "I retired last month", "I've stopped working"; not "I retired my old laptop",
    # and "retired from X" is the rule above): the ledger ends the role with the workplace
    _rule(r"\bi(?:'m|\s+am)\s+(?:now\s+)?(?:unemployed|between jobs|out of work|retired)\b(?P<v>)", "works_at", "retract"),
    _rule(rf"\bi(?:'ve|\s+have)?{_ADV}\s+(?:retired|stopped\s+working){_NOTHING_RETIRED}(?P<v>)", "works_at", "retract"),
    _rule(r"\bi\s+(?:lost|quit)\s+my\s+job\b(?P<v>)", "works_at", "retract"),
    _rule(rf"\bi{_ADV}\s+work\s+as\s+(?:an?\s+)?{_VALUE}", "job_title"),
    # the progressive and perfect of the same ("I'm working as a barista", "I've been employed as a welder"); the
    # value must name a role, as "working as a team" does not
    _rule(rf"\bi(?:'m|\s+am|'ve\s+been|\s+have\s+been){_ADV}\s+(?:working|employed)\s+as\s+(?:an?\s+)?{_VALUE}",
          "@job_role"),
    # the user's new work said as what they became: "I became a taxi driver", "I've retrained as a plumber", and
    # after the old work (``_THEN_BECAME``); the value must name a role ("became a member" does not)
    _rule(rf"\bi(?:'ve|\s+have)?{_ADV}\s+(?:(?:have\s+)?(?:became|become|(?:re)?train(?:ed)?\s+as|qualif(?:ied|y)\s+as|"
          rf"start(?:ed)?\s+(?:a\s+new\s+job\s+|work\s+|working\s+)?as)\s+|{_THEN_BECAME})(?:now\s+)?{_NEW_ROLE}",
          "@job_role", beside=True),
    # the same with chat's dropped "I": "Started as a paramedic last week", "Just qualified as a plumber"
    _rule(rf"^\W*(?:(?:just|finally|recently|now|officially)\s+)?(?:became|(?:re)?trained\s+as|qualified\s+as|"
          rf"started\s+(?:a\s+new\s+job\s+|work\s+|working\s+)?as)\s+(?:now\s+)?{_NEW_ROLE}", "@job_role"),
    _rule(rf"\bmy\s+(?:new\s+)?(?:job\s+)?(?:title|role|position)\s+is\s+(?:now\s+)?(?:an?\s+)?{_VALUE}", "job_title"),
    _rule(rf"\bi\s+{_ADV}(?:was|got|have\s+been|'ve\s+been)\s+promoted\s+to\s+(?:an?\s+)?{_VALUE}", "job_title"),
    # "my job is a midwife", "my day job's a paralegal": the job said as the person who does it (``@job_role``);
    # "my job is a nightmare" rates the job and names no one, "my job is at X" is the workplace (above)
    _rule(rf"\bmy\s+(?:new\s+|current\s+|day\s+|actual\s+|main\s+|real\s+|full-time\s+|part-time\s+)?job(?:'s|\s+is)\s+"
          rf"(?:now\s+|still\s+|officially\s+)?(?!not\b|no\b|never\b)(?:an?\s+)?{_VALUE}", "@job_role"),
    # other people's homes (before names: "my sister Ana lives in Porto" is where she lives)
    _rule(rf"(?i:{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?{_ASIDE}(?:'s|'ve|\s+has|\s+have)?{_ADV}\s+(?:lives|live|stays|"
          rf"is\s+living|are\s+living|moved|has\s+moved|have\s+moved|relocated|flitted|(?:has\s+|have\s+)?settled(?:\s+down)?|"
          rf"(?<=\s)is|(?<=\s)are|(?<='s))"
          rf"\s+(?:back\s+|out\s+|over\s+|up\s+|down\s+)?(?:in|to|into)\s+"
          rf"(?:(?:a|an|the|her|his|their)\s+(?:new\s+|little\s+|lovely\s+)?(?:care\s+home|nursing\s+home|retirement\s+"
          rf"(?:home|village|flat)|flat|house|place|bungalow|apartment|cottage|home)\s+in\s+)?){_PLACE}",
          "@rel.lives_in", case=True),
    # who they are with: "my sister's with Darren", "my brother is with Ola now"
    _rule(rf"(?i:\b(?:my|our)\s+{_REL_MOD}(?P<rel>sister|brother|best\s+friend|best\s+mate|best\s+pal|friend|cousin|son|"
          rf"daughter|mum|mom|dad)(?:'s|\s+is)\s+(?:now\s+|still\s+)?(?:with|seeing|dating|going\s+out\s+with)\s+)"
          rf"(?P<v>(?!(?:I|Me|Us|Them|Him|Her|The|A|An|My|Our)\b)[A-Z][a-z][\w'-]*)(?![\w'-])(?!\s+(?-i:[A-Z]))",
          "@rel.partner", case=True),
    # the move as the second of two things they did: "my sister sold her flat and moved to York"; the words between
    # hold no other subject (a clause of "I", "we" or "they" is someone else's move)
    _rule(rf"(?i:{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?{_ASIDE}\s+(?!(?:and|or|is|was|has|had|says|said)\b)"
          rf"(?:(?!(?:i|we|they|you|he|she|it|and|but|because|so)\b)[\w'’-]+\s+){{1,5}}and\s+(?:then\s+|has\s+|have\s+)?"
          rf"(?:moved|relocated)\s+(?:back\s+|out\s+|over\s+|up\s+|down\s+)?to\s+){_PLACE}",
          "@rel.lives_in", case=True),
    # the move said, then where they are now in a pronoun's clause: "my sister's moved again, she's in Bath now"
    _rule(rf"(?i:{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?(?:'s|\s+has|\s+have)?{_ADV}\s+(?:moved|relocated)"
          rf"(?:\s+(?:again|house|away|out|on|back))?\s*(?:[,;:-]|\s+and|\s+so)\s+(?:she|he|they)(?:'s|\s+is|'re|\s+are)"
          rf"{_ADV}\s+(?:in|living\s+in|based\s+in|settled\s+in|out\s+in|over\s+in|up\s+in|down\s+in)\s+){_PLACE}",
          "@rel.lives_in", case=True),
    # a child's new school in a pronoun's clause: "my niece has changed schools, she's at Hillhead Academy now"
    _rule(rf"(?i:{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?(?:'s|\s+has|\s+have)?{_ADV}\s+(?:changed|moved|switched)\s+"
          rf"schools?\s*(?:[,;:-]|\s+and|\s+so)\s+(?:she|he|they)(?:'s|\s+is|'re|\s+are){_ADV}\s+(?:at|in)\s+){_PLACE}",
          "@rel.school", case=True),
    # someone named at the start of the sentence moving: "Sean's moved out to Denver", "Priya relocated to Singapore";
    # the fact is Sean's (the ledger ties the name to the relation it holds: resolution._linked)
    _rule(rf"(?:^|[.!?]\s+)(?i:(?:so|and|oh|btw|also|anyway|news:?)\s*,?\s+)?(?P<who>(?!(?:I|My|Our|The|We|He|She|They|It|So|And)\b)"
          rf"[A-Z][a-z\u00C0-\u024F][\w\u00C0-\u024F-]*(?:'(?!s\b)\w+)?)(?i:(?:'s|\s+has){_ADV}\s+(?:moved|relocated|settled)|{_ADV}\s+"
          rf"(?:lives|moved|relocated|is\s+living|is\s+based|settled))(?i:\s+(?:back|out|over|up|down|home))?(?:\s+(?i:from)\s+{_CAP}(?:\s+{_CAP})*)?(?i:\s+(?:in|to))\s+{_PLACE}\b"
          r"(?!\s+(?i:office|branch|site|team|campus|depot|store|shop|plant|hq|headquarters|department|ward)\b)",
          "@named.lives_in", case=True),
    # someone named at the start of the sentence leaving their work for another: "Ben gave up being a barber to become
    # a taxi driver" (the brother's, when the ledger knows Ben as the brother; nobody's otherwise)
    _rule(rf"(?:^|[.!?]\s+)(?P<who>(?!(?:I|My|Our|The|We|He|She|They|It|So|And)\b)[A-Z][a-z\u00C0-\u024F][\w\u00C0-\u024F-]*)"
          rf"\s+{_THEN_BECAME}{_NEW_ROLE}", "@named.@job_role", beside=True),
    # a household's provider said as who it is "with", the service named by "for": "for electricity we're with X",
    # "we're with X for broadband"
    _rule(rf"(?i:(?:^|[,;]\s*|\bso\s+)for\s+(?:the\s+|our\s+|my\s+)?(?P<thing>[a-z]+)\s*,?\s+(?:i|we)(?:'re|'m|\s+are|\s+am)"
          rf"{_ADV}\s+with\s+){_ORG}", "@service", case=True),
    _rule(rf"(?i:\b(?:i|we)(?:'re|'m|\s+are|\s+am){_ADV}\s+with\s+){_ORG}(?i:\s+for\s+(?:the\s+|our\s+|my\s+)?(?P<thing>[a-z]+)\b)",
          "@service", case=True),
    # people
    _rule(rf"(?i:\bmy\s+{_REL_MOD}{_REL}(?:'s|s'?)?\s+(?:first\s+)?name\s+is\s+){_NAME}", "@rel", case=True),
    _rule(rf"(?i:\bmy\s+{_REL_MOD}{_REL}\s*,?\s+(?:is\s+)?(?:called|named)\s+){_NAME}", "@rel", case=True),
    _rule(rf"(?i:\bmy\s+{_REL_MOD}{_REL}\s+is\s+){_NAME}(?=\s*[,.!;]|\s+and\b|\s+now\b|$)", "@rel", case=True),
    _rule(rf"(?i:\bmy\s+{_REL_MOD}{_REL},?\s+){_NAME}(?=\s*[,.!;]|\s+[a-z]+\b|$)",
          "@rel", case=True),
    _rule(rf"(?i:\bi\s+(?:have|got|adopted)\s+(?:a|an)\s+(?:new\s+)?(?:little\s+)?(?P<rel>dog|cat|puppy|kitten)\s+(?:named|called)\s+){_NAME}",
          "@rel", case=True),
    _rule(rf"(?i:\bi\s+(?:just\s+)?(?:married|got\s+married\s+to)\s+){_NAME}", "spouse", case=True),
    # other people's homes and jobs become facts about them, never about the user

    _rule(rf"{_REL_OWNER}{_REL}(?:'s)?\s+(?:now\s+)?(?:works|is\s+working|working)\s+(?:at|for)\s+{_VALUE}", "@rel.works_at"),
    # what they do, said as the person who does it: "my sister is a vet", "my husband has retrained as a paramedic";
    # the value must name a role ("my sister is a nightmare" names none)
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w-]+)?(?:'s|\s+is|(?:\s+has)?\s+(?:re)?trained\s+as|(?:\s+has)?\s+qualified\s+as|"
          rf"\s+became|\s+has\s+become|\s+(?:now\s+)?works\s+as|(?:\s+is|'s)\s+(?:now\s+)?working\s+as|(?:\s+has)?\s+started\s+"
          rf"(?:a\s+new\s+job\s+|work\s+|working\s+)?as)\s+(?:now\s+)?{_NEW_ROLE}", "@rel.@job_role", beside=True),
    # a relation with no work now: "Dad retired last month", "my mum's retired", "my husband has stopped working";
    # "my mum retired from the Co-op" ends that workplace
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w-]+)?(?:\s+has)?{_ADV}\s+(?:retired|resigned)\s+from\s+{_VALUE}",
          "@rel.works_at", "retract"),
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w-]+)?(?:'s|\s+is|\s+has|\s+has\s+been)?{_ADV}\s+(?:now\s+)?"
          rf"(?:retired|stopped\s+working){_NOTHING_RETIRED}(?P<v>)", "@rel.works_at", "retract"),
    # the new work after the old in the same clause: "my brother gave up being a barber to become a taxi driver"
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w-]+)?\s+{_THEN_BECAME}{_NEW_ROLE}", "@rel.@job_role", beside=True),
    # the work said in a pronoun's clause after what they did: "my partner packed in the ambulance service and now
    # he's a driving instructor"; nobody else is named between (a name there may be who "he" is)
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w-]+)?\s+(?:(?!(?:my|our|his|her|their|him|them|he|she|they)\b)"
          rf"(?-i:[a-z][\w'’-]*)\s+){{1,12}}?(?:and|so|but)\s+(?:now\s+)?"
          rf"(?:he|she|they)(?:'s|\s+is|'re|\s+are)\s+(?:now\s+)?(?:an?\s+)(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)"
          rf"(?=\s+(?:at|for|with|in|on|and|but|now|so|who|which)\b|\s*[,.;:!?]|\s*$)", "@rel.@job_role", beside=True),
    # preferences
    _rule(rf"\bi{_ADV}\s+(?:love|like|enjoy|adore|am\s+into|'m\s+into)\s+{_VALUE}", "likes"),
    # "I prefer tea (to coffee)", "I much prefer the bus": the thing preferred, not what it is preferred to
    _rule(rf"\bi{_ADV}\s+(?:much\s+|really\s+|definitely\s+|honestly\s+|way\s+)?prefer\s+"
          rf"(?!to\s|not\b|it\b|that\b|this\b|them\b|being\b|when\b|if\b)"
          rf"(?P<v>[^,.;:!?()\"]{{1,40}}?)(?=\s+(?:to|over)\s+|" + _STOP[3:], "likes"),
    _rule(rf"{_IM}\s+(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?(?:fan|lover)\s+of\s+{_VALUE}", "likes"),
    _rule(rf"\bi(?:'m|\s+am){_ADV}\s+(?:really\s+|very\s+|so\s+)?into\s+{_VALUE}", "likes"),
    _rule(rf"\bi\s+(?:really\s+|absolutely\s+|just\s+)?(?:hate|dislike|detest|loathe|can't\s+stand|cannot\s+stand|can\s+not\s+stand|"
          rf"don't\s+like|do\s+not\s+like|dont\s+like|don't\s+enjoy|do\s+not\s+enjoy|don't\s+care\s+for)\s+{_VALUE}", "dislikes"),
    _rule(rf"{_IM}\s+(?:really\s+)?not\s+(?:a\s+)?(?:big\s+)?(?:fan\s+of|into)\s+{_VALUE}", "dislikes"),
    _rule(rf"\bi\s+no\s+longer\s+(?:like|love|enjoy)\s+{_VALUE}", "likes", "retract"),
    # "my favourite author is X", and the fragment at the start: "Favourite author these days: X"
    _rule(rf"(?:\bmy\s+|^\W*(?:current\s+)?)(?:new\s+|all-time\s+|current\s+)?(?:fave|fav(?:ou?rite)?)\s+(?P<thing>[a-z]+(?:\s+(?!{_NOW_WORD})[a-z]+)?)"
          rf"{_FOR_NOW}{_SUPERLATIVE_SCOPE}{_ASIDE}(?:\s+(?:is|are)|\s*[:=]|\s+-)\s+(?:now\s+)?{_VALUE}", "favorite"),
    # health
    _rule(rf"\bi(?:'m|\s+am|'ve\s+been|\s+have\s+been){_ADV}\s+(?:a\s+|strictly\s+|fully\s+)?{_DIETS}\b", "diet"),
    _rule(rf"\bi{_ADV}\s+(?:went|became|turned|have\s+gone|'ve\s+gone|switched\s+to\s+being|decided\s+to\s+go)\s+(?:a\s+)?{_DIETS}\b", "diet"),
    _rule(r"\bi(?:'m|\s+am)\s+(?:no\s+longer|not)\s+(?:a\s+)?(?P<v>vegetarian|vegan|pescatarian|keto|gluten[- ]free)(?:\s+anymore|\s+any\s+more)?\b",
          "diet", "retract"),
    _rule(r"\bi\s+(?:stopped|quit)\s+being\s+(?:a\s+)?(?P<v>vegetarian|vegan|pescatarian|keto)\b", "diet", "retract"),
    _rule(r"\bi(?:'m|\s+am|'ve|\s+have)?\s+(?:started\s+)?eat(?:ing)?\s+meat\s+again\b(?P<v>)", "diet", "retract"),
    _rule(r"(?:^|\b(?:i|we)\s+)(?:went|gone|am\s+going|'m\s+going)\s+back\s+to\s+eating\s+(?:meat|everything|normally)\b(?P<v>)",
          "diet", "retract"),
    _rule(r"(?:^|[,;]\s*|\bso\s+|\bi'?m\s+)(?:no\s+longer|not)\s+(?:a\s+)?(?P<v>vegetarian|veggie|vegan|pescatarian|keto|"
          r"paleo|gluten[- ]free)\s+(?:anymore|any\s+more)\b", "diet", "retract"),
    _rule(rf"\bi'?m\s+(?:severely\s+|very\s+|mildly\s+|deathly\s+)?allergic\s+to\s+{_VALUE}", "allergy"),
    _rule(rf"\bi\s+am\s+(?:severely\s+|very\s+|mildly\s+)?allergic\s+to\s+{_VALUE}", "allergy"),
    _rule(r"\bi\s+have\s+(?:a|an)\s+(?:severe\s+|mild\s+)?(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+allergy\b", "allergy"),
    # the noun with what it is to: "I have an allergy to X", and the learner's "I have allergy on/for X"
    _rule(rf"\bi(?:\s+have|'ve\s+got|\s+have\s+got|\s+got|'ve)\s+(?:a\s+|an\s+)?(?:severe\s+|mild\s+|serious\s+)?allerg(?:y|ies)\s+(?:to|on|for|against)\s+{_VALUE}",
          "allergy"),
    _rule(rf"\bi'?m\s+no\s+longer\s+allergic\s+to\s+{_VALUE}", "allergy", "retract"),
    # someone in the user's life: "my son is allergic to eggs", "my wife has a shellfish allergy"
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?(?:\s+is|'s)\s+(?:severely\s+|very\s+|mildly\s+|deathly\s+)?allergic\s+to\s+{_VALUE}",
          "@rel.allergy", beside=True),
    _rule(rf"{_REL_OWNER}{_REL}(?-i:\s+[A-Z][\w'-]+)?\s+has\s+(?:a|an)\s+(?:severe\s+|mild\s+)?(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+allergy\b",
          "@rel.allergy", beside=True),
    _rule(rf"\bi\s+(?:have|was\s+diagnosed\s+with|got\s+diagnosed\s+with|suffer\s+from|live\s+with)\s+{_CONDITIONS}\b", "condition"),
    # "I'm diabetic", "I am type 1 diabetic": the condition said as what the person is
    _rule(rf"{_IM}\s+(?:a\s+)?(?P<v>lactose intolerant|(?:type\s+(?:[12]|one|two)\s+)?diabetic|asthmatic|celiac|coeliac|epileptic)\b",
          "condition"),
    _rule(rf"\bi\s+(?:can't|cannot|can\s+not|don't|do\s+not)\s+eat\s+{_VALUE}", "dislikes"),
    # contact
    _rule(rf"\b(?:the\s+)?(?:best|easiest|quickest|preferred)\s+way\s+to\s+(?:reach|contact|get\s+hold\s+of)\s+me\s+is\s+(?:by\s+|via\s+|on\s+|through\s+|over\s+)?{_CONTACT_WORDS}\b",
          "contact_method"),
    _rule(rf"\bi\s+(?:now\s+)?prefer\s+(?:to\s+be\s+contacted\s+|being\s+contacted\s+|contact\s+|to\s+be\s+reached\s+)?(?:by|via|through|over|on)\s+{_CONTACT_WORDS}\b",
          "contact_method"),
    _rule(rf"\bi\s+(?:now\s+)?prefer\s+{_CONTACT_WORDS}\s+(?:over|to|rather\s+than)\s+", "contact_method"),
    _rule(rf"(?:^|\bplease\s+|\bjust\s+)(?:{_CONTACT_WORDS.replace('(?P<v>', '(?P<v>')})\s+me\s+(?:instead|rather|from\s+now\s+on|going\s+forward)\b",
          "contact_method"),
    _rule(rf"\b(?:please\s+)?(?:don't|do\s+not|never)\s+(?:call|phone|text|message|email)\s+me\s+{_VALUE}", "contact_avoid"),
    # ownership
    _rule(r"\bi\s+(?:just\s+|finally\s+)?(?:bought|got|own|have|drive|ride|purchased|picked\s+up)\s+(?:a|an|my|the)\s+(?:new\s+|used\s+|second-hand\s+|brand\s+new\s+|little\s+|old\s+)?"
          r"(?P<v>(?:[\w-]+\s+){0,3}?(?:car|truck|van|suv|bike|bicycle|e-bike|motorcycle|motorbike|scooter|laptop|phone|boat|piano|guitar|camera|tablet|"
          r"tesla|toyota|honda|volkswagen|vw|bmw|audi|ford|fiat|renault|peugeot|volvo|mercedes|subaru|kia|hyundai|mazda|nissan|prius|"
          r"iphone|pixel|galaxy|macbook|thinkpad|ipad|kindle)(?:\s+[\w-]+){0,2}?)" + _STOP, "owns"),
    _rule(r"\bi\s+(?:just\s+)?(?:sold|got\s+rid\s+of|gave\s+away|crashed|totaled|totalled|lost)\s+(?:my|the|our)\s+(?:old\s+)?(?P<v>[\w-]+(?:\s+[\w-]+){0,2}?)" + _STOP,
          "owns", "retract"),
    # plans with dates
    # the destination is a name: "going to see X" is the future of "see", no trip
    _rule(r"\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:going|flying|travel+ing|heading|driving|taking\s+a\s+trip|off)\s+to\s+(?P<act>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+"
          r"(?P<v>(?:on|in|next|this|tomorrow|tonight|at\s+the\s+end\s+of|the\s+week\s+of|for)\b[^,.;!?]{0,40})", "plan:trip", hedge_ok=True),
    _rule(r"\b(?:i|we)\s+(?:have|'ve\s+got|got|booked|scheduled)\s+(?:a|an|my|our)\s+(?P<act>[a-z ]{0,26}?(?:appointment|interview|exam|flight|meeting|surgery|wedding|party|concert|trip|checkup|check-up|vacation|holiday|visit|dinner|deadline)(?:\s+(?:to|in|with)\s+[A-Z][\w'-]+)?)\s+"
          r"(?P<v>(?:on|in|next|this|tomorrow|tonight|at|for)\b[^,.;!?]{0,40})", "plan", hedge_ok=True),
    _rule(r"\bmy\s+(?P<act>[a-z ]{0,26}?(?:appointment|interview|exam|flight|meeting|surgery|wedding|party|concert|trip|checkup|check-up|vacation|holiday|visit|dinner|deadline)(?:\s+(?:to|in|with)\s+[A-Z][\w'-]+)?)\s+"
          r"(?:is|was\s+moved|has\s+been\s+moved|got\s+moved|moved|was\s+rescheduled|got\s+rescheduled|is\s+rescheduled|is\s+now|got\s+pushed|was\s+pushed)\s+(?:back\s+)?(?:to\s+)?"
          r"(?P<v>(?:on|in|next|this|tomorrow|tonight|at|for)?\s*\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|tomorrow|tonight|\d)[^,.;!?]{0,40})",
          "plan", hedge_ok=True),
    _rule(r"\b(?:i|we)\s+(?:have\s+|'ve\s+)?(?:cancel+ed|called\s+off|scrapped|postponed\s+indefinitely)\s+(?:my|our|the)\s+(?P<v>[a-z ]{0,30}?(?:appointment|interview|exam|flight|meeting|surgery|wedding|party|concert|trip|checkup|check-up|vacation|holiday|visit|dinner)(?:\s+to\s+[A-Z][\w'-]+)?)",
          "plan", "retract", hedge_ok=True),
    # schedules
    _rule(rf"\bi\s+(?:have|go\s+to|attend|do|play|take|teach)\s+(?P<act>[a-z][a-z ]{{1,30}}?)\s+(?:class\s+|classes\s+|lessons?\s+|practice\s+)?(?P<v>{_HABIT_DAY})",
          "schedule"),
    _rule(rf"\bi\s+(?P<act>run|swim|cycle|climb|train|work out|go running|go swimming|go climbing)\s+(?P<v>{_HABIT_DAY})", "schedule"),
    _rule(rf"\bmy\s+(?P<act>[a-z][a-z ]{{1,30}}?)\s+(?:(?:is|are)\s+(?:now\s+)?|(?:has\s+)?(?:moved|changed|switched|got\s+moved|was\s+moved)\s+to\s+)(?P<v>{_WHEN_DAY})",
          "schedule"),
    # a habit said of the activity alone, at the sentence's start: "Yoga is on Tuesdays", "Choir is Wednesday nights",
    # "Swimming's every Saturday at 9" (the user's routine); a habit only, so a plural day or "every" ("the party is
    # on Friday" is one occasion), and an activity, not someone ("Sarah is on Tuesdays")
    _rule(rf"^\W*(?P<act>(?-i:[A-Za-z][a-z]+)(?:\s+(?-i:[a-z]+)){{0,2}}?)(?:(?:'s|\s+is|\s+are)\s+(?:now\s+)?|"
          rf"(?:'s|\s+has)?\s+(?:moved|changed|switched|gone)\s+to\s+)(?P<v>{_HABIT_DAY})", "@habit"),
    _rule(r"\bi\s+(?:stopped|quit|gave\s+up|no\s+longer\s+(?:go\s+to|do|attend|have))\s+(?:going\s+to\s+|doing\s+|attending\s+)?(?:my\s+)?(?P<v>[a-z][a-z ]{1,30}?)(?:\s+class(?:es)?)?" + _STOP,
          None, "retract"),
    # a relation's partner said through the relation's name: "my cousin Karen's partner is Darren" (the rule for "my
    # cousin Karen" reads her name from the same words)
    _rule(rf"(?i:{_REL_OWNER}{_REL})\s+[A-Z][\w-]+(?i:'s\s+(?:new\s+)?(?:partner|boyfriend|girlfriend|husband|wife|"
          rf"fianc[eé]e?|other\s+half|bf|gf)(?:'s|\s+is)\s+(?:now\s+|called\s+)?)"
          rf"(?P<v>(?!(?:I|Me|Us|Them|Him|Her|The|A|An|My|Our)\b)[A-Z][a-z][\w'-]*)(?![\w'-])",
          "@rel.partner", case=True, beside=True),
]

#: Sentence ends, but not after a title ("Dr. Patel") or an initial.
_SENTENCE_SPLIT = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bSt\.)(?<!\bdr\.)(?<!\b[A-Z]\.)"
                             r"(?<=[.!?;])\s+|\n+|"
                             # an emoji ends a thought in texting: "new flat is tiny 😂 harrogate who??"
                             r"(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+")


def sentences(text: str) -> Iterator[str]:
    for piece in _SENTENCE_SPLIT.split(text):
        piece = piece.strip()
        if piece:
            yield piece


def _clean_value(value: str) -> str:
    value = re.sub(r"\s+", " ", value).strip(" '\"-")
    value = re.sub(r"(?i)^(?:in|at|on|for|the city of)\s+", "", value).rstrip(".")
    value = re.sub(r"(?i)^(?:very\s+much|so\s+much|really)\s+", "", value)  # "I like very much jazz"
    return value


def _slug(text: str) -> str:
    text = re.sub(r"(?i)^(?:my|our|the|a|an)\s+", "", text.strip().lower())
    text = re.sub(r"\s+(?:class|classes|lessons?|practice|session)$", "", text)
    return re.sub(r"[^\w]+", "_", text).strip("_")


#: The user said first in a pair that does something together: "me and my wife ...", "me & my boyfriend ...".
_WITH_ME_BEFORE = re.compile(r"(?i)\b(?:me|myself)\s+(?:and|&|n)\s+$")


#: A coffee had every day is the user's coffee, not a schedule of it.
_A_COFFEE = re.compile(rf"(?i)\b{COFFEE_DRINK}\b")
#: Sentence openers that name no activity before "is every Monday".
_NOT_HABITS = frozenset("it this that there here what which he she they we you work everything something nothing "
                        "one mine ours his hers theirs today tomorrow tonight my our your her their the a an "
                        "every".split())


def _candidate(rule: _Rule, match: re.Match[str], sentence: str) -> Candidate | None:
    groups = match.groupdict()
    raw = groups.get("v")
    value = _clean_value(raw) if raw else None
    predicate = rule.predicate
    subject = USER
    if rule.op == "assert" and (not value or value.casefold() in _PRONOUN_VALUES):
        return None
    if rule.op == "retract" and value is not None and (not value or value.casefold() in _PRONOUN_VALUES):
        value = None if predicate else None
        if predicate is None:
            return None
    if predicate and predicate.endswith("lives_in") and value and calendar_word(value):
        return None  # "Pilates has moved to Wednesdays": a day, never a home
    if predicate == "@job_role":
        value = _ROLE_PLACE_TAIL.sub("", value or "")
        if not names_a_role(value):
            return None
        predicate = "job_title"
    if predicate == "@rel.lives_in" and staying(sentence):
        return None  # "my sister is in Lisbon this week": a stay, not her home
    if predicate == "@rel.partner" and re.search(r"(?i)\bwith\s+" + re.escape(value or "") + r"\b", sentence) and \
            not _COUPLE_WORDS.search(sentence):
        return None  # "my sister is with Vodafone": with a firm, unless the words of a couple are there
    if predicate and predicate.startswith("@rel"):
        relation = _RELATIONS[groups["rel"].lower()]
        if predicate == "@rel":
            predicate = relation
        elif predicate == "@rel.lives_in" and _WITH_ME_BEFORE.search(sentence, 0, match.start()):
            predicate = "lives_in"  # "me and my wife live in Bristol": the user's home, as "my wife and I live" is
        else:
            subject, predicate = relation, predicate.split(".", 1)[1]
        if predicate == "@job_role":
            value = _ROLE_PLACE_TAIL.sub("", value or "")
            if not names_a_role(value) or _RATED_OR_PAST.match(value):
                return None  # "my mum is an amazing cook" rates her; "a retired postman" is no job now
            predicate = "job_title"
        if predicate in ("sister", "brother", "mother", "father", "spouse", "partner", "son", "daughter", "child",
                         "friend", "best_friend", "dog", "cat", "manager") and value in _NOT_NAMES:
            return None
        if predicate in _RELATIONS.values() and value and re.search(r"['’]s$", value):
            value = value[:-2]  # "my bestie Adaeze's birthday": her name is Adaeze
    elif predicate and predicate.startswith("@named."):
        if groups["who"] in _NOT_NAMES or groups["who"].casefold() in _RELATIONS or a_lower_case_word(groups["who"]):
            return None  # "Mum moved to Cardiff" is the mother's, read by the relation rules
        subject, predicate = groups["who"], predicate.split(".", 1)[1]
        if predicate == "@job_role":
            value = _ROLE_PLACE_TAIL.sub("", value or "")
            if not names_a_role(value) or _RATED_OR_PAST.match(value):
                return None
            predicate = "job_title"
    elif predicate == "name" and (value in _NOT_NAMES or value.split()[0] in _NOT_NAMES):
        return None
    elif predicate == "favorite":
        thing = _slug(groups["thing"])
        predicate = f"favorite:{'_'.join(SPELLINGS.get(w, w) for w in thing.split('_'))}"
    elif predicate == "@service":
        service = groups["thing"].lower()
        if service in _NOT_SERVICES:
            return None
        predicate = canonical_predicate(_slug(service))
    elif predicate == "@habit":
        first = groups["act"].split()[0].lower()
        if not (a_lower_case_word(first) or kind_of(first) == "hobby") or first in _NOT_HABITS or first in _RELATIONS:
            return None  # "Sarah is on Tuesdays", "It's every Monday", "Mum's on Tuesdays"
        return _candidate(replace(rule, predicate="schedule"), match, sentence)
    elif predicate == "schedule":
        activity = _slug(groups["act"])
        if not activity or activity in ("it", "that", "work", "a", "time", "to"):
            return None
        if _A_COFFEE.search(groups["act"]):
            return None  # "I have an oat milk latte every morning": the drink the user has (the coffee frames)
        named = re.match(r"(?i:the)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*", groups["act"])
        if named:  # "I have The Guardian every morning": a named thing had, no activity called "guardian"
            verb = re.search(r"(?i)\b(have|take|read|get|do|play)\s+" + re.escape(groups["act"]), sentence)
            if verb is None or rule.op != "assert":
                return None
            return Candidate("assert", USER, f"named_act:{verb.group(1).lower()}", named.group(0), sentence)
        predicate = f"schedule:{activity}"
        value = re.sub(r"(?i)^(?:on|every(?!\s+other\b))\s+", "", value or "")  # "every other Monday" stays whole
    elif predicate in ("plan", "plan:trip"):
        activity = f"trip to {groups['act']}" if predicate == "plan:trip" else groups.get("act")
        if rule.op == "retract":
            predicate, value = f"plan:{_slug(value or '')}", None
        else:
            predicate = f"plan:{_slug(activity or '')}"
            destination = re.search(r"\b(?:to|in)\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)$", activity or "")
            if destination:  # "trip to Peru", "the summer" -> "Peru, the summer": the place is the fact
                value = f"{destination.group(1)}, {value}"
    elif predicate == "owns":
        if rule.op == "assert":
            words = re.findall(r"[\w-]+", value.lower())
            kind = next((_OBJECTS[w] for w in reversed(words) if w in _OBJECTS), None)
            if kind is None:
                return None
            predicate = canonical_predicate(kind)  # one name for the attribute: "I drive a Y" and "my car is Y"
            value = appositive_name(sentence, match.end("v"), kind) or value  # "a car, a Honda Civic": the Civic
        else:
            words = re.findall(r"[\w-]+", (value or "").lower())
            kind = next((_OBJECTS[w] for w in reversed(words) if w in _OBJECTS), None)
            predicate, value = (canonical_predicate(kind), None) if kind else (None, value)
    elif predicate == "job_title" and value:  # "a shift supervisor at Amazon": the place is the workplace's
        value = _ROLE_PLACE_TAIL.sub("", value)
    elif predicate == "contact_method":
        value = _CONTACT.get(value.lower(), value.lower()) if value else value
    elif predicate == "diet" and value:
        value = value.lower().replace("pescetarian", "pescatarian")
        if rule.op == "retract":
            value = None
    elif predicate == "condition" and value:
        value = {"diabetic": "diabetes", "asthmatic": "asthma", "celiac": "celiac disease",
                 "coeliac": "celiac disease", "lactose intolerant": "lactose intolerance"}.get(value.lower(), value)
    elif predicate == "works_at" and rule.op == "assert" and value and _JOINED.search(sentence[:match.start("v")]) \
            and _MUSIC_WORDS.search(sentence):
        predicate = "band"  # "I joined The Static Bloom last year, I play keys": a band joined, not an employer
    elif predicate == "works_at" and rule.op == "assert" and value and _JOINED.search(sentence[:match.start("v")]) \
            and known_kind(value) in ("gym", "bank", "streaming") and value.lower() not in ("nationwide", "chase"):
        predicate = canonical_predicate(known_kind(value))  # "I joined Virgin Active": a gym joined, no employer
    elif predicate == "works_at" and rule.op == "assert" and value:
        if _KIND_CALLED.match(value):
            value = _KIND_CALLED.sub("", value)
            firm_suffix = _AND_CO.match(sentence, match.end("v"))
            if firm_suffix:
                value += " " + firm_suffix.group(0).strip().rstrip(".")
        if value.split()[0].lower() in ("home", "night", "nights", "weekends", "myself", "a", "an", "the", "it", "work"):
            if value.split()[0].lower() not in ("a", "an", "the"):
                return None
    if predicate == "likes" and value and re.match(r"(?i)^(?:to\s+)?(?:it|that|this|you|them|my|our)\b", value):
        return None
    if predicate in ("likes", "dislikes") and value and re.search(r"(?i)\b(?:here|there)$", value):
        return None  # "I love living here": "here" points outside the phrase; the place, if named, is the fact
    if rule.op == "assert" and value is not None and len(value) > 60:
        return None
    return Candidate(rule.op, subject, predicate, value, sentence)




#: A noun phrase set beside the one before it by a comma ("a car, a Honda Civic"): its article, a few describing
#: words, then the words that name it, up to where the clause goes on.
_APPOSITIVE = re.compile(r"\s*,\s*(?:(?:a|an|the)\s+)?"
                         r"(?P<app>(?:[\w'-]+\s+){0,4}?[\w'-]+)(?=\s*(?:[,.;:!?()]|$)|\s+(?-i:I)\b|"
                         r"\s+(?:which|that|who|called|named|so|because|since|from|now|but)\b)", re.IGNORECASE)
#: The next item of a list: "a car, a garage and a garden" names three things, not the car.
_LIST_GOES_ON = re.compile(r"\s*(?:,\s*)?(?:and|or|&)\s+(?:a|an|the|my|some|two|three)\b", re.IGNORECASE)


def appositive_name(sentence: str, end: int, kind: str) -> str | None:
    """The name an appositive gives a thing the user has said only by its kind: "I have a car, a Honda Civic"
    (the car is the Civic), "a new phone, an iPhone 15". The appositive's words (after its article and up to two
    describing words) must all name: capitalised, a number, or a maker or model of that same kind; a list
    ("a car, a garage and a garden") or a clause ("a car, Dave doesn't") names nothing."""
    said = sentence[:end].split()
    if not said or re.search(r"[A-Z0-9]", said[-1]) or _OBJECTS.get(said[-1].lower(), DEVICES.get(said[-1].lower())) != kind:
        return None  # only a thing said by its bare kind word ("a car", not "a Honda")
    match = _APPOSITIVE.match(sentence, end)
    if match is None or _LIST_GOES_ON.match(sentence, match.end()):
        return None
    words = match.group("app").split()
    for _ in range(2):  # "a battered old ThinkPad": describing words before the name
        if len(words) > 1 and words[0].islower() and words[0] not in _OBJECTS and words[0] not in DEVICES:
            words = words[1:]
    makers = [w for w in words if _OBJECTS.get(w.lower(), DEVICES.get(w.lower())) is not None]
    if any(_OBJECTS.get(w.lower(), DEVICES.get(w.lower())) != kind for w in makers):
        return None  # "a car, a Honda and an iPad": another kind of thing
    if not all(re.match(r"[A-Z0-9]", w) or w in makers for w in words):
        return None
    if not (makers or any(re.match(r"[A-Z]", w) and w not in _NOT_NAMES for w in words)) or \
            {w.lower() for w in words} <= {"car", "phone", "laptop", "tablet"}:
        return None
    return " ".join(words)


#: Where a job title ends: "at"/"for" a capitalised name ("shift supervisor at Amazon") or a place said with an
#: article or a possessive ("porter at the local hospital", "cook for a care home"): the place is no part of it.
#: Words of a couple: "my sister's with Darren, they've been together since school".
_COUPLE_WORDS = re.compile(r"(?i)\b(?:together|dating|seeing|boyfriend|girlfriend|partner|engaged|married|moved\s+in|"
                           r"relationship|couple|met|anniversary|wedding|love)\b")
_JOINED = re.compile(r"(?i)\bjoin(?:ed|ing)?\s+$")
#: Words of playing music in a band: an instrument played, a gig, a rehearsal.
_MUSIC_WORDS = re.compile(r"(?i)\b(?:(?:i|i'll|we)\s+(?:\w+\s+)?(?:play|plays|playing|sing|singing)\s+(?:the\s+)?(?:"
                          + "|".join(sorted((re.escape(i) for i in INSTRUMENTS), key=len, reverse=True)) +
                          r")|on\s+(?:vocals|lead\s+vocals|keys|bass|drums|guitar|rhythm\s+guitar|lead\s+guitar)|gigs?|"
                          r"rehears\w*|setlist|band|bandmates?|frontman|lead\s+singer|drummer|bassist|guitarist)\b")
#: Words before a role noun that rate the person or put the work in the past: "an amazing cook", "a retired
#: postman", "a terrible driver" say no job held now.
_RATED_OR_PAST = re.compile(r"(?i)(?:amazing|great|brilliant|fantastic|excellent|wonderful|lovely|good|bad|terrible|"
                            r"awful|natural|born|keen|big|huge|massive|total|complete|proper|real|fab|fabulous|"
                            r"incredible|decent|rubbish|crap|shocking|retired|former|ex|failed|wannabe|aspiring|"
                            r"would-be|budding|amateur|better|worse|best|worst)\b")
_ROLE_PLACE_TAIL = re.compile(r"\s+(?:at|for|with)\s+(?:(?:the\s+)?(?-i:[A-Z0-9])|(?:the|a|an|my|our)\s+).*$")
#: The user's own role at a named place: "I'm the payroll manager at the Royal", "I work as a porter at St Mary's"
#: (not "for": "I'm the treasurer for the allotment society" is a role in a club as often as a job).
#: The role is one to three lowercase words, none a preposition, determiner or -ing verb ("I'm sitting at the
#: Crown" is no role); a lowercase "the" before the name is the sentence's, a capital one the name's.
_ROLE_AT = re.compile(r"(?i:\b(?:i'm|i\s+am|i\s+work\s+as|i'm\s+working\s+as|i\s+started\s+as)\s+(?:now\s+)?"
                      r"(?:a|an|the)\s+(?P<role>(?:(?!(?:at|for|with|in|on|of|to|from|by|my|our|the|a|an|only)\b)"
                      r"(?![\w-]+ing\b)[a-z][\w-]*\s+){1,3})at\s+)(?:the\s+)?" + _ORG)


def role_workplace(sentence: str) -> Candidate | None:
    """A first-person role "at" a named place gives the workplace ("I'm the payroll manager at the
    Royal": works at the Royal), unless the role is one of using the place (``_PATRON_ROLES``)."""
    match = _ROLE_AT.search(sentence)
    if match is None or match.group("role").split()[-1].lower() in _PATRON_ROLES:
        return None
    value = _clean_value(match.group("v"))
    if not value or value in _NOT_NAMES or _negated(sentence, match.span()):
        return None
    return Candidate("assert", USER, "works_at", value, sentence)


def _negated(sentence: str, span: tuple[int, int]) -> bool:
    """A negation in the clause that holds the match ("I don't go to X anymore"; not "not X, Y now")."""
    clause_start = max(sentence.rfind(mark, 0, span[0]) for mark in (",", ";", ":", " - ", "\u2014", " but "))
    return _NEGATION.search(sentence, max(clause_start, 0), span[1]) is not None


#: Where one clause ends and another begins, for what a negation scopes over.
_CLAUSE_MARK = re.compile(r"[,;:\u2014]|\s-\s|\b(?:but|and\s+(?=i\b|we\b|my\b)|so|though|although|whereas|while)\b",
                          re.IGNORECASE)


def _negation_scopes_over(sentence: str, span: tuple[int, int] | None) -> bool:
    """A negation in the clause that holds ``span`` (the value and the word naming its attribute): "I never go to
    the gym at X", "X gym isn't for me"; not one in a clause of its own ("I can't stand mornings but the gym at X
    keeps me sane"). In a sentence that denies something, a value and a word that lie in different clauses are no
    pair ("we moved to X, so I cycle now, the bus doesn't run": X is no commute); without a span, any negation."""
    if span is None or _NEGATION.search(sentence) is None:
        return _NEGATION.search(sentence) is not None
    if _CLAUSE_MARK.search(sentence, span[0], span[1]):
        return True
    before = [m.end() for m in _CLAUSE_MARK.finditer(sentence, 0, span[0])]
    after = _CLAUSE_MARK.search(sentence, span[1])
    return _NEGATION.search(sentence, before[-1] if before else 0, after.start() if after else len(sentence)) is not None


#: Attributes a person lists ("allergic to penicillin, latex and wasps"): every item is a fact of its own.
LISTED_PREDICATES = frozenset({"allergy"})
#: Between listed items: a comma, "and", "or", "&" (an Oxford comma too).
_LIST_JOINT = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&)\s+)", re.IGNORECASE)
_LIST_ITEM = re.compile(rf"(?P<v>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,2}}?)(?=\s*(?:[,.;:!?()]|$)|\s+(?:or|&|{_STOP_WORDS})\b)",
                        re.IGNORECASE)
#: An item that opens with one of these is the next clause ("... and I carry an EpiPen"), not the list.
_NOT_ITEMS = frozenset("i we you he she they it my his her our their me this that these those have has had am is "
                       "are was were be been do does did don't can can't could will would should must get got "
                       "need always never also so but because since which who when while though not even "
                       "carry carries hate love like avoid".split())


def listed_after(sentence: str, end: int) -> tuple[list[str], int]:
    """The further items of a list whose first item ended at ``end``, and where the list ends.

    Each item is one to three words, joined by a comma, "and", "or" or "&"; the list stops at the first joint
    not followed by such an item, or at an item that opens the next clause ("and I carry an EpiPen")."""
    items: list[str] = []
    while True:
        joint = _LIST_JOINT.match(sentence, end)
        item = _LIST_ITEM.match(sentence, joint.end()) if joint else None
        if item is None or item.group("v").split()[0].casefold() in _NOT_ITEMS:
            return items, end
        value = _clean_value(item.group("v"))
        if value:
            items.append(value)
        end = item.end()


def extract(text: str) -> list[Candidate]:
    """Facts the user states about themselves in ``text``: the slot rules first, then the
    open-domain frames on what they left (retractions first, in reading order)."""
    found: list[Candidate] = []
    for sentence in sentences(text):
        if len(sentence) > 400 or sentence.rstrip().endswith("?"):
            continue
        # a hedge scopes forward: "if I moved to Lisbon" hedges Lisbon, "I'm running the X and want to..." does not
        hedge = _HEDGE.search(sentence)
        hedged = hedge is not None
        hedge_at = hedge.start() if hedge else len(sentence) + 1
        seen_spans: list[tuple[int, int]] = []
        for rule in _RULES:
            for match in rule.pattern.finditer(sentence):
                span = match.span()
                if hedge_at < span[1] and not rule.hedge_ok:
                    continue
                if not rule.beside and any(span[0] < end and start < span[1] for start, end in seen_spans):
                    continue
                candidate = _candidate(rule, match, sentence)
                if candidate is None:
                    continue
                seen_spans.append(span)
                if candidate.op == "assert" and candidate.predicate in LISTED_PREDICATES:
                    listed, end = listed_after(sentence, span[1])
                    values = [*re.split(r"\s+(?:or|&)\s+", candidate.value or ""), *listed]
                    found += [Candidate("assert", candidate.subject, candidate.predicate, value, candidate.evidence)
                              for value in values if value]
                    seen_spans.append((span[1], end))
                else:
                    found.append(candidate)
        for span, candidate in [*purpose_candidates(sentence), *frame_candidates(sentence), *fan_candidates(sentence)]:
            if hedge_at < span[1] or any(span[0] < end and start < span[1] for start, end in seen_spans):
                continue
            if candidate.op == "assert" and _negated(sentence, span):
                continue  # "I don't get up at 7:15 anymore": the value stopped being true
            if candidate.subject == USER:
                owner = cue_subject(sentence, span[0])
                if owner is None:
                    continue  # "Since Aoife started at Google, ...": her job, not the user's
                if owner != USER:  # "My sister is training for the London Marathon": the sister's race
                    candidate = replace(candidate, subject=owner)
            seen_spans.append(span)
            found.append(candidate)
        # "take Biscuit to the vet": the user's pet, whoever's verb, and in a request too (care_frames reads its
        # own hedges: "can you book Pickle in at the groomers" still has a Pickle)
        for span, candidate in care_candidates(sentence):
            if not any(span[0] < end and start < span[1] for start, end in seen_spans) and not _negated(sentence, span):
                seen_spans.append(span)
                found.append(candidate)
        if not seen_spans and not hedged:  # a named value beside a word naming its attribute, unless denied
            found += [c for c in cue_candidates(sentence) if not _negation_scopes_over(sentence, cue_value_span(sentence, c))]
        workplace = None if hedged or any(c.predicate == "works_at" for c in found) else role_workplace(sentence)
        if workplace is not None:
            found.append(workplace)
        held = {(c.value or "").casefold() for c in found}
        for span, candidate in holding_candidates(sentence):  # "I take sertraline every morning": its schedule too
            if hedge_at > span[1] and (candidate.value or "").casefold() not in held:
                held.add((candidate.value or "").casefold())
                found.append(candidate)
    for candidate in message_candidates(text):
        if not any(c.predicate == candidate.predicate and c.value == candidate.value for c in found):
            found.append(candidate)
    found = [c for c in found if c.op == "retract" or not implausible_value(c.predicate, c.value)]
    found = [c for i, c in enumerate(found)  # one fact said once, whichever layers read it
             if not any((d.op, d.subject, d.predicate, d.value) == (c.op, c.subject, c.predicate, c.value)
                        for d in found[:i])]
    # a retraction and an assertion in one message ("I left Google to join Meta") apply in that order
    return [c for c in found if c.op == "retract"] + [c for c in found if c.op == "assert"]
