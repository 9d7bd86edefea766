"""One-pass writer of two held-out month-long histories (hand-written facts and filler -> JSON)."""
import json
import random
import re
from datetime import datetime, timedelta, timezone

# (slot, kind, statement, current, old_values, change_type, change_text, cancelled, restate_text)
MAUREEN = [
 ("daughter", "family", "My daughter Helen rang from Canada last night, she's doing well in her new post.", "Helen", [], None, None, False,
  "Helen sent photos of the snow over there, it's up to the windows."),
 ("grandson", "family", "My grandson Archie is three now and he has just learned to say 'dinosaur' properly.", "Archie", [], None, None, False, None),
 ("husband", "family", "My husband Brian has been retired two years longer than me and he still hasn't found a hobby that sticks.", "Brian", [], None, None, False, None),
 ("dog", "family", "We've a border terrier called Bramble who thinks she owns the sofa.", "Bramble", [], None, None, False,
  "Bramble rolled in something unspeakable on the fell this morning."),
 ("sister_city", "family", "My sister Pauline lives in Ripon, so we meet halfway for lunch once a month.", "Torquay", ["Ripon"], "relocation",
  "Pauline has gone and moved right down to Torquay, of all places, to be near her son. Our lunches will have to be by telephone now.", False, None),
 ("allergy", "health", "I can't take aspirin, it brings me out in hives, so I always have to say so at the chemist.", "aspirin", [], None, None, False, None),
 ("medication", "health", "I take levothyroxine every morning for my thyroid, before my tea.", "levothyroxine", [], None, None, False, None),
 ("physio", "health", "My physio sessions for the knee are on Thursday mornings at the health centre.", "Friday", ["Thursday"], "appointment_moved",
  "The physio has changed her days, so my knee sessions are on Friday mornings from now on.", False, None),
 ("gp", "health", "My doctor is Dr Ferguson at the Lowther Street practice; he's known me for twenty years.", "Adeyemi", ["Ferguson"], "person_replaced",
  "Dr Ferguson has retired at last, and I've been put with a young woman called Dr Adeyemi, who is very thorough.", False, None),
 ("volunteering", "work", "I volunteer two afternoons a week at the Oxfam bookshop on Stricklandgate.", "Barnardo's", ["Oxfam"], "indirect",
  "I've stopped at the bookshop after the new manager came in and I've gone to help at the Barnardo's shop by the market instead.", False, None),
 ("old_school", "work", "I taught English at Ashworth Grammar for thirty-one years before I retired.", "Ashworth", [], None, None, False, None),
 ("invigilating", "work", "I do a bit of exam invigilation at Kendal College each summer to keep my hand in.", "invigilation", [], None, None, False, None),
 ("home_town", "home", "We live on the edge of Kendal, with a view of the castle ruins from the back bedroom.", "Kendal", [], None, None, False, None),
 ("energy", "home", "Our gas and electric is with EDF, and the bills this winter have been frightful.", "Octopus", ["EDF"], "provider_switch",
  "Brian finally did something useful and switched our gas and electric to Octopus, so we'll see if the bills are kinder.", False, None),
 ("car", "possessions", "I drive a little silver Honda Jazz, which is perfect for the narrow lanes round here.", "Leaf", ["Jazz"], "indirect",
  "We traded in the silver car at the garage and came home in a Nissan Leaf. Electric, at my age!", False, None),
 ("phone", "possessions", "My mobile is one of those Doro phones with the big buttons; Helen chose it for me.", "Doro", [], None, None, False, None),
 ("ereader", "tools", "I read most evenings on my Kindle now, the print size is a godsend.", "Kobo", ["Kindle"], "indirect",
  "The old e-reader gave up the ghost, so Helen posted me a Kobo, and I rather prefer it.", False, None),
 ("email", "tools", "I do my emails on Outlook on the big computer in the spare room.", "Outlook", [], None, None, False, None),
 ("swimming", "routines", "I go to aqua aerobics at the leisure centre every Monday and Wednesday morning.", "aqua aerobics", [], "cancellation",
  "I've packed in the aqua aerobics, I'm afraid; the pool is far too cold since they changed the heating.", True, None),
 ("wakeup", "routines", "I'm up at 6:30 every morning without fail, the dog sees to that.", "6:30", [], None, None, False, None),
 ("crossword", "routines", "I do the cryptic crossword in bed every night before lights out, it keeps the brain ticking.", "cryptic crossword", [], None, None, False, None),
 ("holiday", "plans", "Brian and I have booked a fortnight in Madeira for the spring, walking the levadas.", "Menorca", ["Madeira"], "direct",
  "Change of plan: the Madeira trip is off because of Brian's ankle, and we've booked a quieter week in Menorca instead.", False, None),
 ("choir", "plans", "Our choir is singing Handel's Messiah in the parish church just before Christmas.", "Messiah", [], None, None, False,
  "We had a long rehearsal for the Messiah on Tuesday; the altos are still shaky on the runs."),
 ("evening_class", "plans", "I've enrolled in a Spanish evening class starting in the autumn term.", "Portuguese", ["Spanish"], "correction",
  "I told you the evening class was Spanish, didn't I? Silly me, it's Portuguese, because of our friends in Porto.", False, None),
 ("tea", "preferences", "I'm an Earl Grey woman through and through, with a slice of lemon.", "Lapsang", ["Earl Grey"], "indirect",
  "I've come round to Lapsang, would you believe; it beats the old bergamot stuff by a mile these days.", False, None),
 ("author", "preferences", "My favourite novelist is Hilary Mantel; I've read the Cromwell books three times.", "Hilary Mantel", [], None, None, False, None),
 ("tv", "preferences", "Brian and I never miss Vera on a Sunday night, it's our little ritual.", "Vera", [], None, None, False, None),
]
RAFAL = [
 ("wife", "family", "My wife is Ewa, she works in a hospital lab.", "Ewa", [], None, None, False, None),
 ("son", "family", "Our son Kuba is six, he start the first grade this year.", "Kuba", [], None, None, False,
  "Kuba lost his first tooth, very proud."),
 ("brother_city", "family", "My brother lives in Gdańsk, he is a ship engineer.", "Oslo", ["Gdańsk"], "relocation",
  "Brother moved to Oslo, got job in offshore company. Far now.", False, None),
 ("son_teacher", "family", "Kuba's teacher is Mrs de Vries, very strict but good.", "de Jong", ["de Vries"], "correction",
  "I made mistake before: Kuba's teacher is Mrs de Jong, not de Vries. De Vries is the director.", False, None),
 ("mother_birthday", "family", "My mother birthday is on 14 March, I must not forget to call her.", "14 March", [], None, None, False, None),
 ("allergy", "health", "I am allergic to hazelnuts, so I check every chocolate.", "hazelnuts", [], None, None, False,
  "Again a cake with hazelnuts at the office party, I could not eat it."),
 ("inhaler", "health", "For my asthma I use Ventolin inhaler when I run.", "Ventolin", [], None, None, False, None),
 ("dentist", "health", "My dentist is Dr Visser, near the Kralingen metro.", "Bakker", ["Visser"], "person_replaced",
  "Dr Visser closed his practice. Now my dentist is Dr Bakker, also in Kralingen.", False, None),
 ("employer", "work", "I work at Adyen, in the payments team.", "Mollie", ["Adyen"], "job_change",
  "Friday was my last day at Adyen. Monday I start at Mollie as tech lead.", False, None),
 ("role", "work", "My role is backend engineer, mostly Java services.", "tech lead", ["backend engineer"], "job_change",
  "At the new job I'm tech lead now, so more meetings, less code.", False, None),
 ("work_language", "work", "At work we write mostly Rust for new services.", "Rust", [], None, None, False, None),
 ("city", "home", "We live in Rotterdam, in Kralingen, near the lake.", "Rotterdam", [], None, None, False, None),
 ("internet", "home", "Our internet is from Ziggo, cable, often slow in evening.", "KPN", ["Ziggo"], "provider_switch",
  "Finally switched internet to KPN fiber. Ziggo was too slow.", False, None),
 ("bike", "possessions", "I ride a black Gazelle bike to the office every day.", "Gazelle", [], None, None, False, None),
 ("laptop", "possessions", "My personal laptop is a Dell XPS 13, a bit old now.", "Framework", ["XPS"], "direct",
  "Personal laptop is now a Framework 13, sold the old Dell to a colleague.", False, None),
 ("phone", "possessions", "Phone: Google Pixel 8, stock Android.", "Pixel", [], None, None, False, None),
 ("gym", "routines", "I go to Basic-Fit three evenings per week for weights.", "bouldering", ["Basic-Fit"], "abandon",
  "Stopped the gym membership, weights are boring. Now I do bouldering at Neoliet with colleagues.", False, None),
 ("standup", "routines", "Our team standup is at 9:30 every morning, online.", "9:30", [], None, None, False, None),
 ("polish_school", "routines", "Kuba goes to Polish school on Saturday mornings, so he keeps the language.", "Polish school", [], None, None, False, None),
 ("christmas_trip", "plans", "For Christmas we plan to drive to Kraków, to my parents.", "Kraków", [], "cancellation",
  "The Christmas trip to Kraków is off, Ewa must work the holidays. My parents come to us in January maybe.", True, None),
 ("conference", "plans", "I give a talk at KubeCon in spring about our deployment tooling.", "KubeCon", [], None, None, False,
  "Slides for KubeCon almost ready, 32 slides, too many probably."),
 ("coffee", "preferences", "I drink only espresso, double, no sugar.", "V60", ["espresso"], "indirect",
  "Colleague showed me the V60 pour-over. Better than espresso for me now, I make it every morning.", False, None),
 ("football", "preferences", "I support Feyenoord, we have season tickets with Kuba.", "Feyenoord", [], None, None, False, None),
 ("food", "preferences", "My favourite food is still pierogi like my grandmother made.", "pierogi", [], None, None, False, None),
 ("editor", "tools", "For code I use Neovim with my own config, 10 years now.", "Helix", ["Neovim"], "abandon",
  "Gave up on my big vim config, too much maintenance. Switched to Helix editor, works out of box.", False, None),
 ("passwords", "tools", "I keep all passwords in Bitwarden, also for Ewa.", "Bitwarden", [], None, None, False, None),
 ("shell", "tools", "My shell is zsh with a small prompt, nothing fancy.", "zsh", [], None, None, False, None),
]

