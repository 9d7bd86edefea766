"""What the next chat's memory keeps after a month of use: retention, stale values, noise, tokens.

For each generated history (``bench/history_gen.py``; dev and test phrasing
pools, split before any tuning) the month is driven the way the independent
check drives it, in-process:

* ``bulk``: import the JSONL (``memory import``), observe until nothing is
  pending (``memory observe``), read the memory block of a new chat
  (``memory context --thread new-chat``);
* ``live``: the messages arrive one by one and the engine runs after each, as
  the background worker would (several reflections over the month), then the
  rest is observed and the new chat's context is read.

Observers: ``extractive`` (the default, no LLM) and ``llm-double`` (the LLM
observer path driven by a scripted double, see ``ScriptedObserverModel``: it is
*not* a real LLM; it shows what the engine, reflector and renderer do with a
model that notes every user message at 🟡). Token counts are the bundled
model's (SmolLM2-135M) when its package is installed, else approximate (the
table says which).

Scores, per fact and per kind, from the memory block's lines only:

* retention: the fact's current value appears in some line (for a
  cancellation, in a line that says it stopped);
* stale: an old value is in a line that does not mark it as past and no later
  line names the current value (the issue's definition); ``stale_strict``
  drops the "later line" excuse: the old line itself is not marked;
* noise: share of lines that name no value of any personal fact;
* tokens: the memory block's tokens, against the memory budget of the prompt
  (half the prompt budget, which ``assemble`` enforces) and against the
  observation threshold that triggers reflection.

Run: ``python -m bench.bench_retention`` (``MNEME_RETENTION_SEEDS=3``).
Writes bench/results/retention.md and retention.json.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from bench.history_gen import KINDS, SPLITS, FactTruth, History, generate_history

RESULTS = Path(__file__).parent / "results"
SEEDS = int(os.environ.get("MNEME_RETENTION_SEEDS", "3"))
#: dev and dev_terse are the tuning voices; test is the held-apart one (see bench/history_pools.py).
RUN_SPLITS = tuple(os.environ.get("MNEME_RETENTION_SPLITS", ",".join(SPLITS)).split(","))
CONTEXT = 4096                          # what `mneme memory context --model bundled` loads
NEW_THREAD = "new-chat"
PASSPHRASE = "bench-retention-passphrase"

_PAST = re.compile(r"\b(no longer|not any ?more|formerly|previously|used to|left|moved from|switched from|"
                   r"changed|instead|until|cancel+ed|superseded|outdated|replaced|was then|before that|"
                   r"now\b)", re.I)
_STOPPED = re.compile(r"\b(cancel+ed|cancel|called off|off|scrapped|stopped|quit|no longer|not any ?more|"
                      r"on the head|not going|dropped|gave up|given up|ditched|ended)\b", re.I)


def mentions(line: str, value: str) -> bool:
    """The value as a whole word or phrase; a plural counts ("yoga on Thursdays" names Thursday)."""
    return re.search(rf"(?<![\w-]){re.escape(value)}s?(?![\w-])", line, re.I) is not None


# -- scoring -------------------------------------------------------------------------------------------

@dataclass
class FactScore:
    slot: str
    kind: str
    changed: bool
    change: str | None
    retained: bool
    stale: bool
    stale_strict: bool


def score_fact(fact: FactTruth, lines: Sequence[str]) -> FactScore:
    if fact.cancelled:
        hits = [i for i, line in enumerate(lines) if mentions(line, fact.current)]
        stopped = [i for i in hits if _STOPPED.search(lines[i])]
        retained = bool(stopped)
        unmarked = [i for i in hits if i not in stopped and not _PAST.search(lines[i])]
        stale_strict = bool(unmarked)
        stale = any(not any(j > i for j in stopped) for i in unmarked)
        return FactScore(fact.slot, fact.kind, True, fact.change, retained, stale, stale_strict)
    current_lines = [i for i, line in enumerate(lines) if mentions(line, fact.current)]
    retained = bool(current_lines)
    stale = stale_strict = False
    for old in fact.old_values:
        for i, line in enumerate(lines):
            if not mentions(line, old) or mentions(line, fact.current) or _PAST.search(line):
                continue
            stale_strict = True
            if not any(j > i for j in current_lines):
                stale = True
    return FactScore(fact.slot, fact.kind, fact.changed, fact.change, retained, stale, stale_strict)


def personal(line: str, facts: Sequence[FactTruth]) -> bool:
    return any(mentions(line, v) for f in facts for v in [f.current, *f.old_values])


_DAY_PARAGRAPH = re.compile(r"^On [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}: ")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")


def memory_lines(block: str) -> list[str]:
    """The notes of a memory block, in order: its "* 🔴 (HH:MM) ..." lines (the stored format), or, for the
    prose the chat model reads ("On Monday 2 March 2026: I live in Lyon. ..."), its sentences."""
    lines = [re.sub(r"^\* \S+ \(\d\d:\d\d\) ", "", line) for line in block.splitlines() if line.startswith("* ")]
    if lines:
        return lines
    out = []
    for paragraph in block.splitlines():
        if _DAY_PARAGRAPH.match(paragraph):
            out += [s for s in _SENTENCE.split(_DAY_PARAGRAPH.sub("", paragraph)) if s.strip()]
    return out


# -- the LLM path's double ---------------------------------------------------------------------------------

class ScriptedObserverModel:
    """A TextModel double for the LLM observer path: notes each user message (up to 5 per chunk, like the
    grammar allows) as a 🟡 line, questions as 🟢 "User asked"; returns nothing for reflection prompts (the
    extractive ladder follows). It knows nothing about the ground truth."""

    def __init__(self, counter):
        self.counter = counter
        self.tokenizer_id = counter.tokenizer_id
        self.context_length = CONTEXT

    def count_tokens(self, text: str) -> int:
        return self.counter.count(text)

    def complete(self, messages, *, max_tokens: int = 256, temperature: float = 0.0, grammar=None, stop=()) -> str:
        prompt = messages[-1]["content"]
        if not prompt.startswith("Messages:"):
            return ""
        out, seen = [], set()
        for match in re.finditer(r"^\[(\d+)\] \((\d\d:\d\d)\) User: (.+)$", prompt, re.M):
            number, when, text = match.groups()
            words = text.split()
            key = " ".join(words).lower()
            if len(words) < 3 or key in seen or len(words) > 60:
                continue
            seen.add(key)
            body = " ".join(words[:30])
            mark, lead = ("🟢", "User asked: ") if body.endswith("?") else ("🟡", "User said: ")
            out.append(f"* {mark} ({when}) [{number}] {lead}{body}")
            if len(out) == 5:
                break
        return "\n".join(out) + "\n"


# -- driving one history -------------------------------------------------------------------------------

@dataclass
class RunResult:
    seed: int
    split: str
    observer: str
    path: str
    facts: list[FactScore]
    lines: list[str]
    noise_lines: int
    memory_tokens: int
    memory_budget: int
    observation_threshold: int
    reflections: int
    observer_used: str
    seconds: float
    block: str = field(repr=False, default="")
    trimmed_lines: int = 0          # log lines the prompt's safety net left out to fit the memory budget


def _open_store(tmp: Path):
    from memory_core.storage.store import Store

    return Store.create(tmp / "data", use_keyring=False, passphrase=PASSPHRASE)


def _engine(counter, observer: str):
    from memory_core.observational.engine import OMConfig, OMEngine

    config = OMConfig.for_context(CONTEXT)
    if observer == "extractive":
        return OMEngine(counter, config, observer_mode="extractive")
    return OMEngine(counter, config, llm=ScriptedObserverModel(counter), observer_mode="llm")


def run_history(history: History, counter, observer: str, path: str) -> RunResult:
    from memory_core.chat.context import assemble
    from memory_core.ingest import ingest_message
    from memory_core.portability.importers import import_file

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-retention-") as tmp:
        store = _open_store(Path(tmp))
        try:
            engine = _engine(counter, observer)
            if path == "bulk":
                import_file(store, history.write_jsonl(Path(tmp) / "month.jsonl"))
            else:
                for message in history.messages:
                    ingest_message(store, message.thread, message.role, message.text, at=message.at)
                    engine.run_due(store, message.thread)
            for _ in range(10):
                if not engine.unobserved(store):
                    break
                report = engine.run_due(store, force=True)
                if report.skipped:
                    raise RuntimeError(report.skipped)
            budget = CONTEXT - 512
            prompt = assemble(store, NEW_THREAD, None, counter=counter, budget=budget, now=history.end)
            block = prompt.messages[0]["content"]
            reflections = store.execute("SELECT count(*) FROM reflection_generations").fetchone()[0]
            from memory_core.observational.log import current_log

            shown = sum(1 for use in getattr(prompt, "used", []) if use.kind in ("observation", "reflection"))
            log_items = len(current_log(store)) - shown if hasattr(prompt, "used") else 0
        finally:
            store.close()
    lines = memory_lines(block)
    scores = [score_fact(f, lines) for f in history.facts]
    noise = sum(1 for line in lines if not personal(line, history.facts))
    return RunResult(history.seed, history.split, observer, path, scores, lines, noise, prompt.report.memory_tokens,
                     budget // 2, OMConfig_threshold(), reflections, engine.state.observer,
                     time.perf_counter() - started, block, max(0, log_items))


def _cli(code_dir: Path, data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(code_dir), MNEME_PASSPHRASE=PASSPHRASE, HF_HUB_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), *args], env=env, cwd=code_dir,
                          capture_output=True, text=True, timeout=600, check=False)


def run_history_cli(history: History, code_dir: Path, observer: str = "extractive") -> RunResult:
    """The independent check's way, through the command line of the code in ``code_dir``:
    ``memory import``, ``memory observe`` until nothing is pending, ``memory context --thread new-chat``."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mneme-retention-cli-") as tmp:
        data = Path(tmp) / "data"
        month = history.write_jsonl(Path(tmp) / "month.jsonl")
        steps = [_cli(code_dir, data, "memory", "import", str(month))]
        for _ in range(5):
            steps.append(_cli(code_dir, data, "memory", "observe"))
            if re.search(r"observed 0 of 0 pending", steps[-1].stdout) or steps[-1].returncode:
                break
        context = _cli(code_dir, data, "memory", "context", "--thread", NEW_THREAD)
        steps.append(context)
        reflections = len(re.findall(r"reflected \(", "".join(step.stdout for step in steps)))
    failed = [step for step in steps if step.returncode]
    if failed:
        raise RuntimeError(f"CLI step failed: {failed[0].args[3:]}: {failed[0].stderr.strip()[-300:]}")
    block = context.stdout
    memory = re.search(r"(\d+) of memory", context.stderr)
    lines = memory_lines(block)
    scores = [score_fact(f, lines) for f in history.facts]
    noise = sum(1 for line in lines if not personal(line, history.facts))
    return RunResult(history.seed, history.split, observer, "cli", scores, lines, noise,
                     int(memory.group(1)) if memory else 0, (CONTEXT - 512) // 2, OMConfig_threshold(), reflections,
                     observer, time.perf_counter() - started, block)


