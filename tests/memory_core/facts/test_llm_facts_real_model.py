"""The fact grammar with the real bundled SmolLM2-135M: the output keeps to the format, validation keeps nothing
made up. Not a test of extraction quality: 135M is under the 1B floor and never asked in the app; it is driven
directly here only to put the GBNF grammar through llama.cpp."""
from __future__ import annotations

import pytest

from memory_core.facts.llm_fact_extractor import LLMFactExtractor, fact_extractor_for
from memory_core.facts.llm_fact_grammar import FACT_GRAMMAR, fact_messages, parse_fact_output

pytest.importorskip("llama_cpp")
pytestmark = [pytest.mark.real_model, pytest.mark.slow]

MESSAGES = [
    "I keep bees on my allotment and my dog is called Juniper.",
    "My sister just started working at a bike shop in Ghent.",
    "Should I learn the cello or the viola?",
    "I stopped drinking coffee, it made me jittery.",
]


def test_the_grammar_holds_the_small_model_to_the_fact_list(real_model):
    model = real_model.background()
    assert fact_extractor_for(real_model) is None  # under 1B: the app never asks it
    for text in MESSAGES:
        output = model.complete(fact_messages(text), max_tokens=120, temperature=0.0, grammar=FACT_GRAMMAR)
        facts = parse_fact_output(output)  # raises if the grammar let anything else through
        assert len(facts) <= 3


def test_validation_keeps_nothing_the_message_does_not_say(real_model):
    extractor = LLMFactExtractor(real_model.background())
    for text in MESSAGES:
        result = extractor.extract(text)
        assert len(result.candidates) <= result.proposed
        for candidate in result.candidates:
            assert candidate.value and candidate.value.casefold() in " ".join(text.split()).casefold()
