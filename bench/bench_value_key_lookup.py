"""What a value's keys cost the fact pass: its first word (migration 6), every content word (migration 7), or its
first and last content word (migration 8, kept now).

``fact_value_keys`` now holds the first and the last content word of a current fact's value before any comma
("Nationwide Building Society": nationwide, society), matched as whole words of the message. More keys find
more facts per message, and each found fact goes through the change detection's mention test
(``changes.detect_changes``). This measures all three on one store per ledger size, in one run:

* first word: migration 6's lookup, the first word of each value as its only key (``VALUE_KEY_SQL``), kept in a
  side table with the same indexes, found anywhere in the message (inside longer words too);
* every content word: migration 7's keys (``schema.every_word_key_rows``) in a side table, looked up by the
  message's words as ``value_keys.facts_named_in`` does;
* first and last content word: the table the triggers keep (``value_keys.facts_named_in``);
* main, before this change: every content word, and ``mentions.find_words`` as it was (every window of the
  sentence tried for each value); the three above use the indexed ``find_words`` (only the places the value's
  first word stands are tried), so the rows separate what the keys save from what the mention test saves.

Per user message of a generated month (dev split), read when every fact is current: the lookup's wall
time, the facts it returns, and the time ``detect_changes`` takes over them (the step the extra facts
feed). The ledger holds distinct two- and three-word values, half their words drawn from the timed
messages' own words (so messages do name them) and half from the corpus vocabulary (sizes from
``MNEME_BENCH_FACT_SIZES``, default 1k, 10k, 30k). Writes bench/results/value_key_lookup.md and .json.
"""
from __future__ import annotations

import json
import os
import random
import re
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from bench.bench_write import month_messages

RESULTS = Path(__file__).parent / "results"
SIZES = tuple(int(s) for s in os.environ.get("MNEME_BENCH_FACT_SIZES", "1000,10000,30000").split(","))
COLUMNS = "id, subject, predicate, value, thread_id, created_at, category"
_CURRENT = "f.invalid_at IS NULL AND f.expired_at IS NULL AND f.valid_at <= :at"
_ORDER = "ORDER BY f.valid_at, f.invalid_at, f.id"
#: main before this change: migration 7's keys and a mention test that tries every window of the sentence.
MAIN = "every content word, every window (main)"
WAYS = ("first word (migration 6)", "every content word (migration 7)", "first and last content word (migration 8)")
#: Read after everything: every fact is current.
AT = "9999-12-31T00:00:00Z"


