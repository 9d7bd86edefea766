"""Round 24: work said the plainest ways. A role with where it is worked ("I'm a barber in Leeds"), a role noun
the case lexicon knows as a surname, typed lower case ("i'm a barber"), new work with when it began ("I became a
taxi driver last spring"), retiring ("I retired last month", "Dad's retired now"), the user said first in a pair
("me and my wife live in Bristol"), and another person's ending that is not the user's someone's ("Tom gave up
being a barber", said after "My brother Ben is a barber")."""
from __future__ import annotations

import pytest

from memory_core.facts.truecasing import truecased
from tests.memory_core.facts.helpers import facts_after


@pytest.mark.parametrize("text, role", [
    ("I'm a barber in Leeds.", "barber"),
    ("I'm a nurse in Manchester.", "nurse"),
    ("I'm a teacher at Hillside Primary.", "teacher"),
    ("I'm a volunteer at the food bank.", "volunteer"),
    ("i'm a barber in leeds", "barber"),
])
def test_a_role_with_where_it_is_worked_is_the_users_job(text, role, store, real_parser):
    assert ("user", "job_title", role) in facts_after(store, real_parser, text)


@pytest.mark.parametrize("text", [
    "I'm a member of the gym on Hope Street.",
    "I'm a patient at the Riverside surgery.",
    "I'm a regular at the Crown.",
    "I'm a big fan of Arsenal.",
])
def test_a_place_after_a_word_that_names_no_work_is_no_job(text, store, real_parser):
    assert not any(p == "job_title" for _, p, _ in facts_after(store, real_parser, text))


@pytest.mark.parametrize("typed, read", [
    ("i'm a barber in leeds", "I'm a barber in Leeds"),
    ("my sister is a baker now", "my sister is a baker now"),
    ("i work as a porter at st james", "I work as a porter at St James"),
    ("i got a new iphone", "I got a new iPhone"),  # a brand after "a" keeps its capitals
    ("met mr barber at the shop", "met Mr Barber at the shop"),  # after a title, the surname
])
def test_a_role_noun_after_a_determiner_stays_lower_case(typed, read):
    assert truecased(typed) == read


@pytest.mark.parametrize("change", [
    "I became a taxi driver last spring.",
    "I became a taxi driver two years ago.",
    "I've become a taxi driver since.",
])
def test_new_work_said_with_when_it_began(change, store, real_parser):
    held = facts_after(store, real_parser, "I'm a barber.", change)
    assert ("user", "job_title", "taxi driver") in held, held
    assert ("user", "job_title", "barber") not in held, held


@pytest.mark.parametrize("change", [
    "My dad retrained as a plumber a few years back.",
    "Dad became a plumber last year.",
])
def test_a_relations_new_work_said_with_when_it_began(change, store, real_parser):
    held = facts_after(store, real_parser, "My dad is a postman.", change)
    assert ("father", "job_title", "plumber") in held, held
    assert ("father", "job_title", "postman") not in held, held


@pytest.mark.parametrize("change", ["I retired last month.", "I've retired now.", "I'm retired now.",
                                    "I've stopped working."])
def test_retiring_ends_the_users_work(change, store, real_parser):
    held = facts_after(store, real_parser, "I work at Tesco as a cashier.", change)
    assert not any(s == "user" and p in ("job_title", "works_at") for s, p, _ in held), held


@pytest.mark.parametrize("change", ["Dad retired last month.", "My dad's retired now.", "My dad has stopped working."])
def test_retiring_ends_a_relations_work(change, store, real_parser):
    held = facts_after(store, real_parser, "My dad is a postman.", change)
    assert ("father", "job_title", "postman") not in held, held


def test_retiring_from_a_named_place_ends_that_workplace(store, real_parser):
    held = facts_after(store, real_parser, "My mum works at the Co-op.", "My mum retired from the Co-op.")
    assert not any(s == "mother" and p == "works_at" for s, p, _ in held), held


@pytest.mark.parametrize("later, owner", [
    ("I retired my old laptop.", "user"),
    ("My dad retired his old van.", "father"),
])
def test_retiring_a_thing_ends_no_work(later, owner, store, real_parser):
    first = "I'm a barber." if owner == "user" else "My dad is a barber."
    assert (owner, "job_title", "barber") in facts_after(store, real_parser, first, later)


