"""Priority from similarity to labelled examples, with the real all-MiniLM-L6-v2 embedder."""
from __future__ import annotations

import pytest

from memory_core.observational.extractive_observer import ExtractiveObserver
from memory_core.storage.store import Message

pytestmark = [pytest.mark.embedder, pytest.mark.slow]


def test_kind_sets_priority_and_labelled_examples_only_raise_it(real_embedder):
    said = ("I can't stand mushrooms. We watched a film about sharks last night. I am lactose intolerant. "
            "What is the capital of Chile? I paid the electricity bill. "
            "I'm thinking about painting the kitchen someday.")
    drafts = ExtractiveObserver(real_embedder).observe([Message(1, "t", "user", said, "2026-03-02T09:00:00+00:00")])
    got = {d.text.split(": ", 1)[1]: d.priority for d in drafts}
    assert got["I can't stand mushrooms."] == "medium"             # a preference, however strongly put
    assert got["I am lactose intolerant."] == "high"                # health: a high kind
    assert got["What is the capital of Chile"] == "low"              # folded into the one "asked about" line
    assert got["I paid the electricity bill."] == "done"
    assert got["We watched a film about sharks last night."] == "medium"
