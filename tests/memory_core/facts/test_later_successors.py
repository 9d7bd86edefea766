"""A successor named sentences after the old value ended, or by someone else's action (issue 12, round 9).

Written for these tests in other words than the change pool's (other kinds: dentist, window cleaner, swimming
club, broadband, GP, piano teacher...). The rule: a message that ends or displaces a known value X (an ending,
a complaint, the holder unable to go on) and then names one new thing Y of X's shape (a name for a name, not a
date, not a place) holds Y under X's attribute. The guards: Y someone else's, the reporter, asked, denied, a
place or a date, already stored, or no ending of X read at all.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.extraction import sentences
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.later_successors import displaced, later_successor, same_kind_of_name
from memory_core.ingest import ingest_message


def _fact(value: str, predicate: str, fact_id: int = 1) -> KnownFact:
    return KnownFact(fact_id, "user", predicate, value, "chat-a", "2025-01-01T10:00:00+00:00", "preference")


def changed(text: str, old: str, predicate: str, *others: KnownFact,
            entities: dict[str, str] | None = None) -> list[tuple[str, str | None]]:
    """What ``text`` does to one current fact of the user's, as (old value, new value or None) pairs."""
    known = [_fact(old, predicate), *others]
    return [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), known, "chat-b", entities=entities)]


@pytest.mark.parametrize("text, old, predicate, new", [
    # an ending, then the new holder two sentences later with no verb of change
    ("Gave up on Dr Varga, she cancelled on me three times. My neighbour recommended a practice. "
     "Dr Lindiwe Moyo is lovely.", "Dr Varga", "dentist", "Dr Lindiwe Moyo"),
    ("Stopped going to The Ferry Arms after the quiz night was axed. We drink at Marnie's now.", "The Ferry Arms",
     "local pub", "Marnie"),
    ("We stopped going to the Otters in March, the committee got so cliquey. Took a while to find somewhere. "
     "Riverside Swim has been brilliant for the kids.", "Otters", "swimming club", "Riverside Swim"),
    # a complaint about the old one, then the new one named by what someone did
    ("Shine Bright never turned up again last month. Somebody at work put me onto Clearview and they came on "
     "Thursday.", "Shine Bright", "window cleaner", "Clearview"),
    ("The renewal quote from Zephyr Net was nearly double. No way. Ordered Fibrelink online in five minutes.",
     "Zephyr Net", "broadband", "Fibrelink"),
    ("We've had enough of Dr Grieve, four months and no appointment. The surgery suggested someone. "
     "Dr Osei has my notes now.", "Dr Grieve", "GP", "Dr Osei"),
    # something worn out, the new one brought home
    ("Wore a hole through the Adidas on the canal path. The shop had nothing in my size. Came home with Mizuno "
     "and my knees are thanking me.", "Adidas", "running shoes", "Mizuno"),
    # the old holder unable to go on, the new one sent by the provider
    ("Since Kasia broke her wrist the agency has been sending Renata, and honestly we'd like to keep her.",
     "Kasia", "cleaner", "Renata"),
    # the new holder in apposition, after a complaint about the old one
    ("After the hash Pembertons made of the conveyancing we let the bank's panel firm take over, Hartley Shaw, "
     "and things are moving.", "Pembertons", "solicitor", "Hartley Shaw"),
    # a verbless comparison appended to the clause that names the new one
    ("Had my first session with Hannah Brook on Monday, so much more patient than Gwen Tully, I nailed the scales.",
     "Gwen Tully", "piano teacher", "Hannah Brook"),
])
def test_a_new_name_after_an_ending_succeeds_the_old_value(text, old, predicate, new):
    assert changed(text, old, predicate) == [(old, new)]


@pytest.mark.parametrize("text, old, predicate", [
    ("We left Harbour Gym in May. My sister Joanna says I should try her classes.", "Harbour Gym", "gym"),
    ("Cancelled the Sparkle Cleaning contract. My neighbour uses Fresh Homes and loves them.", "Sparkle Cleaning",
     "cleaner"),
    ("Quit Harbour Gym last week. Is Pulse Fitness any good?", "Harbour Gym", "gym"),
    ("Finished with Harbour Gym. Definitely not joining Pulse Fitness either.", "Harbour Gym", "gym"),
    ("Gave up on Dr Varga. The next check-up is in June.", "Dr Varga", "dentist"),
    ("Gave up on Dr Varga. Priya says Dr Moyo is good.", "Dr Varga", "dentist"),  # someone's recommendation
    ("Stopped going to the Otters. The coach's daughter Mia loves Riverside.", "Otters", "swimming club"),
    ("Gave up on Dr Varga. We're off to Lisbon for a week anyway.", "Dr Varga", "dentist"),
])
def test_an_ending_whose_later_name_is_no_successor_holds_none(text, old, predicate):
    assert changed(text, old, predicate) == [(old, None)]


