"""When a sentence that names a known value really changes it, and what the new value is.

``changes`` finds a current fact's value in a sentence and an ending cue around it.
That alone retires too much: "my brother switched to Vodafone" is the brother's
news, "sometimes I think about leaving Night Tram" is a thought, "I'm not dropping
salsa" keeps salsa. And it finds too little: "ported my number from O2 to Giffgaff"
has no ending word, "Ovo was cheaper than British Gas" puts the new value first.

This module holds the general sentence shapes, in three groups:

* **scope**: whose statement it is (someone else's clause changes no fact of the
  user), and whether it is asserted (a hedge, or a negated ending verb, changes nothing);
* **change shapes** that are cues by themselves: "from X to Y" after a verb of
  change, comparatives ("Y is nicer than X", "Y suits me better than X"),
  "Y instead of X";
* **successors** said without the old value, in the same, the previous or the
  next sentence: "new therapist = Colm", "I'm seeing Jonas now", "she's Pepper now".
"""
from __future__ import annotations

import re

from memory_core.facts.frame_words import STOP, TITLE, VALUE_CHARS, without_opening_verb
from memory_core.facts.lexicon import kind_of
from memory_core.facts.truecasing import a_lower_case_word

#: Nouns for people (and pets) other than the user: a clause they open is their news, not the user's.
PERSON_NOUNS = (
    "sister", "sis", "brother", "bro", "mum", "mom", "mother", "dad", "father", "wife", "husband", "partner",
    "girlfriend", "boyfriend", "fiance", "fiancé", "fiancée", "son", "daughter", "kid", "kids", "child", "children",
    "friend", "friends", "best friend", "mate", "mates", "colleague", "coworker", "co-worker", "boss", "manager", "neighbour", "neighbor",
    "neighbours", "neighbors", "flatmate", "roommate", "housemate", "cousin", "aunt", "uncle", "nephew", "niece",
    "grandma", "grandpa", "gran", "nan", "grandmother", "grandfather", "parents", "in-laws", "teammate",
    "classmate", "landlord", "landlady", "ex", "sister-in-law", "brother-in-law", "mother-in-law", "father-in-law",
    "stepdad", "stepmum", "stepmom", "gf", "bf", "hubby",
)
#: ``PERSON_NOUNS`` as one regex alternation, longest first ("sister-in-law" before "sister").
PERSON_PATTERN = "|".join(sorted((re.escape(n) for n in PERSON_NOUNS), key=len, reverse=True))
_PERSON = PERSON_PATTERN
#: A kinship word used as a name, with no "my": "Mum switched banks", "gf quit the gym".
_KIN_AS_NAME = r"(?:mum|mom|dad|gran|nan|grandma|grandpa|gf|bf|hubby|sis|bro)"
#: "'s" as "has" after the person: "our neighbour's finally got rid of it" (never "my flatmate's name").
_HAS_DONE = r"(?:just|finally|already|now|recently|gone|got|been|moved|left|bought|sold|switched|quit|started|joined)"
_OPENERS = r"(?:(?:so|and|but|also|oh|well|btw|anyway|lol|haha|update|news)\W+)*"
#: A preposition is never the verb of the clause a person noun opens: "my boss in the company is Ms Kaur" says who
#: the boss is (the user's relation), "my boss at work moved to Leeds" is the boss's news.
_PREPOSITIONS = r"(?:in|at|on|from|of|with|for|by|over|under|near|round|around|across|back)"
#: Where the person is, said after them: "my boss at work", "my neighbour across the road", "my sister in Leeds".
_WHERE_PERSON = rf"(?:\s+{_PREPOSITIONS}\s+(?:(?:the|my|our|this|that|a|an)\s+)?[\w'-]+(?:\s+[\w'-]+)?)"
#: A sentence that opens with someone else doing something: "My mum finally upgraded...", "He left...", "My niece
#: is learning French", "The wife's got a job at Tesco".
#: Not one that says who someone is ("my boyfriend is called Declan", "my flatmate's name is Ollie"):
#: that is the user's own relation. The verb is a lowercase word: a capital after the person noun is their
#: name ("my boss Tomasz is away"), so the name never stands in for the verb.
_OTHER_SUBJECT = re.compile(
    rf"(?i)^\W*{_OPENERS}(?P<who>(?:all\s+|both\s+)?(?:my|our|the(?=\s+(?:{_PERSON})(?:'s\s+{_HAS_DONE}|\s+(?:has|had|is\s+\w+ing|was\s+\w+ing))\b))\s+(?:\w+\s+)?(?:{_PERSON})s?(?:\s+(?-i:[A-Z])[\w'-]+)?|"
    rf"{_KIN_AS_NAME}|he|she)(?:(?<!\bhe)(?<!\bshe)'s(?=\s+(?:{_HAS_DONE}|on|off|into)\b)|(?!'))"
    rf"(?!{_WHERE_PERSON}\s+(?:is|was|are|were|called|named)\b){_WHERE_PERSON}?"
    r"(?:\s+(?:just|finally|now|also|recently|then|has|had|have|already))*"
    r"\s+(?!(?:(?:is|was|are|were)(?!\s+(?!going\b)\w+ing\b)|called|named|and\s+i|and\s+me|&\s+i)\b)(?:(?:is|was|are|were)\s+(?=\w+ing\b))?(?!" + _PREPOSITIONS + r"\b)(?-i:[a-z])[a-z]*")
