"""One player's matches summed up: by game, the rating over time, head to head, partners."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.ratings.rating import Step


@dataclass
class Record:
    """Matches played, won, drawn and lost: against one opponent, beside one partner, or in one game."""

    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def add(self, mine: int, theirs: int) -> None:
        """Count one match: ``mine`` and ``theirs`` are ranks (for a game or a partner, the best rank of
        the other sides)."""
        self.played += 1
        if mine < theirs:
            self.won += 1
        elif mine == theirs:
            self.drawn += 1
        else:
            self.lost += 1


@dataclass
class Profile:
    """What a player's page shows."""

    player: str
    by_game: list[Record] = field(default_factory=list)
    rating: dict[str, list[Step]] = field(default_factory=dict)  # by pool, oldest first
    opponents: list[Record] = field(default_factory=list)
    partners: list[Record] = field(default_factory=list)


def profile(player: str, mine: Iterable[Step], others: Iterable[tuple[int, int, int, str]]) -> Profile:
    """The profile of ``player`` from their own steps (in the order the matches finished) and, for
    the same matches, every other player's place in them: (seq, side, rank, player)."""
    result = Profile(player)
    at: dict[int, Step] = {}
    for step in mine:
        at[step.seq] = step
        result.rating.setdefault(step.pool, []).append(step)
    seats = [seat for seat in others if seat[0] in at]
    best: dict[int, int] = {}  # the best rank of the other sides, by match
    for seq, side, rank, _other in seats:
        if side != at[seq].side and rank < best.get(seq, rank + 1):
            best[seq] = rank
    games: dict[str, Record] = {}
    for seq, step in at.items():
        games.setdefault(step.rules_id, Record(step.rules_id)).add(step.rank, best.get(seq, step.rank + 1))
    opponents: dict[str, Record] = {}
    partners: dict[str, Record] = {}
    for seq, side, rank, other in seats:
        step = at[seq]
        if side == step.side:
            partners.setdefault(other, Record(other)).add(step.rank, best.get(seq, step.rank + 1))
        else:
            opponents.setdefault(other, Record(other)).add(step.rank, rank)
    result.by_game = sorted(games.values(), key=lambda r: (-r.played, r.name))
    result.opponents = sorted(opponents.values(), key=lambda r: (-r.played, r.name))
    result.partners = sorted(partners.values(), key=lambda r: (-r.win_rate, -r.played, r.name))
    return result
