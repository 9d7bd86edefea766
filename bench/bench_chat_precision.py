"""Junk facts per 100 ordinary chat lines: a precision check on what a user would see in the timeline.

The lines (``tests/memory_core/facts/chat_lines.py``) are small talk, plans, errands, coding, recipes, complaints
and news of other people, written for issue 12, each with the facts it may give. Every line goes through the
fact pass as ``mneme memory add`` runs it (rules, changes and the spaCy parse), one after another in one scratch
store; a fact a line adds that is not listed for it is junk (a sentence that states nothing durable about the
user, or a wrong span). Writes bench/results/chat_precision.md.

Run: ``HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python bench/bench_chat_precision.py``
"""
from __future__ import annotations

import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def fact_label(fact) -> str:
    """``predicate=value``, or ``subject.predicate=value`` for someone else's fact."""
    owner = "" if fact.subject == "user" else f"{fact.subject}."
    return f"{owner}{fact.predicate}={fact.value}"


def junk_facts(lines, parser) -> list[tuple[str, str]]:
    """(line, fact) for every fact a line added that its expectations do not list."""
    from memory_core.facts import ledger as facts
    from memory_core.ingest import ingest_and_extract
    from memory_core.storage.store import Store

    junk = []
    with tempfile.TemporaryDirectory(prefix="mneme-chat-precision-") as folder:
        store = Store.create(Path(folder) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        try:
            for text, allowed in lines:
                result = ingest_and_extract(store, "chat", "user", text, parser=parser)
                for fact_id in result.fact_ids:
                    label = fact_label(facts.get_fact(store, fact_id))
                    if label not in allowed:
                        junk.append((text, label))
        finally:
            store.close()
    return junk


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from models.dependency_parser import shared_parser
    from tests.memory_core.facts.chat_lines import CHAT_LINES

    junk = junk_facts(CHAT_LINES, shared_parser())
    rate = 100 * len(junk) / len(CHAT_LINES)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    lines = [f"# Junk facts per 100 chat lines (commit {commit})", "",
             f"{len(junk)} junk facts from {len(CHAT_LINES)} lines: {rate:.1f} per 100 lines.", ""]
    lines += [f"- {text!r} -> {label}" for text, label in junk]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "chat_precision.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
