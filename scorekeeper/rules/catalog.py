"""Loading a rule set by built-in id or path, through a cache of validated sets.

A validated rule set is cached as plain JSON, under its file's full path and with the text of
every file it was made from, checked byte for byte, so scoring a hand with a rule set seen before never
imports pydantic or PyYAML.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _
from scorekeeper.rules._cache import cache_load, cache_store
from scorekeeper.rules.builtins import builtin_ids, builtin_path, rules_path
from scorekeeper.rules.places import parents_allowed, rule_file
from scorekeeper.rules.plain import from_plain, to_plain
from scorekeeper.rules.ruleset import RuleSet

__all__ = ["builtin_ids", "builtin_rules", "check_rules", "load_rules",  # not for players: names
           "named_rules", "rules_path"]  # not for players: names


# Rule sets loaded by this process, by file, with the size and time of change of every file each was
# made from: a program that scores hand after hand asks again for the same rule set each time, and a
# stat per file (a few microseconds) replaces reading and hashing them (about a millisecond).
_LOADED: dict[Path, tuple[tuple[tuple[str, int, int], ...], RuleSet]] = {}


def _stamps(files: list[str]) -> tuple[tuple[str, int, int], ...] | None:
    try:
        return tuple((name, info.st_size, info.st_mtime_ns) for name, info in ((f, os.stat(f)) for f in files))
    except OSError:
        return None


# The file of each built-in id asked for: an id names the same file all along, and finding and
# resolving it again (a stat and a realpath) took 8 times as long as the rest of a load from this
# process's cache, as long as counting a hand, for a program that scores hand after hand.
_BUILTIN_FILES: dict[str, Path] = {}


def load_rules(ref: str, *, named_at: str | None = None) -> RuleSet:
    """A rule set by built-in id or path, from the cache while its files are unchanged.

    ``named_at``: the place in another file that names this one (``named_rules``); a file that is
    not a rule set is then refused without a word of it quoted."""
    path = _BUILTIN_FILES.get(ref)
    if path is None:
        builtin = builtin_path(ref)
        path = (builtin or rules_path(ref)).resolve()
        if builtin is not None:
            _BUILTIN_FILES[ref] = path
    known = _LOADED.get(path)
    if known is not None:
        stamps = known[0]
        if len(stamps) == 1:  # a rule set of one file (every built-in but the extending ones): one stat
            # inline, without _stamps' lists and generator: this runs at every call of the front door.
            name, size, changed = stamps[0]
            try:
                info = os.stat(name)
            except OSError:
                info = None
            if info is not None and info.st_size == size and info.st_mtime_ns == changed:
                return known[1]
        elif _stamps([name for name, _, _ in stamps]) == stamps:
            return known[1]
    ruleset, sources = _cache_read(path)
    if ruleset is None:
        from scorekeeper.rules.extends import read_rules  # imports PyYAML and pydantic: only on a miss

        ruleset, read = read_rules(path, named_at=named_at)
        _cache_write(path, ruleset, read)
        sources = [name for name, _ in read]
    fresh = _stamps(sources)
    if fresh is not None:
        _LOADED[path] = (fresh, ruleset)
    return ruleset


def named_rules(ref: str, named_in: str | Path | None, where: str, key: str = "rules") -> RuleSet:
    """The rule set that ``key: ref`` (at ``where``, in the file ``named_in``: None for standard input)
    names: a built-in, or a rule-set file where a file may name one (``places.rule_file``); a file
    there that is not a rule set is refused in one line that quotes nothing of it."""
    if builtin_path(ref) is not None:
        return load_rules(ref)
    return load_rules(str(rule_file(ref, named_in, where, key)), named_at=f"{where}: {key}")


def builtin_rules() -> list[RuleSet]:
    """Every built-in rule set, by id."""
    return [load_rules(ref) for ref in builtin_ids()]


def check_rules(path: Path) -> RuleSet:
    """Read and validate a rule-set file afresh (never from the cache): its RuleSet, or every error."""
    from scorekeeper.rules.extends import read_rules

    if not path.is_file():
        raise RuleSetError(_("{path}: no such file").format(path=path))
    return read_rules(path)[0]


def _cache_key(path: Path) -> str:
    """The entry name of a rule-set file: a checksum of its full path (the entry holds the path
    itself too, so two paths with one checksum only take turns in the cache, never mix)."""
    name = str(path).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(name):08x}{zlib.adler32(name):08x}"


def _cache_read(path: Path) -> tuple[RuleSet | None, list[str]]:
    """The cached rule set of ``path`` and its files, if every one still has the same bytes."""
    found = cache_load("rules", _cache_key(path))
    try:
        if found["path"] != str(path):
            return None, []
        sources = [str(source) for source, _ in found["sources"]]
        if not parents_allowed(sources):  # read when another folder was allowed: read again, and refused
            return None, []
        for source, text in found["sources"]:
            if Path(source).read_bytes() != text.encode("utf-8"):
                return None, []  # a file it was made from has changed
        return from_plain(found["rules"]), sources
    except (OSError, KeyError, TypeError, ValueError, RuleSetError):  # nothing cached, or not of this shape
        return None, []


def _cache_write(path: Path, ruleset: RuleSet, sources: list[tuple[str, bytes]]) -> None:
    # The files' whole text is kept (a rule file is a few KiB): comparing bytes needs no hashing.
    payload = {"path": str(path), "sources": [[name, data.decode("utf-8")] for name, data in sources],
               "rules": to_plain(ruleset)}
    cache_store("rules", _cache_key(path), payload)
