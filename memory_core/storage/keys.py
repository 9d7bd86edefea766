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

The header is a file people can open and edit, so reading it validates every
field (a clear message per malformed variant, never a traceback), and two more
values tell damage from a wrong passphrase:

* ``checksum``: SHA-256 of the header's other fields. Any flipped bit or edit
  shows as "the header is damaged", before scrypt even runs.
* ``passphrase.check``: HMAC of a constant under the passphrase-derived key.
  When it matches but AES-GCM still refuses ``wrapped``, the passphrase is
  right and the wrapped key is damaged; when it does not, the passphrase is
  wrong. (Headers written before these fields existed still open; for them a
  GCM failure can only be reported as "wrong passphrase or damaged".)
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
    DamagedKeyHeader,
    KeyMissing,
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
#: Bounds on scrypt parameters read from a header: beyond them a hand-edit could ask for terabytes.
MAX_SCRYPT_N, MAX_SCRYPT_R, MAX_SCRYPT_P = 2**20, 32, 16
MAX_SCRYPT_MEMORY = 1 << 30
SALT_BYTES, NONCE_BYTES, WRAPPED_BYTES = 16, 12, 48  # wrapped: 32-byte key + 16-byte GCM tag


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

    def fields(self) -> dict:
        return {"format": HEADER_FORMAT, "db_id": self.db_id, "key_check": self.key_check,
                "keyring": self.keyring, "passphrase": self.passphrase}

    def to_json(self) -> str:
        data = self.fields()
        data["checksum"] = header_checksum(data)
        return json.dumps(data, indent=2)

    @classmethod
    def from_json(cls, text: str, *, source: str = HEADER_NAME) -> "KeyHeader":
        """Parse and validate a header; every defect is a DamagedKeyHeader naming the field."""
        def damaged(what: str) -> DamagedKeyHeader:
            return DamagedKeyHeader(f"the key header {source} is damaged: {what}. It was not written by this "
                                    "Mneme as it is now (a hand-edit or a flipped bit?); restore it from a backup. "
                                    "The database was left untouched.")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise damaged("it is not valid JSON") from None
        if not isinstance(data, dict):
            raise damaged(f"expected a JSON object at the top, found {type(data).__name__}")
        found_format = _int_param(data.get("format"))
        if found_format is not None and found_format > HEADER_FORMAT:
            raise MnemeError(f"unsupported key header format {found_format}; update Mneme")
        if found_format != HEADER_FORMAT:
            raise damaged(f"'format' must be {HEADER_FORMAT}, found {data.get('format')!r}")
        db_id, key_check = data.get("db_id"), data.get("key_check")
        if not isinstance(db_id, str) or not db_id.strip():
            raise damaged("'db_id' is missing or not text")
        if not _is_hex(key_check, 32):
            raise damaged("'key_check' is missing or not 32 hex digits")
        keyring = data.get("keyring", False)
        if not isinstance(keyring, bool):
            raise damaged("'keyring' must be true or false")
        passphrase = data.get("passphrase")
        if passphrase is not None:
            problem = passphrase_params_problem(passphrase)
            if problem:
                raise damaged(problem)
        checksum = data.get("checksum")
        if checksum is not None:
            expected = header_checksum({k: data.get(k) for k in
                                        ("format", "db_id", "key_check", "keyring", "passphrase")})
            # compare_digest raises TypeError on non-ASCII text: compare bytes, so an edited checksum is a
            # message, never a traceback
            if not isinstance(checksum, str) or not hmac.compare_digest(
                    checksum.encode("utf-8", "surrogatepass"), expected.encode("ascii")):
                raise damaged("its contents do not match its checksum")
        if not keyring and not passphrase:
            raise damaged("it names no protection (neither keyring nor passphrase)")
        return cls(db_id=db_id, key_check=key_check, keyring=keyring, passphrase=passphrase)


def header_checksum(fields: dict) -> str:
    """A digest of the header's content (not a secret): catches damage and edits, not attackers."""
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:32]


def _is_hex(value: object, length: int) -> bool:
    if not isinstance(value, str) or len(value) != length:
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True


