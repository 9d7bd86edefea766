"""Writes bench/data/fact_timelines_changes.json: a pool of HARD change phrasings (issue 12).

Why: on our own dev sets, given the D1 statement was captured, changes are handled well (dev2:
change_captured 92.5%, old_retired 94.2%); on the held-out set, written by someone else, the same
figures are ~60% and ~51%. Our dev change phrasings are easier than real ones, so tuning on them cannot
find what fails. This pool was written to find it.

How and when: written by hand, in one pass, on 2026-12-01, by a session that had not read the extraction
code (``memory_core/facts/``) and before any system output on these timelines existed. Every D1
statement is PLAIN ("My accountant is X."), in one of eight personas' voices: the point is the change.
The D2 messages are where the difficulty lives, each tagged with its shape:

* ``indirect``: the change is told as a story, the new value named in passing or by its place;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, cancelled, closed, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right (``check_as_of == False``);
* ``comparison``: "X is miles better than Y, so that's where I go now";
* ``third_party``: someone else reports the change ("Mum says ...", "the school emailed ...").

Per kind: 2 (old, new) value pairs, 4 statements (one per persona of the kind's split), 4 change
phrasings, 2 no-change mentions ("mention": the old value named with no change, "other_person": someone
else's same attribute) and one unrelated later fact -> 7 timelines (4 changes, 2 no-change, 1 unrelated:
the proportions of dev2). None of the 25 kinds is a kind of the dev/dev2/test sets.

Split by attribute kind AND persona: ``changes_dev`` (12 kinds, 4 personas) and ``changes_test`` (13 kinds,
4 other personas). Scored by ``bench/bench_fact_checks.py --set changes_dev|changes_test``; the test split
is run once, at the end, aggregate only.

Run: ``python bench/data/write_fact_timelines_changes.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from pathlib import Path

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_changes.json"
#: split -> its four personas: statement i of a kind is in persona i's voice
PERSONAS = {
    "changes_dev": ("bex_texting_bristol",               # 0: lowercase texting, abbreviations
                    "giorgos_nonnative_thessaloniki",    # 1: second-language grammar
                    "maureen_rambling_pensioner_cardiff",  # 2: long, chatty, asides
                    "callum_terse_sysadmin_glasgow"),    # 3: terse, clipped
    "changes_test": ("kayla_texting_toronto",
                     "huong_nonnative_hanoi",
                     "bernard_rambling_vicar_norfolk",
                     "ade_terse_surgeon_lagos"),
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party")



D, T = "changes_dev", "changes_test"

KINDS = [
    # ------------------------------------------------------------------ changes_dev
    K("accountant", D, "user",
      [(["Priya Raman", "Raman"], ["Gareth Lowe", "Lowe"]),
       (["Hartley & Co", "Hartley"], ["Bellwood Accounting", "Bellwood"])],
      ["my accountant is {old} btw, they do my tax return every jan",
       "My accountant is {old}, they are doing my taxes since I opened the shop.",
       "Oh and I should say, my accountant is {old}, lovely person, they've done the books since Derek passed.",
       "Accountant: {old}."],
      [("later_sentence", "Tax return's done for this year, not that {old} had anything to do with it, they never answered a single email. A friend put me onto {new} and they sorted the lot in a week."),
       ("third_party", "My brother says {old} has retired and shut up shop, so he's passed my file over to {new}, who does his."),
       ("ended_no_successor", "I've stopped paying {old}, honestly the online HMRC form is easy enough that I just do it myself now."),
       ("comparison", "{new} charge half what {old} did and actually pick up the phone, so that's who does my books these days.")],
      "Had a letter from {old} reminding me about the January deadline.",
      "My sister's accountant is some guy in Leeds she's never met.",
      "The bins didn't get collected again this week."),

    K("allotment", D, "user",
      [(["Fernhill allotments", "Fernhill"], ["Abbey Road allotments", "Abbey Road"]),
       (["Cotton Lane allotments", "Cotton Lane"], ["Hollins Park allotments", "Hollins Park"])],
      ["got an allotment at {old} finally!! 6 yrs on the waiting list lol",
       "I have allotment in {old}, I grow there tomatoes and peppers like at home.",
       "Well the big news is I've got a plot at {old}, after all those years waiting, and I've already put the onions in.",
       "Allotment: {old}. Plot 14."],
      [("indirect", "The council sold the {old} site for houses, so they moved all of us plot holders to {new}, the soil's better there to be fair."),
       ("ended_no_successor", "Gave up the plot at {old}, couldn't keep on top of it with the new job. The weeds won."),
       ("correction", "Ignore what I said before, I mixed them up - my plot is at {new}, {old} is where my neighbour has his."),
       ("later_sentence", "Handed my keys back at {old} last week, the committee there was impossible. Anyway. Planted my first spuds at {new} this morning.")],
      "Spent all Sunday at {old} digging out bindweed.",
      "My dad's got an allotment too, over in Swindon.",
      "I think I need new glasses, the screen's gone blurry."),

    K("choir", D, "user",
      [(["the Harbour Singers", "Harbour Singers"], ["Voices of Hope"]),
       (["St Cuthbert's choir", "St Cuthbert"], ["the Riverside Rock Choir", "Riverside Rock Choir"])],
      ["i sing in {old} now!! tues nights, im an alto apparently",
       "I am singing in choir, it is called {old}, every Monday evening.",
       "I've joined a choir, {old}, we rehearse in the church hall on a Thursday and I'm second soprano, would you believe.",
       "Choir: {old}. Tenor."],
      [("comparison", "{new} is so much more fun than {old}, we actually sing songs I know, so I've switched."),
       ("third_party", "Our conductor told us on Monday that {old} is folding at Easter, not enough men. Most of us are going over to {new}."),
       ("indirect", "Been going along to {new} since the autumn, all the old crowd from {old} came with me after the row about the subs."),
       ("ended_no_successor", "I've left {old}. My voice isn't what it was and I can't face the stairs up to the hall.")],
      "{old} are doing a Christmas concert, I've got a solo!",
      "My daughter sings in the school choir.",
      "The car's making a funny rattling noise."),

    K("running_shoes", D, "user",
      [(["Asics"], ["Hoka"]),
       (["Brooks"], ["Saucony"])],
      ["i only run in {old}, tried others and my knees hated it",
       "For running I use always {old} shoes, they are good for my feet.",
       "I do my little jogs round the park in {old}, my grandson chose them, apparently they're the thing.",
       "Running shoes: {old}."],
      [("comparison", "Tried a pair of {new} in the shop and they're way comfier than my {old}, so that's me converted."),
       ("third_party", "The physio said the {old} were doing my shins no favours and told me to get {new}, so I have."),
       ("correction", "Oops no, I've got that wrong, my running shoes are {new}, the {old} are my old ones in the cupboard."),
       ("later_sentence", "Wore a hole through the {old} at the half marathon. The shop was out of them. Walked out with {new} and I'm not looking back.")],
      "Bought the same {old} again, third pair in a row.",
      "My husband runs in whatever's cheapest in Sports Direct.",
      "We're off to my cousin's wedding in June."),

    K("cleaner", D, "user",
      [(["Marta"], ["Joanne"]),
       (["Danuta"], ["Kelly"])],
      ["our cleaner is {old}, comes every fri, shes a legend",
       "Our cleaner is {old}, she comes on Tuesday two hours.",
       "{old} is our cleaner, been coming to us every Wednesday for years and she always has a cup of tea with me after.",
       "Cleaner: {old}, Fridays."],
      [("later_sentence", "{old} has gone back to Poland for good, we had a little send-off. Her friend {new} is doing Fridays for us now."),
       ("ended_no_successor", "We had to let {old} go, money's too tight at the moment. It's me and the hoover now."),
       ("indirect", "Since {old} hurt her back the agency has been sending {new}, and to be honest we've asked to keep her."),
       ("third_party", "My husband says {old} texted to say she's packing in cleaning, she's been offered a job at the school. He's already sorted {new} from next week.")],
      "{old} found my wedding ring behind the radiator!",
      "My mum's cleaner only does the kitchen and bathroom.",
      "Finally booked the boiler service."),

    K("nursery", D, "user's son",
      [(["Little Acorns"], ["Busy Bees"]),
       (["Rainbow Tots"], ["Treetops"])],
      ["alfie goes to {old} nursery now, mon-wed",
       "My son is going to nursery {old}, three days in week.",
       "Our Alfie's at {old} now, the nursery by the park, and the staff there are so patient with him.",
       "Nursery: {old}. Mon-Weds."],
      [("indirect", "Alfie's much happier since we moved him to the one by my work, {new}, he used to cry every morning at {old}."),
       ("third_party", "Letter from {old} today saying they're closing in the summer, Ofsted thing. The council's found Alfie a place at {new}."),
       ("comparison", "{new} is way better than {old}, they actually take them outside, so that's where he goes now."),
       ("later_sentence", "Alfie's last day at {old} was Friday, they made him a card with all their handprints. Starts at {new} on Monday, fingers crossed.")],
      "Alfie came home from {old} covered in paint again.",
      "My sister's little girl is at a Montessori nursery.",
      "I've started doing yoga on YouTube in the mornings."),

    K("instrument_teacher", D, "user",
      [(["Mr Pearson", "Pearson"], ["Ms Adebayo", "Adebayo"]),
       (["Ilse Brandt", "Brandt"], ["Callum Reid", "Callum"])],
      ["my piano teacher is {old}, lessons on thurs after school",
       "My violin teacher is {old}, I have lesson every Saturday morning.",
       "I've started learning the cello at my age, can you believe it, and my teacher is {old}, ever so patient with me.",
       "Guitar teacher: {old}."],
      [("correction", "Sorry, I got that wrong earlier - my teacher is {new}, {old} is the one who runs the music school."),
       ("third_party", "Got an email from the music school: {old} is on long-term sick, and my lessons are with {new} from now on."),
       ("indirect", "Turns out {new} lives two streets away and teaches from home, so I've been going there instead of trekking across town to {old}."),
       ("ended_no_successor", "I've stopped the lessons with {old}. Couldn't afford it after the rent went up, I'm just using YouTube.")],
      "{old} says I'm ready for my grade 3.",
      "My son's drum teacher is very loud.",
      "I finally finished that jigsaw of the Lake District."),

    K("solicitor", D, "user",
      [(["Moss & Reid", "Moss"], ["Carter Lane Legal", "Carter Lane"]),
       (["Hugo Fenwick", "Fenwick"], ["Amira Haddad", "Haddad"])],
      ["our solicitor is {old}, theyre doing the house sale",
       "My lawyer is {old}, he is helping me with the visa papers.",
       "Our solicitor is {old} - they did Mum's will and now they're doing the house, it's all taking forever.",
       "Solicitor: {old}."],
      [("comparison", "{new} quoted half what {old} wanted and replied the same day, so we've moved everything over to them."),
       ("later_sentence", "We've had enough of {old}, three months and not one update. The estate agent recommended someone. {new} have the file now."),
       ("ended_no_successor", "We don't need {old} any more, the sale fell through so I've closed the file with them."),
       ("indirect", "After the mess {old} made of the searches we let the estate agent's people take over, {new}, and it's finally moving.")],
      "Signed the last of the forms at {old} this morning.",
      "My friend's solicitor is her uncle.",
      "It's been raining non-stop for a week."),

    K("optician", D, "user",
      [(["Specsavers"], ["Vision Express"]),
       (["Boots Opticians", "Boots"], ["Leightons"])],
      ["i get my eyes done at {old}, contacts subscription too",
       "My optician is {old}, I buy there my glasses.",
       "I go to {old} for my eyes, always have, they're very good with the pensioner discount.",
       "Optician: {old}."],
      [("comparison", "{new} did a proper scan of the back of my eye, {old} never bothered, so I go to {new} now."),
       ("indirect", "{old} in town shut during the lockdowns and never came back, the nearest one is {new} by the station so that's where I get my eyes done now."),
       ("correction", "Got that wrong before, my optician is {new}, {old} is where I get my hearing aids done."),
       ("third_party", "My daughter booked my eye test at {new}, she says {old} have been ripping me off for years, so I've moved.")],
      "Picked up my new glasses from {old}, they're very bright red.",
      "My wife goes to a little independent optician in town.",
      "My tomatoes are finally turning red."),

    K("driving_instructor", D, "user",
      [(["Dave Pritchard", "Pritchard"], ["Sue Ellis", "Ellis"]),
       (["Kwame Mensah", "Mensah"], ["Lorraine Hyde", "Hyde"])],
      ["my driving instructor is {old}, 2 lessons a week",
       "My driving teacher is {old}, I learn for the UK licence.",
       "I'm learning to drive at last, at 58, and my instructor is {old}, who is the calmest person I have ever met.",
       "Driving instructor: {old}."],
      [("indirect", "Had my first lesson with {new} on Tuesday, so much calmer than {old}, I didn't stall once."),
       ("later_sentence", "{old} has retired, finally, after thirty years of nervous learners. The school put me with someone new. {new} seems nice."),
       ("ended_no_successor", "Not doing lessons with {old} anymore, I failed the test twice and I need a break from it all."),
       ("comparison", "{new} explains roundabouts way better than {old} ever did so I've switched for the last few lessons.")],
      "{old} made me do the parallel park six times today.",
      "My brother learnt to drive with our dad.",
      "I've been sleeping really badly this week."),

    K("takeaway", D, "user",
      [(["the Golden Dragon", "Golden Dragon"], ["Taj Mahal Tandoori", "Taj Mahal"]),
       (["Luigi's", "Luigi"], ["Istanbul Grill"])],
      ["friday = {old} takeaway, every week, no exceptions",
       "Our takeaway every Friday is from {old}, it is near our flat.",
       "Friday nights it's always a takeaway from {old}, my husband gets the same thing every single time.",
       "Friday takeaway: {old}."],
      [("third_party", "The lad next door says {old} got shut down by the health inspectors, so we've been ordering from {new} on Fridays."),
       ("comparison", "{new} is in a different league to {old}, we're never going back, that's our Friday sorted."),
       ("ended_no_successor", "No more {old} on Fridays, we're trying to save for the wedding so it's home cooking from now on."),
       ("later_sentence", "{old} got two of our orders wrong in a row and then the chips were cold. That was it. Friday was {new} and the kids loved it.")],
      "Ordered from {old} again, the usual.",
      "My in-laws always get fish and chips on a Friday.",
      "I'm thinking about getting a standing desk."),

    K("breakdown_cover", D, "user",
      [(["Green Flag"], ["Britannia Rescue", "Britannia"]),
       (["Start Rescue"], ["Admiral breakdown", "Admiral"])],
      ["our breakdown cover is {old}, mum sorted it",
       "My breakdown cover is with {old}, I pay every year.",
       "The breakdown cover is with {old}, John always renewed it and I've just kept it going since.",
       "Breakdown cover: {old}."],
      [("later_sentence", "Renewal from {old} came in at nearly double. Not a chance. Sorted {new} online in ten minutes."),
       ("correction", "Wait, I was wrong before, it's {new} we're with, {old} was the old car."),
       ("indirect", "When the car died on the M4 last month it was {new} who came out, we'd moved over when the {old} renewal went up."),
       ("ended_no_successor", "Let the {old} cover lapse, we sold the car, I'm on the bus now.")],
      "Had to call {old} out when the battery died, took an hour.",
      "My dad has never had breakdown cover in his life.",
      "We got a new sofa, it's green."),

    # ------------------------------------------------------------------ changes_test
    K("personal_trainer", T, "user",
      [(["Jason Ferreira", "Ferreira"], ["Kemi Adeyemi", "Adeyemi"]),
       (["Tomas Novak", "Novak"], ["Bridget Kane", "Kane"])],
      ["my PT is {old}, sessions mon + thurs at 7am ugh",
       "My personal trainer is {old}, I train with them two times in week.",
       "I've got myself a personal trainer, {old}, we meet at the leisure centre on a Tuesday and they're very encouraging with my knees.",
       "PT: {old}."],
      [("indirect", "{new} has me doing proper deadlifts now, took over my sessions when {old} went off to open their own studio."),
       ("ended_no_successor", "Stopped the sessions with {old}, it was costing a fortune, just doing my own thing in the gym now."),
       ("third_party", "The gym rang to say {old} has left and my sessions are with {new} from Monday."),
       ("comparison", "{new} actually listens about my shoulder, unlike {old}, so I've switched.")],
      "{old} nearly killed me today, burpees for twenty minutes.",
      "My colleague's PT is an ex-marine apparently.",
      "We're getting the loft insulated next month."),

    K("dog_groomer", T, "user's dog",
      [(["Pampered Paws"], ["Barking Mad"]),
       (["Posh Pooch"], ["Happy Hounds"])],
      ["biscuit gets groomed at {old} every 6 weeks",
       "Our dog goes to groomer {old}, every two months.",
       "Our little Toby gets his haircut at {old}, they always send him home with a bandana, he looks ridiculous, bless him.",
       "Dog groomer: {old}."],
      [("later_sentence", "{old} cut Toby's ear last time, absolutely furious. Found a new place. {new} were brilliant with him."),
       ("comparison", "{new} is cheaper than {old} and they do the nails properly, so that's where the dog goes now."),
       ("correction", "No, sorry, it's {new} that does the dog, I had {old} in my head from the advert."),
       ("ended_no_successor", "Not using {old} anymore, I've bought clippers and I'm doing the dog myself.")],
      "Picked the dog up from {old}, smells like a candle shop.",
      "My neighbour's poodle goes to a mobile groomer.",
      "I need to renew my passport before August."),

    K("plumber", T, "user",
      [(["Steve Malik", "Malik"], ["Gavin Tully", "Tully"]),
       (["PipeRight"], ["Drayton Heating", "Drayton"])],
      ["our plumber is {old}, number's on the fridge",
       "Our plumber is {old}, he fixed the bathroom last year.",
       "We've always used {old} as our plumber, ever since they did the new boiler, very reliable, never any mess.",
       "Plumber: {old}."],
      [("third_party", "The landlord says {old} doesn't cover our area anymore and we're to call {new} for anything from now on."),
       ("indirect", "The radiator started leaking and {old} wasn't answering, so we rang the firm that did next door, {new}, and we'll stick with them."),
       ("ended_no_successor", "{old} has retired, so we've no plumber at the moment, hope nothing bursts."),
       ("later_sentence", "{old} never turned up on Tuesday. Or Wednesday. We've got {new} coming out instead.")],
      "{old} is coming Thursday to look at the shower.",
      "My sister's plumber is also her brother-in-law.",
      "My back's been a lot better since the new mattress."),

    K("kids_football_club", T, "user's son",
      [(["Hillside Rovers"], ["Parkway Juniors"]),
       (["St Mary's Colts", "St Mary"], ["Riverside Athletic"])],
      ["my lil bro plays for {old} under 10s",
       "My son is playing football in club {old}, every Sunday.",
       "Our Jake plays for {old} on a Sunday morning, freezing touchline, the lot, but he loves it.",
       "Son's football club: {old}."],
      [("third_party", "Jake's coach rang to say {old} are merging into {new} next season, so that's who he'll be playing for."),
       ("later_sentence", "Jake's had enough of {old}, the coach only picks his own lad. A few of his mates play for {new}. Signed him up last night."),
       ("comparison", "{new} train twice a week and {old} barely once, so Jake plays for {new} now."),
       ("ended_no_successor", "Jake's packed in {old}. Says he'd rather do drama, and fair enough.")],
      "Jake scored for {old} on Sunday!",
      "My nephew plays rugby for his school.",
      "I've ordered a new kettle, the old one is leaking."),

    K("coworking_space", T, "user",
      [(["Desk Union"], ["the Engine Shed", "Engine Shed"]),
       (["WeWork"], ["Huckletree"])],
      ["i work out of {old} most days, cheaper than a cafe lol",
       "I work from coworking {old}, in the centre, every day.",
       "These days I do my work from {old}, the shared office place, it gets me out of the house and there's a lovely lady on reception.",
       "Coworking: {old}."],
      [("indirect", "Been hot-desking at {new} since they opened round the corner, no more bus into town for {old}."),
       ("comparison", "{new} is half the price of {old} and the wifi actually works, so I've moved my desk."),
       ("ended_no_successor", "Cancelled the {old} membership, working from the kitchen table again."),
       ("correction", "Sorry, I got that wrong, I'm at {new}, {old} is where my old company was.")],
      "Someone at {old} microwaved fish again today.",
      "My flatmate works from a library.",
      "I've signed up for a pottery taster session."),

    K("bakery", T, "user",
      [(["Crumbs"], ["Hart's Bakery", "Hart's"]),
       (["the Bread Shed", "Bread Shed"], ["Wild Flour"])],
      ["get my sourdough from {old} every sat",
       "I buy bread always in bakery {old}, it is close to my work.",
       "I get all our bread from {old} on the high street, the lady there knows exactly what I want before I ask.",
       "Bakery: {old}."],
      [("indirect", "{old} went under in the spring, sad. Been going to the one by the station, {new}, their rye is great."),
       ("third_party", "Our neighbour told us {old} had a rat problem, so we've been getting our bread from {new}."),
       ("comparison", "{new} makes a proper croissant, {old} never did, so I get my bread there now."),
       ("later_sentence", "Prices at {old} went silly, £5 for a small loaf. No thanks. {new} it is.")],
      "Queue at {old} was out the door this morning.",
      "My dad makes his own bread in a machine.",
      "I'm off work with a cold."),

    K("maths_tutor", T, "user's daughter",
      [(["Mrs Danso", "Danso"], ["Mr Varga", "Varga"]),
       (["Ollie Grant", "Grant"], ["Fatima Rahman", "Rahman"])],
      ["my sister's maths tutor is {old}, she's meant to be great",
       "My daughter has maths tutor {old}, one hour every week.",
       "We've got Ellie a maths tutor for her GCSEs, {old}, comes to the house on a Wednesday evening and Ellie actually likes them.",
       "Daughter's maths tutor: {old}."],
      [("later_sentence", "{old} has moved to Manchester for a teaching job. Ellie was gutted. We've found {new} through the school."),
       ("ended_no_successor", "Ellie's finished with {old}, she passed her exams so we don't need a tutor anymore."),
       ("correction", "Actually no, Ellie's tutor is {new}, {old} does her friend, I had them muddled."),
       ("indirect", "Ellie's been on video calls with {new} since {old} got too busy, and her marks have gone up.")],
      "{old} says Ellie's really improved on algebra.",
      "My friend's son has a chemistry tutor.",
      "We've had a leak in the bathroom ceiling."),

    K("gardener", T, "user",
      [(["Ron Platt", "Platt"], ["Leafy Lane Gardens", "Leafy Lane"]),
       (["Tomasz Kowal", "Kowal"], ["Gwen Pryce", "Pryce"])],
      ["{old} does our garden every other week",
       "Our gardener is {old}, he cuts grass every two weeks.",
       "{old} does the garden for us now that my knees won't let me, every other Thursday, and they've done wonders with the roses.",
       "Gardener: {old}."],
      [("comparison", "{new} actually knows plants, {old} just mowed everything flat, so we've switched."),
       ("ended_no_successor", "Let {old} go, my son's doing the garden for pocket money now."),
       ("third_party", "My wife says {old} has given up gardening after the accident, and she's booked {new} for the spring."),
       ("indirect", "The hedge is finally tidy, {new} did it in one afternoon after {old} had been promising to for months.")],
      "{old} pruned the apple tree today.",
      "Our neighbours have a gardener who comes weekly.",
      "I've got a dentist appointment on Monday."),

    K("church", T, "user",
      [(["St Mark's", "St Mark"], ["Hope Community Church", "Hope Community"]),
       (["Holy Trinity"], ["St Aidan's", "St Aidan"])],
      ["we go to {old} on sundays, mum's in the choir",
       "Every Sunday I go to church {old} with my family.",
       "We worship at {old}, have done for years, it's a lovely warm congregation and the coffee afterwards is the best bit.",
       "Church: {old}."],
      [("indirect", "We've been worshipping at {new} since the merger, {old}'s building was sold."),
       ("third_party", "The bishop's letter says {old} is closing at the end of the month, and the parish is joining {new}."),
       ("later_sentence", "Stopped going to {old} after the new vicar came. Too many changes. {new} feels more like home."),
       ("correction", "I said {old} before but I meant {new}, {old} is where we got married.")],
      "Harvest festival at {old} was lovely this year.",
      "My brother's family go to the Catholic church in town.",
      "The hedgehog is back in the garden."),

    K("veg_box", T, "user",
      [(["Riverford"], ["Oddbox"]),
       (["Abel & Cole", "Abel and Cole"], ["Farmdrop"])],
      ["we get a {old} veg box every week",
       "We get vegetables box from {old}, each Thursday it comes.",
       "Every Friday the veg box comes from {old}, full of things I've never heard of, last week it was kohlrabi.",
       "Veg box: {old}."],
      [("later_sentence", "Too much kale from {old}. Far too much. Switched to {new}."),
       ("comparison", "{new} is cheaper than {old} and it's wonky veg that'd be binned otherwise, so we get theirs now."),
       ("ended_no_successor", "Cancelled {old}, we never got through it all and half of it went in the compost."),
       ("indirect", "The veg box from {new} turned up Tuesday, we moved over once {old} put prices up again.")],
      "The {old} box had asparagus this week!",
      "My parents grow all their own veg.",
      "I'm reading a book about octopuses."),

    K("chiropractor", T, "user",
      [(["Dr Langford", "Langford"], ["Dr Osei", "Osei"]),
       (["Back in Balance"], ["Spine Works"])],
      ["my chiropractor is {old}, my back is wrecked",
       "My chiropractor is {old}, I go there for my back.",
       "I've been seeing {old} for my back, the chiropractor, and I have to say I'm walking a lot straighter.",
       "Chiropractor: {old}."],
      [("correction", "Sorry, my chiropractor is {new}, not {old} - {old} is my wife's."),
       ("indirect", "Back's loads better since I started going to {new} instead of {old}."),
       ("third_party", "My GP said to stop going to {old}, so I've been referred to {new} instead."),
       ("ended_no_successor", "Finished with {old}, my back's fine now, no more adjustments.")],
      "{old} cracked my neck today, horrible noise.",
      "My mum goes to an osteopath.",
      "I'm learning to bake sourdough."),

    K("local_cafe", T, "user",
      [(["Bean There"], ["Kaffeine"]),
       (["Flat White Co"], ["The Roastery", "Roastery"])],
      ["my usual cafe is {old}, flat white every morning",
       "My favourite cafe is {old}, I go there before work.",
       "My little café is {old}, I pop in most mornings for a scone and a natter with the owner.",
       "Usual cafe: {old}."],
      [("comparison", "{new} do a better flat white than {old} and it's quieter, so that's my place now."),
       ("later_sentence", "{old} has gone all fancy, £4.50 for a coffee. I've had enough. {new} down the road is my spot now."),
       ("third_party", "The barista told me {old} is closing next week, so I've been trying {new} and it'll do."),
       ("ended_no_successor", "Not going to {old} anymore, I've got a coffee machine at home now.")],
      "Had a lovely chat with the owner of {old} this morning.",
      "My partner's favourite cafe is in Shoreditch.",
      "I've got a job interview on Thursday."),

    K("babysitter", T, "user's children",
      [(["Chloe Barnes", "Chloe"], ["Aisha Patel", "Aisha"]),
       (["Mrs Beattie", "Beattie"], ["Niamh O'Brien", "Niamh"])],
      ["our babysitter is {old}, she's 17 and the kids love her",
       "Our babysitter is {old}, she comes Friday evenings.",
       "{old} babysits for us, very sensible girl, the kids adore her and she does all the bedtime stories.",
       "Babysitter: {old}."],
      [("later_sentence", "{old} has gone off to uni. We'll miss her. {new} from down the road is babysitting now."),
       ("third_party", "{old}'s mum rang to say she can't babysit any more, exams, so she's put us in touch with {new}."),
       ("indirect", "{new} did the Friday night this week and the kids went straight to sleep, first time since {old} stopped coming."),
       ("ended_no_successor", "Stopped having {old} round, the kids are old enough to look after themselves now.")],
      "{old} is babysitting on Saturday so we can go to the cinema.",
      "My sister uses a nanny.",
      "I've started running again."),
]


def build() -> list[dict]:
    return build_pool(KINDS, PERSONAS, SHAPES, 20261212)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_changes.py",
               written="by hand in one pass on 2026-12-01, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
