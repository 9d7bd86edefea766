"""Facts said in passing inside a message about something else (the lifecycle's mixed voice): who blocked the
user's card is their bank, who pays their salary employs them, a list of held things all with one provider names
that provider. Sentences written for these tests, not taken from the lifecycle pools; the extractor alone (rules
and frames) is checked here, the full fact pass with the real parser in the last test."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.extraction import extract
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_message


def stated(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text) if c.op == "assert" and c.value}


@pytest.mark.parametrize("text, fact", [
    ("Honestly, Lloyds froze my debit card again the minute I landed in Lisbon.", ("user", "bank", "Lloyds")),
    ("Starling has blocked my card twice this month.", ("user", "bank", "Starling")),
    ("Deloitte pays my salary, so I can't complain too much.", ("user", "works_at", "Deloitte")),
    ("Stripe pays the bills — I'm on their design team.", ("user", "works_at", "Stripe")),
    ("My ISA, pension and current account are all with Nationwide.", ("user", "bank", "Nationwide")),
    ("Everything — ISA, savings account, mortgage — is with Halifax.", ("user", "bank", "Halifax")),
])
def test_a_fact_said_in_passing_is_read(text, fact):
    assert fact in stated(text)


@pytest.mark.parametrize("text", [
    "Mum pays my bills until I graduate.",  # a person, not an employer
    "He pays the bills, I do the cooking.",
    "Netflix blocked my account for sharing the password.",  # an account, not a card: no bank
    "My phone and laptop are both with Vodafone now.",  # two kinds of thing: no one provider named by the list
])
def test_no_provider_or_employer_is_read_where_none_is_said(text):
    assert not {f for f in stated(text) if f[1] in ("bank", "works_at")}


def test_the_fact_pass_stores_the_bank_named_by_a_blocked_card(store, real_parser):
    ingest_message(store, "chat", "user", "Ugh, Santander blocked my card while I was in Porto.",
                   at=parse_iso("2025-03-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    assert ("bank", "Santander") in {(f.predicate, f.value) for f in facts.current_facts(store)}
