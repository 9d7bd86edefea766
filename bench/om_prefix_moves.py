"""How often (a)/(d)'s cached prompt prefix moves, in bench_om's script replayed prompts-only.

Runs bench_om's prompts-only replay (real tokenizer and template, fixed replies, nothing evaluated) on the
code on PYTHONPATH and records, per turn, whether the prompt up to the new message (and, for (a), up to the
recalled snippets) extends the previous turn's: when it does not, the turn recomputes from the first change.
Used for a before/after of the raw tail's block cut and prompt-cost thresholds on the same script:

    PYTHONPATH=<tree> python bench/om_prefix_moves.py LABEL     # once per tree; each run adds its LABEL
Writes bench/results/om_prefix_moves.json and .md (the table lists every label recorded so far).
"""
from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
LAST = 50


def replay() -> dict:
    import bench.bench_om as om
    from memory_core.chat.context import render_chatml

    original = om.Mneme.turn

    def turn(self, script_turn):
        row = original(self, script_turn)
        kept = self.last_prompt.messages[:-1]
        if len(kept) > 1 and kept[-1]["role"] == "system":
            kept = kept[:-1]          # the volatile part (recalled snippets) is not part of the cached prefix
        prefix = render_chatml(kept, add_generation_prompt=False)
        previous = getattr(self, "_previous_prefix", "")
        row["prefix_moved"] = bool(previous) and not prefix.startswith(previous)
        self._previous_prefix = prefix
        return row

    captured: dict = {}
    om.Mneme.turn = turn
    om.write_retention = lambda rows, meta: captured.update(rows=rows, meta=meta)
    os.environ["MNEME_BENCH_PROMPTS_ONLY"] = "1"
    os.environ["MNEME_BENCH_SHADOW"] = "0"
    om.main()
    return captured


def _new_day_turns() -> set[int]:
    """1-based numbers of the script's turns that open a new simulated day."""
    import bench.bench_om as om
    from memory_core.observational.dates import local_time

    days = [local_time(turn.at, None).date() for turn in om.build_script()[0]]
    return {n + 1 for n in range(1, len(days)) if days[n] != days[n - 1]}


def summarize(rows: list[dict]) -> dict:
    last = rows[-LAST:]
    moved = [r for r in last if r["prefix_moved"]]
    new_day = _new_day_turns()
    probes = [r for r in last if "retained" in r]
    return {"turns": len(last), "prefix_moved": len(moved),
            "moved_after_commit": sum(1 for r in moved if r.get("memory_changed")),
            "moved_without_commit": sum(1 for r in moved if not r.get("memory_changed")),
            "new_day_turns": sum(1 for r in last if r["turn"] in new_day),
            "moved_on_new_day_without_commit": sum(1 for r in moved if not r.get("memory_changed")
                                                   and r["turn"] in new_day),
            "turns_with_dropped": sum(1 for r in last if r["dropped_messages"]),
            "prompt_tokens_mean": sum(r["prompt_tokens"] for r in last) / len(last),
            "retained": sum(r["retained"] for r in probes), "probes": len(probes)}


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "current"
    captured = replay()
    path = RESULTS / "om_prefix_moves.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[label] = {"date": datetime.now().strftime("%Y-%m-%d %H:%M"), "code": os.environ.get("PYTHONPATH", ""),
                   "observer": captured["meta"]["observer"], "turns": captured["meta"]["turns"],
                   **{key: summarize(captured["rows"][key]) for key in ("a", "d")}}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")
    lines = ["# Prefix moves, before/after (bench/om_prefix_moves.py)", "",
             "bench_om's script (seed 7, test split) replayed prompts-only: the real SmolLM2 tokenizer and chat "
             "template, context 2048, prompt budget 1792, every reply the fixed \"Thanks, noted.\", nothing "
             "evaluated (so no TTFT here; see om.md). A *prefix move* is a turn whose prompt up to the new message "
             "(for (a), up to the recalled snippets) does not extend the previous turn's: the runtime recomputes "
             f"from the first change. Last {LAST} turns per strategy; retention as in om.md (current value in "
             "the prompt).", "",
             "| code | strategy | prefix moves | after a memory commit | without a commit | of them on the first turn "
             "of a new day (crossing midnight) | turns cutting the raw tail | prompt tokens mean | retention | observer "
             "| run |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, run in data.items():
        for key, title in (("a", "(a) OM + recall"), ("d", "(d) OM, no recall")):
            s = run[key]
            midnight = (f"{s['moved_on_new_day_without_commit']} of {s['new_day_turns']} new-day turns"
                        if "new_day_turns" in s else "not counted")
            lines.append(f"| {name} | {title} | {s['prefix_moved']}/{s['turns']} | {s['moved_after_commit']} | "
                         f"{s['moved_without_commit']} | {midnight} | {s['turns_with_dropped']} | "
                         f"{s['prompt_tokens_mean']:.0f} | "
                         f"{s['retained']}/{s['probes']} | {run['observer']} | {run['date']} |")
    lines += ["", "Moves without a commit in the h14b rows are turns opening a new simulated day (the memory block "
              "wrote referenced dates relative to today, \"in 3 days\", so it changed at midnight) or a block cut of the "
              "raw tail. From h15c on, the memory block writes referenced dates as dates only and today's date is on "
              "the new message's stamp (the turn's own part), so a new day leaves the cached prefix alone; the "
              "crossing-midnight column counts what is left. Rows are runs of the code named (PYTHONPATH), recorded "
              "at the time shown; the h15c before/after pair ran back to back."]
    (RESULTS / "om_prefix_moves.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
