"""SQL helpers every engine module shares: which table holds a kind, safe FTS5 queries, chunked ``IN``.

One place for them, so a new kind or a change to FTS quoting is made once,
not in each module that reads the schema.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

#: Item kinds a memory can be, with the table holding them (one row per item, column ``text``).
KIND_TABLES = {"message": "messages", "observation": "observations", "reflection": "reflections", "fact": "facts"}
#: The timestamp each kind is placed in time by (time filters, "when" labels).
KIND_TIME_COLUMNS = {"message": "created_at", "observation": "observed_at", "reflection": "observed_at",
                     "fact": "valid_at"}
#: Every item kind, in the order plans, receipts and listings show them.
ITEM_KINDS = tuple(KIND_TABLES)
#: Bound parameters per statement for ``IN (...)`` lists (SQLite's limit is far above; this keeps plans small).
CHUNK_SIZE = 500

_WORD = re.compile(r"\w+", re.UNICODE)
FTS_OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})


def fts_term(word: str, *, prefix: bool = False) -> str:
    """One word as an FTS5 string literal (``"`` doubled), optionally prefix-matched."""
    return '"' + word.replace('"', '""') + '"' + ("*" if prefix else "")


def fts_all_words(text: str) -> str:
    """User text as an FTS5 query that needs every word: "" when there is no word.

    User syntax (quotes, ``*``, ``AND``/``OR``/``NEAR``, parentheses, column
    filters) is read as plain words, so no input raises; upper-case operator
    keywords and one-letter pieces ("Ana's") are dropped when real words remain.
    """
    words = _WORD.findall(text or "")
    meaningful = [w for w in words if w not in FTS_OPERATORS and len(w) > 1]
    return " ".join(fts_term(word) for word in (meaningful or words))


def marks(count: int) -> str:
    """``?,?,?`` for an ``IN`` list of ``count`` values."""
    return ",".join("?" * count)


def chunks(ids: Iterable[Any], size: int = CHUNK_SIZE) -> Iterator[list[Any]]:
    """``ids`` sorted and cut into lists small enough for one ``IN (...)``."""
    items = sorted(ids, key=str)
    for start in range(0, len(items), size):
        yield items[start:start + size]


def id_list(text: str | None) -> tuple[int, ...]:
    """A ``group_concat`` of ids as a sorted tuple of ints."""
    return tuple(sorted(int(x) for x in text.split(","))) if text else ()
