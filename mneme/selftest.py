"""``mneme --self-test``: prove that this install works, end to end, without touching anyone's data.

It is what a person runs after installing the download (and what the installer
test runs inside the bundle): every part that can be missing from a frozen app
is exercised for real (SQLCipher, llama.cpp's shared libraries, torch and the
embedding model, the memory engine), in a throw-away data directory protected
by a random passphrase, so no keyring, no network and no existing database is
involved. One line per check, with OK/FAIL and the time it took; exit 0 only
when every check passed.
"""
from __future__ import annotations

import os
import platform
import secrets
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

#: Facts the checks write and then look for: one the observer should keep, one search should find.
SAMPLE_CONVERSATION = (
    ("user", "Hi! My name is Ada and I moved to Lisbon last month for a new job at the aquarium."),
    ("assistant", "Welcome to Lisbon, Ada! How is the new job going?"),
    ("user", "Great so far. I prefer tea over coffee, and my sister Maria visits on Friday."),
    ("assistant", "Noted: tea, not coffee, and Maria on Friday."),
)
SEARCH_QUERY = "Where does Ada live?"
SEARCH_EXPECT = "Lisbon"
GENERATION_TOKENS = 8
SELF_TEST_CONTEXT = 2048
HEADER_PLAIN_SQLITE = b"SQLite format 3\x00"


class CheckFailed(Exception):
    """A check ran but its result was wrong; the message says what was expected."""


class Skipped(Exception):
    """A check could not run because one it depends on failed."""


@dataclass
class CheckResult:
    name: str
    ok: bool
    seconds: float
    detail: str


@dataclass
class SelfTestContext:
    """What earlier checks hand to later ones (the store, the model, the embedder)."""

    workdir: Path
    passphrase: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    store: Any = None
    model: Any = None
    embedder: Any = None
    thread_id: str | None = None
    message_ids: list[int] = field(default_factory=list)

    @property
    def data_dir(self) -> Path:
        return self.workdir / "data"

    def require(self, attribute: str, check: str) -> Any:
        value = getattr(self, attribute)
        if value is None:
            raise Skipped(f"needs the {check} check, which did not pass")
        return value

    def close(self) -> None:
        for attribute in ("store", "model"):
            value = getattr(self, attribute)
            if value is not None and hasattr(value, "close"):
                try:
                    value.close()
                except Exception:  # closing must never hide the report
                    pass


def _describe(exc: BaseException) -> str:
    """A one-line reason, with the missing module named when an import failed."""
    if isinstance(exc, ModuleNotFoundError):
        return f"not importable: module {exc.name!r} is missing from this install"
    if isinstance(exc, ImportError):
        return f"not importable: {exc}"
    if isinstance(exc, (CheckFailed, Skipped)):
        return str(exc)
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


# -- the checks ---------------------------------------------------------------------------------
def check_runtime(ctx: SelfTestContext) -> str:
    frozen = getattr(sys, "frozen", False)
    where = f"bundle at {Path(sys.executable).parent}" if frozen else f"python at {sys.executable}"
    offline = os.environ.get("HF_HUB_OFFLINE") == "1"
    if not offline:
        raise CheckFailed("HF_HUB_OFFLINE is not 1: the embedder could try the network")
    return f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {where}, offline"


def check_store(ctx: SelfTestContext) -> str:
    from memory_core.errors import WrongKeyError
    from memory_core.storage.store import Store

    store = Store.create(ctx.data_dir, use_keyring=False, passphrase=ctx.passphrase)
    thread = store.new_thread("self-test")
    stored = store.add_message(thread, "user", "self-test message 🧪")
    store.close()
    header = store.path.read_bytes()[:16]
    if header == HEADER_PLAIN_SQLITE:
        raise CheckFailed(f"{store.path} is plain SQLite: SQLCipher is not encrypting")
    try:
        Store.open(ctx.data_dir, "not the passphrase").close()
    except WrongKeyError:
        pass
    else:
        raise CheckFailed("a wrong passphrase opened the database")
    reopened = Store.open(ctx.data_dir, ctx.passphrase)
    back = reopened.message(stored.id)
    if back is None or back.text != stored.text:
        reopened.close()
        raise CheckFailed("the message written before closing did not read back")
    ctx.store = reopened
    cipher = reopened.execute("PRAGMA cipher_version").fetchone()
    version = cipher[0] if cipher else "?"
    return f"SQLCipher {version}: created, encrypted on disk, wrong passphrase refused, reopened"


def check_model(ctx: SelfTestContext) -> str:
    from models.bundled import bundled_model_path
    from models.loading import open_chat_model

    path = Path(bundled_model_path())
    ctx.model = open_chat_model(path, context_length=SELF_TEST_CONTEXT)
    return f"{path.name} ({path.stat().st_size / 1e6:.0f} MB) loaded with llama.cpp, context {SELF_TEST_CONTEXT}"


def check_generate(ctx: SelfTestContext) -> str:
    model = ctx.require("model", "bundled model")
    prompt = [{"role": "user", "content": "Say hello in one short sentence."}]
    text = "".join(model.stream(prompt, max_tokens=GENERATION_TOKENS, temperature=0.0))
    if not text.strip():
        raise CheckFailed("the model generated no text")
    garbage = [ch for ch in text if ord(ch) < 32 and ch not in "\n\t"]
    if garbage:
        raise CheckFailed(f"the generated text holds {len(garbage)} control characters (NUL bytes?): "
                          f"{text[:30]!r}")
    stats = getattr(model, "last_stats", None)
    rate = f", {stats.tokens_per_second:.0f} tok/s" if stats and stats.tokens_per_second else ""
    tokens = stats.completion_tokens if stats else model.count_tokens(text)
    return f"{tokens} tokens{rate}: {text.strip()[:40]!r}"


