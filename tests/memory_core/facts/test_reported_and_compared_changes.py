"""Changes told as a comparison with a verdict, or passed on by someone else (issue 12, round 8).

Written for these tests in other words than the change pool's. Each group fails on the code before it:
a hedge word inside a name ("the Hope and Anchor") hid a comparison; a comparison made through a pronoun
("tried Y ... and it's nicer than my X") or an idiom of being far ahead ("streets ahead of X") named no
successor; a report ("my neighbour says X has retired") was read as the neighbour's own news; a group
"winding up", someone "packing in" a job, a verdict ("that's me converted", "never going back") ended nothing;
a festival ("at Easter") was taken for the successor of a named group.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.change_cues import reported_news, unasserted
from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.cues import implausible_value
from memory_core.facts.extraction import sentences
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_message


def changed(text: str, old: str, predicate: str) -> list[tuple[str, str | None]]:
    """What ``text`` does to one current fact of the user's, as (old value, new value or None) pairs."""
    fact = KnownFact(1, "user", predicate, old, "chat-a", "2025-01-01T10:00:00+00:00", "preference")
    return [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), [fact], "chat-b")]


@pytest.mark.parametrize("text, old, predicate, new", [
    # a hedge word that is part of a name
    ("The Hope and Anchor is friendlier than the Red Lion these days.", "Red Lion", "local pub",
     "The Hope and Anchor"),
    # a comparison made through a pronoun, after the thing was tried
    ("Tried a pair of Hoka in the shop, and they're way lighter than my Asics, Mike at the club swears by them.",
     "Asics", "running shoes", "Hoka"),
    ("Had a session with Priya at the clinic and she's far gentler than Dr Moss.", "Dr Moss", "physio", "Priya"),
    # idioms of being far ahead
    ("Castle Pharmacy is streets ahead of Boots, they text when the repeat is ready.", "Boots", "pharmacy",
     "Castle Pharmacy"),
    ("Harwood Dental is in a whole other league to Brightsmile, the hygienist actually explains things.", "Brightsmile",
     "dentist", "Harwood Dental"),
])
def test_a_comparison_names_the_favoured_value_as_successor(text, old, predicate, new):
    assert changed(text, old, predicate) == [(old, new)]


@pytest.mark.parametrize("text, old, predicate, new", [
    ("My neighbour says Dr Okafor has retired, so the practice has handed our notes over to Dr Lindqvist.",
     "Dr Okafor", "dentist", "Dr Lindqvist"),
    ("Our coach told us yesterday that the Kestrel Ramblers are winding up. Half the group are going over "
     "to the Fell Walkers.", "Kestrel Ramblers", "walking club", "Fell Walkers"),
])
def test_someone_else_reporting_the_ending_ends_the_users_value(text, old, predicate, new):
    assert changed(text, old, predicate) == [(old, new)]


@pytest.mark.parametrize("text, old, predicate", [
    ("My sister says she left Dr Okafor years ago.", "Dr Okafor", "dentist"),  # the sister's own news
    ("My neighbour says Dr Okafor is lovely with children.", "Dr Okafor", "dentist"),  # no ending
    ("If Castle Pharmacy is nicer than Boots I might try it.", "Boots", "pharmacy"),  # a condition
])
def test_a_report_or_comparison_that_ends_nothing_keeps_the_value(text, old, predicate):
    assert changed(text, old, predicate) == []


@pytest.mark.parametrize("text, old, predicate", [
    ("Went to one spin class at Pure Gym and that's me converted, Bannatyne can keep its sauna.", "Bannatyne",
     "gym"),
    ("Nando's got the order wrong three weeks running, we're never going back to Nando's.", "Nando's",
     "takeaway"),
    ("Our window cleaner Stefan is packing in the rounds to drive buses.", "Stefan", "window cleaner"),
])
def test_a_verdict_or_an_ending_said_in_other_words_ends_the_value(text, old, predicate):
    assert [pair[0] for pair in changed(text, old, predicate)] == [old]


def test_a_hedge_word_opening_the_sentence_still_hedges():
    text = "Hope we never have to leave the Red Lion."
    assert unasserted(text, text.index("Lion"))


def test_a_report_reaches_only_the_clause_right_after_its_verb():
    text = "My brother says he moved from Tesco Mobile."
    assert not reported_news(text, text.index("Tesco"))
    text = "My brother told me on Friday that Tesco Mobile put the price up."
    assert reported_news(text, text.index("Tesco"))


def test_a_festival_is_a_time_not_a_named_group():
    assert implausible_value("band", "Easter")
    assert implausible_value("club", "Christmas")
    assert not implausible_value("favorite:holiday", "Christmas")


def test_a_reported_ending_with_its_successor_through_the_fact_pass(store, real_parser):
    ingest_message(store, "chat-a", "user", "My accountant is Rowan Price.", at=parse_iso("2025-01-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    assert "Rowan Price" in {f.value for f in facts.current_facts(store)}
    ingest_message(store, "chat-b", "user", "My wife says Rowan Price has shut up shop, so he passed my books over "
                   "to Mill Lane Accounts.", at=parse_iso("2025-06-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    held = {f.value for f in facts.current_facts(store)}
    assert "Rowan Price" not in held
    assert any("Mill Lane Accounts" in value for value in held), held


@pytest.mark.parametrize("text, old, new", [
    # another name in the sentence (the road) leaves the cleft as the only sign of who holds the role now
    ("When the van broke down on the A38 it was Route One Recovery who came out, we'd switched when the Severn "
     "Cover price doubled.", "Severn Cover", "Route One Recovery"),
])
def test_a_cleft_names_who_now_does_the_providers_job(text, old, new):
    assert changed(text, old, "service") == [(old, new)]


def test_a_cleft_beside_no_ending_changes_nothing():
    assert changed("It was Dean Walsh who came round to fix the tap Severn Plumbing fitted.", "Severn Plumbing",
                   "plumber") == []
