"""The checks an imported match passes beyond its model (``archive.read_history``): its rule set
resolved and whole, names as ``match new`` takes them, sides and categories that exist, events that
exist, bounded nesting."""

from __future__ import annotations

import json
from pathlib import Path, PurePath
from typing import Any

from scorekeeper._marks import MAX_DEPTH, DocumentError
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history._jsonstream import too_deep
from scorekeeper.i18n import _
from scorekeeper.match.settings import name_problem, parse_sides
from scorekeeper.rules.catalog import named_rules
from scorekeeper.rules.places import plain_name, shown_ref
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.stored import rules_from_data


def exported_rules(text: str) -> dict[str, Any]:
    """A stored rule set as a history file holds it: its ``extends`` the parent's id. A rule set
    stored before rule sets kept their parent's id may hold the path it was found by, which means
    nothing where the file is imported (and is refused there): its file name stands for it."""
    data: dict[str, Any] = json.loads(text)
    parent = data.get("extends")
    if isinstance(parent, str) and not plain_name(parent):
        stem = PurePath(parent.replace("\\", "/")).stem
        data["extends"] = stem if plain_name(stem) else None
    return data


def imported_rules(given: dict[str, Any] | str, path: Path, where: str) -> RuleSet:
    """The rule set of an imported match, whole: the one it carries, validated, or the one it names
    (a built-in, or a rule-set file where the history file may name one: ``catalog.named_rules``).

    The history keeps a rule set whole and never follows its ``extends``, which names the parent by
    id; one naming a path (a file on someone's machine, or ``/etc/passwd``) is refused."""
    if isinstance(given, str):
        return named_rules(given, path, where)
    rules = rules_from_data(given, f"{where}.rules")
    if rules.extends is not None and not plain_name(rules.extends):
        raise ScorekeeperError(_("{where}.rules.extends: {name} is not a rule set's id; refused (an imported rule "
                                 "set is whole and names its parent by id, never by a path)").format(
            where=where, name=shown_ref(rules.extends)))
    return rules


def check_names(match: Any, where: str, rules: Any) -> None:
    """The names of an imported match obey the rules ``match new`` applies to them."""
    problem = name_problem(match.name)
    if problem:
        raise ScorekeeperError(f"{where}.name: {match.name!r}: {problem}")
    sides = parse_sides(rules, [s.name for s in match.sides], where=f"{where}.sides")
    for n, (side, given) in enumerate(zip(sides, match.sides, strict=True)):
        if side.name != given.name or list(side.players) != given.players:
            raise ScorekeeperError(_("{where}: the players {players} do not make the side {side} "
                                     "(a team's name is its players joined by '+')").format(
                where=f"{where}.sides[{n}]", players=repr(given.players), side=repr(given.name)))


def _event(value: int | None, count: int, place: str) -> None:
    if value is not None and value > count:
        raise ScorekeeperError(_("{where}: there is no event {number} (the match has {count})").format(
            where=place, number=value, count=count))


def check_nesting(match: Any, path: Path) -> None:
    """Refuse lists and mappings nested deeper than in any JSON file read (``documents.load_json``),
    in the parts of a match the models leave open; the file itself, the list of matches, the match
    and its list of hands or events are the first five levels."""
    open_parts = [match.result, *(h.typed for h in match.hands), *(e.detail for e in match.events)]
    # All the parts in one list, one level more: one walk per match instead of one per hand and event
    # (a tenth of an import's time went to the calls).
    if too_deep(open_parts, MAX_DEPTH - 4):
        raise DocumentError(_("{name}: nested more than {depth} deep; refused").format(name=path, depth=MAX_DEPTH))


_EVENT_KEYS = ("added_by", "ended_by")  # not for players: keys


def check_match(match: Any, where: str, known: set[str]) -> None:
    names = {s.name for s in match.sides}
    count = len(match.events)
    for n, hand in enumerate(match.hands):
        here = f"{where}.hands[{n}]"
        if not set(hand.sides) <= names:
            raise ScorekeeperError(_("{where}: {sides} are not all sides of the match").format(
                where=f"{here}.sides", sides=hand.sides))
        if any(len(c.points) != len(hand.sides) for c in hand.categories):
            raise ScorekeeperError(_("{where}: each needs one number of points per side").format(
                where=f"{here}.categories"))
        unknown = [c.id for c in hand.categories if c.id not in known]
        if unknown:
            raise ScorekeeperError(_("{where}: {category} is not a category of the match's rule set").format(
                where=f"{here}.categories", category=repr(unknown[0])))
        if len(set(hand.sides)) != len(hand.sides):
            raise ScorekeeperError(_("{where}: a side is named twice").format(where=f"{here}.sides"))
        if hand.match_winner is not None and (len(hand.match_winner) != 2 or hand.match_winner[1] not in hand.sides
                                              or hand.match_winner[0] not in known):
            raise ScorekeeperError(_("{where}: must be a category and a side of the hand").format(
                where=f"{here}.match_winner"))  # not for players: a field's path
        for key in _EVENT_KEYS:
            _event(getattr(hand, key), count, f"{here}.{key}")
    for n, claim in enumerate(match.claims):
        if claim.side not in names:
            raise ScorekeeperError(_("{where}: {side} is not a side of the match").format(
                where=f"{where}.claims[{n}].side", side=repr(claim.side)))  # not for players: the path
        for key in _EVENT_KEYS:
            _event(getattr(claim, key), count, f"{where}.claims[{n}].{key}")
