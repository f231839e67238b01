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


def profile(player: str, steps: Iterable[Step]) -> Profile:
    """The profile of ``player`` from the steps of every match they played (every player's steps of
    those matches, in the order the matches finished)."""
    by_match: dict[int, list[Step]] = {}
    for step in steps:
        by_match.setdefault(step.seq, []).append(step)
    games: dict[str, Record] = {}
    opponents: dict[str, Record] = {}
    partners: dict[str, Record] = {}
    result = Profile(player)
    for seq in sorted(by_match):
        match = by_match[seq]
        mine = next((s for s in match if s.player == player), None)
        if mine is None:
            continue
        result.rating.setdefault(mine.pool, []).append(mine)
        others = [s.rank for s in match if s.side != mine.side]
        best_other = min(others) if others else mine.rank + 1
        games.setdefault(mine.rules_id, Record(mine.rules_id)).add(mine.rank, best_other)
        for other in match:
            if other.player == player:
                continue
            if other.side == mine.side:
                partners.setdefault(other.player, Record(other.player)).add(mine.rank, best_other)
            else:
                opponents.setdefault(other.player, Record(other.player)).add(mine.rank, other.rank)
    result.by_game = sorted(games.values(), key=lambda r: (-r.played, r.name))
    result.opponents = sorted(opponents.values(), key=lambda r: (-r.played, r.name))
    result.partners = sorted(partners.values(), key=lambda r: (-r.win_rate, -r.played, r.name))
    return result
