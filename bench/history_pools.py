"""Phrasing pools for the month-long history generator, split dev / test before any tuning.

Written once, before the Observer or Reflector were tuned, and not edited after
looking at any output. The two splits share the *facts* (slots and values) but
never a sentence:

* ``DEV`` pools are plain first-person statements ("My daughter is called Lena"),
  the register the rules are tuned on;
* ``TEST`` pools were written by a different method: a chatty British speaker's
  voice, with idioms, ellipsis, the fact tucked inside a story or an aside, and
  few of the "I am / my X is" frames the rules look for ("Our Lena's six
  going on sixteen"). Nothing in the code is designed around these phrasings;
* ``DEV_TERSE`` (round 2) is a second tuning voice, terse texting with changes told
  as stories, written before that round changed any code (see there).

Placeholders: ``{v}`` the value, ``{old}`` the previous value, ``{new}`` the new value.
Change kinds: ``direct`` (old and new named), ``indirect`` (only the new value
named), ``correction`` (an earlier statement was wrong), ``relocation`` (a
move), ``cancellation`` (a plan or habit stops).
"""
from __future__ import annotations

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]

#: Slot -> (kind, values, change kinds it can take). Values are distinctive words the score looks for.
SLOTS: dict[str, tuple[str, list[str], tuple[str, ...]]] = {
    # family and names
    "child_name": ("family", ["Lena", "Maya", "Ines", "Clara", "Nora", "Elsa"], ("correction",)),
    "partner_name": ("family", ["Tomas", "Rafael", "Jonas", "Mateo", "Felix"], ()),
    "sister_city": ("family", ["Leeds", "Ghent", "Gdansk", "Bilbao", "Turin", "Utrecht"], ("relocation", "indirect")),
    "mum_visit": ("family", WEEKDAYS, ("direct",)),
    "pet_name": ("family", ["Biscuit", "Pepper", "Mochi", "Olive", "Ziggy"], ()),
    # health and diet
    "allergy": ("health", ["peanuts", "shellfish", "penicillin", "sesame", "kiwi"], ()),
    "intolerance": ("health", ["lactose", "gluten", "histamine"], ()),
    "medication": ("health", ["lisinopril", "amlodipine", "losartan", "metformin"], ("direct",)),
    "diet": ("health", ["vegetarian", "pescatarian", "vegan"], ("direct", "indirect")),
    # work
    "employer": ("work", ["Initech", "Globex", "Hooli", "Vandelay", "Cyberdyne", "Soylent"], ("direct", "indirect")),
    "job_title": ("work", ["data analyst", "product designer", "civil engineer", "pharmacist", "copywriter"], ()),
    "manager": ("work", ["Priya", "Gunther", "Odile", "Marcus", "Yusuf"], ("indirect",)),
    # home
    "home_city": ("home", ["Lyon", "Porto", "Bristol", "Valencia", "Graz", "Aarhus"], ("relocation",)),
    "neighbourhood": ("home", ["Riverside", "Old Town", "Harbourside", "Hillcrest"], ()),
    # possessions
    "car": ("possessions", ["Skoda", "Yaris", "Clio", "Volvo", "Mazda"], ("direct", "indirect")),
    "laptop": ("possessions", ["ThinkPad", "MacBook", "Framework", "Zenbook"], ("indirect",)),
    "bike": ("possessions", ["Brompton", "Cannondale", "Trek", "Raleigh"], ()),
    # routines
    "yoga_day": ("routines", WEEKDAYS, ("direct",)),
    "volunteering": ("routines", ["food bank", "animal shelter", "library", "community garden"], ("cancellation",)),
    "run_time": ("routines", ["6am", "7am", "5:30"], ()),
    # plans with dates
    "trip": ("plans", ["Lisbon", "Kyoto", "Reykjavik", "Marrakesh", "Oslo", "Athens"], ("cancellation", "direct")),
    "dentist": ("plans", ["May 14", "May 21", "June 3", "June 11", "April 28"], ("direct", "indirect")),
    "wedding": ("plans", ["Seville", "Galway", "Krakow", "Bruges"], ()),
    # preferences
    "coffee": ("preferences", ["oat milk", "espresso", "black", "cold brew"], ("direct",)),
    "cuisine": ("preferences", ["Thai", "Ethiopian", "Sichuan", "Lebanese", "Peruvian"], ()),
    "hobby": ("preferences", ["bouldering", "pottery", "birdwatching", "chess", "woodworking"], ("indirect",)),
    # tools and accounts
    "email": ("tools", ["Fastmail", "Proton", "Gmail", "Tuta"], ("direct",)),
    "bank": ("tools", ["Monzo", "Revolut", "N26", "Starling"], ()),
    "editor": ("tools", ["Neovim", "Emacs", "PyCharm", "Sublime"], ("indirect",)),
    "passwords": ("tools", ["Bitwarden", "1Password", "KeePassXC"], ()),
}

