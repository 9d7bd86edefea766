"""The round-9 pool runners' shared tables: counts per group, given capture, and every check."""
from __future__ import annotations

from pathlib import Path

from bench import pool_runs


def _row(kind: str | None, **checks: bool) -> dict:
    return {"change_kind": kind, "checks": checks}


def test_tally_counts_each_group_and_given_capture_only_where_the_statement_was_captured():
    rows = [_row("move", statement_captured=True, old_retired=True),
            _row("move", statement_captured=False, old_retired=False),
            _row(None, statement_captured=True, kept_current=False)]
    table = pool_runs.tally(rows, lambda row: (row["change_kind"] or "control", "all"))
    assert table["move"]["old_retired"] == [1, 2]
    assert table["move"]["old_retired|captured"] == [1, 1]
    assert table["move"]["every_check"] == [1, 2]
    assert table["all"]["statement_captured"] == [2, 3]
    assert table["control"]["kept_current|captured"] == [0, 1]


def test_render_heads_given_capture_and_marks_empty_cells():
    table = pool_runs.tally([_row("move", statement_captured=True, old_retired=True)], lambda row: ("move",))
    text = pool_runs.render(table, ("statement_captured", "old_retired|captured", "kept_current"), "kind",
                            lambda key: key)
    assert text.splitlines()[0] == "| kind | statement_captured | old_retired given capture | kept_current |"
    assert text.splitlines()[2] == "| move | 1/1 | 1/1 | – |"


def test_a_pool_module_loads_from_its_file_and_splits(tmp_path: Path):
    pool = tmp_path / "tiny_pool.py"
    pool.write_text("def timelines():\n    return [{'id': 1, 'split': 'dev'}, {'id': 2, 'split': 'test'}]\n")
    assert [t["id"] for t in pool_runs.timelines_of(pool, "dev")] == [1]
