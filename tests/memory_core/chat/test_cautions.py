"""An answer that names an allergy the ledger holds gets a caution beside it; the answer itself is unchanged."""
from __future__ import annotations

from datetime import datetime, timezone

from memory_core.chat.assistant import Assistant, ChatSettings
from memory_core.chat.cautions import answer_cautions, cautions_for, current_allergies
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.ledger import add_fact, retract_fact
from memory_core.ingest import ingest_message
from tests.doubles import FakeChatModel

WHEN = "2026-03-01T09:00:00+00:00"


def _allergies(store, *pairs: tuple[str, str]):
    for subject, value in pairs:
        add_fact(store, subject, "allergy", value, valid_at=WHEN)
    return current_allergies(store)


def test_a_plural_allergy_matches_the_singular_and_any_case(store):
    allergies = _allergies(store, ("user", "peanuts"))
    cautions = cautions_for("**Peanut Butter Popcorn**: a classic.", allergies)
    assert [c.word for c in cautions] == ["Peanut"]
    assert cautions[0].describe() == "This answer mentions \u201cPeanut\u201d: you told me you're allergic to peanuts."


def test_number_forms_both_ways_and_whole_words_only(store):
    allergies = _allergies(store, ("user", "strawberry"), ("user", "eggs"))
    assert [c.word for c in cautions_for("A bowl of strawberries.", allergies)] == ["strawberries"]
    assert [c.word for c in cautions_for("Scrambled egg on toast.", allergies)] == ["egg"]
    assert cautions_for("Grilled eggplant, strawberryish jam.", allergies) == []


def test_a_phrase_value_matches_itself_or_its_head_word(store):
    allergies = _allergies(store, ("user", "tree nuts"))
    assert [c.word for c in cautions_for("It has a tree nut crust.", allergies)] == ["tree nut"]
    assert [c.word for c in cautions_for("Add some mixed nuts.", allergies)] == ["nuts"]
    assert cautions_for("A fruit tree in the garden.", allergies) == []


def test_another_persons_allergy_is_named_as_theirs_and_cautions_come_in_answer_order(store):
    allergies = _allergies(store, ("user", "shellfish"), ("son", "sesame"))
    cautions = cautions_for("Sesame noodles, then a shellfish platter.", allergies)
    assert [c.value for c in cautions] == ["sesame", "shellfish"]
    assert "your son is allergic to sesame" in cautions[0].describe()


def test_a_retired_allergy_gives_no_caution(store):
    _allergies(store, ("user", "penicillin"))
    assert answer_cautions(store, "Penicillin is often prescribed.")
    retract_fact(store, "user", "allergy", "penicillin", at="2026-04-01T09:00:00+00:00")
    assert answer_cautions(store, "Penicillin is often prescribed.") == []


def test_the_turn_reports_the_caution_and_keeps_the_answer_as_written(store):
    ingest_message(store, "earlier", "user", "I'm allergic to peanuts, please remember that.",
                   at=datetime(2026, 3, 1, 9, tzinfo=timezone.utc))
    run_fact_pass(store)  # the rules alone, as in the background pass
    reply = "Try peanut butter popcorn or a smoothie."
    result = Assistant(store, FakeChatModel(replies=reply)).send("t1", "Suggest a snack?")
    assert [c.word for c in result.cautions] == ["peanut"]
    assert result.reply == reply and store.message(result.reply_message_id).text == reply
    assert Assistant(store, FakeChatModel(replies="An apple.")).send("t2", "Another?").cautions == []


def test_no_caution_where_memory_is_not_read(store):
    _allergies(store, ("user", "peanuts"))
    for settings in (ChatSettings(temporary=True), ChatSettings(memory=False)):
        assert Assistant(store, FakeChatModel(replies="Peanut cookies."), settings=settings).send(
            "t", "Snack?").cautions == []


def test_a_mention_that_keeps_the_thing_out_is_no_caution(store):
    allergies = _allergies(store, ("user", "eggs"), ("user", "peanuts"))
    for careful in ("A vegan cake made without eggs.", "Try an egg-free pancake.", "Peanut free flapjacks.",
                    "Since you're allergic to peanuts, skip the satay.", "Use an egg substitute.",
                    "Avoid peanuts and pick fruit."):
        assert cautions_for(careful, allergies) == [], careful
    mixed = "An egg-free muffin, or scrambled eggs on toast."
    assert [c.word for c in cautions_for(mixed, allergies)] == ["eggs"]


def test_a_reopened_chat_gets_the_cautions_of_its_answers_only(store):
    from memory_core.chat.cautions import cautions_by_answer

    assert cautions_by_answer(store, []) == {}
    _allergies(store, ("user", "prawns"))
    asked = ingest_message(store, "c", "user", "Prawns or chicken?", at=datetime(2026, 3, 2, tzinfo=timezone.utc))
    said = ingest_message(store, "c", "assistant", "Prawn curry is lovely.", at=datetime(2026, 3, 2, 0, 1, tzinfo=timezone.utc))
    plain = ingest_message(store, "c", "assistant", "Chicken then.", at=datetime(2026, 3, 2, 0, 2, tzinfo=timezone.utc))
    found = cautions_by_answer(store, store.messages("c"))
    assert list(found) == [said.message.id] and [c.word for c in found[said.message.id]] == ["Prawn"]
    assert asked.message.id not in found and plain.message.id not in found
