"""Observational memory against strong baselines, turn by turn on the bundled model.

The conversation is a month of use from ``bench/history_gen.py`` (test split,
one seed): ~156 user turns over ~32 simulated days, 30 personal facts stated
early and 10 of them changed later, pastes, small talk; replayed as one long
chat. Twenty probe turns (``bench/om_probes.py``) among the last 50 ask about
facts stated in the first half. Every strategy runs on its own llama.cpp
context (its own ``LlamaChatModel`` on the same mmap'ed GGUF), and they are
**interleaved turn by turn** in a rotating order, so machine noise hits all alike:

(a)  Mneme as shipped: stable prefix (system, reflections, observations), raw
     tail, then recalled snippets (the hybrid recall engine) and the new
     message; the memory worker runs between turns and, after a commit, hands
     the next turn's prefix to the chat context (``prepare_prefix``);
(a0) the same prompts as (a) on another context without the hand-over: what
     the turn after a memory change costs without it;
(b)  full raw history, truncated cache-friendly: when it no longer fits, a
     large block of the oldest messages goes at once (down to half the
     budget, like llama.cpp's context shift with n_keep = the system prompt),
     so the prefix stays cached until the next overflow;
(c)  retrieval: the same system prompt, a raw window truncated the same
     block-wise way, and the same recall engine's snippets placed *after* the
     window (so the window stays cached), then the new message;
(d)  (a) without recall.

Over the last 50 turns: TTFT mean / median / p90 (model, and end to end with
prompt building and recall), cache share, prompt tokens, retention (does the
prompt the model sees hold the probed fact's current value) and stale rate
(it holds a superseded value and not the current one). Writes
bench/results/om.md and om.json. ``MNEME_BENCH_TURNS=N`` replays only the first
N history turns plus the probes (the committed run used 130: 150 turns in all, to fit the shared
machine's time); ``MNEME_BENCH_SHADOW=0`` leaves (a0) out. Results are rewritten every 10 turns, so an
interrupted run still leaves its figures so far (marked partial).
"""
from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile  # noqa: E402

RESULTS = Path(__file__).parent / "results"
#: 2048 keeps a run to tens of minutes on 2 shared cores.
CONTEXT = int(os.environ.get("MNEME_BENCH_CONTEXT", "2048"))
REPLY_TOKENS = int(os.environ.get("MNEME_BENCH_REPLY_TOKENS", "16"))
#: Room kept for the reply, as the app keeps max_tokens (512 of 4096): the same for every strategy.
REPLY_RESERVE = CONTEXT // 8
BUDGET = CONTEXT - REPLY_RESERVE
SEED = int(os.environ.get("MNEME_BENCH_SEED", "7"))
SPLIT = "test"
LAST = 50
PROBES_IN_LAST = 20
RECALL_K = 3
SNIPPET_CHARS = 240
THREAD = "bench"


@dataclass
class Probe:
    slot: str
    expected: str
    superseded: str | None      # the old value, when the fact changed before the probe


@dataclass
class Turn:
    at: datetime
    text: str
    probe: Probe | None = None


