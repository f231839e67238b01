"""The history file: opened, created whole, checked as a history of ours, brought up to date, and
its transactions (``history.store`` adds the rows on top).

Durability first: WAL with ``synchronous=FULL``, so a hand whose add returned survives a crash or
power cut; every write is one ``BEGIN IMMEDIATE`` transaction under a busy timeout, so two
processes adding hands at once queue instead of failing or losing one. The schema version is
``PRAGMA user_version``; ``MIGRATIONS[n]`` brings a database from version n to n+1.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Self

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history._schema import MIGRATIONS
from scorekeeper.i18n import _

BUSY_TIMEOUT_MS = 30_000
SCHEMA_VERSION = len(MIGRATIONS)
#: The largest number SQLite keeps in an INTEGER column, so the largest match id there can be.
MAX_ID = 2**63 - 1


class StoreError(ScorekeeperError):
    """The history database cannot be opened, read or written."""


class NoSuchMatch(StoreError):
    """A match named by id or name is not in the history (the pages answer it with 404)."""


class HistoryBusy(StoreError):
    """Another program held the history's write lock for longer than the writer would wait: nothing
    was changed, and the same write may be sent again (the pages answer it 503, "try again")."""


def _apply_migrations(db: sqlite3.Connection, version: int) -> None:
    """Bring a database from ``version`` to this scorekeeper's schema (inside a transaction, or on a
    database nobody else sees yet)."""
    for step in range(version, SCHEMA_VERSION):
        for statement in MIGRATIONS[step].split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {step + 1}")


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("the disk is full; nothing was created")
    return exc.strerror or str(exc)


def _read_only(path: Path, why: str) -> str:
    return _("the history {path} is read-only ({why}): it can be shown, listed, exported and counted in stats, "
             "but nothing can be added to it").format(path=path, why=why)


def _failed(doing: str, path: Path, why: str) -> str:
    """``cannot open the history PATH: WHY``, the sentence for what was being done (each whole, to translate)."""
    sentences = {"open": _("cannot open the history {path}: {why}"),
                 "create": _("cannot create the history {path}: {why}"),
                 "read": _("cannot read the history {path}: {why}"),
                 "write": _("cannot write to the history {path}: {why}")}
    return sentences[doing].format(path=path, why=why)


def _sync_folder(folder: Path) -> None:
    """Make a new name in ``folder`` reach the disk (where the system allows opening a folder)."""
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


def default_path() -> Path:
    """The database file: ``SCOREKEEPER_DB``, or history.sqlite3 in the user's data folder."""
    env = os.environ.get("SCOREKEEPER_DB")  # not for players: a variable's name
    if env:
        return Path(env)
    from scorekeeper.config import user_folder

    return user_folder("data") / "history.sqlite3"  # not for players: a file name