#: A sentence that opens with another person's name and a verb of change: "Priya moved to the Dublin office",
#: "Tom just got a job at Arup". Not a capitalised opener that is no name ("Finally moved to Leeds").
_NAMED_OTHER = re.compile(
    r"^\W*(?P<who>(?!(?i:just|finally|recently|today|yesterday|officially|also|actually|then|now|last|this|"
    r"update|news|guess|btw|lol|oh|well|anyway|basically|literally|still|already|apparently|so|and|but|"
    r"we|i|mine|ours|after|before|since|they|you|it|there|this|that|these|those)\b)(?![A-Z][a-z]+ly\b)[A-Z][a-z'\u00C0-\u024F-]+(?:\s+[A-Z][a-z'-]+)?)"
    r"(?i:\s+(?:just|finally|now|also|recently|has|had|'s|is|was|then|already|officially))*"
    r"(?i:\s+(?:moved|moving|relocated|relocating|transferred|got|started|starting|joined|joining|left|leaving|"
    r"quit|switched|bought|adopted|married|took|began|changed|been\s+moved|gone|gave\s+up|given\s+up|packed\s+in|"
    r"retired|resigned|stopped))\b")
_POSSESSIVE = re.compile(r"(?i)\b(?:my|our|mine|ours)\b")
#: Something that belongs to someone else: "my son's dentist appointment", "her haircut".
OTHER_OWNER = re.compile(rf"(?i)\b(?:his|her|their)\b|\b(?:{_PERSON})'s\b")
#: The user speaking as a subject (or being given something: "my mum gave me her old phone").
_FIRST_PERSON = re.compile(r"(?i)(?:\bi\b|\bi'(?:m|ve|d|ll)\b|\bwe\b|\bwe'(?:re|ve|d|ll)\b|\bme\b|\bus\b|"
                           r"\bmyself\b|^\s*(?:got|bought|switched|moved|quit|left|started|joined|ported)\b)")


def someone_else_until(sentence: str) -> int | None:
    """Where the other person who opens the sentence is named up to, if the sentence tells another person's
    news and never speaks of the user as a subject or receiver; None for the user's own sentence."""
    match = _OTHER_SUBJECT.search(sentence)
    if match is None and not _POSSESSIVE.search(sentence):  # "Jade moved to Spain so Marco cuts my hair" is the user's
        match = _NAMED_OTHER.search(sentence)
        who = re.sub(r"'s$", "", match.group("who").split()[0]) if match is not None else ""
        if match is not None and (a_lower_case_word(who) or kind_of(who) == "hobby"):
            match = None  # "Yoga's moved to Thursdays": a thing the user does, said at the sentence's start
    if match is None or _speaks_as_user(sentence, match.end()):
        return None
    if re.search(r"\s[A-Z][\w'-]+$", match.group("who")) and \
            re.match(r"(?i)\s+(?:is|was|are|were)\s", sentence[match.end("who"):]):
        return None  # "my landlord Graham is visiting on Friday": says who the landlord is, the user's relation
    return match.end("who")


_OBJECT_ONLY = re.compile(r"(?i)^(?:me|us|myself)$")


def _speaks_as_user(sentence: str, clause_start: int) -> bool:
    """The user is a subject of the sentence, or receives something in the other person's own clause ("my mum
    gave me her phone"); "me" in a later clause ("my brother's gone off crisps, more for me") is an aside."""
    first_clause_end = re.search(r"[,;]|\s[-–]\s", sentence[clause_start:])
    end = clause_start + first_clause_end.start() if first_clause_end else len(sentence)
    for found in _FIRST_PERSON.finditer(sentence):
        if found.start() < end or not _OBJECT_ONLY.match(found.group(0).strip()):
            return True
    return False


