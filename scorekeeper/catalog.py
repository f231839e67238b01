"""Where rule sets come from: the built-in folder, a user's path, and a cache of validated sets.

A validated rule set is cached (pickled, keyed by the exact bytes of every file it was made from),
so scoring a hand with a rule set seen before never imports pydantic or PyYAML.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

from scorekeeper import __version__
from scorekeeper.errors import RuleSetError
from scorekeeper.rules import RuleSet


def builtin_dir() -> Path:
    """The folder of the built-in rule sets: inside the installed package, or the source tree."""
    packaged = Path(__file__).parent / "rulesets"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "rulesets"


def builtin_ids() -> list[str]:
    """The ids of the built-in rule sets, sorted."""
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def rules_path(ref: str) -> Path:
    """The file a rule-set reference names: a built-in id, or a path to a YAML file."""
    builtin = builtin_dir() / f"{ref}.yaml"
    if "/" not in ref and "\\" not in ref and builtin.is_file():
        return builtin
    path = Path(ref)
    if path.suffix in (".yaml", ".yml", ".json") or path.exists():
        if not path.is_file():
            raise RuleSetError(f"rule set file {ref!r} does not exist")
        return path
    raise RuleSetError(f"unknown rule set {ref!r} (built-in: {', '.join(builtin_ids())}; or give a path)")


def load_rules(ref: str) -> RuleSet:
    """A rule set by built-in id or path, from the cache while its files are unchanged."""
    path = rules_path(ref).resolve()
    cached = _cache_read(path)
    if cached is not None:
        return cached
    from scorekeeper.rulefile import (
        read_rules,  # imports PyYAML and pydantic: only on a miss
    )

    ruleset, sources = read_rules(path)
    _cache_write(path, ruleset, sources)
    return ruleset


def cache_path(kind: str, name: str) -> Path | None:
    """Where a cached entry of this kind lives, or None when the cache is turned off."""
    root = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if root is None:
        from platformdirs import user_cache_dir

        root = user_cache_dir("scorekeeper", appauthor=False)
    if root == "":  # an empty setting turns the cache off
        return None
    return Path(root) / kind / f"{name}.pickle"


def cache_load(path: Path | None) -> Any:
    """What was cached at ``path`` by this version of scorekeeper, or None."""
    if path is None:
        return None
    try:
        version, payload = pickle.loads(path.read_bytes())
    except Exception:  # a missing, damaged or foreign entry is simply not there
        return None
    return payload if version == __version__ else None


def cache_store(path: Path | None, payload: Any) -> None:
    """Cache ``payload`` at ``path``, atomically; a cache that cannot be written costs only time."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(pickle.dumps((__version__, payload)))
        os.replace(temp, path)
    except OSError:
        pass


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