class Connection:
    """An open history file: opened, created or checked, and its transactions.

    ``readonly`` opens it only to read (``match show``, ``match list``, ``export``, ``stats``), so
    that a history on read-only media, or in a folder one may not write, can still be read: SQLite
    is asked for a read-only connection, and when the folder is read-only too (WAL mode would need
    to create its -wal and -shm files there) for an immutable one. A missing file is then read as
    an empty history, and nothing is created.
    """

    def __init__(self, path: str | Path | None = None, *, create_folder: bool | None = None,
                 readonly: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.readonly = readonly
        folder = self.path.parent
        default = path is None and not os.environ.get("SCOREKEEPER_DB")  # not for players: a variable's name
        if not readonly and (create_folder if create_folder is not None else default):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(_("cannot create the folder {folder} for the history: {why}").format(
                    folder=folder, why=exc.strerror)) from None
        if readonly and default and not self.path.exists():
            self.db = self._empty()  # nothing recorded yet, and reading creates nothing
            return
        if not folder.is_dir():
            raise StoreError(_("cannot open the history {path}: the folder {folder} does not exist").format(
                path=self.path, folder=folder))
        if readonly:
            self.db = self._open_readonly(folder)
            return
        if not self.path.exists():
            if not os.access(folder, os.W_OK):
                raise StoreError(_("cannot create the history {path}: the folder {folder} is read-only").format(
                    path=self.path, folder=folder))
            self._create()
        else:
            self._check_writable(folder)
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._trouble(exc, "open") from None
        try:
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._check_history()  # before anything is set: a file that is not ours stays as it was
            self._settings(self.db)
            self._migrate()
        except BaseException as exc:
            self.db.close()
            if isinstance(exc, sqlite3.Error):
                raise self._trouble(exc, "open") from None
            raise

    @staticmethod
    def _settings(db: sqlite3.Connection) -> None:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")

    def _create(self) -> None:
        """Make a new history whole in a file of its own, then link it in under the history's name:
        another process never sees a half-made history, and an existing file is never taken over."""
        unique = f"{os.getpid()}.{os.urandom(4).hex()}"
        temp = self.path.with_name(f".{self.path.name}.{unique}.scorekeeper-new")  # not for players: a file name
        try:
            db = sqlite3.connect(temp, isolation_level=None)
            try:
                self._settings(db)
                db.execute("BEGIN IMMEDIATE")
                _apply_migrations(db, 0)
                db.execute("COMMIT")
            finally:
                db.close()  # the last connection: the WAL is checkpointed into the file and removed
            try:
                os.link(temp, self.path)
            except FileExistsError:
                pass  # another process made it first: use that one
            except OSError:  # a file system without hard links
                if not self.path.exists():
                    os.rename(temp, self.path)
            _sync_folder(self.path.parent)
        except sqlite3.Error as exc:
            raise self._trouble(exc, "create") from None
        except OSError as exc:
            raise StoreError(_("cannot create the history {path}: {why}").format(
                path=self.path, why=_os_reason(exc))) from None
        finally:
            for extra in ("", "-wal", "-shm", "-journal"):
                with suppress(OSError):
                    os.unlink(f"{temp}{extra}")

    def _check_writable(self, folder: Path) -> None:
        """Refuse at once, and say why, a history that can be read but not written."""
        if not os.access(self.path, os.W_OK):
            why = _("the file is read-only")
        elif not os.access(folder, os.W_OK) and not all(
                os.access(f"{self.path}{extra}", os.W_OK) for extra in ("-wal", "-shm")):
            why = _("the folder {folder} is read-only, and writing needs {name}-wal and -shm there").format(
                folder=folder, name=self.path.name)
        else:
            return
        raise StoreError(_read_only(self.path, why))

    def _open_readonly(self, folder: Path) -> sqlite3.Connection:
        if not self.path.exists():
            return self._empty()
        quoted = str(self.path.absolute()).replace("%", "%25").replace("?", "%3f").replace("#", "%23")
        immutable = not os.access(folder, os.W_OK)
        if immutable:
            wal = Path(f"{self.path}-wal")
            if wal.exists() and wal.stat().st_size > 0:
                raise StoreError(_("cannot read the history {path}: its latest changes are still in {wal}, "
                                   "which cannot be read while the folder {folder} is read-only; copy both files "
                                   "to a folder you can write, or open the history once where it can be written"
                                   ).format(path=self.path, wal=wal.name, folder=folder))
        for attempt in ("ro", "immutable"):
            if attempt == "ro" and immutable:
                continue
            extra = "&immutable=1" if attempt == "immutable" else ""
            uri = f"file:{quoted}?mode=ro{extra}"  # not for players: a URI
            try:
                db = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            except sqlite3.Error as exc:
                raise self._trouble(exc, "open") from None
            try:
                db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                self.db = db
                self._check_history()
                return db
            except sqlite3.Error as exc:
                db.close()
                name = getattr(exc, "sqlite_errorname", "")  # not for players: an attribute
                refused = ("SQLITE_CANTOPEN", "SQLITE_READONLY")  # not for players: codes
                if attempt == "ro" and name.startswith(refused):
                    continue  # it cannot even make its -shm file: read the file as it stands
                raise self._trouble(exc, "open") from None
            except BaseException:
                db.close()
                raise
        # not reached: the last attempt returns or raises
        raise StoreError(_("cannot open the history {path}").format(path=self.path))

    @staticmethod
    def _empty() -> sqlite3.Connection:
        """An empty history in memory: what reading a history not yet written finds."""
        db = sqlite3.connect(":memory:", isolation_level=None)
        _apply_migrations(db, 0)
        return db

    def _check_history(self) -> None:
        """Refuse a file that is not a history of ours (an empty file, another program's database)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(_("{path} was written by a newer scorekeeper (schema {version}; this one knows "
                               "up to {known})").format(path=self.path, version=version, known=SCHEMA_VERSION))
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version >= 1 and {"matches", "hands", "events", "claims", "rulesets"} <= tables:
            if version < SCHEMA_VERSION and self.readonly:
                raise StoreError(_("{path} was written by an older scorekeeper: open it once with a command "
                                   "that writes (where it can be written) to bring it up to date").format(
                                       path=self.path))
            return
        if self.path.stat().st_size == 0:
            why = _("the file is empty")
        elif tables:
            why = _("it is another program's SQLite database (tables {tables})").format(
                tables=", ".join(sorted(tables)[:5]))
        else:
            why = _("it is an SQLite database with nothing in it")
        raise StoreError(_("{path} is not a scorekeeper history (or is damaged): {why}; give the path of a "
                           "history, or a new file name to start one").format(path=self.path, why=why))

    def _trouble(self, exc: sqlite3.Error, doing: str) -> StoreError:
        """What an SQLite error means for the person at the keyboard (``doing``: open, create, read or write)."""
        name = getattr(exc, "sqlite_errorname", "")  # not for players: an attribute
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):  # not for players: codes
            return StoreError(_("{path} is not a scorekeeper history (or is damaged): {error}").format(
                path=self.path, error=exc))
        if name.startswith(("SQLITE_FULL", "SQLITE_IOERR")):  # not for players: codes
            full = name.startswith("SQLITE_FULL")  # not for players: a code
            what = _("the disk is full") if full else _("the disk failed")
            kept = (_("nothing was lost: the history is as it was before this command") if doing == "write"
                    else _("nothing was changed"))
            return StoreError(_failed(doing, self.path, _("{what} ({error}); {kept}").format(
                what=what, error=exc, kept=kept)))
        if name.startswith("SQLITE_READONLY"):  # not for players: codes
            return StoreError(_read_only(self.path, str(exc)))
        if name.startswith("SQLITE_BUSY"):  # not for players: codes
            return HistoryBusy(_failed(doing, self.path, _("another program is writing to it ({error}); nothing was "
                                                           "changed: try again in a moment").format(error=exc)))
        return StoreError(_failed(doing, self.path, str(exc)))

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        with self.write():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            _apply_migrations(self.db, version)

    def wait_at_most(self, seconds: float) -> None:
        """Wait for another program's write lock at most ``seconds`` (not the usual 30) before a write
        fails with ``HistoryBusy``: a page that must answer soon."""
        try:
            self.db.execute(f"PRAGMA busy_timeout = {max(1, int(seconds * 1000))}")
        except sqlite3.Error as exc:
            raise self._trouble(exc, "open") from None

    def write(self) -> AbstractContextManager[None]:
        """One write transaction: taken at once (BEGIN IMMEDIATE), committed whole or not at all."""
        return self._transaction("BEGIN IMMEDIATE", "write", commit=True)

    def read(self) -> AbstractContextManager[None]:
        """A read transaction: one consistent snapshot however many queries it makes."""
        return self._transaction("BEGIN", "read", commit=False)

    @contextmanager
    def _transaction(self, begin: str, verb: str, *, commit: bool) -> Iterator[None]:
        try:
            self.db.execute(begin)
        except sqlite3.Error as exc:
            raise self._trouble(exc, verb) from None
        try:
            yield
            if commit:
                self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._end()
            raise self._trouble(exc, verb) from None
        except OverflowError:
            self._end()
            raise StoreError(_("a number is larger than the history can keep (at most {most}); nothing was changed"
                               ).format(most=MAX_ID)) from None
        except BaseException:
            self._end()
            raise
        self._end()  # a read changes nothing: ending it cannot lose anything (after a COMMIT, a no-op)

    def _end(self) -> None:
        """Leave a failed transaction, changing nothing; a second error (the first was the real one) is
        not allowed to hide the first."""
        with suppress(sqlite3.Error):
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
