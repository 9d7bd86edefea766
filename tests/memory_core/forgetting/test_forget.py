"""Forget me: what a plan selects (the cascade both ways), what execution removes, and what the receipt says.

Memory rows are inserted directly with their provenance links, so these tests
pin the cascade rules independently of how the Observer or fact extraction
produce them. Everything runs on a real SQLCipher file.
"""
from __future__ import annotations

import json

import pytest

from memory_core.clock import to_iso, utc_now
from memory_core.errors import InvalidInput
from memory_core.forgetting.forget import (delete_thread, execute_forget, find_matches, forget_about, fts_query,
                                parse_item_ref, plan_delete_thread, plan_forget, plan_forget_about)
from memory_core.storage.store import Store


class Memory:
    """Writes memory rows with provenance, the way the engines record them."""

    def __init__(self, store: Store):
        self.store = store
        self.now = to_iso(utc_now())
        self._generation: int | None = None

    def message(self, text: str, thread: str = "chat") -> int:
        return self.store.add_message(thread, "user", text).id

    def observation(self, text: str, message_ids: list[int], thread: str | None = "chat",
                    reflected_in: int | None = None) -> int:
        with self.store.transaction():
            oid = self.store.execute(
                "INSERT INTO observations (thread_id, priority, observed_at, text, created_at, reflected_in) "
                "VALUES (?, 'high', ?, ?, ?, ?)", [thread, self.now, text, self.now, reflected_in]).lastrowid
            for mid in message_ids:
                self.store.execute("INSERT INTO observation_messages VALUES (?, ?)", [oid, mid])
            self.store.execute("INSERT INTO embeddings VALUES ('observation', ?, 'test', 2, x'0000')", [oid])
        return oid

    def generation(self) -> int:
        with self.store.transaction():
            return self.store.execute(
                "INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method) "
                "VALUES (?, 10, 5, 'test')", [self.now]).lastrowid

    def reflection(self, text: str, observation_ids: list[int], generation: int | None = None) -> int:
        generation = generation or self.generation()
        with self.store.transaction():
            rid = self.store.execute(
                "INSERT INTO reflections (generation_id, priority, observed_at, text, created_at) "
                "VALUES (?, 'high', ?, ?, ?)", [generation, self.now, text, self.now]).lastrowid
            for oid in observation_ids:
                self.store.execute("INSERT INTO reflection_observations VALUES (?, ?)", [rid, oid])
                self.store.execute("UPDATE observations SET reflected_in = ? WHERE id = ?", [generation, oid])
        return rid

    def fact(self, text: str, message_ids: list[int], *, depends_on: int | None = None,
             supersedes: int | None = None, thread: str | None = "chat") -> int:
        with self.store.transaction():
            fid = self.store.execute(
                "INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at, supersedes, "
                "depends_on, thread_id) VALUES ('user', 'p', 'v', ?, 'personal', ?, ?, ?, ?, ?)",
                [text, self.now, self.now, supersedes, depends_on, thread]).lastrowid
            for mid in message_ids:
                self.store.execute("INSERT INTO fact_messages VALUES (?, ?)", [fid, mid])
            self.store.execute("INSERT INTO embeddings VALUES ('fact', ?, 'test', 2, x'0000')", [fid])
        return fid

    def embed_message(self, mid: int) -> None:
        with self.store.transaction():
            self.store.execute("INSERT INTO embeddings VALUES ('message', ?, 'test', 2, x'0000')", [mid])


@pytest.fixture
def mem(store: Store) -> Memory:
    return Memory(store)


def ids_left(store: Store, table: str) -> set:
    return {row[0] for row in store.execute(f"SELECT id FROM {table}").fetchall()}


# -- references ---------------------------------------------------------------------------------
def test_item_references(store, mem):
    m = mem.message("hello there")
    f = mem.fact("likes tea", [m])
    assert parse_item_ref(store, f"message:{m}") == ("message", m)
    assert parse_item_ref(store, f" Fact:{f} ") == ("fact", f)
    assert parse_item_ref(store, "thread:chat") == ("thread", "chat")
    with pytest.raises(InvalidInput, match="ambiguous.*message:1.*fact:1"):
        parse_item_ref(store, "1")  # message 1 and fact 1 both exist
    mem.message("another")
    assert parse_item_ref(store, "2") == ("message", 2)
    for bad, why in [("fact:999", "no fact 999"), ("banana:3", "unknown item kind"), ("fact:x", "not an item id"),
                     ("", "no item given"), ("77", "no message, observation"), ("message:-1", "positive"),
                     ("thread:nope", "no thread")]:
        with pytest.raises(InvalidInput, match=why):
            parse_item_ref(store, bad)


