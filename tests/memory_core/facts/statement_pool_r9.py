"""Statement pool r9: first-person statements of durable facts, written before any run.

Written for issue 12 without reading the other pools, so capture on it says how the
extraction layers do on statements nobody tuned them for. Each statement names the value
a reader must find (any one spelling in the list) and whose fact it is ("user" or the
relation). Four registers: texting (lowercase, no punctuation), non-native, rambling with
asides, terse notes. The split is fixed by position: every third item (index % 3 == 2)
is TEST, the rest DEV. Sentences are never edited after a run.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PoolStatement:
    text: str
    kind: str
    owner: str
    values: tuple[str, ...]
    register: str


def _s(text: str, kind: str, owner: str, values: tuple[str, ...] | str, register: str) -> PoolStatement:
    if isinstance(values, str):
        values = (values,)
    return PoolStatement(text, kind, owner, values, register)


T, N, R, S = "texting", "non-native", "rambling", "terse"

STATEMENTS: tuple[PoolStatement, ...] = (
    # health
    _s("im allergic to shellfish so no prawns for me", "allergy", "user", ("shellfish",), T),
    _s("I have allergy on penicillin since I was child.", "allergy", "user", ("penicillin",), N),
    _s("Allergies: latex.", "allergy", "user", ("latex",), S),
    _s("i take sertraline every morning", "medication", "user", ("sertraline",), T),
    _s("Every night I am taking metformin for my sugar.", "medication", "user", ("metformin",), N),
    _s("Oh and, not that it matters much, I've been on levothyroxine for years now, thyroid thing.", "medication", "user", ("levothyroxine",), R),
    _s("my gp is dr okafor at the marsh lane surgery", "doctor", "user", ("Okafor",), T),
    _s("My dentist is Dr. Lindqvist, she is very gentle.", "dentist", "user", ("Lindqvist",), N),
    _s("Dentist - Brightsmile on Harbour Road.", "dentist", "user", ("Brightsmile",), S),
    _s("blood type is o negative", "blood type", "user", ("O negative", "o negative", "O-"), T),
    _s("I am type 1 diabetic, diagnosed when I was twelve.", "condition", "user", ("type 1 diabetic", "diabetic", "diabetes", "type 1"), N),
    _s("Asthma, mild, since childhood.", "condition", "user", ("asthma",), S),
    # diet and food
    _s("we're pescatarian in this house", "diet", "user", ("pescatarian",), T),
    _s("I don't eat meat, I am vegetarian from 2015.", "diet", "user", ("vegetarian",), N),
    _s("Gluten free, coeliac.", "diet", "user", ("gluten free", "gluten-free", "coeliac"), S),
    _s("i have my tea with oat milk no sugar", "tea order", "user", ("oat milk",), T),
    _s("My usual coffee is a flat white, always double shot.", "coffee order", "user", ("flat white",), N),
    _s("Honestly, and I know it's boring, my go-to order at the cafe is a cortado, every single time.", "coffee order", "user", ("cortado",), R),
    _s("fave food is pad thai hands down", "favourite food", "user", ("pad thai",), T),
    _s("My favourite dish is pierogi, my grandmother made them.", "favourite food", "user", ("pierogi",), N),
    _s("Fav takeaway: Golden Lotus.", "favourite takeaway", "user", ("Golden Lotus",), S),
    # home
    _s("i live in stockport now", "home town", "user", ("Stockport",), T),
    _s("I am living in Rotterdam since three years.", "home town", "user", ("Rotterdam",), N),
    _s("Home: 14 Alder Close, Kendal.", "address", "user", ("Alder Close", "Kendal"), S),
    _s("our landlord is a guy called pete marsh", "landlord", "user", ("Pete Marsh", "pete marsh"), T),
    _s("The flat we rent, which is tiny by the way, is from Harlow Lettings, who are useless.", "letting agent", "user", ("Harlow Lettings",), R),
    _s("Broadband: Zen Internet.", "broadband", "user", ("Zen Internet", "Zen"), S),
    _s("our internet is with plusnet", "broadband", "user", ("plusnet", "Plusnet"), T),
    _s("For electricity we are with Octopus Energy.", "energy supplier", "user", ("Octopus",), N),
    _s("We switched, ages ago actually, to Ecotricity for gas and electric, mostly because of the windmills.", "energy supplier", "user", ("Ecotricity",), R),
    # routines
    _s("im up at 6:15 most weekdays", "wake time", "user", ("6:15",), T),
    _s("I go to sleep always around 11 pm.", "bedtime", "user", ("11 pm", "11pm", "11"), N),
    _s("Bed by 10:30 on work nights.", "bedtime", "user", ("10:30",), S),
    _s("i swim at the leisure centre every tuesday", "swimming", "user", ("Tuesday", "tuesday", "leisure centre"), T),
    _s("Every Saturday morning I do parkrun at Heaton Park.", "parkrun", "user", ("Heaton Park",), N),
    _s("Yoga, Thursdays, 7pm.", "yoga", "user", ("Thursday", "Thursdays", "7pm"), S),
    # work
    _s("i work at a bakery called crumb and co", "employer", "user", ("Crumb and Co", "crumb and co", "Crumb & Co"), T),
    _s("I am working as a nurse in the children's ward.", "job", "user", ("nurse",), N),
    _s("Job: structural engineer.", "job", "user", ("structural engineer",), S),
    _s("So I'm a paralegal, which sounds grander than it is, at Whitcombe Shaw in the city.", "job", "user", ("paralegal",), R),
    _s("my boss is called fiona", "boss", "user", ("Fiona", "fiona"), T),
    _s("I commute by tram every day, it takes forty minutes.", "commute", "user", ("tram",), N),
    _s("Office: Wellington Place, Leeds.", "office", "user", ("Wellington Place", "Leeds"), S),
    _s("i work from home mondays and fridays", "remote days", "user", ("Mondays", "mondays", "Monday", "Fridays", "fridays"), T),
    # family
    _s("my husband's name is callum", "husband", "user", ("Callum",), T),
    _s("My wife Ingrid is working as a pharmacist.", "job", "wife", ("pharmacist",), N),
    _s("Partner - Dev, software tester.", "partner", "user", ("Dev",), S),
    _s("my sister lives in galway", "home town", "sister", ("Galway", "galway"), T),
    _s("My brother, bless him, finally settled down in Aberdeen with his girlfriend.", "home town", "brother", ("Aberdeen",), R),
    _s("My mother is living in Porto, she is retired.", "home town", "mother", ("Porto",), N),
    _s("my daughter poppy is in year 4", "daughter", "user", ("Poppy", "poppy"), T),
    _s("rosie goes to little acorns nursery", "nursery", "Rosie", ("Little Acorns", "little acorns"), T),
    _s("My son goes to Fernhill Primary, which, after all the fuss with the waiting list, he loves.", "school", "son", ("Fernhill Primary", "Fernhill"), R),
    _s("Dad's birthday is 3 March.", "birthday", "father", ("3 March", "March 3"), S),
    _s("my nan is 94 and still sharp", "age", "grandmother", ("94",), T),
    _s("My father is diabetic too, he takes insulin.", "medication", "father", ("insulin",), N),
    # pets
    _s("my dog is called biscuit", "dog", "user", ("Biscuit", "biscuit"), T),
    _s("We have a cat, her name is Miso.", "cat", "user", ("Miso",), N),
    _s("Dog: Pickle, a beagle.", "dog", "user", ("Pickle",), S),
    _s("our vet is castle vets on the high st", "vet", "user", ("Castle Vets", "castle vets"), T),
    _s("The rabbit, who is called Juniper if you can believe it, lives in the garden hutch.", "rabbit", "user", ("Juniper",), R),
    _s("My dog is a border collie, very clever one.", "dog breed", "user", ("border collie",), N),
    # hobbies
    _s("i play the cello", "instrument", "user", ("cello",), T),
    _s("My hobby is bouldering, I go two times a week.", "hobby", "user", ("bouldering",), N),
    _s("Hobbies: birdwatching, sourdough.", "hobby", "user", ("birdwatching", "sourdough"), S),
    _s("I've got really into pottery lately, I've a wheel slot at Clayworks on Sundays, it's the best bit of my week.", "hobby", "user", ("pottery", "Clayworks"), R),
    _s("i support hibs", "football team", "user", ("Hibs", "hibs"), T),
    _s("I am fan of Ajax since I was small boy.", "football team", "user", ("Ajax",), N),
    _s("Team: Leicester Tigers.", "rugby team", "user", ("Leicester Tigers",), S),
    _s("im in a book club that meets first wednesday of the month", "book club", "user", ("first Wednesday", "first wednesday", "Wednesday", "wednesday"), T),
    _s("I am learning Japanese on Duolingo.", "language learning", "user", ("Japanese",), N),
    _s("Choir - St Anne's community choir, alto.", "choir", "user", ("St Anne's", "alto"), S),
    # belongings
    _s("i drive a 2016 honda jazz", "car", "user", ("Honda Jazz", "honda jazz"), T),
    _s("My car is a grey Skoda Octavia.", "car", "user", ("Skoda Octavia", "Octavia"), N),
    _s("Bike: Brompton.", "bike", "user", ("Brompton",), S),
    _s("my phone is a pixel 7", "phone", "user", ("Pixel 7", "pixel 7", "Pixel"), T),
    _s("The laptop I use, a hand-me-down from my cousin really, is a ThinkPad X1.", "laptop", "user", ("ThinkPad",), R),
    _s("I wear glasses for reading only.", "glasses", "user", ("reading", "glasses"), N),
    # preferences
    _s("fave band is the national", "favourite band", "user", ("The National", "the national"), T),
    _s("My favourite author is Haruki Murakami.", "favourite author", "user", ("Murakami",), N),
    _s("Fave film: Paddington 2.", "favourite film", "user", ("Paddington 2", "Paddington"), S),
    _s("I can't stand coriander, it tastes like soap to me, always has.", "dislike", "user", ("coriander",), R),
    _s("i hate mushrooms", "dislike", "user", ("mushrooms",), T),
    _s("My favourite colour is green, like forest.", "favourite colour", "user", ("green",), N),
    _s("Fav season: autumn.", "favourite season", "user", ("autumn",), S),
    _s("If I'm honest my favourite place in the world, and I've been to a few, is Skye.", "favourite place", "user", ("Skye",), R),
    # services
    _s("i bank with nationwide", "bank", "user", ("Nationwide", "nationwide"), T),
    _s("My bank is Monzo, I use only the app.", "bank", "user", ("Monzo",), N),
    _s("Mobile: giffgaff.", "mobile network", "user", ("giffgaff",), S),
    _s("my hairdresser is jess at snip studio", "hairdresser", "user", ("Jess", "jess", "Snip Studio", "snip studio"), T),
    _s("My gym is PureGym on the retail park, I go after work.", "gym", "user", ("PureGym",), N),
    _s("We get the weekly shop from Ocado, which, yes, is a bit posh, but the drivers are lovely.", "grocery", "user", ("Ocado",), R),
    _s("we have netflix and disney plus", "streaming", "user", ("Netflix", "netflix", "Disney"), T),
    _s("Pharmacy: Lloyds on Chapel St.", "pharmacy", "user", ("Lloyds",), S),
    _s("My insurance for the car is with Admiral.", "car insurance", "user", ("Admiral",), N),
    # more everyday durable facts
    _s("my shoe size is 9", "shoe size", "user", ("9",), T),
    _s("I speak Polish, English and a little bit German.", "language", "user", ("Polish",), N),
    _s("Birthday: 21 July.", "birthday", "user", ("21 July", "July 21"), S),
    _s("For what it's worth, and my mum still can't believe it, I was born in Nairobi.", "birthplace", "user", ("Nairobi",), R),
    _s("i take my coffee black two sugars", "coffee order", "user", ("black",), T),
    _s("I am early riser, up at 5 every day.", "wake time", "user", ("5",), N),
    _s("it's always the 7:52 train for me", "train", "user", ("7:52",), T),
    _s("my best mate is called ravi", "best friend", "user", ("Ravi", "ravi"), T),
    _s("My best friend Tomasz is living in Krakow.", "home town", "best friend", ("Krakow",), N),
    _s("Allotment - plot 12, Moorside.", "allotment", "user", ("plot 12", "Moorside"), S),
    _s("Our cleaner, Magda, who's been with us since the twins were born, comes on Fridays.", "cleaner", "user", ("Magda",), R),
    _s("my optician is specsavers in the arndale", "optician", "user", ("Specsavers", "specsavers"), T),
    _s("I am left-handed.", "handedness", "user", ("left-handed", "left handed"), N),
    _s("Height 5'9.", "height", "user", ("5'9",), S),
)

# Ordinary chat that states nothing durable: no fact is expected from any of them.
NO_FACT_LINES: tuple[str, ...] = (
    "lol that's so true",
    "can you remind me what a haiku is",
    "what's the weather usually like in lisbon in may",
    "I think the film was too long, honestly.",
    "ok thanks that helps a lot",
    "How do I convert cups to grams for flour?",
    "ugh mondays",
    "That recipe sounds nice, maybe another time.",
    "can you write a short poem about rain",
    "Is it better to stretch before or after a run?",
    "haha no worries",
    "What does 'ubiquitous' mean?",
    "The traffic this morning was unreal.",
    "give me three ideas for a rainy afternoon",
    "Thank you, that's very kind.",
    "I wonder if it'll snow this year.",
    "what time is it in tokyo right now",
    "Not sure, let me think about it.",
    "explain compound interest simply please",
    "Good morning! Busy day ahead.",
)


def split_of(index: int) -> str:
    """Every third item is held for TEST; the rule is fixed before any run."""
    return "test" if index % 3 == 2 else "dev"


def statements(split: str) -> list[PoolStatement]:
    return [item for index, item in enumerate(STATEMENTS) if split_of(index) == split]


def no_fact_lines(split: str) -> list[str]:
    return [line for index, line in enumerate(NO_FACT_LINES) if split_of(index) == split]
