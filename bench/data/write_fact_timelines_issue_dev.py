"""Writes bench/data/fact_timelines_issue_dev.json: a fresh dev pool over 15 everyday attribute kinds.

Why: the earlier pools (dev, dev2, test, changes, changes2) have all been looked at, and fixes have been
tuned against their wording. This pool asks whether what was learnt carries over to 15 attribute kinds
people really state about their lives (a pet's name, a race, a gym, a phone, a bank, a GP, where a sibling
lives, a language, a band, a laptop, how they take their coffee, a diet, a wedding anniversary, a wake-up
time, a car), in four new voices, with changes said the way people say them.

How and when: written by hand, in one pass, on 2026-12-02, by a helper session that had not read the
extraction code (``memory_core/``, ``mneme/``, ``desktop_app/``) nor any other pool's data, and had run
nothing of the system; no system output on these timelines existed when it was written. Only the format of
``write_fact_timelines_changes2_dev.py`` (whose structure this copies; none of its sentences are reused) and
``kind_timelines`` of ``write_fact_timelines_dev2.py`` were read. Statements are in four personas' voices
and NOT all plain: some indirect ("we named him X", "X is who I bank with"), some inside a longer message,
some naming the attribute by another word ("the surgery", "the motor", "brekkie coffee"). The D2 messages
are tagged with their shape:

* ``indirect``: the change is told as a story, the new value named in passing;
* ``later_sentence``: the old one ends in one sentence, the new value comes a sentence or two later;
* ``ended_no_successor``: stopped, sold, split up, with nothing named in its place (``new == []``);
* ``correction``: the D1 value was never right (``check_as_of == False``);
* ``comparison``: "Y is miles better than X, so that's what I do now";
* ``third_party``: someone else reports the change ("the receptionist says ...", "mum rang to say ...");
* ``idiom``: gone off it / can jog on / knocked it on the head, the replacement in the same breath;
* ``moved``: a date or time moved to another (anniversary, wake-up time), and, for ``sibling_city``, the
  sister moving from one city to another (the one kind here where a place, not a time, moves);
* ``replaced_in_role``: someone or something takes over the old one's role (a GP, a dog, a laptop, a car);
* ``abandon_for``: one thing given up for another (a race, a language, a band, a coffee, a diet).

Per kind: 2 (old, new) value pairs, 4 statements (statement i in persona i's voice), 4 change phrasings of
4 different shapes, 2 no-change mentions ("mention": the old value named with no change, "other_person":
someone else's same attribute) and one unrelated later fact -> 7 timelines. 15 kinds, 105 timelines; 2 kinds
are about someone else (the dog, the sister). Shape counts over the 60 changes: indirect 7, later_sentence 7,
ended_no_successor 7, correction 7, comparison 7, third_party 7, idiom 6, abandon_for 5, replaced_in_role 4,
moved 3.

One split, ``issue_dev``. Scored by ``bench/bench_fact_checks.py --set issue_dev`` (where wired).

Run: ``python bench/data/write_fact_timelines_issue_dev.py`` (deterministic: dates come from a seeded RNG).
"""
from __future__ import annotations

from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.data.change_pool import K, build_pool, write_pool

OUT = Path(__file__).resolve().parent / "fact_timelines_issue_dev.json"
#: split -> its four personas: statement i of a kind is in persona i's voice
PERSONAS = {
    "issue_dev": ("hector_retired_scot_formal_stirling",      # 0: long, formal, asides between dashes
                  "jaz_20_fast_chat_slang_glasgow",           # 1: fast chat, slang, abbreviations, lower case
                  "dee_busy_parent_short_notes_reading",      # 2: terse practical notes and reminders
                  "lucia_spanish_nonnative_edinburgh"),       # 3: fluent second language (Spanish word order)
}
SHAPES = ("indirect", "later_sentence", "ended_no_successor", "correction", "comparison", "third_party",
          "idiom", "moved", "replaced_in_role", "abandon_for")



D = "issue_dev"

