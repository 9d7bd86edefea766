"""A hand-edited or damaged ``mneme.key.json``: a clear message for every variant, damage told from a wrong passphrase."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_core.errors import DamagedKeyHeader, MnemeError, WrongKeyError
from memory_core.storage.keys import HEADER_NAME, KeyHeader, KeyStore
from memory_core.storage.store import Store
from mneme.cli import main
from tests.conftest import TEST_PASSPHRASE


@pytest.fixture
def header_file(store, data_dir) -> Path:
    return data_dir / HEADER_NAME


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    data.pop("checksum", None)  # a hand-edit that also drops the checksum: the field checks must catch it
    path.write_text(json.dumps(data))


def _set(path_in_data: tuple, value):
    def change(data):
        target = data
        for key in path_in_data[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path_in_data[-1]]
        else:
            target[path_in_data[-1]] = value
    return change


_DELETE = object()

MALFORMED = {
    "top level is a list": lambda p: p.write_text("[]"),
    "top level is null": lambda p: p.write_text("null"),
    "not JSON": lambda p: p.write_text("{not json"),
    "not UTF-8": lambda p: p.write_bytes(b"\xff\xfe{}"),
    "empty file": lambda p: p.write_text(""),
    "passphrase is a string": lambda p: _edit(p, _set(("passphrase",), "hunter2")),
    "missing salt": lambda p: _edit(p, _set(("passphrase", "salt"), _DELETE)),
    "bad base64 salt": lambda p: _edit(p, _set(("passphrase", "salt"), "***not base64***")),
    "short nonce": lambda p: _edit(p, _set(("passphrase", "nonce"), base64.b64encode(b"123").decode())),
    "n not a power of two": lambda p: _edit(p, _set(("passphrase", "n"), 3)),
    "n huge": lambda p: _edit(p, _set(("passphrase", "n"), 2**40)),
    "n as a string": lambda p: _edit(p, _set(("passphrase", "n"), "4096")),
    "r zero": lambda p: _edit(p, _set(("passphrase", "r"), 0)),
    "p negative": lambda p: _edit(p, _set(("passphrase", "p"), -1)),
    "key_check not hex": lambda p: _edit(p, _set(("key_check",), "zz")),
    "db_id a number": lambda p: _edit(p, _set(("db_id",), 7)),
    "keyring a string": lambda p: _edit(p, _set(("keyring",), "yes")),
    "format missing": lambda p: _edit(p, _set(("format",), _DELETE)),
    "no protection": lambda p: _edit(p, _set(("passphrase",), None)),
}


@pytest.mark.parametrize("variant", sorted(MALFORMED))
def test_every_malformed_header_gets_a_clear_message(header_file, data_dir, variant, capsys, monkeypatch):
    MALFORMED[variant](header_file)
    with pytest.raises(MnemeError) as caught:
        Store.open(data_dir, TEST_PASSPHRASE)
    assert isinstance(caught.value, DamagedKeyHeader), f"{variant}: {type(caught.value).__name__}: {caught.value}"
    assert "key header" in str(caught.value) and "backup" in str(caught.value)
    monkeypatch.setenv("MNEME_PASSPHRASE", TEST_PASSPHRASE)
    code = main(["memory", "add", "--data-dir", str(data_dir), "--thread", "t", "--role", "user", "--text", "x"])
    err = capsys.readouterr().err
    assert code == DamagedKeyHeader.exit_code and "Traceback" not in err and len(err.strip().splitlines()) == 1


def _flip_bit_in_wrapped(path: Path, *, keep_checksum_valid: bool) -> None:
    data = json.loads(path.read_text())
    raw = bytearray(base64.b64decode(data["passphrase"]["wrapped"]))
    raw[5] ^= 0x04
    data["passphrase"]["wrapped"] = base64.b64encode(bytes(raw)).decode()
    if keep_checksum_valid:
        header = KeyHeader(data["db_id"], data["key_check"], data["keyring"], data["passphrase"])
        path.write_text(header.to_json())
    else:
        path.write_text(json.dumps(data))


@pytest.mark.parametrize("keep_checksum_valid", [False, True], ids=["checksum-catches-it", "kek-check-catches-it"])
def test_flipped_bit_in_wrapped_is_damage_not_a_wrong_passphrase(header_file, data_dir, keep_checksum_valid):
    _flip_bit_in_wrapped(header_file, keep_checksum_valid=keep_checksum_valid)
    with pytest.raises(DamagedKeyHeader, match="damaged"):
        Store.open(data_dir, TEST_PASSPHRASE)


def test_wrong_passphrase_is_still_a_wrong_passphrase(header_file, data_dir):
    with pytest.raises(WrongKeyError, match="wrong passphrase"):
        Store.open(data_dir, "not the passphrase at all")


def test_header_from_before_the_checks_still_opens(header_file, data_dir):
    """Headers written before ``checksum`` and ``passphrase.check`` existed open as before."""
    data = json.loads(header_file.read_text())
    data.pop("checksum")
    data["passphrase"].pop("check")
    header_file.write_text(json.dumps(data))
    with Store.open(data_dir, TEST_PASSPHRASE) as store:
        assert store.counts()["messages"] == 0
    with pytest.raises(WrongKeyError):
        Store.open(data_dir, "not the passphrase at all")


_json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
                            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                          max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(mutation=st.dictionaries(st.sampled_from(["format", "db_id", "key_check", "keyring", "passphrase", "checksum",
                                                 "n", "r", "p", "salt", "nonce", "wrapped", "check", "kdf"]),
                                _json_values, min_size=1, max_size=3), drop_checksum=st.booleans())
def test_any_edit_of_the_header_is_a_message_never_a_traceback(mutation, drop_checksum):
    """Property: whatever a person writes into the header, reading it raises a MnemeError or succeeds."""
    base = json.loads(_HEADER_TEXT)
    for key, value in mutation.items():
        if key in ("n", "r", "p", "salt", "nonce", "wrapped", "check", "kdf"):
            if isinstance(base.get("passphrase"), dict):
                base["passphrase"][key] = value
        else:
            base[key] = value
    if drop_checksum:
        base.pop("checksum", None)
    try:
        header = KeyHeader.from_json(json.dumps(base))
    except MnemeError:
        return
    try:
        from memory_core.storage.keys import unwrap_key

        if header.passphrase:
            unwrap_key(header.passphrase, TEST_PASSPHRASE)
    except MnemeError:
        pass


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_as_a_header_is_a_message(text):
    try:
        KeyHeader.from_json(text)
    except MnemeError:
        pass


def _make_header_text() -> str:
    import memory_core.storage.keys as keys

    saved = keys.SCRYPT_N
    keys.SCRYPT_N = 2**10
    try:
        header = KeyHeader("db", "0" * 32, False, keys.wrap_key(b"k" * 32, TEST_PASSPHRASE))
    finally:
        keys.SCRYPT_N = saved
    return header.to_json()


_HEADER_TEXT = _make_header_text()


def test_the_checksum_covers_every_field(header_file, data_dir):
    data = json.loads(header_file.read_text())
    data["keyring"] = not data["keyring"]
    header_file.write_text(json.dumps(data))
    with pytest.raises(DamagedKeyHeader, match="checksum"):
        KeyStore(data_dir).header()


@pytest.mark.parametrize("checksum", ["é" * 32, "\udc80" * 4, "0" * 31 + "ß"])
def test_a_non_ascii_checksum_is_a_message(checksum):
    """hmac.compare_digest raises TypeError on non-ASCII text: an edited checksum must still read as damage."""
    base = json.loads(_HEADER_TEXT)
    base["checksum"] = checksum
    with pytest.raises(MnemeError, match="checksum"):
        KeyHeader.from_json(json.dumps(base))
