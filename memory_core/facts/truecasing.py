"""Capitals restored in a message typed without them ("my dog is called biscuit").

The rules and the parse find names by their capital, as edited English writes them; many people chat all
in lower case. In a message with no capital at all, each word gets the case English usually gives it: the
lexicon (``memory_core/data/case_lexicon.json.gz``, from the bundled models' vocabularies and a corpus's
counts, see ``scripts/build_case_lexicon.py``) knows "sarah" -> "Sarah", "tesco" -> "Tesco", and that
"terrier" and "rose" are written lower case. A word it does not know, or knows only from an uncased
vocabulary (most of those are names: "declan", "brentford"), is rare in cased English text, and
a rare word in chat is most often a name ("ocado", "lindqvist", "nacho"), so it is capitalised, unless it
reads as a common noun: after "my", "the", "a" ... ("my corgi"), as a form of a known word ("bingeing"),
by a common noun's ending ("pescatarian"), before the noun of a thing done ("cello practice"), or with no vowel
("sth"). Whatever the words, the slots where
English puts a name get one: "a greyhound called juniper", "to biscuit, my collie", "my brother tariq is",
"dr wood"; and a place's kind word after a name joins it ("victoria park").

A message whose only capitals are sentence starts and "I" may be a phone's typing (it capitalises a sentence's
first letter by itself) or edited English with no name in it. There the naming slots, day and month names, the
words after a name that no source writes lower case ("Richard osman") and the names the lexicon knows ("Met
jonah at leeds station": Jonah, Leeds) are restored, but a word the lexicon does not know is not guessed to be a
name ("I do 50 pushups", "Gave up tennis for padel" are edited English) and a word after "my", "the", "our" ...
stays as typed ("Starlink for our wifi at home"). Round 10 restored only the slots and the calendar there; the
known names held 12-32 more checks of the dev timelines typed that way (bench_typing ``unshifted``; guessing the
unknown words too held twice that, and capitalised "pushups" and "padel" in well-written messages). A message
with any other capital is left as typed: its writer capitalises, so a lower-case word there is no name; unless no
sentence in it starts with a capital ("my bf jack works at PwC"): that writer does not capitalise, the capitals are
a brand's own, so it is read as the phone's message is, each word typed with a capital or a digit kept as typed
("PwC", "iPhone", "i30"). Only letter case changes, so the reading keeps the message's length and every offset.
"""
from __future__ import annotations

import gzip
import json
import re
from functools import lru_cache
from pathlib import Path

from memory_core.facts.frame_words import DEVICES, RELATIONS, names_a_role
from memory_core.facts.known_names import known_names_in_lower

LEXICON = Path(__file__).resolve().parents[1] / "data" / "case_lexicon.json.gz"

_WORD = re.compile(r"[A-Za-z]+(?:\d+[A-Za-z]*)?|\d+[A-Za-z]+")
_SENTENCE_START = re.compile(r"(?:^|[.!?]+[\"')\]]*\s+|\n)\s*[\"'(\[]*(?=[A-Za-z])")
#: Words after which a noun, not a name, comes: "my corgi", "the physio", "a zumba class".
_DETERMINERS = frozenset("my our your his her their its the a an this that these those some any no every each "
                         "another other which what whose".split())
#: Chat's own words, which no lexicon of edited English holds: never names.
_CHAT_WORDS = frozenset("lol lmao lmfao omg tbh btw idk imo imho ngl fyi asap brb ttyl rofl smh jk irl tho thru "
                        "haha hahaha hehe innit yeah yep yup nope nah gonna wanna gotta kinda sorta dunno cuz coz cos "
                        "pls plz thx ty xx xxx xoxo ok okay uni hubby wifey bf gf bestie fam grandad granddad "
                        "grandpa grandma granny gran nan nana nanna sis bro mam mom mum dad ma pa ouch yay ugh meh hmm ooh oof "
                        "aww argh eek yikes phew woohoo whoa sth smth sb smb ur tmrw tmr tomoz rn atm bday convo fave fav obvs "
                        "defo deffo totes probs ppl msg txt pic pics vid vids hrs mins wks yrs "
                        # everyday words the lexicon's edited English is too old to hold ("the monzo app")
                        "app apps quid wifi selfie selfies vape vlog emoji emojis satnav ebike onesie carpool sudoku "
                        # the particles of other Englishes ("liao" is a surname too, never in chat)
                        "lah leh lor liao hor sia sef abeg yaar po".split())