# ---------------------------------------------------------------------------------------------------
# TEST pools: written first, in another voice (chatty, British, idiomatic). Never edited after outputs.
# ---------------------------------------------------------------------------------------------------
TEST_STATE = {
    "child_name": ["Our little one, {v}, is six going on sixteen, honestly.",
                   "School run again this morning, {v} dragged her feet the whole way."],
    "partner_name": ["{v} (the other half) reckons we should repaint the hallway.",
                     "Me and {v} have been together nine years come August."],
    "sister_city": ["Our kid sister is still up in {v}, rings me most Sundays.",
                    "Off to see my sis this weekend, she's based in {v}."],
    "mum_visit": ["Mum pops round every {v} for her tea, regular as clockwork.",
                  "{v}s are sacred, that's when me mam comes over for dinner."],
    "pet_name": ["{v} the dog has eaten another sock, bless him.",
                 "Had to take {v} (our mutt) to the vet for his jabs."],
    "allergy": ["Can't go near {v}, I'd end up in A&E with my throat closing.",
                "Proper allergy to {v} here, carry an EpiPen and everything."],
    "intolerance": ["Anything with {v} in it wrecks my stomach, so I steer well clear.",
                    "{v} and me don't get on, found out the hard way."],
    "medication": ["On {v} every morning for the old blood pressure.",
                   "GP has me taking {v}, one a day with breakfast."],
    "diet": ["Been {v} since uni, not looking back.",
             "Don't do meat, I'm {v} and have been for donkey's years."],
    "employer": ["Another day at the coalface at {v}, living the dream.",
                 "Been grafting at {v} for about four years now."],
    "job_title": ["Day job's {v}, pays the bills.",
                  "Worked as a {v} my whole career, more or less."],
    "manager": ["{v}, my line manager, signed off my leave at last.",
                "Had my one-to-one with {v} who runs our team."],
    "home_city": ["Home's {v} these days, love the place to bits.",
                  "Weather in {v} is grim today, typical for round here."],
    "neighbourhood": ["Our bit of town is {v}, lots of little cafes.",
                      "There's a new bakery in {v}, right by our flat."],
    "car": ["The {v} failed its MOT, typical.",
            "Drove the old {v} up the motorway, she did fine."],
    "laptop": ["Typing this on my trusty {v}, battery's on its last legs.",
               "The {v} is what I use for everything, work and home."],
    "bike": ["Cycled in on the {v} today, legs are jelly.",
             "My {v} got a puncture, had to walk it home."],
    "yoga_day": ["Yoga's a {v} night thing for me, keeps me sane.",
                 "Can't do {v} evenings, that's my yoga slot."],
    "volunteering": ["Saturday mornings I lend a hand at the {v}.",
                     "Doing my bit at the {v} most weekends."],
    "run_time": ["Out the door for a jog by {v}, rain or shine.",
                 "Alarm's set for {v} so I can get my run in."],
    "trip": ["Booked flights to {v} for the middle of next month, can't wait.",
             "We're jetting off to {v} in a few weeks, first holiday in ages."],
    "dentist": ["Got the dentist on {v}, dreading it.",
                "Check-up at the dentist's pencilled in for {v}."],
    "wedding": ["My cousin's getting hitched in {v} in the summer, we're all invited.",
                "Need a suit for the do in {v}, cousin's wedding."],
    "coffee": ["Coffee's got to be {v} or I'm not interested.",
               "Can't start the day without a {v} coffee."],
    "cuisine": ["Give me a {v} takeaway over anything else.",
                "Nothing beats {v} food, could eat it every night."],
    "hobby": ["Spent the whole weekend {v}, absolutely hooked.",
              "Got properly into {v} this year, it's my happy place."],
    "email": ["All my post goes to my {v} account, don't use anything else.",
              "Drop it to my {v} address, that's the one I check."],
    "bank": ["Banking's all on {v}, haven't set foot in a branch in years.",
             "Paid the rent through {v} as usual."],
    "editor": ["Writing code in {v} all day, muscle memory now.",
               "Fired up {v} to hack on a side project."],
    "passwords": ["Every login lives in {v}, can't remember a single one myself.",
                  "Chucked the new Wi-Fi password into {v}."],
}

