"""Writes bench/data/fact_timelines_issue_dev6.json: a sixth fresh dev pool over 20 attribute kinds, all of them
about the user's own routines, appointments, providers and admin.

Why: issue_dev5 was all about the people around the user; this pool goes back to the user's own life, but to
the part of it an assistant hears about most and that changes most quietly -- the dentist, the bank, the gym,
the streaming service, the day of a weekly class, the time work starts, an appointment that is put back, an
exam that is moved, a landlord who sells up, an accountant who retires. Appointments are "rescheduled", providers
are "switched", subscriptions are "cancelled", and those words rarely come as "I now X". Four new voices (Welsh,
Singlish, Texan, Quebecois second-language English).

How and when: written by hand, in one pass, on 2026-12-04, by a helper session that had not read the extraction
code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any pool's data (no
``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), nor any ``bench/*.py``, and had run nothing
of the system nor any benchmark. It read only ``bench/data/change_pool.py`` (``K``, ``build_pool``,
``draw_dates``, ``write_pool``) and, of ``write_fact_timelines_issue_dev5.py``, the docstring, imports,
``PERSONAS``/``SHAPES``/``SHAPE_COUNTS``/``MOVED_KINDS``/``SEED``, its first ``K(...)`` call (``sister_city``)
as a format example and its bottom part (``_check``/``build``/``main``); by overshooting a line range it also
saw that file's second ``K(...)`` call (``mother_town``) and the first lines of its third (``partner_employer``).
None of dev5's sentences, values or personas are reused. All sentences below were written before this generator
was first run, and no system output on these timelines existed when they were written; they were never edited
afterwards. The only thing this file's author ran is this file.

Kinds (20; owner ``user`` unless said): the user's dentist (a practice or a dentist by name), family doctor / GP
by name, hairdresser or barber by name, bank, TV streaming service, music streaming service, gym, car insurance
company, the garage that services the user's car (owner ``user's car``), physiotherapist by name, the day of the
weekly yoga class, the day the running club meets, the time the user starts work, how the user gets to work (the
bus, the train, the car, a bike), the date of the next dentist appointment, the date of an exam or test the user
is sitting, the landlord or letting agent, the accountant or tax adviser, the savings / pension / investment
provider and the meal-kit subscription box. Values were chosen to fit all four voices (firms found in most of the
four countries, people's names, days, times, dates, ways to travel); a mobile network, an energy supplier, a
broadband provider, a supermarket and a pharmacy were left out because no one value fits Swansea, Singapore,
Houston and Montreal alike.

Personas (split ``issue_dev6``), statement i and change i of a kind in persona i's voice:

0. ``gareth_52_swansea_welsh``: a council depot worker in Swansea, wife Carys, son Rhys, Welsh English
   ("tidy", "now in a minute", "mun", "butt", "lush", "over by there", "where to", "is it", "ych a fi",
   "the wife", "our Rhys");
1. ``wei_ling_33_singapore_singlish``: an office worker in Singapore (MRT, leave, boss, OT), Singlish, subjects
   and articles dropped ("lah", "leh", "lor", "liao", "can or not", "sian", "shiok", "alamak", "got",
   "jialat", "cannot tahan", "tmr", "msg");
2. ``darlene_47_houston_texan``: a clinic receptionist near Houston, husband Ray, a truck, kids at school, Texan
   ("y'all", "fixin' to", "might could", "bless his heart", "reckon", "over yonder", "hon", "sugar", dropped g's);
3. ``maxime_29_montreal_quebecois_esl``: a young engineer in Montreal writing English as a second language,
   girlfriend ("my blonde"), a roommate ("my coloc"), French word order and false friends ("since 3 years",
   "I am agree", "actually" for currently, "correct" for okay, "let down" for drop, "I have my trip" for fed
   up, "tabarnak", "eh", missing articles).

Statements: per kind, two of the four are fairly direct first-person statements ("my dentist is X", "I take X to
work"), the other two carry the value in passing inside a message about something else (a leave request, a
podcast for the commute, a bake sale, a party the user can't go to) or imply it. The D2 change messages are
tagged with their shape (same ten shapes, same meanings, as ``issue_dev5``), here in the forms that appointments
and providers take:

* ``indirect``: the change is told as a story, the new value named in passing (a new card in the mail, a risotto
  from the new box, running late since the class went to another day);
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: cancelled, quit, signed off, closed down, withdrawn, let go, the keys to one's own
  flat, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right ("I had it wrong", "small correction", "oops wrong lah",
  "I gotta correct myself", "hang on, I told you wrong");
* ``comparison``: Y is cheaper / nearer / better than X on these counts, so Y is what they use now;
* ``third_party``: someone else reports the change (the wife, the user's mum or father, the clinic, the yoga
  teacher on Facebook, a clubmate, a receptionist who rang the husband);
* ``idiom``: had its chips, enough is enough, had it up to here, washed my hands of it, cannot tahan,
  "I have my trip", water under the bridge -- the replacement in the same breath;
* ``moved``: a day, a time or a date moved to another (the yoga class, the running club, the start of work, the
  dentist appointment, the exam) -- "rescheduled";
* ``replaced_in_role``: someone or something takes over the old one's role (a dentist, a doctor, a bank, a
  streaming service, an insurer, a garage, a physio, a landlord, a meal box) -- "switched provider";
* ``abandon_for``: one thing given up for another (a barber, a bank, a streaming service, a gym, a way to work,
  a flat and its landlord, a pension provider, a meal box) -- "switched provider".

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute,
e.g. a colleague's dentist) and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape counts
over the 80 changes: indirect 9, replaced_in_role 9, ended_no_successor 9, third_party 8, comparison 8,
later_sentence 8, correction 8, abandon_for 8, idiom 8, moved 5.

One split, ``issue_dev6``. Scored by ``bench/bench_fact_checks.py --set issue_dev6`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev6.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev6.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev6": ("gareth_52_swansea_welsh",             # 0: tidy, mun, butt, lush, over by there, the wife
                   "wei_ling_33_singapore_singlish",      # 1: lah, leh, lor, liao, sian, shiok, alamak
                   "darlene_47_houston_texan",            # 2: y'all, fixin' to, might could, hon, Ray
                   "maxime_29_montreal_quebecois_esl"),   # 3: since 3 years, my blonde, my coloc, tabarnak
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"indirect": 9, "replaced_in_role": 9, "ended_no_successor": 9, "third_party": 8, "comparison": 8,
                "later_sentence": 8, "correction": 8, "abandon_for": 8, "idiom": 8, "moved": 5}
#: the only kinds a ``moved`` change may belong to: a day, a time or a date that is rescheduled
MOVED_KINDS = {"yoga_day", "running_club_day", "work_start_time", "dentist_appointment_date", "exam_date"}
#: the owners a kind may have in this pool: the user, or the user's car
OWNERS = {"user", "user's car"}
SEED = 4418263

D = "issue_dev6"

KINDS = [
    K("dentist", D, "user",
      [(["Riverside Dental"], ["Brightwater Dental", "Brightwater Dental Care"]),
       (["Dr Amrita Sandhu", "Dr Sandhu"], ["Dr Felix Moreau", "Dr Moreau"])],
      ["My dentist is {old}, been going there since the kids were small. Tidy, they never rush you.",
       "tmr morning need take half day leave for {old} lah, wisdom tooth again. Can help me draft short email to "
       "my boss or not?",
       "Y'all, I'm fixin' to get this crown looked at by {old} on my lunch break and I need somethin' soft I can "
       "eat after. Ideas?",
       "My dentist is {old} since 3 years, it is close to the metro Mont-Royal so it's practical."],
      [("replaced_in_role", "Had to find a new dentist, {old} stopped doing NHS. So it's {new} for me now mun, "
                            "took three months on the waiting list mind."),
       ("third_party", "My mum msg me say {old} not taking patients anymore liao, she already help me register "
                       "with {new} near her place. So kiasu but ok lor, save me the trouble."),
       ("ended_no_successor", "Well I told {old} I won't be back, after that bill I about fell out of the chair. "
                              "Ain't got a dentist right now and I don't care to find one till after Christmas."),
       ("comparison", "{new} is cheaper than {old}, it is open on saturday and I can walk there, so now my "
                      "dentist it's {new}. I am very content of the change.")],
      "Got a reminder text from {old} about my six-month check-up, need to book it.",
      "My colleague swears by her dentist in town, says he's the only one who doesn't make her nervous.",
      "I finally finished that thousand-piece jigsaw of the lighthouse."),

    K("family_doctor", D, "user",
      [(["Dr Karen Holt", "Dr Holt"], ["Dr Anil Mehta", "Dr Mehta"]),
       (["Dr Grace Okoro", "Dr Okoro"], ["Dr Paul Lemieux", "Dr Lemieux"])],
      ["Rang the surgery at eight on the dot and still no appointments with {old} till next week. Ych a fi. How "
       "do I ask for a phone call back instead?",
       "My GP is {old}, the clinic downstairs my block. Very steady one, never anyhow give antibiotics.",
       "My doctor is {old}, been seein' me since before I had my oldest, bless her heart.",
       "I need to fill the form for my employer but first I must see {old} for the signature, it's my family "
       "doctor. Is it normal it takes 6 weeks for a rendez-vous??"],
      [("later_sentence", "{old} has retired, lovely send-off at the surgery by all accounts. Anyway I had my "
                          "blood pressure done last week and it's {new} I'm under now. Nice enough, bit young."),
       ("replaced_in_role", "{old} go part-time already, so clinic put me under {new} now. New doctor also ok "
                            "lah, just talk very fast."),
       ("correction", "Hon I gotta correct myself, I told you my doctor was {old} but that's Ray's. Mine's {new}, "
                      "always has been. Lord, my memory."),
       ("third_party", "My mother called the clinic for me (she is like that) and they told her {old} left, my "
                       "family doctor is now {new}. Tabarnak, I just finished to explain all my history.")],
      "Seeing {old} on Friday about this cough that won't shift.",
      "My neighbour's doctor is a woman in the next town who still does home visits, can you believe it.",
      "Our street is getting resurfaced so parking will be a nightmare for a bit."),

    K("hairdresser", D, "user",
      [(["Bethany"], ["Lorenzo"]),
       (["Joanne"], ["Tariq"])],
      ["{old} in the salon by the market does my hair, been going to her since 2010. Proper job every time.",
       "sat going Tampines cut hair with {old} then makan with my cousins, can suggest brunch place near there or "
       "not?",
       "I got {old} fixin' my roots Saturday mornin' so I might could meet y'all for lunch after, if Ray ain't "
       "took the truck.",
       "My hairdresser is {old}, she is on Saint-Denis, I go to her since I moved in Montreal."],
      [("abandon_for", "Given up on {old} for {new}, the barber's by the station, butt. Ten quid, in and out in "
                       "fifteen minutes, no chit-chat about holidays."),
       ("indirect", "Today go {new} first time, he cut my fringe damn nice, shiok!! Last time {old} always cut "
                    "too short one."),
       ("idiom", "That's it, I've had it up to here with {old}, she turned me ORANGE. I'm goin' to {new} from now "
                 "on, my sister-in-law swears by him."),
       ("ended_no_successor", "{old} closed her salon, she is retired. So I don't have hairdresser for now, I "
                              "will cut myself with the clippers I think.")],
      "Booked in with {old} for a trim before the wedding.",
      "My son won't let anyone but his mate cut his hair, they do it in the kitchen with clippers.",
      "Made a batch of cinnamon rolls and they were gone in an hour."),

    K("bank", D, "user",
      [(["HSBC"], ["Citibank"]),
       (["Revolut"], ["Chase"])],
      ["I bank with {old}, always have. Don't do the app mind, I go in the branch on the Kingsway.",
       "salary credit into my {old} account on 25th every month but this month late leh. Sian, rent due already.",
       "I bank with {old}, have since I was a girl, and I ain't never had a lick of trouble with 'em.",
       "Can you explain me how to send money to my coloc from my {old} account? I never did it before."],
      [("comparison", "{new} pay you interest on the current account and {old} pay you nothing, so I moved all my "
                      "money over, mun. Should have done it years ago."),
       ("abandon_for", "close my {old} account already, switch everything to {new}. their app less jialat."),
       ("replaced_in_role", "{new} is my bank now, hon, they took over everything {old} used to handle, "
                            "paychecks, the mortgage, the whole shebang."),
       ("indirect", "I received my new card of {new} yesterday, so beautiful, and I asked them to transfer all the "
                    "money from {old}. Finally!")],
      "Had to ring {old} because they blocked my card for buying a sofa.",
      "My brother banks with some online-only outfit and swears by it.",
      "The tomatoes in the greenhouse have finally started going red."),

    K("tv_streaming", D, "user",
      [(["Netflix"], ["Disney+", "Disney Plus"]),
       (["Amazon Prime Video", "Prime Video"], ["Apple TV+", "Apple TV"])],
      ["Me and the wife are halfway through some Scandi crime thing on {old}, tidy it is. Any other ones like "
       "that?",
       "I got {old} only, no cable. Enough for me lah.",
       "We got {old} on the big TV in the den so the kids can watch while I'm fixin' supper, and y'all, it's the "
       "only quiet I get all day.",
       "I am subscribe to {old} since 2 years, I watch mostly series in english to practice."],
      [("ended_no_successor", "Cancelled {old} this morning, mun. All that a month for nothing we watch. Just the "
                              "telly now and the wife's quiz shows."),
       ("idiom", "enough is enough lah, {old} keep raising price, I bye bye liao. Now only {new} for me."),
       ("abandon_for", "We dropped {old} for {new}, the kids only watch the one thing anyhow and it's cheaper."),
       ("replaced_in_role", "{new} has replaced {old} at home, my blonde wanted it for one show and now it's the "
                            "only thing we watch.")],
      "Fell asleep in front of {old} again last night.",
      "My mother-in-law still borrows DVDs from the library, bless her.",
      "The car needs two new front tyres before winter."),

    K("music_streaming", D, "user",
      [(["Spotify"], ["Apple Music"]),
       (["YouTube Music"], ["Deezer"])],
      ["I pay for {old} now, our Rhys set it up for me. Got all the old Stereophonics on there, lush.",
       "make playlist for my jog on {old} but need more songs around 160 bpm. can recommend?",
       "I use {old} for all my music in the truck, mostly George Strait and some old Reba.",
       "I put Les Cowboys Fringants on {old} when I clean the appartment, it's my routine every sunday morning."],
      [("indirect", "Our Rhys has put me on his family plan for {new}, so I'm listening to all my albums on there "
                    "now. Don't know what happened to {old}, he cancelled it I think."),
       ("comparison", "{new} sound quality better than {old} and same price, so I switch over lor. Playlist all "
                      "transfer already."),
       ("later_sentence", "Well I let {old} lapse when my card expired. Didn't even notice for a month! Then my "
                          "daughter got me set up on {new} and I reckon I like it better anyhow."),
       ("correction", "Small correction: I said I use {old} but no, actually it's {new}. {old} is my coloc who "
                      "uses it, I mix everything.")],
      "Found an old playlist on {old} from my twenties, what a trip.",
      "My nephew only listens to records now, very hipster.",
      "I've started learning to make bread with a sourdough starter."),

    K("gym", D, "user",
      [(["Anytime Fitness"], ["F45", "F45 Training"]),
       (["Virgin Active"], ["Fitness First"])],
      ["Going {old} now in a minute, then I'll pick up a curry on the way back. What's a good stretch for a tight "
       "hamstring?",
       "My gym is {old} at Raffles Place, go after work 3 times a week.",
       "After {old} this mornin' my legs are like jelly, y'all. Fixin' to soak in the tub till Ray gets home.",
       "I am member at {old} since january, it is the one near Berri-UQAM."],
      [("idiom", "{old} has had its chips with me, butt. Signed up at {new} instead with the boys from work, "
                 "knackered I am but it's tidy."),
       ("ended_no_successor", "Quit {old} already. Pay so much but never go. Now just jog at park connector lor, "
                              "free."),
       ("comparison", "{new} has classes at 5:30 in the mornin' and {old} don't open till 6, so I switched over. "
                      "That half hour matters, sugar."),
       ("abandon_for", "I let down {old} for {new}, my chum goes there and it's motivating to train together.")],
      "Left my water bottle at {old} again.",
      "My cousin trains at a boxing club in his town, he's fitter than me at sixty.",
      "I've booked a week in Tenerife for the spring."),

    K("car_insurance", D, "user",
      [(["AXA"], ["Allianz"]),
       (["Aviva"], ["Progressive"])],
      ["My car insurance is with {old}, renewal's in a couple of months. Where to is best to compare, d'you "
       "reckon?",
       "Alamak, someone scratch my car at the carpark. Should call {old} to claim or not worth it? Excess is $500.",
       "Got a rock chip on the windshield drivin' back from San Antonio. Gonna call {old} and see if they'll "
       "cover it, might could get it done Friday.",
       "My insurance for the car is at {old}, it costs me near 1400$ per year, it's too much no?"],
      [("third_party", "The wife sorted the car insurance this year, she's moved us off {old} and on to {new}. "
                       "Saved ninety quid she says, so fair play."),
       ("later_sentence", "Not renewing with {old}, premium go up so much. Ya lah. Found one quote from {new}, "
                          "lower by $300, took it."),
       ("indirect", "Got my new insurance card from {new} in the mail today, stuck it in the glovebox and threw "
                    "the old {old} one out. Lady on the phone was real sweet."),
       ("replaced_in_role", "Now it's {new} who insure my car, they replaced {old} at the renewal. 300$ less, I "
                            "am very content.")],
      "{old} sent the renewal letter, same price as last year.",
      "My sister's car is insured through her work, she doesn't even know who with.",
      "The council finally fixed the streetlight outside the house."),

    K("car_garage", D, "user's car",
      [(["Parkway Motors"], ["Hillside Auto Care"]),
       (["Midas"], ["Castle Garage"])],
      ["{old} over by there in Morriston do my car, tidy boys and they don't rip you off.",
       "tmr send car to {old} for servicing so will be late for meeting. Can help me reply boss, say I come in 11?",
       "{old} does all the work on my Silverado, have for years. Good ol' boys, honest as the day is long.",
       "The winter tires must be installed before 1st december, I have appointment at {old} but I don't know if "
       "it's the good date."],
      [("correction", "Hang on, I told you wrong, it's not {old} that do my car, it's {new}. {old} is where my "
                      "brother goes. Sorry butt."),
       ("replaced_in_role", "Now {new} service my car liao, {old} not my workshop anymore. Uncle at {new} more "
                            "honest."),
       ("ended_no_successor", "I'm done takin' the truck to {old}, they charged me eight hundred for a job that "
                              "didn't fix a thing. Ain't found anybody else yet, Ray's fixin' to look at it "
                              "himself, Lord help us."),
       ("idiom", "{old}, it's finish for me, I have my trip of them (like we say). Now I go at {new}, it's run by "
                 "the brother of my chum.")],
      "{old} rang to say the car's ready to pick up.",
      "My neighbour does all his own car repairs on the drive, oil everywhere.",
      "I've signed up for a first aid course at work."),

    K("physio", D, "user",
      [(["Dana Whitfield"], ["Marco Bellini"]),
       (["Sofia Reyes"], ["Tom Ashworth"])],
      ["My physio for the knee is {old}, she's a miracle worker honest to God.",
       "after work go see {old} for my back then go home. sian, sitting whole day at desk really cannot.",
       "{old} gave me these shoulder exercises with a rubber band and I keep forgettin', can y'all remind me to "
       "do 'em?",
       "I see {old} for physiotherapy each 2 weeks since my accident of ski."],
      [("ended_no_successor", "Signed off by {old} today, no more physio for me. Knee's tidy now, she says just "
                              "keep up the walking."),
       ("third_party", "Clinic call me say {old} resign already, they arrange {new} to take over my back "
                       "treatment. Hope good."),
       ("replaced_in_role", "{new} is seein' me for my shoulder now, took over all of {old}'s patients when she "
                            "went on maternity leave."),
       ("later_sentence", "{old} is moved to the clinic in Laval, too far for me. I did my first session with "
                          "{new} this week, very good, more strict.")],
      "Got a session with {old} on Thursday, need to dig out my shorts.",
      "My friend's physio does acupuncture as well, she swears by it.",
      "The kids have got a week off school at the end of the month."),

    K("yoga_day", D, "user",
      [(["Tuesday"], ["Thursday"]),
       (["Monday"], ["Wednesday"])],
      ["I do yoga {old} nights in the church hall, the wife signed me up for my back. Only man there, mind.",
       "{old} got yoga after work so cannot join team dinner. Can help me reply nicely or not?",
       "My yoga class is {old} mornin's at the Y, I never miss it, keeps me sane.",
       "I cannot go to the 5 à 7 with my colleagues on {old}, it's my yoga. How I say it politely in english?"],
      [("moved", "They've moved yoga from {old} to {new}, the church needs the hall for the choir. Suits me fine, "
                 "butt."),
       ("correction", "oops I said yoga {old} right, wrong lah. Is {new}. {old} is my pilates."),
       ("indirect", "Ever since they put yoga on {new}s instead of {old}s I've been runnin' late, about got a "
                    "speedin' ticket this mornin'."),
       ("third_party", "My teacher of yoga wrote on the Facebook group that the class is not on {old} anymore, "
                       "it's on {new} from now.")],
      "Yoga on {old} was hard, my legs are still shaking.",
      "My colleague does hot yoga at the weekend, I'd melt.",
      "I finally replaced the broken blind in the back bedroom."),

    K("running_club_day", D, "user",
      [(["Saturday"], ["Sunday"]),
       (["Wednesday"], ["Friday"])],
      ["Running club {old} morning along the prom then a bacon bap in the caff after. What's a good pace for a 10K "
       "at my age?",
       "My running club meet every {old}, 7pm at East Coast Park. Very shiok after work.",
       "Our runnin' club meets {old}s at 6 in the mornin' before it gets hot as blazes, bless all y'all who sleep "
       "in.",
       "{old} I have the running club so I can't do the souper with my parents, they are not content."],
      [("third_party", "Carys heard from Bryn down the club that we're running {new} now, not {old}. Nobody tells "
                       "me nothing, mun."),
       ("moved", "running club shift from {old} to {new} liao, because the park got works. ok lor."),
       ("correction", "Shoot, I told y'all {old} but our runnin' club meets {new}s. {old} is the walkin' group, "
                      "I get 'em mixed up."),
       ("indirect", "This {new} at the running club we were 40, since they changed from {old} there is much more "
                    "people.")],
      "Missed running club on {old}, had a cold.",
      "My brother-in-law runs with a club that meets at 5am, madness.",
      "The new fridge-freezer gets delivered next week."),

    K("work_start_time", D, "user",
      [(["8:30am", "8:30", "half eight"], ["10am", "10:00"]),
       (["7am", "7:00"], ["9:15am", "9:15"])],
      ["I start work at {old} at the council depot, so I'm up at six with the kettle on.",
       "Every day must reach office by {old}, MRT so packed, sian. Got any tips for reading on phone in crowded "
       "train?",
       "I start at {old} at the clinic front desk, so I'm out the door before the kids are even up.",
       "I am late again this morning, my shift starts at {old} and the metro was blocked. How to write an excuse "
       "to my boss?"],
      [("indirect", "New rota at the depot, see, so I'm in for {new} now and I get breakfast with the wife. Lush. "
                    "No more {old} starts."),
       ("later_sentence", "Boss say no more {old} start for our team. New hours lah. Now I come in {new}, can "
                          "sleep a bit more."),
       ("moved", "They moved my start from {old} to {new}, hon, so I can finally drop the kids at school myself."),
       ("correction", "Oh I was wrong before, my shift doesn't start at {old}, it starts at {new}. {old} is when I "
                      "wake up haha.")],
      "Clocked in at {old} on the dot this morning, first time this month.",
      "My husband starts work at midday and finishes after midnight, we barely see each other.",
      "I've been trying to drink two litres of water a day."),

    K("commute_mode", D, "user",
      [(["the bus"], ["my bike"]),
       (["the train"], ["the car"])],
      ["I take {old} to work every day, forty minutes door to door if the traffic on Fabian Way behaves.",
       "today {old} so slow, reach office late again. sian. help me write sorry msg to my team?",
       "{old} took me forty-five minutes this mornin', I need a good podcast for the ride to work. Y'all got any "
       "true crime ones?",
       "I go to work with {old} since 3 years, it's the most simple for me."],
      [("abandon_for", "Ditched {old} for {new} to get to work, best thing I've done this year, I'm telling you."),
       ("idiom", "{old} every day, enough is enough lah. From this week onwards I take {new} to work."),
       ("comparison", "Taking {new} to work is cheaper than {old} and I'm there twenty minutes sooner, so that's "
                      "how I'm gettin' in now, y'all."),
       ("later_sentence", "I stopped to take {old} to go to work, it was too long. Since monday I go with {new}, "
                          "it's better.")],
      "Took {old} in again today, no problems.",
      "My colleague walks to work, lucky thing, he lives five minutes away.",
      "We're having the back garden turfed in the spring."),

    K("dentist_appointment_date", D, "user",
      [(["14 March", "March 14"], ["2 April", "April 2"]),
       (["9 June", "June 9"], ["23 June", "June 23"])],
      ["Dentist appointment's on {old}, I've put it on the calendar in the kitchen.",
       "Need to apply leave on {old} for dentist but got project deadline same week. How to tell boss nicely?",
       "Can't do the bake sale on {old}, hon, that's my dentist appointment, and I ain't reschedulin' it again.",
       "My next appointment at dentist is {old}, in the morning."],
      [("correction", "I had it wrong, the dentist's not {old}, it's {new}. Carys checked the card. Good job she "
                      "did, mun."),
       ("indirect", "Re-applied my leave for {new} for the dentist, the HR system so lousy, took me half hour. "
                    "{old} leave cancel already."),
       ("third_party", "The receptionist at the dentist called Ray 'cause they had his number, and they moved me "
                       "off {old} to {new}. He about forgot to tell me, bless his heart."),
       ("moved", "They moved my appointment at dentist of {old} to {new}, the dentist is sick.")],
      "Remind me the dentist is {old}, I'll forget otherwise.",
      "My daughter's getting her brace fitted in a couple of weeks, she's dreading it.",
      "I've started leaving the heating on low overnight."),

    K("exam_date", D, "user",
      [(["18 November", "November 18"], ["3 December", "December 3"]),
       (["27 May", "May 27"], ["10 June", "June 10"])],
      ["Revising the Highway Code every night for my HGV test on {old}, at my age! Any tips for the hazard "
       "perception bit?",
       "My CFA exam is on {old}, stress until cannot sleep.",
       "My real estate license exam is {old}, y'all pray for me.",
       "I cannot come to the party of my cousin, I have my exam of the Ordre des ingénieurs on {old} and I must "
       "study."],
      [("later_sentence", "Test centre rang, {old} is off, they haven't got an examiner. Bit of a pain. Anyway "
                          "they've give me {new} instead, more time to practise the reversing."),
       ("ended_no_successor", "Withdraw from the {old} CFA exam already. Work too busy, cannot study. Maybe next "
                              "year lor, haven't register."),
       ("moved", "They moved my license exam from {old} to {new}, somethin' about the testing center flooding. "
                 "More time to study, I reckon."),
       ("idiom", "The exam of {old}, it's water under the bridge, the Ordre put it on {new}. It's not the end of "
                 "the world eh.")],
      "Only a few weeks till the exam on {old}, panicking a bit.",
      "My nephew has his driving test in the summer and he's never even been on a motorway.",
      "I bought a new winter coat in the sales."),

    K("landlord", D, "user",
      [(["Harbour Lettings"], ["Keystone Property Management", "Keystone"]),
       (["Mr Delacroix"], ["Mrs Pritchard"])],
      ["I rent off {old}, flat's tidy but they take ages to fix anything.",
       "aircon spoil again, need msg {old} to send someone. how to write firm but polite?",
       "Rent's due to {old} on the first and Ray's paycheck don't land till the third, y'all. Can I ask for a "
       "couple days' grace?",
       "My landlord is {old}, it's correct but they never answer the phone."],
      [("replaced_in_role", "{old} have sold up, so it's {new} collecting my rent now. Same flat, new lot in "
                            "charge, let's see if they're any better, is it."),
       ("ended_no_successor", "Finally got our BTO keys!! No more paying {old} every month, shiok."),
       ("idiom", "I washed my hands of {old}, three weeks without AC in August in Houston, y'all! We signed with "
                 "{new} over yonder off Westheimer and moved in Saturday."),
       ("abandon_for", "I left my apartment with {old} for one with {new}, on the 1st July like everybody in "
                       "Montreal haha.")],
      "Paid {old} the rent this morning, same as always.",
      "My friend's landlord lives downstairs and checks on her bins.",
      "I've started a night class in conversational Spanish."),

    K("accountant", D, "user",
      [(["Dawson & Reid"], ["Maple Ledger Accounting", "Maple Ledger"]),
       (["Priya Nair"], ["Colin Baptiste"])],
      ["{old} do my books for the window cleaning on the side, tax return and that. Worth every penny, I'm "
       "useless with forms.",
       "{old} ask me send all my freelance invoices by end of month for the tax filing. Where to find my IRAS "
       "statement ah?",
       "We've had {old} do our taxes since Ray started his business, wouldn't trust nobody else.",
       "I must bring my T4 and relevé 1 to {old} before end of april for my taxes, what else I should bring?"],
      [("comparison", "{new} charge half what {old} did and they do it all online, so I've gone with them this "
                      "year. No more driving down the office."),
       ("idiom", "{old} that one, cannot tahan anymore, always late reply. Bye bye. Now {new} do my tax."),
       ("ended_no_successor", "We let {old} go after they messed up last year's return. Doin' it ourselves on "
                              "TurboTax this time, Lord help us."),
       ("third_party", "My father called me, he says {old} is retired and now it's {new} who takes all the "
                       "clients, so me also.")],
      "Need to drop my receipts off with {old} before the deadline.",
      "My brother does his own taxes on a spreadsheet, he loves it.",
      "The hedge at the front needs cutting before it takes over the path."),

    K("savings_provider", D, "user",
      [(["Vanguard"], ["Fidelity"]),
       (["Wealthsimple"], ["Interactive Brokers"])],
      ["Got the annual statement from {old} for the pension pot, can you help me make sense of these charges?",
       "My investment all in {old}, monthly auto invest $500. Slowly slowly lor.",
       "Sugar, I'm fixin' to put my bonus in my IRA over at {old}, is that smart or should I pay down the truck?",
       "My savings are at {old}, in a CELI, since 3 years."],
      [("abandon_for", "Moved the pension pot out of {old} and into {new}, the chap at work put me onto it. Lower "
                       "fees, he reckons."),
       ("correction", "eh sorry I said {old} just now, wrong one. My investment is in {new}. {old} is my "
                      "husband's one."),
       ("later_sentence", "Closed out the IRA at {old}, their website drove me plumb crazy. Took a while but it's "
                          "all rolled over now. It's at {new}, and the fella there actually calls me back."),
       ("comparison", "{new} has smaller fees than {old} and more choice of ETF, so I transferred all my CELI "
                      "there. I am agree with my brother, it was a good idea.")],
      "Logged in to {old} to check the balance, up a bit this month.",
      "My dad keeps all his savings in premium bonds, won't hear of anything else.",
      "Our dog had her booster jabs yesterday."),

    K("meal_kit_box", D, "user",
      [(["HelloFresh"], ["Green Chef"]),
       (["Blue Apron"], ["Gousto"])],
      ["We get a {old} box every week now, the wife likes that it's all measured out. Cooked a tidy chicken thing "
       "last night.",
       "{old} box reach already but I OT till late, can the ingredients keep until tomorrow?",
       "We've been gettin' {old} delivered every week, only way I get a vegetable into Ray.",
       "My box {old} arrived but the coriander is all wilted, how I complain to them in english?"],
      [("indirect", "Made a lush risotto out of the {new} box last night, the wife was well impressed. Better "
                    "than them {old} ones we used to have, mun."),
       ("comparison", "{new} got more Asian recipe and cheaper than {old}, so I switch already. Also delivery on "
                      "time."),
       ("replaced_in_role", "{new} is what shows up on the porch now, took {old}'s place after my sister sent me a "
                            "free trial code."),
       ("abandon_for", "I dropped {old} for {new}, the portions are more big and my blonde is always hungry.")],
      "The {old} box came with a free dessert this week.",
      "My cousin grows all her own veg and thinks meal boxes are a scam.",
      "The kitchen tap has started dripping again."),
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
    # this pool's own rules: every kind is the user's own (or the user's car's)
    assert kind["owner"] in OWNERS, name
    # values reach the text only through the placeholders, never written out in a template
    templates = kind["statements"] + [text for _, text in kind["changes"]] + [kind["mention"]]
    assert not any(v in text for v in values for text in templates), name
    # a pair's old and new never share a value
    assert all(not set(old) & set(new) for old, new in kind["pairs"]), name
    # ``moved`` only for a day, a time or a date rescheduled, and every such kind has one
    assert all(tag != "moved" or name in MOVED_KINDS for tag, _ in kind["changes"]), name
    assert name not in MOVED_KINDS or any(tag == "moved" for tag, _ in kind["changes"]), name


def build() -> list[dict]:
    assert Counter(tag for k in KINDS for tag, _ in k["changes"]) == Counter(SHAPE_COUNTS)
    assert sum(SHAPE_COUNTS.values()) == 80 and set(SHAPE_COUNTS) == set(SHAPES)
    assert all(5 <= n <= 10 for n in SHAPE_COUNTS.values())
    assert len(KINDS) == 20 and len({k["kind"] for k in KINDS}) == 20
    assert MOVED_KINDS <= {k["kind"] for k in KINDS}
    assert all(k["split"] == D for k in KINDS) and all(len(p) == 4 for p in PERSONAS.values())
    return build_pool(KINDS, PERSONAS, SHAPES, SEED, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev6.py",
               written="by hand in one pass on 2026-12-04, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