def add_facts(store, target: int, messages: list[tuple]) -> None:
    """``target`` distinct current facts of two or three words, half of them words the messages use."""
    from bench.corpus import vocabulary
    from memory_core.facts import ledger

    rng = random.Random(7)
    said = sorted({w for _, _, text, _ in messages for w in re.findall(r"[a-z]{3,}", text.lower())})
    words = vocabulary(rng)
    taken, rows = set(), []
    while len(rows) < target:
        value = " ".join(rng.choice(said if rng.random() < 0.5 else words).capitalize()
                         for _ in range(rng.choice((2, 3))))
        if ledger.normalize_value(value) in taken:
            continue
        taken.add(ledger.normalize_value(value))
        rows.append(("user", "likes", value, ledger.fact_text("user", "likes", value), "preference",
                     "2020-01-01T00:00:00Z", "2020-01-01T00:00:00Z"))
    with store.transaction():
        store.executemany("INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def first_word_table(store) -> None:
    """The before: migration 6's one key per fact (the value's first word), indexed the same way."""
    from memory_core.storage.schema import VALUE_KEY_SQL

    key = VALUE_KEY_SQL.format(v="value")
    with store.transaction():
        store.execute("CREATE TABLE first_word_keys (fact_id INTEGER PRIMARY KEY, key TEXT NOT NULL, "
                      "key_length INTEGER NOT NULL)")
        store.execute("CREATE INDEX first_word_keys_key ON first_word_keys(key)")
        store.execute("CREATE INDEX first_word_keys_length ON first_word_keys(key_length)")
        store.execute(f"INSERT INTO first_word_keys SELECT id, {key}, length({key}) FROM facts "
                      "WHERE invalid_at IS NULL AND expired_at IS NULL")


def every_word_table(store) -> None:
    """Migration 7's keys (every content word), in a side table indexed the same way."""
    from memory_core.storage.schema import every_word_key_rows, value_key_word

    with store.transaction():
        store.execute("CREATE TABLE every_word_keys (fact_id INTEGER NOT NULL, key TEXT NOT NULL, "
                      "PRIMARY KEY (fact_id, key)) WITHOUT ROWID")
        store.execute("CREATE INDEX every_word_keys_key ON every_word_keys(key)")
        store.execute(f"INSERT OR IGNORE INTO every_word_keys SELECT f.id, {value_key_word()} FROM facts f, "
                      f"{every_word_key_rows('f.value')} AND f.invalid_at IS NULL AND f.expired_at IS NULL")


def every_word_lookup(store, text: str, at: str) -> list[dict]:
    """Migration 7's lookup: the facts one of whose content words is a word of the message."""
    from memory_core.facts.value_keys import message_words

    return list(store.query(
        f"SELECT {COLUMNS} FROM facts f WHERE f.id IN (SELECT k.fact_id FROM every_word_keys k "
        f"WHERE k.key IN (SELECT value FROM json_each(:words))) AND {_CURRENT} {_ORDER}",
        {"words": json.dumps(sorted(message_words(text))), "at": at}))


def lookup_keys(folded_text: str, longest: int) -> set[str]:
    """Main's message keys: every substring without a space, up to the longest key (``value_keys`` at migration 6)."""
    keys = {""}
    for stretch in set(folded_text.split(" ")):
        for start in range(len(stretch)):
            keys.update(stretch[start:end] for end in range(start + 1, min(len(stretch), start + longest) + 1))
    return keys


def first_word_lookup(store, text: str, at: str) -> list[dict]:
    """Main's lookup (``value_keys.facts_named_in`` at migration 6: a first word found anywhere in the message,
    inside a longer word too), on the side table."""
    folded = text.casefold()
    longest = store.execute("SELECT max(key_length) FROM first_word_keys").fetchone()[0] or 0
    keys = lookup_keys(folded, longest)
    return list(store.query(
        f"SELECT {COLUMNS} FROM facts f JOIN first_word_keys k ON k.fact_id = f.id "
        f"WHERE k.key IN (SELECT value FROM json_each(:keys)) AND {_CURRENT} {_ORDER}",
        {"keys": json.dumps(sorted(keys)), "at": at}))


def every_window_find_words(sentence: str, words: list[str], *, case: bool = False):
    """``mentions.find_words`` as main had it: the sentence tokenised again and every window tried, per value."""
    from memory_core.facts.mentions import Span

    tokens = [(m.group(0), m.start(), m.end()) for m in re.finditer(r"[\w'+-]+", sentence)]
    wanted = words if case else [w.casefold() for w in words]

    def same(token: str, word: str) -> bool:
        token = token if case else token.casefold()
        return token == word or (token.endswith("'s") and token[:-2] == word)

    for i in range(len(tokens) - len(wanted) + 1):
        window = tokens[i:i + len(wanted)]
        if all(same(t, w) for (t, _, _), w in zip(window, wanted)) and all(
                re.fullmatch(r"[\s.]+|:|\s*&\s*", sentence[a[2]:b[1]]) for a, b in zip(window, window[1:])):
            return Span(window[0][1], window[-1][2], sentence[window[0][1]:window[-1][2]])
    return None


def measure(store, messages: list[tuple]) -> dict:
    """Each message through every way in turn (interleaved, so a busy machine slows them alike); the mention
    test's per-sentence index is emptied before each timed check, so no way reuses another's."""
    from memory_core.facts import mentions
    from memory_core.facts.changes import KnownFact, detect_changes
    from memory_core.facts.extraction import sentences
    from memory_core.facts.value_keys import facts_named_in

    ways = {MAIN: (lambda text, at: every_word_lookup(store, text, at), every_window_find_words),
            WAYS[0]: (lambda text, at: first_word_lookup(store, text, at), mentions.find_words),
            WAYS[1]: (lambda text, at: every_word_lookup(store, text, at), mentions.find_words),
            WAYS[2]: (lambda text, at: facts_named_in(store, text, at, COLUMNS), mentions.find_words)}
    timings = {name: ([], [], []) for name in ways}
    indexed = mentions.find_words
    try:
        for thread, _, text, _ in messages:
            said = list(sentences(text))
            for name, (lookup, find_words) in ways.items():
                lookup_ms, detect_ms, found = timings[name]
                started = time.perf_counter()
                rows = lookup(text, AT)
                lookup_ms.append((time.perf_counter() - started) * 1000)
                known = [KnownFact(r["id"], r["subject"], r["predicate"], r["value"], r["thread_id"], r["created_at"],
                                   r["category"]) for r in rows]
                mentions.find_words = find_words
                mentions._word_index.cache_clear()
                started = time.perf_counter()
                detect_changes(said, known, thread)
                detect_ms.append((time.perf_counter() - started) * 1000)
                found.append(len(rows))
    finally:
        mentions.find_words = indexed
    return {name: {"lookup_ms_mean": statistics.mean(lookup_ms), "lookup_ms_p95": _p95(lookup_ms),
                   "detect_ms_mean": statistics.mean(detect_ms), "detect_ms_p95": _p95(detect_ms),
                   "facts_found_mean": statistics.mean(found), "facts_found_max": max(found)}
            for name, (lookup_ms, detect_ms, found) in timings.items()}


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    from memory_core.clock import to_iso
    from memory_core.storage.store import Store

    messages = [m for m in month_messages(902, "dev", 0, "timed") if m[1] == "user"]
    messages = [(thread, role, text, to_iso(at)) for thread, role, text, at in messages]
    results = {}
    for size in SIZES:
        with tempfile.TemporaryDirectory() as folder:
            store = Store.create(Path(folder), use_keyring=False, passphrase=secrets.token_hex(16))
            try:
                add_facts(store, size, messages)
                first_word_table(store)
                every_word_table(store)
                keys = {"every content word": store.execute("SELECT count(*) FROM every_word_keys").fetchone()[0],
                        "first and last": store.execute("SELECT count(*) FROM fact_value_keys").fetchone()[0]}
                results[size] = {"keys": keys, **measure(store, messages)}
            finally:
                store.close()
        print(size, json.dumps(results[size], indent=1))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "value_key_lookup.json").write_text(json.dumps({"messages": len(messages), "sizes": results},
                                                              indent=1))
    lines = ["# Value keys: first word vs every content word vs first and last content word", "",
             f"{len(messages)} user messages of a generated dev month, per message; one store per size, "
             "the three lookups in the same run (`bench/bench_value_key_lookup.py`); keys: every content word / "
             "first and last.", "",
             "| facts | keys | lookup | lookup ms mean / p95 | facts found mean / max | "
             "detect_changes ms mean / p95 |", "|---|---|---|---|---|---|"]
    for size, row in results.items():
        keys = f"{row['keys']['every content word']:,} / {row['keys']['first and last']:,}"
        for name in (MAIN, *WAYS):
            r = row[name]
            lines.append(f"| {size:,} | {keys} | {name} | {r['lookup_ms_mean']:.2f} / {r['lookup_ms_p95']:.2f} | "
                         f"{r['facts_found_mean']:.1f} / {r['facts_found_max']} | "
                         f"{r['detect_ms_mean']:.2f} / {r['detect_ms_p95']:.2f} |")
    (RESULTS / "value_key_lookup.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
