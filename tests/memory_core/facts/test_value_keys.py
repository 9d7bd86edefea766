"""The value-key index finds exactly the facts the scan finds, in the scan's order, and stays in step; the first
and the last content word of a value are its keys, a key is found as a whole word of the message, and every
mention ``find_mention`` accepts holds a key."""
from __future__ import annotations

import random

import pytest

from memory_core.facts import ledger as facts
from memory_core.facts import value_keys
from memory_core.facts.value_keys import facts_named_in, message_words, scan_facts_named_in
from memory_core.storage.schema import value_key_rows, value_key_word

COLUMNS = "id, subject, predicate, value, thread_id, created_at, category"
LATER = "2030-01-01T00:00:00Z"
VALUES = ["Civic", "Mazda 3", "the Golf", "Dr. Patel", "Zürich", "ÖLBERG Café", "straße", "ana", "Iceland, July",
          "k-pop", "7:15 am", "oat milk", "Night Owls RC", "jazz", "tennis club", "A", "x" * 30 + " tail"]
TEXTS = ["I traded the Civic for a Mazda.", "banana bread", "we're in zurich now, not Zürich", "no more K-POP!",
         "7:15 works", "Dr. Patel retired", "iceland is off", "ölberg café closed", "strasse", "",
         "a" * 40, "x" * 31, "tennis,club", "Night\nOwls"]


def _keys_table(store) -> set[tuple[int, str]]:
    return set(store.execute("SELECT fact_id, key FROM fact_value_keys").fetchall())


def _scan_keys(store) -> set[tuple[int, str]]:
    """The keys computed from the facts themselves, as the scan computes them."""
    return set(store.execute(
        f"SELECT f.id, {value_key_word()} FROM facts f, {value_key_rows('f.value')} "
        "AND f.invalid_at IS NULL AND f.expired_at IS NULL").fetchall())


def _keys_of(store, fact_id: int) -> set[str]:
    return {key for fid, key in _keys_table(store) if fid == fact_id}


def _seed(store) -> None:
    with store.transaction():
        for n, value in enumerate(VALUES):
            facts.add_fact(store, "user", "likes", value, valid_at=f"2025-0{1 + n % 9}-01T00:00:00Z")


def test_the_index_finds_the_same_facts_as_the_scan_in_the_same_order(store):
    _seed(store)
    for text in TEXTS + VALUES:
        for at in ("2025-03-15T00:00:00Z", LATER):
            assert facts_named_in(store, text, at, COLUMNS) == scan_facts_named_in(store, text, at, COLUMNS), text
    assert [r["value"] for r in facts_named_in(store, "ana, a friend", LATER, COLUMNS)] == ["A", "ana"]  # by valid_at, as the scan walks them
    assert facts_named_in(store, "banana", LATER, COLUMNS) == []  # whole words: "ana" is not named inside "banana"


def test_random_texts_agree_with_the_scan(store):
    _seed(store)
    rng = random.Random(5)
    alphabet = "abcdeilnoprstuvxzöüß .,-:7ÖZ"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert facts_named_in(store, text, LATER, COLUMNS) == scan_facts_named_in(store, text, LATER, COLUMNS)


def test_a_long_unbroken_stretch_is_one_word(store):
    _seed(store)
    rng = random.Random(1)
    blob = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(800))
    assert len(message_words(blob + " civic")) == 2  # a paste is one word, not 24k substrings
    assert [r["value"] for r in facts_named_in(store, blob + " civic", LATER, COLUMNS)] == ["Civic"]


def test_the_index_follows_retirement_edits_and_deletion(store):
    _seed(store)
    assert _keys_table(store) == _scan_keys(store) and {fid for fid, _ in _keys_table(store)} == set(range(1, len(VALUES) + 1))
    with store.transaction():
        porto = facts.add_fact(store, "user", "lives_in", "Porto", valid_at="2025-01-01T00:00:00Z").fact_id
        facts.add_fact(store, "user", "lives_in", "Lisbon Centro", valid_at="2025-02-01T00:00:00Z")
    assert not _keys_of(store, porto) and _keys_table(store) == _scan_keys(store)
    assert {"lisbon", "centro"} <= {key for _, key in _keys_table(store)}
    with store.transaction():
        store.execute("UPDATE facts SET value = 'Braga Norte' WHERE value = 'Lisbon Centro'")
        store.execute("UPDATE facts SET expired_at = NULL, invalid_at = NULL WHERE id = ?", [porto])
        store.execute("DELETE FROM facts WHERE value = 'jazz'")
    assert _keys_table(store) == _scan_keys(store)
    keys = {key for _, key in _keys_table(store)}
    assert {"braga", "norte", "porto"} <= keys and not {"jazz", "lisbon", "centro"} & keys


