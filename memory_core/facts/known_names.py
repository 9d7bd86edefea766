"""Well-known banks, gyms, streaming services, sports teams, supermarkets, pharmacies, mobile networks, energy
suppliers, broadband providers, opticians, breakdown cover and insurers, by name: "Been with Lloyds since I was
sixteen", "the Nationwide app says", "just back from Bannatyne's", "the whole family's in Cleveland Browns gear",
"did the big shop at Aldi", "my Three contract".

Why: people name their bank or gym by its brand, and a brand's own words rarely say its kind ("Lloyds", "Monzo",
"Planet Fitness" does, "Equinox" does not). A reader of the sentence cannot tell "Chase" the bank from Chase the
friend; a person can, because they know the brand. This is that knowledge, for the providers people most often
name in English-speaking countries (UK, Ireland, US, Canada, Australia). It is general knowledge, not a list of
any evaluation's values.

A brand alone never makes a fact: the words beside it must tie it to the user as that kind of thing
(``tied_to_user``): "my Chase card", "banking with Chase", "the Monzo app", "at Equinox", "on Hulu". A brand that
is also a common word or a person's first name (``_AMBIGUOUS``) needs the words after it ("Chase app", "Ally
account") or the kind's own verb ("bank with Ally").
"""
from __future__ import annotations

import re

