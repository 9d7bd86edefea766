"""Search across chats, the memory timeline (filters, provenance), and the forget flow end to end."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from memory_core.clock import to_iso
from tests.desktop_app.doubles import CacheEchoModel
from tests.desktop_app.helpers import observe_everything, send
from tests.doubles import FakeChatModel


def _observation(store, message, priority: str, text: str, at: datetime) -> int:
    with store.transaction():
        cursor = store.execute(
            "INSERT INTO observations (thread_id, priority, observed_at, text, source, created_at) "
            "VALUES (?, ?, ?, ?, 'extractive', ?)", [message.thread_id, priority, to_iso(at), text, to_iso(at)])
        store.execute("INSERT INTO observation_messages VALUES (?, ?)", [cursor.lastrowid, message.id])
    return cursor.lastrowid


def _reflection(store, observation_ids: list[int], text: str, at: datetime) -> int:
    with store.transaction():
        gen = store.execute("INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method) "
                            "VALUES (?, 10, 5, 'test')", [to_iso(at)]).lastrowid
        rid = store.execute("INSERT INTO reflections (generation_id, priority, observed_at, text, created_at) "
                            "VALUES (?, 'high', ?, ?, ?)", [gen, to_iso(at), text, to_iso(at)]).lastrowid
        for oid in observation_ids:
            store.execute("INSERT INTO reflection_observations VALUES (?, ?)", [rid, oid])
    return rid


def test_search_across_chats_highlights_and_jumps_to_the_message(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="Noted."))
    send(qtbot, window, "My sister Ana lives in Coimbra")
    first = window.current_thread
    window.new_chat()
    send(qtbot, window, "Recommend a book about volcanoes")
    send(qtbot, window, "Something lighter please")
    assert window.current_thread != first
    window.sidebar.search.setText('Coimbra "AND (')  # search syntax never raises
    qtbot.waitUntil(lambda: window.sidebar.stack.currentWidget() is window.sidebar.results, timeout=3_000)
    assert window.sidebar.results.count() == 1
    item = window.sidebar.results.item(0)
    label = window.sidebar.results.itemWidget(item)
    assert "Coimbra</span>" in label.text() and "background-color" in label.text()
    window.sidebar._hit(item)
    assert window.current_thread == first
    target = window.chat_view.bubbles[0]
    assert target.message.text == "My sister Ana lives in Coimbra"
    qtbot.waitUntil(lambda: target.property("highlight") is True, timeout=2_000)
    window.sidebar.search.clear()
    qtbot.waitUntil(lambda: window.sidebar.stack.currentWidget() is window.sidebar.chats, timeout=3_000)


def test_timeline_groups_filters_and_shows_provenance(make_window, qtbot, store):
    now = datetime.now(timezone.utc).replace(microsecond=0)
    a = store.add_message("chat-a", "user", "I am allergic to peanuts")
    b = store.add_message("chat-b", "user", "Gym on Tuesday at 7")
    old = store.add_message("chat-b", "user", "Bought a blue bike")
    o1 = _observation(store, a, "high", "User is allergic to peanuts", now)
    o2 = _observation(store, b, "medium", "User goes to the gym on Tuesday", now - timedelta(days=1))
    o3 = _observation(store, old, "low", "User bought a blue bike", now - timedelta(days=40))
    _reflection(store, [o1, o2], "Health: peanut allergy; trains on Tuesdays", now)
    window = make_window(FakeChatModel())
    window.show_page("memory")
    timeline = window.timeline
    assert timeline.item_count() == 4
    assert timeline.tree.topLevelItem(0).text(0) == "Today"
    assert timeline.fig_obs.value.text() == "3" and timeline.fig_refl.value.text() == "1"

    timeline.priority_buttons["high"].setChecked(False)
    assert timeline.item_count() == 2  # medium + low observations (the reflection is high)
    timeline.priority_buttons["high"].setChecked(True)
    timeline.kind_filter.setCurrentIndex(timeline.kind_filter.findText("Reflections"))
    assert timeline.item_count() == 1
    timeline.kind_filter.setCurrentIndex(0)
    timeline.chat_filter.setCurrentIndex(timeline.chat_filter.findData("chat-a"))
    assert timeline.item_count() == 2  # its observation and the reflection drawn from it
    timeline.chat_filter.setCurrentIndex(0)
    timeline.use_dates.setChecked(True)  # default range: the last 30 days
    assert timeline.item_count() == 3
    timeline.use_dates.setChecked(False)
    timeline.search.setText("bike")
    assert timeline.item_count() == 1

    assert timeline.select("observation", o3)
    assert timeline.detail.text.text() == "User bought a blue bike"
    assert timeline.detail.sources.count() == 1
    assert "Bought a blue bike" in timeline.detail.sources.item(0).text()
    # a source message wraps to the pane: it is read down, never scrolled sideways
    assert timeline.detail.sources.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    qtbot.mouseClick(timeline.detail.open_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.chat_page
    assert window.current_thread == "chat-b"
    qtbot.waitUntil(lambda: window.chat_view.bubble_for(old.id).property("highlight") is True, timeout=2_000)


def test_facts_show_their_validity(make_window, store):
    from memory_core.facts import ledger as facts

    facts.add_fact(store, "user", "lives_in", "Porto", valid_at="2025-01-10T00:00:00+00:00")
    facts.add_fact(store, "user", "lives_in", "Lisbon", valid_at="2026-03-05T00:00:00+00:00")
    window = make_window(FakeChatModel())
    window.show_page("memory")
    rows = [window.timeline.fact_list.item(i).text() for i in range(window.timeline.fact_list.count())]
    current = [r for r in rows if "Lisbon" in r]
    past = [r for r in rows if "Porto" in r]
    assert current and "since Mar 2026" in current[0]
    assert past and "Jan 2025 to Mar 2026" in past[0] and "superseded by Lisbon" in past[0]


def test_facts_read_in_the_second_person(make_window, store):
    """The store says "The user lives in Porto" (the CLI's text keeps it); the person reads "You live in Porto"."""
    from memory_core.facts import ledger as facts

    from desktop_app.second_person import fact_display

    facts.add_fact(store, "user", "lives_in", "Porto", valid_at="2025-01-10T00:00:00+00:00")
    facts.add_fact(store, "user", "allergy", "peanuts", valid_at="2025-01-10T00:00:00+00:00")
    window = make_window(FakeChatModel())
    window.show_page("memory")
    rows = [window.timeline.fact_list.item(i).text() for i in range(window.timeline.fact_list.count())]
    assert any(r.startswith("You live in Porto") for r in rows)
    assert any(r.startswith("You are allergic to peanuts") for r in rows)
    assert not any("The user" in r for r in rows)
    assert fact_display("The user's sister's cat is Luna.") == "Your sister's cat is Luna."
    assert fact_display("The user watches Bluey.") == "You watch Bluey."
    assert fact_display("The user carries an EpiPen.") == "You carry an EpiPen."
    assert fact_display("The user always goes to Jade.") == "You always go to Jade."
    assert fact_display("The user used to live in Hull.") == "You used to live in Hull."
    assert fact_display("Sunita goes to Australia.") == "Sunita goes to Australia."


def test_forget_removes_everything_and_the_warm_cache_cannot_repeat_it(make_window, qtbot, store):
    model = CacheEchoModel()
    window = make_window(model)
    send(qtbot, window, "I live in Porto and I love sardines.")
    observe_everything(qtbot, window, store)
    window.new_chat()
    send(qtbot, window, "Where do I live?")
    assert window.chat_view.bubbles[-1].message.text == "You live in Porto."  # memory works across chats

    window.show_page("memory")
    fact_ids = [r[0] for r in store.execute("SELECT id FROM facts WHERE value LIKE '%Porto%'").fetchall()]
    assert fact_ids, "the memory worker's fact pass extracted the fact"
    dialog = window.forget_item("fact", fact_ids[0])
    qtbot.waitUntil(lambda: dialog.forget_button.isEnabled(), timeout=10_000)  # planned on the planner thread
    assert dialog.sources.isChecked(), "deleting the source messages is on by default"
    headings = [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())]
    assert any(h.startswith("Source messages") for h in headings)
    assert any(h.startswith("Observations") for h in headings)
    with qtbot.waitSignal(window.taskFinished, timeout=10_000):
        qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == 1
    assert "Verified" in dialog.receipt_text.text()
    assert model.resets >= 1, "the KV cache was reset"
    for table in ("observations", "reflections", "facts"):
        rows = store.execute(f"SELECT count(*) FROM {table} WHERE text LIKE '%Porto%'").fetchone()[0]
        assert rows == 0, table
    # the source message is gone, and so is the later answer generated with it (offered, on by default)
    assert dialog.answers.isChecked()
    assert store.execute("SELECT count(*) FROM messages WHERE text LIKE '%Porto%'").fetchone()[0] == 0
    dialog.accept()

    window.new_chat()
    send(qtbot, window, "Where do I live?")
    assert "Porto" not in window.chat_view.bubbles[-1].message.text


