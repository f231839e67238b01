"""The cache folder: validated rule sets kept between runs as plain JSON, so a command need not
import pydantic and PyYAML to validate a file it has seen before.

The cache holds only data (JSON), never code, and is used only from a folder that this user owns
and nobody else may enter (mode 0700, not a symbolic link; one of theirs that others may only read
is made so): a planted or shared folder is simply not used. Entries are written under a random
temporary name, opened exclusively and without following links, then renamed into place; a
damaged or foreign entry is a miss, never an error. An entry carries a checksum of its payload as
written, so one damaged into other JSON of the same shape (a rule set that was never validated) is
a miss too.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from pathlib import Path
from typing import Any

from scorekeeper._version import __version__

MAX_ENTRY_BYTES = 1024 * 1024  # a rule set is a few KiB; anything larger is not ours
_PAYLOAD = b',"payload":'  # an entry is {"version":...,"check":CRC-32 of the payload,"payload":...}


def cache_root() -> Path | None:
    """The cache folder from ``SCOREKEEPER_CACHE_DIR`` or the user's cache folder; None: turned off."""
    root = os.environ.get("SCOREKEEPER_CACHE_DIR")  # not for players: a variable
    if root is None:
        from scorekeeper.config import user_folder

        return user_folder("cache")
    return Path(root) if root else None  # an empty setting turns the cache off


def _private_folder(path: Path) -> bool:
    """True when ``path`` is (or has just been made) a real folder of this user that only they can use."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        try:
            path.mkdir(mode=0o700, parents=True)
            os.chmod(path, 0o700)  # mkdir's mode is narrowed by the umask, never widened
            info = os.lstat(path)
        except OSError:
            return False
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        return False
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o077 and not mode & 0o022:
        # A folder of this user that others may read but not write (as scorekeeper made it before
        # the cache was private, or a umask did): nobody else can have put anything in it, so it
        # is made private and used. Refused, it kept the cache off for good: every command
        # validated its rule set with pydantic and PyYAML, 4 times `import typer` instead of 1.7.
        try:  # through a descriptor of the folder itself, so that a link put in its place is not followed
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                if os.fstat(fd).st_uid != os.getuid():
                    return False
                os.fchmod(fd, 0o700)
                mode = stat.S_IMODE(os.fstat(fd).st_mode)
            finally:
                os.close(fd)
        except OSError:
            return False
    return mode & 0o077 == 0


def _folder(kind: str) -> Path | None:
    root = cache_root()
    if root is None or not _private_folder(root) or not _private_folder(root / kind):
        return None
    return root / kind


def cache_load(kind: str, key: str) -> Any:
    """The JSON payload cached under ``key`` by this version of scorekeeper, or None."""
    folder = _folder(kind)
    if folder is None:
        return None
    try:
        fd = os.open(folder / f"{key}.json", os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as entry:
            if not stat.S_ISREG(os.fstat(entry.fileno()).st_mode):
                return None
            raw = entry.read(MAX_ENTRY_BYTES + 1)
        if len(raw) > MAX_ENTRY_BYTES:
            return None
        found = json.loads(raw)
    except (OSError, ValueError):  # unreadable, not UTF-8 or not JSON: simply not there
        return None
    if not isinstance(found, dict) or found.get("version") != __version__:
        return None
    _, written, payload = raw.partition(_PAYLOAD)
    if not written or found.get("check") != zlib.crc32(payload[:-1]):
        return None  # damaged since it was written (the payload is the entry's last member)
    return found.get("payload")


def cache_store(kind: str, key: str, payload: Any) -> None:
    """Cache a JSON-able payload under ``key``; a cache that cannot be written costs only time."""
    folder = _folder(kind)
    if folder is None:
        return
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    check = zlib.crc32(body.encode())
    text = f'{{"version":{json.dumps(__version__)},"check":{check}{_PAYLOAD.decode()}{body}}}'  # not for players: JSON
    import secrets  # only when writing

    temp = folder / f".{key}.{secrets.token_hex(8)}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, folder / f"{key}.json")
    except OSError:
        temp.unlink(missing_ok=True)
