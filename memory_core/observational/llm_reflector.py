"""The Reflector's LLM path: numbered notes in, merged notes citing their numbers out.

Each rung of the ladder asks for harder compression. Every candidate is
validated (parse, loops, each line traceable to the notes it cites); invalid
ones are skipped and the extractive ladder in reflector.py follows anyway.
"""
from __future__ import annotations

import re
from datetime import tzinfo
from typing import Iterator, Sequence

from memory_core.llm import TextModel
from memory_core.observational.drafts import normalized
from memory_core.observational.format import EMOJI_PRIORITY, one_line
from memory_core.observational.llm_observer import (
    ObservationRejected,
    check_loops,
    traceable,
)
from memory_core.observational.log import Reflected

REFLECTOR_PROMPT = """You condense memory notes about the user.
Merge notes that say the same thing, drop finished (✅) and outdated notes, keep dates.
Write each line exactly like this, citing the numbers of the notes it merges:
* <mark> [n,m] User <fact>
<mark> is 🔴, 🟡 or 🟢.

Example:
Notes:
[1] 🔴 User prefers WhatsApp over e-mail.
[2] 🟢 User asked about the weather.
[3] 🔴 User likes WhatsApp better than e-mail.
[4] ✅ User finished the tax return.
Condensed:
* 🔴 [1,3] User prefers WhatsApp over e-mail (said twice)."""

LADDER_GUIDANCE = ("Keep every distinct fact.", "Be brief: at most {n} lines.",
                   "Only the most important facts: at most {n} lines, each under 15 words.")

GRAMMAR = r'''root ::= line+
line ::= "* " mark " [" nums "] User " text "\n"
mark ::= "🔴" | "🟡" | "🟢"
nums ::= num ("," num)*
num ::= [1-9] [0-9]? [0-9]?
text ::= [^\n\[\]<>*] [^\n\[\]<>]*
'''
_LINE = re.compile(r"^\* (🔴|🟡|🟢) \[(\d+(?:,\d+)*)\] (User .+)$")


def llm_candidates(model: TextModel, items: Sequence, tz: tzinfo | None, rungs: int = 2) -> Iterator[list]:


    numbered = "\n".join(f"[{n}] {_mark(i.priority)} {one_line(i.text)}" for n, i in enumerate(items, 1))
    if len(items) > 99:  # beyond what a small context holds well; the extractive ladder handles it
        return
    for rung in range(min(rungs, len(LADDER_GUIDANCE))):
        guidance = LADDER_GUIDANCE[rung].format(n=max(1, len(items) // (2 * (rung + 1))))
        try:
            output = model.complete([{"role": "system", "content": REFLECTOR_PROMPT},
                                     {"role": "user", "content": f"{guidance}\nNotes:\n{numbered}\nCondensed:"}],
                                    max_tokens=min(512, 24 * len(items)), temperature=0.0, grammar=GRAMMAR)
            parsed = _parse(output, items)
        except ObservationRejected:
            continue
        except Exception:  # noqa: BLE001 - a failing model must not stop reflection; the ladder goes on
            return
        yield [Reflected(p, max(items[n - 1].observed_at for n in nums), text,
                         next((items[n - 1].referenced_date for n in reversed(nums) if items[n - 1].referenced_date),
                              None),
                         sorted({oid for n in nums for oid in items[n - 1].observation_ids}))
               for p, nums, text in parsed]


def _mark(priority: str) -> str:
    return {v: k for k, v in EMOJI_PRIORITY.items()}[priority]


def _parse(output: str, items: Sequence) -> list[tuple[str, list[int], str]]:
    rows = []
    for raw in output.strip().splitlines():
        if not raw.strip():
            continue
        match = _LINE.match(raw.strip())
        if not match:
            raise ObservationRejected("unparseable line")
        nums = sorted({int(n) for n in match.group(2).split(",")})
        if not all(1 <= n <= len(items) for n in nums):
            raise ObservationRejected("cites a note that does not exist")
        text = match.group(3).strip()
        if not traceable(text, " ".join(items[n - 1].text for n in nums)):
            raise ObservationRejected("untraceable lines")
        rows.append((EMOJI_PRIORITY[match.group(1)], nums, text))
    if not rows:
        raise ObservationRejected("empty output")
    check_loops([normalized(t) for _, _, t in rows])
    return rows
