"""The month-long history generator: sizes, determinism, dev/test pools apart, importable JSONL."""
from __future__ import annotations

import json

from bench.history_gen import KINDS, generate_history
from bench.history_pools import POOLS, SLOTS


def test_a_month_of_chats_with_changing_facts():
    history = generate_history(0, "dev")
    assert len(history.messages) >= 300 and len(history.threads) >= 10
    assert (history.end - history.messages[0].at).days >= 30
    assert {f.kind for f in history.facts} == set(KINDS)
    changed = [f for f in history.facts if f.changed]
    assert len(changed) * 3 >= len(history.facts) - 1 and all(f.changed_at > f.stated_at for f in changed)
    assert all(f.old_values or f.cancelled for f in changed)


def test_same_seed_same_history_and_splits_differ():
    assert generate_history(4, "test").jsonl_lines() == generate_history(4, "test").jsonl_lines()
    assert generate_history(4, "dev").jsonl_lines() != generate_history(4, "test").jsonl_lines()
    assert generate_history(4, "dev_terse").jsonl_lines() != generate_history(4, "dev").jsonl_lines()


def test_dev_and_test_pools_share_no_sentence():
    def sentences(split):
        pools = POOLS[split]
        out = {t for ts in pools["state"].values() for t in ts}
        out |= {t for kind in pools["change"].values() for t in kind.values()}
        out |= {t for ts in pools["filler"].values() for t in ts}
        return out
    assert not sentences("dev") & sentences("test")
    assert not sentences("dev_terse") & sentences("test")       # the second dev voice (round 2) too
    for split in POOLS:   # every change kind a slot may take has a phrasing in both splits
        assert all(slot in POOLS[split]["change"][kind] for slot, (_, _, kinds) in SLOTS.items() for kind in kinds)


def test_jsonl_is_what_memory_import_reads(tmp_path):
    path = generate_history(1, "dev").write_jsonl(tmp_path / "month.jsonl")
    first = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert set(first) == {"thread", "role", "text", "at"} and first["at"].endswith("Z")