# -- the cascade ----------------------------------------------------------------------------------
def test_forgetting_a_message_takes_what_was_derived_from_it(store, mem):
    m1, m2 = mem.message("I live in Porto"), mem.message("I work at a bakery")
    mem.embed_message(m1)
    o1 = mem.observation("User lives in Porto", [m1])
    o2 = mem.observation("User works at a bakery", [m2])
    r_mixed = mem.reflection("User lives in Porto and works at a bakery", [o1, o2])
    r_other = mem.reflection("User works in food", [o2])
    f1 = mem.fact("lives in Porto", [m1])
    f_inferred = mem.fact("speaks Portuguese (inferred)", [], depends_on=f1)
    f_other = mem.fact("works at a bakery", [m2])

    plan = plan_forget(store, "message", m1)
    assert plan.messages == {m1}
    assert plan.observations == {o1}
    assert plan.reflections == {r_mixed}, "a line summarising a forgotten observation goes, even if it has others"
    assert plan.facts == {f1, f_inferred}
    assert plan.embeddings == 1 + 1 + 2  # message, observation, two facts
    assert plan.threads == set()  # the chat still has m2

    receipt = execute_forget(store, plan)
    assert receipt.verified and not receipt.problems
    assert ids_left(store, "messages") == {m2}
    assert ids_left(store, "observations") == {o2}
    assert ids_left(store, "reflections") == {r_other}
    assert ids_left(store, "facts") == {f_other}
    assert store.execute("SELECT count(*) FROM embeddings").fetchone()[0] == 2  # o2, f_other
    assert store.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'porto'").fetchone()[0] == 0
    assert store.execute("SELECT count(*) FROM reflections_fts WHERE reflections_fts MATCH 'porto'").fetchone()[0] == 0
    assert store.execute("SELECT count(*) FROM observations_fts WHERE observations_fts MATCH 'bakery'").fetchone()[0] == 1


def test_forgetting_an_observation_takes_its_sources_and_their_other_memories(store, mem):
    m1, m2 = mem.message("My sister Ana lives in Braga"), mem.message("unrelated weather talk")
    o1 = mem.observation("User's sister Ana lives in Braga", [m1])
    o_sibling = mem.observation("User has a sister", [m1])  # same source: it would bring the memory back
    o_other = mem.observation("Weather chat", [m2])
    r1 = mem.reflection("Sister Ana in Braga", [o1])
    f_sibling = mem.fact("sister named Ana", [m1])

    plan = plan_forget(store, f"observation:{o1}")
    assert (plan.messages, plan.observations, plan.reflections, plan.facts) == ({m1}, {o1, o_sibling}, {r1}, {f_sibling})
    assert plan.threads == set()
    text = plan.describe()
    assert "1 message" in text and "2 observations" in text and "source messages included" in text
    assert "Ana lives in Braga" in text, "the preview shows what goes"

    kept = plan_forget(store, f"observation:{o1}", include_sources=False)
    assert (kept.messages, kept.observations, kept.reflections, kept.facts) == (set(), {o1}, {r1}, set())
    assert "source messages kept" in kept.describe()

    execute_forget(store, plan)
    assert ids_left(store, "observations") == {o_other}
    assert ids_left(store, "messages") == {m2}


def test_forgetting_a_reflection_walks_up_to_observations_and_messages(store, mem):
    m1 = mem.message("I am allergic to peanuts")
    o1 = mem.observation("User is allergic to peanuts", [m1])
    r1 = mem.reflection("Peanut allergy", [o1])
    plan = plan_forget(store, f"reflection:{r1}")
    assert (plan.messages, plan.observations, plan.reflections) == ({m1}, {o1}, {r1})
    assert plan.threads == {"chat"}, "a chat left empty goes too (its title may come from the forgotten text)"
    only = plan_forget(store, f"reflection:{r1}", include_sources=False)
    assert (only.messages, only.observations, only.reflections) == (set(), set(), {r1})
    execute_forget(store, only)
    assert ids_left(store, "observations") == {o1} and ids_left(store, "reflections") == set()