SMALL_TALK = {
 "maureen": [
  "Good morning! Grey and drizzly here again, typical Cumbria.",
  "I've just come in from pegging out the washing and now it's raining, of course.",
  "Hello again, I hope you're keeping well, if that's the right thing to say to a computer.",
  "The blackbirds are making a racket in the hedge this morning.",
  "I made a lemon drizzle cake this afternoon and it sank in the middle, but it tastes fine.",
  "Bit of a slow day today, I've mostly been sorting old photographs.",
  "Thank you, that was very helpful indeed.",
  "Goodness, is it that time already? I'd better get the dinner on.",
  "The leaves are turning beautifully on the lane now.",
  "I had a lovely natter with the postman this morning; he's training for something or other.",
  "Just a quick hello before I head out to the shops.",
  "I've been listening to the cricket on the radio all afternoon, not that I follow it.",
  "That made me laugh, thank you.",
  "Right, I'll leave you in peace for today.",
  "It's been a day of small jobs: a button sewn on, a drawer tidied, a letter posted.",
 ],
 "rafal": [
  "Hi. Busy day today.",
  "Morning. Rain again, biking was wet.",
  "ok thanks",
  "Thanks, that works.",
  "Quick question before meeting.",
  "Weekend was quiet, we stayed home mostly.",
  "Good, that is what I needed.",
  "Sorry, short on time today.",
  "Nice, thank you.",
  "Long day. Many meetings.",
  "Hello again.",
  "Weather is strange this week, sun then hail.",
  "Done for today I think.",
  "Ha, good one.",
  "Coffee first, then questions.",
 ],
}
QUESTIONS = [
 "What's the difference between a simile and a metaphor, in simple words?",
 "How long should I boil an egg if I want the yolk still runny?",
 "Why do cats purr? Is it always because they're happy?",
 "Can you explain what inflation actually means for savings?",
 "What is the capital of Mongolia?",
 "How many teaspoons are in a tablespoon?",
 "What causes the northern lights?",
 "Is it true that goldfish have a three-second memory?",
 "How does a heat pump work, roughly?",
 "What's a good way to remove a red wine stain from a carpet?",
 "Why is the sky blue?",
 "What year did the Berlin Wall come down?",
 "How do I convert 180 degrees Celsius to Fahrenheit?",
 "What is the plural of 'cactus'?",
 "How far away is the moon?",
 "What does 'per se' mean exactly?",
 "How do vaccines train the immune system?",
 "What is the difference between weather and climate?",
 "How do I make a basic white sauce without lumps?",
 "What's the longest river in Africa?",
 "Is it better to water plants in the morning or the evening?",
 "What does a solicitor do that a barrister doesn't?",
 "How many bones are in the human hand?",
 "Why do onions make you cry?",
 "What is a leap year and why do we need one?",
 "What's the rule for 'fewer' versus 'less'?",
 "How does compound interest work?",
 "Why do we have time zones?",
 "What is the tallest mountain in the Alps?",
 "What's a haiku and how many syllables does it have?",
 "How do noise-cancelling headphones work?",
 "What's the difference between baking soda and baking powder?",
 "How do I calculate a 15% tip quickly in my head?",
 "What was the Domesday Book?",
 "Why does bread go stale?",
]
REQUESTS = [
 "Could you write a short thank-you note to a neighbour who watered the plants?",
 "Please draft a polite email asking a plumber for a quote.",
 "Write me a four-line poem about autumn fog.",
 "Can you summarise the plot of Macbeth in three sentences?",
 "Give me a shopping list for a simple vegetable soup.",
 "Write a short birthday message for a colleague I don't know well.",
 "Suggest five names for a pub quiz team.",
 "Can you rewrite this sentence to sound friendlier: 'Your parcel was not delivered due to absence.'",
 "Please make a packing list for a weekend away in the hills.",
 "Draft a complaint letter about a late train, firm but polite.",
 "Give me three easy stretches for a stiff back.",
 "Write a limerick about a forgetful cat.",
 "Can you explain how to set up a standing order, step by step?",
 "Suggest a simple weekly cleaning rota for a small flat.",
 "Write two sentences I could use to decline an invitation kindly.",
 "Make a quiz question about the solar system with four options.",
]
PASTES = [
 "Can you tell me what this error means?\nTraceback (most recent call last):\n  File \"report.py\", line 12, in <module>\n    total = sum(rows)\nTypeError: unsupported operand type(s) for +: 'int' and 'str'",
 "Why does this not work?\n```python\nfor i in range(10)\n    print(i)\n```",
 "What does this log line mean?\n2026-03-04 10:12:55 WARN pool-3 connection timed out after 30000 ms (retry 2/5)",
 "Is this SQL right?\n```sql\nSELECT name, count(*) FROM orders GROUP BY name HAVING count(*) > 3;\n```",
 "Explain this please:\n```\n$ git push\n! [rejected] main -> main (non-fast-forward)\n```",
 "What's wrong here?\n```js\nconst total = items.map(i => i.price).reduce((a, b) => a + b)\n```\nIt crashes when the list is empty.",
 "Can you read this for me?\nERROR 2026-03-09T08:01:13Z disk /dev/sda1 usage 97% above threshold 90%",
 "Help with this regex: ^\\d{4}-\\d{2}-\\d{2}$ should match dates, right?",
]
REPLIES = {
 "fact": ["Thank you for telling me, I'll keep that in mind.", "Noted, thanks.", "That's good to know.",
          "Thanks, I'll remember that.", "Understood.", "Lovely, thank you for sharing that."],
 "chat": ["Nice to hear from you.", "That sounds like quite a day.", "Ha, I can imagine.", "Glad to help.",
          "Enjoy the rest of your day.", "Thanks for the update."],
 "question": ["Good question. In short: it depends on a few things, but here is the gist of it, with an example.",
              "Here's a brief explanation, with the main points first and a simple example after.",
              "The short answer is yes, with a couple of caveats I can go into if you like.",
              "Here is how it works, step by step, in plain words."],
 "request": ["Here's a draft you can adjust to taste.", "Here you go, a short version first and a longer one after.",
             "Of course. Here's one option; tell me if you'd like it warmer or more formal."],
 "paste": ["The error says two kinds of value were mixed; convert them to the same type first.",
           "There is a small syntax slip: look at the end of the loop line.",
           "This means the request waited too long and will be retried; it is usually harmless once.",
           "That looks right; the clause filters groups after counting."],
}
FIRST_DAY = datetime(2026, 4, 6, tzinfo=timezone.utc)
CHATS, DAYS, TURNS = 12, 33, 13


