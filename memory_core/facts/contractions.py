"""Contractions typed without their apostrophe ("im", "dont") read as written with it."""
from __future__ import annotations


def with_apostrophes(text: str) -> str:
    """``text`` with dropped apostrophes restored (not yet: returned as it is)."""
    return text