def test_unattributed_reflection_lines_of_a_consuming_generation_go(store, mem):
    m1, m2 = mem.message("secret one"), mem.message("plain two")
    o1, o2 = mem.observation("secret one", [m1]), mem.observation("plain two", [m2])
    generation = mem.generation()
    attributed_other = mem.reflection("plain two line", [o2], generation)
    unattributed = mem.reflection("a merged line with no recorded sources", [], generation)
    with store.transaction():
        store.execute("UPDATE observations SET reflected_in = ?", [generation])
    plan = plan_forget(store, f"observation:{o1}", include_sources=False)
    assert plan.reflections == {unattributed}
    assert attributed_other not in plan.reflections


def test_fact_chain_dependents_go_superseding_facts_stay(store, mem):
    m1, m2 = mem.message("I live in Porto"), mem.message("I moved to Lisbon")
    porto = mem.fact("lives in Porto", [m1])
    lisbon = mem.fact("lives in Lisbon", [m2], supersedes=porto)
    porto_weather = mem.fact("likes rain (from Porto)", [], depends_on=porto)
    deeper = mem.fact("owns an umbrella", [], depends_on=porto_weather)
    plan = plan_forget(store, f"fact:{porto}")
    assert plan.facts == {porto, porto_weather, deeper}
    assert plan.messages == {m1}
    execute_forget(store, plan)
    assert ids_left(store, "facts") == {lisbon}
    assert store.execute("SELECT supersedes FROM facts WHERE id = ?", [lisbon]).fetchone()[0] is None

    # an inferred fact's basis is its source: forgetting it with sources takes the basis too
    m3 = mem.message("I have a dog")
    dog = mem.fact("has a dog", [m3])
    walks = mem.fact("walks daily (inferred)", [], depends_on=dog)
    assert plan_forget(store, f"fact:{walks}").facts == {dog, walks}
    assert plan_forget(store, f"fact:{walks}", include_sources=False).facts == {walks}


def test_plan_is_recomputed_at_execution(store, mem):
    """A memory derived between preview and confirmation (the background Observer) goes too."""
    m1 = mem.message("my PIN is 4417")
    plan = plan_forget(store, f"message:{m1}")
    late = mem.observation("User's PIN is 4417", [m1])
    receipt = execute_forget(store, plan)
    assert late in receipt.removed["observations"]
    assert ids_left(store, "observations") == set()


# -- the receipt --------------------------------------------------------------------------------
def test_receipt_and_audit_hold_ids_and_counts_never_text(store, mem):
    m1 = mem.message("Zanzibar holiday plans")
    o1 = mem.observation("Zanzibar holiday", [m1])
    calls = []
    receipt = execute_forget(store, plan_forget(store, f"observation:{o1}"), on_forgotten=calls.append)
    assert calls == [receipt] and receipt.cache_reset is True
    data = receipt.to_dict()
    assert data["verified"] is True
    assert data["removed"]["observations"] == [o1] and data["removed"]["messages"] == [m1]
    assert data["counts"]["observations"] == 1 and data["checkpoint"]["busy"] == 0
    assert "zanzibar" not in json.dumps(data).lower() and "zanzibar" not in receipt.describe().lower()
    event = store.execute("SELECT kind, detail FROM events WHERE kind = 'forgotten'").fetchone()
    assert event is not None and "zanzibar" not in event[1].lower()
    assert json.loads(event[1])["ids"]["observations"] == [o1]


def test_failing_cache_reset_is_reported_not_hidden(store, mem):
    m1 = mem.message("something")

    def broken(_receipt):
        raise RuntimeError("model gone")

    receipt = execute_forget(store, plan_forget(store, f"message:{m1}"), on_forgotten=broken)
    assert receipt.cache_reset is False and receipt.verified  # "verified" speaks of the database
    assert "cache" in receipt.problems[0] and "could not be reset" in receipt.describe()
    assert ids_left(store, "messages") == set(), "the data is gone even if the cache reset failed"


# -- forget about -------------------------------------------------------------------------------
@pytest.mark.parametrize("query", ['"Porto', "Porto*", "Porto AND", "(Porto", "NEAR(Porto", "Porto OR )",
                                   "-Porto", "^Porto", "porto's", "PORTO", "Porto NOT", "{Porto}"])
def test_forget_about_tolerates_search_syntax(store, mem, query):
    m1 = mem.message("I live in Porto")
    m2 = mem.message("I like Lisbon")
    mem.observation("User lives in Porto", [m1])
    receipt = forget_about(store, query)
    assert receipt.verified
    assert ids_left(store, "messages") == {m2}
    assert ids_left(store, "observations") == set()