def test_the_cache_double_would_leak_without_a_reset():
    """Control for the test above: the double really does answer from a warm cache."""
    model = CacheEchoModel()
    list(model.stream([{"role": "user", "content": "I live in Porto."}]))
    answer = "".join(model.stream([{"role": "user", "content": "Where do I live?"}]))
    assert answer == "You live in Porto."
    model.reset_cache()
    assert "Porto" not in "".join(model.stream([{"role": "user", "content": "Where do I live?"}]))


def test_forget_everything_about_searches_then_forgets(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="Noted."))
    send(qtbot, window, "My dentist is Dr Halvorsen on Main Street")
    send(qtbot, window, "I like hiking")
    dialog = window.forget_about()
    dialog.query.setText("Halvorsen")
    qtbot.waitUntil(lambda: dialog.forget_button.isEnabled(), timeout=3_000)
    with qtbot.waitSignal(window.taskFinished, timeout=10_000):
        qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == 1
    texts = [m.text for m in store.messages(window.current_thread)] if window.current_thread else []
    assert not any("Halvorsen" in t for t in texts)
    assert store.execute("SELECT count(*) FROM messages WHERE text LIKE '%hiking%'").fetchone()[0] == 1


def test_deleting_a_chat_asks_about_its_memories(make_window, qtbot, store, monkeypatch):
    window = make_window(FakeChatModel(replies="Noted."))
    send(qtbot, window, "I live in Porto")
    thread = window.current_thread
    # the memory worker's fact pass, after the turn (the write path only marks the message)
    qtbot.waitUntil(lambda: store.execute("SELECT count(*) FROM facts").fetchone()[0] >= 1, timeout=10_000)
    asked = {}

    def fake_exec(box):
        asked["text"] = box.informativeText()
        for button in box.buttons():
            if button.text().startswith("Delete and forget"):
                box.clickedButton = lambda b=button: b
        return 0

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    with qtbot.waitSignal(window.taskFinished, timeout=10_000):
        window.delete_thread(thread)
    assert "memories" in asked["text"]
    assert store.execute("SELECT count(*) FROM threads WHERE id = ?", [thread]).fetchone()[0] == 0
    assert store.execute("SELECT count(*) FROM facts").fetchone()[0] == 0
    assert window.sidebar.chats.count() == 0
    assert window.chat_view.bubbles == []


