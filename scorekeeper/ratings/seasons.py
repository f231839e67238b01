"""Season points: a cumulative table that only ever grows.

Every finished match of the season gives each player of a side points by how the side did (won,
drawn, or only played), and every tournament of the season gives points by the place a player
finished in. All of them are whole numbers of at least 0, so a player's season points never go
down: a bad evening adds nothing, it takes nothing away. (The ratings say who is strong now; the
season says who played and won the most, as bridge's masterpoints do beside its grades.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.ratings.rating import Finished

#: The most points one result may give (a typo of 1000000 would swamp a season).
MOST_POINTS = 1000


@dataclass(frozen=True)
class SeasonPoints:
    """Points for a match won, drawn or only played, and for the places of a tournament (1st, 2nd...)."""

    win: int = 3
    draw: int = 1
    played: int = 0
    places: tuple[int, ...] = (10, 6, 4, 2)

    def __post_init__(self) -> None:
        named = [("--win", self.win), ("--draw", self.draw), ("--played", self.played)]
        named += [("--places", p) for p in self.places]
        for option, value in named:
            if not 0 <= value <= MOST_POINTS:
                raise ScorekeeperError(_("{option} {value}: season points are whole numbers from 0 to {most}, so "
                                         "that they never go down").format(option=option, value=value,
                                                                           most=MOST_POINTS))

    def as_dict(self) -> dict[str, object]:
        return {"win": self.win, "draw": self.draw, "played": self.played,  # not for players: JSON keys
                "places": list(self.places)}


def read_places(text: str) -> tuple[int, ...]:
    """``--places 10,6,4``: the points of the 1st, 2nd, 3rd... place of a tournament.

    >>> read_places("10, 6,4"), read_places("")
    ((10, 6, 4), ())
    """
    places = []
    for n, token in enumerate((t.strip() for t in text.split(",") if t.strip()), start=1):
        if not (token.isascii() and token.isdigit()) or len(token) > 4:
            raise ScorekeeperError(_("--places {text}: item {n}, {token}, is not a whole number of points").format(
                text=repr(text), n=n, token=repr(token)))
        places.append(int(token))
    return tuple(places)


@dataclass
class Standing:
    """A player's line in a season's table."""

    player: str
    points: int = 0
    matches: int = 0
    won: int = 0
    drawn: int = 0
    tournament_points: int = 0


def standings(matches: Iterable[Finished], points: SeasonPoints,
              places: Mapping[str, Sequence[int]] | None = None) -> list[Standing]:
    """The season's table: points, then matches won, then fewer matches played, then the name.

    ``places`` gives, by player, the places they finished in at the season's tournaments.
    """
    table: dict[str, Standing] = {}
    for match in matches:
        winners = [i for i, rank in enumerate(match.ranks) if rank == 1]
        for i, side in enumerate(match.sides):
            won = winners == [i]
            drawn = i in winners and not won
            gained = points.win if won else points.draw if drawn else points.played
            for player in side:
                line = table.setdefault(player, Standing(player))
                line.matches += 1
                line.won += won
                line.drawn += drawn
                line.points += gained
    for player, finished in (places or {}).items():
        line = table.setdefault(player, Standing(player))
        gained = sum(points.places[place - 1] for place in finished if 1 <= place <= len(points.places))
        line.tournament_points += gained
        line.points += gained
    return sorted(table.values(), key=lambda s: (-s.points, -s.won, s.matches, s.player))
