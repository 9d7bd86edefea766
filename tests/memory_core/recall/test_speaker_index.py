"""The speaker index is brought up to date by what was added, and rebuilt whole after anything was removed."""
from __future__ import annotations

from memory_core.forgetting.forget import execute_forget, plan_forget
from memory_core.recall import speakers
from memory_core.recall.speakers import _speaker_index


def add(store, thread: str, speaker: str, text: str):
    with store.transaction():
        return store.insert_message(thread, "user", text, speaker=speaker)


def fresh(store):
    """What a full read gives now (the cache dropped)."""
    speakers._SPEAKERS.pop(str(store.path), None)
    names, threads = _speaker_index(store)
    return dict(names), {k: set(v) for k, v in threads.items()}


def current(store):
    names, threads = _speaker_index(store)
    return dict(names), {k: set(v) for k, v in threads.items()}


def test_new_messages_are_read_alone_and_the_index_equals_a_full_read(store, monkeypatch):
    add(store, "t1", "Maya Lopez", "We moved to Lisbon.")
    add(store, "t2", "Omar", "The race went well.")
    _speaker_index(store)
    reads: list[str] = []
    real_execute = store.execute

    def counting(sql, params=()):
        if "DISTINCT speaker" in sql:
            reads.append(sql)
        return real_execute(sql, params)

    monkeypatch.setattr(store, "execute", counting)
    add(store, "t3", "Ines", "I adopted a cat.")
    names, threads = current(store)
    assert reads and all("id > ?" in sql for sql in reads)      # only the new rows were read
    assert names["ines"] == "ines" and threads["ines"] == {"t3"}
    monkeypatch.undo()
    assert current(store) == fresh(store)


def test_forgetting_a_speaker_s_messages_drops_their_name(store):
    add(store, "t1", "Maya", "We moved to Lisbon.")
    gone = add(store, "t2", "Omar", "The race went well.")
    assert "omar" in current(store)[0]
    execute_forget(store, plan_forget(store, "message", gone.id))
    names, threads = current(store)
    assert "omar" not in names and "omar" not in threads
    assert (names, threads) == fresh(store)


def test_taken_back_ids_given_out_again_are_read(store):
    add(store, "t1", "Maya", "We moved to Lisbon.")
    last = add(store, "t1", "Maya", "And the flat is lovely.")
    _speaker_index(store)
    store.delete_messages([last.id])
    again = add(store, "t1", "Noor", "Hi, I'm Noor.")
    assert again.id == last.id                    # SQLite gives the id out again
    assert "noor" in current(store)[0]
    assert current(store) == fresh(store)


def test_a_speakers_possessive_typed_without_apostrophe_reads_as_the_possessive(store):
    from memory_core.recall.speakers import with_speaker_possessives
    add(store, "t1", "Maya Lopez", "My sister adopted a greyhound.")
    add(store, "t2", "James", "Work was long.")
    assert with_speaker_possessives(store, "what did mayas sister adopt") == "what did maya's sister adopt"
    assert with_speaker_possessives(store, "Did Lopezs dog run?") == "Did Lopez's dog run?"
    # a word ending in s that is no speaker's possessive stays: "James", "others", "its"
    assert with_speaker_possessives(store, "what did James and others do with its") == \
        "what did James and others do with its"


def test_search_reads_a_possessive_typed_without_apostrophe_as_the_possessive(store):
    from memory_core.recall.search import search
    add(store, "t1", "Maya Lopez", "My sister adopted a greyhound called Juniper last spring, after months of looking.")
    add(store, "t2", "Omar", "My sister might adopt.")

    def ranked(query):
        return [(hit.text, round(hit.score, 6)) for hit in search(store, query, k=2, kinds=["message"]).hits]

    assert ranked("what did mayas sister adopt") == ranked("what did Maya's sister adopt")
    assert ranked("whats mayas sister adopting") == ranked("what's Maya's sister adopting")
    assert "Juniper" in ranked("what did mayas sister adopt")[0][0]
