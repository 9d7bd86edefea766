"""Writes bench/data/fact_timelines_issue_dev5.json: a fifth fresh dev pool over 20 attribute kinds, every one
of them about someone or something in the user's life rather than about the user.

Why: the earlier pools are mostly about the user ("I work at X", "my gym is Y"); dev4 had only two kinds about
someone else (a cat, a brother). A personal assistant hears at least as much about the people around the user --
a sister who moves city, a husband who changes jobs, a dog that dies, a cousin's wedding that is put back -- and
a fact like that must be kept as the other person's, said in the first person by the user ("my sister lives in
X", "our dog goes to Y", "Lorraine's done wi' X"). This pool measures whether what helped on the user's own
facts carries over to facts about others, in four new voices (Scots, Nigerian-British, young Australian,
Filipino-American).

How and when: written by hand, in one pass, on 2026-12-03, by a helper session that had not read the extraction
code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any pool's data (no
``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), and had run nothing of the system nor any
benchmark. It read only ``bench/data/change_pool.py`` (``K``, ``build_pool``, ``draw_dates``, ``write_pool``)
and, of ``write_fact_timelines_issue_dev4.py``, the docstring, imports, ``PERSONAS``/``SHAPES``/
``SHAPE_COUNTS``, its first ``K(...)`` call (``pet_name``) as a format example and its bottom part
(``_check``/``build``/``main``); none of that pool's sentences, values or personas are reused. All sentences
below were written before this generator was first run, and no system output on these timelines existed when
they were written; they were never edited afterwards. The only thing this file's author ran is this file.

Kinds (20, owner in brackets -- the ``owner`` field names who the fact is about): the city the user's sister
lives in (user's sister), the town the user's mother lives in (user's mother), the user's partner's employer and
the partner's job (user's partner), the city the user's best friend lives in (user's best friend), the car the
user's dad drives (user's dad), the dog's name, the dog's vet practice and the dog-walker by name (user's dog),
where the user's in-laws / partner's parents live (user's partner's parents), the user's sister's partner by
name (user's sister), the date of a cousin's wedding the user is going to (user's cousin), the user's dad's
hobby or club (user's dad), the school the user's niece goes to (user's niece), the instrument the user's nephew
is learning (user's nephew), the sports club the user's brother plays for and the brother's job (user's
brother), the user's next-door neighbour by name (user's next-door neighbour), the church the user's mother goes
to (user's mother) and the user's best friend's partner by name (user's best friend). Relations were chosen so
that each kind fits all four voices (a 20-year-old student has no school-age son, grown-up daughter or
childminder; a married dad of two has no flatmate): hence a niece's school and a nephew's instrument instead of
a son's, a brother's job instead of a grown-up daughter's, a next-door neighbour instead of a flatmate, and a
mother's church and a best friend's partner in place of a childminder and a niece's university.

Personas (split ``issue_dev5``), statement i and change i of a kind in persona i's voice, about the same person
or animal:

0. ``rab_44_glasgow_dad_scots``: a dad of two in Glasgow (wife Lorraine, the weans), Scots English ("wee",
   "aye", "the messages" for the shopping, "ma maw", "ma da", "oor Karen", "hoose", "cannae", "flitting",
   "jags", "the fitba");
1. ``funmi_34_london_nigerian_british``: a Nigerian-British mum in London (husband Tunde, son Tobi), lively,
   exclamation marks ("abeg", "sef", "o", "na wa", "chai", "wahala", "owambe", "aso ebi", "my in-laws",
   "Mummy"/"Daddy");
2. ``mia_20_brisbane_uni_student_aussie``: a uni student in a Brisbane share house (boyfriend Jack, family a
   drive away), lower-case, few full stops ("arvo", "heaps", "reckon", "stoked", "footy", "lol", "bro");
3. ``marites_56_san_jose_nurse_filipino_american``: a nurse in California with a big family (husband Romy,
   "Nanay", "Tatay", "Kuya Ben", sister Josie), polite, "po" now and then, Taglish ("ay naku", "talaga",
   "anak", "sige", "Simbang Gabi", "lumpia").

Statements: per kind, two of the four are fairly direct first-person statements about the other person ("my
sister lives in X", "our dog walker is X"), the other two carry the value in passing inside a message about
something else (a birthday present, a train journey with a six-year-old, babysitting, a recital that needs a
shift swap, a kilt to hire) or imply it. The D2 change messages are tagged with their shape (same ten shapes,
same meanings, as ``issue_dev4``):

* ``indirect``: the change is told as a story, the new value named in passing;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: quit, made redundant, sold, died, broke up, let go, called off, with nothing named in
  its place (``new == []``);
* ``correction``: the D1 value was never right ("I got the date wrong", "small correction o", "I need to
  correct myself po", "wait did i tell you ... nah", "I made a mistake earlier");
* ``comparison``: Y is better than X on these counts, so Y is what they do now;
* ``third_party``: someone else reports the change (ma maw, ma sister, Mummy on the phone, the user's sister,
  Adaeze's sister, the user's mum, an auntie ringing mum);
* ``idiom``: had it up to here, washed my hands of it, has run its course, is history, enough is enough, closed
  that chapter, kicked to the curb -- the replacement in the same breath;
* ``moved``: a relocation from one place to another (the sister, the mother, the best friend, the in-laws) or a
  date moved to another (the cousin's wedding);
* ``replaced_in_role``: someone or something takes over the old one's role (a car, a dog, a vet practice, a
  dog-walker, a sister's partner, a next-door neighbour, a best friend's partner);
* ``abandon_for``: one thing given up for another (a job, a city, the in-laws' home, a hobby, an instrument, a
  club, a church).

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute,
e.g. a colleague's sister's city) and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape
counts over the 80 changes: ended_no_successor 10, correction 9, third_party 9, indirect 8, later_sentence 8,
comparison 8, idiom 8, abandon_for 8, replaced_in_role 7, moved 5.

One split, ``issue_dev5``. Scored by ``bench/bench_fact_checks.py --set issue_dev5`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev5.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev5.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev5": ("rab_44_glasgow_dad_scots",                      # 0: wee, aye, messages, the weans, ma maw
                   "funmi_34_london_nigerian_british",              # 1: abeg, sef, o, na wa, my in-laws
                   "mia_20_brisbane_uni_student_aussie",            # 2: arvo, heaps, reckon, lower-case
                   "marites_56_san_jose_nurse_filipino_american"),  # 3: po, ay naku, Nanay, Tatay, Kuya
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"ended_no_successor": 10, "correction": 9, "third_party": 9, "indirect": 8, "later_sentence": 8,
                "comparison": 8, "idiom": 8, "abandon_for": 8, "replaced_in_role": 7, "moved": 5}
#: the only kinds a ``moved`` change may belong to: relocations and a date
MOVED_KINDS = {"sister_city", "mother_town", "best_friend_city", "in_laws_home", "cousin_wedding_date"}
SEED = 7305519

D = "issue_dev5"

KINDS = [
    K("sister_city", D, "user's sister",
      [(["Manchester"], ["Toronto"]),
       (["Dubai"], ["Melbourne"])],
      ["My sister Karen lives in {old}. She's been there about ten year now, works in a hospital, and the weans "
       "think she's the best auntie going.",
       "Abeg remind me to post my sister's parcel before Friday o. Sending things to {old} is not small money but "
       "she will kill me if the ankara for her birthday doesn't reach her in time.",
       "my sister keeps facetiming at like 7am her time in {old} which is literally when my lectures start, need "
       "a better time to call her lol",
       "My younger sister Josie lives in {old}. She went there for work many years ago, and we video call every "
       "Sunday after Mass with the whole family."],
      [("moved", "Big news fae oor Karen. She's flitting from {old} to {new} at the end of the month, new job. The "
                 "weans are gutted but she says we can come and visit."),
       ("third_party", "Mummy just called me shouting! My sister has packed up her whole life in {old} and she's "
                       "now living in {new}. She didn't even tell me first, na from Mummy I heard am. Wahala."),
       ("indirect", "lol my sister sent pics of her new flat this arvo, its tiny but the view over {new} from the "
                    "balcony is unreal. reckon she doesnt miss {old} one bit"),
       ("correction", "I need to correct what I told you before po. Josie lives in {new}, not {old}. {old} is where "
                      "her husband's family is, I always mix them up, ay naku.")],
      "My sister rang from {old} last night, we were on the phone for an hour and a half.",
      "My colleague's sister lives in Montreal and she says the winters there are brutal.",
      "I've started doing a Couch to 5K on my lunch breaks."),

    K("mother_town", D, "user's mother",
      [(["Stockton"], ["Ipswich"]),
       (["Hamilton"], ["Newcastle"])],
      ["Ma maw still lives in {old}, same wee hoose I grew up in. I'm through there every Sunday wi' her messages.",
       "Sunday lunch at my mum's in {old} again, which means two hours on the train with Tobi asking 'are we there "
       "yet' every five minutes. Abeg, what games can I play with a six year old on a train?",
       "mum and dad still live in {old}, its like an hour and a half from uni so i only get home every few weeks",
       "Can you help me find a birthday gift for my Nanay? She is turning 82 and lives alone in {old}, so maybe "
       "something that can be delivered to her house. She loves orchids and her teleseryes."],
      [("later_sentence", "Ma maw's finally sold the hoose in {old}. Took her long enough. She's got a wee flat in "
                          "{new} now, round the corner fae ma sister, so she's no on her own."),
       ("comparison", "Mummy has finally agreed o! {new} is closer to us, the flats are cheaper and her church is "
                      "right there, so she has left {old} and moved over. Two hours on the train with Tobi, bye "
                      "bye!"),
       ("third_party", "my sister just rang, apparently mum's packed up and left {old} and shes living in {new} now "
                       "to be closer to the grandkids?? nobody tells me anything"),
       ("moved", "My Nanay moved from {old} to {new} last weekend po. My brother and his family are there, so she "
                 "will not be alone anymore. We were all there carrying boxes, talaga tired.")],
      "My mum's asked me to bring some decent tea next time I'm in {old}.",
      "My neighbour's mother lives in a village up in the Highlands and refuses to get a mobile phone.",
      "Our boiler packed in and the new one is getting fitted on Thursday."),

    K("partner_employer", D, "user's partner",
      [(["PwC", "PricewaterhouseCoopers"], ["Siemens"]),
       (["Hilton"], ["DHL"])],
      ["Lorraine's on a late at {old} the night so it's me on tea and bath duty for the weans. Gonnae give me a "
       "quick pasta recipe that's no boring?",
       "My husband Tunde works at {old}. He has been there since before we married and abeg, the hours are "
       "something else.",
       "my bf jack works at {old}, part time while he finishes his degree, reckon hell stay on after",
       "Please help me write a thank-you card. Romy's manager at {old} sent us a big fruit basket when I had my "
       "knee surgery and I want to thank him properly po."],
      [("idiom", "Lorraine's done wi' {old}, she's had it up to here wi' them. Starts at {new} a week on Monday and "
                 "she's fair chuffed."),
       ("ended_no_successor", "Tunde was made redundant from {old} on Friday. Just like that, after all these "
                              "years. He's at home now and we are still figuring out what next. Chai."),
       ("comparison", "so jack finally jumped ship, {new} pays heaps better than {old} and the shifts actually fit "
                      "around uni so hes there now, stoked for him"),
       ("later_sentence", "Romy handed in his resignation at {old} last month, after 22 years! He started at "
                          "{new} on Monday and says the people there are very nice.")],
      "My other half has a work do at {old} on Friday, so I'll have the house to myself.",
      "My friend's wife works for a big law firm in the city and she basically lives at her desk.",
      "I've booked the car in for a service next Tuesday."),

    K("partner_job", D, "user's partner",
      [(["chef"], ["paramedic"]),
       (["bus driver"], ["plumber"])],
      ["Aye, the wife's a {old}. Has been since before the weans came along, and she's pure brilliant at it.",
       "Tunde's shifts as a {old} are killing our weekends o. Can you help me plan Tobi's birthday on a Wednesday "
       "instead? Abeg make it fun.",
       "my bf jack is a {old} btw, so if im ever whinging about never seeing him on weekends thats why lol",
       "Romy came home so tired again. Being a {old} at his age is hard on the back. I want to make him sinigang "
       "tonight po, can you give me a recipe?"],
      [("ended_no_successor", "Lorraine's packed in being a {old}. Her back's been bad for years and the doctor "
                              "says that's it. She's no doing anything else for now, just getting herself better."),
       ("correction", "Ehn, I got it wrong before: Tunde isn't a {old}, he's a {new}. Being a {old} is what his "
                      "brother does, I mix those two up every time sef."),
       ("abandon_for", "jack's given up on being a {old}, hes retraining as a {new} instead, reckons its more "
                       "stable and hes sick of the hours"),
       ("indirect", "We had a small celebration at home for Romy's first week as a {new}, the kids brought lechon. "
                    "He says his back feels better already than all those years as a {old}.")],
      "My partner did a double shift as a {old} again, so we're having a quiet night in.",
      "My best mate's husband is a firefighter and he's on nights all this week.",
      "We've finally painted the spare room, it's sage green now."),

    K("best_friend_city", D, "user's best friend",
      [(["Edinburgh"], ["Vancouver"]),
       (["Singapore"], ["Auckland"])],
      ["Ma best pal Stevie lives in {old}. We've been mates since primary, and we still meet up for the fitba "
       "when we can.",
       "My bestie Adaeze's birthday is next week and I'm sending a surprise box to her in {old}. What can I put "
       "inside that won't spoil in the post?",
       "my best friend zoe is in {old} now and the time difference is doing my head in, she sends voice notes at "
       "3am lol",
       "My best friend since nursing school, Lorna, lives in {old}. We talk every week po, even if it's only for "
       "five minutes."],
      [("abandon_for", "Stevie's chucked in {old} for {new}. Says he was sick of the rain and fancied a fresh "
                       "start. Cannae blame him."),
       ("moved", "Adaeze has moved from {old} to {new}! New job, new flat, new everything. I'm already planning a "
                 "visit, abeg."),
       ("idiom", "zoe reckons enough is enough with {old}, shes in {new} now and says shes never going back lol"),
       ("later_sentence", "Lorna has left {old}, her lease ended and she did not renew. She flew to {new} last week "
                          "to be near her son and says she is settling in well, salamat sa Diyos.")],
      "My best friend posted a photo from {old} today, the sunset looked amazing.",
      "My cousin's best friend lives in Lisbon and keeps telling everyone to move there.",
      "My knee's been playing up so I've booked a physio appointment for next week."),

    K("dad_car", D, "user's dad",
      [(["Ford Focus"], ["Honda CR-V"]),
       (["Volkswagen Passat", "Passat"], ["Toyota Yaris"])],
      ["Aye, ma da drives a {old}. He's had it years and he washes it every Sunday like it's a Ferrari.",
       "Daddy is picking Tobi up from school tomorrow in his {old}, so remind me to leave the car seat by the "
       "door tonight o.",
       "dad drives a {old}, the thing is ancient but he refuses to get rid of it lol",
       "My Tatay wants to drive to our house for the Thanksgiving party, four hours in his old {old}. I'm worried "
       "po, he is 84. Can you help me think of a nice way to tell him I'll pick him up?"],
      [("third_party", "Ma sister says da's got rid of the {old}, traded it in for a {new} at the weekend. He never "
                       "said a word to me, typical."),
       ("replaced_in_role", "Daddy's {old} finally died on the North Circular, may it rest in peace. He has a {new} "
                            "now and he's driving it like it's a Rolls-Royce o."),
       ("comparison", "dad finally caved lol, the {new} is way cheaper on fuel and heaps more reliable than the "
                      "{old} so thats what hes driving now"),
       ("ended_no_successor", "My Tatay sold the {old} yesterday. The doctor said no more driving because of his "
                              "eyes, so he will not buy another car. We will take turns driving him to Mass po.")],
      "My dad's {old} is in the garage again for something with the brakes.",
      "My neighbour's dad just bought an electric Kia and won't stop talking about it.",
      "I've switched my phone contract, the new one's got unlimited data."),

    K("dog_name", D, "user's dog",
      [(["Bruno"], ["Pepper"]),
       (["Bonnie"], ["Ziggy"])],
      ["We've got a dog, a wee Westie called {old}. The weans picked the name and that dog rules the hoose.",
       "Abeg how do I stop a puppy chewing everything? {old} has destroyed Tunde's new work shoes and one of "
       "Tobi's school jumpers this week alone.",
       "home for the weekend and {old} hasnt left my side since i walked in the door, best dog in the world "
       "honestly",
       "Our dog's name is {old}, a little shih tzu. My apo love to dress the dog up in costumes for Halloween."],
      [("ended_no_successor", "We lost {old} on Saturday. Fourteen year old. The weans are heartbroken and we've "
                              "said that's us, nae more dugs for a while."),
       ("indirect", "Took the pup for her jabs today and when the nurse called out '{new}!' she actually came "
                    "running. Tobi decided {old} was a 'baby name' so we changed it, and honestly it suits her "
                    "better."),
       ("correction", "wait did i tell you the dogs name was {old}?? nah its {new}, {old} is my cousins dog lol my "
                      "bad"),
       ("replaced_in_role", "Our {old} passed away in the spring, very peaceful. Last month my son surprised us "
                            "with a puppy, {new}, and now {new} sleeps in {old}'s old bed po.")],
      "{old} rolled in something awful at the park and had to get a bath as soon as we got home.",
      "My workmate's dog is called Chester and he's terrified of the hoover.",
      "I've been asked to be a godparent to my friend's baby in March."),

    K("dog_vet", D, "user's dog",
      [(["Parkside Vets"], ["Riverbank Animal Hospital"]),
       (["Companion Care"], ["Oakwood Veterinary Clinic"])],
      ["The dug's jags are due. Can you remind me to phone {old} on Monday and get her booked in?",
       "Our dog goes to {old} for everything, they have been so good with him since he was a puppy.",
       "our dog goes to {old}, mum swears by them",
       "The bill from {old} came today, $380 for the dog's teeth cleaning. Is that normal for a small dog? Ay "
       "naku."],
      [("comparison", "We've moved the dug over to {new}. Cheaper than {old}, open on a Saturday, and you can "
                      "actually get an appointment. No brainer."),
       ("idiom", "I have washed my hands of {old} after that wahala with the wrong medicine. The dog is registered "
                 "at {new} now and they are much better."),
       ("replaced_in_role", "{old} closed down so {new} has taken over as our dogs vet, and the vet we liked "
                            "actually moved over there too which is heaps lucky"),
       ("correction", "Sorry po, I made a mistake earlier. Our dog's vet is {new}, not {old}. {old} is my sister's "
                      "vet, they are in the same plaza so I get confused.")],
      "The dog has a check-up at {old} on Thursday morning.",
      "My sister takes her cat to a vet in town that does home visits, which sounds very fancy.",
      "I've started learning to crochet from YouTube videos."),

    K("dog_walker", D, "user's dog",
      [(["Gemma"], ["Marcus"]),
       (["Dorota"], ["Liam"])],
      ["Our dog walker's {old}. Comes Monday to Friday while me and Lorraine are at work, and the dug adores her.",
       "Please remind me to transfer {old}'s money on Friday for walking the dog this month, I always forget and "
       "then I feel bad.",
       "mum's paying {old} to walk the dog while shes at work, lucky dog gets more walks than me lol",
       "Our dog walker is {old}. She comes every weekday at noon while Romy and I are at work, very reliable po."],
      [("later_sentence", "{old}'s moving away, her last walk was Friday. We've got a new dog walker starting "
                          "Monday. Lad called {new}, seems sound."),
       ("replaced_in_role", "{old} has started uni full time, so {new} has taken over the dog walking, same days "
                            "and same time. The dog already loves him o."),
       ("third_party", "mum says {old} isnt walking the dog anymore, shes got some guy called {new} doing it now "
                       "apparently"),
       ("ended_no_successor", "We had to let {old} go, money is tight this year. Romy will walk the dog himself on "
                              "his lunch break, so no more dog walker for now.")],
      "{old} sent a video of the dog splashing about in the river today, made my day.",
      "My friend's dog walker takes six dogs out at once and somehow never loses one.",
      "I'm going to start doing the food shop online to save time."),

    K("in_laws_home", D, "user's partner's parents",
      [(["Coventry"], ["Malaga"]),
       (["Dublin"], ["Phoenix"])],
      ["Lorraine's mum and dad live in {old}. We go down at Easter and the weans get spoilt rotten.",
       "My in-laws live in {old}. Every Christmas it's the same debate, their house or ours, abeg.",
       "jacks parents are paying for us to fly over to {old} to see them at christmas which is heaps generous, "
       "what do i even get them as a thank you",
       "Romy's parents in {old} are celebrating their 60th anniversary. Can you help me find a nice restaurant "
       "near them for 20 people po?"],
      [("indirect", "Easter at the in-laws' new place was magic. Sat out on the terrace in {new} wi' the sun on "
                    "ma face, and no one of us missed {old}."),
       ("moved", "My in-laws have finally moved from {old} to {new}! Tunde's dad retired and they said life is too "
                 "short. So the Christmas debate, e don finish."),
       ("correction", "oops i said jacks parents live in {old}, nah theyre in {new}, {old} is where his nan lives "
                      "lol"),
       ("abandon_for", "Romy's parents have given up {old} for {new}, to be close to Romy's sister who can help "
                       "take care of them. Sige, it is for the best.")],
      "My in-laws are flying back to {old} tomorrow after a week with us.",
      "My colleague's in-laws live in Cornwall and she says Sunday lunch there is worth the drive.",
      "I've signed up for a first aid course at work next month."),

    K("sister_partner", D, "user's sister",
      [(["Darren"], ["Kofi"]),
       (["Megan"], ["Priya"])],
      ["Oor Karen's partner is {old}. They've been together about six year. Decent sort, likes the fitba, so "
       "that's fine by me.",
       "My sister and {old} are coming for jollof on Saturday. How much rice do I need for 8 adults and 3 kids, "
       "abeg?",
       "my sister's with {old}, theyve been together since high school basically",
       "Josie and {old} are hosting the family reunion this year. I'm in charge of the lumpia po, I need to make "
       "200 pieces!"],
      [("third_party", "Ma maw tells me Karen's chucked {old}. She's wi' somebody called {new} now, apparently. "
                       "Naebody tells me anything."),
       ("indirect", "Went to my sister's engagement party yesterday, proper owambe! {new} gave a whole speech and my "
                    "sister was crying. Na wa, to think last year she was still crying over {old}."),
       ("ended_no_successor", "my sister and {old} broke up last week, shes pretty cut up about it. not seeing "
                              "anyone, just wants to be on her own for a bit"),
       ("replaced_in_role", "Josie and {old} separated last year. Now {new} is the one beside her at every family "
                            "party, helping in the kitchen like {old} used to po.")],
      "My sister and {old} are away to Tenerife for a week.",
      "My friend's sister just got engaged to a guy she met at a salsa class.",
      "I've finally cancelled that streaming subscription I never use."),

    K("cousin_wedding_date", D, "user's cousin",
      [(["14 June", "June 14"], ["6 September", "September 6"]),
       (["22 March", "March 22"], ["3 May", "May 3"])],
      ["Need to get a kilt sorted for ma cousin Gail's wedding on {old}. Where's best to hire one in Glasgow?",
       "My cousin Bisi's wedding is on {old}! The aso ebi colour is emerald green and I've already paid the "
       "tailor.",
       "my cousin ellie's getting married on {old}, im a bridesmaid!! so stoked",
       "Can you help me plan the flights? My cousin Bong's wedding is on {old} in Cebu and the whole family is "
       "flying from California po."],
      [("correction", "Here, I got the date wrong for Gail's wedding. It's no {old}, it's {new}. Just as well I "
                      "checked before I booked the kilt."),
       ("moved", "Bisi's wedding has been moved from {old} to {new} because the venue double-booked. Abeg, my "
                 "tailor better not disappoint me o."),
       ("third_party", "auntie just rang mum, ellie's wedding isnt on {old} anymore, its been pushed back to {new} "
                       "cos of the venue"),
       ("ended_no_successor", "Bong and his fiancée have called off the wedding. It was supposed to be {old}. We "
                              "are all very sad po, there is no new date, we are just praying for them.")],
      "Only a few more weeks until my cousin's wedding on {old}, and I still haven't bought a present.",
      "My workmate's cousin is getting married at Lake Como, which sounds ridiculously fancy.",
      "I've decided to go to the gym before work from now on."),

    K("dad_club", D, "user's dad",
      [(["lawn bowls", "bowls"], ["golf"]),
       (["fishing"], ["ballroom dancing"])],
      ["Ma da's mad for {old}. Out every Saturday wi' his pals fae the club, rain or shine.",
       "Daddy's birthday is coming up. He spends every free minute on {old}, so maybe something for that? Abeg "
       "give me ideas under £100.",
       "dads whole personality is {old} now lol, its literally all he does on weekends since he went part time",
       "My Tatay's hobby is {old}. It keeps him active po, and he has many friends from there."],
      [("idiom", "Da says {old} has run its course, he's away to the {new} now wi' his pal Eck. Says he's too auld "
                 "to be stood about in the cold."),
       ("comparison", "Daddy has switched to {new}. He says it's more sociable than {old}, better for his knees and "
                      "Mummy can come too, so that's his thing now."),
       ("abandon_for", "dads given up {old} for {new} lol, mums stoked cos hes actually out of the house"),
       ("later_sentence", "My Tatay stopped {old}, his hip cannot take it anymore. He joined a {new} group at the "
                          "senior center instead and he loves it, talaga.")],
      "My dad's been on about {old} all week, there's some big competition coming up.",
      "My pal's dad has taken up wood-turning and now everyone gets a wooden bowl for Christmas.",
      "I've moved my dentist appointment to next Friday afternoon."),

    K("niece_school", D, "user's niece",
      [(["St Bride's"], ["Holy Cross"]),
       (["Riverside"], ["Hillcrest"])],
      ["Ma wee niece Ava goes to {old}. She's in primary four and pure loves it.",
       "I'm doing the school run for my niece Temi this week, she's at {old}. What time do primary schools "
       "usually let out, abeg?",
       "babysitting my niece tmrw arvo, gotta pick her up from {old} at 3, shes obsessed with bluey so thats the "
       "plan lol",
       "My niece Angelica goes to {old}. She is in fourth grade and very bright po, always top of her class."],
      [("comparison", "Ma sister's moved wee Ava to {new}. Smaller classes than {old}, a better after-school club, "
                      "and it's nearer the hoose, so that's where she is now."),
       ("third_party", "My sister just told me Temi doesn't go to {old} anymore, they've moved her to {new}. Na wa, "
                       "when did this happen sef?"),
       ("indirect", "picked my niece up after her first week at {new} today and she would NOT stop talking about "
                    "her new teacher, reckon shes already forgotten {old} lol"),
       ("correction", "I need to correct myself po. Angelica goes to {new}, not {old}. {old} is her brother's "
                      "school, I got them mixed up.")],
      "My niece has her school play at {old} on Thursday and I've promised to be there.",
      "My colleague's niece goes to a Montessori school and they do gardening every single day.",
      "I've started a sourdough starter and named it Doughbert."),

    K("nephew_instrument", D, "user's nephew",
      [(["violin"], ["drums"]),
       (["trumpet"], ["guitar"])],
      ["Ma nephew's practising the {old} in the room next door while I'm trying to work fae hame. Any tips for "
       "noise-cancelling headphones that arenae a fortune?",
       "My nephew Dayo is learning the {old}. His mum says he's very talented but abeg, she is his mum.",
       "my nephews learning the {old} at school and honestly hes not bad for a 9 year old",
       "My nephew Paolo has a recital for the {old} on Sunday and I need to leave work early. Can you help me "
       "write an email to my charge nurse po?"],
      [("ended_no_successor", "The nephew's packed in the {old}. Nae playing anything now, just the Xbox. The whole "
                              "street's relieved, tae be honest."),
       ("correction", "Ehn, I must correct myself: Dayo plays the {new}, not the {old}. It's his sister who plays "
                      "the {old}, my head is everywhere this week."),
       ("idiom", "my nephew reckons the {old} is history, hes onto the {new} now and wont shut up about it lol"),
       ("abandon_for", "Paolo gave up the {old} for the {new}. He says all his friends play it and now he wants to "
                       "start a band, ay naku, these teenagers.")],
      "My nephew played the {old} for us after Sunday dinner.",
      "My friend's nephew is learning the cello and practises at six in the morning.",
      "I'm going to Porto for a long weekend in April."),

    K("brother_team", D, "user's brother",
      [(["Westfield Rovers"], ["St Anthony's"]),
       (["Northside Athletic"], ["Harbour City"])],
      ["Ma wee brother plays for {old}, amateur league. Still thinks he's 25.",
       "Sunday is my brother's big match with {old} and I promised to bring Tobi to cheer. Can you remind me to "
       "pack snacks and a raincoat?",
       "my little bro plays footy for {old}, under 16s, hes heaps keen",
       "My brother hurt his ankle again playing basketball for {old}. As a nurse I keep telling him to warm up po, "
       "but he never listens."],
      [("indirect", "Watched ma brother's first game for {new} on Saturday. Scored a header, the big eejit. Don't "
                    "think he misses {old} one bit."),
       ("later_sentence", "My brother played his last game for {old} on Sunday, they gave him a small send-off. From "
                          "next season he's signed with {new}, closer to his house."),
       ("ended_no_successor", "bros quit {old}, done with footy altogether, says hes gonna focus on school"),
       ("abandon_for", "My brother left {old} for {new}. His friends from work all play there, and he says the "
                       "coach is better.")],
      "My brother's got a big game with {old} this weekend.",
      "My mate's brother plays five-a-side every Tuesday and somehow always comes home injured.",
      "I've started leaving my laptop at work so I stop checking emails at home."),

    K("brother_job", D, "user's brother",
      [(["roofer"], ["personal trainer"]),
       (["barber"], ["taxi driver"])],
      ["Ma big brother Davie's a {old}. Self-employed, works all the hours God sends.",
       "My brother says he can't come to Tobi's party because Saturday is his busiest day as a {old}. Abeg, how "
       "do I plan a Sunday party instead?",
       "my older bro's working as a {old} now hes finished school, reckon hell be loaded by 25 lol",
       "My Kuya Ben is a {old}. He has been doing it for almost thirty years po."],
      [("third_party", "Ma maw says oor Davie's finished being a {old}, he's a {new} now, apparently. She heard it "
                       "at the chapel before I did."),
       ("idiom", "My brother says enough is enough with being a {old}. He's a {new} now, started on Monday. Chai, I "
                 "wish him well o."),
       ("comparison", "older bro reckons being a {new} beats being a {old}, better money and hes not wrecked every "
                      "night, so thats his job now"),
       ("abandon_for", "Kuya Ben gave up being a {old} to become a {new}. His knees are bad and he wants something "
                       "easier at his age.")],
      "My brother's been flat out as a {old} this month, I've barely seen him.",
      "My friend's brother is an electrician and he's been fixing half the street's lights for free.",
      "I've finally put up the shelves in the hallway."),

    K("neighbour_name", D, "user's next-door neighbour",
      [(["Mrs Kowalski"], ["Gary"]),
       (["Bernadette"], ["Tomasz"])],
      ["Our next-door neighbour is {old}. She's been there longer than us and keeps an eye on the hoose when we're "
       "away.",
       "{old} next door took in my Amazon parcel again, abeg remind me to buy her something nice to say thank you.",
       "{old} next door has been complaining about our music again lol, any tips for being a less annoying share "
       "house",
       "Our next-door neighbor is {old}. Very kind, always bringing us tomatoes from her garden po."],
      [("replaced_in_role", "{old}'s moved into a care home, bless her. {new} bought the hoose next door and he's "
                            "taken over keeping an eye on our place when we're away, same as she did."),
       ("correction", "Small correction o: our neighbour next door is {new}, not {old}. {old} is two doors down, I "
                      "always confuse the houses."),
       ("later_sentence", "{old} moved out last week, the place next door was empty for like 5 days. now some bloke "
                          "called {new} lives there, seems chill"),
       ("indirect", "We had {new} from next door over for dinner last night, he just moved in. He says the house "
                    "was very clean, {old} left it beautiful when she went to live with her daughter.")],
      "{old} next door left a bag of apples on our doorstep this morning.",
      "My friend's next-door neighbour plays the bagpipes every Sunday morning.",
      "I've booked a haircut for Saturday morning."),

    K("mother_church", D, "user's mother",
      [(["St Patrick's"], ["Grace Community Church"]),
       (["Our Lady of Lourdes"], ["St Columba's"])],
      ["Ma maw goes to {old}, ten o'clock Mass every Sunday. She's been going there since she was a wean.",
       "Mummy is doing the catering for the harvest thanksgiving at {old} and she's roped me in to make puff-puff "
       "for 200 people. Abeg help me scale the recipe!",
       "mum goes to {old} every sunday, shes on the morning tea roster lol",
       "My Nanay wants me to drive her to {old} for Simbang Gabi this year. Nine nights in a row! Can you help me "
       "plan my shifts around it po?"],
      [("later_sentence", "Ma maw's stopped going to {old} since the new priest came in. She goes to {new} now, her "
                          "pal Senga drives her."),
       ("idiom", "Mummy says she has closed that chapter with {old} after the wahala with the new pastor. She's been "
                 "worshipping at {new} for a month now and she's already in the choir sef."),
       ("comparison", "mums switched to {new}, reckons the services are shorter than at {old} and theres heaps more "
                      "people her age, so thats her church now lol"),
       ("abandon_for", "My Nanay left {old} for {new}. It's walking distance from her place and they have a "
                       "Tagalog Mass every Sunday, so she is very happy po.")],
      "My mum's helping with the jumble sale at {old} this Saturday.",
      "My friend's mum goes to a tiny chapel out in the countryside that only has about twelve people.",
      "I've started using a budgeting app to keep track of my spending."),

    K("best_friend_partner", D, "user's best friend",
      [(["Ryan"], ["Declan"]),
       (["Chloe"], ["Jordan"])],
      ["Stevie and {old} are coming round for a curry on Saturday. Need to get the messages in, what do I need "
       "for a decent chicken bhuna?",
       "My bestie Adaeze is with {old}. Three years now, and I keep telling them it's time for a ring, abeg.",
       "zoe's going out with {old}, theyre honestly so cute together",
       "Lorna and {old} invited Romy and me to their anniversary dinner. What is a nice gift for a couple who has "
       "everything po?"],
      [("replaced_in_role", "Stevie and {old} split up in the summer. He's wi' {new} now, and it's {new} that comes "
                            "round for the curry nights instead."),
       ("third_party", "Adaeze's sister just told me Adaeze and {old} are finished! She's been with {new} for two "
                       "months and she didn't tell me?? I'm vexed o."),
       ("idiom", "zoes finally kicked {old} to the curb, shes seeing {new} now and reckons its the real deal"),
       ("ended_no_successor", "Lorna and {old} are divorcing, after 25 years. She is staying with us for a while. "
                              "She says she is happy to be on her own now, ay naku.")],
      "My best friend and {old} are away on a cruise for two weeks.",
      "My cousin's best friend just married a guy she met on a train in Italy.",
      "I've switched my electricity supplier to a cheaper one."),
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
    # this pool's own rules: every kind is about someone or something else, never the user themself
    assert kind["owner"].startswith("user's ") and kind["owner"] != "user", name
    # values reach the text only through the placeholders, never written out in a template
    templates = kind["statements"] + [text for _, text in kind["changes"]] + [kind["mention"]]
    assert not any(v in text for v in values for text in templates), name
    # a pair's old and new never share a value
    assert all(not set(old) & set(new) for old, new in kind["pairs"]), name
    # ``moved`` only for a relocation or a date moved
    assert all(tag != "moved" or name in MOVED_KINDS for tag, _ in kind["changes"]), name


def build() -> list[dict]:
    assert Counter(tag for k in KINDS for tag, _ in k["changes"]) == Counter(SHAPE_COUNTS)
    assert sum(SHAPE_COUNTS.values()) == 80 and set(SHAPE_COUNTS) == set(SHAPES)
    assert len(KINDS) == 20 and len({k["kind"] for k in KINDS}) == 20
    assert all(k["split"] == D for k in KINDS) and all(len(p) == 4 for p in PERSONAS.values())
    return build_pool(KINDS, PERSONAS, SHAPES, SEED, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev5.py",
               written="by hand in one pass on 2026-12-03, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