#: Titles before a surname: the next word is a name whatever else it could be ("dr wood").
_TITLES = {"dr": "Dr", "mr": "Mr", "mrs": "Mrs", "ms": "Ms", "prof": "Prof"}
#: Day and month names: capitalised in any edited English ("may" and "march" are words too, so not these).
_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february april june july "
                      "august september october november december".split())
_VOWEL = re.compile(r"[aeiouy]")  # "sth", "txt", "ppl": chat's abbreviations, never names
_MODEL_CODE = re.compile(r"[a-z]{1,3}\d+[a-z]{0,2}")
_PREFIXES = ("re", "un", "over", "out", "pre", "mis", "non", "under", "super", "mega")
_SUFFIXES = ("ing", "ed", "es", "s", "er", "ers", "ly", "y")
#: Endings of English common nouns and adjectives, rarely of names: "pescatarian", "tendonitis".
_COMMON_ENDINGS = ("tion", "sion", "ment", "ness", "ism", "ology", "arian", "itis", "ible", "able", "ful", "less",
                   "ous", "ive", "ical", "ise", "ize", "ity", "ship", "hood", "ware", "wear")


#: Where English puts a name whatever its words: "a greyhound called juniper", "the name is night tram".
#: (the one named may come first: "we named him sir barnaby", "they called me jazzy")
_NAMING = re.compile(r"\b(?:called|named|name is|name's|names are|name was)\s+(?:(?:him|her|it|them|me|us)\s+)?")
#: A name set beside what it is: "to biscuit, my border collie", "rafael, my partner,".
_APPOSED = re.compile(r"(?:^|\b(?:to|with|and|at|by|from|me|see)\s+)([a-z]+)(?=,\s+(?:my|our)\s)")
#: Words that end a name read after a naming word.
_NAME_ENDS = frozenset("and but or who which that because so as he she it they i we you is was are were for from "
                       "to in on at after before since when with by of the a an my our his her their this now "
                       "too also lol".split())
_NAME_WORD = re.compile(r"[a-z][a-z'-]*")
#: The kind word that ends a place's or a firm's name: "victoria park", "camden council", "british gas".
_NAME_KINDS = frozenset("park street road lane avenue square gardens station airport school primary academy college "
                        "university nursery hospital surgery clinic library council centre center united city rovers "
                        "town dam bridge hall church cathedral museum gallery theatre cinema market arena stadium "
                        "gas energy media mobile broadband airways airlines rail bank insurance motors pharmacy "
                        "opticians dental health fitness gym leisure marathon elementary middle grammar prep "
                        "montessori infants juniors".split())
#: Someone named right after who they are to the user: "my brother tariq is ...", "our cat mochi, who ...".
_KIN_NOUNS = ("husband wife partner boyfriend girlfriend fiance fiancee brother sister son daughter mum mom dad "
              "cousin aunt uncle niece nephew grandson granddaughter nan gran grandma grandad friend boss manager "
              "colleague flatmate housemate roommate neighbour neighbor teacher dog cat puppy kitten rabbit horse "
              "hamster parrot baby kid").split()
#: Kin, pets and the other nouns for who someone is are common nouns, never names ("my new flatmate is").
#: Common nouns the case lexicon writes with a capital (its corpus counted the brand): seen on round 10's dev data.
_LEXICON_MISCASED = frozenset("cola".split())
_NEVER_NAMES = _CHAT_WORDS | frozenset(word for relation in RELATIONS for word in relation.split()) | \
    frozenset(_KIN_NOUNS) | frozenset(noun + "s" for noun in _KIN_NOUNS) | _LEXICON_MISCASED
#: Nouns for a kind of thing or person that people give a name: "night tram, the covers band I'm in".
_KIND_NOUNS = _KIN_NOUNS + ("bf gf band group choir team club school nursery shop cafe pub bar restaurant salon "
                            "barber hairdresser dentist doctor gp vet physio gym supermarket provider network "
                            "supplier app show series book novel film author writer singer artist podcast breed "
                            "greyhound terrier spaniel collie beagle labrador poodle tabby pup").split()