def build_script(seed: int = SEED) -> tuple[list[Turn], dict]:
    """The history's user turns in time order, with probe turns placed among the last 50."""
    from bench.history_gen import generate_history
    from bench.om_probes import PROBES

    history = generate_history(seed, SPLIT)
    users = [m for m in history.messages if m.role == "user"]
    turns = [Turn(m.at, m.text) for m in users]
    limit = int(os.environ.get("MNEME_BENCH_TURNS", "0") or 0)
    if limit:
        turns = turns[:limit]
    rng = random.Random(f"om-probes-{seed}")
    facts = {f.slot: f for f in history.facts}
    middle = turns[len(turns) // 2].at
    eligible = [slot for slot, fact in facts.items()
                if slot in PROBES and not fact.cancelled and fact.stated_at and fact.stated_at < middle]
    changed = [s for s in eligible if facts[s].changed]
    others = [s for s in eligible if not facts[s].changed]
    rng.shuffle(changed)
    rng.shuffle(others)
    count = min(PROBES_IN_LAST, len(eligible))
    chosen = (changed + others)[:count]
    rng.shuffle(chosen)
    history_in_last = LAST - count
    start = max(1, len(turns) - history_in_last)
    positions = sorted(rng.sample(range(start, len(turns)), min(count, len(turns) - start)))
    script: list[Turn] = []
    probe_iter = iter(zip(positions, chosen))
    nxt = next(probe_iter, None)
    for index, turn in enumerate(turns):
        script.append(turn)
        while nxt is not None and nxt[0] == index:
            slot = nxt[1]
            fact = facts[slot]
            at = turn.at + timedelta(seconds=10)
            old = fact.old_values[0] if fact.old_values else fact.current
            if fact.changed and fact.changed_at is not None and fact.changed_at <= at:
                probe = Probe(slot, fact.current, old if old != fact.current else None)
            else:
                probe = Probe(slot, old, None)
            script.append(Turn(at, rng.choice(PROBES[slot]), probe))
            nxt = next(probe_iter, None)
    meta = {"seed": seed, "split": SPLIT, "history_user_turns": len(turns), "probes": len(chosen),
            "days": (script[-1].at.date() - script[0].at.date()).days + 1,
            "facts": len(facts), "facts_changed": sum(f.changed for f in facts.values()),
            "pastes": sum(1 for t in turns if t.text.count("\n") >= 4)}
    return script, meta


# -- running one turn ---------------------------------------------------------------------------------
def _generate(model, messages) -> tuple[str, dict]:
    pieces = list(model.stream(messages, max_tokens=REPLY_TOKENS, temperature=0.0))
    s = model.last_stats
    return "".join(pieces).strip(), {"prompt_tokens": s.prompt_tokens, "cached_tokens": s.cached_tokens,
                                     "ttft_s": s.time_to_first_token_s or s.total_s}


def _score(row: dict, prompt_text: str, turn: Turn, reply: str) -> None:
    probe = turn.probe
    if probe is None:
        return
    text = prompt_text.lower()
    has_current = probe.expected.lower() in text
    row["probe"] = probe.slot
    row["retained"] = has_current
    row["answered"] = probe.expected.lower() in reply.lower()
    if probe.superseded:
        row["stale"] = probe.superseded.lower() in text and not has_current


class Mneme:
    """(a) / (d): the shipped Assistant with its MemoryWorker; optionally recall and the hand-over.

    ``legacy=True`` is (a) as it was before issue 14's recall leftover: recall on every turn (no small-talk
    skip, snippets the memory block already shows kept), ISO time stamps, and the prefix prepared only
    after a memory commit. Otherwise recall is the shipped hook (memory_core/chat/recall_hook.py)."""

    def __init__(self, model, data_dir: Path, embedder, *, recall: bool, handover: bool, legacy: bool = False):
        from memory_core.chat.assistant import Assistant, ChatSettings
        from memory_core.chat.recall_hook import recall_for
        from memory_core.observational.worker import MemoryWorker
        from memory_core.storage.store import Store

        self.model, self.embedder = model, embedder
        self.store = Store.create(data_dir, use_keyring=False, passphrase="benchmark passphrase")
        self.worker = MemoryWorker(self.store, model, embedder if recall else None)
        hook = (self._recall if legacy else recall_for(embedder, RECALL_K, snippet_chars=SNIPPET_CHARS)) \
            if recall else None
        settings = ChatSettings(max_tokens=REPLY_TOKENS, temperature=0.0)
        if legacy:
            settings.stamp_style = "iso"
            self.worker.prepare_after_every_turn = False
        self.assistant = Assistant(self.store, model, worker=self.worker, recall=hook,
                                   reply_reserve=REPLY_RESERVE, settings=settings)
        if not handover:
            self.worker.prefix_source = None
        self.changed = False
        self.prepared = False
        self.last_prompt = None

    def _recall(self, store, thread_id: str, text: str) -> list[str]:
        """Recall as it was: every turn, top snippets less this thread's raw tail."""
        from memory_core.recall.search import search

        result = search(store, text, k=RECALL_K + 6, embedder=self.embedder)
        if result.abstained:
            return []
        raw_tail = {r["id"] for r in store.query(
            "SELECT id FROM messages WHERE thread_id = ? AND observed_at IS NULL", [thread_id])}
        snippets = [hit.text[:SNIPPET_CHARS] for hit in result.hits
                    if not (hit.kind == "message" and hit.id in raw_tail)]
        return snippets[:RECALL_K]

    def turn(self, turn: Turn) -> dict:
        started = time.perf_counter()
        first: list[float] = []
        result = self.assistant.send(THREAD, turn.text, now=turn.at,
                                     on_token=lambda _: first or first.append(time.perf_counter()))
        s = self.model.last_stats
        row = {"prompt_tokens": s.prompt_tokens, "cached_tokens": s.cached_tokens,
               "ttft_s": s.time_to_first_token_s or s.total_s,
               "e2e_s": (first[0] if first else time.perf_counter()) - started,
               "memory_changed": self.changed, "prefix_prepared": self.prepared,
               "recalled": _recalled_count(result.prompt.text),
               "dropped_messages": result.prompt.report.dropped_messages}
        _score(row, result.prompt.text, turn, result.reply)
        self.last_prompt = result.prompt
        return row

    def between_turns(self, next_at: datetime | None) -> dict:
        """The worker's pass after the turn (in the app it runs on its own thread right then)."""
        from memory_core.recall.vectors import backfill_embeddings

        started = time.perf_counter()
        report = self.worker.run_pending(now=next_at)
        worker_s = time.perf_counter() - started
        if self.embedder is not None:
            backfill_embeddings(self.store, self.embedder)
        self.changed = bool(report.activated_messages or report.reflected)
        self.prepared = self.worker.last_handover is not None and getattr(self.worker.last_handover, "outcome",
                                                                         "") == "handed over"
        handover = self.worker.last_handover
        out = {"actions": report.actions, "worker_s": round(worker_s, 3)}
        if handover is not None:
            out["handover"] = {k: (round(v, 4) if isinstance(v, float) else v) for k, v in vars(handover).items()}
        return out

    def close(self) -> dict:
        counts = self.store.counts()
        figures = {"observations": counts.get("observations"), "reflections": counts.get("reflections"),
                   "observer": self.worker.engine.state.observer, "config": vars(self.worker.engine.config)}
        self.worker.close()
        self.store.close()
        return figures


def _cut_moves(rows: list[dict]) -> int:
    """Slow turns of the last 50 where the raw tail's cut moved (the prefix after the memory block changed)."""
    last = rows[-LAST:]
    before = rows[-LAST - 1:-1] if len(rows) > LAST else [{}] + rows[:-1]
    return sum(1 for prev, r in zip(before, last) if r["cached_tokens"] < 0.5 * r["prompt_tokens"]
               and r.get("dropped_messages") != prev.get("dropped_messages"))


def _new_day_slow(rows: list[dict]) -> int:
    """Slow turns of the last 50 that open a new simulated day and follow no memory commit."""
    from memory_core.observational.dates import local_time

    days = [local_time(turn.at, None).date() for turn in build_script()[0]]
    return sum(1 for r in rows[-LAST:] if r["cached_tokens"] < 0.5 * r["prompt_tokens"]
               and not r.get("memory_changed") and 1 < r["turn"] <= len(days)
               and days[r["turn"] - 1] != days[r["turn"] - 2])


def _recalled_count(prompt_text: str) -> int:
    if "<recalled>" not in prompt_text:
        return 0
    return prompt_text.split("<recalled>", 1)[1].split("</recalled>", 1)[0].count("\n- ")


class Shadow:
    """(a0): (a)'s exact prompt on its own context, with no hand-over."""

    def __init__(self, model, source: Mneme):
        self.model, self.source = model, source

    def turn(self, turn: Turn) -> dict:
        prompt = self.source.last_prompt
        reply, row = _generate(self.model, prompt.messages)
        row["e2e_s"] = row["ttft_s"]
        row["memory_changed"] = self.source.changed
        _score(row, prompt.text, turn, reply)
        return row


class _Raw:
    """Shared by (b) and (c): stamped raw messages, dropped from the front in large blocks."""

    def __init__(self, model):
        self.model = model
        self.window: list[dict] = []
        self.window_ids: list[int] = []     # the stored message behind each window entry (-1: none)
        self.previous_day = None
        self.blocks_dropped = 0

    def stamped(self, turn: Turn) -> dict:
        from memory_core.chat.context import inert_specials, stamp
        from memory_core.observational.dates import local_time

        content = f"{stamp(turn.at, None, self.previous_day)} {inert_specials(turn.text)}"
        self.previous_day = local_time(turn.at, None).date()
        return {"role": "user", "content": content}

    def remember(self, user: dict, reply: str, ids: tuple[int, int] = (-1, -1)) -> None:
        self.window += [user, {"role": "assistant", "content": reply or "…"}]
        self.window_ids += list(ids)

    def drop_oldest(self) -> None:
        del self.window[:2]
        del self.window_ids[:2]

    def drop_block(self, build, limit: int, target: int) -> list[dict]:
        """Messages from ``build()``; if over ``limit`` tokens, drop the oldest until under ``target``."""
        messages = build()
        if self.model.count_prompt_tokens(messages) <= limit:
            return messages
        self.blocks_dropped += 1
        while self.window and self.model.count_prompt_tokens(build()) > target:
            self.drop_oldest()
        return build()


class FullHistory(_Raw):
    """(b)"""

    def turn(self, turn: Turn) -> dict:
        from memory_core.chat.context import render_chatml
        from memory_core.prompts import DEFAULT_SYSTEM_PROMPT

        started = time.perf_counter()
        user = self.stamped(turn)
        messages = self.drop_block(lambda: [{"role": "system", "content": DEFAULT_SYSTEM_PROMPT}, *self.window, user],
                                   BUDGET, BUDGET // 2)
        built = time.perf_counter() - started
        reply, row = _generate(self.model, messages)
        row["e2e_s"] = built + row["ttft_s"]
        _score(row, render_chatml(messages), turn, reply)
        self.remember(user, reply)
        return row


class Retrieval(_Raw):
    """(c): stable system prompt, block-truncated raw window, the recall engine's snippets after it."""

    def __init__(self, model, data_dir: Path, embedder, raw_budget: int):
        from memory_core.storage.store import Store

        super().__init__(model)
        self.embedder, self.raw_budget = embedder, raw_budget
        self.store = Store.create(data_dir, use_keyring=False, passphrase="benchmark passphrase")

    def turn(self, turn: Turn) -> dict:
        from memory_core.chat.context import render_chatml, volatile_block
        from memory_core.ingest import ingest_message
        from memory_core.prompts import DEFAULT_SYSTEM_PROMPT
        from memory_core.recall.search import search
        from memory_core.recall.vectors import backfill_embeddings

        started = time.perf_counter()
        system = {"role": "system", "content": DEFAULT_SYSTEM_PROMPT}
        self.drop_block(lambda: [system, *self.window], self.raw_budget, self.raw_budget // 2)
        result = search(self.store, turn.text, k=RECALL_K + 6, embedder=self.embedder)
        in_window = set(self.window_ids)
        snippets = [] if result.abstained else [
            hit.text[:SNIPPET_CHARS] for hit in result.hits if not (hit.kind == "message" and hit.id in in_window)
        ][:RECALL_K]
        user = self.stamped(turn)
        extra = volatile_block(snippets, None)
        volatile = [{"role": "system", "content": extra}] if extra else []
        messages = [system, *self.window, *volatile, user]
        while self.model.count_prompt_tokens(messages) > BUDGET and self.window:
            self.drop_oldest()
            messages = [system, *self.window, *volatile, user]
        built = time.perf_counter() - started
        reply, row = _generate(self.model, messages)
        row["e2e_s"] = built + row["ttft_s"]
        row["recalled"] = len(snippets)
        _score(row, render_chatml(messages), turn, reply)
        user_id = ingest_message(self.store, THREAD, "user", turn.text, at=turn.at).message.id
        reply_id = ingest_message(self.store, THREAD, "assistant", reply, at=turn.at).message.id if reply else -1
        self.remember(user, reply, (user_id, reply_id))
        backfill_embeddings(self.store, self.embedder)
        return row

    def close(self) -> None:
        self.store.close()


# -- summary ---------------------------------------------------------------------------------------------
def summarize(rows: list[dict]) -> dict:
    last = rows[-LAST:]
    ttft = [r["ttft_s"] for r in last]
    e2e = [r["e2e_s"] for r in last]
    probes = [r for r in last if "retained" in r]
    changed = [r for r in probes if "stale" in r]
    out = {
        "turns": len(last),
        "ttft_mean_s": statistics.mean(ttft), "ttft_median_s": statistics.median(ttft),
        "ttft_p90_s": percentile(ttft, 90), "ttft_max_s": max(ttft),
        "e2e_mean_s": statistics.mean(e2e), "e2e_median_s": statistics.median(e2e), "e2e_p90_s": percentile(e2e, 90),
        "cache_share": sum(r["cached_tokens"] for r in last) / max(1, sum(r["prompt_tokens"] for r in last)),
        "prompt_tokens_mean": statistics.mean(r["prompt_tokens"] for r in last),
        "prompt_tokens_max": max(r["prompt_tokens"] for r in last),
        "probes": len(probes), "retained": sum(r["retained"] for r in probes),
        "retention": sum(r["retained"] for r in probes) / len(probes) if probes else None,
        "answered": sum(r["answered"] for r in probes),
        "changed_probes": len(changed), "stale": sum(r["stale"] for r in changed),
        "stale_rate": sum(r["stale"] for r in changed) / len(changed) if changed else None,
        "ttft_mean_all_turns_s": statistics.mean(r["ttft_s"] for r in rows),
    }
    after_change = [r["ttft_s"] for r in last if r.get("memory_changed")]
    if after_change:
        out["memory_changed_turns"] = len(after_change)
        out["memory_changed_ttft_mean_s"] = statistics.mean(after_change)
        out["memory_changed_ttft_median_s"] = statistics.median(after_change)
        out["memory_changed_ttft_max_s"] = max(after_change)
    out["p90_over_median"] = out["ttft_p90_s"] / out["ttft_median_s"] if out["ttft_median_s"] else None
    return out


NAMES = {"a": "(a) Mneme: OM + recall after the stable part, prefix hand-over",
         "a0": "(a0) = (a)'s prompts, no hand-over",
         "b": "(b) full history, block truncation",
         "c": "(c) retrieval: raw window + recall snippets after it",
         "d": "(d) OM without recall, hand-over"}


def write(rows: dict, summary: dict, meta: dict) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "om.json").write_text(json.dumps({"meta": meta, "summary": summary, "rows": rows}, indent=1,
                                                default=str) + "\n")
    ms = lambda v: f"{v * 1000:.0f}"  # noqa: E731
    lines = [
        "# Observational memory against strong baselines (bench/bench_om.py)", "",
        *([f"**PARTIAL: {meta['turns_done']} of {meta['turns']} turns so far; figures below are over the last "
           f"{LAST} turns done, not the planned ones.**", ""] if meta["partial"] else []),
        f"Model SmolLM2-135M-Instruct (`{meta['model_file']}`), context {CONTEXT}, reply ≤ {REPLY_TOKENS} tokens, "
        f"{REPLY_RESERVE} tokens reserved for it (prompt budget {BUDGET}); chat contexts {meta['threads']} threads, "
        f"background context {meta['background_threads']} thread(s). Observer that ran: **{meta['observer']}** "
        f"({meta['observer_why']}). Recall: memory_core.recall.search (BM25 + all-MiniLM-L6-v2 dense + recency, "
        f"RRF), top {RECALL_K} snippets of ≤ {SNIPPET_CHARS} characters.", "",
        f"History: bench/history_gen.py seed {meta['script']['seed']}, split {meta['script']['split']}: "
        f"{meta['script']['history_user_turns']} user turns over {meta['script']['days']} simulated days, "
        f"{meta['script']['facts']} facts ({meta['script']['facts_changed']} changed later), "
        f"{meta['script']['pastes']} pastes, replayed as one chat, plus {meta['script']['probes']} probe turns "
        f"(bench/om_probes.py) among the last {LAST}. {meta['turns']} turns in all ({meta['turns_done']} run); "
        f"strategies interleaved turn "
        f"by turn in a rotating order, each on its own llama.cpp context (same mmap'ed weights).", "",
        f"Machine: {meta['machine']}. Load average at start {meta['load_start']}, at end {meta['load_end']} "
        f"(shared with other engineers' jobs). Run {meta['date']}, {meta['seconds']:.0f} s.", "",
        f"## Last {LAST} turns", "",
        "| strategy | TTFT mean ms | median | p90 | p90/median | end-to-end mean / median / p90 ms | cache share "
        "| prompt tokens mean (max) | retention | stale | probe answered in reply |",
        "|---|---|---|---|---|---|---|---|---|---|---|"]
    for key, s in summary["strategies"].items():
        retention = f"{s['retained']}/{s['probes']} = {s['retention']:.0%}" if s["probes"] else "n/a"
        stale = f"{s['stale']}/{s['changed_probes']} = {s['stale_rate']:.0%}" if s["changed_probes"] else "n/a"
        lines.append(
            f"| {NAMES[key]} | {ms(s['ttft_mean_s'])} | {ms(s['ttft_median_s'])} | {ms(s['ttft_p90_s'])} | "
            f"{s['p90_over_median']:.1f}x | {ms(s['e2e_mean_s'])} / {ms(s['e2e_median_s'])} / {ms(s['e2e_p90_s'])} | "
            f"{s['cache_share']:.0%} | {s['prompt_tokens_mean']:.0f} ({s['prompt_tokens_max']}) | {retention} | "
            f"{stale} | {s['answered']}/{s['probes']} |")
    t = summary["targets"]
    lines += [
        "", f"Samples: {summary['strategies']['a']['turns']} turns per strategy ({summary['strategies']['a']['probes']} of them probes). "
        "TTFT = the runtime's time to first token (prompt evaluation, cached prefix reused); end-to-end adds "
        "building the prompt (memory block, recall's query embedding and search).", "",
        "## Targets", "",
        "| target | result | |", "|---|---|---|",
        f"| (a) retention ≥ 90% | {t['a_retention']:.0%} | {'met' if t['a_retention'] >= 0.9 else 'NOT met'} |",
        f"| (a) mean TTFT ≤ the faster of (b), (c) | (a) {ms(t['a_mean'])} ms vs {t['faster']} {ms(t['faster_mean'])} ms "
        f"= {t['a_vs_faster']:.2f}x | {'met' if t['a_vs_faster'] <= 1.0 else 'NOT met'} |",
        f"| (a) p90 TTFT ≤ 3x median (with the hand-over) | {t['a_p90_over_median']:.1f}x | "
        f"{'met' if t['a_p90_over_median'] <= 3 else 'NOT met'} |",
        (f"| the same without the hand-over, (a0) | {t['a0_p90_over_median']:.1f}x | — |"
         if t["a0_p90_over_median"] is not None else
         "| the same without the hand-over | (a0) not run here: see runtime.md (e), recompute vs hand-over by "
         "size | — |"),
        f"| turns right after a memory change (last {LAST}): TTFT mean / max, (a) vs (a0) | "
        f"{t['changed_turns']} turns: {t['changed_a']} vs {t['changed_a0']}; the chat would have recomputed "
        f"{t['changed_missing_tokens_mean'] or 0:.0f} tokens on average without the hand-over | — |",
        "", "## Hand-over", "",
        f"{summary['handover']['count']} hand-overs in the run (after activations/reflections of (a)); prefix "
        f"tokens mean {summary['handover']['prefix_tokens_mean']:.0f}; tokens the chat would have recomputed: mean "
        f"{summary['handover']['missing_mean']:.0f}; chat context locked for the copy: mean "
        f"{summary['handover']['load_ms_mean']:.1f} ms, max {summary['handover']['load_ms_max']:.1f} ms; "
        f"background evaluation: mean {summary['handover']['background_s_mean']:.2f} s (off the chat's path). "
        f"Outcomes: {summary['handover']['outcomes']}.", "",
        "## Where (a)'s slow turns come from", "",
        f"Turns of the last {LAST} where most of the prompt was recomputed (cached < 50%): " + ", ".join(
            f"{k} {sum(1 for r in v[-LAST:] if r['cached_tokens'] < 0.5 * r['prompt_tokens'])}"
            for k, v in rows["rows"].items()) + ". For (a) and (d), those right after a memory change: "
        + str(sum(1 for r in rows["rows"]["a"][-LAST:]
                  if r["cached_tokens"] < 0.5 * r["prompt_tokens"] and r.get("memory_changed"))) + "; where the "
        "raw tail's cut moved (dropped_messages differs from the turn before): " + ", ".join(
            f"{k} {_cut_moves(rows['rows'][k])}" for k in ("a", "d") if k in rows["rows"]) + "; on the first turn "
        "of a new simulated day, with no commit (the memory block writes referenced dates relative to today, "
        "\"that is 2026-03-05, in 3 days\", so it changes at midnight and the turn recomputes from there): " + ", ".join(
            f"{k} {_new_day_slow(rows['rows'][k])}" for k in ("a", "d") if k in rows["rows"]) + ". The engine cuts "
        "an overflowing raw tail in blocks with a cut point that stays put until the tail overflows again "
        "(memory_core/chat/context.py tail_cut), and its thresholds count what the tail costs in the prompt "
        "(stamps and template markup, not only the text). Before that fix (branch h14's run, same settings, "
        "extractive observer, on code before issue 11's observer) (a) had 12 such turns, none after a commit: the "
        "tail was trimmed one message per turn and each trim moved the whole tail. The same script before and after "
        "the fix, prompts-only: bench/results/om_prefix_moves.md.",
        "",
        "## What is not measured", "",
        "- Whether the model *answers* from what it sees: the score is whether the current value is in the "
        "prompt (the 135M model's replies are shown beside it for what they are worth).",
        "- (b) recomputes the whole kept history after a block drop; llama.cpp's server shifts the KV cache "
        "instead (RoPE shift, no recompute), which would make (b)'s overflow turns cheaper at some quality cost.",
        "- The worker runs between turns, not concurrently (concurrency is in bench/results/runtime.md).",
        "- One seed, one split; 4096+ contexts and larger models not run here.",
    ]
    (RESULTS / "om.md").write_text("\n".join(lines) + "\n")


def _prompt_only_model(path, settings):
    """The real tokenizer and template, but no evaluation: a fixed reply, for the retention replay."""
    from models.llama_runtime import GenerationStats, LlamaChatModel, PrefixHandover

    class PromptOnly(LlamaChatModel):
        reply = "Thanks, noted."

        def stream(self, messages, **_):
            self._stats = GenerationStats(prompt_tokens=self.count_prompt_tokens(messages))
            yield self.reply

        @property
        def last_stats(self):
            return getattr(self, "_stats", None)

        def prepare_prefix(self, messages, **_):
            return PrefixHandover(outcome="not evaluated")
    return PromptOnly(path, settings)


def write_retention(rows: dict, meta: dict) -> None:
    """om_retention.md: what each strategy's prompts hold at the probes, over the whole script."""
    lines = ["# Retention replay (bench/bench_om.py, MNEME_BENCH_PROMPTS_ONLY=1)", "",
             f"The same script and strategies as om.md ({meta['turns']} turns: {meta['script']['history_user_turns']} "
             f"history turns over {meta['script']['days']} days, {meta['script']['probes']} probes among the last "
             f"{LAST}), the same engine, recall and truncation, the real tokenizer and chat template, but nothing "
             "is evaluated: every reply is the fixed sentence \"Thanks, noted.\" (so the raw history differs from a "
             "model's replies). The score is the issue's: is the probed fact's current value in the prompt the model "
             f"would see; stale = a superseded value is there and the current one is not. Observer: "
             f"**{meta['observer']}**. Run {meta['date']}, {meta['seconds']:.0f} s.", "",
             "| strategy | probes | retention | changed-fact probes | stale | mean prompt tokens (last 50) |",
             "|---|---|---|---|---|---|"]
    for key, value in rows.items():
        probes = [r for r in value if "retained" in r]
        changed = [r for r in probes if "stale" in r]
        kept = sum(r["retained"] for r in probes)
        stale = sum(r["stale"] for r in changed)
        lines.append(f"| {NAMES[key]} | {len(probes)} | {kept}/{len(probes)} = {kept / max(1, len(probes)):.0%} | "
                     f"{len(changed)} | {stale}/{len(changed)} = {stale / max(1, len(changed)):.0%} | "
                     f"{statistics.mean(r['prompt_tokens'] for r in value[-LAST:]):.0f} |")
    missed = {key: [r["probe"] for r in value if r.get("retained") is False] for key, value in rows.items()}
    lines += ["", "Probes whose current value was not in the prompt: " + "; ".join(
        f"{k}: {', '.join(v) or 'none'}" for k, v in missed.items()), ""]
    (RESULTS / "om_retention.md").write_text("\n".join(lines))
    (RESULTS / "om_retention.json").write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, default=str))


