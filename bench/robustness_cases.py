"""Issue 16's cases, run through the real ``mneme`` CLI against two checkouts: before and after.

Usage: ``python bench/robustness_cases.py --before DIR [--after DIR]``. Each case
runs in a fresh data dir with each checkout's code (PYTHONPATH) and the same
interpreter; the outcome is the exit code, whether a traceback (or SQLCipher's
raw ``ERROR CORE`` log) was printed, and the first line of the message.
Writes bench/results/robustness.md and .json.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

RESULTS = Path(__file__).parent / "results"
PASSPHRASE = "robustness passphrase"
GOOD = {"thread": "a", "role": "user", "at": "2025-01-01T10:00:00Z"}


class Runner:
    def __init__(self, code: Path, scratch: Path):
        self.code, self.scratch, self.count = code, scratch, 0

    def fresh(self) -> Path:
        self.count += 1
        return self.scratch / f"case{self.count}"

    def env(self, passphrase: str | None = PASSPHRASE) -> dict:
        env = {k: v for k, v in os.environ.items() if k not in ("MNEME_PASSPHRASE", "DBUS_SESSION_BUS_ADDRESS")}
        env.update(PYTHONPATH=str(self.code), HF_HUB_OFFLINE="1", PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
        if passphrase is not None:
            env["MNEME_PASSPHRASE"] = passphrase
        return env

    def mneme(self, data_dir: Path, *args, stdin: bytes | None = None, prefix: tuple = (),
              passphrase: str | None = PASSPHRASE) -> subprocess.CompletedProcess:
        argv = [*prefix, sys.executable, "-m", "mneme", "--data-dir", str(data_dir),
                *[a if isinstance(a, bytes) else str(a) for a in args]]
        return subprocess.run([os.fsencode(a) if isinstance(a, str) else a for a in argv], capture_output=True,
                              env=self.env(passphrase), timeout=300, input=stdin, cwd=self.scratch)

    def python(self, code: str, *args: str) -> str:
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                              env=self.env(), timeout=300, cwd=self.scratch)
        return (done.stdout + done.stderr).strip()

    def add(self, data_dir: Path, text: str = "hello", **kw) -> subprocess.CompletedProcess:
        return self.mneme(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", text, **kw)


def outcome(done: subprocess.CompletedProcess, extra: str = "") -> str:
    err = done.stderr.decode("utf-8", "replace")
    flags = []
    if "Traceback" in err:
        flags.append("TRACEBACK")
    if "ERROR CORE" in err:
        flags.append("raw ERROR CORE lines")
    lines = [line for line in err.splitlines() if line.startswith("mneme:")]
    last = err.strip().splitlines()[-1] if err.strip() else ""
    message = (lines[0] if lines else last)[:110]
    text = f"exit {done.returncode}" + (f", {', '.join(flags)}" if flags else "")
    if message and "Traceback" in err and not lines:
        text += f" ({message})"
    elif message:
        text += f": {message}"
    return text + (f"; {extra}" if extra else "")


def landed(run: Runner, data_dir: Path) -> int:
    out = run.python("import sys\nfrom memory_core.storage.store import Store\n"
                     "s = Store.open(sys.argv[1], sys.argv[2]); print(s.counts()['messages'])", str(data_dir), PASSPHRASE)
    try:
        return int(out.splitlines()[-1])
    except (ValueError, IndexError):
        return -1


def import_case(trigger: str, chatgpt: bool = False) -> Callable[[Runner], str]:
    def case(run: Runner) -> str:
        data_dir = run.fresh()
        run.add(data_dir, "setup")
        source = data_dir.parent / f"{data_dir.name}.{'json' if chatgpt else 'jsonl'}"
        if chatgpt:
            source.write_text(trigger, encoding="utf-8")
        else:
            source.write_text("\n".join([json.dumps({**GOOD, "text": "good before"}), trigger,
                                         json.dumps({**GOOD, "text": "good after"})]) + "\n", encoding="utf-8")
        first = run.mneme(data_dir, "memory", "import", source)
        again = run.mneme(data_dir, "memory", "import", source)
        return outcome(first, f"{landed(run, data_dir) - 1} of the good messages landed; rerun exit {again.returncode}"
                       + (" with a traceback" if b"Traceback" in again.stderr else ""))
    return case


def _chatgpt_export(times: list) -> str:
    mapping, parent = {}, None
    for number, stamp in enumerate(times):
        mapping[f"n{number}"] = {"id": f"n{number}", "parent": parent, "message": {
            "id": f"m{number}", "author": {"role": "user"}, "create_time": stamp,
            "content": {"parts": [f"message {number}"]}}}
        parent = f"n{number}"
    return json.dumps([{"id": "c1", "current_node": parent, "mapping": mapping}])


def read_only_dir(run: Runner) -> str:
    data_dir = run.fresh()
    run.add(data_dir)
    data_dir.chmod(0o555)
    try:
        prefix = ("unshare", "-U") if os.geteuid() == 0 else ()
        return outcome(run.add(data_dir, "more", prefix=prefix))
    finally:
        data_dir.chmod(0o700)


def shared_dir_mode(run: Runner) -> str:
    data_dir = run.fresh()
    data_dir.mkdir()
    data_dir.chmod(0o1777)
    failed = run.add(data_dir, passphrase="short")
    after_fail = oct(stat.S_IMODE(data_dir.stat().st_mode))
    run.add(data_dir)
    return f"after a failed first run {after_fail}, after a first run {oct(stat.S_IMODE(data_dir.stat().st_mode))} " \
           f"(was 0o1777); failed run exit {failed.returncode}"


def header_case(edit: Callable[[dict], object]) -> Callable[[Runner], str]:
    def case(run: Runner) -> str:
        data_dir = run.fresh()
        run.add(data_dir)
        path = data_dir / "mneme.key.json"
        data = json.loads(path.read_text())
        replaced = edit(data)
        path.write_text(replaced if isinstance(replaced, str) else json.dumps(data))
        return outcome(run.add(data_dir, "more"))
    return case


def _flip_wrapped(data: dict) -> None:
    raw = bytearray(base64.b64decode(data["passphrase"]["wrapped"]))
    raw[5] ^= 0x04
    data["passphrase"]["wrapped"] = base64.b64encode(bytes(raw)).decode()


def flipped_page(run: Runner) -> str:
    """One flipped bit per try, in pages spread over the file, until a write meets the damaged page."""
    pristine = run.fresh()
    source = pristine.parent / "many.jsonl"
    source.write_text("".join(json.dumps({**GOOD, "thread": f"t{n % 3}", "text": f"message {n} " + "filler " * 60})
                              + "\n" for n in range(60)))
    run.mneme(pristine, "memory", "import", source)
    pages = (pristine / "mneme.db").stat().st_size // 4096
    tried = 0
    for page in sorted(range(1, pages), key=lambda n: (n * 7919) % pages)[:15]:
        data_dir = run.fresh()
        shutil.copytree(pristine, data_dir)
        path = data_dir / "mneme.db"
        raw = bytearray(path.read_bytes())
        raw[4096 * page + 200] ^= 0x10
        path.write_bytes(bytes(raw))
        tried += 1
        write = run.add(data_dir, "a write after the damage")
        if write.returncode == 0:
            continue
        check = run.mneme(data_dir, "doctor", "--check")
        found = "HMAC" in check.stdout.decode() or "damaged" in check.stdout.decode()
        return outcome(write, f"page {page} of {pages} (try {tried}); doctor --check exit {check.returncode}"
                              f"{' (finds it)' if found else ''}")
    return f"no write failed in {tried} tries"


def header_without_db(run: Runner) -> str:
    data_dir = run.fresh()
    run.add(data_dir)
    (data_dir / "mneme.db").unlink()
    return outcome(run.add(data_dir, "more"))


def zero_byte_db(run: Runner) -> str:
    data_dir = run.fresh()
    run.add(data_dir)
    (data_dir / "mneme.db").write_bytes(b"")
    return outcome(run.add(data_dir, "more"))


def first_run_kills(run: Runner) -> str:
    """Kill first runs right after the key file appears; count how many data dirs no later command opens."""
    broken = 0
    for attempt in range(5):
        data_dir = run.fresh()
        process = subprocess.Popen([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), "memory", "add",
                                    "--thread", "t", "--role", "user", "--text", "first"], env=run.env(),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=run.scratch)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if (data_dir / "mneme.key.json").exists() or any(data_dir.glob(".mneme-setup-*/mneme.key.json")):
                break
            time.sleep(0.002)
        process.send_signal(signal.SIGKILL)
        process.wait()
        broken += run.add(data_dir, "again").returncode != 0
    return f"{broken} of 5 data dirs unusable after a kill right after the key file appeared"


def invalid_utf8(option: str) -> Callable[[Runner], str]:
    def case(run: Runner) -> str:
        values = {"--text": b"caf\xe9", "--thread": b"t"}
        values[option] = b"bad \xff bytes"
        return outcome(run.mneme(run.fresh(), "memory", "add", "--role", "user",
                                 *[x for pair in values.items() for x in (pair[0].encode(), pair[1])]))
    return case


def year_one(command: str) -> Callable[[Runner], str]:
    def case(run: Runner) -> str:
        data_dir = run.fresh()
        if command == "add":
            return outcome(run.mneme(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", "x",
                                     "--at", "0001-01-01T00:00:00+05:00"))
        run.add(data_dir)
        return outcome(run.mneme(data_dir, "memory", "search", "hello", "--no-embedder",
                                 "--as-of", "0001-01-01T00:00:00+05:00"))
    return case


def file_modes(run: Runner) -> str:
    data_dir = run.fresh()
    code = ("import sys, os, stat\nfrom memory_core.storage.store import Store\n"
            "s = Store.open(sys.argv[1], sys.argv[2]); s.add_message('t', 'user', 'x')\n"
            "print(' '.join(f\"{n}={oct(stat.S_IMODE(os.stat(os.path.join(sys.argv[1], n)).st_mode))}\" "
            "for n in ('mneme.db', 'mneme.db-wal', 'mneme.db-shm')))")
    run.add(data_dir)
    return run.python(code, str(data_dir), PASSPHRASE).splitlines()[-1]


def hundred_bytes(run: Runner) -> str:
    data_dir = run.fresh()
    run.add(data_dir)
    (data_dir / "mneme.db").write_bytes(os.urandom(100))
    return outcome(run.add(data_dir, "more"))


def text_from_stdin(run: Runner) -> str:
    data_dir = run.fresh()
    done = run.mneme(data_dir, "memory", "add", "--thread", "t", "--role", "user", "--text", "-", stdin=b"secret text")
    stored = run.python("import sys\nfrom memory_core.storage.store import Store\n"
                        "print([m.text for m in Store.open(sys.argv[1], sys.argv[2]).messages('t')])",
                        str(data_dir), PASSPHRASE).splitlines()[-1]
    return outcome(done, f"stored {stored}")


def resumed_import_count(run: Runner) -> str:
    data_dir = run.fresh()
    run.add(data_dir, "setup")
    source = data_dir.parent / "big.jsonl"
    total = 20_000
    source.write_text("".join(json.dumps({**GOOD, "text": f"message number {n}"}) + "\n" for n in range(total)))
    process = subprocess.Popen([sys.executable, "-m", "mneme", "--data-dir", str(data_dir), "memory", "import",
                                str(source)], env=run.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=run.scratch)
    wal = data_dir / "mneme.db-wal"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and process.poll() is None:  # kill once batches are being written
        if wal.exists() and wal.stat().st_size > 3_000_000:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed_at = run.python("import sys\nfrom memory_core.storage.store import Store\ns = Store.open(sys.argv[1], "
                           "sys.argv[2])\nprint(s.execute('SELECT lines_done FROM imports').fetchone()[0])",
                           str(data_dir), PASSPHRASE).splitlines()[-1]
    run.mneme(data_dir, "memory", "import", source)
    out = run.python("import sys\nfrom memory_core.storage.store import Store\ns = Store.open(sys.argv[1], sys.argv[2])\n"
                     "print(s.execute('SELECT messages_added FROM imports').fetchone()[0], "
                     "s.execute(\"SELECT count(*) FROM messages WHERE thread_id = 'a'\").fetchone()[0])",
                     str(data_dir), PASSPHRASE).splitlines()[-1]
    recorded, actual = out.split()
    return (f"killed after line {killed_at} of {total}; after the resumed import imports.messages_added = {recorded}, "
            f"messages actually imported = {actual}")


CASES: list[tuple[str, str, Callable[[Runner], str]]] = [
    ("1", "import: lone surrogate \\ud83d", import_case(
        '{"thread": "a", "role": "user", "text": "half \\ud83d", "at": "2025-01-01T10:00:00Z"}')),
    ("1", "import: at = 1e20", import_case(json.dumps({**GOOD, "text": "x", "at": 1e20}))),
    ("1", "import: at = -1e15", import_case(json.dumps({**GOOD, "text": "x", "at": -1e15}))),
    ("1", "import: at = NaN", import_case('{"thread": "a", "role": "user", "text": "x", "at": NaN}')),
    ("1", "import: at = 0001-01-01T00:00:00+05:00", import_case(json.dumps({**GOOD, "text": "x",
                                                                          "at": "0001-01-01T00:00:00+05:00"}))),
    ("1", "import: at = 9999-12-31T23:59:59-05:00", import_case(json.dumps({**GOOD, "text": "x",
                                                                          "at": "9999-12-31T23:59:59-05:00"}))),
    ("1", "import: 100k nested brackets", import_case("[" * 100_000)),
    ("1", "import: ChatGPT create_time 1e20", import_case(_chatgpt_export([1_700_000_000, 1e20, 1_700_000_100]),
                                                          chatgpt=True)),
    ("3", "read-only data dir", read_only_dir),
    ("4", "existing 1777 folder as --data-dir", shared_dir_mode),
    ("5", "key header: top level []", header_case(lambda d: "[]")),
    ("5", "key header: top level null", header_case(lambda d: "null")),
    ("5", "key header: passphrase as a string", header_case(lambda d: d.update(passphrase="hunter2"))),
    ("5", "key header: missing salt", header_case(lambda d: d["passphrase"].pop("salt") and None)),
    ("5", "key header: bad base64", header_case(lambda d: d["passphrase"].update(nonce="***"))),
    ("5", "key header: scrypt n = 3", header_case(lambda d: d["passphrase"].update(n=3))),
    ("5", "key header: flipped bit in wrapped", header_case(_flip_wrapped)),
    ("6", "flipped bit in a page, then a write", flipped_page),
    ("7", "kill -9 right after the key file appears (5 first runs)", first_run_kills),
    ("7", "key header without a database", header_without_db),
    ("7", "0-byte mneme.db", zero_byte_db),
    ("8", "invalid UTF-8 in --text", invalid_utf8("--text")),
    ("8", "invalid UTF-8 in --thread", invalid_utf8("--thread")),
    ("8", "--at year 1 with an offset", year_one("add")),
    ("8", "--as-of year 1 with an offset (search)", year_one("search")),
    ("11", "--text - with the text on stdin", text_from_stdin),
    ("11", "file modes of mneme.db, -wal, -shm", file_modes),
    ("11", "a 100-byte mneme.db", hundred_bytes),
    ("11", "imports.messages_added after a killed and resumed import", resumed_import_count),
]


def run_all(code: Path) -> list[str]:
    scratch = Path(tempfile.mkdtemp(prefix="mneme-cases-"))
    try:
        runner = Runner(code, scratch)
        results = []
        for number, name, case in CASES:
            try:
                results.append(case(runner))
            except Exception as exc:  # noqa: BLE001 - a case that cannot even run is an outcome too
                results.append(f"case could not run: {type(exc).__name__}: {exc}"[:140])
            print(f"[{code.name}] {number} {name}: {results[-1]}", file=sys.stderr, flush=True)
        return results
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, help="a checkout of the code before the fixes")
    parser.add_argument("--render", action="store_true", help="only rewrite the .md from the .json")
    parser.add_argument("--before-label", default="main")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--only", help="rerun only the cases whose name contains this; keep the other rows")
    args = parser.parse_args()
    if args.render:
        data = json.loads((RESULTS / "robustness.json").read_text())
        render(data["rows"], data["before"])
        return
    if args.before is None:
        parser.error("--before is required")
    global CASES
    every = CASES
    if args.only:
        CASES = [case for case in CASES if args.only in case[1]]
    before, after = run_all(args.before), run_all(args.after)
    fresh = {name: {"issue_case": n, "case": name, "before": b, "after": a}
             for (n, name, _), b, a in zip(CASES, before, after)}
    kept = {}
    if args.only and (RESULTS / "robustness.json").exists():
        kept = {row["case"]: row for row in json.loads((RESULTS / "robustness.json").read_text())["rows"]}
    rows = [fresh.get(name) or kept[name] for _, name, _ in every if name in fresh or name in kept]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "robustness.json").write_text(json.dumps({"before": args.before_label, "rows": rows}, indent=2) + "\n")
    render(rows, args.before_label)


def render(rows: list[dict], before_label: str) -> None:
    esc = lambda text: text.replace("|", "\\|")  # noqa: E731
    lines = ["# Issue 16: case, before, after", "",
             f"Each case ran through the real `mneme` CLI in a fresh data dir (passphrase-protected store), once with "
             f"the code before the fixes ({before_label}) and once with this branch, same interpreter, same run.",
             "", "| # | case | before | after |", "|---|---|---|---|"]
    lines += [f"| {r['issue_case']} | {esc(r['case'])} | {esc(r['before'])} | {esc(r['after'])} |" for r in rows]
    lines += ["", "Measured elsewhere: case 2, a large forget beside concurrent writers "
              "(bench/results/forget_concurrency.md, tests/memory_core/forgetting/test_forget_batches.py); case 9, "
              "the write path at 20k+ facts (bench/results/write_scaling.md); case 10, control tokens "
              "(tests/memory_core/chat/test_inert_specials.py, tests/models/test_model_runtime.py). Case 6: the "
              "page found by the search is one the open itself reads, so the failure shows at open in both runs."]
    (RESULTS / "robustness.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
