"""Writes bench/data/fact_timelines_dev2.json: a second DEV set of fact timelines.

How and when: written by hand, in one pass, on 2026-12-01, by a session that had not read the
extraction code (``memory_core/``, ``models/``) nor the other timeline generators, and before any
extractor output on these timelines was looked at. The pools below were never edited after the first
commit. Tune on it freely; it is there to measure generalisation to new wordings and to 35 attribute
kinds that the first dev/test sets do not have (a child's teacher, a friend's job, a podcast, a shoe
size, a medication, a mortgage lender, a nickname, dated things such as an MOT or a wedding, ...).

Same row schema as ``fact_timelines_dev.json`` (scored by ``bench/bench_fact_checks.py --set dev2``).
Per kind: 2 (old, new) value pairs, 4 statement phrasings (each in one persona's voice), 4 change
phrasings (each tagged with a change kind), 2 no-change mentions ("mention", "other_person") and one
unrelated later fact -> 7 timelines: 4 changes, 2 no-change, 1 unrelated. The statement phrasing
(and with it the persona) is rotated across a kind's timelines. A change phrasing with no ``{new}``
("X is off") has ``new == []``. Corrections have ``check_as_of == False``.

Run: ``python bench/data/write_fact_timelines_dev2.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

OUT = Path(__file__).resolve().parent / "fact_timelines_dev2.json"
SPLIT = "dev2"
PERSONAS = (
    "jade_teen_texting_galway",      # 0: lowercase, abbreviations, no full stops
    "hamish_retired_farmer_orkney",  # 1: full, old-fashioned sentences, facts in passing
    "aroha_busy_parent_dunedin",     # 2: rushed multi-part messages, typos
    "oleksandr_nonnative_tampere",   # 3: second-language word order, dropped articles
)


def day(d: str, alts: tuple[str, ...] = ()) -> list[str]:
    """Spellings of a day-of-year such as "14 March": the text form first, then the usual others."""
    num, month = d.split()
    months = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]
    mm = months.index(month) + 1
    n = int(num)
    suffix = "th" if 11 <= n <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return [d, f"{month} {n}", f"{n}{suffix} {month}", f"{month} {n}{suffix}", f"{n}{suffix} of {month}",
            f"-{mm:02d}-{n:02d}", *alts]


def K(kind, owner, pairs, statements, changes, mention, other, unrelated, dated=False, voices=(0, 1, 2, 3)):
    return dict(kind=kind, owner=owner, pairs=pairs, statements=statements, changes=changes,
                mention=mention, other=other, unrelated=unrelated, dated=dated, voices=voices)


KINDS = [
    K("child_teacher", "user's son",
      [(["Mrs Okafor", "Okafor"], ["Mr Lindqvist", "Lindqvist"]),
       (["Miss Tremaine", "Tremaine"], ["Mrs Achterberg", "Achterberg"])],
      ["my little brother's teacher is {old} and she is actually sound, he loves her",
       "The boy's teacher this year is {old}, a fine woman who grew up on a croft herself.",
       "quick one before pickup - Nico's teacher is {old}, can you remind me to emial her abt the trip form",
       "Teacher of my son in school this year is {old}."],
      [("person_replaced", "{old} went off on maternity leave at half term and {new} has taken over the class."),
       ("indirect", "Parents' evening last night. {new} said Nico has come on loads in reading since taking the class over from {old} after Christmas."),
       ("correction", "Sorry, I got that wrong before, {old} is the teacher next door. His actual teacher is {new}."),
       ("job_next_sentence", "{old} has left the school for a job up north. The new teacher, {new}, started on Monday.")],
      "Nico made {old} a card for her birthday, glitter everywhere in my kitchen.",
      "My niece's teacher is a Mr Fairbairn, she can't stand him.",
      "Booked the car in for new tyres on Friday."),

    K("friend_job", "user's friend Priti",
      [(["Deloitte"], ["the Red Cross", "Red Cross"]),
       (["Ikea", "IKEA"], ["Ryanair"])],
      ["priti works at {old} now lol she gets a discount on everything",
       "My old friend Priti works for {old} these days, though I never quite understood what she does there.",
       "had coffe w Priti (she's at {old} now, doing something with spreadsheets) and she says hi",
       "My friend Priti, she works in {old}, she is there already two years."],
      [("job_next_sentence", "Priti finished up at {old} on Friday, big leaving do. She starts at {new} in two weeks."),
       ("direct", "Priti works for {new} now, she left {old}."),
       ("indirect", "Priti's been headhunted! After everything she put up with at {old}, {new} offered her a proper team to run and she said yes."),
       ("correction", "I meant {new}, not {old} - Priti works at {new}, I always mix them up.")],
      "Priti was moaning about {old} again, the usual Monday stuff.",
      "My cousin got a job at Vodafone, first proper job.",
      "My landlord's finally fixing the boiler."),

    K("favourite_restaurant", "user",
      [(["Mama Rosa's", "Mama Rosa"], ["Kinnaree Thai", "Kinnaree"]),
       (["The Blue Door", "Blue Door"], ["Sabai Sabai"])],
      ["{old} is my fav place to eat ever, the chips r unreal",
       "When we go out to eat, and that is not often, it is always {old}. Best food on the island.",
       "birthday dinner sorted - booked {old} again obviously, it's our favourite, 7pm",
       "My favourite restaurant is {old}, I go there every time when I have something to celebrate."],
      [("idiom_dislike", "{old} has really lost its charm since the new owners came in. These days {new} is where we go."),
       ("comparison", "I've come to prefer {new} over {old}, honestly the food is just better."),
       ("cancellation", "{old} closed down in the summer, gutted. We've found {new} though, and it's our new favourite."),
       ("direct", "My favourite restaurant is {new} now.")],
      "Went to {old} on Saturday, same table as always.",
      "My brother swears by the Golden Wok, can't see it myself.",
      "I finally cleared out the garage this weekend."),

    K("podcast", "user",
      [(["The Rest Is History"], ["Off Menu"]),
       (["Stuff You Should Know"], ["Radiolab"])],
      ["been bingeing {old} on the bus every day its so good",
       "I listen to a programme called {old} while I do the milking, my granddaughter set it up on the phone.",
       "my only me-time is {old} on the school run, don't judge",
       "Every morning when I drive I am listening podcast {old}."],
      [("activity_abandoned", "I gave up on {old} after about the 300th episode, I'm on {new} now."),
       ("comparison", "Honestly I prefer {new} to {old} these days."),
       ("idiom_dislike", "{old} just doesn't do it for me any more. {new} is what's on in the car now."),
       ("job_next_sentence", "Unsubscribed from {old} this week, it had got so repetitive. Started {new} instead and I'm hooked.")],
      "Caught up on three episodes of {old} while painting the fence.",
      "My husband only listens to football phone-ins.",
      "My dentist says I need a filling, great."),

    K("shoe_size", "user",
      [(["size 7", "UK 7"], ["size 8", "UK 8"]),
       (["size 10", "UK 10"], ["size 11", "UK 11"])],
      ["im a {old} in trainers btw if u ever want to get me sth hint hint",
       "I take a {old} in boots, always have done.",
       "ordering school shoes for the kids + myself, I'm a {old}, grr the websiet is so slow",
       "My shoes are {old}, please remember if you see good boots on sale."],
      [("direct", "My feet must have grown, I'm a {new} now."),
       ("correction", "Sorry, I said {old} - I'm actually a {new}, I checked the label."),
       ("indirect", "Got measured properly at the running shop and turns out I've been squeezing into {old} for years, they put me in a {new} and it's like walking on clouds."),
       ("job_next_sentence", "All my {old} shoes went to the charity shop, they pinch now. Bought everything new in {new}.")],
      "Found a pair of {old} walking boots in the sale, bargain.",
      "My daughter is a size 3 in kids' shoes now.",
      "Started reading a new book about the history of tea."),

    K("medication", "user",
      [(["sertraline"], ["citalopram"]),
       (["amlodipine"], ["ramipril"])],
      ["im on {old} now btw, doc said give it a few weeks to kick in",
       "The doctor has me on {old} for the blood pressure, one tablet with breakfast.",
       "pharmacy run done - my {old} + calpol for the little one + a meal deal",
       "I take {old} every morning, doctor prescribed it in spring."],
      [("indirect", "The GP reckoned the {old} was what was giving me the headaches, so she's put me on {new} instead."),
       ("direct", "I'm on {new} now instead of {old}."),
       ("provider_switch", "Doctor switched my prescription from {old} to {new}."),
       ("activity_abandoned", "I came off {old} last month. Started on {new} a week ago.")],
      "Forgot my {old} this morning, took it at lunch.",
      "Mum's on warfarin, she has to get her blood checked every week.",
      "Our street is getting fibre next month apparently."),

    K("volunteer_role", "user",
      [(["the food bank", "food bank"], ["the RNLI shop", "RNLI"]),
       (["parkrun", "Parkrun"], ["the Samaritans", "Samaritans"])],
      ["i volunteer at {old} on saturdays, its for my duke of edinburgh thing",
       "On Thursdays I help out at {old}; it keeps me out of mischief.",
       "can't do sat morning, I'm volunteering at {old}, sorry!! another time x",
       "I am doing volunteer work in {old}, every week, it is good for my English also."],
      [("activity_abandoned", "I gave up {old} for {new} - less standing around in the cold."),
       ("job_next_sentence", "Did my last ever shift at {old} on Sunday, they gave me a card. Signed up with {new} now, training starts next month."),
       ("direct", "I volunteer with {new} now, not {old} anymore."),
       ("indirect", "They were short of people at {new}, so after three years I handed over my spot at {old} and moved across.")],
      "Long morning at {old}, my back is killing me.",
      "My neighbour volunteers at the hospice, she's a saint.",
      "My sister is flying back from Chicago on Tuesday."),

    K("mortgage_lender", "user",
      [(["Nationwide"], ["Halifax"]),
       (["Santander"], ["Coventry Building Society", "Coventry"])],
      ["mum says our mortgage is with {old}, why do i need to know this for economics homework",
       "The mortgage on the farmhouse is with {old}; twelve years left on it.",
       "remortgage reminder: current deal w {old} ends in the spring, need to look at rates",
       "Our mortgage is in bank {old}, fixed for five years."],
      [("provider_switch", "We've remortgaged, moved from {old} to {new} for a better rate."),
       ("direct", "Our mortgage is with {new} now."),
       ("indirect", "The broker found us a two-year fix at {new} that beat anything {old} would offer, so we took it."),
       ("correction", "Actually it's {new}, not {old} - I was thinking of our old house.")],
      "Got the annual statement from {old}, still a long way to go.",
      "My brother's mortgage is with Barclays.",
      "Our cat has started sleeping in the bath."),

    K("nickname", "user",
      [(["Biscuit"], ["Ziggy"]),
       (["Jazzy"], ["JJ"])],
      ["everyone at school calls me {old} dont ask",
       "The lads at the mart have always called me {old}, since I was a boy.",
       "lol the kids have started calling me {old} at home, not sure how I feel",
       "In my work, colleagues call me {old}, because my real name is too long for them."],
      [("indirect", "Since I scored the winner on Saturday nobody calls me {old} anymore, it's {new} now."),
       ("correction", "Sorry, I meant {new}, not {old}. {new} is what they call me."),
       ("idiom_dislike", "{old} got old, these days everyone calls me {new}."),
       ("direct", "My nickname is {new} now.")],
      "Someone shouted {old} across the car park and I nearly died.",
      "My little cousin is called Bean by everyone.",
      "I'm thinking of repainting the kitchen green."),

    K("boss", "user",
      [(["Gordon"], ["Shirin"]),
       (["Ms Halloran", "Halloran"], ["Mr Batista", "Batista"])],
      ["my manager at the cafe is {old}, theyre ok i guess",
       "The man I answer to at the co-op these days is {old}; a decent sort.",
       "my boss is {old} and guess who's on the late shift again ugh",
       "My boss in the company is {old}, is strict but fair person."],
      [("person_replaced", "{old} got moved to the Cork branch and {new} is our manager now."),
       ("job_next_sentence", "{old} had leaving drinks on Friday, a few of us got quite emotional. From Monday I report to {new}."),
       ("indirect", "Restructure at work. {old}'s gone to head office and I've been put under {new}, who seems alright so far."),
       ("correction", "Actually my boss is {new}, {old} is the area manager, I got confused.")],
      "{old} was off sick today so it was a quiet one.",
      "My sister's boss is a nightmare, she texts her at midnight.",
      "The river's flooded the bottom field again."),

    K("favourite_film", "user",
      [(["Paddington 2"], ["Spirited Away"]),
       (["The Shawshank Redemption", "Shawshank"], ["Local Hero"])],
      ["{old} is my fav film of all time no debate",
       "If you asked me for my favourite picture, I'd say {old}, every time.",
       "fave film? {old}, I've watched it about 40 times with the kids so it had better be",
       "My favourite film is {old}, I watched it maybe ten times."],
      [("comparison", "I've come to prefer {new} over {old}, it's just a better film."),
       ("idiom_dislike", "{old} has lost its magic for me. These days my favourite is {new}."),
       ("direct", "My favourite film is now {new}."),
       ("correction", "Sorry, I meant {new}, not {old} - {new} is my favourite.")],
      "{old} was on telly on Sunday, watched it again.",
      "My brother's favourite film is Die Hard, he watches it every Christmas.",
      "I signed up for a first aid course at work."),

    K("board_game_group", "user",
      [(["Dice & Slice", "Dice and Slice"], ["Meeple Monday"]),
       (["the Catan Collective", "Catan Collective"], ["Thirsty Meeples"])],
      ["got board games w {old} every thursday its lowkey the best part of my week",
       "I go along to {old} on a Wednesday evening; the young ones are teaching me all sorts.",
       "can't tonight - it's {old} night, the only adult conversation I get all week",
       "Every week I go to board game club, name is {old}."],
      [("activity_abandoned", "I stopped going to {old}, I go to {new} instead now."),
       ("cancellation", "{old} has folded, not enough people. We've all moved over to {new}."),
       ("comparison", "I like {new} much better than {old}, less shouting."),
       ("job_next_sentence", "I've had it with {old}, that was my last night there. Next week I'm trying {new}.")],
      "Won at {old} last night for the first time!",
      "My flatmate's mates play Warhammer every Sunday.",
      "I'm getting my eyebrows threaded tomorrow."),

    K("dog_walker", "user's dog",
      [(["Ciara"], ["Wags To Riches", "Wags to Riches"]),
       (["Tom Baxter", "Baxter"], ["Pawsome Walks", "Pawsome"])],
      ["{old} walks our dog when were all at school/work, he goes mad when they come lol",
       "With my knees the way they are, {old} takes the collie out for me twice a day.",
       "dog walker is {old}, they've got a key, just fyi if you see someone at the house",
       "Our dog walker is {old}, comes every day at twelve."],
      [("person_replaced", "{old} has gone off to uni so {new} walk the dog now."),
       ("provider_switch", "We've switched dog walkers, from {old} to {new}."),
       ("cancellation", "{old} can't do it anymore. We've got {new} booked instead."),
       ("indirect", "The dog came back filthy three times with {old}, so we gave {new} a trial and they've been brilliant.")],
      "{old} sent a pic of the dog rolling in a puddle lol.",
      "My neighbour just walks her own dog, she works from home.",
      "My mum's retiring in June."),

    K("tattoo_artist", "user",
      [(["Marnie at Black Lotus", "Marnie"], ["Kai Ostrowski", "Ostrowski"]),
       (["Ink Rebels"], ["Sacred Heart Tattoo", "Sacred Heart"])],
      ["my tattoo artist is {old}, shes doing my sleeve when im 18",
       "The girl who did the anchor on my arm, {old}, is the only one I'd let near me with a needle.",
       "all my tattoos are by {old}, next one booked for after the baby",
       "I go always to {old} for my tattoos."],
      [("person_replaced", "{old} has retired so I go to {new} now."),
       ("comparison", "I think {new} is miles better than {old}, the line work is cleaner."),
       ("idiom_dislike", "{old} has gone downhill, these days I go to {new}."),
       ("provider_switch", "Moved my bookings from {old} over to {new}.")],
      "Touch-up at {old} this weekend, fingers crossed it doesn't hurt.",
      "My best mate goes to some guy in Manchester for hers.",
      "I've been doing yoga in the mornings."),

    K("child_university", "user's daughter",
      [(["Edinburgh"], ["Glasgow"]),
       (["Otago"], ["Canterbury"])],
      ["my sister is going to {old} in september, cant wait to have the room",
       "Our granddaughter is off to {old} in the autumn to study vets.",
       "Maia got her offer from {old}!!! so proud, will sort halls this week",
       "My daughter studies in university {old}, first year."],
      [("indirect", "Maia found the course at {old} wasn't for her and has moved up to {new}, much happier."),
       ("correction", "Sorry, got mixed up - it's {new} she's at, not {old}."),
       ("direct", "Maia is at {new} now."),
       ("cancellation", "{old} fell through in the end, missed the grades by one. She's going to {new} instead.")],
      "Drove Maia back to {old} after reading week.",
      "My friend's son is at Cambridge, which she mentions a lot.",
      "The car's making a weird noise again."),

    K("step_goal", "user",
      [(["10,000 steps", "10000 steps", "10k steps"], ["6,000 steps", "6000 steps", "6k steps"]),
       (["8,000 steps", "8000 steps", "8k steps"], ["12,000 steps", "12000 steps", "12k steps"])],
      ["my daily goal is {old} and i never hit it",
       "The doctor says I'm to do {old} a day, so I've a wee counter on my wrist now.",
       "trying to get {old} a day in, mostly running after the toddler lol",
       "Every day I have goal {old}, I check it on phone."],
      [("direct", "My daily step goal is {new} now."),
       ("indirect", "After the knee op the physio said {old} was too much for now, so I've set the watch to {new}."),
       ("correction", "I meant {new}, not {old} - the goal is {new}."),
       ("activity_abandoned", "Gave up chasing {old} a day. {new} is the target now.")],
      "Hit {old} by lunch today, felt smug.",
      "My husband doesn't even track his steps.",
      "We're thinking about getting a heat pump."),

    K("favourite_season", "user",
      [(["autumn"], ["spring"]),
       (["winter"], ["summer"])],
      ["{old} is my fav season, cosy vibes only",
       "{old} has always been my favourite time of year on the farm.",
       "fave season = {old}, the kids don't agree",
       "My favourite season is {old}."],
      [("comparison", "I've come to prefer {new} over {old}."),
       ("idiom_dislike", "{old} has lost its charm for me, these days I love {new}."),
       ("direct", "My favourite season is {new} now."),
       ("indirect", "After the year we've had I'm done with {old}, give me {new} any day.")],
      "Can't wait for {old}, got the jumpers out already.",
      "My partner loves the heat, he lives for July.",
      "I've started learning to bake sourdough."),

    K("mot_date", "user's car", [(day("14 May"), day("2 June")), (day("21 June"), day("9 July"))],
      ["my mums car MOT is on {old} and she keeps asking me to remind her",
       "The pickup's MOT is due on {old}; I'll have it down to the garage.",
       "car MOT booked for {old}, 9am, reminder pls",
       "MOT for my car is on {old}."],
      [("appointment_moved", "The garage moved the MOT from {old} to {new}."),
       ("appointment_moved", "Had to push the MOT back - it was {old}, now it's {new}."),
       ("correction", "Actually the MOT is {new}, I said {old} by mistake."),
       ("cancellation", "The {old} MOT is off, garage had a flood. New slot on {new}.")],
      "Reminder to self: MOT on {old}, need to clear out the boot first.",
      "My neighbour's MOT is in October.",
      "The kids start swimming lessons next week.", dated=True),

    K("eye_test", "user", [(day("3 June"), day("17 June")), (day("12 May"), day("30 May"))],
      ["eye test on {old} ugh hope i dont need glasses",
       "I've an appointment at the optician on {old}; the reading is getting harder.",
       "booked my eye test for {old} at Specsavers, dropped kids with nana",
       "Eye test for me on {old}."],
      [("appointment_moved", "The optician moved my eye test from {old} to {new}."),
       ("cancellation", "Eye test on {old} is off, they rebooked me for {new}."),
       ("appointment_moved", "They've rung to say the {old} eye test is now {new}."),
       ("direct", "My eye test is on {new} now.")],
      "Don't forget I've got the eye test on {old}.",
      "My husband had his eye test last week.",
      "I bought a new lawnmower.", dated=True),

    K("friend_wedding_date", "user's friend Sinead",
      [(day("12 July"), day("20 September")), (day("7 June"), day("16 August"))],
      ["sineads wedding is on {old}!!! i have to find a dress",
       "Young Sinead from the next farm is to be married on {old}; we're all invited.",
       "Sinead's wedding = {old}, need to sort a babysitter that weekend",
       "Wedding of my friend Sinead is on {old}."],
      [("appointment_moved", "Sinead's wedding has been moved from {old} to {new}."),
       ("cancellation", "Sinead's wedding on {old} is off - venue cancelled. It's now on {new}."),
       ("appointment_moved", "Change of plan: Sinead's wedding is now {new}, not {old}."),
       ("correction", "Sorry, I meant {new} - Sinead's wedding is on {new}, not {old}.")],
      "Bought the present for Sinead's wedding on {old}.",
      "My cousin's wedding is next year in Portugal.",
      "We've had a new fence put up.", dated=True),

    K("parent_surgery_date", "user's mum",
      [(day("8 May"), day("26 June")), (day("15 May"), day("3 July"))],
      ["mums knee op is on {old}, shes rly nervous",
       "My mother's having her hip done on {old} at the Balfour.",
       "mum's op = {old}, I'll need to take the day off",
       "Operation of my mother is on {old}."],
      [("appointment_moved", "Mum's op has been moved from {old} to {new}."),
       ("indirect", "The hospital rang mum - they had a surgeon off sick, so the {old} slot is gone and she's now booked in for {new}."),
       ("cancellation", "The {old} operation is off. New date for mum: {new}."),
       ("appointment_moved", "Mum's knee op is now {new} instead of {old}.")],
      "Sorting lifts for mum's op on {old}.",
      "My aunt had her knee done last year.",
      "I'm trying to cut back on sugar.", dated=True),

    K("driving_test_date", "user (or the user's son)",
      [(day("10 June"), day("22 July")), (day("19 May"), day("4 July"))],
      ["my driving test is on {old} im so scared",
       "The lad's driving test is on {old}, and I'm the one who'll be teaching him.",
       "Tama's driving test {old}, fingers crossed, extra lessons booked",
       "Test for driving is on {old}."],
      [("appointment_moved", "My driving test got moved from {old} to {new}."),
       ("cancellation", "Test on {old} is off, examiner strike. New date is {new}."),
       ("appointment_moved", "They've changed the driving test to {new} instead of {old}."),
       ("direct", "Driving test is {new} now.")],
      "Practising parallel parking for the test on {old}.",
      "My friend passed her test first time, so annoying.",
      "Got a new phone case.", dated=True),

    K("childminder", "user's son",
      [(["Bronwyn"], ["Little Acorns", "Acorns"]),
       (["Mrs Pettigrew", "Pettigrew"], ["Tiny Steps"])],
      ["mum drops my baby brother at {old} before work",
       "Our grandson stays with {old} while his mother is at the surgery.",
       "{old} has Leo mon-wed, I do thurs-fri, jugling as always lol",
       "Childminder of my son is {old}, very nice lady."],
      [("person_replaced", "{old} retired, so Leo goes to {new} now."),
       ("provider_switch", "We've moved Leo from {old} to {new}, it's closer to work."),
       ("job_next_sentence", "Leo said goodbye to {old} on Friday, lots of tears. He starts at {new} on Monday."),
       ("indirect", "{old} put her prices up again and {new} had a space, so we took it - Leo's settled in fine.")],
      "{old} sent home a painting of a dinosaur, apparently it's me.",
      "My friend's kids go to the nursery at the church.",
      "I'm going to Auckland for work next week."),

    K("window_cleaner", "user",
      [(["Dougie"], ["Crystal Clear", "Crystal"]),
       (["Sparkle Bros", "Sparkle"], ["Ewan Gunn", "Gunn"])],
      ["{old} does our windows every month, mum always makes them a tea",
       "{old} comes out to do the windows once a month, weather permitting.",
       "window cleaner {old} coming tmrw, need to leave cash under the mat, rmeind me",
       "Our window cleaner is {old}."],
      [("person_replaced", "{old} has packed it in, {new} does our windows now."),
       ("provider_switch", "We switched from {old} to {new} for the windows."),
       ("cancellation", "I cancelled {old}, he kept missing weeks. Booked {new} instead."),
       ("direct", "Our window cleaner is {new} now.")],
      "{old} missed the back windows again.",
      "My neighbour does her own windows.",
      "I've signed up for a pottery taster session."),

    K("tv_streaming", "user",
      [(["Netflix"], ["Disney+", "Disney Plus"]),
       (["NOW TV", "NOWTV"], ["Apple TV+", "Apple TV"])],
      ["we only have {old} at home and mum wont get anything else so i cant watch anything my friends talk about",
       "The grandchildren had me sign up for {old}; there's far too much on it for an old man to choose from.",
       "only streaming we pay for is {old}, the kids would riot without it. anyway, are you free thurs?",
       "For films at home I have subscription of {old}, it is cheaper than cinema."],
      [("provider_switch", "We've switched the telly over from {old} to {new}, the kids wanted the Marvel stuff."),
       ("cancellation", "{old} is cancelled as of this month, they put the price up again. We've got {new} now."),
       ("comparison", "Honestly we like {new} better than {old}, there's less rubbish on it, so that's the one we pay for now."),
       ("idiom_dislike", "{old} has lost its shine, nothing good on it anymore. These days it's {new} on the telly in our house.")],
      "Found a great crime drama on {old} last night, watched four episodes in a row.",
      "My sister's got Paramount+ for some reason, only for one show.",
      "The roof needs new gutters before winter."),

    K("newspaper", "user",
      [(["The Guardian", "Guardian"], ["The Times"]),
       (["The Orcadian", "Orcadian"], ["The Press and Journal", "Press and Journal"])],
      ["dad gets {old} delivered every day, i only do the puzzles tbh",
       "I have {old} every morning with my porridge, as my father did before me.",
       "sunday = {old} + coffee in bed for 10 mins before chaos. that's the dream anyway",
       "Every weekend I am reading newspaper {old}, helps me with my English."],
      [("provider_switch", "I've cancelled the {old} subscription and switched to {new}, they did me a good deal."),
       ("comparison", "I find I prefer {new} to {old} these days, the writing is better."),
       ("activity_abandoned", "Gave up on {old} after forty years. It's {new} that comes through the door now."),
       ("idiom_dislike", "{old} isn't what it used to be, full of adverts. These days I read {new}.")],
      "There was a good piece in {old} today about the price of feed.",
      "My wife only reads the local free paper, says the rest is doom.",
      "I need to get my boots resoled before the lambing."),

    K("pension_provider", "user",
      [(["Aviva"], ["Scottish Widows"]),
       (["ANZ KiwiSaver", "ANZ"], ["Simplicity"])],
      ["apparently my pension from the cafe job is with {old}?? im 17 why do i have a pension",
       "My pension has been with {old} since I sold the dairy herd.",
       "ok adulting: checked my pension, it's with {old}, fees look high, will deal w it later",
       "My pension savings are in {old}, my employer chose it."],
      [("provider_switch", "I finally moved my pension over from {old} to {new}, took six weeks of forms."),
       ("direct", "My pension is with {new} now, not {old}."),
       ("correction", "Sorry, I meant {new}, not {old} - my pension is with {new}, {old} was my old work one."),
       ("indirect", "The adviser showed me how much {old}'s fees had eaten over the years, so I transferred the lot to {new}.")],
      "Got a letter from {old} about my annual pension statement, haven't opened it.",
      "My husband's pension is through his work, he's never looked at it.",
      "We're getting a new sofa delivered Thursday."),

    K("local_pub", "user",
      [(["The Stag's Head", "Stag's Head"], ["The Fox and Hounds", "Fox and Hounds"]),
       (["The Ferry Inn", "Ferry Inn"], ["Helgi's", "Helgi"])],
      ["everyone goes to {old} after the match (i get a coke dont worry mum)",
       "Of a Friday I take a dram at {old}, down by the pier, with the same three fellows.",
       "our local is {old}, they've got a garden where the kids can run riot, lifesaver",
       "With colleagues after work we go usually to {old}, it is our pub."],
      [("idiom_dislike", "{old} has lost its charm since they did it up, all screens and no seats. These days we drink at {new}."),
       ("comparison", "I've come round to {new}, I'd take it over {old} any night of the week."),
       ("cancellation", "{old} has shut its doors for good, sad day. The Friday lot have moved down the road to {new}."),
       ("activity_abandoned", "Stopped going to {old} after the landlord barred my brother. We go to {new} now.")],
      "Quiz night at {old} tonight, we came second again.",
      "My brother drinks at the Crown, always has.",
      "I'm having a tooth out on Monday."),

    K("perfume", "user",
      [(["Chanel No 5", "No 5"], ["Jo Malone Wood Sage", "Wood Sage"]),
       (["Lynx Africa", "Lynx"], ["Old Spice"])],
      ["my signature scent is {old} and i will not be taking criticism",
       "I've always worn {old}; my late wife bought me the first bottle for our wedding.",
       "smelling of {old} and baby sick today, glam mum life",
       "My perfume is {old}, I put it every day before work."],
      [("comparison", "I've come to prefer {new} over {old}, it's less heavy."),
       ("idiom_dislike", "{old} just doesn't feel like me anymore. These days I wear {new}."),
       ("direct", "I wear {new} now instead of {old}."),
       ("activity_abandoned", "Finished my last bottle of {old} and didn't replace it. Switched to {new} and I get compliments all the time.")],
      "Sprayed on some {old} before the party, felt fancy.",
      "My mum wears Opium, always has, you can smell her coming.",
      "I've started going to bed before eleven."),

    K("mechanic", "user's car",
      [(["Murdo's Garage", "Murdo's"], ["Kwik Fit"]),
       (["Bay Motors"], ["Halfords Autocentre", "Halfords"])],
      ["dad only takes the car to {old}, the mechanic there is his mate from school",
       "{old} has looked after the pickup for thirty years, and my father's tractor before that.",
       "car going into {old} tmrw, weird rattling noise when I brake, could be nothing could be £££",
       "My car I take always to {old}, they are honest."],
      [("provider_switch", "I've stopped taking the car to {old}, it's {new} that does it now, they're open Saturdays."),
       ("person_replaced", "{old} has closed, the owner sold up. {new} looks after the car now."),
       ("idiom_dislike", "{old} has gone downhill, twice they forgot the oil. These days I use {new}."),
       ("job_next_sentence", "The owner retired and {old} shut up shop last month. The car went to {new} for its service on Tuesday.")],
      "{old} did the brakes last week, runs like a dream now.",
      "My neighbour fixes his own car on the drive, drives his wife mad.",
      "I'm learning to play chess online."),

    K("pharmacy", "user",
      [(["Boots"], ["Lloyds Pharmacy", "Lloyds"]),
       (["Unichem"], ["Chemist Warehouse"])],
      ["my inhaler prescription goes to {old} near school so i can get it at lunch",
       "I collect my pills from {old} in town the first Monday of every month.",
       "repeat prescription sent to {old}, will grab it after swimming if I remember (I won't)",
       "For prescriptions I use pharmacy {old} near my work."],
      [("provider_switch", "I've changed my nominated pharmacy from {old} to {new}."),
       ("direct", "My prescriptions go to {new} now."),
       ("indirect", "{old} lost my prescription twice in a month, so I moved everything over to {new}."),
       ("cancellation", "The {old} in town has closed. My prescriptions go to {new} now.")],
      "Picked up my prescription from {old}, queue out the door.",
      "My sister uses the pharmacy inside Tesco.",
      "Our kitchen tap is dripping again."),

    K("video_game", "user",
      [(["Minecraft"], ["Baldur's Gate 3", "Baldur's Gate"]),
       (["Fortnite"], ["Stardew Valley", "Stardew"])],
      ["{old} is my fav game ever been playing since i was like 9",
       "My grandson taught me {old}; I play it of an evening when the television is rubbish.",
       "guilty pleasure after the kids are down: {old} and a cup of tea",
       "My favourite computer game is {old}, I play on weekends."],
      [("activity_abandoned", "ngl i gave up on {old}, its all {new} now"),
       ("comparison", "I prefer {new} over {old} now, it's more relaxing."),
       ("idiom_dislike", "{old} has lost its charm tbh, these days its {new} every night"),
       ("direct", "My favourite game is {new} now.")],
      "Played {old} until 2am, oops.",
      "My brother plays FIFA, nothing else.",
      "I'm going camping next weekend."),

    K("best_friend", "user",
      [(["Aoife"], ["Niamh"]),
       (["Callum"], ["Ruairidh"])],
      ["{old} is my best friend we do literally everything together",
       "My oldest and best friend is {old}; we were at the school in Kirkwall together.",
       "bestie {old} is coming over sat w wine, finally",
       "My best friend here is {old}, we met in the language course."],
      [("person_replaced", "{old} and I drifted apart after the summer. {new} is my best friend now."),
       ("indirect", "After {old} moved to Perth I was lonely for a bit, but {new} and I have got really close, we talk every day."),
       ("comparison", "Honestly I'm closer to {new} than I ever was to {old} now."),
       ("correction", "Sorry, I meant {new} - {new} is my best friend, {old} is her cousin.")],
      "{old} and I went to the cinema, laughed the whole way through.",
      "My sister's best friend is called Jess, she's at ours every weekend.",
      "My gran's turning 90 next month."),

    K("swim_coach", "user's daughter",
      [(["Coach Dimitri", "Dimitri"], ["Coach Hannah", "Hannah"]),
       (["Mr Kowalczyk", "Kowalczyk"], ["Ms Ngata", "Ngata"])],
      ["my little sisters swim coach is {old} hes so strict",
       "The wee one's swimming coach is {old}, a very patient man.",
       "Ana's swim coach is {old}, lessons weds 5pm, I'm always late",
       "Swimming coach of my daughter is {old}, he says she is talented."],
      [("person_replaced", "{old} left the club in January, so {new} is Ana's swim coach now."),
       ("job_next_sentence", "{old} has moved on to coach in Wellington. {new} takes Ana's group now."),
       ("correction", "Sorry, I meant {new} - Ana's coach is {new}, not {old}, {old} does the older kids."),
       ("indirect", "{old} got a job at the national centre, so Ana's squad was handed to {new}.")],
      "{old} says Ana's backstroke is coming on.",
      "My friend's son does karate instead of swimming.",
      "We're having a barbecue on Sunday if the weather holds."),

    K("holiday_spot", "user",
      [(["Cornwall"], ["the Algarve", "Algarve"]),
       (["Skye"], ["Mallorca"])],
      ["we go to {old} every single summer its tradition apparently",
       "Every summer, once the silage is in, we go to {old} for a fortnight.",
       "holiday = {old} again, caravan booked, the kids love it",
       "Every summer we go on holiday to {old}, already five years."],
      [("comparison", "I've come to prefer {new} over {old}, at least it's warm."),
       ("idiom_dislike", "{old} has lost its charm, too busy now. These days we go to {new}."),
       ("activity_abandoned", "We gave up on {old} after the rain last year. It's {new} for us now."),
       ("cancellation", "{old} is off this year, the cottage was sold. We've booked {new} instead.")],
      "Looking through the photos from {old}, miss it.",
      "My friend goes to Spain every year.",
      "I'm getting my hair cut tomorrow."),
]


def _dates(rng: random.Random, dated: bool) -> tuple[datetime, datetime, datetime]:
    """D1 in 2024-2025, D2 two to eight months later, AS_OF strictly between. Dated kinds (an appointment
    in the text) start in January 2025 with D2 60-95 days later, before any appointment in the pools."""
    if dated:
        d1 = datetime(2025, 1, 2, tzinfo=timezone.utc) + timedelta(days=rng.randint(0, 20))
        gap = rng.randint(60, 95)
    else:
        d1 = datetime(2024, 1, 1, tzinfo=timezone.utc) + timedelta(days=rng.randint(0, 700))
        gap = rng.randint(61, 240)
    d1 += timedelta(hours=rng.randint(7, 21), minutes=15 * rng.randint(0, 3))
    d2 = d1 + timedelta(days=gap, hours=rng.randint(0, 3))
    as_of = d1 + (d2 - d1) * rng.uniform(0.3, 0.7)
    return d1, d2, as_of.replace(microsecond=0, second=0)


def kind_timelines(kind: dict, k_index: int, split: str, persona_of, dates) -> list[dict]:
    """One attribute kind's seven timelines: its four changes, two no-change mentions and one unrelated later fact.

    ``persona_of(statement index)`` names the voice of a statement, ``dates()`` draws (D1, D2, AS_OF); shared with
    ``write_fact_timelines_changes.py``, which writes its pool in the same shape."""
    plans = [("change", i, kind["changes"][i]) for i in range(4)]
    plans += [("no_change", 0, ("mention", kind["mention"])), ("no_change", 1, ("other_person", kind["other"])),
              ("unrelated", k_index, (None, kind["unrelated"]))]
    counters: Counter = Counter()
    rows = []
    for t_index, (typ, i, (tag, later_tpl)) in enumerate(plans):
        old, new = kind["pairs"][i % len(kind["pairs"])]
        s_index = (k_index + t_index) % 4
        statement = kind["statements"][s_index].format(old=old[0])
        later = later_tpl.format(old=old[0], new=new[0])
        named_new = typ == "change" and "{new}" in later_tpl
        d1, d2, as_of = dates()
        rows.append({
            "id": f"{kind['kind']}-{typ}-{counters[typ]}", "split": split, "kind": kind["kind"],
            "owner": kind["owner"], "persona": persona_of(s_index), "type": typ,
            "change_kind": tag if typ == "change" else None,
            "no_change_kind": tag if typ == "no_change" else None,
            "statement": statement, "d1": d1.isoformat(), "d2": d2.isoformat(), "as_of": as_of.isoformat(),
            "check_as_of": not (typ == "change" and tag == "correction"),
            "old": list(old), "new": list(new) if named_new else [], "later": later})
        counters[typ] += 1
    return rows


def build() -> list[dict]:
    rng = random.Random(20261201)
    rows = []
    for k_index, kind in enumerate(KINDS):
        assert len(kind["pairs"]) >= 2 and len(kind["statements"]) == 4 and len(kind["changes"]) == 4
        rows += kind_timelines(kind, k_index, SPLIT, lambda s, kind=kind: PERSONAS[kind["voices"][s]],
                               lambda kind=kind: _dates(rng, kind["dated"]))
    return rows


def main() -> None:
    rows = build()
    meta = {
        "written": "by hand in one pass on 2026-12-01, before any extractor output on it was looked at; "
                   "never edited after",
        "split": SPLIT, "kinds": len(KINDS), "timelines": len(rows),
        "per_kind": "4 changes (one per change phrasing), 2 no-change mentions, 1 unrelated later fact",
        "personas": list(PERSONAS),
        "change_kinds": dict(Counter(r["change_kind"] for r in rows if r["change_kind"])),
        "generator": "bench/data/write_fact_timelines_dev2.py",
    }
    OUT.write_text(json.dumps({"meta": meta, "timelines": rows}, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT.name}: {len(KINDS)} kinds, {len(rows)} timelines; change kinds {meta['change_kinds']}")


if __name__ == "__main__":
    main()