_PREPOSITIONS = frozenset("with to by from at in on for like about of into".split())
_PERSONAL_PRONOUNS = frozenset("i me you he him she her it we us they them one someone everyone".split())
#: A name set before what it is: "rehearse with night tram, the covers band", "pepper, a little beagle",
#: "the velvet owls, that's my band", "declan (my bf)"; the name is the up to three words before the comma.
_NAME_BEFORE_KIND = re.compile(r"(?:((?:[a-z]+ ){0,3}[a-z]+)(?:,\s+(?:that's |that is |who's |who is |which is )?"
                               r"(?:my|our|the|a|an)|\s+\((?:my|our))\s+(?:[a-z]+\s+){0,2}"
                               r"(?:" + "|".join(_KIND_NOUNS) + r")s?\b(?!\s+(?:is|was|are|were|has|had|have|will|"
                               r"would|can|did|does|do|got|played|won|lost|came|went|said)\b))")
#: Someone coordinated with the user: "declan and i go hiking", "me and declan watched"; a bare singular
#: noun cannot stand there without a determiner, so the word is a name.
_WITH_THE_USER = re.compile(r"(?:(?:^|[.!?,;(]\s*|\b(?:when|since|so|but|because|then|now|and)\s+)([a-z]+) and (?:i|me)\b"
                            r"|\b(?:me|i) and ([a-z]+)\b)")
#: The product line named before its model code: "a galaxy s21", "a nokia g42".
_BEFORE_MODEL_CODE = re.compile(r"\b([a-z]{3,})\s+(?=[a-z]{1,3}\d+[a-z]{0,2}\b)")
#: A maker or product line and its model: "my ford focus", "a dell xps 13", "the thinkpad x1 carbon", "pixel 8".
#: The generic nouns of ``DEVICES`` ("phone", "car") are no maker; a line word that is also a common noun
#: ("focus", "surface", "seat") counts only with a maker before it or a number after it.
_MAKERS = (frozenset(DEVICES) - {"phone", "smartphone", "laptop", "notebook", "tablet", "car"}) | frozenset(
    "dell lenovo asus acer hp samsung apple google sony microsoft".split())
_MODEL_WORDS = frozenset("air pro max mini ultra plus carbon estate hybrid ev lite sport se fe neo note fold flip edge "
                         "hatchback saloon tourer".split())
_MODEL_TOKEN = r"(?:" + "|".join(sorted(_MAKERS | _MODEL_WORDS, key=len, reverse=True)) + r"|\d+[a-z]{0,2}|[a-z]{1,3}\d+[a-z]{0,2})"
_MAKER_AND_MODEL = re.compile(r"\b(?:" + "|".join(sorted(_MAKERS, key=len, reverse=True)) + r")(?:\s+" + _MODEL_TOKEN +
                              r"\b){1,3}")
#: Where English puts a place or a club's name.
_PLACE_SLOT = re.compile(r"\b(?:in|near|outside|support|supports|supporting|supported|lives\s+in|living\s+in|"
                         r"(?:moved|move|moving|relocated|relocating)\s+(?:from\s+([a-z]+)\s+)?to)\s+([a-z]+)\b"
                         r"(?!\s+(?:practice|class|classes|lessons?|club|group|sessions?|music|mode|style))")
#: A race by its place: "the brighton marathon", "the cardiff half marathon" (not "my first marathon").
_RACE_NAME = re.compile(r"\bthe\s+((?!(?:first|next|last|big|whole|full|local|virtual|charity|same|other|actual|"
                        r"real|proper|new|old|annual)\b)[a-z]+(?:\s+(?!half\b)[a-z]+)?)\s+((?:half\s+)?marathon)\b")
#: The head of a compound a pet or a kin noun starts, never a name after it: "our dog walker" (whatever the
#: surname Walker), "the cat flap", "a baby sitter".
_COMPOUND_HEADS = frozenset("walker walkers sitter sitters groomer groomers trainer food bed bowl lead flap toys toy "
                            "hair park owner owners insurance minder minders".split())
