"""A copied user-message stamp never reaches the answer the user sees or the store; other brackets do."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory_core.chat.assistant import Assistant
from memory_core.chat.context import STAMP_STYLES, stamp
from memory_core.chat.stamp_echo import STAMP, StampEchoFilter, remove_stamps
from tests.doubles import FakeChatModel


def streamed(text: str, size: int) -> str:
    """``text`` through the filter in pieces of ``size`` characters, as a model streams it."""
    stamps = StampEchoFilter()
    out = [stamps.feed(text[i:i + size]) for i in range(0, len(text), size)]
    return "".join(out) + stamps.flush()


@pytest.mark.parametrize("style", STAMP_STYLES)
@pytest.mark.parametrize("moment", [datetime(2026, 12, 1, 15, 38, tzinfo=timezone.utc),
                                    datetime(2026, 9, 30, 0, 5, tzinfo=timezone.utc)])
def test_every_stamp_the_prompt_carries_is_recognised(style, moment):
    first = stamp(moment, timezone.utc, None, style)
    assert STAMP.fullmatch(first)
    later = stamp(moment, timezone.utc, moment.date(), style)
    assert later == "" or STAMP.fullmatch(later)


@pytest.mark.parametrize("size", [1, 2, 3, 7, 1000])
def test_a_copied_stamp_is_dropped_in_any_piece_size(size):
    answer = "Sure, here are some ideas:\n\n[Tuesday 1 December 2026]\n\n* Rice cakes\n* Hummus"
    assert streamed(answer, size) == "Sure, here are some ideas:\n\n\n* Rice cakes\n* Hummus"
    assert streamed("[Monday 2026-03-02 09:00] Good morning!", size) == "Good morning!"
    assert streamed("Noted [9.05 am].", size) == "Noted ."


@pytest.mark.parametrize("size", [1, 4, 1000])
def test_other_brackets_and_dates_in_words_stay(size):
    for text in ("See [1] and [the notes].", "Arrays look like [1, 2, 3].", "On Tuesday 1 December you said so.",
                 "[Tuesday is my gym day]", "A link: [docs](http://x.y)", "Unclosed [Tuesday 1 Dec",
                 "[[Tuesday 1 December 2026]]", "x" * 60 + "[" + "y" * 60):
        expected = remove_stamps(text)
        assert streamed(text, size) == expected
    assert streamed("[[Tuesday 1 December 2026]]", 1) == "[]"


def test_the_answer_shown_and_stored_has_no_stamp(store):
    model = FakeChatModel(replies="[Tuesday 1 December 2026]\nTry rice cakes with hummus.")
    shown: list[str] = []
    result = Assistant(store, model).send("t1", "A snack for my shift?", on_token=shown.append)
    assert "".join(shown).strip() == "Try rice cakes with hummus."
    assert result.reply == "Try rice cakes with hummus."
    assert store.message(result.reply_message_id).text == "Try rice cakes with hummus."
