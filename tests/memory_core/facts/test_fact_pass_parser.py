"""The fact pass with and without the dependency parser: the parse only adds, and the pass without it is unchanged."""
from __future__ import annotations

from typing import Sequence

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.parse_tokens import ParsedSentence
from memory_core.ingest import ingest_and_extract, ingest_message
from tests.conftest import TEST_PASSPHRASE

JAN, MAR = (parse_iso(f"2025-{m}-01T10:00:00Z") for m in ("01", "03"))
#: Wording the rules and regex frames do not parse, but the tree shapes do.
ONLY_THE_TREE = "The instrument I practise every night is the oboe. Kazuo Ishiguro, my favourite novelist, has a new book out."


def _current(store) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}


class CountingParser:
    """The real parser, counting the texts it was given (the pass must parse only user messages)."""

    def __init__(self, parser) -> None:
        self.parser, self.texts = parser, []

    def parse(self, text: str) -> Sequence[ParsedSentence]:
        self.texts.append(text)
        return self.parser.parse(text)


def test_without_a_parser_the_pass_is_the_rules_alone(store):
    ingest_message(store, "t", "user", ONLY_THE_TREE, at=JAN)
    run_fact_pass(store)
    assert not any(value in ("oboe", "Kazuo Ishiguro") for _, _, value in _current(store))


def test_the_parser_adds_what_the_rules_missed(store, real_parser):
    counting = CountingParser(real_parser)
    ingest_message(store, "t", "user", ONLY_THE_TREE, at=JAN)
    ingest_message(store, "t", "assistant", "My gym is Brightwater Fitness.", at=JAN)
    run_fact_pass(store, parser=counting)
    assert counting.texts == [ONLY_THE_TREE]  # the assistant's words are never parsed for facts
    held = _current(store)
    assert ("user", "instrument", "oboe") in held
    assert ("user", "favorite:novelist", "Kazuo Ishiguro") in held


def test_a_parsed_fact_is_superseded_by_a_later_one_on_the_same_slot(store, real_parser):
    ingest_and_extract(store, "t", "user", "The instrument I practise every night is the oboe.", at=JAN,
                       parser=real_parser)
    ingest_and_extract(store, "t", "user", "The instrument I practise most now is the cello.", at=MAR,
                       parser=real_parser)
    assert ("user", "instrument", "cello") in _current(store)
    assert ("user", "instrument", "oboe") not in _current(store)
    old = [f for f in facts.history(store) if f.value == "oboe"]
    assert old and old[0].invalid_at is not None


def test_rules_keep_their_facts_when_the_parser_runs(store, tmp_path, real_parser):
    """Same message, rules-only store and parser store: every rule fact is also in the parser's ledger."""
    text = "I live in Porto and I work at Acme Corp. I'm learning Welsh."
    ingest_and_extract(store, "t", "user", text, at=JAN)
    rules_only = _current(store)
    from memory_core.storage.store import Store

    with Store.create(tmp_path / "other", use_keyring=False, passphrase=TEST_PASSPHRASE) as second:
        ingest_and_extract(second, "t", "user", text, at=JAN, parser=real_parser)
        assert rules_only <= _current(second)


def test_a_negated_statement_gives_no_fact_either_way(store, real_parser):
    ingest_and_extract(store, "t", "user", "I don't bank with Starling and we never had a dog named Rex.", at=JAN,
                       parser=real_parser)
    assert not any(value in ("Starling", "Rex") for _, _, value in _current(store))


def test_the_memory_worker_passes_its_parser_to_the_fact_pass(store, real_parser):
    from memory_core.observational.worker import MemoryWorker

    worker = MemoryWorker(store, None)
    ingest_message(store, "t", "user", "The instrument I practise every night is the oboe.", at=JAN)
    counting = CountingParser(real_parser)
    worker.fact_parser = counting
    try:
        worker.extract_facts(store)
    finally:
        worker.close()
    assert counting.texts and ("user", "instrument", "oboe") in _current(store)


def test_a_worker_without_a_parser_runs_the_rules_alone(store):
    from memory_core.observational.worker import MemoryWorker

    worker = MemoryWorker(store, None)
    ingest_message(store, "t", "user", "The instrument I practise every night is the oboe.", at=JAN)
    assert worker.fact_parser is None
    try:
        worker.extract_facts(store)
    finally:
        worker.close()
    assert _current(store) == set()


def test_a_relatives_sentence_gives_the_relatives_fact_not_the_users(store, real_parser):
    """The rules misread "my uncle lives in Galway" as the user's; that misreading must not hide the parse's
    fact about the uncle, and no user fact comes of it."""
    from memory_core.clock import parse_iso
    from memory_core.facts import ledger
    from memory_core.ingest import ingest_and_extract

    ingest_and_extract(store, "t", "user", "My uncle lives in Galway.", at=parse_iso("2025-02-01T10:00:00Z"),
                       parser=real_parser)
    current = {(f.subject, f.predicate, f.value) for f in ledger.current_facts(store)}
    assert ("uncle", "lives_in", "Galway") in current
    assert not any(subject == "user" for subject, _, _ in current)
