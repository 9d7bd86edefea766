"""Forgetting leaves no bytes: decrypt the database file ourselves, page by page, and scan every byte.

We do not trust SQLite to tell us what is gone (a deleted row's bytes can
linger in free space, free pages, old FTS segments or WAL frames that no query
can see). So the test reads the raw SQLCipher 4 file with the raw key:

* page size 4096, 80 reserved bytes per page: a 16-byte IV then a 64-byte
  HMAC-SHA512; page 1's first 16 bytes are the salt, stored in the clear;
* AES-256-CBC with the raw 32-byte key itself (a raw ``x'..'`` key skips the
  KDF; the HMAC key is PBKDF2-HMAC-SHA512(key, salt XOR 0x3a, 2 rounds)).

Both assumptions are checked, not taken on faith: every page's HMAC must match
and page 1 must decrypt to a valid SQLite header. The same scan run *before*
forgetting must find the marker, or the test proves nothing.
"""
from __future__ import annotations

import hashlib
import hmac
import struct
import uuid
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from memory_core.clock import to_iso, utc_now
from memory_core.forgetting.forget import forget_about
from memory_core.storage.store import Store

PAGE = 4096
RESERVE = 80
IV_SIZE = 16
SALT_SIZE = 16
WAL_HEADER = 32
WAL_FRAME_HEADER = 24


def _aes_cbc_decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return decryptor.update(data) + decryptor.finalize()


