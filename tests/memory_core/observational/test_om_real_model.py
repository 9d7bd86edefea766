"""End to end with the bundled SmolLM2-135M through llama.cpp: real tokens, real KV cache, real grammar."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.observational.worker import MemoryWorker
from memory_core.ingest import ingest_message
from memory_core.observational.llm_observer import LLMObserver, ObservationRejected
from memory_core.storage.store import Store
from memory_core.observational.tokens import TokenCounter
from tests.conftest import TEST_PASSPHRASE

pytest.importorskip("llama_cpp")
pytestmark = [pytest.mark.real_model, pytest.mark.slow]

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def test_fact_from_one_chat_reaches_the_next_after_restart(store, data_dir, real_model):
    worker = MemoryWorker(store, real_model)
    assistant = Assistant(store, real_model, worker=worker, settings=ChatSettings(max_tokens=12, temperature=0))
    first = assistant.send("chat-1", "Hi! My sister Léa lives in Porto and I'm allergic to peanuts.", now=T0)
    assert first.reply and first.stats.prompt_tokens > 0
    second = assistant.send("chat-1", "Thanks, that helps.", now=T0 + timedelta(minutes=1))
    assert second.stats.cached_tokens > 0.5 * second.stats.prompt_tokens  # the prefix came from the KV cache
    worker.notify("chat-2")
    worker.run_pending()
    worker.close()
    counter = TokenCounter(real_model)
    cached = store.execute("SELECT count(*) FROM message_tokens WHERE tokenizer = ?", [counter.tokenizer_id])
    assert cached.fetchone()[0] >= 4                                          # counted in real tokens, once
    store.close()

    reopened = Store.open(data_dir, TEST_PASSPHRASE)
    try:
        later = Assistant(reopened, real_model, worker=MemoryWorker(reopened, real_model),
                          settings=ChatSettings(max_tokens=12, temperature=0))
        result = later.send("chat-2", "Where does my sister live?", now=T0 + timedelta(days=1))
        system = result.stats and result.prompt.messages[0]["content"]
        assert "Léa lives in Porto" in system and "peanuts" in system
        assert result.prompt.report.prompt_tokens <= later.budget
    finally:
        reopened.close()


def test_llm_observer_on_the_small_model_validates_or_is_rejected_cleanly(store, real_model):
    for n, text in enumerate(["I moved to Lyon last month.", "I prefer tea to coffee.", "Can you suggest a book?"]):
        ingest_message(store, "t", "user", text, at=T0 + timedelta(minutes=n))
    messages = store.messages("t")
    try:
        drafts = LLMObserver(real_model.background(), max_tokens=48).observe(messages)
    except ObservationRejected as rejected:
        assert rejected.reason                                                # a reason, never user text
    else:
        assert all(set(d.message_ids) <= {m.id for m in messages} for d in drafts)
        assert all(d.said_at.isoformat().startswith("2026-03-02T09:0") for d in drafts)   # times from code