#: Words that follow "my husband" as its verb's helper or an adverb, never as his name: "my husband has started".
_NOT_AFTER_KIN = frozenset("has had have will would can could should might must does did do just also still never "
                           "always really finally recently actually only even already now then usually here there currently today".split()) | \
    _COMPOUND_HEADS
_KIN_NAME = re.compile(r"\b(?:my|our|[a-z]+'s)\s+(?:(?:little|big|older|younger|new|old|best|eldest|youngest)\s+)?"
                       r"(?:" + "|".join(_KIN_NOUNS) + r")s?\s+([a-z]+)(?=\s+(?:is|was|has|had|and|who|just|keeps|"
                       r"wants|lives|works|started|got)\b|\s*,)")

#: Who someone is, said whole: "my oldest and best friend is callum;", a note's "my manager = fiona baxter": the one
#: or two words after "is" or the sign, the clause ending there, name who it is (words written only lower case
#: aside: "my dentist is lovely").
_NOTED_NAME = re.compile(r"\b(?:my|our)\s+(?:[a-z]+\s+){0,3}?(?:" + "|".join(_KIND_NOUNS) +
                         r")\s*(?:=|:|(?:\s+(?:here|now|currently|still))?\s+is\s)\s*([a-z]+)(?:\s+([a-z]+))?(?=\s*(?:[,.;(\n]|$))")
#: A name a relative clause hangs on: "a letter to nationwide, with whom i bank", "the tin lanterns, in which i play";
#: the name is the up to three words before the comma.
_BEFORE_RELATIVE = re.compile(r"((?:[a-z]+ ){0,3}[a-z]+),\s+(?:with|in|at|for|to|by|from|under|of)\s+(?:whom|which)\s+"
                              r"(?:i|we)\b")

#: The nouns of a thing done, after the word that says what is done ("cello practice", "salsa class").
_ACTIVITY_AFTER = re.compile(r"\s+(?:practice|class|classes|lessons?|club|group|sessions?|music|teacher|tutor|"
                             r"recital|exam|grade|case|strings|bow)\b")
#: A firm named by its kind after a word or two: "i rent off harbour lettings", "now castle garage service my car",
#: "signed with keystone property management"; after a preposition or at a clause's start, so "the local garage"
#: and "my garage" stay common nouns.
_FIRM_KIND = re.compile(r"(?:^|[,;]\s*|\b(?:at|to|with|from|off|into|of|by|for|now|and|through|via|left|joined|"
                        r"ditched|dumped|quit)\s+)((?:[a-z]+(?:'s)?\s+){1,2}?)(lettings|motors|autos|garage|management|"
                        r"estates|removals|solicitors|accountants|vets|opticians|physio|fitness|barbers|salon|allotments)\b")
_NOT_FIRM_WORDS = frozenset("local new old usual nearest same other big little main nice good best cheap cheaper "
                            "village town city car house home our my the a an your his her their this that".split())


#: A message about playing in a band: the one place a band's name, made of everyday words, can be told from them.
_BAND_TALK = re.compile(r"\b(?:band|bands|gig|gigs|rehears\w*|jam|jamming|drums|drummer|bass|bassist|guitar|guitarist|"
                        r"fiddle|sax|trumpet|violin|banjo|vocals|singer|setlist|covers)\b")
#: Where a band is named in such a message: who one plays, rehearses or gigs with, joins or leaves ("gig with the rusty
#: hinges on saturday", "playin bass with backroad static", "left the loose ends", "singing with the night porters").
_BAND_SLOT = re.compile(r"\b(?:(?:gig|gigs|show|shows|practice|practise|rehearsal|rehearsals|rehearsing|rehearse|jam|"
                        r"jamming|jammed|playing|playin|play|played|plays|drumming|drum|singing|sing|sang|drums|bass|"
                        r"guitar|fiddle|keys|vocals)\s+(?:in\s+)?with|joined|join|joining|left|leaving|quit|quitting)\s+"
                        r"(?:the\s+)?((?:[a-z]+\s+){1,2}[a-z]+)")
#: Words that end a band's name said in chat, or show it is a group of people, not a name: "the lads", "the other guys".
_NOT_BAND_WORDS = frozenset("band bands group choir team lads guys boys girls crew gang people others rest kids family "
                            "friends mates other new old same whole usual local tonight tomorrow yesterday next last "
                            "again instead now then week weekend night".split())

