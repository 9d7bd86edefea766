"""Importing past conversations: generic JSONL and the ChatGPT ``conversations.json`` export.

* Generic JSONL, one message per line:
  ``{"thread", "role", "text", "at", "speaker"?, "external_id"?}``.
* ChatGPT export: a JSON list of conversations, each with a ``mapping`` tree
  of nodes (``message.author.role``, ``message.content.parts``,
  ``message.create_time``); the displayed branch is followed from
  ``current_node`` back to the root.

Every message goes through the hot path (extraction included) in batches, one
transaction per batch. Imports are idempotent: each message has an external id
(the file's, the ChatGPT node id, or one derived from a content hash), unique
per thread, so importing the same file twice adds nothing. They are resumable:
the ``imports`` row of the file (keyed by the hash of its bytes) records how
many units (lines or conversations) are done, and how many messages landed,
in the same transaction as each batch (so both stay right across a crash).

A bad line never stops an import: every failure kind (bad UTF-8, bad JSON,
JSON nested too deep, a lone surrogate, a time that is NaN or outside the
years 1..9999, a message the store refuses) is recorded with its line number
(for ChatGPT: the conversation's number) and the line is skipped; the report
says how many landed, how many were skipped and why. A rerun after a crash
goes past the bad line like the first run did.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterator

from memory_core.clock import from_epoch, parse_iso, to_iso, utc_now
from memory_core.errors import InvalidInput, MnemeError
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_in_transaction
from memory_core.storage import db as dbmod
from memory_core.storage.store import Store

BATCH_SIZE = 500
#: progress(done_units, total_units, messages_added)
Progress = Callable[[int, int, int], None]


@dataclass
class LineError:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


_REASONS = (("UTF-8", "not UTF-8"), ("nested too deeply", "JSON nested too deeply"), ("JSON", "not valid JSON"),
            ("surrogate", "lone surrogate (not valid Unicode)"), ("outside the years", "time out of range"),
            ("out of range", "time out of range"), ("finite", "time not a number"), ("cannot parse date", "unreadable date"),
            ("seconds since 1970", "unreadable time"), ("future", "dated in the future"), ("missing", "missing fields"),
            ("empty", "empty message"), ("characters; the limit", "message too long"), ("role", "unknown role"))


def skip_reason(message: str) -> str:
    """The kind of a skip message, for the summary ("3 × time out of range")."""
    for needle, reason in _REASONS:
        if needle in message:
            return reason
    return message.split(" (", 1)[0].split(": ", 1)[0][:60]


@dataclass
class ImportReport:
    path: str
    format: str
    units: int = 0
    added: int = 0
    duplicates: int = 0
    skipped_units: int = 0
    errors: list[LineError] = field(default_factory=list)
    resumed_from: int = 0
    facts: int = 0

    @property
    def skipped(self) -> int:
        return len(self.errors)

    def skip_reasons(self) -> dict[str, int]:
        """How many lines were skipped for each kind of reason."""
        reasons: dict[str, int] = {}
        for error in self.errors:
            reason = skip_reason(error.message)
            reasons[reason] = reasons.get(reason, 0) + 1
        return reasons

    def summary(self) -> str:
        unit = "conversations" if self.format == "chatgpt" else "lines"
        text = (f"{self.units} {unit} read: {self.added} messages landed, {self.duplicates} already present, "
                f"{self.skipped} {'line' if self.format != 'chatgpt' else 'item'}(s) skipped")
        if self.resumed_from:
            text += f" (resumed after {unit[:-1]} {self.resumed_from})"
        if self.errors:
            text += "; why: " + "; ".join(f"{n} × {reason}" for reason, n in self.skip_reasons().items())
        return text

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "format": self.format, "units": self.units, "added": self.added,
                "duplicates": self.duplicates, "resumed_from": self.resumed_from, "facts": self.facts,
                "skipped": self.skipped, "skip_reasons": self.skip_reasons(),
                "errors": [{"line": e.line, "message": e.message} for e in self.errors]}


@dataclass
class _Record:
    unit: int  # line number (JSONL) or conversation index (ChatGPT), 1-based
    thread: str
    role: str
    text: str
    at: datetime | None
    speaker: str | None
    external_id: str | None


def derived_external_id(thread: str, role: str, at: str, text: str) -> str:
    """A stable id for a message that came without one: same message, same id, on every import."""
    digest = hashlib.sha256("\x1f".join((thread, role, at, text)).encode("utf-8", "surrogatepass")).hexdigest()
    return "sha256:" + digest[:32]


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def detect_format(path: Path) -> str:
    with open(path, "rb") as handle:
        head = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"["):
        return "chatgpt"
    return "jsonl"


def _jsonl_records(path: Path, errors: list[LineError]) -> Iterator[_Record | int]:
    """Records, or a bare line number for a line that yielded nothing (blank or bad)."""
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                errors.append(LineError(number, "not valid UTF-8 text"))
                yield number
                continue
            if not line.strip():
                yield number
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(LineError(number, f"not valid JSON ({exc.msg} at column {exc.colno})"))
                yield number
                continue
            except RecursionError:
                errors.append(LineError(number, "JSON nested too deeply to read"))
                yield number
                continue
            except ValueError as exc:  # e.g. an integer literal longer than Python will convert
                errors.append(LineError(number, f"not readable JSON ({exc})"))
                yield number
                continue
            try:
                yield _record_from_json(item, number)
            except InvalidInput as exc:
                errors.append(LineError(number, str(exc)))
                yield number


def _text_field(value: Any, name: str) -> str:
    """A field as text that SQLite can store: a lone surrogate (JSON's "\\ud83d") is not valid Unicode."""
    text = value if isinstance(value, str) else str(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{name} holds a lone surrogate escape (half an emoji?): not valid Unicode") from None
    return text


def _moment(value: Any) -> datetime:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return from_epoch(value)
    if not isinstance(value, str):
        raise InvalidInput(f"at must be an ISO 8601 date or seconds since 1970, not {type(value).__name__}")
    return parse_iso(_text_field(value, "at"))


def _record_from_json(item: Any, number: int) -> _Record:
    if not isinstance(item, dict):
        raise InvalidInput("expected a JSON object with thread, role, text and at")
    missing = [name for name in ("thread", "role", "text", "at")
               if item.get(name) is None or (name != "text" and item.get(name) == "")]
    if missing:
        raise InvalidInput(f"missing {', '.join(missing)}")
    if not isinstance(item["text"], str):
        raise InvalidInput("text must be a string")
    role = _text_field(item["role"], "role").lower()
    moment = _moment(item["at"])
    external = item.get("external_id")
    speaker = item.get("speaker")
    return _Record(number, _text_field(item["thread"], "thread"), role, _text_field(item["text"], "text"), moment,
                   None if speaker is None else _text_field(speaker, "speaker"),
                   None if external in (None, "") else _text_field(external, "external_id"))


def _chatgpt_records(path: Path, errors: list[LineError]) -> Iterator[_Record | int]:
    try:
        with open(path, "r", encoding="utf-8") as handle:
            conversations = json.load(handle)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"{path} is not a readable ChatGPT export: {exc}") from None
    except RecursionError:
        raise InvalidInput(f"{path} is not a readable ChatGPT export: its JSON is nested too deeply") from None
    if not isinstance(conversations, list):
        raise InvalidInput(f"{path} is not a ChatGPT export (expected a list of conversations)")
    for number, conversation in enumerate(conversations, start=1):
        try:
            if not isinstance(conversation, dict):
                raise InvalidInput("it is not an object")
            records = list(_conversation_records(conversation, number, errors))
        except (InvalidInput, KeyError, TypeError, ValueError, AttributeError, OverflowError,
                RecursionError) as exc:
            errors.append(LineError(number, f"conversation {number} could not be read: {exc}"))
            yield number
            continue
        yield from records
        yield number


def _conversation_records(conversation: dict[str, Any], number: int, errors: list[LineError]) -> Iterator[_Record]:
    mapping = conversation.get("mapping") or {}
    if not isinstance(mapping, dict):
        raise InvalidInput("mapping is not an object")
    nodes = {key: node for key, node in mapping.items() if isinstance(node, dict)}
    thread = _text_field("chatgpt-" + str(conversation.get("conversation_id") or conversation.get("id") or number),
                         "conversation id")
    fallback_time = conversation.get("create_time")
    order: list[str] = []
    node_id = conversation.get("current_node")
    seen: set[str] = set()
    while isinstance(node_id, str) and node_id in nodes and node_id not in seen:
        seen.add(node_id)
        order.append(node_id)
        node_id = nodes[node_id].get("parent")
    if order:
        order.reverse()
    else:  # no current_node: every node, in time order
        order = sorted(nodes, key=lambda key: _sort_time(nodes[key]))
    for node_id in order:
        message = nodes[node_id].get("message")
        if not isinstance(message, dict):
            continue
        author = message.get("author") if isinstance(message.get("author"), dict) else {}
        role = str(author.get("role") or "").lower()
        if role not in ("user", "assistant"):
            continue  # system prompts and tool output are not the conversation
        content = message.get("content") if isinstance(message.get("content"), dict) else {}
        parts = content.get("parts") if isinstance(content.get("parts"), list) else []
        try:
            text = _text_field("\n".join(part for part in parts if isinstance(part, str)).strip(), "text")
            if not text:
                continue
            stamp = message.get("create_time") or fallback_time
            at = from_epoch(float(stamp) if isinstance(stamp, str) else stamp) if stamp else None
            name = author.get("name")
            yield _Record(number, thread, role, text, at, None if name is None else _text_field(name, "author name"),
                          _text_field(message.get("id") or node_id, "message id"))
        except (InvalidInput, ValueError) as exc:
            errors.append(LineError(number, f"conversation {number}, message {str(node_id)[:40]!r} skipped: {exc}"))


def _sort_time(node: dict[str, Any]) -> float:
    stamp = (node.get("message") or {}).get("create_time") if isinstance(node.get("message"), dict) else None
    return float(stamp) if isinstance(stamp, (int, float)) and not isinstance(stamp, bool) and stamp == stamp else 0.0


def import_file(store: Store, path: Path | str, *, progress: Progress | None = None,
                batch_size: int = BATCH_SIZE) -> ImportReport:
    """Import a JSONL or ChatGPT export file; safe to run again (adds nothing) or after a crash (resumes)."""
    path = Path(path)
    if not path.is_file():
        raise InvalidInput(f"no file at {path}")
    fmt = detect_format(path)
    source = file_hash(path)
    report = ImportReport(str(path), fmt)
    row = store.execute("SELECT lines_done, finished_at FROM imports WHERE source_hash = ?", [source]).fetchone()
    start_after = int(row[0]) if row else 0
    report.resumed_from = start_after if row and not row[1] else 0
    if row is None:
        with store.transaction():
            store.execute("INSERT INTO imports (source_hash, path, lines_done, messages_added) VALUES (?, ?, 0, 0)",
                             [source, str(path)])
    errors: list[LineError] = []
    records = _chatgpt_records(path, errors) if fmt == "chatgpt" else _jsonl_records(path, errors)
    total = _count_units(path, fmt)
    batch: list[_Record] = []
    last_unit = start_after

    def flush(done_unit: int) -> None:
        _write_batch(store, batch, report, errors, source, done_unit)
        batch.clear()
        if progress:
            progress(done_unit, total, report.added)

    for item in records:
        unit = item if isinstance(item, int) else item.unit
        if unit <= start_after:
            if not isinstance(item, int):
                report.skipped_units += 1
            continue
        if isinstance(item, _Record):
            batch.append(item)
        last_unit = max(last_unit, unit)
        if len(batch) >= batch_size:
            flush(last_unit - 1 if fmt == "chatgpt" else last_unit)
    flush(last_unit)
    report.units = last_unit
    report.errors = [e for e in errors if e.line > start_after]
    with store.transaction():
        store.execute("UPDATE imports SET finished_at = ? WHERE source_hash = ?", [to_iso(utc_now()), source])
        store.log_event("import_finished", format=fmt, added=report.added, duplicates=report.duplicates,
                        errors=len(report.errors))
    return report


#: What a single record may raise on its way in besides MnemeError; anything else is a storage failure.
_RECORD_FAILURES = (MnemeError, ValueError, OverflowError, UnicodeError)


def _write_batch(store: Store, batch: list[_Record], report: ImportReport, errors: list[LineError],
                 source: str, done_unit: int) -> None:
    """One transaction: the batch's messages and the file's progress (lines done, messages added) together,
    so a crash can never leave one without the other."""
    added = 0
    try:
        with store.transaction():
            for record in batch:
                store.execute("SAVEPOINT import_message")
                try:
                    external = record.external_id or derived_external_id(
                        record.thread, record.role, to_iso(record.at) if record.at else "", record.text)
                    result = ingest_in_transaction(store, record.thread, record.role, record.text, at=record.at,
                                                   external_id=external, speaker=record.speaker)
                except _RECORD_FAILURES as exc:
                    store.execute("ROLLBACK TO import_message")
                    message = str(exc) if isinstance(exc, MnemeError) else f"could not be stored ({exc})"
                    errors.append(LineError(record.unit, message))
                    continue
                finally:
                    store.execute("RELEASE import_message")
                if result is None:
                    report.duplicates += 1
                else:
                    added += 1
            store.execute("UPDATE imports SET lines_done = max(lines_done, ?), messages_added = messages_added + ? "
                             "WHERE source_hash = ?", [done_unit, added, source])
    except dbmod.OperationalError as exc:
        raise dbmod.translate_storage_error(store.path, exc) from exc
    report.added += added
    # the batch is stored; its facts come from the fact pass, in order (a crash here leaves them marked)
    report.facts += len(run_fact_pass(store).fact_ids)


def _count_units(path: Path, fmt: str) -> int:
    if fmt == "chatgpt":
        try:
            with open(path, "r", encoding="utf-8") as handle:
                data = json.load(handle)
            return len(data) if isinstance(data, list) else 0
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return 0
    with open(path, "rb") as handle:
        return sum(1 for _ in handle)
