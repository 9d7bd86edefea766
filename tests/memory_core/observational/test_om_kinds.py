"""Priority by kind, not phrasing; questions, requests and chatter are not facts about the user."""
from __future__ import annotations

import pytest

from memory_core.observational.extractive_observer import ExtractiveObserver
from memory_core.observational.kinds import NOISE_KIND, kind_priority, sentence_kind
from memory_core.storage.store import Message


def message(n: int, text: str, role: str = "user") -> Message:
    return Message(n, "t", role, text, f"2026-03-02T09:{n:02d}:00+00:00")


def test_kind_decides_priority_however_casually_it_is_said():
    assert kind_priority(sentence_kind("Anything with lactose in it wrecks my stomach, so I avoid it.")) == "high"
    assert kind_priority(sentence_kind("My daughter Lena started school this year.")) == "high"
    assert kind_priority(sentence_kind("I have a dentist appointment on May 14.")) == "high"
    assert kind_priority(sentence_kind("I bank with Monzo.")) == "medium"
    assert sentence_kind("I am vegetarian.") == "health"          # short, but a high kind


def test_questions_requests_and_chatter_are_not_facts():
    assert sentence_kind("What is the capital of Australia?") == NOISE_KIND
    assert sentence_kind("Write a short poem about autumn leaves.") == NOISE_KIND
    assert sentence_kind("Remind me how compound interest works?") == NOISE_KIND
    assert sentence_kind("Could you draft an email declining the invitation") == NOISE_KIND
    assert sentence_kind("Thanks, that helps.") is None
    assert sentence_kind("It's raining again here.") is None
    assert sentence_kind("I'm so tired today.") is None
    # but a question that says something about the user keeps that
    assert sentence_kind("What can I cook for friends, given I am lactose intolerant?") == "health"


def test_one_asked_line_per_chunk_and_facts_verbatim():
    said = [message(1, "Why is the sky blue? Also I am allergic to peanuts."),
            message(2, "The sky is blue because of Rayleigh scattering.", role="assistant"),
            message(3, "Write a limerick about a lazy cat."),
            message(4, "Why is the sky blue?"),
            message(5, "Great, thank you!")]
    drafts = ExtractiveObserver().observe(said)
    texts = [(d.priority, d.text) for d in drafts]
    assert ("high", "User: Also I am allergic to peanuts.") in texts
    asked = [t for p, t in texts if t.startswith("User asked about: ")]
    assert asked == ["User asked about: Why is the sky blue; Write a limerick about a lazy cat"]
    assert not any("Rayleigh" in t or "thank" in t for _, t in texts)   # assistant chatter, pleasantries


def test_texting_style_statements_are_facts_not_chatter():
    assert sentence_kind("signed up for a chess course, obsessed") == "other"        # the "I" left out
    assert sentence_kind("morning coffee: black, always") == "preferences"           # a topic after a greeting
    assert sentence_kind("Elsa lost her first tooth last night, big drama") is None  # a capital could be anything
    assert sentence_kind("Elsa lost her first tooth last night, big drama", {"Elsa"}) == "other"   # a known name
    for chatter in ("lol ok", "ugh mondays", "long day", "the weather is awful again today"):
        assert sentence_kind(chatter) is None


@pytest.mark.parametrize("sentence", [
    "Please remember that I'm allergic to peanuts.",
    "Could you remember that my sister is called Ana?",
    "Keep in mind that I work nights.",
    "pls don't forget my anniversary is on June 3",
])
def test_a_polite_or_questioning_memory_request_is_a_remember_line(sentence):
    """'Please remember that…' was filed as 'User asked about: …' (seen in the app's own screenshot tour)."""
    assert sentence_kind(sentence) == "remember"


@pytest.mark.parametrize("sentence", ["Do you remember what I said?", "Remind me what I am allergic to?",
                                      "Please write a poem about my dog."])
def test_asking_about_memory_or_for_a_chore_is_not_a_remember_line(sentence):
    assert sentence_kind(sentence) != "remember"
