"""The next round of a tournament, by its format: the round robin's and the groups' fixed schedule,
Swiss by matching, rotating partners by two matchings, and the knockout after the groups.

A round is paired only when every table of the one before has a result (its match over, or a
forfeit); an entrant who dropped is left out, and a round robin opponent of one gets a bye.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from scorekeeper.i18n import _, ngettext
from scorekeeper.tournament.events import Round, Table, Tournament
from scorekeeper.tournament.knockout import knockout_round
from scorekeeper.tournament.matching import rotating_tables, swiss_pairs
from scorekeeper.tournament.results import MatchResult, pending_tables
from scorekeeper.tournament.schedule import Pair, circle, groups_of
from scorekeeper.tournament.settings import GROUPS_KNOCKOUT, ROTATING, ROUND_ROBIN, SWISS, TournamentError
from scorekeeper.tournament.standings import Row, records, standings


def check_can_pair(state: Tournament, results: Mapping[int, MatchResult]) -> None:
    """Refuse to pair while a table of the latest round has no result."""
    waiting = pending_tables(state, results)
    if waiting:
        raise TournamentError(ngettext(
            "round {round} is still being played at table {tables}: its match must end (or be forfeited) first",
            "round {round} is still being played at tables {tables}: their matches must end (or be forfeited) "
            "first", len(waiting)).format(round=len(state.rounds), tables=", ".join(str(t.number) for t in waiting)))


def next_round(state: Tournament, results: Mapping[int, MatchResult]) -> Round:
    """The next round's tables (numbered from 1, no match yet) and byes."""
    check_can_pair(state, results)
    number = len(state.rounds) + 1
    fmt = state.settings.format
    if fmt in (SWISS, ROTATING) and number > state.settings.rounds:
        raise TournamentError(_("tournament {name}: all {count} rounds are paired").format(
            name=repr(state.name), count=state.settings.rounds))
    if fmt == ROUND_ROBIN:
        return _scheduled(state, number, {"": circle(state.entrants, state.settings.double)})
    if fmt == GROUPS_KNOCKOUT:
        groups = group_table(state)
        schedules = {g: circle(members) for g, members in groups.items()}
        if number <= max(len(s) for s in schedules.values()):
            return _scheduled(state, number, schedules)
        return knockout_round(state, results, groups)
    order = [row.entrant for row in standings(state, results) if row.entrant not in state.dropped]
    found = records(state, results)
    points = {e: found[e].match_points for e in order}
    byes = {e: found[e].byes for e in order}
    if fmt == SWISS:
        pairs, bye = swiss_pairs(order, points, met(state), byes)
        tables = [Table(k, ((a,), (b,))) for k, (a, b) in enumerate(pairs, start=1)]
        return Round(number, tuple(tables), tuple(bye))
    return _rotating(state, number, order, points, byes)


def group_table(state: Tournament) -> dict[str, list[str]]:
    """The groups of a groups-knockout tournament: one per four entrants unless the settings say."""
    count = state.settings.groups or max(1, len(state.entrants) // 4)
    return groups_of(state.entrants, count)


def met(state: Tournament) -> Counter[frozenset[str]]:
    """How often each two entrants have sat at opposite sides of a table."""
    found: Counter[frozenset[str]] = Counter()
    for rnd in state.rounds:
        for table in rnd.tables:
            for i, side in enumerate(table.sides):
                for other in table.sides[i + 1:]:
                    found.update(frozenset((a, b)) for a in side for b in other)
    return found


def _scheduled(state: Tournament, number: int, schedules: Mapping[str, Sequence[Sequence[Pair]]]) -> Round:
    """Round ``number`` of each group's fixed schedule (one group, unnamed, for a round robin)."""
    if all(number > len(s) for s in schedules.values()):
        raise TournamentError(_("tournament {name}: all {count} rounds are paired").format(
            name=repr(state.name), count=number - 1))
    tables: list[Table] = []
    byes: list[str] = []
    for group, schedule in schedules.items():
        if number > len(schedule):
            continue
        for a, b in schedule[number - 1]:
            here = [e for e in (a, b) if e is not None and e not in state.dropped]
            if len(here) == 2:
                tables.append(Table(len(tables) + 1, ((here[0],), (here[1],)), group=group))
            else:
                byes += here
    return Round(number, tuple(tables), tuple(byes))


def _rotating(state: Tournament, number: int, order: list[str], points: Mapping[str, int],
              byes: Mapping[str, int]) -> Round:
    """Rotating partners: the lowest-ranked among those with fewest byes sit out until the rest make
    whole tables of four."""
    out: list[str] = []
    for _turn in range(len(order) % 4):
        fewest = min(byes[e] for e in order if e not in out)
        out.append(next(e for e in reversed(order) if e not in out and byes[e] == fewest))
    playing = [e for e in order if e not in out]
    if len(playing) < 4:  # fewer than four still playing (``order``): all of them would sit out
        raise TournamentError(_("rotating partners need four players still playing; {count} are").format(
            count=len(order)))
    partnered: Counter[frozenset[str]] = Counter()
    for rnd in state.rounds:
        partnered.update(frozenset(side) for t in rnd.tables for side in t.sides)
    found = rotating_tables(playing, points, partnered, met(state))
    tables = [Table(k, (s, t)) for k, (s, t) in enumerate(found, start=1)]
    return Round(number, tuple(tables), tuple(sorted(out, key=order.index)))


def standings_of(state: Tournament, results: Mapping[int, MatchResult]) -> list[Row]:
    """The standings as the format shows them: one table, or (groups then knockout) each group's
    table of its group games, group after group."""
    if state.settings.format != GROUPS_KNOCKOUT:
        return standings(state, results)
    rows: list[Row] = []
    for group, members in group_table(state).items():
        rows += standings(state, results, members, group=group, group_stage=True)
    return rows
