"""Probe questions for bench_om: late turns that ask about facts stated early.

Written once, before any run of the benchmark, and not edited after looking at
outputs. Plain questions in a neutral voice (the history's test split speaks in
a chatty British one), and none names the value it asks about, so a value
found in the prompt came from memory, not from the question.

Slots whose values can appear in the prompt for another reason are left out:
weekdays (every user message carries a "[Monday 2026-03-02 09:09]" stamp) and
clock times (the stamps again).
"""
from __future__ import annotations

PROBES: dict[str, list[str]] = {
    "child_name": ["What is my daughter called, remind me?", "Can you suggest a birthday card message for my kid, using her name?"],
    "partner_name": ["What's my partner's name again?", "Write a two-line thank-you note to my partner, by name."],
    "sister_city": ["Which city does my sister live in at the moment?", "How would I get to my sister's place from here?"],
    "pet_name": ["What is our dog called?", "Remind me of my dog's name for the vet form."],
    "allergy": ["What am I allergic to, again?", "Which ingredient must a recipe for me avoid because of my allergy?"],
    "intolerance": ["What food intolerance do I have?", "Which ingredient upsets my stomach?"],
    "medication": ["Which blood pressure medicine am I on now?", "What is the name of the tablet I take every morning?"],
    "diet": ["What kind of diet do I follow these days?", "Do I eat meat or fish, what is my diet?"],
    "employer": ["Which company do I work for now?", "Who is my current employer?"],
    "job_title": ["What is my job?", "What do I do for a living?"],
    "manager": ["Who is my manager at the moment?", "Who do I report to at work now?"],
    "home_city": ["Which city do I live in now?", "Where is home for me these days?"],
    "neighbourhood": ["Which part of town is our flat in?", "What's the name of our neighbourhood?"],
    "car": ["What car do I drive now?", "Which car model do I have at the moment?"],
    "laptop": ["What laptop am I using now?", "Which computer do I work on these days?"],
    "bike": ["What bike do I ride?", "Which bicycle brand is mine?"],
    "volunteering": ["Where do I volunteer?", "Which place do I help out at on weekends?"],
    "trip": ["Where am I travelling to on my next holiday?", "Which city is my upcoming trip to?"],
    "dentist": ["When is my dentist appointment?", "What date is my next dental check-up?"],
    "wedding": ["Where is my cousin's wedding taking place?", "In which city is the wedding I'm invited to?"],
    "coffee": ["How do I take my coffee?", "What coffee should you order for me?"],
    "cuisine": ["What is my favourite cuisine?", "Which kind of takeaway do I like best?"],
    "hobby": ["What hobby am I into these days?", "What do I like to do at weekends for fun, my main hobby?"],
    "email": ["Which e-mail provider do I use now?", "Where is my e-mail account hosted these days?"],
    "bank": ["Which bank do I use?", "What is my bank called?"],
    "editor": ["Which code editor do I use now?", "What text editor do I write code in these days?"],
    "passwords": ["Which password manager do I use?", "Where do I keep my passwords?"],
}
