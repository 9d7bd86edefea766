"""A fresh pool of controls where a fact must STAY current after a later message (issue 12, round 9).

Why: round 9 added aggressive change detection (successors said later in a message, many ending idioms,
corrections, mentions by a name's head); a wrongly retired fact silently disappears from what the user
sees, which is worse than a missed change. On the round's own change-phrasing pool, 2 of 4 TEST no-change
controls lost their value. This pool was written by hand, in one pass, on 2026-12-01, by the f-guard
session, BEFORE any run and before reading the change code; its sentences are never edited after seeing
outputs (items added later are marked ``added_later=True``).

Control groups (``type == "no_change"``, the D1 value must still be held after D2):
complaint_keeps (a complaint about the provider that keeps it), dislike_at (dislike of something AT or
ABOUT the value, not of the value), companion (a new name that is a companion, a colleague, a visitor, a
cover or a one-off), someone_else (someone else's change of the same attribute), hypothetical (a question,
a wish or an if), news (news about the value that is no ending), past_anecdote (what came before it).
``POSITIVES`` are true changes (``type == "change"``): the old value must be retired, the new one held,
so a fix cannot just stop everything.

The split is fixed here, before any run: in each group, every third item (index 2, 5, 8, 11) is TEST,
the rest DEV. Run: ``python -m bench.bench_keep_controls --split dev`` (TEST once, at the end, aggregates
only).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

#: (attribute kind, register, D1 statement, D2 message, old spellings)
Control = tuple[str, str, str, str, list[str]]
#: (attribute kind, register, D1 statement, D2 message, old spellings, new spellings)
Positive = tuple[str, str, str, str, list[str], list[str]]

COMPLAINT_KEEPS: list[Control] = [
    ("bank", "texting", "my bank is monzo",
     "monzo froze my card AGAIN at the airport, so annoying. still wouldn't swap them tho", ["monzo"]),
    ("broadband", "terse", "Broadband: Virgin Media.",
     "Virgin Media down for three hours tonight. Grr. Still the fastest round here.", ["Virgin Media"]),
    ("supermarket", "rambling", "My supermarket is Sainsbury's, the big one by the ring road.",
     "Sainsbury's have put the price of everything up again, honestly it's daylight robbery, but it's still "
     "the closest and they do the good bread so I'm not going anywhere.", ["Sainsbury"]),
    ("dentist", "nonnative", "My dentist is Dr Okafor.",
     "Dr Okafor was late forty minutes today, I was waiting so long, but she is very good with my teeth so I "
     "stay.", ["Okafor"]),
    ("gym", "texting", "my gym is puregym on the high st",
     "puregym aircon broke again, sweating buckets, love the place tho", ["puregym"]),
    ("mobile_network", "terse", "My mobile network is Vodafone.",
     "Vodafone bill higher this month. Rang them, they sorted it.", ["Vodafone"]),
    ("hairdresser", "rambling", "My hairdresser is Marco at Snips.",
     "Marco was in a right mood on Saturday and took a bit too much off the back, but he's been doing my hair "
     "for ten years and I wouldn't trust anyone else.", ["Marco"]),
    ("energy_supplier", "nonnative", "My energy supplier is Octopus.",
     "I am fed up with Octopus sending me wrong bill two times, very frustrating, but the app is good so I "
     "keep it.", ["Octopus"]),
    ("favourite_cafe", "texting", "my fave cafe is Pelican Coffee",
     "pelican coffee forgot my oat milk again smh. still the best flat white in town", ["Pelican"]),
    ("insurer", "terse", "My car insurer is Admiral.",
     "Admiral premium up 12%. Annoying. Renewed anyway.", ["Admiral"]),
    ("vet", "rambling", "Our vet is Greenacre Vets.",
     "Greenacre Vets charged us a fortune for Biscuit's jabs and the receptionist was a bit short with me, but "
     "the vet herself is lovely so we'll keep going there.", ["Greenacre"]),
    ("pharmacy", "nonnative", "My pharmacy is Boots on Church Street.",
     "Boots lost my prescription again, I had to wait one more day, always something with them, but is next "
     "to my work.", ["Boots"]),
]

DISLIKE_AT: list[Control] = [
    ("supermarket", "texting", "my supermarket is tesco extra",
     "can't stand the queues at tesco on a saturday, going first thing sunday instead", ["tesco"]),
    ("gym", "terse", "My gym is Anytime Fitness.",
     "Sick of the parking at Anytime Fitness. Walking there from now on.", ["Anytime Fitness"]),
    ("employer", "rambling", "I work at Deloitte as an auditor.",
     "Honestly I'm fed up with the commute to the Deloitte office, two trains and a bus, so I've asked to work "
     "from home on Fridays.", ["Deloitte"]),
    ("favourite_restaurant", "nonnative", "My favourite restaurant is Dishoom.",
     "I hate the waiting line at Dishoom, one hour every time, but the food is still the best.", ["Dishoom"]),
    ("favourite_pub", "texting", "my local is the red lion",
     "the new barman at the red lion is a proper grump, can't stand him lol", ["Red Lion"]),
    ("gp_surgery", "terse", "My GP surgery is Parkside Medical Centre.",
     "Parkside's phone system has gone downhill. Took 40 minutes to get through.", ["Parkside"]),
    ("favourite_cafe", "rambling", "My favourite café is the Orange Tree on Mill Lane.",
     "The new chairs at the Orange Tree are horrible, hard as anything, I can't stand them, but the scones are "
     "as good as ever so I'll put up with it.", ["Orange Tree"]),
    ("bank", "nonnative", "My bank is Barclays.",
     "The Barclays app lost its appeal for me after the update, too many menus, but the bank itself is fine.",
     ["Barclays"]),
    ("favourite_team", "texting", "my team is arsenal",
     "sick of the ticket prices at the emirates tbh, watching arsenal down the pub this season", ["arsenal"]),
    ("swimming_pool", "terse", "My swimming pool is Ponds Forge.",
     "Fed up with the changing rooms at Ponds Forge. Filthy. Complained.", ["Ponds Forge"]),
    ("employer", "rambling", "I work for the NHS as a nurse at St James's.",
     "I'm sick to death of the night shifts at St James's, they wreck my sleep, so I've put in for days "
     "instead.", ["St James", "NHS"]),
    ("supermarket", "nonnative", "My supermarket is Lidl.",
     "I can't stand the music they play in Lidl, so loud, but prices are good.", ["Lidl"]),
]

COMPANION: list[Control] = [
    ("hairdresser", "texting", "my hairdresser is Chloe at Mane Street",
     "chloe's on maternity leave so Priya did my cut today, she was fab, chloe back in march", ["Chloe"]),
    ("doctor", "terse", "My GP is Dr Reid.",
     "Saw a locum, Dr Adeyemi, today. Dr Reid on holiday till next week.", ["Reid"]),
    ("dentist", "rambling", "My dentist is Dr Kowalski at the Bridge Street practice.",
     "Dr Kowalski was off sick so a young chap called Dr Evans did my filling, very gentle actually, but I'll "
     "be back with Dr Kowalski for the check-up.", ["Kowalski"]),
    ("partner", "nonnative", "My partner is Tomasz.",
     "Last weekend I went to the cinema with my colleague Ahmed, Tomasz was working.", ["Tomasz"]),
    ("favourite_pub", "texting", "my local is the crown",
     "went to the swan with the work lot for leaving drinks, bit posh, back to the crown friday", ["Crown"]),
    ("mechanic", "terse", "My mechanic is Phil at Kingsway Garage.",
     "Phil off, so Gary at Kingsway did the brakes. Fine job.", ["Phil"]),
    ("gym", "rambling", "My gym is Fitness First on Oxford Road.",
     "I did a one-off drop-in class at a little boxing gym called Iron Works with my cousin, absolutely killed "
     "me, nice change but I'll stick to Fitness First.", ["Fitness First"]),
    ("cleaner", "nonnative", "Our cleaner is Magda, she comes on Thursdays.",
     "Magda sent her sister Ola this week because she is visiting Poland, Magda is back next Thursday.",
     ["Magda"]),
    ("best_friend", "texting", "my best mate is jonno",
     "had a few pints with dave from work last night, jonno couldnt make it", ["jonno"]),
    ("music_teacher", "terse", "My guitar teacher is Sam Ortiz.",
     "Sam Ortiz ill. Cover teacher Leah ran today's lesson.", ["Ortiz"]),
    ("supermarket", "rambling", "My supermarket is Waitrose.",
     "We popped into an Aldi on the way back from the coast because we needed nappies, first time ever, it was "
     "fine but Waitrose is home.", ["Waitrose"]),
    ("flatmate", "nonnative", "My flatmate is Clara.",
     "This weekend my friend Jonas is staying with us on the sofa, Clara doesn't mind.", ["Clara"]),
]

SOMEONE_ELSE: list[Control] = [
    ("home_city", "texting", "i live in leeds", "my sister just moved to york, jealous of her view", ["leeds"]),
    ("bank", "terse", "My bank is HSBC.", "Dad moved his savings to Chase. Says the rate is better.", ["HSBC"]),
    ("mobile_network", "rambling", "My mobile network is O2.",
     "My mate Kev switched to Lebara last week and won't stop banging on about how cheap it is, good for him.",
     ["O2"]),
    ("employer", "nonnative", "I work at Siemens as an engineer.",
     "My wife changed job, now she works at Bosch, she is very happy.", ["Siemens"]),
    ("gym", "texting", "my gym is the energie on king st",
     "gf quit energie and joined a yoga place instead, more room in the car for me lol", ["energie"]),
    ("dentist", "terse", "My dentist is Dr Shah.", "Son's moved to a new dentist, Dr Lim. Kids' specialist.",
     ["Shah"]),
    ("car", "rambling", "My car is a Ford Focus.",
     "Our neighbour's finally got rid of his old Focus and bought a Tesla, so now he's insufferable about "
     "charging.", ["Ford Focus", "Focus"]),
    ("energy_supplier", "nonnative", "My energy supplier is British Gas.",
     "My parents left British Gas and went to EDF, they say is cheaper for them.", ["British Gas"]),
    ("broadband", "texting", "my broadband is plusnet",
     "my brother ditched plusnet for sky, keeps sending me speedtests 🙄", ["plusnet"]),
    ("hairdresser", "terse", "My hairdresser is Tina.", "Mum's gone to a new hairdresser, Bex. Loves her.",
     ["Tina"]),
    ("home_city", "rambling", "I live in Brighton, just up from the seafront.",
     "All our friends seem to be leaving Brighton for Lewes now, the Hendersons went last month and the Patels "
     "are off in spring, but we're staying put.", ["Brighton"]),
    ("favourite_band", "nonnative", "My favourite band is Coldplay.",
     "My daughter says Coldplay is boring now and her favourite is BTS, children!", ["Coldplay"]),
]

HYPOTHETICAL: list[Control] = [
    ("bank", "texting", "my bank is lloyds", "should i switch to monzo? lloyds app is so clunky", ["lloyds"]),
    ("home_city", "terse", "I live in Bristol.", "If I get the Glasgow job I'll move to Glasgow. Interview Tuesday.",
     ["Bristol"]),
    ("gym", "rambling", "My gym is the Nuffield on Station Road.",
     "I've been wondering whether I ought to try the council leisure centre instead of the Nuffield, it's half "
     "the price, but I haven't done anything about it yet.", ["Nuffield"]),
    ("supermarket", "nonnative", "My supermarket is Asda.",
     "If Asda closes the store near me, I will go to Morrisons, is further but ok.", ["Asda"]),
    ("dentist", "texting", "my dentist is dr patel at smile clinic",
     "anyone know a good dentist in town? thinking about leaving dr patel but idk", ["patel"]),
    ("employer", "terse", "I work at Unilever as a chemist.", "Thinking of applying to GSK. Haven't decided.",
     ["Unilever"]),
    ("car", "rambling", "My car is a Honda Jazz.",
     "Part of me fancies trading the Jazz in for one of those electric Kias, but the sensible part says keep it "
     "till it dies.", ["Jazz"]),
    ("energy_supplier", "nonnative", "My energy supplier is E.ON.",
     "Is it better to change to Octopus? My friend says yes but I am not sure.", ["E.ON"]),
    ("mobile_network", "texting", "my network is vodafone",
     "would giffgaff be cheaper than vodafone for me do u reckon", ["vodafone"]),
    ("favourite_restaurant", "terse", "My favourite restaurant is Nando's.",
     "Would I like Wagamama more than Nando's? Trying it Friday.", ["Nando"]),
    ("hairdresser", "rambling", "My hairdresser is Lucy at Curl Up and Dye.",
     "If Lucy ever retires I honestly don't know what I'll do, I suppose I'd have to try that new salon on the "
     "corner.", ["Lucy"]),
    ("home_country", "nonnative", "I live in Germany.",
     "Maybe one day we move to Spain when we are retired, my husband dreams about it.", ["Germany"]),
]

NEWS: list[Control] = [
    ("gym", "texting", "my gym is the gym group",
     "the gym group has moved to a bigger building by the station, way more squat racks", ["Gym Group"]),
    ("favourite_restaurant", "terse", "My favourite restaurant is Rosa's Thai.",
     "Rosa's Thai retired the old menu. New one's good.", ["Rosa"]),
    ("employer", "rambling", "I work at Rolls-Royce in Derby.",
     "Big news at Rolls-Royce this week, they've announced a new chief executive and everyone's a bit on edge, "
     "but nothing changes for my team.", ["Rolls-Royce"]),
    ("bank", "nonnative", "My bank is Santander.",
     "Santander closed the branch in my town, now I do everything in the app.", ["Santander"]),
    ("favourite_pub", "texting", "my local is the white hart",
     "white hart got new owners, they've done the beer garden up, looks mint", ["White Hart"]),
    ("supermarket", "terse", "My supermarket is Co-op.", "Co-op's being refitted. Open as usual.", ["Co-op"]),
    ("dentist", "rambling", "My dentist is Dr Hughes.",
     "Dr Hughes has taken on a partner and they've moved the practice to the old bank building on the square, "
     "much nicer waiting room.", ["Hughes"]),
    ("broadband", "nonnative", "My broadband is Hyperoptic.",
     "Hyperoptic upgraded my line to 500 meg for free, very nice of them.", ["Hyperoptic"]),
    ("favourite_band", "texting", "fave band is the killers", "the killers changed their drummer?? still love them",
     ["Killers"]),
    ("vet", "terse", "My vet is Riverside Vets.", "Riverside Vets opened a second branch in Hove. Same staff.",
     ["Riverside"]),
]

PAST_ANECDOTE: list[Control] = [
    ("favourite_pub", "texting", "my local is the fox and hounds",
     "we used to drink at the plough before we found the fox, never going back lol", ["Fox"]),
    ("home_city", "terse", "I live in Cardiff.", "Lived in Newport before Cardiff. Ten years ago now.", ["Cardiff"]),
    ("employer", "rambling", "I work at Aviva in the claims team.",
     "Before Aviva I spent six years at a little building society in Norwich that doesn't even exist any more, "
     "funny to think about.", ["Aviva"]),
    ("gym", "nonnative", "My gym is David Lloyd.",
     "Before David Lloyd I was in a cheap gym, Xercise4Less, but it was always too crowded.", ["David Lloyd"]),
    ("hairdresser", "texting", "my hairdresser is kerry",
     "used to go to toni&guy years ago before kerry, never again, cost a fortune", ["kerry"]),
    ("car", "terse", "My car is a Skoda Octavia.", "First car was a Fiesta. Loved it. Octavia's better though.",
     ["Octavia"]),
    ("doctor", "rambling", "My GP is Dr Murray at Hillside.",
     "When we first moved here we were with Dr Blake at the old cottage hospital surgery, but that was years "
     "ago, before Dr Murray.", ["Murray"]),
    ("supermarket", "nonnative", "My supermarket is Tesco.",
     "When I was student I always shop in Aldi, it was cheap, now is different.", ["Tesco"]),
    ("partner", "texting", "my boyfriend is ryan",
     "bumped into my ex mark at the shops lol awkward, ryan thought it was hilarious", ["ryan"]),
    ("favourite_film", "terse", "My favourite film is Alien.",
     "Used to say Jaws was my favourite as a kid. Alien now.", ["Alien"]),
]

POSITIVES: list[Positive] = [
    ("supermarket", "texting", "my supermarket is tesco",
     "can't stand tesco anymore, doing all my shopping at aldi now", ["tesco"], ["aldi"]),
    ("gym", "terse", "My gym is PureGym.", "Cancelled PureGym. Joined Better Leisure instead.", ["PureGym"],
     ["Better"]),
    ("bank", "rambling", "My bank is NatWest.",
     "I finally got fed up with NatWest's charges and moved everything over to Nationwide last month, should "
     "have done it years ago.", ["NatWest"], ["Nationwide"]),
    ("home_city", "nonnative", "I live in Madrid.", "Now we live in Valencia, we moved in summer, Madrid was too hot.",
     ["Madrid"], ["Valencia"]),
    ("employer", "texting", "i work at amazon in the warehouse",
     "handed my notice in at amazon!! starting at ikea monday", ["amazon"], ["ikea"]),
    ("dentist", "terse", "My dentist is Dr Byrne.", "Left Dr Byrne. New dentist: Dr Nakamura.", ["Byrne"],
     ["Nakamura"]),
    ("hairdresser", "rambling", "My hairdresser is Sophie at Hair by Sophie.",
     "Sophie's gone downhill lately, two bad cuts in a row, so I've started going to Anton at the barber's on "
     "the corner and he's brilliant.", ["Sophie"], ["Anton"]),
    ("mobile_network", "nonnative", "My mobile network is Tesco Mobile.",
     "I change my mobile network to Smarty, Tesco Mobile was too expensive.", ["Tesco Mobile"], ["Smarty"]),
    ("energy_supplier", "texting", "energy supplier is ovo", "switched from ovo to octopus, bill halved", ["ovo"],
     ["octopus"]),
    ("car", "terse", "My car is a Vauxhall Corsa.", "Sold the Corsa. Got a Toyota Yaris.", ["Corsa"], ["Yaris"]),
    ("favourite_band", "rambling", "My favourite band is Oasis.",
     "I've totally gone off Oasis, can't listen to them any more, these days my favourite band is Fontaines "
     "D.C.", ["Oasis"], ["Fontaines"]),
    ("partner", "nonnative", "My boyfriend is Luca.",
     "Luca and I broke up in March, now I am with Pavel, he is very kind.", ["Luca"], ["Pavel"]),
    ("favourite_pub", "texting", "my local is the anchor",
     "the anchor's lost its appeal since the refit, we go to the ship now", ["Anchor"], ["Ship"]),
    ("broadband", "terse", "Broadband: Sky.", "Sky broadband gone. Community Fibre now.", ["Sky"],
     ["Community Fibre"]),
    ("doctor", "rambling", "My GP is Dr Walsh.",
     "We had to register at the new surgery after the move, so my GP is Dr Osei now, Dr Walsh was lovely but "
     "it's too far.", ["Walsh"], ["Osei"]),
    ("gym", "nonnative", "My gym is Jetts.",
     "I am sick of Jetts, always broken machines, so I quit and go to Snap Fitness now.", ["Jetts"],
     ["Snap Fitness"]),
    ("supermarket", "texting", "my supermarket is morrisons",
     "called it quits with morrisons, sainsburys is closer to the new flat", ["morrisons"], ["sainsbury"]),
    ("employer", "terse", "I work at Barclays as an analyst.", "Left Barclays in May. Now at Monzo.", ["Barclays"],
     ["Monzo"]),
    ("home_city", "rambling", "I live in Exeter.",
     "We finally sold the house in Exeter and we've been in Plymouth since Easter, still finding our feet.",
     ["Exeter"], ["Plymouth"]),
    ("vet", "nonnative", "My vet is Parkview Vets.",
     "Parkview Vets lost my trust after they forget my dog's vaccine, so now we go to Abbey Vets.", ["Parkview"],
     ["Abbey"]),
    ("favourite_cafe", "texting", "fave cafe is Bean There",
     "bean there has gone downhill big time, new fave is Grind on the high st", ["Bean There"], ["Grind"]),
    ("insurer", "terse", "My car insurer is Churchill.", "Dropped Churchill at renewal. With LV now.",
     ["Churchill"], ["LV"]),
    ("hairdresser", "nonnative", "My hairdresser is Gemma.",
     "I don't go to Gemma any more, she moved away, my new hairdresser is Ines.", ["Gemma"], ["Ines"]),
    ("favourite_restaurant", "texting", "fave restaurant is pizza express",
     "pizza express is dead to me after that food poisoning. franco manca is my go to now", ["pizza express"],
     ["franco manca"]),
]

CONTROL_GROUPS: dict[str, list[Control]] = {
    "complaint_keeps": COMPLAINT_KEEPS, "dislike_at": DISLIKE_AT, "companion": COMPANION,
    "someone_else": SOMEONE_ELSE, "hypothetical": HYPOTHETICAL, "news": NEWS, "past_anecdote": PAST_ANECDOTE}


def split_of(index: int) -> str:
    """Every third item of a group is TEST, fixed before any run."""
    return "test" if index % 3 == 2 else "dev"


def _dates(serial: int) -> tuple[str, str, str]:
    d1 = datetime(2025, 2, 3, 9, 15, tzinfo=timezone.utc) + timedelta(days=3 * serial, hours=serial % 9)
    d2 = d1 + timedelta(days=60 + serial % 45)
    return d1.isoformat(), d2.isoformat(), (d1 + (d2 - d1) / 2).isoformat()


def timelines() -> list[dict[str, Any]]:
    """The pool in ``bench_fact_checks``'s timeline schema, with ``split`` dev/test and ``group``."""
    rows: list[dict[str, Any]] = []
    for group, items in CONTROL_GROUPS.items():
        for index, (kind, register, statement, later, old) in enumerate(items):
            d1, d2, as_of = _dates(len(rows))
            rows.append({"id": f"{group}-{index}", "split": split_of(index), "group": group, "kind": kind,
                         "owner": "user", "persona": register, "type": "no_change", "change_kind": None,
                         "no_change_kind": group, "statement": statement, "later": later, "d1": d1, "d2": d2,
                         "as_of": as_of, "check_as_of": False, "old": old, "new": []})
    for index, (kind, register, statement, later, old, new) in enumerate(POSITIVES):
        d1, d2, as_of = _dates(len(rows))
        rows.append({"id": f"change-{index}", "split": split_of(index), "group": "true_change", "kind": kind,
                     "owner": "user", "persona": register, "type": "change", "change_kind": "true_change",
                     "no_change_kind": None, "statement": statement, "later": later, "d1": d1, "d2": d2,
                     "as_of": as_of, "check_as_of": True, "old": old, "new": new})
    return rows
