"""The annotator condition of bench_recall (bench/recall_annotator.py): its shape, split and determinism."""
from __future__ import annotations

import random
import re

from bench import recall_annotator as annotator
from bench.recall_corpus import build_conversation


def _pattern(frame: str) -> re.Pattern:
    """A frame as a regex: every {slot} matches any text."""
    parts = re.split(r"\{\w+\}", frame)
    return re.compile("^" + "(.+)".join(re.escape(part) for part in parts) + "$", re.IGNORECASE)


def test_dev_and_test_questions_come_from_their_own_frame_pools():
    dev_frames = [_pattern(f) for kind in annotator.DEV_FRAMES.values() for f in kind]
    test_frames = [_pattern(f) for kind in annotator.TEST_FRAMES.values() for f in kind]
    assert not set(map(str, dev_frames)) & set(map(str, test_frames))
    for index, split, own, other in ((1, "dev", dev_frames, test_frames), (7, "test", test_frames, dev_frames)):
        questions = annotator.annotator_questions(build_conversation(index), split)
        assert questions and all(q.split == split and q.condition == "annotator" for q in questions)
        assert all(any(p.match(q.query) for p in own) for q in questions)
        assert not any(any(p.match(q.query) for p in other) for q in questions)


def test_evidence_is_real_turns_and_unanswerable_ones_have_none():
    conversation = build_conversation(2)
    ids = {turn.external_id for turn in conversation.turns}
    questions = annotator.annotator_questions(conversation, "dev")
    kinds = {q.kind for q in questions}
    assert kinds == {"single-hop", "temporal", "multi-hop", "inference", "unanswerable"}
    for question in questions:
        assert (question.kind == "unanswerable") == (not question.evidence)
        assert set(question.evidence) <= ids
    multi = [q for q in questions if q.kind == "multi-hop"]
    assert multi and all(len(q.evidence) >= 2 for q in multi)  # across two turns


def test_questions_are_deterministic_and_name_people():
    first = annotator.annotator_questions(build_conversation(3), "dev")
    again = annotator.annotator_questions(build_conversation(3), "dev")
    assert [q.query for q in first] == [q.query for q in again]
    speakers = build_conversation(3).speakers
    named = [q for q in first if any(name in q.query for name in speakers)]
    assert len(named) / len(first) > 0.7


def test_words_are_bent_like_retyped_words():
    rng = random.Random(0)
    bent = {annotator._bend("adopted", random.Random(seed)) for seed in range(20)}
    assert bent == {"adopted", "adopt"}
    assert annotator._bend("Biscuit", rng) == "Biscuit"  # names are not bent
    assert annotator._bend("planned", random.Random(1)) in {"planned", "plan"}
