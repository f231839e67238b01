"""Match points as the game points themselves (``--points sum``): a table gives each side what it
scored, win or lose, and a bye (which has no game) gives nothing but still counts as a table won."""

from __future__ import annotations

from tournament_sim import Sim

from scorekeeper.tournament.settings import Settings, parse_points
from scorekeeper.tournament.standings import standings


def test_with_summed_points_each_side_takes_what_it_scored_and_a_bye_gives_no_points() -> None:
    sim = Sim(Settings("round-robin", "scopa", points=parse_points("sum")), ["Anna", "Bruno", "Carla"])
    rnd = sim.pair()
    assert len(rnd.tables) == 1 and len(rnd.byes) == 1
    sim.score(lambda _r, _t, _names: (11, 7))
    rows = {r.entrant: r.record for r in standings(sim.state, sim.results)}
    first, second = (side[0] for side in rnd.tables[0].sides)
    bye = rnd.byes[0]
    assert (rows[first].match_points, rows[first].won) == (11, 1)
    assert (rows[second].match_points, rows[second].lost) == (7, 1)  # the loser keeps its 7
    assert (rows[bye].match_points, rows[bye].won, rows[bye].played, rows[bye].byes) == (0, 1, 1, 1)
    assert [r.entrant for r in standings(sim.state, sim.results)] == [first, second, bye]
