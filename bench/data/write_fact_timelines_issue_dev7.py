"""Writes bench/data/fact_timelines_issue_dev7.json: a seventh fresh dev pool over 20 attribute kinds of the
user's everyday life, told in four registers of message rather than four dialects.

Why: the earlier pools varied who the user is and where they come from; this one keeps everyone in England and
varies how a message is typed. A fact arrives inside a dictated run-on with no punctuation and a misheard word,
inside a Gen-Z text broken over several lines with emoji and abbreviations, inside a formal letter with a
greeting, a subordinate clause and a sign-off, or as one bullet among five in a busy parent's list. The kinds
are the ordinary things an assistant is told about and that quietly change: a pet's name, a race being trained
for, a gym, a handset, a bank, a doctor, a sister's city, a language, a band, a laptop, how coffee is taken, a
diet, a wedding anniversary, a wake-up time, a car, a job title, a manager, a weekend hobby, a café and a
supermarket.

How and when: written by hand, in one pass, on 2026-12-04, by a helper session that had not read the extraction
code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any pool's data (no
``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), nor any other ``bench/*.py`` or
``bench/data/*.py``, and had run nothing of the system nor any benchmark. It read only
``bench/data/change_pool.py`` (all of it) and, of ``write_fact_timelines_issue_dev6.py``, exactly lines 1-116
(docstring, imports, ``PERSONAS``/``SHAPES``/``SHAPE_COUNTS``/``MOVED_KINDS``/``OWNERS``/``SEED``, the start of
``KINDS``), lines 117-137 (its first ``K(...)`` call, ``dentist``, as a format example) and lines 505-550
(``_check``/``build``/``main``). None of dev6's sentences, values or personas are reused. All sentences below
were written before this generator was first run, and no system output on these timelines existed when they
were written; after the first run only errors reported by ``_check`` or Python could be fixed, never the
wording. The only thing this file's author ran is this file.

Kinds (20; owner ``user`` unless said): the dog's name (owner ``user's dog``), the race the user is training
for, the gym, the phone handset, the bank, the family doctor by name, the city the user's sister lives in (owner
``user's sister``), the language the user is learning, the band the user plays in, the laptop, how the user
takes their coffee, the user's diet, the wedding anniversary date, the wake-up time, the car the user drives,
the user's job title, the manager's name, the main weekend hobby, the favourite café and the usual supermarket.
All four voices live in England, so every value (UK banks, gyms and supermarkets, English and Scottish races,
British cars and towns, people's names, dates, times) fits all of them.

Personas (split ``issue_dev7``), statement i and change i of a kind in persona i's voice:

0. ``kev_58_derby_voice_dictation``: a man in Derby who dictates everything into his phone, wife Denise, mate
   Baz; long run-on messages with hardly any punctuation, homophone slips ("their" for "there", "write" for
   "right", "weak" for "week", "to" for "too", "then" for "than", "wear" for "where"), fillers ("um", "so
   yeah", "right so", "anyway"), and two or three unrelated requests in the same breath;
1. ``tia_27_manchester_genz_texts``: a young office worker in Manchester, husband, a work bestie; all lower
   case, one message in several short lines, abbreviations (ngl, tbh, fr, lowkey, istg, rn, idk, bc, w/, lol,
   lmao, fyi), stretched words ("sooo", "gooo"), emoji, "era", "slap", "dead to me", "we move";
2. ``rosalind_63_cheltenham_formal_letters``: a part-time bursar and parish volunteer near Cheltenham, husband
   Geoffrey, a daughter, a son and a grandson; every message a small letter ("Good morning.", "Dear Mneme,",
   "Kind regards, Rosalind"), full sentences, British spellings, the fact in a subordinate clause or behind a
   polite hedge ("I should perhaps mention", "I wonder whether you might");
3. ``dan_39_bristol_busy_parent_lists``: a father of three (Ellie, Sam and baby Rose) in Bristol, partner Jo;
   every message a list of updates with "- " bullets or numbered lines, parentheticals, half sentences, shouty
   capitals, the fact as one bullet among unrelated ones.

Statements: per kind, some are fairly direct ("my gym is X", "I drive a X"), the others carry the value in
passing inside a message about something else (a shopping list, a note to the neighbours, a hotel to book, a
meal plan, a dinner that can't be made) or imply it. The D2 change messages are tagged with their shape (same
ten shapes, same meanings, as ``issue_dev6``), each in its voice's register:

* ``indirect``: the change comes as a story, the new value named in passing (dictating on the new phone, a
  first 1:1 with the new manager, a dinner booked for the new date, a conversation evening in the new language);
* ``later_sentence``: the old one ends in one sentence or bullet, the new value comes a sentence or line later;
* ``ended_no_successor``: pulled out, quit, closed down, sold, struck off a list, resigned, retired without a
  successor, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right (the dictation misheard, "wait i said...?? nah", "I must correct
  something I told you", "my GP isn't X - that's Jo's GP");
* ``comparison``: Y is cheaper / nearer / better than X on these counts, so Y is what they use now;
* ``third_party``: someone else reports the change (the wife dictating on the user's phone, a receptionist,
  mum, a work bestie, a daughter with the photo albums, a partner who has the phone);
* ``idiom``: given the boot, dead to me, jumped ship, in my X era, hung up my boots, nailed my colours to the
  mast, out with the old -- the replacement in the same breath;
* ``moved``: a date or a time moved to another (the anniversary, the alarm);
* ``replaced_in_role``: someone or something takes over the old one's role (a rescue dog in the old basket, a
  work phone, a GP who takes over the list, a new band from the old one's members, a new manager, a new shop in
  the same retail park);
* ``abandon_for``: one thing given up for another (a name, a gym, a bank, a language, a diet, a car, a hobby,
  a café).

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute,
e.g. a neighbour's puppy) and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape counts
over the 80 changes: indirect 9, later_sentence 9, ended_no_successor 9, correction 9, comparison 9,
replaced_in_role 9, third_party 8, idiom 8, abandon_for 8, moved 2. ``moved`` is 2, below the 5 that dev6's
``build`` asks for, because only two of the brief's twenty kinds are a date or a time that can be moved (the
anniversary and the wake-up time); ``build`` below asks instead that ``moved`` appear once per ``MOVED_KINDS``
kind, and keeps 5-10 for the other nine shapes.

One split, ``issue_dev7``. Scored by ``bench/bench_fact_checks.py --set issue_dev7`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev7.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev7.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev7": ("kev_58_derby_voice_dictation",            # 0: run-ons, um, so yeah, their/there, Denise
                   "tia_27_manchester_genz_texts",            # 1: lower case, ngl, tbh, fr, sooo, emoji, lines
                   "rosalind_63_cheltenham_formal_letters",   # 2: Good morning., Kind regards, Geoffrey
                   "dan_39_bristol_busy_parent_lists"),       # 3: - bullets, (asides), Jo, Ellie, Sam, Rose
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"indirect": 9, "later_sentence": 9, "ended_no_successor": 9, "correction": 9, "comparison": 9,
                "replaced_in_role": 9, "third_party": 8, "idiom": 8, "abandon_for": 8, "moved": 2}
#: the only kinds a ``moved`` change may belong to: a date or a time that is moved
MOVED_KINDS = {"wedding_anniversary", "wake_up_time"}
#: the owners a kind may have in this pool: the user, the user's dog, or the user's sister
OWNERS = {"user", "user's dog", "user's sister"}
SEED = 7302915

D = "issue_dev7"

KINDS = [
    K("dog_name", D, "user's dog",
      [(["Biscuit"], ["Juniper"]),
       (["Pickle"], ["Monty"])],
      ["Right so can you add dog food to the shopping list the big bag not the small one and um remind me the vet "
       "wants to see {old} on Thursday for his jabs at ten I think its ten anyway and Denise says we're out of bin "
       "bags to so yeah",
       "ok so my dog is called {old} 🐶\nhe's a lil cockapoo\nand he is sooo dramatic ngl",
       "Good afternoon.\n\nI wonder whether you might help me compose a short note to our neighbours, who have "
       "very kindly offered to look after our dog, {old}, while Geoffrey and I are in the Lakes next month. He is "
       "a placid old Labrador and requires very little beyond two walks a day and his supper at six.\n\nWith "
       "thanks,\nRosalind",
       "Things for this wk:\n- Sam's school trip form (signed?? check bag)\n- book {old} in at the groomers "
       "before half term\n- Jo's mum arrives Sat\n- ring the boiler man"],
      [("correction", "Oh and um earlier when I said the dog was called {old} that was the phone mishearing me "
                      "again his name is {new} not {old} I don't know where it got that from so yeah can you fix "
                      "that wear you've got it"),
       ("indirect", "{new} ate half a sock today 😭😭\nvet says he'll live lol\nlowkey the new name is working, he "
                    "never came when we yelled {old} at the park\nbut {new} gets him running back every time"),
       ("replaced_in_role", "Dear Mneme,\n\nYou may recall that I have mentioned our dog, {old}, on several "
                            "occasions. I am sorry to say that he died in March, at the great age of fourteen. "
                            "The house felt intolerably quiet without him, and so, after some deliberation, "
                            "Geoffrey and I have taken on a rescue greyhound by the name of {new}, who now "
                            "occupies the basket by the Aga that was once {old}'s.\n\nKind regards,\nRosalind"),
       ("abandon_for", "Quick ones:\n- dentist for Ellie is the 14th\n- dog's name: we've given up on {old} (he "
                       "ignores it completely) and gone for {new}, kids voted\n- need more nappies\n- Jo's car "
                       "MOT due")],
      "{old} rolled in something disgusting on the walk this morning.",
      "My neighbour's new puppy is called Wilbur and he cries all night.",
      "The clocks go back this weekend, I always forget."),

    K("training_race", D, "user",
      [(["Manchester Marathon"], ["Great North Run"]),
       (["Edinburgh Marathon"], ["Bath Half", "Bath Half Marathon"])],
      ["So yeah I'm training for the {old} which is mad at my age I know but I've done three long runs this weak "
       "and my knees are holding up so far um can you remind me to buy some of them energy gels next time I'm in "
       "town",
       "cant come out sat sorry 😩\nlong run in the morning\nthe {old} is literally in april and im sooo behind on "
       "training istg",
       "Good morning.\n\nI should perhaps mention, since it bears on my diary for the spring, that I have entered "
       "the {old} -- rather against my better judgement, and largely at my daughter's instigation -- and that I "
       "am following a sixteen-week training plan which has me out on the lanes four mornings a week.\n\nKind "
       "regards,\nRosalind",
       "Sunday plan:\n1. swimming lessons 9am (Sam + Ellie)\n2. my long run after - 14 miles for the {old} "
       "(ugh)\n3. roast at Jo's mum's\n4. homework check!!"],
      [("ended_no_successor", "Um bad news on the running front I've pulled out of the {old} the physio says my "
                              "Achilles needs three months rest so I'm not training for anything now full stop "
                              "which is a shame but their you go anyway did the electrician ring back"),
       ("comparison", "ok hear me out\nthe {new} is flatter, cheaper to enter and my whole team is doing it\nthe "
                      "{old} would've been 26 miles of suffering alone 💀\nso {new} it is, new training plan "
                      "started monday"),
       ("later_sentence", "Dear Mneme,\n\nI have decided, after a rather painful conversation with my "
                          "physiotherapist, that the {old} will have to go ahead without me this year; the full "
                          "distance is simply too much for my hip. I have not given up altogether, however. My "
                          "daughter has persuaded me to set my sights on the {new} instead, and I am told the "
                          "training is a good deal kinder.\n\nWith best wishes,\nRosalind"),
       ("third_party", "Updates:\n- Jo has told everyone at the school gate I'm doing the {new} now instead of the "
                       "{old} (apparently I said it in my sleep?? fine, it's true)\n- Rose has a tooth coming\n- "
                       "car needs tax")],
      "Did a twelve-mile run today, the {old} is starting to feel real.",
      "My brother is doing an ultramarathon in the Peak District, he's lost the plot.",
      "Remind me the boiler service is on the twentieth."),

    K("gym", D, "user",
      [(["PureGym"], ["The Gym Group"]),
       (["Anytime Fitness"], ["David Lloyd"])],
      ["Can you put in the calendar I'm meeting Baz at {old} after work on Tuesday we're doing legs god help me and "
       "also remind Denise its her sisters birthday on the Friday because she'll forget she always does so yeah",
       "my gym is {old} btw\nthe one by the uni\nits always rammed at 6 but its cheap so 🤷‍♀️",
       "Good evening.\n\nI am a member of {old}, which I joined in January on my doctor's advice, and I attend the "
       "Pilates classes there twice weekly. I mention it only because I wonder whether you could remind me when "
       "my membership falls due for renewal.\n\nKind regards,\nRosalind",
       "- pack Ellie's PE kit\n- freeze my {old} membership for a month (back hurts)\n- nursery fees due\n- order "
       "birthday cake for Sam"],
      [("idiom", "Right so I've given {old} the boot mate the showers have been broke for a month and nobody cares "
                 "so I've joined {new} instead its a bit further but at least the machines work um and can you "
                 "remind me to cancel the direct debit"),
       ("abandon_for", "update\nleft {old} for {new} 🏋️‍♀️\nbc my bestie works at {new} and gets me a discount "
                       "lol\nno regrets tbh"),
       ("replaced_in_role", "Dear Mneme,\n\nI thought I ought to let you know that {old} has been superseded, so "
                            "far as I am concerned, by {new}; the latter is open earlier in the morning and the "
                            "staff are rather more attentive. I have cancelled my old membership "
                            "accordingly.\n\nKind regards,\nRosalind"),
       ("comparison", "Admin:\n- gym: {new} is 10 mins from nursery and open till late, {old} is across town and "
                      "shuts at 9, so switched to {new} (obvs)\n- Sam's parents evening Weds 5.40\n- Jo birthday "
                      "present!!")],
      "Forgot my padlock at {old} again this morning.",
      "My cousin goes to a CrossFit box and won't stop talking about it.",
      "We've run out of printer ink."),

    K("phone", D, "user",
      [(["Pixel 7a"], ["iPhone 15"]),
       (["Samsung Galaxy S23", "Galaxy S23"], ["Motorola Edge 40", "Motorola Edge"])],
      ["Um the battery on my phone is going again its a {old} and its only two years old is that normal because "
       "I'm having to charge it twice a day now and its doing my head in right anyway",
       "omg dropped my {old} in the bath 😭\nit survived??\nrice trick is real fr",
       "Good morning.\n\nMy grandson set up my new mobile telephone, a {old}, over the weekend, and I confess I am "
       "still finding my way around it. Could you tell me how one increases the size of the text?\n\nKind "
       "regards,\nRosalind",
       "Stuff:\n- screen protector for my {old} (Rose threw it at the telly)\n- Ellie's swimming money\n- bins "
       "Tues not Weds this wk"],
      [("indirect", "So yeah I'm dictating this on the {new} now Denise got me it for my birthday so bear with me "
                    "if it writes something daft the old {old} is in the drawer for the grandkids to play games on "
                    "anyway what's the weather doing tomorrow"),
       ("idiom", "the {old} is officially dead to me 💀\nscreen went green then black\nupgraded to the {new}, we "
                 "move"),
       ("correction", "Dear Mneme,\n\nI must correct something I told you. I said that my telephone was a {old}; "
                      "I have since looked at the box, and it is in fact a {new}. My grandson set it up, and I "
                      "simply assumed. I do apologise for the confusion.\n\nKind regards,\nRosalind"),
       ("replaced_in_role", "Update list:\n- new phone! the {new} (work upgrade) has taken over from the {old}, "
                            "which is now Ellie's 'for emergencies only' phone lol\n- need new charger cables\n- "
                            "parents evening thurs")],
      "My {old} keeps asking me to update it.",
      "My dad still uses a flip phone and refuses to upgrade.",
      "The recycling goes out on Mondays now."),

    K("bank", D, "user",
      [(["Nationwide"], ["Monzo"]),
       (["Barclays"], ["Starling", "Starling Bank"])],
      ["Can you remind me to pop into {old} on Saturday morning I need to pay in that cheque from Denise's auntie "
       "before it runs out and also we need milk and bread and um the car wants washing so yeah",
       "fyi i bank w/ {old}\nbeen with them since i was like 16\nthe app is mid tho ngl",
       "Good afternoon.\n\nI should be grateful if you would draft a letter to {old}, with whom I have held my "
       "current account for some thirty years, asking them to send paper statements once more. I find the online "
       "arrangements rather trying.\n\nYours sincerely,\nRosalind Ashby",
       "Money stuff:\n- my bank is {old} (joint acc w Jo is there too)\n- council tax bill came\n- pocket money "
       "for Sam\n- dinner money top-up"],
      [("later_sentence", "Right so I've closed my account at {old} they kept shutting branches and now the "
                          "nearest one is twenty mile away um anyway Denise sorted the paperwork on Monday and the "
                          "wages go into {new} from now on"),
       ("abandon_for", "ok ditched {old} 👋\nmoved everything to {new}\nthe savings pots are sooo good and it "
                       "tells me when i've spent too much on deliveroo 💀"),
       ("third_party", "Dear Mneme,\n\nGeoffrey informs me -- and he has been handling the matter, as he always "
                       "does -- that our accounts have now been transferred from {old} to {new}, the switching "
                       "service having done its work over the course of last week. I confess I had not followed "
                       "the details closely.\n\nWith kind regards,\nRosalind"),
       ("comparison", "Sorted:\n- bank: {new} pays interest on the current acc and has an app that actually "
                      "works, {old} charges for everything -> switched to {new}\n- Ellie's nits (again)\n- "
                      "returned the parcel")],
      "Need to ring {old} about a payment that went out twice.",
      "My friend banks with a little building society in Yorkshire and swears by it.",
      "The cat next door has been sleeping in our shed."),

    K("doctor", D, "user",
      [(["Dr Chidi Okafor", "Dr Okafor"], ["Dr Ingrid Lindqvist", "Dr Lindqvist"]),
       (["Dr Helen Marsh", "Dr Marsh"], ["Dr Rajesh Pillai", "Dr Pillai"])],
      ["My doctor is {old} at the health centre on Station Road and I've got to ring them at eight tomorrow for a "
       "blood test appointment so can you remind me at quarter to eight um because if you ring at ten past its "
       "hopeless",
       "finally got an appt w {old} 🙏\nonly took 3 weeks lol\nhopefully its nothing but my wrist still kills",
       "Good morning.\n\nCould you help me prepare a short list of questions for my appointment on Thursday with "
       "{old}, who has been my general practitioner since we came to the town? I tend to forget half of what I "
       "meant to ask once I am in the room.\n\nKind regards,\nRosalind",
       "Health admin:\n- my GP is {old} (same surgery as the kids)\n- book Rose's 1yr jabs\n- repeat "
       "prescription for Jo's inhaler"],
      [("third_party", "Um so Denise was at the surgery yesterday and the receptionist told her {old} has retired "
                       "and everyone on that list has gone over to {new} so I suppose that's my doctor now isn't it "
                       "anyway I'll find out when I go in for my knee"),
       ("ended_no_successor", "lol got a letter saying im off {old}'s list\nbc i'm out of the catchment now "
                              "🙃\nnot registered with any gp rn, should prob sort that"),
       ("replaced_in_role", "Dear Mneme,\n\nI learnt this morning that {old} has left the practice to take up a "
                            "post in Edinburgh, and that {new} has taken over the list, myself included. I met "
                            "{new} briefly at my last appointment and found the manner reassuringly "
                            "unhurried.\n\nKind regards,\nRosalind"),
       ("correction", "Correction from last wk:\n- my GP isn't {old} - that's Jo's GP. mine is {new} (same "
                      "surgery, I mixed them up)\n- also Rose's jabs are booked\n- swimming cancelled Sat")],
      "Got a text from {old}'s surgery about my flu jab.",
      "My mum's GP does video appointments now, she loves it.",
      "The hedge at the front needs cutting before it blocks the path."),

    K("sister_city", D, "user's sister",
      [(["Leeds"], ["Glasgow"]),
       (["Norwich"], ["Cardiff"])],
      ["Um can you look at trains to {old} for the bank holiday weekend me and Denise are going up to see my sister "
       "Karen she's got a new flat there and wants to show it off so yeah cheapest ones if you can right thanks",
       "my sister lives in {old} now\nshe went there for uni and just never left lol\nmiss her tbh 🥺",
       "Good evening.\n\nI wonder if you could find me a suitable hotel in {old} for the second weekend of next "
       "month; my sister, who has lived there since her retirement, is turning seventy, and I should like to be "
       "near enough to walk to her house.\n\nKind regards,\nRosalind",
       "Family stuff:\n- my sister's in {old} (so xmas at hers is a 4hr drive, ugh)\n- order Sam's school "
       "shoes\n- Ellie's friend sleepover Fri"],
      [("indirect", "So yeah been on the phone to my sister for an hour she's loving it up in {new} says the flat's "
                    "bigger than the one in {old} was and the people are friendlier um anyway can you add a "
                    "birthday card for her to the list"),
       ("third_party", "mum just told me my sister's already moved from {old} to {new} 😳\nfor a new job "
                       "apparently\nwhy am i always the last to know lmaooo"),
       ("later_sentence", "Dear Mneme,\n\nMy sister has at last sold her house in {old}, which she had been trying "
                          "to do for the best part of a year. She has taken a small flat in {new}, near her son "
                          "and his family, and tells me she is happier than she has been in a long "
                          "while.\n\nWith best wishes,\nRosalind"),
       ("correction", "Oops, fixes:\n- my sister lives in {new}, not {old}! no idea why I typed {old} (tired "
                      "brain)\n- Rose's nursery photo money\n- dishwasher salt")],
      "My sister in {old} sent a photo of the snow there.",
      "My neighbour's sister lives out in Portugal now, lucky thing.",
      "I've finally sorted out the loft."),

    K("learning_language", D, "user",
      [(["Spanish"], ["Japanese"]),
       (["Italian"], ["Welsh"])],
      ["I'm learning {old} on that app with the green owl every night before bed um Denise thinks its hilarious but "
       "we're going away in the summer and I want to be able to order a pint at least so yeah can you test me on "
       "some words",
       "cant do thurs, got my {old} class 📚\nits lowkey the highlight of my week\nteacher is sooo funny",
       "Good morning.\n\nYou may be amused to learn that at the age of sixty-three I have taken up {old}, through "
       "an evening class at the adult education centre. I find the grammar taxing but the conversation sessions "
       "most enjoyable.\n\nKind regards,\nRosalind",
       "Tonight (if kids sleep lol):\n- 20 mins {old} flashcards\n- fill in Sam's reading record\n- email "
       "nursery re: Friday"],
      [("abandon_for", "Um so I've given up on the {old} I just couldn't get my head round it honestly and I've "
                       "switched the app over to {new} because the daughter in law is from there and I want to talk "
                       "to her mum properly anyway is it going to rain Saturday"),
       ("ended_no_successor", "officially quit {old} lol\nlost my 200 day streak and just… gave up 💀\nnot "
                              "learning anything rn, brain is full"),
       ("indirect", "Dear Mneme,\n\nI have just returned from my first {new} conversation evening, where I "
                    "managed, to my great surprise, to introduce myself and order a pot of tea without once "
                    "resorting to English. I confess I do not miss the {old} classes in the slightest.\n\nKind "
                    "regards,\nRosalind"),
       ("later_sentence", "Weekly brain dump:\n- {old} course ends this wk, not renewing (no time)\n- Jo's signed "
                          "us both up for {new} evening classes instead, first one was fun!\n- Rose's first "
                          "shoes")],
      "Still practising my {old} verbs on the bus.",
      "My colleague is learning Mandarin for a work trip.",
      "The dishwasher is making a grinding noise."),

    K("band", D, "user",
      [(["The Tin Lanterns", "Tin Lanterns"], ["Copper Kettle Ceilidh Band", "Copper Kettle"]),
       (["Northgate Brass Band", "Northgate Brass"], ["The Velvet Moths", "Velvet Moths"])],
      ["I play bass in {old} it's just a pub band really covers mostly um and we've got a gig at the Red Lion on "
       "the twenty second so can you put that in the diary and remind me to restring the bass before hand",
       "band practice ran sooo late 😴\n{old} has a gig next month!!\nim on keys, pray for me",
       "Good afternoon.\n\nI should be grateful for your help in drafting a notice for the parish magazine. {old}, "
       "in which I have played the cornet for some years, is giving a concert in aid of the church roof on the "
       "last Saturday of the month, and we should very much like a good turnout.\n\nKind regards,\nRosalind",
       "This wk:\n- band: I'm in {old} (drums), rehearsal is Weds this time\n- Sam's football Sat 10am\n- Ellie "
       "needs a costume for World Book Day (!!!)"],
      [("later_sentence", "So yeah I've left {old} there was a bit of a falling out with the singer over the set "
                          "list I won't bore you with it anyway um a lad from work asked me to join {new} and we "
                          "had our first practice last night and it was proper good"),
       ("idiom", "{old} and i are done ✌️\ncreative differences lol\nim in my {new} era now and honestly they "
                 "slap"),
       ("ended_no_successor", "Dear Mneme,\n\nIt is with some sadness that I write to say I have resigned from "
                              "{old}. My arthritis has made the cornet increasingly difficult, and I felt it unfair "
                              "to the others to carry on. I have no plans to join another band; I shall content "
                              "myself with listening.\n\nKind regards,\nRosalind"),
       ("replaced_in_role", "Quick list:\n- {old} has folded (the other drummer emigrated) - the rest of us have "
                            "started {new} instead, I'm still on drums\n- pay window cleaner\n- Rose's cough")],
      "{old} are playing a wedding next weekend.",
      "My cousin sings in a choir that's on the radio at Christmas.",
      "I've finally booked the car in for its MOT."),

    K("laptop", D, "user",
      [(["MacBook Air"], ["ThinkPad X1 Carbon", "ThinkPad"]),
       (["Dell XPS 13", "Dell XPS"], ["Surface Laptop 5", "Surface Laptop"])],
      ["Right can you help me sort the photos from the holiday their all on my {old} and its saying the disk is "
       "nearly full so um what do I delete first and also remind me to ring the garage about the tyre",
       "my laptop is a {old}\nits from 2021 and holding on for dear life 😅\nwill it run the sims 4 idk",
       "Good morning.\n\nI use a {old}, which my son chose for me, chiefly for correspondence and for keeping the "
       "accounts of the parish. I wonder whether you could advise me on backing up my documents, as I am told one "
       "ought to.\n\nKind regards,\nRosalind",
       "Before Monday:\n- update the {old} (it's been nagging for weeks)\n- Sam's homework on Jo's phone instead "
       "(!)\n- book haircut"],
      [("comparison", "So yeah I've gone and got a {new} the battery lasts all day and the keyboard is miles better "
                      "then the {old} which was always overheating on my lap so that's my laptop now anyway Denise "
                      "says hello"),
       ("later_sentence", "rip my {old} 🪦\nspilled a whole iced latte on it\nanyway\njust picked up a {new} from "
                          "the shop and its sooo fast"),
       ("indirect", "Dear Mneme,\n\nForgive the delay in my reply; I have been learning my way around the {new} "
                    "that my son gave me for my birthday, which is a considerably quicker machine than the old "
                    "{old}, now consigned to the spare room. I am pleased to say the parish accounts are up to "
                    "date.\n\nKind regards,\nRosalind"),
       ("ended_no_successor", "Updates:\n- {old} is dead (Rose + cup of milk), no laptop now, doing everything on "
                              "my phone till further notice\n- Ellie's parents eve 6.10\n- Jo's work do Fri")],
      "My {old} is making a whirring noise when it starts up.",
      "My niece has a gaming laptop with more lights than a Christmas tree.",
      "We need to book the chimney sweep before winter."),

    K("coffee_style", D, "user",
      [(["black, no sugar"], ["with oat milk"]),
       (["white with two sugars"], ["decaf with a splash of milk"])],
      ["Um when the lads come round Saturday for the football can you remind me to get the good coffee in and for "
       "the record I have mine {old} Denise is always getting it wrong so yeah",
       "coffee order: {old} ☕\nevery. single. day.\nbaristas at work know me by now lol",
       "Good morning.\n\nWe have the Bishop's wife coming to tea on Thursday, and I should like a short shopping "
       "list prepared. For my own part I shall have coffee, {old}, as I always do, but our guest is partial to "
       "Earl Grey.\n\nKind regards,\nRosalind",
       "Shopping:\n- coffee (for me, {old} - the only thing keeping me alive)\n- nappies size 4\n- fish "
       "fingers\n- birthday candles"],
      [("correction", "Oh and earlier I think the phone wrote that I have my coffee {old} that's wrong I've always "
                      "had it {new} its Denise who has it the other way so yeah get that write"),
       ("indirect", "barista just handed me my coffee {new} without even asking 😭\nfeels like yesterday i was a "
                    "{old} girlie\ngrowth fr"),
       ("comparison", "Dear Mneme,\n\nOn my doctor's advice I have been experimenting, and I find that coffee "
                      "{new} agrees with me far better than coffee {old}; I sleep more soundly and the indigestion "
                      "has quite gone. I shall take it that way from now on.\n\nKind regards,\nRosalind"),
       ("idiom", "Life admin:\n- coffee: out with {old}, in with {new} (doctor's orders, boo)\n- Sam's tooth fell "
                 "out (tooth fairy £££)\n- fix the gate")],
      "Made myself a coffee {old} and then forgot to drink it.",
      "My colleague drinks about six espressos a day and wonders why he can't sleep.",
      "The library books are due back on Friday."),

    K("diet", D, "user",
      [(["vegetarian"], ["vegan"]),
       (["keto"], ["pescatarian"])],
      ["So yeah I've been {old} since new year so can you find me some recipes for tea this week nothing to fiddly "
       "and um Denise wants something with mushrooms",
       "going to nandos sat w the girls\nthey better have a {old} option or im eating chips for dinner lol 🍟",
       "Good afternoon.\n\nWe are invited to the Hendersons' for supper on Saturday, and I wonder whether you might "
       "help me write a gracious note to let Patricia know in advance that I am {old}, so that she is not put to "
       "any trouble on my account.\n\nKind regards,\nRosalind",
       "Meal plan:\n- me: {old} (still!! day 40)\n- kids: pasta bake x2, fishcakes\n- Jo: whatever's left lol"],
      [("abandon_for", "Um right so I've packed in the {old} thing it wasn't for me honestly I was starving all the "
                       "time so I'm going {new} instead Denise reckons I'll last a week but we'll see anyway can you "
                       "find me some recipes for that"),
       ("correction", "wait i said i was {old}??\nnah i meant {new} lmao\nautocorrect or my brain idk 💀"),
       ("idiom", "Dear Mneme,\n\nI have decided, as the saying goes, to nail my colours to the mast: having been "
                 "{old} for the better part of a year, I am now {new}, and I intend to stay so. My daughter is "
                 "delighted.\n\nKind regards,\nRosalind"),
       ("ended_no_successor", "Update:\n- giving up on {old} - too hard with 3 kids' leftovers everywhere, back to "
                              "eating whatever\n- Ellie's reading book\n- car insurance renewal")],
      "Found a great {old} cookbook in the charity shop.",
      "My sister-in-law does intermittent fasting and is very smug about it.",
      "The oven door won't close properly."),

    K("wedding_anniversary", D, "user",
      [(["12 May", "May 12"], ["3 August", "August 3"]),
       (["21 September", "September 21"], ["6 April", "April 6"])],
      ["Can you make a note our wedding anniversary is {old} and I always forget it so remind me a week before so "
       "I can get Denise some flowers and a card and not from the garage this time she'll kill me",
       "anniversary dinner booked for {old} 🥂💍\nyear 3 let's gooo\nnow i just need a dress idk",
       "Good evening.\n\nGeoffrey and I were married on {old} in 1986, and I should like to mark the anniversary "
       "this year with a small lunch for the family. Might you help me with the invitations?\n\nKind "
       "regards,\nRosalind",
       "Dates to remember:\n- {old} - our anniversary (DON'T forget again, Jo hasn't let me live down last yr)\n- "
       "Sam's sports day\n- grandma's 80th in June"],
      [("correction", "Um I need to correct something our anniversary isn't {old} I had it wrong Denise just about "
                      "had a fit it's {new} so please change that before I get myself in more trouble right"),
       ("moved", "ok so me and my husband have moved our anniversary from {old} to {new}\nbc {new} is when we "
                 "actually met 🥹\nofficial now, cards and everything"),
       ("third_party", "Dear Mneme,\n\nMy daughter, who has been going through the old photograph albums, informs "
                       "me that the date on the back of our wedding photographs is {new}, and not {old} as I have "
                       "always maintained. Geoffrey, I am sorry to say, agrees with her. I stand "
                       "corrected.\n\nKind regards,\nRosalind"),
       ("indirect", "Weekend:\n- anniversary meal booked for {new} (since renewing our vows that's the date that "
                    "counts, not {old})\n- Sam's mate's party\n- Rose teething AGAIN")],
      "Only a few weeks to go until our anniversary on {old}.",
      "My parents' anniversary is on Christmas Eve, which is very convenient for them.",
      "The neighbours are having their driveway redone."),

    K("wake_up_time", D, "user",
      [(["6:30am", "6:30"], ["5:45am", "5:45"]),
       (["7am", "7:00am"], ["6:15am", "6:15"])],
      ["So yeah I get up at {old} every day even weekends its habit now after thirty years of early starts um can "
       "you set the heating to come on twenty minutes before that",
       "my alarm goes off at {old} 😩\nevery. day.\nwho invented mornings fr",
       "Good morning.\n\nAs I am generally up at {old}, before Geoffrey stirs, I find the early part of the day the "
       "best for correspondence. Would you help me with a letter to the council regarding the streetlight on our "
       "road?\n\nKind regards,\nRosalind",
       "Routine reset:\n- me up at {old} (before the kids, otherwise chaos)\n- Sam: bed 7.30 school nights\n- "
       "Ellie: reading 15 mins"],
      [("third_party", "Um this is Denise dictating on Kev's phone he's getting up at {new} from now on not {old} "
                       "because of the new shifts so can you change it for him thanks love"),
       ("correction", "ok correction\ni dont get up at {old}, idk why i said that\nits {new} 🙃\nhave been for "
                      "months"),
       ("indirect", "Dear Mneme,\n\nI find I am writing to you considerably earlier than usual: since I began "
                    "walking the neighbour's dog before breakfast, I have been rising at {new}, which makes my "
                    "former {old} seem positively indolent. I find I rather enjoy it.\n\nKind regards,\nRosalind"),
       ("moved", "Changes from Mon:\n- my alarm moved from {old} to {new} (breakfast club drop-off at 7.45, "
                 "ugh)\n- Sam's swimming now Tues\n- Jo working from home Fri")],
      "Woke up at {old} as usual and the house was freezing.",
      "My flatmate from uni never got up before noon, I don't know how.",
      "The car park at the hospital has gone up to five pounds."),

    K("car", D, "user",
      [(["Ford Fiesta"], ["Kia Niro"]),
       (["Vauxhall Corsa"], ["Toyota Yaris"])],
      ["Can you remind me the {old} needs its MOT by the end of the month and the tax and um I think the wiper "
       "blades are shot as well Denise says they squeak so yeah put that on the list",
       "i drive a {old} 🚗\nher name is gloria\nshe has 3 working speakers out of 4 lol",
       "Good afternoon.\n\nI drive a {old}, which I bought new some years ago and which has served me very well, "
       "though Geoffrey is forever saying it is too small for the dog. I should like a reminder set for the "
       "insurance renewal, which falls due in the autumn.\n\nKind regards,\nRosalind",
       "Sat:\n- clean the {old} (crisps EVERYWHERE)\n- car seat for Rose needs adjusting\n- Sam's party 2-4pm"],
      [("ended_no_successor", "So yeah I've sold the {old} to a lad from work we don't really need two cars now I "
                              "get the train to work so its just Denise's car I don't have one myself um anyway can "
                              "you tell me when the bin day is"),
       ("replaced_in_role", "{old} finally died on the m60 😭💔\nrip gloria\nmeet the new baby: a {new} 🚗✨\nsecond "
                            "hand but she's perfect"),
       ("abandon_for", "Dear Mneme,\n\nYou will be interested to hear that I have parted with the {old}, which had "
                       "become increasingly unreliable, in favour of a {new}, which Geoffrey chose after a great "
                       "deal of reading of motoring magazines. I am told it is very economical.\n\nKind "
                       "regards,\nRosalind"),
       ("later_sentence", "Catch-up:\n- {old} went to the scrapyard Tues (RIP, it was time)\n- Ellie's class "
                          "assembly Thurs 9.15\n- new car is a {new}, 7 yr warranty + fits all 3 car seats!!\n- "
                          "book dentist")],
      "The {old} made a funny clunking noise going over the speed bump.",
      "My brother-in-law drives a camper van and lives in it half the year.",
      "I've signed up for the library's book club."),

    K("job_title", D, "user",
      [(["data analyst"], ["product manager"]),
       (["payroll officer"], ["HR business partner"])],
      ["I work as a {old} at the council offices um been there nine year now so can you help me write something "
       "for my appraisal next week about what I've done this year their asking for three examples",
       "work was sooo long today 😮‍💨\nbeing a {old} means everyone thinks i can fix their excel lmao\nhome now, "
       "pizza",
       "Good morning.\n\nI am employed three days a week as a {old} at a firm of solicitors in the town, and I "
       "wonder whether you might help me to phrase a request to reduce my hours to two days from the "
       "spring.\n\nKind regards,\nRosalind",
       "Monday:\n- work: {old} job, big deadline Weds (so late nights, sorry Jo)\n- Rose's nursery bag\n- Sam's "
       "spelling test"],
      [("idiom", "So yeah I've jumped ship um I'm not a {old} any more I've gone over to being a {new} in the same "
                 "place more money and less spreadsheets anyway can you help me update my email signature"),
       ("comparison", "so the {new} role pays more, is fully remote and no more month end panic\nvs {old} which "
                      "was literally killing me\nso yeah i said yes 🥳 started monday"),
       ("later_sentence", "Dear Mneme,\n\nI have this week given up my post as {old}, after eleven years in which I "
                          "have seen a great many colleagues come and go. The firm very kindly asked me to stay "
                          "on, however, and I have been their {new} since Monday, which I confess I find rather "
                          "daunting.\n\nKind regards,\nRosalind"),
       ("replaced_in_role", "Work news (finally!):\n- promoted!! {new} now - my old {old} role's gone to the new "
                            "starter\n- need a work outfit that isn't covered in yoghurt\n- Ellie's reading book "
                            "again")],
      "Long day, being a {old} in budget season is no joke.",
      "My neighbour is a paramedic and does nights all the time.",
      "There's a hedgehog living under our decking."),

    K("manager_name", D, "user",
      [(["Gavin Price", "Gavin"], ["Niamh Kearney", "Niamh"]),
       (["Fiona Baxter", "Fiona"], ["Tomasz Nowak", "Tomasz"])],
      ["My manager is {old} and um I need to ask about taking the last week of August off so can you help me write "
       "an email thats polite but not grovelling because last time I asked it took ages",
       "{old} just said great work in the team chat 😳\nmy manager never says that\nscreenshotted for the "
       "memories",
       "Good afternoon.\n\nI wonder if you would help me draft a brief note of thanks to {old}, to whom I report at "
       "work, for being so understanding during Geoffrey's recent stay in hospital. I should like it to be warm "
       "without being effusive.\n\nKind regards,\nRosalind",
       "Work bits:\n- my manager = {old} (1:1 is Thurs 2pm)\n- expenses claim!!\n- Sam's permission slip\n- "
       "Jo's birthday meal Sat"],
      [("replaced_in_role", "Um big news at work {old} has left and they've put {new} in charge of our team so "
                            "that's my new manager anyway first impressions are good they brought cakes in so yeah "
                            "can you remember that"),
       ("third_party", "my work bestie just told me {old} handed in their notice 😱\nand apparently {new} already "
                       "took over our team this week\nwho even is that lol"),
       ("ended_no_successor", "Dear Mneme,\n\nI learnt at this morning's meeting that {old} has taken early "
                              "retirement, and that, owing to a restructure, the post is not to be filled; for the "
                              "time being I report to no one in particular, an arrangement which I suspect will not "
                              "last.\n\nKind regards,\nRosalind"),
       ("indirect", "Week so far:\n- first 1:1 with {new} today, way more chill than {old} ever was (thank "
                    "god)\n- Rose's ear infection - antibiotics\n- bins!!")],
      "Had a good catch-up with {old} about my targets.",
      "My partner's boss is off on sabbatical for six months.",
      "We've booked a cottage in Cornwall for October."),

    K("weekend_hobby", D, "user",
      [(["bouldering"], ["sea swimming"]),
       (["birdwatching"], ["pottery"])],
      ["Weekends its all about {old} for me really gets me out of the house um so can you check the weather for "
       "Saturday and Sunday and if its nice remind me to charge my phone the night before",
       "cant do brunch sat sorry 🙈\n{old} w the group, been planning it for weeks\nsunday?? x",
       "Good evening.\n\nMy principal pastime at weekends is {old}, which I took up after leaving full-time work, "
       "and I find it does wonders for one's patience. Could you find me a suitable book on the subject to give a "
       "friend who is starting out?\n\nKind regards,\nRosalind",
       "Sat:\n- my 2 hrs of {old} (Jo has the kids, sacred time)\n- Sam football\n- food shop"],
      [("comparison", "So yeah I've been doing {new} at weekends now instead of {old} its cheaper and more sociable "
                      "and the wife can come to so I'm sticking with that um remind me to get a new towel"),
       ("abandon_for", "dropped {old} for {new} 🫶\nweekends are sooo much better now\nhighly recommend"),
       ("idiom", "Dear Mneme,\n\nI have, I fear, hung up my boots so far as {old} is concerned; my knees have had "
                 "the final say. I have found great consolation in {new}, however, which now fills my Saturdays "
                 "most agreeably.\n\nKind regards,\nRosalind"),
       ("later_sentence", "Update:\n- not doing {old} any more (too many cancelled Saturdays)\n- Ellie's "
                          "gymnastics is Sun now\n- my weekend thing is {new} now, Jo found me a group\n- buy more "
                          "bread")],
      "Had a great weekend of {old}, legs are aching.",
      "My uncle spends every weekend restoring an old motorbike.",
      "The council are digging up our road again."),

    K("favourite_cafe", D, "user",
      [(["Bean & Bramble", "Bean and Bramble"], ["The Copper Cup", "Copper Cup"]),
       (["Lantern Coffee House", "Lantern Coffee"], ["Little Fig", "Little Fig Café"])],
      ["Um can you remind me I'm meeting Baz at {old} at half ten Saturday for a bacon roll like usual and then "
       "we're going to look at his allotment so yeah and also we need tea bags",
       "{old} is my fave café ever ☕️\nthe banana bread??? unreal\nwould die for it tbh",
       "Good morning.\n\nMy favourite café in the town is {old}, where the scones are still made on the premises, "
       "and I am meeting an old school friend there on Tuesday. Could you remind me to take the book I promised "
       "to lend her?\n\nKind regards,\nRosalind",
       "Today:\n- {old} after drop-off (my 20 mins of peace, as always)\n- call nursery re: fees\n- Sam needs new "
       "trainers"],
      [("ended_no_successor", "Bad news {old} has shut down the owners retired and its going to be a vape shop or "
                              "something so that's that I haven't got a regular place now for a cuppa um anyway Baz "
                              "is gutted to"),
       ("comparison", "ok {new} is cheaper, has oat milk for free and better wifi\n{old} could never 💅\nnew fave "
                      "fr"),
       ("abandon_for", "Dear Mneme,\n\nSince {old} changed hands in the summer and the scones went the way of all "
                       "things, I have forsaken it for {new}, on the other side of the market square, where the "
                       "welcome is warmer and the tea stronger.\n\nKind regards,\nRosalind"),
       ("idiom", "Quick notes:\n- {old}'s gone downhill, so out with the old - {new} is my spot now (they have a "
                 "kids' corner!!)\n- Rose's health visitor appt\n- return library books")],
      "Grabbed a toastie at {old} on the way home.",
      "My colleague only drinks coffee from the machine at work, he says cafés are a rip-off.",
      "My reading glasses have gone missing again."),

    K("supermarket", D, "user",
      [(["Tesco"], ["Aldi"]),
       (["Sainsbury's"], ["Lidl"])],
      ["Right can you make me a shopping list for {old} tomorrow we need spuds carrots the big thing of milk um "
       "washing up liquid and Denise wants them biscuits with the chocolate on one side so yeah",
       "i do my big shop at {old} every sunday 🛒\nmeal deal queen tbh\nno notes",
       "Good afternoon.\n\nI do the weekly shopping at {old}, generally on a Friday morning when the aisles are "
       "quieter, and I wonder whether you might help me plan a week of suppers that will keep within a modest "
       "budget.\n\nKind regards,\nRosalind",
       "Sunday jobs:\n- {old} big shop (list on fridge, DON'T forget nappies)\n- batch cook bolognese\n- iron "
       "school uniforms"],
      [("comparison", "So yeah we've started going to {new} instead the weekly shop came to forty quid less then at "
                      "{old} for pretty much the same stuff so that's where we shop now um Denise was right as "
                      "usual"),
       ("replaced_in_role", "{old} near me closed down 😩\nthe new {new} in the same retail park is my big shop spot "
                            "now\nthe middle aisle is a whole experience lol"),
       ("correction", "Dear Mneme,\n\nI must ask you to amend something I told you earlier. I said that I do the "
                      "weekly shopping at {old}; that is quite wrong, and I cannot think why I wrote it. It is "
                      "{new}, and has been for some years.\n\nKind regards,\nRosalind"),
       ("third_party", "From Jo (she's got my phone):\n- we're doing the big shop at {new} now, not {old} - I've "
                       "switched the delivery slot over\n- Sam has a dentist appt Weds\n- DON'T let Dan buy more "
                       "cereal")],
      "Spent far too long in the queue at {old} this morning.",
      "My mum gets everything delivered from Waitrose, she says it's worth it.",
      "The smoke alarm in the hallway needs a new battery."),
]


def _check(kind: dict) -> None:
    name = kind["kind"]
    assert len({tag for tag, _ in kind["changes"]}) == 4, name
    assert all("{new}" not in text for tag, text in kind["changes"] if tag == "ended_no_successor"), name
    assert all("{new}" in text for tag, text in kind["changes"] if tag != "ended_no_successor"), name
    assert all("{old}" in text for _, text in kind["changes"]), name
    assert all("{old}" in text and "{new}" not in text for text in kind["statements"]), name
    assert "{old}" in kind["mention"] and "{new}" not in kind["mention"] and "{old}" not in kind["other"], name
    assert "{" not in kind["other"] + kind["unrelated"], name
    values = {v for old, new in kind["pairs"] for v in old + new}
    assert not any(v in kind["other"] or v in kind["unrelated"] for v in values), name
    # this pool's own rules: every kind is the user's own (or the user's dog's, or the user's sister's)
    assert kind["owner"] in OWNERS, name
    # values reach the text only through the placeholders, never written out in a template
    templates = kind["statements"] + [text for _, text in kind["changes"]] + [kind["mention"]]
    assert not any(v in text for v in values for text in templates), name
    # a pair's old and new never share a value
    assert all(not set(old) & set(new) for old, new in kind["pairs"]), name
    # ``moved`` only for a date or a time that is moved, and every such kind has one
    assert all(tag != "moved" or name in MOVED_KINDS for tag, _ in kind["changes"]), name
    assert name not in MOVED_KINDS or any(tag == "moved" for tag, _ in kind["changes"]), name


def build() -> list[dict]:
    assert Counter(tag for k in KINDS for tag, _ in k["changes"]) == Counter(SHAPE_COUNTS)
    assert sum(SHAPE_COUNTS.values()) == 80 and set(SHAPE_COUNTS) == set(SHAPES)
    # only two kinds can have a date or time moved, so ``moved`` is one per such kind; the rest stay in 5-10
    assert all(5 <= n <= 10 for shape, n in SHAPE_COUNTS.items() if shape != "moved")
    assert SHAPE_COUNTS["moved"] == len(MOVED_KINDS)
    assert len(KINDS) == 20 and len({k["kind"] for k in KINDS}) == 20
    assert MOVED_KINDS <= {k["kind"] for k in KINDS}
    assert all(k["split"] == D for k in KINDS) and all(len(p) == 4 for p in PERSONAS.values())
    return build_pool(KINDS, PERSONAS, SHAPES, SEED, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev7.py",
               written="by hand in one pass on 2026-12-04, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
