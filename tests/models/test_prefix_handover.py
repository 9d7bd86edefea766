"""The prefix hand-over and the background context's manners, on the real bundled model."""
from __future__ import annotations

import threading
import time

import pytest

from memory_core.llm import PrefixPreparer
from models.llama_runtime import LlamaChatModel, RuntimeSettings
from models.priority import BACKGROUND_NICE, ForegroundGate, lower_current_thread, thread_nice

SYSTEM_BEFORE = "You are a helpful assistant.\n<memory>\n* (09:00) User likes tea.\n</memory>"
SYSTEM_AFTER = ("You are a helpful assistant.\n<memory>\n* (09:00) User likes tea.\n"
                + "".join(f"* (10:{i:02d}) User mentioned the blue bicycle number {i} and the garden shed.\n"
                          for i in range(12)) + "</memory>")
TAIL = [{"role": "user", "content": "[Monday 2026-03-02 10:30] I repainted the fence today."},
        {"role": "assistant", "content": "That sounds like a good day's work."}]
QUESTION = {"role": "user", "content": "[10:40] What colour is my bicycle?"}


@pytest.fixture(scope="module")
def model(bundled_model_path):
    opened = LlamaChatModel(bundled_model_path, RuntimeSettings(context_length=1024))
    yield opened
    opened.close()


@pytest.mark.real_model
def test_hand_over_makes_the_next_turn_evaluate_only_what_is_new(model):
    assert isinstance(model, PrefixPreparer)
    model.reset_cache()
    model.complete([{"role": "system", "content": SYSTEM_BEFORE}, *TAIL, QUESTION], max_tokens=4)
    prefix = [{"role": "system", "content": SYSTEM_AFTER}, *TAIL]   # the memory block changed
    report = model.prepare_prefix(prefix)
    assert report.handed_over, report
    assert report.missing_tokens > 100 and report.state_bytes > 0
    assert model.cached_tokens == report.prefix_tokens
    reply = model.complete([*prefix, QUESTION], max_tokens=12)
    stats = model.last_stats
    assert stats.cached_tokens >= report.prefix_tokens - 1
    assert stats.prompt_tokens - stats.cached_tokens < 30
    # the handed-over state is the real thing: the same greedy reply as from a clean context
    model.reset_cache()
    assert model.complete([*prefix, QUESTION], max_tokens=12) == reply
    assert model.last_stats.cached_tokens == 0


@pytest.mark.real_model
def test_no_hand_over_below_the_crossover(model):
    prefix = [{"role": "system", "content": SYSTEM_AFTER}, *TAIL]
    model.complete([*prefix, QUESTION], max_tokens=2)    # the chat already holds the prefix
    report = model.prepare_prefix(prefix)
    assert report.outcome == "chat holds it" and not report.handed_over
    assert not model.settings.worth_handing_over(report.missing_tokens, report.prefix_tokens)


def test_decision_by_size():
    settings = RuntimeSettings(handover_min_tokens=16, handover_copy_cost=0.02)
    assert not settings.worth_handing_over(10, 200)          # a few tokens: the chat evaluates them
    assert settings.worth_handing_over(16, 200)
    assert not settings.worth_handing_over(30, 2000)         # copying 2000 tokens' state costs ~40 evaluations
    assert settings.worth_handing_over(40, 2000)


@pytest.mark.real_model
def test_background_context_runs_on_fewer_threads_at_lower_priority(model):
    background = model.background()
    assert model.settings.resolved_background_threads() <= max(1, model.settings.resolved_threads() // 2)
    assert background._context.llama.context_params.n_threads == model.settings.resolved_background_threads()
    seen = {}

    def job():
        background.complete([{"role": "user", "content": "Say one word."}], max_tokens=2)
        seen["nice"] = thread_nice()
    worker = threading.Thread(target=job)
    worker.start()
    worker.join(60)
    assert seen["nice"] >= BACKGROUND_NICE
    assert thread_nice() < BACKGROUND_NICE   # the main thread (the chat here) keeps its priority


@pytest.mark.real_model
def test_background_job_waits_while_a_chat_turn_is_in_flight(model):
    long_job = [{"role": "user", "content": "Summarize: " + "the weather was mild and the garden grew. " * 40}]
    background = model.background()
    background.complete([{"role": "user", "content": "Warm up."}], max_tokens=1)
    before = model.gate.yielded_seconds
    done = threading.Event()
    model.gate.enter()                               # a chat turn is computing
    try:
        worker = threading.Thread(target=lambda: (background.complete(long_job, max_tokens=2), done.set()))
        worker.start()
        assert not done.wait(1.5)                     # the job holds still meanwhile
    finally:
        model.gate.leave()
    worker.join(120)
    assert done.is_set() and model.gate.yielded_seconds - before >= 1.0


@pytest.mark.real_model
def test_a_concurrent_background_job_does_not_change_the_chat_reply(model):
    long_job = [{"role": "user", "content": "Summarize: " + "the weather was mild and the garden grew. " * 40}]
    chat = [{"role": "user", "content": "Name three fruits. " * 10}]
    model.reset_cache()
    expected = model.complete(chat, max_tokens=16)
    model.reset_cache()
    worker = threading.Thread(target=lambda: model.background().complete(long_job, max_tokens=4))
    worker.start()
    time.sleep(0.3)
    assert model.complete(chat, max_tokens=16) == expected
    worker.join(120)


def test_gate_blocks_background_steps_only_while_the_chat_is_busy():
    gate = ForegroundGate()
    assert gate.wait_idle() == 0.0
    gate.enter()
    released = []
    waiter = threading.Thread(target=lambda: released.append(gate.wait_idle()))
    waiter.start()
    time.sleep(0.2)
    assert not released                              # still waiting for the chat turn
    gate.leave()
    waiter.join(5)
    assert released and released[0] >= 0.15
    gate.enter()
    assert gate.wait_idle(timeout=0.05) >= 0.05      # a stuck chat never starves memory for ever
    gate.leave()


def test_lowering_priority_never_touches_the_main_thread():
    assert lower_current_thread() is False
    result = {}
    thread = threading.Thread(target=lambda: result.update(applied=lower_current_thread(), nice=thread_nice()))
    thread.start()
    thread.join(5)
    assert result["applied"] and result["nice"] >= BACKGROUND_NICE