_BANKS = (
    "Lloyds", "Lloyds Bank", "Barclays", "HSBC", "NatWest", "Santander", "Halifax", "Nationwide", "Monzo", "Starling",
    "Revolut", "TSB", "Metro Bank", "First Direct", "Virgin Money", "Co-op Bank", "RBS", "Royal Bank of Scotland",
    "Bank of Scotland", "Ulster Bank", "AIB", "Bank of Ireland", "Chase", "Wells Fargo", "Bank of America", "BofA",
    "Citi", "Citibank", "PNC", "US Bank", "U.S. Bank", "Capital One", "Ally", "Discover", "Chime", "SoFi", "Schwab",
    "Charles Schwab", "USAA", "Navy Federal", "TD", "TD Bank", "RBC", "Scotiabank", "BMO", "CIBC", "Tangerine",
    "Desjardins", "Simplii", "Commonwealth Bank", "CommBank", "Westpac", "ANZ", "NAB", "ING", "N26", "bunq",
    "Truist", "Citizens", "Regions", "KeyBank", "Fifth Third", "Huntington", "Nationwide Building Society",
)
_GYMS = (
    "PureGym", "Pure Gym", "The Gym Group", "Anytime Fitness", "Planet Fitness", "David Lloyd", "Nuffield Health",
    "Virgin Active", "Bannatyne's", "Bannatynes", "Snap Fitness", "Gold's Gym", "24 Hour Fitness", "LA Fitness",
    "Equinox", "Crunch", "Crunch Fitness", "Orangetheory", "F45", "YMCA", "GoodLife", "Goodlife", "GoodLife Fitness",
    "Fit4Less", "Life Time", "Lifetime Fitness", "Jetts", "Fitness First", "Third Space", "Gymbox", "Everyone Active",
    "Xercise4Less", "JD Gyms", "Snap", "Anytime", "Blink Fitness", "EoS Fitness", "Chuze Fitness", "Barry's",
    "SoulCycle", "Peloton",
)
_STREAMING = (
    "Netflix", "Hulu", "Disney+", "Disney Plus", "Prime Video", "Amazon Prime Video", "Amazon Prime", "HBO Max", "Max", "Paramount+",
    "Paramount Plus", "Peacock", "Apple TV+", "Apple TV", "Crave", "Stan", "Binge", "Kayo", "Britbox", "BritBox",
    "Now TV", "NOW", "YouTube TV", "Sling", "Crunchyroll", "Mubi", "Fubo", "Foxtel", "ITVX", "Tubi",
)
_TEAMS = (
    # NFL
    "Arizona Cardinals", "Atlanta Falcons", "Baltimore Ravens", "Buffalo Bills", "Carolina Panthers", "Chicago Bears",
    "Cincinnati Bengals", "Cleveland Browns", "Dallas Cowboys", "Denver Broncos", "Detroit Lions",
    "Green Bay Packers", "Houston Texans", "Indianapolis Colts", "Jacksonville Jaguars", "Kansas City Chiefs",
    "Las Vegas Raiders", "Los Angeles Chargers", "Los Angeles Rams", "Miami Dolphins", "Minnesota Vikings",
    "New England Patriots", "New Orleans Saints", "New York Giants", "New York Jets", "Philadelphia Eagles",
    "Pittsburgh Steelers", "San Francisco 49ers", "Seattle Seahawks", "Tampa Bay Buccaneers", "Tennessee Titans",
    "Washington Commanders",
    # NBA
    "Atlanta Hawks", "Boston Celtics", "Brooklyn Nets", "Charlotte Hornets", "Chicago Bulls", "Cleveland Cavaliers",
    "Dallas Mavericks", "Denver Nuggets", "Detroit Pistons", "Golden State Warriors", "Houston Rockets",
    "Indiana Pacers", "Los Angeles Clippers", "Los Angeles Lakers", "Memphis Grizzlies", "Miami Heat",
    "Milwaukee Bucks", "Minnesota Timberwolves", "New Orleans Pelicans", "New York Knicks", "Oklahoma City Thunder",
    "Orlando Magic", "Philadelphia 76ers", "Phoenix Suns", "Portland Trail Blazers", "Sacramento Kings",
    "San Antonio Spurs", "Toronto Raptors", "Utah Jazz", "Washington Wizards",
    # NHL
    "Anaheim Ducks", "Boston Bruins", "Buffalo Sabres", "Calgary Flames", "Carolina Hurricanes",
    "Chicago Blackhawks", "Colorado Avalanche", "Columbus Blue Jackets", "Dallas Stars", "Detroit Red Wings",
    "Edmonton Oilers", "Florida Panthers", "Los Angeles Kings", "Minnesota Wild", "Montreal Canadiens",
    "Nashville Predators", "New Jersey Devils", "New York Islanders", "New York Rangers", "Ottawa Senators",
    "Philadelphia Flyers", "Pittsburgh Penguins", "San Jose Sharks", "Seattle Kraken", "St. Louis Blues",
    "Tampa Bay Lightning", "Toronto Maple Leafs", "Vancouver Canucks", "Vegas Golden Knights", "Washington Capitals",
    "Winnipeg Jets", "Utah Hockey Club",
    # MLB
    "Arizona Diamondbacks", "Atlanta Braves", "Baltimore Orioles", "Boston Red Sox", "Chicago Cubs",
    "Chicago White Sox", "Cincinnati Reds", "Cleveland Guardians", "Colorado Rockies", "Detroit Tigers",
    "Houston Astros", "Kansas City Royals", "Los Angeles Angels", "Los Angeles Dodgers", "Miami Marlins",
    "Milwaukee Brewers", "Minnesota Twins", "New York Mets", "New York Yankees", "Oakland Athletics",
    "Philadelphia Phillies", "Pittsburgh Pirates", "San Diego Padres", "San Francisco Giants", "Seattle Mariners",
    "St. Louis Cardinals", "Tampa Bay Rays", "Texas Rangers", "Toronto Blue Jays", "Washington Nationals",
    # football in the UK and Ireland (a city's name alone is a club only with a fan's words: ``_AMBIGUOUS``)
    "Arsenal", "Aston Villa", "Bournemouth", "Brentford", "Brighton", "Burnley", "Chelsea", "Crystal Palace",
    "Everton", "Fulham", "Liverpool", "Manchester City", "Man City", "Manchester United", "Man United", "Man Utd",
    "Newcastle United", "Newcastle", "Nottingham Forest", "Tottenham", "Tottenham Hotspur", "Spurs", "West Ham",
    "West Ham United", "Wolves", "Leeds United", "Leicester City", "Southampton", "Sunderland", "Celtic", "Rangers",
    "Hearts", "Hibs", "Hibernian", "Aberdeen", "Cardiff City", "Swansea City", "Wrexham", "Sheffield United",
    "Sheffield Wednesday", "Norwich City", "Ipswich Town", "Middlesbrough", "Stoke City", "West Brom",
    # AFL and NRL
    "Adelaide Crows", "Brisbane Lions", "Carlton", "Collingwood", "Essendon", "Fremantle", "Geelong Cats",
    "Gold Coast Suns", "GWS Giants", "Hawthorn", "Melbourne Demons", "North Melbourne", "Port Adelaide",
    "Richmond Tigers", "St Kilda", "Sydney Swans", "West Coast Eagles", "Western Bulldogs", "Brisbane Broncos",
    "Canberra Raiders", "Canterbury Bulldogs", "Cronulla Sharks", "Dolphins", "Gold Coast Titans",
    "Manly Sea Eagles", "Melbourne Storm", "Newcastle Knights", "North Queensland Cowboys", "Parramatta Eels",
    "Penrith Panthers", "South Sydney Rabbitohs", "St George Illawarra Dragons", "Sydney Roosters",
    "Wests Tigers", "New Zealand Warriors",
)
_SUPERMARKETS = (
    "Tesco", "Sainsbury's", "Sainsburys", "Asda", "Morrisons", "Aldi", "Lidl", "Waitrose", "Co-op", "Iceland",
    "Marks & Spencer", "M&S", "Ocado", "Booths", "Spar", "Dunnes", "Dunnes Stores", "SuperValu", "Kroger", "Walmart",
    "Target", "Costco", "Safeway", "Publix", "Trader Joe's", "Whole Foods", "Wegmans", "H-E-B", "Albertsons", "Meijer",
    "Food Lion", "Stop & Shop", "Loblaws", "No Frills", "Sobeys", "Woolworths", "Coles", "IGA", "Countdown",
    "New World", "Pak'nSave",
)
_PHARMACIES = (
    "Boots", "Superdrug", "Lloyds Pharmacy", "LloydsPharmacy", "Well Pharmacy", "Rowlands", "Walgreens", "CVS",
    "Rite Aid", "Shoppers Drug Mart", "Chemist Warehouse", "Priceline Pharmacy", "Unichem",
)
_MOBILE_NETWORKS = (
    "EE", "O2", "Vodafone", "Three", "giffgaff", "Tesco Mobile", "Sky Mobile", "Virgin Mobile", "Lebara",
    "Lycamobile", "iD Mobile", "Voxi", "Smarty", "Verizon", "AT&T", "T-Mobile", "Mint Mobile", "Cricket", "Rogers",
    "Telus", "Fido", "Koodo", "Telstra", "Optus",
)
_ENERGY_SUPPLIERS = (
    "British Gas", "Octopus", "Octopus Energy", "EDF", "E.ON", "E.ON Next", "OVO", "Ovo Energy", "Scottish Power",
    "ScottishPower", "SSE", "Bulb", "Shell Energy", "Utility Warehouse", "So Energy", "Good Energy", "Electric Ireland",
    "Bord Gáis", "Con Edison", "PG&E", "Duke Energy", "AGL", "Origin Energy",
)
_BROADBAND = (
    "BT", "Sky", "Virgin Media", "TalkTalk", "Plusnet", "Hyperoptic", "Community Fibre", "Comcast", "Xfinity",
    "Spectrum", "Cox", "Optimum", "Eir",
)
_OPTICIANS = (
    "Specsavers", "Vision Express", "Boots Opticians", "Leightons", "Optical Express", "Scrivens", "Asda Opticians",
    "Tesco Opticians", "LensCrafters", "Pearle Vision", "Warby Parker", "America's Best", "OPSM", "Bailey Nelson",
)
_BREAKDOWN = (
    "AA", "RAC", "Green Flag", "Britannia Rescue", "Start Rescue", "AAA", "CAA", "NRMA", "RACV", "RACQ", "AA Ireland",
)
_INSURERS = (
    "Aviva", "Direct Line", "Admiral", "Churchill", "LV=", "Hastings Direct", "More Than", "Saga", "Zurich", "AXA",
    "Allianz", "Geico", "GEICO", "State Farm", "Progressive", "Allstate", "Liberty Mutual", "Nationwide Insurance",
    "USAA Insurance", "NRMA Insurance", "AAMI", "Budget Direct", "Intact", "Aviva Canada",
)
_ALL_NAMES = {*_OPTICIANS, *_BREAKDOWN, *_INSURERS, *_BANKS, *_GYMS, *_STREAMING, *_TEAMS, *_SUPERMARKETS, *_PHARMACIES, *_MOBILE_NETWORKS, *_ENERGY_SUPPLIERS,
              *_BROADBAND}