@pytest.mark.parametrize("text", ["Me and my wife live in Bristol.", "me and my bf live in bristol now",
                                  "Me & my sister moved to Bristol last year."])
def test_the_user_first_in_a_pair_lives_there_too(text, store, real_parser):
    assert ("user", "lives_in", "Bristol") in facts_after(store, real_parser, text)


@pytest.mark.parametrize("change", ["My cousin gave up being a barber.", "My colleague quit being a barber.",
                                    "Mum gave up being a barber."])
def test_another_of_the_users_peoples_ending_keeps_the_brothers_work(change, store, real_parser):
    held = facts_after(store, real_parser, "My brother Ben is a barber.", change)
    assert ("brother", "job_title", "barber") in held, held


@pytest.mark.parametrize("change", ["Ben gave up being a barber.", "My brother quit being a barber.",
                                    "My bro gave up being a barber."])
def test_the_brothers_own_ending_still_ends_his_work(change, store, real_parser):
    held = facts_after(store, real_parser, "My brother Ben is a barber.", change)
    assert ("brother", "job_title", "barber") not in held, held


def test_someone_elses_ending_keeps_the_users_work(store, real_parser):
    assert ("user", "job_title", "barber") in facts_after(store, real_parser, "I'm a barber.",
                                                           "Tom gave up being a barber.")


def test_a_name_the_user_never_gave_may_be_the_holders(store, real_parser):
    """Timelines name the same nephew two ways ("Dayo", later "Paolo"): an unknown name's ending still applies."""
    held = facts_after(store, real_parser, "My nephew Dayo is learning the trumpet.",
                       "Paolo gave up the trumpet for the guitar.")
    assert ("nephew", "instrument", "guitar") in held, held


def test_news_reported_by_another_of_the_users_people_is_the_holders(store, real_parser):
    held = facts_after(store, real_parser, "My sister lives in Bristol.",
                       "Mum rang to say my sister's sold her flat in Bristol and moved to Valencia.")
    assert ("sister", "lives_in", "Bristol") not in held, held


@pytest.mark.parametrize("text, value", [
    ("Remind me to take Biscuit to the vet on Friday.", "Biscuit"),
    ("The vet wants to see Biscuit on Thursday for his jabs.", "Biscuit"),
    ("Book Pickle in at the groomers before half term.", "Pickle"),
    ("Juniper needs her flea treatment.", "Juniper"),
    ("Walked Luna round the park twice today, she was full of beans.", "Luna"),
    ("Let Rex off the lead on the beach.", "Rex"),
])
def test_a_pet_named_by_the_care_it_is_given(text, value, store, real_parser):
    assert ("user", "pet", value) in facts_after(store, real_parser, text)


@pytest.mark.parametrize("text, value", [
    ("Can you remind me the Ford Fiesta needs its MOT by the end of the month.", "Ford Fiesta"),
    ("The Golf is due its service next week.", "Golf"),
    ("I need to book the Corsa in for an MOT.", "Corsa"),
])
def test_a_car_named_by_the_care_it_is_given(text, value, store, real_parser):
    assert ("user", "car", value) in facts_after(store, real_parser, text)


@pytest.mark.parametrize("text", [
    "Take my sister's dog Biscuit to the vet.",  # the sister's dog
    "Jo's car needs its MOT.",
    "If Biscuit needs his jabs, book them.",
    "We used to take Rex to the vet every month.",
    "Remind me to take the dog to the vet.",  # no name
    "Book Monday in at the groomers.",
    "Walked Grandad to the shop.",
])
def test_care_of_anothers_or_an_unreal_or_unnamed_animal_names_no_pet_of_the_users(text, store, real_parser):
    assert not any(s == "user" and p in ("pet", "car") for s, p, _ in facts_after(store, real_parser, text))


@pytest.mark.parametrize("text, predicate, value", [
    ("Drove the Volvo up to Harrogate for the weekend.", "car", "Volvo"),
    ("drove the volvo to work", "car", "Volvo"),
    ("Spilled coffee all over the MacBook keyboard, panicking.", "laptop", "MacBook"),
    ("I'm typing this on my iPhone 13.", "phone", "iPhone 13"),
])
def test_a_car_or_computer_named_where_it_is_used(text, predicate, value, store, real_parser):
    assert ("user", predicate, value) in facts_after(store, real_parser, text)


