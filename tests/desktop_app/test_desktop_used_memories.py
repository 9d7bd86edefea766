""""Used N memories" under an answer: it opens the list, each item links to the timeline, and forgetting offers
to remove the answers generated with a memory."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.desktop_app.doubles import CacheEchoModel
from tests.desktop_app.helpers import observe_everything, send
from tests.doubles import FakeChatModel


def remembered(make_window, qtbot, store, model=None):
    """A window where one chat said where the user lives, and a second chat asked about it."""
    window = make_window(model or CacheEchoModel())
    send(qtbot, window, "I live in Porto and I love sardines.")
    observe_everything(qtbot, window, store)
    window.new_chat()
    send(qtbot, window, "Where do I live?")
    return window


def test_used_memories_opens_the_list_and_links_to_the_timeline(make_window, qtbot, store):
    window = remembered(make_window, qtbot, store)
    question, answer = window.chat_view.bubbles
    assert not question.used_button.isVisible(), "only answers say what they used"
    used = store.execute("SELECT observation_id FROM answer_memories WHERE answer_id = ?",
                         [answer.message.id]).fetchall()
    assert used, "the answer's provenance was stored"
    assert answer.used_button.isVisible()
    assert answer.used_button.text() == ("Used 1 memory" if len(used) == 1 else f"Used {len(used)} memories")
    assert not answer.used_list.isVisible()

    qtbot.mouseClick(answer.used_button, Qt.MouseButton.LeftButton)
    assert answer.used_list.isVisible()
    links = answer.used_list.links
    assert len(links) == len(used) and "Porto" in links[0].text()
    assert links[0].property("memory_ref") == f"observation:{used[0][0]}"

    qtbot.mouseClick(links[0], Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.timeline
    assert window.timeline.selected_ref() == ("observation", used[0][0])
    assert "Porto" in window.timeline.tree.currentItem().text(0)


def test_the_link_clears_timeline_filters_that_hide_the_memory(make_window, qtbot, store):
    window = remembered(make_window, qtbot, store)
    answer = window.chat_view.bubbles[-1]
    window.show_page("memory")
    window.timeline.search.setText("nothing like this")
    window.timeline.reload()
    assert window.timeline.item_count() == 0
    window.show_page("chat")
    answer.used_button.click()
    answer.used_list.links[0].click()
    assert window.timeline.item_count() >= 1 and window.timeline.selected_ref()[0] == "observation"


def test_reopening_the_chat_shows_the_stored_count(make_window, qtbot, store):
    window = remembered(make_window, qtbot, store)
    thread, answer_id = window.current_thread, window.chat_view.bubbles[-1].message.id
    window.new_chat()
    window.chat.open_thread(thread)
    answer = window.chat_view.bubble_for(answer_id)
    assert answer is not None and answer.message.memories
    qtbot.waitUntil(answer.used_button.isVisible, timeout=3_000)


def test_an_answer_without_memories_shows_no_control(make_window, qtbot):
    window = make_window(FakeChatModel(replies="Hello!"))
    send(qtbot, window, "Hi")
    assert not window.chat_view.bubbles[-1].used_button.isVisible()


def test_forget_offers_to_remove_the_answers_generated_with_it(make_window, qtbot, store):
    window = remembered(make_window, qtbot, store)
    answer_id = window.chat_view.bubbles[-1].message.id
    observation = store.execute("SELECT observation_id FROM answer_memories WHERE answer_id = ?",
                                [answer_id]).fetchone()[0]
    dialog = window.forget_item("observation", observation)

    def headings() -> list[str]:
        return [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())]
    qtbot.waitUntil(lambda: dialog.forget_button.isEnabled(), timeout=10_000)  # planned on the planner thread
    assert dialog.answers.isVisible() and "answer Mneme gave" in dialog.answers.text()
    assert any(h.startswith("Answers generated with it") for h in headings())
    with qtbot.waitSignal(dialog.planShown, timeout=10_000):
        dialog.answers.setChecked(False)                 # the user may keep them: then they are not listed
    assert not any(h.startswith("Answers generated with it") for h in headings())
    with qtbot.waitSignal(dialog.planShown, timeout=10_000):
        dialog.answers.setChecked(True)
    with qtbot.waitSignal(window.taskFinished, timeout=10_000):
        qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    assert "Removed the 1 assistant answer(s)" in dialog.receipt_text.text()
    assert store.execute("SELECT count(*) FROM messages WHERE id = ?", [answer_id]).fetchone()[0] == 0
    assert store.execute("SELECT count(*) FROM messages WHERE text LIKE '%Porto%'").fetchone()[0] == 0