def mentions(line, value):
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", line, re.I) is not None


def build(name, persona, facts, seed):
    rng = random.Random(seed)
    chat_days = sorted(rng.sample(range(DAYS), CHATS - 2) + [0, DAYS - 1])
    # each fact's statement in one of the first 7 chats, its change or restatement in a later chat
    turns = [[] for _ in range(CHATS)]
    truth = []
    for slot, kind, statement, current, old, change, change_text, cancelled, restate in facts:
        first = rng.randrange(0, 7)
        turns[first].append(("fact", statement, slot, "state"))
        record = {"slot": slot, "kind": kind, "current": current, "old_values": old, "change": change,
                  "cancelled": cancelled}
        if change_text:
            later = rng.randrange(first + 2, CHATS - 1)
            turns[later].append(("fact", change_text, slot, "change"))
        if restate:
            turns[rng.randrange(first + 1, CHATS - 1)].append(("fact", restate, slot, "restate"))
        truth.append(record)
    fillers = ([("chat", t) for t in SMALL_TALK[persona]] * 2 + [("question", t) for t in QUESTIONS]
               + [("request", t) for t in REQUESTS] + [("paste", t) for t in PASTES])
    for value in [f[3] for f in facts] + [v for f in facts for v in f[4]]:
        for _, text in fillers:
            assert not mentions(text, value), (value, text)
    messages = []
    for chat, day in enumerate(chat_days):
        own = turns[chat]
        while len(own) < TURNS:
            category, text = rng.choice(fillers)
            own.append((category, text, None, None))
        rng.shuffle(own)
        # statements come before changes in the same chat is impossible (later >= first + 2)
        at = FIRST_DAY + timedelta(days=day, hours=8 + rng.randrange(12), minutes=rng.randrange(60))
        thread = f"{name}-chat-{chat + 1:02d}"
        for category, text, slot, role_in_fact in own:
            messages.append({"thread": thread, "role": "user", "text": text, "at": at.isoformat()})
            at += timedelta(seconds=40 + rng.randrange(80))
            reply = rng.choice(REPLIES[category])
            messages.append({"thread": thread, "role": "assistant", "text": reply, "at": at.isoformat()})
            at += timedelta(seconds=60 + rng.randrange(240))
    return {"name": name, "persona": persona, "messages": messages, "facts": truth}


def main():
    histories = [build("maureen", "maureen", MAUREEN, 1101), build("rafal", "rafal", RAFAL, 2202)]
    for history in histories:
        m = history["messages"]
        days = {x["at"][:10] for x in m}
        print(history["name"], len(m), "messages", len({x["thread"] for x in m}), "chats", len(days), "days",
              len(history["facts"]), "facts", sum(1 for f in history["facts"] if f["change"]), "changed")
    document = {"about": ("Two held-out month-long histories for `memory import` -> `memory observe` -> "
                          "`memory context --thread NEW`. Facts, changes and filler hand-written in one pass by "
                          "h12t (not from bench/history_pools.py), assembled deterministically; never edited "
                          "after looking at results."),
                "histories": histories}
    with open("bench/heldout/histories.json", "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
