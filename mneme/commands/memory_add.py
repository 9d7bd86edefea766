"""``mneme memory add``: store one message (the hot write path), then run the fact pass.

The text may come from ``--text``, from ``--file PATH``, or from standard input
(``--text -``, or no text option with input piped in), so a private message
need not appear in ``ps`` or the shell history.
"""
from __future__ import annotations

import sys
from pathlib import Path

from memory_core.clock import parse_iso
from memory_core.errors import InvalidInput

from ..session import open_or_create
from .fact_parser import add_parser_option, fact_parser
from .output import print_json

STDIN_MARK = "-"


def register(memory_sub, common) -> None:
    parser = memory_sub.add_parser("add", parents=[common], help="store one message")
    parser.add_argument("--thread", required=True, help="thread (chat) id; created if new")
    parser.add_argument("--role", required=True, choices=["user", "assistant"])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--text", help="the message; '-' reads it from standard input (keeps it out of ps)")
    source.add_argument("--file", type=Path, help="read the message from this UTF-8 file")
    parser.add_argument("--at", help="when it was said, ISO 8601 (default: now)")
    parser.add_argument("--json", action="store_true", help="print the stored message as JSON")
    add_parser_option(parser)
    parser.set_defaults(handler=run)


def message_text(args) -> str:
    """The message from --text, --file or standard input; invalid UTF-8 is a message, not a traceback."""
    if args.file is not None:
        try:
            raw = Path(args.file).read_bytes()
        except OSError as exc:
            raise InvalidInput(f"cannot read {args.file}: {exc.strerror}") from None
        return _decode(raw, str(args.file))
    if args.text is not None and args.text != STDIN_MARK:
        return args.text
    if args.text is None and sys.stdin.isatty():
        raise InvalidInput("no message given: use --text TEXT, --file PATH, or pipe it in (--text -)")
    return _decode(sys.stdin.buffer.read(), "standard input")


def _decode(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"the message from {where} is not valid UTF-8 (byte {exc.start}); nothing was stored") from None


def run(args) -> int:
    at = parse_iso(args.at) if args.at else None
    text = message_text(args)
    with open_or_create(args.data_dir) as store:
        from memory_core.ingest import ingest_and_extract

        # stored and committed first; then the fact pass (this message and any left marked)
        result = ingest_and_extract(store, args.thread, args.role, text, at=at, parser=fact_parser(args))
    message = result.message
    if args.json:
        print_json({"id": message.id, "thread": message.thread_id, "role": message.role,
                    "created_at": message.created_at, "facts": list(result.fact_ids)})
    else:
        print(f"stored message {message.id} in thread {message.thread_id}")
    return 0
