"""Writes bench/data/fact_timelines_issue_dev3.json: a third fresh dev pool over 20 everyday attribute kinds.

Why: a dev pool that has been looked at and tuned against stops telling us whether a gain is general. This is
a third, untouched pool: the same twenty kinds as ``issue_dev2`` (the pet now a dog, the sibling a sister, the
child a daughter, the dentist swapped for the TV streaming service the household pays for), but new voices --
North American and Australian rather than British -- new values and new wording, to see whether what helped
on the earlier pools carries over to people who talk differently.

How and when: written by hand, in one pass, on 2026-12-02, by a helper session that had not read the
extraction code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any
pool's data (no ``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), and had run nothing of
the system. It read only ``bench/data/change_pool.py`` (``K``, ``build_pool``, ``write_pool``) and, of
``write_fact_timelines_issue_dev2.py``, the docstring, imports, ``PERSONAS``/``SHAPES``/``SHAPE_COUNTS``, its
first ``K(...)`` call as a format example and its bottom part (``_check``/``build``/``main``); none of that
pool's sentences, values or personas are reused. All sentences below were written before this generator was
first run, and no system output on these timelines existed when they were written; they were never edited
afterwards. The only thing this file's author ran is this file.

Kinds (20): a pet's name (the user's dog), a race being trained for, a gym, a phone, a bank, a family doctor
(primary care physician / GP), where a sibling lives (the user's sister), a language being learnt, a band the
user plays in, a laptop, how the user takes their coffee, a diet, a wedding anniversary, a wake-up time, a
car, a hairdresser/barber, a sports team supported (NFL / NHL), where a partner works (the user's husband,
wife or partner), a child's school (the user's daughter) and the TV streaming service the household pays for.
16 kinds are about the user, 4 about someone in their life (the dog, the sister, the partner, the daughter).

Personas (split ``issue_dev3``), statement i and change i of a kind in persona i's voice:

0. ``dana_41_ohio_mom_plain_midwest``: a mom in Ohio, plain American, kids, carpool, soccer, Target runs,
   the minivan, the PTA;
1. ``marcus_33_texas_mechanic_short_casual``: a mechanic in Texas, short casual messages, often lower-case,
   dropped g's ("mornin", "payin"), "y'all", "lol", the shop, the wife, sports;
2. ``priya_29_toronto_grad_student_wordy``: a grad student in Toronto, wordy and hedging ("I think", "sort
   of", "honestly"), long sentences with the fact buried mid-sentence, Canadian spelling, her partner and
   small daughter, the thesis;
3. ``liam_52_brisbane_tradie_aussie_slang``: a tradie in Brisbane, Australian slang ("arvo", "mate",
   "reckon", "heaps", "servo", "smoko", "the missus", "rego", "barbie").

Statements are not all plain: at most one direct sentence per kind ("my bank's X"), the others in passing
inside a message about something else (a check-engine light in a parking lot, a budgeting question, a
thesis-procrastination confession), by another word ("the pup", "my doc", "where I get my hair cut", "the
missus's work") or implied ("been banking with X since college"). The D2 change messages are tagged with their
shape (same ten shapes, same meanings, as ``issue_dev2``):

* ``indirect``: the change is told as a story, the new value named in passing;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, cancelled, retired, laid off, put down, with nothing named in its place
  (``new == []``);
* ``correction``: the D1 value was never right ("my bad, it's X not Y", "I got that wrong earlier");
* ``comparison``: Y is better than X on these counts, so Y is what I do now;
* ``third_party``: someone else reports the change (the kids, the wife, mom, the practice's letter, the
  district office, the mother-in-law, the sister-in-law at the barbie);
* ``idiom``: done with / kicked to the curb / over it, ditched / had a gutful, chucked it in / threw in the
  towel / peace out, the replacement in the same breath;
* ``moved``: a date or time moved to another (the anniversary now kept on the day of a vow renewal, the
  wake-up alarm), and, for ``sibling_city``, the sister moving from one city to another;
* ``replaced_in_role``: someone or something takes over the old one's role (a dog, a phone, a doctor, a
  laptop, a car, a barber, a streaming service);
* ``abandon_for``: one thing given up for another (a race, a language, a band, a coffee, a diet, a
  hairdresser, a team).

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute)
and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape counts over the 80 changes:
indirect 9, later_sentence 9, ended_no_successor 9, correction 9, comparison 9, third_party 9, idiom 9,
replaced_in_role 7, abandon_for 7, moved 3.

One split, ``issue_dev3``. Scored by ``bench/bench_fact_checks.py --set issue_dev3`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev3.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev3.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev3": ("dana_41_ohio_mom_plain_midwest",          # 0: plain American, kids, carpool, Target
                   "marcus_33_texas_mechanic_short_casual",   # 1: short, casual, lower-case, y'all
                   "priya_29_toronto_grad_student_wordy",     # 2: wordy, hedging, fact buried mid-sentence
                   "liam_52_brisbane_tradie_aussie_slang"),   # 3: arvo, mate, reckon, heaps, servo
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"indirect": 9, "later_sentence": 9, "ended_no_successor": 9, "correction": 9, "comparison": 9,
                "third_party": 9, "idiom": 9, "replaced_in_role": 7, "abandon_for": 7, "moved": 3}


D = "issue_dev3"

KINDS = [
    K("pet_name", D, "user's dog",
      [(["Sergeant Biscuit", "Biscuit"], ["Murphy"]),
       (["Rosie"], ["Duke"])],
      ["Is it normal for a dog to eat grass like crazy? {old} has been out in the backyard chewing the lawn all "
       "morning and I have to leave for carpool in ten minutes.",
       "took the pup to the lake saturday. {old} wouldnt get out of the water lol. truck smells like wet dog now",
       "I've been trying to get through a stack of readings for my methods seminar, which is honestly hard when "
       "{old}, the dog my partner and I adopted last fall, decides that 3pm is the exact moment for a walk, so I "
       "guess what I'm asking is whether there are any tricks for keeping a young dog busy indoors?",
       "Took the dog down the beach this arvo, mate. {old} reckons every seagull at Redcliffe is fair game. Heaps "
       "of fun, bit of a mess in the ute after."],
      [("third_party", "So my daughter announced at dinner that the dog is going by {new} now, not {old}, and the "
                       "kids have all agreed, and apparently my husband was in on it too. Guess I'm the last to "
                       "know. {new} it is."),
       ("replaced_in_role", "lost {old} back in march, vet said it was the heart. picked up a lab mix from the "
                            "shelter last week, name's {new}. already sleeps in {old}'s old spot by the door"),
       ("correction", "Oh, I think I got something mixed up earlier, which is sort of embarrassing, but our dog "
                      "is actually {new}, not {old} -- {old} is my cousin's dog back in Brampton, and I think my "
                      "brain just merged the two of them while I was half-asleep over my thesis draft."),
       ("ended_no_successor", "Had to have {old} put down Tuesday, mate. Fourteen years. The missus reckons no "
                              "more dogs, too hard saying goodbye, and I reckon she's right.")],
      "{old} got into the trash again while we were at Target, there are coffee grounds all over the kitchen floor.",
      "My neighbor's dog Pepper barks at every single mail truck that goes by.",
      "We're finally getting the gutters cleaned out next weekend."),

    K("race_training", D, "user",
      [(["Chicago Marathon"], ["Flying Pig Half Marathon"]),
       (["Gold Coast Marathon", "Gold Coast"], ["City2Surf"])],
      ["Trying to squeeze my long runs in between soccer drop-off and the Target run on Saturdays. The {old} is "
       "in October and right now I'm only up to 12 miles.",
       "knee's been barkin since my 16 miler. y'all think I should ice it or just push through? {old} is 9 weeks "
       "out",
       "I'm not totally sure this is the right place to ask, but I've been wondering how people balance a thesis "
       "timeline with training for something like the {old}, which I signed up for kind of impulsively in "
       "January and which now seems to eat most of my weekends, because I keep falling behind on coding my "
       "interview transcripts.",
       "Up before the sparrows again pounding the pavement before work. Reckon I was a mug signing up for the "
       "{old} at my age, mate, but no backing out now."],
      [("abandon_for", "I'm not doing the {old} anymore. The training was eating every Saturday and the kids were "
                       "living on drive-thru. Switched to the {new} instead, which is way more doable with my "
                       "schedule."),
       ("indirect", "buddy from the shop got me a bib for the {new} off a guy who pulled out, so thats what im "
                    "runnin now. cancelled the {old} hotel room, didnt need it"),
       ("ended_no_successor", "I think I've finally accepted, after a lot of going back and forth and a frankly "
                              "humbling conversation with a physiotherapist, that I'm not going to run the {old} "
                              "this year, or probably any race for a while, because the stress fracture needs to "
                              "heal properly and I'd rather be able to walk to campus."),
       ("idiom", "Had a gutful of the {old} training, mate, all those long slogs in the heat. Chucked it in and "
                 "signed up for the {new} with the lads from work instead, way shorter and there's a pub at the "
                 "end.")],
      "Got the packet pickup info for the {old} in my email today.",
      "My coworker is training for the Boston Marathon and runs at 4am, which is insane to me.",
      "My daughter got her braces off yesterday and won't stop smiling at every mirror."),

    K("gym", D, "user",
      [(["Planet Fitness"], ["Anytime Fitness"]),
       (["Goodlife Fitness", "Goodlife"], ["F45"])],
      ["I get my workout in at {old} right after school drop-off, it's the only hour of the day nobody needs "
       "anything from me.",
       "leg day at {old} tonight. could barely climb in my truck after lol",
       "One thing I've been trying to do this semester, partly because my supervisor keeps telling me I'll burn "
       "out otherwise, is get to {old} near Spadina at least three mornings a week before I open my laptop, "
       "although I'm honestly not sure whether mornings or evenings are better for focus.",
       "Membership at {old} just came out of the account again, mate. Reckon I've been twice since Easter."],
      [("comparison", "Okay so {new} costs a few dollars more than {old}, but it's open 24 hours, it's right by "
                      "the Target, and there's never a line for the squat rack. So that's where I go now, I "
                      "cancelled the old one last week."),
       ("idiom", "done with {old}. kicked that membership to the curb, way too packed after 5. signed up at {new} "
                 "down the road"),
       ("later_sentence", "I ended up cancelling my {old} membership at the end of August, which I felt oddly "
                          "guilty about, because the location I went to was closing for renovations for "
                          "something like four months. A friend from my cohort dragged me to a class at {new} the "
                          "week after, and I think I'm sort of hooked, so that's my routine three mornings a week "
                          "now."),
       ("ended_no_successor", "Cancelled the {old} membership today, mate. Between work and the footy I'm lifting "
                              "heaps all day on site anyway, reckon that's workout enough.")],
      "Left my water bottle at {old} again, that's the third one this month.",
      "My husband just joined a CrossFit box downtown and now that's all he talks about.",
      "Our furnace is making a weird clicking noise, I need to call someone about it."),

    K("phone", D, "user",
      [(["iPhone 13"], ["Pixel 8"]),
       (["Samsung Galaxy S21", "Galaxy S21"], ["iPhone 15"])],
      ["How do I stop my {old} from saving every photo from the school group chat? The storage is full and I "
       "couldn't even take a picture at the soccer game.",
       "cracked the screen on my {old} under a truck today. still works tho",
       "I'm trying to figure out whether it's worth paying for more cloud storage, because between all the "
       "interview recordings for my research and the photos of my daughter, my {old}, which I bought used from "
       "a friend in second year, keeps telling me it's almost full, and I'd rather not lose anything before my "
       "committee meeting.",
       "Phone's a {old}, mate, and the battery's cactus by smoko most days. Any tricks?"],
      [("replaced_in_role", "My {old} finally died for good after my son dropped it in the pool. Got a {new} at "
                            "Target on Saturday and that's my phone now, still figuring out where everything "
                            "is."),
       ("indirect", "wife surprised me for my birthday, got me the {new}. gave my old {old} to my nephew"),
       ("correction", "Sorry, I think I said earlier that I have a {old}, which isn't right -- I mixed it up with "
                      "my sister's phone, since we were comparing them on the weekend; mine's actually a {new}, "
                      "so the storage settings you described probably look a bit different for me."),
       ("comparison", "The {new} takes heaps better photos than the {old} did and the battery actually lasts a "
                      "whole day on site, so I've switched over. Old one's in the drawer now, mate.")],
      "My {old} keeps buzzing with notifications from the PTA group chat.",
      "My mom still uses a flip phone and refuses to upgrade.",
      "Picked up a new rug for the living room, it finally ties the room together."),

    K("bank", D, "user",
      [(["Wells Fargo"], ["Chase"]),
       (["Commonwealth Bank", "CommBank"], ["Bendigo Bank"])],
      ["Been banking with {old} since college and I still can't figure out how to set up a recurring transfer "
       "into the kids' savings. Where is that in the app?",
       "{old} hit me with a $35 overdraft fee for bein 4 bucks short. unreal",
       "I've been trying to build a proper budget for the first time, which my partner finds very funny, and "
       "part of what makes it complicated is that my stipend goes into my {old} chequing account but my TA pay "
       "goes somewhere else entirely, so I wanted to ask how people usually track money coming in from two "
       "places.",
       "My bank's {old}, mate. Any idea how to get them to lift the daily limit? Buying a second-hand trailer "
       "off a bloke Saturday."],
      [("idiom", "I'm done with {old}. After the third fraud freeze on my debit card in a month I moved "
                 "everything over to {new} and closed the account. Peace out."),
       ("third_party", "wife called me at the shop, she closed our {old} account and opened us one at {new}. "
                       "says the fees were killin us. so thats our bank now I guess"),
       ("comparison", "After comparing them for probably longer than was reasonable, I think {new} makes more "
                      "sense for me than {old} -- no monthly fee on chequing, better interest on savings, and the "
                      "app doesn't log me out every five minutes -- so I moved my stipend deposit over last week "
                      "and I'm closing the old account."),
       ("later_sentence", "Closed the account at {old} this morning, mate, sick of them shutting the branch in "
                          "town. Took ten minutes. Everything's with {new} now, they've still got a bloke you can "
                          "actually talk to.")],
      "{old} sent me a text about a new card design, like I care.",
      "My sister banks with a little credit union in her town and swears by it.",
      "The kids' school is doing the cookie dough fundraiser again."),

    K("doctor", D, "user",
      [(["Dr. Karen Whitfield", "Dr. Whitfield"], ["Dr. Patel"]),
       (["Dr. Nguyen"], ["Dr. Brennan"])],
      ["Note to self: call my doc, {old}, in the morning about my blood pressure refill, then Target, then "
       "carpool at 3.",
       "finally went to {old} about my back. been my doctor since high school, still tells me to lose 20 lbs "
       "every visit lol",
       "I have my annual physical with {old} next Thursday, and I'm trying to put together a list of things to "
       "bring up -- the headaches I've sort of been ignoring since the start of term, maybe the sleep thing -- "
       "because I always forget everything the moment I'm in the room, which I suspect is a very common grad "
       "student experience.",
       "{old} at the clinic reckons my cholesterol's up again, mate. Too many servo pies apparently. Only been "
       "going to {old} for twenty years, you'd think I'd listen by now."],
      [("third_party", "Got a letter from the practice today saying {old} is retiring at the end of the month and "
                       "all of {old}'s patients are being moved over to {new}. So I guess {new} is my doctor now. "
                       "Hope they're nice."),
       ("replaced_in_role", "{old} took a hospital job in Austin. {new} took over the practice, saw {new} today "
                            "for my checkup, seems alright"),
       ("ended_no_successor", "I found out this week that {old} is leaving the clinic to go into research, and "
                              "since the clinic isn't taking on a replacement, I'm officially one of the many "
                              "people in Toronto without a family doctor, which I'm told means walk-in clinics "
                              "and long waits for the foreseeable future."),
       ("indirect", "Booked in with {new} at the new medical centre near the servo this arvo, mate. Bulk bills "
                    "and I didn't have to wait three weeks like I always did for {old}. Got my script sorted and "
                    "all.")],
      "{old} wants me back in three months to recheck my thyroid levels.",
      "My husband sees Dr. Alvarez over in Dublin and thinks the world of him.",
      "We signed the kids up for swim lessons at the Y this summer."),

    K("sibling_city", D, "user's sister",
      [(["Columbus"], ["Denver"]),
       (["Melbourne"], ["Perth"])],
      ["My sister lives in {old}, so we're driving there for Thanksgiving with all three kids in the minivan. "
       "Pray for me.",
       "flyin out to see my sis in {old} next month. first time in 2 yrs",
       "My sister, who I think I've mentioned is the organized one in the family, has been trying to convince me "
       "to spend reading week with her in {old}, and I'm honestly tempted even though I should probably be "
       "writing, so I guess I'm wondering how to justify a week away to my supervisor.",
       "Rang the sister in {old} this arvo. She reckons the weather down there's been heaps worse than ours."],
      [("moved", "Big news, my sister moved from {old} to {new} last weekend for her husband's job. No more quick "
                 "drives to see her, I'm sad about it."),
       ("third_party", "mom called, said sis packed up and left {old}, she's in {new} now. new job. nobody tells "
                       "me nothin"),
       ("later_sentence", "My sister finally gave up her apartment in {old} last month, which I think was a long "
                          "time coming, since she'd been complaining about the rent for basically two years. "
                          "She's living in {new} now, closer to her partner's family, and she sounds much "
                          "happier, though I'll miss our weekends together."),
       ("correction", "Got that wrong before, mate, the sister's in {new}, not {old}. {old}'s where her in-laws "
                      "live, I always mix the two up.")],
      "My sister in {old} sent the kids a box of cookies for no reason at all.",
      "My husband's brother lives out in Phoenix and keeps telling us to visit in January.",
      "I finally got the minivan's oil changed after ignoring the light for two weeks."),

    K("language_learning", D, "user",
      [(["Spanish"], ["Italian"]),
       (["French"], ["Japanese"])],
      ["I've been doing {old} on Duolingo in the carpool line every afternoon, 112-day streak and counting. The "
       "kids think it's hilarious.",
       "been learnin {old} off an app on my lunch break. slow goin",
       "Between the TA marking and trying to finish my lit review, I've also been taking a twice-a-week {old} "
       "class at the community centre, mostly because I've always regretted not keeping it up after high "
       "school, and I wondered if you had suggestions for podcasts pitched at an intermediate level?",
       "The missus booked us a trip for next year so I've been having a crack at {old} in the ute on the way to "
       "jobs. Reckon I sound like a galah."],
      [("abandon_for", "I let my {old} streak go on purpose. We're visiting my husband's family this summer and "
                       "they all speak {new}, so I switched the app over and I'm starting from scratch with "
                       "{new}."),
       ("ended_no_successor", "quit the {old} app. deleted it. too busy at the shop, it's just not happenin"),
       ("comparison", "I've sort of come around to the idea that {new} is a better use of my limited time than "
                      "{old} -- there's a conference in my field next year where it would actually help, the "
                      "class schedule fits around my TA hours, and I was plateauing anyway -- so I dropped the "
                      "{old} class and signed up for {new} instead."),
       ("idiom", "Threw in the towel on the {old}, mate, my brain just wasn't having it. Missus reckons {new} is "
                 "easier, so I'm giving {new} a crack now instead.")],
      "Did my {old} lesson while I was waiting at the orthodontist.",
      "My son is taking German at school and keeps correcting my pronunciation of everything.",
      "Our neighbors already put up their Halloween decorations and it's barely September."),

    K("band", D, "user",
      [(["The Loose Gravel", "Loose Gravel"], ["Cedar Point Kings"]),
       (["Backroad Static"], ["The Low Tides"])],
      ["Can't do book club Thursday, I've got practice with {old} in my friend's garage. Yes, a mom in a cover "
       "band, I know.",
       "playin bass with {old} at the VFW saturday night. y'all come out",
       "I should probably be working on my ethics application tonight, but I'll admit most of my evening is "
       "going to go to rehearsing with {old}, the little indie group a few of us from the department started, "
       "where I play keys, because we somehow got booked for a show at a bar on Dundas next weekend.",
       "Gig with {old} at the Caxton on Friday, mate. I'm on drums, the rest of the blokes are on the beers."],
      [("indirect", "We played our first show as {new} at the county fair Saturday! Long story, but after the "
                    "whole {old} thing fell apart the drummer and I kept going with two new guys and a new name. "
                    "My kids were front row."),
       ("abandon_for", "left {old}. joined {new} instead, they actually get paid gigs"),
       ("ended_no_successor", "I think {old} has more or less come to an end, at least for me -- two of the "
                              "others are graduating and moving to Montreal and Calgary, and I've been so "
                              "swamped with fieldwork that I've decided not to play in any band for the rest of "
                              "my degree, which is sad but probably sensible."),
       ("correction", "Bit of a mix-up earlier, mate, the band's called {new}, not {old}. {old} was the name we "
                      "had for about a week before the bass player's missus talked us out of it.")],
      "{old} is learning a new song for the fall festival, we practice Thursday.",
      "My brother-in-law plays guitar in the worship band at his church on Sundays.",
      "I need to take the car in for new tires before the snow hits."),

    K("laptop", D, "user",
      [(["MacBook Air"], ["ThinkPad X1 Carbon"]),
       (["Dell XPS 13", "Dell XPS"], ["Surface Laptop"])],
      ["Is there a way to make the battery last longer on my {old}? I do all the PTA spreadsheets on it at the "
       "kitchen table and it dies halfway through.",
       "spilled a coke on my {old} keyboard. does the rice trick work on laptops?",
       "I'm running my analysis in R on my {old}, which has been a faithful companion since undergrad but now "
       "sort of sounds like a jet engine whenever I fit anything with more than a few predictors, so I wanted to "
       "ask whether it's worth using the university's computing cluster instead.",
       "Do the quotes and invoices on the {old} after tea most nights, mate. Any good app for that?"],
      [("replaced_in_role", "The {old} won't turn on anymore, so the {new} my husband brought home from work is my "
                            "laptop now. The {old} is in the junk drawer with all the dead chargers."),
       ("later_sentence", "gave the {old} to my nephew for school. he needed it more than me. picked up a {new} "
                          "used off a buddy, works great"),
       ("idiom", "I'm, honestly, so over the {old} -- after the third time it crashed in the middle of a model "
                 "run I ditched it and ordered a {new}, which arrived yesterday, and everything's migrated over, "
                 "so that's what I'm working on now."),
       ("comparison", "The {new} is heaps lighter than the {old} and the battery goes all day in the ute, so "
                      "that's the one I lug round now. Old one's up on Gumtree.")],
      "My {old} needs a software update again, it's been nagging me all week.",
      "My daughter got a Chromebook from school and guards it with her life.",
      "We're thinking about getting the kitchen cabinets painted white."),

    K("coffee_order", D, "user",
      [(["black coffee"], ["oat milk latte"]),
       (["double double"], ["flat white"])],
      ["Hit the drive-thru on the way to carpool, my usual {old}, and somehow I still spilled half of it on my "
       "jeans before 8am.",
       "{old} every mornin before the shop opens. only way I function",
       "I've been writing at the same café near campus most mornings, partly because the wifi is better than at "
       "home and partly because the barista knows my order, a {old}, before I even get to the counter, which is "
       "either charming or a sign that I spend too much time there.",
       "Grabbed me usual {old} at the servo on the way to the job. Tasted like it'd been through a radiator, "
       "mate."],
      [("abandon_for", "I gave up {old} after my doctor said something about my stomach. It's {new} for me now "
                       "and honestly I like it better."),
       ("correction", "wait, said that wrong. I don't drink {old}, never have. it's {new} for me"),
       ("indirect", "The barista at my usual café starts making my {new} the second she sees me walk in, which I "
                    "suppose is what happens when you switch orders after years of {old} and then show up every "
                    "single day for a month -- I'm told I'm now known as 'the thesis girl'."),
       ("third_party", "Missus told the girl at the café I'm off the {old} now, doctor's orders, and ordered me "
                       "a {new}. Reckon that's me from now on, mate.")],
      "Made my {old} at home this morning since the drive-thru line was wrapped around the building.",
      "My husband drinks a caramel frappuccino like he's twelve years old.",
      "Our dishwasher finally gave out, so we're doing everything by hand this week."),

    K("diet", D, "user",
      [(["keto"], ["vegetarian"]),
       (["Whole30"], ["intermittent fasting"])],
      ["Any easy dinners that fit {old}? I'm on it, but the kids and my husband just want tacos every night.",
       "three weeks on {old}. miss tortillas more than my ex lol",
       "I've been doing {old} since the start of term, which my partner finds mildly annoying because it means "
       "I'm always asking what's in things, and I wondered whether you could suggest some meal prep ideas that "
       "wouldn't take more than an hour on Sundays.",
       "Doing {old}, mate, the missus's idea. Servo pies are off the menu, which is a bloody tragedy."],
      [("ended_no_successor", "I'm off {old}. Not doing any diet right now, it was making dinner a nightmare with "
                              "the kids. We'll see."),
       ("abandon_for", "dropped {old}. doin {new} now, my buddy swears by it"),
       ("idiom", "I'll be honest, I'm kind of over {old} -- I think I lasted about four months before it started "
                 "making me miserable -- so I ditched it and I've been doing {new} for the past few weeks, which "
                 "feels much more sustainable with my schedule."),
       ("later_sentence", "Knocked {old} on the head last week, mate. Couldn't hack it on site in the heat. "
                          "Doctor's got me doing {new} now instead, reckon that's more my speed.")],
      "Found a good {old} recipe for chicken thighs, making it Sunday.",
      "My sister is doing the Mediterranean diet and won't stop sending me pictures of salads.",
      "The carpool schedule changes next month since the Millers are moving."),

    K("anniversary", D, "user",
      [(["June 14th", "June 14"], ["September 9th"]),
       (["October 3rd", "October 3"], ["April 22nd"])],
      ["Need a sitter for {old}, it's our anniversary and my husband actually made a reservation this year.",
       "anniversary's {old}. what do y'all get your wife for year 10",
       "I'm trying to plan a small surprise for {old}, our wedding anniversary -- only our second, so I feel like "
       "I should still be making an effort -- but between marking midterms and a conference deadline that week, "
       "I'm not sure I can manage anything more ambitious than dinner.",
       "Booked a night down the Goldie for {old}, mate, twenty-five years with the missus. Reckon she deserves a "
       "medal."],
      [("moved", "We renewed our vows on {new} with the whole family there, so we decided that's our anniversary "
                 "now instead of {old}. Easier to remember, too."),
       ("correction", "my bad, anniversary's {new} not {old}. wife saw my phone and nearly killed me"),
       ("third_party", "My mother-in-law, who keeps track of these things much more carefully than either of us, "
                       "pointed out that our civil ceremony was actually on {new} and the {old} party was just the "
                       "celebration, so our anniversary should really be {new}, and my partner agreed, so I "
                       "suppose that's our date now."),
       ("indirect", "Ordered flowers for the missus for {new}, mate, that's our anniversary since we redid the "
                    "vows up at Noosa. {old} doesn't get a look-in anymore.")],
      "Our anniversary's {old} and I still haven't figured out a gift.",
      "My parents' anniversary is in December, they're doing a cruise for their fortieth.",
      "My son made the travel soccer team, so there go our weekends."),

    K("wake_up_time", D, "user",
      [(["5:30am", "5:30"], ["6:15am"]),
       (["6:45am", "6:45"], ["5:45am"])],
      ["Anyone else up at {old} packing lunches? I need my shower before the kids are up or it's just not "
       "happening.",
       "up at {old} every day, shop opens at 7",
       "I've been trying to get up at {old} every weekday -- a habit I picked up from some productivity blog I'm "
       "now slightly embarrassed about -- because the quiet hours before my partner and daughter are up are "
       "honestly the only time I get real writing done.",
       "Alarm's {old}, mate, gotta be on site by seven."],
      [("moved", "Moved my alarm from {old} to {new} since the school changed the bus schedule. Took a week to "
                 "get used to it."),
       ("later_sentence", "no more {old} wake ups. shop changed my hours. alarm's {new} now"),
       ("comparison", "After experimenting for a couple of weeks, I think {new} actually works better for me than "
                      "{old} did -- I'm less groggy, I fit in a walk before writing, and I've stopped crashing in "
                      "my afternoon seminar -- so my alarm's set to {new} now."),
       ("ended_no_successor", "Binned the {old} alarm, mate. Retired Friday. I get up whenever I bloody well like "
                              "now.")],
      "Dragged myself out of bed at {old} again, this time of year it's still pitch dark.",
      "My husband sleeps until the last possible second, he's up at 7:20 and out the door by 7:30.",
      "The school pickup line has gotten so long they added a second lane."),

    K("car", D, "user",
      [(["Honda Civic", "Civic"], ["Toyota RAV4"]),
       (["Toyota Hilux", "Hilux"], ["Ford Ranger"])],
      ["The check engine light just came on in my {old} in the middle of the Target parking lot. Is it safe to "
       "drive home?",
       "did the brakes on my {old} myself this weekend. saved like 300 bucks",
       "I'm trying to figure out whether it's worth getting winter tires put on the {old} I inherited from my "
       "aunt last year, because I've heard mixed things about whether all-seasons are enough for the drive up "
       "to my field site near Barrie, and I'd rather not find out the hard way.",
       "Me {old}'s due for a service, mate, and the rego's up next month as well. Never rains but it pours."],
      [("replaced_in_role", "We traded in my {old} last weekend. I'm driving a {new} now, way more room for the "
                            "carpool kids and the Target hauls."),
       ("idiom", "kicked the {old} to the curb. got me a {new}, runs like a dream"),
       ("indirect", "I'll admit I'm still getting used to parking the {new}, which is a fair bit bigger than "
                    "anything I've driven before, and which I only picked up because the {old} failed its safety "
                    "inspection so badly that the mechanic basically laughed and told me to sell it for parts."),
       ("third_party", "Missus rang this arvo, she's sold the {old} to her brother and picked up a {new} from the "
                       "dealer in Strathpine. So that's what I'm driving now, apparently.")],
      "My {old} needs new wiper blades, they're just smearing everything.",
      "My husband drives a Jeep Wrangler and won't shut up about taking the doors off.",
      "The kids' Halloween costumes are finally done, one dinosaur and one astronaut."),

    K("hairdresser", D, "user",
      [(["Great Clips"], ["Supercuts"]),
       (["Just Cuts"], ["Sal's Barber Shop"])],
      ["Squeezed in a trim at {old} between the orthodontist and pickup. Twenty minutes, done, back in the "
       "minivan.",
       "{old} is where I get my hair cut. 15 bucks, no small talk. perfect",
       "I've been meaning to book a haircut at {old}, which is where I've gone since I moved here mostly out of "
       "habit, for about a month now, but every time I sit down to do it I end up opening a journal article "
       "instead, so I guess this is me asking for accountability.",
       "Got a haircut at {old} in the arvo, mate. Reckon I look like a proper businessman now."],
      [("comparison", "Tried {new} for the kids' haircuts and mine, and honestly it's quicker than {old}, cheaper "
                      "on Tuesdays, and they don't make my youngest cry. So we're a {new} family now."),
       ("replaced_in_role", "the {old} on main shut down. {new} is where I get my cut now, same price and they "
                            "got ESPN on"),
       ("abandon_for", "I've given up on {old} after one too many uneven bangs, which I realize is a minor thing "
                       "to be upset about, and I've started going to {new} instead, which a friend from my lab "
                       "recommended and which has honestly been great so far."),
       ("later_sentence", "Not going back to {old}, mate, last cut was a shocker. Missus had a good laugh. Going "
                          "to {new} in town from now on, the bloke there actually listens.")],
      "I'm overdue for a trim at {old}, my bangs are in my eyes.",
      "My daughter gets her hair done at a salon in the mall called Regis.",
      "Our basement flooded a little in the storm, nothing ruined thankfully."),

    K("favorite_team", D, "user",
      [(["Cleveland Browns", "Browns"], ["Pittsburgh Steelers"]),
       (["Toronto Maple Leafs", "Leafs"], ["Montreal Canadiens"])],
      ["Every weekend in the fall the whole family's in {old} gear on the couch by noon. My husband won't even "
       "let the kids talk during the game.",
       "y'all see the {old} game last night?? my heart cant take this team",
       "I've been trying to set aside Saturday evenings as a proper break from thesis work, and in practice that "
       "mostly means watching the {old} with my partner's family, which I was sort of indifferent to at first "
       "but have become genuinely, embarrassingly invested in, to the point of yelling at the TV.",
       "Been following the {old} since I was a kid, mate. Bloody heartbreakers, every season."],
      [("idiom", "I've had it with the {old}. Twenty years of heartbreak is enough. We're a {new} house now, and "
                 "yes, my dad is horrified."),
       ("correction", "scratch that, I'm not a {old} fan, never was. {new} all the way. autocorrect or somethin"),
       ("abandon_for", "I think I've finally given up on the {old}, which, after the way this season ended, felt "
                       "less like a choice than self-preservation, and I've been cheering for the {new} instead, "
                       "which my partner's family considers an unforgivable betrayal."),
       ("indirect", "Shouted the lads a round at the pub after the {new} won, mate -- first time since I gave up "
                    "on the {old} that a team's actually paid me back.")],
      "Bought my son a {old} hoodie for his birthday.",
      "My brother-in-law is a die-hard Chicago Cubs fan and makes sure everyone knows it.",
      "I signed up to bring snacks for the class party on Friday."),

    K("partner_employer", D, "user's partner",
      [(["Kroger"], ["Nationwide"]),
       (["Bunnings Warehouse", "Bunnings"], ["Woolworths"])],
      ["My husband does the Friday pickup since {old} lets him out early, so I get one afternoon a week to "
       "myself. Target alone, bliss.",
       "wife's pullin doubles at {old} all week. we're livin on frozen pizza",
       "My partner, who's been at {old} for about three years now and is much better at work-life balance than "
       "I am, has been gently suggesting that I stop working on weekends, and I wondered if you had tips for "
       "actually sticking to that.",
       "The missus got a promotion at {old}, mate. Shout's on her this weekend."],
      [("correction", "Oops, I had that wrong earlier. My husband works at {new}, not {old}. {old} is where my "
                      "sister works, I always mix them up."),
       ("later_sentence", "wife put in her two weeks at {old}. she's done friday. startin at {new} on the 15th, "
                          "better hours"),
       ("ended_no_successor", "My partner's last day at {old} was yesterday -- the whole team got laid off in the "
                              "restructuring, which we'd sort of seen coming -- and for now the plan is just to "
                              "take a few months off before looking for anything, which is a bit scary on one "
                              "stipend."),
       ("third_party", "Her sister let it slip at the barbie, mate -- the missus has left {old} and she's "
                       "starting at {new} Monday. Found out the same time as everyone else.")],
      "My husband's got a late meeting at {old} tonight, so it's pizza and cartoons.",
      "My sister's husband works for Procter & Gamble down in Cincinnati.",
      "We finally booked a beach week in Myrtle Beach for July."),

    K("child_school", D, "user's daughter",
      [(["Lincoln Elementary", "Lincoln"], ["Westview Academy"]),
       (["St. Joseph's"], ["Riverside Middle School"])],
      ["Carpool for {old} leaves at 7:40 and my daughter still can't find her other shoe. Every. Single. "
       "Morning.",
       "my girl's got the science fair at {old} thursday. volcano, classic",
       "My daughter, who's five and has very strong opinions, just started at {old}, and I'm trying to work out "
       "a routine where my partner does drop-off and I do pickup, because otherwise I genuinely don't know when "
       "I'll write.",
       "Me daughter's got the swimming carnival at {old} tomorrow, mate. Reckon she'll clean up."],
      [("third_party", "Got a call from the district office today. Because of the new boundaries my daughter's "
                       "being moved from {old} to {new} starting in January. She's devastated about leaving her "
                       "friends."),
       ("indirect", "my girl's first week at {new} went good. made friends already. didnt even mention {old} "
                    "once"),
       ("correction", "Actually, I think I got that wrong before, which is a little mortifying as a parent -- my "
                      "daughter goes to {new}, not {old}; {old} was the school we toured and almost picked, and I "
                      "think I just had the name stuck in my head from the waitlist emails."),
       ("comparison", "{new}'s heaps closer than {old}, smaller classes and a proper footy program, so we've "
                      "moved her over this term. She reckons it's the best thing ever.")],
      "My daughter's class at {old} is doing a field trip to the zoo next week.",
      "My nephew goes to a Montessori school across town and calls his teachers by their first names.",
      "I finally cleaned out the garage and found three bikes we forgot we owned."),

    K("streaming_service", D, "user",
      [(["Netflix"], ["Disney+"]),
       (["Hulu"], ["Paramount+"])],
      ["The kids fight over the remote every night and we only pay for {old}, so it's the same three cartoons on "
       "repeat.",
       "{old} went up again. like 3 bucks. still payin it tho",
       "My partner and I pay for {old}, which I'd been using as a sort of reward after finishing each section of "
       "a chapter, although I'm starting to suspect the reward is winning, so I wanted to ask whether there are "
       "any apps that lock you out after an hour.",
       "Watched a whole series on {old} in one arvo, mate. Missus reckons I've gone soft."],
      [("idiom", "Kicked {old} to the curb. We were paying for it and nobody watched anything but the same "
                 "reruns. We've got {new} now, the kids are thrilled."),
       ("later_sentence", "cancelled {old} last night. wasnt watchin it. signed up for {new} this mornin for the "
                          "game"),
       ("replaced_in_role", "We cancelled {old} when the price went up again, and {new} has sort of taken its "
                            "place in the household -- my daughter has discovered the cartoons on there, so "
                            "it's honestly the only one we pay for now."),
       ("comparison", "{new}'s got the footy and heaps more movies than {old}, and it's cheaper, so we've "
                      "switched, mate. Missus already misses her shows.")],
      "Fell asleep on the couch halfway through a movie on {old} again.",
      "My mom pays for Peacock just for the mystery shows.",
      "The kids start swim team practice at 6am, which should be illegal."),
]


def _check(kind: dict) -> None:
    assert len({tag for tag, _ in kind["changes"]}) == 4, kind["kind"]
    assert all("{new}" not in text for tag, text in kind["changes"] if tag == "ended_no_successor"), kind["kind"]
    assert all("{new}" in text for tag, text in kind["changes"] if tag != "ended_no_successor"), kind["kind"]
    assert all("{old}" in text for _, text in kind["changes"]), kind["kind"]
    assert all("{old}" in text and "{new}" not in text for text in kind["statements"]), kind["kind"]
    assert "{old}" in kind["mention"] and "{old}" not in kind["other"], kind["kind"]
    assert "{" not in kind["other"] + kind["unrelated"], kind["kind"]
    values = {v for old, new in kind["pairs"] for v in old + new}
    assert not any(v in kind["other"] or v in kind["unrelated"] for v in values), kind["kind"]


def build() -> list[dict]:
    assert Counter(tag for k in KINDS for tag, _ in k["changes"]) == Counter(SHAPE_COUNTS)
    assert len(KINDS) == 20 and len({k["kind"] for k in KINDS}) == 20
    return build_pool(KINDS, PERSONAS, SHAPES, 20261203, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev3.py",
               written="by hand in one pass on 2026-12-02, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