#: A nickname: "everyone at school calls me biscuit", "the lads call me jazzy" (one word; "call me back" is no name).
_CALLS_ME = re.compile(r"\b(?:calls?|calling)\s+me\s+([a-z]+)\b")
#: (besides the words that end any name, ``_NAME_ENDS``: "calls me when", "calls me at")
_NOT_NICKNAMES = frozenset("back later tomorrow tonight today if asap again please pls once sometime soon first up out "
                           "round over about crazy mad names stuff things".split())


def _band_names(text: str) -> list[int]:
    """Where the words of a band's name begin, in a message about playing in a band typed without capitals: the two
    or three words after "gig with", "joined", "left" and their like, up to a word that ends a name."""
    if not _BAND_TALK.search(text):
        return []
    starts = []
    for match in _BAND_SLOT.finditer(text):
        words = list(re.finditer(r"[a-z]+", match.group(1)))
        kept = []
        for word in words:
            if word.group() in _NAME_ENDS | _PREPOSITIONS | _CALENDAR | _NOT_BAND_WORDS or not _bare_name_word(word.group()):
                break
            kept.append(match.start(1) + word.start())
        if len(kept) >= 2:  # one word alone is read by its rarity, as any name is
            starts += kept
    return starts


@lru_cache(maxsize=1)
def _lexicon_file() -> dict:
    """The case lexicon as stored: read once per process."""
    with gzip.open(LEXICON, "rt", encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, str], frozenset[str]]:
    """(the usual capitalised spelling of each word that has one, the words known to be written lower
    case or known with no case: an uncased word alone may be a noun, "cello practice then bed")."""
    return _lexicon_file()["capital"], frozenset(_lexicon_file()["lower"]) | _uncased_words()


@lru_cache(maxsize=1)
def _uncased_words() -> frozenset[str]:
    """Words only an uncased vocabulary knows: most are names ("osman", "declan"), some nouns ("cello")."""
    return frozenset(_lexicon_file().get("uncased", ()))


@lru_cache(maxsize=1)
def _uncased_only() -> frozenset[str]:
    """Uncased-vocabulary words no cased source writes lower case: mostly names ("swansea", "everton"), some
    nouns ("cello"). In a message with no capital at all they are taken for names, as a word no source knows is,
    except before the noun of a thing done ("cello practice"); in one with capitals, only in a place's or a club's
    slot."""
    return _uncased_words() - frozenset(_lexicon_file()["lower"]) - _NEVER_NAMES - _NAME_ENDS


def usually_capitalised(word: str) -> bool:
    """Whether edited English writes the word with a capital ("Murphy", "Sarah"; not "took", "home")."""
    return word.lower() in _lexicon()[0]


def a_lower_case_word(word: str) -> bool:
    """Whether edited English writes the word lower case and never with a capital ("finally", "just"; not "Sean",
    and not a word it does not know, as most names are: "Priya")."""
    lower = word.lower()
    return lower in _lexicon_file()["lower"] and lower not in _lexicon()[0]


def typed_without_capitals(text: str) -> bool:
    """True when no capital stands where edited English would not put one: sentence starts and "I" aside.

    Such a message carries no case information; any other capital means its writer capitalises names.
    """
    if not any(c.isalpha() for c in text):
        return False
    starts = {match.end() for match in _SENTENCE_START.finditer(text)}
    for match in re.finditer(r"[A-Z]", text):
        index = match.start()
        if index in starts or _standalone_i(text, index):
            continue
        return False
    return True


def lower_sentence_starts(text: str) -> bool:
    """True when every sentence of the message starts lower case ("my bf jack works at PwC"): its writer does not
    capitalise as edited English does, so a capital there is a brand's own ("PwC") and says nothing of the
    other names, which may be typed lower case."""
    starts = [match.end() for match in _SENTENCE_START.finditer(text)]
    return bool(starts) and all(text[start].islower() for start in starts)


def _standalone_i(text: str, index: int) -> bool:
    before = text[index - 1] if index else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    return text[index] in "Ii" and not before.isalnum() and not after.isalnum() and \
        not (after == "." and text[index + 2:index + 3].isalpha())


