"""The turns before each message, as the message index holds them, packed in memory beside the postings.

Reading a candidate message back cost two scattered page reads: its ``messages`` row and its ``message_search``
row, for the ``answers`` column (the turns said just before it in its session, storage/schema.py TURNS_BEFORE;
for a short reply, what it answers), which fusion's coverage and time test read. At 100k messages the second read
was ~60% of reading candidates back (bench/results/search_stages.md). The column is read once with the postings
instead (recall/message_postings.py loads, checks and drops both together, so what is held is the index as it is,
and nothing of a forgotten message stays), one UTF-8 text and an offset per rowid, none of them Python strings
(bench/results/context_index.md has its size).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

import numpy as np

from memory_core.storage.store import Store


@dataclass(frozen=True)
class AnsweredTurns:
    """``answers`` of every ``message_search`` row: row r's text is ``packed[starts[r]:starts[r + 1]]``."""
    packed: bytes
    #: Offsets into ``packed`` indexed by rowid (length newest rowid + 2); a row not in the index has none.
    starts: np.ndarray
    #: Rows stored since the packing (the postings' tail, recall/message_postings.py): rowid -> the turns before it.
    later: Mapping[int, str] = field(default_factory=dict)

    @property
    def nbytes(self) -> int:
        return len(self.packed) + self.starts.nbytes + \
            sum(len(text.encode("utf-8")) + 49 for text in self.later.values())

    def with_rows(self, later: Mapping[int, str]) -> AnsweredTurns:
        """These turns and the turns before the rows stored since (rowids above every packed one), sharing the
        packed text rather than copying it."""
        return AnsweredTurns(self.packed, self.starts, {**self.later, **later})

    def of(self, rowid: int) -> str:
        """The text of the turns before this row ('' when it has none or is not in the index)."""
        if rowid in self.later:
            return self.later[rowid]
        if not 0 <= rowid < len(self.starts) - 1:
            return ""
        start, end = int(self.starts[rowid]), int(self.starts[rowid + 1])
        return self.packed[start:end].decode("utf-8") if end > start else ""

    def holds(self, text: str) -> bool:
        """Whether any held text of turns before contains ``text`` (what a test of forgetting asks)."""
        return bool(text) and (text.encode("utf-8") in self.packed or
                               any(text in later for later in self.later.values()))


def read(store: Store) -> AnsweredTurns:
    """Every non-empty ``answers`` of the message index, on this connection (one scan of its content)."""
    rows = store.execute("SELECT rowid, answers FROM message_search WHERE answers != '' ORDER BY rowid").fetchall()
    return packed_by_rowid((rowid, text) for rowid, text in rows)


def packed_by_rowid(rows: Iterable[tuple[int, str]]) -> AnsweredTurns:
    """Pack ``(rowid, text)`` rows (rowids ascending) into one text and an offset per rowid."""
    rows = list(rows)
    newest = rows[-1][0] if rows else 0
    lengths = np.zeros(newest + 1, dtype=np.int64)
    encoded = []
    for rowid, text in rows:
        data = text.encode("utf-8")
        encoded.append(data)
        lengths[rowid] = len(data)
    starts = np.zeros(newest + 2, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    return AnsweredTurns(b"".join(encoded), starts)
