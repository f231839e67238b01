"""A rule set as plain JSON and back: how a recorded match keeps the rules it was played under.

The JSON text (``dataclasses.asdict`` with sorted keys) is the record: it is readable, survives
changes to the code, and is validated back into a ``RuleSet`` by pydantic, so a damaged record is
refused rather than half-used. Validation imports pydantic, which costs a command more than
the rest of its work; so a rebuilt rule set is also pickled in the cache folder under the digest
of its JSON. The pickle is only ever a shortcut: anything wrong with it means validating again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pickle
from pathlib import Path
from typing import Any

from scorekeeper import __version__
from scorekeeper.errors import ScorekeeperError
from scorekeeper.rules import RuleSet

_MEMORY: dict[str, RuleSet] = {}
_BY_TEXT: dict[str, RuleSet] = {}


def rules_data(rules: RuleSet) -> dict[str, Any]:
    """The rule set as plain data."""
    return dataclasses.asdict(rules)


def rules_json(rules: RuleSet) -> str:
    """The rule set as canonical JSON text (sorted keys, no spaces)."""
    return json.dumps(rules_data(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str) -> str:
    """The key a rule-set text is stored under."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rules_from_data(data: Any, where: str) -> RuleSet:
    """Validate plain data back into a RuleSet; every problem is named with ``where``."""
    from pydantic import TypeAdapter, ValidationError

    from scorekeeper.rulefile import field_path

    try:
        return TypeAdapter(RuleSet).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ScorekeeperError(f"{where}: the recorded rule set is damaged: "
                               f"{field_path(tuple(first['loc'])) or '(top)'}: {first['msg']}") from None


def rules_from_json(text: str, where: str = "stored rule set") -> RuleSet:
    """The RuleSet a stored JSON text describes (from memory, the cache, or validated anew)."""
    seen = _BY_TEXT.get(text)  # reading many matches of one game: skip even the digest
    if seen is not None:
        return seen
    key = digest(text)
    found = _MEMORY.get(key)
    if found is not None:
        return found
    cache = _cache_path(key)
    if cache is not None:
        try:
            version, ruleset = pickle.loads(cache.read_bytes())
            if version == __version__ and isinstance(ruleset, RuleSet):
                _MEMORY[key] = _BY_TEXT[text] = ruleset
                return ruleset
        except Exception:  # missing, stale or foreign: validate the JSON instead
            pass
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScorekeeperError(f"{where}: the recorded rule set is not JSON ({exc.msg})") from None
    ruleset = rules_from_data(data, where)
    _MEMORY[key] = _BY_TEXT[text] = ruleset
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            temp = cache.with_suffix(f".{os.getpid()}.tmp")
            temp.write_bytes(pickle.dumps((__version__, ruleset)))
            os.replace(temp, cache)
        except OSError:  # a read-only cache costs time, never a result
            pass
    return ruleset


def _cache_path(key: str) -> Path | None:
    root = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if root is None:
        from platformdirs import user_cache_dir

        root = user_cache_dir("scorekeeper", appauthor=False)
    return Path(root) / "match-rules" / f"{key}.pickle" if root else None
