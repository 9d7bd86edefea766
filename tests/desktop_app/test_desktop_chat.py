"""Chat: send and stream, Enter/Shift+Enter, stop mid-answer, regenerate, copy, start-up that never freezes."""
from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.desktop_app.doubles import CountingModel, SlowModel
from tests.desktop_app.helpers import send
from tests.doubles import FakeChatModel

MARKDOWN = "Here is **bold**:\n\n- one\n- two\n\n```python\nprint('hi')\n```"


def test_send_streams_markdown_and_stores_both_messages(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies=MARKDOWN))
    tokens = []
    window.chat_worker.token.connect(lambda rid, piece: tokens.append(piece))
    send(qtbot, window, "Hello there")
    assert len(tokens) >= 5, "the answer arrived in pieces"
    user, answer = window.chat_view.bubbles
    assert user.message.text == "Hello there" and user.message.id is not None
    assert answer.message.text == MARKDOWN and answer.message.id is not None
    html = answer.body.text()
    assert "<li>" in html and ("<b>bold</b>" in html or "<strong>bold</strong>" in html)
    assert "print(&#x27;hi&#x27;)" in html or "print('hi')" in html
    assert window.composer.text() == ""
    stored = store.messages(window.current_thread)
    assert [(m.role, m.text) for m in stored] == [("user", "Hello there"), ("assistant", MARKDOWN)]
    assert window.sidebar.chats.count() == 1
    assert "tok/s" in window.status.speed_label.text()
    assert "4,096" in window.status.context_label.text()


def test_shift_enter_is_a_new_line_and_enter_sends(make_window, qtbot):
    window = make_window(FakeChatModel(replies="ok"))
    qtbot.keyClicks(window.composer.edit, "line one")
    qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(window.composer.edit, "line two")
    assert window.composer.text() == "line one\nline two"
    with qtbot.waitSignal(window.answerFinished, timeout=10_000):
        qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return)
    assert window.chat_view.bubbles[0].message.text == "line one\nline two"


def test_escape_stops_mid_answer_and_keeps_the_partial_answer(make_window, qtbot, store):
    model = SlowModel(delay=0.02, words=500)
    window = make_window(model)
    window.composer.set_text("Tell me a long story")
    with qtbot.waitSignal(window.answerFinished, timeout=20_000):
        window.send()
        qtbot.waitUntil(lambda: len(window.chat_view.streaming.message.text) > 20 if window.chat_view.streaming
                        else False, timeout=5_000)
        assert window.composer.generating
        qtbot.keyClick(window, Qt.Key.Key_Escape)
    answer = window.chat_view.bubbles[-1]
    words = answer.message.text.split()
    assert 1 <= len(words) < 500
    assert "stopped" in answer.meta.text()
    assert not window.composer.generating
    saved = store.messages(window.current_thread)[-1]
    assert saved.role == "assistant" and saved.text == answer.message.text.strip()


def test_regenerate_replaces_the_last_answer(make_window, qtbot, store):
    window = make_window(CountingModel())
    send(qtbot, window, "Question")
    assert window.chat_view.bubbles[-1].message.text == "answer 1"
    last = window.chat_view.bubbles[-1]
    assert last.regen_button.isVisibleTo(last)
    with qtbot.waitSignal(window.answerFinished, timeout=10_000):
        qtbot.mouseClick(last.regen_button, Qt.MouseButton.LeftButton)
    texts = [b.message.text for b in window.chat_view.bubbles]
    assert texts == ["Question", "answer 2"]
    stored = [(m.role, m.text) for m in store.messages(window.current_thread)]
    assert stored == [("user", "Question"), ("assistant", "answer 2")]


