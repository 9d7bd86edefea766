"""``mneme eval lifecycle | retrieval``: the evaluations shipped with Mneme.

``lifecycle`` replays the change timelines generated from the phrasing pools in
memory_core/data through the real hot path in a scratch encrypted store (your
data is never touched) and prints dev and test figures beside a naive baseline.
``retrieval`` runs the labelled conversation set (bench/data) and compares
recall@5/@10 of hybrid recall, BM25 alone and dense alone.
"""
from __future__ import annotations

from pathlib import Path

from .fact_parser import add_parser_option, fact_parser
from .output import print_json

#: Targets on the test split (issue 12).
TARGETS = {"consistency": (">=", 0.95), "coverage": (">=", 0.90), "contamination": ("<=", 0.02),
           "freshness": (">=", 0.95)}
SHOWN = ("consistency", "coverage", "contamination", "freshness", "controlled_forgetting", "as_of_accuracy",
         "spurious")


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("eval", help="run Mneme's built-in evaluations")
    sub = parser.add_subparsers(dest="eval_command", metavar="EVALUATION")
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)

    life = sub.add_parser("lifecycle", parents=[common], help="memory correctness as facts change over time")
    life.add_argument("--json", action="store_true")
    life.add_argument("--scenarios", "--pools", dest="pools", type=Path,
                      help="a phrasing pools JSON file (default: the bundled set)")
    life.add_argument("--split", choices=("dev", "dev_casual", "dev_mixed", "test", "both"), default="both")
    life.add_argument("--no-embedder", action="store_true",
                      help="hot path only: skip the background attribute matcher (no embedder load)")
    life.add_argument("--verbose", action="store_true", help="list every failed read")
    add_parser_option(life)
    life.set_defaults(handler=run_lifecycle)

    ret = sub.add_parser("retrieval", parents=[common], help="recall@k of hybrid vs BM25 vs dense")
    ret.add_argument("--json", action="store_true")
    ret.add_argument("--data", type=Path, help="labelled set (default: bench/data/retrieval_set.json)")
    ret.set_defaults(handler=run_retrieval)


def _percent(value) -> str:
    return "n/a" if value is None else f"{value * 100:.1f}%"


def missed_targets(overall: dict) -> list[str]:
    return [name for name, (op, target) in TARGETS.items() if overall[name] is not None and
            (overall[name] < target if op == ">=" else overall[name] > target)]


def run_lifecycle(args) -> int:
    from memory_core.errors import InvalidInput
    from memory_core.evals.lifecycle import load_pools, run_lifecycle as replay

    try:
        pools = load_pools(args.pools)
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"cannot read the pools file {args.pools}: {exc}") from exc
    splits = ("dev", "dev_casual", "dev_mixed", "test") if args.split == "both" else (args.split,)
    embedder = None
    if not args.no_embedder:
        from .memory_recall import load_embedder

        embedder = load_embedder()
    report = replay(pools, splits=splits, embedder=embedder, parser=fact_parser(args))
    if args.json:
        print_json(report.to_json())
    else:
        for split in splits:
            ours, naive = report.splits[split].overall(), report.baseline[split].overall()
            print(f"{split}: {ours['timelines']} timelines, {ours['reads']} reads   {report.system} | naive baseline")
            for name in SHOWN:
                print(f"  {name:<22} {_percent(ours[name]):>7} | {_percent(naive[name]):>7}")
        if args.verbose:
            for split in splits:
                for timeline in report.splits[split].timelines:
                    for failure in timeline.failures:
                        print(f"  {timeline.id}: {failure}")
    final = "test" if "test" in splits else splits[0]
    return 1 if missed_targets(report.splits[final].overall()) else 0


def run_retrieval(args) -> int:
    from memory_core.evals.retrieval import default_dataset_path, format_table, run_retrieval_eval

    from .memory_recall import load_embedder

    embedder = load_embedder()
    results = run_retrieval_eval(args.data or default_dataset_path(), embedder=embedder)
    if args.json:
        print_json(results)
    else:
        print(format_table(results))
    return 0
