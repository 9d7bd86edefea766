"""``mneme eval lifecycle | retrieval``: the evaluations shipped with Mneme.

``lifecycle`` replays the change timelines in memory_core/data through the real
hot path in a scratch encrypted store (your data is never touched) and prints
freshness, consistency, coverage, controlled forgetting and contamination.
``retrieval`` runs the labelled conversation set (bench/data) and compares
recall@5/@10 of hybrid recall, BM25 alone and dense alone.
"""
from __future__ import annotations

from pathlib import Path

from .output import print_json

TARGETS = {"consistency": (">=", 1.0), "contamination": ("<=", 0.0), "coverage": (">=", 0.95),
           "controlled_forgetting": (">=", 0.95)}


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("eval", help="run Mneme's built-in evaluations")
    sub = parser.add_subparsers(dest="eval_command", metavar="EVALUATION")
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)

    life = sub.add_parser("lifecycle", parents=[common], help="memory correctness as facts change over time")
    life.add_argument("--json", action="store_true")
    life.add_argument("--scenarios", type=Path, help="a timelines JSON file (default: the bundled set)")
    life.add_argument("--embedder", action="store_true", help="also use dense recall (loads the embedder)")
    life.add_argument("--verbose", action="store_true", help="list every failed probe")
    life.set_defaults(handler=run_lifecycle)

    ret = sub.add_parser("retrieval", parents=[common], help="recall@k of hybrid vs BM25 vs dense")
    ret.add_argument("--json", action="store_true")
    ret.add_argument("--data", type=Path, help="labelled set (default: bench/data/retrieval_set.json)")
    ret.set_defaults(handler=run_retrieval)


def _percent(value) -> str:
    return "n/a" if value is None else f"{value * 100:.1f}%"


def run_lifecycle(args) -> int:
    from memory_core.evals.lifecycle import load_scenarios, run_lifecycle as replay

    embedder = None
    if args.embedder:
        from .memory_recall import load_embedder

        embedder = load_embedder()
    report = replay(load_scenarios(args.scenarios), embedder=embedder)
    overall = report.overall()
    if args.json:
        print_json(report.to_json())
    else:
        print(f"lifecycle evaluation: {len(report.timelines)} timelines, {overall['probes']} probes, "
              f"forgetting window {report.forgetting_window}")
        for name in ("freshness", "consistency", "coverage", "controlled_forgetting", "contamination",
                     "as_of_accuracy"):
            print(f"  {name:<22} {_percent(overall[name])}")
        print("by domain:")
        for domain, figures in sorted(report.by_domain().items()):
            print(f"  {domain:<12} " + "  ".join(f"{k[:5]} {_percent(figures[k])}" for k in
                                                 ("consistency", "coverage", "controlled_forgetting", "contamination")))
        if args.verbose:
            for timeline in report.timelines:
                for failure in timeline.failures:
                    print(f"  {timeline.id}: {failure}")
    missed = [name for name, (op, target) in TARGETS.items() if overall[name] is not None and
              (overall[name] < target if op == ">=" else overall[name] > target)]
    return 1 if missed else 0


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