#: name (lower case) -> the concept it is held under (``attributes.CONCEPTS``, or the attribute a person names it by:
#: "supermarket", "pharmacy", "mobile network", "energy supplier")
KNOWN: dict[str, str] = {
    **{name.lower(): "bank" for name in _BANKS},
    **{name.lower(): "gym" for name in _GYMS},
    **{name.lower(): "streaming" for name in _STREAMING},
    **{name.lower(): "team" for name in _TEAMS},
    **{name.lower(): "supermarket" for name in _SUPERMARKETS},
    **{name.lower(): "pharmacy" for name in _PHARMACIES},
    **{name.lower(): "mobile_network" for name in _MOBILE_NETWORKS},
    **{name.lower(): "energy_supplier" for name in _ENERGY_SUPPLIERS},
    **{name.lower(): "internet" for name in _BROADBAND},
    **{name.lower(): "optician" for name in _OPTICIANS},
    **{name.lower(): "breakdown_cover" for name in _BREAKDOWN},
    **{name.lower(): "insurance" for name in _INSURERS},
}
#: Brands that are also a first name or an everyday word: read only with the words after them or the kind's verb.
_AMBIGUOUS = {"chase", "ally", "discover", "citizens", "regions", "huntington", "equinox", "crunch", "max", "stan",
              "binge", "now", "snap", "anytime", "sling", "peacock", "barry's", "lifetime fitness", "life time",
              "nationwide", "halifax", "tangerine", "truist", "apple tv", "amazon prime",
              # clubs named as their town or a common word
              "arsenal", "bournemouth", "brentford", "brighton", "burnley", "chelsea", "everton", "fulham",
              "liverpool", "newcastle", "southampton", "sunderland", "rangers", "hearts", "aberdeen", "wrexham",
              "middlesbrough", "wolves", "spurs", "carlton", "collingwood", "essendon", "fremantle", "hawthorn",
              "dolphins", "celtic", "hibs", "st kilda", "richmond tigers",
              # shops, networks and suppliers named as a common word, a place or a first name
              "iceland", "target", "booths", "spar", "co-op", "countdown", "new world", "boots", "well pharmacy",
              "three", "cricket", "rogers", "smarty", "octopus", "bulb", "sky", "spectrum", "cox", "optimum",
              "origin energy", "aa", "admiral", "churchill", "more than", "saga", "progressive", "intact",
              "leightons", "scrivens", "america's best"}

