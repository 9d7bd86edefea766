"""Writes bench/data/fact_timelines_changes2_test.json: a second held-out pool of HARD change phrasings.

Why: the first change pool (``write_fact_timelines_changes.py``) has been looked at; this one has not. It is a
fresh test split, in four new voices, over twelve attribute kinds used by no other pool, with four change shapes
the first pool did not have (``idiom``, ``moved``, ``replaced_in_role``, ``abandon_for``).

How and when: written by hand, in one pass, on 2026-12-02, by a helper session that did not open the extraction
code (``memory_core/``, ``mneme/``, ``desktop_app/``), did not run the system, and had seen no system output on
these timelines. The D1 statements are NOT all plain: many are indirect ("I get X every morning", "X does the
boiler"), some sit inside a longer message with other chat around them. The D2 messages carry the change, each
tagged with its shape:

* ``indirect``: the change is told as a story, the new value named in passing or by its place;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, sold, no longer needed, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right (``check_as_of == False``);
* ``comparison``: "Y is miles better than X, so ...";
* ``third_party``: someone else reports the change ("the social worker rang ...", "next door told me ...");
* ``idiom``: gone off it / can jog on / that's me done with it, the replacement in the same breath;
* ``moved``: a day or time moved to another one (old and new are days or times);
* ``replaced_in_role``: a person replaced by another in the same role;
* ``abandon_for``: giving one thing up for another.

Per kind: 2 (old, new) value pairs, 4 statements (statement i in persona i's voice), 4 change phrasings of 4
different shapes, 2 no-change mentions ("mention": the old value named with no change, "other_person": someone
else's same attribute) and one unrelated later fact -> 7 timelines. 12 kinds -> 84 timelines, 48 of them changes.
Single split ``changes2_test``; scored once, at the end, aggregate only.

Run: ``python bench/data/write_fact_timelines_changes2_test.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from pathlib import Path

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_changes2_test.json"
#: split -> its four personas: statement i of a kind is in persona i's voice
PERSONAS = {
    "changes2_test": ("rosa_nightshift_nurse_leicester",     # 0: short fragments, tired, night shifts
                      "jaden_student_emoji_brighton",        # 1: enthusiastic, exclamation marks, emoji
                      "gerald_formal_letters_harrogate",     # 2: formal older man, writes like letters
                      "sunita_hindi_english_wembley"),       # 3: Indian English ("only", "itself", "-ing")
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")



T = "changes2_test"

KINDS = [
    K("yoga_studio", T, "user",
      [(["Lotus Flow Yoga", "Lotus Flow"], ["Hot Pod Yoga", "Hot Pod"]),
       (["Bodhi Tree Studio", "Bodhi Tree"], ["Yogabase Hackney", "Yogabase"])],
      ["Post-shift. Knees shot. {old} at 10 to unkink. Best hour of my week honestly.",
       "omg I finally got through a whole class at {old} without falling over!!! 🧘‍♀️✨ going back thursday obviously",
       "Dear assistant, you may wish to note that I attend {old} on Tuesday and Friday mornings, on the advice of "
       "my physician. It has done my hip a great deal of good. Yours, Gerald.",
       "I am doing yoga in {old} only, since last two years. Teacher there is very good, she is from Rishikesh itself."],
      [("idiom", "{old} can do one, £18 a class and they still never clean the mats. {new} from now on."),
       ("abandon_for", "Given up the gentle stuff at {old}, I've gone over to hot yoga at {new}. Sweatiest I've ever been, loving it."),
       ("comparison", "Tried {new} last week and honestly {old} feels like a dentist's waiting room next to it. Block-booked ten classes at {new}."),
       ("later_sentence", "Last class at {old} was Sunday, the teacher I liked has left and it's not the same. Signed up somewhere else. {new}, by the canal, first session Monday.")],
      "Back at {old} tonight, my hamstrings are going to hate me.",
      "My sister does yoga at some place in Bristol that has goats in the class.",
      "Finally got round to booking the car in for its service."),

    K("bin_day", T, "user",
      [(["Tuesday"], ["Thursday"]),
       (["Monday"], ["Friday"])],
      ["Bins {old}. Always forget cos I'm asleep all day. Note to self.",
       "pro tip from the house group chat 😂 bin day is {old}, whoever forgets buys the pizza 🍕🍕 (it's always me)",
       "For your records: the refuse collection in our road takes place every {old}, and I put the bins out the "
       "evening before without fail. My neighbour does not, and the foxes have their way with his.",
       "Here in our street the dustbin people are coming on {old} morning, so I am keeping the bins outside the night before."],
      [("moved", "Council letter: from next month collections in our area move from {old} to {new}. New rounds, apparently."),
       ("third_party", "Next door told me the council's changed all the routes round here, our bins go on {new} now, not {old}."),
       ("correction", "Wait, I had it wrong all along, it was never {old}, the bins go on {new}. That explains why ours sat there full for a fortnight."),
       ("indirect", "Missed the bin lorry again, stood out there in my dressing gown on {old} morning like a lemon. It comes round on {new} since they redid the rounds.")],
      "Put the bins out for {old}, the fox had been at the recycling again.",
      "My mum's bins only get emptied every three weeks in her village.",
      "Started watching that new detective series everyone's on about."),

    K("usual_train", T, "user",
      [(["the 7:42", "7:42"], ["the 8:05", "8:05"]),
       (["the 06:58", "06:58"], ["the 07:26", "07:26"])],
      ["On days this week. So it's {old} in. Packed. Always.",
       "made {old} with literally 4 seconds to spare 🏃‍♀️💨 same train every single morning and I STILL cut it this fine lol",
       "I travel up to town on {old} each weekday morning, as I have done since I took up my post at the building "
       "society. It is seldom on time, and I have written to the operator to say so.",
       "Daily I am taking {old} train to office, mostly it is reaching on time, so no problem."],
      [("moved", "New timetable from Sunday. They've moved {old} to {new}, so that's my train now. Extra twenty minutes in bed at least."),
       ("ended_no_successor", "No more {old} for me!! Working from home full time now, commute is bed to desk 🎉"),
       ("idiom", "I'm done with {old}, cancelled three days out of five. It's {new} from now on even if I'm late in."),
       ("later_sentence", "They've cut {old} to two carriages, standing room only from the first stop. Not doing that any more. I get {new} now, far quieter.")],
      "Sat next to the same chap on {old} again, he always does the crossword in pen.",
      "My partner gets the bus to work, says it's quicker than the train.",
      "The plumber's coming on Thursday to look at the shower."),

    K("next_door_neighbour", T, "user",
      [(["Brenda Okafor", "Brenda"], ["Tom Whitfield", "Tom"]),
       (["Mr Abernethy", "Abernethy"], ["Priyanka Shah", "Priyanka"])],
      ["{old} next door took my parcels in again. Absolute angel. Owe them a bottle.",
       "our next door neighbour {old} just brought round a WHOLE lasagne for us!!! 😭❤️ best neighbour ever, we don't deserve it",
       "I should mention that our next-door neighbour is {old}, who has lived in the adjoining house for some eleven "
       "years and keeps a spare key for us. The hedge between us is a perennial subject of discussion.",
       "Next door to us {old} is staying, very nice person, when we go to India they are watering our plants."],
      [("replaced_in_role", "{old}'s house finally sold. {new} moved in at the weekend, so he's the one with our spare key now."),
       ("indirect", "Waved off {old} on Saturday, the removal van took all day. The young woman in there now, {new}, has already offered to feed the cat."),
       ("third_party", "My wife heard from the postman that {old} has gone into sheltered housing, and the house next door has been let to a gentleman called {new}, who seems very pleasant."),
       ("correction", "Sorry, I confused the names earlier. Our next-door neighbour is {new}. {old} is across the road, not next door.")],
      "{old} next door has got the builders in again, drilling since 8am.",
      "My friend's neighbour keeps parking across her drive.",
      "I've been meaning to clear out the loft for months."),

    K("pub_quiz_team", T, "user",
      [(["the Quizteama Aguileras", "Quizteama Aguileras"], ["Les Quizerables"]),
       (["Universally Challenged"], ["the Smartie Pints", "Smartie Pints"])],
      ["Night off = quiz. Team's {old}. Came third. Capitals round killed us.",
       "WE WON THE PUB QUIZ 🏆🏆🏆 team {old} remains undefeated on the music round 🎶 drinks are on the landlord!!",
       "On Wednesday evenings I make up the numbers in a quiz team at the Red Lion; we go by the name {old}, which "
       "was not my suggestion.",
       "Every Thursday I go for quiz night with office friends, our team name is {old}, we are mostly coming second only."],
      [("idiom", "Gone right off {old}, they argue over every answer. I've thrown my lot in with {new} at the Crown instead."),
       ("abandon_for", "Abandoned {old} for {new}, they needed someone for the science questions and the beer's cheaper at their pub."),
       ("ended_no_successor", "Not doing the quiz with {old} any more, the Red Lion's stopped running it and none of us can be bothered finding another."),
       ("comparison", "{new} actually win now and then, unlike {old}, so I sit with them on quiz night now.")],
      "{old} came second by one point, robbed on the tiebreak.",
      "My brother's quiz team is called something rude I can't repeat.",
      "I think the cat's put on weight."),

    K("boiler_engineer", T, "user",
      [(["Gary Tranter", "Tranter"], ["Stelios Andreou", "Andreou"]),
       (["Dylan Hughes", "Dylan"], ["Warmfront Boilers", "Warmfront"])],
      ["Boiler dead again. {old} coming at 2. Can't sleep till he's been.",
       "{old} fixed our boiler in like 20 mins!!! HOT SHOWERS ARE BACK 🚿🔥 he's our guy now, number saved",
       "Our boiler is serviced each autumn by {old}, a thoroughly reliable tradesman whom I would recommend without hesitation.",
       "For boiler service we are calling {old} every year, he is doing good work and not charging too much."],
      [("replaced_in_role", "{old} has hung up his spanners and retired to Spain. His apprentice {new} has taken over his customers, so he does our boiler now."),
       ("correction", "Actually I had that wrong, it's {new} who services the boiler, {old} only did the bathroom tiles."),
       ("comparison", "{new} found in ten minutes the fault that {old} couldn't find in three visits. I know who I'm ringing next time."),
       ("ended_no_successor", "We had the gas taken out and a heat pump put in, so no more annual visits from {old}.")],
      "{old} is coming Friday for the annual service.",
      "My neighbour's boiler man charged her £200 just to look at it.",
      "We've booked a long weekend in the Peak District."),

    K("daughter_dance_school", T, "user's daughter",
      [(["Centre Stage Dance Academy", "Centre Stage"], ["Pointe Performing Arts", "Pointe"]),
       (["Bellamy School of Dance", "Bellamy"], ["Urban Steps Dance Company", "Urban Steps"])],
      ["Dropped Maisie at {old}. Ballet 9 till 11. Coffee, then sleep.",
       "SO proud of my daughter!!! 🥹🩰 first exam at {old} today and she got a merit!!! mature student life = "
       "uni by day, dance mum by night 😂",
       "My daughter Harriet has attended {old} since the age of five and sits her examinations there; I drive her "
       "each Saturday morning and wait in the car with the crossword.",
       "My daughter is learning dance from {old}, two times in a week she is going, Tuesday and Saturday."],
      [("later_sentence", "Maisie's done her last term at {old}, she said the ballet was boring her to tears. Found her a class she actually likes. {new}, on Mondays."),
       ("abandon_for", "Harriet has given up ballet at {old} in favour of street dance at {new}; I confess I do not understand the appeal, but she is very happy."),
       ("third_party", "Email from {old} today: Miss Carla is retiring and the school closes in July. She's recommended {new} to all her girls, so that's where our daughter's going."),
       ("indirect", "Since my daughter started at {new} she's stopped begging to skip class. She used to dread {old} every Saturday.")],
      "Paid the term fees at {old}, ouch.",
      "My friend's son does tap at a church hall in Dudley.",
      "The washing machine's making a horrible banging noise."),

    K("mother_care_home", T, "user's mother",
      [(["Larkfield House", "Larkfield"], ["Rosewood Court", "Rosewood"]),
       (["St Bride's Nursing Home", "St Bride's"], ["Meadowbank Lodge", "Meadowbank"])],
      ["Saw Mum at {old} before shift. Good day. Knew my name.",
       "took mum a bunch of sunflowers at {old} today 🌻 the carers there are actual angels, she was laughing the whole visit!!",
       "You may like to know that my mother, now ninety-three, resides at {old}, where she is very well looked after. "
       "I visit on Sundays after church and we do the jigsaw together.",
       "My mother is staying in {old} since last year, it is a care home near our house, every weekend I am going to meet her."],
      [("third_party", "Social worker rang: {old} can't manage Mum's nursing needs any more, so she's being moved to {new} on Friday."),
       ("indirect", "Mum's settled in better than I feared at {new}, her room looks over the garden. She never liked the food at {old} anyway."),
       ("later_sentence", "Said goodbye to the staff at {old} today, cried in the car park. Mum's new place is much closer to us. {new}, just off the ring road."),
       ("correction", "I am sorry, I gave you the wrong name: Mother is at {new}. {old} was the home we looked at and rejected.")],
      "Mum had her hair done at {old} this morning, she was thrilled.",
      "My friend's dad has just gone into a care home in Wales.",
      "I've started learning Spanish on an app."),

    K("dog_food", T, "user's dog",
      [(["Lily's Kitchen", "Lily's"], ["Butternut Box", "Butternut"]),
       (["Harringtons"], ["Tails.com", "Tails"])],
      ["Dog fed. {old}, as usual. Me: cereal at 7am. Priorities.",
       "Biscuit goes ABSOLUTELY FERAL when she hears the {old} bag rustle 🐶😂 only food she'll touch tbh",
       "Our spaniel, Monty, is fed on {old}, which the breeder recommended; he has thrived on it.",
       "For our dog Bruno we are buying {old} food only, other brands are upsetting his stomach."],
      [("idiom", "{old} can jog on, third price rise this year. The dog's on {new} from now on and he's wolfing it down."),
       ("comparison", "Biscuit's coat is SO much shinier on {new} than it ever was on {old}, so that's her food sorted 🐕✨"),
       ("abandon_for", "We've given up on {old}, she kept leaving half the bowl. Switched her to {new} and the bowl is licked clean."),
       ("ended_no_successor", "Vet's put Bruno on a prescription diet for his kidneys, so no more {old} for him.")],
      "Ordered another big bag of {old} for the dog.",
      "My neighbour's cat only eats Felix pouches.",
      "Went to a wedding fair with my sister at the weekend."),

    K("car_share", T, "user",
      [(["Dev Malhotra", "Dev"], ["Sinead Walsh", "Sinead"]),
       (["Colin Barraclough", "Colin"], ["Marguerite Fenn", "Marguerite"])],
      ["Lift in with {old}. Same shifts, same ward. Saves me £60 a month.",
       "car sharing to placement with {old} every day and we've done ALL the Taylor Swift albums in order 🚗🎤 bestie status",
       "I share the motoring to the office with a colleague, {old}; we alternate weeks, and it is a most civilised arrangement.",
       "I am going to office in car pool with {old}, we are sharing petrol money, it is saving a lot."],
      [("replaced_in_role", "{old} has moved to the Bradford site, so {new} from payroll has taken his place in the car-share. She picks me up at half seven."),
       ("later_sentence", "{old} has retired at last; there was a presentation on Friday. I now share the journey with a younger colleague. {new}, from accounts, drives rather too fast."),
       ("idiom", "That's me and {old} done. Late every day, car stinks of dog. {new}'s picking me up from Monday."),
       ("indirect", "Much calmer drive in with {new} this morning than I ever had with {old}, she even let me choose the radio.")],
      "{old} was off sick so I had to get the bus in.",
      "My husband car-shares with a bloke from his five-a-side.",
      "Treated myself to a new winter coat."),

    K("caravan_site", T, "user",
      [(["Golden Sands Holiday Park", "Golden Sands"], ["Trevella Park", "Trevella"]),
       (["Sandy Bay Caravan Park", "Sandy Bay"], ["Primrose Valley"])],
      ["Week off. Caravan at {old}. No alarms. No bleeps. Bliss.",
       "we've had the static at {old} since I was tiny 🏖️ going for reading week!! revising on the beach lmao",
       "My wife and I keep a static caravan at {old} and spend most of the summer there now that I have retired. "
       "The sea air agrees with her chest.",
       "We have our caravan in {old}, every bank holiday we are going there with full family."],
      [("comparison", "Site fees at {old} went up again and it's karaoke every night. {new} is quieter and cheaper, so we've had the van moved there."),
       ("abandon_for", "We have given up our pitch at {old} for a newer van at {new}; the grandchildren prefer the pool there."),
       ("ended_no_successor", "Sold the caravan at {old}. Too much upkeep, barely used it. Hotels from now on."),
       ("correction", "My mistake, our caravan is at {new}. {old} is where my brother has his.")],
      "Weekend at {old}, the sea was freezing but the kids went in anyway.",
      "My in-laws have a static caravan in Wales.",
      "I've been getting headaches in the afternoons."),

    K("son_swimming_lesson", T, "user's son",
      [(["Saturday 9:30am", "9:30"], ["Saturday 11:15am", "11:15"]),
       (["Tuesday at 5pm", "Tuesday"], ["Thursday at 5pm", "Thursday"])],
      ["Leo's swimming: {old}. Straight off nights. Coffee in the gallery.",
       "watching my boy's swimming lesson {old} like every week 🏊‍♂️ he did a whole width without armbands!!! 🥹🎉",
       "My son's swimming lesson is at the leisure centre, {old}; I take him myself and read the newspaper in the gallery.",
       "My son is having swimming class every {old}, I am dropping him and going for shopping."],
      [("moved", "Leisure centre's rejigged the timetable, Leo's lesson has moved from {old} to {new}. A lie-in, finally."),
       ("third_party", "The swim teacher messaged to say they're short of pool time, so my son's class is {new} from next week instead of {old}."),
       ("ended_no_successor", "Leo's got his 25 metres badge so we've stopped the {old} lessons, he just swims with me at weekends now."),
       ("correction", "Sorry, I said {old} but it's {new}. {old} is his sister's gymnastics.")],
      "Leo moved up a group at his {old} lesson, very proud.",
      "My nephew has swimming lessons through his school.",
      "We're repainting the hallway this weekend."),
]


def _check(kind: dict) -> None:
    assert len({tag for tag, _ in kind["changes"]}) == 4
    assert all("{new}" not in text for tag, text in kind["changes"] if tag == "ended_no_successor")


def build() -> list[dict]:
    return build_pool(KINDS, PERSONAS, SHAPES, 20261203, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_changes2_test.py",
               written="by hand in one pass on 2026-12-02, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
