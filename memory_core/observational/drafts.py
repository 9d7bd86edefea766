"""An observation before it is stored: what observers produce and om.py commits."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo

from memory_core.observational.dates import local_time
from memory_core.observational.format import ObservationLine


@dataclass
class Draft:
    priority: str
    said_at: datetime            # aware (UTC) time of the newest source message
    text: str
    message_ids: list[int] = field(default_factory=list)
    referenced_date: date | None = None

    def as_line(self, tz: tzinfo | None) -> ObservationLine:
        local = local_time(self.said_at, tz)
        return ObservationLine(day=local.date(), time=local.strftime("%H:%M"), priority=self.priority,
                               text=self.text, referenced_date=self.referenced_date,
                               message_ids=tuple(self.message_ids))


_WORD = re.compile(r"[a-z0-9]+")
STOPWORDS = frozenset("""a an the and or but if of to in on at for with from by is are was were be been am i
you he she it we they me my your our their this that these those do does did have has had not no so as
user said says asked about just very really also then than there here what which who when where how""".split())


def content_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


def normalized(text: str) -> str:
    """Text reduced for duplicate checks: lower case, digits folded, punctuation gone."""
    return " ".join(re.sub(r"\d+", "0", w) for w in _WORD.findall(text.lower()))
