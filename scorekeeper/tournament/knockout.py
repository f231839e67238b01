"""The knockout after the groups: the best of each group go through, seeded into a bracket (group
winners first, then runners-up; seed 1 and seed 2 can meet only in the final); every tie is a series,
best of 3 (the final best of 3 or 5), each game a table of its own round. A drawn game counts for
nobody and the series goes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.i18n import _
from scorekeeper.tournament.events import Round, Table, Tournament
from scorekeeper.tournament.results import MatchResult, table_outcome
from scorekeeper.tournament.schedule import bracket, bracket_size
from scorekeeper.tournament.settings import TournamentError
from scorekeeper.tournament.standings import standings


@dataclass(frozen=True)
class Tie:
    """A knockout tie: its stage and place in the bracket, the two entrants (one: a bye), the games
    each has won, how many it takes, and the winner once decided."""

    stage: int
    number: int
    entrants: tuple[str, ...]
    wins: tuple[int, ...]
    needed: int
    winner: str | None


def qualifiers(state: Tournament, results: Mapping[int, MatchResult],
               groups: Mapping[str, Sequence[str]]) -> list[str]:
    """Who goes through, in seed order: each group's first, then each group's second, and so on."""
    tables = {g: [r.entrant for r in standings(state, results, members, group=g, group_stage=True)
                  if r.entrant not in state.dropped] for g, members in groups.items()}
    return [tables[g][place] for place in range(state.settings.advance) for g in groups if place < len(tables[g])]


def ties(state: Tournament, results: Mapping[int, MatchResult], groups: Mapping[str, Sequence[str]]) -> list[Tie]:
    """Every knockout tie so far, stage by stage, each with its series' score."""
    seeds = qualifiers(state, results, groups)
    found: list[Tie] = []
    if not seeds:  # everyone dropped: no tie (knockout_round refuses to pair one)
        return found
    size = bracket_size(max(2, len(seeds)))  # a lone qualifier takes the final's bye: the champion
    slots: list[str | None] = [seeds[s - 1] if s <= len(seeds) else None for s in bracket(size)]
    stage = 1
    while len(slots) > 1:
        final = len(slots) == 2
        needed = (state.settings.final_best_of if final else state.settings.best_of) // 2 + 1
        winners: list[str | None] = []
        for index in range(len(slots) // 2):
            pair = tuple(e for e in slots[2 * index:2 * index + 2] if e is not None)
            wins = _wins(state, results, stage, index + 1, pair)
            winner = pair[0] if len(pair) == 1 else next((e for e, w in zip(pair, wins, strict=True)
                                                          if w >= needed), None)
            found.append(Tie(stage, index + 1, pair, wins, needed, winner))
            winners.append(winner)
        if any(w is None for w in winners):
            break
        slots = winners
        stage += 1
    return found


def _wins(state: Tournament, results: Mapping[int, MatchResult], stage: int, tie: int,
          pair: tuple[str, ...]) -> tuple[int, ...]:
    wins = [0] * len(pair)
    for rnd in state.rounds:
        for table in rnd.tables:
            if table.stage == stage and table.tie == tie:
                outcome = table_outcome(state, rnd, table, results)
                if outcome is not None and outcome.winner is not None:
                    wins[pair.index(table.sides[outcome.winner][0])] += 1
    return tuple(wins)


def champion(state: Tournament, results: Mapping[int, MatchResult],
             groups: Mapping[str, Sequence[str]]) -> str | None:
    """The knockout's winner, once the final is decided."""
    found = ties(state, results, groups)
    last = found[-1] if found else None
    if last is not None and last.winner and sum(1 for t in found if t.stage == last.stage) == 1:
        return last.winner
    return None


def knockout_round(state: Tournament, results: Mapping[int, MatchResult],
                   groups: Mapping[str, Sequence[str]]) -> Round:
    """The next knockout round: one more game of each undecided tie, or the next stage's first games."""
    number = len(state.rounds) + 1
    if champion(state, results, groups):
        raise TournamentError(_("tournament {name}: the final is decided; nothing more to pair").format(
            name=repr(state.name)))
    found = ties(state, results, groups)
    if not found:
        raise TournamentError(_("tournament {name}: nobody is left to play the knockout").format(
            name=repr(state.name)))
    current = found[-1].stage
    open_ties = [t for t in found if t.stage == current and t.winner is None]
    played = {t.number: sum(1 for rnd in state.rounds for tb in rnd.tables
                            if tb.stage == current and tb.tie == t.number) for t in open_ties}
    tables = [Table(k, ((t.entrants[0],), (t.entrants[1],)), stage=current, tie=t.number, game=played[t.number] + 1)
              for k, t in enumerate(open_ties, start=1)]
    byes = tuple(t.entrants[0] for t in found if t.stage == current and len(t.entrants) == 1
                 and not any(tb.stage == current for rnd in state.rounds for tb in rnd.tables))
    return Round(number, tuple(tables), byes)
