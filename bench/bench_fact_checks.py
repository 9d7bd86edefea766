"""Held-out fact checks, run through the CLI exactly as an outsider would.

The set (``bench/heldout/fact_checks.json``) was hand-written in one pass by a
session that had not read ``memory_core/facts``, and committed before this
runner first ran; nobody tunes on it. Each timeline is a first-person statement
at D1 and, months later at D2, a change said in other words, a mention with no
change, or an unrelated fact. For each timeline, in a fresh data directory::

    mneme memory add --thread chat-d1 --role user --text STATEMENT --at D1
    mneme memory facts --json                    # after D1
    mneme memory add --thread chat-d2 --role user --text LATER --at D2
    mneme memory facts --json                    # after D2
    mneme memory facts --as-of MIDPOINT --json   # between D1 and D2

A value *holds* when one of its spellings is a case-insensitive substring of a
returned fact's ``value`` or ``text``. Checks:

* ``statement_captured``: the D1 value holds after D1 (every timeline);
* ``change_captured``: the D2 value holds after D2 (changes that name one);
* ``old_retired``: the D1 value no longer holds after D2 (changes);
* ``as_of_correct``: at the midpoint the D1 value holds and the D2 value does
  not (all but corrections, which say the D1 value was never true);
* ``kept_current``: the D1 value still holds after D2 (no-change timelines);
* ``unrelated_not_retired``: same, where D2 stated an unrelated fact.

A naive baseline runs in the same run on the same texts: last write wins on
the noun after "my" (``NaiveMyNounMemory`` from ``memory_core.evals.lifecycle``).

Run: ``python -m bench.bench_fact_checks`` (``MNEME_FACT_CHECK_WORKERS``, at
most 2; ``--render-only`` recomputes the tables from the stored JSON). Writes bench/results/fact_checks.md and fact_checks.json; per-timeline
details go to the JSON only.

``--set dev|test`` runs our own DEV/TEST timelines (``bench/data/fact_timelines_{dev,test}.json``,
same schema, written by ``bench/data/write_fact_timelines.py``) into ``fact_timelines_{dev,test}.md/json``;
``--set dev2`` runs a second dev set (35 other attribute kinds, 4 other personas; written by hand by
``bench/data/write_fact_timelines_dev2.py``) into ``fact_timelines_dev2.md/json``;
``--set changes_dev|changes_test`` runs the two halves of a pool of hard CHANGE phrasings (indirect,
new value a sentence later, ended with no successor, corrections, comparisons, third-party reports; 25
attribute kinds none of the other sets has; ``bench/data/write_fact_timelines_changes.py``) into
``fact_timelines_changes_{dev,test}.md/json``; ``--set changes2_dev|changes2_test`` a second such pool, each half
written by a different helper session that had not read ``memory_core/`` (round 11: idioms, moved dates, a person
replaced in a role, one activity given up for another; ``bench/data/write_fact_timelines_changes2_{dev,test}.py``);
``--set issue_dev`` a dev pool of the attribute kinds and kinds of change issue 12 lists, in four new voices
(round 13, ``bench/data/write_fact_timelines_issue_dev.py``); ``--set issue_dev2`` a second such pool of 20 kinds
in four more voices, written in round 15 after the first had been tuned on
(``bench/data/write_fact_timelines_issue_dev2.py``); ``--set issue_dev3`` half of a third such pool, in North American and
Australian voices, written in round 16 (``bench/data/write_fact_timelines_issue_dev3.py``), and ``--set
issue_dev3_blind`` its other half: halved by kind before any item was looked at; the blind half is read only as a
whole, to see whether a change carries to kinds and wordings nobody looked at; ``--set issue_dev4`` and
``issue_dev4_blind`` the two halves of a fourth such pool, in Irish, Indian, South African and older American
voices (round 18, ``bench/data/write_fact_timelines_issue_dev4.py``), halved the same way; ``--set issue_dev5``
and ``issue_dev5_blind`` the halves of a fifth, whose 20 kinds are all about the people, animals and things in the
user's life (a sister's city, a partner's employer, a child's school, the dog's vet; round 19,
``bench/data/write_fact_timelines_issue_dev5.py``), halved the same way; ``--set issue_dev6`` and
``issue_dev6_blind`` the halves of a sixth, whose 20 kinds are the user's routines, appointments, providers and
admin (a dentist, a bank, a yoga day, an exam date; round 20, ``bench/data/write_fact_timelines_issue_dev6.py``),
halved the same way; ``--set issue_dev7`` and ``issue_dev7_blind`` the halves of a seventh, over the kinds issue 12
names (a pet's name, a race, a phone, a bank, a diet, a wake-up time...) in four registers rather than dialects:
dictated run-ons, Gen-Z texts, formal letters and a parent's bullet lists (round 21,
``bench/data/write_fact_timelines_issue_dev7.py``), halved the same way;
the default ``--set heldout`` is the held-out set above.
``--in-process`` runs the same protocol
through ``mneme.cli.main`` in this process (same parser, same handlers, the same fact pass and
background matcher), loading the embedder once instead of once per ``memory facts`` call: a dev run
takes minutes instead of tens of minutes. ``--limit N`` takes the first N timelines.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from memory_core.evals.lifecycle import NaiveMyNounMemory

ROOT = Path(__file__).resolve().parent.parent
CHECKS_FILE = Path(os.environ.get("MNEME_FACT_CHECK_FILE", ROOT / "bench" / "heldout" / "fact_checks.json"))
#: --set NAME -> (timelines file, split kept or None for all, results file stem)
SETS = {"heldout": (CHECKS_FILE, None, "fact_checks"),
        "dev": (ROOT / "bench" / "data" / "fact_timelines_dev.json", "dev", "fact_timelines_dev"),
        "test": (ROOT / "bench" / "data" / "fact_timelines_test.json", "test", "fact_timelines_test"),
        "dev2": (ROOT / "bench" / "data" / "fact_timelines_dev2.json", "dev2", "fact_timelines_dev2"),
        "changes_dev": (ROOT / "bench" / "data" / "fact_timelines_changes.json", "changes_dev",
                        "fact_timelines_changes_dev"),
        "changes_test": (ROOT / "bench" / "data" / "fact_timelines_changes.json", "changes_test",
                         "fact_timelines_changes_test"),
        "changes2_dev": (ROOT / "bench" / "data" / "fact_timelines_changes2_dev.json", "changes2_dev",
                         "fact_timelines_changes2_dev"),
        "changes2_test": (ROOT / "bench" / "data" / "fact_timelines_changes2_test.json", "changes2_test",
                          "fact_timelines_changes2_test"),
        "issue_dev": (ROOT / "bench" / "data" / "fact_timelines_issue_dev.json", "issue_dev",
                      "fact_timelines_issue_dev"),
        "issue_dev2": (ROOT / "bench" / "data" / "fact_timelines_issue_dev2.json", "issue_dev2",
                       "fact_timelines_issue_dev2"),
        "issue_dev3": (ROOT / "bench" / "data" / "fact_timelines_issue_dev3.json", "issue_dev3",
                       "fact_timelines_issue_dev3"),
        "issue_dev3_blind": (ROOT / "bench" / "data" / "fact_timelines_issue_dev3.json", "issue_dev3",
                             "fact_timelines_issue_dev3_blind"),
        "issue_dev4": (ROOT / "bench" / "data" / "fact_timelines_issue_dev4.json", "issue_dev4",
                       "fact_timelines_issue_dev4"),
        "issue_dev4_blind": (ROOT / "bench" / "data" / "fact_timelines_issue_dev4.json", "issue_dev4",
                             "fact_timelines_issue_dev4_blind"),
        "issue_dev5": (ROOT / "bench" / "data" / "fact_timelines_issue_dev5.json", "issue_dev5",
                       "fact_timelines_issue_dev5"),
        "issue_dev5_blind": (ROOT / "bench" / "data" / "fact_timelines_issue_dev5.json", "issue_dev5",
                             "fact_timelines_issue_dev5_blind"),
        "issue_dev6": (ROOT / "bench" / "data" / "fact_timelines_issue_dev6.json", "issue_dev6",
                       "fact_timelines_issue_dev6"),
        "issue_dev6_blind": (ROOT / "bench" / "data" / "fact_timelines_issue_dev6.json", "issue_dev6",
                             "fact_timelines_issue_dev6_blind"),
        "issue_dev7": (ROOT / "bench" / "data" / "fact_timelines_issue_dev7.json", "issue_dev7",
                       "fact_timelines_issue_dev7"),
        "issue_dev7_blind": (ROOT / "bench" / "data" / "fact_timelines_issue_dev7.json", "issue_dev7",
                             "fact_timelines_issue_dev7_blind")}
#: Sets that are one half of a pool's kinds (in the order they first appear): 0 the even positions, 1 the odd ones.
#: issue_dev3 and issue_dev4 were halved so before any of their items was looked at: the looked-at half is tuned on, the blind half
#: is only ever read as a whole, to see whether a change carries to kinds and wordings nobody looked at.
KIND_HALVES = {"issue_dev3": 0, "issue_dev3_blind": 1, "issue_dev4": 0, "issue_dev4_blind": 1, "issue_dev5": 0,
               "issue_dev5_blind": 1, "issue_dev6": 0, "issue_dev6_blind": 1,
               "issue_dev7": 0, "issue_dev7_blind": 1}
RESULTS = Path(os.environ.get("MNEME_FACT_CHECK_RESULTS", ROOT / "bench" / "results"))
PASSPHRASE = "heldout-fact-checks"
WORKERS = max(1, min(2, int(os.environ.get("MNEME_FACT_CHECK_WORKERS", "2"))))
CHECKS = ("statement_captured", "change_captured", "old_retired", "as_of_correct",
          "kept_current", "unrelated_not_retired")
SYSTEMS = ("mneme", "naive")
# the same checks counted only where the D1 statement was captured: a system that captures nothing
# "retires" every old value, so the raw old_retired flatters it
CONDITIONAL = ("change_captured", "old_retired", "as_of_correct", "kept_current", "unrelated_not_retired")


# -- reading what a system holds ---------------------------------------------------------
def holds(held: Sequence[str], spellings: Iterable[str]) -> bool:
    """True when any spelling is a case-insensitive substring of any held fact."""
    lowered = [spelling.lower() for spelling in spellings]
    return any(spelling in fact for fact in held for spelling in lowered)


def fact_strings(facts: list[dict[str, Any]]) -> list[str]:
    """The searchable face of each fact the CLI returned: its value and its text."""
    return [f"{fact.get('value') or ''} | {fact.get('text') or ''}".lower() for fact in facts]


@dataclass
class Reads:
    """What one system held at the three moments a timeline is read."""
    after_d1: list[str] = field(default_factory=list)
    after_d2: list[str] = field(default_factory=list)
    as_of: list[str] = field(default_factory=list)
    error: str | None = None


def score(timeline: dict[str, Any], reads: Reads) -> dict[str, bool]:
    """The checks that apply to this timeline, each passed or not."""
    old, new = timeline["old"], timeline["new"]
    kind_of_check = timeline["type"]
    result = {"statement_captured": holds(reads.after_d1, old)}
    if kind_of_check == "change":
        if new:
            result["change_captured"] = holds(reads.after_d2, new)
        result["old_retired"] = not holds(reads.after_d2, old)
    elif kind_of_check == "no_change":
        result["kept_current"] = holds(reads.after_d2, old)
    else:
        result["unrelated_not_retired"] = holds(reads.after_d2, old)
    if timeline["check_as_of"]:
        result["as_of_correct"] = holds(reads.as_of, old) and not (new and holds(reads.as_of, new))
    if reads.error:
        result = {check: False for check in result}
    return result


# -- the two systems ---------------------------------------------------------------------
def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MNEME_PASSPHRASE=PASSPHRASE, HF_HUB_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), *args],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


class InProcessCLI:
    """``mneme`` commands run through ``mneme.cli.main`` in this process: the same parser and handlers as
    the subprocess path, with one embedder load shared by every ``memory facts`` call.

    The shared embedder also remembers each batch it embedded (the matcher's labelled examples are
    the same batch every time); the model is deterministic, so a remembered batch is the vector a
    fresh process would compute. The passphrase's scrypt cost is lowered as the tests lower it (it took
    a second per command and has no bearing on facts). Not thread-safe (stdout is redirected): run
    timelines one at a time.
    """

    def __enter__(self) -> "InProcessCLI":
        import models.embedder as embedder_module
        from memory_core.storage import keys

        self._keys, self._scrypt_n = keys, keys.SCRYPT_N
        keys.SCRYPT_N = 2**12
        self._module = embedder_module
        self._original = embedder_module.SentenceEmbedder
        shared = _BatchMemoEmbedder(self._original())
        embedder_module.SentenceEmbedder = lambda *args, **kwargs: shared
        self._saved_env = {name: os.environ.get(name) for name in ("MNEME_PASSPHRASE", "HF_HUB_OFFLINE")}
        os.environ.update(MNEME_PASSPHRASE=PASSPHRASE, HF_HUB_OFFLINE="1")
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._keys.SCRYPT_N = self._scrypt_n
        self._module.SentenceEmbedder = self._original
        for name, value in self._saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value

    def __call__(self, data_dir: Path, *args: str) -> subprocess.CompletedProcess:
        from mneme.cli import main as mneme_main

        argv = ["--data-dir", str(data_dir), *args]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = mneme_main(argv)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
            except Exception as error:  # noqa: BLE001 - a crash is a failed command, as in a subprocess
                print(f"{type(error).__name__}: {error}", file=sys.stderr)
                code = 1
        return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


class _BatchMemoEmbedder:
    """A loaded SentenceEmbedder that remembers whole batches (same texts in, same vectors out)."""

    def __init__(self, embedder: Any) -> None:
        self._embedder = embedder
        self._batches: dict[tuple[str, ...], Any] = {}

    def load(self) -> "_BatchMemoEmbedder":
        self._embedder.load()
        return self

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        key = tuple(texts)
        if key not in self._batches:
            self._batches[key] = self._embedder.embed(texts)
        return [list(vector) for vector in self._batches[key]]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._embedder, name)


Cli = Callable[..., subprocess.CompletedProcess]


def _facts(data_dir: Path, *extra: str, cli: Cli = _cli) -> list[str]:
    done = cli(data_dir, "memory", "facts", *extra, "--json")
    if done.returncode != 0:
        raise RuntimeError(f"memory facts {' '.join(extra)} exited {done.returncode}: "
                           f"{(done.stderr.strip().splitlines() or [''])[-1]}")
    return fact_strings(json.loads(done.stdout))


def _add(data_dir: Path, thread: str, text: str, at: str, cli: Cli = _cli) -> None:
    done = cli(data_dir, "memory", "add", "--thread", thread, "--role", "user", "--text", text, "--at", at)
    if done.returncode != 0:
        raise RuntimeError(f"memory add exited {done.returncode}: "
                           f"{(done.stderr.strip().splitlines() or [''])[-1]}")


def run_mneme(timeline: dict[str, Any], cli: Cli = _cli) -> tuple[Reads, float]:
    """One timeline through the real CLI in a fresh data dir; returns reads and wall seconds."""
    reads = Reads()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-factcheck-") as tmp:
        data_dir = Path(tmp) / "data"
        try:
            _add(data_dir, "chat-d1", timeline["statement"], timeline["d1"], cli=cli)
            reads.after_d1 = _facts(data_dir, cli=cli)
            _add(data_dir, "chat-d2", timeline["later"], timeline["d2"], cli=cli)
            reads.after_d2 = _facts(data_dir, cli=cli)
            reads.as_of = _facts(data_dir, "--as-of", timeline["as_of"], cli=cli)
        except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as error:
            reads.error = str(error)[:300]
    return reads, time.perf_counter() - started


def run_naive(timeline: dict[str, Any]) -> Reads:
    """The baseline on the same texts and dates: last write wins on the noun after 'my'."""
    memory = NaiveMyNounMemory()
    d1, d2 = datetime.fromisoformat(timeline["d1"]), datetime.fromisoformat(timeline["d2"])
    memory.say("chat-d1", timeline["statement"], d1)
    after_d1 = [held.value.lower() for held in memory.current(d1)]
    memory.say("chat-d2", timeline["later"], d2)
    after_d2 = [held.value.lower() for held in memory.current(d2)]
    as_of = [held.value.lower() for held in memory.current(datetime.fromisoformat(timeline["as_of"]))]
    return Reads(after_d1, after_d2, as_of)


# -- aggregation -------------------------------------------------------------------------
def _rate(passed: int, total: int) -> float | None:
    return None if total == 0 else passed / total


def aggregate(rows: Sequence[dict[str, Any]], system: str, group_by: str | None = None) -> dict[str, Any]:
    """Per check: passed/total; plus all checks together and whole timelines that pass every check."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups["all" if group_by is None else str(row[group_by])].append(row)
    table = {}
    for name, members in sorted(groups.items()):
        per_check = {}
        for check in CHECKS:
            outcomes = [row[system][check] for row in members if check in row[system]]
            per_check[check] = {"passed": sum(outcomes), "total": len(outcomes),
                                "rate": _rate(sum(outcomes), len(outcomes))}
        given = {}
        for check in CONDITIONAL:
            outcomes = [row[system][check] for row in members
                        if check in row[system] and row[system]["statement_captured"]]
            given[check] = {"passed": sum(outcomes), "total": len(outcomes),
                            "rate": _rate(sum(outcomes), len(outcomes))}
        every = [ok for row in members for ok in row[system].values()]
        whole = [all(row[system].values()) for row in members]
        table[name] = {"timelines": len(members), "checks": per_check, "given_captured": given,
                       "overall": {"passed": sum(every), "total": len(every), "rate": _rate(sum(every), len(every))},
                       "timelines_all_pass": {"passed": sum(whole), "total": len(whole),
                                              "rate": _rate(sum(whole), len(whole))}}
    return table


