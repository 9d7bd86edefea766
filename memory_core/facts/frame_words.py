"""The words and value shapes the fact frames share: where a value ends, what is no attribute, relations,
animals, languages, diets, devices; and how a frame's attribute phrase and value become a candidate.

Split from ``frames`` so the regex frames (``frames``), the frames that read a whole message
(``message_frames``), the change detection and the dependency parse (``parse_extractor``) use one vocabulary.
"""
from __future__ import annotations

import re

from memory_core.facts.attributes import attribute_predicate
from memory_core.facts.candidate import Candidate
from memory_core.facts.lexicon import kind_of

USER = "user"

#: Words that end a value: "my gym is FitHub now because..." -> "FitHub".
STOP_WORDS = (r"now|these days|nowadays|anymore|any more|since|because|as|and|but|which|who|where|so|though|"
              r"although|after|before|when|while|last|this|starting|until|again|instead|too|also|btw|fyi|lol|haha|"
              r"rn|atm|tho|nonstop|lately|like|omg|ngl|tbh|lmao|"
              r"ever since|at the moment|right now|for (?:work|years|ages|a while|two years|a year|the|my)|"
              r"rather than|more than|better than|over|not|every|each|most|twice|three|once|planned|booked|for me|"
              r"on (?:duolingo|an app|the app|weekends|weekdays)|via|using|in (?:their|his|her|its|our|my|your)|"
              r"in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|in (?:the )?(?:spring|summer|autumn|fall|winter)|"
              r"on (?:weekends|saturdays|sundays|tuesdays)|or (?:nothing|else|so|whatever)|"
              r"(?:to|from) (?:work|school|uni|college|the office)|on school days|on (?:the )?school run")
#: What follows a value without being part of it, whatever the frame: a hedge ("Perth I think", "Theo I
#: believe"), a word saying for how long ("for now", "at the minute"). Not any clause with "I": in "my
#: master's degree I started..." or "after Callum moved to Perth I was..." the words before it are no value.
TAIL_WORDS = (r"i\s+(?:think|believe|reckon|suppose|guess|imagine|gather|bet|hope)|i'd\s+(?:say|guess|imagine)|"
              r"i'm\s+(?:sure|told|afraid)|for now|for the time being|at the minute|at present|"
              r"currently|presently|apparently|honestly|basically|obviously|hopefully|as of (?:now|today)|"
              # a run-on's next clause, its pronoun typed lower case: "my dentist is Dr Patel he's lovely"
              r"(?-i:he|she|they|we)(?:'s|'re|'ll|'d|'ve|\s+(?:is|was|are|were|has|had|will|can|keeps|always|never))|"
              r"(?-i:it)(?:'s|\s+(?:is|was|has))\s+(?:so|really|very|always|never|a|an|the|just|too)")
#: A character that ends a value: clause punctuation (not a thousands comma or a decimal point, "6,000",
#: "2.5"; not a colon in a time, "6:30"; not a middle initial's period, "Ursula K. Le Guin") or an emoji.
_END_MARK = (r"\s*(?:[;!?()\"\u2013\u2014]|(?<!\d),|,(?!\d{3}(?!\d))|\.(?!(?<=\d\.)\d|(?<=\b(?-i:[A-Z])\.)\s+(?-i:[A-Z]))|"
             r":(?!\d))|\s+-|"
             r"\s*[\u2190-\u2BFF\U0001F000-\U0001FAFF]|$")
#: A capitalised word of a name (a digit too: "Chanel No 5"), never the pronoun "I".
NAME_WORD = r"(?!I\b)(?-i:[A-Z0-9\u00C0-\u00DE])[\w'&.\u00C0-\u024F-]*"
#: The value's last word is capitalised or a number (a fixed-width look behind for each length).
_ENDS_IN_NAME = "(?:" + "|".join(rf"(?<=(?<![\w'&.-])(?-i:[A-Z0-9\u00C0-\u00DE])[\w'&.-]{{{n}}})"
                                 for n in range(0, 24)) + ")"


def name_continues(end_words: str) -> str:
    """A name that goes on past "and"/"&" ("Fox and Hounds", "Florence and the Machine", "Procter & Gamble"): a
    capitalised word on both sides, and the run after it ends where a value ends (``end_words`` or a
    mark). Not when a new clause starts: "Perth and Mary lives in Sydney", "Google and I"."""
    return (rf"(?=\s+(?:and|&)\s){_ENDS_IN_NAME}\s+(?:and|&)\s+(?:the\s+)?{NAME_WORD}"
            rf"(?:\s+(?:(?:of|the|and|&)\s+){{0,2}}{NAME_WORD})*(?=\s+(?:{end_words}|{TAIL_WORDS})\b|{_END_MARK})")


def value_end(end_words: str) -> str:
    """The look-ahead that ends a lazily matched value: one of ``end_words``, a hedge or time tail, a mark;
    but never inside a name joined by "and"/"&" (tested only where an end matched: the lazy value tries every
    position). Starts with "(?=" (``frames`` splices an alternative in after it)."""
    return rf"(?=(?:\s+(?:{end_words}|{TAIL_WORDS})\b|{_END_MARK}))(?!{name_continues(end_words)})"


