"""Contractions typed without their apostrophe ("im", "dont") read as written with it.

Chat drops apostrophes: "im at ocado now", "ive been an analyst", "the bus doesnt run". The rules read "I'm"
and "I've" as the user speaking of themself and "doesn't" as a denial, so the fact pass reads the message with
the apostrophes put back (``reading``); the stored message is never changed.

Each word is judged by how much English doubts it, from its neighbours only:

* ``_ALWAYS``: the bare form is no English word ("dont", "ive", "theyre"): always restored;
* ``_BY_NEXT_WORD``: the bare form is a word too ("ill", "id", "shed", "hell", "wed"): restored only before a
  word that opens a verb phrase ("ill be there", "id rather not"), which the bare word is never followed by
  ("feel ill today", "my id card", "the shed door"); "its" before a word only "it's" takes ("its been ages",
  "its with Aviva", "these days its Netflix"), never before a noun ("its owner");
* "were" reads "we're" only where it opens a sentence before a word a past "were" could not take without a
  subject ("were moving in may", "were not sure"); "Were you ...?" is a question and stays;
* an "-s" that is a possessive or "is"/"has": a kin noun after "my"/"a" before a word no plural subject takes
  ("my sisters flat", "a friends wedding", "my mums been ill"), a name before a noun of someone's person
  ("Nicos teacher"), a consonant + "ys", which is never a plural ("Poppys first lesson").

Left as typed, because the bare word is common English and nothing local tells them apart: "well", "shell",
"lets", the possessive of a name before a thing ("Robs band": "Boots pharmacy" is no possessive) and names
typed with their apostrophe dropped inside ("The Stags Head").
"""
from __future__ import annotations

import re

#: Contractions whose bare form is no English word: the bare form is the contraction without its apostrophe.
_ALWAYS_WRITTEN = (
    "I'm I've don't doesn't didn't can't isn't aren't wasn't weren't haven't hasn't hadn't wouldn't couldn't "
    "shouldn't mustn't needn't shan't ain't won't you're you've you'll you'd they're they've they'll they'd "
    "we've it'll that's that'll what's what're what'll who's who've who'll who'd where's there's here's how's "
    "he's she's he'd it'd that'd there'd there'll would've could've should've might've must've "
    "y'all someone's everyone's anyone's nobody's somebody's everybody's"
).split()
_ALWAYS = {written.replace("'", "").lower(): written for written in _ALWAYS_WRITTEN}

#: Bare forms that are English words too, restored only before the start of a verb phrase.
_BY_NEXT_WORD = {"ill": "I'll", "id": "I'd", "hell": "he'll", "shed": "she'd", "wed": "we'd", "its": "it's"}

#: Words that open a verb phrase after "I'll", "I'd", "he'll", "she'd", "we'd": a bare verb or an adverb of
#: one. The bare words above never precede them ("feel ill today", "my id card", "the shed door").
_VERB_PHRASE_STARTS = frozenset(
    "be have go get try see take do make let need call text send bring pick check ask tell start stop keep look "
    "come leave move give put buy pay sort think like love rather better prefer hate say want never always "
    "just probably definitely prob def still also really only already actually maybe been not finally "
    "happily gladly honestly totally".split())

#: Words that follow "it's" but never the determiner "its" ("its been ages", "its called Bramble", "its my
#: birthday"); "its own", "its tail", "its running costs" and "its fair share" keep the determiner, so no
#: adjective that may stand before a noun is here.
_AFTER_IT_IS = frozenset(
    "a an the been not so very really just got going getting all only my our your his her their still also "
    "always never quite pretty too actually called about in on at for from over ok okay fine "
    "honestly literally basically probably definitely like this that what how where when why with by near up "
    "down out off back now here there gone done closed shut worth because".split())
#: A contraction typed with its apostrophe ("that's", "I'm", "don't"): the writer types them, so a bare "its" before
#: a name is the determiner.
_TYPES_APOSTROPHES = re.compile(r"(?i)\b(?:[a-z]+n['’]t|i['’]m|(?:it|that|what|there|he|she)['’]s|[a-z]+['’](?:re|ve|ll|d))\b")
#: Words the determiner "its" follows before a name it modifies ("on its Facebook page"); after any other word
#: "its" before a capitalised word is "it's": "these days its Netflix", "its Dana who runs it".
_BEFORE_ITS_NAME = frozenset("of on in with by to from for at about into onto under over through and or".split())

