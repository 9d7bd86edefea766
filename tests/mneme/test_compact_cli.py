"""``mneme memory compact [--json]`` and the compaction after a large ``mneme memory import``."""
from __future__ import annotations

import json

from memory_core.storage import compaction
from mneme.cli import main

TURNS = [{"thread": f"conv-{n % 3}", "role": "user" if n % 2 == 0 else "assistant", "at": f"2023-05-12T18:{n:02d}:00Z",
          "text": f"turn {n} about the pottery class and the green car"} for n in range(12)]


def mneme(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_compact_prints_sizes_and_seconds(cli_env, tmp_path, capsys):
    source = tmp_path / "turns.jsonl"
    source.write_text("".join(json.dumps(t) + "\n" for t in TURNS), encoding="utf-8")
    assert mneme(capsys, "memory", "import", str(source), "--json", "--data-dir", str(cli_env))[0] == 0
    code, out, _ = mneme(capsys, "memory", "compact", "--json", "--data-dir", str(cli_env))
    result = json.loads(out)
    assert code == 0 and result["ran"] is False and result["new_messages"] == 12  # below the rule: skipped
    code, out, _ = mneme(capsys, "memory", "compact", "--force", "--json", "--data-dir", str(cli_env))
    result = json.loads(out)
    assert code == 0 and result["ran"] is True
    assert {"bytes_before", "bytes_after", "seconds", "reason", "free_share"} <= set(result)
    code, out, _ = mneme(capsys, "memory", "compact", "--force", "--data-dir", str(cli_env))
    assert code == 0 and out.startswith("compacted (asked for): ") and " MiB -> " in out and out.rstrip().endswith(" s")


def test_a_large_import_compacts_and_keeps_its_json(cli_env, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(compaction, "NEW_MESSAGES", 10)
    source = tmp_path / "turns.jsonl"
    source.write_text("".join(json.dumps(t) + "\n" for t in TURNS), encoding="utf-8")
    code, out, err = mneme(capsys, "memory", "import", str(source), "--data-dir", str(cli_env))
    assert code == 0 and "compacted (12 messages added since the last compaction)" in err
    code, out, _ = mneme(capsys, "memory", "compact", "--json", "--data-dir", str(cli_env))
    assert json.loads(out)["new_messages"] == 0  # the import's compaction was recorded
