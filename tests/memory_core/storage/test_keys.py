"""Key management with a real Secret Service (gnome-keyring on a private D-Bus, see scripts/run-tests.sh)."""
from __future__ import annotations

import hashlib
import os

import pytest

from memory_core.errors import KeyringUnavailable, MnemeError, PassphraseRequired, WrongKeyError
from memory_core.storage.keys import KeyStore, keyring_info
from memory_core.storage.store import DB_NAME, Store
from tests.conftest import TEST_PASSPHRASE

REQUIRE_KEYRING = os.environ.get("MNEME_TEST_KEYRING") == "1"


@pytest.fixture
def real_keyring():
    info = keyring_info()
    if not info.real:
        if REQUIRE_KEYRING:
            pytest.fail(f"run-tests.sh promised a real Secret Service, but: {info.reason} ({info.name})")
        pytest.skip("no real keyring outside scripts/run-tests.sh")
    return info


@pytest.mark.keyring
def test_keyring_is_a_real_secret_service(real_keyring):
    assert "SecretService" in real_keyring.name or "libsecret" in real_keyring.name.lower()


@pytest.mark.keyring
def test_key_lives_in_keyring_and_reopens(real_keyring, data_dir):
    with Store.create(data_dir, use_keyring=True) as store:
        store.add_message("t", "user", "kept under the keyring")
    header_text = (data_dir / "mneme.key.json").read_text()
    with Store.open(data_dir) as again:
        assert again.messages("t")[0].text == "kept under the keyring"
        assert again.key.hex() not in header_text  # the header never holds the key
    assert KeyStore(data_dir).header().protection == "keyring"


@pytest.mark.keyring
def test_keyring_gone_without_passphrase_explains(real_keyring, data_dir):
    Store.create(data_dir, use_keyring=True).close()
    before = hashlib.sha256((data_dir / DB_NAME).read_bytes()).hexdigest()
    KeyStore(data_dir).forget_keyring()
    with pytest.raises(KeyringUnavailable, match="no passphrase was set"):
        Store.open(data_dir)
    assert hashlib.sha256((data_dir / DB_NAME).read_bytes()).hexdigest() == before


@pytest.mark.keyring
def test_keyring_gone_offers_the_passphrase(real_keyring, data_dir):
    Store.create(data_dir, use_keyring=True, passphrase=TEST_PASSPHRASE).close()
    KeyStore(data_dir).forget_keyring()
    with pytest.raises(KeyringUnavailable, match="passphrase"):
        Store.open(data_dir)
    with Store.open(data_dir, TEST_PASSPHRASE) as store:  # the way back in
        assert store.counts()["messages"] == 0


def test_passphrase_required_without_one(data_dir):
    Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE).close()
    with pytest.raises(PassphraseRequired):
        Store.open(data_dir)


def test_change_passphrase_rewraps_without_reencrypting(data_dir):
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        store.add_message("t", "user", "survives the change")
        store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        before = hashlib.sha256((data_dir / DB_NAME).read_bytes()).hexdigest()
        KeyStore(data_dir).change_passphrase(store.key, "a brand new passphrase")
    assert hashlib.sha256((data_dir / DB_NAME).read_bytes()).hexdigest() == before
    with pytest.raises(WrongKeyError):
        Store.open(data_dir, TEST_PASSPHRASE)
    with Store.open(data_dir, "a brand new passphrase") as store:
        assert store.messages("t")[0].text == "survives the change"


def test_no_plaintext_fallback(data_dir):
    with pytest.raises(MnemeError, match="never stores the key in plain text"):
        KeyStore(data_dir).create(use_keyring=False, passphrase=None)


def test_short_passphrase_refused(data_dir):
    with pytest.raises(MnemeError, match="too short"):
        Store.create(data_dir, use_keyring=False, passphrase="short")
    assert not (data_dir / DB_NAME).exists()


def test_header_is_private_and_holds_no_key(data_dir):
    with Store.create(data_dir, use_keyring=False, passphrase=TEST_PASSPHRASE) as store:
        key_hex = store.key.hex()
    header = data_dir / "mneme.key.json"
    assert key_hex not in header.read_text()
    assert oct(header.stat().st_mode & 0o777) == "0o600"
