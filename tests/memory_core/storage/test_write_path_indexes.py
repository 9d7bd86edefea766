"""Every foreign-key lookup on the write and delete paths uses an index (no full scan of facts)."""
from __future__ import annotations

import pytest

LOOKUPS = [
    ("SELECT id FROM facts WHERE depends_on = 1 AND invalid_at IS NULL AND expired_at IS NULL", "facts_depends_on"),
    ("SELECT id FROM facts WHERE supersedes = 1", "facts_supersedes"),
    ("SELECT id FROM facts WHERE thread_id = 'x'", "facts_thread"),
    ("SELECT id FROM observations WHERE thread_id = 'x'", "observations_thread"),
    ("SELECT id FROM observations WHERE reflected_in = 1", "observations_reflected_in"),
]


@pytest.mark.parametrize("sql,index", LOOKUPS, ids=[index for _, index in LOOKUPS])
def test_lookup_uses_its_index(store, sql, index):
    plan = " ".join(str(row[-1]) for row in store.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall())
    assert index in plan and "SCAN facts" not in plan and "SCAN observations" not in plan, plan


def test_forget_plans_table_exists(store):
    assert store.execute("SELECT count(*) FROM pending_deletions").fetchone()[0] == 0
