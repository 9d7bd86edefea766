"""A pool of change phrasings for the six change kinds that fail on unseen text (issue 12, round 9).

Why: on the held-out set no relocation, no-longer-liking idiom or indirect change passes every check, and
cancellations, corrections and provider switches mostly fail, while our dev sets pass their own phrasings
of the same kinds. This pool was written by hand, in one pass, on 2026-12-01, by the f-idioms session,
BEFORE any system output on it existed and before reading the change code; its sentences are never edited
after seeing outputs (items added later are marked ``added_later=True``).

Each timeline: a D1 statement, a D2 message months later, the old value's spellings and the new value's
(``[]`` when nothing replaces it). Registers rotate: texting, non-native, rambling, terse. The split is
fixed here, before any run: in each kind, every third timeline (index 2, 5, 8, 11) is TEST, the rest DEV.
Controls (``type == "no_change"``) use the same surface words without a change ("over the moon", a
cancellation of one week, someone else's move): the old value must still hold.

Run: ``bench/bench_change_phrasings.py --split dev`` (TEST once, at the end, aggregate only).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

#: (attribute kind, register, D1 statement, D2 message, old spellings, new spellings)
Phrasing = tuple[str, str, str, str, list[str], list[str]]

RELOCATION: list[Phrasing] = [
    ("home_city", "texting", "i live in harrogate lol, been here 6 yrs",
     "new flat in whitby is tiny but i can see the sea from the loo window 😂 harrogate who??",
     ["Harrogate"], ["Whitby"]),
    ("home_city", "nonnative", "I am living in Lyon since three years, I work in a bakery there.",
     "Now I am living in Grenoble, the rent in Lyon was too much expensive for us.", ["Lyon"], ["Grenoble"]),
    ("home_town", "rambling",
     "My home town is Kendal, born and bred, and I still live there, you can't beat the mint cake!",
     "Well, after forty-odd years we've upped sticks and gone to Penrith to be nearer our daughter, so Kendal "
     "is just for visits now.", ["Kendal"], ["Penrith"]),
    ("home_city", "terse", "I live in Dundee.", "Relocated to Aberdeen. Dundee lease ended.",
     ["Dundee"], ["Aberdeen"]),
    ("neighbourhood", "texting", "my neighbourhood is Jericho, best bit of oxford tbh",
     "moved across to Headington over the wknd, so many boxes", ["Jericho"], ["Headington"]),
    ("home_country", "nonnative", "I live in Portugal now, near the coast.",
     "We left Portugal in spring, my husband got job so we are in Norway at the moment.",
     ["Portugal"], ["Norway"]),
    ("home_city", "rambling",
     "I live in Galway, have done since the kids were small, lovely spot for it.",
     "Did I tell you we sold up? It took forever but we're settled in Limerick now, and honestly I don't miss "
     "the Galway rain one bit.", ["Galway"], ["Limerick"]),
    ("neighbourhood", "terse", "I live in Morningside.", "Not in Morningside any more. Leith now.",
     ["Morningside"], ["Leith"]),
    ("home_country", "texting", "i live in Japan atm, 2nd year teaching",
     "back in Canada for good!! japan was amazing but i'm done", ["Japan"], ["Canada"]),
    ("home_town", "nonnative", "I live in Tromsø, it is very cold but beautiful.",
     "Since October I stay in Bergen, Tromsø was too dark in winter for me.", ["Tromsø"], ["Bergen"]),
    ("neighbourhood", "rambling",
     "We live in Clifton, up the hill from the bridge, and I've always loved it round there.",
     "The move went through at last, so it's Redland for us now, which is only down the road really but the "
     "house has a proper garden.", ["Clifton"], ["Redland"]),
    ("home_city", "terse", "I live in Swansea.", "Handed the Swansea keys back Friday. Cardiff flat from Monday.",
     ["Swansea"], ["Cardiff"]),
]

IDIOM_DISLIKE: list[Phrasing] = [
    ("favourite_band", "texting", "my fave band is the kooks, on repeat all week",
     "gone right off the kooks tbh, can't even listen anymore", ["Kooks"], []),
    ("favourite_drink", "nonnative", "My favourite drink is matcha latte, I drink every morning.",
     "Matcha latte has lost its appeal for me, now I drink only black coffee.", ["matcha"], ["black coffee"]),
    ("favourite_programme", "rambling",
     "My favourite programme is Gardeners' World, I never miss a Friday, Monty's a treasure.",
     "I'm over Gardeners' World, if I'm honest, it's all The Repair Shop in this house now.",
     ["Gardeners' World", "Gardeners World"], ["Repair Shop"]),
    ("favourite_game", "terse", "Favourite game: Elden Ring.", "Can't stand Elden Ring these days.",
     ["Elden Ring"], []),
    ("favourite_sport", "texting", "obsessed w/ pickleball rn, its my fav sport",
     "pickleball isn't doing it for me any more, padel is where its at", ["pickleball"], ["padel"]),
    ("favourite_food", "nonnative", "My favourite food is sushi, I eat it every week.",
     "I am sick of sushi these days, too much of it last year.", ["sushi"], []),
    ("favourite_drink", "rambling",
     "I do love a gin and tonic of an evening, it's my favourite drink by a mile.",
     "Funny thing, I've completely gone off gin, can't face it, so it's a small glass of red wine for me these "
     "days.", ["gin"], ["red wine"]),
    ("favourite_author", "terse", "Favourite author is Lee Child.",
     "Lee Child doesn't do it for me now. Mick Herron instead.", ["Lee Child"], ["Mick Herron", "Herron"]),
    ("favourite_singer", "texting", "love love love taylor swift, shes my fav singer",
     "ngl the taylor swift phase is over, i've moved on to chappell roan", ["Taylor Swift"], ["Chappell Roan"]),
    ("favourite_series", "nonnative", "My favourite series is The Crown, I watch with my mother.",
     "The Crown is not my cup of tea anymore, it became boring.", ["The Crown"], []),
    ("favourite_restaurant", "rambling",
     "My favourite restaurant is Bella Napoli on the high street, we go for every birthday.",
     "We've fallen out of love with Bella Napoli, to be honest, the new owners changed the menu, so it's the "
     "little Thai place, Baan Suan, for birthdays now.", ["Bella Napoli"], ["Baan Suan"]),
    ("favourite_podcast", "terse", "Favourite podcast: Rest Is History.",
     "Gone cold on Rest Is History. Not bothered now.", ["Rest Is History"], []),
]

CANCELLATION: list[Phrasing] = [
    ("trip", "texting", "my trip to benidorm is booked for june!!",
     "benidorm is off, half the girls cant get time off work 😭", ["Benidorm"], []),
    ("wedding_venue", "nonnative", "Our wedding venue is Villa Rosa, we booked already for September.",
     "We have pulled out of Villa Rosa, they wanted double the deposit, now we look for other place.",
     ["Villa Rosa"], []),
    ("book_club", "rambling",
     "My book club is the Tuesday Readers at the library, lovely bunch, we're doing Middlemarch at the moment.",
     "Well the Tuesday Readers got called off for good, the librarian retired and nobody wanted to take it on.",
     ["Tuesday Readers"], []),
    ("gym", "terse", "Gym membership: PureGym.", "PureGym cancelled. Running outside instead.", ["PureGym"], []),
    ("holiday", "texting", "my holiday is 2 weeks in crete in august, cant wait",
     "crete's off. flights got cancelled and the refund took forever so we're not bothering", ["Crete"], []),
    ("course", "nonnative", "My course is evening Spanish class at the college, every Thursday.",
     "I pulled out of the Spanish class, the work is too much now.", ["Spanish class"], []),
    ("subscription", "rambling",
     "My subscription is The Guardian, the weekend paper, I've had it delivered for years.",
     "I finally knocked The Guardian delivery on the head, the paper boy kept leaving it in the rain and I read "
     "it all online anyway.", ["Guardian"], []),
    ("conference", "terse", "Conference: DevOpsDays Ghent in May.", "Ghent trip scrapped. Budget.",
     ["DevOpsDays", "Ghent"], []),
    ("yoga_class", "texting", "my yoga class is hot yoga at flow studio on weds",
     "called it a day with flow studio, too pricey", ["Flow Studio"], []),
    ("holiday", "nonnative", "Our holiday this year is a cruise on the Danube, booked in March.",
     "The Danube cruise is off, my husband broke his leg, we get the money back.", ["Danube"], []),
    ("party", "rambling",
     "Our big anniversary party is at the Hollins Hall Hotel in October, forty years, can you believe it, I've "
     "bought the hat already.",
     "Bad news on the party front, we've had to call off the do at Hollins Hall, Ron's not up to it after the "
     "op, maybe next year.", ["Hollins Hall"], []),
    ("allotment", "terse", "Allotment at Fairfield Road.", "Gave up the Fairfield Road allotment. Too much work.",
     ["Fairfield Road"], []),
]

CORRECTION: list[Phrasing] = [
    ("dentist", "texting", "my dentist is dr patel on the high st",
     "scratch that, dentist is dr shah not patel, mixed them up lol", ["Patel"], ["Shah"]),
    ("bank", "nonnative", "My bank is Santander, I have account since years.",
     "Did I say Santander? I meant Barclays, Santander is my wife bank.", ["Santander"], ["Barclays"]),
    ("gp", "rambling", "My GP is Dr Okafor at the Riverside surgery, ever so patient with me.",
     "Oh I got that wrong the other day, silly me, it's Dr Adeyemi I see at Riverside, Dr Okafor is the one who "
     "does the baby clinics.", ["Okafor"], ["Adeyemi"]),
    ("car", "terse", "Car: Skoda Octavia.", "Octavia was wrong. It's a Superb.", ["Octavia"], ["Superb"]),
    ("cat", "texting", "my cat's called Biscuit 🐱",
     "wait did i say biscuit?? i meant Pickle, biscuit is my sister's cat haha", ["Biscuit"], ["Pickle"]),
    ("employer", "nonnative", "My employer is Siemens, I work there as engineer.",
     "Sorry, I made mistake before, my company is not Siemens, it is Bosch.", ["Siemens"], ["Bosch"]),
    ("nephew", "rambling", "My nephew's name is Callum, he's at university in Leeds doing chemistry.",
     "Correction to what I said before about my nephew, his name's Connor, not Callum, Callum's his best friend, "
     "I always get those two muddled.", ["Callum"], ["Connor"]),
    ("blood_type", "terse", "Blood type: A positive.", "Blood type's actually O positive, not A. Checked the card.",
     ["A positive"], ["O positive"]),
    ("landlord", "texting", "my landlord is Mr Kowalski, hes alright",
     "ignore what i said abt kowalski, landlord is actually Mr Nowak, kowalski's the letting agent",
     ["Kowalski"], ["Nowak"]),
    ("phone", "nonnative", "My phone is Samsung Galaxy S21.",
     "I told wrong thing, the phone is Galaxy S22, not S21.", ["S21"], ["S22"]),
    ("favourite_walk", "rambling",
     "My favourite walk is up to Stanage Edge, I do it most Sundays with the dog.",
     "Actually, thinking about it, I should have said Bamford Edge, not Stanage, that's the one we do on "
     "Sundays, Stanage is a bit far for the dog's legs these days.", ["Stanage"], ["Bamford"]),
    ("pharmacy", "terse", "Pharmacy: Well Pharmacy, Church St.", "Scratch that, pharmacy is Day Lewis.",
     ["Well Pharmacy"], ["Day Lewis"]),
]

INDIRECT: list[Phrasing] = [
    ("partner", "texting", "my bf is jamie, 2 yrs in march 🥰",
     "so me and jamie are done. he's got someone new already. anyway i'm fine, girls night on fri",
     ["Jamie"], []),
    ("employer", "nonnative", "I work at Ikea in the warehouse.",
     "First week at the Lidl distribution centre, the shifts are better, and nobody from Ikea calls me at "
     "weekend anymore.", ["Ikea"], ["Lidl"]),
    ("car", "rambling", "My car is a Honda Jazz, little red one, never let me down in twelve years.",
     "Well the Jazz finally gave up on the M5 last month, and Graham found me a lovely little Toyota Yaris from "
     "the garage in town, automatic, so much easier on my knee.", ["Jazz"], ["Yaris"]),
    ("employer", "terse", "Work at Deloitte.", "Leaving do was Friday. Start at KPMG Monday.",
     ["Deloitte"], ["KPMG"]),
    ("phone", "texting", "my phone is an iphone 12",
     "dropped my iphone in the bath 💀 the pixel 8 the shop gave me is growing on me tho",
     ["iPhone 12"], ["Pixel 8"]),
    ("dog", "nonnative", "My dog is Bruno, a old labrador.",
     "Bruno died in summer, it was very sad for us. In November we take from shelter a small dog, Pepe, he is "
     "crazy but we love him.", ["Bruno"], ["Pepe"]),
    ("job", "rambling", "My job is teaching assistant at St Mary's, I help in the reception class.",
     "Handed my lanyard back at St Mary's on Friday, the kids made me a card, and on Monday I start on the "
     "tills at the garden centre, fewer tears hopefully.", ["teaching assistant"], ["garden centre"]),
    ("running_club", "terse", "Running club: Hillside Harriers.",
     "Hillside Harriers kit on eBay. First session with Parkside AC Tuesday.", ["Hillside Harriers"],
     ["Parkside"]),
    ("gp", "texting", "my gp is dr morgan at the health centre",
     "went to the gp about my knee and got dr evans, turns out morgan's retired 🤷", ["Morgan"], ["Evans"]),
    ("flatmate", "nonnative", "My flatmate is Tomasz, he is from Poland like me.",
     "Tomasz went back to Kraków, his room now is for Ahmed, a student, very quiet guy.", ["Tomasz"], ["Ahmed"]),
    ("broadband", "rambling", "My broadband is with Plusnet, never had much trouble with it to be fair.",
     "The engineer came Thursday to put the Vodafone box in, took him all of ten minutes, and I rang Plusnet "
     "to say thanks for all the years.", ["Plusnet"], ["Vodafone"]),
    ("car", "terse", "Drive a Ford Focus.", "Focus went for scrap. Picked up the Kia Ceed Tuesday.",
     ["Focus"], ["Ceed"]),
]

PROVIDER_SWITCH: list[Phrasing] = [
    ("dentist", "texting", "my dentist is smile studio on king st",
     "moved to bright dental, smile studio kept cancelling on me", ["Smile Studio"], ["Bright Dental"]),
    ("bank", "nonnative", "My bank is HSBC since I came to UK.",
     "I change my bank to Monzo, HSBC was charging me for everything.", ["HSBC"], ["Monzo"]),
    ("vet", "rambling",
     "Our vet is Castle Vets, they've looked after every dog we've ever had, wonderful with the old girl.",
     "We've had to take Bess to Meadowbank Vets now, Castle Vets got bought out by one of those big chains and "
     "the prices went through the roof.", ["Castle Vets"], ["Meadowbank"]),
    ("energy_supplier", "terse", "Energy: Octopus.", "Energy now EDF. Octopus tariff ended.",
     ["Octopus"], ["EDF"]),
    ("gym", "texting", "my gym is the gym group, 20 quid a month",
     "signed up at anytime fitness, the gym group was always rammed", ["Gym Group"], ["Anytime Fitness"]),
    ("mobile_network", "nonnative", "My mobile network is Vodafone, contract until next year.",
     "I am with giffgaff now for my mobile, Vodafone contract I finished and they wanted too much.",
     ["Vodafone"], ["giffgaff"]),
    ("optician", "rambling", "My optician is Specsavers in the precinct, they're ever so quick.",
     "I've gone over to the independent optician on Bridge Street, Clarke & Finch, for my eyes now, Specsavers "
     "rushed me through last time and got the prescription wrong.", ["Specsavers"], ["Clarke & Finch", "Clarke"]),
    ("insurer", "terse", "Insurer: Aviva.", "Moved home insurance Aviva to Direct Line. Cheaper.",
     ["Aviva"], ["Direct Line"]),
    ("hairdresser", "texting", "my hairdresser is jade at cut above",
     "found a new girl, Roxy at Fringe Benefits, way better than jade ever was ngl", ["Jade"], ["Roxy"]),
    ("doctor", "nonnative", "My doctor is Dr Lindqvist at the Northgate practice.",
     "I register at other practice, now my doctor is Dr Haddad, Dr Lindqvist was always full.",
     ["Lindqvist"], ["Haddad"]),
    ("mechanic", "rambling",
     "My mechanic is Dave at Brook Motors, honest as the day is long, he's done the car since we bought it.",
     "Dave's packed in at Brook Motors, retired to Spain lucky devil, so it's the lads at Kwik Fit for the MOT "
     "this year, not the same but they'll do.", ["Brook Motors"], ["Kwik Fit"]),
    ("broadband", "terse", "Broadband: TalkTalk.", "Ditched TalkTalk. Hyperoptic now.", ["TalkTalk"],
     ["Hyperoptic"]),
]

#: (change kind the control imitates, attribute kind, register, D1 statement, D2 with no change, old spellings)
CONTROLS: list[tuple[str, str, str, str, str, list[str]]] = [
    ("relocation", "home_city", "rambling", "I live in Norwich.",
     "Spent the weekend in Cromer with the kids, nice to get out of Norwich for a bit.", ["Norwich"]),
    ("relocation", "home_city", "nonnative", "I live in Utrecht with my partner.",
     "My brother moved to Rotterdam last month, I help him carry everything, I am so tired.", ["Utrecht"]),
    ("idiom_dislike", "favourite_band", "terse", "My favourite band is Elbow.",
     "I'm over the moon, got Elbow tickets for Manchester!", ["Elbow"]),
    ("idiom_dislike", "favourite_snack", "texting", "my fave snack is wotsits",
     "my brother has gone right off wotsits, more for me lol", ["wotsits"]),
    ("cancellation", "holiday", "terse", "Our holiday is a week in Madeira in May.",
     "The Madeira trip is on, flights booked, just sorting the car hire.", ["Madeira"]),
    ("cancellation", "course", "rambling", "My evening class is pottery at the community centre.",
     "Pottery class got called off this week because the kiln broke, back next Tuesday.", ["pottery"]),
    ("correction", "dentist", "terse", "My dentist is Dr Mistry.",
     "Did I say I'd booked for Tuesday? I meant Thursday, Dr Mistry's off on Tuesdays.", ["Mistry"]),
    ("correction", "car", "texting", "my car is a mini cooper",
     "scratch that plan to wash the mini today, it's chucking it down", ["mini cooper"]),
    ("indirect", "employer", "rambling", "I work at Network Rail as a signaller.",
     "Leaving do for Sue at work on Friday, she's off to the council, I'll miss her.", ["Network Rail"]),
    ("indirect", "car", "terse", "My car is a Volvo V70.",
     "Took the Volvo for its MOT, passed with one advisory, and got a coffee while I waited at the garage.",
     ["Volvo"]),
    ("provider_switch", "bank", "terse", "My bank is Nationwide.",
     "My mum switched her bank to Starling and keeps going on about it.", ["Nationwide"]),
    ("provider_switch", "vet", "rambling", "My vet is Oakfield Vets.",
     "Our neighbour's moved her cats from Oakfield Vets to the new place on the ring road, but we're sticking "
     "with Oakfield.", ["Oakfield"]),
]

CHANGE_KINDS: dict[str, list[Phrasing]] = {
    "relocation": RELOCATION, "idiom_dislike": IDIOM_DISLIKE, "cancellation": CANCELLATION,
    "correction": CORRECTION, "indirect": INDIRECT, "provider_switch": PROVIDER_SWITCH}


def split_of(index: int) -> str:
    """Every third item of a kind is TEST, fixed before any run."""
    return "test" if index % 3 == 2 else "dev"


def _dates(serial: int) -> tuple[str, str, str]:
    d1 = datetime(2025, 1, 6, 10, 30, tzinfo=timezone.utc) + timedelta(days=3 * serial, hours=serial % 9)
    d2 = d1 + timedelta(days=70 + serial % 40)
    return d1.isoformat(), d2.isoformat(), (d1 + (d2 - d1) / 2).isoformat()


def timelines() -> list[dict[str, Any]]:
    """The pool in ``bench_fact_checks``'s timeline schema, with ``split`` dev/test."""
    rows: list[dict[str, Any]] = []
    for change_kind, items in CHANGE_KINDS.items():
        for index, (kind, register, statement, later, old, new) in enumerate(items):
            d1, d2, as_of = _dates(len(rows))
            rows.append({"id": f"{change_kind}-{index}", "split": split_of(index), "kind": kind, "owner": "user",
                         "persona": register, "type": "change", "change_kind": change_kind,
                         "no_change_kind": None, "statement": statement, "later": later, "d1": d1, "d2": d2,
                         "as_of": as_of, "check_as_of": change_kind != "correction", "old": old, "new": new})
    for index, (change_kind, kind, register, statement, later, old) in enumerate(CONTROLS):
        d1, d2, as_of = _dates(len(rows))
        rows.append({"id": f"control-{change_kind}-{index}", "split": split_of(index), "kind": kind,
                     "owner": "user", "persona": register, "type": "no_change", "change_kind": None,
                     "no_change_kind": f"control_{change_kind}", "statement": statement, "later": later,
                     "d1": d1, "d2": d2, "as_of": as_of, "check_as_of": False, "old": old, "new": []})
    return rows