def test_forget_plans_on_the_planner_thread_and_resets_the_cache_on_the_chat_thread(make_window, qtbot, store,
                                                                                      monkeypatch):
    from PySide6.QtCore import QThread

    from desktop_app import services

    threads = {}
    plan_about = services.plan_forget_about

    def recording_plan(*args, **kwargs):
        threads["plan"] = QThread.currentThread()
        return plan_about(*args, **kwargs)

    class RecordingModel(CacheEchoModel):
        def reset_cache(self) -> None:
            threads["reset"] = QThread.currentThread()
            super().reset_cache()

    monkeypatch.setattr(services, "plan_forget_about", recording_plan)
    window = make_window(RecordingModel())
    send(qtbot, window, "My dentist is Dr Halvorsen")
    dialog = window.forget_about()
    dialog.query.setText("Halvorsen")
    qtbot.waitUntil(lambda: dialog.forget_button.isEnabled(), timeout=5_000)
    with qtbot.waitSignal(window.taskFinished, timeout=10_000):
        qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    assert threads["plan"] is window.planner.thread() and threads["plan"] is not window.thread()
    assert threads["reset"] is window.chat_worker.thread()
    assert dialog.receipt.cache_reset is True


def test_a_used_fact_reads_in_the_second_person_under_an_answer():
    from types import SimpleNamespace

    from desktop_app.chat_view import _memory_link_text

    fact = SimpleNamespace(kind="fact", text="The user lives in Porto.", at="2026-01-02T10:00:00+00:00", via="block")
    note = SimpleNamespace(kind="observation", text="The user lives in Porto.", at="2026-01-02T10:00:00+00:00",
                           via="block")
    assert "You live in Porto." in _memory_link_text(fact)
    assert "The user lives in Porto." in _memory_link_text(note)  # an observation is shown as the observer wrote it
