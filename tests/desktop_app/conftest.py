"""Desktop fixtures: the themed QApplication, a main window over a real encrypted store and a model double."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# A missing Qt or pytest-qt must fail the run, not turn every desktop test into one quiet "skipped".
try:
    import PySide6  # noqa: F401
    import pytestqt  # noqa: F401
except ImportError as exc:  # pragma: no cover - only on a broken install
    raise ImportError(f"the desktop tests need PySide6 and pytest-qt: {exc}. Install the test extras "
                      "(pip install -e '.[dev]'); these tests are never skipped.") from exc


@pytest.fixture(autouse=True)
def isolated_qsettings(tmp_path: Path):
    """Window geometry and recent models go to a scratch folder, never the developer's own config."""
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path / "qsettings"))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qsettings"))
    yield


@pytest.fixture
def themed_app(qapp):
    from desktop_app.app import create_application

    return create_application()


@pytest.fixture
def make_window(qtbot, themed_app, store, data_dir):
    """``make_window(model)``: a shown MainWindow whose model is ``model``, loaded through the real loader."""
    windows = []

    def make(model: Any, *, wait: bool = True, factory: Callable | None = None):
        from desktop_app.main_window import MainWindow

        window = MainWindow(store, data_dir, model_factory=factory or (lambda spec: model),
                            embedder_factory=lambda: None)
        qtbot.addWidget(window)
        window.resize(1180, 760)
        window.show()
        windows.append(window)
        if wait:
            qtbot.waitUntil(lambda: window.model is not None and window.memory_runner.worker is not None,
                            timeout=10_000)
        return window

    yield make
    for window in windows:
        window.shutdown()

