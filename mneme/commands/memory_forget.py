"""``mneme memory forget|export|backup|restore|threads|delete-thread``: the user's control over their memory.

Forgetting shows its plan first and asks on a terminal; scripts (``--yes``,
``--json`` or stdin not a terminal) get no prompt. The backup passphrase comes
from ``MNEME_BACKUP_PASSPHRASE`` or a prompt, never from an argument (it would
land in the shell history).
"""
from __future__ import annotations

import getpass
import os
import sys
from pathlib import Path

from memory_core.errors import InvalidInput, MnemeError

from ..session import PASSPHRASE_ENV, env_passphrase, open_or_create
from .output import print_json

BACKUP_PASSPHRASE_ENV = "MNEME_BACKUP_PASSPHRASE"


def register(memory_sub, common) -> None:
    forget = memory_sub.add_parser("forget", parents=[common], help="forget an item, what came from it and its sources",
                                   description="Forget a memory item (message:ID, observation:ID, reflection:ID, "
                                               "fact:ID, thread:ID or a bare id), everything derived from it and, "
                                               "unless --keep-sources, its source messages. Prints a receipt.")
    forget.add_argument("item", nargs="?", help="KIND:ID, e.g. fact:9 (a bare number works when unambiguous)")
    forget.add_argument("--about", metavar="TEXT", help="forget every item that matches TEXT instead")
    forget.add_argument("--keep-sources", action="store_true",
                        help="keep the source messages (the memory may be re-derived from them)")
    forget.add_argument("--remove-answers", action="store_true",
                        help="also remove the assistant answers generated with it (the plan lists them)")
    forget.add_argument("--json", action="store_true", help="print the receipt as JSON (no prompt)")
    forget.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    forget.set_defaults(handler=run_forget)

    export = memory_sub.add_parser("export", parents=[common], help="write the memory as readable JSON (plaintext)")
    export.add_argument("--json", dest="json_file", metavar="FILE", type=Path, required=True,
                        help="where to write the JSON export")
    export.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    export.set_defaults(handler=run_export)

    backup = memory_sub.add_parser("backup", parents=[common],
                                   help="write an encrypted backup of the whole database",
                                   description="Write one encrypted SQLCipher file protected by a backup passphrase "
                                               f"(from ${BACKUP_PASSPHRASE_ENV} or a prompt). It restores on any "
                                               "machine with 'mneme memory restore'.")
    backup.add_argument("file", type=Path)
    backup.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    backup.set_defaults(handler=run_backup)

    restore = memory_sub.add_parser("restore", parents=[common],
                                    help="make a new data directory (--data-dir) from an encrypted backup")
    restore.add_argument("file", type=Path)
    restore.add_argument("--replace", action="store_true",
                         help="replace the database already in --data-dir (unlocked as usual; close the app first). "
                              "The backup is copied and checked beside it first: if it is damaged, nothing changes")
    restore.set_defaults(handler=run_restore)

    threads = memory_sub.add_parser("threads", parents=[common], help="list chats")
    threads.add_argument("--json", action="store_true")
    threads.set_defaults(handler=run_threads)

    delete = memory_sub.add_parser("delete-thread", parents=[common],
                                   help="delete a chat and (unless --keep-memories) the memories drawn from it")
    delete.add_argument("thread")
    delete.add_argument("--keep-memories", action="store_true",
                        help="keep the observations and facts drawn from this chat (they lose their source link)")
    delete.add_argument("--json", action="store_true", help="print the receipt as JSON (no prompt)")
    delete.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    delete.set_defaults(handler=run_delete_thread)


# -- forget ---------------------------------------------------------------------------------------
def _interactive(args) -> bool:
    return not (getattr(args, "yes", False) or getattr(args, "json", False)) and sys.stdin.isatty()


def _confirm(question: str, *, default: bool = False) -> bool:
    suffix = " [Y/n] " if default else " [y/N] "
    try:
        answer = input(question + suffix).strip().lower()
    except EOFError:
        return False
    return default if not answer else answer in ("y", "yes")


def run_forget(args) -> int:
    from memory_core.forgetting.forget import execute_forget, plan_forget, plan_forget_about

    if bool(args.item) == bool(args.about):
        raise InvalidInput("give either an item (e.g. fact:9) or --about TEXT")
    include_sources = not args.keep_sources
    with open_or_create(args.data_dir, create=False) as store:
        remove_answers = args.remove_answers
        if args.about is not None:
            plan = plan_forget_about(store, args.about, include_sources=include_sources, remove_answers=remove_answers)
        else:
            plan = plan_forget(store, args.item, include_sources=include_sources, remove_answers=remove_answers)
        if _interactive(args) and plan.answers and not remove_answers:
            if _confirm(f"{len(plan.answers)} assistant answer(s) were generated with this memory. "
                        "Remove them too?"):
                plan = (plan_forget_about(store, args.about, include_sources=include_sources, remove_answers=True)
                        if args.about is not None else
                        plan_forget(store, args.item, include_sources=include_sources, remove_answers=True))
        if not args.json:
            print(plan.describe())
        if plan.is_empty and not args.json:
            return 0
        if _interactive(args) and not _confirm("Forget all of this? It cannot be undone."):
            print("Nothing was forgotten.")
            return 1
        receipt = execute_forget(store, plan)
    _print_receipt(args, receipt)
    return 0 if receipt.verified else 6


