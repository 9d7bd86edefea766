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
    return precision_and_coverage(lines, parser)[0]


def value_of(label: str, allowed: set[str]) -> str:
    """A label read by its owner and value only: ``partner.works_at=Heathrow`` as ``Alex:Heathrow`` where the line
    lists ``partner=Alex``. The pool's writer could not know the attribute names the system gives (job_title or
    job, works_at or workplace), so a true fact under another attribute name is not counted as junk here."""
    head, _, value = label.partition("=")
    owner = head.split(".", 1)[0] if "." in head else "user"
    relations = {a.split("=", 1)[0]: a.split("=", 1)[1] for a in allowed if "." not in a.split("=", 1)[0]}
    return f"{relations.get(owner, owner)}:{value.lower()}"


def wrong_values(lines, junk) -> list[tuple[str, str]]:
    """The junk whose value (and owner) no expectation of its line names: a sentence that states nothing, or a
    wrong span, as opposed to a true fact filed under another attribute name."""
    allowed_of = dict(lines)
    return [(text, label) for text, label in junk
            if value_of(label, allowed_of[text]) not in {value_of(a, allowed_of[text]) for a in allowed_of[text]}]


def precision_and_coverage(lines, parser) -> tuple[list[tuple[str, str]], list[str]]:
    """Junk (line, fact) pairs, and the lines that should give a fact but gave none of those listed: a fix that
    drops junk by dropping true facts shows up in the second list."""
    from memory_core.facts import ledger as facts
    from memory_core.ingest import ingest_and_extract
    from memory_core.storage.store import Store

    junk: list[tuple[str, str]] = []
    missed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="mneme-chat-precision-") as folder:
        store = Store.create(Path(folder) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        try:
            for text, allowed in lines:
                result = ingest_and_extract(store, "chat", "user", text, parser=parser)
                labels = [fact_label(facts.get_fact(store, fact_id)) for fact_id in result.fact_ids]
                junk += [(text, label) for label in labels if label not in allowed]
                allowed_values = {value_of(a, allowed) for a in allowed}
                if allowed and not any(value_of(label, allowed) in allowed_values for label in labels):
                    missed.append(text)
        finally:
            store.close()
    return junk, missed


def load_pool(name: str, root: Path) -> list[tuple[str, set[str]]]:
    """The chat lines of a pool, read by file path so another checkout's code can be measured on them."""
    import importlib.util
    file = {"original": "chat_lines.py", "fresh2": "chat_lines_fresh2.py",
            "fresh3": "chat_lines_fresh3.py"}.get(name, "chat_lines_fresh.py")
    spec = importlib.util.spec_from_file_location(f"pool_{name.replace('-', '_')}",
                                                  root / "tests" / "memory_core" / "facts" / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {"original": getattr(module, "CHAT_LINES", None), "fresh-dev": getattr(module, "FRESH_DEV", None),
            "fresh-test": getattr(module, "FRESH_TEST", None), "fresh2": getattr(module, "FRESH2_LINES", None),
            "fresh3": getattr(module, "FRESH3_LINES", None)}[name]


def report(pool: str, lines, junk, missed, label: str = "") -> list[str]:
    """The pool's figures as Markdown lines."""
    should = sum(1 for _, allowed in lines if allowed)
    wrong = wrong_values(lines, junk)
    out = [f"## {pool}{label}: {len(wrong)} junk facts (wrong value) from {len(lines)} lines: "
           f"{100 * len(wrong) / len(lines):.1f} per 100 lines ({len(junk)} counting an unlisted attribute name); "
           f"missed {len(missed)} of {should} lines that state a fact", ""]
    out += [f"- junk{'' if (text, fact) in wrong else ' (attribute name only)'}: {text!r} -> {fact}"
            for text, fact in junk]
    out += [f"- missed: {text!r}" for text in missed]
    return out + [""]


def main() -> None:
    """``--pool original|fresh-dev|fresh-test|fresh2|fresh3`` (default original, which writes chat_precision.md); a fresh pool
    prints its figures only. ``--code ROOT`` measures another checkout's code on this checkout's lines."""
    import argparse
    here = Path(__file__).resolve().parents[1]
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--pool", default="original", choices=["original", "fresh-dev", "fresh-test", "fresh2", "fresh3"])
    arguments.add_argument("--code", type=Path, default=here, help="checkout whose memory_core is measured")
    arguments.add_argument("--summary", action="store_true", help="print the counts only, not the lines")
    options = arguments.parse_args()
    sys.path.insert(0, str(options.code.resolve()))
    from models.dependency_parser import shared_parser

    lines = load_pool(options.pool, here)
    junk, missed = precision_and_coverage(lines, shared_parser())
    if options.pool != "original":
        text = report(options.pool, lines, junk, missed, f" (code {options.code})")
        print("\n".join(text[:1] if options.summary else text))
        return
    CHAT_LINES = lines
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
