"""Bad input and failures: huge pastes, control characters, RTL and emoji, a model crashing mid-answer,
a database that cannot be written. Clear messages, the typed text never lost, the window responsive."""
from __future__ import annotations

import time

from PySide6.QtCore import QTimer

from memory_core.errors import StorageError
from tests.desktop_app.doubles import FailingModel
from tests.desktop_app.helpers import send
from tests.doubles import FakeChatModel


def test_a_one_megabyte_paste_is_kept_and_the_window_stays_responsive(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="That is long."))
    paste = ("lorem ipsum dolor sit amet " * 40_000)[:1_000_000]
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(50)
    window.composer.set_text(paste)
    with qtbot.waitSignal(window.answerFinished, timeout=60_000):
        assert window.send()
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert not gaps or max(gaps) < 2.0, f"the UI thread was blocked for {max(gaps):.1f}s"
    stored = [m for m in store.messages(window.current_thread) if m.role == "user"]
    kept_in_box = window.composer.text() == paste
    assert kept_in_box or (stored and stored[0].text == paste.strip() or stored[0].text == paste)
    bubble = window.chat_view.bubbles[0]
    assert len(bubble.body.text()) < 200_000, "the view shows a shortened copy, not a megabyte of layout"
    # the memory worker's fact pass reads the paste after the turn (seconds of regexes on a megabyte, at low
    # priority); the window closes once it is done, not in the middle of it
    from memory_core.facts.fact_pass import pending_count

    qtbot.waitUntil(lambda: pending_count(store) == 0, timeout=180_000)


def test_control_characters_rtl_and_emoji(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="👍 קיבלתי"))
    text = "שלום עולם \x00\x07 مرحبا 👋🏽 naïve\ttab"
    send(qtbot, window, text)
    stored = store.messages(window.current_thread)
    assert stored[0].text == "שלום עולם  مرحبا 👋🏽 naïve\ttab"
    assert "\x00" not in stored[0].text
    assert stored[1].text == "👍 קיבלתי"
    assert "مرحبا" in window.chat_view.bubbles[0].body.text()


def test_the_model_failing_mid_answer_keeps_everything(make_window, qtbot, store):
    model = FailingModel(after=3)
    window = make_window(model)
    send(qtbot, window, "Please answer")
    assert window.chat_view.error_banner is not None
    assert "llama_decode" in window.chat_view.error_banner.text()
    answer = window.chat_view.bubbles[-1]
    assert answer.message.text == "one two three" and "interrupted" in answer.meta.text()
    assert [m.text for m in store.messages(window.current_thread) if m.role == "user"] == ["Please answer"]
    assert not window.composer.generating and window.composer.text() == ""
    model.fail = False
    send(qtbot, window, "Try again")
    assert window.chat_view.error_banner is None
    assert window.chat_view.bubbles[-1].message.text == "one two three four five six"


def test_an_unwritable_database_gives_the_text_back(make_window, qtbot, store, monkeypatch):
    import memory_core.chat.assistant as assistant

    window = make_window(FakeChatModel(replies="ok"))
    send(qtbot, window, "first message works")

    def read_only(*args, **kwargs):
        raise StorageError("cannot write to the data directory: check that it exists and is writable")

    monkeypatch.setattr(assistant, "ingest_message", read_only)
    window.composer.set_text("my carefully typed paragraph")
    with qtbot.waitSignal(window.answerFinished, timeout=10_000):
        window.send()
    assert window.composer.text() == "my carefully typed paragraph"
    assert "writable" in window.chat_view.error_banner.text()
    assert [b.message.text for b in window.chat_view.bubbles] == ["first message works", "ok"]
    assert window.composer.button.isEnabled() and not window.composer.generating
