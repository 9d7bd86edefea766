"""The typing habits of bench_typing: fixed rewrites that keep what a sentence says."""
from bench.bench_typing import TYPINGS, casual, lower, no_apostrophes, unshifted


def test_lower_drops_every_capital():
    assert lower("I met Sarah at Tesco.") == "i met sarah at tesco."


def test_unshifted_keeps_sentence_starts_and_i():
    text = "I met Sarah at Tesco. She's moving to Leeds! I'm sad.\nWe'll see"
    assert unshifted(text) == "I met sarah at tesco. She's moving to leeds! I'm sad.\nWe'll see"


def test_unshifted_leaves_a_word_starting_with_i_alone():
    assert unshifted("Ikea and India") == "Ikea and india"


def test_no_apostrophes_joins_contractions_and_possessives():
    assert no_apostrophes("I'm sure it's my sister’s, don't ask") == "Im sure its my sisters, dont ask"


def test_no_apostrophes_keeps_quotes():
    assert no_apostrophes("she said 'hello' to me") == "she said 'hello' to me"


def test_casual_is_both():
    assert casual("I'm at Ocado") == "im at ocado"
    assert set(TYPINGS) == {"none", "lower", "unshifted", "noapos", "casual"}
