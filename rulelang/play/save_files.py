"""Save files on disk: written whole or not at all, sealed with the user's own key.

Every save the command line, the terminal, a campaign and the browser server write goes
through ``write_save``: the text is sealed (encrypted and authenticated with AES-GCM under a
key of this user's, so reading the file shows nothing and changing it is noticed), then
written to a temporary file in the same folder, flushed to the disk, and renamed over the
save: a kill at any moment leaves the last good save or the new one, never half of one.
``read_save`` opens it again, and refuses a file that is not sealed with this user's key
unless told to trust it. docs/saves.md gives the format and what it protects against.

The key is 32 random bytes in ``$XDG_CONFIG_HOME/rulelang/save.key`` (``~/.config`` when
that is not set), made on first use, readable by its owner only.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import tempfile
from pathlib import Path

from rulelang.language.errors import RulesError

SEALED = "rulelang-sealed/1"
KEY_FILE = "save.key"
KEY_BYTES = 32
MAX_FILE = 200_000_000  # bytes read from a save file at most (a save holds 64M characters)
_SIGNATURE = re.compile(r',"signature":"([0-9a-f]{64})"}\Z')
TRUST_HINT = "if you trust this file, load it with --trust-save"


class SaveFileError(RulesError):
    """A save file that cannot be read, opened or trusted; the message says why."""


# ------------------------------------------------------------------ writing
def write_atomically(path, text: str, mode: int = 0o600):
    """Write ``text`` to ``path`` whole or not at all: a temporary file in the same folder,
    flushed to the disk, renamed over ``path``, the folder flushed too. An OSError names
    ``path`` (not the temporary file). Temporary files left by a writer that was killed
    are removed."""
    path = Path(path)
    folder = path.parent
    _remove_stale(path)
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.{os.getpid()}.",
                                         suffix=".part")
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:  # mkstemp makes it 0600
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if mode != 0o600:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path):
    """The rename itself reaches the disk (on systems where a folder can be flushed)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_stale(path: Path):
    """Temporary files of ``path`` whose writer (its process id in the name) is gone."""
    try:
        siblings = list(path.parent.glob(f".{glob_escape(path.name)}.*.part"))
    except OSError:
        return
    for sibling in siblings:
        pid = sibling.name[len(path.name) + 2:].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                sibling.unlink()
            except OSError:
                pass


def remove_stale_parts(folder: Path):
    """Every temporary file in ``folder`` whose writer is gone (a server starting on its
    folder of saves: writers killed before, and those of older versions, named .X.part)."""
    for part in Path(folder).glob(".*.part"):
        pid = part.name.rsplit(".", 3)[-3] if part.name.count(".") >= 4 else ""
        if not (pid.isdigit() and _alive(int(pid))):
            try:
                part.unlink()
            except OSError:
                pass


