"""The schema, as a list of forward migrations numbered by ``PRAGMA user_version``.

Never edit a shipped migration: append a new one. A database whose version is
higher than ``LATEST_VERSION`` was written by a newer Mneme and is refused
(we cannot know what its new columns mean, and writing could damage them).

Provenance lives in link tables (observation_messages, fact_messages,
reflection_observations) with ``ON DELETE CASCADE``, so "what came from this
message?" is one join and forgetting cannot leave dangling derived rows.
Each searchable table has an external-content FTS5 index kept in step by
triggers, with FTS5 ``secure-delete`` on so deleted text leaves the index.
"""
from __future__ import annotations

from typing import Any, Callable

import sqlite_utils

from memory_core.errors import NewerSchemaError

_FTS_TEMPLATE = """
CREATE VIRTUAL TABLE {table}_fts USING fts5(
    {column}, content='{table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO {table}_fts({table}_fts, rank) VALUES('secure-delete', 1);
CREATE TRIGGER {table}_fts_insert AFTER INSERT ON {table} BEGIN
    INSERT INTO {table}_fts(rowid, {column}) VALUES (new.id, new.{column});
END;
CREATE TRIGGER {table}_fts_delete AFTER DELETE ON {table} BEGIN
    INSERT INTO {table}_fts({table}_fts, rowid, {column}) VALUES ('delete', old.id, old.{column});
END;
CREATE TRIGGER {table}_fts_update AFTER UPDATE OF {column} ON {table} BEGIN
    INSERT INTO {table}_fts({table}_fts, rowid, {column}) VALUES ('delete', old.id, old.{column});
    INSERT INTO {table}_fts(rowid, {column}) VALUES (new.id, new.{column});
END;
"""

FTS_TABLES = ("messages", "observations", "reflections", "facts")
#: More FTS5 indexes that hold a table's text (forgetting merges them too).
EXTRA_FTS = {"messages": ("message_search",)}