def about_someone_else(sentence: str) -> bool:
    return someone_else_until(sentence) is not None


#: Words that make what follows a thought, a wish or a condition, not a change that happened ("thinking about it,"
#: is a marker of second thoughts, no hedge).
_HEDGE = re.compile(
    r"(?i)\b(?:if|unless|whether|would|might|fancy|fancies|part\s+of\s+me|maybe|perhaps|probably|wish|hope|hoping|dream|imagine|suppose|"
    r"think(?:ing)?\s+(?:about|of)(?!\s+it\s*,)|considering|consider|tempted|want\s+to|wanna|plan(?:ning)?\s+to|"
    r"thought\s+about|someday|one\s+day|what\s+if|not\s+sure|don't\s+know\s+if|in\s+case|should\s+i|"
    r"could\s+(?:i|we)|do\s+you|did\s+you)\b")
#: An ending verb denied: "I'm not dropping X", "never leaving X", "won't quit X".
_KEPT = re.compile(
    r"(?i)\b(?:not|never|n't|no\s+way\s+(?:i'm|i\s+am))\s+(?:\w+\s+){0,2}?(?:drop|dropping|leave|leaving|quit|"
    r"quitting|give\s+up|giving\s+up|stop|stopping|cancel|cancelling|canceling|switch|switching|change|changing|"
    r"move|moving|sell|selling|ditch|ditching|replace|replacing)\b")
#: A question changes nothing: "did I tell you I left X?" is told, "should I leave X?" is not.
_QUESTION = re.compile(r"\?\s*$")


def _inside_name(sentence: str, hedge: re.Match[str]) -> bool:
    """A capitalised hedge word inside the sentence is part of a name ("Voices of Hope", "Maybe Baby"), not a hedge."""
    return hedge.group(0)[:1].isupper() and bool(re.search(r"\w[\w',]*\s+$", sentence[:hedge.start()]))


#: Someone else reporting news about the user's value: "my brother says X has retired", "our coach told us on
#: Monday that X is folding". The reported clause is X's news; the person only passes it on.
_REPORTED = re.compile(
    r"(?i)\b(?:says|said|reckons|reckoned|mentioned|heard|tells\s+(?:me|us)|told\s+(?:me|us)|(?:texted|rang|called|"
    r"wrote|emailed)\s+to\s+say)(?:\s+(?:on|last|this|yesterday|today|earlier)(?:\s+(?:\w+day|week|night|month))?)?"
    r"\s+(?:that\s+)?(?:the\s+|my\s+|our\s+)?(?:(?:dr|mr|mrs|ms|miss|prof)\.?\s+)?$")


#: Someone else reports news whose subject is the user's thing: "my daughter announced at dinner that the dog is
#: going by Murphy now, not Biscuit", "the vet said the cat's ...". (Not "he said that he'd left": his own news.)
_REPORTS_ON_OURS = re.compile(
    r"(?i)\b(?:says|said|announced|announces|declared|informed\s+(?:me|us|everyone|the\s+\w+)|told\s+(?:me|us|"
    r"everyone|the\s+\w+)|insists|insisted|decided|decreed)\b[^.;!?]{0,40}?\bthat\s+(?:the|our|my)\s+[\w'-]+")


def reported_news(sentence: str, mention_start: int) -> bool:
    """The old value opens a clause someone else reports (said right after "says", "told us that"), or sits in a
    clause someone reports about the user's thing ("announced that the dog is Murphy now, not Biscuit")."""
    before = sentence[:mention_start]
    return bool(_REPORTED.search(before) or _REPORTS_ON_OURS.search(before))


def unasserted(sentence: str, before: int) -> bool:
    """The change the sentence names (at ``before``, the old value's end) is hedged, denied or asked."""
    hedge = next((h for h in _HEDGE.finditer(sentence) if not _inside_name(sentence, h)), None)
    if hedge and hedge.start() < before:
        return True
    return bool(_KEPT.search(sentence)) or bool(_QUESTION.search(sentence))


