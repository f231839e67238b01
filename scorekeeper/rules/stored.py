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
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.rules._cache import cache_load, cache_path, cache_store
from scorekeeper.rules.ruleset import RuleSet

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

    from scorekeeper.rules.validation import field_path

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
    cache = cache_path("match-rules", key)
    cached = cache_load(cache)
    if isinstance(cached, RuleSet):
        _MEMORY[key] = _BY_TEXT[text] = cached
        return cached
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScorekeeperError(f"{where}: the recorded rule set is not JSON ({exc.msg})") from None
    ruleset = rules_from_data(data, where)
    _MEMORY[key] = _BY_TEXT[text] = ruleset
    cache_store(cache, ruleset)
    return ruleset
