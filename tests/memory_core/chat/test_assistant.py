"""The Assistant reports the stored message id itself and takes back the last exchange (Regenerate)."""
from __future__ import annotations

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from tests.doubles import FakeChatModel


class BrokenModel(FakeChatModel):
    def stream(self, messages, **kwargs):
        yield "half an"
        raise RuntimeError("llama_decode returned -1")


def test_the_user_message_id_is_reported_before_the_model_runs(store):
    seen: list[int] = []
    result = Assistant(store, FakeChatModel(replies="Hello.")).send("t1", "Hi there", on_user_stored=seen.append)
    assert seen == [result.user_message_id]
    assert store.message(seen[0]).text == "Hi there"


def test_the_id_is_known_even_when_the_model_fails(store):
    seen: list[int] = []
    with pytest.raises(RuntimeError):
        Assistant(store, BrokenModel()).send("t1", "Please answer", on_user_stored=seen.append)
    assert len(seen) == 1 and store.message(seen[0]).text == "Please answer"


def test_a_temporary_chat_reports_no_id(store):
    seen: list[int] = []
    assistant = Assistant(store, FakeChatModel(), settings=ChatSettings(temporary=True))
    assistant.send("temp-1", "Nothing stored", on_user_stored=seen.append)
    assert seen == [] and store.messages("temp-1") == []


def test_take_back_the_last_exchange_of_a_stored_chat(store):
    assistant = Assistant(store, FakeChatModel(replies="Answer."))
    assistant.send("t1", "First question")
    assistant.send("t1", "Second question")
    assert assistant.take_back_last_exchange("t1") == "Second question"
    assert [(m.role, m.text) for m in store.messages("t1")] == [("user", "First question"), ("assistant", "Answer.")]


def test_take_back_in_a_temporary_chat_touches_only_memory(store):
    assistant = Assistant(store, FakeChatModel(replies="Answer."), settings=ChatSettings(temporary=True))
    assistant.send("temp-1", "Question")
    assert assistant.take_back_last_exchange("temp-1") == "Question"
    assert assistant.take_back_last_exchange("temp-1") is None
    assert store.messages("temp-1") == []


def test_nothing_to_take_back(store):
    assert Assistant(store, FakeChatModel()).take_back_last_exchange("never-used") is None