def hmac_key_of(key: bytes, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha512", key, bytes(b ^ 0x3A for b in salt), 2, 32)


def decrypt_page(raw: bytes, pgno: int, key: bytes, hmac_key: bytes) -> bytes:
    """Plaintext of one page (page 1 without its 16 salt bytes). Raises if the HMAC does not match."""
    assert len(raw) == PAGE
    offset = SALT_SIZE if pgno == 1 else 0
    ciphertext = raw[offset:PAGE - RESERVE]
    iv = raw[PAGE - RESERVE:PAGE - RESERVE + IV_SIZE]
    mac = raw[PAGE - RESERVE + IV_SIZE:]
    expected = hmac.new(hmac_key, ciphertext + iv + struct.pack("<I", pgno), hashlib.sha512).digest()
    if not hmac.compare_digest(mac, expected):
        raise AssertionError(f"page {pgno}: HMAC mismatch (wrong key or wrong format assumption)")
    return _aes_cbc_decrypt(key, iv, ciphertext)


def decrypt_database(path: Path, key: bytes) -> tuple[list[bytes], bytes]:
    """Every page of the main file, decrypted (free pages included), and the salt."""
    data = path.read_bytes()
    assert len(data) % PAGE == 0 and data, f"{path} is not whole pages"
    salt = data[:SALT_SIZE]
    hmac_key = hmac_key_of(key, salt)
    pages = [decrypt_page(data[i * PAGE:(i + 1) * PAGE], i + 1, key, hmac_key) for i in range(len(data) // PAGE)]
    return pages, salt


def decrypt_wal(path: Path, key: bytes, salt: bytes) -> list[bytes]:
    """Every frame of a WAL file, decrypted (the WAL header itself is plaintext SQLite bookkeeping)."""
    if not path.exists():
        return []
    data = path.read_bytes()
    if len(data) < WAL_HEADER:
        return []
    hmac_key = hmac_key_of(key, salt)
    frames = []
    position = WAL_HEADER
    while position + WAL_FRAME_HEADER + PAGE <= len(data):
        pgno = struct.unpack(">I", data[position:position + 4])[0]
        raw = data[position + WAL_FRAME_HEADER:position + WAL_FRAME_HEADER + PAGE]
        try:
            frames.append(decrypt_page(raw, pgno, key, hmac_key))
        except AssertionError:
            # a stale frame from an older WAL generation: its bytes are still on disk, scan them raw too
            frames.append(raw)
        position += WAL_FRAME_HEADER + PAGE
    return frames


def needles(marker: str) -> dict[str, bytes]:
    """Every form in which the marker's text could sit in a page.

    FTS5 stores terms lowercased and prefix-compressed against the previous
    term on a leaf, so a lingering term may show only its tail.
    """
    lower = marker.lower()
    return {
        "utf-8": marker.encode("utf-8"),
        "utf-8 lowercase (FTS term)": lower.encode("utf-8"),
        "utf-8 tail (prefix-compressed FTS term)": lower[-12:].encode("utf-8"),
        "utf-16-le": marker.encode("utf-16-le"),
        "utf-16-be": marker.encode("utf-16-be"),
    }


def scan(data_dir: Path, key: bytes, marker: str) -> list[str]:
    """Where the marker's bytes are found: 'page N (form)', 'wal frame N (form)', raw file hits."""
    db_path = data_dir / "mneme.db"
    pages, salt = decrypt_database(db_path, key)
    found = []
    forms = needles(marker)
    for number, page in enumerate(pages, start=1):
        for form, needle in forms.items():
            if needle in page:
                found.append(f"page {number} ({form})")
    for number, frame in enumerate(decrypt_wal(db_path.with_name("mneme.db-wal"), key, salt), start=1):
        for form, needle in forms.items():
            if needle in frame:
                found.append(f"wal frame {number} ({form})")
    for name in ("mneme.db", "mneme.db-wal", "mneme.db-shm", "mneme.db-journal"):
        path = data_dir / name
        if path.exists():
            raw = path.read_bytes()
            found += [f"{name} raw ({form})" for form, needle in forms.items() if needle in raw]
    return found


def seed_marked_memory(store: Store, marker: str) -> None:
    """Messages, observations, a reflection, facts and embeddings that all carry the marker.

    Rows are inserted directly (the Observer/facts engines may not exist yet);
    the schema's links say what came from what. Unrelated rows are written
    before and after, so forgotten rows sit between live ones on shared pages.
    """
    now = to_iso(utc_now())
    store.add_message("keep", "user", "I like green tea in the morning. " * 20)
    message_ids = []
    for index in range(40):
        text = f"message {index}: my secret is {marker} and it is long. " + ("padding words here " * 40)
        message_ids.append(store.add_message("secret", "user", text).id)
    big = store.add_message("secret", "user", f"big paste {marker} " + "x" * 20000 + f" {marker}").id
    message_ids.append(big)
    store.add_message("keep", "assistant", "Green tea noted. " * 20)
    with store.transaction():
        generation = store.execute(
            "INSERT INTO reflection_generations (created_at, input_tokens, output_tokens, method) "
            "VALUES (?, 100, 20, 'test')", [now]).lastrowid
        observation_ids = []
        for index, message_id in enumerate(message_ids[:10]):
            observation_id = store.execute(
                "INSERT INTO observations (thread_id, priority, observed_at, text, created_at, reflected_in) "
                "VALUES ('secret', 'high', ?, ?, ?, ?)",
                [now, f"User said secret {marker} (#{index})", now, generation]).lastrowid
            store.execute("INSERT INTO observation_messages VALUES (?, ?)", [observation_id, message_id])
            observation_ids.append(observation_id)
        reflection_id = store.execute(
            "INSERT INTO reflections (generation_id, priority, observed_at, text, created_at) "
            "VALUES (?, 'high', ?, ?, ?)", [generation, now, f"User's secret is {marker}", now]).lastrowid
        for observation_id in observation_ids:
            store.execute("INSERT INTO reflection_observations VALUES (?, ?)", [reflection_id, observation_id])
        for index, message_id in enumerate(message_ids[:5]):
            fact_id = store.execute(
                "INSERT INTO facts (subject, predicate, value, text, category, valid_at, created_at, thread_id) "
                "VALUES ('user', 'secret', ?, ?, 'personal', ?, ?, 'secret')",
                [marker, f"The user's secret is {marker}", now, now]).lastrowid
            store.execute("INSERT INTO fact_messages VALUES (?, ?)", [fact_id, message_id])
            # a vector whose bytes spell the marker, so a leftover embedding row would be caught too
            store.execute("INSERT INTO embeddings VALUES ('fact', ?, 'test', 8, ?)",
                          [fact_id, marker.encode() * 4])
        for message_id in message_ids:
            store.execute("INSERT INTO embeddings VALUES ('message', ?, 'test', 8, ?)",
                          [message_id, marker.encode() * 4])
    store.add_message("keep", "user", "After that, I switched to oolong. " * 20)


def test_page_decryption_assumptions_hold(store: Store) -> None:
    """Raw key means no KDF: page 1 decrypts to a real SQLite header and every HMAC matches."""
    store.add_message("t", "user", "hello")
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages, _ = decrypt_database(store.path, store.key)
    header = b"SQLite format 3\x00" + pages[0][:84]
    assert struct.unpack(">H", header[16:18])[0] == PAGE
    assert header[20] == RESERVE  # reserved bytes per page: IV + HMAC
    assert header[21:24] == bytes([64, 32, 32])  # fixed payload fractions of every valid SQLite file
    assert struct.unpack(">I", header[28:32])[0] == len(pages)  # in-header database size in pages
    assert pages[0][100 - SALT_SIZE] in (0x0D, 0x05)  # page 1 holds the schema b-tree: a table page
    with pytest.raises(AssertionError, match="HMAC"):
        decrypt_database(store.path, bytes(32))


def test_scan_finds_the_marker_before_forgetting(store: Store) -> None:
    """The scan can fail: with the marker stored (checkpointed into the file), it is found."""
    marker = "Qorvex" + uuid.uuid4().hex[:10]
    seed_marked_memory(store, marker)
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    hits = scan(store.data_dir, store.key, marker)
    assert any(hit.startswith("page") and "utf-8)" in hit for hit in hits)
    assert any("FTS term" in hit for hit in hits), "the FTS index should hold the lowercased term"
    # and the encryption is real: the raw files never show it
    assert not [hit for hit in hits if "raw" in hit]


def test_scan_finds_the_marker_in_the_wal(store: Store) -> None:
    marker = "Walmark" + uuid.uuid4().hex[:10]
    store.add_message("t", "user", f"in the wal: {marker}")
    hits = scan(store.data_dir, store.key, marker)
    assert any(hit.startswith("wal frame") for hit in hits)


def test_forgotten_text_leaves_no_bytes(store: Store, data_dir: Path) -> None:
    marker = "Qorvex" + uuid.uuid4().hex[:10]
    seed_marked_memory(store, marker)
    key = store.key
    receipt = forget_about(store, marker)
    assert receipt.verified, receipt.problems
    assert receipt.counts["messages"] == 41 and receipt.counts["observations"] == 10
    assert receipt.counts["reflections"] == 1 and receipt.counts["facts"] == 5
    assert marker not in repr(receipt.to_dict())
    store.close()

    hits = scan(data_dir, key, marker)
    assert hits == [], f"forgotten text still on disk: {hits}"

    reopened = Store.open_with_key(data_dir, key)
    try:
        texts = [row["text"] for row in reopened.query("SELECT text FROM messages")]
        assert len(texts) == 3 and all("tea" in t or "oolong" in t for t in texts), "unrelated memories must stay"
        events = [row["detail"] for row in reopened.query("SELECT detail FROM events")]
        assert events and all(marker.lower() not in e.lower() for e in events)
    finally:
        reopened.close()


@pytest.mark.parametrize("missing_layer", ["secure_delete", "wal_checkpoint", "fts_secure_delete_and_optimize"])
def test_each_layer_is_needed(store: Store, data_dir: Path, monkeypatch, missing_layer: str) -> None:
    """Take one defence away and the scan finds the text: the layers are load-bearing, not decoration."""
    import memory_core.forgetting.forget as forget

    marker = "Qorvex" + uuid.uuid4().hex[:10]
    if missing_layer == "secure_delete":
        store.execute("PRAGMA secure_delete = OFF")
    if missing_layer == "wal_checkpoint":
        monkeypatch.setattr(forget, "checkpoint_wal", lambda s: {"busy": 0, "log": 0, "checkpointed": 0})
    if missing_layer == "fts_secure_delete_and_optimize":
        for table in ("messages", "observations", "reflections", "facts"):
            store.execute(f"INSERT INTO {table}_fts({table}_fts, rank) VALUES ('secure-delete', 0)")
        import memory_core.storage.deletions as deletions

        monkeypatch.setattr(deletions, "merge_fts", lambda db, tables: None)
    seed_marked_memory(store, marker)
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    forget_about(store, marker)
    if missing_layer != "wal_checkpoint":
        store.close()  # closing checkpoints; the no-checkpoint case must be scanned while open
    assert scan(data_dir, store.key, marker), f"without {missing_layer} the text should still be on disk"


def test_fts_optimize_alone_scrubs_the_index(store: Store, data_dir: Path) -> None:
    """Even without FTS5 secure-delete (an older database), 'optimize' rewrites the index clean."""
    marker = "Qorvex" + uuid.uuid4().hex[:10]
    for table in ("messages", "observations", "reflections", "facts"):
        store.execute(f"INSERT INTO {table}_fts({table}_fts, rank) VALUES ('secure-delete', 0)")
    seed_marked_memory(store, marker)
    store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert forget_about(store, marker).verified
    store.close()
    assert scan(data_dir, store.key, marker) == []


class HashEmbedder:
    """A deterministic embedder double (the real one needs torch); the vectors just have to exist."""

    model_id = "test-hash"
    dimension = 32

    def embed(self, texts):
        import zlib

        vectors = []
        for text in texts:
            vector = [0.0] * self.dimension
            for word in text.lower().split():
                vector[zlib.crc32(word.encode()) % self.dimension] += 1.0
            norm = sum(x * x for x in vector) ** 0.5 or 1.0
            vectors.append([x / norm for x in vector])
        return vectors


def test_forgetting_what_the_real_engines_wrote_leaves_no_bytes(store: Store, data_dir: Path) -> None:
    """Messages through the hot path (fact extraction), the extractive Observer, the Reflector and
    the embedding backfill: then "forget everything about" the marker, and scan."""
    from datetime import datetime, timedelta, timezone

    from memory_core.recall.vectors import backfill_embeddings
    from memory_core.ingest import ingest_message
    from memory_core.observational.engine import OMConfig, OMEngine
    from memory_core.observational.tokens import TokenCounter

    marker = "Qorvex" + uuid.uuid4().hex[:10]
    start = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
    said = [f"I live in {marker}.", f"My sister's name is {marker}.", "I work at the library.",
            f"Remember that I am allergic to {marker}.", f"I need to renew my {marker} passport next week.",
            "I like cycling on weekends."]
    for n, text in enumerate(said * 3):
        ingest_message(store, "t", "user", text, at=start + timedelta(days=n // 3, minutes=n))
    report = OMEngine(TokenCounter(None), OMConfig(256, 60), observer_mode="extractive").run_due(store, force=True)
    assert report.reflected, report
    backfill_embeddings(store, HashEmbedder(), limit=None)
    before = {table: store.execute(f"SELECT count(*) FROM {table} WHERE text LIKE ?", [f"%{marker}%"]).fetchone()[0]
              for table in ("messages", "observations", "reflections", "facts")}
    assert all(before.values()), f"every engine should have written the marker: {before}"

    receipt = forget_about(store, marker)
    assert receipt.verified, receipt.problems
    key = store.key
    left = [row[0] for row in store.execute("SELECT text FROM facts").fetchall()]
    assert any("library" in text for text in left) and any("cycling" in text for text in left)
    store.close()
    assert scan(data_dir, key, marker) == []
