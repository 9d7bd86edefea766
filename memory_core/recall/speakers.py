"""Who talks where: the people a query names ("What did Maya cook?") and the threads they talk in.

Every search asks, so the index is kept per store and brought up to date by what was added since: the
newest message id it has seen. A full read of the messages (about 260 ms at 100k) happens only on the
first search, after messages were taken back (the newest id went down) or after any audit event (every
forget writes one, in whatever process it ran), so a chat turn at 100k messages reads only its new rows.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from memory_core.recall.hits import Hit
from memory_core.recall.text_words import STOPWORDS, content_words, words
from memory_core.storage.store import Store


@dataclass
class _SpeakerIndex:
    newest_message: int = 0
    newest_event: int = 0
    #: name word -> speaker (the first speaker seen with it)
    names: dict[str, str] = field(default_factory=dict)
    #: speaker -> threads they talk in
    threads: dict[str, set[str]] = field(default_factory=dict)

    def add(self, rows) -> None:
        for speaker, thread in rows:
            self.threads.setdefault(speaker.lower(), set()).add(thread)
            for word in words(speaker):
                self.names.setdefault(word, speaker.lower())


_SPEAKERS: dict[str, _SpeakerIndex] = {}
_ROWS = "SELECT DISTINCT speaker, thread_id FROM messages WHERE speaker IS NOT NULL"


def _speaker_index(store: Store) -> tuple[dict[str, str], dict[str, set[str]]]:
    """(name word -> speaker, speaker -> threads they talk in), up to date with the store."""
    newest, event = store.execute("SELECT (SELECT max(id) FROM messages), (SELECT max(id) FROM events)").fetchone()
    newest, event = newest or 0, event or 0
    index = _SPEAKERS.get(str(store.path))
    if index is None or newest < index.newest_message or event != index.newest_event:
        index = _SpeakerIndex(newest, event)
        index.add(store.execute(_ROWS))
        _SPEAKERS[str(store.path)] = index
    elif newest > index.newest_message:
        # copy, then swap: another search may be reading the kept index's sets right now
        updated = _SpeakerIndex(newest, event, dict(index.names), {k: set(v) for k, v in index.threads.items()})
        updated.add(store.execute(_ROWS + " AND id > ?", [index.newest_message]))
        index = _SPEAKERS[str(store.path)] = updated
    return index.names, index.threads


_S_WORD = re.compile(r"\b([A-Za-z]{2,})s\b")


def with_speaker_possessives(store: Store, query: str) -> str:
    """``query`` with a speaker's possessive typed without its apostrophe written with it: "what did mayas
    sister adopt" asks about Maya's sister, and "mayas" is no word of any message."""
    names, _ = _speaker_index(store)
    if not names:
        return query
    return _S_WORD.sub(lambda m: f"{m.group(1)}'s" if m.group(1).lower() in names and
                       m.group(1).lower() not in STOPWORDS else m.group(0), query)


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


#: A query left with fewer content words than this once the speakers' names are out keeps them (the names are
#: then most of what it asks: "Who is Maya?").
MIN_WORDS_WITHOUT_NAMES = 2
_NAME_WORD = re.compile(r"[\w'’-]+")


def without_speaker_names(text: str, named_words: set[str]) -> str:
    """The query as the dense channel embeds it: without the names of the speakers it names. Why: a small
    embedder weighs a name heavily, so a question about Theo came closest to any short turn that says "theo" (a
    photo caption, a greeting) rather than to the turn that answers it; who said what is already counted by the
    speaker and thread bonuses (recall/fusion.py). Chosen on the dev half of the hand-written chats
    (bench/bench_recall_written.py)."""
    if not named_words:
        return text
    def kept(match: re.Match) -> str:
        word = match.group(0).lower()
        for suffix in ("'s", "’s", "'", "’"):
            if word.endswith(suffix):
                word = word[: -len(suffix)]
                break
        return "" if word in named_words else match.group(0)
    stripped = re.sub(r"\s+", " ", _NAME_WORD.sub(kept, text)).strip()
    left = [w for w in content_words(stripped) if w not in STOPWORDS]
    return stripped if len(left) >= MIN_WORDS_WITHOUT_NAMES else text