def _of_no_known_case(word: str) -> bool:
    """A word no source writes lower case: known only uncased ("osman") or not at all ("manca")."""
    capital, lower = _lexicon()
    return word.isalpha() and len(word) > 2 and word not in _NEVER_NAMES | _NAME_ENDS and \
        (word in _uncased_words() or word not in lower and word not in capital)


def _known_form(word: str, lower: frozenset[str]) -> bool:
    """A form of a known lower-case word: "bingeing" (binge), "rewatching" (watch), "runners" (runner)."""
    for prefix in _PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 4:
            rest = word[len(prefix):]
            if rest in lower or _known_form(rest, lower):
                return True
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[:-len(suffix)]
            if {stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else stem} & lower or \
                    suffix == "es" and stem.endswith("i") and {stem[:-1] + "y", stem + "e"} & lower:
                return True
    return False


#: Before a word for a person by their work: "a barber", "my baker", "her porter".
_ROLE_DETERMINERS = frozenset("a an my our your his her their".split())


def word_case(word: str, previous: str | None, sentence_capitals: bool = False) -> str:
    """How English usually writes ``word`` (lower case) after the word ``previous`` (lower case, or None).

    Every capital the lexicon knows is restored, and in a message with no capital at all a word it does not know
    is taken for a name.
    ``sentence_capitals``: the message capitalises its sentence starts (as a phone does) and nothing else; then
    only the lexicon's names are restored, not a guess for a word it does not know, and a word after "my",
    "the", "our" ... stays as typed ("Starlink for our wifi at home": a noun, whatever the lexicon's "WiFi").
    """
    capital, lower = _lexicon()
    if len(word) < 2:
        return word  # "i" is the pronoun only where it stands alone (``truecased``); "i.e." is no name
    if previous in _TITLES and word.isalpha():
        return word.capitalize()
    if word in _TITLES:
        return _TITLES[word]
    if _MODEL_CODE.fullmatch(word):
        return word.upper()  # "galaxy s21", "a4"
    if not word.isalpha() or word in _NEVER_NAMES or (word in _COMPOUND_HEADS and previous in _KIND_NOUNS):
        return word
    if sentence_capitals and previous in _DETERMINERS and word not in _CALENDAR:
        return word
    if previous in _ROLE_DETERMINERS and names_a_role(word):
        return word  # "i'm a barber", "my baker": the work, whatever surname the lexicon counted ("Barber"); after
        # "the", a title keeps its capital ("the Guardian")
    if word in capital:
        return capital[word]
    if sentence_capitals or word in lower and word not in _uncased_only() or len(word) < 3 or previous in _DETERMINERS or not _VOWEL.search(word) or \
            word.endswith(_COMMON_ENDINGS) or _known_form(word, lower):
        return word
    return word.capitalize()  # rare in English text: in chat, most likely a name or a brand


def _bare_name_word(word: str) -> bool:
    """A word that may be a name standing alone: no function word, pronoun, determiner or kin noun."""
    return word not in _NEVER_NAMES | _NAME_ENDS | _DETERMINERS | _PERSONAL_PRONOUNS and len(word) > 1


def _names_before_their_kind(text: str, pattern: re.Pattern = _NAME_BEFORE_KIND) -> list[int]:
    """Where the words of a name set before its kind (or a relative clause on it) begin: the words after the last
    function word."""
    starts = []
    for match in pattern.finditer(text):
        words = list(re.finditer(r"[a-z]+", match.group(1)))
        kept = []
        for word in reversed(words):
            if not _bare_name_word(word.group()):
                before = word.group()
                break
            kept.insert(0, word)
        else:
            before = None if match.start(1) == 0 else text[:match.start(1)].split()[-1:] and text[:match.start(1)].split()[-1]
        if not kept or before in ("my", "our", "your", "his", "her", "their", "a", "an", "its") or \
                before == "the" and len(kept) < 2 or kept[-1].group().endswith("ly"):
            continue  # "my mates, the best band": a noun; "the kids, my ...": one word after "the" is a noun
        if before not in _PREPOSITIONS and before != "the":
            kept = kept[-1:]  # "we adopted biscuit, a spaniel": only a preposition's object is all a name
        starts += [match.start(1) + word.start() for word in kept]
    return starts