@pytest.mark.parametrize("text, old, predicate", [
    ("Had coffee with Lena after my session with Dr Varga.", "Dr Varga", "dentist"),  # nothing ends
    ("Had coffee with Lena after my session with Dr Varga, who never answers emails.", "Dr Varga", "dentist"),
    ("Brightwave never answered my email about the bill.", "Brightwave", "broadband"),  # a complaint, no successor
    ("Zephyr Net's renewal was nearly double. We're off to Lisbon next week anyway.", "Zephyr Net", "broadband"),
    ("Shine Bright never turned up last month. Did Clearview do yours?", "Shine Bright", "window cleaner"),
    ("Shine Bright never turned up last month. My brother says Clearview are good.", "Shine Bright",
     "window cleaner"),
    ("Went to Pilates with Mum, much harder than yoga.", "yoga", "exercise"),  # no name of the old one's shape
])
def test_a_complaint_or_a_mention_without_a_successor_changes_nothing(text, old, predicate):
    assert changed(text, old, predicate) == []


def test_a_name_already_held_is_no_successor():
    sister = _fact("Renata", "sister", fact_id=2)
    assert changed("Since Kasia hurt her back, Renata has been helping out.", "Kasia", "cleaner", sister) == []


def test_a_person_does_not_succeed_an_organisation_nor_a_place_a_name():
    assert same_kind_of_name("Zephyr Net", "Fibrelink", {})
    assert not same_kind_of_name("Dr Varga", "Harbour Dental Practice", {})
    assert not same_kind_of_name("Brightsmile Dental", "Dr Hale", {})
    assert not same_kind_of_name("Zephyr Net", "Lisbon", {"Lisbon": "GPE"})
    assert same_kind_of_name("Zephyr Net", "Green Flag", {"Green Flag": "GPE"})  # a two-word name: the tag is weak


def test_a_sentence_about_him_may_name_the_successor_of_his_own_value():
    son = KnownFact(1, "son", "nursery", "Little Acorns", "chat-a", "2025-01-01T10:00:00+00:00", "other")
    text = "We said goodbye to Little Acorns on Friday. He starts at Oak Tree on Monday."
    assert [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), [son], "chat-b")] == \
        [("Little Acorns", "Oak Tree")]
    said = ["We said goodbye to Little Acorns.", "He loves Oak Tree."]
    assert later_successor(said, 0, 30, "Little Acorns", [], users_own=False) == "Oak Tree"
    assert later_successor(said, 0, 30, "Little Acorns", []) is None  # the user's value: his news is his


def test_a_name_opening_a_sentence_counts_only_when_the_parser_tagged_it():
    text = "Shine Bright never turned up again. A neighbour gave us a number. Clearview came on Thursday."
    assert changed(text, "Shine Bright", "window cleaner") == []
    assert changed(text, "Shine Bright", "window cleaner", entities={"Clearview": "ORG"}) == \
        [("Shine Bright", "Clearview")]
    assert changed("Shine Bright never turned up again. Everyone said the same.", "Shine Bright", "window cleaner",
                   entities={"Clearview": "ORG"}) == []


def test_the_complaint_cues_are_general_english():
    for said in ("they never rang back", "got our order wrong twice", "the mess they made of it",
                 "I've had enough of them", "the quote came in at nearly double", "she's off sick for months"):
        assert displaced(said), said
    for said in ("they rang back at once", "the order was right", "she made a cake", "the new one is twice as good",
                 "the room was double the size"):
        assert not displaced(said), said


def test_later_successor_reads_only_after_the_old_value():
    said = ["Dr Osei was great. We've had enough of Dr Grieve."]
    assert later_successor(said, 0, said[0].index("Grieve") + 6, "Dr Grieve", []) is None