TEST_CHANGE = {
    "direct": {
        "mum_visit": "Mum's switched from {old}s to {new}s for her visits now.",
        "medication": "Doc's taken me off {old} and put me on {new} instead.",
        "diet": "Packed in being {old}, I'm {new} now.",
        "employer": "Handed my notice in at {old}, starting at {new} next week.",
        "car": "Flogged the {old} and picked up a {new}.",
        "yoga_day": "Yoga's shifted from {old} to {new} nights.",
        "trip": "Scrapped {old}, we're doing {new} instead.",
        "dentist": "Dentist rang, {old} is out, it's {new} now.",
        "coffee": "Gone off {old}, it's {new} for me these days.",
        "email": "Ditched {old}, everything's going to {new} from now on.",
    },
    "indirect": {
        "sister_city": "Sis is loving her new flat in {new}, says the views are cracking.",
        "diet": "Turns out being {new} suits me, more energy than ever.",
        "employer": "First fortnight at {new} done and dusted, nice bunch.",
        "manager": "{new}, who runs our team now, seems decent enough.",
        "car": "Took the new {new} for a spin, drives like a dream.",
        "laptop": "The new {new} arrived, setting it up tonight.",
        "hobby": "Can't get enough of {new} lately, booked a course.",
        "editor": "Been living in {new} for a week, not going back.",
        "dentist": "Dentist is {new} now, they moved me.",
    },
    "correction": {
        "child_name": "Daft autocorrect earlier, the little one's name is {new}, never {old}.",
    },
    "relocation": {
        "sister_city": "Our kid's upped sticks from {old} to {new}.",
        "home_city": "We've upped sticks and we're in {new} now, boxes everywhere.",
    },
    "cancellation": {
        "volunteering": "Had to knock the {old} on the head, no time with work.",
        "trip": "The {old} holiday's off, knocked it on the head.",
    },
}

TEST_FILLER = {
    "small_talk": ["Alright? Bit of a slow one today.", "Cheers for that, you're a star.", "Ha, fair dos.",
                   "Knackered, long week.", "Chucking it down out there.", "Right, where were we.",
                   "Morning! Kettle's on.", "Ta, sorted.", "Oof, that's a lot to take in.",
                   "Brilliant, ta very much."],
    "question": ["How far away is the moon, roughly?", "What's the difference between a crocodile and an alligator?",
                 "Why do onions make you cry?", "How many bones are there in the human body?",
                 "What causes the northern lights?", "How do bees make honey?",
                 "Who invented the telephone then?", "What's the tallest mountain in Africa?"],
    "request": ["Knock me up a limerick about a cat who hates Mondays.",
                "Could you do me a short toast for a retirement do?",
                "Jot me down a packing list for a camping weekend.",
                "Bash out a two-line thank-you note for a neighbour.",
                "Give us a haiku about a rainy bus stop."],
    "repeat_question": ["Sorry, how far is the moon again?", "Remind me, why do onions make you cry?",
                        "Go on then, how do bees make honey again?"],
}

