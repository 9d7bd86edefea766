"""A scripted tour of the real app for the README: chat, memory timeline, forget dialog, used memories.

Run through ``scripts/screenshots.sh`` (under Xvfb). It makes a throwaway
encrypted data directory, starts the real window with the bundled model and
embedder, has a short conversation, runs the Observer, and saves PNGs.
Nothing here is faked: the answers are whatever the bundled model writes.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer

CONVERSATION = (
    "Hi! I'm Rui. I live in Porto and I work as a nurse at the city hospital.",
    "Please remember that I'm allergic to peanuts.",
    "Write a Python function that reverses a list, in a code block.",
)
PASSPHRASE = "screenshot tour passphrase"
USED_MEMORIES_QUESTION = "Can you suggest a snack for my next shift?"


def wait_for(signal, timeout_ms: int) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()


def settle(ms: int = 300) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def shoot(widget, path: Path, *, whole_screen: bool = False) -> None:
    """Grab from the X server when possible (dialogs over the window), else render the widget."""
    from PySide6.QtGui import QGuiApplication

    settle()
    pixmap = None
    if whole_screen and QGuiApplication.platformName() == "xcb":
        screen = QGuiApplication.primaryScreen()
        geometry = widget.window().frameGeometry()
        pixmap = screen.grabWindow(0, geometry.x(), geometry.y(), geometry.width(), geometry.height())
    if pixmap is None or pixmap.isNull():
        pixmap = widget.grab()
    pixmap.save(str(path))
    print(f"saved {path} ({pixmap.width()}x{pixmap.height()})")


def shoot_used_memories(window, path: Path) -> None:
    """A new chat asks something the memory knows; the answer's "Used N memories" list is opened."""
    window.new_chat()
    window.composer.set_text(USED_MEMORIES_QUESTION)
    window.send()
    wait_for(window.answerFinished, 180_000)
    answer = window.chat_view.last_answer()
    if answer is not None and answer.used_button.isVisible():
        answer.used_button.setChecked(True)
        settle(300)
        window.chat_view.ensureWidgetVisible(answer.used_list, 0, 40)
    shoot(window, path, whole_screen=True)


def shoot_models_page(window, out: Path) -> None:
    """The Models page as this computer sees it: its hardware, the timed bundled model, the real catalog."""
    window.show_page("models")
    page = window.models_page
    if page.profile is None:
        wait_for(page.surveyFinished, 120_000)
    shoot(window, out / "models-page.png", whole_screen=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--data-dir", type=Path, default=None, help="default: a new temporary directory")
    parser.add_argument("--only", choices=("models",), help="only the Models page (no conversation)")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    args.out.mkdir(parents=True, exist_ok=True)
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="mneme-tour-")) / "data"

    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(data_dir.parent / "qsettings"))
    from memory_core.storage.store import Store

    from . import services
    from .app import create_application
    from .main_window import MainWindow
    from .unlock import FirstRunDialog

    app = create_application()
    first_run = FirstRunDialog(data_dir)
    first_run.use_passphrase.setChecked(True)
    first_run.passphrase.setText(PASSPHRASE)
    first_run.confirm.setText(PASSPHRASE)
    first_run.show()
    shoot(first_run, args.out / "first-run.png")
    first_run.close()

    store = Store.create(data_dir, use_keyring=False, passphrase=PASSPHRASE)
    from .settings_dialog import AppSettings

    AppSettings(max_answer_tokens=int(os.environ.get("MNEME_TOUR_MAX_TOKENS", "160"))).save(store)
    window = MainWindow(store, data_dir)
    window.resize(1280, 800)
    window.move(40, 30)
    window.show()
    if window.model is None:
        wait_for(window.modelReady, 180_000)
    if window.model is None:
        print("the model did not load; see the window's message", file=sys.stderr)
        return 1
    if args.only == "models":
        shoot_models_page(window, args.out)
        window.close()
        store.close()
        return 0
    for text in CONVERSATION:
        window.composer.set_text(text)
        window.send()
        wait_for(window.answerFinished, 180_000)
        settle(200)
    window.composer.set_text("What should I cook for dinner this week?")
    settle(200)
    shoot(window, args.out / "chat.png", whole_screen=True)

    shoot_models_page(window, args.out)
    window.show_page("chat")

    window.observe_now()
    wait_for(window.memoryCycle, 180_000)
    window.show_page("memory")
    settle(300)
    timeline = window.timeline
    if timeline.tree.topLevelItemCount() and timeline.tree.topLevelItem(0).childCount():
        timeline.tree.setCurrentItem(timeline.tree.topLevelItem(0).child(0))
    shoot(window, args.out / "timeline.png", whole_screen=True)

    timeline.tabs.setCurrentIndex(1)
    if timeline.fact_list.count():
        timeline.fact_list.setCurrentRow(0)
    shoot(window, args.out / "facts.png", whole_screen=True)

    shoot_used_memories(window, args.out / "used-memories.png")

    porto = services.list_facts(store, text="Porto")
    if porto:
        dialog = window.forget_item("fact", min(f.id for f in porto))
    else:
        oldest = services.timeline(store, services.TimelineFilter(kinds={"observation"}), newest_first=False)
        dialog = window.forget_item("observation", oldest[0].id)
    dialog.resize(620, 520)
    wait_for(dialog.planShown, 60_000)
    settle(400)
    shoot(dialog, args.out / "forget.png", whole_screen=True)
    dialog.forget_button.click()
    wait_for(window.taskFinished, 60_000)
    shoot(dialog, args.out / "forget-receipt.png", whole_screen=True)
    dialog.accept()

    window.show_page("chat")
    window.sidebar.search.setText("peanuts")
    settle(600)
    shoot(window, args.out / "search.png", whole_screen=True)
    window.close()

    # the same chat in the dark palette (the app follows the system scheme; forced here)
    from . import theme

    os.environ["MNEME_THEME"] = "dark"
    theme.apply(app)
    model, embedder = window.model, window.embedder
    dark = MainWindow(store, data_dir, model_factory=lambda spec: model, embedder_factory=lambda: embedder)
    dark.resize(1280, 800)
    dark.move(40, 30)
    dark.show()
    wait_for(dark.modelReady, 60_000)
    threads = [t for t in __import__("desktop_app.services", fromlist=["x"]).list_threads(store)]
    first_chat = [t for t in threads if t.title and t.title.startswith(CONVERSATION[0][:12])] or threads
    if first_chat:
        dark.chat.open_thread(first_chat[0].id)
    dark.composer.set_text("Thanks! And remind me what I'm allergic to?")
    shoot(dark, args.out / "chat-dark.png", whole_screen=True)
    dark.close()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
