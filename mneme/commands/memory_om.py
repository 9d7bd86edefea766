"""``mneme memory observe | timeline | context``: observational memory from the command line."""
from __future__ import annotations

import sys
from typing import Any

from memory_core.errors import InvalidInput

from ..session import open_or_create
from .output import print_json


def register(memory_sub, common) -> None:
    observe = memory_sub.add_parser("observe", parents=[common],
                                    help="observe unobserved messages now (and reflect when due)")
    observe.add_argument("--thread", help="only this thread (default: every thread)")
    observe.add_argument("--model", default="chosen",
                         help="'chosen' (default: the model chosen with `mneme models use`; with none chosen, the "
                              "extractive observer, as the bundled model is too small for the LLM one), 'none' "
                              "(extractive observer, no LLM), 'bundled', or a GGUF path: the LLM observer is tried "
                              "first (models of 1B parameters and more) and falls back to extractive")
    observe.set_defaults(handler=run_observe)

    timeline = memory_sub.add_parser("timeline", parents=[common], help="observations and reflections, oldest first")
    timeline.add_argument("--json", action="store_true", help="print JSON (one array of items)")
    timeline.set_defaults(handler=run_timeline)

    context = memory_sub.add_parser("context", parents=[common],
                                    help="print exactly what the model would see for a chat's next turn")
    context.add_argument("--thread", required=True)
    context.add_argument("--message", help="the next user message (default: none, the prompt up to it)")
    context.add_argument("--model", default="chosen",
                         help="'chosen' (default: the model chosen with `mneme models use`, else approximate token "
                              "counts), 'none' (approximate token counts), 'bundled' or a GGUF path")
    context.set_defaults(handler=run_context)


def model_spec(spec: str, data_dir) -> str:
    """``chosen`` -> the GGUF chosen with ``mneme models use`` (the app's model too), or ``none`` when the
    bundled model is the default: it is below the LLM observer's 1B floor, so loading it would change nothing."""
    if spec != "chosen":
        return spec
    from models.choice import chosen_model

    chosen = chosen_model(data_dir)
    return str(chosen.path) if chosen is not None else "none"


def load_model(spec: str, data_dir=None):
    """Open the chat model named on the command line (imports llama.cpp only here)."""
    spec = model_spec(spec, data_dir) if data_dir is not None else spec
    if not spec or spec in ("none", "chosen"):
        return None
    from models.loading import open_chat_model

    return open_chat_model(None if spec == "bundled" else spec, context_length=4096)


def _progress(state) -> None:
    if sys.stderr.isatty():
        line = state.describe() if state.phase != "observing" else f"observing {state.done}/{state.total} messages"
        sys.stderr.write(f"\r{line:<60}")
        sys.stderr.flush()


def run_observe(args) -> int:
    from memory_core.observational.worker import make_engine

    model = load_model(args.model, args.data_dir)
    try:
        with open_or_create(args.data_dir) as store:
            if args.thread and not any(t["id"] == args.thread for t in store.threads()):
                raise InvalidInput(f"no thread {args.thread!r}; `mneme memory timeline` lists what is stored")
            engine = make_engine(store, model, observer_mode=None if model else "extractive")
            pending = len(engine.unobserved(store, args.thread))
            report = engine.run_due(store, force=True, progress=_progress, only_thread=args.thread)
            if sys.stderr.isatty():
                sys.stderr.write("\r" + " " * 60 + "\r")
            if report.skipped:
                print(f"memory: {report.skipped}", file=sys.stderr)
                return 1
            print(f"observed {report.activated_messages} of {pending} pending messages into "
                  f"{report.observations} observations"
                  + (f"; reflected ({report.actions[-1]})" if report.reflected else "")
                  + f" [observer: {engine.state.observer}]")
            if engine.state.last_error:
                print(f"note: {engine.state.last_error}", file=sys.stderr)
    finally:
        if model is not None:
            model.close()
    return 0


def timeline_items(store) -> list[dict[str, Any]]:
    """Every observation and reflection (all generations), oldest first, with provenance."""
    from memory_core.observational.timeline import TimelineFilter, timeline

    items = timeline(store, TimelineFilter(all_generations=True), limit=None, newest_first=False)
    return [_as_json(item) for item in items]


def _as_json(item) -> dict[str, Any]:
    row = {"id": item.id, "kind": item.kind, "priority": item.priority, "observed_at": item.observed_at,
           "referenced_date": item.referenced_date, "text": item.text, "message_ids": list(item.message_ids)}
    if item.kind == "observation":
        row.update(thread_id=item.thread_id, reflected_in=item.reflected_in)
    else:
        row.update(observation_ids=list(item.observation_ids), generation=item.generation)
    return row


def run_timeline(args) -> int:
    from memory_core.observational.format import PRIORITY_EMOJI

    with open_or_create(args.data_dir) as store:
        items = timeline_items(store)
    if args.json:
        print_json(items)
        return 0
    if not items:
        print("no observations yet: add messages, then run `mneme memory observe`")
        return 0
    day = None
    for item in items:
        if item["observed_at"][:10] != day:
            day = item["observed_at"][:10]
            print(f"Date: {day}")
        tag = (f"r{item['id']} gen {item['generation']}" if item["kind"] == "reflection" else f"o{item['id']}")
        ref = f" (meaning {item['referenced_date']})" if item["referenced_date"] else ""
        print(f"  {PRIORITY_EMOJI[item['priority']]} {item['observed_at'][11:16]} {item['text']}{ref}  [{tag}]")
    return 0


def render_for_model(model, messages) -> str:
    """The prompt as the model reads it: its own chat template when we can get it, else ChatML."""
    from memory_core.chat.context import render_chatml

    try:
        from models.bundled import bundled_model_path
        from models.chat_template import ChatTemplate
        from models.gguf import read_gguf

        info = getattr(model, "info", None) or read_gguf(bundled_model_path())
        template = ChatTemplate.for_model(info.chat_template, None, model_name=info.name or "model")
        return template.render(messages)
    except Exception:  # noqa: BLE001 - no model package here: ChatML is what the bundled model uses
        return render_chatml(messages)


def run_context(args) -> int:
    from memory_core.chat.context import assemble
    from memory_core.observational.tokens import TokenCounter

    model = load_model(args.model, args.data_dir)
    try:
        with open_or_create(args.data_dir) as store:
            from .memory_recall import extract_pending_facts

            extract_pending_facts(store)  # what the memory worker would have done after the last turn
            counter = TokenCounter(model)
            budget = (getattr(model, "context_length", None) or 4096) - 512
            prompt = assemble(store, args.thread, args.message, counter=counter, budget=budget)
        sys.stdout.write(render_for_model(model, prompt.messages))
        report = prompt.report
        print(f"\n-- {report.prompt_tokens} prompt tokens ({'exact' if model else 'approximate'}), "
              f"{report.memory_tokens} of memory, {report.raw_tail_messages} raw messages"
              + (f", {report.dropped_messages} older ones cut to fit" if report.dropped_messages else ""),
              file=sys.stderr)
    finally:
        if model is not None:
            model.close()
    return 0