#: Words after the brand that make it the user's thing of that kind ("Chase app", "Equinox membership").
_AFTER = {
    "bank": re.compile(r"(?i)^\s+(?:mobile\s+|banking\s+)?(?:app|account|acct|card|debit|credit\s+card|online|"
                       r"banking|branch|statement|savings|chequing|checking|current\s+account|isa|login|overdraft|"
                       r"mortgage|direct\s+debit|transfer)\b"),
    "gym": re.compile(r"(?i)^\s+(?:membership|member|class|classes|session|sessions|app|pass|locker|sub|fees?)\b"),
    "streaming": re.compile(r"(?i)^\s+(?:subscription|sub|account|password|login|plan|membership)\b"),
    "team": re.compile(r"(?i)^\s+(?:fan|fans|supporter|supporters|house|household|family|gear|jerseys?|shirts?|"
                       r"tops?|kit|scarf|season\s+ticket|all\s+the\s+way|till\s+i\s+die|forever)\b"),
}
#: Words before the brand that make it the user's thing of that kind ("banking with Lloyds", "at Equinox").
_BEFORE = {
    "bank": re.compile(r"(?i)\b(?:my|our|with|banks?\s+with|banking\s+with|bank\s+is|account\s+(?:at|with)|"
                       r"switched\s+to|moved\s+to)\s+(?:the\s+)?$"),
    "gym": re.compile(r"(?i)\b(?:my|our|at|to|from|joined|member\s+of|membership\s+(?:at|with))\s+(?:the\s+)?$"),
    "streaming": re.compile(r"(?i)\b(?:my|our|on|with|pay\s+for|paying\s+for|subscribe\s+to|subscribed\s+to|"
                            r"sign(?:ed|ing)?\s+up\s+(?:for|to|with)|"
                            r"(?:i|we)(?:'ve|\s+have)?(?:\s+(?:only|just|also|now|still|finally))?\s+(?:have|got|get|use))\s+"
                            r"(?:only\s+|just\s+)?(?:the\s+)?$"),
    "team": re.compile(r"(?i)\b(?:support|supports|supporting|cheer\s+for|cheering\s+for|root\s+for|rooting\s+for|"
                       r"follow|following|watching|watch|my|our|go|come\s+on|up\s+the|love|loves)\s+(?:the\s+)?$"),
}
#: The kind's own verb before an ambiguous brand: "bank with Chase", "a member at Equinox", "subscribed to Max".
_KIND_VERB = {
    "bank": re.compile(r"(?i)\b(?:banks?|banking|banked)\s+with\s+$|\baccount\s+(?:at|with)\s+$"),
    "gym": re.compile(r"(?i)\b(?:member\s+(?:at|of)|membership\s+(?:at|with)|joined)\s+(?:the\s+)?$"),
    "streaming": re.compile(r"(?i)\b(?:subscribed\s+to|subscribe\s+to|subscription\s+to|sign(?:ed|ing)?\s+up\s+"
                            r"(?:for|to|with))\s+$"),
    "team": re.compile(r"(?i)\b(?:support|supports|supporting|cheer\s+for|cheering\s+for|root\s+for|rooting\s+for|"
                       r"come\s+on|up\s+the)\s+(?:the\s+)?$"),
}
#: The kind's own words before a brand, for the providers beside banks, gyms, streaming and teams: they tie even a
#: brand that is an everyday word ("prescriptions go to Boots", "my network is Three", "eyes tested at Specsavers").
_KIND_WORDS = {
    "supermarket": r"shop\s+(?:at|in)|shopping\s+(?:at|in)|(?:big|weekly|food|grocery)\s+shop\s+(?:at|in)|"
                   r"groceries\s+(?:at|from)",
    "pharmacy": r"prescriptions?\s+(?:\w+\s+){0,2}?(?:to|at|from)|nominated\s+pharmacy\s+(?:is|to)|"
                r"(?:my|our)\s+(?:\w+\s+)?(?:prescriptions?|meds|tablets|inhalers?)\s+(?:go|goes|come|comes)\s+(?:to|from)",
    "mobile_network": r"network\s+is|ported\s+(?:my\s+number\s+)?to",
    "energy_supplier": r"(?:energy|gas|electricity|electric|supplier)\s+(?:\w+\s+){0,2}?(?:(?:is|comes)\s+)?(?:with|from)|"
                       r"supplier\s+is",
    "internet": r"(?:broadband|internet|wifi)\s+(?:is\s+)?(?:with|from)|"
                r"(?:my|our|the)\s+(?:broadband|internet|wifi)\s+(?:is|has\s+(?:always\s+)?been|'s\s+been|was)",
    "optician": r"(?:eyes|eye\s+tests?|eyes\s+tested|glasses|contacts|contact\s+lenses)\s+(?:\w+\s+){0,2}?(?:at|from|with)|"
                r"optician(?:'s)?\s+is",
    "breakdown_cover": r"(?:breakdown\s+cover|breakdown|recovery)\s+(?:is\s+)?(?:with|from|through)|breakdown\s+cover\s*:",
    "insurance": r"(?:insurance|insured|policy|cover)\s+(?:is\s+)?(?:with|from|through)|insure[ds]?\s+with",
}
#: The user's thing of each such provider, said after its name ("Tesco run", "Three contract", "Sky wifi").
_THINGS = {
    "supermarket": r"run|shop|delivery|deliveries|order|clubcard|nectar|app|click\s+and\s+collect|online\s+order|"
                   r"home\s+delivery|points|rewards\s+card|loyalty\s+card",
    "pharmacy": r"for\s+(?:my\s+)?(?:prescriptions?|meds|medication|tablets|inhalers?)|"
                r"(?:has|have)\s+(?:my|our)\s+(?:prescriptions?|repeat)",
    "mobile_network": r"contract|sim|signal|coverage|network|phone\s+plan|plan|bill|data|5g|4g|pay\s+as\s+you\s+go|payg|"
                      r"mobile|phone\s+contract",
    "energy_supplier": r"bill|bills|account|tariff|smart\s+meter|meter|direct\s+debit|app|energy|gas\s+and\s+electric\w*|"
                       r"dual\s+fuel",
    "internet": r"broadband|wifi|wi-fi|router|fibre|fiber|internet|hub|box|connection|package|tv\s+and\s+broadband",
    "optician": r"for\s+(?:my\s+)?(?:eyes|eye\s+tests?|glasses|contacts|contact\s+lenses)|eye\s+tests?|glasses|"
                r"contacts\s+subscription|appointment",
    "breakdown_cover": r"breakdown|cover|membership|renewal|recovery|roadside",
    "insurance": r"(?:car\s+|home\s+|house\s+|contents\s+|pet\s+|travel\s+|life\s+)?"
                 r"(?:insurance|policy|premium|renewal|quote|cover)",
}
#: Besides its own words, a provider is the user's after "my"/"our" and after the words of having or changing to it
#: (not a bare "at": "I'm an analyst at Ocado", "I work at Tesco" is a workplace).
_HELD_WORDS = {
    "supermarket": r"delivery\s+from",
    "mobile_network": r"(?:i'm|i\s+am|i've\s+been|been|we're|we\s+are)\s+(?:still\s+|now\s+)?(?:on|with)|switched\s+to|"
                      r"moved\s+to",
    "energy_supplier": r"switched\s+(?:\w+\s+){0,2}?to",
    "internet": r"switched\s+(?:\w+\s+){0,2}?to",
    "optician": r"go\s+to",
    "breakdown_cover": r"member\s+of\s+the|with\s+the",
}
for _concept, _words in _KIND_WORDS.items():
    _AFTER[_concept] = re.compile(rf"(?i)^\s+(?:{_THINGS[_concept]})\b")
    _KIND_VERB[_concept] = re.compile(rf"(?i)\b(?:{_words})\s+(?:the\s+)?$")
    _held = "|".join(filter(None, ("my", "our", _HELD_WORDS.get(_concept), _words)))
    _BEFORE[_concept] = re.compile(rf"(?i)\b(?:{_held})\s+(?:the\s+)?$")


