"""Builds retrieval_set.json: a labelled multi-session conversation set, written by the Mneme team.

Questions come in two kinds, so that each single method has a weakness:
* ``paraphrase``: the question shares no content word with its evidence
  ("Did I quit my job?" / "I finally handed in my resignation letter") - BM25 misses;
* ``exact``: the question hinges on a rare name, code or number, and near-miss
  distractors say the same thing about another one ("flight LH1172" vs "flight
  BA0193") - dense similarity confuses them.
Filler sessions share everyday vocabulary with the questions (hard negatives).
Run: python bench/data/build_retrieval_set.py
"""
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

PARAPHRASE = [
    ("Did I mention side effects from my medication?", "I've been getting awful headaches every afternoon since starting the new pills."),
    ("What did the property owner say about repairs to the house?", "Our landlord finally agreed to fix the leaking roof before winter."),
    ("When did my baby start walking?", "Mia took her first steps yesterday, she wobbled straight into the couch!"),
    ("What happened with the home loan?", "I'm so nervous, the bank rejected our mortgage application again."),
    ("Tell me about the new pet dog.", "We adopted a rescue greyhound, he's terrified of stairs."),
    ("Any vehicle trouble while driving on the highway?", "My car broke down on the motorway and the tow truck took three hours."),
    ("Did I quit my job?", "I finally handed in my resignation letter this morning."),
    ("Why did the kids' celebration get called off?", "The twins both caught chickenpox, so we cancelled the birthday party."),
    ("What ceramics class am I taking?", "I signed up for a pottery course on Wednesday evenings."),
    ("Did someone in my family die?", "Grandma passed away peacefully in her sleep last night."),
    ("Do I have insomnia problems?", "I've been sleeping terribly, waking up at 3am every night."),
    ("What home improvement project am I planning?", "We're saving up to renovate the kitchen, new cabinets and countertops."),
    ("Did my manager compliment my work?", "My boss praised my presentation in front of the whole team."),
    ("What cooking disaster did I have?", "I burned the lasagna again, the oven runs way too hot."),
    ("Is my cat having an operation?", "The vet says Luna needs surgery on her hip."),
    ("What race did I complete?", "I ran my first half marathon in just under two hours!"),
    ("Am I pregnant?", "We're expecting a baby girl in September."),
    ("Did I get fined for my car?", "I got a parking ticket outside the dentist, sixty quid."),
    ("Have I been depressed?", "Feeling really down lately, nothing seems fun anymore."),
    ("What language am I studying?", "I've started learning Japanese with an app every morning."),
    ("Did my plane leave late?", "Our flight got delayed six hours so we missed the connection in Frankfurt."),
    ("Did my working hours change?", "I switched to the night shift, so I sleep during the day now."),
    ("What's wrong with the heating system?", "The plumber said the boiler is beyond repair and must be replaced."),
    ("Is anyone in my family getting married?", "My sister got engaged to her girlfriend over the weekend!"),
    ("Am I on a diet?", "I've cut out sugar completely for a month now."),
    ("Is my father having memory problems?", "Dad's been forgetting things a lot, we're worried it's dementia."),
    ("Did I purchase a house by the sea?", "We bought a little cottage near the coast."),
    ("What sport do I do?", "I've been bouldering twice a week at the climbing gym."),
    ("Did I break my computer?", "My laptop screen cracked when I dropped it on the train."),
    ("What did the doctors say about the test?", "The hospital called, my biopsy results came back clear."),
]
EXACT = [
    ("When is flight LH1172?", "LH1172 confirmed: Munich, 06:40 on the 14th, seat 23C.",
     ["Booked flight BA0193 to Rome, departs 07:15 on the 3rd.", "Flight KL1002 to Amsterdam got cancelled, rebooking now."]),
    ("What did Dr. Okonkwo say?", "Okonkwo's advice: double the vitamin D.",
     ["Dr. Patel wants me to cut back on salt.", "Dr. Lindqvist said my blood pressure is fine."]),
    ("Where is order #88314?", "#88314 (standing desk) is stuck in customs.",
     ["Order #77120 (the office chair) arrived damaged.", "Order #90211 (the monitor arm) shipped today."]),
    ("What happened in Hvaler?", "Hvaler: sailing all weekend, badly sunburnt.",
     ["Spent the weekend sailing near Tjome, the wind was perfect.", "Spent a weekend kayaking around the islands last year."]),
    ("What's in room 4127?", "4127 on the fourth floor is booked for the offsite workshop.",
     ["The team meeting moved to room 2210.", "Training is in room 3305 after lunch."]),
    ("Who is Bartholomew?", "Bartholomew from accounting keeps stealing my yogurt.",
     ["Someone from marketing keeps taking my lunch from the fridge.", "Gregory from sales borrowed my charger again."]),
    ("What number is gym locker 212?", "212 is my locker at the gym, code 5590.",
     ["My office locker is number 48.", "The pool locker was 731 last time."]),
    ("What did I think of Cloud Atlas?", "Cloud Atlas blew my mind with its structure.",
     ["Finished The Overstory, loved all the trees.", "Finished Piranesi, beautiful and strange book."]),
    ("When is the Zimmerman deposition?", "Zimmerman: depo moved to the 22nd.",
     ["The Harlow hearing is on the 9th.", "The Chen mediation got postponed again."]),
    ("Whose car is KV-482-PL?", "KV-482-PL is the rental, a silver Skoda.",
     ["Our own car plate is MN-120-TX.", "The van we borrowed was JJ-991-AB."]),
    ("What was the 1240 euro invoice for?", "Paid 1240 euro for the roof inspection.",
     ["Paid the 380 euro invoice for the chimney sweep.", "Paid the 2100 euro invoice for the new windows."]),
    ("Tell me about Project Nightjar.", "Nightjar launches in Q3, I'm leading the backend.",
     ["Project Kestrel was shelved last quarter.", "Project Osprey needs two more engineers."]),
    ("What did Ingrid recommend?", "Ingrid says the ramen place on Vesterbrogade is the best.",
     ["Tomas recommended a sushi bar downtown.", "Paula suggested the taco truck near the station."]),
    ("What is INC-20931 about?", "INC-20931: VPN drops every hour.",
     ["INC-20417 about the printer is still open.", "Opened INC-21877 about email sync failing."]),
    ("When is the Aurelio's reservation?", "Aurelio's, 8pm Friday, four people.",
     ["Reservation at Benno's for 7pm Saturday.", "Booked a table at Casa Mia for Sunday lunch."]),
    ("What is Tobias allergic to?", "Tobias can't have kiwi, remember that for the party.",
     ["Emma is allergic to strawberries.", "Lukas can't have gluten at all."]),
    ("How much atorvastatin do I take?", "Atorvastatin went up to 40mg at night.",
     ["Taking 500mg metformin twice a day.", "The ibuprofen is 200mg, max three a day."]),
    ("What did we do in Sorrento?", "Sorrento was ferries to Capri and too much gelato.",
     ["In Positano we mostly stayed at the beach.", "In Naples we ate pizza every single night."]),
    ("Who is Marguerite?", "Marguerite teaches me piano now, very strict.",
     ["Colette is the new violin teacher at school.", "My guitar teacher moved away last spring."]),
    ("What is the code 7731 for?", "7731 opens the garage door.",
     ["The alarm code is 2048.", "The building entry code changed to 1196."]),
]
#: Near-miss templates: a long history mentions many flights, orders, doctors... ({c} code, {n} name,
#: {p} place, {d} number). Ten more per exact question make the identifier the only way to tell them apart.
NEAR_MISS = {
    "When is flight LH1172?": "Flight {c} is on the {d3}th, leaving at {d}:{d2}.",
    "What did Dr. Okonkwo say?": "Dr. {n} said to keep taking the {m}, nothing else.",
    "Where is order #88314?": "Order #{d5} is still in transit somewhere.",
    "What happened in Hvaler?": "So much happened in {p} this weekend, what a trip.",
    "What's in room 4127?": "Room {d4} has the spare monitors and the printer.",
    "Who is Bartholomew?": "{n} is the new person in {dept}.",
    "What number is gym locker 212?": "My gym locker number changed to {d3}.",
    "What did I think of Cloud Atlas?": "I think {b} was a great book.",
    "When is the Zimmerman deposition?": "The {n} deposition is on the {d3}th.",
    "Whose car is KV-482-PL?": "The car with plate {plate} belongs to my neighbour.",
    "What was the 1240 euro invoice for?": "The {d4} euro invoice was for {job}.",
    "Tell me about Project Nightjar.": "Project {bird} is about the new billing system.",
    "What did Ingrid recommend?": "{n} recommended a good restaurant near {p}.",
    "What is INC-20931 about?": "Ticket INC-{d5} is about a network problem.",
    "When is the Aurelio's reservation?": "The reservation at {n}'s is at {d3}pm on {wd}.",
    "What is Tobias allergic to?": "{n} is allergic to {food}.",
    "How much atorvastatin do I take?": "I take {d3}mg of {m} every day.",
    "What did we do in Sorrento?": "In {p} we did a boat trip and ate a lot.",
    "Who is Marguerite?": "{n} is my new {inst} teacher.",
    "What is the code 7731 for?": "The code for the {thing} is {d4}.",
}
POOLS = {
    "n": "Alvarez Brennan Castillo Dubois Eriksen Fischer Gallagher Haddad Ivanova Jensen Kaur Laurent Moreau "
         "Novak Oyelaran Pereira Quinn Rossi Sato Takahashi Underwood Varga Weber Xu Yilmaz Zielinski".split(),
    "p": "Tromso Bergen Alesund Stavanger Lofoten Visby Gdansk Porto Split Kotor Bastia Ibiza Cadiz Bari Nice "
         "Brest Galway Cork Aarhus Malmo".split(),
    "m": "vitamin D,iron supplement,blood pressure pills,thyroid medication,antihistamine,statin,beta blocker,metformin".split(","),
    "o": "office chair,monitor arm,desk lamp,keyboard,webcam,bookshelf,rug,standing mat,headphones,printer".split(","),
    "dept": "marketing,sales,legal,support,design,finance,operations,HR".split(","),
    "b": "The Overstory,Piranesi,Middlemarch,Stoner,The Remains of the Day,Station Eleven,Circe,Klara and the Sun,"
         "The Goldfinch,Normal People,Dune,Shogun".split(","),
    "color": "silver grey white black blue red green".split(),
    "job": "chimney sweep,new windows,gutter cleaning,boiler service,garden work,roof repair,electrical check,"
           "plumbing,painting,tree trimming".split(","),
    "bird": "Kestrel Osprey Heron Falcon Kingfisher Lapwing Curlew Wren Merlin Plover Swift Harrier".split(),
    "wd": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split(),
    "food": "strawberries,peanuts,shellfish,sesame,eggs,milk,soy,mustard,celery,walnuts".split(","),
    "inst": "violin,guitar,cello,flute,drums,singing,saxophone,harp".split(","),
    "thing": "alarm,building entry,bike lock,safe,gate,shed,storage unit,mailbox".split(","),
    "fl": "second third fifth sixth seventh ground".split(),
}


