"""Whether a tournament is over, and the places its entrants finished in.

A tournament is over when no round is left to pair and every table of the last one has a result:
a Swiss or rotating tournament after its rounds, a round robin after its schedule, groups then
knockout once the final is decided. The places are the standings' ranks (the tie-break chain ends
in the seeded draw, so no two share one); after a knockout, the winner is 1st, the final's loser
2nd, and those who went out in the same stage share a place (both semi-finalists 3rd, then 5th...),
as knockouts are ranked.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.tournament.events import Tournament
from scorekeeper.tournament.knockout import champion, ties
from scorekeeper.tournament.pairing import group_table
from scorekeeper.tournament.results import MatchResult, pending_tables
from scorekeeper.tournament.schedule import circle
from scorekeeper.tournament.settings import GROUPS_KNOCKOUT, ROUND_ROBIN
from scorekeeper.tournament.standings import standings


def is_over(state: Tournament, results: Mapping[int, MatchResult]) -> bool:
    """No round left to pair, and every table of the last one has a result."""
    if not state.rounds or pending_tables(state, results):
        return False
    fmt = state.settings.format
    if fmt == GROUPS_KNOCKOUT:
        return champion(state, results, group_table(state)) is not None
    if fmt == ROUND_ROBIN:
        return len(state.rounds) >= len(circle(state.entrants, state.settings.double))
    return len(state.rounds) >= state.settings.rounds


def final_places(state: Tournament, results: Mapping[int, MatchResult]) -> dict[str, int] | None:
    """Each entrant's place (1 the first) once the tournament is over; None while it is not."""
    if not is_over(state, results):
        return None
    if state.settings.format != GROUPS_KNOCKOUT:
        return {row.entrant: row.rank for row in standings(state, results)}
    found = ties(state, results, group_table(state))
    last = max(t.stage for t in found)
    places: dict[str, int] = {}
    place = 1
    for stage in range(last, 0, -1):  # the final first, then the stage before it...
        out = [e for t in found if t.stage == stage for e in t.entrants if e != t.winner]
        if stage == last:
            winners = [t.winner for t in found if t.stage == stage and t.winner]
            places.update(dict.fromkeys(winners, 1))
            place += len(winners)
        places.update(dict.fromkeys(out, place))
        place += len(out)
    return places