def _name_starts(text: str, models: bool = True) -> list[int]:
    """Where the words of a name begin in the naming slots of a message typed without capitals (``models``: also
    a maker's model, which a writer who types a brand's capitals types as it is spelled: "iPhone 13 mini")."""
    starts = [match.start(1) for match in _APPOSED.finditer(text) if match.group(1) not in _NEVER_NAMES]
    starts += _names_before_their_kind(text)
    starts += _names_before_their_kind(text, _BEFORE_RELATIVE)
    starts += _band_names(text)
    starts += [match.start(1) for match in _CALLS_ME.finditer(text)
               if _bare_name_word(match.group(1)) and match.group(1) not in _NOT_NICKNAMES]
    for match in _FIRM_KIND.finditer(text):
        kept = []
        for word in reversed(list(re.finditer(r"[a-z]+", match.group(1)))):  # the name's words before its kind
            if not _bare_name_word(word.group()) or word.group() in _NOT_FIRM_WORDS | _PREPOSITIONS or \
                    word.group().endswith(("ed", "ing")):
                break
            kept.append(match.start(1) + word.start())
        # the whole run, or its end after a function word ("now castle garage"; not "big castle garage")
        if kept and (len(kept) == len(match.group(1).split()) or match.group(1).split()[-len(kept) - 1] in
                     _NAME_ENDS | _PREPOSITIONS):
            starts += kept + [match.start(2)]
    for match in _NOTED_NAME.finditer(text):
        if match.group(1) in _DETERMINERS:
            continue  # "my dad is a barber": what he is, not who ("Barber" as the lexicon's surname)
        starts += [match.start(g) for g in (1, 2) if match.group(g) and _bare_name_word(match.group(g))
                   and not a_lower_case_word(match.group(g))]  # "my manager: never again" names no one
    for match in _WITH_THE_USER.finditer(text):
        group = 1 if match.group(1) else 2
        if _bare_name_word(match.group(group)):
            starts.append(match.start(group))
    starts += [match.start(1) for match in _BEFORE_MODEL_CODE.finditer(text) if _bare_name_word(match.group(1))]
    for match in _RACE_NAME.finditer(text):
        starts += [match.start(1) + word.start() for word in re.finditer(r"\S+", match.group(1))]
        starts += [match.start(2) + word.start() for word in re.finditer(r"\S+", match.group(2))]
    # a word only the uncased vocabulary knows (most are places and clubs: "swansea", "everton"), where English
    # puts a place or a club: "in swansea", "from glasgow to norwich", "support everton"
    for match in _PLACE_SLOT.finditer(text):
        starts += [match.start(g) for g in (1, 2) if match.group(g) in _uncased_only()]
    for match in _MAKER_AND_MODEL.finditer(text if models else ""):
        words = list(re.finditer(r"\S+", match.group()))
        if len(words) == 2 and words[1].group() in _MODEL_WORDS and words[0].group() not in DEVICES:
            continue  # "samsung air": a maker and a word, not a model
        starts += [match.start() + word.start() for word in words]
    starts += [match.start(1) for match in _KIN_NAME.finditer(text)
               if match.group(1) not in _NEVER_NAMES | _NAME_ENDS | _NOT_AFTER_KIN
               and not match.group(1).endswith(("ed", "ing"))]
    for match in _NAMING.finditer(text):
        position = match.end()
        for _ in range(3):  # "night tram", "ursula le guin": a name of up to three words
            word = _NAME_WORD.match(text, position)
            if word is None or word.group() in _NAME_ENDS:
                break
            starts.append(position)
            position = word.end()
            if not text.startswith(" ", position):
                break
            position += 1
    return starts


def _join_name_words(text: str, chars: list[str]) -> None:
    """In a message with no capital at all, a content word joined by "&" to a word given its capital is part of
    one name with it ("bean & Bramble" is Bean & Bramble). (A word of no known case before such a name is not
    taken for its first name: "fiona Baxter" would be Fiona, but "lynx Africa" and "worcester Combi" are a
    product and a boiler whose first word the dev timelines then read as a name of its own; tried on dev, left.)"""
    words = list(_WORD.finditer(text))
    for word, following in zip(words, words[1:]):
        if text[word.end():following.start()] == " & " and word.group().islower() and \
                chars[word.start()].islower() and chars[following.start()].isupper() and \
                word.group() not in _NEVER_NAMES and len(word.group()) > 2:
            chars[word.start()] = chars[word.start()].upper()


