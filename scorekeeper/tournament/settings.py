"""A tournament's settings: its format, its rounds, the match points and the tie-break chain."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.match.settings import player_problem

ROUND_ROBIN, SWISS, GROUPS_KNOCKOUT, ROTATING = (
    "round-robin", "swiss", "groups-knockout", "rotating")  # not for players: format names
FORMATS: tuple[str, ...] = (ROUND_ROBIN, SWISS, GROUPS_KNOCKOUT, ROTATING)
HEAD_TO_HEAD, DIFFERENCE, POINTS_FOR, BUCHHOLZ, DRAW = (
    "head-to-head", "difference", "points-for", "buchholz", "draw")  # not for players: tie-break names
TIEBREAKS: tuple[str, ...] = (HEAD_TO_HEAD, DIFFERENCE, POINTS_FOR, BUCHHOLZ)
#: The longest tournament: far past a season of evenings, and it keeps the pairing weights small.
MAX_ROUNDS = 99


class TournamentError(ScorekeeperError, ValueError):
    """A tournament request that its settings or its state do not allow."""


@dataclass(frozen=True)
class Points:
    """Match points for a won, drawn and lost table; ``summed``: the game points themselves."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    summed: bool = False

    def __str__(self) -> str:
        return "sum" if self.summed else f"{self.win}/{self.draw}/{self.loss}"  # not for players: the option's form


def parse_points(text: str) -> Points:
    """``--points``: W/D/L (3/1/0), W/L (2/0: a draw gets half), or ``sum`` (the game points)."""
    word = text.strip().lower()
    if word == "sum":
        return Points(0, 0, 0, summed=True)
    parts = word.split("/")
    if len(parts) in (2, 3) and all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        numbers = [int(p) for p in parts]
        win, loss = numbers[0], numbers[-1]
        draw = numbers[1] if len(numbers) == 3 else (win + loss) // 2
        if win > draw >= loss or (win > loss and draw == loss):
            return Points(win, draw, loss)
    raise TournamentError(_("--points {text}: write W/D/L as 3/1/0 (a win above a draw above a loss), W/L as 2/0, "
                            "or sum").format(text=repr(text)))


def parse_tiebreaks(texts: Iterable[str]) -> tuple[str, ...]:
    """``--tiebreaks``: names in the order they apply, by comma or repeated; the seeded draw is always last."""
    chosen: list[str] = []
    for text in texts:
        for word in (w.strip().lower() for w in text.split(",")):
            if word == DRAW:
                continue
            if word not in TIEBREAKS:
                raise TournamentError(_("--tiebreaks {word}: not a tie-break (one of {names})").format(
                    word=repr(word), names=", ".join(TIEBREAKS)))
            if word in chosen:
                raise TournamentError(_("--tiebreaks {word}: given twice").format(word=repr(word)))
            chosen.append(word)
    return tuple(chosen)


@dataclass(frozen=True)
class Settings:
    """How a tournament is played; stored as JSON with it (``as_json``, ``from_json``)."""

    format: str
    rules: str
    rounds: int = 0  # Swiss and rotating: how many; round robin and groups: as the schedule says
    double: bool = False  # round robin: each pair meets twice
    points: Points = field(default_factory=Points)
    tiebreaks: tuple[str, ...] = TIEBREAKS
    target: int | None = None  # a table's match is played to this (the rule set's without)
    hands: int | None = None  # or a fixed number of hands: then a table may be drawn
    groups: int = 0  # groups-knockout: how many groups (0: one per four entrants)
    advance: int = 2  # groups-knockout: how many of each group go through
    best_of: int = 3
    final_best_of: int = 3
    seed: int = 0

    def chain(self) -> tuple[str, ...]:
        """The tie-breaks that apply, in order, then the draw (Buchholz only where opponents differ: Swiss)."""
        kept = tuple(t for t in self.tiebreaks if t != BUCHHOLZ or self.format in (SWISS, ROTATING))
        return (*kept, DRAW)

    def as_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "points"}
        data["tiebreaks"] = list(self.tiebreaks)
        data["points"] = str(self.points)  # not for players: a key
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        values = dict(data)
        values["points"] = parse_points(str(values.get("points", "3/1/0")))  # not for players: keys
        values["tiebreaks"] = tuple(values.get("tiebreaks", TIEBREAKS))  # not for players: a key
        return cls(**{k: v for k, v in values.items() if k in cls.__dataclass_fields__})


def check_settings(settings: Settings, entrants: Sequence[str]) -> None:
    """Refuse settings that cannot make a tournament of these entrants."""
    if settings.format not in FORMATS:
        raise TournamentError(_("--format {format}: not a format (one of {formats})").format(
            format=repr(settings.format), formats=", ".join(FORMATS)))
    if not 0 <= settings.rounds <= MAX_ROUNDS:
        raise TournamentError(_("--rounds {count}: give 1 to {most}").format(count=settings.rounds, most=MAX_ROUNDS))
    if settings.format in (SWISS, ROTATING) and not settings.rounds:
        raise TournamentError(_("a {format} tournament needs --rounds N").format(format=settings.format))
    series = (("--best-of", settings.best_of), ("--final-best-of", settings.final_best_of))  # not for players: options
    for name, value in series:
        if value not in (3, 5):
            raise TournamentError(_("{option} {value}: a knockout tie is best of 3 or 5").format(
                option=name, value=value))
    least = 4 if settings.format in (ROTATING, GROUPS_KNOCKOUT) else 2
    if len(entrants) < least:
        raise TournamentError(_("a {format} tournament needs {least} entrants or more; {count} given").format(
            format=settings.format, least=least, count=len(entrants)))
    if settings.format == ROTATING and any("+" in e for e in entrants):
        raise TournamentError(_("rotating partners: the entrants are players, not pairs ({name})").format(
            name=repr(next(e for e in entrants if "+" in e))))
    seen: dict[str, str] = {}
    for name in entrants:
        check_name(name, seen)
    if len({"+" in e for e in entrants}) > 1:
        raise TournamentError(_("entrants are all players or all pairs; {name} is not like {first}").format(
            name=repr(next(e for e in entrants if ("+" in e) != ("+" in entrants[0]))), first=repr(entrants[0])))


def check_name(name: str, seen: Mapping[str, str] | dict[str, str]) -> None:
    """Refuse an entrant's name that cannot be used or is already taken (in any letter case); a fixed
    pair is written ``Anna+Bruno``."""
    players = [p.strip() for p in name.split("+")]
    if not name.strip() or any(not p for p in players) or len(players) > 2:
        raise TournamentError(_("entrant {name}: a player's name, or a pair written 'Anna+Bruno'").format(
            name=repr(name)))
    for player in players:
        problem = player_problem(player)
        if problem:
            raise TournamentError(_("entrant {name}: {problem}").format(name=repr(name), problem=problem))
    key = name.casefold()
    if key in seen:
        raise TournamentError(_("entrant {name}: given twice (as {other})").format(
            name=repr(name), other=repr(seen[key])))
    if isinstance(seen, dict):
        seen[key] = name
