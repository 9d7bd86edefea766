"""Well-known supermarkets, pharmacies, mobile networks, energy suppliers, broadband providers, opticians, breakdown
cover and insurers, by name.

Like the banks and gyms of ``known_names``: a brand alone makes no fact, the words beside it tie it to the user
("did the big shop at Aldi", "my Three contract", "prescription sent to Boots", "Sky wifi down AGAIN"). A brand
that is also an everyday word or a town needs its kind's own words, and a brand moved to is no town."""
from __future__ import annotations

import pytest

from tests.memory_core.facts.helpers import read_facts


@pytest.mark.parametrize("text, fact", [
    ("did the big shop at Aldi", ("user", "supermarket", "Aldi")),
    ("Tesco run for milk", ("user", "supermarket", "Tesco")),
    ("tesco run for milk", ("user", "supermarket", "Tesco")),
    ("repeat prescription sent to Boots, will grab it after swimming", ("user", "pharmacy", "Boots")),
    ("picked up my prescription from Superdrug", ("user", "pharmacy", "Superdrug")),
    ("I'm on Vodafone, the signal is rubbish", ("user", "mobile_network", "Vodafone")),
    ("my Three contract ends in March", ("user", "mobile_network", "Three")),
    ("Sky wifi down AGAIN", ("user", "internet", "Sky")),
    ("sorted Britannia Rescue breakdown cover online", ("user", "breakdown_cover", "Britannia Rescue")),
    ("my car insurance is with Admiral", ("user", "insurance", "Admiral")),
])
def test_a_known_provider_tied_to_the_user_is_theirs(text, fact, real_parser):
    assert fact in read_facts(text, real_parser)


@pytest.mark.parametrize("text", [
    "The M&S sandwich I had for lunch was tragic.",  # a thing bought there, no one's supermarket
    "I went to Target for a birthday card.",          # an everyday word: only with its kind's words
    "the sky is blue today",
    "My mum shops at Lidl.",                          # someone else's
    "I went to an AA meeting last night",             # an everyday abbreviation: only with its kind's words
])
def test_a_brand_said_in_passing_or_of_someone_else_is_no_provider_of_the_users(text, real_parser):
    facts = read_facts(text, real_parser)
    assert not any(predicate in ("supermarket", "pharmacy", "mobile_network", "internet", "breakdown_cover") and
                   subject == "user"
                   for subject, predicate, _ in facts)


def test_a_network_moved_to_is_no_town_but_a_town_named_like_a_bank_is(real_parser):
    assert not any(predicate == "lives_in" for _, predicate, _ in read_facts("Moved to giffgaff, half the price.",
                                                                            real_parser))
    assert ("user", "lives_in", "Halifax") in read_facts("I moved to Halifax in May.", real_parser)


def test_a_supermarket_worked_at_is_no_supermarket_of_the_users(store, real_parser):
    from tests.memory_core.facts.helpers import facts_after
    facts = facts_after(store, real_parser, "Since graduating I've been an analyst at Ocado.")
    assert not any(predicate == "supermarket" for _, predicate, _ in facts)


def test_a_supplier_of_the_home_and_its_successor(store, real_parser):
    from tests.memory_core.facts.helpers import facts_after
    facts = facts_after(store, real_parser, "The electricity at home is from British Gas.",
                        "Ovo was cheaper than British Gas for us, so we moved.")
    assert ("user", "energy_supplier", "Ovo") in facts
    assert not any(value == "British Gas" for _, _, value in facts)


def test_a_brand_that_writes_itself_in_lower_case_is_read_as_a_name(real_parser):
    assert any(value.lower() == "giffgaff" for _, _, value in
               read_facts("ported my number from o2 to giffgaff.", real_parser))