#: A note's bare label, then its colon and a name: "solicitor: moss & reid", "cleaner: danuta, fridays". Its capital
#: is restored, as a notes app gives it: the parse reads a lower-case label and the name after its colon as two
#: sentences. ("my manager: never again" is said, not noted; "coffee order: white with two sugars" names no one.)
_NOTE_LABEL = re.compile(r"(?!(?:my|our|your|his|her|their|the|a|an)\b)[a-z]+(?: [a-z]+){0,2}:\s+\S")


def truecased(text: str, all_lower: bool | None = None) -> str:
    """``text`` with the capitals of names and of "I" restored, when it was typed without them.

    ``all_lower``: whether the message was typed with no capital at all, when ``text`` is already a reading
    of it ("im" read as "I'm" is still a message typed all in lower case).
    """
    brands_typed = not typed_without_capitals(text)  # "my bf jack works at PwC": its capitals are a brand's own
    if brands_typed and not lower_sentence_starts(text):
        return text
    # all lower case: nothing says how its writer spells names, so a rare word is taken for one; with sentence
    # starts capitalised (as a phone does, or edited English with no name), or with a capital only in a brand
    # (a writer who does not capitalise sentences), only the names the lexicon knows
    sentence_capitals = any(c.isupper() for c in text) if all_lower is None else not all_lower
    chars = list(text)
    previous: str | None = None
    named = False  # the word before was made a name here
    for match in _WORD.finditer(text):
        word = match.group()
        hyphened = text[match.start() - 1:match.start()] == "-" or text[match.end():match.end() + 1] == "-"
        cased = word if hyphened else word_case(word.lower(), previous, sentence_capitals)  # "wi-fi" is no name
        if named and word.lower() in _NAME_KINDS and text[match.start() - 1:match.start()] == " ":
            cased = word.capitalize()  # "Victoria park" is Victoria Park
        elif named and text[match.start() - 1:match.start()] == " " and _of_no_known_case(word.lower()):
            cased = word.capitalize()  # "Richard osman": after a name, a word of no known case is its surname
        if cased != word and word.lower() in _uncased_only() and _ACTIVITY_AFTER.match(text, match.end()):
            cased = word  # "cello practice then bed": a thing done, whatever the uncased vocabulary's names
        if word[0].isupper() and cased[0].islower() or any(c.isupper() for c in word[1:]) or \
                brands_typed and any(c.isdigit() for c in word):
            cased = word  # a sentence start stays as typed, and so does a brand's own casing ("iPhone", "PwC", "i30")
        named = cased[0].isupper() and not word[0].isupper()
        chars[match.start():match.end()] = cased
        previous = word.lower()
    if not sentence_capitals:
        _join_name_words(text, chars)
    for start in _name_starts(text.lower(), models=not brands_typed):  # "My brother tariq is": the phone's capital changes nothing
        if not re.match(r"\w*[A-Z]", "".join(chars[start + 1:start + 24])):  # "iPhone" keeps its own capitals
            chars[start] = chars[start].upper()
    for match in _MAKER_AND_MODEL.finditer(text.lower() if not brands_typed else ""):  # "dell xps 13": a model's initials
        for word in re.finditer(r"[a-z]+", match.group()):
            if len(word.group()) <= 4 and not _VOWEL.search(word.group()):
                at = match.start() + word.start()
                chars[at:at + len(word.group())] = word.group().upper()
    for at, spelled in known_names_in_lower(text):  # "planet fitness", "cleveland browns": as the brand writes it
        chars[at:at + len(spelled)] = spelled
    for match in re.finditer(r"\bi\b", text):
        if _standalone_i(text, match.start()):
            chars[match.start()] = "I"
    if not sentence_capitals:
        for match in _SENTENCE_START.finditer(text):
            label = _NOTE_LABEL.match(text, match.end())
            if label and chars[label.end() - 1].isupper():  # "solicitor: Moss & Reid": a note's label, then a name
                chars[match.end()] = chars[match.end()].upper()
    return "".join(chars)