@pytest.mark.parametrize("text", ["Drove the car to Leeds.", "My phone died on the train.",
                                  "We used to drive the Volvo to Cornwall every summer."])
def test_no_make_or_model_or_no_use_names_no_device(text, store, real_parser):
    assert not any(s == "user" and v in ("Volvo", "car", "phone") for s, p, v in facts_after(store, real_parser, text))


@pytest.mark.parametrize("text, value", [
    ("tmr morning need take half day leave for Dr Amrita Sandhu lah, wisdom tooth again.", "Dr Amrita Sandhu"),
    ("Tomorrow need to take the afternoon off for Dr Shah, my filling fell out again.", "Dr Shah"),
])
def test_a_dentist_named_in_a_sentence_whose_i_chat_dropped(text, value, store, real_parser):
    assert ("user", "dentist", value) in facts_after(store, real_parser, text)


def test_a_long_sentence_with_no_subject_of_the_users_names_no_dentist(store, real_parser):
    held = facts_after(store, real_parser, "The receptionist at the clinic said Dr Shah had filled three teeth today.")
    assert not any(s == "user" and p == "dentist" for s, p, _ in held), held


@pytest.mark.parametrize("text, predicate, value", [
    ("Yoga is on Tuesdays.", "schedule:yoga", "Tuesdays"),
    ("Choir is Wednesday nights.", "schedule:choir", "Wednesday nights"),
    ("Pilates is on Mondays.", "schedule:pilates", "Mondays"),
    ("Bin day is every other Monday.", "schedule:bin_day", "every other Monday"),
])
def test_a_habit_said_of_the_activity_alone(text, predicate, value, store, real_parser):
    assert ("user", predicate, value) in facts_after(store, real_parser, text)


@pytest.mark.parametrize("text", ["Sarah is on Tuesdays.", "The party is on Friday.", "It's every Monday.",
                                  "Mum's on Tuesdays."])
def test_no_habit_without_an_activity_or_a_repeat(text, store, real_parser):
    assert not any(p.startswith("schedule:") for _, p, _ in facts_after(store, real_parser, text))


@pytest.mark.parametrize("first, change, predicate, value", [
    ("Yoga is on Tuesdays.", "Yoga's moved to Thursdays now.", "schedule:yoga", "Thursdays"),
    ("My pilates is on Mondays.", "Pilates has moved to Wednesdays.", "schedule:pilates", "Wednesdays"),
])
def test_a_habit_moved_said_of_the_activity_alone(first, change, predicate, value, store, real_parser):
    held = facts_after(store, real_parser, first, change)
    assert ("user", predicate, value) in held, held
    assert len([p for _, p, _ in held if p == predicate]) == 1, held


def test_a_day_is_no_home(store, real_parser):
    assert not any(p == "lives_in" for _, p, _ in facts_after(store, real_parser, "Pilates has moved to Wednesdays."))


@pytest.mark.parametrize("first, change, role", [
    ("I'm a nurse at St James's.", "I've left nursing.", "nurse"),
    ("I'm a primary school teacher.", "I quit teaching last year.", "primary school teacher"),
    ("I'm a barber.", "I gave up barbering.", "barber"),
])
def test_leaving_the_work_by_its_doing_ends_the_role(first, change, role, store, real_parser):
    assert ("user", "job_title", role) not in facts_after(store, real_parser, first, change)


def test_leaving_another_doing_keeps_the_role(store, real_parser):
    assert ("user", "job_title", "nurse") in facts_after(store, real_parser, "I'm a nurse.", "I quit running.")


@pytest.mark.parametrize("change, role", [
    ("I handed in my notice at the hospital. Started as a paramedic last week.", "paramedic"),
    ("Just qualified as a midwife!", "midwife"),
])
def test_new_work_with_chats_dropped_i(change, role, store, real_parser):
    held = facts_after(store, real_parser, "I'm a nurse.", change)
    assert ("user", "job_title", role) in held, held
    assert ("user", "job_title", "nurse") not in held, held


