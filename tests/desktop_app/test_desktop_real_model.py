"""The window with the real bundled GGUF (llama.cpp) and the real embedder, loaded by the app's own loader."""
from __future__ import annotations

import pytest

from tests.desktop_app.helpers import send

pytestmark = [pytest.mark.real_model, pytest.mark.embedder, pytest.mark.slow]


def test_real_model_loads_in_the_background_streams_and_stores(qtbot, themed_app, store, data_dir):
    pytest.importorskip("llama_cpp")
    from desktop_app.main_window import MainWindow

    from desktop_app.settings_dialog import AppSettings

    AppSettings(max_answer_tokens=24, context_length=2048).save(store)  # short answers: CI time
    window = MainWindow(store, data_dir)  # the real loader: bundled SmolLM2 + MiniLM embedder
    qtbot.addWidget(window)
    window.show()
    assert window.model is None, "the window is up before the model"
    qtbot.waitUntil(lambda: window.model is not None, timeout=180_000)
    try:
        assert window.embedder is not None
        assert "SmolLM2" in window.status.model_label.text()
        tokens = []
        window.chat_worker.token.connect(lambda rid, piece: tokens.append(piece))
        send(qtbot, window, "Hello! My name is Rui and I live in Braga.", timeout=300_000)
        answer = window.chat_view.bubbles[-1].message
        assert tokens and answer.text.strip() and answer.id is not None
        roles = [m.role for m in store.messages(window.current_thread)]
        assert roles == ["user", "assistant"]
        assert "tok/s" in window.status.speed_label.text()
        # a second turn in the same chat reuses the cached prefix
        send(qtbot, window, "What is my name?", timeout=300_000)
        assert "cached" in window.status.context_label.text()
    finally:
        window.shutdown()
