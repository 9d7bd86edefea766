"""Every answer records the memories it was generated with; forgetting a memory lists (and can remove) them."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.chat.context import Recalled
from memory_core.forgetting.forget import execute_forget, plan_forget
from memory_core.observational.engine import OMConfig
from memory_core.observational.worker import MemoryWorker
from memory_core.storage.answer_memories import MemoryUse, answers_using, memories_for_answer, memory_counts
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def answer_from_memory(messages) -> str:
    return "You live in Braga." if "where do i live" in messages[-1]["content"].lower() else "Noted."


def chat(store, replies=answer_from_memory):
    model = FakeChatModel(context_length=2048, replies=replies)
    worker = MemoryWorker(store, model, config=OMConfig(300, 100_000))
    return Assistant(store, model, worker=worker, settings=ChatSettings(max_tokens=64)), worker


def observed(store, thread="monday", text="I live in Braga and I'm allergic to shellfish."):
    assistant, worker = chat(store)
    assistant.send(thread, text, now=T0)
    worker.notify("elsewhere")        # another chat opened: the first one is observed completely
    worker.run_pending(force=True)
    return assistant, worker


def observation_ids(store) -> list[int]:
    return [row[0] for row in store.execute("SELECT id FROM observations ORDER BY id").fetchall()]


def test_each_answer_has_a_provenance_row_per_item_in_its_prompt(store):
    assistant, _ = observed(store)
    in_log = observation_ids(store)
    assert in_log, "the observer should have noted the user's facts"
    result = assistant.send("tuesday", "Where do I live?", now=T0 + timedelta(days=1))
    assert {(u.kind, u.id, u.via) for u in result.prompt.used} == {("observation", i, "block") for i in in_log}
    used = memories_for_answer(store, result.reply_message_id)
    assert [(m.kind, m.id, m.via) for m in used] == [("observation", i, "block") for i in in_log]
    assert "Braga" in used[0].text and used[0].ref == f"observation:{in_log[0]}"
    assert memory_counts(store, [result.reply_message_id, result.user_message_id]) == {
        result.reply_message_id: len(in_log)}
    assert memories_for_answer(store, result.user_message_id) == []      # only answers carry provenance


def test_recalled_items_are_recorded_beside_the_block(store):
    assistant, _ = observed(store)
    fact_id = store.execute("SELECT id FROM facts ORDER BY id").fetchone()[0]
    assistant.recall = lambda store, thread, text: [Recalled("fact", fact_id, "User is allergic to shellfish."),
                                                    "a plain snippet has no id and is only shown"]
    result = assistant.send("tuesday", "Can I eat shrimp?", now=T0 + timedelta(days=1))
    used = memories_for_answer(store, result.reply_message_id)
    assert ("fact", fact_id, "recalled") in {(m.kind, m.id, m.via) for m in used}
    assert [m.via for m in used][-1] == "recalled"                           # block first, then recalled
    assert answers_using(store, {"fact": [fact_id]}) == {result.reply_message_id}


def test_provenance_is_written_in_the_same_transaction_as_the_answer(store, monkeypatch):
    import memory_core.chat.assistant as assistant_module

    assistant, _ = observed(store)
    messages_before = store.execute("SELECT count(*) FROM messages").fetchone()[0]

    def broken(store, answer_id, uses):
        raise RuntimeError("disk went away")
    monkeypatch.setattr(assistant_module, "record_answer_memories", broken)
    with pytest.raises(RuntimeError):
        assistant.send("tuesday", "Where do I live?", now=T0 + timedelta(days=1))
    # the question was stored before generating; the answer and its links went together or not at all
    roles = [r[0] for r in store.execute("SELECT role FROM messages ORDER BY id").fetchall()]
    assert len(roles) == messages_before + 1 and roles[-1] == "user"
    assert store.execute("SELECT count(*) FROM answer_memories").fetchone()[0] == 0


def test_temporary_and_memory_off_chats_record_nothing(store):
    assistant, _ = observed(store)
    assistant.settings = ChatSettings(max_tokens=64, memory=False)
    assistant.send("private", "Where do I live?", now=T0 + timedelta(days=1))
    assistant.settings = ChatSettings(max_tokens=64, temporary=True)
    assistant.send("temp-1", "Where do I live?", now=T0 + timedelta(days=1))
    assert store.execute("SELECT count(*) FROM answer_memories").fetchone()[0] == 0


def test_links_cascade_and_hold_no_text(store):
    assistant, _ = observed(store)
    result = assistant.send("tuesday", "Where do I live?", now=T0 + timedelta(days=1))
    columns = [row[1] for row in store.execute("PRAGMA table_info(answer_memories)").fetchall()]
    assert "text" not in columns
    store.execute("DELETE FROM messages WHERE id = ?", [result.reply_message_id])
    assert store.execute("SELECT count(*) FROM answer_memories").fetchone()[0] == 0


def test_forgetting_a_memory_lists_its_answers_and_keeps_them_by_default(store):
    assistant, _ = observed(store)
    answer = assistant.send("tuesday", "Where do I live?", now=T0 + timedelta(days=1)).reply_message_id
    target = observation_ids(store)[0]
    plan = plan_forget(store, f"observation:{target}")
    assert plan.answers == {answer} and answer not in plan.messages
    assert f"message:{answer}" in plan.describe() and "--remove-answers" in plan.describe()
    receipt = execute_forget(store, plan)
    assert receipt.verified and receipt.answers == [answer] and not receipt.answers_removed
    assert store.execute("SELECT text FROM messages WHERE id = ?", [answer]).fetchone()[0] == "You live in Braga."
    assert memories_for_answer(store, answer) == [] or all(m.id != target for m in memories_for_answer(store, answer))


def test_forgetting_with_remove_answers_removes_the_answers_that_repeat_it(store):
    assistant, _ = observed(store)
    answer = assistant.send("tuesday", "Where do I live?", now=T0 + timedelta(days=1)).reply_message_id
    question = answer - 1
    plan = plan_forget(store, f"observation:{observation_ids(store)[0]}", remove_answers=True)
    assert plan.answers == {answer} and answer in plan.messages
    assert "removed too" in plan.describe()
    receipt = execute_forget(store, plan)
    assert receipt.verified and receipt.answers_removed and answer in receipt.removed["messages"]
    assert store.execute("SELECT count(*) FROM messages WHERE id = ?", [answer]).fetchone()[0] == 0
    assert store.execute("SELECT count(*) FROM messages WHERE id = ?", [question]).fetchone()[0] == 1
    assert store.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'Braga'").fetchone()[0] == 0


def test_a_use_of_an_item_forgotten_meanwhile_is_skipped(store):
    from memory_core.storage.answer_memories import record_answer_memories

    assistant, _ = observed(store)
    answer = assistant.send("tuesday", "hello", now=T0 + timedelta(days=1)).reply_message_id
    with store.transaction():
        written = record_answer_memories(store, answer, [MemoryUse("fact", 999_999), MemoryUse("nonsense", 1)])
    assert written == 0
