"""``mneme memory import | search | facts``: bring history in, find things, list what Mneme believes.

The embedder is made only inside the search handler, once per process; ``--batch`` answers many queries
with one model load and one index. A search embeds its queries in numpy (models/query_encoder.py), so torch
is imported only when items lacking a vector have to be embedded first.
Without the embedder package, search still works on keywords (BM25 + recency).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from memory_core.clock import parse_iso
from memory_core.errors import InvalidInput

from ..session import open_or_create
from .fact_model import add_model_option, fact_model
from .fact_parser import add_parser_option, fact_parser
from .output import print_json, print_json_line

#: Items embedded before a search when vectors are missing (the rest stays keyword-only until the
#: background job catches up).
SEARCH_BACKFILL_LIMIT = 5000
#: Skipped lines listed one by one after an import; the rest are counted (all are in --json).
MAX_LISTED_ERRORS = 50


def register(memory_sub, common) -> None:
    imp = memory_sub.add_parser("import", parents=[common], help="import a JSONL file or a ChatGPT conversations.json")
    imp.add_argument("file", type=Path)
    imp.add_argument("--json", action="store_true", help="print the import report as JSON")
    imp.set_defaults(handler=run_import)

    search = memory_sub.add_parser("search", parents=[common], help="hybrid search over messages, observations, facts")
    search.add_argument("query", nargs="?", help="what to look for; time phrases like 'last month' filter by date")
    search.add_argument("--batch", type=Path, help="JSONL file of {\"id\", \"query\", \"as_of\"?} objects")
    search.add_argument("--k", type=int, default=10, help="how many hits (default: 10)")
    search.add_argument("--as-of", help="search memory as it was at this time (ISO 8601)")
    search.add_argument("--kinds", help="comma-separated kinds (message, observation, fact, reflection)")
    search.add_argument("--no-embedder", action="store_true", help="keywords only (BM25 + recency)")
    search.add_argument("--json", action="store_true")
    search.set_defaults(handler=run_search)

    facts = memory_sub.add_parser("facts", parents=[common], help="what Mneme believes about you (and when it was true)")
    facts.add_argument("--as-of", help="facts valid at this time (ISO 8601)")
    facts.add_argument("--history", action="store_true", help="include retired facts")
    facts.add_argument("--json", action="store_true")
    facts.add_argument("--no-embedder", action="store_true",
                       help="skip the background matcher (facts from the rule pass only)")
    add_parser_option(facts)
    add_model_option(facts)
    facts.set_defaults(handler=run_facts)


def run_import(args) -> int:
    from memory_core.portability.importers import import_file

    from .memory_compact import after_import

    def progress(done: int, total: int, added: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\rimported {done}/{total} ({added} messages added)", end="", file=sys.stderr, flush=True)

    with open_or_create(args.data_dir) as store:
        report = import_file(store, args.file, progress=progress)
        after_import(store, report.added, quiet=args.json)
    if args.json:
        print_json(report.to_json())
    else:
        if sys.stderr.isatty():
            print(file=sys.stderr)
        print(f"imported {report.added} messages from {args.file} ({report.format}); "
              f"{report.duplicates} already present, {report.facts} facts found")
        print(report.summary())
        for error in report.errors[:MAX_LISTED_ERRORS]:
            print(f"  skipped {error}", file=sys.stderr)
        if len(report.errors) > MAX_LISTED_ERRORS:
            print(f"  ... and {len(report.errors) - MAX_LISTED_ERRORS} more (--json lists them all)", file=sys.stderr)
    return 0 if not report.errors else 1


def load_embedder(disabled: bool = False, *, queries_only: bool = False):
    """The real embedder, or None (with a note) when it cannot be loaded: search degrades to keywords.

    ``queries_only``: the caller embeds single texts (search queries); when numpy serves those, torch is not
    imported now (seconds) but on the first batch, if one comes."""
    if disabled:
        return None
    try:
        from models.embedder import SentenceEmbedder

        embedder = SentenceEmbedder()
        if queries_only and embedder.serves_queries_without_torch():
            return embedder
        return embedder.load()
    except Exception as exc:  # noqa: BLE001 - any failure here means "keywords only", said plainly
        print(f"mneme: searching by keywords only ({exc})", file=sys.stderr)
        return None


def _kinds(text: str | None):
    return tuple(k.strip() for k in text.split(",") if k.strip()) if text else None


def run_search(args) -> int:
    from memory_core.recall import search as recall
    from memory_core.recall.vectors import backfill_embeddings
    from models.errors import ModelError

    if args.k < 1:
        raise InvalidInput("--k must be at least 1")
    if not args.batch and not args.query:
        raise InvalidInput("give a QUERY or --batch FILE")
    as_of = parse_iso(args.as_of) if args.as_of else None
    with open_or_create(args.data_dir) as store:
        extract_pending_facts(store)
        embedder = load_embedder(args.no_embedder, queries_only=True)
        if embedder is not None:
            # a batch is worth embedding everything first: otherwise the items past the limit are keyword-only
            try:
                backfill_embeddings(store, embedder, limit=None if args.batch else SEARCH_BACKFILL_LIMIT)
            except ModelError as exc:  # torch could not load: the items without a vector stay keyword-only
                print(f"mneme: items without a vector are found by keywords only ({exc})", file=sys.stderr)
        if args.batch:
            from memory_core.recall import message_postings

            # once for the whole batch, as the app does at unlock: BM25 over messages ranks from them and weighs
            # words by the counts derived from them (recall/message_postings.py)
            message_postings.load(store)
            return _run_batch(store, args, embedder)
        result = recall.search(store, args.query, k=args.k, as_of=as_of, embedder=embedder, kinds=_kinds(args.kinds))
    if args.json:
        print_json(result.to_json())
        return 0
    if result.abstained:
        print(f"no confident match ({result.reason})")
        return 0
    if result.time_range:
        print(f"(between {result.time_range.start_iso} and {result.time_range.end_iso})")
    for hit in result.hits:
        snippet = " ".join(hit.text.split())
        print(f"{hit.score:.4f}  {hit.kind:<11} {hit.at[:16]}  {snippet[:100]}")
    return 0


def _run_batch(store, args, embedder) -> int:
    from memory_core.recall import search as recall

    if not args.batch.is_file():
        raise InvalidInput(f"no file at {args.batch}")
    with open(args.batch, "r", encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                if not isinstance(item, dict) or not isinstance(item.get("query"), str):
                    raise InvalidInput("expected {\"id\", \"query\", \"as_of\"?}")
                as_of = parse_iso(item["as_of"]) if item.get("as_of") else None
                result = recall.search(store, item["query"], k=args.k, as_of=as_of, embedder=embedder,
                                       kinds=_kinds(args.kinds))
                out = {"id": item.get("id"), "hits": [hit.to_json() for hit in result.hits],
                       "abstained": result.abstained}
            except (json.JSONDecodeError, InvalidInput) as exc:
                out = {"id": None if not isinstance(locals().get("item"), dict) else item.get("id"),
                       "hits": [], "error": f"line {number}: {exc}"}
            print_json_line(out)
            item = None
    return 0


def extract_pending_facts(store, args=None) -> None:
    """The fact pass over messages the write path marked (rules and changes, no model): before any read
    that shows facts, so ``memory add`` then ``memory facts`` reads what was said."""
    from memory_core.facts.fact_pass import pending_count, run_fact_pass

    # None unless ``memory facts --model`` names one of >= 1B parameters (and some message waits for it)
    model = fact_model(args) if pending_count(store) else None
    try:
        run_fact_pass(store, parser=fact_parser(args), fact_model=model)
    finally:
        if model is not None:
            model.close()


def catch_up_facts(store, *, semantic: bool = True, args=None) -> None:
    """The fact pass, then the background attribute matcher on messages stored since its last pass.

    The embedder is loaded only when some sentence is waiting for it; without
    the embedder package the facts the rules found are shown, with a note.
    """
    from memory_core.facts.attribute_meaning import AttributeMeaning, mark_reconciled, open_pairs, reconcile_slots
    from memory_core.facts.semantic import mark_done, pending, run_semantic_pass

    extract_pending_facts(store, args)
    if not semantic:
        return
    rows, options = pending(store)
    if not options:
        mark_done(store, rows)
        if not open_pairs(store):  # no two attribute names only meaning can tell apart
            mark_reconciled(store)
            return
    try:
        from models.embedder import SentenceEmbedder

        embedder = SentenceEmbedder().load()
    except Exception as exc:  # noqa: BLE001 - without the embedder, the hot path's facts still stand
        print(f"mneme: facts from rules only ({exc})", file=sys.stderr)
        return
    if options:
        run_semantic_pass(store, embedder)
    reconcile_slots(store, AttributeMeaning(embedder))  # attribute names of one slot, by meaning


def run_facts(args) -> int:
    from memory_core.facts import ledger as factsmod

    with open_or_create(args.data_dir) as store:
        catch_up_facts(store, semantic=not getattr(args, "no_embedder", False), args=args)
        if args.history:
            found = factsmod.history(store)
            if args.as_of:
                moment = parse_iso(args.as_of).isoformat()
                found = [f for f in found if f.valid_at <= moment]
        else:
            found = factsmod.current_facts(store, as_of=parse_iso(args.as_of) if args.as_of else None)
    if args.json:
        print_json([factsmod.fact_json(f) for f in found])
        return 0
    if not found:
        print("no facts")
    for fact in found:
        until = f" until {fact.invalid_at[:10]}" if fact.invalid_at else ""
        stale = " (stale)" if factsmod.is_stale(fact) else ""
        print(f"[{fact.id}] {fact.subject} {fact.predicate} = {fact.value}  since {fact.valid_at[:10]}{until}{stale}")
    return 0
