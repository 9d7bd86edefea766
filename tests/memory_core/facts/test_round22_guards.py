"""Round 22's smaller guards: the matcher's pool examples agree with their nearest neighbour; "after work on
Friday" dates no event; a word joined by "&" to a name is part of it in a message typed without capitals."""
from __future__ import annotations

import pytest

from tests.memory_core.facts.helpers import read_facts


def test_the_matchers_pool_examples_agree_with_their_nearest_neighbour(real_embedder):
    """Every example taken from a pool's looked-at half either names the attribute its nearest other example
    names or has no neighbour near enough to be matched (scripts/extend_attribute_examples.py, ``edited``)."""
    from memory_core.facts.semantic import MATCH_THRESHOLD, AttributeMatcher, load_examples

    examples = load_examples()
    matcher = AttributeMatcher(real_embedder.load(), examples)
    disagreeing = []
    for index, example in enumerate(examples):
        if "from" not in example:
            continue
        nearest = matcher.match([example["text"]], exclude=index)[0]
        if nearest.similarity >= MATCH_THRESHOLD and nearest.concept != example["concept"]:
            disagreeing.append((example["text"], example["concept"], nearest.concept))
    assert not disagreeing, disagreeing[:5]


@pytest.mark.parametrize("text", ["I'm seeing Tom after work on Friday.",
                                  "We're off to the park after school on Monday."])
def test_after_work_on_a_day_dates_no_event(text, real_parser):
    assert not read_facts(text, real_parser), read_facts(text, real_parser)


def test_an_event_with_its_owner_keeps_its_date(real_parser):
    facts = read_facts("My eye test is on 3 June and I'm seeing Tom after work on Friday.", real_parser)
    assert any(v == "3 June" for _, _, v in facts) and not any(v == "Friday" for _, _, v in facts), facts


@pytest.mark.parametrize("typed, read", [
    ("our cafe is nook & bramble on the high street", "Nook & Bramble"),  # a word joined to a name by "&"
])
def test_a_name_joined_by_and_is_capitalised_whole(typed, read):
    from memory_core.facts.truecasing import truecased

    assert read in truecased(typed, all_lower=True)


@pytest.mark.parametrize("typed", ["salt & pepper on everything", "fish & chips on friday"])
def test_common_words_joined_by_and_stay_lower_case(typed):
    from memory_core.facts.truecasing import truecased

    assert "& " + typed.split("& ")[1].split()[0] in truecased(typed, all_lower=True)