STOP = value_end(STOP_WORDS)
#: A value: no clause punctuation, except inside a number or a time ("6:30", "6,000", "2.5") and a middle
#: initial's period ("Ursula K. Le Guin").
VALUE_CHARS = r"(?:[^,.;:!?()\"<>]|(?<=\d)[:,.](?=\d)|(?<=\b(?-i:[A-Z]))\.(?=\s+(?-i:[A-Z])))"
TITLE = r"(?:(?:dr|mr|mrs|ms|prof)\.\s*)?"
#: A name in quotes is read from inside them: 'my podcast is "The Rest Is History"'.
OPEN_QUOTE = r"(?:[\"\u201C]\s*)?"
VALUE = rf"{OPEN_QUOTE}(?P<v>{TITLE}{VALUE_CHARS}{{1,50}}?)" + STOP
#: "and"/"of" inside a name, when capitalised words follow up to where a value ends ("Brighton and Hove
#: Albion", "Bank of Scotland"; not "Arsenal and Tom supports Spurs").
_NAME_JOINED = (rf"\s+(?:and|of(?:\s+the)?)\s+{NAME_WORD}(?=(?:\s+{NAME_WORD})*"
                rf"(?:\s+(?:{STOP_WORDS}|{TAIL_WORDS})\b|{_END_MARK}))")
#: A provider, team or employer named in capitals, up to four words; "&" may join them ("Toni & Guy", "M&S").
BRAND = rf"(?P<v>(?-i:[A-Z])[\w&+'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z0-9])[\w&+'.-]*|{_NAME_JOINED}){{0,3}})"
ARTICLE = r"(?:(?:a|an|the|my|our)\s+)?"
ADV = r"(?:\s+(?:just|recently|finally|now|actually|currently|still|also|really|usually|always|mostly))*"
TIME = r"(?P<v>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)"
#: A month, whole or cut to its three letters ("Sept" too); never a name that begins like one ("Marmalade",
#: "Octavia", "Augustine", "Mayhew").
MONTHS = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)(?![a-z])")
DATE = rf"(?P<v>(?:{MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTHS}))"

RELATIONS = {
    "sister": "sister", "sis": "sister", "brother": "brother", "mom": "mother", "mum": "mother", "mother": "mother",
    "dad": "father", "father": "father", "wife": "spouse", "husband": "spouse", "partner": "partner",
    "son": "son", "daughter": "daughter", "friend": "friend", "best friend": "best_friend",
    "dog": "dog", "cat": "cat", "puppy": "dog", "kitten": "cat", "pet": "pet",
    "best mate": "best_friend", "bestie": "best_friend", "mate": "friend", "best pal": "best_friend", "pal": "friend",
    # the words for mum and dad in other Englishes: Scots "maw"/"da", Irish "mam"/"mammy", "mummy"/"daddy", and the
    # Filipino "nanay"/"tatay" said in English
    "mam": "mother", "maw": "mother", "mammy": "mother", "mummy": "mother", "mommy": "mother", "nanay": "mother",
    "da": "father", "daddy": "father", "tatay": "father", "hubby": "spouse", "other half": "partner", "bf": "partner",
    "gf": "partner", "kuya": "brother",
}
#: The other people of the user's life a relation fact may name beyond ``RELATIONS``: "my cousin Karen", "my
#: flatmate Tom" name the user's cousin and flatmate, whatever else the sentence says of them.
WIDER_RELATIONS = frozenset({"uncle", "aunt", "cousin", "niece", "nephew", "grandmother", "grandfather",
                             "brother_in_law", "sister_in_law", "mother_in_law", "father_in_law", "stepmother",
                             "stepfather", "flatmate", "housemate", "roommate", "child", "manager"})
#: Kin words people use as a name, with or without "my": "Mum works at the bakery", "Dad drives a Corsa", "Nanay".
KIN_AS_NAMES = ("mum", "mom", "mam", "mammy", "mummy", "mommy", "maw", "nanay", "dad", "daddy", "da", "tatay")
#: Kin words by the pronoun that stands for them: "he" for a brother, "she" for a sister (a partner, a friend or a
#: cousin may be either). Read by ``person_references`` (a sentence's opening pronoun) and ``phrase_owners`` ("his").
HE_KIN = frozenset("brother bro kuya dad father daddy da tatay husband hubby son grandson boyfriend bf uncle nephew "
                   "grandad granddad grandpa grandfather stepdad".split())
SHE_KIN = frozenset("sister sis mum mom mother mam mammy mummy mommy maw nanay wife wifey daughter granddaughter "
                    "girlfriend gf aunt auntie aunty niece gran nan nana granny grandma grandmother stepmum stepmom"
                    .split())
REL = r"(?P<rel>best friend|" + "|".join(sorted((r for r in RELATIONS if r != "best friend"), key=len,
                                                reverse=True)) + ")"
REL_MOD = r"(?:(?:little|big|older|younger|elder|twin|baby|wee|new|oldest|youngest|eldest|other)\s+)?"
ANIMALS = ("dog", "cat", "puppy", "kitten", "beagle", "terrier", "labrador", "lab", "poodle", "spaniel", "collie",
            "retriever", "rabbit", "bunny", "hamster", "parrot", "horse", "pup", "tabby", "pet", "budgie",
            "tortoise", "turtle", "guinea pig", "ferret", "goldfish", "rescue dog", "rescue cat", "doggo", "pupper",
            "kitty", "pooch", "fur baby", "furbaby", "greyhound", "whippet", "dachshund", "sausage dog", "pug", "corgi",
            "husky", "schnauzer", "staffie", "jack russell", "cockapoo", "labradoodle", "chihuahua", "shih tzu",
            "siamese", "ragdoll", "maine coon", "moggy", "lurcher", "springer", "boxer", "alsatian", "shepherd")

