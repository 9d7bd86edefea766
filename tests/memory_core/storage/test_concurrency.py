"""Three threads, three connections (UI reads, generation writes, background memory writes): never locked."""
from __future__ import annotations

import threading

from memory_core.storage.store import Store


def test_ui_generation_and_memory_threads_never_lock(store: Store):
    errors: list[BaseException] = []
    stop = threading.Event()

    def generation() -> None:
        conn = store.connect()
        try:
            for i in range(150):
                conn.add_message("chat", "user" if i % 2 == 0 else "assistant", f"turn {i}")
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            conn.close()

    def memory_job() -> None:
        conn = store.connect()
        try:
            for i in range(60):
                with conn.transaction():
                    conn.execute(
                        "INSERT INTO observations (priority, observed_at, text, created_at) "
                        "VALUES ('low', '2026-01-01T00:00:00+00:00', ?, '2026-01-01T00:00:00+00:00')", [f"obs {i}"])
                    conn.execute("UPDATE messages SET observed_at = '2026-01-01T00:00:00+00:00' "
                                 "WHERE id IN (SELECT id FROM messages WHERE observed_at IS NULL LIMIT 3)")
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            conn.close()

    def ui_reader() -> None:
        conn = store.connect()
        try:
            while not stop.is_set():
                conn.messages("chat")
                list(conn.query("SELECT count(*) FROM observations"))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            conn.close()

    workers = [threading.Thread(target=generation), threading.Thread(target=memory_job)]
    reader = threading.Thread(target=ui_reader)
    reader.start()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    stop.set()
    reader.join()
    assert not errors, errors
    assert store.counts()["messages"] == 150
    assert store.counts()["observations"] == 60
