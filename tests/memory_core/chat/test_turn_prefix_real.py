"""On the real bundled model: after a turn with recalled snippets, the next turn evaluates only what is new."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.chat.context import Recalled
from memory_core.observational.engine import OMConfig
from memory_core.observational.worker import MemoryWorker

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
SNIPPET = Recalled("message", 1, "Earlier chat: the user keeps the spare key of the bike shed under the blue flower pot.")


@pytest.mark.real_model
@pytest.mark.parametrize("every_turn", [True, False])
def test_the_last_exchange_is_prepared_off_the_chats_path(store, bundled_model_path, every_turn):
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    model = LlamaChatModel(bundled_model_path, RuntimeSettings(context_length=1024))
    try:
        worker = MemoryWorker(store, model, config=OMConfig(5000, 100_000))   # no observation in this chat
        worker.prepare_after_every_turn = every_turn
        assistant = Assistant(store, model, worker=worker, recall=lambda *_: [SNIPPET],
                              settings=ChatSettings(max_tokens=12, temperature=0))
        assistant.send("t", "I repainted the garden fence today; it took the whole afternoon.", now=T0)
        worker.run_pending(now=T0 + timedelta(minutes=2))
        handover = worker.last_handover
        second = assistant.send("t", "Where is the key of the bike shed?", now=T0 + timedelta(minutes=2))
        stats = second.stats
        new_part = [m for m in second.prompt.messages if m["role"] == "system"][-1:] + second.prompt.messages[-1:]
        if every_turn:
            assert handover is not None and handover.outcome == "handed over", handover
            assert stats.cached_tokens >= handover.prefix_tokens - 1
            # only the recalled snippets and the new message are evaluated (plus template markup)
            assert stats.prompt_tokens - stats.cached_tokens <= model.count_prompt_tokens(new_part) + 8
        else:
            assert handover is None
            # the previous question and answer are evaluated again, after the old snippets
            assert stats.prompt_tokens - stats.cached_tokens > model.count_prompt_tokens(new_part) + 16
    finally:
        worker.close()
        model.close()