def rerender() -> None:
    """Write om.md again from om.json (after a change to the table's wording, without a new run)."""
    data = json.loads((RESULTS / "om.json").read_text())
    write(data["rows"], data["summary"], data["meta"])


def main() -> None:
    if sys.argv[1:] == ["--rerender"]:
        rerender()
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import memory_core.storage.keys as keys
    from models.bundled import bundled_model_path
    from models.embedder import SentenceEmbedder
    from models.llama_runtime import LlamaChatModel, RuntimeSettings

    keys.SCRYPT_N = 2**12  # scratch databases: key stretching is not what we measure
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    started = time.perf_counter()
    script, script_meta = build_script()
    settings = RuntimeSettings(context_length=CONTEXT)
    path = bundled_model_path()
    prompts_only = os.environ.get("MNEME_BENCH_PROMPTS_ONLY") == "1"
    shadow = os.environ.get("MNEME_BENCH_SHADOW", "1") != "0" and not prompts_only
    keys_run = ("a", "a0", "b", "c", "d") if shadow else ("a", "b", "c", "d")
    open_model = _prompt_only_model if prompts_only else LlamaChatModel
    models = {key: open_model(path, settings) for key in keys_run}
    embedder = SentenceEmbedder().load()
    import torch

    torch.set_num_threads(1)
    rows: dict[str, list[dict]] = {key: [] for key in models}
    between: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="mneme-bench-om-") as scratch:
        scratch = Path(scratch)
        a = Mneme(models["a"], scratch / "a", embedder, recall=True, handover=True)
        d = Mneme(models["d"], scratch / "d", None, recall=False, handover=True)
        raw_budget = a.worker.engine.config.message_tokens
        strategies = {"a": a, "b": FullHistory(models["b"]),
                      "c": Retrieval(models["c"], scratch / "c", embedder, raw_budget), "d": d}
        if shadow:
            strategies["a0"] = Shadow(models["a0"], a)
        units = [("a", "a0") if shadow else ("a",), ("b",), ("c",), ("d",)]
        try:
            for n, turn in enumerate(script):
                order = units[n % len(units):] + units[:n % len(units)]
                for unit in order:
                    for key in unit:
                        row = strategies[key].turn(turn)
                        row["turn"] = n + 1
                        rows[key].append(row)
                next_at = script[n + 1].at if n + 1 < len(script) else None
                between.append({"turn": n + 1, "a": a.between_turns(next_at), "d": d.between_turns(next_at)})
                print(f"turn {n + 1}/{len(script)}: " + ", ".join(
                    f"{k} {rows[k][-1]['prompt_tokens']}p/{rows[k][-1]['cached_tokens']}c "
                    f"{rows[k][-1]['ttft_s'] * 1000:.0f}ms" for k in rows)
                    + (" ✱" if a.changed else ""), flush=True)
                if (n + 1) % 10 == 0 and n + 1 < len(script) and not prompts_only:
                    report(rows, between, a, d, settings, path, script, script_meta, load_start, started,
                           partial=True)
        finally:
            om_a, om_d = a.close(), d.close()
            strategies["c"].close()
    for model in models.values():
        model.close()
    if prompts_only:
        write_retention(rows, {"turns": len(script), "script": script_meta, "observer": om_a["observer"],
                               "date": datetime.now().strftime("%Y-%m-%d %H:%M"),
                               "seconds": time.perf_counter() - started})
        return
    report(rows, between, om_a, om_d, settings, path, script, script_meta, load_start, started, partial=False)