def test_the_migration_fills_the_index_from_existing_facts(store):
    """Run on a database that has facts and no index (its number in MIGRATIONS is the lead's to set)."""
    from memory_core.storage.schema import MIGRATIONS, MIGRATION_FACT_VALUE_EDGE_KEYS, _split_sql

    _seed(store)
    with store.transaction():
        for statement in ("DROP TRIGGER fact_value_keys_insert", "DROP TRIGGER fact_value_keys_update",
                          "DROP TRIGGER fact_value_keys_delete", "DELETE FROM fact_value_keys"):
            store.execute(statement)
        for statement in _split_sql(MIGRATION_FACT_VALUE_EDGE_KEYS):
            store.execute(statement)
    assert MIGRATION_FACT_VALUE_EDGE_KEYS in MIGRATIONS
    assert _keys_table(store) == _scan_keys(store) and {fid for fid, _ in _keys_table(store)} == set(range(1, len(VALUES) + 1))


@pytest.mark.parametrize("text, words", [
    ("Shah's retired", {"shah's", "shah", "retired"}),
    ("Iceland, July!", {"iceland", "july"}),
    ("7.15 or 7:15", {"7", "15", "or"}),
    ("M&S", {"m", "s"}),
    ("Crown\U0001F37A - 'quoted'", {"crown\U0001F37A", "crown", "quoted"}),
    ("ÖLBERG Straße", {"ölberg", "strasse", "Ölberg", "straße"}),  # Python's casefold and SQLite's ASCII lower
])
def test_message_words_are_split_and_folded_as_keys_are(text, words):
    assert message_words(text) == words


@pytest.mark.parametrize("value, keys", [
    ("Nationwide Building Society", {"nationwide", "society"}),
    ("Royal Bank of Scotland", {"royal", "scotland"}),
    ("Iceland, July", {"iceland"}),
    ("Night Owls Running Club", {"night", "club"}),
    ("Bank of Scotland", {"bank", "scotland"}),
    ("Fox and Hounds", {"fox", "hounds"}),
    ("Dr. Patel", {"patel"}),
    ('"The Rest Is History"', {"rest", "history"}),
    ("the Golf", {"golf"}),
    ("Mazda 3", {"mazda"}),
    ("Dr Aziz", {"aziz"}),
    ("M&S", {"m", "s"}),
    ("7:15 am", {"15"}),
    ("A", {"a"}),
    ("The The", {"the"}),
    ("k-pop", {"k-pop"}),
])
def test_the_first_and_last_content_words_of_a_value_are_its_keys(store, value, keys):
    with store.transaction():
        fact_id = facts.add_fact(store, "user", "likes", value, valid_at="2025-01-01T00:00:00Z").fact_id
    assert _keys_of(store, fact_id) == keys


def test_a_message_naming_the_first_or_last_content_word_finds_the_fact(store):
    with store.transaction():
        facts.add_fact(store, "user", "bank", "Nationwide Building Society", valid_at="2025-01-01T00:00:00Z")
        facts.add_fact(store, "user", "pub", "The Fox and Hounds", valid_at="2025-01-01T00:00:00Z")
    for text in ("Closed my account at the building society.", "The Society kept losing my forms",
                 "nationwide is gone", "the hounds pub shut", "FOX closed", "Fox's gone downhill"):
        found = facts_named_in(store, text, LATER, COLUMNS)
        assert len(found) == 1 and found == scan_facts_named_in(store, text, LATER, COLUMNS), text
    for text in ("I went to the bank and the shop.", "of and the", "rebuilding", "foxes", "Building work all week"):
        assert facts_named_in(store, text, LATER, COLUMNS) == [], text  # function words and parts of words name nothing


def test_a_value_that_would_not_make_json_is_simply_not_keyed(store):
    with store.transaction():
        odd = facts.add_fact(store, "user", "likes", "tab\there \\ \"quoted\" bell\x07", valid_at="2025-01-01T00:00:00Z")
        fact_id = facts.add_fact(store, "user", "likes", "back\\slash \"quote\"", valid_at="2025-01-01T00:00:00Z").fact_id
    assert not _keys_of(store, odd.fact_id)  # a control character: no keys, and the insert still succeeds
    assert _keys_of(store, fact_id) == {"back", "quote"}


