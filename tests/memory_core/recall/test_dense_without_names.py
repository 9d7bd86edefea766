"""The dense channel embeds a question without the names of the speakers it names (recall/speakers.py): who said
what is counted by the speaker and thread bonuses, and a small embedder otherwise matches the name, not the
content."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.ingest import ingest_message
from memory_core.recall import search as recall
from memory_core.recall.speakers import without_speaker_names
from memory_core.recall.vectors import backfill_embeddings

START = datetime(2025, 2, 3, 18, 0, tzinfo=timezone.utc)
NOW = START + timedelta(days=90)


def test_the_speakers_names_and_their_possessives_are_left_out():
    assert without_speaker_names("What did Theo's landlord say about the boiler?", {"theo"}) == \
        "What did landlord say about the boiler?"
    assert without_speaker_names("Where did Ines and Theo go skiing in March?", {"theo", "ines"}) == \
        "Where did and go skiing in March?"
    assert without_speaker_names("Did theo’s bike get fixed?", {"theo"}) == "Did bike get fixed?"


def test_a_question_that_is_mostly_names_keeps_them():
    assert without_speaker_names("Who is Theo?", {"theo"}) == "Who is Theo?"
    assert without_speaker_names("Theo and Ines?", {"theo", "ines"}) == "Theo and Ines?"
    assert without_speaker_names("What did Theo's landlord say?", set()) == "What did Theo's landlord say?"
    # a name that is not a speaker's stays: it may be what the question is about
    assert without_speaker_names("What did Marta bake?", {"theo"}) == "What did Marta bake?"


@pytest.mark.embedder
def test_the_turn_that_answers_beats_turns_that_only_say_the_name(store, real_embedder, monkeypatch):
    said = [
        ("Ines", "Morning Theo! how was the weekend?"),
        ("Theo", "[photo: theo grinning on a sofa with the cat, theo's feet up on a pile of cushions]"),
        ("Theo", "theo here, back from the weekend, theo is tired"),
        ("Ines", "ha. did the car get sorted in the end?"),
        ("Theo", "yes, it was the alternator. garage replaced it on friday for 240 quid"),
        ("Ines", "oh thank god"),
    ]
    for number, (speaker, text) in enumerate(said):
        ingest_message(store, "chat", "user" if speaker == "Ines" else "assistant", text, speaker=speaker,
                       at=START + timedelta(minutes=number), external_id=f"t{number}")
    for day in range(1, 40):
        ingest_message(store, "chat", "assistant", f"theo: long shift at work today, day {day} of the rota",
                       speaker="Theo", at=START + timedelta(days=day), external_id=f"shift{day}")
    backfill_embeddings(store, real_embedder, limit=None)

    def dense_rank() -> int:
        result = recall.search(store, "Which part of Theo's car had to be replaced?", embedder=real_embedder,
                               now=NOW, channels=("dense",), gate=False)
        found = [e for hit in result.hits for e in hit.external_ids]
        return found.index("t4") if "t4" in found else len(found)

    assert dense_rank() == 0
    monkeypatch.setattr(recall, "without_speaker_names", lambda text, named_words: text)
    assert dense_rank() > 0
