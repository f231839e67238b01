"""Loading a rule set by built-in id or path, through a cache of validated sets.

A validated rule set is cached (pickled, keyed by the exact bytes of every file it was made from),
so scoring a hand with a rule set seen before never imports pydantic or PyYAML.
"""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.errors import RuleSetError
from scorekeeper.rules._cache import cache_load, cache_path, cache_store
from scorekeeper.rules.builtins import builtin_ids, rules_path
from scorekeeper.rules.ruleset import RuleSet

__all__ = ["builtin_ids", "builtin_rules", "check_rules", "load_rules", "rules_path"]


def load_rules(ref: str) -> RuleSet:
    """A rule set by built-in id or path, from the cache while its files are unchanged."""
    path = rules_path(ref).resolve()
    cached = _cache_read(path)
    if cached is not None:
        return cached
    from scorekeeper.rules.extends import (
        read_rules,  # imports PyYAML and pydantic: only on a miss
    )

    ruleset, sources = read_rules(path)
    _cache_write(path, ruleset, sources)
    return ruleset


def builtin_rules() -> list[RuleSet]:
    """Every built-in rule set, by id."""
    return [load_rules(ref) for ref in builtin_ids()]


def check_rules(path: Path) -> RuleSet:
    """Read and validate a rule-set file afresh (never from the cache): its RuleSet, or every error."""
    from scorekeeper.rules.extends import read_rules

    if not path.is_file():
        raise RuleSetError(f"{path}: no such file")
    return read_rules(path)[0]


def _cache_file(path: Path) -> Path | None:
    return cache_path("rules", str(path).replace(os.sep, "_").replace(":", "_"))


def _cache_read(path: Path) -> RuleSet | None:
    found = cache_load(_cache_file(path))
    try:
        sources, ruleset = found
        if any(Path(p).read_bytes() != data for p, data in sources):
            return None  # a file it was made from has changed
    except Exception:  # nothing cached, or not in the shape this version writes
        return None
    return ruleset if isinstance(ruleset, RuleSet) else None


def _cache_write(path: Path, ruleset: RuleSet, sources: list[tuple[str, bytes]]) -> None:
    cache_store(_cache_file(path), (sources, ruleset))
