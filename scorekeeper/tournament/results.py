"""A table's result, read from its match: who won, or a draw, and the points each side scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.tournament.events import Round, Table, Tournament


@dataclass(frozen=True)
class Outcome:
    """A table's result: each side's points, the winning side's index (None: a draw), and whether a
    side forfeited (then no points count, and the round is unplayed for Buchholz)."""

    points: tuple[int, ...]
    winner: int | None
    forfeit: bool = False


@dataclass(frozen=True)
class MatchResult:
    """What the history says of a table's match: hands played, each side's total, over or not, who won."""

    hands: int
    totals: Mapping[str, int]
    finished: bool
    winner: str | None


def side_name(side: Sequence[str]) -> str:
    """The name of a table's side in its match: the entrant, or partners joined by '+'."""
    return "+".join(side)


def outcome_of(table: Table, result: MatchResult | None, hands: int | None) -> Outcome | None:
    """The table's result once its match is over (or, with a fixed number of ``hands``, once they are
    played: the higher total wins, equal totals draw); None while it is being played."""
    if result is None:
        return None
    names = [side_name(s) for s in table.sides]
    points = tuple(int(result.totals.get(n, 0)) for n in names)
    if hands is not None and result.hands >= hands:
        best = max(points)
        leaders = [i for i, p in enumerate(points) if p == best]
        return Outcome(points, leaders[0] if len(leaders) == 1 else None)
    if not result.finished:
        return None
    return Outcome(points, names.index(result.winner) if result.winner in names else None)


def table_outcome(state: Tournament, rnd: Round, table: Table,
                  results: Mapping[int, MatchResult]) -> Outcome | None:
    """A table's result: a forfeit if one was declared, else its match's."""
    quitter = state.forfeits.get((rnd.number, table.number))
    if quitter is not None:
        losing = next(i for i, side in enumerate(table.sides) if quitter in side)
        winner = 1 - losing if len(table.sides) == 2 else None
        return Outcome(tuple(0 for _ in table.sides), winner, forfeit=True)
    return outcome_of(table, results.get(table.match), state.hand_limit(table.match))


def time_limits(state: Tournament, results: Mapping[int, MatchResult]) -> dict[int, int]:
    """Calling time in the latest round: each table still playing ends once the hand in play is
    finished, so after one hand more than it has (its match id -> the hands that count)."""
    from scorekeeper.i18n import _
    from scorekeeper.tournament.settings import TournamentError

    waiting = pending_tables(state, results)
    if not waiting:
        raise TournamentError(_("no table is still playing: there is no time to call"))
    if any(t.match in state.limits for t in waiting):
        raise TournamentError(_("time is already called in round {round}").format(round=len(state.rounds)))
    return {t.match: (results[t.match].hands if t.match in results else 0) + 1 for t in waiting}


def pending_tables(state: Tournament, results: Mapping[int, MatchResult]) -> list[Table]:
    """The tables of the latest round still being played."""
    if not state.rounds:
        return []
    rnd = state.rounds[-1]
    return [t for t in rnd.tables if table_outcome(state, rnd, t, results) is None]