def glob_escape(name: str) -> str:
    return re.sub(r"([\[\]*?])", r"[\1]", name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def write_save(path, text: str, key: bytes | None = None):
    """A save (a game's, a campaign's, a table's) sealed with the user's key and written
    atomically, readable by its owner only."""
    write_atomically(path, seal(text, key or user_key()))


# ------------------------------------------------------------------ reading
def read_save(path, trust: bool = False, key: bytes | None = None) -> str:
    """The text of the save in ``path`` (as ``game.save()`` made it). A file not sealed nor
    signed with this user's key is refused (SaveFileError saying why), unless ``trust``:
    then a plain save, signed or not, is accepted. A sealed file opens with its key only."""
    path = Path(path)
    try:
        with open(path, "rb") as saved:
            data = saved.read(MAX_FILE + 1)
    except OSError as error:
        raise SaveFileError(f"cannot read it ({error.strerror or error})") from None
    if len(data) > MAX_FILE:
        raise SaveFileError(f"this file is too large to be a save (over {MAX_FILE:,} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError("this is not a rulelang save (it is not UTF-8 text)") from None
    return open_save(text, trust, key)


def open_save(text: str, trust: bool = False, key: bytes | None = None) -> str:
    """``read_save`` on a text already read."""
    envelope = _envelope(text)
    if envelope is not None:
        return unseal(envelope, key or user_key())
    signed = _SIGNATURE.search(text)
    if signed is not None:
        body = text[:signed.start()] + "}"
        if hmac.compare_digest(signed.group(1), sign(body, key or user_key())):
            return body
        if trust:
            return body
        raise SaveFileError("this save is signed with another key, or was changed after it "
                            f"was saved: {TRUST_HINT}")
    if not text.strip():
        raise SaveFileError("this file is empty: it holds no save (name the file a save was "
                            "written to)")
    if not text.lstrip().startswith("{"):  # every save is a JSON object: --trust-save won't help
        raise SaveFileError("this is not a rulelang save (a save is JSON, as rulelang writes "
                            "it): name the file a save was written to")
    if trust:
        return text
    raise SaveFileError("this save is not signed with your key (it was written by another "
                        f"program, an older rulelang, or by hand): {TRUST_HINT}")


def _envelope(text):
    if f'"{SEALED}"' not in text[:300]:  # a sealed save names its format first
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveFileError("this sealed save is damaged (it is not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SEALED \
            or not isinstance(data.get("key"), str) or not isinstance(data.get("sealed"), str):
        raise SaveFileError("this sealed save is damaged (its key or contents are missing)")
    return data


# ------------------------------------------------------------------ the seal
def key_id(key: bytes) -> str:
    """A short name of a key, written in the clear beside what it sealed: which key opens
    a file can be said without the key."""
    return hashlib.sha256(b"rulelang save key id\0" + key).hexdigest()[:16]


def _subkey(key: bytes, purpose: bytes) -> bytes:
    return hmac.new(key, b"rulelang " + purpose, hashlib.sha256).digest()


def seal(text: str, key: bytes) -> str:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    nonce = secrets.token_bytes(12)
    name = key_id(key)
    sealed = AESGCM(_subkey(key, b"seal")).encrypt(nonce, text.encode("utf-8"),
                                                   (SEALED + name).encode())
    return json.dumps({"format": SEALED, "key": name,
                       "sealed": base64.b64encode(nonce + sealed).decode("ascii")},
                      separators=(",", ":"))


def unseal(envelope: dict, key: bytes) -> str:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    name = key_id(key)
    if envelope["key"] != name:
        raise SaveFileError(
            f"this save is sealed with another key ({_short_id(envelope['key'])}; yours is "
            f"{name}): only that key opens it. If the file is yours from another account or "
            "machine, run with XDG_CONFIG_HOME naming the folder that holds that key's "
            f"rulelang/{KEY_FILE}")
    try:
        raw = base64.b64decode(envelope["sealed"], validate=True)
        text = AESGCM(_subkey(key, b"seal")).decrypt(raw[:12], raw[12:],
                                                    (SEALED + name).encode())
        return text.decode("utf-8")
    except (InvalidTag, ValueError, binascii.Error):
        raise SaveFileError("this save was changed after it was saved (its seal does not "
                            "match its contents): it is refused") from None


def sign(text: str, key: bytes) -> str:
    return hmac.new(_subkey(key, b"sign"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def signed(text: str, key: bytes | None = None) -> str:
    """A plain save (a JSON object) with this user's signature: readable, not changeable."""
    return text[:-1] + f',"signature":"{sign(text, key or user_key())}"}}'


def _short_id(name) -> str:
    return name[:16] if re.fullmatch(r"[0-9a-f]{1,64}", name or "") else "unknown"


# ------------------------------------------------------------------ the user's key
def key_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    folder = Path(base) if os.path.isabs(base) else Path.home() / ".config"
    return folder / "rulelang" / KEY_FILE


def user_key() -> bytes:
    """This user's key, made on first use (two processes making it at once agree on one)."""
    path = key_path()
    if not path.exists():
        _make_key(path)
    return _read_key(path)


def _make_key(path: Path):
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".save.key.", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(secrets.token_hex(KEY_BYTES) + "\n")
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(temporary, path)  # made whole, and never over a key already there
            except FileExistsError:
                pass
        finally:
            os.unlink(temporary)
    except OSError as error:
        raise SaveFileError(f"cannot make the key that seals saves at {path}: "
                            f"{error.strerror or error}") from None


def _read_key(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "r", encoding="ascii") as file:
            info = os.fstat(file.fileno())
            text = file.read(200)
    except (OSError, UnicodeDecodeError) as error:
        raise SaveFileError(f"cannot read the key that seals saves, {path}: "
                            f"{getattr(error, 'strerror', None) or error}") from None
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
        raise SaveFileError(f"the key that seals saves, {path}, is not a file of yours")
    if info.st_mode & 0o077:
        raise SaveFileError(f"the key that seals saves, {path}, may be read or changed by "
                            f"others (mode {stat.S_IMODE(info.st_mode):o}): chmod 600 {path}")
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise SaveFileError(f"the key that seals saves, {path}, is damaged (it should be "
                            f"{KEY_BYTES * 2} hexadecimal digits): remove it to make a new one "
                            "(saves sealed with it will no longer open)")
    return key


def with_people(text: str, people: list[str]) -> str:
    """A save's text naming the seats people played when it was written: it goes on only
    with them as people (``cli.run``'s load; it holds every seat's cards)."""
    data = json.loads(text)
    data["people"] = people
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def people_of(text: str) -> object:
    """The seats people played when the save ``text`` was written (``with_people``), as the
    file has them ([] when it names none): a file trusted may have been edited, so whether
    they are a list of seats' names is for the caller to check."""
    return json.loads(text).get("people") or []