def _b64(value: object, length: int) -> bytes | None:
    if not isinstance(value, str):
        return None
    try:
        raw = base64.b64decode(value.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        return None
    return raw if len(raw) == length else None


def _int_param(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def passphrase_params_problem(params: object) -> str | None:
    """What is wrong with a header's ``passphrase`` object, or None when it can be used."""
    if not isinstance(params, dict):
        return f"'passphrase' must be an object, found {type(params).__name__}"
    if params.get("kdf", "scrypt") != "scrypt":
        return f"unknown key derivation {params.get('kdf')!r} (expected scrypt)"
    n, r, p = (_int_param(params.get(name)) for name in ("n", "r", "p"))
    if n is None or n < 2 or n > MAX_SCRYPT_N or n & (n - 1):
        return f"scrypt 'n' must be a power of two up to {MAX_SCRYPT_N}, found {params.get('n')!r}"
    if r is None or not 1 <= r <= MAX_SCRYPT_R:
        return f"scrypt 'r' must be 1..{MAX_SCRYPT_R}, found {params.get('r')!r}"
    if p is None or not 1 <= p <= MAX_SCRYPT_P:
        return f"scrypt 'p' must be 1..{MAX_SCRYPT_P}, found {params.get('p')!r}"
    if n * r * 128 > MAX_SCRYPT_MEMORY:
        return "the scrypt parameters ask for more than 1 GiB of memory"
    for name, length in (("salt", SALT_BYTES), ("nonce", NONCE_BYTES), ("wrapped", WRAPPED_BYTES)):
        if name not in params:
            return f"'passphrase.{name}' is missing"
        if _b64(params[name], length) is None:
            return f"'passphrase.{name}' is not base64 of {length} bytes"
    if "check" in params and not _is_hex(params["check"], 32):
        return "'passphrase.check' is not 32 hex digits"
    return None


def key_check_of(key: bytes) -> str:
    return hmac.new(key, b"mneme-key-check-v1", hashlib.sha256).hexdigest()[:32]


def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8", "surrogatepass"), salt=salt, n=n, r=r, p=p,
                          maxmem=n * r * 128 * 2 + (1 << 20), dklen=32)


def _kek_check(kek: bytes) -> str:
    return hmac.new(kek, b"mneme-kek-check-v1", hashlib.sha256).hexdigest()[:32]


def wrap_key(key: bytes, passphrase: str) -> dict:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    n, r, p = SCRYPT_N, SCRYPT_R, SCRYPT_P  # read at call time: tests lower the cost

    salt, nonce = secrets.token_bytes(SALT_BYTES), secrets.token_bytes(NONCE_BYTES)
    kek = _derive(passphrase, salt, n, r, p)
    wrapped = AESGCM(kek).encrypt(nonce, key, b"mneme-key")
    b64 = lambda raw: base64.b64encode(raw).decode("ascii")  # noqa: E731
    return {"kdf": "scrypt", "n": n, "r": r, "p": p, "salt": b64(salt), "nonce": b64(nonce), "wrapped": b64(wrapped),
            "check": _kek_check(kek)}


def unwrap_key(params: dict, passphrase: str) -> bytes:
    """The key from a validated ``passphrase`` object: wrong passphrase and damaged wrapping differ."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    problem = passphrase_params_problem(params)
    if problem:
        raise DamagedKeyHeader(f"the key header is damaged: {problem}; restore it from a backup")
    raw = {name: base64.b64decode(params[name]) for name in ("salt", "nonce", "wrapped")}
    kek = _derive(passphrase, raw["salt"], params["n"], params["r"], params["p"])
    check = params.get("check")
    if check is not None and not hmac.compare_digest(check, _kek_check(kek)):
        raise WrongKeyError("wrong passphrase: the key could not be unwrapped (nothing was changed)")
    try:
        return AESGCM(kek).decrypt(raw["nonce"], raw["wrapped"], b"mneme-key")
    except InvalidTag:
        if check is not None:
            raise DamagedKeyHeader(
                "the passphrase is right, but the wrapped key in the key header is damaged, so the database key "
                "cannot be recovered from it. Restore mneme.key.json from a backup (the database is untouched).") from None
        raise WrongKeyError("wrong passphrase (or a damaged key header): the key could not be unwrapped "
                            "(nothing was changed)") from None


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
            raw = self.header_path.read_bytes()
        except FileNotFoundError:
            raise KeyMissing(f"no key header at {self.header_path}: this data directory has no Mneme database") from None
        except OSError as exc:
            raise StorageError(f"cannot read the key header {self.header_path}: {exc.strerror}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise DamagedKeyHeader(f"the key header {self.header_path} is damaged: it is not UTF-8 text. Restore it "
                                   "from a backup; the database was left untouched.") from None
        return KeyHeader.from_json(text, source=str(self.header_path))

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
            return self._checked(header, key, unwrapped=True)
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
        raise DamagedKeyHeader("the key header names no protection; it is damaged")

    def _checked(self, header: KeyHeader, key: bytes, *, unwrapped: bool = False) -> bytes:
        if not hmac.compare_digest(key_check_of(key), header.key_check):
            if unwrapped and header.passphrase and header.passphrase.get("check"):
                # the passphrase was proven right and GCM authenticated the key: key_check is what changed
                raise DamagedKeyHeader(f"the key header {self.header_path} is damaged: its key_check does not match "
                                       "the key. Restore it from a backup; the database was left untouched.")
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