def known_kind(name: str) -> str | None:
    """The concept of a well-known brand ("Lloyds": bank), also when the name goes on with its branch ("David
    Lloyd Glasgow", "Planet Fitness Spadina") or takes an "'s" ("Bannatyne's"), or None."""
    name = name.strip()
    if name.lower() in KNOWN:
        return KNOWN[name.lower()]
    opening = _SPELLED.match(name)
    return KNOWN[opening.group("name").lower()] if opening else None


def known_after(concept: str, after: str) -> bool:
    """Whether the words after a brand name the user's thing of its kind ("Tesco run", "Sky wifi", "Chase app")."""
    return bool(_AFTER[concept].match(after))


def tied_to_user(concept: str, name: str, before: str, after: str) -> bool:
    """Whether the words around a known brand make it the user's thing of its kind (bank, gym, team, network...)."""
    if known_after(concept, after):
        return True
    if name.strip().lower() in _AMBIGUOUS:
        return bool(_KIND_VERB[concept].search(before))
    return bool(_BEFORE[concept].search(before))


#: Every brand as written, longest first, so "Lloyds Bank" is read before "Lloyds"; "'s" is the brand's own
#: ("Bannatyne's") or a possessive ("Barclays's app"), kept out of the name.
_SPELLED = re.compile(r"(?<![\w+])(?P<name>" + "|".join(
    re.escape(name) for name in sorted(_ALL_NAMES, key=len, reverse=True)) + r")(?![\w+])")


