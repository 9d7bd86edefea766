"""Writes bench/data/fact_timelines_issue_dev2.json: a second fresh dev pool over 20 everyday attribute kinds.

Why: ``issue_dev`` (the first fresh dev pool over everyday kinds) has since been tuned on, and the gains made
against it did not carry over to a held-out set. A dev pool that has been fitted to stops telling us anything,
so this is a second, untouched one: new kinds, new voices, new values and new wording, to see whether what
helped is general or only fitted to ``issue_dev``'s sentences.

How and when: written by hand, in one pass, on 2026-12-02, by a helper session that had not read the
extraction code (``memory_core/``, ``mneme/``, ``desktop_app/``, ``models/``), nor its tests, nor any other
pool's data (no ``bench/data/*.json``, no ``bench/heldout/``, no ``bench/results/``), and had run nothing of
the system. It read only ``bench/data/change_pool.py`` (``K``, ``build_pool``, ``write_pool``) and, of
``write_fact_timelines_issue_dev.py``, the docstring, imports, ``PERSONAS``/``SHAPES``, one ``K(...)`` call
as a format example and its bottom part (``_check``/``build``/``main``); none of that pool's sentences,
values or personas are reused. All sentences below were written before the generator was first run, and no
system output on these timelines existed when they were written; they were never edited afterwards.

Kinds (20): the 15 everyday kinds of ``issue_dev`` -- a pet's name (the user's cat), a race being trained
for, a gym, a phone, a bank, a GP, where a sibling lives (the user's brother), a language being learnt, a band
the user plays in, a laptop, how the user takes their coffee, a diet, a wedding anniversary, a wake-up time, a
car -- plus five more people really mention: a dentist, a hairdresser/barber, a football team supported, where
a partner works (the user's partner) and a child's school (the user's son). 16 kinds are about the user, 4
about someone in their life (the cat, the brother, the partner, the son).

Personas (split ``issue_dev2``), statement i and change i of a kind in persona i's voice:

0. ``shaz_35_nurse_nights_bristol_quick_typos``: a nurse on night shifts, types in quick lower-case bursts
   from her break, typos and "lol", values themselves spelt right;
1. ``gwyn_60_welsh_hill_farmer_plain_dry``: a hill farmer in Ceredigion, short plain sentences, dry, the
   wife and the grandchildren, sheep;
2. ``tom_28_software_dev_london_precise``: a developer in London, precise, parentheses, lists, numbers,
   semicolons, "for the record";
3. ``meena_indian_english_leicester_warm_chatty``: warm and chatty, Indian-English turns ("only", "itself",
   "what to do", "no?", "kindly", "co-sister", "tiffin").

Statements are not all plain: some direct ("our cat X"), many in passing inside a longer message about
something else (a dentist appointment after a night shift, a budgeting question, a recipe request), some
naming the attribute by another word ("my fella's work", "the surgery", "who cuts my hair"). The D2 change
messages are tagged with their shape (same ten shapes, same meanings, as ``issue_dev``):

* ``indirect``: the change is told as a story, the new value named in passing;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, sold, given up, made redundant, with nothing named in its place
  (``new == []``);
* ``correction``: the D1 value was never right ("sorry, it's X not Y", "I said wrong");
* ``comparison``: Y is better than X on these counts, so Y is what I do now;
* ``third_party``: someone else reports the change (the practice texts, the receptionist rings, mum rings,
  the council writes, the wife tells the chapel, the partner texts);
* ``idiom``: sacked off / can do one / had it up to here / washed my hands of / thrown in the towel, the
  replacement in the same breath;
* ``moved``: a date or time moved to another (the anniversary now kept on the day of a later blessing, the
  wake-up alarm), and, for ``sibling_city``, the brother moving from one city to another;
* ``replaced_in_role``: someone or something takes over the old one's role (a cat, a phone, a GP, a laptop,
  a car, a dentist, a hairdresser);
* ``abandon_for``: one thing given up for another (a race, a language, a band, a coffee, a diet, a
  hairdresser, a football team).

Per kind: 2 (old, new) value pairs, 4 statements, 4 change phrasings of 4 different shapes, 2 no-change
mentions ("mention": the old value named again with nothing changed, "other": someone else's same attribute)
and one unrelated later fact -> 7 timelines. 20 kinds, 140 timelines. Shape counts over the 80 changes:
indirect 9, later_sentence 9, ended_no_successor 9, correction 9, comparison 9, third_party 9, idiom 9,
replaced_in_role 7, abandon_for 7, moved 3.

One split, ``issue_dev2``. Scored by ``bench/bench_fact_checks.py --set issue_dev2`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev2.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev2.json"
#: split -> its four personas: statement i (and change i) of a kind is in persona i's voice
PERSONAS = {
    "issue_dev2": ("shaz_35_nurse_nights_bristol_quick_typos",     # 0: quick lower-case bursts, typos
                   "gwyn_60_welsh_hill_farmer_plain_dry",          # 1: short, plain, dry
                   "tom_28_software_dev_london_precise",           # 2: precise, parentheses, lists
                   "meena_indian_english_leicester_warm_chatty"),  # 3: warm, chatty, Indian-English turns
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")
#: the shape counts the docstring states, checked against KINDS below
SHAPE_COUNTS = {"indirect": 9, "later_sentence": 9, "ended_no_successor": 9, "correction": 9, "comparison": 9,
                "third_party": 9, "idiom": 9, "replaced_in_role": 7, "abandon_for": 7, "moved": 3}


D = "issue_dev2"

KINDS = [
    K("pet_name", D, "user's cat",
      [(["Mr Tumnus", "Tumnus"], ["Pickle"]),
       (["Dotty"], ["Bramble"])],
      ["home from nights and {old} has been sick on the duvet. again. cant even be cross, that cat is teh only "
       "one in the house who's pleased to see me at 8am",
       "We've a cat in the house now as well as the yard cats. The grandchildren named it {old}. Doesn't earn "
       "its keep like the others but the wife won't hear a word against it.",
       "Quick one: can cats eat cooked chicken skin? (Asking because {old}, our cat, just stole a piece off the "
       "counter and looks very pleased with the decision.)",
       "Our cat {old} is sitting on my laptop keyboard only, how to do any work, you tell me? My son chose the "
       "name, he was so sure about it, I didn't have the heart to say no."],
      [("correction", "sorry the cats called {new} not {old}!! {old} was my mums cat when i was little, tired "
                      "brain after 4 nights lol"),
       ("ended_no_successor", "Buried {old} under the apple tree this morning. Good age for a cat. No more house "
                              "cats, the wife says, and for once I agree with her."),
       ("replaced_in_role", "Update on the cat situation: {old} has gone to live with my parents (bigger garden; "
                            "fewer foxes). We adopted {new} from Battersea a fortnight later, and {new} has fully "
                            "taken over the windowsill and the 5am breakfast demands."),
       ("third_party", "My son has informed the whole family that the cat is {new} from now on, not {old}. He "
                       "says {old} was a baby name and he is eleven now, so the cat must also grow up. What to "
                       "do, {new} it is!")],
      "{old} has discovered the shelf above the radiator and hasn't moved off it all day.",
      "My sister's cat, Luna, is a proper hunter, she leaves mice on the doormat most mornings.",
      "We're having the bathroom retiled next month, so that'll be chaos."),

    K("race_training", D, "user",
      [(["Cardiff Half Marathon", "Cardiff Half"], ["Bath Half Marathon", "Bath Half"]),
       (["Brighton Marathon"], ["Snowdonia Marathon"])],
      ["managed 10k after a night shift this morning?? legs like jelly. the {old} is in 12 weeks and i am NOT "
       "ready lol",
       "Signed up for the {old}. Daughter talked me into it at Christmas. I run the lanes at six before the "
       "ewes need seeing to.",
       "Training plan for the {old} (current state): 1) three easy runs a week, 2) one long run on Sundays, "
       "3) strength work I keep skipping. Where would you fit in intervals?",
       "You know, I am training for the {old}, my first time itself! My husband is laughing at me but I am "
       "doing my 5k every morning in Abbey Park, rain or shine."],
      [("idiom", "sacked off the {old}, rota's a nightmare and ive done nothing but nights. doing the {new} "
                 "instead, my mate from ward 9 is doing it so at least ill have company"),
       ("later_sentence", "Not doing the {old} now. Lambing ran late and I've no legs left. Daughter's found "
                          "another one, the {new}. I said I'd think about it, which means yes."),
       ("correction", "Correction to what I said earlier: it's the {new} I'm training for, not the {old} (I had "
                      "both registration pages open and mixed them up in my head)."),
       ("abandon_for", "I have given up on the {old}, the date is clashing with my niece's wedding in Ahmedabad, "
                       "what to do. So I have entered the {new} in its place, same training only, just a "
                       "different date.")],
      "Long run done today, twelve miles. The {old} is starting to feel a bit more real now.",
      "My brother-in-law is doing the Berlin Marathon in September and he's become unbearable about it.",
      "The kitchen tap's dripping again, I'll have to get a plumber in."),

    K("gym", D, "user",
      [(["Bannatyne's", "Bannatyne"], ["Nuffield Health", "Nuffield"]),
       (["Snap Fitness"], ["Everlast Gyms", "Everlast"])],
      ["just back from {old}, did 20 mins on the bike and had a nap in the car park before driving home lol "
       "nights life",
       "Doctor says the back wants strengthening. So I go to {old} in town on market days. Full of young lads "
       "looking at themselves in the mirrors.",
       "Context for the workout question: I train at {old} (usually 7am, before standup), so I've got free "
       "weights, cables and a rower, but no sled.",
       "I joined {old} near my house last month, there is a ladies-only class on Tuesdays, very nice girls, we "
       "are having so much fun, and my knees are also better now."],
      [("idiom", "{old} can do one, third time this month the showers were cold. joined {new} this morning on "
                 "the way home"),
       ("ended_no_successor", "Cancelled the membership at {old}. Daft, paying to lift things when I've a yard "
                              "full of feed bags that need lifting for nothing."),
       ("comparison", "Did a trial week at {new}: four squat racks instead of one, no queue at 7am, and it's £8 "
                      "a month cheaper than {old}. Fairly easy decision; I've switched."),
       ("later_sentence", "I have stopped going to {old}, that ladies class is finished and the timing was not "
                          "suiting me anyway. My co-sister took me to {new} last Sunday and I have joined there "
                          "now, it is walking distance only.")],
      "Forgot my padlock at {old} today so I had to carry everything round with me.",
      "My flatmate goes to Third Space and pays an absolute fortune for it.",
      "We've booked a week in Pembrokeshire for August."),

    K("phone", D, "user",
      [(["iPhone 12"], ["Pixel 8"]),
       (["Galaxy S21", "Samsung Galaxy S21"], ["iPhone 15"])],
      ["my {old} screen cracked AGAIN, dropped it in the sluice room at 3am. how much is a screen repair usualy",
       "Got a {old} off my son when he upgraded. Only use it for the weather and ringing the vet. Too many "
       "buttons.",
       "Battery on my {old} is down to 79% health (per Settings). Is a battery swap worth it, or is that "
       "throwing money at a four-year-old phone?",
       "My {old} is full of good-morning pictures from the family WhatsApp group, storage is full, kindly tell "
       "me how to clear it without losing my photos."],
      [("indirect", "guess who dropped her phone in a bucket of mop water lol. anyway the {new} survived its "
                    "first night shift, the {old} did not survive the bucket"),
       ("third_party", "Son says I'm on a {new} now. He's put my card in it and taken the {old} for the "
                       "grandchildren to play games on. I wasn't consulted."),
       ("comparison", "Having used both for a month: (1) the {new} camera is noticeably better in low light; "
                      "(2) it lasts a full day, where the {old} was dead by 6pm. So the {new} is my daily phone "
                      "now."),
       ("replaced_in_role", "My {old} has gone to my mother-in-law, she wanted a big screen for her serials. In "
                            "its place my husband has brought me a {new} for our anniversary, so sweet, no?")],
      "The {old} keeps nagging me about a software update and I keep pressing later.",
      "My dad still uses a Nokia flip phone and refuses point blank to change.",
      "I've started doing the crossword in the paper every morning."),

    K("bank", D, "user",
      [(["Nationwide"], ["Monzo"]),
       (["Lloyds"], ["Starling"])],
      ["payday finally. {old} app says i had £4.12 left till today so that was close lol",
       "Been with {old} since I was sixteen. Same branch in Aberystwyth until they shut it.",
       "Budgeting question: my salary lands in my {old} current account on the 25th; I want a standing order "
       "to move 20% into savings the same day. Any gotchas?",
       "Today I went to the {old} branch to update my address, the lady was so helpful, she also sorted out my "
       "father-in-law's pension account while we were sitting there."],
      [("idiom", "had it up to here with {old}, they froze my card mid night shift for the 3rd time. moved "
                 "everything over to {new} on my break"),
       ("later_sentence", "Shut the account at {old}. Forty-odd years. Nobody there to talk to any more, only a "
                          "machine. The farm money goes through {new} now, the accountant's idea."),
       ("comparison", "Compared the two properly: {new} has instant notifications, savings pots and no fees "
                      "abroad; {old} has a branch I haven't set foot in since 2019. Salary now goes to {new}."),
       ("indirect", "So funny thing happened, I was at the Tesco till and my card was declined, so embarrassing! "
                    "It was my old {old} card only, I forgot I had switched. My new {new} card was sitting in my "
                    "purse the whole time.")],
      "Got a letter from {old} about changes to their terms, haven't read it yet.",
      "My brother banks with Barclays and moans about them constantly.",
      "The clocks go back this weekend, don't let me forget."),

    K("gp", D, "user",
      [(["Dr Okafor"], ["Dr Hughes"]),
       (["Dr Patel"], ["Dr Lindqvist"])],
      ["got an appt with {old} at 4 tmrw, means getting up after 3 hrs sleep but its the only slot. hopefuly "
       "they sort this chest thing",
       "My doctor's {old} at the surgery in town. Good doctor. Doesn't fuss.",
       "I've got a GP appointment with {old} on Thursday (re: the recurring migraines). What should I write "
       "down beforehand so I don't forget anything?",
       "{old} is our family doctor for fifteen years, knows all our history, even my mother-in-law's sugar."],
      [("correction", "ugh sorry, my GP is {new} not {old}, {old} is the consultant on our ward. brain is mush "
                      "after nights"),
       ("third_party", "Receptionist rang. {old}'s retiring end of the month and I'm on {new}'s list from now "
                       "on. Never heard of them."),
       ("replaced_in_role", "Small admin update: {old} has left the practice; my records have been reassigned to "
                            "{new}, who I saw on Tuesday (thorough; actually read my notes)."),
       ("indirect", "Yesterday I had to go to the surgery for my BP, and so lovely, {new} was so patient with me, "
                    "explained everything nicely. Since {old} left I was worried, but now I am happy with my "
                    "new doctor.")],
      "Blood test results are back and {old} wants to see me about them next week.",
      "My husband's GP is Dr Mensah, at the other surgery across town.",
      "I finally fixed the wobbly leg on the kitchen table."),

    K("sibling_city", D, "user's brother",
      [(["Swansea"], ["Leeds"]),
       (["Glasgow"], ["Norwich"])],
      ["my brother lives in {old} so i never see him, facetimed him at 4am on my break and he was up with the "
       "baby lol",
       "Our Dai's in {old}. Went there for work twenty year ago and never came home.",
       "Planning a trip to see my brother in {old} (he's lived there since uni). Train or drive? Roughly 4 hours "
       "either way, apparently.",
       "My younger brother is settled in {old} with his family, we go every Diwali, his wife makes the best "
       "gulab jamun."],
      [("third_party", "mum rang, my brothers only gone and moved to {new}!! didnt even tell me. the {old} flat "
                       "is let out already apparently"),
       ("moved", "Dai's moved from {old} to {new}. New job. Took the van and the dog and went."),
       ("correction", "Correction: my brother lives in {new}, not {old}. (I typed the wrong city; {old} is where "
                      "our cousin lives.)"),
       ("indirect", "We had such a lovely weekend at my brother's new flat in {new}, the view is too good! After "
                    "so many years in {old} he wanted a change, and my bhabhi got a job there only.")],
      "My brother sent a photo of the rain in {old}, looks as miserable as it is here.",
      "My friend's sister lives in Cork and says it never stops raining.",
      "I've started learning to knit, it's going badly."),

    K("language_learning", D, "user",
      [(["Spanish"], ["Italian"]),
       (["Japanese"], ["Korean"])],
      ["doing my {old} on duolingo at 5am on my break, 212 day streak!! dont let me lose it",
       "The granddaughter's got me on an app learning {old}. We're going out to see her next year. I can say "
       "beer and thank you. That'll do.",
       "Learning {old} (about 6 months in, roughly A2). Can you give me 10 sentences in the past tense, with "
       "the answers hidden?",
       "Nowadays I am learning {old} in the evening class at the college, my daughter says Mummy, at your age! "
       "But why not, no?"],
      [("ended_no_successor", "deleted duolingo. lost the streak on a bad run of nights and couldnt face "
                              "starting {old} again. no more languages for me lol"),
       ("comparison", "Been trying {new} alongside. Makes more sense to my head than {old} ever did. Sticking "
                      "with {new}."),
       ("abandon_for", "Dropping {old} (honestly never had a reason to use it) and starting {new} instead, since "
                       "we'll be spending a lot of time with my partner's family."),
       ("indirect", "My evening class teacher was so surprised when I introduced myself in {new} on the first "
                    "day itself! Yes, I switched from {old}, it was too tough for me, my tongue was not moving "
                    "properly.")],
      "Watched a film in {old} with subtitles tonight and understood maybe a third of it.",
      "My niece is learning French at school and corrects my pronunciation constantly.",
      "Our street's getting fibre broadband next month."),

    K("band", D, "user",
      [(["The Rusty Hinges", "Rusty Hinges"], ["Lowfield"]),
       (["Velvet Kettle"], ["The Night Porters", "Night Porters"])],
      ["gig with {old} on saturday, swapped my shift and everything. im on bass, dont laugh",
       "I play fiddle with {old}. Weddings mostly, and the odd night at the pub in Tregaron.",
       "I play keys in a covers band, {old} (mostly 90s/00s indie; about 15 gigs a year). Can you suggest 5 "
       "songs that would fit the setlist?",
       "My big hobby is singing! I am in a Bollywood covers group called {old}, we do weddings and mehndi "
       "functions, very popular in Leicester."],
      [("later_sentence", "left {old}, me and the drummer were never gonna work. had a jam with {new} on "
                          "tuesday. they want me!! bass again"),
       ("ended_no_successor", "Finished with {old}. Fingers won't do it any more. Fiddle's in the loft."),
       ("abandon_for", "Band news: I've quit {old} (creative differences, i.e. yet another Mr Brightside cover) "
                       "and joined {new}, who rehearse on Wednesdays and write their own material."),
       ("idiom", "I have washed my hands of {old}, too much politics in that group! Now I am singing with {new}, "
                 "they are like family to me.")],
      "Rehearsal with {old} tonight, we're finally learning the new set.",
      "My cousin drums in a ska band called The Loose Screws.",
      "I've put our name down for a loft insulation grant."),

    K("laptop", D, "user",
      [(["MacBook Air"], ["ThinkPad X1 Carbon", "ThinkPad"]),
       (["Dell XPS 13", "Dell XPS"], ["Surface Laptop", "Surface"])],
      ["doing my mandatory training modules on my {old} in bed, 4 hrs of it, kill me",
       "Do the farm accounts on a {old}. The grandson set it up. It does what I need.",
       "Dev setup question: my {old} (16GB RAM) is swapping hard with Docker and two IDEs open. Worth tuning, or "
       "time to upgrade?",
       "My daughter gifted me a {old} when she started her job, so proud of her, now I am doing video calls "
       "with my sister in Pune on it."],
      [("correction", "wait did i say {old}? mines a {new}, the {old} is my flatmates. mine's the one with the "
                      "stickers on"),
       ("later_sentence", "The {old} died on Tuesday. Wouldn't switch on. Grandson brought me a {new} yesterday, "
                          "says it'll see me out."),
       ("comparison", "Benchmarked both on our build: the {new} is about 40% faster and doesn't thermal-throttle; "
                      "the {old} does. The {new} is my main machine now (the {old} is going on eBay)."),
       ("replaced_in_role", "The {old} is now with my son for his college work, so my husband's office gave me "
                            "their old {new}, it is doing the same job for me, only heavier.")],
      "The {old} fan has started whirring loudly again.",
      "My dad's still on an Acer Aspire from about 2012 and won't hear of replacing it.",
      "I've been sleeping much better since we got blackout blinds."),

    K("coffee", D, "user",
      [(["white with two sugars", "two sugars"], ["black"]),
       (["with oat milk", "oat milk"], ["with a dash of cream", "dash of cream"])],
      ["on my 3rd coffee of the shift, {old} as always, the vending machine one tastes like feet but it keeps "
       "me upright",
       "Coffee {old}, in the big mug. First thing, before the dogs.",
       "For the record (since you asked about my morning routine): I have my coffee {old}, one mug at 8, and no "
       "caffeine after 2pm.",
       "My colleagues always tease me, I have my coffee {old} only, never chai at the office! At home of course "
       "my mother-in-law makes masala chai."],
      [("idiom", "gone right off having it {old}, makes me feel sick on nights now. {new} from here on"),
       ("third_party", "Wife's told the whole chapel I take my coffee {new} now. For the heart, she says. No more "
                       "having it {old}. I wasn't asked."),
       ("correction", "Small correction to my routine note: I take my coffee {new}, not {old} (I was reading my "
                      "partner's order off our shared note)."),
       ("abandon_for", "I have given up having it {old}, my daughter said try it {new} for one week, and now I am "
                       "taking it {new} only, I am converted!")],
      "Made my coffee {old} and then forgot about it till it was stone cold.",
      "My husband takes his coffee with three sugars, it's a wonder he has any teeth left.",
      "Our neighbours have put up a new fence between the gardens."),

    K("diet", D, "user",
      [(["vegetarian"], ["pescatarian"]),
       (["vegan"], ["keto"])],
      ["canteen had nothing {old} again at 2am except chips. chips it is then",
       "Went {old} a year back. Neighbours think I've gone soft. Still rear the lambs, just don't eat them.",
       "Recipe request: high-protein, {old}, under 30 minutes, ideally one pan. (I'm {old}, about 2 years now, "
       "so no fish sauce etc.)",
       "In our house everybody is {old} only, it's how I was raised, so when friends come for dinner I make "
       "chole and dal and veg biryani and they never miss the meat."],
      [("ended_no_successor", "not {old} anymore, nights plus zero food options = i just eat whatever i can get. "
                              "not doing any diet thing rn"),
       ("indirect", "Daughter cooked Sunday, all {new}, since that's what I'm doing now. Dropped the {old} thing "
                    "after the bloods came back."),
       ("comparison", "After 3 months I've concluded {new} works far better for me than {old} did (steadier "
                      "energy, no 4pm crashes), so I'm {new} now."),
       ("abandon_for", "I have given up being {old}, the doctor said I need more protein. So I am {new} now, my "
                       "mother will be so shocked!")],
      "Found a great {old} place near work that does proper curries.",
      "My sister's on the carnivore diet, it's steak and eggs every single day.",
      "I've got jury service in March."),

    K("anniversary", D, "user",
      [(["14 June", "June 14", "14th June"], ["2 August", "August 2", "2nd August"]),
       (["3 March", "March 3", "3rd March"], ["19 October", "October 19", "19th October"])],
      ["anniversary's {old}, need to swap a shift to get it off. 6 yrs!! where does it go",
       "Forty years married on {old}. She wants a do at the rugby club. I'd rather a quiet pint.",
       "Reminder for me: our wedding anniversary is {old} (five years this time, which is wood, apparently). "
       "Gift ideas that aren't a chopping board?",
       "Our wedding anniversary is on {old}, every year my husband forgets and every year I remind him one week "
       "before, what to do with this man!"],
      [("correction", "omg wait our anniversary is {new} not {old}, {old} is when we got engaged. good thing he "
                      "didnt see that lol"),
       ("moved", "Had the blessing at chapel on {new}, forty years late. So that's the anniversary now, not "
                 "{old}."),
       ("third_party", "My sister-in-law has just messaged to remind me that our anniversary is {new} now: we "
                       "keep it on the day of the church blessing, and {old} (the registry office) is retired."),
       ("indirect", "Such a nice dinner we had on {new} for our anniversary! After the temple ceremony we are "
                    "celebrating that day only, {old} was just the registry date, nobody remembers it.")],
      "Booked a table for {old}, the same place we had our first date.",
      "My parents' anniversary is on Christmas Eve, which is very convenient for them.",
      "The council are finally fixing the potholes on our road."),

    K("wake_up_time", D, "user",
      [(["5:30am", "5:30", "half five"], ["6:15am", "6:15"]),
       (["4:45am", "4:45"], ["7am", "7:00"])],
      ["alarm set for {old} for my day shift tmrw, switching from nights to days is brutal. how do ppl do this",
       "Up at {old} every day. Sheep don't know it's Sunday.",
       "My routine, roughly: up at {old}; run or gym; at my desk by 8:30. Trying to protect the first 2 hours "
       "for deep work.",
       "I am getting up at {old} daily, do my puja, make tiffin for everyone and then only I can think of my "
       "own breakfast."],
      [("moved", "alarms moved to {new} from {old}, new rota starts later. extra sleep!!"),
       ("ended_no_successor", "Sold the flock. No more {old} starts. I'll get up when I wake up."),
       ("later_sentence", "New team, new hours: standups are at 10 now, so the {old} alarm is gone. I've set it "
                          "for {new} instead; still plenty of time for the gym."),
       ("idiom", "I have said ta-ta to getting up at {old}, my body is not co-operating any more! Now I am up at "
                 "{new}, and the tiffins are getting made somehow only.")],
      "Woke up at {old} as usual even though I didn't need to today.",
      "My husband sleeps till ten on his days off, lucky thing.",
      "A friend has asked me to be godparent to her baby."),

    K("car", D, "user",
      [(["Ford Focus", "Focus"], ["Kia Niro", "Niro"]),
       (["Vauxhall Corsa", "Corsa"], ["Skoda Octavia", "Octavia"])],
      ["the {old} wouldnt start after my shift, 8am in a freezing car park waiting for the AA. love my life",
       "Bought the {old} for going to town. Truck's for the farm, the {old}'s for chapel and market.",
       "Car question: my {old} (2016, about 78k miles) is due a cambelt. Worth doing at this mileage, or should I "
       "be looking to sell?",
       "I drive a {old}, small but very reliable, I take my mother-in-law to the temple every Sunday in it."],
      [("idiom", "binned off the {old}, 3rd breakdown this year. picked up a {new} on finance this morning and "
                 "it actually starts!!"),
       ("ended_no_successor", "Sold the {old}. Truck does for everything. One less thing to insure."),
       ("third_party", "My partner has just texted: she's sold the {old} to her cousin and put a deposit down on a "
                       "{new} for us. So, apparently, I drive a {new} now."),
       ("replaced_in_role", "My {old} has gone to my nephew, he just passed his test. In its place a {new} is "
                            "standing in our driveway now, bigger boot for all our shopping bags!")],
      "Put new wipers on the {old} today, I can actually see out of it now.",
      "My dad drives a Volvo estate he's had since 2009.",
      "The dishwasher's finally given up, we're washing up by hand for now."),

    K("dentist", D, "user",
      [(["Dr Rahman"], ["Dr Fielding"]),
       (["Dr Kowalski"], ["Dr Brennan"])],
      ["filling with {old} at 2pm, on 2 hrs sleep. if i fall asleep in the chair so be it",
       "Cracked a tooth on a mint. {old} at the practice in Lampeter is squeezing me in Thursday.",
       "My dentist ({old}) says I grind my teeth at night and recommended a night guard. Are the boil-and-bite "
       "ones any good, or should I pay for a custom one?",
       "{old} has been my dentist since my wisdom tooth drama, so gentle, I am not even scared anymore, and I "
       "was a big coward before!"],
      [("third_party", "practice texted, {old} has left and im booked in with {new} now. never met them, hope "
                       "theyre gentle"),
       ("later_sentence", "Done with {old}. Eighty pound to look in my mouth. Went to {new} in town on Tuesday "
                          "instead, half that."),
       ("comparison", "Saw {new} for a second opinion: more thorough exam, explained the X-rays properly, and NHS "
                      "rates versus {old}'s private-only. Switched practices last week."),
       ("replaced_in_role", "{old} has retired, I was so sad, we even gave a card. But {new} has taken over all "
                            "the patients and I must say, equally gentle!")],
      "Check-up with {old} next month, I'm dreading the flossing lecture.",
      "My son's dentist is Dr Adeyemi, the children's one at the hospital.",
      "I've signed up for a first aid refresher course."),

    K("hairdresser", D, "user",
      [(["Kelly"], ["Jade"]),
       (["Sunita"], ["Marco"])],
      ["hair appt with {old} on my day off, 3 months of roots, shes going to faint",
       "{old} cuts my hair. Twelve pound and no chat, which suits me.",
       "Going to {old} on Saturday for a cut (same hairdresser for about 3 years). What's the term for 'short "
       "back and sides but longer on top' so I don't have to do hand gestures?",
       "Only {old} touches my hair, I don't trust anyone else! Even for my daughter's wedding I made her come "
       "home and do my bun."],
      [("idiom", "fallen out with {old}, she butchered my fringe. going to {new} from now on, my mate swears by "
                 "them"),
       ("replaced_in_role", "{old}'s gone to Australia. {new} has the chair now. Same price, more chat."),
       ("indirect", "Got about four compliments on the haircut this week (credit to {new}, who I've been seeing "
                    "since {old} moved salons and became impossible to book)."),
       ("abandon_for", "I have stopped going to {old}, she has become too expensive and is always running late. "
                       "Now I go to {new}, just five minutes from my house.")],
      "{old} talked me into a fringe and I'm still not sure about it.",
      "My husband's barber is a guy called Emre who does the hot towel thing.",
      "I've finally got round to sorting out my will."),

    K("football_team", D, "user",
      [(["Arsenal"], ["Brentford"]),
       (["Everton"], ["Wrexham"])],
      ["watching {old} on the telly at 3am on my break, its a repeat but dont tell me the score",
       "Support {old}. Have done since I was a boy. Never been to a match. Listen on the radio.",
       "I support {old} (season ticket since 2019; yes, it's expensive). Is there a decent app for fixture "
       "alerts that doesn't spam me with betting ads?",
       "My whole family supports {old}, my husband even named our WiFi after them! I don't understand the "
       "offside rule but I shout with everybody."],
      [("ended_no_successor", "done with football tbh. {old} broke my heart for the last time, not watching any "
                              "of it anymore"),
       ("abandon_for", "Given up on {old}. Grandson's {new} mad, so I go with him now. Proper ground, proper "
                       "pies."),
       ("comparison", "After a few {new} games with colleagues: cheaper tickets, better atmosphere, and I'm not "
                      "paying £80 to watch {old} lose to Fulham. Season ticket's at {new} this year."),
       ("correction", "Sorry, I said wrong! My family supports {new}, not {old}, my husband will divorce me if he "
                      "reads this!")],
      "{old} are playing tonight, so the house will be noisy.",
      "My neighbour's a massive Celtic fan, he's got the flag up in his window.",
      "I've booked a boiler service for next Tuesday."),

    K("partner_employer", D, "user's partner",
      [(["Royal Mail"], ["Amazon"]),
       (["Tesco"], ["Network Rail"])],
      ["my fella works at {old}, on earlies, so we literally pass on the stairs. romance is dead lol",
       "The wife's got a part-time job at {old} in town. Gets her off the farm. Gets her away from me, she says.",
       "My partner works at {old} (operations, about 4 years). They've got a pension-matching scheme; is salary "
       "sacrifice worth it for them?",
       "My husband is working at {old} for twenty years, very loyal, they gave him a gold watch last year at the "
       "function."],
      [("ended_no_successor", "fella's been made redundant from {old}. nothing lined up, hes gonna take the "
                              "summer off and be a house husband apparently"),
       ("later_sentence", "Wife's finished at {old}. Said she'd had enough of the manager. Starts at {new} "
                          "Monday, part-time again."),
       ("indirect", "We celebrated last night: my partner's first week at {new} went really well (they're "
                    "finally out of {old} after months of job hunting)."),
       ("idiom", "My husband has finally thrown in the towel at {old}, after twenty years! Now he has joined "
                 "{new}, new job, new tiffin box, everything new.")],
      "My other half's doing a late shift at {old} tonight, so it's beans on toast for me.",
      "My sister works for Boots, in one of their head office teams.",
      "Our fridge freezer has started making a humming noise."),

    K("child_school", D, "user's son",
      [(["Oakfield School", "Oakfield"], ["Brookvale Academy", "Brookvale"]),
       (["Westfield School", "Westfield"], ["Kingsway Academy", "Kingsway"])],
      ["school run after a night shift, {old} gates at 8.45 and i look like a zombie. other mums are all in "
       "gym gear lol",
       "Youngest lad's at {old}. Sixteen. Wants to be a vet, not a farmer. Can't say I blame him.",
       "Parents' evening at {old} tomorrow (my son's in Year 2). Which questions are actually worth asking a "
       "Year 2 teacher?",
       "My son is studying at {old}, the teachers are very good, he is getting top marks in maths, touch wood!"],
      [("correction", "sorry typo earlier, hes at {new} not {old}, {old} is where his cousin goes"),
       ("third_party", "Letter from the council. The lad's place at {old} went with the bus route, they've put "
                       "him at {new}. Nobody asked us."),
       ("comparison", "We visited {new} at the open morning: smaller classes (24 vs 30), a proper library and "
                      "far better SEN support than {old}. He starts there after half term."),
       ("later_sentence", "We took him out of {old} finally, too much bullying and the head was not listening. "
                          "Then after lot of running around we got admission in {new}, he is much happier now.")],
      "Non-uniform day at {old} tomorrow and of course I only found out tonight.",
      "My neighbour's daughter goes to Castle Grammar and has three hours of homework a night.",
      "I've finally cleared out the garage."),
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
    return build_pool(KINDS, PERSONAS, SHAPES, 20261202, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev2.py",
               written="by hand in one pass on 2026-12-02, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