#: Words a bare "ill", "shed", "hell", "wed" follows as itself: an adjective after a copula or adverb, a noun
#: after a determiner, a weekday after a preposition of time ("on wed").
_BARE_AFTER = frozenset(
    "feel feels felt feeling be been was is are were being very so too really seriously mentally terminally "
    "critically quite fell fall falls look looks looked the a an my our your his her their this that garden "
    "old new of to from like as bloody living holy on next last every by till until this".split())

#: Words a past "were" at the start of a sentence cannot be followed by without its subject: "Were not sure",
#: "were moving in may". "Were you/they/the ... ?" opens a question and stays.
_AFTER_WE_ARE = frozenset(
    "not still all both so just now finally off in at back home done engaged married expecting based "
    "thinking hoping planning trying looking going getting moving having doing starting staying heading "
    "off looking renting buying selling".split())

#: Kin nouns whose possessive chat types without the apostrophe: "my sisters flat", "a friends wedding".
_KIN = frozenset(
    "mum mom mam dad mother father sister brother wife husband partner boyfriend girlfriend son daughter friend "
    "boss nan gran grandma granny grandad grandpa aunt auntie uncle cousin niece nephew fiance fiancee "
    "flatmate housemate roommate neighbour neighbor colleague".split())
#: Determiners before a kin noun's possessive: one owner ("a friends wedding") or the user's ("my sisters flat").
_OWNERS = frozenset("my our a your his her their".split())
#: Words a plural kin noun is followed by as a subject or in a list ("my sisters live in Leeds", "my sisters
#: and I"): a verb, an auxiliary, an adverb, a preposition, a conjunction, a relative; after any of these the
#: "-s" is the plural and stays.
_AFTER_A_PLURAL = frozenset(
    "are were have had do did dont didnt will would can could should may might must and or but both all who "
    "which that whom whose live lived work worked love loved like liked hate think thought say said came come "
    "went go got get visit visited arent werent havent still also always never just often usually really "
    "in at on from to with for of by about as than each together too is was be been being "
    "know knew want wanted need needed call called here there now then today tonight yesterday again though "
    "mostly".split())

#: Words between an owner and a kin noun: "my little brothers teacher", "my best friends wedding".
_KIN_MODIFIERS = frozenset("little big older younger elder twin baby best oldest youngest eldest".split())
#: Nouns naming a person (or pet) someone has, after a name's possessive: "Nicos teacher", "Toms dog".
_PERSON_NOUNS = frozenset(_KIN | set("teacher coach tutor nanny childminder doctor dentist therapist "
                                     "godmother godfather stepdad stepmum dog cat puppy kitten pet".split()))
#: Words between a possessive and the person noun it owns: "Ritas new husband", "Sams little sister".
_PERSON_MODIFIERS = frozenset(_KIN_MODIFIERS | {"new", "old", "ex"})
#: Participles a bare noun is never followed by as a plural subject ("the kids gone" needs "have"): after a
#: singular, the "s" is "has": "Gordons gone", "my mums been ill".
_HAS_PARTICIPLES = frozenset({"gone", "been"})

#: Kin nouns that name one person (a user has one mum): opening a sentence with no determiner, "Mums in
#: Galway" is "Mum's in Galway" (a plural would be generic: "Mums are ...", and stays).
_ONE_PERSON = frozenset("mum mom mam dad nan gran grandma granny grandad grandpa boss wife husband partner "
                        "boyfriend girlfriend".split())
#: Words after "Mum's" = "Mum is/has" that a generic plural "Mums" does not take as its verb.
_AFTER_SOMEONE_IS = frozenset(
    "in at on off a an the so just been got not still now finally back home moving going getting having doing "
    "coming staying retired pregnant sick better fine ok okay away out over really very".split())

#: Words before "wont", the noun or adjective of habit, that "won't" never follows: "as is his wont".
_BEFORE_A_HABIT = frozenset("his her their its my our your is was are were".split())

