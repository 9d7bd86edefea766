"""Round 21: facts said in other registers than chat (issue 12's kinds in dictated run-ons, formal letters and a
parent's bullet lists). Gaps found on the seventh pool's dev half and probed here in other words: a date an
appointment is moved away from is not its date; a platform before "group" or "chat" is where, not what; an
apposition names the user's own inside a polite request; "a tabby by the name of Pumpkin"; a to-do line's verb is no
label; "the optician for Jamie" names who it is for; "parted with X, which ..., in favour of Y"; "Helen, who I report
to". Each with the controls that must stay as they were."""
from __future__ import annotations

import pytest

from tests.memory_core.facts.helpers import facts_after, read_facts


def _values(text: str, parser) -> set[str]:
    return {value for _, _, value in read_facts(text, parser)}


@pytest.mark.parametrize("text, was, now", [
    ("The surgery moved my eye test from 4 March to 18 March.", "4 March", "18 March"),
    ("They rescheduled my dentist appointment from the 2nd of May to the 16th of May.", "2nd of May", "16th of May"),
    ("my hospital appointment of 7 July got pushed to 21 July", "7 July", "21 July"),
])
def test_a_date_moved_away_from_is_not_when_it_is(text, was, now, real_parser):
    values = _values(text, real_parser)
    assert now in values and was not in values


def test_a_date_said_once_is_still_its_date(real_parser):
    assert "4 March" in _values("I have my eye test on 4 March.", real_parser)


@pytest.mark.parametrize("text", [
    "I shared the photos in the WhatsApp group.", "My pilates teacher posted on the Facebook page that it's off.",
    "We sorted it out in the Discord server last night.",
])
def test_a_platform_before_its_group_is_where_not_what(text, real_parser):
    assert not {v for v in _values(text, real_parser) if v.lower() in ("whatsapp", "facebook", "discord")}


def test_a_group_named_before_its_kind_is_stillread_facts(real_parser):
    assert ("user", "group", "Hillside Striders") in read_facts("I'm in the Hillside Striders group on Sundays.",
                                                           real_parser)


@pytest.mark.parametrize("text, name", [
    ("Could you help me write a thank-you card to the couple next door, who fed our cat, Mochi, while we were "
     "away?", "Mochi"),
    ("I wonder whether you might draft a note for the kennels about our spaniel, Hector, who hates thunder.",
     "Hector"),
])
def test_an_apposition_names_the_users_own_inside_a_request(text, name, real_parser):
    assert name in _values(text, real_parser)


def test_a_supposed_apposition_names_nobody(real_parser):
    assert "Hector" not in _values("If our spaniel, Hector, were a person he'd be a poet.", real_parser)


@pytest.mark.parametrize("text, name", [
    ("We've adopted a tabby by the name of Pumpkin.", "Pumpkin"),
    ("Kate and I have taken on an allotment dog by the name of Scout.", "Scout"),
])
def test_a_thing_of_the_users_by_the_name_of(text, name, real_parser):
    assert name in _values(text, real_parser)


def test_someone_elses_thing_by_the_name_of_is_not_the_users(real_parser):
    assert "Rex" not in _values("My neighbour has a terrier by the name of Rex.", real_parser)


@pytest.mark.parametrize("text, name", [
    ("- ring Marcus about the boiler", "Marcus"),
    ("call Priya re the party", "Priya"), ("text Omar the address", "Omar"),
])
def test_a_to_do_lines_verb_is_no_label(text, name, real_parser):
    assert name not in _values(text, real_parser)


def test_a_to_do_lines_verb_is_no_label_but_the_vets_name_a_pet(real_parser):
    # round 24 (care_frames): booked in at the vets, Toffee is the user's pet; still no "book" of Toffee's
    assert read_facts("- book Toffee in at the vets before Easter", real_parser) == {("user", "pet", "Toffee")}


def test_a_label_before_a_name_is_stillread_facts(real_parser):
    assert ("user", "best_friend", "Aoife") in read_facts("bestie Aoife is coming round", real_parser)


@pytest.mark.parametrize("text, name", [
    ("the dentist for Noah is next week", "Noah"), ("- dentist for Amara is the 2nd", "Amara"),
])
def test_the_one_a_provider_is_for_is_not_the_provider(text, name, real_parser):
    assert name not in _values(text, real_parser)


def test_the_provider_named_is_stillread_facts(real_parser):
    assert ("user", "dentist", "Dr Moss") in read_facts("My dentist is Dr Moss.", real_parser)


def test_parted_with_one_in_favour_of_another_with_a_clause_between(store, real_parser):
    held = facts_after(store, real_parser, "I drive a Vauxhall Corsa.",
                     "We have parted with the Vauxhall Corsa, which kept failing its MOT, in favour of a Skoda Fabia.")
    assert ("user", "car", "Skoda Fabia") in held and ("user", "car", "Vauxhall Corsa") not in held


def test_parted_with_alone_ends_it(store, real_parser):
    held = facts_after(store, real_parser, "I drive a Vauxhall Corsa.", "We finally parted with the Vauxhall Corsa.")
    assert not {f for f in held if f[1] == "car"}


@pytest.mark.parametrize("text", ["Helen Ashby, who I report to, has been promoted.",
                                  "Helen Ashby, to whom I report, is retiring in June."])
def test_the_manager_named_before_who_i_report_to(text, real_parser):
    assert ("user", "manager", "Helen Ashby") in read_facts(text, real_parser)


@pytest.mark.parametrize("text, value", [
    ("I take my coffee white, one sugar.", "white, one sugar"), ("coffee: black, no milk", "black, no milk"),
    ("At work it is always coffee, black, two sugars.", "black, two sugars"),
    ("grab the decent coffee tomorrow, I have mine with oat milk", "with oat milk"),
])
def test_how_a_coffee_is_taken_goes_on_after_its_comma(text, value, real_parser):
    assert ("user", "coffee", value) in read_facts(text, real_parser)


def test_the_coffee_compared_away_is_not_how_it_is_taken(real_parser):
    read = read_facts("These days a coffee with soya milk suits me much better than coffee black.", real_parser)
    assert ("user", "coffee", "with soya milk") in read and not {f for f in read if f[2].startswith("black")}


def test_a_friend_met_for_one_thing_is_no_provider(real_parser):
    assert "Baz" not in _values("I'm meeting Baz at the Crown on Friday for a pint like usual.", real_parser)
    assert ("user", "physiotherapist", "Dr Kaur") in read_facts("I see Dr Kaur for physio.", real_parser)


def test_a_cars_yearly_test_is_no_car(store, real_parser):
    held = facts_after(store, real_parser, "I drive a Honda Jazz.", "Booked the car in for its MOT on Friday.")
    assert ("user", "car", "Honda Jazz") in held and not {f for f in held if f[2] == "MOT"}
