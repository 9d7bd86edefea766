"""Whether a change the fact ledger recorded is about the line it would mark.

The ledger decides what changed (one mechanism); the observation log only
shows it. But a loose match in the ledger can retire the wrong fact: a new
hobby "replaces" an old one, "running on postgres 16" in a pasted query
becomes a hobby, "food bank" meets "my bank". Marking a line from such a
retirement presents a current fact as past, and the Reflector then drops it.
So the log honours a retirement only when the message that caused it
(the successor's message, or the message that ended the fact) is

* a personal statement (not a paste, a question or a request), as is the
  line's own message, and
* about the same thing as the line it marks: it names the old value
  ("sold the Mazda"), or the two share a topic word once the values
  themselves are set aside ("my *laptop*" / "new MacBook *laptop*"), or both
  are of one kind that holds one value at a time (work, home, health...: "my
  boss Yusuf" / "my new manager Gunther"). Routines and preferences are not
  such kinds: taking up chess does not end yoga.

Measured on the retirements in 10 dev and 10 dev_terse histories (175, labelled by the generator):
precision 0.81 (dev) and 1.00 (dev_terse), recall 1.00 and 0.83; without the check, precision 0.48 and 0.17.
"""
from __future__ import annotations

import re

from memory_core.observational.drafts import content_words
from memory_core.observational.extractive_observer import is_paste, split_sentences
from memory_core.observational.kinds import NOISE_KIND, sentence_kind

#: Kinds where a new value usually joins the old ones rather than replacing them (or that say nothing).
_MANY_VALUED = frozenset({"routines", "preferences", "other"})
#: Words too general to tie two statements to one topic.
_GENERIC = frozenset("thing things new now every day days week weeks weekend weekends time got one ever since "
                     "going goes all ago last".split())
_NAME_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")


def personal_statement(text: str) -> bool:
    """Something the user said about themselves, not a paste, a question, a request or a pleasantry."""
    if not text or is_paste(text):
        return False
    return any(sentence_kind(s) not in (None, NOISE_KIND) for s in split_sentences(text))


def _topic_stems(text: str, names: set[str]) -> set[str]:
    return {w[:5] for w in content_words(text) if w not in names and w not in _GENERIC}


def _proper_words(*values: str | None) -> set[str]:
    """The name-like words of the values ("Zenbook" of "Zenbook laptop"): the head noun stays a topic word."""
    return {w.lower() for v in values if v for w in _NAME_WORD.findall(v) if w[:1].isupper() or w[:1].isdigit()}


def names_value(text: str, value: str) -> bool:
    value = value.strip()
    return bool(value) and re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I) is not None


def same_topic(line: str, cause: str, old_value: str, new_value: str | None = None) -> bool:
    """Whether ``cause`` (the message that retired ``old_value``) may mark ``line`` (which states it)."""
    if not personal_statement(cause) or not personal_statement(line):
        return False                # a fact taken from a paste or a question is no fact to change
    if names_value(cause, old_value) or any(names_value(cause, w) for w in _proper_words(old_value)):
        return True                 # it names the old value, or the name in it ("the Mazda" of "Mazda to the office")
    names = _proper_words(old_value, new_value)
    return bool(_topic_stems(line, names) & _topic_stems(cause, names)) \
        or bool(_single_valued_kinds(line) & _single_valued_kinds(cause))


def _single_valued_kinds(text: str) -> set[str]:
    kinds = {sentence_kind(s) for s in split_sentences(text)}
    return {k for k in kinds if k not in (None, NOISE_KIND) and k not in _MANY_VALUED}