@pytest.mark.parametrize("query", ["text:Porto", "NEAR", "AND OR", "a*b*", "x" * 2000, "\u202eotroP",
                                   "🙂 Porto", "Porto\x00"])
def test_forget_about_never_raises_on_odd_input(store, mem, query):
    mem.message("I live in Porto")
    assert forget_about(store, query).verified


def test_forget_about_needs_a_word_and_requires_all_words(store, mem):
    with pytest.raises(InvalidInput, match="nothing to search"):
        forget_about(store, '*** "" ()')
    a = mem.message("sister Ana lives in Braga")
    b = mem.message("Ana from work")
    assert find_matches(store, "ana braga") == [("message", a)]
    assert fts_query('Ana "Braga*') == '"Ana" "Braga"'
    plan = plan_forget_about(store, "Ana")
    assert plan.messages == {a, b}
    assert "matches of 'Ana'" in plan.describe()


def test_forget_about_with_no_match_changes_nothing(store, mem):
    mem.message("hello")
    plan = plan_forget_about(store, "nonexistentword")
    assert plan.is_empty and plan.describe() == "Nothing to forget."
    assert execute_forget(store, plan).verified
    assert len(ids_left(store, "messages")) == 1


# -- deleting a chat ----------------------------------------------------------------------------
def _two_chats(mem):
    a1, a2 = mem.message("I live in Porto", "a"), mem.message("I have a cat", "a")
    b1 = mem.message("Other chat", "b")
    o_a = mem.observation("User lives in Porto", [a1], thread="a")
    o_orphan = mem.observation("Recorded in chat a without links", [], thread="a")
    o_b = mem.observation("Other chat obs", [b1], thread="b")
    r_a = mem.reflection("Porto", [o_a])
    f_a = mem.fact("has a cat", [a2], thread="a")
    return dict(a1=a1, a2=a2, b1=b1, o_a=o_a, o_orphan=o_orphan, o_b=o_b, r_a=r_a, f_a=f_a)


def test_delete_thread_forgetting_its_memories(store, mem):
    ids = _two_chats(mem)
    plan = plan_delete_thread(store, "a", forget_memories=True)
    assert plan.threads == {"a"} and plan.messages == {ids["a1"], ids["a2"]}
    assert plan.observations == {ids["o_a"], ids["o_orphan"]} and plan.facts == {ids["f_a"]}
    receipt = delete_thread(store, "a", forget_memories=True)
    assert receipt.verified and receipt.kept_memories == 0
    assert [t["id"] for t in store.threads()] == ["b"]
    assert ids_left(store, "observations") == {ids["o_b"]}
    assert ids_left(store, "reflections") == set() and ids_left(store, "facts") == set()


def test_delete_thread_keeping_its_memories(store, mem):
    ids = _two_chats(mem)
    plan = plan_delete_thread(store, "a", forget_memories=False)
    assert plan.kept_memories == 3  # o_a, o_orphan, f_a
    assert "3 memory item(s) drawn from it are kept" in plan.describe()
    receipt = delete_thread(store, "a", forget_memories=False)
    assert receipt.verified and receipt.kept_memories == 3
    assert [t["id"] for t in store.threads()] == ["b"]
    assert ids_left(store, "messages") == {ids["b1"]}
    assert ids_left(store, "observations") == {ids["o_a"], ids["o_orphan"], ids["o_b"]}
    assert ids_left(store, "facts") == {ids["f_a"]} and ids_left(store, "reflections") == {ids["r_a"]}
    # the kept memories lost their link to the deleted messages, and their chat
    assert store.execute("SELECT count(*) FROM observation_messages WHERE message_id IN (?, ?)",
                         [ids["a1"], ids["a2"]]).fetchone()[0] == 0
    assert store.execute("SELECT thread_id FROM facts").fetchone()[0] is None


def test_delete_unknown_thread(store):
    with pytest.raises(InvalidInput, match="no thread 'zz'"):
        delete_thread(store, "zz", forget_memories=True)


def test_forget_from_another_connection_while_one_reads(store, mem, monkeypatch):
    """A reader holding a snapshot blocks the WAL scrub: the receipt says so, and a later checkpoint finishes it."""
    import memory_core.forgetting.forget as forget

    monkeypatch.setattr(forget, "CHECKPOINT_WAIT_S", 0.2)
    m1 = mem.message("transient secret")
    reader = store.connect()
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM messages").fetchone()
        receipt = execute_forget(store, plan_forget(store, f"message:{m1}"))
        assert ids_left(store, "messages") == set() and receipt.removed["messages"] == [m1]
        assert not receipt.verified and "WAL" in receipt.problems[0]
        reader.execute("COMMIT")
        result = forget.checkpoint_wal(store)
        assert result["busy"] == 0 and result["log"] == result["checkpointed"] == 0
    finally:
        reader.close()


