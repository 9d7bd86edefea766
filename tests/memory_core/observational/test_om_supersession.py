"""Supersession reaches the memory block through the fact ledger (one mechanism)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.chat.context import memory_block
from memory_core.ingest import ingest_message
from memory_core.observational.engine import OMConfig, OMEngine
from memory_core.observational.log import current_log
from memory_core.observational.reflector import Reflector
from memory_core.observational.tokens import TokenCounter
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def engine(observation_tokens=100_000, **config):
    return OMEngine(TokenCounter(FakeChatModel()), OMConfig(400, observation_tokens, **config),
                    observer_mode="extractive")


def test_old_value_is_marked_and_the_new_line_names_it_when_observed_after_the_change(store):
    ingest_message(store, "a", "user", "I live in Lyon.", at=T0)
    ingest_message(store, "b", "user", "I live in Paris now.", at=T0 + timedelta(days=9))
    engine().run_due(store, force=True)                     # both observed at once, as after an import
    lines = [item.text for item in current_log(store)]
    assert lines == ["User: I live in Lyon (no longer current since 2026-03-11; now Paris).",
                     "User: I live in Paris now (previously Lyon)."]


def test_a_line_observed_before_the_change_is_folded_at_reflection(store):
    om = engine()
    ingest_message(store, "a", "user", "I live in Lyon. I am allergic to peanuts.", at=T0)
    om.run_due(store, force=True)
    ingest_message(store, "b", "user", "I live in Paris now.", at=T0 + timedelta(days=9))
    om.run_due(store, force=True)
    assert "User: I live in Lyon." in [i.text for i in current_log(store)]    # append-only until reflection
    assert Reflector(FakeChatModel().count_tokens).reflect(store, 5, max_tokens=10_000).committed
    block = memory_block(store, None, (T0 + timedelta(days=10)).date())
    assert "Lyon" not in block.replace("(previously Lyon)", "")
    assert "I live in Paris now (previously Lyon)." in block and "peanuts" in block   # prose for the model


def test_reflection_waits_for_growth_when_it_had_to_keep_more_than_the_threshold(store):
    om = engine(observation_tokens=20, max_observation_factor=100)
    for n, name in enumerate(["Ana", "Bea", "Cleo", "Dora", "Eve", "Fay"]):
        ingest_message(store, "a", "user", f"My sister {name} lives in {name}ville.", at=T0 + timedelta(days=n))
        ingest_message(store, "a", "user", f"What is the capital of country {name}?", at=T0 + timedelta(days=n, hours=1))
    assert om.run_due(store, force=True).reflected
    kept = store.execute("SELECT output_tokens FROM reflection_generations").fetchone()[0]
    assert kept > 20 and om.reflect_threshold(store) == kept + 10
    ingest_message(store, "a", "user", "Thanks!", at=T0 + timedelta(days=7))
    assert not om.run_due(store, force=True).reflected         # no reflection on every turn
    om.config = OMConfig(400, 20)                               # but never later than the most the log may hold
    assert om.reflect_threshold(store) == om.config.max_observation_tokens == 40
