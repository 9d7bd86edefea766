"""The lifecycle evaluation and the CLI forms scripts depend on."""
from __future__ import annotations

import json

from memory_core.evals.lifecycle import load_scenarios, parse_op, question_for, run_lifecycle
from mneme.cli import main


def mneme(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_scenario_set_is_broad_enough():
    data = load_scenarios()
    timelines = data["timelines"]
    assert len(timelines) >= 40
    assert {"home", "work", "people", "preferences", "plans"} <= {t["domain"] for t in timelines}
    ops = [op for t in timelines for e in t["events"] for op in e["ops"]]
    assert any(op.startswith("-") for op in ops) and any(op.startswith("+") for op in ops)
    assert len({e["say"] for t in timelines for e in t["events"]}) == sum(len(t["events"]) for t in timelines)


def test_parse_op_and_questions():
    assert parse_op("+likes=sushi") == ("add", ("user", "likes"), "sushi")
    assert parse_op("-works_at") == ("clear", ("user", "works_at"), None)
    assert parse_op("brother.lives_in=Leeds") == ("set", ("brother", "lives_in"), "Leeds")
    assert question_for(("brother", "lives_in")) == "where does the user's brother live"


def test_lifecycle_meets_its_targets(store):
    report = run_lifecycle(store=store)
    overall = report.overall()
    assert overall["consistency"] == 1.0 and overall["contamination"] == 0.0
    assert overall["coverage"] >= 0.95 and overall["controlled_forgetting"] >= 0.95
    assert overall["as_of_accuracy"] >= 0.95


def test_lifecycle_detects_a_broken_memory(store, monkeypatch):
    """The metrics can fail: with supersession disabled, stale facts leak."""
    import memory_core.facts.ledger as facts

    monkeypatch.setattr(facts, "_retire", lambda store, fact_id, invalid_at, now: [])
    report = run_lifecycle(store=store, only=["home-porto-lisbon-berlin"])
    overall = report.overall()
    assert overall["contamination"] > 0 and overall["consistency"] < 1 and overall["controlled_forgetting"] < 1


def test_cli_add_search_facts_json(cli_env, capsys):
    d = str(cli_env)
    assert mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user",
                 "--text", "I live in Porto.", "--at", "2025-01-01T10:00:00Z")[0] == 0
    assert mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user",
                 "--text", "I moved to Lisbon.", "--at", "2025-04-01T10:00:00Z")[0] == 0
    code, out, _ = mneme(capsys, "memory", "facts", "--data-dir", d, "--json")
    current = json.loads(out)
    assert code == 0 and [f["value"] for f in current] == ["Lisbon"]
    for key in ("id", "subject", "predicate", "value", "text", "category", "valid_at", "invalid_at", "created_at",
                "expired_at", "supersedes", "message_ids"):
        assert key in current[0]
    history = json.loads(mneme(capsys, "memory", "facts", "--data-dir", d, "--history", "--json")[1])
    assert [f["value"] for f in history] == ["Porto", "Lisbon"] and history[1]["supersedes"] == history[0]["id"]
    then = json.loads(mneme(capsys, "memory", "facts", "--data-dir", d, "--as-of", "2025-02-01", "--json")[1])
    assert [f["value"] for f in then] == ["Porto"]
    code, out, _ = mneme(capsys, "memory", "search", "--data-dir", d, "Lisbon", "--json", "--no-embedder", "--k", "3")
    result = json.loads(out)
    assert code == 0 and result["hits"] and {"kind", "text", "score", "at", "message_ids", "external_ids"} <= set(result["hits"][0])


def test_cli_batch_search_and_bad_input(cli_env, capsys, tmp_path):
    d = str(cli_env)
    mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user", "--text", "The boiler broke.",
          "--at", "2025-01-01T10:00:00Z")
    queries = tmp_path / "q.jsonl"
    queries.write_text('{"id": "a", "query": "boiler"}\n{"id": "b", "query": "boiler", "as_of": "2024-01-01"}\n'
                       'not json\n{"id": "c", "query": "NEAR((\\"", "as_of": "someday"}\n', encoding="utf-8")
    code, out, _ = mneme(capsys, "memory", "search", "--data-dir", d, "--batch", str(queries), "--json", "--no-embedder")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["id"] for line in lines] == ["a", "b", None, "c"]
    assert lines[0]["hits"] and lines[1]["hits"] == [] and "error" in lines[2] and "error" in lines[3]
    code, _, err = mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user",
                         "--text", "hello", "--at", "not a date")
    assert code == 2 and "cannot parse date" in err
    code, _, err = mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user",
                         "--text", "hello", "--at", "2999-01-01")
    assert code == 2 and "future" in err
    code, _, err = mneme(capsys, "memory", "add", "--data-dir", d, "--thread", "t", "--role", "user", "--text", "  ")
    assert code == 2 and "empty" in err


def test_cli_import_and_eval(cli_env, capsys, tmp_path):
    d = str(cli_env)
    source = tmp_path / "in.jsonl"
    source.write_text('{"thread": "x", "role": "user", "text": "I work at Acme.", "at": "2025-01-01"}\n{broken\n',
                      encoding="utf-8")
    code, out, err = mneme(capsys, "memory", "import", "--data-dir", d, str(source))
    assert code == 1 and "imported 1" in out and "line 2" in err
    code, out, _ = mneme(capsys, "memory", "import", "--data-dir", d, str(source), "--json")
    assert json.loads(out)["added"] == 0
    code, out, _ = mneme(capsys, "eval", "lifecycle", "--json")
    assert code == 0 and json.loads(out)["overall"]["consistency"] == 1.0