def baseline_code(rev: str) -> Path:
    """The code at ``rev`` (default: where this branch left main), unpacked for its CLI; with the
    one-line import fix main needed at the time, so the baseline runs at all."""
    root = Path(__file__).resolve().parent.parent
    target = Path(tempfile.mkdtemp(prefix="mneme-baseline-"))
    archive = subprocess.run(["git", "-C", str(root), "archive", rev, "memory_core", "mneme", "models"],
                             capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    for path in target.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "from memory_core.facts.ledger import ledger as" in text:
            path.write_text(text.replace("from memory_core.facts.ledger import ledger as",
                                         "from memory_core.facts import ledger as"), encoding="utf-8")
    return target


def OMConfig_threshold() -> int:  # noqa: N802 - reads like the config field it reports
    from memory_core.observational.engine import OMConfig

    return OMConfig.for_context(CONTEXT).observation_tokens


# -- aggregation and tables ------------------------------------------------------------------------------

def summarize(runs: Sequence[RunResult]) -> dict:
    facts = [f for r in runs for f in r.facts]
    changed = [f for f in facts if f.changed]
    lines = sum(len(r.lines) for r in runs)
    tokens = [r.memory_tokens for r in runs]
    out = {
        "histories": len(runs), "facts": len(facts), "changed_facts": len(changed),
        "retention": _share(sum(f.retained for f in facts), len(facts)),
        "retention_changed": _share(sum(f.retained for f in changed), len(changed)),
        "stale_of_changed": _share(sum(f.stale for f in changed), len(changed)),
        "stale_strict_of_changed": _share(sum(f.stale_strict for f in changed), len(changed)),
        "noise_share": _share(sum(r.noise_lines for r in runs), lines),
        "lines_mean": lines / max(1, len(runs)),
        "memory_tokens_mean": statistics.mean(tokens) if tokens else 0,
        "memory_tokens_median": statistics.median(tokens) if tokens else 0,
        "memory_tokens_max": max(tokens, default=0),
        "memory_budget": runs[0].memory_budget if runs else 0,
        "observation_threshold": runs[0].observation_threshold if runs else 0,
        "within_budget": all(r.memory_tokens <= r.memory_budget for r in runs),
        "trimmed_lines_total": sum(r.trimmed_lines for r in runs),
        "reflections_mean": statistics.mean(r.reflections for r in runs) if runs else 0,
        "seconds_mean": statistics.mean(r.seconds for r in runs) if runs else 0,
        "by_kind": {},
        "by_change": {},
    }
    for kind in KINDS:
        group = [f for f in facts if f.kind == kind]
        moved = [f for f in group if f.changed]
        out["by_kind"][kind] = {"facts": len(group), "retention": _share(sum(f.retained for f in group), len(group)),
                                "changed": len(moved), "stale": _share(sum(f.stale for f in moved), len(moved)),
                                "stale_strict": _share(sum(f.stale_strict for f in moved), len(moved))}
    for change in sorted({f.change for f in changed}):
        group = [f for f in changed if f.change == change]
        out["by_change"][change] = {"facts": len(group), "retention": _share(sum(f.retained for f in group), len(group)),
                                    "stale": _share(sum(f.stale for f in group), len(group)),
                                    "stale_strict": _share(sum(f.stale_strict for f in group), len(group))}
    return out


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def render_markdown(summary: dict, meta: dict) -> str:
    rows = [
        "# Retention: what the next chat's memory holds after a month",
        "",
        f"Generated by `python -m bench.bench_retention` on {meta['date']} ({meta['seeds']} histories per split; "
        f"each {meta['messages']} messages, {meta['chats']} chats, {meta['days']} days, 30 facts of which 10 change).",
        f"Token counts: {meta['counter']}. Context {CONTEXT}: memory budget {meta['memory_budget']} tokens "
        f"(half the prompt budget, enforced by `assemble`); reflection starts at {meta['threshold']} tokens of "
        "observations.",
        "Paths: `bulk` = import JSONL, observe until nothing is pending, context of a new thread, in-process with "
        "the bundled model's token counts; `live` = messages one by one with the engine after each (the worker's "
        "way); `cli` = the independent check's way through the command line (`memory import`, `memory observe` "
        "until nothing is pending, `memory context --thread new-chat`; approximate token counts, as the CLI uses "
        "without --model).",
        f"Baseline: `baseline-main` = the same CLI steps on the code this branch started from (main @ "
        f"{meta.get('baseline_rev', '?')[:10]}), same histories, same run."
        + (f" Extra rows: {meta['extra']} (another tree's CLI on the same histories)." if meta.get("extra") else ""),
        "Observers: `extractive` (no LLM); `llm-double` = the LLM observer path driven by a scripted double that "
        "notes each user message at 🟡 (not a real model; reflections fall back to the extractive ladder).",
        "Stale = an old value in a line not marked as past with no later line naming the current value (the issue's "
        "definition), as a share of changed facts; strict = the old line itself is not marked.",
        "Within budget: the memory block (preamble included) is at most the memory budget; \"lines cut to fit\" "
        "counts log lines the prompt's safety net left out (in-process paths; it is 0 when the log fits).",
        "Phrasing pools were split dev/test before any tuning; test pool in another voice (see bench/history_pools.py). "
        "`dev_terse` is a second tuning voice (terse texting, changes told as stories), written in round 2 before "
        "that round's code changes; tuning used dev and dev_terse only.",
        "Scoring counts a plural as naming a value (\"yoga on Thursdays\" names Thursday), since round 2.",
        "",
        "## Overall",
        "",
        "| observer | path | split | retention | stale | stale strict | noise share | lines | memory tokens mean / "
        "median / max | within budget | lines cut to fit | reflections |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for key, s in summary.items():
        observer, path, split = key.split("/")
        rows.append(f"| {observer} | {path} | {split} | {_pct(s['retention'])} | {_pct(s['stale_of_changed'])} | "
                    f"{_pct(s['stale_strict_of_changed'])} | {_pct(s['noise_share'])} | {s['lines_mean']:.1f} | "
                    f"{s['memory_tokens_mean']:.0f} / {s['memory_tokens_median']:.0f} / {s['memory_tokens_max']} | "
                    f"{'yes' if s['within_budget'] else 'NO'} | {s.get('trimmed_lines_total', 0)} | "
                    f"{s['reflections_mean']:.1f} |")
    pairs = sorted({tuple(k.split("/")[:2]) for k in summary})
    for observer, path in pairs:
        splits = [sp for sp in SPLITS if f"{observer}/{path}/{sp}" in summary]
        if "test" not in splits or len(splits) < 2:
            continue
        per = {sp: summary[f"{observer}/{path}/{sp}"] for sp in splits}
        names = " / ".join(splits)
        rows += ["", f"## Per kind: {observer}, {path} ({' | '.join(splits)})", "",
                 f"| kind | facts ({names}) | " + " | ".join(f"retention {sp}" for sp in splits)
                 + f" | changed ({names}) | " + " | ".join(f"stale {sp}" for sp in splits) + " | "
                 + " | ".join(f"strict {sp}" for sp in splits) + " |",
                 "|---|---|" + "---|" * (3 * len(splits) + 1)]
        for kind in KINDS:
            k = {sp: per[sp]["by_kind"][kind] for sp in splits}
            rows.append(f"| {kind} | {'/'.join(str(k[sp]['facts']) for sp in splits)} | "
                        + " | ".join(_pct(k[sp]["retention"]) for sp in splits)
                        + f" | {'/'.join(str(k[sp]['changed']) for sp in splits)} | "
                        + " | ".join(_pct(k[sp]["stale"]) for sp in splits) + " | "
                        + " | ".join(_pct(k[sp]["stale_strict"]) for sp in splits) + " |")
        rows += ["", f"| change | facts ({names}) | " + " | ".join(f"retention {sp}" for sp in splits) + " | "
                 + " | ".join(f"stale {sp}" for sp in splits) + " | "
                 + " | ".join(f"strict {sp}" for sp in splits) + " |",
                 "|---|---|" + "---|" * (3 * len(splits))]
        for change in sorted(set().union(*(per[sp]["by_change"] for sp in splits))):
            c = {sp: per[sp]["by_change"].get(change, {}) for sp in splits}
            rows.append(f"| {change} | {'/'.join(str(c[sp].get('facts', 0)) for sp in splits)} | "
                        + " | ".join(_pct(c[sp].get("retention")) for sp in splits) + " | "
                        + " | ".join(_pct(c[sp].get("stale")) for sp in splits) + " | "
                        + " | ".join(_pct(c[sp].get("stale_strict")) for sp in splits) + " |")
    rows += ["", "## Not measured", "",
             "- A real LLM observer (the bundled 135M model's notes rarely validate; the engine skips it below 1B "
             "parameters); the llm-double row measures the engine, reflector and renderer around that path.",
             "- Whether the chat model *uses* the memory block well; only what the block holds is scored.",
             "- Histories longer than a month, or other languages.", ""]
    return "\n".join(rows)


def _counter():
    from memory_core.observational.tokens import TokenCounter

    try:
        from models.bundled import bundled_model_path
        from models.llama_runtime import LlamaChatModel, RuntimeSettings

        model = LlamaChatModel(bundled_model_path(), RuntimeSettings(context_length=CONTEXT))
        return TokenCounter(model), f"bundled model ({getattr(model, 'tokenizer_id', 'SmolLM2-135M')}), exact"
    except Exception as exc:  # noqa: BLE001 - no model package: still measure, and say so
        return TokenCounter(None), f"approximate (bundled model unavailable: {type(exc).__name__})"


def main(argv: Sequence[str] = ()) -> dict:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    counter, counter_name = _counter()
    observers = os.environ.get("MNEME_RETENTION_OBSERVERS", "extractive,llm-double").split(",")
    paths = os.environ.get("MNEME_RETENTION_PATHS", "bulk,live,cli").split(",")
    root = Path(__file__).resolve().parent.parent
    base_rev = os.environ.get("MNEME_RETENTION_BASELINE") or subprocess.run(
        ["git", "-C", str(root), "merge-base", "HEAD", "main"], capture_output=True, text=True).stdout.strip()
    runs: dict[str, list[RunResult]] = {}

    def record(key: str, result: RunResult) -> None:
        runs.setdefault(key, []).append(result)
        print(f"{key} seed {result.seed}: retention {sum(f.retained for f in result.facts)}/{len(result.facts)}, "
              f"stale {sum(f.stale for f in result.facts)}, noise {result.noise_lines}/{len(result.lines)}, "
              f"{result.memory_tokens} tokens, {result.seconds:.1f}s", file=sys.stderr)

    for split in RUN_SPLITS:
        for seed in range(SEEDS):
            history = generate_history(seed, split)
            for observer in observers:
                for path in paths:
                    if path == "cli":
                        if observer == "extractive":
                            record(f"extractive/cli/{split}", run_history_cli(history, root))
                        continue
                    record(f"{observer}/{path}/{split}", run_history(history, counter, observer, path))
    if base_rev:
        base = baseline_code(base_rev)
        for split in RUN_SPLITS:
            for seed in range(SEEDS):
                record(f"baseline-main/cli/{split}", run_history_cli(generate_history(seed, split), base))
    for extra in filter(None, os.environ.get("MNEME_RETENTION_EXTRA", "").split(",")):
        label, _, code = extra.partition("=")       # e.g. "with-h12=/tmp/tree": another tree's CLI, same histories
        for split in RUN_SPLITS:
            for seed in range(SEEDS):
                record(f"{label}/cli/{split}", run_history_cli(generate_history(seed, split), Path(code)))
    summary = {key: summarize(group) for key, group in runs.items()}
    sample = generate_history(0, "dev")
    meta = {"date": time.strftime("%Y-%m-%d"), "seeds": SEEDS, "messages": len(sample.messages),
            "chats": len(sample.threads), "days": (sample.end - sample.messages[0].at).days + 1,
            "counter": counter_name, "memory_budget": (CONTEXT - 512) // 2, "threshold": OMConfig_threshold(),
            "baseline_rev": base_rev, "extra": os.environ.get("MNEME_RETENTION_EXTRA", "")}
    RESULTS.mkdir(exist_ok=True)
    detail = {key: [{"seed": r.seed, "observer_used": r.observer_used, "memory_tokens": r.memory_tokens,
                     "noise_lines": r.noise_lines, "lines": r.lines,
                     "facts": [f.__dict__ for f in r.facts]} for r in group] for key, group in runs.items()}
    (RESULTS / "retention.json").write_text(json.dumps({"meta": meta, "summary": summary, "runs": detail},
                                                       indent=1, ensure_ascii=False), encoding="utf-8")
    (RESULTS / "retention.md").write_text(render_markdown(summary, meta), encoding="utf-8")
    print(render_markdown(summary, meta))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
