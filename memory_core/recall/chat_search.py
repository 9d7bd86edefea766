"""Search across chats: the messages that hold every word, with the hits marked for display."""
from __future__ import annotations

from dataclasses import dataclass

from memory_core.storage.sql import fts_all_words

#: Markers put around search hits by FTS5 ``snippet()``; control chars cannot occur in stored text.
HIT_OPEN, HIT_CLOSE = "\x02", "\x03"


@dataclass(frozen=True)
class ChatHit:
    message_id: int
    thread_id: str
    thread_title: str
    role: str
    created_at: str
    snippet: str  # hits wrapped in HIT_OPEN / HIT_CLOSE


def search_chats(store, text: str, limit: int = 50) -> list[ChatHit]:
    """Best matches first (FTS5 rank); any text is safe, search syntax is read as words."""
    query = fts_all_words(text)
    if not query:
        return []
    rows = store.execute(
        "SELECT m.id, m.thread_id, t.title, m.role, m.created_at, "
        "snippet(messages_fts, 0, ?, ?, '…', 14) AS snip "
        "FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
        "JOIN threads t ON t.id = m.thread_id WHERE messages_fts MATCH ? "
        "ORDER BY rank LIMIT ?", [HIT_OPEN, HIT_CLOSE, query, limit]).fetchall()
    return [ChatHit(r[0], r[1], r[2] or "", r[3], r[4], r[5]) for r in rows]