#: Attribute phrases that are not attributes ("my point is...", "my bad").
NOT_ATTRIBUTES = {"name", "first name", "full name", "guess", "point", "bad", "fault", "turn", "pleasure",
                   "question", "problem", "day", "week", "life", "head", "back", "plan", "plans", "idea", "job",
                   "advice", "opinion", "answer", "mind", "heart", "issue", "worry", "concern", "excuse", "treat",
                   "place", "home", "work", "hope", "dream", "wish", "goal", "feeling", "sense", "favorite",
                   "favourite", "neighbourhood", "neighborhood", "area", "title", "role", "position", "employer",
                   "company", "new job", "diet",
                   # the body, the household and moods: "my knees are sore", "my kids are at school"
                   "knee", "knees", "back", "leg", "legs", "foot", "feet", "eye", "eyes", "hand", "hands", "arm",
                   "arms", "shoulder", "shoulders", "stomach", "kids", "children", "parents", "family", "friends",
                   "tastes", "taste", "mood", "schedule", "week", "weekend", "morning", "evening", "plan", "life"}
#: A value that starts like this describes a state, not a value ("my laptop is getting slow").
_NOT_VALUE_START = {"so", "very", "really", "too", "getting", "not", "going", "being", "kind", "pretty", "super",
                    "quite", "always", "also", "just", "broken", "dead", "down", "slow", "great", "amazing", "awful",
                    "terrible", "good", "bad", "fine", "ok", "okay", "nice", "lovely", "busy", "sick", "tired",
                    "out", "off", "over", "done", "gone", "away", "here", "there", "back", "late", "early", "sure",
                    "it", "that", "this", "them", "him", "her", "you", "me", "what", "how", "when", "where", "why",
                    "who", "which", "about", "like", "better", "worse", "mine", "ours", "coming", "due", "ready",
                    "still", "now", "in", "on", "at", "to", "for", "with", "driving", "killing", "dying", "running",
                    "stuck", "acting", "playing", "making", "having", "giving", "taking", "broke", "missing", "lost",
                    "full", "empty", "closed", "open", "cancelled", "canceled", "delayed", "overdue", "finished",
                    # a participle left when "booked in for" met no date: "my car is booked in for a service"
                    "booked", "scheduled", "planned", "pencilled", "penciled"}
LANGUAGES = ("english", "spanish", "french", "german", "italian", "portuguese", "dutch", "swedish", "norwegian",
              "danish", "finnish", "polish", "czech", "greek", "turkish", "russian", "ukrainian", "arabic", "hebrew",
              "hindi", "urdu", "bengali", "mandarin", "chinese", "cantonese", "japanese", "korean", "vietnamese",
              "thai", "indonesian", "malay", "tagalog", "swahili", "persian", "farsi", "latin", "icelandic",
              "hungarian", "romanian", "catalan", "basque", "welsh", "irish", "sign language", "asl", "esperanto",
              "scottish gaelic", "gaelic", "bsl", "croatian", "serbian", "bulgarian", "slovak", "slovenian",
              "lithuanian", "latvian", "estonian", "tamil", "punjabi", "gujarati", "telugu", "marathi", "yoruba",
              "igbo", "amharic", "afrikaans", "zulu", "albanian", "georgian", "armenian", "mongolian", "nepali")
DIETS = (r"(?P<v>vegetarian|veggie|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|"
          r"plant[- ]based|low[- ]carb|carnivore|flexitarian|raw)")
#: A coffee order by the drink's name: a named drink, or "coffee" with what is in it ("black coffee").
_DRINK_WORD = r"(?!(?:is|was|a|an|the|my|me|of|for|and|to|at|usual|order)\b)[\w-]+\s+"
#: What goes in the cup, said after the drink: "with two sugars", "with oat milk", "with a splash of milk".
_IN_THE_CUP = (r"(?:\s+with\s+(?:(?:no|one|two|three|a|an|extra|some|a\s+splash\s+of|a\s+dash\s+of|a\s+drop\s+of)\s+)?"
               r"(?:(?:oat|soy|soya|almond|skimmed|skim|whole|semi-skimmed|coconut|full-fat|hot|cold)\s+)?"
               r"(?:milk|sugars?|sweeteners?|cream|honey|syrup)\b)?")
COFFEE_DRINK = (rf"(?:(?:(?:{_DRINK_WORD}){{0,2}}?(?:latte|lattes|flat\s+white|cappuccino|americano|espresso|mocha|"
                r"macchiato|cortado|double[- ]double|cold\s+brew|long\s+black|short\s+black|piccolo|frappuccino|"
                rf"filter\s+coffee)|(?:{_DRINK_WORD}){{1,2}}?coffee){_IN_THE_CUP})")