# ---------------------------------------------------------------------------------------------------
# DEV pools: plain first-person statements, the register the rules are tuned on.
# ---------------------------------------------------------------------------------------------------
DEV_STATE = {
    "child_name": ["My daughter is called {v} and she just turned six.",
                   "My daughter {v} started school this year."],
    "partner_name": ["My husband {v} wants to repaint the hallway.",
                     "My partner is {v}, we have been together nine years."],
    "sister_city": ["My sister lives in {v}.", "My sister lives in {v} and calls me every Sunday."],
    "mum_visit": ["My mother visits every {v} for dinner.", "My mom comes over every {v}."],
    "pet_name": ["We have a dog named {v}.", "Our dog {v} chewed my shoes again."],
    "allergy": ["I am allergic to {v}.", "I have a severe allergy to {v}, I carry an EpiPen."],
    "intolerance": ["I am {v} intolerant, so I avoid dishes with it.", "I have a {v} intolerance."],
    "medication": ["I take {v} every morning for my blood pressure.", "I am on {v} for blood pressure."],
    "diet": ["I am {v}.", "I have been {v} for ten years."],
    "employer": ["I work at {v}.", "I have worked at {v} for four years."],
    "job_title": ["I work as a {v}.", "I am a {v} by profession."],
    "manager": ["My manager is {v}.", "My boss {v} approved my leave."],
    "home_city": ["I live in {v}.", "I live in {v} with my family."],
    "neighbourhood": ["We live in the {v} neighbourhood.", "Our flat is in {v}."],
    "car": ["I drive a {v}.", "My car is a {v}."],
    "laptop": ["My laptop is a {v}.", "I use a {v} laptop for work."],
    "bike": ["I ride a {v} bike to work.", "I have a {v} bike."],
    "yoga_day": ["I do yoga every {v} evening.", "I go to yoga class on {v}s."],
    "volunteering": ["I volunteer at the {v} on Saturdays.", "I help out at the {v} every weekend."],
    "run_time": ["I go running at {v} every morning.", "I run every day at {v}."],
    "trip": ["I am planning a trip to {v} next month.", "We booked a holiday in {v} for next month."],
    "dentist": ["I have a dentist appointment on {v}.", "My dentist appointment is on {v}."],
    "wedding": ["My cousin is getting married in {v} this summer.", "We are going to a wedding in {v} in July."],
    "coffee": ["I take my coffee with {v}.", "I prefer {v} coffee."],
    "cuisine": ["My favourite food is {v}.", "I love {v} food."],
    "hobby": ["My hobby is {v}.", "I spend my weekends {v}."],
    "email": ["My email is with {v}.", "I use {v} for email."],
    "bank": ["I bank with {v}.", "My bank is {v}."],
    "editor": ["I write code in {v}.", "My editor is {v}."],
    "passwords": ["I keep my passwords in {v}.", "I use {v} as my password manager."],
}

