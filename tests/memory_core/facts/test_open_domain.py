"""Open-domain facts through the real hot path (SQLCipher store, ``ingest_and_extract``).

The phrasings here are written for these tests, not taken from the evaluation pools.
"""
from __future__ import annotations

import re

import pytest

from memory_core.facts import ledger as facts
from memory_core.ingest import ingest_and_extract

DAY = "2025-{:02d}-{:02d}T10:00:00+00:00"


def say(store, text, month=1, day=1, thread="t"):
    from memory_core.clock import parse_iso

    return ingest_and_extract(store, thread, "user", text, at=parse_iso(DAY.format(month, day)))


def current(store):
    return {(f.subject, f.value) for f in facts.current_facts(store)}


def values(store):
    return {f.value for f in facts.current_facts(store)}


@pytest.mark.parametrize("text, value", [
    ("Our golden retriever is called Rufus.", "Rufus"),
    ("I'm training for the Rotterdam Marathon.", "Rotterdam Marathon"),
    ("My gym is Equinox.", "Equinox"),
    ("My phone is an iPhone 13.", "iPhone 13"),
    ("I bank with HSBC.", "HSBC"),
    ("My doctor is Dr. Alvarez.", "Dr. Alvarez"),
    ("I'm learning Greek.", "Greek"),
    ("I play guitar in a band called The Foxgloves.", "The Foxgloves"),  # a capital "The" is the name's
    ("My laptop is a Lenovo Yoga.", "Lenovo Yoga"),
    ("I take my coffee with almond milk.", "with almond milk"),
    ("I'm on a vegan diet.", "vegan"),
    ("Our anniversary is on April 4.", "April 4"),
    ("I wake up at 5:30 on weekdays.", "5:30"),
    ("I drive a Volkswagen Golf.", "Volkswagen Golf"),
])
def test_kinds_that_used_to_produce_no_fact(store, text, value):
    say(store, text)
    assert value in values(store)


def test_a_sibling_s_city_is_a_fact_about_the_sibling(store):
    say(store, "My brother is based in Seattle.")
    assert ("brother", "Seattle") in current(store)


@pytest.mark.parametrize("first, change, old, new", [
    ("I work at Contoso.", "I left Contoso in June. I'm now a UX lead at Fabrikam.", "Contoso", "Fabrikam"),
    ("I love reggae.", "I'm over reggae, these days it's all ambient.", "reggae", "ambient"),
    ("My dentist appointment is on May 2.", "The dentist moved my appointment to May 9.", "May 2", "May 9"),
    ("My favorite drink is cola.", "I prefer ginger beer to cola now.", "cola", "ginger beer"),
    ("My manager is Rosa.", "Rosa left; Imani replaced Rosa as my manager.", "Rosa", "Imani"),
    ("I bank with HSBC.", "We moved our accounts from HSBC to Monzo.", "HSBC", "Monzo"),
    ("My main hobby is fencing.", "I gave up fencing and took up archery.", "fencing", "archery"),
    ("I drive a Volkswagen Golf.", "I sold the Golf and got a Skoda Octavia.", "Volkswagen Golf", "Skoda Octavia"),
    ("My running club is Dune Runners.", "My club is Coast Striders now.", "Dune Runners", "Coast Striders"),
    ("My family doctor is Dr. Alvarez.", "My GP is now Dr. Chen.", "Dr. Alvarez", "Dr. Chen"),
])
def test_changes_retire_the_old_value_and_keep_the_new(store, first, change, old, new):
    say(store, first, 1)
    say(store, change, 6)
    now = values(store)
    assert new in now and old not in now
    replaced = [f for f in facts.current_facts(store) if f.value == new][0]
    assert replaced.supersedes is not None
    assert facts.get_fact(store, replaced.supersedes).value == old


def test_correction_follows_the_attribute_it_names(store):
    say(store, "Our anniversary is on April 4.", 1, 1)
    say(store, "My dentist appointment is on May 2.", 1, 2)
    say(store, "Actually, I meant April 14 for our anniversary.", 1, 3)
    assert {"April 14", "May 2"} <= values(store) and "April 4" not in values(store)


@pytest.mark.parametrize("cancel", ["The Lisbon trip is off.", "We cancelled our trip to Lisbon.",
                                    "I called off the Lisbon trip."])
def test_cancellations(store, cancel):
    say(store, "We booked a trip to Lisbon for the summer.", 1)
    assert any(v.startswith("Lisbon") for v in values(store))
    say(store, cancel, 2)
    assert not any(v.startswith("Lisbon") for v in values(store))