#: Makers and models people name instead of the thing ("I use a MacBook Air").
DEVICES = {
    **{w: "laptop" for w in ("macbook", "thinkpad", "xps", "zenbook", "chromebook", "surface", "latitude", "inspiron",
                             "ideapad", "spectre", "pavilion", "vivobook", "laptop", "notebook", "framework")},
    **{w: "phone" for w in ("iphone", "pixel", "galaxy", "fairphone", "oneplus", "nokia", "motorola", "moto", "xiaomi",
                            "redmi", "huawei", "phone", "smartphone", "honor", "oppo", "realme", "blackberry")},
    **{w: "car" for w in ("tesla", "toyota", "honda", "volkswagen", "vw", "bmw", "audi", "ford", "fiat", "renault",
                          "peugeot", "volvo", "mercedes", "subaru", "kia", "hyundai", "mazda", "nissan", "prius",
                          "civic", "corolla", "skoda", "seat", "citroen", "jeep", "chevy", "chevrolet", "mini",
                          "golf", "polo", "outback", "niro", "focus", "camry", "car", "vauxhall", "corsa", "astra",
                          "fiesta", "octavia", "qashqai", "yaris", "lexus", "dacia", "sandero", "suzuki",
                          "mitsubishi", "porsche", "jaguar", "cupra", "polestar", "passat", "tiguan", "clio",
                          "tucson", "sportage", "rav4")},
    **{w: "tablet" for w in ("ipad", "kindle", "tablet")},
}
#: Makers and models that are everyday words too: alone, a capital does not make them a car ("the Golf course",
#: "Focus on the road", "the Mini Egg"); with a model word, a maker or a verb of driving they are.
WORDS_TOO = {"focus", "golf", "polo", "mini", "seat", "civic", "outback", "jaguar", "surface", "framework", "galaxy",
             "latitude", "spectre", "pavilion", "honor"}
#: The words of the teeth: a "Dr X" seen for them is a dentist ("Dr Byrne did my crown today").
DENTAL_WORDS = re.compile(r"(?i)\b(?:filling|fillings|crown|root\s+canal|teeth|tooth|hygienist|braces|"
                          r"scale\s+and\s+polish|dental)\b")
LANGUAGE = r"(?P<v>" + "|".join(LANGUAGES) + r")\b"
#: A maker or model typed in lowercase, with the model words after it ("my pixel 8", "a honda civic").
_GENERIC_DEVICE_WORDS = {"laptop", "notebook", "phone", "smartphone", "tablet", "car", "mini", "seat", "focus", "golf",
                         "polo", "surface", "framework", "galaxy", "latitude", "spectre", "pavilion"}
_MODEL_WORD = r"(?:[a-z]{0,3}\d+[a-z]*|air|pro|max|mini|ultra|plus|lite|se|fe|x1|xl|" + "|".join(
    sorted((w for w in DEVICES if w not in ("laptop", "notebook", "phone", "smartphone", "tablet", "car")), key=len,
           reverse=True)) + r")"
LOWER_DEVICE = (r"(?<![\w-])(?P<v>(?-i:(?:iPhone|iPad|" + "|".join(sorted((w for w in DEVICES if w not in _GENERIC_DEVICE_WORDS),
                                                                           key=len, reverse=True))
                 + r")(?:\s+" + _MODEL_WORD + r"){0,2}))(?![\w-])")
#: Places typed in lowercase after a verb of living ("i live in lisbon now"); never these words.
NOT_PLACES = {"a", "an", "the", "my", "our", "his", "her", "their", "town", "here", "there", "it", "this", "that",
               "with", "together", "peace", "sin", "hope", "fear", "denial", "style", "comfort", "harmony", "one",
               "two", "sync", "front", "between", "between", "bed", "hospital", "halls", "dorms", "student", "shared",
               "some", "what", "which", "now", "at", "for", "from", "to", "in", "on", "by", "downtown", "suburbs",
               "city", "centre", "center", "london-ish",
               # God, in the thanks people give in other languages ("salamat sa Diyos", "gracias a Dios")
               "god", "lord", "jesus", "allah", "diyos", "dios", "dieu", "deus"}


#: Genre words: an interest in one of these is a music taste, anything else a hobby.
MUSIC_GENRES = ("jazz", "techno", "bluegrass", "k-pop", "kpop", "pop", "rock", "synthwave", "opera", "classical",
                "metal", "punk", "folk", "country", "house", "edm", "indie", "blues", "reggae", "soul", "r&b",
                "disco", "ambient", "lo-fi", "lofi", "hip hop", "hip-hop", "rap", "grime", "drum and bass", "dnb",
                "dubstep", "trance", "funk", "gospel", "salsa", "afrobeats", "emo", "grunge", "ska", "swing",
                "music", "songs", "albums", "vinyl")


def interest_attribute(value: str) -> str:
    """An interest in a genre is a music taste; any other interest is a hobby."""
    words = value.lower()
    return "music" if any(re.search(rf"(?<![\w-]){re.escape(g)}(?![\w-])", words) for g in MUSIC_GENRES) else "hobby"


#: The pronoun "I" after a value opens the next clause ("when Mum moved to Hull I was twelve"); it ends a name only
#: as a regnal numeral ("King Charles I").
_REGNAL = re.compile(r"(?i)^(?:king|queen|pope|emperor|empress|tsar|czar|prince|princess|saint|st\.?)\s")