def near_misses(template: str, rng: random.Random, count: int = 10) -> list[str]:
    out = []
    while len(out) < count:
        letters = "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2))
        text = template.format(
            c=f"{letters}{rng.randrange(100, 9999)}", d=rng.randrange(5, 23), d2=rng.randrange(10, 59),
            d3=rng.randrange(2, 28), d4=rng.randrange(1000, 9999), d5=rng.randrange(10000, 99999),
            q=rng.randrange(1, 5), plate=f"{letters}-{rng.randrange(100, 999)}-{letters[::-1]}",
            **{key: rng.choice(values) for key, values in POOLS.items()})
        if text not in out:
            out.append(text)
    return out


FILLER_USER = """Can you remind me to buy dog food tomorrow?
What's a good recipe for a quick chicken dinner?
My job is pretty boring this week, lots of spreadsheets.
I need to clean the house this weekend.
Any tips for keeping houseplants alive?
What should I pack for a weekend in the mountains?
How long should I boil an egg for a runny yolk?
I watched a documentary about octopuses, fascinating.
Can you help me write a thank-you note to my neighbour?
What's the difference between baking soda and baking powder?
I want to read more this year, any book suggestions?
My family is coming over for dinner on Sunday.
How do I get red wine out of a carpet?
The weather has been so grey lately.
Can you explain how compound interest works?
I should drink more water, remind me at lunch.
What's a polite way to decline a meeting invite?
My phone battery dies so fast these days.
How do I make cold brew coffee at home?
Give me a short stretching routine for my back.
I need a gift idea for a coworker who likes tea.
What's a good name for a sourdough starter?
Traffic was terrible on the way home again.
How many calories are in an avocado?
Can you summarize the plot of Hamlet?
I keep forgetting to water the tomatoes.
My manager wants the report by Friday, ugh.
What are some fun things to do in the rain with kids?
Do you know any good podcasts about history?
How do I change a flat tire on a bike?
I'm thinking of repainting the bedroom, maybe sage green.
What temperature should the fridge be?
Remind me to call the bank about my card.
What's a healthy snack for the afternoon slump?
My car needs an oil change soon.
Can you recommend a board game for four players?
How do I politely ask my neighbour to turn the music down?
I want to start journaling, how should I begin?
Suggest a playlist for a long drive.
What does a project manager actually do all day?
The dog chewed another shoe, typical.
How do I descale a kettle?
I'm hosting a book club next month, any tips?
Can you convert 5 miles to kilometres?
My kids want a trampoline, are they safe?
What's the best way to store fresh herbs?
Need to renew my gym membership this week.
I had a weird dream about flying over a city.
How should I prepare for a job interview?
What's a good stretch after running?
The house feels cold in the mornings.
How do I make my family's weekly meal plan easier?
Can you explain what a mortgage rate lock is?
My computer fan is making a loud noise.
What's a nice walk near a lake for a Sunday?
Help me plan a birthday dinner for a friend.
I should call my parents more often.
How much sleep does an adult actually need?
What's a good way to learn vocabulary in a new language?
The train was packed this morning.""".splitlines()
FILLER_ASSISTANT = """Sure, I'll remind you.
Here's a simple idea: roast it with lemon, garlic and potatoes for about 45 minutes.
That sounds tiring. Want to break the work into smaller pieces?
Good plan. Start with the kitchen and bathroom, they take longest.
Most houseplants die from overwatering; check the soil first.
Layers, a rain jacket, and good shoes are the essentials.
About six and a half minutes from boiling water.
Happy to help with that.
Here are a few options you might like.
That sounds like a lovely evening.
Noted. I'll bring it up at lunch.
Let me know if you want more detail on any of these.""".splitlines()


