"""Ordinary chat lines through the fact pass with the real parser: no junk fact beyond the known ones."""
from __future__ import annotations

from bench.bench_chat_precision import junk_facts
from tests.memory_core.facts.chat_lines import CHAT_LINES, KNOWN_JUNK


def test_chat_lines_give_no_junk_fact_beyond_the_known_ones(real_parser):
    junk = set(junk_facts(CHAT_LINES, real_parser))
    assert junk - KNOWN_JUNK == set(), sorted(junk - KNOWN_JUNK)


def test_the_precision_check_counts_a_fact_no_line_allows():
    class OneFactParser:  # a double: the rules alone would find nothing, the "parse" finds this
        def parse(self, text):
            return []
    junk = junk_facts([("My gym is Core Fitness.", set())], OneFactParser())
    assert junk == [("My gym is Core Fitness.", "gym=Core Fitness")]