def runs_into_pronoun(value: str) -> bool:
    """The value's last word is the pronoun "I" of the next clause ("Hull I"), not part of the name, or the
    value runs on into a clause of the user's ("dog I haven't set foot in"): a name has no "I haven't" in it."""
    words = value.split()
    if len(words) > 2 and any(w in ("I", "I've", "I'm", "I'd", "I'll") for w in words[1:-1]) and \
            re.search(r"\bI(?:'ve|'m|'d|'ll)?\s+(?:haven't|have|had|don't|didn't|can't|never|just|am|was|do|did|"
                      r"go|went|get|got|use|used|see|saw|love|like|think)\b", value):
        return True
    return len(words) > 1 and words[-1] == "I" and not _REGNAL.match(value)


#: Past tenses not made with "-ed" ("Fed the cat", "Took the Golf in"): a diary sentence's verb.
IRREGULAR_PASTS = {"fed", "took", "got", "gave", "brought", "bought", "made", "put", "let", "met", "kept", "sent",
                   "found", "left", "ran", "saw", "told", "sold", "lost", "won", "drove", "rode", "caught", "taught",
                   "held", "shut", "cut", "set", "hit", "read", "led", "wore", "fixed", "paid", "lent", "swapped",
                   "ate", "drank", "sang", "wrote", "threw", "built", "spent", "fought", "broke", "chose", "hung"}
#: A determiner after the first word: the first word is then a verb, not part of a name ("Washed the Honda").
_OPENING_VERB = re.compile(r"^\W*(?P<verb>(?-i:[A-Z])[a-z]+)\s+(?:the|The|my|our|a|an|his|her|their)\s")


def opening_verb(sentence: str) -> tuple[int, int] | None:
    """Where a sentence's first word is its verb, the subject "I" dropped as chat and diaries do ("Washed the
    Honda Jazz", "Fed the cat", "Walked the Labrador"): a capitalised first word in a past or -ing form
    (``IRREGULAR_PASTS`` for the irregular ones) before a determiner (a capital "The" is the name's own: "Tried The
    Gym Group on a day pass"). Capitalised by position, it is no word of the name after it."""
    match = _OPENING_VERB.match(sentence)
    return match.span("verb") if match is not None and verb_shaped(match.group("verb")) else None


def verb_shaped(word: str) -> bool:
    """A past or -ing form: a sentence's first word so shaped is its verb, the "I" dropped ("Ordered", "Took")."""
    word = word.lower()
    return (len(word) >= 5 and word.endswith(("ed", "ing"))) or word in IRREGULAR_PASTS


def without_opening_verb(name: str, at: int) -> str:
    """A name read at a sentence's start without its first word when that word is verb-shaped ("Ordered Fibrelink
    online", "Tried The Gym Group on a day pass"): capitalised by position, it is no word of the name."""
    first, _, rest = name.partition(" ")
    if first.lower().endswith("ing") and rest[:1].isupper() and not rest.startswith("The "):
        return name  # "Starling Bank", "Reading Festival": an -ing word inside a name is no verb
    return rest if at == 0 and rest and verb_shaped(first) else name


#: A finite "be" or "have" in lower case after a capitalised word is the next clause's verb, never a word of the
#: name ("tickets for November are booked": "November"); a title writes its verbs with capitals ("The Rest Is
#: History"), and one typed all in lower case ("the rest is history") has no name before the verb to cut at.
_FINITE_AFTER_NAME = re.compile(r"(?:^|\s)(?-i:[A-Z0-9])[\w'-]*\s+(?:is|are|was|were|has|have|had)(?:\s|$)")
_TRAILING_AUXILIARY = re.compile(r"(?<=\w)\s+(?:is|are|was|were|has|have|had)$")


def without_next_verb(value: str) -> str:
    """The value cut before a finite "be"/"have" that follows a capitalised word or ends it."""
    found = _FINITE_AFTER_NAME.search(value)
    if found is not None:
        value = value[:found.end()].rstrip()
    return _TRAILING_AUXILIARY.sub("", value)
#: A title opens a person's name: words before it are a role ("my GP Dr Okafor"), and a preposition after the
#: name goes on to a place, not the person ("Dr Harlow on Mill Road", "Mrs Begum at the Grove surgery").
_TITLE_WORD = r"(?-i:Dr|Mr|Mrs|Ms|Miss|Prof)\.?"
_BEFORE_TITLE = re.compile(rf"^(?:[\w'-]+\s+){{1,3}}(?={_TITLE_WORD}\s+(?-i:[A-Z]))")
_AFTER_TITLED_NAME = re.compile(rf"^({_TITLE_WORD}\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*)\s+"
                                r"(?:on|at|in|from|near|off|by|of)\s+.*$")


def person_by_title(value: str) -> str:
    """A person named with a title, without the role before it and the place after it ("GP Dr Okafor" ->
    "Dr Okafor", "Dr Harlow on Mill Road" -> "Dr Harlow")."""
    value = _BEFORE_TITLE.sub("", value)
    return _AFTER_TITLED_NAME.sub(r"\1", value)


