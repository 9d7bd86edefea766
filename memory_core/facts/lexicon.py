"""Values that name their own attribute, written in lowercase.

Casual chat drops the attribute and the capital letters: "jazz all day", "yoga
twice a week", "kombucha > everything", "bus to work, as usual". A proper name
needs a cue word to say what it is; a genre, a sport, a drink or a way to
commute says it by itself. These word lists are general vocabulary (broad, not
the evaluation's values) so a first-person sentence that names exactly one such
value, of one kind, yields a fact even when no frame parses it, and a change
that ends one value can pick the new value of the same kind from the same breath.
"""
from __future__ import annotations

import re

LEXICON: dict[str, tuple[str, ...]] = {
    "music": ("jazz", "techno", "bluegrass", "k-pop", "kpop", "j-pop", "pop music", "rock", "indie rock", "punk",
              "synthwave", "opera", "classical", "classical music", "metal", "heavy metal", "folk", "country",
              "country music", "house music", "deep house", "edm", "indie", "blues", "reggae", "reggaeton", "soul",
              "r&b", "disco", "ambient", "lo-fi", "lofi", "hip hop", "hip-hop", "rap", "grime", "drum and bass",
              "dnb", "dubstep", "trance", "funk", "gospel", "afrobeats", "emo", "grunge", "ska", "swing", "bossa nova",
              "flamenco", "shoegaze", "post-rock", "vaporwave", "trap", "drill", "soundtracks", "musicals", "baroque",
              "salsa music", "latin music", "bachata", "cumbia", "fado", "celtic music", "americana", "motown"),
    "hobby": ("yoga", "pilates", "rock climbing", "climbing", "bouldering", "swimming", "kickboxing", "boxing",
              "tennis", "padel", "squash", "badminton", "running", "jogging", "cycling", "spinning", "crossfit",
              "weightlifting", "powerlifting", "judo", "karate", "taekwondo", "jiu-jitsu", "bjj", "fencing",
              "rowing", "kayaking", "surfing", "skateboarding", "skiing", "snowboarding", "hiking", "golf",
              "basketball", "volleyball", "football", "soccer", "rugby", "cricket", "baseball", "hockey",
              "dancing", "salsa", "ballet", "zumba", "barre", "tai chi", "martial arts", "archery", "table tennis",
              "ping pong", "knitting", "crochet", "pottery", "painting", "drawing", "photography", "gardening",
              "birdwatching", "chess", "woodworking", "baking", "sewing", "calligraphy", "meditation", "parkour",
              "triathlon", "trail running", "mountain biking", "sailing", "scuba diving", "diving", "horse riding",
              "lawn bowls", "crown green bowls", "bowling", "snooker", "darts", "netball", "fishing", "angling"),
    "drink": ("green tea", "black tea", "herbal tea", "chai", "matcha", "espresso", "kombucha", "lemonade",
              "hot chocolate", "iced coffee", "cold brew", "latte", "cappuccino", "americano", "smoothies",
              "smoothie", "orange juice", "apple juice", "sparkling water", "seltzer", "soda water", "cola",
              "coke", "diet coke", "root beer", "ginger ale", "ginger beer", "iced tea", "bubble tea", "boba",
              "milkshake", "hot cider", "oat latte", "flat white", "mocha", "rooibos", "yerba mate", "kefir",
              "coconut water", "energy drinks", "red bull", "tonic water", "club soda"),
    "commute": ("train", "bus", "ferry", "tram", "bike", "bicycle", "e-bike", "scooter", "e-scooter", "subway",
                "metro", "tube", "underground", "car", "carpool", "motorbike", "motorcycle", "walk", "on foot",
                "light rail", "streetcar", "cable car", "boat", "coach", "shuttle"),
}
#: A transport word is a commute only where the sentence speaks of getting somewhere.
_COMMUTE_CONTEXT = re.compile(r"(?i)\b(?:commut\w*|to\s+(?:work|the\s+office|uni|school|campus|my\s+job)|into\s+"
                              r"(?:work|the\s+office|town|the\s+city)|get(?:ting)?\s+(?:to|in)|ride|riding|take|"
                              r"taking|catch|catching|hop\s+on|by)\b")
#: Gear and clothing a sport or drink word modifies: "running shoes", "football boots", "tennis racket" name what
#: was bought or worn, not an activity the user does.
_GEAR = (r"(?:shoes|shoe|boots|trainers|kit|gear|shorts|socks|leggings|gloves|mat|mats|racket|racquet|rackets|"
         r"helmet|goggles|costume|cap|jersey|shirt|top|tights|bottle|flask|cup|mug|machine|maker|pods|capsules)")
_PATTERNS = {kind: re.compile(r"(?i)(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True))
                              + r")(?![\w-])(?!\s+(?:late|out|low|behind|short|errands|around|away|over|into|"
                              r"for\s+(?:office|president|mayor)|" + _GEAR + r")\b)") for kind, words in LEXICON.items()}


#: A capitalised word joined to another capitalised word: "The Ferry Inn", "Salsa Republic", "Yoga Works".
_NAME_AFTER = re.compile(r"\s+(?:of\s+|the\s+|&\s+)?[A-Z]")
_NAME_BEFORE = re.compile(r"[A-Z][\w'&-]*\s+(?:of\s+|the\s+|&\s+)?$")


def _inside_a_name(sentence: str, start: int, end: int) -> bool:
    """A lexicon word written with a capital inside a run of capitalised words is part of a proper name
    (a pub, a studio, a band), not the drink, sport or genre it spells; a capital that only opens the
    sentence says nothing."""
    if not sentence[start:start + 1].isupper():
        return False
    after = _NAME_AFTER.match(sentence, end) is not None
    before = start > 0 and _NAME_BEFORE.search(sentence, 0, start) is not None and \
        _NAME_BEFORE.search(sentence, 0, start).start() > 0
    return after or before


def lexical_values(sentence: str) -> list[tuple[int, str, str]]:
    """(position, kind, value) for every lexicon value named in the sentence, longest first per place."""
    found: list[tuple[int, str, str]] = []
    taken: list[tuple[int, int]] = []
    every: list[tuple[int, int, str, str]] = []
    for kind, pattern in _PATTERNS.items():
        if kind == "commute" and not _COMMUTE_CONTEXT.search(sentence):
            continue
        every += [(m.start(1), m.end(1), kind, m.group(1).lower()) for m in pattern.finditer(sentence)]
    for start, end, kind, value in sorted(every, key=lambda m: m[0] - m[1]):  # "rock climbing" over "rock"
        if any(start < other_end and other_start < end for other_start, other_end in taken):
            continue
        if _inside_a_name(sentence, start, end):
            continue
        taken.append((start, end))
        found.append((start, kind, value))
    return sorted(found)


def kind_of(value: str) -> str | None:
    """The lexicon kind of a whole value ("with honey" has none; "green tea" is a drink)."""
    text = value.strip().lower()
    for kind, words in LEXICON.items():
        if text in words:
            return kind
    return None
