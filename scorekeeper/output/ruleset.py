"""A rule set as people read it: the list of games, and one game's categories and match settings."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from scorekeeper._words import visible_lines
from scorekeeper.i18n import _
from scorekeeper.output.text import table, wrapped
from scorekeeper.rules.options import choices_of, option_values, shown_value
from scorekeeper.rules.ruleset import Category, RuleSet


def sides_text(rules: RuleSet) -> str:
    """Who plays: '2-4 (teams 2x2, 2x3)'."""
    sides = rules.sides
    span = str(sides.min) if sides.min == sides.max else f"{sides.min}-{sides.max}"
    return _("{span} (teams {teams})").format(span=span, teams=", ".join(sides.teams)) if sides.teams else span


def catalogue_dicts(sets: Sequence[RuleSet]) -> list[dict[str, Any]]:
    """The JSON of ``rules list``."""
    return [{"id": r.id, "name": r.name, "deck": r.deck, "sides": [r.sides.min, r.sides.max],
             "target": r.match.target, "finish": r.match.finish} for r in sets]


def catalogue_text(sets: Sequence[RuleSet]) -> str:
    """The table of ``rules list``."""
    return table([_("id"), _("game"), _("deck"), _("sides"), _("target"), _("ending")],
                 [[r.id, r.name, r.deck, sides_text(r), r.match.target, r.match.finish] for r in sets])


def ruleset_dict(rules: RuleSet) -> dict[str, Any]:
    """The JSON of ``rules show``: the whole rule set as plain data, each option with its value."""
    data = dataclasses.asdict(rules)
    values = option_values(rules)
    for option in data["options"]:
        option["value"] = values[option["id"]]
    return data


def options_rows(rules: RuleSet) -> list[list[str]]:
    """One row per option: id, what it decides, its value, the other choices, whose rule the value is."""
    rows = []
    for option, value in zip(rules.options, option_values(rules).values(), strict=True):
        others = [shown_value(c) for c in choices_of(rules, option) if c != value or type(c) is not type(value)]
        rows.append([option.id, option.title, shown_value(value), ", ".join(others), option.source])
    return rows


def _parameters(category: Category) -> str:
    """What a category counts beyond its kind, e.g. 'select: suits=d' or 'card: 7d'."""
    skip = {"id", "label", "labels", "points", "optional", "win_match", "note", "kind"}  # not for players: fields
    parts = []
    for key, value in vars(category).items():
        if key in skip or value in ((), {}, None, False) or (key == "ties" and value == "nobody"):
            continue
        if dataclasses.is_dataclass(value):
            value = ", ".join(f"{k}={'/'.join(v)}" for k, v in vars(value).items() if v) or _("all cards")
        elif isinstance(value, dict):
            value = " ".join(f"{k}={v}" for k, v in value.items())
        parts.append(f"{key}: {value}")
    return "; ".join(parts)


def ruleset_text(rules: RuleSet) -> str:
    """The text of ``rules show``: categories in count order, then the match settings and notes."""
    title = f"{rules.name} ({rules.id})"
    lines = [_("{title}, extends {parent}").format(title=title, parent=rules.extends) if rules.extends else title]
    if rules.description:
        lines.append(wrapped(rules.description))
    lines.append(_("deck {deck}; sides {sides}").format(deck=rules.deck, sides=sides_text(rules)))
    rows = [[c.id, c.title, c.kind, c.points, "; ".join(part for part in (
        _("optional") if c.optional else "", _("wins the match") if c.win_match else "", _parameters(c)) if part)]
        for c in rules.categories]
    lines += ["", table([_("id"), _("category"), _("kind"), _("points"), _("detail")], rows)]
    stake = rules.match.stake
    extras = []
    if stake.margin:
        extras.append(_("stake is the margin"))
    if stake.double_if_loser_below:
        extras.append(_("doubled if the loser has under {points}").format(points=stake.double_if_loser_below))
    match = _("match: to {target}, ending {ending}, playoff {playoff}").format(
        target=rules.match.target, ending=rules.match.finish, playoff=rules.match.playoff)
    lines += ["", wrapped("; ".join((match, *extras)), indent="  ")]
    if rules.options:
        lines += ["", table([_("option"), _("decides"), _("value"), _("or"), _("source")], options_rows(rules))]
    if rules.capture is not None and rules.capture.note:
        lines.append(wrapped(_("captures: {note}").format(note=rules.capture.note), indent="  "))
    lines += [wrapped(_("note: {note}").format(note=note), indent="  ") for note in rules.notes]
    return visible_lines("\n".join(lines))  # a description may run over several lines