def clean_value(value: str) -> str:
    value = re.sub(r"\s+", " ", value).strip(" '\"\u201C\u201D\u2018\u2019-")
    value = person_by_title(without_next_verb(value))
    value = re.sub(r"(?i)^(?:now|still|currently|actually|all|mostly|only|just|very\s+much|so\s+much|really)\s+", "",
                   value)
    # "booked for June 8", "set for 6:30": the participle says how, the rest is the value
    value = re.sub(r"(?i)^(?:booked|scheduled|set|planned|fixed|pencilled|penciled)\s+(?:in\s+)?(?:for|on)\s+"
                   r"(?=\d|(?-i:[A-Z])|(?:next|this|tomorrow|tonight|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|"
                   r"jun|jul|aug|sep|oct|nov|dec)\w*\b)", "", value)  # not "booked in for a service": a purpose
    # "The" written with a capital inside a sentence is part of the name ("switched to The Times", "drink at The
    # Fox and Hounds"); a lowercase "the" is the sentence's
    value = re.sub(r"^(?:(?i:an?)|(?i:the)(?=\s+(?-i:[a-z]))|the)\s+(?=\S)", "", value)
    # "as a flat white", "my Monday salsa": the value is what follows (and is what later messages name)
    value = re.sub(r"(?i)^(?:as\s+(?:a|an)\s+|(?:my|our)\s+(?=\S+\s))", "", value)
    # "an old Galaxy S21": how the user feels about the thing, not its name
    # (said in lower case: "Old Spice" and "New York" are names)
    value = re.sub(r"^(?:old|new|trusty|used|second-hand|refurbished|battered|shiny|beloved)\s+(?=[A-Z0-9])", "",
                   value)
    # "got himself a Qashqai": the value is what was got, not who got it
    value = re.sub(r"(?i)^(?:himself|herself|themselves|myself|ourselves)\s+(?:(?:a|an|the)\s+)?", "", value)
    # "a programme called The Rest Is History": the name is the value, the noun before it says what it is
    value = re.sub(r"^(?:(?:(?:a|an|the|this|that)\s+)?(?:[a-z]+|(?:Lad|Guy|Girl|Woman|Man|Lady|Bloke|Fella|Chap|Lass|Boy))"
                   r"(?:\s+[a-z]+){0,2}\s+)?(?:called|named)\s+(?=[A-Z0-9])", "", value)
    # a chat particle after the value: "Mr Tan po", "Kemi o"
    value = re.sub(r"\s+(?:po|sef|abeg|yaar|lah|o)$", "", value)
    if runs_into_pronoun(value):  # "Hull I was twelve": the value ends where the next clause's "I" begins
        value = value[:-2].rstrip()
    return value.rstrip(".")


def plausible_value(value: str, *, strict: bool = True) -> bool:
    """Short, and (for frames whose verb does not name the attribute) not a state word."""
    words = value.split()
    if not words or len(words) > 6 or len(value) > 50:
        return False
    if not strict:  # a direction is no thing: "I drive to my parents'" names no car
        return words[0].lower() not in ("it", "that", "this", "them", "him", "her", "you", "me", "what", "how", "to",
                                        "into", "towards", "toward")
    if len(words) > 1 and words[0].islower() and words[1].lower() in ("from", "of", "after", "about", "because"):
        return False  # a state and its cause: "sore from all the swimming", "tired of it"
    return words[0].lower() not in _NOT_VALUE_START



#: Capitalised words that open a sentence without naming anything.
DISCOURSE = {"actually", "sorry", "well", "so", "oh", "anyway", "correction", "update", "yes", "no", "ok", "okay",
              "also", "honestly", "sadly", "luckily", "btw", "wait", "oops", "hey", "hi", "hello", "thanks", "today",
              "yesterday", "tomorrow", "now", "then", "however", "and", "but", "or", "because", "since", "when",
              "yeah", "yep", "nope", "ugh", "lol", "haha", "right", "fine", "sure", "great", "cool", "please"}


def attribute_candidate(attr: str, value: str, sentence: str, subject: str = USER) -> Candidate | None:
    """A fact from an attribute phrase in the user's words and its value, or None when the phrase is no attribute
    ("my point is"), the value is no value, or the phrase names a relation; pets and interests get their slot."""
    attr = re.sub(r"\s+", " ", attr.lower()).strip()
    attr = re.sub(r"\s+(?:rn|btw|lol|tho|atm|fr|haha|now)$", "", attr)  # chat fillers are not part of the attribute
    attr = re.sub(r"^(?:my|our)\s+", "", attr)  # "my job" said as a fragment's attribute: the possessive is no part of it
    value = clean_value(value)
    if not plausible_value(value):
        return None
    if attr in ("go-to", "usual", "fave", "favorite", "favourite", "regular") and kind_of(value):
        return Candidate("assert", subject, kind_of(value), value, sentence)  # "my go-to is hot chocolate"
    if attr in ("thing", "jam", "passion", "obsession", "new thing"):  # "tennis is my thing"
        return Candidate("assert", subject, interest_attribute(value), value, sentence) if subject == USER else None
    words = attr.split()
    if words[-1] in ANIMALS or attr in ANIMALS:  # "a beagle called Biscuit": the pet's name
        return Candidate("assert", subject, "pet", value, sentence) if subject == USER else None
    if attr in NOT_ATTRIBUTES or words[-1] in RELATIONS:
        return None
    return Candidate("assert", subject, whole_predicate(attr, attribute_predicate(attr, value)), value, sentence)


#: Prepositions: what is left of a verb phrase whose verb is a qualifier word ("work in") is no attribute.
BARE_PREPOSITIONS = {"in", "at", "on", "for", "with", "to", "from", "by", "of", "into", "about", "after", "over"}


