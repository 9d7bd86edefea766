"""After a commit, the worker prepares the next turn's stable prefix (memory_core.llm.PrefixPreparer)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.observational.engine import OMConfig
from memory_core.observational.worker import MemoryWorker
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
CONFIG = OMConfig(message_tokens=60, observation_tokens=4000)
FACTS = ["My sister Léa lives in Porto and works at a bakery near the river.",
         "I am allergic to peanuts, so please keep recipes free of them.",
         "My cat is called Miso and she sleeps on the piano all afternoon.",
         "I moved to Grenoble last week; the flat has a view of the mountains.",
         "My dentist appointment is on June 11 at nine in the morning."]


class PreparingModel(FakeChatModel):
    """The double plus the optional capability: records what it was asked to prepare."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.prepared: list[list[dict]] = []

    def prepare_prefix(self, messages):
        self.prepared.append(list(messages))
        return "prepared"


def _chat(store, model, config=CONFIG):
    worker = MemoryWorker(store, model, config=config)
    assistant = Assistant(store, model, worker=worker, settings=ChatSettings(max_tokens=8, temperature=0))
    return assistant, worker


def _chat_until_observed(assistant, worker):
    """Tell the facts one turn at a time, running the worker after each, until a pass observes."""
    at = T0
    for text in FACTS:
        assistant.send("t", text, now=at)
        at += timedelta(minutes=3)
        report = worker.run_pending(now=at)
        if report.activated_messages:
            break
    return report, at


def test_worker_prepares_exactly_the_next_prompts_stable_part(store):
    model = PreparingModel(context_length=4096)
    assistant, worker = _chat(store, model)
    assert worker.prefix_source == assistant.stable_prefix
    report, at = _chat_until_observed(assistant, worker)
    assert report.activated_messages, "the scripted chat should reach the observation threshold"
    assert worker.last_handover == "prepared" and model.prepared
    prefix = model.prepared[-1]
    assert "Porto" in prefix[0]["content"]                     # the new observations are in it
    following = assistant.prepare("t", "What is my cat called?", now=at)
    assert following.messages[:len(prefix)] == prefix        # the next turn starts with exactly these messages
    assert len(following.messages) == len(prefix) + 1


def test_after_a_turn_without_a_memory_change_the_prefix_is_offered_too(store):
    """A turn with recalled snippets leaves the chat's cache diverging at its own message; the model decides
    by size whether handing over the next prefix is worth it (models/llama_runtime.py worth_handing_over)."""
    model = PreparingModel(context_length=4096)
    assistant, worker = _chat(store, model, config=OMConfig(message_tokens=5000, observation_tokens=100_000))
    assistant.send("t", "Hello there.", now=T0)
    report = worker.run_pending(now=T0 + timedelta(minutes=1))
    assert not report.activated_messages and not report.reflected
    assert len(model.prepared) == 1 and worker.last_handover == "prepared"
    assert any(m["content"].endswith("Hello there.") for m in model.prepared[0])   # the last exchange is in it
    worker.prepare_after_every_turn = False                               # only after a commit, as before
    assistant.send("t", "And hello again.", now=T0 + timedelta(minutes=2))
    worker.run_pending(now=T0 + timedelta(minutes=3))
    assert len(model.prepared) == 1 and worker.last_handover is None


def test_models_without_the_capability_and_failures_cost_nothing(store):
    plain = FakeChatModel(context_length=4096)
    assistant, worker = _chat(store, plain)
    activated = 0
    for i, text in enumerate(FACTS):
        assistant.send("t", text, now=T0 + timedelta(minutes=3 * i))
        report = worker.run_pending()
        activated += report.activated_messages
        if report.activated_messages:
            assert worker.last_handover is None
    assert activated

    class Failing(PreparingModel):
        def prepare_prefix(self, messages):
            raise RuntimeError("llama.cpp refused the state")
    model = Failing(context_length=4096)
    assistant, worker = _chat(store, model)
    for i, text in enumerate(FACTS):
        assistant.send("u", text, now=T0 + timedelta(hours=1, minutes=3 * i))
    report = worker.run_pending()
    assert report.activated_messages                           # memory committed all the same
    assert "prefix preparation failed" in worker.engine.state.last_error


def test_temporary_or_memory_off_chats_prepare_nothing(store):
    model = PreparingModel(context_length=4096)
    assistant, _ = _chat(store, model)
    assistant.settings.memory = False
    assert assistant.stable_prefix(store, "t") == []


@pytest.mark.real_model
def test_real_model_next_turn_after_an_activation_reuses_the_handed_over_prefix(store, bundled_model_path):
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    model = LlamaChatModel(bundled_model_path, RuntimeSettings(context_length=1024))
    try:
        assistant, worker = _chat(store, model)
        report, at = _chat_until_observed(assistant, worker)
        assert report.activated_messages
        handover = worker.last_handover
        assert handover is not None and handover.handed_over, handover
        result = assistant.send("t", "What is my cat called?", now=at)
        assert result.stats.cached_tokens >= handover.prefix_tokens - 1
        assert result.stats.prompt_tokens - result.stats.cached_tokens < 40   # only the new message
    finally:
        model.close()


def test_a_pass_asked_to_stop_commits_memory_and_skips_the_optional_steps(store):
    """Closing the app asks the running pass to stop: observation still commits (nothing is lost), but the
    prefix hand-over, indexing and matching wait for the next start instead of holding the app open."""
    model = PreparingModel(context_length=4096)
    assistant, worker = _chat(store, model)
    at = T0
    for text in FACTS:
        assistant.send("t", text, now=at)
        at += timedelta(minutes=3)
    worker.request_stop()
    assert worker.stopping
    report = worker.run_pending(force=True, now=at)
    assert report.activated_messages, "the observation is still committed"
    assert worker.last_report is report
    assert model.prepared == [] and worker.last_handover is None
