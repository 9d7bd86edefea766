"""Who talks where: the people a query names ("What did Maya cook?") and the threads they talk in.

Read once per store state (the newest message id) and kept, since every search asks.
"""
from __future__ import annotations

from memory_core.recall.hits import Hit
from memory_core.recall.text_words import STOPWORDS, words
from memory_core.storage.store import Store


_SPEAKERS: dict[str, tuple[int, dict[str, str], dict[str, set[str]]]] = {}


def _speaker_index(store: Store) -> tuple[dict[str, str], dict[str, set[str]]]:
    """(name word -> speaker, speaker -> threads they talk in), read once per store state."""
    newest = store.execute("SELECT max(id) FROM messages").fetchone()[0] or 0
    cached = _SPEAKERS.get(str(store.path))
    if cached is None or cached[0] != newest:
        names: dict[str, str] = {}
        threads: dict[str, set[str]] = {}
        for speaker, thread in store.execute(
                "SELECT DISTINCT speaker, thread_id FROM messages WHERE speaker IS NOT NULL"):
            threads.setdefault(speaker.lower(), set()).add(thread)
            for word in words(speaker):
                names.setdefault(word, speaker.lower())
        cached = _SPEAKERS[str(store.path)] = (newest, names, threads)
    return cached[1], cached[2]


def _named_speakers(store: Store, terms: list[str]) -> set[str]:
    """Speakers of stored messages whose name the query says ("What did Maya cook?" -> {"maya"})."""
    names, _ = _speaker_index(store)
    wanted = {term[:-2] if term.endswith("'s") else term for term in terms}
    return {names[word] for word in wanted if word in names and word not in STOPWORDS}


def _about_named(store: Store, hits: list[Hit], named: set[str]) -> list[Hit]:
    """The hits that can speak for a question about a named person: those from threads that person talks in
    (or with no thread). A question about Maya that only other people's chats match is not answered by them."""
    if not named:
        return hits
    _, threads_of = _speaker_index(store)
    threads = {thread for name in named for thread in threads_of.get(name, ())}
    return [hit for hit in hits if hit.thread_id is None or hit.thread_id in threads]
