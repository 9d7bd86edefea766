# Written 2026-11-30 15:55 UTC by the h12b session BEFORE any extractor change on that branch.
# A second DEV voice (looked at while tuning): casual chat, lowercase, slang, fragments, emoji.
# Adds a "dev_casual" block to every kind present in dev; the test block is left untouched.
# Run: python bench/data/lifecycle_pools_dev_casual.py  (rewrites memory_core/data/lifecycle_pools.json)
import json
from pathlib import Path

CASUAL = {
 "pet_name": (["our doggo is called {v} 🐶", "got a kitten last month, named her {v}", "{v} is my cat btw, 4 yrs old",
               "walking {v} rn, he's our border collie"],
              ["set|{old} crossed the rainbow bridge 😢 we adopted {new} tho", "set|gave {old} to my aunt, new pup's name is {new}",
               "set|actually the dog is {new}, not {old}, autocorrect lol", "set|no more {old} sadly... say hi to {new} our new kitty"]),
 "race": (["signed up for the {v}!! 🏃", "training hard for the {v} this spring", "doing the {v} in the fall",
           "the {v} is my big goal this year"],
          ["set|not running the {old} anymore, doing the {new} instead", "set|swapped the {old} for the {new}",
           "clear|{old} is cancelled for me, doc said rest", "set|my race is the {new} now, bailed on the {old}"]),
 "gym": (["been going to {v} for months", "i'm at {v} like 4x a week 💪", "gym's {v}, right by my flat",
          "my gym membership is at {v}"],
         ["set|quit {old}, joined {new} 🙌", "set|switched to {new}, {old} was too pricey",
          "set|not at {old} anymore. {new} now", "set|my gym is {new} these days"]),
 "phone": (["got a {v} last year, love it", "my phone's a {v}", "on a {v} atm", "still rocking my {v}"],
           ["set|switched to a {new} 📱 bye {old}", "set|{old} died, bought a {new}",
            "set|new phone: {new}. the {old} is retired", "set|upgraded from the {old} to the {new}"]),
 "bank": (["banking with {v} rn", "my bank's {v}", "all my money's in {v} lol", "got my current account w/ {v}"],
          ["set|moved everything to {new}, {old} fees were insane", "set|switched from {old} to {new}",
           "set|done with {old}. {new} now", "set|my bank is {new} now"]),
 "doctor": (["my gp is dr {v}", "seeing dr. {v}, she's my family doctor", "dr {v} is my doctor, really nice",
             "my doctor's dr. {v}"],
            ["set|dr {old} retired so now it's dr {new}", "set|switched doctors: dr. {new} instead of dr. {old}",
             "set|my new gp is dr {new}", "set|not seeing dr {old} anymore, my doctor is dr {new} now"]),
 "sibling_city": (["my sister lives in {v}", "sis is in {v} these days", "my sister's based in {v}",
                   "my sister moved to {v} last year"],
                  ["set|my sister moved from {old} to {new}!", "set|sis left {old}, she's in {new} now",
                   "set|my sister lives in {new} now", "set|my sister relocated to {new}"]),
 "language": (["learning {v} on duolingo 🦉", "i'm studying {v} rn", "been learning {v} for a few months",
               "trying to learn {v}, so hard"],
              ["set|gave up on {old}, learning {new} now", "set|switched from {old} to {new} lessons",
               "set|no more {old} for me, i'm into {new} now", "set|now i'm learning {new} instead of {old}"]),
 "band": (["i play bass in {v} 🎸", "my band is {v}", "drumming for {v} on weekends", "i'm in a band called {v}"],
          ["set|left {old}, joined {new}", "set|not in {old} anymore, i play with {new} now",
           "set|my band's {new} these days", "set|quit {old} and started playing in {new}"]),
 "laptop": (["my laptop's a {v}", "work laptop is a {v}", "on my {v} rn", "got a {v} for uni"],
            ["set|swapped the {old} for a {new} 💻", "set|new laptop: {new}, bye {old}",
             "set|{old} died, got a {new}", "set|switched to a {new}"]),
 "coffee": (["i take my coffee {v} ☕", "coffee {v}, always", "i drink my coffee {v}", "my coffee: {v}"],
            ["set|i take it {new} now, no more {old}", "set|switched to coffee {new}",
             "set|these days i have my coffee {new}", "set|actually coffee {new}, not {old}"]),
 "diet": (["i'm {v} btw", "went {v} last year 🥗", "been {v} for ages", "eating {v} these days"],
          ["set|not {old} anymore, i'm {new} now", "set|switched from {old} to {new}",
           "set|i went {new}, quit {old}", "set|i'm {new} now"]),
 "anniversary": (["our anniversary is {v} 💍", "anniversary's on {v}", "we got married on {v}",
                  "our wedding anniversary is {v}"],
                 ["set|oops our anniversary is {new}, not {old}", "set|actually it's {new}, our anniversary",
                  "set|i meant {new} for the anniversary, not {old}", "set|correction: anniversary is {new}"]),
 "wake_time": (["i wake up at {v} every day ⏰", "up at {v} most mornings", "alarm's set for {v}",
                "i get up at {v}"],
               ["set|now i wake up at {new}", "set|moved my alarm to {new}",
                "set|getting up at {new} these days instead of {old}", "set|i get up at {new} now"]),
 "car": (["i drive a {v} 🚗", "my car's a {v}", "got a {v}, it's old but fine", "driving a {v} these days"],
         ["set|sold the {old}, bought a {new}", "set|traded my {old} for a {new}",
          "set|my car is a {new} now", "set|switched to a {new}"]),
 "job": (["i work at {v}", "working at {v} now, it's ok", "i'm an engineer at {v}", "my job is at {v}"],
         ["set|quit {old}!! starting at {new} monday", "set|left {old}. i work at {new} now",
          "set|i'm at {new} now", "set|switched jobs, {new} instead of {old}"]),
 "home_city": (["i live in {v}", "based in {v} rn", "i'm in {v}, moved here last year", "home is {v} 🏠"],
               ["set|moved from {old} to {new}!", "set|i live in {new} now",
                "set|left {old}, living in {new}", "set|relocated to {new}"]),
 "music_taste": (["i'm really into {v}", "{v} is my fave music 🎶", "i mostly listen to {v}",
                  "been listening to {v} nonstop"],
                 ["set|over {old}, i'm into {new} now", "set|switched from {old} to {new}",
                  "set|i mostly listen to {new} these days", "set|no more {old}, {new} all day"]),
 "drink": (["my go-to drink is {v}", "i always drink {v}", "{v} is my drink", "i'm addicted to {v} lol"],
           ["set|switched from {old} to {new}", "set|no more {old}, i drink {new} now",
            "set|my go-to is {new} now", "set|i drink {new} instead of {old}"]),
 "dentist_appt": (["dentist appt on {v} 🦷", "my dentist appointment is {v}", "seeing the dentist {v}",
                   "got the dentist on {v}"],
                  ["set|dentist moved to {new}", "set|my dentist appointment is {new} now, not {old}",
                   "set|rescheduled the dentist to {new}", "clear|dentist appt on {old} is cancelled"]),
 "activity": (["i do {v} twice a week", "been doing {v} lately", "i'm into {v}", "{v} is my thing rn"],
              ["set|quit {old}, doing {new} now", "set|switched from {old} to {new}",
               "set|no more {old}, i've taken up {new}", "set|i do {new} now instead of {old}"]),
 "manager": (["my manager is {v}", "my boss is {v}, she's great", "i report to {v}", "{v} is my manager"],
             ["set|{old} left, my new manager is {new}", "set|my boss is {new} now",
              "set|i report to {new} now instead of {old}", "set|new manager: {new}"]),
 "internet": (["my internet is {v}", "we have {v} for internet", "internet provider is {v}", "on {v} for wifi"],
              ["set|switched from {old} to {new}", "set|cancelled {old}, got {new}",
               "set|our internet is {new} now", "set|moved internet to {new}"]),
 "trip": (["going to {v} in the summer ✈️", "trip to {v} next month!!", "planning a trip to {v}",
           "we're off to {v} in may"],
          ["set|changed the trip to {new} instead of {old}", "set|not going to {old}, going to {new}",
           "clear|the {old} trip is off", "set|our trip is to {new} now"]),
 "club": (["i run with {v}", "i'm in a running club, {v}", "joined {v} for runs", "my club is {v}"],
          ["set|left {old}, i run with {new} now", "set|switched clubs to {new}",
           "set|my running club is {new} now", "set|quit {old} and joined {new}"]),
}


def main() -> None:
    path = Path(__file__).resolve().parents[2] / "memory_core/data/lifecycle_pools.json"
    pools = json.loads(path.read_text(encoding="utf-8"))
    for kind in pools["kinds"]:
        if kind["id"] in CASUAL:
            state, change = CASUAL[kind["id"]]
            kind["dev_casual"] = {"state": state, "change": change}
        else:
            kind["dev_casual"] = {"state": [], "change": []}
    path.write_text(json.dumps(pools, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