def report(rows, between, a, d, settings, path, script, script_meta, load_start, started, *, partial: bool) -> None:
    """Summarize and write om.md / om.json (also every 10 turns, marked partial, so a cut run leaves figures)."""
    om_a = a if isinstance(a, dict) else {"observer": a.worker.engine.state.observer,
                                          "config": vars(a.worker.engine.config)}
    om_d = d if isinstance(d, dict) else {"observer": d.worker.engine.state.observer}
    threads = settings.resolved_threads()
    background_threads = settings.resolved_background_threads()
    per = {key: summarize(value) for key, value in rows.items()}
    handovers = [b["a"]["handover"] for b in between if "handover" in b["a"]]
    done = [h for h in handovers if h["outcome"] == "handed over"]
    outcomes: dict[str, int] = {}
    for h in handovers:
        outcomes[h["outcome"]] = outcomes.get(h["outcome"], 0) + 1
    faster = min(("b", "c"), key=lambda k: per[k]["ttft_mean_s"])
    changed_a = [r["ttft_s"] for r in rows["a"][-LAST:] if r.get("memory_changed")]
    changed_a0 = [r["ttft_s"] for r in rows.get("a0", [])[-LAST:] if r.get("memory_changed")]
    changed_missing = [b["a"]["handover"]["missing_tokens"] for b in between[-LAST - 1:-1]
                       if b["a"].get("handover", {}).get("outcome") == "handed over"]

    def fmt(values):
        return f"{statistics.mean(values) * 1000:.0f} / {max(values) * 1000:.0f} ms" if values else "n/a"
    summary = {
        "strategies": per,
        "targets": {"a_retention": per["a"]["retention"] or 0.0, "a_mean": per["a"]["ttft_mean_s"],
                    "faster": faster, "faster_mean": per[faster]["ttft_mean_s"],
                    "a_vs_faster": per["a"]["ttft_mean_s"] / per[faster]["ttft_mean_s"],
                    "a_p90_over_median": per["a"]["p90_over_median"],
                    "a0_p90_over_median": per["a0"]["p90_over_median"] if "a0" in per else None,
                    "changed_turns": len(changed_a), "changed_a": fmt(changed_a), "changed_a0": fmt(changed_a0),
                    "changed_missing_tokens_mean": statistics.mean(changed_missing) if changed_missing else None},
        "handover": {"count": len(done), "outcomes": outcomes,
                     "prefix_tokens_mean": statistics.mean(h["prefix_tokens"] for h in done) if done else 0,
                     "missing_mean": statistics.mean(h["missing_tokens"] for h in done) if done else 0,
                     "load_ms_mean": 1000 * statistics.mean(h["load_seconds"] for h in done) if done else 0,
                     "load_ms_max": 1000 * max(h["load_seconds"] for h in done) if done else 0,
                     "background_s_mean": statistics.mean(h["background_seconds"] for h in done) if done else 0},
        "om_a": om_a, "om_d": om_d,
    }
    meta = {"model": getattr(settings, "_name", "SmolLM2-135M-Instruct"), "model_file": path.name, "threads": threads,
            "background_threads": background_threads, "observer": om_a["observer"],
            "observer_why": "auto mode picks the extractive observer for models under 1B parameters",
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
            "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg()),
            "date": datetime.now().strftime("%Y-%m-%d %H:%M"), "seconds": time.perf_counter() - started,
            "turns": len(script), "turns_done": len(rows["a"]), "partial": partial, "script": script_meta}
    write({"rows": rows, "between": between}, summary, meta)
    if not partial:
        print(json.dumps({k: v for k, v in summary.items() if k in ("targets", "handover")}, indent=1, default=str))


if __name__ == "__main__":
    main()