def _print_receipt(args, receipt) -> None:
    if args.json:
        print_json(receipt.to_dict())
    else:
        print()
        print(receipt.describe())


# -- threads --------------------------------------------------------------------------------------
def run_threads(args) -> int:
    with open_or_create(args.data_dir, create=False) as store:
        rows = store.threads()
    if args.json:
        print_json([{"id": r["id"], "title": r["title"], "messages": r["message_count"],
                     "created_at": r["created_at"], "updated_at": r["updated_at"]} for r in rows])
        return 0
    if not rows:
        print("no chats yet")
    for row in rows:
        title = row["title"] or "(untitled)"
        print(f"{row['id']}  {row['updated_at'][:16].replace('T', ' ')}  {row['message_count']:>5} messages  {title}")
    return 0


def run_delete_thread(args) -> int:
    from memory_core.forgetting.forget import execute_forget, plan_delete_thread

    with open_or_create(args.data_dir, create=False) as store:
        forget_memories = not args.keep_memories
        plan = plan_delete_thread(store, args.thread, forget_memories=forget_memories)
        if _interactive(args) and forget_memories:
            kept = plan_delete_thread(store, args.thread, forget_memories=False)
            if kept.kept_memories:
                forget_memories = _confirm(f"This chat gave {kept.kept_memories} memory item(s). "
                                           "Forget them too?", default=True)
                plan = plan if forget_memories else kept
        if not args.json:
            print(plan.describe())
        if _interactive(args) and not _confirm("Delete this chat? It cannot be undone."):
            print("Nothing was deleted.")
            return 1
        receipt = execute_forget(store, plan)
    _print_receipt(args, receipt)
    return 0 if receipt.verified else 6


# -- export, backup, restore ----------------------------------------------------------------------
def _progress_printer():
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int, stage: str) -> None:
        percent = 100 if not total else int(100 * done / total)
        sys.stderr.write(f"\r{stage:<12} {percent:3d}%")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()
    return show


def run_export(args) -> int:
    from memory_core.portability.export import export_json

    with open_or_create(args.data_dir, create=False) as store:
        result = export_json(store, args.json_file, overwrite=args.force, progress=_progress_printer())
    counts = ", ".join(f"{n} {name}" for name, n in result.counts.items())
    print(f"exported {counts} to {result.path} ({result.bytes:,} bytes)")
    print("note: this file is NOT encrypted; keep it somewhere safe or use 'mneme memory backup'")
    return 0


def _backup_passphrase(confirm: bool) -> str:
    value = os.environ.get(BACKUP_PASSPHRASE_ENV)
    if value:
        return value
    if not sys.stdin.isatty():
        raise MnemeError(f"set {BACKUP_PASSPHRASE_ENV} to the backup passphrase (no terminal to ask on)")
    first = getpass.getpass("Backup passphrase: ")
    if confirm and getpass.getpass("Repeat it: ") != first:
        raise InvalidInput("the two passphrases differ; nothing was written")
    return first


def run_backup(args) -> int:
    from memory_core.portability.export import backup_database

    passphrase = _backup_passphrase(confirm=True)
    with open_or_create(args.data_dir, create=False) as store:
        result = backup_database(store, args.file, passphrase, overwrite=args.force, progress=_progress_printer())
    print(f"encrypted backup written to {result.path} ({result.bytes:,} bytes, "
          f"{result.counts['messages']} messages, {result.counts['facts']} facts) and verified")
    print("keep the backup passphrase: without it the backup cannot be opened")
    return 0


def run_restore(args) -> int:
    from memory_core.portability.export import restore_backup
    from memory_core.storage.keys import keyring_info

    passphrase = _backup_passphrase(confirm=False)
    if args.replace:
        with open_or_create(args.data_dir, create=False) as current:
            key = current.key
        store = restore_backup(args.file, passphrase, args.data_dir, use_keyring=False, replace_key=key,
                               progress=_progress_printer())
        with store:
            counts = store.counts()
        print(f"replaced the database in {args.data_dir} with the backup: {counts['messages']} messages and "
              f"{counts['facts']} facts")
        return 0
    new_passphrase = env_passphrase()
    use_keyring = new_passphrase is None
    if use_keyring and not keyring_info().real:
        raise MnemeError(f"no secure OS keyring here: set {PASSPHRASE_ENV} to protect the restored database")
    store = restore_backup(args.file, passphrase, args.data_dir, use_keyring=use_keyring,
                           new_passphrase=new_passphrase, progress=_progress_printer())
    with store:
        counts = store.counts()
    print(f"restored {counts['messages']} messages and {counts['facts']} facts into {args.data_dir}")
    return 0
