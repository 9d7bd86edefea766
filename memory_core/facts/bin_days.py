"""The day the bins are collected: "bin day is Monday here", "our refuse and recycling collections take place on
Tuesday mornings", "note to self the bins go on Monday morning", and its changes ("our collection's shifted off
Tuesday - it's Thursday now", "they're not doing our street on Monday any more, it's Friday from now on").

Why: it is one of the few facts of a household that people say every week, and always the same way round: the bins,
a weekday, nothing more. No sentence reader finds it, because the sentence names no attribute ("the bins go on
Monday") or names it as an event ("collections take place on Tuesday"). A day the message says is over ("off
Tuesday", "not on Monday any more", "Tuesday, that's wrong") is the old one; the last other day it names is the
day now.
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.candidate import Candidate
from memory_core.facts.ledger import USER

#: Held as the schedule of the bins, as "Bin day is every other Monday" is read by the schedule rules.
BIN_DAY = "schedule:bin_day"
_BINS = re.compile(r"(?i)\b(?:bins?|bin\s+day|bin\s+men|binmen|bin\s+lorry|bin\s+collection|rubbish|refuse|"
                   r"recycling|garbage|trash|wheelie\s+bins?)\b")
_COLLECTED = re.compile(r"(?i)\b(?:bin\s+day|bins?\s+(?:go|goes|going|went|are|is|get|gets)|collect\w*|"
                        r"collections?|bin\s+men|binmen|lorry|truck|put\s+(?:them|the\s+bins?)\s+out|"
                        r"(?:take|dragged|drag|wheel|wheeled|put)\s+(?:\w+\s+){0,2}?out|doing\s+our\s+street)\b")
_DAY = re.compile(r"\b(?P<day>Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?:s)?\b", re.IGNORECASE)
#: A day the message says is no longer the day: "off Tuesday", "not ... on Monday any more", "Tuesday, that's wrong".
_OVER_BEFORE = re.compile(r"(?i)\b(?:off|not|no\s+longer|instead\s+of|rather\s+than|used\s+to\s+be|was|from)\s+"
                          r"(?:\w+\s+){0,3}$")
_OVER_AFTER = re.compile(r"(?i)^(?:\s+(?:mornings?|mornin|nights?|evenings?|afternoons?))?\s*(?:,\s*)?(?:any\s*more|"
                         r"no\s+longer|that's\s+wrong|that\s+is\s+wrong|was\s+wrong|is\s+wrong|not\s+any\s+more)\b")
#: Someone else's bins: "my mum's bins", "her bins", "next door's recycling".
_OTHERS = re.compile(r"(?i)\b(?:his|her|their|(?:\w+)'s|next\s+door's)\s+(?:\w+\s+)?(?:bins?|recycling|rubbish)\b")


def bin_day_candidates(said: Sequence[str]) -> list[Candidate]:
    """One fact of the day the user's bins go, from the sentences that speak of the bins being collected."""
    days: list[tuple[str, str]] = []
    about_bins = False  # from the first sentence on the bins, the message's days are theirs ("... Here it's Thursday")
    for sentence in said:
        if _OTHERS.search(sentence) or sentence.rstrip().endswith("?"):
            continue
        about_bins = about_bins or bool(_BINS.search(sentence) and _COLLECTED.search(sentence))
        if not about_bins:
            continue
        for match in _DAY.finditer(sentence):
            if _OVER_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]) or \
                    _OVER_AFTER.match(sentence[match.end():]):
                continue
            days.append((match.group("day").capitalize() + "day", sentence))
    if not days:
        return []
    day, sentence = days[-1]
    return [Candidate("assert", USER, BIN_DAY, day, sentence)]


def with_bin_day(candidates: Sequence[Candidate], said: Sequence[str]) -> list[Candidate]:
    """The candidates and the bin day, in place of what other layers read of that day ("the bins go on Monday" is
    no "bins: Monday")."""
    found = bin_day_candidates(said)
    if not found or any(c.predicate == BIN_DAY for c in candidates):
        return list(candidates)  # read already, with what the rules keep beside the day ("every other Monday")
    days = {c.value for c in found}
    return [c for c in candidates if not (c.op == "assert" and (c.value or "").rstrip("s").capitalize() in days
                                          and _of_the_bins(c.predicate or ""))] + found


def _of_the_bins(predicate: str) -> bool:
    """Another layer's reading of the bins' day: an attribute of the bins' words or the parse's verb ("bins: Monday",
    "named_act:go_on"); another habit on the same day stays ("yoga is on Mondays")."""
    return predicate.startswith(("named:", "named_act:")) or bool(_BINS.search(predicate.replace("_", " ")) or
                                                                  re.search(r"collect", predicate))
