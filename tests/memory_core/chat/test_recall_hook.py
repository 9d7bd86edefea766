"""The chat turn's recall hook: nothing for small talk, nothing the prompt already shows, short snippets."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.chat.context import Recalled
from memory_core.chat.recall_hook import SNIPPET_CHARS, is_small_talk, recall_for, shown_in_prompt
from memory_core.ingest import ingest_message
from memory_core.observational.engine import OMConfig
from memory_core.observational.worker import MemoryWorker
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def test_small_talk_is_told_from_questions_and_statements():
    for text in ("Thanks, sounds good!", "Hello again", "ok", "Great, thank you!", "Good morning!", "haha cool",
                 "Thank you so much, that's perfect."):
        assert is_small_talk(text), text
    for text in ("What is my cat called?", "I moved to Porto", "Thanks! Where does my sister live?",
                 "ok, book the dentist for 10", "", "Hello, I'm Ana and I live in Braga."):
        assert not is_small_talk(text), text


def test_recall_leaves_out_small_talk_and_what_the_prompt_already_shows(store):
    long_text = "The garage code for the bike shed is 4471, " + "and the shed also keeps the garden tools " * 12
    ingest_message(store, "old", "user", long_text, at=T0)
    ingest_message(store, "old", "user", "My sister Léa lives in Lyon near the bike shed.", at=T0 + timedelta(minutes=1))
    worker = MemoryWorker(store, FakeChatModel(context_length=2048), config=OMConfig(300, 100_000))
    worker.notify("new")
    worker.run_pending(force=True)                   # "old" is observed: its notes are in the memory block
    ingest_message(store, "new", "user", "Where is the bike shed key? The bike shed is locked.", at=T0 + timedelta(days=1))
    shown = shown_in_prompt(store, "new")
    observations = {i for kind, i in shown if kind == "observation"}
    assert observations and any(kind == "message" for kind, _ in shown)

    recall = recall_for(None)
    hits = recall(store, "new", "What is the code of the bike shed?")
    assert hits and all(isinstance(h, Recalled) for h in hits)
    assert not [h for h in hits if (h.kind, h.id) in shown]           # the memory block and raw tail are not repeated
    assert all(len(h.text) <= SNIPPET_CHARS + 1 for h in hits)        # cut (plus the ellipsis)
    assert any(h.kind == "message" and "4471" in h.text for h in hits)  # an observed message, from the store
    assert recall(store, "new", "Thanks, sounds good!") == []


def test_the_assistant_prompt_carries_no_recalled_block_for_small_talk(store):
    ingest_message(store, "old", "user", "Thanks for the tea recipe with ginger and honey.", at=T0)
    assistant = Assistant(store, FakeChatModel(context_length=2048), recall=recall_for(None),
                          settings=ChatSettings(max_tokens=16))
    assert "<recalled>" not in assistant.prepare("new", "Thanks!", now=T0 + timedelta(hours=1)).text
    assert "<recalled>" in assistant.prepare("new", "Which tea recipe did I like?", now=T0 + timedelta(hours=1)).text