@pytest.mark.parametrize("change", ["I've swapped pottery for life drawing.", "Pottery's out, life drawing is in."])
def test_a_habit_swapped_or_out_ends(change, store, real_parser):
    held = facts_after(store, real_parser, "I do pottery on Thursdays.", change)
    assert not any(p == "schedule:pottery" for _, p, _ in held), held


@pytest.mark.parametrize("later", ["Took pottery out of the kiln.", "Pottery's out of clay till Friday."])
def test_a_thing_taken_out_keeps_the_habit(later, store, real_parser):
    held = facts_after(store, real_parser, "I do pottery on Thursdays.", later)
    assert any(p == "schedule:pottery" for _, p, _ in held), held


@pytest.mark.parametrize("text, value", [
    ("I drink oat milk lattes.", "oat milk lattes"),
    ("I have an oat milk latte every morning.", "oat milk latte"),
    ("I always get a cappuccino.", "cappuccino"),
])
def test_the_coffee_the_user_has(text, value, store, real_parser):
    held = facts_after(store, real_parser, text)
    assert ("user", "coffee", value) in held, held
    assert not any(p.startswith("schedule:") for _, p, _ in held), held


def test_a_statement_wrapped_in_a_request_for_the_calendar_is_read(store, real_parser):
    held = facts_after(store, real_parser, "Can you put in the calendar I'm meeting Baz at PureGym after work on "
                                           "Tuesday we're doing legs god help me")
    assert ("user", "gym", "PureGym") in held, held


@pytest.mark.parametrize("text, value", [
    ("My cousin found a small kitten near his office and brought it to me. We are calling him Jellybean.", "Jellybean"),
    ("We've got a rescue puppy, we're going to call her Mabel.", "Mabel"),
])
def test_an_animal_the_user_names(text, value, store, real_parser):
    assert ("user", "pet", value) in facts_after(store, real_parser, text)


def test_naming_someone_in_a_message_with_no_animal_is_no_pet(store, real_parser):
    assert not any(p == "pet" for _, p, _ in facts_after(store, real_parser, "The new lad started, we're calling him "
                                                                               "Dave till we learn his name."))


@pytest.mark.parametrize("text, predicate, value", [
    ("I joined Virgin Active near the office.", "gym", "Virgin Active"),
    ("Joined Virgin Active last month.", "gym", "Virgin Active"),
    ("I joined Deloitte in March.", "works_at", "Deloitte"),
])
def test_what_the_user_joined_by_its_kind(text, predicate, value, store, real_parser):
    held = facts_after(store, real_parser, text)
    assert ("user", predicate, value) in held, held


def test_a_successor_said_with_what_it_now_is_to_the_user_is_the_thing_alone(store, real_parser):
    held = facts_after(store, real_parser, "My favourite food is sushi.",
                       "I've gone right off sushi, ramen's my thing now.")
    assert held == {("user", "favorite:food", "ramen")}, held


@pytest.mark.parametrize("text, owner, value", [
    ("My daughter does ballet.", "daughter", "ballet"),
    ("My little sister does karate.", "sister", "karate"),
])
def test_a_pastime_one_of_the_users_people_does(text, owner, value, store, real_parser):
    held = facts_after(store, real_parser, text)
    assert (owner, "hobby", value) in held, held
    assert not any(s == "user" and p == "hobby" for s, p, _ in held), held


def test_a_relations_pastime_given_up_for_another(store, real_parser):
    held = facts_after(store, real_parser, "My daughter does ballet.", "My daughter quit ballet for gymnastics.")
    assert ("daughter", "hobby", "gymnastics") in held, held
    assert ("daughter", "hobby", "ballet") not in held, held


def test_a_colleagues_pastime_is_nobodys_the_user_knows(store, real_parser):
    assert not any(p == "hobby" for _, p, _ in facts_after(store, real_parser, "My colleague does yoga."))


def test_a_club_joined_with_chats_dropped_i_stays_a_club(store, real_parser):
    held = facts_after(store, real_parser, "joined Dawn Patrol for runs", "my running club is Trail Hounds now")
    assert ("user", "club", "Trail Hounds") in held, held
    assert not any(v == "Dawn Patrol" for _, _, v in held), held
