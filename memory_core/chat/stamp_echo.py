"""Drop the user-message time stamps a small model copies into its answer, as the answer streams.

Each user message reaches the model with its day in brackets ("[Tuesday 1 December 2026]",
``context.stamp``), so the model knows when things were said without a clock in the cached prefix.
The bundled SmolLM2-135M copies that stamp into its answer in about one answer in six
(bench/results/hygiene.md, stamp echo, ``stamp-day`` on test: 4/24), and the screenshot tour
showed it at the top of an answer. No answer needs a bracketed weekday stamp, so the stamp forms
``context.stamp`` writes are removed from what the user sees and what is stored; a weekday and date
the model writes in its own words ("on Tuesday 1 December") stay.

Streaming: text is passed on as it comes, except from a "[" until the bracket closes, a line ends,
or it grows past any stamp's length; then it is either dropped (a stamp, with the spaces or one line
break after it) or passed on unchanged. So the filter never holds back more than a stamp's length.
"""
from __future__ import annotations

import re

_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_CLOCK = r"\d{1,2}[:.]\d{2}(?:\s?[ap]m)?"
#: Every form ``context.stamp`` writes, in any of its styles, and nothing else.
STAMP = re.compile(
    rf"\[(?:{_WEEKDAY} (?:\d{{4}}-\d{{2}}-\d{{2}}(?: {_CLOCK})?"
    rf"|\d{{1,2}} {_MONTH} \d{{4}}(?:(?:, | at ){_CLOCK})?)"
    rf"|{_CLOCK})\]",
    re.IGNORECASE)
#: Longer than any stamp (the longest: "[Wednesday 30 September 2026 at 12.59 pm]", 41 characters).
_LONGEST = 48


def remove_stamps(text: str) -> str:
    """``text`` without its stamps (and the spaces or one line break after each)."""
    return re.sub(STAMP.pattern + r"[ \t]*\n?", "", text, flags=re.IGNORECASE)


class StampEchoFilter:
    """Feed the answer's pieces in order; what ``feed`` and ``flush`` return is the answer to show."""

    def __init__(self) -> None:
        self._held = ""
        self._after_stamp = False  # drop the spaces and one line break that followed a removed stamp

    def feed(self, piece: str) -> str:
        out: list[str] = []
        for char in piece:
            out.append(self._one(char))
        return "".join(out)

    def flush(self) -> str:
        """The end of the answer: whatever is still held is no complete stamp, so it is shown."""
        held, self._held = self._held, ""
        return held

    def _one(self, char: str) -> str:
        if self._after_stamp:
            if char in " \t":
                return ""
            self._after_stamp = False
            if char == "\n":
                return ""
        if not self._held:
            if char != "[":
                return char
            self._held = char
            return ""
        self._held += char
        if char == "]":
            held, self._held = self._held, ""
            if STAMP.fullmatch(held):
                self._after_stamp = True
                return ""
            return held
        if char == "\n" or char == "[" or len(self._held) > _LONGEST:
            held, self._held = self._held, ""
            if char == "[":  # a new bracket may open a stamp: hold it again
                self._held = "["
                return held[:-1]
            return held
        return ""