DEV_CHANGE = {
    "direct": {
        "mum_visit": "My mother now visits on {new} instead of {old}.",
        "medication": "My doctor switched me from {old} to {new}.",
        "diet": "I am no longer {old}, I am {new} now.",
        "employer": "I left {old} and now I work at {new}.",
        "car": "I sold my {old} and bought a {new}.",
        "yoga_day": "I moved my yoga class from {old} to {new}.",
        "trip": "We changed the trip from {old} to {new}.",
        "dentist": "My dentist appointment moved from {old} to {new}.",
        "coffee": "I switched from {old} to {new} coffee.",
        "email": "I moved my email from {old} to {new}.",
    },
    "indirect": {
        "sister_city": "My sister loves her new apartment in {new}.",
        "diet": "Being {new} has been great for me.",
        "employer": "My first week at {new} went well.",
        "manager": "My new manager {new} seems nice.",
        "car": "I love driving my new {new}.",
        "laptop": "My new {new} laptop arrived today.",
        "hobby": "I have really got into {new} lately.",
        "editor": "I have been using {new} as my editor this week.",
        "dentist": "My dentist appointment is now on {new}.",
    },
    "correction": {
        "child_name": "Sorry, I made a mistake: my daughter's name is {new}, not {old}.",
    },
    "relocation": {
        "sister_city": "My sister moved from {old} to {new}.",
        "home_city": "We moved from {old} to {new} last weekend.",
    },
    "cancellation": {
        "volunteering": "I stopped volunteering at the {old}.",
        "trip": "We cancelled the {old} trip.",
    },
}

DEV_FILLER = {
    "small_talk": ["Hi there!", "Thanks, that helps.", "Okay, sounds good.", "Good morning!", "I'm tired today.",
                   "It's raining again here.", "Great, thank you!", "Hello again.", "That makes sense.",
                   "I just got back from a walk."],
    "question": ["What is the capital of Australia?", "Why is the sky blue?", "How does compound interest work?",
                 "What is the boiling point of water at altitude?", "How do vaccines work?",
                 "What is the speed of light?", "Who wrote Pride and Prejudice?", "How do tides work?"],
    "request": ["Write a short poem about autumn leaves.", "Can you draft a polite email declining a meeting?",
                "Write a limerick about a lazy cat.", "Give me a packing list for a beach weekend.",
                "Write a haiku about coffee."],
    "repeat_question": ["What is the capital of Australia again?", "Can you explain again why the sky is blue?",
                        "Remind me how compound interest works?"],
}

# ---------------------------------------------------------------------------------------------------
# DEV_TERSE pools: a second DEV voice (round 2, issue 11 follow-up), written before any code change of
# that round and not edited after looking at outputs. Terse American texting: lower case, asides after a
# comma, few "I am / my X is" frames; changes mostly indirect or told as a story ("traded in the X, picked
# up a Y", "X fell through so we're doing Y instead") so the fact ledger often misses them. Tuning split.
# ---------------------------------------------------------------------------------------------------
DEV_TERSE_STATE = {
    "child_name": ["picked {v} up from school, she's six and already bossing everyone around",
                   "{v} lost her first tooth last night, big drama"],
    "partner_name": ["{v} and I hit nine years together this spring", "{v} cooked tonight so I'm not complaining"],
    "sister_city": ["my sister's apartment in {v} is tiny but cute", "sis called from {v} again, every sunday like clockwork"],
    "mum_visit": ["mom does dinner at ours every {v}, non-negotiable", "{v} nights are mom nights at our place"],
    "pet_name": ["{v} (our dog) stole a whole baguette off the counter", "walked {v} in the park for an hour, dog was thrilled"],
    "allergy": ["{v} = hospital for me, carry an epipen everywhere", "one bite of {v} and my throat swells up"],
    "intolerance": ["{v} and my gut do not get along", "no {v} for me, learned that the hard way"],
    "medication": ["{v} every morning, doc's orders for the bp", "refilled my {v} prescription"],
    "diet": ["{v} for a decade now", "haven't touched meat since going {v}"],
    "employer": ["payday at {v}, finally", "{v} had an all-hands today, four years there and still boring"],
    "job_title": ["{v} by day, couch potato by night", "being a {v} pays the rent"],
    "manager": ["{v} signed off on my time off", "1:1 with {v} went ok, fair boss"],
    "home_city": ["{v} in spring is unbeatable, glad we settled here", "been calling {v} home for years"],
    "neighbourhood": ["our street in {v} has a new bakery", "{v} is quiet at night which I love"],
    "car": ["the {v} needs new tires", "took the {v} through the car wash"],
    "laptop": ["{v} fan is screaming again", "typing on the {v} from bed"],
    "bike": ["the {v} got a flat on the commute", "rode the {v} to the office"],
    "yoga_day": ["{v} yoga is the only thing keeping my back alive", "never miss yoga on {v} evenings"],
    "volunteering": ["saturday shift at the {v} was busy", "sorted donations at the {v} all morning"],
    "run_time": ["alarm at {v} for my run, every single day", "{v} runs before work, it's a habit now"],
    "trip": ["flights for {v} are booked, leaving next month", "counting down to {v} next month"],
    "dentist": ["dentist on {v}, ugh", "{v} is dentist day, cleaning and checkup"],
    "wedding": ["cousin's wedding in {v} this summer, need a suit", "{v} for the family wedding in july"],
    "coffee": ["{v} or nothing, that's my coffee rule", "morning coffee: {v}, always"],
    "cuisine": ["{v} takeout is my comfort food", "could eat {v} every night"],
    "hobby": ["whole saturday gone to {v}, zero regrets", "{v} is my thing on weekends"],
    "email": ["{v} inbox is at zero for once", "everything important lands in my {v} inbox"],
    "bank": ["{v} app says I'm broke", "got my {v} card replaced"],
    "editor": ["{v} keybindings are burned into my fingers", "customized my {v} config all evening"],
    "passwords": ["every password I have is in {v}", "{v} autofill saves my life daily"],
}