def _pct(cell: dict[str, Any]) -> str:
    return "–" if cell["total"] == 0 else f"{100 * cell['rate']:.1f}% ({cell['passed']}/{cell['total']})"


_GENERATORS = {"dev2": "write_fact_timelines_dev2.py", "changes_dev": "write_fact_timelines_changes.py",
               "changes_test": "write_fact_timelines_changes.py"}


def render_markdown(summary: dict[str, Any], meta: dict[str, Any]) -> str:
    name = meta.get("set_name", "heldout")
    provenance = ("hand-written by an outsider to `memory_core/facts` and committed before the first run; "
                  "never tuned on." if name == "heldout" else
                  f"our own {name.upper()} split (`bench/data/{_GENERATORS.get(name, 'write_fact_timelines.py')}`), "
                  "hand-written in one pass and committed before its first run; split by attribute kind and persona"
                  + ("; tune on dev only." if name == "dev" else
                     "; a second dev set (35 new attribute kinds, 4 new personas), tuned on." if name == "dev2"
                     else "; a pool of hard change phrasings (25 new attribute kinds, 6 change shapes), "
                          "dev half, tuned on." if name == "changes_dev"
                     else "; never tuned on."))
    path = ("`mneme.cli.main` in one process (same parser and handlers, embedder loaded once)"
            if meta.get("in_process") else "the real CLI")
    title = "Held-out fact checks" if name == "heldout" else f"Fact timelines, {name} split"
    lines = [f"# {title} (`memory add` → `memory facts [--as-of] --json`)", "",
             f"Set: `{meta['set']}`: {meta['timelines']} timelines, {meta['kinds']} attribute kinds, "
             f"{meta['personas']} personas; {provenance}", "",
             f"Code: `{meta['code']}`; path: {path}, one fresh data dir per timeline, "
             f"`memory facts` with its default background matcher; {meta['workers']} worker(s); "
             f"wall {meta['wall_s']:.0f} s; per timeline (5 CLI calls) median {meta['timeline_s_median']:.1f} s, "
             f"mean {meta['timeline_s_mean']:.1f} s, p90 {meta['timeline_s_p90']:.1f} s. "
             f"CLI errors: {meta['cli_errors']}.", "",
             "A value holds when one of its spellings is a case-insensitive substring of a fact's `value` "
             "or `text`. Baseline: last write wins on the noun after \"my\" (`NaiveMyNounMemory`), same texts, "
             "same run.", "",
             "## Per check", "", "| check | Mneme | naive baseline |", "|---|---|---|"]
    mneme, naive = summary["mneme"]["all"]["all"], summary["naive"]["all"]["all"]
    for check in CHECKS:
        lines.append(f"| {check} | {_pct(mneme['checks'][check])} | {_pct(naive['checks'][check])} |")
    lines.append(f"| **all checks** | **{_pct(mneme['overall'])}** | {_pct(naive['overall'])} |")
    lines.append(f"| timelines passing every check | {_pct(mneme['timelines_all_pass'])} | "
                 f"{_pct(naive['timelines_all_pass'])} |")
    lines += ["", "## Given the D1 statement was captured", "",
              "Each system's own captured timelines only (a system that captures nothing retires everything).", "",
              "| check | Mneme | naive baseline |", "|---|---|---|"]
    for check in CONDITIONAL:
        lines.append(f"| {check} | {_pct(mneme['given_captured'][check])} | {_pct(naive['given_captured'][check])} |")
    for title, key in (("Per timeline type", "type"), ("Per kind of change", "change_kind"),
                       ("Per persona", "persona"), ("Per attribute kind", "kind")):
        lines += ["", f"## {title}", "",
                  "| group | timelines | Mneme: all checks | Mneme: timelines all pass | naive: all checks |",
                  "|---|---|---|---|---|"]
        for name, cell in summary["mneme"][key].items():
            lines.append(f"| {name} | {cell['timelines']} | {_pct(cell['overall'])} | "
                         f"{_pct(cell['timelines_all_pass'])} | {_pct(summary['naive'][key][name]['overall'])} |")
    lines += ["", "## Per timeline type and check (Mneme)", "",
              "| type | " + " | ".join(CHECKS) + " |", "|---|" + "---|" * len(CHECKS)]
    for name, cell in summary["mneme"]["type"].items():
        lines.append(f"| {name} | " + " | ".join(_pct(cell["checks"][c]) for c in CHECKS) + " |")
    lines += ["", "Not measured: search or context use of these facts; the write path's latency; "
              "anything beyond one statement and one later message per timeline. Per-timeline "
              "reads and outcomes are in `" + meta.get("stem", "fact_checks") + ".json` only.", ""]
    return "\n".join(lines)


