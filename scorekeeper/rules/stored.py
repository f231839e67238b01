"""A rule set as plain JSON and back: how a recorded match keeps the rules it was played under.

The JSON text (``dataclasses.asdict`` with sorted keys) is the record: it is readable and survives
changes to the code. The history's own copy is rebuilt field by field (``plain.from_plain``) with
no pydantic import; a copy of the wrong shape, or a history file being imported, is validated by
pydantic, so a damaged record is refused with the field named rather than half-used.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from scorekeeper.errors import RuleSetError, ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.rules.plain import from_plain
from scorekeeper.rules.ruleset import RuleSet

# Reading a history reads the same few rule-set texts once per match: each is rebuilt once, not once
# per match.
_BY_TEXT: dict[str, RuleSet] = {}


def rules_data(rules: RuleSet) -> dict[str, Any]:
    """The rule set as plain data."""
    return dataclasses.asdict(rules)


def rules_json(rules: RuleSet) -> str:
    """The rule set as canonical JSON text (sorted keys, no spaces)."""
    return json.dumps(rules_data(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str) -> str:
    """The key a rule-set text is stored under."""
    import hashlib  # here, not at the top: only writing needs it, and every history command would import it

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rules_from_data(data: Any, where: str) -> RuleSet:
    """Validate plain data back into a RuleSet; every problem is named with ``where``."""
    from pydantic import TypeAdapter, ValidationError

    from scorekeeper.rules.validation import field_path

    try:
        return TypeAdapter(RuleSet).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ScorekeeperError(_("{where}: the recorded rule set is damaged: {path}: {why}").format(
            where=where, path=field_path(tuple(first["loc"])) or "(top)", why=first["msg"])) from None


def rules_from_json(text: str, where: str | None = None) -> RuleSet:
    """The RuleSet a stored JSON text describes: rebuilt without pydantic, or validated when damaged."""
    seen = _BY_TEXT.get(text)
    if seen is not None:
        return seen
    where = where or _("stored rule set")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScorekeeperError(_("{where}: the recorded rule set is not JSON ({why})").format(
            where=where, why=exc.msg)) from None
    try:
        ruleset = from_plain(data)
    except RuleSetError:
        ruleset = rules_from_data(data, where)  # raises, saying which field is damaged
    _BY_TEXT[text] = ruleset
    return ruleset