MIGRATION_1 = """
CREATE TABLE threads (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    external_id TEXT,
    speaker TEXT,
    observed_at TEXT
);
CREATE INDEX messages_thread_time ON messages(thread_id, created_at, id);
CREATE INDEX messages_created ON messages(created_at);
CREATE UNIQUE INDEX messages_external ON messages(thread_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX messages_unobserved ON messages(thread_id, id) WHERE observed_at IS NULL;

-- token counts per message and tokenizer, so thresholds never re-tokenize history
CREATE TABLE message_tokens (
    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    tokenizer TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    PRIMARY KEY (message_id, tokenizer)
);

CREATE TABLE observations (
    id INTEGER PRIMARY KEY,
    thread_id TEXT REFERENCES threads(id) ON DELETE SET NULL,
    priority TEXT NOT NULL CHECK (priority IN ('high', 'medium', 'low', 'done')),
    observed_at TEXT NOT NULL,
    referenced_date TEXT,
    text TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'extractive',
    created_at TEXT NOT NULL,
    reflected_in INTEGER REFERENCES reflection_generations(id) ON DELETE SET NULL,
    tokens INTEGER
);
CREATE INDEX observations_time ON observations(observed_at, id);
CREATE TABLE observation_messages (
    observation_id INTEGER NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    PRIMARY KEY (observation_id, message_id)
);
CREATE INDEX observation_messages_message ON observation_messages(message_id);

CREATE TABLE reflection_generations (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    method TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE reflections (
    id INTEGER PRIMARY KEY,
    generation_id INTEGER NOT NULL REFERENCES reflection_generations(id) ON DELETE CASCADE,
    priority TEXT NOT NULL CHECK (priority IN ('high', 'medium', 'low', 'done')),
    observed_at TEXT NOT NULL,
    referenced_date TEXT,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    tokens INTEGER
);
CREATE INDEX reflections_generation ON reflections(generation_id, id);
CREATE TABLE reflection_observations (
    reflection_id INTEGER NOT NULL REFERENCES reflections(id) ON DELETE CASCADE,
    observation_id INTEGER NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
    PRIMARY KEY (reflection_id, observation_id)
);
CREATE INDEX reflection_observations_obs ON reflection_observations(observation_id);

CREATE TABLE facts (
    id INTEGER PRIMARY KEY,
    subject TEXT NOT NULL,
    predicate TEXT NOT NULL,
    value TEXT NOT NULL,
    text TEXT NOT NULL,
    category TEXT NOT NULL,
    salience REAL NOT NULL DEFAULT 0.5,
    origin TEXT NOT NULL DEFAULT 'stated' CHECK (origin IN ('stated', 'inferred')),
    valid_at TEXT NOT NULL,
    invalid_at TEXT,
    created_at TEXT NOT NULL,
    expired_at TEXT,
    supersedes INTEGER REFERENCES facts(id) ON DELETE SET NULL,
    depends_on INTEGER REFERENCES facts(id) ON DELETE SET NULL,
    thread_id TEXT REFERENCES threads(id) ON DELETE SET NULL
);
CREATE INDEX facts_slot ON facts(subject, predicate, expired_at);
CREATE INDEX facts_valid ON facts(valid_at, invalid_at);
CREATE TABLE fact_messages (
    fact_id INTEGER NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, message_id)
);
CREATE INDEX fact_messages_message ON fact_messages(message_id);

-- dense vectors for recall; item_kind in (message, observation, reflection, fact)
CREATE TABLE embeddings (
    item_kind TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    model TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (item_kind, item_id, model)
);

-- audit trail: ids, counts and kinds only, never user text (forgetting must be complete)
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- resumable, idempotent imports: one row per source file
CREATE TABLE imports (
    source_hash TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    lines_done INTEGER NOT NULL DEFAULT 0,
    messages_added INTEGER NOT NULL DEFAULT 0,
    finished_at TEXT
);
""" + "".join(
    _FTS_TEMPLATE.format(table=table, column="text") for table in FTS_TABLES
) + """
-- embeddings and cached token counts follow their items out
CREATE TRIGGER messages_cleanup AFTER DELETE ON messages BEGIN
    DELETE FROM embeddings WHERE item_kind = 'message' AND item_id = old.id;
END;
CREATE TRIGGER observations_cleanup AFTER DELETE ON observations BEGIN
    DELETE FROM embeddings WHERE item_kind = 'observation' AND item_id = old.id;
END;
CREATE TRIGGER reflections_cleanup AFTER DELETE ON reflections BEGIN
    DELETE FROM embeddings WHERE item_kind = 'reflection' AND item_id = old.id;
END;
CREATE TRIGGER facts_cleanup AFTER DELETE ON facts BEGIN
    DELETE FROM embeddings WHERE item_kind = 'fact' AND item_id = old.id;
END;
"""

#: Indexes for every foreign key a write or delete looks up (without them ``_retire`` and each
#: ``ON DELETE SET NULL`` scan the whole facts table: 29 ms per message at 23.7k facts), and the
#: table a batched forget keeps its plan in until every batch is done (ids and counts only, never text).
MIGRATION_INDEXES_AND_PENDING_DELETIONS = """
CREATE INDEX IF NOT EXISTS facts_depends_on ON facts(depends_on);
CREATE INDEX IF NOT EXISTS facts_supersedes ON facts(supersedes);
CREATE INDEX IF NOT EXISTS facts_thread ON facts(thread_id);
CREATE INDEX IF NOT EXISTS observations_thread ON observations(thread_id);
CREATE INDEX IF NOT EXISTS observations_reflected_in ON observations(reflected_in);
CREATE TABLE IF NOT EXISTS pending_deletions (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    plan TEXT NOT NULL
);
"""

