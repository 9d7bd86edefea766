"""Markdown as the chat shows it (desktop_app.markdown_view): raw HTML inert, code tinted, no empty code box."""
from __future__ import annotations

from desktop_app.markdown_view import to_html

COLOURS = {"code_bg": "#eeeeee", "muted": "#888888", "text_colour": "#111111"}


def test_a_code_block_is_a_tinted_cell_with_its_language():
    shown = to_html("```python\nprint(1)\n```", **COLOURS)
    assert "background-color:#eeeeee" in shown and "python" in shown and "print(1)" in shown


def test_a_fence_with_nothing_in_it_shows_no_box():
    shown = to_html("Alternatively, you can use this:\n\n```python\n", **COLOURS)
    assert "Alternatively" in shown
    assert "<table" not in shown and "<pre" not in shown


def test_raw_html_from_a_model_is_text():
    shown = to_html("<script>alert(1)</script>", **COLOURS)
    assert "<script>" not in shown and "&lt;script&gt;" in shown