#: Verbs that make "from X to Y" a change ("ported my number from O2 to Giffgaff"), not a journey.
CHANGE_VERBS = re.compile(
    r"(?i)\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|port(?:ed|ing)?|transferr?(?:ed|ing)?|chang(?:ed|ing)|"
    r"swap(?:ped|ping)?|migrat(?:ed|ing)|upgrad(?:ed|ing)|downgrad(?:ed|ing)|went|gone|jump(?:ed)?|"
    r"rebook(?:ed)?|reschedul(?:ed|ing)|push(?:ed)?|bump(?:ed)?|shift(?:ed)?|renam(?:ed|ing)|"
    r"convert(?:ed)?|defect(?:ed)?|graduat(?:ed)|progress(?:ed)?|promot(?:ed)|transition(?:ed)?)\b")

#: Extra ending cues the anchored detector lacks: verbs of change and ending said in other words.
EXTRA_END_CUES = re.compile(
    r"(?i)\b(?:renamed|ported|transferred|migrated|contract\s+ended|ended|finished\s+with|split\s+up|"
    # "out with X, in with Y", "out goes X, in comes Y": only at a clause's start and with its second half ("I'm
    # out with Sarah tonight, in with a chance" ends nothing)
    r"(?<![\w'] )(?<![\w']  )out\s+(?:goes|with)\b(?=.{1,80}?\bin\s+(?:comes|with)\b(?!\s+a\s+chance))|"
    r"kept\s+cancell?ing|let\s+(?:me|us)\s+down|(?:never|didn't)\s+suit(?:ed)?|broke\s+up|parted\s+ways|parted\s+with|"
    r"moved\s+(?:on|to)|no\s+more|fell\s+out|drifted\s+apart|grew\s+apart|break-?up|"
    # given away ("all my size 10 shoes went to the charity shop"), fallen in a ranking ("slipped down my list")
    r"(?:was|were|got|been)\s+donated|went\s+to\s+(?:the\s+)?(?:charity|tip|dump)|(?:slipped|slid|dropped|fallen|fell)\s+down\s+(?:my|the)\s+"
    r"(?:list|rankings?|pecking\s+order)|"
    # put away for good: "the Italian textbooks are in a box", "the golf clubs are gathering dust in the loft"
    r"(?:is|are|went|gone|got\s+packed)\s+(?:away\s+)?in(?:to)?\s+(?:a|the)\s+(?:box|attic|loft|bin)|"
    r"gathering\s+dust|packed\s+away|"
    # ties cut, a membership let lapse, a job lost, a couple parted, a pet put to sleep
    r"cut\s+ties|got\s+the\s+(?:chop|boot|axe|push|elbow)|"
    # outdone: "a fix at Halifax that beat anything Nationwide would offer"
    r"beat(?:s|en)?\s+(?:anything|everything|whatever|any\s+\w+)|"
    # not been back: "I haven't set foot on the 6:58 since", "not darkened its door in months"
    r"(?:haven't|hasn't|have\s+not|has\s+not|not|never)\s+(?:once\s+)?(?:set\s+foot|darkened\s+(?:the|its|their)\s+doors?)|(?:didn't|did\s+not|won't\s+be)\s+renew(?:ing)?|"
    r"(?:membership|subscription|contract|policy|cover|licen[cs]e|account|plan)\s+(?:has\s+|had\s+)?lapsed|"
    r"let\s+(?:\w+\s+){0,3}?lapse|time\s+(?:at|with|in)\s+(?:\w+\s+)?(?:is|was)\s+up|"
    # the keys given back: a tenancy, a plot or a locker left ("handed my keys back at X")
    r"(?:hand(?:ed|ing)?|gave|give|giving|given|returned|returning)\s+(?:back\s+)?(?:my|our|the)\s+keys?"
    r"(?:\s+back)?|"
    r"made\s+(?:me|us)\s+redundant|(?:was|got|been|were)\s+made\s+redundant|laid\s+(?:me|us)\s+off|"
    r"(?:was|got|been|were)\s+laid\s+off|"
    r"let\s+(?:me|us)\s+go|let\s+go\s+of|lost\s+(?:me|us)\s+as\s+a\s+customer|called\s+it\s+quits|"
    r"(?:went|go|going|gone)\s+(?:our|their)\s+separate\s+ways|(?:had|have|having)\s+to\s+put\s+(?:\w+\s+)?down|"
    r"shut\s+(?:down|up\s+shop|(?:its|their)\s+doors)|over\s+(?:it|him|her|them)|ex-|"
    r"(?:cheaper|nicer|better|more\s+fun|easier|closer|faster|friendlier|tastier|half\s+the\s+price)\s+"
    r"(?:than|of)|"
    # a business or group ending ("X is folding at Easter"), a job given up ("she's packing in cleaning")
    r"(?:is|are|'s|has|have|had)\s+(?:\w+\s+)?(?:folding|folded|winding\s+up|wound\s+up)|"
    r"pack(?:s|ing)\s+in|"
    # spent, said as an idiom: "X has had its chips with me", "X has had its day", "sold up" (a business sold on)
    r"(?:has|have|'s|'ve)\s+had\s+(?:its|their)\s+(?:chips|day)|(?:has|have|'s|'ve)\s+sold\s+up|"
    # a verdict after a comparison: "so I've switched", "that's me converted", "we're never going back"
    r"(?:i'm|i\s+am|we're|we\s+are|i've|we've|that's\s+(?:me|us))\s+(?:\w+\s+)?converted|"
    r"(?:never|not|won't\s+be)\s+(?:going|looking)\s+back|never\s+looked\s+back)\b")

