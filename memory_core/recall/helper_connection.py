"""A second connection for one search, opened and used on a thread of its own.

A cold search waits mostly on the disk: the length rows BM25 reads and the rows of the candidates it reads
back, scattered over the file. Two connections waiting at once halve that wait (bench/results/search_stages.md);
SQLCipher connections are one per thread, so the second one lives on its own thread, is opened there while the
caller starts its first query, runs the work handed to it one piece at a time, and is closed when the search ends.

It sees committed data only, so a caller inside an open transaction gets none (``helper_for`` yields None), and
neither does a small store, where one connection is quicker than opening a second.
"""
from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

from memory_core.storage.store import Store

#: Below this many messages one connection is quicker than opening a second.
HELPER_FROM_MESSAGES = 20_000

Mine = TypeVar("Mine")
Theirs = TypeVar("Theirs")


class HelperUnavailable(RuntimeError):
    """The second connection could not be opened: the caller does the work on its own connection."""


class HelperConnection:
    """A thread holding its own connection to ``store``; ``submit`` runs work with it, in order."""

    def __init__(self, store: Store, newest_message: int = 0):
        #: The newest message id when the search began (the id range BM25 splits).
        self.newest_message = newest_message
        self._work: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, args=(store,), name="recall-helper-connection",
                                        daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[Store], Any]) -> Future:
        """``work(connection)`` on the helper thread; its result (or error) comes through the future."""
        future: Future = Future()
        self._work.put((work, future))
        return future

    def run_beside(self, store: Store, mine: Callable[[Store], Mine],
                   theirs: Callable[[Store], Theirs]) -> tuple[Mine, Theirs]:
        """``theirs`` on this connection while ``mine`` runs on the caller's ``store``, both results: how a search
        splits scattered reads in two halves. ``theirs`` runs on ``store`` too, after ``mine``, when this
        connection could not be opened."""
        beside = self.submit(theirs)
        mine_result = mine(store)
        try:
            return mine_result, beside.result()
        except HelperUnavailable:
            return mine_result, theirs(store)

    def close(self) -> None:
        """Close the connection once the work handed over so far is done, and wait for that (at most one piece of
        work), so no second connection outlives the search, even one that raised."""
        self._work.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join()

    def _serve(self, store: Store) -> None:
        connection: Store | None = None
        failure: BaseException | None = None
        try:
            connection = store.connect()
        except Exception as exc:  # noqa: BLE001 - every piece of work learns it, and runs on the caller's
            failure = HelperUnavailable(f"no second connection: {exc}")
        try:
            while (item := self._work.get()) is not None:
                work, future = item
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    if connection is None:
                        raise failure  # type: ignore[misc]
                    future.set_result(work(connection))
                except BaseException as exc:  # noqa: BLE001 - handed to the caller
                    future.set_exception(exc)
        finally:
            if connection is not None:
                connection.close()


@contextmanager
def helper_for(store: Store) -> Iterator[HelperConnection | None]:
    """A helper connection for one search of a large store (None when one connection is better or required)."""
    newest = 0 if _in_transaction(store) else _newest_message(store)
    if newest < HELPER_FROM_MESSAGES:
        yield None
        return
    helper = HelperConnection(store, newest)
    try:
        yield helper
    finally:
        helper.close()


def _newest_message(store: Store) -> int:
    return store.execute("SELECT max(id) FROM messages").fetchone()[0] or 0


def _in_transaction(store: Store) -> bool:
    connection: Any = getattr(getattr(store, "db", None), "conn", None)
    return bool(getattr(connection, "in_transaction", True))
