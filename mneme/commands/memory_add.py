"""``mneme memory add``: store one message (the hot write path)."""
from __future__ import annotations

from memory_core.clock import parse_iso

from ..session import open_or_create
from .output import print_json


def register(memory_sub, common) -> None:
    parser = memory_sub.add_parser("add", parents=[common], help="store one message")
    parser.add_argument("--thread", required=True, help="thread (chat) id; created if new")
    parser.add_argument("--role", required=True, choices=["user", "assistant"])
    parser.add_argument("--text", required=True)
    parser.add_argument("--at", help="when it was said, ISO 8601 (default: now)")
    parser.add_argument("--json", action="store_true", help="print the stored message as JSON")
    parser.set_defaults(handler=run)


def run(args) -> int:
    at = parse_iso(args.at) if args.at else None
    with open_or_create(args.data_dir) as store:
        from memory_core.ingest import ingest_message

        result = ingest_message(store, args.thread, args.role, args.text, at=at)
    message = result.message
    if args.json:
        print_json({"id": message.id, "thread": message.thread_id, "role": message.role,
                    "created_at": message.created_at, "facts": [f for f in result.fact_ids]})
    else:
        print(f"stored message {message.id} in thread {message.thread_id}")
    return 0