def _no_change_group(timeline: dict[str, Any]) -> str:
    """No-change timelines of our own sets are grouped by their sort (mention, negated, ...)."""
    sort = timeline.get("no_change_kind")
    return f"{timeline['type']}: {sort}" if sort else timeline["type"]


def _git_head() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {system: {"all": aggregate(rows, system), **{key: aggregate(rows, system, key)
                                                        for key in ("type", "change_kind", "persona", "kind")}}
            for system in SYSTEMS}


def rerender(stem: str = "fact_checks") -> dict[str, Any]:
    """Recompute the tables from the stored per-timeline outcomes (no CLI run)."""
    stored = json.loads((RESULTS / f"{stem}.json").read_text(encoding="utf-8"))
    summary = summarize(stored["timelines"])
    stored["summary"] = summary
    (RESULTS / f"{stem}.json").write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
    (RESULTS / f"{stem}.md").write_text(render_markdown(summary, stored["meta"]), encoding="utf-8")
    return summary


def _option(argv: Sequence[str], name: str, default: str | None = None) -> str | None:
    if name not in argv:
        return default
    index = list(argv).index(name)
    if index + 1 >= len(argv):
        raise SystemExit(f"bench_fact_checks: {name} needs a value")
    return argv[index + 1]


def load_timelines(set_name: str) -> list[dict[str, Any]]:
    """The timelines of one set: the held-out file as it is, or one split of our own set."""
    if set_name not in SETS:
        raise SystemExit(f"bench_fact_checks: --set must be one of {', '.join(SETS)}, not {set_name!r}")
    path, split, _ = SETS[set_name]
    pool = json.loads(path.read_text(encoding="utf-8"))
    timelines = [t for t in pool["timelines"] if split is None or t.get("split") == split]
    if set_name in KIND_HALVES:
        kinds = list(dict.fromkeys(t["kind"] for t in timelines))
        half = set(kinds[KIND_HALVES[set_name]::2])
        timelines = [t for t in timelines if t["kind"] in half]
    return timelines