def build(seed: int = 7) -> dict:
    rng = random.Random(seed)
    start = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
    evidence_items = [("paraphrase", q, e, []) for q, e in PARAPHRASE] + [("exact", q, e, d) for q, e, d in EXACT]
    user_lines = FILLER_USER[:]
    sessions = []
    questions = []
    n_sessions = 25
    # spread evidence and distractors across sessions; every session also gets filler chat
    placements: dict[int, list[tuple[str, str | None]]] = {i: [] for i in range(n_sessions)}
    for index, (kind, question, evidence, distractors) in enumerate(evidence_items):
        qid = f"q{index + 1:02d}"
        placements[rng.randrange(n_sessions)].append((evidence, qid))
        if kind == "exact":
            distractors = distractors + near_misses(NEAR_MISS[question], rng)
        for distractor in distractors:
            placements[rng.randrange(n_sessions)].append((distractor, None))
        questions.append({"id": qid, "type": kind, "query": question, "evidence": []})
    by_id = {q["id"]: q for q in questions}
    counter = 0
    for s in range(n_sessions):
        at = start + timedelta(days=s * 13 + rng.randrange(5), hours=rng.randrange(10))
        chat = [(text, qid) for text, qid in placements[s]]
        for _ in range(rng.randrange(5, 9)):
            chat.append((rng.choice(user_lines), None))
        rng.shuffle(chat)
        messages = []
        for text, qid in chat:
            counter += 1
            mid = f"m{counter:04d}"
            messages.append({"external_id": mid, "role": "user", "text": text,
                             "at": (at + timedelta(minutes=2 * len(messages))).isoformat()})
            if qid:
                by_id[qid]["evidence"].append(mid)
            counter += 1
            messages.append({"external_id": f"m{counter:04d}", "role": "assistant",
                             "text": rng.choice(FILLER_ASSISTANT),
                             "at": (at + timedelta(minutes=2 * len(messages))).isoformat()})
        sessions.append({"thread": f"session-{s + 1:02d}", "messages": messages})
    return {"version": 1, "description": __doc__.strip().splitlines()[0], "sessions": sessions, "questions": questions}


if __name__ == "__main__":
    data = build()
    out = Path(__file__).with_name("retrieval_set.json")
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{sum(len(s['messages']) for s in data['sessions'])} messages in {len(data['sessions'])} sessions, "
          f"{len(data['questions'])} questions -> {out}")