def check_embedder(ctx: SelfTestContext) -> str:
    from models.embedder import SentenceEmbedder

    embedder = SentenceEmbedder()
    near, same, far = embedder.embed(["I live in Lisbon.", "My home is in Lisbon, Portugal.",
                                      "The cake needs two eggs and flour."])
    norm = sum(x * x for x in near) ** 0.5
    if abs(norm - 1.0) > 1e-3:
        raise CheckFailed(f"vectors are not unit length (norm {norm:.4f})")

    def cosine(a, b):
        return sum(x * y for x, y in zip(a, b))

    if not cosine(near, same) > cosine(near, far):
        raise CheckFailed("similar sentences are not closer than unrelated ones")
    ctx.embedder = embedder
    return (f"{getattr(embedder, 'model_id', 'embedder')}: {len(near)} dimensions, "
            f"similar {cosine(near, same):.2f} > unrelated {cosine(near, far):.2f}")


def check_observe(ctx: SelfTestContext) -> str:
    store = ctx.require("store", "encrypted store")
    model = ctx.require("model", "bundled model")
    from memory_core.observational.worker import MemoryWorker
    from memory_core.ingest import ingest_message

    thread = store.new_thread("self-test memory")
    for role, text in SAMPLE_CONVERSATION:
        ingest_message(store, thread, role, text)
    worker = MemoryWorker(store, model, ctx.embedder)
    try:
        report = worker.run_pending(force=True)
    finally:
        worker.close()
    if report.skipped:
        raise CheckFailed(f"the observer did not run: {report.skipped}")
    from memory_core.observational.timeline import TimelineFilter, timeline

    observations = timeline(store, TimelineFilter(kinds={"observation"}), limit=None)
    if not observations:
        raise CheckFailed(f"{len(SAMPLE_CONVERSATION)} messages observed but no observation was written")
    if not any(SEARCH_EXPECT in item.text for item in observations):
        raise CheckFailed(f"no observation kept the user's move to {SEARCH_EXPECT}")
    if any(not item.message_ids for item in observations):
        raise CheckFailed("an observation does not point to the messages it came from")
    indexed = store.counts()["embeddings"]
    return (f"{report.observations} observations from {len(SAMPLE_CONVERSATION)} messages "
            f"({worker.state.observer} observer), {indexed} items embedded for recall")


def check_search(ctx: SelfTestContext) -> str:
    store = ctx.require("store", "encrypted store")
    embedder = ctx.require("embedder", "embedder")
    from memory_core.recall.search import search

    result = search(store, SEARCH_QUERY, k=5, embedder=embedder)
    if result.abstained or not result.hits:
        raise CheckFailed(f"no hit for {SEARCH_QUERY!r}: {result.reason or 'abstained'}")
    top = result.hits[:3]
    if not any(SEARCH_EXPECT in hit.text for hit in top):
        raise CheckFailed(f"{SEARCH_EXPECT!r} is not in the top 3 hits for {SEARCH_QUERY!r}")
    best = next(hit for hit in top if SEARCH_EXPECT in hit.text)
    channels = "+".join(sorted(best.channels)) or "?"
    return f"{len(result.hits)} hits for {SEARCH_QUERY!r}; {best.kind} via {channels}: {best.text[:50]!r}"


CHECKS: tuple[tuple[str, Callable[[SelfTestContext], str]], ...] = (
    ("runtime", check_runtime),
    ("encrypted store", check_store),
    ("bundled model", check_model),
    ("generate", check_generate),
    ("embedder", check_embedder),
    ("observe cycle", check_observe),
    ("search", check_search),
)


def run_check(name: str, check: Callable[[SelfTestContext], str], ctx: SelfTestContext) -> CheckResult:
    started = time.perf_counter()
    try:
        detail = check(ctx)
        ok = True
    except Exception as exc:  # every failure becomes one readable line, never a traceback
        detail, ok = _describe(exc), False
        if os.environ.get("MNEME_DEBUG"):
            import traceback

            traceback.print_exc()
    return CheckResult(name, ok, time.perf_counter() - started, detail)


def format_result(result: CheckResult, width: int) -> str:
    status = "OK  " if result.ok else "FAIL"
    return f"{status} {result.name:<{width}} {result.seconds:6.2f}s  {result.detail}"


def run_self_test(out: TextIO | None = None) -> int:
    """Run every check in a temporary directory; print one line each; 0 only if all passed."""
    out = out or sys.stdout
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # keep the report one line per check
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    workdir = Path(tempfile.mkdtemp(prefix="mneme-selftest-"))
    ctx = SelfTestContext(workdir)
    width = max(len(name) for name, _ in CHECKS)
    print(f"Mneme self-test in {workdir} (a temporary directory; your data is not touched)", file=out, flush=True)
    results: list[CheckResult] = []
    started = time.perf_counter()
    try:
        for name, check in CHECKS:
            result = run_check(name, check, ctx)
            results.append(result)
            print(format_result(result, width), file=out, flush=True)
    finally:
        ctx.close()
        shutil.rmtree(workdir, ignore_errors=True)
    failed = [r.name for r in results if not r.ok]
    total = time.perf_counter() - started
    if failed:
        print(f"self-test FAILED: {len(failed)} of {len(results)} checks ({', '.join(failed)}) in {total:.1f}s",
              file=out, flush=True)
        return 1
    print(f"self-test passed: {len(results)} checks in {total:.1f}s", file=out, flush=True)
    return 0