#: Which memories each assistant answer was generated with: the items its memory block held ("block")
#: and the ones recall added for that turn ("recalled"). One row per (answer, item); exactly one item
#: column is set. Ids only, no text: forgetting an item or the answer removes its rows by cascade, and
#: "which answers used this memory?" is one indexed lookup.
MIGRATION_ANSWER_MEMORIES = """
CREATE TABLE answer_memories (
    answer_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    via TEXT NOT NULL CHECK (via IN ('block', 'recalled')),
    observation_id INTEGER REFERENCES observations(id) ON DELETE CASCADE,
    reflection_id INTEGER REFERENCES reflections(id) ON DELETE CASCADE,
    fact_id INTEGER REFERENCES facts(id) ON DELETE CASCADE,
    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    CHECK ((observation_id IS NOT NULL) + (reflection_id IS NOT NULL) + (fact_id IS NOT NULL)
           + (message_id IS NOT NULL) = 1)
);
CREATE INDEX answer_memories_answer ON answer_memories(answer_id);
CREATE INDEX answer_memories_observation ON answer_memories(observation_id);
CREATE INDEX answer_memories_reflection ON answer_memories(reflection_id);
CREATE INDEX answer_memories_fact ON answer_memories(fact_id);
CREATE INDEX answer_memories_message ON answer_memories(message_id);
"""