def whole_predicate(attribute: str, predicate: str) -> str:
    """The predicate, or the attribute's own words where dropping its qualifiers left a preposition alone ("work
    in" is ``work_in``, never ``in``: a preposition names no attribute)."""
    if predicate not in BARE_PREPOSITIONS:
        return predicate
    return "_".join(re.findall(r"[\w-]+", attribute.lower())) or predicate


#: Roles that use a place rather than work there: a regular at a pub, a member at a gym, a patient at a surgery,
#: a (season) ticket holder or a supporter at a club.
PATRON_ROLES = {"regular", "member", "customer", "patient", "student", "pupil", "guest", "visitor", "fan", "client",
              "resident", "tourist", "passenger", "subscriber", "shareholder", "fixture", "newbie", "beginner",
              "holder", "supporter"}


#: Works and shows: a name before one is its maker, performer or subject ("the Arctic Monkeys album", "the
#: Hoover Dam documentary"), never a provider of a thing the user has. (A team's "game" or "match" is left to the
#: shape: "never miss an Arsenal game" says whom the user follows.)
WORK_NOUNS = {"album", "song", "single", "track", "film", "movie", "documentary", "doc", "book", "novel", "biography",
              "memoir", "episode", "series", "season", "show", "article", "video", "concert", "gig", "tour",
              "festival", "exhibition", "musical", "play", "talk", "lecture", "speech", "story",
              "interview", "trailer", "remake", "sequel", "biopic", "tribute", "podcast", "audiobook", "programme"}
#: Parts of a thing: a name before one names the whole it belongs to ("the Dyson battery", "the Kindle screen"),
#: so the part is no attribute of the user's and the name no value of the part.
PART_NOUNS = {"keyboard", "screen", "battery", "charger", "cable", "lid", "strap", "trackpad", "touchpad", "lens",
              "hinge", "button", "tyre", "tire", "wheel", "engine", "bumper", "windscreen", "windshield", "handle",
              "plug", "case", "cover", "remote", "clutch", "brakes", "exhaust", "mirror", "door", "boot", "bonnet",
              "fan", "speaker", "camera", "port", "sensor", "storage", "microphone", "mic", "headlight", "gearbox",
              "radiator", "seat", "horn", "dashboard", "aerial", "wiper", "alternator", "cambelt", "timing belt"}
#: One event of a named series or competition: "the Wimbledon final", "the Oscars ceremony", "the Apple launch".
EVENT_NOUNS = {"final", "semi-final", "semifinal", "quarter-final", "quarterfinal", "finale", "ceremony", "parade",
               "draw", "launch", "premiere", "highlights", "opener", "decider", "replay", "keynote", "results"}
#: A name after a work noun is that work's title ("the podcast No Such Thing", "the album Blue Lines"), not the
#: value of a cue elsewhere in the sentence.
TITLED_BY_WORK = re.compile(r"(?i)\b(?:" + "|".join(sorted(WORK_NOUNS, key=len, reverse=True))
                            + r")s?\s+(?:called\s+|named\s+)?(?:the\s+)?$")
#: A name followed by one of these nouns modifies it: the name is the thing's maker, whole or series.
MODIFIED_HEADS = re.compile(r"\s+(?:" + "|".join(sorted(WORK_NOUNS | PART_NOUNS | EVENT_NOUNS, key=len, reverse=True))
                            + r")s?\b")
#: The user's children: a child who "starts at" a place starts school or nursery there, not a job.
CHILD_RELATIONS = {"son", "daughter", "child", "children", "kid", "kids", "grandson", "granddaughter", "grandchild",
                   "stepson", "stepdaughter", "baby"}
#: Compound nouns that hold a cue word but name another kind of thing: a food bank is a charity, a power bank a
#: battery, a bank holiday a day, a car park a place; the cue word inside one names no attribute of the user's.
#: So does any word before a noun for who teaches it or a lesson in it: a driving instructor is no car, a singing
#: teacher no band.
OTHER_KIND_COMPOUNDS = re.compile(
    r"(?i)\b(?:[\w-]+\s+(?:instructors?|teachers?|tutors?|coach(?:es)?|lessons?|tests?|schools?)|"
    r"(?:food|blood|power|river|piggy|sperm|seed|data|memory|test|question)\s+banks?|"
    r"banks?\s+holidays?|cars?\s+(?:parks?|wash(?:es)?|boot\s+sales?|parking|shar(?:e|es|ing)|pool(?:s|ing)?|seats?|keys|insurance|loan|finance|dealers?(?:hip)?)|gym\s+(?:bags?|kit|clothes|wear|"
    r"buddy|buddies)|dentist'?s?\s+chair)\b")

#: Nouns that name a person by the work they do without an agent suffix ("a nurse", "a chef", "a temp").
_PLAIN_ROLE_NOUNS = {"nurse", "chef", "cook", "pilot", "clerk", "judge", "surgeon", "nanny", "vet", "gp", "paralegal",
                     "barista", "temp", "intern", "coach", "guide", "model", "poet", "priest", "vicar", "chaplain", "cop",
                     "architect", "guard", "host", "physio", "ceo", "cto", "cfo", "coo", "pa", "dj", "postie", "analyst",
                     "trainee", "employee", "apprentice", "midwife", "medic", "nun", "monk", "rabbi", "imam", "spy",
                     "chemist", "sous chef", "carer", "bartender", "cleaner"}
