"""Where rule sets come from: the built-in folder, a user's path, and a cache of validated sets.

A validated rule set is cached (pickled, keyed by the exact bytes of every file it was made from),
so scoring a hand with a rule set seen before never imports pydantic or PyYAML.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

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


def _cache_file(path: Path) -> Path | None:
    root = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if root is None:
        from platformdirs import user_cache_dir

        root = user_cache_dir("scorekeeper", appauthor=False)
    if root == "":  # an empty setting turns the cache off
        return None
    name = str(path).replace(os.sep, "_").replace(":", "_")
    return Path(root) / "rules" / f"{name}.pickle"


def _cache_read(path: Path) -> RuleSet | None:
    try:
        cache = _cache_file(path)
        if cache is None:
            return None
        version, sources, ruleset = pickle.loads(cache.read_bytes())
        if version != __version__ or any(Path(p).read_bytes() != data for p, data in sources):
            return None
    except Exception:  # a missing, stale or foreign cache entry just means reading the YAML
        return None
    return ruleset if isinstance(ruleset, RuleSet) else None


def _cache_write(path: Path, ruleset: RuleSet, sources: list[tuple[str, bytes]]) -> None:
    try:
        cache = _cache_file(path)
        if cache is None:
            return
        cache.parent.mkdir(parents=True, exist_ok=True)
        temp = cache.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(pickle.dumps((__version__, sources, ruleset)))
        os.replace(temp, cache)
    except OSError:  # a read-only cache folder costs speed, never a result
        pass
