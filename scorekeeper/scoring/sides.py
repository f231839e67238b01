"""The sides of a hand as players or teams: the team shapes a rule set allows, and a team named in a
hand by one of its players, as a match names it.

A side written ``Anna+Bruno`` is a team of two; a side written as one name is a player, or a team
called by one name (``Nord-Sud``), which a single hand cannot tell apart. So a hand's shape is
checked once a side is written as a team: then every side is read as written, as ``match new`` reads
its ``--side`` options.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.errors import HandError
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import RuleSet


def team_shape_problem(rules: RuleSet, sizes: Sequence[int]) -> str | None:
    """Why sides of these sizes (players per side, some of them teams) cannot play ``rules``, or None."""
    kinds = set(sizes)
    shape = f"{len(sizes)}x{next(iter(kinds))}" if len(kinds) == 1 else _("mixed sizes")
    if shape in rules.sides.teams:
        return None
    shapes = ", ".join(rules.sides.teams) or _("none: players only")
    return _("{rules} does not allow teams of {shape} (sides x players); allowed: {shapes}").format(
        rules=rules.id, shape=shape, shapes=shapes)


def team_names(rules: RuleSet, sides: Sequence[str]) -> dict[str, str]:
    """Every name a hand's side may be called by (its name, its players' if written as a team), folded,
    to the side; the sides' shape is checked first if any side is written as a team."""
    teams = {side: tuple(player.strip() for player in side.split("+")) for side in sides}
    if any(len(players) > 1 for players in teams.values()):
        seen: dict[str, str] = {}
        for side, players in teams.items():
            for name in dict.fromkeys((side, *players)):
                other = seen.setdefault(name.casefold(), side)
                if other != side:
                    raise HandError(_("pile of {side}: {name} is already in side {other}").format(
                        side=repr(side), name=repr(name), other=repr(other)))
        if problem := team_shape_problem(rules, [len(players) for players in teams.values()]):
            raise HandError(problem)
    return {name.casefold(): side for side, players in teams.items() for name in (*players, side)}
