"""Where the database key lives: the OS keyring, a passphrase-wrapped header, or both.

The key is 32 random bytes. A small JSON header beside the database
(``mneme.key.json``) records how it is protected, never the key itself:

* ``keyring``: the key sits in the OS keyring (Secret Service, Keychain,
  Credential Locker) under service ``Mneme``.
* ``passphrase``: the key is wrapped with AES-256-GCM under a key derived from
  the passphrase by scrypt (memory-hard); salt and cost sit in the header.
  Changing the passphrase re-wraps the key; the database is not re-encrypted.

Both may be set, so a keyring that disappears (a new desktop session, a
reinstalled OS: the Signal Desktop failure) still leaves a way in. There is no
plaintext fallback: with no real keyring the user must choose a passphrase.
A ``key_check`` (HMAC of a constant under the key) tells a wrong key from a
damaged database without trying to decrypt it.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import uuid
from dataclasses import dataclass
from pathlib import Path

from memory_core.errors import (
    KeyringUnavailable,
    MnemeError,
    PassphraseRequired,
    StorageError,
    WrongKeyError,
)

HEADER_NAME = "mneme.key.json"
KEYRING_SERVICE = "Mneme"
HEADER_FORMAT = 1
#: scrypt cost: 2**17 * 8 * 128 bytes = 128 MiB of memory, ~0.3 s on a laptop core.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**17, 8, 1
MIN_PASSPHRASE_LENGTH = 8


@dataclass(frozen=True)
class KeyringInfo:
    """What ``keyring`` resolved to on this machine."""

    name: str
    real: bool
    reason: str


def keyring_info() -> KeyringInfo:
    """Name the active keyring backend and whether it really protects secrets.

    The fail and null backends store nothing, and ``keyrings.alt`` plaintext
    backends write the secret to a file: none of them counts as real.
    """
    try:
        import keyring
        from keyring.backends import chainer

        backend = keyring.get_keyring()
    except Exception as exc:  # keyring raises many kinds on broken D-Bus setups
        return KeyringInfo("none", False, f"keyring could not start: {exc}")
    name = f"{type(backend).__module__}.{type(backend).__name__}"
    candidates = list(backend.backends) if isinstance(backend, chainer.ChainerBackend) else [backend]
    real = [b for b in candidates if _is_real_backend(b)]
    if not real:
        return KeyringInfo(name, False, "no secure OS keyring is available (no Secret Service, Keychain or Credential Locker)")
    chosen = real[0]
    label = f"{type(chosen).__module__}.{type(chosen).__name__}"
    return KeyringInfo(label, True, "secure OS keyring")


def _is_real_backend(backend: object) -> bool:
    module = type(backend).__module__
    if module.startswith(("keyring.backends.fail", "keyring.backends.null", "keyrings.alt")):
        return False
    try:
        return float(getattr(backend, "priority", 0)) > 0
    except Exception:
        return False


@dataclass
class KeyHeader:
    """The on-disk description of how the key is protected (no secret inside)."""

    db_id: str
    key_check: str
    keyring: bool = False
    passphrase: dict | None = None  # {"salt","n","r","p","nonce","wrapped"}

    @property
    def protection(self) -> str:
        parts = [name for name, on in (("keyring", self.keyring), ("passphrase", bool(self.passphrase))) if on]
        return "+".join(parts) or "none"

    def to_json(self) -> str:
        return json.dumps({"format": HEADER_FORMAT, "db_id": self.db_id, "key_check": self.key_check,
                           "keyring": self.keyring, "passphrase": self.passphrase}, indent=2)

    @classmethod
    def from_json(cls, text: str) -> "KeyHeader":
        data = json.loads(text)
        if data.get("format") != HEADER_FORMAT:
            raise MnemeError(f"unsupported key header format {data.get('format')!r}; update Mneme")
        return cls(db_id=data["db_id"], key_check=data["key_check"],
                   keyring=bool(data.get("keyring")), passphrase=data.get("passphrase"))


def key_check_of(key: bytes) -> str:
    return hmac.new(key, b"mneme-key-check-v1", hashlib.sha256).hexdigest()[:32]


def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=n * r * 128 * 2, dklen=32)


def wrap_key(key: bytes, passphrase: str) -> dict:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    n, r, p = SCRYPT_N, SCRYPT_R, SCRYPT_P  # read at call time: tests lower the cost

    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    wrapped = AESGCM(_derive(passphrase, salt, n, r, p)).encrypt(nonce, key, b"mneme-key")
    b64 = lambda raw: base64.b64encode(raw).decode("ascii")  # noqa: E731
    return {"kdf": "scrypt", "n": n, "r": r, "p": p, "salt": b64(salt), "nonce": b64(nonce), "wrapped": b64(wrapped)}


def unwrap_key(params: dict, passphrase: str) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    raw = {name: base64.b64decode(params[name]) for name in ("salt", "nonce", "wrapped")}
    kek = _derive(passphrase, raw["salt"], int(params["n"]), int(params["r"]), int(params["p"]))
    try:
        return AESGCM(kek).decrypt(raw["nonce"], raw["wrapped"], b"mneme-key")
    except InvalidTag:
        raise WrongKeyError("wrong passphrase: the key could not be unwrapped (nothing was changed)") from None


class KeyStore:
    """Creates, finds and re-protects the database key for one data directory."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.header_path = self.data_dir / HEADER_NAME

    # -- reading ---------------------------------------------------------
    def exists(self) -> bool:
        return self.header_path.exists()

    def header(self) -> KeyHeader:
        try:
            return KeyHeader.from_json(self.header_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MnemeError(f"no key header at {self.header_path}: this data directory has no Mneme database") from None
        except (ValueError, KeyError) as exc:
            raise MnemeError(f"the key header {self.header_path} is damaged ({exc}); restore it from a backup") from None

    def unlock(self, passphrase: str | None = None) -> bytes:
        """Return the key: from the passphrase when one is given, else the keyring.

        Raises PassphraseRequired, WrongKeyError or KeyringUnavailable with a
        message that says what to do next.
        """
        header = self.header()
        if passphrase is not None:
            if not header.passphrase:
                raise WrongKeyError("this database is not protected by a passphrase; it uses the OS keyring")
            key = unwrap_key(header.passphrase, passphrase)
            return self._checked(header, key)
        if header.keyring:
            key = self._read_keyring(header)
            if key is not None:
                return self._checked(header, key)
            if header.passphrase:
                raise KeyringUnavailable(
                    "the key is no longer in the OS keyring (was the keyring reset, or is this another "
                    "session?). This database also has a passphrase: unlock with it (MNEME_PASSPHRASE or the unlock dialog)."
                )
            raise KeyringUnavailable(
                "the key is no longer in the OS keyring and no passphrase was set, so the database cannot be "
                "opened. Restore the keyring (log into the same desktop session) and try again; the data is intact."
            )
        if header.passphrase:
            raise PassphraseRequired("this database is protected by a passphrase: set MNEME_PASSPHRASE or enter it")
        raise MnemeError("the key header names no protection; it is damaged")

    def _checked(self, header: KeyHeader, key: bytes) -> bytes:
        if not hmac.compare_digest(key_check_of(key), header.key_check):
            raise WrongKeyError("wrong key: it does not match this database's key header (file left unchanged)")
        return key

    def _read_keyring(self, header: KeyHeader) -> bytes | None:
        try:
            import keyring

            stored = keyring.get_password(KEYRING_SERVICE, self._keyring_user(header))
        except Exception:
            return None
        if not stored:
            return None
        try:
            return bytes.fromhex(stored)
        except ValueError:
            return None

    @staticmethod
    def _keyring_user(header: KeyHeader) -> str:
        return f"database-key:{header.db_id}"

    # -- writing ---------------------------------------------------------
    def create(self, *, use_keyring: bool, passphrase: str | None = None) -> bytes:
        """Make a new random key and protect it as asked. Refuses plaintext."""
        if self.exists():
            raise MnemeError(f"a key header already exists at {self.header_path}; refusing to replace it")
        if not use_keyring and not passphrase:
            raise MnemeError("no protection chosen: use the OS keyring or set a passphrase (Mneme never stores the key in plain text)")
        if passphrase is not None:
            validate_passphrase(passphrase)
        key = secrets.token_bytes(32)
        header = KeyHeader(db_id=str(uuid.uuid4()), key_check=key_check_of(key))
        if use_keyring:
            info = keyring_info()
            if not info.real:
                raise KeyringUnavailable(f"cannot keep the key in the OS keyring: {info.reason}. Set a passphrase instead.")
            self._store_keyring(header, key)
            header.keyring = True
        if passphrase:
            header.passphrase = wrap_key(key, passphrase)
        self._write_header(header)
        return key

    def change_passphrase(self, key: bytes, new_passphrase: str) -> None:
        """Re-wrap the (already unlocked) key under a new passphrase."""
        validate_passphrase(new_passphrase)
        header = self.header()
        self._checked(header, key)
        header.passphrase = wrap_key(key, new_passphrase)
        self._write_header(header)

    def remove_passphrase(self, key: bytes) -> None:
        header = self.header()
        self._checked(header, key)
        if not header.keyring:
            raise MnemeError("cannot remove the passphrase: it is the only protection of the key")
        header.passphrase = None
        self._write_header(header)

    def enable_keyring(self, key: bytes) -> None:
        header = self.header()
        self._checked(header, key)
        info = keyring_info()
        if not info.real:
            raise KeyringUnavailable(f"cannot use the OS keyring: {info.reason}")
        self._store_keyring(header, key)
        header.keyring = True
        self._write_header(header)

    def forget_keyring(self) -> None:
        """Remove the key from the keyring (used by tests and 'remove keyring protection')."""
        header = self.header()
        try:
            import keyring

            keyring.delete_password(KEYRING_SERVICE, self._keyring_user(header))
        except Exception:
            pass

    def _store_keyring(self, header: KeyHeader, key: bytes) -> None:
        try:
            import keyring

            keyring.set_password(KEYRING_SERVICE, self._keyring_user(header), key.hex())
        except Exception as exc:
            raise KeyringUnavailable(f"the OS keyring refused to store the key: {exc}") from exc

    def _write_header(self, header: KeyHeader) -> None:
        """Atomic replace, so a crash mid-write never loses the wrapped key."""
        tmp = self.header_path.with_suffix(".tmp")
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(header.to_json())
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.header_path)
        except OSError as exc:
            raise StorageError(f"cannot write the key header {self.header_path}: {exc.strerror}") from exc


def validate_passphrase(passphrase: str) -> None:
    if len(passphrase) < MIN_PASSPHRASE_LENGTH:
        raise MnemeError(f"the passphrase is too short: use at least {MIN_PASSPHRASE_LENGTH} characters")
