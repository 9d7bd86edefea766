"""How many answers still echo a time stamp once ``memory_core/chat/stamp_echo.py`` filters them.

The filter is deterministic post-processing of the streamed text: it changes nothing the model generates.
So it is measured on the answers the last hygiene run stored (bench/results/hygiene.json: the bundled
SmolLM2-135M through llama.cpp, each prompt answered greedily and sampled, dev and test splits, five stamp
styles), each fed through ``StampEchoFilter`` one character at a time as a stream would. Counted with the
hygiene bench's own detector (``bench_hygiene.STAMP_ECHO``: a weekday then a date, ISO or in words, which
also counts dates the model wrote in its own words) and, separately, the bracketed stamps the filter removes.

``python -m bench.bench_stamp_echo`` writes bench/results/stamp_echo.md.
"""
from __future__ import annotations

import json
from pathlib import Path

from bench.bench_hygiene import STAMP_ECHO
from memory_core.chat.stamp_echo import STAMP, StampEchoFilter

RESULTS = Path(__file__).parent / "results"


def filtered(answer: str) -> str:
    stamps = StampEchoFilter()
    return "".join(stamps.feed(char) for char in answer) + stamps.flush()


def main() -> None:
    stored = json.loads((RESULTS / "hygiene.json").read_text(encoding="utf-8"))
    lines = ["# Stamp echo before and after the answer filter (stored hygiene answers)", "",
             f"Answers: bench/results/hygiene.json ({stored['meta']['model']}, max {stored['meta']['max_tokens']} "
             "tokens, greedy and sampled); filter: `memory_core/chat/stamp_echo.py`, fed one character at a time.", "",
             "| split | stamp style config | answers | echo (hygiene detector) before | after | bracketed stamps before | after |",
             "|---|---|---|---|---|---|---|"]
    totals = {"n": 0, "echo": 0, "echo_after": 0, "bracket": 0, "bracket_after": 0}
    for split, configs in stored["results"].items():
        for name, result in configs.items():
            answers = [answer for row in result["rows"] for answer in row["answers"]]
            after = [filtered(answer) for answer in answers]
            row = {"n": len(answers),
                   "echo": sum(bool(STAMP_ECHO.search(a)) for a in answers),
                   "echo_after": sum(bool(STAMP_ECHO.search(a)) for a in after),
                   "bracket": sum(bool(STAMP.search(a)) for a in answers),
                   "bracket_after": sum(bool(STAMP.search(a)) for a in after)}
            for key in totals:
                totals[key] += row[key]
            lines.append(f"| {split} | {name} | {row['n']} | {row['echo']} | {row['echo_after']} | "
                         f"{row['bracket']} | {row['bracket_after']} |")
    lines.append(f"| **all** | | {totals['n']} | {totals['echo']} | {totals['echo_after']} | {totals['bracket']} | "
                 f"{totals['bracket_after']} |")
    lines += ["", "An echo the filter leaves is a weekday and date outside brackets (the model's own words, or a "
              "stamp it rewrote); the filter removes only the bracketed forms `context.stamp` writes.", ""]
    (RESULTS / "stamp_echo.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
