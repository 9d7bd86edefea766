"""General rules of English against junk facts from ordinary chat (issue 12, the fresh pool's round), each tested
in words other than the pool's."""
from __future__ import annotations

from memory_core.facts.cues import implausible_value
from memory_core.facts.extraction import extract
from memory_core.facts.lexicon import lexical_values


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text)}


def test_an_evaluative_adjective_is_no_value_of_any_attribute():
    assert implausible_value("pizza", "awful")
    assert implausible_value("commute", "really dire")
    assert implausible_value("burger", "delicious!")


def test_a_classifying_adjective_is_still_a_value():
    assert not implausible_value("diet", "vegan")
    assert not implausible_value("hair", "ginger")


def test_a_role_of_using_a_place_is_no_job_there():
    assert not any(p == "works_at" for _, p, _ in _facts("I'm an annual pass holder at Kew Gardens."))
    assert not any(p == "works_at" for _, p, _ in _facts("I'm a lifelong supporter at Celtic Park."))


def test_a_role_held_at_a_place_is_still_a_workplace():
    assert ("user", "works_at", "Kew Gardens") in _facts("I'm a tour guide at Kew Gardens.")


def test_a_cue_word_saying_where_a_person_is_known_from_names_nothing_of_the_users():
    assert not any(p == "gym" for _, p, _ in _facts("Priya from the gym invited me to Spin Fest."))
    assert not any(p == "bank" for _, p, _ in _facts("Omar from the bank rang about Lloyds Premier."))


def test_a_cue_word_of_the_users_own_still_gives_the_fact():
    assert ("user", "gym", "Iron Works") in _facts("My gym is Iron Works.")


def test_a_sport_word_modifying_gear_is_no_activity():
    assert lexical_values("Bought some cycling gloves in the sale.") == []
    assert lexical_values("Need new tennis rackets for the kids.") == []


def test_a_sport_word_alone_is_still_an_activity():
    assert [kind for _, kind, _ in lexical_values("I do cycling at weekends.")] == ["hobby"]


def test_a_name_before_a_work_a_part_or_an_event_is_not_a_cue_words_value():
    assert not any(p == "trip" for _, p, _ in _facts("Read the Val McDermid novel on my holiday."))
    assert not any(p == "car" for _, p, _ in _facts("When I drive I put on the podcast Desert Island Discs."))


def test_a_name_for_the_cue_word_itself_is_still_its_value():
    assert {p for _, p, v in _facts("I drive a Toyota Yaris.") if v == "Toyota Yaris"} & {"car", "owns:car"}


def test_a_job_title_ends_before_a_place_said_with_an_article():
    assert ("user", "job_title", "porter") in _facts("I work as a porter at the general hospital.")
    assert ("user", "job_title", "shift lead") in _facts("I work as a shift lead at Tesco.")


def test_a_named_person_starting_somewhere_is_their_news_and_a_child_starting_is_school():
    assert not any(s == "user" for s, p, _ in _facts("Nadia started at Unilever in June.") if p == "works_at")
    assert ("son", "school", "Hillcrest Academy") in _facts("My son has started at Hillcrest Academy.")
    assert ("spouse", "works_at", "Unilever") in _facts("My husband started at Unilever last week.")


def test_parse_mentions_skip_a_name_before_a_part_or_an_event(real_parser):
    from memory_core.facts.parse_extractor import parsed_candidates
    found = {(c.predicate, c.value) for c in parsed_candidates(real_parser, "Cracked the Samsung screen again, ugh.")}
    found |= {(c.predicate, c.value) for c in parsed_candidates(real_parser, "Saw the Eurovision final with friends.")}
    assert not found & {("screen", "Samsung"), ("final", "Eurovision")}, found


def test_a_cue_word_inside_a_compound_of_another_kind_names_no_attribute():
    assert not any(p == "bank" for _, p, _ in _facts("I help out at the Trussell food bank most weeks."))
    assert not any(p == "bank" for _, p, _ in _facts("It's a bank holiday so Lloyds is closed."))
    assert not any(p == "car" for _, p, _ in _facts("The Tesco car park was rammed."))


def test_a_cue_word_alone_still_names_its_attribute():
    assert ("user", "bank", "Starling") in _facts("My bank is Starling.")