DEV_TERSE_CHANGE = {
    "direct": {
        "mum_visit": "mom's coming {new}s from now on, {old} clashed with her choir",
        "medication": "doc took me off {old}, it's {new} from today",
        "diet": "gave {old} a good run but I'm {new} these days",
        "employer": "last day at {old} was friday, {new} onboarding starts monday",
        "car": "traded in the {old}, picked up a {new} over the weekend",
        "yoga_day": "yoga's {new} now, the {old} class got too crowded",
        "trip": "{old} fell through so we're doing {new} instead",
        "dentist": "dentist bumped me from {old} to {new}",
        "coffee": "{old} is dead to me, {new} all the way",
        "email": "ditched {old}, everything goes to {new} now",
    },
    "indirect": {
        "sister_city": "helped my sister unpack boxes at her place in {new}",
        "diet": "{new} for three weeks and feeling great",
        "employer": "badge photo for {new} came out terrible",
        "manager": "{new} is running our team now, seems sharp",
        "car": "got the keys to the {new} yesterday",
        "laptop": "unboxed the {new}, so shiny",
        "hobby": "signed up for a {new} course, obsessed",
        "editor": "finally learned the {new} shortcuts this week, so fast",
        "dentist": "got a reminder text from the dentist for {new}",
    },
    "correction": {
        "child_name": "ugh typo earlier, my daughter is {new} not {old}",
    },
    "relocation": {
        "sister_city": "sister packed up and left {old} for {new}",
        "home_city": "first night in our new place in {new}, {old} feels like a lifetime ago",
    },
    "cancellation": {
        "volunteering": "quit the {old}, handed back my volunteer badge",
        "trip": "pulled the plug on {old}, not going anymore",
    },
}

DEV_TERSE_FILLER = {
    "small_talk": ["hey", "lol ok", "ty!", "ugh mondays", "brb", "cool cool", "long day", "morning!"],
    "question": ["how far is the moon?", "what's the tallest mountain in africa?",
                 "how do noise cancelling headphones work?", "what year did the berlin wall fall?",
                 "how many bones are in the human body?"],
    "request": ["write me a birthday message for a coworker", "make a grocery list for tacos",
                "draft a text asking the plumber to come thursday", "give me 3 names for a fantasy football team"],
    "repeat_question": ["wait how far is the moon again?", "remind me what year the berlin wall fell?"],
}

