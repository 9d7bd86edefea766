"""Writes bench/data/fact_timelines_changes2_dev.json: a second, fresh dev pool of change phrasings.

Why: ``fact_timelines_changes.json`` (changes_dev/changes_test) found where changes fail; once it has been
looked at and tuned against, a dev pool nobody has tuned on is needed to tell whether a fix generalises or
was fitted to that pool's own wording. This pool is that: new attribute kinds, new voices, and four more
change shapes (``idiom``, ``moved``, ``replaced_in_role``, ``abandon_for``).

How and when: written by hand, in one pass, on 2026-12-02, by a helper session that had not read the
extraction code (``memory_core/``, ``mneme/``, ``desktop_app/``) and had run nothing of the system; no system
output on these timelines existed when it was written. Only this format (copied from
``write_fact_timelines_changes.py``) and ``kind_timelines`` of ``write_fact_timelines_dev2.py`` were read.
Statements are in four personas' voices, and NOT all plain: some are indirect ("X does my ...", "I've been
going to X for years"), some buried in a longer message. The D2 messages are tagged with their shape:

* ``indirect``: the change is told as a story, the new value named in passing or by its place;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, cancelled, sold, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right (``check_as_of == False``);
* ``comparison``: "Y is miles better than X, so that's where I go now";
* ``third_party``: someone else reports the change ("my brother rang ...", "email from the swim school ...");
* ``idiom``: gone off it / can jog on / knocked it on the head, the replacement in the same breath;
* ``moved``: a day or time moved to another (old and new are days or times);
* ``replaced_in_role``: a person (or firm) takes over someone's role;
* ``abandon_for``: one thing given up for another.

Per kind: 2 (old, new) value pairs, 4 statements (statement i in persona i's voice), 4 change phrasings of
4 different shapes, 2 no-change mentions ("mention": the old value named with no change, "other_person":
someone else's same attribute) and one unrelated later fact -> 7 timelines. 12 kinds, 84 timelines, none of
the kinds used by the earlier dev/dev2/test/changes sets; 4 kinds are about someone else (daughter, mother,
cat, partner).

One split, ``changes2_dev``. Scored by ``bench/bench_fact_checks.py --set changes2_dev`` (where wired).

Run: ``python bench/data/write_fact_timelines_changes2_dev.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_changes2_dev.json"
#: split -> its four personas: statement i of a kind is in persona i's voice
PERSONAS = {
    "changes2_dev": ("kai_texting_lowercase_leicester",        # 0: young, lower case, slang, no apostrophes
                     "alistair_retired_engineer_aberdeen",     # 1: precise, long, subordinate clauses
                     "shona_voice_dictating_parent_swindon",   # 2: dictated by voice: run-on, no punctuation
                     "agnieszka_polish_nonnative_bradford"),   # 3: second language (Polish grammar)
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")



D = "changes2_dev"

KINDS = [
    K("yoga_studio", D, "user",
      [(["Lotus Tree Yoga", "Lotus Tree"], ["Yogabase Didsbury", "Yogabase"]),
       (["Bodhi Studio", "Bodhi"], ["Hot Pod Yoga", "Hot Pod"])],
      ["started doing yoga at {old} lol my back is so much better ngl, going like 3 times a week",
       "For the past eighteen months I have attended the Tuesday and Thursday evening classes at {old}, which I "
       "took up on the advice of my physiotherapist after the knee replacement.",
       "remind me ive got yoga at {old} tonight at half seven and I need to drop the kids at my mums first and "
       "pick up milk on the way back",
       "I am going to yoga in {old} since two years, every Saturday morning, it is good for my back."],
      [("comparison", "Went to a taster at {new} last week and it knocks {old} into a cocked hat - heated room, "
                      "smaller classes, five minutes from work. Signed up for the monthly pass."),
       ("later_sentence", "Cancelled my membership at {old}, they put the price up again and half the classes "
                          "were cover teachers. Still need something for my back though. Found {new} round the "
                          "corner from the office and I've done three sessions already."),
       ("idiom", "I've gone right off {old} since they brought in that booking app nonsense, {new} it is from "
                 "now on."),
       ("ended_no_successor", "Haven't been to {old} since March and I've let the membership lapse. Yoga's just "
                              "not for me, I've accepted it.")],
      "Did a lovely yin class at {old} this morning, I was practically asleep by the end.",
      "My sister's got really into hot yoga, she goes to some place in Clapham.",
      "Our washing machine has started leaking from the door seal."),

    K("bin_day", D, "user",
      [(["Tuesday", "Tues"], ["Thursday", "Thurs"]),
       (["Monday", "Mon"], ["Friday", "Fri"])],
      ["bin day is {old} here, literally always forget to put them out until i hear the lorry",
       "Our refuse and recycling collections take place on {old} mornings, alternating weekly between the green "
       "and the black bins, so I take them down to the kerb the evening before.",
       "note to self the bins go on {old} morning so put them out the night before and dont forget the "
       "recycling this time because they left it last week",
       "Here the bins they are collecting on {old}, the black one and blue one in alternate weeks."],
      [("moved", "Council's redone all the rounds since the new depot opened, so our collection's shifted off "
                 "{old} - it's {new} now, starting next week."),
       ("third_party", "The lady at number 12 says the bin men told her they're not doing our street on {old} "
                       "any more, it's {new} from now on."),
       ("correction", "Hang on, I told you the bins go on {old}, that's wrong, I was thinking of our old house. "
                      "Here it's {new}, always has been."),
       ("indirect", "Dragged the bins out for {old} as usual and they sat there untouched all day, then on "
                    "{new} morning the lorry came round and emptied everyone's but mine because I'd taken mine "
                    "back in. Apparently there was a leaflet.")],
      "Remind me the bins go out for {old}, it's the garden waste week as well.",
      "My mum's bins only get collected every three weeks, which is mad with four people in the house.",
      "I've finally booked the car in for its service."),

    K("usual_train", D, "user",
      [(["the 7:42 to Leeds", "7:42"], ["the 8:05 to Leeds", "8:05"]),
       (["the 6:58 from Didcot", "6:58"], ["the 7:31 from Didcot", "7:31"])],
      ["i get {old} every morning for uni, its always rammed and i never get a seat",
       "I have travelled on {old} almost every weekday for the past six years, and could by now tell you the "
       "name of every guard on the route.",
       "im on {old} every day so if youre setting reminders for the mornings make them before that because "
       "once im on the train im answering emails and I forget everything",
       "Every morning I am taking {old} to work, usually it is late five minutes."],
      [("moved", "New timetable's out and {old} has been retimed, it's {new} now, so that's an extra twenty "
                 "minutes in bed I suppose."),
       ("ended_no_successor", "Since the office went fully remote I haven't set foot on {old}, and I can't say "
                              "I miss it."),
       ("abandon_for", "Gave up on {old}, I was standing all the way to work every single day. I leave a bit "
                       "later and get {new} instead, it's half empty."),
       ("comparison", "{new} is so much less stressful than {old}, there's always a seat and it's only ten "
                      "minutes slower, so that's my train now.")],
      "{old} was cancelled again this morning, I was stood on the platform for forty minutes.",
      "My husband gets the bus to work, it takes him ages.",
      "I need to buy a birthday present for my nephew, he's turning six."),

    K("next_door_neighbour", D, "user",
      [(["Brian Tolley", "Brian"], ["Sunita Kaur", "Sunita"]),
       (["Mrs Okafor", "Okafor"], ["Dave Pritchard", "Dave"])],
      ["our next door neighbour is {old}, proper nice, always takes our parcels in",
       "Our next-door neighbour, {old}, has lived in the adjoining house since it was built in 1987 and keeps "
       "an admirably tidy front garden.",
       "{old} next door is feeding the cat while were away so remind me to drop the spare key round on Friday "
       "before we go and leave the food out",
       "My neighbour next door is {old}, very nice person, always helping me with garden when I came here."],
      [("replaced_in_role", "{old} finally sold up and went to live near his daughter, and next door is {new}'s "
                            "now - she's a nurse, seems lovely."),
       ("later_sentence", "The removal van was outside {old}'s all weekend, she's gone into sheltered housing. "
                          "The house didn't stay empty long. {new} moved in on Tuesday with two kids and a very "
                          "loud dog."),
       ("third_party", "Mum says {old} has sold up and gone to Spain, and a woman called {new} has moved in next "
                       "door - Mum's already been round with a cake."),
       ("indirect", "Went round to borrow a ladder and {new} answered the door, apparently {old} moved out over "
                    "the summer and I never even noticed. Very embarrassing.")],
      "{old} took in a parcel for me again, I owe them a bottle of wine.",
      "My friend's neighbour plays the drums at 2am, she's at the end of her tether.",
      "I've been getting headaches in the afternoons, probably need more water."),

    K("boiler_engineer", D, "user",
      [(["Ray Hendry", "Ray"], ["Warmflow Heating", "Warmflow"]),
       (["Kev Doyle", "Kev"], ["Aqua Gas Services", "Aqua Gas"])],
      ["the boiler guy is {old}, mum found him on facebook and hes actually decent",
       "Our boiler, a Worcester combi installed in 2015, is serviced every October by {old}, a Gas Safe "
       "registered engineer whose workmanship I have never had cause to fault.",
       "can you remind me to ring {old} about the boiler service because its due in September and he gets "
       "booked up so fast",
       "For boiler we have {old}, he is coming every year for the service, very good man."],
      [("replaced_in_role", "{old} has hung up his spanners, finally retired, and he's handed all his customers "
                            "over to {new}. They did our service last week and seemed to know their stuff."),
       ("idiom", "{old} left us without hot water for four days and then had the cheek to charge a call-out "
                 "fee, so he can jog on. Booked {new} for the annual service instead."),
       ("ended_no_successor", "The boiler's gone, we've had a heat pump put in, so no more yearly visits from "
                              "{old}."),
       ("comparison", "{new} came out the same day when the pressure dropped, {old} would've had me waiting a "
                      "week, so guess who's got the service contract now.")],
      "{old} is coming Thursday to bleed the radiators and look at the pressure.",
      "My brother-in-law's a gas engineer, he does his own boiler obviously.",
      "We've booked a long weekend in York for February."),

    K("pub_quiz_team", D, "user",
      [(["Quiz Team Aguilera", "Aguilera"], ["The Universally Challenged", "Universally Challenged"]),
       (["Les Quizerables", "Quizerables"], ["Agatha Quiztie", "Quiztie"])],
      ["were called {old} at the pub quiz lmao, came second last week, robbed on the music round",
       "On Wednesday evenings I take part in the quiz at the Red Lion with a team of former colleagues; we "
       "compete as {old}, and I am generally responsible for the science and geography rounds.",
       "quiz night tonight with {old} at the Fox so I need dinner on the table by six and the kids in the bath "
       "before Mark gets home",
       "I am in quiz team {old} in the pub, every Thursday, I am good in the sport questions."],
      [("abandon_for", "Packed in {old}, too many arguments about the picture round. I've been going with the "
                       "lot from work instead, we're {new}."),
       ("idiom", "Had it up to here with {old} and their cheating on their phones, I'm with {new} now, nicer "
                 "bunch altogether."),
       ("indirect", "{new} won the quiz last night! First win since I switched - never managed it once in three "
                    "years with {old}."),
       ("later_sentence", "Told {old} I'm stepping back, the Thursday late nights were killing me. Funny how "
                          "things go though. Joined {new} on the Sunday afternoon quiz and we won the jackpot "
                          "first go.")],
      "{old} came third at the quiz, lost on the tiebreak again.",
      "My dad does a quiz at his golf club, they always come last.",
      "Our broadband keeps dropping out in the evenings."),

    K("swimming_lesson_time", D, "user's daughter",
      [(["Saturday 9:30", "9:30"], ["Thursday 5:15", "5:15"]),
       (["Tuesday 4:45", "4:45"], ["Wednesday 6pm", "6pm"])],
      ["maisies swimming is {old} every week, shes finally off the armbands lol",
       "My daughter Maisie, who is rather more athletic than her father ever was, has her swimming lesson at "
       "{old} at the leisure centre, and I sit in the gallery, where the coffee is, I regret to say, undrinkable.",
       "Maisie swimming {old} so I need to leave work on time and take her kit and a snack because shes always "
       "starving after and dont let me forget the goggles again",
       "My daughter has swimming lesson on {old}, in pool near our house, she is in level four now."],
      [("moved", "The pool's changed all the lesson slots for the new term, so Maisie's {old} lesson is now "
                 "{new}. Means a mad dash from work every week, brilliant."),
       ("third_party", "Email from the swim school: Maisie's going up a stage, and the new group isn't on {old}, "
                       "it's {new}."),
       ("later_sentence", "Maisie's {old} class has been cancelled, not enough instructors. Loads of emails back "
                          "and forth. She's ended up on {new} instead, which is a squeeze after school but fine."),
       ("correction", "Sorry, I gave you the wrong time for Maisie's swimming - it's not {old}, that was her "
                      "brother's old slot. Hers is {new}.")],
      "Maisie got her 100m badge at her {old} lesson today!",
      "My nephew does swimming lessons on a Sunday morning at the uni pool.",
      "We need to get the tyres done before winter."),

    K("care_home", D, "user's mother",
      [(["Beech Lodge"], ["Willow Court"]),
       (["Ashgrove House", "Ashgrove"], ["St Anne's Nursing Home", "St Anne's"])],
      ["mums at {old} now, the care home by the big tesco, i go see her sundays",
       "My mother, who is ninety-one and has advanced Parkinson's, has been a resident at {old} since the "
       "spring, and I visit her on Tuesday and Friday afternoons.",
       "im going to see mum at {old} after school pick up so remind me to take her the cardigan and the photos "
       "and to ask the nurse about her tablets",
       "My mother is living in care home {old}, I visit her on Sundays with the children."],
      [("indirect", "Took Mum's photos and her chair over to {new} on Saturday and got her new room set up. The "
                    "staff at {old} came out to wave her off, which set me off crying."),
       ("third_party", "My brother rang - {old} can't manage Mum now she needs nursing care, so they arranged for "
                       "her to go to {new}, and she went across on Monday."),
       ("later_sentence", "Mum's last night at {old} was Thursday. It's been a long few weeks of paperwork and "
                          "phone calls. She's at {new} now, five minutes from my house, so I can pop in every day."),
       ("comparison", "{new} is a world away from {old}, the staff actually know her name and she's eating again, "
                      "we should have moved her there months ago.")],
      "Went to see Mum at {old}, they had a singer in and she joined in with all the old songs.",
      "My husband's dad is in a care home in Rhyl.",
      "I've decided to repaint the hallway a dark green."),

    K("cat_food", D, "user's cat",
      [(["Royal Canin Renal", "Royal Canin"], ["Hill's k/d", "Hill's"]),
       (["Lily's Kitchen"], ["Purina One", "Purina"])],
      ["biscuit only eats {old} now, the vet put him on it, costs more than my food lmao",
       "Our cat, Biscuit, who is fourteen and has early kidney disease, is fed exclusively on {old}, which we "
       "order by the case.",
       "order more {old} for Biscuit were down to the last two pouches and he wont eat anything else he just "
       "sits by the bowl and stares at me",
       "Our cat Biscuit eats {old}, only this one, other food he is not touching."],
      [("abandon_for", "We've given up on {old}, Biscuit was just licking the gravy off and leaving the rest. "
                       "Switched him onto {new} and he's clearing the bowl."),
       ("idiom", "Biscuit has turned his nose up at {old}, the fussy little sod, so it's {new} for him now."),
       ("correction", "Actually I got that wrong earlier - Biscuit's food is {new}, not {old}. {old} was what "
                      "the last vet wanted him on."),
       ("third_party", "The vet said {old} is too rich for him with his weight, she wants him on {new} from now "
                       "on.")],
      "Ordered another case of {old} for Biscuit, it was on offer.",
      "My neighbour's cat eats whatever's cheapest and she's twenty.",
      "I'm going to a friend's 40th in Manchester on Saturday."),

    K("car_share", D, "user",
      [(["Gemma Lund", "Gemma"], ["Tariq Hussain", "Tariq"]),
       (["Rob Kelly", "Rob"], ["Ewa Nowak", "Ewa"])],
      ["i car share with {old} to work, we split petrol, they drive tues and thurs i do the rest",
       "I share the drive to the railway preservation society's workshop with {old}, a fellow volunteer; we "
       "alternate weeks, which halves both our fuel costs and the tedium of the A46.",
       "{old} is picking me up tomorrow its their turn to drive so remind me to be ready by quarter past seven "
       "and not to leave my lanyard on the kitchen table again",
       "I go to work in car with {old}, we are sharing the petrol, it is cheaper for both."],
      [("replaced_in_role", "{new} has taken over {old}'s half of the car share since she went to the Leeds "
                            "office, so it's his turn to drive on Mondays now."),
       ("ended_no_successor", "No more lifts with {old}, I've bought myself a little Fiesta so I just drive "
                              "myself in now."),
       ("idiom", "{old} is always late and smokes in the car, so I've knocked that on the head. Going in with "
                 "{new} from Monday."),
       ("indirect", "{new} has got the car share playlist sorted, which is a big step up from {old}'s Radio 2 "
                    "every morning before he moved away.")],
      "{old} was off sick so I had to drive myself in today.",
      "My friend car shares with her boss, which sounds awful.",
      "The kitchen tap's dripping again."),

    K("caravan_site", D, "user",
      [(["Trevella Park", "Trevella"], ["Seaview Holiday Park", "Seaview"]),
       (["Ladram Bay"], ["Ruda Holiday Park", "Ruda"])],
      ["we have a static at {old}, basically live there all summer, got the wifi code memorised",
       "We keep a static caravan, a 2011 Willerby, on a pitch at {old}, and have spent most of our summers "
       "there since I retired.",
       "were off to the caravan at {old} for half term so I need to pack the wellies and the bedding and ring "
       "the site about the gas bottle",
       "We have caravan in {old}, we go there all holidays, children love the beach."],
      [("comparison", "{new} has a pool and it's right on the cliff, {old} just can't compete, so we've moved "
                      "the van over there."),
       ("abandon_for", "We've given up the pitch at {old}, the site fees went up again. Got ourselves a pitch at "
                       "{new} instead and it's half the price."),
       ("correction", "No sorry, the caravan's at {new}. I said {old} but that's the site we used to camp at "
                      "when the kids were small."),
       ("ended_no_successor", "We sold the caravan at {old} at the end of the season. Too much upkeep, and we'd "
                              "rather do city breaks now.")],
      "Just got back from a week at {old}, weather was awful but we had a lovely time.",
      "My in-laws have a lodge in the Lake District.",
      "I've been reading a lot of crime novels lately."),

    K("climbing_wall", D, "user's partner",
      [(["The Climbing Hangar", "Climbing Hangar"], ["Depot Climbing", "Depot"]),
       (["Awesome Walls"], ["The Arch Climbing Wall", "The Arch"])],
      ["dan climbs at {old} like every night, hes obsessed, the man has forearms now",
       "My partner, Dan, climbs three evenings a week at {old}, a converted warehouse near the ring road, and "
       "has recently begun leading routes, which I confess I find alarming to watch.",
       "Dans at {old} tonight so its just me for bedtime which means I need to get tea done by five and dont "
       "let me forget hes taken the car",
       "My partner Dan is climbing in {old}, he has membership there, he goes after work."],
      [("abandon_for", "Dan's cancelled his {old} membership - he's decided bouldering at {new} is more his "
                       "thing, less faff with ropes."),
       ("correction", "Correction - Dan's wall is {new}, not {old}. I always get them muddled, {old} is where "
                      "his brother goes."),
       ("indirect", "Dan came home from {new} buzzing last night, he's done his first V5. Says the setting is "
                    "way better than anything he ever climbed at {old}."),
       ("third_party", "Dan's mate Jonno told me Dan hasn't been to {old} since the summer, he goes to {new} "
                       "with the work lot now. Dan never tells me anything.")],
      "Dan's at {old} again tonight, they've just reset all the routes.",
      "My brother goes climbing outdoors in the Peak District, never indoors.",
      "I need to renew my passport before March."),
]


def _check(kind: dict) -> None:
    assert len({tag for tag, _ in kind["changes"]}) == 4, kind["kind"]
    assert all("{new}" not in text for tag, text in kind["changes"] if tag == "ended_no_successor")
    assert "{old}" in kind["mention"] and "{old}" not in kind["other"]


def build() -> list[dict]:
    return build_pool(KINDS, PERSONAS, SHAPES, 20261202, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_changes2_dev.py",
               written="by hand in one pass on 2026-12-02, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