def test_unrelated_facts_never_retire_each_other(store):
    say(store, "My gym is Equinox.", 1, 1)
    say(store, "I bank with HSBC.", 1, 2)
    say(store, "My book club is The Readers.", 1, 3)
    say(store, "My running club is Dune Runners.", 1, 4)
    say(store, "My sister lives in Denver.", 1, 5)
    say(store, "I moved to Lisbon.", 2, 1)
    say(store, "I switched gyms; I'm with FitHub now.", 3, 1)
    assert {"HSBC", "The Readers", "Dune Runners", "FitHub", "Lisbon"} <= values(store)
    assert ("sister", "Denver") in current(store) and "Equinox" not in values(store)


def test_as_of_reads_the_past(store):
    say(store, "I bank with HSBC.", 1)
    say(store, "I switched banks; I'm with Monzo now.", 6)
    then = {f.value for f in facts.current_facts(store, as_of=DAY.format(3, 1))}
    assert "HSBC" in then and "Monzo" not in then


def test_fact_text_is_a_sentence_without_keyword_lists(store):
    say(store, "I live in Lisbon. My gym is Equinox.")
    for fact in facts.current_facts(store):
        assert "[" not in fact.text and fact.text.endswith(".")
        assert re.match(r"^The user", fact.text)


@pytest.mark.parametrize("text", ["If I moved to Rome I'd love it.", "Do you know a good gym?",
                                  "I might switch banks someday.", "We watched a film with Anna last night."])
def test_no_fact_from_hedges_questions_or_chatter(store, text):
    say(store, text)
    assert values(store) == set()


def test_cli_add_then_facts_shows_them(cli_env, capsys):
    """The path an independent check uses: memory add ... then memory facts --json (and --as-of)."""
    import json

    from mneme.cli import main

    d = str(cli_env)
    for text, at in [("I bank with HSBC.", "2025-01-01T10:00:00Z"), ("My gym is Equinox.", "2025-01-02T10:00:00Z"),
                     ("We moved our accounts from HSBC to Monzo.", "2025-06-01T10:00:00Z")]:
        assert main(["memory", "add", "--data-dir", d, "--thread", "t", "--role", "user", "--text", text,
                     "--at", at]) == 0
    capsys.readouterr()
    assert main(["memory", "facts", "--data-dir", d, "--json"]) == 0
    now = json.loads(capsys.readouterr().out)
    assert {f["value"] for f in now} == {"Monzo", "Equinox"}
    assert main(["memory", "facts", "--data-dir", d, "--json", "--as-of", "2025-03-01T00:00:00Z"]) == 0
    then = json.loads(capsys.readouterr().out)
    assert {f["value"] for f in then} == {"HSBC", "Equinox"}


# -- casual voice (h12b): lowercase values, self-describing values, changes of the same kind ----------------
def _current(store):
    from memory_core.facts import ledger

    return {(f.predicate, f.value) for f in ledger.current_facts(store)}


def _say_all(store, *texts):
    from datetime import timedelta

    from memory_core.clock import parse_iso
    from memory_core.ingest import ingest_and_extract

    start = parse_iso("2025-01-01T10:00:00Z")
    for day, text in enumerate(texts):
        ingest_and_extract(store, "casual", "user", text, at=start + timedelta(days=30 * day))


def test_self_describing_values_need_no_attribute_word():
    from memory_core.facts.extraction import extract

    assert [(c.predicate, c.value) for c in extract("jazz all day")] == [("music", "jazz")]
    assert [(c.predicate, c.value) for c in extract("yoga twice a week")] == [("hobby", "yoga")]
    assert [(c.predicate, c.value) for c in extract("bus to work, as usual")] == [("commute", "bus")]
    # events, other people and running late are not facts about the user
    for text in ("I went swimming yesterday.", "she plays tennis", "running late today", "my sister loves jazz"):
        assert [c for c in extract(text) if c.subject == "user"] == [], text


def test_a_change_takes_the_other_value_of_the_same_kind(store):
    _say_all(store, "been listening to k-pop nonstop", "no more k-pop, opera all day")
    assert ("music", "opera") in _current(store) and not any(v == "k-pop" for _, v in _current(store))


def test_a_new_value_sharing_a_word_with_the_old_one_replaces_it(store):
    _say_all(store, "training hard for the Chicago Marathon this spring",
             "swapped the Chicago Marathon for the Boston Marathon")
    assert _current(store) == {("race", "Boston Marathon")}


def test_a_preposition_is_not_cut_from_a_value():
    from memory_core.facts.extraction import extract

    assert [c.value for c in extract("Our pet is Tofu now.")] == ["Tofu"]
    assert [c.value for c in extract("My home is Inverness.")] == ["Inverness"]


def test_providers_and_allegiances_named_by_their_verb():
    from memory_core.facts.extraction import extract

    said = {"I support Celtic": ("team", "Celtic"), "Luca cuts my hair": ("barber", "Luca"),
            "my car is insured with Aviva": ("insurance", "Aviva"),
            "we have a Netflix subscription": ("streaming", "Netflix")}
    for text, fact in said.items():
        assert fact in {(c.predicate, c.value) for c in extract(text)}, text
    assert extract("I follow the news") == []
