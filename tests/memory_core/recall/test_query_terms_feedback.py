"""Query term weighting (recall/query_terms.py) and pseudo-relevance feedback (recall/feedback.py): the units
with small inputs, then their effect on search over the real SQLCipher store, then with the real MiniLM."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory_core.ingest import ingest_message
from memory_core.recall import feedback, query_terms
from memory_core.recall import search as recall
from memory_core.recall.vectors import backfill_embeddings

NOW = datetime(2025, 7, 15, 12, 0, tzinfo=timezone.utc)
START = datetime(2025, 3, 1, 10, 0, tzinfo=timezone.utc)

#: Small talk with many distinct words, so that a word two turns share is rare in the store.
FILLER = ["The weather is {} again", "I had {} for lunch", "Watching {} on TV tonight", "My {} needs fixing",
          "We ordered {} yesterday", "Reading about {} on the train"]
THINGS = ["soup", "rain", "curry", "football", "sushi", "bicycle", "tacos", "history", "laptop", "noodles", "oven",
          "salad", "chess", "plants", "trains", "snow", "pizza", "gardens", "jazz", "bread"]


def _fill(store, count: int = 120) -> None:
    for n in range(count):
        text = FILLER[n % len(FILLER)].format(THINGS[(n * 7) % len(THINGS)]) + f" (note {n})"
        ingest_message(store, "t-small", "user", text, at=START + timedelta(hours=n), speaker="Jonah")


# -- query_terms ------------------------------------------------------------------------------
def test_frame_words_are_told_apart_from_content_words():
    assert query_terms.is_frame_word("happened") and query_terms.is_frame_word("When")
    assert query_terms.is_frame_word("talked") and query_terms.is_frame_word("news")
    assert not query_terms.is_frame_word("pottery") and not query_terms.is_frame_word("biscuit")
    assert query_terms.term_factor("happened") == query_terms.FRAME_WEIGHT
    assert query_terms.term_factor("pottery") == 1.0


def test_match_terms_drops_the_frame_but_never_everything(monkeypatch):
    assert query_terms.match_terms(["talked", "pottery", "class", "happened"]) == ["pottery", "class"]
    assert query_terms.match_terms(["happened", "news"]) == ["happened", "news"]  # all frame: keep them
    monkeypatch.setattr(query_terms, "FRAME_WEIGHT", 1.0)
    assert query_terms.match_terms(["talked", "pottery"]) == ["talked", "pottery"]  # the ranking before


def test_frame_words_do_not_pull_turns_that_only_share_the_frame(store, monkeypatch):
    _fill(store, 20)
    ingest_message(store, "t1", "user", "So much happened, we talked all day, what a day that was",
                   at=START + timedelta(days=3), external_id="frame", speaker="Maya")
    ingest_message(store, "t1", "user", "I signed up for a pottery class at the community studio",
                   at=START + timedelta(days=4), external_id="pottery", speaker="Maya")
    query = "What happened the day we talked about the pottery class?"
    result = recall.search(store, query, now=NOW)
    assert result.hits[0].external_ids == ["pottery"]
    frame_hit = [hit for hit in result.hits if hit.external_ids == ["frame"]]
    assert not frame_hit or "bm25" not in frame_hit[0].channels
    monkeypatch.setattr(query_terms, "FRAME_WEIGHT", 1.0)  # frame words as ordinary words: BM25 finds it
    before = recall.search(store, query, now=NOW)
    assert any(hit.external_ids == ["frame"] and "bm25" in hit.channels for hit in before.hits)


# -- feedback ---------------------------------------------------------------------------------
def _frequencies(table: dict[str, float], size: float = 1000.0):
    return lambda word: (table.get(word, 0.0), size)


def test_salient_terms_prefer_rare_words_the_best_hits_share():
    texts = ["I signed up for a pottery class at the community studio",
             "The studio teacher liked my lopsided bowl",
             "Nice weather at the studio today"]
    df = {"signed": 15, "pottery": 3, "class": 12, "community": 6, "studio": 4, "teacher": 9, "liked": 30,
          "lopsided": 1, "bowl": 5, "nice": 300, "weather": 40, "today": 200}
    lent = feedback.salient_terms(texts, {"pottery", "class"}, frozenset({"the", "for"}), _frequencies(df))
    assert lent[0] == "studio"  # rare and in all three
    assert "pottery" not in lent and "class" not in lent  # already asked
    assert "nice" not in lent and "today" not in lent  # said by more than MAX_DF_SHARE of the store
    assert len(lent) <= feedback.FEEDBACK_TERMS


def test_salient_terms_skip_query_words_in_another_form_and_unknown_words():
    lent = feedback.salient_terms(["Two mugs and a bowl"], {"mug"}, frozenset(), _frequencies({"bowl": 2}))
    assert lent == ["bowl"]  # "mugs" is the question's "mug"; "two" is short; a word in no item is no clue
    assert feedback.salient_terms([], {"x"}, frozenset(), _frequencies({})) == []


def test_feedback_finds_the_follow_up_that_shares_no_word_with_the_question(store, monkeypatch):
    _fill(store)
    ingest_message(store, "t1", "user", "I signed up for a pottery class at the Riverside studio",
                   at=START + timedelta(days=10), external_id="telling", speaker="Maya")
    ingest_message(store, "t1", "assistant", "Oh nice, have fun!", at=START + timedelta(days=10, minutes=1),
                   speaker="Jonah")
    ingest_message(store, "t1", "user", "My teacher at Riverside says my centering got better, two mugs this week",
                   at=START + timedelta(days=30), external_id="later", speaker="Maya")
    query = "How did the pottery class go?"
    result = recall.search(store, query, now=NOW)
    ids = [hit.external_ids for hit in result.hits]
    assert ids[0] == ["telling"]
    later = next(hit for hit in result.hits if hit.external_ids == ["later"])
    assert "feedback" in later.channels and "bm25" not in later.channels
    monkeypatch.setitem(recall.WEIGHTS, "feedback", 0.0)  # without the channel nothing finds it
    assert ["later"] not in [hit.external_ids for hit in recall.search(store, query, now=NOW).hits]


def test_feedback_channel_can_be_left_out(store):
    _fill(store)
    ingest_message(store, "t1", "user", "I signed up for a pottery class at the Riverside studio",
                   at=START + timedelta(days=10), external_id="telling", speaker="Maya")
    result = recall.search(store, "pottery class", now=NOW, channels=("bm25", "recency", "salience"))
    assert all("feedback" not in hit.channels for hit in result.hits)


# -- with the real embedder -----------------------------------------------------------------------
@pytest.mark.embedder
def test_annotator_style_questions_with_the_real_embedder(store, real_embedder):
    _fill(store, 60)
    said = [("Maya", "Guess what, I adopted a beagle puppy called Biscuit last weekend!", "adopt"),
            ("Jonah", "No way! How is he settling in?", "react"),
            ("Maya", "Biscuit chewed through my favourite sneakers, but he is learning to sit", "later"),
            ("Jonah", "What a day, so much happened at work, we talked for hours", "frame")]
    for n, (speaker, text, external) in enumerate(said):
        ingest_message(store, "t-maya", "user" if speaker == "Maya" else "assistant", text,
                       at=START + timedelta(days=20, minutes=n * 30 + (3000 if external == "later" else 0)),
                       external_id=external, speaker=speaker)
    backfill_embeddings(store, real_embedder, limit=None)
    when = recall.search(store, "When did Maya adopt the puppy?", embedder=real_embedder, now=NOW)
    assert not when.abstained and when.hits[0].external_ids == ["adopt"]
    update = recall.search(store, "What happened with Biscuit later on?", embedder=real_embedder, now=NOW)
    # the two turns about Biscuit come first; "What a day, so much happened at work" may follow them: it was said in
    # the session of the adoption, and a short turn is indexed with the turns before it (storage/schema.py)
    top2 = {hit.external_ids[0] for hit in update.hits[:2]}
    assert top2 == {"adopt", "later"}
