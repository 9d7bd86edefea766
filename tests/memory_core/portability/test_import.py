"""Import: generic JSONL and ChatGPT exports; idempotent, resumable, bad lines reported by number."""
from __future__ import annotations

import json

import pytest

from memory_core.facts import ledger as facts
from memory_core.errors import InvalidInput
from memory_core.portability.importers import import_file
from memory_core.storage.store import MAX_MESSAGE_CHARS


def write_jsonl(path, rows):
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows),
                    encoding="utf-8")
    return path


def message_count(store):
    return store.execute("SELECT count(*) FROM messages").fetchone()[0]


def test_jsonl_import_is_idempotent_and_extracts_facts(store, tmp_path):
    source = write_jsonl(tmp_path / "chat.jsonl", [
        {"thread": "a", "role": "user", "text": "I live in Porto.", "at": "2025-01-01T10:00:00Z", "speaker": "me"},
        {"thread": "a", "role": "assistant", "text": "Nice city!", "at": "2025-01-01T10:00:05Z", "external_id": "x2"},
        {"thread": "b", "role": "user", "text": "I moved to Lisbon.", "at": "2025-05-01T10:00:00Z"},
    ])
    seen = []
    report = import_file(store, source, progress=lambda done, total, added: seen.append((done, total, added)))
    assert (report.added, report.errors, report.format) == (3, [], "jsonl")
    assert seen[-1] == (3, 3, 3)
    rows = list(store.query("SELECT thread_id, external_id, speaker FROM messages ORDER BY id"))
    assert rows[0]["speaker"] == "me" and rows[1]["external_id"] == "x2"
    assert rows[0]["external_id"].startswith("sha256:")  # derived from the content when absent
    assert [f.value for f in facts.current_facts(store, predicate="lives_in")] == ["Lisbon"]
    again = import_file(store, source)
    assert again.added == 0 and message_count(store) == 3
    # the same messages in a different file (another hash) are still not duplicated
    copy = tmp_path / "copy.jsonl"
    copy.write_text(source.read_text() + "\n", encoding="utf-8")
    assert import_file(store, copy).added == 0 and import_file(store, copy).duplicates == 0


def test_malformed_lines_are_reported_and_the_rest_imports(store, tmp_path):
    good = {"thread": "a", "role": "user", "at": "2025-01-01T10:00:00Z"}
    source = write_jsonl(tmp_path / "mixed.jsonl", [
        {**good, "text": "first"},
        "{not json",
        {**good, "text": "bad date", "at": "the day after tomorrow"},
        {**good, "text": "from the future", "at": "2999-01-01T00:00:00Z"},
        {**good, "text": ""},
        {**good, "text": "x" * (MAX_MESSAGE_CHARS + 1)},
        {**good, "role": "robot", "text": "who am I"},
        {"thread": "a", "text": "no role"},
        "[1, 2]",
        "",
        {**good, "text": "control\x00chars\x07 are dropped"},
        {**good, "text": "last one"},
    ])
    report = import_file(store, source)
    assert report.added == 3
    lines = {error.line: error.message for error in report.errors}
    assert sorted(lines) == [2, 3, 4, 5, 6, 7, 8, 9]
    assert "JSON" in lines[2] and "date" in lines[3] and "future" in lines[4] and "empty" in lines[5]
    assert "limit" in lines[6] and "role" in lines[7] and "missing" in lines[8]
    texts = [row["text"] for row in store.query("SELECT text FROM messages ORDER BY id")]
    assert texts == ["first", "controlchars are dropped", "last one"]


def test_import_resumes_after_an_interruption(store, tmp_path):
    rows = [{"thread": "a", "role": "user", "text": f"message {i}", "at": f"2025-01-01T10:{i:02d}:00Z"}
            for i in range(30)]
    source = write_jsonl(tmp_path / "long.jsonl", rows)

    def crash(done, total, added):
        if done >= 10:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_file(store, source, progress=crash, batch_size=10)
    assert message_count(store) == 10
    report = import_file(store, source, batch_size=10)
    assert report.resumed_from == 10 and report.added == 20 and message_count(store) == 30


def chatgpt_export():
    def node(node_id, parent, role, text, at, children=()):
        message = None if role is None else {
            "id": node_id, "author": {"role": role}, "create_time": at,
            "content": {"content_type": "text", "parts": [text]}}
        return {"id": node_id, "parent": parent, "children": list(children), "message": message}

    return [
        {"title": "Moving", "create_time": 1735725600, "conversation_id": "c1", "current_node": "n4",
         "mapping": {
             "root": node("root", None, None, "", None, ["n0"]),
             "n0": node("n0", "root", "system", "You are ChatGPT", 1735725600, ["n1"]),
             "n1": node("n1", "n0", "user", "I live in Porto and my sister's name is Ana.", 1735725601, ["n2", "n2b"]),
             "n2b": node("n2b", "n1", "assistant", "an abandoned branch", 1735725602),
             "n2": node("n2", "n1", "assistant", "Good to know!", 1735725603, ["n3"]),
             "n3": node("n3", "n2", "user", "Actually I moved to Lisbon.", 1735725700, ["n4"]),
             "n4": node("n4", "n3", "assistant", "Noted.", 1735725701),
         }},
        {"title": "broken", "mapping": "not a tree"},
    ]


def test_chatgpt_export(store, tmp_path):
    source = tmp_path / "conversations.json"
    source.write_text(json.dumps(chatgpt_export()), encoding="utf-8")
    report = import_file(store, source)
    assert report.format == "chatgpt" and report.added == 4
    assert [e.line for e in report.errors] == [2]
    texts = [r["text"] for r in store.query("SELECT text FROM messages WHERE thread_id = 'chatgpt-c1' ORDER BY created_at")]
    assert "an abandoned branch" not in texts and "You are ChatGPT" not in texts and len(texts) == 4
    assert {(f.predicate, f.value) for f in facts.current_facts(store)} == {("lives_in", "Lisbon"), ("sister", "Ana")}
    assert import_file(store, source).added == 0


def test_missing_and_unreadable_files(store, tmp_path):
    with pytest.raises(InvalidInput):
        import_file(store, tmp_path / "nope.jsonl")
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(InvalidInput):
        import_file(store, broken)
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage\n")
    assert import_file(store, binary).errors[0].line == 1
