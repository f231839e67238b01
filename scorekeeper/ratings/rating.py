"""Ratings with openskill's Plackett-Luce model, package defaults: one update per finished match,
in the order the matches finished, each pool (a family and a team shape) apart.

A match is rated with its sides as teams, the winner first: the winner ranks 1 and the other sides
follow by their totals (equal totals, equal ranks); a match without a winner ranks every side by
its totals, so a draw is equal ranks. A team's players go in as one openskill team: they win or lose
together, each moving the way the team's result says (by how sure the model is of each of them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

#: Below this sigma a rating is settled; above it the player is "provisional". openskill starts
#: every player at sigma 25/3 (8.33); one player alone gets under 6 after 12 matches, one of a
#: team of two after about 20.
PROVISIONAL_SIGMA = 6.0


class Finished(NamedTuple):
    """A finished match as the ratings see it: players by their key, sides in the order of their ranks
    (a named tuple: a history holds a hundred thousand)."""

    match_id: int
    at: str  # when it finished, as the history records time
    pool: str
    rules_id: str
    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]  # 1 is the winner; sides that tied share a rank
    event: int = 0  # the history's event that finished it: after ``at``, what orders matches


@dataclass(frozen=True)
class Rating:
    """A player's rating in one pool, after ``matches`` rated matches."""

    pool: str
    player: str
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: what lists sort by (a player is very likely at least this strong)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether too few matches are rated yet for the rating to mean much."""
        return self.sigma >= PROVISIONAL_SIGMA


class Step(NamedTuple):
    """A player's rating right after one match: one point of the rating over time (a named tuple:
    a history of 100,000 matches makes a quarter of a million)."""

    seq: int  # the match's place in the order of finishing, from 1
    match_id: int
    at: str
    pool: str
    rules_id: str
    side: int  # the player's side, in the order of ``Finished.sides``
    rank: int
    player: str
    mu: float
    sigma: float


def ranks_of(sides: Sequence[str], winner: str | None, totals: Mapping[str, int]) -> list[int]:
    """Each side's rank: the winner 1, then the others by their totals, equal totals sharing a rank.

    >>> ranks_of(["Anna", "Bruno"], "Bruno", {"Anna": 11, "Bruno": 12})
    [2, 1]
    >>> ranks_of(["A", "B", "C"], "C", {"A": 5, "B": 9, "C": 11}), ranks_of(["A", "B"], None, {"A": 3, "B": 3})
    ([3, 2, 1], [1, 1])
    """
    if winner is not None and len(sides) == 2:  # the usual match: its totals cannot change the ranks
        return [1 if side == winner else 2 for side in sides]
    others = sorted({totals.get(s, 0) for s in sides if s != winner}, reverse=True)
    first = 2 if winner is not None else 1
    place = {points: first + n for n, points in enumerate(others)}
    return [1 if side == winner else place[totals.get(side, 0)] for side in sides]


def model() -> Any:
    """openskill's Plackett-Luce model with the package's defaults (imported here: a command that
    rates nothing does not load it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate(matches: Iterable[Finished], start: Mapping[tuple[str, str], Rating] | None = None,
         seq: int = 0) -> tuple[dict[tuple[str, str], Rating], list[Step]]:
    """Rate the matches in the order given: each player's rating in each pool, and every step.

    ``start`` holds the ratings the matches before these left (by pool and player), and ``seq`` the
    number of those matches: rating more matches from there gives what rating all of them from the
    start gives, as openskill reads nothing but each player's mu and sigma.

    A match that names one player on two sides (two names merged after they played each other)
    cannot be rated and is passed over.
    """
    plackett = model()
    current: dict[tuple[str, str], Any] = {}
    counts: dict[tuple[str, str], int] = {}
    for key, was in (start or {}).items():
        current[key] = plackett.rating(mu=was.mu, sigma=was.sigma)
        counts[key] = was.matches
    steps: list[Step] = []
    for match in matches:
        players = [p for side in match.sides for p in side]
        if len(set(players)) != len(players) or len(match.sides) < 2:
            continue
        seq += 1
        teams = [[current.get((match.pool, p)) or plackett.rating() for p in side] for side in match.sides]
        rated = plackett.rate(teams, ranks=list(match.ranks))
        for i, (side, team) in enumerate(zip(match.sides, rated, strict=True)):
            for player, after in zip(side, team, strict=True):
                key = (match.pool, player)
                current[key] = after
                counts[key] = counts.get(key, 0) + 1
                steps.append(Step(seq, match.match_id, match.at, match.pool, match.rules_id, i, match.ranks[i],
                                  player, after.mu, after.sigma))
    ratings = {key: Rating(key[0], key[1], r.mu, r.sigma, counts[key]) for key, r in current.items()}
    return ratings, steps
