"""The machinery the hand-written change pools share: one kind's record, the dates, building the rows, writing
the file. The pools themselves (``write_fact_timelines_changes*.py``) hold only their personas, shapes and kinds,
written by hand; this module never changes what they say.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Mapping, Sequence

from bench.data.write_fact_timelines_dev2 import kind_timelines


def K(kind, split, owner, pairs, statements, changes, mention, other, unrelated):
    """One attribute kind: its (old, new) value pairs, four statements, four (shape, change) phrasings, a mention
    with no change, someone else's same attribute and an unrelated later fact."""
    return dict(kind=kind, split=split, owner=owner, pairs=pairs, statements=statements, changes=changes,
                mention=mention, other=other, unrelated=unrelated)


def draw_dates(rng: random.Random) -> tuple[datetime, datetime, datetime]:
    """D1 in 2024-2025, D2 two to eight months later, AS_OF strictly between (as dev2)."""
    d1 = datetime(2024, 1, 1, tzinfo=timezone.utc) + timedelta(days=rng.randint(0, 700))
    d1 += timedelta(hours=rng.randint(7, 21), minutes=15 * rng.randint(0, 3))
    d2 = d1 + timedelta(days=rng.randint(61, 240), hours=rng.randint(0, 3))
    as_of = d1 + (d2 - d1) * rng.uniform(0.3, 0.7)
    return d1, d2, as_of.replace(microsecond=0, second=0)


def build_pool(kinds: Sequence[dict], personas: Mapping[str, Sequence[str]], shapes: Sequence[str], seed: int,
               check: Callable[[dict], None] | None = None) -> list[dict]:
    """Each kind's seven timelines, dates drawn in order from ``seed``; ``check(kind)`` asserts a pool's own rules."""
    rng = random.Random(seed)
    rows = []
    for k_index, kind in enumerate(kinds):
        assert len(kind["pairs"]) >= 2 and len(kind["statements"]) == 4 and len(kind["changes"]) == 4
        assert all(tag in shapes for tag, _ in kind["changes"])
        if check is not None:
            check(kind)
        rows += kind_timelines(kind, k_index, kind["split"], lambda s, kind=kind: personas[kind["split"]][s],
                               lambda: draw_dates(rng))
    return rows


def write_pool(out: Path, rows: list[dict], kinds: Sequence[dict], personas: Mapping[str, Sequence[str]], *,
               written: str, generator: str) -> None:
    meta = {
        "written": written,
        "splits": {split: sum(r["split"] == split for r in rows) for split in personas},
        "kinds": len(kinds), "timelines": len(rows),
        "per_kind": "4 changes (one per change phrasing), 2 no-change mentions, 1 unrelated later fact",
        "personas": {split: list(names) for split, names in personas.items()},
        "change_kinds": dict(Counter(r["change_kind"] for r in rows if r["change_kind"])),
        "generator": generator,
    }
    out.write_text(json.dumps({"meta": meta, "timelines": rows}, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out.name}: {len(kinds)} kinds, {len(rows)} timelines; {meta['splits']}; "
          f"change kinds {meta['change_kinds']}")
