"""The Reflector: smaller, never empty, consolidating, auditable."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memory_core.observational.drafts import Draft
from memory_core.ingest import ingest_and_extract
from memory_core.observational.engine import OMConfig, OMEngine
from memory_core.observational.log import current_log
from memory_core.observational.reflector import Reflector
from memory_core.observational.tokens import TokenCounter
from tests.doubles import FakeChatModel

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def observe(store, lines):
    """Store (priority, text, day offset) observations, each from its own message."""
    om = OMEngine(TokenCounter(FakeChatModel()), OMConfig(10_000, 10_000), observer_mode="extractive")
    for n, (priority, text, day) in enumerate(lines):
        at = T0 + timedelta(days=day, minutes=n)
        message = ingest_and_extract(store, "t", "user", text, at=at).message
        om.commit(store, [message], [Draft(priority, at, f"User: {text}", [message.id])])


def reflector(model=None):
    return Reflector(FakeChatModel().count_tokens, model=model)


def texts(store):
    return [item.text for item in current_log(store)]


def test_merges_repeats_drops_done_and_superseded_keeps_dates(store):
    observe(store, [
        ("high", "I prefer WhatsApp over e-mail.", 0),
        ("high", "I live in Lyon.", 0),
        ("low", "What is the capital of Peru?", 0),
        ("high", "I need to renew my passport.", 1),
        ("high", "I prefer WhatsApp over e-mail.", 2),
        ("done", "I renewed my passport.", 3),
        ("high", "Actually I live in Paris now.", 4),
        ("high", "I prefer WhatsApp over e-mail.", 5),
    ])
    outcome = reflector().reflect(store, target_tokens=10_000)
    assert outcome.committed and 0 < outcome.output_tokens < outcome.input_tokens
    lines = texts(store)
    assert "User: I prefer WhatsApp over e-mail. (said 3 times)" in lines
    # the fact ledger retired Lyon: its line is folded into the one that replaced it, not shown as current
    assert "User: Actually I live in Paris now (previously Lyon)." in lines
    assert not any("passport" in t for t in lines)
    assert [t for t in lines if "Lyon" in t] == ["User: Actually I live in Paris now (previously Lyon)."]
    whatsapp = next(i for i in current_log(store) if "WhatsApp" in i.text)
    assert whatsapp.kind == "reflection" and len(whatsapp.observation_ids) == 3
    assert whatsapp.observed_at == T0 + timedelta(days=5, minutes=7)       # the newest date is kept
    unreflected = store.execute("SELECT count(*) FROM observations WHERE reflected_in IS NULL").fetchone()[0]
    assert unreflected == 0 and store.counts()["observations"] == 8        # observations are kept for audit


def test_ladder_compresses_harder_to_reach_the_target(store):
    observe(store, [("low", f"What is the weather like in city number {n} today?", n % 3) for n in range(8)]
            + [("high", "I'm allergic to peanuts.", 3), ("medium", "We had pizza for dinner with friends.", 3)])
    outcome = reflector().reflect(store, target_tokens=30)
    assert outcome.committed and outcome.attempts > 1
    assert texts(store) == ["User: I'm allergic to peanuts."]


def test_never_commits_an_empty_log(store):
    observe(store, [("done", "I finished the tax return.", 0), ("done", "I paid the bill.", 0)])
    outcome = reflector().reflect(store, target_tokens=1)
    assert not outcome.committed and "kept the old log" in outcome.reason
    assert store.counts()["reflections"] == 0 and len(texts(store)) == 2


def test_never_commits_a_larger_log_and_backs_off(store):
    observe(store, [("high", "I'm allergic to peanuts.", 0)])
    om = OMEngine(TokenCounter(FakeChatModel()), OMConfig(10_000, 5), observer_mode="extractive")
    first = om.run_due(store)
    assert not first.reflected and store.counts()["reflections"] == 0
    assert om.run_due(store).actions == []                 # no endless reflect loop: waits for the log to grow


def test_llm_candidates_are_validated_and_linked(store):
    observe(store, [("high", "I prefer WhatsApp over e-mail.", 0), ("low", "What is a monad?", 0),
                    ("high", "I like WhatsApp better than e-mail.", 1)])
    bigger = "".join(f"* 🔴 [1] User prefers WhatsApp over e-mail number {n}.\n" for n in range(1, 9))
    model = FakeChatModel(completions=[bigger, "* 🔴 [1,3] User prefers WhatsApp over e-mail.\n"])
    outcome = reflector(model).reflect(store, target_tokens=10_000)
    assert outcome.committed and outcome.method == "llm"
    (item,) = current_log(store)
    assert item.text == "User prefers WhatsApp over e-mail." and item.observation_ids == [1, 3]


def test_second_generation_links_back_to_the_original_observations(store):
    observe(store, [("high", "I prefer tea over coffee.", 0), ("high", "I prefer tea over coffee.", 1)])
    assert reflector().reflect(store, 10_000).committed
    observe(store, [("high", "I prefer tea over coffee.", 2), ("high", "I have two cats.", 2)])
    outcome = reflector().reflect(store, 10_000)
    assert outcome.committed
    tea = next(i for i in current_log(store) if "tea" in i.text)
    assert tea.text.endswith("(said 3 times)") and tea.observation_ids == [1, 2, 3]
    assert store.execute("SELECT count(*) FROM reflection_generations").fetchone()[0] == 2


def test_drops_by_value_and_never_a_current_high_kind_fact(store):
    observe(store, [("high", "I am allergic to peanuts.", 0), ("medium", "My daughter Lena started school.", 1),
                    ("medium", "I have a dentist appointment on May 14.", 2), ("medium", "I bank with Monzo.", 3)]
            + [("low", f"Why is the number {n} special in maths?", 4) for n in range(6)])
    outcome = reflector().reflect(store, target_tokens=5)              # far too small for the facts
    assert outcome.committed
    items = current_log(store)
    lines = [i.text for i in items]
    # what was asked goes first; every high-kind fact stays (the target moved), re-rated 🔴 by kind
    assert not any("special" in t for t in lines)
    for fact in ("peanuts", "Lena", "dentist"):
        assert any(fact in t for t in lines)
        assert next(i for i in items if fact in i.text).priority == "high"


def test_target_grows_to_keep_every_current_fact_within_the_cap(store):
    tools = ["Asana", "Basecamp", "Confluence", "Docker", "Emacs", "Figma", "GitLab", "Heroku"]
    observe(store, [("medium", f"I use {name} at work.", n % 5) for n, name in enumerate(tools)]
            + [("low", "What is the capital of Peru?", 5)])
    generous = reflector().reflect(store, target_tokens=5, max_tokens=10_000)
    assert generous.committed
    assert sum(any(name in t for name in tools) for t in texts(store)) == 8   # none dropped to hit 5 tokens


def test_a_tight_budget_drops_older_lines_first_and_keeps_a_change_of_unknown_kind(store):
    # "traded in the Mazda" names no topic word: its own kind is unknown ("other"); the older car line is
    # followed by it, so when the log must shrink the older line goes first and the change stays.
    filler = [("medium", text, n + 1) for n, text in enumerate([
        "I keep my passwords in Bitwarden.", "Our team plans sprints in Asana.", "My bank is Monzo.",
        "I write code in Neovim.", "We live in the Riverside neighbourhood.", "I take my coffee black."])]
    observe(store, [("medium", "I drive a Mazda to the office.", 0)] + filler
            + [("medium", "traded in the Mazda, picked up a Volvo over the weekend", 9)])
    full = reflector().tokens_of(current_log(store))
    outcome = reflector().reflect(store, target_tokens=full // 2, max_tokens=full // 2)
    assert outcome.committed and outcome.output_tokens <= full // 2
    lines = texts(store)
    assert any("Volvo" in t for t in lines)
    assert not any("I drive a Mazda" in t for t in lines)
    assert not any("Bitwarden" in t for t in lines)              # then the oldest, whatever the kind


def test_a_newer_line_about_the_same_named_person_inherits_a_high_kind(store):
    observe(store, [("high", "My daughter Elsa started school this year.", 0),
                    ("medium", "Elsa lost her first tooth last night, big drama", 5)]
            + [("medium", f"I use {name} at work every day.", 6) for name in ["Asana", "Basecamp", "Confluence"]])
    reflector().reflect(store, target_tokens=5, max_tokens=5)      # nothing but high kinds fits
    items = current_log(store)
    tooth = next(i for i in items if "tooth" in i.text)
    assert tooth.priority == "high"
    assert not any("Asana" in i.text for i in items)


def test_fit_by_value_drops_a_line_followed_by_a_newer_one_about_the_same_name_first():
    from memory_core.observational.log import Reflected
    from memory_core.observational.reflector import fit_by_value

    lines = [Reflected("medium", T0, "User: The Mazda failed its MOT.", None, [1]),
             Reflected("high", T0 + timedelta(days=1), "User: I am allergic to peanuts.", None, [2]),
             Reflected("medium", T0 + timedelta(days=2), "User: I bank with Monzo.", None, [3]),
             Reflected("medium", T0 + timedelta(days=3), "User: Flogged the Mazda, got a Volvo.", None, [4])]
    kinds = ["possessions", "health", "tools", "other"]

    def words(chosen):
        return sum(len(r.text.split()) for r in chosen)
    kept = [r.text for r in fit_by_value(lines, kinds, words(lines) - 1, words)]
    assert "User: The Mazda failed its MOT." not in kept and len(kept) == 3     # the followed line goes first
    kept = [r.text for r in fit_by_value(lines, kinds, 1, words)]
    assert kept == ["User: I am allergic to peanuts."]                           # never a high one
