"""``mneme memory import`` + ``mneme memory search --batch --json``: the contract outside checks rely on."""
from __future__ import annotations

import json

import pytest

from mneme.cli import main

TURNS = [
    {"thread": "conv-1", "role": "user", "speaker": "Maya", "at": "2023-05-12T18:00:00Z", "external_id": "d1:1",
     "text": "Did you end up going to that pottery class?"},
    {"thread": "conv-1", "role": "assistant", "speaker": "Jonah", "at": "2023-05-12T18:01:00Z", "external_id": "d1:2",
     "text": "Yes! Last Tuesday."},
    {"thread": "conv-1", "role": "user", "speaker": "Maya", "at": "2023-06-02T10:00:00Z", "external_id": "d2:1",
     "text": "We finally bought a small green car, no more buses in the rain."},
]


def mneme(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def imported(cli_env, tmp_path, capsys):
    source = tmp_path / "turns.jsonl"
    source.write_text("".join(json.dumps(t) + "\n" for t in TURNS), encoding="utf-8")
    code, out, err = mneme(capsys, "memory", "import", str(source), "--json", "--data-dir", str(cli_env))
    assert code == 0, err
    assert json.loads(out)["added"] == 3
    return cli_env


def test_batch_search_keeps_its_contract(imported, tmp_path, capsys):
    batch = tmp_path / "q.jsonl"
    batch.write_text(json.dumps({"id": "q1", "query": "When did Jonah go to the pottery class?"}) + "\n" +
                     "not json\n" + json.dumps({"id": "q2", "query": "What did Maya buy?"}) + "\n", encoding="utf-8")
    code, out, _ = mneme(capsys, "memory", "search", "--batch", str(batch), "--json", "--k", "2", "--no-embedder",
                         "--data-dir", str(imported))
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["id"] for line in lines] == ["q1", None, "q2"] and "error" in lines[1]
    first = lines[0]
    assert 1 <= len(first["hits"]) <= 2
    for hit in first["hits"]:
        assert {"kind", "text", "score", "at", "message_ids", "external_ids"} <= set(hit)
    # the short reply is found through the turn it answers, and carries its external id
    assert "d1:2" in [e for hit in first["hits"] for e in hit["external_ids"]]
    assert lines[2]["hits"][0]["external_ids"] == ["d2:1"]


def test_bad_batch_file_is_one_clear_line(cli_env, tmp_path, capsys):
    code, _, err = mneme(capsys, "memory", "search", "--batch", str(tmp_path / "missing.jsonl"), "--json",
                         "--no-embedder", "--data-dir", str(cli_env))
    assert code != 0 and "no file at" in err and "Traceback" not in err


def test_a_batch_weighs_its_words_from_counts_read_once(imported, tmp_path, capsys, monkeypatch):
    """A batch reads recall's word counts once (derived from the message postings, recall/message_postings.py), as
    the app does at unlock, and its answers are those of counting every word in SQL."""
    from memory_core.recall import bm25, message_postings

    batch = tmp_path / "q.jsonl"
    batch.write_text("".join(json.dumps({"id": f"q{n}", "query": query}) + "\n" for n, query in enumerate(
        ["When did Jonah go to the pottery class?", "What did Maya buy?", "green car"])), encoding="utf-8")
    loads: list[str] = []
    load = message_postings.load
    monkeypatch.setattr(message_postings, "load", lambda store: (loads.append(str(store.path)), load(store))[1])
    args = ("memory", "search", "--batch", str(batch), "--json", "--no-embedder", "--data-dir", str(imported))
    code, with_counts, _ = mneme(capsys, *args)
    assert code == 0 and len(loads) == 1
    monkeypatch.setattr(message_postings, "load", lambda store: None)
    message_postings._POSTINGS.clear()
    bm25._DF_CACHE.clear()
    code, counted_in_sql, _ = mneme(capsys, *args)
    assert code == 0 and with_counts == counted_in_sql


def test_a_batch_ranks_messages_from_postings_read_once_with_the_sql_answers(imported, tmp_path, capsys,
                                                                             monkeypatch):
    """A batch reads the message postings once (recall/message_postings.py) and ranks from them: the same
    answers as ranking every query in SQL."""
    from memory_core.recall import bm25, message_postings

    batch = tmp_path / "q.jsonl"
    batch.write_text("".join(json.dumps({"id": f"q{n}", "query": query}) + "\n" for n, query in enumerate(
        ["When did Jonah go to the pottery class?", "What did Maya buy?", "green car", "pottery last week"])),
        encoding="utf-8")
    ranked: list[object] = []
    rank = message_postings.ranked
    monkeypatch.setattr(message_postings, "ranked", lambda *a, **k: (ranked.append(rank(*a, **k)), ranked[-1])[1])
    args = ("memory", "search", "--batch", str(batch), "--json", "--no-embedder", "--data-dir", str(imported))
    code, with_postings, _ = mneme(capsys, *args)
    assert code == 0 and ranked and all(found is not None for found in ranked)
    monkeypatch.setattr(message_postings, "load", lambda store: None)
    message_postings._POSTINGS.clear()
    bm25._DF_CACHE.clear()
    code, ranked_in_sql, _ = mneme(capsys, *args)
    assert code == 0 and with_postings == ranked_in_sql


@pytest.mark.embedder
def test_a_search_of_an_embedded_store_does_not_load_torch(imported, capsys, monkeypatch):
    """Queries are embedded in numpy (models/query_encoder.py): torch loads only to embed items lacking a vector."""
    from models.embedder import SentenceEmbedder

    args = ("memory", "search", "pottery class", "--json", "--data-dir", str(imported))
    code, first, err = mneme(capsys, *args)  # embeds the three imported turns first: torch, once
    assert code == 0 and "keywords only" not in err

    def no_torch(self):
        raise AssertionError("torch was loaded for a search that needed no batch")

    monkeypatch.setattr(SentenceEmbedder, "load", no_torch)
    code, again, err = mneme(capsys, *args)
    assert code == 0 and "keywords only" not in err
    assert [h["external_ids"] for h in json.loads(again)["hits"]] == \
        [h["external_ids"] for h in json.loads(first)["hits"]]


def test_when_torch_cannot_load_unembedded_items_are_found_by_keywords(imported, capsys, monkeypatch):
    from models.embedder import SentenceEmbedder
    from models.errors import ModelError

    def broken(self):
        raise ModelError("sentence-transformers is not installed")

    monkeypatch.setattr(SentenceEmbedder, "load", broken)
    code, out, err = mneme(capsys, "memory", "search", "small green car", "--json", "--data-dir", str(imported))
    assert code == 0 and "without a vector are found by keywords only" in err
    assert json.loads(out)["hits"][0]["external_ids"] == ["d2:1"]