#: Agent suffixes: a noun so formed names a person by what they do ("teacher", "dentist", "electrician",
#: "accountant", "engineer", "fireman", "mechanic", "detective", "secretary").
_AGENT_SUFFIX = re.compile(r"(?i)(?:er|or|ist|ian|ant|ent|eer|ess|man|woman|person|smith|wright|ic|ive|ary|yst)$")
#: Nouns with an agent-like ending that rate or describe a thing rather than name a person ("my job is a
#: nightmare", "a killer", "a disaster"), and -ment nouns ("an improvement").
_NOT_ROLE_NOUNS = {"disaster", "killer", "winner", "loser", "number", "stinker", "bummer", "downer", "corker",
                   "monster", "drainer", "keeper", "lifesaver", "letter", "matter", "paper", "order", "error", "horror",
                   "terror", "honour", "honor", "favour", "favor", "labour", "labor", "factor", "sector", "anchor",
                   "pleasure", "treasure", "adventure", "career", "challenge", "doddle", "breeze", "pain", "mess",
                   "joke", "dream", "grind", "drag", "slog", "laugh", "blast", "circus", "zoo", "struggle", "game",
                   "gig", "hobby", "living", "calling", "vocation", "passion", "decent", "recent", "present", "variant",
                   "relevant", "giant", "elephant", "talent", "event", "extent", "patient", "client", "student",
                   "member", "fan", "lover", "beginner", "newbie", "drummer", "runner", "reader", "customer",
                   "character", "chapter", "dinosaur", "primary", "summary", "diary", "library", "salary",
                   "sanctuary", "mystery", "tragic", "magic", "music", "topic", "panic", "picnic", "comic", "drive",
                   "olive", "archive", "incentive", "objective", "alternative", "perspective", "woman", "man",
                   "person", "other", "mother", "father", "brother", "sister", "daughter",
                   # who someone is to a place they live in or go to: "a resident at Beech Lodge"
                   "resident", "tenant", "occupant", "parishioner", "attendee", "visitor"}


def names_a_role(phrase: str) -> bool:
    """The noun phrase names a person by their work: its head (last word) is a role noun, by an agent suffix or
    one of the plain role nouns, and not a word that rates the thing ("a nightmare", "a killer", "a disaster").
    "My job is a X" says what the user is when X names such a person; otherwise it describes the job."""
    words = re.findall(r"[A-Za-z][\w'-]*", phrase.lower())
    if not words or len(words) > 4:
        return False
    head = words[-1]
    if head in _NOT_ROLE_NOUNS or head.endswith("ment") or head.endswith("ing"):
        return False
    return head in _PLAIN_ROLE_NOUNS or " ".join(words[-2:]) in _PLAIN_ROLE_NOUNS or \
        bool(_AGENT_SUFFIX.search(head) and len(head) > 4)


#: Chat's fillers and interjections: never a word of an attribute ("yoga at X lol", "my back is better ngl").
CHAT_FILLERS = frozenset({"lol", "lmao", "ngl", "tbh", "omg", "haha", "btw", "fyi", "idk", "imo", "rofl", "smh", "fr",
                          "rn", "tho", "atm", "ok", "okay", "yeah", "ugh", "wow", "oh",
                          # the particles of other Englishes: Filipino "po", Nigerian "o", "sef", "abeg", Indian "yaar",
                          # Singaporean and Malaysian "lah", "leh", "lor", "liao", "hor", "sia", "meh", Welsh "mun", "butt"
                          "po", "sef", "abeg", "yaar", "lah", "leh", "lor", "liao", "hor", "sia", "meh", "mun", "butt"})


#: Where people talk and post: before one of its places ("the Facebook group", "the WhatsApp chat", "a Discord
#: server") it says where that place is, not what it is called.
PLATFORMS = frozenset({"facebook", "fb", "whatsapp", "instagram", "insta", "messenger", "telegram", "signal", "discord",
                       "slack", "reddit", "tiktok", "youtube", "twitter", "linkedin", "snapchat", "zoom", "teams",
                       "nextdoor", "strava", "meetup", "wechat", "viber", "line", "x"})
_PLATFORM_PLACES = frozenset({"group", "chat", "page", "channel", "server", "thread", "post", "call", "story", "forum",
                               "community", "feed", "live", "message", "video", "account", "club", "event"})


def on_a_platform(name: str, noun: str) -> bool:
    """"the Facebook group", "our WhatsApp chat": the name says where the noun's thing is, not what it is called."""
    return name.strip().lower() in PLATFORMS and noun.strip().lower() in _PLATFORM_PLACES


#: Verbs a to-do line opens with, which the tagger may read as a noun before a name ("- book Pickle in at the
#: groomers", "ring Dave re boiler"): an errand, never a label.
ERRAND_VERBS = {"book", "ring", "call", "text", "email", "phone", "pay", "order", "buy", "get", "pick", "drop",
                "collect", "cancel", "renew", "chase", "sort", "fix", "send", "post", "return", "remind", "ask",
                "tell", "check", "message", "invite", "thank", "meet", "visit", "see", "take", "bring", "feed",
                "walk", "wash", "clean", "register", "enrol", "sign", "apply", "contact", "reply", "answer"}