#: Assistant replies (shared: they are not what the observer is tuned on; the user's words are).
ACKS = ["Got it, thanks for telling me.", "Noted!", "Thanks for sharing that.", "Understood.",
        "That sounds lovely.", "Good to know.", "Oh, I see. Thanks!", "I'll keep that in mind."]
ANSWERS = ["Great question. The short answer is that it depends on a few factors, and I can explain each of them "
           "in turn if that helps. First, the physical setup matters most; second, the conditions on the day; "
           "and third, how precisely you measure it.",
           "Here is a quick explanation: scientists have studied this for a long time, and the accepted view is "
           "that several processes work together. I can go into more detail on any part you like.",
           "Sure! Here you go:\n\nAutumn light on the hill,\nleaves that fall and settle still,\nthe year breathes out "
           "its fill.\n\nWould you like another version?",
           "Of course. Here is a draft you can adapt:\n\nDear all,\nThank you for the invitation. Unfortunately I "
           "will not be able to attend. Best wishes."]

PASTES = [
    "Here is my error log:\n"
    "Traceback (most recent call last):\n  File \"app.py\", line 42, in <module>\n    main()\n"
    "  File \"app.py\", line 37, in main\n    result = load_config(path)\n  File \"config.py\", line 12, in load_config\n"
    "    with open(path) as handle:\nFileNotFoundError: [Errno 2] No such file or directory: 'settings.toml'\n"
    "During handling of the above exception, another exception occurred:\nRuntimeError: configuration missing",
    "Can you review this function?\n"
    "def merge_intervals(items):\n    items = sorted(items)\n    out = []\n    for start, end in items:\n"
    "        if out and start <= out[-1][1]:\n            out[-1][1] = max(out[-1][1], end)\n"
    "        else:\n            out.append([start, end])\n    return out\n\nprint(merge_intervals([[1, 3], [2, 6]]))",
    "nginx keeps failing, here is the log:\n"
    "2026/03/02 10:01:12 [error] 1234#0: *1 connect() failed (111: Connection refused) while connecting to upstream\n"
    "2026/03/02 10:01:13 [error] 1234#0: *2 connect() failed (111: Connection refused) while connecting to upstream\n"
    "2026/03/02 10:01:15 [warn] 1234#0: *3 upstream server temporarily disabled\n"
    "2026/03/02 10:01:20 [error] 1234#0: *4 no live upstreams while connecting to upstream\n"
    "2026/03/02 10:01:21 [error] 1234#0: *5 no live upstreams while connecting to upstream\n"
    "2026/03/02 10:01:22 [error] 1234#0: *6 no live upstreams while connecting to upstream\n"
    "2026/03/02 10:01:25 [notice] 1234#0: signal process started\n"
    "2026/03/02 10:01:26 [error] 1234#0: *7 no live upstreams while connecting to upstream",
    "Why does this SQL not work?\n"
    "SELECT u.id, count(o.id)\nFROM users u\nLEFT JOIN orders o ON o.user_id = u.id\nWHERE o.created_at > '2026-01-01'\n"
    "GROUP BY u.id\nHAVING count(o.id) > 3\nORDER BY 2 DESC;\n-- returns nothing for users without orders\n"
    "-- expected zero counts too\n-- running on postgres 16",
]

POOLS = {
    "dev": {"state": DEV_STATE, "change": DEV_CHANGE, "filler": DEV_FILLER},
    "dev_terse": {"state": DEV_TERSE_STATE, "change": DEV_TERSE_CHANGE, "filler": DEV_TERSE_FILLER},
    "test": {"state": TEST_STATE, "change": TEST_CHANGE, "filler": TEST_FILLER},
}
