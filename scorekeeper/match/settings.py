"""Setting up a match: the sides (players or teams) as the rule set allows them, the target and
the ending policy, and the optional categories turned on for every hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, get_args

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.rules.options import apply_options
from scorekeeper.rules.ruleset import Finish, RuleSet, Stake
from scorekeeper.scoring.count import always_counted
from scorekeeper.scoring.sides import team_shape_problem

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): less at every start of a history command
    from scorekeeper._frozen import dataclass

FINISHES: tuple[str, ...] = get_args(Finish)
_FORBIDDEN = "=:,"  # they separate names from values in --pile SIDE=CARDS and --declare SIDE:CAT=N
#: The highest target a match may be played to: far past any game's, and far below what SQLite can hold.
MAX_TARGET = 10_000


class MatchError(ScorekeeperError, ValueError):
    """A match request that its rules or its state do not allow."""


@dataclass(frozen=True)
class Side:
    """A player, or a team written ``Anna+Bruno``."""

    name: str
    players: tuple[str, ...]


def player_problem(player: str) -> str | None:
    """Why a player's name cannot be used, or None: it may hold no separator of the hand options
    and nothing a terminal would act on (a control or bidirectional character)."""
    for char in player:
        if char in _FORBIDDEN:
            return _("{char} cannot be part of a name (it separates values in options)").format(char=repr(char))
        if not char.isprintable():
            return _("{char} cannot be part of a name (it is a control character, not text)").format(char=repr(char))
    return None


def name_problem(name: str) -> str | None:
    """Why a match's name cannot be used, or None."""
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return _("{char} cannot be part of a name").format(char=repr(bad))
    if name.isdigit():
        return _("a name cannot be only digits (those are match ids)")
    return None


def target_problem(target: int) -> str | None:
    """Why a target cannot be played to, or None."""
    if target < 1:
        return _("the target must be 1 or more")
    if target > MAX_TARGET:
        return _("the target must be {most} or less (no game is played to more)").format(most=f"{MAX_TARGET:,}")
    return None


class Fields(NamedTuple):
    """How messages name a new match's settings: the command's options, or a page's fields (``form``:
    the game is then named by its name, as the page offers it, and a team is written in one box)."""

    side: str = "--side"
    name: str = "--name"
    target: str = "--target"
    with_: str = "--with"
    option: str = "--option"
    form: bool = False


#: The command's options, as ``match start`` takes them.
COMMAND = Fields()


def _form_sides(rules: RuleSet, count: int) -> MatchError:
    """Why the sides a page's form named do not fit the game, in a player's words."""
    allowed = rules.sides
    span = str(allowed.min) if allowed.min == allowed.max else _("{low} to {high}").format(
        low=allowed.min, high=allowed.max)
    if count > allowed.max and allowed.teams:
        return MatchError(_("{game} is played by {span} sides and the form names {count}: write a team in one "
                            "box, as Anna+Bruno").format(game=rules.name, span=span, count=count))
    return MatchError(_("{game} is played by {span} sides and the form names {count}").format(
        game=rules.name, span=span, count=count))


def parse_sides(rules: RuleSet, texts: Sequence[str], *, where: str = "--side", form: bool = False) -> tuple[Side, ...]:
    """The sides of a new match, checked against the shapes the rule set allows; ``where`` names
    them in messages (the option, a place in a file, or with ``form`` a page's field)."""
    sides = []
    for number, text in enumerate(texts, start=1):
        players = tuple(p.strip() for p in text.split("+"))
        if not text.strip() or any(not p for p in players):
            raise MatchError(_("{where} {number} {text}: a side is a name, or names joined by '+'").format(
                where=where, number=number, text=repr(text)))
        for player in players:
            problem = player_problem(player)
            if problem:
                raise MatchError(f"{where} {text!r}: {problem}")
        sides.append(Side("+".join(players), players))
    seen: dict[str, str] = {}
    for side in sides:
        for name in dict.fromkeys((side.name, *side.players)):
            key = name.casefold()
            if key in seen:
                raise MatchError(_("{where} {side}: {name} is already in side {other}").format(
                    where=where, side=repr(side.name), name=repr(name), other=repr(seen[key])))
            seen[key] = side.name
    n, allowed = len(sides), rules.sides
    if not allowed.min <= n <= allowed.max and form:
        raise _form_sides(rules, n)
    if not allowed.min <= n <= allowed.max:
        span = str(allowed.min) if allowed.min == allowed.max else _("{low} to {high}").format(
            low=allowed.min, high=allowed.max)
        if where == "--side":
            raise MatchError(ngettext("{rules} is played by {span} sides; --side was given {count} time",
                                      "{rules} is played by {span} sides; --side was given {count} times", n)
                             .format(rules=rules.id, span=span, count=n))
        raise MatchError(_("{rules} is played by {span} sides; {where} has {count}").format(
            rules=rules.id, span=span, where=where, count=n))
    sizes = {len(s.players) for s in sides}
    if sizes == {1}:
        if not allowed.singles:
            shapes = ", ".join(allowed.teams)
            if form:
                raise MatchError(_("{game} is played by teams ({shapes}): write each team in one box, as "
                                   "Anna+Bruno").format(game=rules.name, shapes=shapes))
            if where == "--side":
                raise MatchError(_("{rules} is played by teams ({shapes}); write a team as --side 'Anna+Bruno'")
                                 .format(rules=rules.id, shapes=shapes))
            raise MatchError(_("{rules} is played by teams ({shapes}); {where} has no team").format(
                rules=rules.id, shapes=shapes, where=where))
    else:
        problem = team_shape_problem(rules, [len(s.players) for s in sides])  # as 'score' checks a hand's teams
        if problem and form:
            raise MatchError(_("{game} is not played by these teams; it is played by {shapes} (sides x players)")
                             .format(game=rules.name, shapes=", ".join(allowed.teams) or _("players alone")))
        if problem:
            raise MatchError(problem)
    return tuple(sides)


