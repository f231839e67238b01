"""The pages' forms read into the library's values: a hand (``HandSpec``), a new match's settings.

A hand form names each side it gives a pile for (``side_0=Anna``, ``pile_0=7d Ad``,
``sweeps_0=1``, ``declared_0_bussata=1``) so that it can be handed to the library as typed: the
library resolves the names, checks the hand and refuses what is wrong, exactly as for ``match add``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from scorekeeper.errors import InputErrors
from scorekeeper.match.settings import FINISHES, MAX_TARGET, Fields, MatchSettings, match_settings, seat_players
from scorekeeper.rules.catalog import builtin_rules, load_rules
from scorekeeper.scoring.hand import HandSpec
from scorekeeper.web._i18n import _

MAX_SIDES = 8  # more than any rule set seats
MAX_COUNT = 999  # far above any hand's sweeps or declarations; the library bounds them by the deck
_DECLARED = re.compile(r"declared_(\d)_([a-z0-9][a-z0-9-]{0,39})")


def read_whole(text: str, what: str, most: int, errors: list[str]) -> int | None:
    """A whole number from 0 to ``most`` as typed in a field ('' is None), or None with the reason kept."""
    word = text.strip()
    if not word:
        return None
    if not (word.isascii() and word.isdigit()):
        errors.append(_("{what}: {text} is not a whole number").format(what=what, text=repr(word[:20])))
        return None
    if len(word.lstrip("0")) > len(str(most)) or int(word) > most:
        shown = word[:20] + ("..." if len(word) > 20 else "")
        errors.append(_("{what}: {text} is too large (at most {most})").format(what=what, text=shown, most=most))
        return None
    return int(word)


def hand_spec(form: Mapping[str, str]) -> HandSpec:
    """The hand a hand form gives; every field that cannot be read is reported together."""
    errors: list[str] = []
    piles: dict[str, tuple[str, str]] = {}
    sweeps: dict[str, int] = {}
    declared: dict[str, dict[str, int]] = {}
    where: dict[tuple[str, str], str] = {}
    for i in range(MAX_SIDES):
        side = form.get(f"side_{i}", "").strip()
        if not side:
            continue
        where_pile = _("pile of {side}").format(side=side)
        piles[side] = (form.get(f"pile_{i}", ""), where_pile)
        count = read_whole(form.get(f"sweeps_{i}", ""), _("sweeps of {side}").format(side=side), MAX_COUNT, errors)
        if count:
            sweeps[side] = count
    names = {str(i): form.get(f"side_{i}", "").strip() for i in range(MAX_SIDES)}
    for key, value in form.items():
        found = _DECLARED.fullmatch(key)
        if not found or not names.get(found[1]):
            continue
        side, cid = names[found[1]], found[2]
        count = read_whole(value, _("declared {side}:{cid}").format(side=side, cid=cid), MAX_COUNT, errors)
        if count:
            declared.setdefault(side, {})[cid] = count
    if not piles:
        errors.append(_("no side named in the form: enter the hand from the match's page"))
    if errors:
        raise InputErrors(errors)
    return HandSpec(piles=piles, sweeps=sweeps, declared=declared, where=where)


def hand_number(form: Mapping[str, str]) -> int:
    """The number of the hand the form was made for (the store refuses a second hand of that number)."""
    errors: list[str] = []
    number = read_whole(form.get("number", ""), _("hand number"), 10**9, errors)
    if errors or number is None or number < 1:
        raise InputErrors(errors or [_("hand number: missing; enter the hand from the match's page")])
    return number


def rules_choice() -> list[tuple[str, str]]:
    """The built-in rule sets a match may be started with: (id, name)."""
    return [(r.id, r.name) for r in builtin_rules()]


def team_games() -> set[str]:
    """The built-in games played by teams only (Scopone): the form offers their sides as Anna+Bruno."""
    return {r.id for r in builtin_rules() if not r.sides.singles}


def _fields() -> Fields:
    """How the library's messages name the new-match form's fields: in players' words, no options."""
    return Fields(side=_("side"), name=_("name"), target=_("target"), with_=_("optional category"),
                  option=_("option"), form=True)


def offered_teams(form: Mapping[str, str]) -> dict[str, str] | None:
    """For a game played by teams given one player a box, the form again with the teams the library
    seats them in (partners opposite, as ``match start --players`` seats them), or None."""
    rules_id = form.get("rules", "").strip()
    if rules_id not in team_games():
        return None
    names = [form.get(f"side_{i}", "").strip() for i in range(1, MAX_SIDES + 1)]
    players = [n for n in names if n]
    if not players or any("+" in n for n in players):
        return None
    teams = seat_players(load_rules(rules_id), players)
    if not teams:
        return None
    boxes = {f"side_{i}": "" for i in range(1, MAX_SIDES + 1)}
    boxes.update({f"side_{i}": team for i, team in enumerate(teams, start=1)})
    return {**form, **boxes}


def new_match(form: Mapping[str, str]) -> MatchSettings:
    """The settings a new-match form gives (only built-in rule sets: a page never names a file)."""
    errors: list[str] = []
    rules_id = form.get("rules", "").strip()
    if rules_id not in {rid for rid, _name in rules_choice()}:
        raise InputErrors([_("rules {id}: not a built-in rule set").format(id=repr(rules_id[:40]))])
    sides = [form.get(f"side_{i}", "").strip() for i in range(1, MAX_SIDES + 1)]
    target = read_whole(form.get("target", ""), _("target"), MAX_TARGET, errors)
    finish = form.get("finish", "").strip() or None
    if finish is not None and finish not in FINISHES:
        errors.append(_("finish {text}: not a policy").format(text=repr(finish[:40])))
    enabled = [w for w in re.split(r"[\s,]+", form.get("with", "")) if w]
    options: dict[str, str] = {}
    for text in (w for w in re.split(r"[\s,]+", form.get("options", "")) if w):
        key, equals, value = text.partition("=")
        if not equals or not key:
            errors.append(_("options {text}: write ID=VALUE, like fewest-cards=on").format(text=repr(text[:40])))
        else:
            options[key] = value
    if errors:
        raise InputErrors(errors)
    return match_settings(load_rules(rules_id), [s for s in sides if s], target=target, finish=finish,
                          enabled=enabled, name=form.get("name", "").strip(), options=options, fields=_fields())