#: A new value ended by a stop word; the same ended by the keyword that follows it ("Y replaced X"); an article.
NEW_VALUE = rf"(?P<y>{TITLE}{VALUE_CHARS}{{1,45}}?)" + STOP
NEW_VALUE_KEYED = rf"(?P<y>{TITLE}{VALUE_CHARS}{{1,45}}?)"
ANY_ARTICLE = r"(?:(?:a|an|the|my|our|some)\s+)?"
_Y, _YK, _A = NEW_VALUE, NEW_VALUE_KEYED, ANY_ARTICLE
_COMPARATIVE = (r"(?:\w+er|better|more\s+(?:fun|\w+)|less\s+\w+|way\s+\w+er|far\s+\w+er|much\s+\w+er|"
                r"half\s+the\s+price|a\s+fraction\s+of\s+the\s+price|the\s+better\s+\w+|"
                # idioms of being far ahead: "in a different league to X", "streets ahead of X"
                r"in\s+a\s+(?:different|whole\s+other|higher)\s+league|(?:streets|miles|leagues)\s+ahead)")
#: New value around the old one ({x}), tried before the anchored detector's own frames.
COMPARISON_SHAPES = (
    # "Ovo was cheaper than British Gas", "oat latte is nicer than flat white", "Y suits me far better than X"
    rf"(?:^|[,;:]\s*|\b(?:honestly|now|these\s+days|nowadays|tbh|ngl)\s*,?\s*)(?:playing\s+with\s+|going\s+to\s+|"
    rf"using\s+|being\s+with\s+|having\s+)?{_A}{_YK}\s+(?:is|was|are|were|'s|feels|felt|suits\s+me|works|worked|"
    rf"tastes|sounds)\s+(?:\w+\s+){{0,2}}?{_COMPARATIVE}\s+(?:(?:than|of|to)|(?:\w+\s+){{1,3}}?than)\s+{_A}{{x}}",
    # something tried, then compared by a pronoun: "tried a pair of Y in the shop and they're comfier than my X"
    rf"\b(?:tried|bought|got|had|picked\s+up|went\s+to|visited)\s+(?:(?:a\s+(?:pair|couple|box|bag|session|lesson|"
    rf"class)|some)\s+(?:of|with|at)\s+)?{_A}{_YK}(?:\s+(?:in|at|on)\s+(?:the|a)\s+\w+)?\s*,?\s+(?:and|but)\s+"
    rf"(?:they|it|she|he)(?:'re|'s|\s+are|\s+is|\s+was|\s+were)\s+(?:\w+\s+){{0,2}}?{_COMPARATIVE}\s+(?:than|to|of)\s+"
    rf"{_A}{{x}}",
    # "Y beats X", "Y over X these days", "Y > X"
    rf"(?:^|[,;:]\s*|\b(?:honestly|now|these\s+days|nowadays)\s*,?\s*){_A}{_YK}\s+(?:beats|trumps|wins\s+over|"
    rf"knocks\s+spots\s+off|has\s+replaced|replaced|(?:took|(?:has|have)\s+taken|takes)\s+over\s+from|succeeded)\s+"
    rf"{_A}{{x}}",
    # "I prefer Y to X these days", "I'd take Y over X"
    rf"\b(?:prefer|preferring|rather\s+have|take|choose|pick|like|love|enjoy)\s+{_A}{_YK}\s+(?:to|over|more\s+than|"
    rf"rather\s+than|better\s+than|instead\s+of)\s+{_A}{{x}}",
    # "from X to Y" after a verb of change
    rf"\bfrom\s+{_A}{{x}}\s+(?:over\s+)?(?:to|for)\s+{_A}{_Y}",
    # "gave up X for Y", "traded X for Y", "dropped X in favour of Y"
    rf"{{x}}\s+(?:\w+\s+){{0,2}}?(?:for|in\s+favou?r\s+of|and\s+(?:took\s+up|started|joined|went\s+with|got))\s+{_A}{_Y}",
    # the same with a clause about the old one between: "parted with X, which had become unreliable, in favour of Y"
    rf"{{x}}\s*,\s*(?:which|who|that|as)\b[^,;.]{{0,80}},\s*(?:in\s+favou?r\s+of|for)\s+{_A}{_Y}",
)
#: A successor that names the role ("new therapist = Colm", "my new GP is Dr Shah", "say hello to Colm, my new
#: therapist"), found in the sentence before or after the one that ends the old holder.
ROLE_SUCCESSORS = (
    rf"\bnew\s+(?:\w+\s+){{0,2}}?(?:is|are|'s|=|:|-)\s*{_A}{_Y}",
    rf"(?:^|[,;:]\s*){_A}{_YK}\s*,?\s+(?:is\s+)?(?:my|our)\s+new\s+\w+",
)
#: The only one now, or the first of a new supply: "I haven't listened to anything but Wet Leg", "give me summer
#: any day", "the first EDF statement is next month" (said beside the old one's end).
EXCLUSIVE_SUCCESSORS = (
    rf"\b(?:anything|nothing|no\s*one|nobody)\s+(?:but|except|other\s+than|apart\s+from)\s+{_A}{_Y}",
    rf"\bgive\s+me\s+{_A}{_YK}\s+(?:any\s+day|every\s+time|any\s+time|instead)\b",
    rf"\b(?:first|new)\s+{_YK}\s+(?:bill|statement|invoice|payment|direct\s+debit|delivery|box|contract)\b",
)
#: A person the user is now with, a name now used: "I'm seeing Jonas now", "she's Pepper now".
PERSON_SUCCESSORS = (
    rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+)?(?:seeing|dating|with|going\s+out\s+with|engaged\s+to|"
    rf"married\s+to)\s+{_A}{_Y}",
    rf"\b(?:she|he|it|they)(?:'s|\s+is|'re|\s+are)\s+(?:called\s+|named\s+|going\s+by\s+)?"
    r"(?P<y>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+(?:now|these\s+days|from\s+now\s+on)\b",
    rf"\b(?:renamed|rename)\s+(?:\w+\s+){{0,3}}?(?:to|as)\s+{_A}{_Y}",
    # the new holder takes the role over: "Ms Ngata has taken over", "Ms Ngata takes the group now"
    rf"(?:^\W*|[,;:]\s*|\b(?:and|so|but)\s+)(?P<y>{TITLE}(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+"
    r"(?:(?:has|have|had|is|'s)\s+)?(?:taken|took|takes|taking)\s+over\b",
    rf"^\W*(?P<y>{TITLE}(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s+(?:takes|runs|teaches|coaches|leads|does)\s+"
    r"(?:(?:\w+'s|the|my|our|his|her|their)\s+)?\w+\s+now\b",
    # gone over to the other: "I've gone totally over to opera"
    rf"\b(?:gone|went|going|switched|moved|converted)\s+(?:\w+\s+)?over\s+to\s+{_A}{_Y}",
    # a cleft that names who did the provider's job: "it was Y who came out", "it's Y that does the rounds now"
    rf"\bit(?:\s+was|\s+is|'s)\s+(?P<y>{TITLE}(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*)*)\s+(?:who|that)\s+"
    r"(?:came|comes|come|turned\s+up|turns\s+up|showed\s+up|shows\s+up|does|did|do|handled|handles|sorted|sorts|"
    r"fixed|fixes|took|takes|picked\s+up|picks\s+up|answered|answers|looked\s+after|looks\s+after)\b",
    # the user's business handed on to the new holder: "passed my file over to Y", "transferred our account to Y"
    rf"\b(?:passed|handed|transferred|moved|referred)\s+(?:my|our|me|us)\s+(?:(?-i:[a-z])\w+\s+){{0,2}}?"
    rf"(?:over\s+|across\s+|on\s+)?to\s+{_A}{_Y}",
    # the other one chosen instead: "so I booked Rush instead", "went to Lidl instead"
    rf"\b(?:booked|went\s+to|go\s+to|tried|found|chose|picked|use|using|see|seeing|got|joined)\s+{_A}{_YK}"
    r"\s+instead\b",
)


