"""The LLM fact extractor with a scripted model: validated facts add, everything else falls back to the rules."""
from __future__ import annotations

import json

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.llm_fact_extractor import fact_extractor_for
from memory_core.facts.llm_fact_grammar import FACT_GRAMMAR, FactOutputRejected, parse_fact_output
from memory_core.ingest import ingest_message
from tests.doubles import FakeChatModel

JAN = parse_iso("2025-01-01T10:00:00Z")
BEES = "I keep bees on my allotment."


class CapableModel(FakeChatModel):
    """A scripted model that says it has 7B parameters (the LLM path's floor is 1B)."""

    parameter_count = 7_000_000_000


class SmallModel(FakeChatModel):
    parameter_count = 135_000_000


def _facts(*triples: tuple[str, str, str]) -> str:
    return json.dumps([{"subject": s, "attribute": a, "value": v} for s, a, v in triples])


def _values(store) -> dict[str, str]:
    return {f.value: f.predicate for f in facts.current_facts(store)}


def _events(store, kind: str) -> list[dict]:
    rows = store.query("SELECT detail FROM events WHERE kind = ?", [kind])
    return [json.loads(row["detail"]) for row in rows]


def test_a_valid_llm_fact_adds_what_the_rules_missed(store):
    said = ingest_message(store, "t", "user", BEES, at=JAN)
    model = CapableModel(completions=[_facts(("user", "hobby", "bees"))])
    run_fact_pass(store, fact_model=model)
    assert _values(store) == {"bees": "hobby"}
    fact, = facts.current_facts(store)
    assert fact.message_ids == [said.message.id]
    call, = model.complete_calls
    assert call["grammar"] == FACT_GRAMMAR and BEES in call["messages"][-1]["content"]


def test_without_a_model_the_same_message_gives_no_fact(store):
    ingest_message(store, "t", "user", BEES, at=JAN)
    run_fact_pass(store)
    assert facts.current_facts(store) == []


def test_a_value_not_in_the_message_is_rejected(store):
    ingest_message(store, "t", "user", BEES, at=JAN)
    model = CapableModel(completions=[_facts(("user", "hobby", "beekeeping"), ("user", "home city", "Leeds"))])
    run_fact_pass(store, fact_model=model)
    assert facts.current_facts(store) == []


def test_pronouns_questions_denials_and_thoughts_are_rejected(store):
    for text, value in [("I keep it on my allotment.", "it"), ("Should I keep bees?", "bees"),
                        ("I never kept bees.", "bees"), ("If I ever keep bees I'll tell you.", "bees"),
                        ("My brother keeps bees.", "bees")]:
        ingest_message(store, "t", "user", text, at=JAN)
        run_fact_pass(store, fact_model=CapableModel(completions=[_facts(("user", "hobby", value))]))
    assert facts.current_facts(store) == []


def test_a_subject_the_message_does_not_name_is_rejected(store):
    ingest_message(store, "t", "user", "My sister and I keep bees.", at=JAN)
    run_fact_pass(store, fact_model=CapableModel(completions=[_facts(("cousin", "hobby", "bees"))]))
    assert facts.current_facts(store) == []


def test_malformed_output_falls_back_to_the_rules_with_an_audit_event(store):
    said = ingest_message(store, "t", "user", "I live in Porto and I keep bees.", at=JAN)
    run_fact_pass(store, fact_model=CapableModel(completions=['[{"subject": "user", "attribute": "hob']))
    assert _values(store) == {"Porto": "lives_in"}
    assert _events(store, "fact_llm_fallback") == [{"message_id": said.message.id, "reason": "not json"}]


def test_a_model_error_falls_back_to_the_rules(store):
    said = ingest_message(store, "t", "user", "I live in Porto.", at=JAN)
    run_fact_pass(store, fact_model=CapableModel(completions=[TimeoutError("slow")]))
    assert _values(store) == {"Porto": "lives_in"}
    event, = _events(store, "fact_llm_fallback")
    assert event == {"message_id": said.message.id, "reason": "TimeoutError"}  # ids and a kind, never text