#: "I" and its contractions without the apostrophe.
_I_FORMS = frozenset({"i", "im", "ive", "id", "ill"})

_WORD = re.compile(r"(?<![\w'’@#/\\.-])([A-Za-z]+)(?![\w'’@/\\-]|\.\w)")
_SENTENCE_OPENING = re.compile(r"(?:[.!?;:]\s*|\n\s*)$")
#: How far back a word's context is read: every rule looks at most two words away, and reading the whole text
#: before each word made a megabyte paste take hours (each word's look-back must cost the same, not grow).
_LOOK_BACK = 200
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z'’]+)(?![\w-])")
_WORD_AFTER_NEXT = re.compile(r"[ \t]+[A-Za-z'’]+[ \t]+([A-Za-z'’]+)(?![\w-])")
_WORD_BEFORE = re.compile(r"([A-Za-z'’]+)[ \t]+$")


def _opens_sentence(text: str, start: int) -> bool:
    """Nothing but a sentence's end (or the text's start) before ``start``."""
    return start == 0 or bool(_SENTENCE_OPENING.search(text, max(0, start - _LOOK_BACK), start))


def _next_word(text: str, end: int) -> str:
    """The word after ``end`` as typed, apostrophes left out (so a restored word reads as it did before), or
    "" when punctuation other than a space comes first."""
    match = _NEXT_WORD.match(text, end)
    return _as_compared(match.group(1)) if match else ""


def _previous_word(text: str, start: int) -> str:
    """The word before ``start`` as typed (its case tells a name), apostrophes left out; "" after punctuation."""
    return _previous_word_at(text, start)[0]


def _previous_word_at(text: str, start: int) -> tuple[str, int]:
    """The word before ``start`` (as ``_previous_word``) and where it begins."""
    match = _WORD_BEFORE.search(text, max(0, start - _LOOK_BACK), start)
    return (_as_compared(match.group(1)), match.start(1)) if match else ("", start)


def _as_compared(word: str) -> str:
    """A neighbouring word as the rules compare it: without apostrophes, and "I", "I'm", "I've" in lower case
    (their capital is no name's, and "im" becomes "I'm" here), so a second reading decides as the first."""
    bare = word.replace("'", "").replace("’", "")
    return bare.lower() if bare.lower() in _I_FORMS else bare


def _cased(written: str, typed: str) -> str:
    """``written`` in the letter case of ``typed``: "Dont" -> "Don't", "DONT" -> "DON'T"; "I" stays a capital."""
    if typed.isupper() and len(typed) > 1:
        return written.upper()
    if typed[0].isupper():
        return written[0].upper() + written[1:]
    return written


def _restored(text: str, match: re.Match[str]) -> str:
    typed = match.group(1)
    bare = typed.lower()
    if typed.isupper() and len(typed) > 1 and bare not in _ALWAYS:
        return typed  # "ID", "ILL", "ITS": an abbreviation or shouting, not a dropped apostrophe
    if typed.isupper() and bare in ("im", "id"):
        return typed  # "IM": instant message
    opening = _opens_sentence(text, match.start())
    previous = _previous_word(text, match.start())
    if bare in _ALWAYS:
        if typed == "Ive" and not opening and previous[:1].isupper():
            return typed  # "Jony Ive": a surname after a name
        if bare == "wont" and (previous.lower() in _BEFORE_A_HABIT or _next_word(text, match.end()) == "to"):
            return typed  # "as is her wont", "wont to wander": the old word for a habit
        return _cased(_ALWAYS[bare], typed)
    typed_next = _next_word(text, match.end())
    following = typed_next.lower()
    if bare == "its":
        # before a name, "its" is "it's" only for a writer who drops apostrophes: one who typed "that's" elsewhere
        # meant the determiner ("failed its MOT, so that's it gone"); "its been" is "it's been" for anyone
        it_is = following in _AFTER_IT_IS or (typed_next[:1].isupper() and previous.lower() not in _BEFORE_ITS_NAME
                                              and not _TYPES_APOSTROPHES.search(text))
        return _cased("it's", typed) if it_is else typed
    if bare in _BY_NEXT_WORD:
        if following in _VERB_PHRASE_STARTS and previous.lower() not in _BARE_AFTER:
            return _cased(_BY_NEXT_WORD[bare], typed)
        return typed
    if bare == "were":
        return _cased("we're", typed) if following in _AFTER_WE_ARE and opening else typed
    owner = previous.lower()
    if owner in _KIN_MODIFIERS:  # "my little brothers teacher": the owner is the word before the modifier
        owner = _previous_word(text, _previous_word_at(text, match.start())[1]).lower() or owner
    if _kin_possessive(bare, owner, typed_next, opening) or _y_name_possessive(bare, owner, following) or \
            _name_possessive(typed, owner, following, _word_after(text, match.end(), following)):
        return typed[:-1] + "'" + typed[-1]
    return typed


