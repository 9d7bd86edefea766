"""Does the database's layout decide a cold search's time? The cached bench_search database as built (pages of
every table interleaved, as a store that grew message by message), a compacted copy (``sqlcipher_export``: each
table's pages contiguous, as after a VACUUM) and a compacted copy with 16 KiB cipher pages, searched cold, one
query after the other on each, alternating the order.

The app's databases keep 4 KiB pages (``PRAGMA cipher_compatibility = 4``): 16 KiB pages would mean rewriting
every user's file with another key setting, for no gain measured here. Compaction with 4 KiB pages is what the app
now does (memory_core/storage/compaction.py: after a large import and at unlock when worth it; VACUUM keeps every
rowid of this schema, tests/memory_core/storage/test_compaction.py); compaction.md measures compact() itself.

Cold as in bench_search (new connection, DF cache cleared, files evicted from the OS page cache); word counts
held (recall/document_counts.py in the version measured then; derived from recall/message_postings.py since);
no embedder (the layout changes only what SQLite reads). Writes
bench/results/search_layout.md.
"""
from __future__ import annotations

import os
import random
import statistics
import tempfile
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
QUERIES = int(os.environ.get("MNEME_LAYOUT_QUERIES", "100"))


def export_copy(store, target: Path, page_size: int) -> None:
    """``store``'s database rewritten table by table into ``target`` (same key), with ``page_size`` pages."""
    import shutil

    target.mkdir(parents=True)
    shutil.copy(store.data_dir / "mneme.key.json", target / "mneme.key.json")
    connection = store.db.conn
    connection.execute(f"ATTACH DATABASE '{target / 'mneme.db'}' AS copy KEY \"x'{store.key.hex()}'\"")
    connection.execute("PRAGMA copy.cipher_compatibility = 4")
    connection.execute(f"PRAGMA copy.cipher_page_size = {page_size}")
    connection.execute("SELECT sqlcipher_export('copy')")
    for pragma in ("application_id", "user_version"):  # sqlcipher_export copies tables, not these
        value = connection.execute(f"PRAGMA main.{pragma}").fetchone()[0]
        connection.execute(f"PRAGMA copy.{pragma} = {int(value)}")
    connection.execute("DETACH DATABASE copy")


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import memory_core.storage.db as dbmod
    from bench.bench_search import MESSAGES, REAL_VECTORS, derived_vectors, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from bench.cold_layouts import time_cold_searches, warm
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    import numpy as np

    page = {"size": 4096}
    apply_key = dbmod._apply_key

    def apply_key_with_page_size(connection, key):  # only this process reads the 16 KiB copy
        apply_key(connection, key)
        if page["size"] != 4096:
            connection.execute(f"PRAGMA cipher_page_size = {page['size']}")
    dbmod._apply_key = apply_key_with_page_size

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mneme-layout-") as scratch_name:
        scratch = Path(scratch_name)
        data_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32),
                                                                                  MESSAGES), embedder, scratch)
        built = Store.open(data_dir, PASSPHRASE)
        layouts = {"as built (4 KiB pages)": (data_dir, 4096),
                   "compacted (4 KiB pages)": (scratch / "compact4k", 4096),
                   "compacted, 16 KiB pages": (scratch / "compact16k", 16384)}
        for name, (folder, size) in layouts.items():
            if folder != data_dir:
                export_copy(built, folder, size)
        built.close()
        stores = {}
        for name, (folder, size) in layouts.items():
            page["size"] = size
            stores[name] = warm(Store.open(folder, PASSPHRASE))

        def page_size_of(name: str) -> None:
            page["size"] = layouts[name][1]

        timings, hits = time_cold_searches(stores, {name: folder for name, (folder, _) in layouts.items()},
                                           queries(random.Random(5))[:QUERIES], before_each=page_size_of)
        sizes = {name: (folder / "mneme.db").stat().st_size for name, (folder, _) in layouts.items()}
        for store in stores.values():
            store.close()
    base = next(iter(layouts))
    lines = ["# Cold search and the database layout (100,000 messages, no embedder)", "",
             "| layout | queries | mean ms | p50 ms | p90 ms | p95 ms | max ms | file MB | same top 10 as built |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, values in timings.items():
        same = sum(a == b for a, b in zip(hits[name], hits[base]))
        lines.append(f"| {name} | {len(values)} | {statistics.mean(values):.1f} | {statistics.median(values):.1f} | "
                     f"{percentile(values, 90):.1f} | {percentile(values, 95):.1f} | {max(values):.1f} | "
                     f"{sizes[name] / 2**20:.0f} | {same} |")
    lines += ["", f"Load average (1 min) {load_start:.1f} at start, {os.getloadavg()[0]:.1f} at end (2 shared cores).",
              "Same process, one query on each layout in turn, alternating the order.", "", __doc__.split("\n\n")[1],
              ""]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "search_layout.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
