"""``mneme memory compact``: rewrite the database so each table's pages lie together (storage/compaction.py).

Also run after ``mneme memory import`` (``compaction.after_import``: the rule decides).
"""
from __future__ import annotations

import sys

from memory_core.storage import compaction

from ..session import open_or_create
from .output import print_json


def register(memory_sub, common) -> None:
    compact = memory_sub.add_parser("compact", parents=[common],
                                    help="rewrite the database with each table contiguous (faster cold search)",
                                    description="Run VACUUM when it is worth it (free pages >= "
                                                f"{compaction.FREE_SHARE:.0%} of the file, or >= "
                                                f"{compaction.NEW_MESSAGES} messages added since the last "
                                                "compaction). A busy database is skipped, not an error.")
    compact.add_argument("--force", action="store_true", help="compact even when the rule says it is not worth it")
    compact.add_argument("--json", action="store_true", help="print the result as JSON")
    compact.set_defaults(handler=run_compact)


def describe(result: compaction.Compaction) -> str:
    """One line for a person: sizes before and after and the time, or why it was skipped."""
    if not result.ran:
        return f"not compacted: {result.reason}"
    mib = 2 ** 20
    return (f"compacted ({result.reason}): {result.bytes_before / mib:.1f} MiB -> {result.bytes_after / mib:.1f} MiB "
            f"in {result.seconds:.1f} s")


def run_compact(args) -> int:
    with open_or_create(args.data_dir) as store:
        result = compaction.compact(store, force=args.force)
    if args.json:
        print_json(result.to_json())
    else:
        print(describe(result))
    return 0


def after_import(store, added: int, *, quiet: bool) -> compaction.Compaction | None:
    """``compaction.after_import``, with a note on stderr when it ran, unless ``quiet``."""
    result = compaction.after_import(store, added)
    if result is not None and result.ran and not quiet:
        print(describe(result), file=sys.stderr)
    return result