def test_rule_facts_are_never_overwritten(store):
    ingest_message(store, "t", "user", "I live in Porto, near the river.", at=JAN)
    model = CapableModel(completions=[_facts(("user", "home city", "the river"), ("user", "home", "Porto"))])
    run_fact_pass(store, fact_model=model)
    assert _values(store) == {"Porto": "lives_in"}  # the rules filled the slot: the LLM's other value is dropped


def test_a_model_under_one_billion_parameters_is_never_called(store):
    ingest_message(store, "t", "user", BEES, at=JAN)
    small = SmallModel(completions=[_facts(("user", "hobby", "bees"))])
    unknown = FakeChatModel(completions=[_facts(("user", "hobby", "bees"))])  # no size known: not capable
    run_fact_pass(store, fact_model=small)
    ingest_message(store, "t", "user", BEES, at=JAN)
    run_fact_pass(store, fact_model=unknown)
    assert small.complete_calls == [] and unknown.complete_calls == []
    assert fact_extractor_for(small) is None and facts.current_facts(store) == []


def test_the_strict_parse_refuses_anything_but_the_fact_list():
    for output, reason in [("Sure! Here are the facts", "not json"), ('{"subject": "user"}', "not a list"),
                           ('[{"subject": "user", "value": "x"}]', "wrong fields"),
                           (_facts(*[("user", "a", "b")] * 4), "too many facts")]:
        try:
            parse_fact_output(output)
        except FactOutputRejected as exc:
            assert exc.reason == reason
        else:
            raise AssertionError(output)
    assert parse_fact_output("[]") == []


def test_the_memory_worker_lets_its_capable_model_add_facts_and_never_asks_a_small_one(store):
    from memory_core.observational.engine import OBSERVER_SETTING
    from memory_core.observational.worker import MemoryWorker

    store.set_setting(OBSERVER_SETTING, "extractive")  # only the fact pass may ask the model here
    ingest_message(store, "t", "user", BEES, at=JAN)
    small = SmallModel(completions=[_facts(("user", "hobby", "bees"))])
    MemoryWorker(store, small).extract_facts(store)
    assert small.complete_calls == [] and facts.current_facts(store) == []
    ingest_message(store, "t", "user", BEES, at=JAN)
    capable = CapableModel(completions=[_facts(("user", "hobby", "bees"))])
    MemoryWorker(store, capable).extract_facts(store)
    assert len(capable.complete_calls) == 1 and _values(store) == {"bees": "hobby"}


def test_capability_is_counted_from_the_parameters_or_the_gguf_tensors():
    from types import SimpleNamespace

    from memory_core.llm import is_capable

    def gguf(*shapes):
        return SimpleNamespace(info=SimpleNamespace(tensors=[SimpleNamespace(shape=s) for s in shapes]))

    assert is_capable(gguf((50_000, 20_000))) and not is_capable(gguf((50_000, 19_999)))
    assert is_capable(CapableModel()) and not is_capable(SmallModel()) and not is_capable(None)


def test_a_message_without_the_user_in_it_is_never_sent_to_the_model():
    """No first-person word: nothing could validate, so the model's seconds of CPU are not spent."""
    from memory_core.facts.llm_fact_extractor import LLMFactExtractor, join_llm_candidates

    class CountingModel:
        calls = 0

        def complete(self, messages, **kwargs):
            CountingModel.calls += 1
            return "[]"

    extractor = LLMFactExtractor(CountingModel())
    assert join_llm_candidates([], "The weather in Lisbon was lovely today.", extractor) == ([], None)
    assert CountingModel.calls == 0
    join_llm_candidates([], "I moved to Lisbon last spring.", extractor)
    assert CountingModel.calls == 1