def _said_in_words(column: str) -> str:
    """SQL for when a message was said, in words: "Friday 13 January 2023" (UTC)."""
    weekdays = " ".join(f"WHEN {n} THEN '{d}'" for n, d in enumerate(
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]))
    months = " ".join(f"WHEN {n} THEN '{m}'" for n, m in enumerate(
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"], start=1))
    return (f"coalesce((CASE CAST(strftime('%w', {column}) AS INTEGER) {weekdays} END) || ' ' || "
            f"CAST(strftime('%d', {column}) AS INTEGER) || ' ' || "
            f"(CASE CAST(strftime('%m', {column}) AS INTEGER) {months} END) || ' ' || strftime('%Y', {column}), '')")


#: A reply this short ("Yes! Last Tuesday.") is indexed with the turn it answers.
SHORT_REPLY_CHARS = 100


def _answered_turn(alias: str) -> str:
    """SQL for the text of the turn a short message answers (the one before it in its thread)."""
    return (f"CASE WHEN length({alias}.text) <= {SHORT_REPLY_CHARS} THEN coalesce((SELECT p.text FROM messages p "
            f"WHERE p.thread_id = {alias}.thread_id AND (p.created_at, p.id) < ({alias}.created_at, {alias}.id) "
            f"ORDER BY p.created_at DESC, p.id DESC LIMIT 1), '') ELSE '' END")


def _search_row(alias: str, turns_before=_answered_turn) -> str:
    """SQL for a message's index row; its last column, ``answers``, is the SQL ``turns_before`` gives."""
    return (f"{alias}.id, {alias}.text, coalesce({alias}.speaker, ''), {_said_in_words(alias + '.created_at')}, "
            f"{turns_before(alias)}")


def _turns_after(alias: str, count: int) -> str:
    """SQL for the ids of the ``count`` turns after ``alias`` in its thread: the rows whose ``answers`` column may
    hold its text."""
    return (f"(SELECT n.id FROM messages n WHERE n.thread_id = {alias}.thread_id AND "
            f"(n.created_at, n.id) > ({alias}.created_at, {alias}.id) ORDER BY n.created_at, n.id LIMIT {count})")


def _next_turn(alias: str) -> str:
    """SQL for the id of the turn after ``alias`` in its thread (whose answered-turn text depends on it)."""
    return _turns_after(alias, 1)


#: What is known about a message, searchable: its text, who said it, when in words, and for a short reply the
#: turn it answers. Its own FTS5 table (the text of the answered turn cannot be an external-content column);
#: triggers keep it in step, and re-index the next turn when a turn is deleted or edited, so a forgotten
#: message leaves no words behind in its neighbour's row.
MIGRATION_MESSAGE_SEARCH = f"""
CREATE VIRTUAL TABLE message_search USING fts5(
    text, speaker, said, answers, tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO message_search(message_search, rank) VALUES('secure-delete', 1);
INSERT INTO message_search(rowid, text, speaker, said, answers)
    SELECT {_search_row('m')} FROM messages m;
CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_search(rowid, text, speaker, said, answers) SELECT {_search_row('m')} FROM messages m
        WHERE m.id = new.id;
END;
CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search WHERE rowid = old.id;
    DELETE FROM message_search WHERE rowid = {_next_turn('old')};
    INSERT INTO message_search(rowid, text, speaker, said, answers) SELECT {_search_row('m')} FROM messages m
        WHERE m.id = {_next_turn('old')};
END;
CREATE TRIGGER message_search_update AFTER UPDATE OF text, speaker, created_at ON messages BEGIN
    DELETE FROM message_search WHERE rowid IN (new.id, {_next_turn('new')});
    INSERT INTO message_search(rowid, text, speaker, said, answers) SELECT {_search_row('m')} FROM messages m
        WHERE m.id IN (new.id, {_next_turn('new')});
END;
"""

#: How many earlier turns of the same session a message is indexed with, and what a session is (turns said within
#: this many seconds of it). Why: in a real chat the answer often does not name its topic; the turns before it
#: do ("who's the band?" -> "a folk band called The Hollow Pines"). Chosen on the dev half of the hand-written
#: chats (bench/bench_recall_written.py): 1, 2, 3 or 4 earlier turns, with and without the 2 after; 3 earlier
#: turns of the session did best and never need an older row re-indexed when a turn is stored.
TURNS_BEFORE = 3
SESSION_GAP_S = 3 * 3600


def _turns_before(alias: str) -> str:
    """SQL for the text of the TURNS_BEFORE turns before ``alias`` in its thread said within SESSION_GAP_S of it,
    latest first; for a short reply the one just before it in any case (what it answers, however late it came).
    Each look-up walks the thread's time index backwards and stops after TURNS_BEFORE rows (no window function:
    that would read the whole thread for every stored turn)."""
    earlier = f"p.thread_id = {alias}.thread_id AND (p.created_at, p.id) < ({alias}.created_at, {alias}.id)"
    just_before = f"(SELECT p.id FROM messages p WHERE {earlier} ORDER BY p.created_at DESC, p.id DESC LIMIT 1)"
    return (f"coalesce((SELECT group_concat(b.text, ' ') FROM (SELECT p.id, p.text, p.created_at FROM messages p "
            f"WHERE {earlier} ORDER BY p.created_at DESC, p.id DESC LIMIT {TURNS_BEFORE}) b "
            f"WHERE (length({alias}.text) <= {SHORT_REPLY_CHARS} AND b.id = {just_before}) "
            f"OR b.created_at >= strftime('%Y-%m-%dT%H:%M:%S', {alias}.created_at, "
            f"'-{SESSION_GAP_S} seconds')), '')")


def _search_row_with_context(alias: str) -> str:
    return _search_row(alias, _turns_before)


def _later_turns(alias: str) -> str:
    """The turns whose ``answers`` column holds ``alias``'s text under the context rule."""
    return _turns_after(alias, TURNS_BEFORE)


_CONTEXT_COLUMNS = "text, speaker, said, answers"

#: The message index's ``answers`` column holds the few turns said just before every message in its session, not
#: only the one turn a short reply answers (coverage reads it, recall/hydrate.py). The index is built again (and
#: merged into one segment, so the first turn stored after it does not pay for merging the rebuild), and the
#: triggers re-index the turns after a stored, edited or deleted turn, so a forgotten message leaves no words
#: behind in the rows of the turns that followed. Its rows are about three times as long, and so is the merge
#: work FTS5 does on each write; ``automerge`` 0 takes that off the write path: the memory worker merges between
#: turns (storage/checkpoints.py), and FTS5's crisis merge stays the backstop for a process with no worker.
MIGRATION_MESSAGE_CONTEXT = f"""
DROP TRIGGER message_search_insert;
DROP TRIGGER message_search_delete;
DROP TRIGGER message_search_update;
DROP TABLE message_search;
CREATE VIRTUAL TABLE message_search USING fts5(
    {_CONTEXT_COLUMNS}, tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO message_search(message_search, rank) VALUES('secure-delete', 1);
INSERT INTO message_search(message_search, rank) VALUES('automerge', 0);
INSERT INTO message_search(rowid, {_CONTEXT_COLUMNS})
    SELECT {_search_row_with_context('m')} FROM messages m;
INSERT INTO message_search(message_search) VALUES('optimize');
CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
    DELETE FROM message_search WHERE rowid IN {_later_turns('new')};
    INSERT INTO message_search(rowid, {_CONTEXT_COLUMNS}) SELECT {_search_row_with_context('m')} FROM messages m
        WHERE m.id = new.id OR m.id IN {_later_turns('new')};
END;
CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search WHERE rowid = old.id OR rowid IN {_later_turns('old')};
    INSERT INTO message_search(rowid, {_CONTEXT_COLUMNS}) SELECT {_search_row_with_context('m')} FROM messages m
        WHERE m.id IN {_later_turns('old')};
END;
CREATE TRIGGER message_search_update AFTER UPDATE OF text, speaker, created_at, thread_id ON messages BEGIN
    DELETE FROM message_search WHERE rowid = new.id OR rowid IN {_later_turns('new')} OR rowid IN {_later_turns('old')};
    INSERT INTO message_search(rowid, {_CONTEXT_COLUMNS}) SELECT {_search_row_with_context('m')} FROM messages m
        WHERE m.id = new.id OR m.id IN {_later_turns('new')} OR m.id IN {_later_turns('old')};
END;
"""

#: User messages stored but not yet through the fact pass (``memory_core.facts.fact_pass``): extraction runs
#: off the write path, in id order. Ids only; forgetting a message drops its mark by cascade. Messages stored
#: before this migration were extracted on the write path, so nothing starts pending.
MIGRATION_FACT_PASS_PENDING = """
CREATE TABLE fact_pass_pending (
    message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE
);
"""

#: A current fact's value key: the first word of its value, lowercased by SQLite (what the fact pass's
#: "does the message name this value?" pre-filter compares). Kept in SQL so the index below and the
#: fallback scan (``memory_core.facts.value_keys``) compute it the same way.
VALUE_KEY_SQL = "lower(CASE WHEN instr({v}, ' ') > 0 THEN substr({v}, 1, instr({v}, ' ') - 1) ELSE {v} END)"


def _value_key(column: str) -> str:
    return VALUE_KEY_SQL.format(v=column)


#: The value key of every current fact (not invalidated, not expired), indexed, so the fact pass looks up the
#: facts a message may name from the message's words instead of testing every current fact (a scan that took
#: most of the pass's time at 30k facts). Triggers keep it in step with ``facts``; forgetting a fact drops its row.
MIGRATION_FACT_VALUE_KEYS = f"""
CREATE TABLE fact_value_keys (
    fact_id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    key_length INTEGER NOT NULL
);
CREATE INDEX fact_value_keys_key ON fact_value_keys(key);
CREATE INDEX fact_value_keys_length ON fact_value_keys(key_length);
INSERT INTO fact_value_keys (fact_id, key, key_length)
    SELECT id, {_value_key('value')}, length({_value_key('value')}) FROM facts
    WHERE invalid_at IS NULL AND expired_at IS NULL;
CREATE TRIGGER fact_value_keys_insert AFTER INSERT ON facts
    WHEN new.invalid_at IS NULL AND new.expired_at IS NULL BEGIN
    INSERT OR REPLACE INTO fact_value_keys (fact_id, key, key_length)
        VALUES (new.id, {_value_key('new.value')}, length({_value_key('new.value')}));
END;
CREATE TRIGGER fact_value_keys_update AFTER UPDATE OF value, invalid_at, expired_at ON facts BEGIN
    DELETE FROM fact_value_keys WHERE fact_id = old.id;
    INSERT INTO fact_value_keys (fact_id, key, key_length)
        SELECT new.id, {_value_key('new.value')}, length({_value_key('new.value')})
        WHERE new.invalid_at IS NULL AND new.expired_at IS NULL;
END;
CREATE TRIGGER fact_value_keys_delete AFTER DELETE ON facts BEGIN
    DELETE FROM fact_value_keys WHERE fact_id = old.id;
END;
"""

#: Function words and titles name nothing by themselves: no value key unless the value has nothing else
#: ("The The"); a message saying "that" or "Dr" should not bring every value with it to the change detection.
VALUE_KEY_STOP_WORDS = ("a", "an", "the", "and", "of", "in", "on", "at", "for", "to", "with", "by", "from", "or",
                        "as", "is", "be", "been", "was", "were", "are", "am", "has", "have", "had", "do", "does",
                        "did", "not", "no", "so", "but", "if", "then", "than", "all", "just", "up", "out", "into",
                        "over", "about", "off", "very", "too", "some", "any", "can", "will", "would", "could",
                        "there", "here", "what", "who", "which", "when", "where", "how", "this", "that", "these",
                        "those", "it", "its", "i", "me", "my", "you", "your", "he", "him", "his", "she", "her",
                        "we", "us", "our", "they", "them", "their", "dr", "mr", "mrs", "ms")
#: Characters that separate a value's words, besides spaces (what ``mentions.find_mention`` reads as no part of
#: a word: "Iceland, July", "7:15", "M&S", "Dr.Patel"); ' + - stay inside words ("Sainsbury's", "k-pop").
VALUE_KEY_SEPARATORS = ".,;:!?\"()[]{}<>/\\&@#*=|~`%$^_\t\n\r\u201c\u201d\u2018\u2019\u2013\u2014\u2026"
_KEY_EDGES = "'-+"


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _value_words(v: str) -> str:
    """A value's words as a JSON array: lowercased by SQLite, every separator a space, split on spaces. No
    separator survives, so no word needs JSON escaping; a value with another control character gives none."""
    folded = f"lower({v})"
    for char in VALUE_KEY_SEPARATORS:
        folded = f"replace({folded}, {_sql_text(char)}, ' ')"
    array = f"""'["' || replace({folded}, ' ', '","') || '"]'"""
    return f"(CASE WHEN json_valid({array}) THEN {array} ELSE '[]' END)"


def value_key_word(word: str = "w") -> str:
    """The key a row of ``value_key_rows`` gives: the word without a quote, hyphen or plus at its edges."""
    return f"trim({word}.value, {_sql_text(_KEY_EDGES)})"


def _content_word(key: str) -> str:
    stops = ", ".join(_sql_text(w) for w in VALUE_KEY_STOP_WORDS)
    return f"(length({key}) > 1 AND {key} NOT IN ({stops}))"


def every_word_key_rows(v: str, word: str = "w") -> str:
    """FROM/WHERE of migration 7's keys: every content word of the value ("Nationwide Building Society":
    nationwide, building, society); a value with no content word is keyed on all its words ("A", "The The").
    Frozen: migration 7 is built from it (``value_key_rows`` gives the keys kept now)."""
    return (f"json_each({_value_words(v)}) {word} WHERE {value_key_word(word)} <> '' AND "
            f"({_content_word(value_key_word(word))} OR NOT EXISTS (SELECT 1 FROM json_each({_value_words(v)}) o "
            f"WHERE {_content_word(value_key_word('o'))}))")


def _before_comma(v: str) -> str:
    """The value up to its first comma: all ``mentions.find_mention`` ever looks for ("Iceland, July" is named
    by "Iceland")."""
    return f"(CASE WHEN instr({v}, ',') > 0 THEN substr({v}, 1, instr({v}, ',') - 1) ELSE {v} END)"


def value_key_rows(v: str, word: str = "w") -> str:
    """FROM/WHERE of a value's keys: rows of ``json_each`` named ``word`` whose ``value_key_word`` is a key.
    The first and the last content word of the value before any comma are its keys ("Nationwide Building
    Society": nationwide, society); a value with no content word is keyed on all its words ("A", "The The").
    Why these two: ``mentions.find_mention`` names a value by all its words, by its leading capitals, by its
    last word or its trailing capitals, or a device by its first word, and each of these holds the first or
    the last content word; a middle word alone ("Building") names nothing it would accept."""
    words = _value_words(_before_comma(v))

    def content(alias: str) -> str:
        return _content_word(value_key_word(alias))

    def none_of(where: str) -> str:
        return f"NOT EXISTS (SELECT 1 FROM json_each({words}) o WHERE {where}{content('o')})"

    return (f"json_each({words}) {word} WHERE {value_key_word(word)} <> '' AND "
            f"(({content(word)} AND ({none_of(f'o.key < {word}.key AND ')} OR {none_of(f'o.key > {word}.key AND ')})) "
            f"OR {none_of('')})")


def _keyed_facts_and_triggers(rows: Callable[[str], str]) -> str:
    """Key every current fact with ``rows`` and keep the keys in step with the facts (migrations 7 and 8)."""
    return f"""INSERT OR IGNORE INTO fact_value_keys (fact_id, key)
    SELECT f.id, {value_key_word()} FROM facts f, {rows('f.value')}
    AND f.invalid_at IS NULL AND f.expired_at IS NULL;
CREATE TRIGGER fact_value_keys_insert AFTER INSERT ON facts
    WHEN new.invalid_at IS NULL AND new.expired_at IS NULL BEGIN
    INSERT OR IGNORE INTO fact_value_keys (fact_id, key) SELECT new.id, {value_key_word()} FROM {rows('new.value')};
END;
CREATE TRIGGER fact_value_keys_update AFTER UPDATE OF value, invalid_at, expired_at ON facts BEGIN
    DELETE FROM fact_value_keys WHERE fact_id = old.id;
    INSERT OR IGNORE INTO fact_value_keys (fact_id, key) SELECT new.id, {value_key_word()} FROM {rows('new.value')}
        AND new.invalid_at IS NULL AND new.expired_at IS NULL;
END;
CREATE TRIGGER fact_value_keys_delete AFTER DELETE ON facts BEGIN
    DELETE FROM fact_value_keys WHERE fact_id = old.id;
END;
"""


#: Every content word of a current fact's value is a key, not only its first: a message naming "Building
#: Society" or "the Society" finds "Nationwide Building Society" (the change detection then decides whether the
#: message names the value). Keys are whole words, matched to the message's words (``facts.value_keys``).
#: Replaces migration 6's one-key table; the same triggers keep it in step.
MIGRATION_FACT_VALUE_WORD_KEYS = f"""
DROP TRIGGER IF EXISTS fact_value_keys_insert;
DROP TRIGGER IF EXISTS fact_value_keys_update;
DROP TRIGGER IF EXISTS fact_value_keys_delete;
DROP TABLE IF EXISTS fact_value_keys;
CREATE TABLE fact_value_keys (
    fact_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (fact_id, key)
) WITHOUT ROWID;
CREATE INDEX fact_value_keys_key ON fact_value_keys(key);
{_keyed_facts_and_triggers(every_word_key_rows)}"""

#: Only the first and the last content word of a current fact's value (before any comma) are keys, not every
#: content word: at 30k facts every word made a message find 1.7x the facts and doubled the change check's time,
#: and a middle word alone never names a value ``mentions.find_mention`` accepts (``value_key_rows`` says why).
#: The table and its triggers are remade with the new keys; every current fact is keyed again.
MIGRATION_FACT_VALUE_EDGE_KEYS = f"""
DROP TRIGGER IF EXISTS fact_value_keys_insert;
DROP TRIGGER IF EXISTS fact_value_keys_update;
DROP TRIGGER IF EXISTS fact_value_keys_delete;
DELETE FROM fact_value_keys;
{_keyed_facts_and_triggers(value_key_rows)}"""

#: One name for one attribute in what the user reads: a thing owned was stored as ``owns:<kind>`` ("I drive a Y")
#: beside ``<kind>`` ("my car is Y"); extraction now names both ``<kind>``, and stored facts are renamed in place
#: (``UPDATE``, so every fact keeps its id, its validity and what it superseded). Where both names held a current
#: value of one subject, the two become one slot: the older value is retired as of the newer one's start and the
#: newer is linked to it (``supersedes``, where it links nothing yet), as the ledger retires a replaced value.
_OWNED_SLOT = "(CASE WHEN {t}.predicate LIKE 'owns:_%' THEN substr({t}.predicate, 6) ELSE {t}.predicate END)"
_NEWER_OTHER_NAME = f"""
    FROM facts n WHERE n.subject = facts.subject AND n.predicate != facts.predicate
      AND {_OWNED_SLOT.format(t="n")} = {_OWNED_SLOT.format(t="facts")}
      AND n.invalid_at IS NULL AND n.expired_at IS NULL
      AND (n.valid_at > facts.valid_at OR (n.valid_at = facts.valid_at AND n.id > facts.id))"""
_OWNED_OR_KIND = ("(facts.predicate LIKE 'owns:_%' OR facts.predicate IN "
                  "(SELECT substr(predicate, 6) FROM facts WHERE predicate LIKE 'owns:_%'))")
MIGRATION_ONE_NAME_FOR_OWNED_THINGS = f"""
CREATE TEMP TABLE owned_slot_retired AS
  SELECT facts.id AS old_id,
         (SELECT n.id {_NEWER_OTHER_NAME} ORDER BY n.valid_at, n.id LIMIT 1) AS new_id
  FROM facts WHERE facts.invalid_at IS NULL AND facts.expired_at IS NULL AND {_OWNED_OR_KIND}
    AND EXISTS (SELECT 1 {_NEWER_OTHER_NAME});
UPDATE facts SET
    invalid_at = (SELECT CASE WHEN n.valid_at < facts.valid_at THEN facts.valid_at ELSE n.valid_at END
                  FROM owned_slot_retired r JOIN facts n ON n.id = r.new_id WHERE r.old_id = facts.id),
    expired_at = strftime('%Y-%m-%dT%H:%M:%f', 'now') || '+00:00'
  WHERE id IN (SELECT old_id FROM owned_slot_retired);
UPDATE facts SET supersedes = (SELECT min(r.old_id) FROM owned_slot_retired r WHERE r.new_id = facts.id)
  WHERE supersedes IS NULL AND id IN (SELECT new_id FROM owned_slot_retired);
DROP TABLE owned_slot_retired;
UPDATE facts SET predicate = substr(predicate, 6) WHERE predicate LIKE 'owns:_%';
"""

MIGRATIONS: list[str] = [MIGRATION_1, MIGRATION_INDEXES_AND_PENDING_DELETIONS, MIGRATION_ANSWER_MEMORIES,
                         MIGRATION_MESSAGE_SEARCH, MIGRATION_FACT_PASS_PENDING, MIGRATION_FACT_VALUE_KEYS,
                         MIGRATION_FACT_VALUE_WORD_KEYS, MIGRATION_FACT_VALUE_EDGE_KEYS,
                         MIGRATION_ONE_NAME_FOR_OWNED_THINGS, MIGRATION_MESSAGE_CONTEXT]
LATEST_VERSION = len(MIGRATIONS)


def current_version(db: Any) -> int:
    """The schema version of a ``Store`` or a bare ``sqlite_utils.Database`` (anything with ``execute``)."""
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: sqlite_utils.Database) -> int:
    """Bring the schema to ``LATEST_VERSION``; each step in its own transaction.

    Returns the version found before migrating. Raises NewerSchemaError without
    writing anything when the file is from the future.
    """
    found = current_version(db)
    if found > LATEST_VERSION:
        raise NewerSchemaError(
            f"this database uses schema version {found}, but this Mneme only knows up to "
            f"{LATEST_VERSION}: update Mneme. The file was left untouched."
        )
    for version in range(found + 1, LATEST_VERSION + 1):
        script = MIGRATIONS[version - 1]
        conn = db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            # executescript would COMMIT first; run statement by statement instead.
            for statement in _split_sql(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return found


def _split_sql(script: str) -> list[str]:
    """Split a script into statements, keeping trigger bodies whole."""
    from sqlcipher3 import dbapi2 as sqlcipher

    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not buffer.strip():
            continue
        buffer += line
        if sqlcipher.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
