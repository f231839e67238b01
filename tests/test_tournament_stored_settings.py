"""What is stored of a tournament and read back: its settings as the JSON ``tournament show --json``
prints and the history keeps (an older record without points or tie-breaks reads with the defaults),
and calling time: the hands each table still playing ends after."""

from __future__ import annotations

import pytest
from tournament_sim import Sim, first_wins

from scorekeeper.tournament.results import MatchResult, pending_tables, time_limits
from scorekeeper.tournament.settings import TIEBREAKS, Points, Settings, TournamentError, parse_points


def test_settings_are_stored_with_the_points_as_the_option_is_written_and_read_back_equal() -> None:
    settings = Settings("swiss", "scopa", rounds=5, points=Points(2, 1, 0), tiebreaks=("points-for", "buchholz"),
                        hands=8, seed=3)
    assert settings.as_json() == {
        "format": "swiss", "rules": "scopa", "rounds": 5, "double": False, "points": "2/1/0",
        "tiebreaks": ["points-for", "buchholz"], "target": None, "hands": 8, "groups": 0, "advance": 2,
        "best_of": 3, "final_best_of": 3, "seed": 3}
    assert Settings.from_json(settings.as_json()) == settings
    summed = Settings("round-robin", "scopa", points=parse_points("sum"))
    assert summed.as_json()["points"] == "sum"
    assert Settings.from_json(summed.as_json()) == summed


def test_a_stored_record_without_points_or_tiebreaks_reads_with_the_defaults_and_unknown_keys_are_ignored() -> None:
    settings = Settings.from_json({"format": "round-robin", "rules": "scopa", "colour": "green"})
    assert settings == Settings("round-robin", "scopa")
    assert (settings.points, settings.tiebreaks) == (Points(3, 1, 0), TIEBREAKS)


def test_calling_time_ends_each_table_still_playing_one_hand_after_the_hands_it_has() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"])
    with pytest.raises(TournamentError) as info:
        time_limits(sim.state, sim.results)  # nothing paired yet
    assert str(info.value) == "no table is still playing: there is no time to call"
    sim.play(1, first_wins)
    rnd = sim.pair()
    one, two, three = (t.match for t in rnd.tables)
    names = ["+".join(s) for s in rnd.tables[0].sides]
    sim.results[one] = MatchResult(5, {names[0]: 7, names[1]: 9}, False, None)  # five hands in
    sim.results[three] = MatchResult(4, {}, True, None)  # over: no time to call there
    assert time_limits(sim.state, sim.results) == {one: 6, two: 1}  # the second table has no hand yet
    sim.add("time", limits={str(one): 6, str(two): 1})
    state = sim.state
    assert (state.hand_limit(one), state.hand_limit(three)) == (6, None)
    with pytest.raises(TournamentError) as info:
        time_limits(state, sim.results)
    assert str(info.value) == "time is already called in round 2"
    sim.results[one] = MatchResult(6, {names[0]: 7, names[1]: 9}, False, None)
    assert [t.match for t in pending_tables(sim.state, sim.results)] == [two]  # the sixth hand ended it