def _y_name_possessive(bare: str, previous: str, following: str) -> bool:
    """A word ending in a consonant and "ys" is no plural (those end "-ies": "parties", "Poppies"), so its
    "s" is a possessive or "is": "Poppys first lesson", "the Sainsburys delivery". "Rhys" has no vowel
    before its "y"; a family's plural, "the Kennedys are coming", stays before a verb."""
    stem = bare[:-2]
    return bare.endswith("ys") and len(stem) >= 2 and stem[-1] not in "aeiouy" and \
        any(vowel in stem for vowel in "aeiou") and not (previous == "the" and (following in _AFTER_A_PLURAL or
                                                                                not following))


def _word_after(text: str, end: int, following: str) -> str:
    """The word after the next one, in lower case, when the next one modifies a person noun ("new", "little")."""
    if following not in _PERSON_MODIFIERS:
        return ""
    match = _WORD_AFTER_NEXT.match(text, end)
    return _as_compared(match.group(1)).lower() if match else ""


def _name_possessive(typed: str, previous: str, following: str, after_modifier: str = "") -> bool:
    """A name's "-s" before a noun naming someone's person ("Nicos teacher", "Ritas new husband") or before
    "gone" / "been", which a plural takes only after "have" ("Gordons gone to Leeds"). Names that end in "s"
    as typed ("Chris", "Marcus", "Ross") and those in "-es" ("James", "Wales") are left; so is a word after
    "the" ("the Rangers coach")."""
    bare = typed.lower()
    if not typed[:1].isupper() or typed.isupper() or len(bare) < 4 or not bare.endswith("s") or \
            bare.endswith(("ss", "us", "is", "es")) or previous == "the":
        return False
    return following in _HAS_PARTICIPLES or following in _PERSON_NOUNS or after_modifier in _PERSON_NOUNS


def _kin_possessive(bare: str, previous: str, typed_next: str, opening: bool) -> bool:
    """A kin noun's "-s" is its possessive or "is": "my sisters flat", "a friends wedding", "Mums in Galway".
    A capitalised next word is a name in apposition to a plural ("my friends Tom and Ann") and stays; before
    "gone" or "been" it is "has" ("my mums been ill"): a plural would need "have"."""
    if not bare.endswith("s") or bare[:-1] not in _KIN:
        return False
    following = typed_next.lower()
    if following in _HAS_PARTICIPLES and (previous in _OWNERS or (opening and not previous)):
        return True
    if opening and not previous:  # "Mums in Galway", "Dads birthday": one person's noun opening a sentence
        return bare[:-1] in _ONE_PERSON and (following in _AFTER_SOMEONE_IS or _names_a_thing(typed_next))
    return previous in _OWNERS and _names_a_thing(typed_next)


def _names_a_thing(typed_next: str) -> bool:
    """The word after a kin noun's "-s" may be what it owns: a word in lower case (a capital starts a name in
    apposition: "my friends Tom and Ann") that no plural subject is followed by, nor a past tense or adverb."""
    following = typed_next.lower()
    return typed_next.islower() and following not in _AFTER_A_PLURAL and not following.endswith(("ed", "ly"))


def with_apostrophes(text: str) -> str:
    """``text`` with the apostrophes of contractions restored where English leaves no doubt (see the module)."""
    return _WORD.sub(lambda match: _restored(text, match), text)