KINDS = [
    K("pet_name", D, "user's dog",
      [(["Sir Barnaby", "Barnaby"], ["Hamish"]),
       (["Pepper"], ["Mr Biscuit", "Biscuit"])],
      ["We acquired a wire-haired terrier from a rescue centre near Callander some three years ago -- against "
       "my better judgement, I might add, having sworn off dogs after the last one -- and we named him {old}, "
       "after a great-uncle of my wife's who was similarly stubborn.",
       "omg my dog {old} just ate a whole sock again 😭 the vet is gonna know us by name at this point",
       "Dog food nearly out. Get the big bag for {old} on the way home, and book the jabs.",
       "We have a dog, the name is {old}, he is very naughty but the children love him so much."],
      [("replaced_in_role", "We lost {old} in the spring, which hit us all harder than I'd expected. There's a "
                            "rescue lad now, {new}, who has taken over {old}'s spot by the fire and the job of "
                            "barking at the postman."),
       ("correction", "ugh autocorrect, the dog's called {new} not {old}, my phone keeps changing it and he "
                      "has never once been {old}"),
       ("ended_no_successor", "Had to have {old} put to sleep on Friday. House feels empty. Not ready for "
                              "another one, maybe not ever."),
       ("later_sentence", "Took {old} back to the rescue in the end, the barking was too much for the "
                          "neighbours and we'd tried everything. The kids were gutted for a week. Then we met "
                          "{new} at the shelter open day and that was that, he's asleep on my feet right now.")],
      "{old} rolled in something horrible on the beach this morning, so that's my afternoon sorted.",
      "My neighbour's collie is called Skye and she's the cleverest dog I've ever met.",
      "The boiler's making a clanking noise again when the heating comes on."),

    K("race_training", D, "user",
      [(["the Loch Ness Marathon", "Loch Ness Marathon", "Loch Ness"], ["the Great North Run", "Great North Run"]),
       (["the Edinburgh Half Marathon", "Edinburgh Half"], ["the Manchester Marathon", "Manchester Marathon"])],
      ["I have, rather to the amusement of my grandchildren, been in training for {old} since January; at "
       "seventy-one I am under no illusion about my finishing time, but the discipline of the thing suits me.",
       "long run sunday 18k 💀 all for {old} bc apparently i hate myself",
       "Sat: long run 7am before swimming. Entry for {old} paid, don't let me chicken out.",
       "I am preparing for {old}, is my first race of this distance, I run four times in the week."],
      [("abandon_for", "I've pulled out of {old} - the knee won't stand the mileage - and entered {new} "
                       "instead, it gives me a few more months to get it right."),
       ("idiom", "knocked {old} on the head tbh, training for {new} now, my mates are all doing it"),
       ("ended_no_successor", "Withdrew from {old} this morning and asked for the refund. I'm done with racing "
                              "for now, I'll just run for fun."),
       ("correction", "I said {old} earlier, that's wrong, I mixed it up with my pal's race. The one I'm "
                      "actually training for is {new}.")],
      "Did my first twenty-miler today, {old} is starting to feel possible.",
      "My colleague is doing the London Marathon for a cancer charity, I've sponsored her twenty quid.",
      "Remind me to renew the TV licence before the end of the month."),

    K("gym", D, "user",
      [(["PureGym Leith", "PureGym"], ["The Gym Group Meadowbank", "Gym Group"]),
       (["Anytime Fitness Dundee", "Anytime Fitness"], ["David Lloyd Glasgow", "David Lloyd"])],
      ["On the advice of my cardiologist -- a sensible woman, though rather too fond of leaflets -- I now "
       "attend {old} on Monday, Wednesday and Friday mornings, chiefly for the rowing machine and the company "
       "of other early risers.",
       "leg day at {old} absolutely destroyed me cant walk down stairs lmao",
       "Gym bag in car. {old} at 6 before work Tues/Thurs, kids' stuff packed the night before.",
       "I have the membership of {old} since last year, I go after the work for the swimming and the machines."],
      [("comparison", "Tried {new} on a day pass - cleaner, no queue for the squat rack, and cheaper than "
                      "{old}. Honestly no contest, I've moved my membership over."),
       ("later_sentence", "Cancelled {old} yesterday, the changing rooms were a disgrace and half the machines "
                          "had out-of-order signs. Signed up at {new} this morning, it's on my way to work "
                          "anyway."),
       ("third_party", "My wife has told the whole family I've left {old} and joined {new} - which is true, I "
                       "just hadn't got round to mentioning it myself."),
       ("idiom", "{old} can jog on after that price hike, it's {new} for me from now on.")],
      "Saw the weirdest thing at {old} tonight, a guy doing bicep curls in the squat rack in jeans.",
      "My brother's just joined a boxing gym in Falkirk, he's loving it.",
      "I've started reading The Count of Monte Cristo, it's enormous."),

    K("phone", D, "user",
      [(["iPhone 13 mini", "13 mini"], ["Pixel 8 Pro", "Pixel 8"]),
       (["Samsung Galaxy S21", "Galaxy S21", "S21"], ["Fairphone 5", "Fairphone"])],
      ["My son-in-law, who considers himself an authority on these matters, prevailed upon me to purchase the "
       "{old}, which I use principally for the crossword, the weather and, under protest, the family group "
       "chat.",
       "my {old} battery is actually dying by 2pm its so over",
       "Phone: {old}. Case cracked, order new one + screen protector.",
       "I am using {old} since two years, the camera is very good for photos of my daughter."],
      [("comparison", "The {new} takes far better photos than the {old} ever did and the battery lasts two "
                      "days, so the old one's in the drawer and I'm on the {new} now."),
       ("indirect", "Spent all last night moving my photos and WhatsApp across to the {new}, the {old}'s going "
                    "on eBay this weekend."),
       ("idiom", "done with the {old} fr, screen's cracked and it lags like mad, switched to the {new} and "
                 "never looking back"),
       ("third_party", "My daughter's just told Gran I've finally ditched the {old} - she set up my {new} for "
                       "me at the weekend and I'm still learning where everything is.")],
      "Dropped my {old} in the bath last night, it survived, thank god.",
      "My husband still has a flip phone, he refuses to get a smartphone.",
      "The clocks go back this weekend, I always forget."),

    K("bank", D, "user",
      [(["Nationwide Building Society", "Nationwide"], ["Monzo"]),
       (["Royal Bank of Scotland", "RBS"], ["Starling Bank", "Starling"])],
      ["I have banked with {old} for the better part of forty years -- my late father opened the account for me "
       "when I was an apprentice -- and I have seen no reason to change, whatever the young people say about "
       "their apps.",
       "{old} is who i bank with and their app just logged me out for the 5th time today im losing it",
       "Ring {old} re: standing order for nursery fees. Current account, not savings.",
       "My salary is going into {old}, I opened the account when I arrived to Scotland."],
      [("later_sentence", "Closed my account at {old} today after the branch shut and the phone queue was an "
                          "hour. Salary goes into {new} from next month, the switch service moves everything "
                          "over."),
       ("comparison", "{new} just does everything better than {old} - instant notifications, proper savings "
                      "pots, no fees abroad. Moved my current account over last week."),
       ("correction", "Sorry, I misspoke earlier - my account's with {new}, not {old}. {old} is my wife's bank, "
                      "I've never had an account there."),
       ("indirect", "Got my new debit card from {new} through the post this morning, so that's the last of the "
                    "direct debits moved off {old}.")],
      "{old} sent me a fraud alert about a payment in Lisbon, turned out it was fine.",
      "My mum banks with the Post Office, she likes going in to the counter.",
      "The tomatoes in the greenhouse have finally started going red."),

    K("doctor", D, "user",
      [(["Dr Fiona Mackay", "Dr Mackay"], ["Dr Raj Patel", "Dr Patel"]),
       (["Dr Eileen Byrne", "Dr Byrne"], ["Dr Tomasz Nowak", "Dr Nowak"])],
      ["My general practitioner, {old}, at the Bridge of Allan practice, has been managing my blood pressure "
       "with commendable patience since 2009, notwithstanding my occasional lapses with the salt cellar.",
       "finally got an appt with {old} after 3 weeks of trying, the surgery phone line is a war crime",
       "Kids' jabs booked with {old} at the surgery, Thurs 3:40. Bring red book.",
       "The family doctor for us is {old}, very kind with the children, explains everything slowly for me."],
      [("replaced_in_role", "{old} has retired at last, and the practice has handed all of those patients over "
                            "to {new}, who seems perfectly competent if a little brisk."),
       ("third_party", "Receptionist at the surgery says {old} has left the practice and I've been put on "
                       "{new}'s list from now on."),
       ("later_sentence", "{old} went on maternity leave in the summer and isn't coming back, apparently. Saw "
                          "{new} this week instead and I'm sticking with them, actually listened to me."),
       ("correction", "Oops, I said {old} is our GP - no, that's the doctor at the walk-in clinic. Our family "
                      "doctor is {new}, always has been.")],
      "{old} wants me back in a fortnight to check the blood results.",
      "My father-in-law's GP in Cork still does home visits, can you imagine.",
      "I've booked the ferry to Arran for the second week of August."),

    K("sibling_city", D, "user's sister",
      [(["Inverness"], ["Perth"]),
       (["Bristol"], ["Valencia"])],
      ["My younger sister, Morag, has lived in {old} since her marriage in 1979, and although the journey is "
       "not what it was, I still make the trip to see her every Easter.",
       "my sister lives in {old} now and keeps sending me pics of her flat like ok we get it ur an adult",
       "Sister's birthday Sat. Post card to {old} by Weds at the latest.",
       "My sister she lives in {old}, we speak by video every Sunday."],
      [("moved", "My sister's upped sticks from {old} to {new}, the new job finally came through - spent the "
                 "weekend helping her unpack boxes."),
       ("third_party", "Mum rang to say my sister's sold her flat in {old} and bought a place in {new}. News to "
                       "me, she never tells me anything."),
       ("correction", "No wait, my sister's in {new}, not {old}. {old} is where she went to uni, I always get "
                      "muddled."),
       ("later_sentence", "My sister's handed in the keys on her flat in {old}, she'd had enough of the rent. "
                          "She's got a wee house in {new} now, ten minutes from her work.")],
      "My sister says it's been snowing all day in {old}, she's stuck in the house.",
      "My pal's brother has just moved to Toronto for work.",
      "The car needs its MOT before the end of the month."),

    K("language_learning", D, "user",
      [(["Italian"], ["Japanese"]),
       (["Scottish Gaelic", "Gaelic"], ["Portuguese"])],
      ["In my retirement I have taken up {old}, through an evening class at the university and a rather "
       "demanding owl on my telephone, with a view to reading a little of it before I die.",
       "day 212 on duolingo doing {old} 🦉 the owl owns me at this point",
       "{old} class Weds 7pm, homework not done. Do it on the train.",
       "Now I am learning {old}, because English is not enough difficult for me apparently, ha ha."],
      [("abandon_for", "I've given up on {old}, I was getting nowhere with it. Started {new} instead, for the "
                       "trip next year."),
       ("idiom", "lowkey fell out of love with {old}, its all {new} now, got a new app and everything"),
       ("ended_no_successor", "Packed in {old} - cancelled the class and deleted the app. No more languages "
                              "for me, my brain's full."),
       ("comparison", "{new} is just far more fun than {old} ever was for me, so that's what I spend my "
                      "evenings on now.")],
      "Got 90% on my {old} test tonight, dead chuffed.",
      "My son is doing German at school and he hates it.",
      "We need to sort out the guttering before winter."),

    K("band", D, "user",
      [(["The Rusty Hinges", "Rusty Hinges"], ["Kelpie Static"]),
       (["Northern Drift"], ["The Brass Monkeys", "Brass Monkeys"])],
      ["For some years now I have played the fiddle with {old}, a ceilidh band of, let us say, mature years, who "
       "perform at weddings and the occasional village hall where the floor can bear it.",
       "gig w {old} friday at the bar on Sauchiehall st, come pls we need ppl there",
       "Drums in car Sat. {old} gig 8pm, babysitter til midnight.",
       "I am playing the bass in {old}, we practise in a garage each Thursday."],
      [("abandon_for", "I've quit {old} - too many late nights on the road - and joined {new}, they only play "
                       "locally."),
       ("later_sentence", "Played my last gig with {old} on Saturday. Creative differences, which is a polite "
                          "way of putting it. Start rehearsing with {new} next week, they needed someone at "
                          "short notice."),
       ("ended_no_successor", "{old} have split up and I've sold my gear. That's me done with bands."),
       ("third_party", "My mate put it on Facebook before I could: I've left {old} and I'm playing with {new} "
                       "now.")],
      "Rehearsal with {old} ran till eleven, my fingers are in bits.",
      "My cousin plays keys in a wedding band in Ayrshire.",
      "I keep meaning to clear out the loft."),

    K("laptop", D, "user",
      [(["MacBook Air M1", "MacBook Air"], ["ThinkPad X1 Carbon", "ThinkPad"]),
       (["Dell XPS 13", "XPS 13"], ["Framework Laptop 13", "Framework"])],
      ["I compose these messages on a {old}, acquired second-hand from my nephew, which has served admirably "
       "save for a tendency to run hot when I have too many windows open -- a failing I share.",
       "my {old} has survived 3 years of uni and one full coffee spill, absolute tank",
       "Laptop = {old}. Needs new charger, the dog chewed it.",
       "For my work I use {old}, the company gave to me when I started."],
      [("comparison", "The {new} is miles better than the {old} for what I do, proper keyboard and I can "
                      "actually fix it myself, so that's my laptop now."),
       ("indirect", "Wiped the {old} and gave it to my nephew for college, I'm writing this on the {new}."),
       ("replaced_in_role", "The {new} has taken over from the {old} as my everyday machine; the old one only "
                            "comes out of the drawer in emergencies."),
       ("ended_no_successor", "Sold the {old} on Gumtree. I do everything on the tablet now, don't need a laptop "
                              "any more.")],
      "The {old} needed a software update and took forty minutes, couldn't do anything.",
      "My husband's work laptop weighs a ton, he complains about it daily.",
      "I've run out of stamps again."),

    K("coffee", D, "user",
      [(["flat white"], ["black with one sugar", "black, one sugar"]),
       (["oat milk latte", "oat latte"], ["double espresso", "espresso"])],
      ["My morning coffee, I regret to say, has become something of a ritual: {old}, from the café by the "
       "station, taken standing while I read the headlines, and woe betide anyone who speaks to me before it "
       "is finished.",
       "brekkie coffee = {old} or i literally cannot function",
       "Coffee order for Sat (me): {old}. Kids: babyccinos.",
       "In the morning I drink always {old}, in Spain we drink different but I got used to it here."],
      [("idiom", "Totally gone off {old} lately - it's {new} for me now, every time."),
       ("comparison", "Honestly {new} beats {old} hands down first thing, so that's what I order now."),
       ("abandon_for", "Gave up the {old} habit when I cut down on milk, so it's {new} from now on."),
       ("correction", "Ignore what I said about {old}, no idea why I wrote that. I take my coffee {new}, always "
                      "have.")],
      "The new café on the corner makes a decent {old}, I'll go back.",
      "My wife takes so much milk in her coffee it's basically hot milk.",
      "The library books are due back on Friday."),

    K("diet", D, "user",
      [(["vegetarian", "veggie"], ["keto"]),
       (["vegan"], ["pescatarian"])],
      ["I became {old} some twelve years ago -- not out of principle, I confess, but after reading a rather "
       "alarming article in the Sunday paper -- and my wife, to her great credit, followed suit within the "
       "month.",
       "been {old} for like 2 yrs now and my nan still asks if i eat chicken every sunday",
       "Me = {old}, so check labels for the party food. Kids eat anything.",
       "I am {old} since I was student, for the animals, and my husband is trying also now."],
      [("abandon_for", "Gave up being {old} in the end, the blood test showed I was low on everything. I'm {new} "
                       "now, on the dietitian's advice."),
       ("ended_no_successor", "Packed in the {old} thing at Christmas. I eat a bit of everything now, no rules."),
       ("idiom", "fell off the {old} wagon big time lol, {new} now and honestly feeling better"),
       ("indirect", "Cooked for the in-laws last night and had salmon myself, which still feels strange after "
                    "all those years {old}, but {new} suits me better.")],
      "Found a brilliant {old} place in town, the menu's huge.",
      "My brother's doing intermittent fasting, he's unbearable before lunch.",
      "The window cleaner's coming on Tuesday."),

    K("anniversary", D, "user",
      [(["14 March", "14th March"], ["9 June", "9th June"]),
       (["2 September", "2nd September"], ["21 December", "21st December"])],
      ["My wife and I were married on {old} 1978, in a small kirk outside Crieff, and I am under strict "
       "instructions never again to forget it, as I did -- once, and only once -- in 1991.",
       "wedding anniversary's {old}, first one!! and i have zero ideas, he says he doesnt want anything but "
       "thats a lie",
       "Anniversary {old}. Book table + sitter. Card!",
       "We married on {old}, so every year in this day we go to the same restaurant."],
      [("moved", "We've moved our anniversary to {new} - we had the church blessing then, and it's nicer than "
                 "{old}, which was only ever the registry office."),
       ("correction", "Oh, did I tell you {old} for our anniversary? No, that's his birthday. We got married on "
                      "{new}."),
       ("third_party", "My wife has announced to the family that from now on we keep our anniversary on {new}, "
                       "the day of the church blessing, rather than {old}, and who am I to argue."),
       ("indirect", "Had the anniversary dinner on {new} this year, as we will from now on - the registry "
                    "office date of {old} never felt like the real one.")],
      "Booked the restaurant for {old}, anniversary sorted.",
      "My parents' anniversary is at Christmas, they always complain nobody remembers it.",
      "The kitchen tap's dripping again."),

    K("wake_up_time", D, "user",
      [(["6:30", "half six"], ["5:45", "quarter to six"]),
       (["7:15", "quarter past seven"], ["6:00", "6am", "six o'clock"])],
      ["Old habits from the shipyard die hard: I rise at {old} each morning without an alarm, make the "
       "porridge, and am at the window to watch the light come up over the Ochils.",
       "alarm goes off at {old} every day and i snooze it like 4 times its a problem",
       "Alarm {old} weekdays. Packed lunches night before or we're late.",
       "I wake up every day at {old}, I need a lot of coffee in the morning."],
      [("moved", "Had to move the alarm from {old} to {new} now the new shift pattern's started."),
       ("indirect", "Up and showered by {new} this morning, same as every day now the school run starts "
                    "earlier - {old} feels like a lie-in I'll never see again."),
       ("comparison", "Getting up at {new} suits me far better than {old} did, I get a quiet hour before the "
                      "house wakes up, so that's when the alarm goes now."),
       ("ended_no_successor", "No more {old} alarm - switched it off for good since I stopped working. I get up "
                              "whenever I wake.")],
      "Overslept past {old} this morning and the whole day's been a mess.",
      "My flatmate gets up at 4 for his bakery shifts, I don't know how he does it.",
      "I've started a sourdough starter, it smells like glue."),

    K("car", D, "user",
      [(["Skoda Octavia estate", "Octavia"], ["Kia Niro EV", "Niro"]),
       (["Volvo V70", "V70"], ["Toyota Yaris Hybrid", "Yaris"])],
      ["The motor, as my grandson insists on calling it, is a {old}, bought in 2016, which has carried us, the "
       "dog and an unreasonable quantity of luggage to the Highlands and back more times than I can count.",
       "i drive a {old} held together by duct tape and vibes but shes mine",
       "{old} due for service. Book garage Mon, need car back for pickup 3pm.",
       "For go to work I drive {old}, is old car but never it broke."],
      [("replaced_in_role", "There's a {new} sitting where the {old} used to be on the drive - the old girl "
                            "finally went to the scrapyard last week."),
       ("indirect", "Still getting used to the {new} - the {old} went in part-exchange on Saturday, and I keep "
                    "reaching for a gearstick that isn't there."),
       ("later_sentence", "The {old} failed its MOT on just about everything, so that's it gone for scrap. "
                          "Picked up a {new} from the garage this afternoon, lovely to drive."),
       ("third_party", "My neighbour's been telling everyone on the street that we've sold the {old} and got a "
                       "{new} - she's right, though I'd have liked to tell them myself.")],
      "The {old} made a funny noise on the motorway this morning, hope it's nothing.",
      "My daughter's just passed her test and bought a little Fiat 500.",
      "I've signed up for a pottery class on Wednesday evenings."),
]


def _check(kind: dict) -> None:
    assert len({tag for tag, _ in kind["changes"]}) == 4, kind["kind"]
    assert all("{new}" not in text for tag, text in kind["changes"] if tag == "ended_no_successor")
    assert "{old}" in kind["mention"] and "{old}" not in kind["other"]


def build() -> list[dict]:
    return build_pool(KINDS, PERSONAS, SHAPES, 31337, check=_check)


def main() -> None:
    write_pool(OUT, build(), KINDS, PERSONAS, generator="bench/data/write_fact_timelines_issue_dev.py",
               written="by hand in one pass on 2026-12-02, before any system output on it existed; never edited after")


if __name__ == "__main__":
    main()
