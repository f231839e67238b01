"""A rule set's options: the points where sources disagree, each a named handle on one field.

An option names a field by a dotted path (``capture.fewest_cards``, ``match.target``,
``categories.sevens.ties``); its default is whatever that field holds in the rule set. Choosing
a value gives a new RuleSet with that field replaced, so every layer below reads plain fields
and never needs to know that an option exists.

>>> from scorekeeper.rules.catalog import load_rules
>>> rules = apply_options(load_rules("scopa"), {})
>>> read_value("on", True)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import OptionValue, RuleOption, RuleSet

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}
_NONE = {"none", "null", "-"}


def field_value(rules: RuleSet, path: str) -> OptionValue:
    """The value of the field at ``path``; RuleSetError if no scalar field is there."""
    node = _steps(rules, path)[-1]
    if node is not None and not isinstance(node, bool | int | str):
        raise RuleSetError(_("{path}: is not a single value (a switch, a number or a word)").format(path=path))
    return node


def _steps(rules: RuleSet, path: str) -> list[Any]:
    """The objects met along ``path``, the field's value last."""
    parts = path.split(".")
    node: Any = rules
    met = []
    i = 0
    while i < len(parts):
        name = parts[i]
        if name == "categories" and node is rules:
            if i + 1 >= len(parts):
                raise RuleSetError(_("{path}: name a category after 'categories'").format(path=path))
            found = [c for c in rules.categories if c.id == parts[i + 1]]
            if not found:
                raise RuleSetError(_("{path}: no category {category}").format(path=path, category=repr(parts[i + 1])))
            node = found[0]
            i += 2
        elif dataclasses.is_dataclass(node) and name in {f.name for f in dataclasses.fields(node)}:
            node = getattr(node, name)
            i += 1
        else:
            raise RuleSetError(_("{path}: no field {name} there").format(path=path, name=repr(name)))
        if node is None and i < len(parts):
            raise RuleSetError(_("{path}: this rule set has no {name} section").format(path=path, name=repr(name)))
        met.append(node)
    return met


def owner_of(rules: RuleSet, path: str) -> Any:
    """The dataclass that holds the field at ``path`` (the rule set, a section or a category)."""
    steps = _steps(rules, path)
    return steps[-2] if len(steps) > 1 else rules


def _replaced(rules: RuleSet, path: str, value: OptionValue) -> RuleSet:
    parts = path.split(".")

    def swap(node: Any, rest: list[str]) -> Any:
        name = rest[0]
        if name == "categories" and isinstance(node, RuleSet):
            cid, tail = rest[1], rest[2:]
            categories = tuple(swap(c, tail) if c.id == cid else c for c in node.categories)
            return dataclasses.replace(node, categories=categories)
        if len(rest) == 1:
            return dataclasses.replace(node, **{name: value})
        return dataclasses.replace(node, **{name: swap(getattr(node, name), rest[1:])})

    result = swap(rules, parts)
    assert isinstance(result, RuleSet)
    return result


def choices_of(rules: RuleSet, option: RuleOption) -> tuple[OptionValue, ...]:
    """The values an option may take: its ``choices``, or off and on for a switch."""
    if option.choices:
        return option.choices
    return (False, True) if isinstance(field_value(rules, option.field), bool) else ()


def shown_value(value: OptionValue) -> str:
    """A value as a player types it: on/off, a number, a word, none."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def read_value(text: object, like: OptionValue) -> OptionValue:
    """``text`` as a value of the kind of ``like``: on/off for a switch, a number for a number."""
    if not isinstance(text, str):
        return text  # type: ignore[return-value]  # already typed: from a YAML or JSON file
    word = text.strip().lower()
    if isinstance(like, bool):
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise ValueError(_("is not on or off"))
    if word in _NONE:
        return None
    if isinstance(like, int) or (like is None and word.isdigit()):
        if not word.isdigit() or len(word) > 9:
            raise ValueError(_("is not a whole number"))
        return int(word)
    return text.strip()


def find_option(rules: RuleSet, option_id: str, place: str = "") -> RuleOption:
    """The option of ``rules`` called ``option_id``; unknown ids name the options there are."""
    for option in rules.options:
        if option.id == option_id:
            return option
    known = ", ".join(o.id for o in rules.options) or _("none")
    if place:
        raise RuleSetError(_("{where}: {rules} has no option {option} (its options: {known})").format(
            where=place, rules=rules.id, option=repr(option_id[:40]), known=known))
    raise RuleSetError(_("{rules} has no option {option} (its options: {known})").format(
        rules=rules.id, option=repr(option_id[:40]), known=known))


def apply_options(rules: RuleSet, chosen: Mapping[str, object], where: Mapping[str, str] | None = None) -> RuleSet:
    """``rules`` with each chosen option's field set; a bad id or value names the choices.

    ``where`` tells where each option was given (``--option ties``, ``hand.yaml:3:10``), for messages.
    """
    for option_id, given in chosen.items():
        place = (where or {}).get(option_id) or _("option {id}").format(id=option_id)
        option = find_option(rules, option_id, place)
        current = field_value(rules, option.field)
        choices = choices_of(rules, option)
        allowed = ", ".join(shown_value(c) for c in choices)
        try:
            value = read_value(given, current if current is not None else (choices[0] if choices else None))
        except ValueError as exc:
            raise RuleSetError(_("{where}: {value} {problem} (choices: {choices})").format(
                where=place, value=repr(str(given)[:40]), problem=exc, choices=allowed)) from None
        if not any(value == c and type(value) is type(c) for c in choices or (current,)):
            raise RuleSetError(_("{where}: {value} is not one of its choices: {choices}").format(
                where=place, value=repr(shown_value(value)[:40]), choices=allowed))
        rules = _replaced(rules, option.field, value)
    return rules


def option_values(rules: RuleSet) -> dict[str, OptionValue]:
    """Each option's value in ``rules``, by id."""
    return {option.id: field_value(rules, option.field) for option in rules.options}
