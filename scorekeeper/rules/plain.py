"""A rule set as plain data (what JSON holds) and back, without pydantic.

``to_plain`` gives ``dataclasses.asdict``; ``from_plain`` rebuilds the dataclasses from it: lists
become tuples, and the nested parts are rebuilt by the field that holds them. It is for data
scorekeeper wrote itself from a validated rule set (the cache, the history's own copy of a
match's rules), so it checks the shape, not every value: a user's file is validated by pydantic
(``validation``), whose messages say where a mistake is. Rebuilding this way needs no import;
pydantic's import alone costs a command more than all its other work, and even reading the
dataclasses' type hints to check each value cost more than the rebuilding.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import CATEGORY_KINDS, PARTS, RuleOption, RuleSet


def to_plain(rules: RuleSet) -> dict[str, Any]:
    """The rule set as plain data: dicts, lists, strings, numbers, booleans and None."""
    return dataclasses.asdict(rules)


def from_plain(data: Any) -> RuleSet:
    """The RuleSet that ``to_plain`` gave ``data`` for; RuleSetError if the data has another shape."""
    try:
        built = _build(RuleSet, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleSetError(_("not the data of a rule set: {why}").format(why=exc)) from None
    assert isinstance(built, RuleSet)
    return built


def _build(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise TypeError(_("{part} needs a mapping, not {kind}").format(part=cls.__name__, kind=type(data).__name__))
    values = {}
    for name, value in data.items():
        if name == "categories" and isinstance(value, list):
            value = tuple(_build(CATEGORY_KINDS[item["kind"]], item) for item in value)
        elif name == "options" and isinstance(value, list):
            value = tuple(_build(RuleOption, item) for item in value)
        elif name in PARTS and value is not None:
            value = _build(PARTS[name], value)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return cls(**values)  # an unknown or missing field is a TypeError
