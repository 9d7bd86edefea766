"""How deep the evidence lies: any/all of a question's evidence turns within 10, 20 and 40 hits, per question kind.

Why: all@10 of multi-hop questions is the weakest cell of recall_written*.md. Whether re-ranking could lift it
depends on where the missing evidence is: a turn ranked 15th can be moved up, one not in the first 40 cannot.
Runs the real CLI (``mneme memory import`` into a fresh store per conversation, ``mneme memory search --batch
--json --k 40``, default settings, MiniLM embedder) on the hand-written conversations of ``--split`` (dev by default:
w01, w03, w05, w07; bench_recall_written.py's split).

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python -m bench.recall_depth

writes bench/results/recall_depth_dev.md (recall_depth_test.md with --split test).
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from bench.bench_recall import _cli
from bench.bench_recall_written import KINDS, RESULTS, load

CUTOFFS = (10, 20, 40)


def evidence_ranks(split: str) -> list[tuple[str, list[int | None]]]:
    """(kind, the rank of each evidence turn or None beyond the deepest cutoff) of every answerable question."""
    turns, questions = load()
    out = []
    with tempfile.TemporaryDirectory(prefix="mneme-recall-depth-") as tmp:
        root = Path(tmp)
        for cid, records in sorted(turns.items()):
            asked = [q for q in questions if q.conversation == cid and q.split == split and q.evidence]
            if not asked:
                continue
            store, source, batch = root / cid, root / f"{cid}.jsonl", root / f"{cid}-q.jsonl"
            source.write_text("".join(json.dumps(t) + "\n" for t in records), encoding="utf-8")
            done = _cli(store, "memory", "import", str(source), "--json")
            if done.returncode != 0:
                raise SystemExit(f"import failed: {done.stderr[-2000:]}")
            batch.write_text("".join(json.dumps({"id": q.id, "query": q.query}) + "\n" for q in asked),
                             encoding="utf-8")
            done = _cli(store, "memory", "search", "--batch", str(batch), "--json", "--k", str(max(CUTOFFS)))
            if done.returncode != 0:
                raise SystemExit(f"search failed: {done.stderr[-2000:]}")
            hits = {}
            for line in done.stdout.splitlines():
                item = json.loads(line)
                hits[item["id"]] = [set(hit["external_ids"]) for hit in item["hits"]]
            for q in asked:
                ranks = [next((i + 1 for i, ids in enumerate(hits.get(q.id, [])) if evidence in ids), None)
                         for evidence in q.evidence]
                out.append((q.kind, ranks))
    return out


def table(ranks: list[tuple[str, list[int | None]]]) -> list[str]:
    head = ["kind", "n"] + [f"{m}@{k}" for k in CUTOFFS for m in ("any", "all")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for kind in KINDS:
        chosen = [r for k, r in ranks if k == kind]
        if not chosen:
            continue
        cells = []
        for cutoff in CUTOFFS:
            within = [[rank is not None and rank <= cutoff for rank in r] for r in chosen]
            cells += [f"{sum(any(w) for w in within) / len(within):.3f}", f"{sum(all(w) for w in within) / len(within):.3f}"]
        lines.append("| " + " | ".join([kind, str(len(chosen))] + cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    options = parser.parse_args(argv)
    started = time.perf_counter()
    lines = [f"# Evidence depth on the hand-written conversations ({options.split} split, one store each)", "",
             "Mneme = `mneme memory import` + `mneme memory search --batch --json --k 40` (MiniLM embedder, default "
             "settings). A question's evidence is any/all within the first k hits.", ""]
    lines += table(evidence_ranks(options.split))
    lines += ["", f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, wall {time.perf_counter() - started:.0f} s "
              "(2 shared CPUs)."]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"recall_depth_{options.split}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
