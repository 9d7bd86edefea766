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
many units (lines or conversations) are done. A bad line is reported with its
line number and skipped; the rest imports.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from memory_core.clock import parse_iso, to_iso, utc_now
from memory_core.errors import InvalidInput, MnemeError
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

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "format": self.format, "units": self.units, "added": self.added,
                "duplicates": self.duplicates, "resumed_from": self.resumed_from, "facts": self.facts,
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
            try:
                yield _record_from_json(item, number)
            except InvalidInput as exc:
                errors.append(LineError(number, str(exc)))
                yield number


def _record_from_json(item: Any, number: int) -> _Record:
    if not isinstance(item, dict):
        raise InvalidInput("expected a JSON object with thread, role, text and at")
    missing = [name for name in ("thread", "role", "text", "at")
               if item.get(name) is None or (name != "text" and item.get(name) == "")]
    if missing:
        raise InvalidInput(f"missing {', '.join(missing)}")
    if not isinstance(item["text"], str):
        raise InvalidInput("text must be a string")
    role = str(item["role"]).lower()
    at = item["at"]
    moment = datetime.fromtimestamp(at, timezone.utc) if isinstance(at, (int, float)) else parse_iso(str(at))
    external = item.get("external_id")
    speaker = item.get("speaker")
    return _Record(number, str(item["thread"]), role, item["text"], moment,
                   None if speaker is None else str(speaker), None if external in (None, "") else str(external))


def _chatgpt_records(path: Path, errors: list[LineError]) -> Iterator[_Record | int]:
    try:
        with open(path, "r", encoding="utf-8") as handle:
            conversations = json.load(handle)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"{path} is not a readable ChatGPT export: {exc}") from None
    if not isinstance(conversations, list):
        raise InvalidInput(f"{path} is not a ChatGPT export (expected a list of conversations)")
    for number, conversation in enumerate(conversations, start=1):
        try:
            records = list(_conversation_records(conversation, number))
        except (InvalidInput, KeyError, TypeError, ValueError, AttributeError) as exc:
            errors.append(LineError(number, f"conversation {number} could not be read: {exc}"))
            yield number
            continue
        yield from records
        yield number


def _conversation_records(conversation: dict[str, Any], number: int) -> Iterator[_Record]:
    mapping = conversation.get("mapping") or {}
    if not isinstance(mapping, dict):
        raise InvalidInput("mapping is not an object")
    thread = "chatgpt-" + str(conversation.get("conversation_id") or conversation.get("id") or number)
    fallback_time = conversation.get("create_time")
    order: list[str] = []
    node_id = conversation.get("current_node")
    seen: set[str] = set()
    while node_id and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        order.append(node_id)
        node_id = mapping[node_id].get("parent")
    if order:
        order.reverse()
    else:  # no current_node: every node, in time order
        order = sorted(mapping, key=lambda key: ((mapping[key].get("message") or {}).get("create_time") or 0))
    for node_id in order:
        message = mapping[node_id].get("message")
        if not message:
            continue
        role = ((message.get("author") or {}).get("role") or "").lower()
        if role not in ("user", "assistant"):
            continue  # system prompts and tool output are not the conversation
        parts = (message.get("content") or {}).get("parts") or []
        text = "\n".join(part for part in parts if isinstance(part, str)).strip()
        if not text:
            continue
        stamp = message.get("create_time") or fallback_time
        at = datetime.fromtimestamp(float(stamp), timezone.utc) if stamp else None
        yield _Record(number, thread, role, text, at, (message.get("author") or {}).get("name"),
                      str(message.get("id") or node_id))


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
        _write_batch(store, batch, report, errors)
        batch.clear()
        with store.transaction():
            store.execute("UPDATE imports SET lines_done = max(lines_done, ?), messages_added = messages_added + ? "
                             "WHERE source_hash = ?", [done_unit, 0, source])
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
        store.execute("UPDATE imports SET finished_at = ?, messages_added = messages_added + ? "
                         "WHERE source_hash = ?", [to_iso(utc_now()), report.added, source])
        store.log_event("import_finished", format=fmt, added=report.added, duplicates=report.duplicates,
                        errors=len(report.errors))
    return report


def _write_batch(store: Store, batch: list[_Record], report: ImportReport, errors: list[LineError]) -> None:
    if not batch:
        return
    try:
        with store.transaction():
            for record in batch:
                external = record.external_id or derived_external_id(
                    record.thread, record.role, to_iso(record.at) if record.at else "", record.text)
                store.execute("SAVEPOINT import_message")
                try:
                    result = ingest_in_transaction(store, record.thread, record.role, record.text, at=record.at,
                                                   external_id=external, speaker=record.speaker)
                except MnemeError as exc:
                    store.execute("ROLLBACK TO import_message")
                    errors.append(LineError(record.unit, str(exc)))
                    continue
                finally:
                    store.execute("RELEASE import_message")
                if result is None:
                    report.duplicates += 1
                else:
                    report.added += 1
                    report.facts += len(result.fact_ids)
    except dbmod.OperationalError as exc:
        raise dbmod.translate_storage_error(store.path, exc) from exc


def _count_units(path: Path, fmt: str) -> int:
    if fmt == "chatgpt":
        try:
            with open(path, "r", encoding="utf-8") as handle:
                data = json.load(handle)
            return len(data) if isinstance(data, list) else 0
        except (UnicodeDecodeError, json.JSONDecodeError):
            return 0
    with open(path, "rb") as handle:
        return sum(1 for _ in handle)
