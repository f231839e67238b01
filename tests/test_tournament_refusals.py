"""Every refusal of a tournament request, in the exact words an organiser reads (and a script may
match): the bad value named, quoted as typed, with the numbers the rules allow; and the requests
just inside each limit that must be taken."""

from __future__ import annotations

import pytest
from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import Round, Table
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.results import MatchResult
from scorekeeper.tournament.settings import (
    MAX_ROUNDS,
    Settings,
    TournamentError,
    check_name,
    check_settings,
    parse_points,
    parse_tiebreaks,
)

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def refusal(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    """The message of the TournamentError a call raises."""
    with pytest.raises(TournamentError) as info:
        call(*args, **kwargs)
    return str(info.value)


@pytest.mark.parametrize(("settings", "entrants", "message"), [
    (Settings("knockout", "scopa"), FOUR,
     "--format 'knockout': not a format (one of round-robin, swiss, groups-knockout, rotating)"),
    (Settings("swiss", "scopa", rounds=MAX_ROUNDS + 1), FOUR, "--rounds 100: give 1 to 99"),
    (Settings("swiss", "scopa", rounds=-1), FOUR, "--rounds -1: give 1 to 99"),
    (Settings("swiss", "scopa"), FOUR, "a swiss tournament needs --rounds N"),
    (Settings("rotating", "scopa"), FOUR, "a rotating tournament needs --rounds N"),
    (Settings("groups-knockout", "scopa", best_of=4), FOUR, "--best-of 4: a knockout tie is best of 3 or 5"),
    (Settings("groups-knockout", "scopa", final_best_of=6), FOUR,
     "--final-best-of 6: a knockout tie is best of 3 or 5"),
    (Settings("round-robin", "scopa"), ["Anna"], "a round-robin tournament needs 2 entrants or more; 1 given"),
    (Settings("swiss", "scopa", rounds=3), ["Anna"], "a swiss tournament needs 2 entrants or more; 1 given"),
    (Settings("rotating", "scopa", rounds=3), FOUR[:3], "a rotating tournament needs 4 entrants or more; 3 given"),
    (Settings("groups-knockout", "scopa"), FOUR[:3],
     "a groups-knockout tournament needs 4 entrants or more; 3 given"),
    (Settings("rotating", "scopa", rounds=3), ["Anna", "Bruno", "Carla+Dario", "Elena"],
     "rotating partners: the entrants are players, not pairs ('Carla+Dario')"),
    (Settings("round-robin", "scopa"), ["Anna+Bruno", "Carla", "Dario+Elena"],
     "entrants are all players or all pairs; 'Carla' is not like 'Anna+Bruno'"),
    (Settings("round-robin", "scopa"), ["Anna", "Bruno", "Carla+Dario"],
     "entrants are all players or all pairs; 'Carla+Dario' is not like 'Anna'"),
])
def test_settings_that_cannot_make_the_tournament_are_refused_in_these_words(
        settings: Settings, entrants: list[str], message: str) -> None:
    assert refusal(check_settings, settings, entrants) == message


@pytest.mark.parametrize(("settings", "entrants"), [
    (Settings("swiss", "scopa", rounds=MAX_ROUNDS), ["Anna", "Bruno"]),  # the longest tournament
    (Settings("swiss", "scopa", rounds=1), ["Anna", "Bruno"]),
    (Settings("round-robin", "scopa"), ["Anna", "Bruno"]),  # rounds 0: the schedule says
    (Settings("rotating", "scopa", rounds=2), FOUR),
    (Settings("groups-knockout", "scopa", best_of=5, final_best_of=5), FOUR),
    (Settings("round-robin", "scopa"), ["Anna+Bruno", "Carla+Dario"]),
])
def test_settings_at_each_limit_are_taken(settings: Settings, entrants: list[str]) -> None:
    check_settings(settings, entrants)


@pytest.mark.parametrize(("name", "message"), [
    ("   ", "entrant '   ': a player's name, or a pair written 'Anna+Bruno'"),
    ("Anna+", "entrant 'Anna+': a player's name, or a pair written 'Anna+Bruno'"),
    ("+Bruno", "entrant '+Bruno': a player's name, or a pair written 'Anna+Bruno'"),
    ("Anna+Bruno+Carla", "entrant 'Anna+Bruno+Carla': a player's name, or a pair written 'Anna+Bruno'"),
    ("Anna=1", "entrant 'Anna=1': '=' cannot be part of a name (it separates values in options)"),
    ("Anna+Bru,no", "entrant 'Anna+Bru,no': ',' cannot be part of a name (it separates values in options)"),
    ("ANNA", "entrant 'ANNA': given twice (as 'Anna')"),
])
def test_an_entrants_name_that_cannot_be_used_is_refused_in_these_words(name: str, message: str) -> None:
    assert refusal(check_name, name, {"anna": "Anna"}) == message


def test_a_pair_and_a_name_with_spaces_are_names_and_are_remembered_as_taken() -> None:
    seen: dict[str, str] = {}
    for name in ("Anna + Bruno", "Carla Rossi", "Dario+Elena"):
        check_name(name, seen)
    assert seen == {"anna + bruno": "Anna + Bruno", "carla rossi": "Carla Rossi", "dario+elena": "Dario+Elena"}


def test_tiebreaks_refused_in_these_words_and_the_draw_may_be_named_anywhere() -> None:
    assert refusal(parse_tiebreaks, ["elo"]) == (
        "--tiebreaks 'elo': not a tie-break (one of head-to-head, difference, points-for, buchholz)")
    assert refusal(parse_tiebreaks, ["difference", "Difference"]) == "--tiebreaks 'difference': given twice"
    # the seeded draw always ends the chain: naming it, even first, skips it and reads on
    assert parse_tiebreaks(["draw, points-for", "buchholz"]) == ("points-for", "buchholz")


def test_match_points_refused_in_these_words() -> None:
    assert refusal(parse_points, "1/3/0") == (
        "--points '1/3/0': write W/D/L as 3/1/0 (a win above a draw above a loss), W/L as 2/0, or sum")


def test_a_table_that_is_not_in_the_round_is_refused_naming_the_tables_there_are() -> None:
    rnd = Round(2, (Table(1, (("Anna",), ("Bruno",))), Table(2, (("Carla",), ("Dario",)))))
    assert rnd.table(2).entrants == ("Carla", "Dario")
    assert refusal(rnd.table, 3) == "round 2 has no table 3 (tables 1 to 2)"


def test_drop_and_return_refused_in_these_words_and_found_in_any_letter_case() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3, seed=1), FOUR)
    state = sim.state
    assert state.check_drop("carla") == "Carla"
    assert refusal(state.check_return, "carla") == "entrant 'Carla': still playing, nothing to come back from"
    assert refusal(state.check_drop, "Elena") == "entrant 'Elena': not in tournament 'T'"
    sim.add("drop", entrant="Carla")
    state = sim.state
    assert refusal(state.check_drop, "CARLA") == "entrant 'Carla': already dropped"
    assert state.check_return("CARLA") == "Carla"