def known_names_in(sentence: str) -> list[tuple[int, str]]:
    """(where, name) for each well-known brand written in the sentence with its capitals."""
    return [(m.start(), m.group("name")) for m in _SPELLED.finditer(sentence)]


def plainly_a_brand(name: str) -> bool:
    """A well-known brand that is no first name or everyday word ("Barclays", not "Max" or "Chase")."""
    return known_kind(name) is not None and name.strip().lower() not in _AMBIGUOUS


#: The same brands typed all in lower case, for a message typed without capitals: only names of two words or more
#: and one-word brands that are no everyday word or first name ("monzo", "barclays"; not "chase", "max", "now").
_SPELLED_LOWER = re.compile(r"(?<![\w+])(?P<name>" + "|".join(
    re.escape(name.lower()) for name in sorted(_ALL_NAMES, key=len, reverse=True)
    if (" " in name or name.lower() not in _AMBIGUOUS) and len(name) > 3) + r")(?![\w+])")
_WRITTEN = {name.lower(): name for name in _ALL_NAMES}


#: The brands that are also an everyday word, a place or a first name, typed in lower case: read as the brand only
#: where the words around them tie them to the user as that kind of thing ("support arsenal", "the nationwide app",
#: "prescription sent to boots"; never "the sky", "a holiday in iceland").
_AMBIGUOUS_LOWER = re.compile(r"(?<![\w+])(?P<name>" + "|".join(
    re.escape(name.lower()) for name in sorted(_ALL_NAMES, key=len, reverse=True)
    if name.lower() in _AMBIGUOUS and " " not in name) + r")(?![\w+'])")


def known_names_in_lower(text: str) -> list[tuple[int, str]]:
    """(where, the brand as written) for each well-known brand typed in lower case in ``text``."""
    # a brand that writes itself in lower case ("giffgaff", "bunq") is read with a capital, as a name is
    found = [(m.start(), _WRITTEN[m.group("name")] if not _WRITTEN[m.group("name")].islower()
              else _WRITTEN[m.group("name")].capitalize()) for m in _SPELLED_LOWER.finditer(text)]
    for m in _AMBIGUOUS_LOWER.finditer(text):
        written = _WRITTEN[m.group("name")]
        kind = known_kind(written)
        if kind and not any(at <= m.start() < at + len(name) for at, name in found) and \
                tied_to_user(kind, written, text[max(0, m.start() - 60):m.start()], text[m.end():]):
            found.append((m.start(), written))
    return sorted(found)
