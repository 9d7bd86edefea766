"""Starting the desktop app: ``run_app(data_dir)`` is what ``mneme`` with no arguments calls.

The window appears at once; the model (and torch, for the embedder) load on
a worker thread while the status bar shows a progress bar. Unlocking happens
before the window opens, because nothing can be shown without the key.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Mneme"


def create_application(argv: list[str] | None = None):
    """The QApplication with our name, icon, palette and stylesheet (following light/dark live)."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtWidgets import QApplication

    from . import theme

    app = QApplication.instance()
    if app is None:
        QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts, True)
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("mneme")
    app.setWindowIcon(theme.app_icon())
    theme.apply(app)
    try:
        app.styleHints().colorSchemeChanged.connect(lambda _scheme: theme.apply(app))
    except AttributeError:  # Qt < 6.5: no live switching
        pass
    _install_translations(app)
    return app


def _install_translations(app) -> None:
    """Load a Qt translation for the system locale when one is shipped (strings are all tr()-wrapped)."""
    from PySide6.QtCore import QLocale, QTranslator

    from .theme import resources_dir

    folder = resources_dir() / "i18n"
    if not folder.is_dir():
        return
    translator = QTranslator(app)
    if translator.load(QLocale.system(), "mneme", "_", str(folder)):
        app.installTranslator(translator)


def run_app(data_dir: Path) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    app = create_application()
    from .main_window import MainWindow
    from .unlock import obtain_store

    store = obtain_store(Path(data_dir))
    if store is None:
        return 1
    window = MainWindow(store, Path(data_dir))
    window.show()
    code = app.exec()
    window.shutdown()
    store.close()
    return code