class SynonymEmbedder:
    """Deterministic embedder double: words of one group share a dimension, others hash elsewhere."""

    model_id = "test-synonyms"
    dimension = 64
    GROUPS = {"porto": 0, "oporto": 0, "cat": 1, "kitten": 1}

    def embed(self, texts):
        import re
        import zlib

        vectors = []
        for text in texts:
            vector = [0.0] * self.dimension
            for word in re.findall(r"\w+", text.lower()):
                vector[self.GROUPS.get(word, 2 + zlib.crc32(word.encode()) % (self.dimension - 2))] += 1.0
            norm = sum(x * x for x in vector) ** 0.5 or 1.0
            vectors.append([x / norm for x in vector])
        return vectors


def test_forget_about_with_an_embedder_takes_close_meanings_only(store, mem):
    from memory_core.recall import vectors as indexing

    porto = mem.message("Porto")
    kitten = mem.message("kitten")
    unrelated = mem.message("bicycle repair")
    embedder = SynonymEmbedder()
    indexing.backfill_embeddings(store, embedder)
    index = indexing.index_for(store, embedder.model_id)
    assert find_matches(store, "Oporto") == [], "no lexical match"
    assert find_matches(store, "Oporto", embedder) == [("message", porto)]
    receipt = forget_about(store, "Oporto", embedder)
    assert receipt.removed["messages"] == [porto]
    assert ids_left(store, "messages") == {kitten, unrelated}
    assert ("message", porto) not in {(h.kind, h.id) for h in index.search(embedder.embed(["Porto"])[0], 10)}


@pytest.mark.real_model
def test_forgetting_resets_the_real_models_warm_cache(store, mem, real_model):
    """The app passes ``ChatModel.reset_cache`` as ``on_forgotten``: the next turn reuses no cached token."""
    m1 = mem.message("My locker code is Vexorin 4417")
    prompt = [{"role": "system", "content": "You are helpful."},
              {"role": "user", "content": "Earlier I said: My locker code is Vexorin 4417. What is it?"}]
    for _ in range(2):
        "".join(real_model.stream(prompt, max_tokens=4, temperature=0.0))
    assert real_model.last_stats.cached_tokens > 0, "the second identical prompt should come from the cache"
    receipt = execute_forget(store, plan_forget(store, f"message:{m1}"), on_forgotten=lambda r: real_model.reset_cache())
    assert receipt.cache_reset is True
    "".join(real_model.stream(prompt, max_tokens=4, temperature=0.0))
    assert real_model.last_stats.cached_tokens == 0


def test_forgetting_drops_recalls_kept_word_counts(store, mem):
    """The words of a forgotten message leave recall's memory: the kept counts and the cached frequencies."""
    from memory_core.recall import bm25, message_postings

    gone = mem.message("my zyxwvutsq passport number")
    mem.message("something else entirely")
    message_postings.load(store)
    bm25._idf_df(store, ("message",), "zyxwvutsq")
    assert message_postings.rows_holding(store, "zyxwvutsq", True) == 1
    assert any(key[0] == str(store.path) for key in bm25._DF_CACHE)
    execute_forget(store, plan_forget(store, "message", gone))
    assert not any(key[0] == str(store.path) for key in bm25._DF_CACHE)
    # read again at once from what is left: the forgotten word is not among them, and they are up to date
    assert message_postings.is_loaded(store)
    assert not message_postings.holds_term(store, "zyxwvutsq")
    assert message_postings.rows_holding(store, "zyxwvutsq", True) == 0
    assert message_postings.rows_holding(store, "something", True) == 1


def test_a_failed_read_of_the_word_counts_after_a_forget_leaves_them_dropped(store, mem, monkeypatch):
    from memory_core.recall import message_postings

    gone = mem.message("my zyxwvutsq passport number")
    message_postings.load(store)

    def failing(_store):
        raise RuntimeError("no vocabulary")
    monkeypatch.setattr(message_postings, "load", failing)
    receipt = execute_forget(store, plan_forget(store, "message", gone))
    assert not receipt.problems
    assert not message_postings.is_loaded(store)
