"""Numbers bounded by what the game allows (issue 10), and the sides of a hand checked as `match new`
checks them: a team named by one of its players, team shapes the rule set allows."""

from __future__ import annotations

import json

import pytest
from conftest import run

from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.bounds import most_declared, most_sweeps

SCOPA = ["score", "-r", "scopa", "-p", "Anna=rest", "-p", "Bruno=d:A"]
TEAM_HAND = "d:A234567 h:A2345 s:A c:A"  # Scopone: 3 to the side that holds it (coins, settebello, a sweep)


@pytest.mark.parametrize(("rules", "sides", "sweeps", "declared"), [
    ("scopa", 2, 18, 6),  # 40 cards, 4 to the table: 18 played by each side, dealt in six hands of three
    ("scopa", 4, 9, 3),
    ("scopone", 2, 18, 2),  # two teams of two, nine cards each, dealt at once: 18 a team
    ("scopone-scientifico", 2, 20, 2),  # ten each, none to the table
    ("hurricane", 2, 18, 3),  # 40 cards, 4 to the table, six at a time
    ("cirulla", 2, 21, 6),  # 18 played, and the dealt table's 3 sweeps (9 or less)
    ("cirulla", 3, 15, 4),
    ("escoba", 2, 20, 6),  # 18 played; a dealt table of 30 is two escobas
])
def test_the_most_a_side_can_sweep_or_declare_in_a_hand_of_each_game(rules, sides, sweeps, declared):
    ruleset = load_rules(rules)
    assert (most_sweeps(ruleset, sides), most_declared(ruleset, sides)) == (sweeps, declared)


@pytest.mark.slow
def test_a_side_sweeps_at_most_once_per_card_it_plays_even_with_force():
    code, _out, _err = run(*SCOPA, "-s", "Anna=18")
    assert code == 0
    code, out, err = run(*SCOPA, "-s", "Anna=19")
    assert (code, out) == (2, "")
    assert err == ("error: --sweeps Anna: 19 sweeps is more than any hand allows (at most 18: in a hand of scopa "
                   "with 2 sides, a side plays 18 cards, each sweeping at most once)\n")
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    code, _out, err = run("match", "add", "-p", "Anna=rest", "-p", "Bruno=d:A", "-s", "Anna=19", "--force")
    assert code == 2 and "at most 18" in err
    assert json.loads(run("match", "show", "1", "--json")[1])["hands"] == []


def test_cirulla_declarations_at_most_once_per_dealt_hand_and_the_dealt_table_sweeps():
    hand = ["score", "-r", "cirulla", "-p", "Anna=rest", "-p", "Bruno=d:A"]
    code, out, _err = run(*hand, "--declare", "Anna:bussata=6", "-s", "Anna=21")
    # Not refused as impossible, but 39 cards are short: three sweeps of the dealt table's 4 cards
    # and 18 of two cards each need 40.
    assert code == 1 and "21 sweeps need at least 40 cards" in out
    code, _out, err = run(*hand, "--declare", "Anna:decino=7", "-s", "Anna=22")
    assert code == 2
    assert err.splitlines() == [
        "error: --sweeps Anna: 22 sweeps is more than any hand allows (at most 21: in a hand of cirulla with 2 "
        "sides, a side plays 18 cards, each sweeping at most once, and the dealt table may give the dealer 3 more)",
        "error: --declare Anna:decino: 7 declarations is more than any hand allows (at most 6: in a hand of "
        "cirulla with 2 sides, a side is dealt 6 hands of 3 cards and declares decino at most once a dealt hand)"]


@pytest.mark.slow
def test_a_target_beyond_any_game_is_refused_naming_the_limit():
    code, out, err = run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno",
                         "--target", "99999999999999999999")
    assert (code, out) == (2, "")
    assert err == ("error: --target 99999999999999999999: the target must be 10,000 or less "
                   "(no game is played to more)\n")


@pytest.mark.slow
def test_score_takes_a_team_named_by_one_of_its_players_as_match_add_does():
    code, out, err = run("score", "--json", "-r", "scopone", "-p", f"Anna+Bruno={TEAM_HAND}", "-p", "Carla+Dario=rest",
                         "-s", "anna=1", "--claim", "Bruno=3", "--claim", "dario=2")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["sweeps"] == {"Anna+Bruno": 1, "Carla+Dario": 0}
    assert result["claims"] == {"Anna+Bruno": 3, "Carla+Dario": 2}
    code, _out, err = run("score", "-r", "scopone", "-p", f"Anna+Bruno={TEAM_HAND}", "-p", "Carla+Dario=rest",
                          "-s", "anna=1", "-s", "Anna+Bruno=1")
    assert code == 2 and "'Anna+Bruno' is already given in this hand" in err


@pytest.mark.parametrize(("piles", "message"), [
    (["Anna", "Carla+Dario+Erik"], "error: scopone does not allow teams of mixed sizes (sides x players); "
                                   "allowed: 2x2\n"),
    (["Anna+Bruno+Carla", "Dario"], "error: scopone does not allow teams of mixed sizes (sides x players); "
                                    "allowed: 2x2\n"),
    (["Anna+Bruno+Carla", "Dario+Erik+Fede"], "error: scopone does not allow teams of 2x3 (sides x players); "
                                              "allowed: 2x2\n"),
    (["Anna+Bruno", "Bruno+Dario"], "error: pile of 'Bruno+Dario': 'Bruno' is already in side 'Anna+Bruno'\n"),
])
def test_score_refuses_team_shapes_the_rule_set_does_not_allow_as_match_new_does(piles, message):
    code, out, err = run("score", "-r", "scopone", "-p", f"{piles[0]}={TEAM_HAND}", "-p", f"{piles[1]}=rest")
    assert (code, out, err) == (2, "", message)
    sides = ["--side", piles[0], "--side", piles[1]]
    if "already" not in message:  # match new says the same
        assert run("match", "new", "--rules", "scopone", *sides)[2] == message


def test_score_still_takes_teams_called_by_one_name_as_the_samples_write_them():
    """A name without '+' may be a team (samples/scopone-scientifico-2-4.yaml: Nord-Sud, Est-Ovest)."""
    assert run("score", "samples/scopone-scientifico-2-4.yaml")[0] == 0
    assert run("score", "-r", "hurricane", "-p", "Anna+Bruno=h:A", "-p", "Carla+Dario=rest")[2] == (
        "error: hurricane does not allow teams of 2x2 (sides x players); allowed: none: players only\n")