def test_copy_puts_the_whole_answer_on_the_clipboard(make_window, qtbot):
    window = make_window(FakeChatModel(replies=MARKDOWN))
    send(qtbot, window, "Hi")
    qtbot.mouseClick(window.chat_view.bubbles[-1].copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == MARKDOWN


def test_window_shows_at_once_while_the_model_loads(make_window, qtbot):
    def slow_factory(spec):
        time.sleep(1.5)
        return FakeChatModel(replies="ready")

    started = time.perf_counter()
    window = make_window(None, wait=False, factory=slow_factory)
    assert time.perf_counter() - started < 1.0, "the constructor must not wait for the model"
    qtbot.waitUntil(lambda: window.status.load_bar.isVisible(), timeout=2_000)
    assert window.model is None
    # the event loop keeps running: a typed message is not lost, sending says the model is loading
    window.composer.set_text("early bird")
    assert window.send() is False
    assert window.composer.text() == "early bird"
    qtbot.waitUntil(lambda: window.model is not None, timeout=10_000)
    assert not window.status.load_bar.isVisible()
    assert "SmolLM2" in window.status.model_label.text() or window.status.model_label.text()


def test_temporary_chat_writes_nothing(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="ok"))
    before = store.counts()
    window.temp_button.click()
    assert window.temp_pill.isVisibleTo(window)
    send(qtbot, window, "I live in Atlantis")
    send(qtbot, window, "and what else?")
    assert len(window.chat_view.bubbles) == 4
    assert store.counts() == before
    assert window.sidebar.chats.count() == 0


def test_regenerate_in_a_temporary_chat_stays_in_memory_only(make_window, qtbot, store):
    window = make_window(CountingModel())
    before = store.counts()
    window.temp_button.click()
    send(qtbot, window, "Question")
    with qtbot.waitSignal(window.answerFinished, timeout=10_000):
        window.regenerate()
    assert [b.message.text for b in window.chat_view.bubbles] == ["Question", "answer 2"]
    prompt = window.chat_worker.model.stream_calls[-1]
    asked = [m["content"] for m in prompt if m["role"] == "user"]
    assert len(asked) == 1 and asked[0].endswith("Question"), "the old exchange was taken back, not repeated"
    assert store.counts() == before


def test_an_answer_naming_an_allergy_shows_a_caution_now_and_when_the_chat_is_reopened(make_window, qtbot, store):
    from memory_core.facts.ledger import add_fact

    add_fact(store, "user", "allergy", "peanuts", valid_at="2026-01-05T10:00:00+00:00")
    window = make_window(FakeChatModel(replies="Peanut butter popcorn is a classic snack."))
    send(qtbot, window, "Suggest a snack for my shift?")
    answer = window.chat_view.bubbles[-1]
    assert answer.caution.isVisibleTo(answer)
    assert "\u201cPeanut\u201d" in answer.caution.text() and "allergic to peanuts" in answer.caution.text()
    assert store.messages(window.current_thread)[-1].text == "Peanut butter popcorn is a classic snack."
    assert not window.chat_view.bubbles[0].caution.isVisibleTo(window.chat_view.bubbles[0])
    thread = window.current_thread
    window.chat.new_chat()
    window.chat.open_thread(thread)
    reopened = window.chat_view.bubbles[-1]
    assert reopened.caution.isVisibleTo(reopened) and "allergic to peanuts" in reopened.caution.text()


def test_an_answer_cut_at_the_length_limit_says_so(make_window, qtbot):
    window = make_window(FakeChatModel(replies=" ".join(["word"] * 600)))
    send(qtbot, window, "Tell me everything")
    answer = window.chat_view.bubbles[-1]
    assert "cut short: it reached its length limit" in answer.meta.text()
    assert not answer.caution.isVisibleTo(answer)


def test_the_empty_states_words_fit_and_a_chip_sends_its_whole_prompt(make_window, qtbot):
    """A button cannot wrap: the chips showed "Plan my week: gym on Tuesday, de" and the model hint was clipped at
    both ends in a 1280-pixel window. Each chip now shows a short label and sends (and tells) its whole prompt."""
    from PySide6.QtWidgets import QPushButton

    window = make_window(FakeChatModel(replies="ok"))
    view = window.chat_view
    view.show_model_hint(True)
    qtbot.waitUntil(lambda: view.model_hint.isVisible(), timeout=5_000)
    chips = [b for b in view.findChildren(QPushButton) if b.objectName() == "Suggestion"]
    assert len(chips) == 3
    for button in (*chips, view.model_hint):
        widest = max(button.fontMetrics().horizontalAdvance(line) for line in button.text().split("\n"))
        assert widest <= button.width(), (button.text(), widest, button.width())
    sent = []
    view.suggestionChosen.connect(sent.append)
    chips[0].click()
    assert sent == [chips[0].toolTip()] and sent[0].startswith(chips[0].text()) and len(sent[0]) > len(chips[0].text())