def test_a_late_entry_is_refused_once_a_fixed_schedule_is_paired_but_not_in_swiss() -> None:
    robin = Sim(Settings("round-robin", "scopa"), FOUR)
    robin.state.check_enter("Elena")  # nothing paired yet: the schedule is not fixed
    robin.pair()
    assert refusal(robin.state.check_enter, "Elena") == (
        "entrant 'Elena': the schedule is fixed once round 1 is paired; no late entry")
    groups = Sim(Settings("groups-knockout", "scopa"), FOUR)
    groups.pair()
    assert refusal(groups.state.check_enter, "Elena") == (
        "entrant 'Elena': the schedule is fixed once round 1 is paired; no late entry")
    swiss = Sim(Settings("swiss", "scopa", rounds=3), FOUR)
    swiss.pair()
    swiss.state.check_enter("Elena")  # Swiss pairs round by round: a late entrant joins the next
    assert refusal(swiss.state.check_enter, "anna") == "entrant 'anna': given twice (as 'Anna')"


def test_a_late_entry_must_be_like_the_others_a_player_or_a_pair() -> None:
    players = Sim(Settings("swiss", "scopa", rounds=3), FOUR).state
    assert refusal(players.check_enter, "Elena+Fabio") == (
        "entrants are all players or all pairs; 'Elena+Fabio' is not like 'Anna'")
    pairs = Sim(Settings("swiss", "scopa", rounds=3), ["Anna+Bruno", "Carla+Dario"]).state
    assert refusal(pairs.check_enter, "Elena") == (
        "entrants are all players or all pairs; 'Elena' is not like 'Anna+Bruno'")
    pairs.check_enter("Elena+Fabio")
    players.check_enter("Elena")


def test_a_forfeit_names_someone_at_that_table_once_and_a_round_that_was_paired() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3, seed=2), FOUR)
    table = sim.pair().tables[1]
    there, elsewhere = table.sides[0][0], sim.state.rounds[0].tables[0].sides[0][0]
    state = sim.state
    assert state.check_forfeit(1, 2, there.upper()) == there
    assert refusal(state.check_forfeit, 1, 2, elsewhere) == f"entrant '{elsewhere}': not at table 2 of round 1"
    assert refusal(state.check_forfeit, 1, 3, there) == "round 1 has no table 3 (tables 1 to 2)"
    assert refusal(state.check_forfeit, 2, 1, there) == "round 2: not paired (rounds paired: 1)"
    assert refusal(state.check_forfeit, 0, 1, there) == "round 0: not paired (rounds paired: 1)"
    sim.add("forfeit", round=1, table=2, entrant=there)
    assert refusal(sim.state.check_forfeit, 1, 2, table.sides[1][0]) == "table 2 of round 1: already forfeited"
    assert sim.state.check_forfeit(1, 1, elsewhere) == elsewhere  # the other table is still open to one
    sim.score(first_wins)
    sim.pair()
    assert [sim.state.round(n).number for n in (1, 2)] == [1, 2]
    assert refusal(sim.state.round, 3) == "round 3: not paired (rounds paired: 2)"


def test_nothing_to_undo_names_the_tournament() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), FOUR)
    assert refusal(sim.state.last_undoable) == "tournament 'T': nothing to undo"


def test_pairing_past_the_last_round_is_refused_with_the_count_of_rounds() -> None:
    swiss = Sim(Settings("swiss", "scopa", rounds=2), FOUR)
    swiss.play(2, first_wins)
    assert refusal(next_round, swiss.state, swiss.results) == "tournament 'T': all 2 rounds are paired"
    robin = Sim(Settings("round-robin", "scopa"), FOUR[:3])
    robin.play(3, first_wins)  # three entrants: three rounds, each with a bye
    assert refusal(next_round, robin.state, robin.results) == "tournament 'T': all 3 rounds are paired"


def test_pairing_waits_for_the_one_table_still_playing_in_the_singular() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), FOUR)
    sim.pair()
    sim.score(first_wins)
    sim.pair()
    sim.results[sim.state.rounds[-1].tables[0].match] = MatchResult(3, {}, True, None)  # a draw: over
    assert refusal(next_round, sim.state, sim.results) == (
        "round 2 is still being played at table 2: its match must end (or be forfeited) first")
