"""The standings: per entrant the tables played, won, drawn and lost, match points and game points,
ranked by match points and then the tie-break chain, each row saying what separated it from the next.

Ties are broken group by group: the entrants level on match points are split by the first tie-break,
each part still level by the next, and so on; head-to-head is the mini-table of the entrants still
level at that point (the match points each took from the others). The seeded draw ends every tie:
it comes from the tournament's seed and the entrant's name, so it does not change as results come in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.tournament.events import Tournament
from scorekeeper.tournament.results import MatchResult, Outcome, table_outcome
from scorekeeper.tournament.settings import BUCHHOLZ, DIFFERENCE, DRAW, HEAD_TO_HEAD, POINTS_FOR, Points

MATCH_POINTS = "match-points"  # not for players: the first criterion's name in ``decided_by``


@dataclass
class _Game:
    opponents: tuple[str, ...]
    match_points: int
    forfeit: bool


@dataclass
class Record:
    """One entrant's tables so far."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    match_points: int = 0
    points_for: int = 0
    points_against: int = 0
    byes: int = 0
    games: list[_Game] = field(default_factory=list)


@dataclass(frozen=True)
class Row:
    """A line of the standings; ``tiebreaks`` are (name, value) in the chain's order, and ``decided_by``
    names what put it above the next row (None on the last, or where nothing did)."""

    rank: int
    entrant: str
    record: Record
    tiebreaks: tuple[tuple[str, int], ...]
    decided_by: str | None
    dropped: bool = False
    group: str = ""


def _earned(points: Points, outcome: Outcome, side: int) -> tuple[int, str]:
    """Match points a side takes from a result, and its word: won, drawn or lost."""
    if outcome.winner is None:
        verdict, earned = "drawn", points.draw
    elif outcome.winner == side:
        verdict, earned = "won", points.win
    else:
        verdict, earned = "lost", points.loss
    if points.summed:
        earned = outcome.points[side]
    return earned, verdict


def records(state: Tournament, results: Mapping[int, MatchResult], *, group_stage: bool = False) -> dict[str, Record]:
    """Every entrant's record from the results in so far (``group_stage``: the group tables only)."""
    found = {e: Record() for e in state.entrants}
    win = 0 if state.settings.points.summed else state.settings.points.win
    for rnd in state.rounds:
        if group_stage and any(t.stage for t in rnd.tables):
            continue
        for name in rnd.byes:  # a bye counts as a table won
            r = found[name]
            r.played, r.won, r.byes, r.match_points = r.played + 1, r.won + 1, r.byes + 1, r.match_points + win
        for table in rnd.tables:
            outcome = table_outcome(state, rnd, table, results)
            if outcome is None:
                continue
            for index, side in enumerate(table.sides):
                earned, verdict = _earned(state.settings.points, outcome, index)
                scored = outcome.points[index]
                against = sum(outcome.points) - scored
                opponents = tuple(e for i, s in enumerate(table.sides) if i != index for e in s)
                for name in side:
                    r = found[name]
                    r.played += 1
                    setattr(r, verdict, getattr(r, verdict) + 1)
                    r.match_points += earned
                    r.points_for += scored
                    r.points_against += against
                    r.games.append(_Game(opponents, earned, outcome.forfeit))
    return found


def draw_number(seed: int, entrant: str) -> int:
    """The entrant's place in the seeded draw (smaller is higher): the same seed, the same draw."""
    digest = hashlib.sha256(f"{seed}:{entrant.casefold()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _values(name: str, tied: Sequence[str], found: Mapping[str, Record], seed: int) -> dict[str, int]:
    """Each tied entrant's value under a criterion (higher ranks higher)."""
    if name == HEAD_TO_HEAD:
        among = set(tied)
        return {e: sum(g.match_points for g in found[e].games if among.intersection(g.opponents) and not g.forfeit)
                for e in tied}
    if name == DIFFERENCE:
        return {e: found[e].points_for - found[e].points_against for e in tied}
    if name == POINTS_FOR:
        return {e: found[e].points_for for e in tied}
    if name == BUCHHOLZ:  # opponents' match points, from the tables really played
        return {e: sum(found[o].match_points for g in found[e].games if not g.forfeit for o in g.opponents)
                for e in tied}
    return {e: -draw_number(seed, e) for e in tied}


def _ranked(tied: list[str], chain: Sequence[str], found: Mapping[str, Record], seed: int,
            shown: dict[str, dict[str, int]]) -> list[str]:
    """``tied`` in order by the chain, splitting each level part by the next criterion."""
    if len(tied) <= 1 or not chain:
        return tied
    values = _values(chain[0], tied, found, seed)
    for entrant, value in values.items():
        shown[entrant][chain[0]] = value
    order: list[str] = []
    for value in sorted(set(values.values()), reverse=True):
        part = [e for e in tied if values[e] == value]
        order += _ranked(part, chain[1:], found, seed, shown)
    return order


def standings(state: Tournament, results: Mapping[int, MatchResult], entrants: Sequence[str] | None = None,
              *, group: str = "", group_stage: bool = False) -> list[Row]:
    """The standings of ``entrants`` (all, by default): ranked, with their tie-break values."""
    found = records(state, results, group_stage=group_stage)
    names = list(entrants if entrants is not None else state.entrants)
    chain = state.settings.chain()
    seed = state.settings.seed
    shown: dict[str, dict[str, int]] = {e: {} for e in names}
    for name in chain:  # every row shows every value; head-to-head outside a tie: 0
        if name != HEAD_TO_HEAD:
            for entrant, value in _values(name, names, found, seed).items():
                shown[entrant][name] = value
    for entrant in names:
        shown[entrant].setdefault(HEAD_TO_HEAD, 0)
    order: list[str] = []
    for points in sorted({found[e].match_points for e in names}, reverse=True):
        order += _ranked([e for e in names if found[e].match_points == points], chain, found, seed, shown)
    places = {e: i for i, e in enumerate(sorted(names, key=lambda e: -shown[e][DRAW]), start=1)}
    rows = []
    for rank, entrant in enumerate(order, start=1):
        decided = None
        if rank < len(order):
            below = order[rank]
            keys = [(MATCH_POINTS, found[entrant].match_points, found[below].match_points)]
            keys += [(c, shown[entrant][c], shown[below][c]) for c in chain]
            decided = next((c for c, mine, theirs in keys if mine != theirs), None)
        # the draw is shown as a place (1 first), not as the number it was drawn from
        tiebreaks = tuple((c, places[entrant] if c == DRAW else shown[entrant][c]) for c in chain)
        rows.append(Row(rank, entrant, found[entrant], tiebreaks, decided, entrant in state.dropped, group))
    return rows
