"""A synthetic but chat-like corpus for the write and search benchmarks, deterministic by seed.

Messages mix everyday chat built from templates and a large vocabulary (so the
FTS index and the vectors are not degenerate) with ~5% first-person statements
that the hot path turns into facts. Vectors from the real embedder are cached
under bench/work/ (gitignored), keyed by the corpus hash, so they are computed once.
"""
from __future__ import annotations

import hashlib
import random
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np

WORK = Path(__file__).parent / "work"
SUBJECTS = ("the kitchen", "my sister", "the project", "our trip", "the garden", "the car", "my back", "the budget",
            "the new laptop", "the kids", "the landlord", "my manager", "the dentist", "dinner", "the report",
            "the weekend", "the gym", "my phone", "the flight", "the book club", "the neighbours", "the dog")
VERBS = ("needs", "was about", "reminded me of", "is stuck on", "went well with", "made me think about",
         "got worse after", "is better than", "depends on", "keeps changing", "is late because of")
TEMPLATES = ("Can you remind me about {s} {w}?", "{S} {v} {w} and {w2}.", "I talked to {n} about {s} and {w}.",
             "Honestly {s} {v} {w}, not sure what to do.", "What do you think about {w} for {s}?",
             "Note: {s} {v} {w} on {d}.", "{n} said {s} {v} {w2}.", "Add {w} and {w2} to the list for {s}.")
FACTS = ("I live in {c}.", "I moved to {c}.", "I work at {o}.", "I love {w}.", "I can't stand {w}.",
         "My sister's name is {N}.", "I have yoga every {day}.", "I'm allergic to {w}.", "My manager is {N}.")
CITIES = "Porto Lisbon Berlin Madrid Oslo Kyoto Austin Denver Toronto Zurich Lyon Nice Cork Dublin Leeds Perth".split()
ORGS = "Acme Globex Initech Hooli Stripe Shopify Figma Nokia Philips Siemens Bosch Spotify".split()
NAMES = "Ana Marta Tiago Priya Tom Kenji Lily Noah Joana Alex Sam Linda Peter Mia Jordan Ingrid".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def vocabulary(rng: random.Random, size: int = 6000) -> list[str]:
    syllables = ["ka", "lo", "mi", "ten", "ra", "vo", "sel", "an", "dor", "pi", "bru", "est", "ne", "qua", "til",
                 "or", "us", "em", "fa", "gri"]
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))))
    common = ("coffee receipts tickets groceries plumber invoice meeting deadline recipe vacation passport "
              "birthday schedule tomatoes bicycle umbrella insurance paperwork laundry charger headphones "
              "appointment medicine batteries presentation spreadsheet password keys blanket").split()
    return common * 40 + sorted(words)


def messages(count: int, seed: int = 11) -> list[tuple[str, str, str, str]]:
    """(thread, role, text, at ISO) tuples, in time order over about two years."""
    rng = random.Random(seed)
    vocab = vocabulary(rng)
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    step = timedelta(days=730) / count
    out = []
    for i in range(count):
        at = (start + step * i).isoformat()
        thread = f"thread-{i // 40:05d}"
        role = "user" if i % 2 == 0 else "assistant"
        fill = {"s": rng.choice(SUBJECTS), "v": rng.choice(VERBS), "w": rng.choice(vocab), "w2": rng.choice(vocab),
                "n": rng.choice(NAMES), "d": rng.choice(DAYS), "c": rng.choice(CITIES), "o": rng.choice(ORGS),
                "N": rng.choice(NAMES), "day": rng.choice(DAYS)}
        fill["S"] = fill["s"].capitalize()
        template = rng.choice(FACTS) if role == "user" and rng.random() < 0.05 else rng.choice(TEMPLATES)
        out.append((thread, role, template.format(**fill), at))
    return out


def corpus_key(corpus: list[tuple[str, str, str, str]]) -> str:
    digest = hashlib.sha256()
    for _, _, text, _ in corpus:
        digest.update(text.encode())
    return digest.hexdigest()[:16]


def cached_vectors(texts: list[str], key: str, embedder, *, batch: int = 256) -> np.ndarray:
    """Real-embedder vectors for ``texts``, computed once and cached as bench/work/vectors-<key>.npy."""
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / f"vectors-{key}.npy"
    if path.exists():
        return np.load(path)
    partial = WORK / f"vectors-{key}.partial.npy"
    done = np.load(partial) if partial.exists() else np.zeros((0, embedder.dimension), dtype=np.float32)
    began = time.perf_counter()
    while len(done) < len(texts):
        chunk = texts[len(done): len(done) + batch * 8]
        done = np.vstack([done, embedder.embed_array(chunk)])
        np.save(partial, done)
        rate = (len(done)) / max(time.perf_counter() - began, 1e-6)
        print(f"  embedded {len(done)}/{len(texts)} ({rate:.0f}/s this run)", flush=True)
    np.save(path, done)
    partial.unlink(missing_ok=True)
    return done
