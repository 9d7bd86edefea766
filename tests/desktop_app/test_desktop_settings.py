"""Settings: saved in the encrypted store, memory on/off reaches the worker, import and export with progress."""
from __future__ import annotations

import json

from PySide6.QtWidgets import QInputDialog

from desktop_app.settings_dialog import AppSettings
from tests.desktop_app.helpers import send
from tests.doubles import FakeChatModel


def test_settings_persist_and_memory_can_be_switched_off(make_window, qtbot, store):
    window = make_window(FakeChatModel(replies="ok"))
    dialog = window.open_settings()
    dialog.memory_enabled.setChecked(False)
    dialog.max_answer.setValue(256)
    dialog.accept()
    assert AppSettings.load(store).memory_enabled is False
    assert AppSettings.load(store).max_answer_tokens == 256
    qtbot.waitUntil(lambda: window.status.memory_label.text() == "Memory: off", timeout=3_000)
    send(qtbot, window, "I live in Porto")
    window.observe_now()
    qtbot.wait(300)
    assert store.execute("SELECT count(*) FROM observations").fetchone()[0] == 0


def test_import_a_jsonl_file_with_progress_and_a_bad_line(make_window, qtbot, store, tmp_path):
    window = make_window(FakeChatModel())
    source = tmp_path / "chats.jsonl"
    lines = [json.dumps({"thread": "old", "role": "user", "text": f"old message {i}", "at": "2025-01-02T10:00:00Z"})
             for i in range(20)]
    lines.insert(5, "{not json")
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dialog = window.open_settings()
    with qtbot.waitSignal(window.taskFinished, timeout=20_000):
        dialog.importRequested.emit(str(source))
    assert "20 messages added" in dialog.status.text()
    assert "line 6" in dialog.status.text()
    assert len(store.messages("old")) == 20
    assert window.sidebar.chats.count() == 1


def test_a_large_import_compacts_the_database(make_window, qtbot, store, tmp_path):
    """As ``mneme memory import`` does: a large import leaves every table's pages interleaved (slow cold search)."""
    from memory_core.storage import compaction

    window = make_window(FakeChatModel())
    source = tmp_path / "big.jsonl"
    source.write_text("".join(json.dumps({"thread": f"t{i // 50}", "role": "user", "text": f"note number {i}",
                                          "at": "2025-01-02T10:00:00Z"}) + "\n"
                              for i in range(compaction.NEW_MESSAGES)), encoding="utf-8")
    dialog = window.open_settings()
    with qtbot.waitSignal(window.taskFinished, timeout=60_000):
        dialog.importRequested.emit(str(source))
    assert f"{compaction.NEW_MESSAGES:,} messages added" in dialog.status.text()
    row = store.execute("SELECT value FROM settings WHERE key = ?", (compaction.STATE_KEY,)).fetchone()
    assert row is not None and int(row[0]) == store.execute("SELECT max(id) FROM messages").fetchone()[0]


def test_export_json_and_encrypted_backup(make_window, qtbot, store, tmp_path, monkeypatch):
    window = make_window(FakeChatModel(replies="ok"))
    send(qtbot, window, "I live in Porto")
    dialog = window.open_settings()
    target = tmp_path / "memory.json"
    with qtbot.waitSignal(window.taskFinished, timeout=20_000):
        dialog.exportRequested.emit("json", str(target))
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert exported["counts"]["messages"] == 2
    answers = iter([("backup passphrase 1", True), ("backup passphrase 1", True)])
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: next(answers)))
    backup = tmp_path / "all.mneme-backup"
    with qtbot.waitSignal(window.taskFinished, timeout=20_000):
        dialog.exportRequested.emit("backup", str(backup))
    assert backup.exists() and b"Porto" not in backup.read_bytes()
    assert "Exported" in dialog.status.text()