#: Words that open a clause and are never part of a value ("Honestly, oat latte is nicer...").
_LEADING_FILLER = re.compile(r"(?i)^(?:(?:honestly|tbh|ngl|now|so|and|but|well|oh|actually|these\s+days|"
                             r"nowadays|the|a|an)\b[\s,]*)+")
#: A value that is only a pointer or a filler ("now", "my order", "that"): never a fact's value.
_HOLLOW = re.compile(r"(?i)^(?:(?:my|our|his|her|their|your|its)\s+\w+|(?:can't|cannot|can\s+not|don't|doesn't|"
                     r"won't|never|not|no\s+longer)\b.*|now|then|too|again|instead|anymore|"
                     r"these\s+days|that|this|it|them|one|sometimes|lately|still|yet|already|always|never)$")


#: When, said after a value ("Lebara yesterday"): not part of it.
_TRAILING_TIME = re.compile(r"(?i)\s+(?:yesterday|today|tonight|tomorrow|last\s+\w+|this\s+\w+|next\s+\w+|"
                            r"on\s+\w+day|in\s+the\s+\w+|earlier|recently|for\s+good)$")


def strip_filler(value: str) -> str:
    """The value without a clause opener before it or a time word after it."""
    return _TRAILING_TIME.sub("", _LEADING_FILLER.sub("", value.strip()).strip()).strip()


