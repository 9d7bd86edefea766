"""The lifecycle evaluation and the CLI forms scripts depend on."""
from __future__ import annotations

import json

from memory_core.evals.lifecycle import build_timelines, load_pools, run_lifecycle, value_matches
from mneme.cli import main


def mneme(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


ISSUE_KINDS = {"pet_name", "race", "gym", "phone", "bank", "doctor", "sibling_city", "language", "band", "laptop",
               "coffee", "diet", "anniversary", "wake_time", "car"}


def test_pools_are_broad_and_split_before_tuning():
    pools = load_pools()
    kinds = pools["kinds"]
    assert len(kinds) >= 25 and ISSUE_KINDS <= {k["id"] for k in kinds}
    for kind in kinds:
        for split in ("dev", "test"):
            if kind["split"] == "test" and split == "dev":
                assert kind["dev"]["state"] == [] and kind["dev"]["change"] == []
                continue
            assert len(kind[split]["state"]) >= 4 and len(kind[split]["change"]) >= 4
        # dev and test never share a phrasing
        assert not set(kind["dev"]["state"] + kind["dev"]["change"]) & set(kind["test"]["state"] + kind["test"]["change"])
    assert any(k["split"] == "test" for k in kinds)  # whole kinds held out of dev
    dev, test = build_timelines(pools, "dev"), build_timelines(pools, "test")
    assert len(dev) + len(test) >= 200
    assert {t["kind"] for t in test} - {t["kind"] for t in dev}
    changes = [op for t in dev + test for op in t["events"][2]["ops"]]
    assert any(op.startswith("-") for op in changes) and any("=" in op for op in changes)


def test_value_matching():
    assert value_matches("Dr. Patel", "Patel") and value_matches("6:30am", "6:30")
    assert value_matches("honey", "with honey") and not value_matches("Patelson", "Patel")


def test_value_matching_strips_a_preposition_and_its_article_alike_on_both_sides():
    # a truth said "as an X" and a fact "X" (or "an X") are one value; before, "as an X" kept its article
    assert value_matches("iced americano", "as an iced americano")
    assert value_matches("an iced americano", "as an iced americano")
    assert value_matches("with a dash of cream", "dash of cream")
    assert not value_matches("americano", "as an iced americano")


def test_lifecycle_dev_split_and_baseline(store):
    report = run_lifecycle(store=store, splits=("dev",), only=["gym", "job", "trip", "anniversary"])
    ours, naive = report.splits["dev"].overall(), report.baseline["dev"].overall()
    assert ours["timelines"] == 16 and ours["coverage"] >= 0.9 and ours["contamination"] <= 0.05
    assert ours["coverage"] > naive["coverage"]


def test_lifecycle_detects_a_broken_memory(store, monkeypatch):
    """The metrics can fail: with retirement disabled, stale facts leak."""
    import memory_core.facts.ledger as facts

    monkeypatch.setattr(facts, "_retire", lambda store, fact_id, invalid_at, now: [])
    report = run_lifecycle(store=store, splits=("dev",), only=["bank", "car"], baseline=False)
    overall = report.splits["dev"].overall()
    assert overall["contamination"] > 0.1 and overall["consistency"] < 1 and overall["controlled_forgetting"] < 0.5


def test_cli_eval_lifecycle_reports_both_splits(cli_env, capsys):
    code, out, _ = mneme(capsys, "eval", "lifecycle", "--json", "--no-embedder")
    data = json.loads(out)
    splits = {"dev", "dev_casual", "dev_mixed", "test"}
    assert code in (0, 1) and set(data["mneme"]) == splits and set(data["baseline"]) == splits
    for split in splits:
        assert {"consistency", "coverage", "contamination", "freshness"} <= set(data["mneme"][split]["overall"])
    code, _, err = mneme(capsys, "eval", "lifecycle", "--pools", "/nonexistent.json", "--no-embedder")
    assert code == 2 and "cannot read" in err


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
    code, out, _ = mneme(capsys, "eval", "lifecycle", "--json", "--no-embedder", "--split", "dev")
    assert code == 0 and json.loads(out)["mneme"]["dev"]["overall"]["consistency"] >= 0.95
