"""Writes bench/data/fact_timelines_issue_dev4.json: a fourth fresh dev pool over 20 everyday attribute kinds.

Why: a dev pool that has been looked at and tuned against stops telling us whether a gain is general. This is a
fourth, untouched pool with new voices -- Irish, Indian, South African and an older plain American -- new values
and new wording, written to measure whether what helped on the earlier pools carries over to people who talk
differently (regional idiom, "itself"/"only" for emphasis, "just now", formal full sentences with a sign-off).

How and when: written by hand, in one pass, on 2026-12-03, by a helper session that had not read the extraction
code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any pool's data (no
``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), and had run nothing of the system nor any
benchmark. It read only ``bench/data/change_pool.py`` (``K``, ``build_pool``, ``write_pool``) and, of
``write_fact_timelines_issue_dev3.py``, the docstring, imports, ``PERSONAS``/``SHAPES``/``SHAPE_COUNTS``, its
first two ``K(...)`` calls as a format example and its bottom part (``_check``/``build``/``main``); none of that
pool's sentences, values or personas are reused. All sentences below were written before this generator was
first run, and no system output on these timelines existed when they were written; they were never edited
afterwards. The only thing this file's author ran is this file.

Kinds (20): a pet's name (the user's cat), a race being trained for, a gym, a phone, a bank, a family doctor
(GP, by name), the city a sibling lives in (the user's brother), a language being learnt, a band the user plays
in, a laptop, the user's usual coffee, a diet, a wedding anniversary date, a wake-up time, a car, the user's
employer, the user's home town/city, the user's best friend, a sports club the user belongs to (GAA club,
running club, climbing gym, pickleball club) and the user's dentist (a dental practice by name). 18 kinds are
about the user, 2 about someone or something in their life (the cat, the brother).

Personas (split ``issue_dev4``), statement i and change i of a kind in persona i's voice:

0. ``siobhan_38_dublin_nurse_irish``: a nurse in Dublin on shift work, Irish English ("grand", "giving out",
   "your man", "the craic", "yoke", "I'm after doing", "the mammy"), rosters, nights, the ward;
1. ``arjun_27_bangalore_dev_indian_english``: a software developer in Bangalore, Indian English ("do the
   needful", "itself", "only" for emphasis, "kindly", "my cousin-brother", "prepone"), PG life, standups, the
   family WhatsApp, often lower-case with little punctuation;
2. ``thandi_45_cape_town_teacher_south_african``: a teacher in Cape Town with two teens (Sipho, Naledi), South
   African English ("just now", "now-now", "lekker", "braai", "robot" for traffic light, "ag", "shame", "eish",
   "hey"), marking, the staffroom;
3. ``walt_71_florida_retiree_plain_older``: a retiree in Florida, plain and a little formal, full sentences,
   sometimes signs off ("Regards, Walt"), his wife Joan, the grandkids, the HOA, doctors' appointments.

Statements: per kind, two of the four are fairly direct first-person statements ("I'm a member of X", "our
family doctor is X"), with a little chat around some of them; the other two carry the value in passing inside a
message about something else (a shift swap, a leave request, a debit order bounced, a pill reminder) or imply
it ("my X is heating like anything", "the commute from X is killing me"). Lengths vary from one-liners to long
messages. The D2 change messages are tagged with their shape (same ten shapes, same meanings, as
``issue_dev3``):

* ``indirect``: the change is told as a story, the new value named in passing;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, cancelled, sold, resigned, died, fell out, with nothing named in its place
  (``new == []``);
* ``correction``: the D1 value was never right ("small correction", "I gave you the wrong one", "I must correct
  myself");
* ``comparison``: Y is better than X on these counts, so Y is what I do now;
* ``third_party``: someone else reports the change (the mammy, a letter from the GP practice, the mom on the
  phone, a colleague at the braai, the mother-in-law, the son / granddaughter / wife typing on Walt's account,
  the daughter who handles his appointments);
* ``idiom``: done and dusted, had it up to here, enough is enough, washed my hands of it, has run its course,
  is history, hung up my hat, the chapter is closed -- the replacement in the same breath;
* ``moved``: a date or time moved to another (the anniversary now kept on the day of a church blessing, the
  wake-up alarm under a new roster), and, for ``sibling_city``, the brother moving from one city to another;
* ``replaced_in_role``: someone or something takes over the old one's role (a cat, a phone, a GP, a laptop, a
  car, a best friend, a dental practice);
* ``abandon_for``: one thing given up for another (a race, a language, a band, a coffee, a diet, a home city, a
  club).

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute)
and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape counts over the 80 changes:
indirect 9, later_sentence 9, ended_no_successor 9, correction 9, comparison 9, third_party 9, idiom 9,
replaced_in_role 7, abandon_for 7, moved 3.

One split, ``issue_dev4``. Scored by ``bench/bench_fact_checks.py --set issue_dev4`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev4.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev4.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev4": ("siobhan_38_dublin_nurse_irish",               # 0: grand, giving out, yoke, I'm after
                   "arjun_27_bangalore_dev_indian_english",       # 1: itself, only, kindly, cousin-brother
                   "thandi_45_cape_town_teacher_south_african",   # 2: just now, lekker, braai, robot, ag
                   "walt_71_florida_retiree_plain_older"),        # 3: formal, full sentences, Joan, the HOA
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"indirect": 9, "later_sentence": 9, "ended_no_successor": 9, "correction": 9, "comparison": 9,
                "third_party": 9, "idiom": 9, "replaced_in_role": 7, "abandon_for": 7, "moved": 3}


D = "issue_dev4"

KINDS = [
    K("pet_name", D, "user's cat",
      [(["Mrs Doyle"], ["Pangur"]),
       (["Marmalade", "Marmie"], ["Jellybean"])],
      ["We got a cat off a neighbour in the spring and called her {old}. She's a mad yoke altogether, sits on the "
       "windowsill giving out to the birds.",
       "kindly suggest some good cat food brand available in Bangalore. {old} is refusing the dry one itself, only "
       "wants the gravy pouches and my PG owner is already complaining about the smell",
       "Ag, marking essays at the kitchen table is impossible with {old} walking across the keyboard every five "
       "minutes. Naledi says the cat is 'helping'. Shame, she just wants attention.",
       "Our cat's name is {old}. My granddaughter Emma chose it when she was six, and it stuck. The cat is twelve "
       "years old now and mostly sleeps on the porch."],
      [("third_party", "The mammy rang to say the kids have been calling the cat {new} all week instead of {old} "
                       "and she answers to it now, so apparently that's her name. Nobody asked me, I was on "
                       "nights."),
       ("replaced_in_role", "sad news yaar, {old} passed away last month, kidney problem. my cousin-brother found "
                            "a small kitten near his office and brought it to me only. we are calling him {new}, "
                            "he has taken over {old}'s basket itself"),
       ("correction", "Sorry, I had it wrong the other day. The cat is {new}, not {old}. {old} was the cat we had "
                      "when the kids were small, I keep mixing them up, shame."),
       ("ended_no_successor", "{old} died in her sleep on Tuesday night. Joan and I have talked it over and we "
                              "will not be getting another cat; at our age it would not be fair to the animal. "
                              "The house is very quiet. Regards, Walt")],
      "{old} caught a mouse in the hot press and left it on my pillow, the little wagon.",
      "My flatmate's cat is called Mango and he steals food off the counter whenever we turn our backs.",
      "I've signed up for a pottery class on Wednesday evenings."),

    K("race_training", D, "user",
      [(["Dublin Marathon"], ["Comrades Marathon", "Comrades"]),
       (["TCS World 10K", "World 10K"], ["Two Oceans Half Marathon", "Two Oceans"])],
      ["Swapped onto earlies next week so I can get the long run in on Sunday, the {old} is only ten weeks away "
       "and I'm nowhere near ready, God help me.",
       "I have registered for the {old}. Training started this week itself, 5am runs around Cubbon Park before "
       "standup.",
       "Howzit. Need a quick supper idea that the teens will actually eat and that's good for carbo-loading, I've "
       "got a long run for the {old} on Saturday morning and I'm also on the braai roster for the staff social "
       "that afternoon.",
       "I am training for the {old}. My doctor says walking it is perfectly fine, so I am walking three mornings a "
       "week before it gets too hot."],
      [("abandon_for", "Right so I've given up on the {old}, the shifts just don't allow for the mileage. Going "
                       "for the {new} instead, sure I'll suffer either way."),
       ("indirect", "funny story, went for my cousin-brother's engagement in Mysore and met his college friends, "
                    "all crazy runners. by the end of the night they had convinced me and I was paying the entry "
                    "fee for the {new} on my phone. so the {old} plan is gone, now I am training for that only"),
       ("comparison", "Ag, the {new} is so much better than the {old} for me, better timing with the school term "
                      "and half the staffroom is doing it, so that's the one I'm training for now."),
       ("idiom", "I have decided to call it a day on the {old}. My knees have had their say. I have signed up for "
                 "the {new} instead, which my grandson Tyler says I can manage if I take it slow. Regards, Walt")],
      "Did my longest run yet this morning, legs are in bits but the {old} feels a bit more real now.",
      "My colleague is training for the Berlin Marathon and talks about nothing else at lunch.",
      "We're getting the kitchen repainted a pale green next month."),

    K("gym", D, "user",
      [(["Flyefit"], ["Anytime Fitness"]),
       (["Cult.fit"], ["Virgin Active"])],
      ["I'm a member at {old}, mostly go after a late when the place is empty and I can have the squat rack to "
       "meself.",
       "team outing got preponed to friday so I will miss my {old} session again, third time this week. what to do",
       "I go to {old} after school three times a week, it's my hour away from marking and teenagers.",
       "Joan asked me to find out whether {old} offers a senior discount, since I am there every weekday morning "
       "for the water aerobics and the treadmill. Do you know how I could find out?"],
      [("comparison", "{new} is miles better than {old} for someone on shifts, the hours suit me way better and "
                      "there's one beside the hospital, so I've moved over."),
       ("idiom", "I am done and dusted with {old} yaar, the trainers were never there. Joined {new} near office "
                 "from this month itself."),
       ("later_sentence", "Cancelled my {old} membership on Friday. The contract had run out anyway. On Monday I "
                          "signed up at {new} near the school, Sipho thinks it's lekker because it has a pool."),
       ("ended_no_successor", "I have cancelled my membership at {old}. The cardiologist would prefer I stick to "
                              "walking for now, so I will not be joining anywhere else. Regards, Walt")],
      "Left my towel in the locker at {old} again, that's the second one this month.",
      "My sister goes to a CrossFit box in Stoneybatter and won't shut up about it.",
      "I finally got round to sorting out my pension paperwork."),

    K("phone", D, "user",
      [(["iPhone 12"], ["Pixel 8"]),
       (["Samsung Galaxy A52", "Galaxy A52"], ["OnePlus 12"])],
      ["Any idea how to stop the {old} dimming the screen on its own? I'm trying to read a drug chart off it at "
       "4am and the yoke keeps going dark on me.",
       "I am using {old} only, bought it from my first salary itself.",
       "Eish, the class WhatsApp group is driving me mad, my {old} buzzes nonstop with parents asking about the "
       "Grade 10 outing. How do I mute one group without missing the rest?",
       "The phone I have is the {old}. My son set it up for me, and I use it mainly for calls, photographs of the "
       "grandchildren and the weather."],
      [("replaced_in_role", "The {old} finally gave up, wouldn't charge at all. Got a {new} off the Three website "
                            "to take its place and it's doing the job grand so far."),
       ("indirect", "yesterday I was in Koramangala for a friend's birthday, and while taking selfies my {old} "
                    "slipped and fell in the fountain only. today morning I went to the showroom, came back with "
                    "{new} and spent full evening restoring WhatsApp backup"),
       ("correction", "Sorry, I gave you the wrong phone earlier. It's a {new}, not the {old}. The {old} was my "
                      "old one, Naledi has it now."),
       ("third_party", "This is Greg, Walt's son, typing on Dad's account. Just so you know, he's not on the "
                       "{old} anymore. We got him a {new} for his birthday and moved everything over for him.")],
      "The {old} is down to 8% already and it's only lunchtime.",
      "My dad still uses an old Nokia flip phone and refuses to upgrade.",
      "I've started doing the crossword in the paper every morning."),

    K("bank", D, "user",
      [(["AIB"], ["Revolut"]),
       (["Wells Fargo"], ["Capitec Bank", "Capitec"])],
      ["My wages go into {old}, always have, the mammy opened the account for me when I was 16.",
       "kindly help me draft a mail to my landlord about the deposit refund, I have shared my {old} account "
       "details with him twice itself and still nothing has come",
       "The school fees debit order bounced and I'm standing in the queue at {old} just now trying to sort it out. "
       "Lekker way to spend a Saturday.",
       "I bank with {old}. Joan and I have had our joint checking account there for many years."],
      [("later_sentence", "Closed the {old} account on Monday, the fees were a joke. Took me ten minutes. Wages go "
                          "into {new} from this month, it's all on the app."),
       ("comparison", "{new} is much better than {old} only, no hidden charges and the app does not hang every "
                      "time. so I have moved my salary account to {new}"),
       ("ended_no_successor", "Ag, I've closed my {old} account. Too much admin with the debit orders. Just the "
                              "cash in the tin and the stokvel for now."),
       ("idiom", "After the third error on our statement, I told Joan that enough is enough with {old}. We have "
                 "moved everything to {new} and I will not be going back. Regards, Walt")],
      "Had to ring {old} again about a card payment I didn't recognise, turned out to be the parking app.",
      "My brother banks with Nedbank and he's always complaining about the queues.",
      "I'm thinking of taking up the piano again this winter."),

    K("family_doctor", D, "user",
      [(["Dr Fitzgerald", "Dr. Fitzgerald"], ["Dr Naidoo", "Dr. Naidoo"]),
       (["Dr Hendricks", "Dr. Hendricks"], ["Dr Ramaswamy", "Dr. Ramaswamy"])],
      ["Seeing {old} at nine for the repeat prescription, then straight into a twelve-hour. Wish me luck.",
       "my family doctor is {old}, in Jayanagar. amma trusts nobody else for anything, even a small fever",
       "We've had {old} as our family doctor since both kids were babies.",
       "I need to remember to bring my blood pressure log to {old} on Thursday. Could you remind me the day "
       "before? The HOA meeting is that same evening, so it will be a long day."],
      [("third_party", "Got a letter from the practice today saying {old} has retired and all the patients are "
                       "being looked after by {new} from now on. There thirty years, God love them."),
       ("replaced_in_role", "{old} has shifted to Chennai, so {new} has taken over the clinic and all the old "
                            "patients. amma already went once and says the new doctor is ok only"),
       ("later_sentence", "Shame, {old} has closed the practice and is moving overseas to be near the "
                          "grandchildren. It was so sudden. Anyway, we've been to {new} twice now and the kids "
                          "like the waiting room."),
       ("correction", "I must correct myself. My family doctor is {new}, not {old}. {old} is the cardiologist I "
                      "see once a year. My apologies for the confusion. Walt")],
      "{old} wants bloods done before the next visit, so fasting tomorrow morning, no tea. Misery.",
      "My neighbour swears by her GP, Dr Mahlangu, says she actually listens.",
      "The boiler is finally fixed after three weeks of cold showers."),

    K("sibling_city", D, "user's brother",
      [(["Boston"], ["Perth"]),
       (["Toronto"], ["Dubai"])],
      ["My brother Ciarán lives in {old}, he went out on a visa years ago and never came home.",
       "family whatsapp is full of photos from my brother in {old}, he has posted snow pics itself 20 times "
       "today. meanwhile I am stuck debugging prod issue",
       "Trying to work out the time difference so I can phone my brother in {old} after school without waking "
       "him. Is he behind or ahead of us?",
       "My younger brother, Ray, lives in {old}. We talk on the telephone every Sunday evening."],
      [("moved", "Ciarán's after moving from {old} to {new}, got a transfer with work. Says the weather in {new} "
                 "is unreal. The mammy's devastated, it's even further away."),
       ("indirect", "last night on the family video call my brother kept showing us the sunset from his new "
                    "balcony, and only then we realised he had actually left {old}. he is in {new} since two weeks "
                    "and told nobody except my dad itself!"),
       ("third_party", "My mom phoned just now to say my brother has packed up in {old} and gone to {new} for a "
                       "new job. I had to hear it from her, shame, he never tells me anything."),
       ("correction", "I made a mistake earlier about my brother Ray. He lives in {new}, not {old}. He left {old} "
                      "many years ago and I still mix the two up. Regards, Walt")],
      "My brother sent a photo of the harbour in {old} this morning, he's clearly not working.",
      "My friend's sister lives in Auckland and she's always on about the housing prices.",
      "We've started a book club at work, first one is next Tuesday."),

    K("language_learning", D, "user",
      [(["Italian"], ["Portuguese"]),
       (["isiXhosa", "Xhosa"], ["Japanese"])],
      ["I'm learning {old}, doing a bit on Duolingo on my breaks, the streak is the only thing keeping me going "
       "on nights.",
       "kindly suggest a good podcast for my commute, something other than tech. I am already doing {old} "
       "lessons on the app in the metro so maybe something in English only",
       "I'm learning {old} with a tutor on Tuesday evenings, my son thinks it's lekker that his mom is back at "
       "'school'.",
       "Our HOA has started a conversation group in the clubhouse, and I have been going on Wednesdays to "
       "practice my {old}. The instructor is a retired schoolteacher from the next street."],
      [("abandon_for", "I'm after giving up the {old} and doing {new} instead, sure it'll be more use on the "
                       "holidays."),
       ("later_sentence", "I have stopped {old} classes, could not manage with the release deadlines. Since last "
                          "week I am doing {new} on weekends with my flatmate, he is also a beginner."),
       ("comparison", "The {new} classes are so much better than the {old} ones were, smaller group and a teacher "
                      "who actually explains things, so {new} is what I'm doing now."),
       ("ended_no_successor", "I have given up on {old}. At my age the vocabulary simply will not stay in my "
                              "head, and I would rather spend the time with the grandchildren. I will not be "
                              "taking up another language.")],
      "Learnt how to order a coffee in {old} today, small wins.",
      "My daughter is learning French at school and corrects my pronunciation at dinner.",
      "Our street is getting new speed bumps installed next week."),

    K("band", D, "user",
      [(["The Loose Ends"], ["Half Past Nine"]),
       (["Ghost Signal"], ["The Jacaranda Seven"])],
      ["Can you help me swap a shift? I've a gig with {old} on Saturday week in Whelan's and I'm rostered on "
       "till eight.",
       "I play drums in a band called {old}. we are four colleagues from office, mostly covers, sometimes our own "
       "songs.",
       "I sing in {old}, it's a little band of teachers, we do the staff braai and the odd wedding.",
       "We have a rehearsal with {old} at the clubhouse on Thursday, so I will need to move my eye appointment. "
       "Could you suggest a polite note to the office?"],
      [("idiom", "That's me finished with {old}, I've had it up to here with the drummer. I'm playing with {new} "
                 "from next month, different craic altogether."),
       ("abandon_for", "I have left {old} to join {new}, they are playing proper gigs in Indiranagar pubs and "
                       "needed a drummer urgently. {old} guys are a little upset but what to do"),
       ("third_party", "Zanele from the staffroom told everyone at the braai that I'm singing with {new} now and "
                       "not {old} anymore. I wanted to tell them myself, ag."),
       ("ended_no_successor", "I have stepped down from {old}. My hearing is not what it was and I cannot keep up "
                              "with the tempo. I will not be playing in a band again, but I enjoyed every minute "
                              "of it.")],
      "{old} have a gig on Friday and the setlist still isn't sorted, typical.",
      "My cousin plays keyboard in a wedding band in Sligo.",
      "I've booked a weekend away in Kerry for October."),

    K("laptop", D, "user",
      [(["MacBook Air"], ["ThinkPad X1 Carbon", "ThinkPad"]),
       (["Dell XPS 13", "XPS 13"], ["HP Spectre"])],
      ["I've a {old}, had it since college, it does me for the odd email and the rosters.",
       "my {old} is heating like anything when I run docker, can you suggest some settings? office laptop is "
       "worse only",
       "Trying to put the Grade 9 marks in on my {old} and the school's spreadsheet keeps freezing. Sipho says "
       "just restart it, like that fixes anything.",
       "I use a {old} laptop. My grandson Tyler helped me choose it, and I mostly use it for email and the HOA "
       "newsletter."],
      [("comparison", "The {new} is way better than the {old} ever was, lighter, and the battery lasts a full "
                      "night shift, so I'm using that now and the old one's in the drawer."),
       ("replaced_in_role", "my {old} motherboard died last week. service center said repair cost is too high, so "
                            "I bought {new} and it has replaced the old one for everything, office work also"),
       ("indirect", "Long story. The staff laptop draw happened at the end-of-term function and of course I won "
                    "nothing, but my brother felt sorry for me and gave me his {new} when he upgraded. So the "
                    "{old} went to Naledi for homework."),
       ("idiom", "I have washed my hands of the {old}; it has been nothing but trouble since the update. My son "
                 "brought over a {new} on Saturday and that is what I am using now.")],
      "The fan on my {old} is going like a hairdryer, it's doing my head in.",
      "My husband does everything on an old Chromebook from his work.",
      "We're thinking of getting the attic converted next year."),

    K("coffee_order", D, "user",
      [(["flat white"], ["cortado"]),
       (["cappuccino with two sugars"], ["double espresso"])],
      ["Do you know is there anywhere near the hospital open before seven? I'd kill for a {old} before handover.",
       "my usual is {old}, from the cafe below office, sometimes two in a day itself",
       "I always order a {old}, nothing fancy. The barista at the coffee place near school knows me now.",
       "Joan and I stopped at the diner after my eye appointment. I had my usual {old} and a slice of pie, and "
       "the waitress asked after the grandchildren."],
      [("abandon_for", "I've given up the {old} for a {new}, the size of the cup suits a ten-minute break better."),
       ("correction", "sorry, I told wrong earlier. my order is {new} only, not {old}. {old} is what my manager "
                      "gets, I keep paying for both so I got confused"),
       ("later_sentence", "No more {old} for me, ag, I was going off it. These days I have a {new} before first "
                          "period, Sipho calls it my 'tiny coffee'."),
       ("comparison", "I have found that a {new} agrees with me far better than a {old} did, so that is what I "
                      "order now at the diner.")],
      "Queue for a {old} was out the door this morning, nearly missed the bus.",
      "My husband drinks instant coffee with three sugars and calls it a treat.",
      "I've finally booked my eye test for next Friday."),

    K("diet", D, "user",
      [(["vegetarian"], ["keto"]),
       (["pescatarian"], ["vegan"])],
      ["I'm {old} this past year, which is a bit of a challenge on nights when the canteen is all sausage rolls.",
       "my PG aunty is giving same dal daily, and being {old} I can't even order the chicken biryani like my "
       "roommates. kindly suggest some quick dinner I can make in a kettle",
       "Doing the braai for Naledi's birthday on Saturday, meat for everyone else and something {old} for me, any "
       "lekker ideas?",
       "I have followed a {old} diet for about five years now, on my doctor's advice."],
      [("indirect", "Went to a nutritionist through work because I was wrecked all the time and she had me doing "
                    "a food diary, and the upshot is I'm {new} now. I lasted years as {old} but sure look."),
       ("abandon_for", "I have given up being {old} and gone {new}, my cousin-brother did it and lost 8 kg in two "
                       "months so I am trying the same"),
       ("idiom", "Ag, the {old} thing has run its course, hey. I'm {new} now, we'll see how long that lasts."),
       ("third_party", "This is Joan, Walt's wife. He will not tell you himself, so: he stopped being {old} after "
                       "his last checkup and the doctor has him on a {new} diet now. I do the cooking, so I would "
                       "know.")],
      "Found a lovely {old} recipe for a curry, making it tonight.",
      "My brother-in-law is doing intermittent fasting and is a nightmare before noon.",
      "Our local library is closing for renovations in March."),

    K("anniversary", D, "user",
      [(["14 June", "June 14th"], ["21 September", "September 21st"]),
       (["3 March", "March 3rd"], ["12 August", "August 12th"])],
      ["Our wedding anniversary is {old}, I always have to beg for it off on the roster.",
       "wife is asking what to do for anniversary, {old} is on a weekday this year. kindly suggest some nice "
       "dinner place in Indiranagar",
       "Need to book a sub for the Friday, it's our anniversary on {old} and my husband has booked us a night "
       "away in Franschhoek. The kids are staying with my sister, shame, they're sulking.",
       "Joan and I were married on {old}, 1976. We will have been married fifty years come our next "
       "anniversary."],
      [("moved", "We're after moving the anniversary, we'll be keeping it on {new} from now on instead of {old}, "
                 "that's the day we had the blessing in the church last year, the registry office one never felt "
                 "like the real thing."),
       ("correction", "sorry I wrote wrong date. our anniversary is {new} only, not {old}. {old} is engagement "
                      "day, my wife will kill me"),
       ("third_party", "My husband's mother phoned just now to say the family will celebrate our anniversary on "
                       "{new} from now on, not {old}, because that's the day of our traditional wedding and the "
                       "family counts that one, not the court date. Ag, I suppose that's fine."),
       ("indirect", "We had the vow renewal in the church last month, with the grandchildren as ring bearers, and "
                    "afterward Joan said that {new} is the date she would like to celebrate from now on. So we "
                    "will no longer mark {old}. It was a lovely day.")],
      "It's {old} next week, need to get a card and actually remember this year.",
      "My parents' anniversary is some time in November, I can never remember which day.",
      "I've started taking the bus to work instead of driving."),

    K("wake_up_time", D, "user",
      [(["5:30am", "half five"], ["7am", "seven"]),
       (["6:15am"], ["8am"])],
      ["Knackered. Up at {old} for the early, then the bus was late and your man at the stop was giving out the "
       "whole way in.",
       "I wake up at {old} daily, even weekends, body clock is fixed now only",
       "I'm up at {old} every day to get the kids out the door before the traffic at the robots gets bad.",
       "I would like a reminder for my pills each morning, shortly after {old} when I get up, and another at "
       "supper."],
      [("moved", "New roster from the first of the month so the alarm's moved from {old} to {new}. Bliss."),
       ("comparison", "waking at {new} is much better than {old} for me, I am sleeping late after night "
                      "deployments anyway, so from this week I am getting up at {new}"),
       ("idiom", "Ag, the {old} alarm is history, hey, Sipho has his licence now and does the school run. I'm up "
                 "at {new} these days, lekker."),
       ("later_sentence", "I no longer get up at {old}. Dr. Alvarez suggested I try sleeping a bit longer. I now "
                          "rise at {new} and I feel better for it.")],
      "Alarm went at {old} as usual and I hit snooze three times.",
      "My husband gets up at four for his shift at the bakery.",
      "My passport renewal finally came through."),

    K("car", D, "user",
      [(["Toyota Corolla", "Corolla"], ["Kia Sportage", "Sportage"]),
       (["Honda Accord", "Accord"], ["Hyundai i20", "i20"])],
      ["I drive a {old}, twelve years old and not a bother on it.",
       "stuck at Silk Board junction for one hour in my {old}, missed standup itself. can you help me draft a "
       "leave request for tomorrow morning",
       "Sat at the robot outside school for ten minutes because the {old} wouldn't start again, the Grade 8s "
       "thought it was hilarious. Any idea what a clicking noise means?",
       "We drive a {old}. It is a 2014 and has been very reliable."],
      [("replaced_in_role", "The {old} is gone to the scrapyard, God rest it. There's a {new} sitting in its spot "
                            "outside the house now, bought it off a nurse from the ward."),
       ("ended_no_successor", "sold my {old} last week, no use in Bangalore traffic. taking the metro and Rapido "
                              "only now, no car"),
       ("comparison", "The {new} is so much better than the {old} for the school run, more room for the kids' "
                      "bags and it actually starts in the mornings, so that's what I'm driving now."),
       ("third_party", "Hello, this is Emma, Walt's granddaughter. Grandpa asked me to update you: he traded in "
                       "the {old} last week and is driving a {new} now. He says it is easier to park at the "
                       "doctor's.")],
      "Got the {old} washed for the first time in months, it's actually silver.",
      "My mate drives an ancient Land Rover that leaks oil everywhere.",
      "I've signed up for a first aid refresher course next month."),

    K("employer", D, "user",
      [(["Mater Hospital", "the Mater"], ["Beacon Hospital"]),
       (["Infosys"], ["Thoughtworks"])],
      ["I work in {old}, on a surgical ward, twelve-hour shifts mostly.",
       "the {old} office cab didn't come again, had to take auto, 300 rupees gone. kindly suggest how to "
       "complain to transport team",
       "Ag, another staff meeting at {old} that could have been an email. I'm marking under the table.",
       "I work part-time at {old}, three mornings a week. Joan says it keeps me out from under her feet."],
      [("later_sentence", "Handed in my notice at {old} and finished up Friday, a few tears at the nurses' "
                          "station. I'm starting in {new} on Monday, on a day ward, no more nights."),
       ("indirect", "my old manager moved companies last year and kept calling me, finally I went for one coffee "
                    "and one interview and now I am getting my {new} laptop and ID card tomorrow. my last day at "
                    "{old} was friday"),
       ("ended_no_successor", "I've resigned from {old}. Taking the rest of the year off to be with the kids "
                              "before Sipho matrics, no job lined up and that's fine."),
       ("idiom", "I have hung up my hat at {old}; after eight years I had done my time. I start at {new} on the "
                 "first, two mornings a week.")],
      "Parking at {old} is a disaster again, drove round for twenty minutes.",
      "My brother-in-law works for the council in the planning office.",
      "I've started growing tomatoes on the balcony."),

    K("home_city", D, "user",
      [(["Drogheda"], ["Galway"]),
       (["Durban"], ["Tampa"])],
      ["The commute from {old} is killing me, an hour each way and the motorway was a car park this morning.",
       "I live in {old} now, shifted for the job last year. PG is ok only, food is the problem",
       "We live in {old}, the kids were both born here.",
       "The weather in {old} has been very hot this week, so I have moved my morning walk to 6 o'clock. The HOA "
       "has also asked us to limit lawn watering."],
      [("indirect", "Mad few months. Got the keys to a little house in {new} in August after the landlord in {old} "
                    "sold up, and we've only just got the curtains up. The craic here is great."),
       ("correction", "sorry, small correction, I am not in {old}. I am living in {new} only, {old} is where my "
                      "parents stay"),
       ("later_sentence", "We've sold the house in {old}, sad to leave. It went quick. Now we're settled in {new} "
                          "and the kids have started at new schools."),
       ("abandon_for", "Joan and I have given up the house in {old} and moved to {new} to be closer to our "
                       "daughter and the grandchildren. We are renting a condo for now.")],
      "Raining sideways in {old} again today, typical.",
      "My cousin lives out in Limerick and keeps telling me to move down.",
      "I've bought a new duvet and it's the best decision I've made all year."),

    K("best_friend", D, "user",
      [(["Aoife"], ["Nomvula"]),
       (["Rohan"], ["Gary"])],
      ["My best friend is {old}, we've known each other since we were four, same road in Finglas.",
       "going for movie with {old} tonight, my best friend from engineering college, so kindly remind me to leave "
       "office by 7 itself",
       "Had a lekker braai at {old}'s place on Sunday, we've been best friends since teachers' college. Now I'm "
       "paying for it with a pile of marking.",
       "My closest friend is {old}. We served together in the Navy and still have lunch every Friday."],
      [("replaced_in_role", "After {old} moved to Australia we barely talk now. {new} from work is my best friend "
                            "now really, that's who I ring after a bad shift."),
       ("correction", "small correction, my best friend is {new}, not {old}. {old} is my roommate only, I wrote "
                      "the wrong name"),
       ("ended_no_successor", "Ag, {old} and I had a big fight over the school fundraiser and we haven't spoken "
                              "since. I don't really have a best friend at the moment, shame."),
       ("later_sentence", "{old} passed away in March, after a long illness. I gave the eulogy. These days {new} "
                          "from the HOA is the one I have lunch with on Fridays, and {new} has become my closest "
                          "friend.")],
      "{old} is coming over Saturday for a takeaway and a natter.",
      "My husband's best friend is a fella called Declan who never stops talking about golf.",
      "I've finally cleared out the garage."),

    K("climbing_or_club", D, "user",
      [(["Na Fianna"], ["Clontarf Road Runners"]),
       (["CityROCK"], ["Sun City Pickleball Club"])],
      ["I'm a member of {old}, I get down a couple of evenings a week when the roster lets me.",
       "weekend plan: saturday with {old} people in the morning, sunday full day laundry and sleep. kindly block "
       "my calendar",
       "I joined {old} last year and go on Wednesdays with two other teachers, best thing I ever did.",
       "Please remind me that the {old} annual dinner is on the 12th and Joan needs her good shoes resoled before "
       "then."],
      [("abandon_for", "I'm after leaving {old} for {new}, the sessions fit around shifts better."),
       ("idiom", "{old} chapter is closed for me, too much politics. from this month I am with {new}, they have "
                 "morning slots before office only"),
       ("ended_no_successor", "I've stopped going to {old} and cancelled the membership. Between matric exams "
                              "and marking there's just no time, hey."),
       ("indirect", "My neighbor, Bill, talked me into coming along to {new} one Saturday, and before I knew it I "
                    "had a paddle, a membership card and a regular Tuesday game. I have not been back to {old} "
                    "since.")],
      "Great session at {old} last night, legs are in bits today.",
      "My niece plays camogie for a club in Kildare and she's fierce.",
      "I've ordered new glasses and they come in a fortnight."),

    K("dentist", D, "user",
      [(["Baggot Street Dental"], ["Smile Studio"]),
       (["Coral Springs Family Dentistry"], ["Brightwater Dental"])],
      ["Cracked a filling on a Crunchie at three in the morning, so I'm ringing {old} first thing to beg for an "
       "appointment.",
       "my dentist is {old}, near the office, the doctor there is good only",
       "We go to {old} for the whole family, the kids' braces were done there.",
       "I have my six-month cleaning at {old} on Tuesday at 10 a.m., the same morning as the HOA landscaping "
       "walk. Which should I reschedule?"],
      [("replaced_in_role", "{old} closed up and {new} took over the building and all the patients, same chair, "
                            "new faces. Had my first check-up there Tuesday."),
       ("comparison", "{new} is far better than {old}, no waiting and proper sterilisation, so I have moved my "
                      "treatment there itself"),
       ("correction", "Sorry, I had it wrong: our dentist is {new}, not {old}. {old} is the orthodontist they "
                      "referred us to, shame, I get them confused."),
       ("third_party", "My daughter, who handles these things for us, tells me we are no longer with {old}; she "
                       "has moved Joan and me to {new}, which is closer to her house and takes our insurance.")],
      "Reminder from {old} came in, cleaning due next month, I'll put it off as long as I can.",
      "My sister's dentist is in Swords and she says he's gentle as anything.",
      "We're having the living room carpets steam-cleaned on Thursday."),
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
    return build_pool(KINDS, PERSONAS, SHAPES, 20261204, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev4.py",
               written="by hand in one pass on 2026-12-03, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