def hollow_value(value: str | None) -> bool:
    """True for a captured "value" that names nothing ("now", "my order")."""
    return value is not None and bool(_HOLLOW.match(value.strip()))


def _compiled(shapes: tuple[str, ...], marker: str) -> list[re.Pattern[str]]:
    return [re.compile(shape.replace("{x}", r"(?:dr\.?\s+)?" + marker), re.IGNORECASE) for shape in shapes]


OLD_MARKER = "QQOLDQQ"
COMPARISON_PATTERNS = _compiled(COMPARISON_SHAPES, OLD_MARKER)
ROLE_SUCCESSOR_PATTERNS = [re.compile(s, re.IGNORECASE) for s in ROLE_SUCCESSORS]
PERSON_SUCCESSOR_PATTERNS = [re.compile(s, re.IGNORECASE) for s in PERSON_SUCCESSORS]
EXCLUSIVE_SUCCESSOR_PATTERNS = [re.compile(s, re.IGNORECASE) for s in EXCLUSIVE_SUCCESSORS]
#: The last of a supply, said of the old provider: "the final Octopus bill arrived", "my last ever Netflix payment".
FINAL_SUPPLY = re.compile(r"(?i)\b(?:final|last\s+ever|closing)\s+" + OLD_MARKER + r"\s+(?:bill|statement|invoice|"
                          r"payment|direct\s+debit|delivery|box|payslip|pay\s+slip|shift|paycheck|paycheque)\b")


def compared_values(marked: str) -> list[str]:
    """New values the change shapes put beside the old value (``marked``: the old value swapped for
    ``OLD_MARKER``). "from X to Y" counts only after a verb of change ("ported my number from O2 to...")."""
    found = []
    for index, pattern in enumerate(COMPARISON_PATTERNS):
        if COMPARISON_SHAPES[index].startswith(r"\bfrom") and not CHANGE_VERBS.search(marked):
            continue
        for match in pattern.finditer(marked):
            value = strip_filler(_named_after_opening_verb(marked, match))
            if value and OLD_MARKER not in value:
                found.append(value)
    return found


def _named_after_opening_verb(text: str, match: re.Match[str]) -> str:
    """The new value without a sentence's verb-shaped first word: "Tried The Gym Group Meadowbank on a day
    pass ... cheaper than X" names The Gym Group Meadowbank."""
    return without_opening_verb(match.group("y"), len(text[:match.start("y")].strip()))


#: Someone else gave the user the new value: "they put me in a size 8", "the dietitian put me on keto",
#: "the bank moved us onto the 4.1% rate". Said beside a known value of the same shape, it replaces it.
_ASSIGNED = re.compile(
    rf"(?i)\b(?:put|puts|putting|moved|moves|switched|switches|changed|bumped|upgraded|downgraded|transferred)\s+"
    rf"(?:me|us)\s+(?:over\s+)?(?:in|on|onto|into|to)\s+{_A}{_Y}")


