"""Markdown to the HTML subset Qt's rich text understands.

markdown-it-py with raw HTML switched off (a model's or a user's ``<script>``
or ``<img>`` is shown as text, never interpreted). Code blocks become a
tinted table cell, because Qt's rich text ignores most CSS on ``<pre>``.
Very long texts are cut for display only: the stored message and Copy keep
everything.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from markdown_it import MarkdownIt

#: Above this many characters a message is shown shortened (a 1 MB paste must not freeze layout).
DISPLAY_LIMIT = 20_000


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "breaks": True}).enable("table").enable(
        "strikethrough")


_PRE = re.compile(r"<pre><code(?: class=\"language-([\w+-]+)\")?>(.*?)</code></pre>", re.S)


def to_html(text: str, *, code_bg: str, muted: str, text_colour: str) -> str:
    shortened = len(text) > DISPLAY_LIMIT
    if shortened:
        text = text[:DISPLAY_LIMIT]
    body = _parser().render(text)

    def code_block(match: re.Match) -> str:
        if not match.group(2).strip():
            return ""  # a fence opened and nothing after it (an answer cut short): no empty tinted box
        lang = match.group(1) or ""
        label = f'<div style="color:{muted}; font-size:8pt;">{html.escape(lang)}</div>' if lang else ""
        return (f'<table width="100%" cellspacing="0" cellpadding="10" style="background-color:{code_bg}; '
                f'margin-top:4px; margin-bottom:4px;"><tr><td>{label}<pre style="font-family:monospace; '
                f'color:{text_colour}; margin:0;">{match.group(2).rstrip()}</pre></td></tr></table>')

    body = _PRE.sub(code_block, body)
    body = body.replace("<code>", f'<code style="font-family:monospace; background-color:{code_bg};">')
    body = body.replace("<table>", '<table cellspacing="0" cellpadding="5" border="1" '
                                   f'style="border-color:{muted}; border-style:solid;">')
    if shortened:
        body += (f'<p style="color:{muted};"><i>… shown shortened: {len(text):,}+ characters. '
                 f'Copy takes the whole message.</i></p>')
    return body


def plain_to_html(text: str) -> str:
    """For user messages: keep exactly what was typed (no Markdown surprises), escape it, keep line breaks."""
    shortened = len(text) > DISPLAY_LIMIT
    shown = html.escape(text[:DISPLAY_LIMIT]).replace("\n", "<br>")
    if shortened:
        shown += f"<br><i>… shown shortened ({len(text):,} characters; Copy takes all of it)</i>"
    return shown