def test_a_version_7_store_is_rekeyed_by_migration_8(data_dir):
    """A real SQLCipher store left at schema 7 (every content word a key) reopens at 8 with the edge keys only,
    and its triggers key new facts the new way."""
    from memory_core.storage.schema import LATEST_VERSION, MIGRATION_FACT_VALUE_EDGE_KEYS, MIGRATIONS, _split_sql
    from memory_core.storage.store import Store
    from tests.conftest import TEST_PASSPHRASE

    assert MIGRATIONS[7] == MIGRATION_FACT_VALUE_EDGE_KEYS and LATEST_VERSION >= 8
    store = Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE)
    with store.transaction():  # back to schema 7: its table, triggers and keys
        for statement in ("DROP TRIGGER fact_value_keys_insert", "DROP TRIGGER fact_value_keys_update",
                          "DROP TRIGGER fact_value_keys_delete", "DROP TABLE fact_value_keys"):
            store.execute(statement)
        for statement in _split_sql(MIGRATIONS[6]):
            store.execute(statement)
        bank = facts.add_fact(store, "user", "bank", "Nationwide Building Society", valid_at="2025-01-01T00:00:00Z").fact_id
    store.execute("PRAGMA user_version = 7")
    assert _keys_of(store, bank) == {"nationwide", "building", "society"}
    store.close()
    reopened = Store.open(data_dir, passphrase=TEST_PASSPHRASE)
    try:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        assert _keys_of(reopened, bank) == {"nationwide", "society"}
        with reopened.transaction():
            club = facts.add_fact(reopened, "user", "club", "Night Owls Running Club", valid_at="2025-01-01T00:00:00Z").fact_id
        assert _keys_of(reopened, club) == {"night", "club"} and _keys_table(reopened) == _scan_keys(reopened)
    finally:
        reopened.close()


@pytest.mark.parametrize("value, sentence", [
    ("Nationwide Building Society", "closed my nationwide building society account"),
    ("Nationwide Building Society", "the Society lost my forms"),
    ("Night Owls Running Club", "quit the Running Club"),
    ("Volkswagen Golf", "sold the Golf"),
    ("Pixel 8 Pro", "my Pixel died"),
    ("iPhone 15 Pro", "iphone finally gave up"),
    ("Iceland, July", "Iceland is off"),
    ("Rotterdam Marathon in April", "dropped out of the Rotterdam Marathon"),
    ("bank Nationwide", "left Nationwide"),
    ("M&S", "no more M&S"),
    ("the Fox and Hounds", "the Fox and Hounds shut"),
])
def test_every_mention_find_mention_accepts_holds_a_key(store, value, sentence):
    """Keying fewer words loses no change: where ``find_mention`` finds the value, the index finds the fact."""
    from memory_core.facts.mentions import find_mention

    with store.transaction():
        facts.add_fact(store, "user", "likes", value, valid_at="2025-01-01T00:00:00Z")
    assert find_mention(sentence, value) is not None
    assert [r["value"] for r in facts_named_in(store, sentence, LATER, COLUMNS)] == [value]


def test_random_mentions_find_mention_accepts_are_found(store):
    """Random values and sentences: whenever ``find_mention`` names a value, the index finds its fact."""
    from memory_core.facts.mentions import find_mention

    rng = random.Random(11)
    vocabulary = ["Fox", "hounds", "the", "of", "Bank", "Royal", "Scotland", "club", "Night", "Owls", "pro", "8",
                  "Pixel", "iPhone", "and", "Dr", "Mazda", "June", "Golf", "society", "a", "Building"]
    values = {" ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 4))) for _ in range(120)}
    with store.transaction():
        for n, value in enumerate(sorted(values)):  # one attribute each: no value supersedes another
            facts.add_fact(store, "user", f"likes_{n}", value, valid_at="2025-01-01T00:00:00Z")
    for _ in range(200):
        sentence = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 6)))
        found = {r["value"] for r in facts_named_in(store, sentence, LATER, COLUMNS)}
        for value in values:
            if find_mention(sentence, value) is not None:
                assert value in found, (value, sentence)


def test_find_words_on_an_indexed_sentence_finds_what_every_window_finds():
    from bench.bench_value_key_lookup import every_window_find_words  # mentions.find_words before it indexed
    from memory_core.facts.mentions import find_words

    rng = random.Random(3)
    vocabulary = ["Shah", "shah's", "SHAH", "the", "Fox", "fox's", "and", "7", "15", "&", ".", ":", ",", "Hounds",
                  "M", "S", "night", "Owls", "'s"]
    for _ in range(3000):
        sentence = "".join(rng.choice(vocabulary) + rng.choice(["", " ", " ", ". ", ":", " & "])
                           for _ in range(rng.randint(1, 9)))
        words = [rng.choice(["Shah", "shah", "fox", "Fox", "Hounds", "7", "15", "M", "S", "night", "owls"])
                 for _ in range(rng.randint(1, 3))]
        for case in (False, True):
            found = find_words(sentence, words, case=case)
            reference = every_window_find_words(sentence, words, case=case)
            assert (found and (found.start(), found.end())) == (reference and (reference.start(), reference.end())), \
                (sentence, words, case)