def assigned_values(text: str) -> list[str]:
    """New values someone else put the user on or in ("they put me in a size 8")."""
    return [value for value in (strip_filler(m.group("y")) for m in _ASSIGNED.finditer(text)) if value]


def successor_values(sentence: str) -> list[str]:
    """New holders of a role or a name said without the old one ("new therapist = Colm")."""
    found = []
    for pattern in (*ROLE_SUCCESSOR_PATTERNS, *PERSON_SUCCESSOR_PATTERNS, *EXCLUSIVE_SUCCESSOR_PATTERNS):
        for match in pattern.finditer(sentence):
            value = strip_filler(_named_after_opening_verb(sentence, match))
            if value:
                found.append(value)
    return found


def _names_relation(candidate) -> bool:
    """"My daughter Lily goes to Y" is Lily's news, but that Lily is the user's daughter is the user's fact."""
    from memory_core.facts.frame_words import RELATIONS, WIDER_RELATIONS
    return candidate.op == "assert" and candidate.predicate in set(RELATIONS.values()) | WIDER_RELATIONS and \
        (candidate.value or "")[:1].isupper()


def user_candidates_in_scope(candidates: list, sentences: list[str]) -> list:
    """Drop candidates that name nothing ("now") and user facts read from someone else's sentence
    ("my wife just left her job and joined Google" is no job of the user's)."""
    kept = []
    for candidate in candidates:
        if candidate.op == "assert" and hollow_value(candidate.value):
            continue
        if candidate.subject == "user" and not _names_relation(candidate):
            home = next((s for s in sentences if candidate.evidence and candidate.evidence in s), candidate.evidence)
            if home and about_someone_else(home):
                continue
        kept.append(candidate)
    return kept


#: A new value said in the user's next message after an ending with none ("I handed in my notice at Acme."
#: ... "Starting at Globex on Monday!"): only shapes that say something began, never a bare "at Y".
CONTINUATIONS = (
    rf"\b(?:start(?:ing|ed)?|begin(?:ning)?|began)\s+(?:\w+\s+){{0,3}}?(?:at|with|in)\s+{_A}{_Y}",
    rf"\b(?:joined|joining|signed\s+up\s+(?:with|at|for)|switched\s+to|went\s+with|going\s+with|gone\s+with|"
    rf"moved\s+to|moving\s+to|took\s+up|taking\s+up|picked\s+up|got|bought|adopted|hired|registered\s+with|"
    rf"enrolled\s+(?:at|in)|(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+)?with|(?:i'm|we're|i\s+am)\s+on)\s+{_A}{_Y}",
    rf"\bnew\s+(?:\w+\s+){{0,2}}?(?:at|with|is|'s|=|:)\s*{_A}{_Y}",
    rf"^\W*{_A}{_YK}\s+(?:now|from\s+(?:now|monday|next\s+\w+)|it\s+is|instead|then)\b",
)
CONTINUATION_PATTERNS = [re.compile(s, re.IGNORECASE) for s in CONTINUATIONS]


def continuation_values(sentence: str) -> list[str]:
    """New values a follow-up sentence names in a shape of beginning."""
    found = successor_values(sentence)
    for pattern in CONTINUATION_PATTERNS:
        for match in pattern.finditer(sentence):
            value = strip_filler(_named_after_opening_verb(sentence, match))
            if value:
                found.append(value)
    return found


#: The old value on the winning side of a comparison ("I prefer WhatsApp over e-mail" said again, "Lidl
#: beats Tesco" when Lidl is held): the sentence restates it, it does not end it.
_PREFERRED = [re.compile(shape.replace("{x}", OLD_MARKER), re.IGNORECASE) for shape in (
    r"\b(?:prefer|preferring|rather\s+have|choose|pick|love|like|enjoy)\s+(?:\w+\s+){0,2}?{x}\s+(?:to|over|more\s+than|"
    r"rather\s+than|better\s+than|instead\s+of)\b",
    r"{x}\s+(?:is|are|'s|was|tastes|feels|suits\s+me)?\s*(?:\w+\s+){0,2}?" + _COMPARATIVE +
    r"\s+(?:(?:than|to)|(?:\w+\s+){1,3}?than)\b",
    r"{x}\s+(?:beats|trumps|>|over|instead\s+of|rather\s+than|all\s+the\s+way|every\s+time|forever)\b",
)]


def old_value_preferred(marked: str) -> bool:
    """``marked`` (the old value swapped for ``OLD_MARKER``) puts the old value first in a comparison."""
    return any(pattern.search(marked) for pattern in _PREFERRED)
