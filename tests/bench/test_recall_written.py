"""The hand-written recall chats (bench/data/recall_written) load as `mneme memory import` records, keep the split
rule fixed before they existed, and every question's evidence is a turn of its own conversation."""
from __future__ import annotations

from collections import Counter

from bench.bench_recall_written import KINDS, load, split_of


def test_split_rule_is_odd_dev_even_test():
    assert [split_of(f"w0{n}") for n in range(1, 9)] == ["dev", "test"] * 4


def test_the_chats_load_as_import_records_with_their_questions():
    turns, questions = load()
    assert sorted(turns) == [f"w0{n}" for n in range(1, 9)]
    for cid, records in turns.items():
        assert len(records) >= 340
        assert {r["thread"] for r in records} == {f"written-{cid}"}
        assert len({r["speaker"] for r in records}) == 2
        times = [r["at"] for r in records]
        assert times == sorted(times), "turns are imported in the order they were said"
        ids = {r["external_id"] for r in records}
        mine = [q for q in questions if q.conversation == cid]
        assert len(mine) == 70 and all(set(q.evidence) <= ids for q in mine)
        assert all(q.split == split_of(cid) for q in mine)
    kinds = Counter(q.kind for q in questions)
    assert {kind: kinds[kind] for kind in KINDS} == {"single-hop": 160, "multi-hop": 112, "temporal": 112,
                                                     "inference": 96}
    assert kinds["unanswerable"] == 80 and all(not q.evidence for q in questions if q.kind == "unanswerable")