@dataclass(frozen=True)
class MatchSettings:
    """What a match is played under: the rule set as used, the sides, target and ending policy."""

    rules: RuleSet
    sides: tuple[Side, ...]
    target: int
    finish: str
    playoff: str
    stake: Stake
    enabled: tuple[str, ...] = ()
    name: str = ""

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sides)


def match_settings(rules: RuleSet, sides: Sequence[str], *, target: int | None = None,
                   finish: str | None = None, enabled: Sequence[str] = (), name: str = "",
                   options: Mapping[str, object] | None = None, fields: Fields = COMMAND) -> MatchSettings:
    """Settings for a new match: the rule set's target and policy unless overridden, with the
    chosen options applied to the rule set (the match keeps the rule set as it is played); ``fields``
    says how messages name each setting (the command's options unless a page gives its fields)."""
    if options:
        rules = apply_options(rules, options, {key: f"{fields.option} {key}" for key in options})
    problem = name_problem(name)
    if problem:
        raise MatchError(f"{fields.name} {name!r}: {problem}")
    if target is not None:
        problem = target_problem(target)
        if problem:
            raise MatchError(f"{fields.target} {target}: {problem}")
    if finish is not None and finish not in FINISHES:
        raise MatchError(_("--finish {finish}: not a policy (one of {policies})").format(
            finish=repr(finish), policies=", ".join(FINISHES)))
    optional = rules.optional_ids
    for cid in enabled:
        if cid not in optional and fields.form:
            raise MatchError(_("{where} {id}: {game} has no such optional category (its optional ones: {ids})")
                             .format(where=fields.with_, id=repr(cid), game=rules.name,
                                     ids=", ".join(optional) or _("none")))
        if cid not in optional:
            rules.category(cid)  # raises for an unknown id, naming the known ones
            raise MatchError(always_counted(f"{fields.with_} {cid}", cid, rules.id, optional))
    problem = target_problem(rules.match.target) if target is None else None
    if problem:
        raise MatchError(_("{rules} is played to {target}, but {problem}: give --target").format(
            rules=rules.id, target=rules.match.target, problem=problem))
    return MatchSettings(rules, parse_sides(rules, sides, where=fields.side, form=fields.form),
                         target or rules.match.target,
                         finish or rules.match.finish, rules.match.playoff, rules.match.stake,
                         tuple(dict.fromkeys(enabled)), name)


def seat_players(rules: RuleSet, players: Sequence[str]) -> list[str]:
    """The sides a list of players makes in ``rules``: each alone when the game allows singles of
    that number, else teams of the first shape that fits, partners sitting opposite (seat i is in
    team i modulo the number of teams, as Scopone pairs them); none when no shape fits."""
    allowed = rules.sides
    if not players:
        return []
    if allowed.singles and allowed.min <= len(players) <= allowed.max:
        return list(players)
    for shape in allowed.teams:
        count, _x, size = shape.partition("x")
        if count.isdigit() and size.isdigit() and int(count) * int(size) == len(players):
            n = int(count)
            return ["+".join(players[i::n]) for i in range(n)]
    return []
