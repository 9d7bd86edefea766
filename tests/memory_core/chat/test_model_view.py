"""Memory lines as the chat model reads them: prose with no line markup; the answer stops before markup."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.chat.context import assemble
from memory_core.chat.model_view import CHAT_STOPS, render_for_model, render_prose
from memory_core.ingest import ingest_message
from memory_core.observational.engine import OMConfig
from memory_core.observational.format import ObservationLine
from memory_core.observational.tokens import TokenCounter
from memory_core.observational.worker import MemoryWorker
from tests.doubles import FakeChatModel

MONDAY = date(2026, 3, 2)
LINES = [
    ObservationLine(MONDAY, "09:00", "high", "User: I live in Braga"),
    ObservationLine(MONDAY, "09:01", "low", "User asked: Is Porto far?"),
    ObservationLine(MONDAY, "09:02", "medium", "User: I fly to Lyon on Friday.", referenced_date=date(2026, 3, 6)),
    ObservationLine(date(2026, 3, 3), "10:00", "done", "User: I booked the dentist."),
    ObservationLine(date(2026, 3, 3), "10:05", "low", "User asked about: train times"),
]
MARKUP = ("🔴", "🟡", "🟢", "✅", "(09:00)", "Date:", "* ", "User:", "User asked")


def test_prose_has_no_line_markup_and_keeps_order_dates_and_references():
    text = render_prose(LINES, today=MONDAY)
    assert not any(mark in text for mark in MARKUP)
    assert text.splitlines() == [
        "On Monday 2 March 2026: I live in Braga. They asked: Is Porto far? "
        "I fly to Lyon on Friday (that is 2026-03-06, in 4 days).",
        "On Tuesday 3 March 2026: Done: I booked the dentist. They asked about: train times.",
    ]


def test_the_stored_format_is_still_available_and_unknown_styles_are_refused():
    assert render_for_model(LINES[:1], MONDAY, "om") == "Date: 2026-03-02 (Monday)\n* 🔴 (09:00) User: I live in Braga"
    with pytest.raises(ValueError):
        render_for_model(LINES, MONDAY, "fancy")


class StopRecordingModel(FakeChatModel):
    def stream(self, messages, **kwargs):
        self.stops = tuple(kwargs.get("stop", ()))
        return super().stream(messages, **kwargs)


def test_the_chat_prompt_shows_memory_as_prose_and_the_turn_stops_at_markup(store):
    model = StopRecordingModel(context_length=2048, replies="Noted.")
    worker = MemoryWorker(store, model, config=OMConfig(300, 100_000))
    at = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
    ingest_message(store, "earlier", "user", "I live in Braga and I'm allergic to shellfish.", at=at)
    worker.notify("now")
    worker.run_pending(force=True)
    system = assemble(store, "now", "hi", counter=TokenCounter(model), budget=1500,
                      now=at + timedelta(days=1)).messages[0]["content"]
    assert ": I live in Braga and I'm allergic to shellfish." in system
    assert "🔴" not in system and "User:" not in system and "(09:00)" not in system
    assistant = Assistant(store, model, worker=worker, settings=ChatSettings(max_tokens=32))
    assistant.send("now", "What should I cook?", now=at + timedelta(days=1))
    assert model.stops == CHAT_STOPS and "🔴" in model.stops and "<memory>" in model.stops


@pytest.mark.real_model
def test_the_real_model_copies_the_stored_markup_but_not_the_prose(store, real_model):
    """The bundled SmolLM2-135M, greedy: with the stored line format it answered "🔴 (09:02) User: …"
    (the control: this test can fail); with the prose rendering and the stops it does not."""
    import re

    at = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
    for minute, text in enumerate(["My favourite author is Ursula K. Le Guin.", "I read before bed."]):
        ingest_message(store, "earlier", "user", text, at=at + timedelta(minutes=minute))
    worker = MemoryWorker(store, real_model)
    worker.engine.observer_mode = "extractive"
    worker.notify("now")
    worker.run_pending(force=True)
    markup = re.compile(r"[🔴🟡🟢✅]|\([0-2]\d:[0-5]\d\)|User:|Date: ")
    answers = {}
    for style, stops in (("om", ()), ("prose", CHAT_STOPS)):
        prompt = Assistant(store, real_model, engine=worker.engine,
                           settings=ChatSettings(memory_style=style)).prepare("now", "Recommend me a book.",
                                                                              now=at + timedelta(days=1))
        answers[style] = "".join(real_model.stream(prompt.messages, max_tokens=48, temperature=0.0, stop=stops))
    worker.close()
    assert markup.search(answers["om"]), f"control: the stored format was copied before: {answers['om']!r}"
    assert not markup.search(answers["prose"]), answers["prose"]