def test_a_later_successor_through_the_fact_pass(store, real_parser):
    ingest_message(store, "chat-a", "user", "Our window cleaner is Shine Bright.",
                   at=parse_iso("2025-01-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    assert "Shine Bright" in {f.value for f in facts.current_facts(store)}
    ingest_message(store, "chat-b", "user", "We've had enough of Shine Bright, they missed three visits. "
                   "A neighbour gave us a number, and on Thursday Clearview did the conservatory too.",
                   at=parse_iso("2025-06-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    now = facts.current_facts(store)
    held = {f.value for f in now}
    assert "Shine Bright" not in held, held
    successor = [f for f in now if f.value == "Clearview"]
    assert successor and successor[0].supersedes is not None, held


def test_a_month_or_weekday_is_said_whole_not_by_its_first_letters():
    from memory_core.facts.cues import calendar_word
    assert calendar_word("Tuesdays") and calendar_word("March") and calendar_word("Sept") and calendar_word("Easter")
    assert not calendar_word("Marnie") and not calendar_word("Junaid") and not calendar_word("Decathlon")


# -- round 11: the successor told first, the successor as the news's own subject, a reported successor ----------
# Written for these tests in other words than the changes2 pools (other kinds: a darts team, a childminder, a
# milkman, a window cleaner, a hairdresser).
@pytest.mark.parametrize("text, old, predicate, new", [
    # the new one named before the old one is ended ("Y ... since I switched from X")
    ("The Arrow Heads beat everyone on Friday! Best night since I switched, three seasons with Double Top and "
     "never a trophy.", "Double Top", "darts team", "Arrow Heads"),
    ("Had a trim at Shear Genius on Saturday and honestly I'm done with Snips, they butchered my fringe twice.",
     "Snips", "hairdresser", "Shear Genius"),
    # the successor is the subject of its own sentence: someone else's news that IS the new holder
    ("Mrs Dunmore has retired, bless her. Lorraine Acheson took on her little ones in September.",
     "Mrs Dunmore", "childminder", "Lorraine Acheson"),
])
def test_a_successor_told_first_or_as_the_news_own_subject(text, old, predicate, new):
    assert changed(text, old, predicate) == [(old, new)]


def test_a_reported_ending_takes_the_successor_from_the_same_report():
    """The reporter ("Dad says") guards the successor no more than the ending it reports; the parser's entities
    keep the place out ("gone to Portugal")."""
    text = "Dad says Carl Briggs has sold up and gone to Portugal, and a lad called Sam Hughes has moved in next door."
    entities = {"Dad": "PERSON", "Carl Briggs": "PERSON", "Portugal": "GPE", "Sam Hughes": "PERSON"}
    assert changed(text, "Carl Briggs", "neighbour", entities=entities) == [("Carl Briggs", "Sam Hughes")]
    # no report, another person's own news: the name is not the user's new milkman
    assert changed("Carl Briggs has packed in the round. My sister Tina Briggs is gutted.", "Carl Briggs",
                   "milkman") == [("Carl Briggs", None)]


@pytest.mark.parametrize("text", [
    # the new name told first is ambiguous when two are said
    "Tried Pete Lowe this month, then Gleam Team, and I'm done with Shine Bright.",
    # a relation is no successor
    "Mum says Shine Bright have stopped doing our street, so that's the end of them.",
])
def test_no_successor_when_ambiguous_or_a_relation(text):
    assert changed(text, "Shine Bright", "window cleaner") == [("Shine Bright", None)]


def test_one_of_the_users_people_succeeds_no_thing():
    """"Switched him onto Y": the cat's own name said in the message is not the cat's new food."""
    known = [KnownFact(1, "pudding", "eats", "Purina Gourmet", "chat-a", "2025-01-01T10:00:00+00:00", "preference")]
    text = "We've given up on Purina Gourmet, Pudding was just licking the jelly off and leaving the rest."
    got = [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), known, "chat-b")]
    assert got == [("Purina Gourmet", None)]


def test_a_thing_bought_for_one_of_the_users_pets_is_kept():
    """"another bag of X for Pudding": bought for the cat, not X traded for the cat (the "X for Y" frame)."""
    known = [KnownFact(1, "pudding", "eats", "Purina Gourmet", "chat-a", "2025-01-01T10:00:00+00:00", "preference")]
    text = "Picked up another box of Purina Gourmet for Pudding, it was half price."
    assert detect_changes(list(sentences(text)), known, "chat-b") == []


def test_the_facts_own_subject_is_read_past_and_a_brands_s_kept():
    """"Pudding was licking ... Switched him onto Arden's r/c": the cat's name in the ending sentence is passed
    over, and the successor keeps the brand's "'s" and its model code."""
    known = [KnownFact(1, "pudding", "eats", "Purina Gourmet", "chat-a", "2025-01-01T10:00:00+00:00", "preference")]
    text = ("We've given up on Purina Gourmet, Pudding was just licking the jelly off and leaving the rest. "
            "Switched him onto Arden's r/c and he's clearing the bowl.")
    got = [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), known, "chat-b")]
    assert got == [("Purina Gourmet", "Arden's r/c")]


def test_a_brands_s_is_kept_and_a_persons_possessive_is_not_a_brand():
    assert changed("Gave up on Shine Bright. Switched to Tom's and they're great.", "Shine Bright",
                   "window cleaner") == [("Shine Bright", "Tom's")]
    assert changed("Gave up on Shine Bright. Tom's cousin does our windows now.", "Shine Bright",
                   "window cleaner") == [("Shine Bright", None)]