def run_all(timelines: Sequence[dict[str, Any]], in_process: bool) -> list[tuple[Reads, float]]:
    """Every timeline through Mneme: subprocesses (2 workers at most) or in this process, one at a time."""
    if in_process:
        with InProcessCLI() as cli:
            return [run_mneme(timeline, cli) for timeline in timelines]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(run_mneme, timelines))


def main(argv: Sequence[str] = ()) -> dict[str, Any]:
    set_name = _option(argv, "--set", "heldout")
    stem = SETS[set_name][2] if set_name in SETS else "fact_checks"
    if "--render-only" in argv:
        return rerender(stem)
    in_process = "--in-process" in argv
    timelines = load_timelines(set_name)
    limit = _option(argv, "--limit")
    if limit is not None:
        timelines = timelines[:int(limit)]
    checks_file = SETS[set_name][0]
    started = time.perf_counter()
    mneme_runs = run_all(timelines, in_process)
    wall = time.perf_counter() - started
    rows = []
    for timeline, (reads, seconds) in zip(timelines, mneme_runs):
        naive_reads = run_naive(timeline)
        rows.append({key: timeline[key] for key in ("id", "kind", "persona", "type")}
                    | {"change_kind": timeline["change_kind"] or _no_change_group(timeline),
                       "mneme": score(timeline, reads), "naive": score(timeline, naive_reads),
                       "seconds": round(seconds, 2), "error": reads.error,
                       "reads": {"after_d1": reads.after_d1, "after_d2": reads.after_d2, "as_of": reads.as_of},
                       "naive_reads": {"after_d1": naive_reads.after_d1, "after_d2": naive_reads.after_d2,
                                       "as_of": naive_reads.as_of}})
    summary = summarize(rows)
    seconds = sorted(row["seconds"] for row in rows)
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "code": _git_head(),
            "set_name": set_name, "stem": stem, "in_process": in_process,
            "set": str(checks_file.relative_to(ROOT)) if checks_file.is_relative_to(ROOT) else str(checks_file), "timelines": len(timelines),
            "kinds": len({t["kind"] for t in timelines}), "personas": len({t["persona"] for t in timelines}),
            "workers": 1 if in_process else WORKERS, "wall_s": wall, "cli_errors": sum(1 for row in rows if row["error"]),
            "timeline_s_median": seconds[len(seconds) // 2], "timeline_s_mean": sum(seconds) / len(seconds),
            "timeline_s_p90": seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{stem}.json").write_text(json.dumps({"meta": meta, "summary": summary, "timelines": rows},
                                                     indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (RESULTS / f"{stem}.md").write_text(render_markdown(summary, meta), encoding="utf-8")
    overall_m, overall_n = summary["mneme"]["all"]["all"], summary["naive"]["all"]["all"]
    print(f"fact checks ({set_name}{', in-process' if in_process else ''}): {meta['timelines']} timelines, Mneme {_pct(overall_m['overall'])} of checks, "
          f"naive {_pct(overall_n['overall'])}; CLI errors {meta['cli_errors']}; wall {wall:.0f} s")
    for check in CHECKS:
        print(f"  {check}: Mneme {_pct(overall_m['checks'][check])}, naive {_pct(overall_n['checks'][check])}")
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
