"""Thresholds, buffering, activation, failure and back-off, with a deterministic model double."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.observational.worker import MemoryWorker, make_engine
from memory_core.ingest import ingest_message
from memory_core.observational.engine import OMConfig, OMEngine
from memory_core.observational.tokens import TokenCounter
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
FACTS = ["I'm allergic to peanuts.", "My sister Léa lives in Porto.", "I prefer WhatsApp over e-mail.",
         "I decided to learn Japanese this year.", "I work as a nurse on night shifts."]


def say(store, thread, n, start=0, words=30):
    """n user/assistant exchanges of roughly ``words`` tokens each."""
    for i in range(start, start + n):
        fact = FACTS[i % len(FACTS)]
        filler = " ".join(f"w{i}x{j}" for j in range(words))
        ingest_message(store, thread, "user", f"{fact} {filler}", at=T0 + timedelta(minutes=2 * i))
        ingest_message(store, thread, "assistant", f"Noted {filler}", at=T0 + timedelta(minutes=2 * i + 1))


def engine(model=None, message_tokens=400, observation_tokens=100_000, **kw):
    return OMEngine(TokenCounter(model or FakeChatModel()), OMConfig(message_tokens, observation_tokens),
                    observer_mode="extractive", **kw)


def unobserved_ids(store, thread="t"):
    return [r["id"] for r in store.query("SELECT id FROM messages WHERE thread_id = ? AND observed_at IS NULL "
                                         "ORDER BY id", [thread])]


def test_token_counts_are_cached_per_message(store):
    model = FakeChatModel()
    say(store, "t", 2)
    om = engine(model)
    first = om.pending_tokens(store, "t")
    rows = store.execute("SELECT count(*) FROM message_tokens WHERE tokenizer = ?", [model.tokenizer_id]).fetchone()[0]
    assert rows == 4 and first > 0
    model.count_tokens = lambda text: (_ for _ in ()).throw(AssertionError("re-tokenized"))
    assert om.pending_tokens(store, "t") == first


def test_below_buffer_step_nothing_happens(store):
    say(store, "t", 1, words=10)
    report = engine().run_due(store, "t")
    assert report.buffered == 0 and report.activated_messages == 0
    assert store.counts()["observations"] == 0


def test_buffers_in_background_then_activates_at_threshold_keeping_a_raw_tail(store):
    om = engine(message_tokens=600)           # buffer step 120, tail 120 (prompt tokens: text + stamp + markup)
    say(store, "t", 1)                         # ~100 tokens in the prompt: below the step
    assert om.run_due(store, "t").buffered == 0
    say(store, "t", 1, start=1)                # ~200: a chunk is observed ahead of time, nothing committed
    report = om.run_due(store, "t")
    assert report.buffered == 4 and report.activated_messages == 0
    assert store.counts()["observations"] == 0 and len(unobserved_ids(store)) == 4
    say(store, "t", 4, start=2)                # ~600: activation
    report = om.run_due(store, "t")
    assert report.activated_messages > 0
    tail = unobserved_ids(store)
    counts = om.token_counts(store, om.unobserved(store, "t"))
    assert 0 < len(tail) < 12 and sum(counts.values()) <= om.config.tail_tokens
    assert store.counts()["observations"] >= 4
    linked = store.execute("SELECT count(DISTINCT message_id) FROM observation_messages").fetchone()[0]
    assert linked >= 4
    assert store.execute("SELECT count(*) FROM messages").fetchone()[0] == 12  # nothing is lost


def test_hard_limit_observes_synchronously_on_the_turn_path(store):
    om = engine(message_tokens=400)
    say(store, "t", 4)
    assert om.ensure_within_hard_limit(store, "t") is None          # ~280 < 480: not on the turn path
    say(store, "t", 4, start=4)
    report = om.ensure_within_hard_limit(store, "t")
    assert report is not None and report.activated_messages > 0


def test_single_huge_message_is_observed(store):
    om = engine(message_tokens=400)
    paste = "Here is the crash log:\n" + "\n".join(f"  File \"app.py\", line {i}, in handler" for i in range(200))
    ingest_message(store, "t", "user", paste, at=T0)
    report = om.run_due(store, "t")
    assert report.activated_messages == 1
    assert unobserved_ids(store) == []
    text = store.execute("SELECT text FROM observations").fetchone()[0]
    assert text.startswith("User pasted a long text (201 lines")


def test_other_threads_are_observed_fully_so_the_next_chat_knows(store):
    om = engine(message_tokens=4000)
    ingest_message(store, "old", "user", "I'm allergic to peanuts.", at=T0)
    om.run_due(store, active_thread="new")
    assert unobserved_ids(store, "old") == []
    assert "peanuts" in store.execute("SELECT text FROM observations").fetchone()[0]


def test_failure_keeps_raw_messages_backs_off_and_reports_state(store):
    now = [1000.0]
    om = engine(message_tokens=100, clock=lambda: now[0])
    say(store, "t", 3)

    def broken(*args, **kwargs):
        raise RuntimeError("observer crashed")
    om.extractive.observe = broken
    report = om.run_due(store, "t")
    assert report.skipped.startswith("failed")
    assert om.state.phase == "failed" and "observer crashed" in om.state.reason
    assert len(unobserved_ids(store)) == 6 and store.counts()["observations"] == 0
    assert om.run_due(store, "t").skipped == "backing off after a failure"
    assert om.ensure_within_hard_limit(store, "t") is None             # the turn is never blocked
    om.run_due(store, "t")
    first_retry = om.state.retry_at
    now[0] += 6
    om.run_due(store, "t")                                              # retried, failed again: longer wait
    assert om.state.failures == 2 and om.state.retry_at - now[0] > first_retry - 1000.0
    del om.extractive.observe                                           # the observer recovers
    now[0] += 60
    report = om.run_due(store, "t")
    assert report.activated_messages > 0 and om.state.phase == "idle" and om.state.failures == 0


def test_llm_output_failing_validation_falls_back_to_extractive(store):
    model = FakeChatModel(completions=["* 🔴 (09:00) [1] User likes tea.\n" * 3])  # a loop
    om = OMEngine(TokenCounter(model), OMConfig(100, 100_000), llm=model, observer_mode="auto")
    say(store, "t", 3)
    report = om.run_due(store, "t")
    assert report.activated_messages > 0
    assert model.complete_calls and model.complete_calls[0]["grammar"]
    assert "repeated lines" in om.state.last_error and om.state.observer == "extractive"
    assert store.execute("SELECT DISTINCT source FROM observations").fetchone()[0] == "extractive"


def test_valid_llm_output_is_used_with_dates_from_code(store):
    model = FakeChatModel(completions=["* 🔴 (23:59) [1] User sees the dentist next Tuesday.\n"])
    om = OMEngine(TokenCounter(model), OMConfig(100, 100_000), llm=model, observer_mode="llm")
    ingest_message(store, "t", "user", "I see the dentist next Tuesday, it's been ages " + "ok " * 100, at=T0)
    om.run_due(store, "t")
    row = store.execute("SELECT text, observed_at, referenced_date, source FROM observations").fetchone()
    assert row == ("User sees the dentist next Tuesday.", "2026-03-02T09:00:00+00:00", "2026-03-03", "llm")


def test_worker_uses_its_own_connection_and_notifies(store):
    model = FakeChatModel(context_length=2048)
    worker = MemoryWorker(store, model, config=OMConfig(200, 100_000))
    say(store, "t", 5)
    worker.notify("t")
    thread = worker.start()
    import time
    deadline = time.time() + 10
    while store.counts()["observations"] == 0 and time.time() < deadline:
        time.sleep(0.05)
    worker.stop()
    assert not thread.is_alive()
    assert store.counts()["observations"] > 0
    assert worker._store is None  # closed on stop


def test_defaults_scale_with_context_length(store):
    small = make_engine(store, FakeChatModel(context_length=4096)).config
    large = make_engine(store, FakeChatModel(context_length=131072)).config
    assert small.message_tokens == 1433 and small.hard_limit > small.message_tokens
    assert 30_000 <= large.message_tokens <= 50_000
    assert make_engine(store, FakeChatModel()).observer_mode == "extractive"  # a tiny model: no wasted LLM calls


def test_thresholds_count_what_the_raw_tail_costs_in_the_prompt(store):
    """Short messages roughly double in the prompt (stamp + template markup); the engine must count that,
    or the tail overflows the prompt before observation activates."""
    from memory_core.chat.context import render_chatml, stamped

    model = FakeChatModel()
    for i in range(10):
        ingest_message(store, "t", "user", f"ok {i}", at=T0 + timedelta(days=i))
        ingest_message(store, "t", "assistant", "sure", at=T0 + timedelta(days=i, minutes=1))
    om = engine(model)
    messages = om.unobserved(store, "t")
    tail, _ = stamped(messages, None, None, T0)
    in_prompt = TokenCounter(model).count(render_chatml(tail, add_generation_prompt=False))
    text_only = sum(om.token_counts(store, messages).values())
    assert in_prompt > 1.5 * text_only                      # the case the old accounting missed
    assert om.pending_tokens(store, "t") >= in_prompt
