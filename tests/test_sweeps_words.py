"""The words a player reads when typed sweeps and the pile disagree: cards marked as sweeps against
the count typed (singular and plural as English says them), sweeps typed for a game whose sweeps
are an optional category left off (Spade Cassino), and an always-counted category turned on."""

from __future__ import annotations

import pytest

import scorekeeper as sk
from scorekeeper.errors import HandError


@pytest.mark.parametrize(("pile", "typed", "problems"), [
    ("7d* Ad* 7c 2c", 1, ("pile of Anna: 2 cards marked as sweeps but 1 sweep typed",)),
    ("7d* Ad 7c 2c", 2, ("pile of Anna: 1 card marked as sweeps but 2 sweeps typed",)),
    ("7d* Ad* 7c 2c", 3, ("pile of Anna: 2 cards marked as sweeps but 3 sweeps typed",  # and too few cards
                          "Anna: 3 sweeps need at least 6 cards (each a capturing and a captured card); "
                          "the pile has 4")),
])
def test_cards_marked_as_sweeps_against_the_sweeps_typed(pile, typed, problems):
    result = sk.score({"Anna": pile, "Bruno": "rest"}, sweeps={"Anna": typed})
    assert result.problems == problems
    assert result.sweeps == (typed, 0)  # the typed count is counted, the mismatch reported


def test_marked_cards_alone_are_the_sides_sweeps():
    result = sk.score({"Anna": "7d* Ad* 7c 2c", "Bruno": "rest"})
    assert (result.sweeps, result.problems) == ((2, 0), ())


@pytest.mark.parametrize(("typed", "problem"), [
    (1, "Anna: 1 sweep typed, but sweeps is an optional category of spade-cassino, not turned on (--with sweeps)"),
    (2, "Anna: 2 sweeps typed, but sweeps is an optional category of spade-cassino, not turned on (--with sweeps)"),
])
def test_sweeps_typed_in_spade_cassino_without_turning_them_on(typed, problem):
    result = sk.score({"Anna": "Ad 7c 2c 3c", "Bruno": "rest"}, rules="spade-cassino", sweeps={"Anna": typed})
    assert result.problems == (problem,)
    agreed = sk.score({"Anna": "Ad 7c 2c 3c", "Bruno": "rest"}, rules="spade-cassino", sweeps={"Anna": typed},
                      enabled=["sweeps"])
    assert agreed.problems == ()


@pytest.mark.parametrize(("game", "message"), [
    ("escoba", "hand: optional category cards: 'cards' is always counted in escoba; optional ones: none"),
    ("spade-cassino", "hand: optional category cards: 'cards' is always counted in spade-cassino; optional ones: "
                      "sweeps"),
])
def test_turning_on_a_category_that_is_always_counted_is_refused_naming_the_optional_ones(game, message):
    with pytest.raises(HandError) as refused:
        sk.score({"Anna": "Ad 7c 2c 3c", "Bruno": "rest"}, rules=game, enabled=["cards"])
    assert str(refused.value) == message


def _sweeps(result):
    return next((c["points"], c["note"], c["detail"]) for c in result.to_dict()["categories"] if c["kind"] == "sweeps")


def test_sweeps_score_one_each_noted_side_by_side():
    result = sk.score({"Anna": "Ad 2d 3d 4d 5d 6d 7d Ac", "Bruno": "Kd", "Carla": "rest"},
                      sweeps={"Anna": 3, "Bruno": 1, "Carla": 2})
    assert _sweeps(result) == ({"Anna": 3, "Bruno": 1, "Carla": 2}, "3-1-2 sweeps",
                               {"counts": {"Anna": 3, "Bruno": 1, "Carla": 2}})


@pytest.mark.parametrize(("sweeps", "points"), [
    ({"Anna": 3, "Bruno": 1}, {"Anna": 2, "Bruno": 0}),
    ({"Anna": 1, "Bruno": 3}, {"Anna": 0, "Bruno": 2}),
    ({"Anna": 2, "Bruno": 2}, {"Anna": 0, "Bruno": 0}),
    ({"Anna": 3, "Bruno": 0}, {"Anna": 3, "Bruno": 0}),
])
def test_kasino_sweeps_cancel_only_the_difference_scores(sweeps, points):
    result = sk.score({"Anna": "Ad 2d 3d 4d 5d 6d 7d Ac", "Bruno": "rest"}, rules="kasino", sweeps=sweeps)
    counts = f"{sweeps['Anna']}-{sweeps['Bruno']}"
    assert _sweeps(result) == (points, f"{counts} sweeps, only the difference scores", {"counts": sweeps})


def test_kasino_sweeps_among_three_sides_score_over_the_most_of_the_others():
    result = sk.score({"Anna": "Ad 2d 3d 4d 5d 6d 7d Ac", "Bruno": "Kd", "Carla": "rest"}, rules="kasino",
                      sweeps={"Anna": 3, "Bruno": 1, "Carla": 2})
    assert _sweeps(result) == ({"Anna": 1, "Bruno": 0, "Carla": 0}, "3-1-2 sweeps, only the difference scores",
                               {"counts": {"Anna": 3, "Bruno": 1, "Carla": 2}})


def test_kasino_sweeps_of_a_lone_side_cancel_against_nothing():
    """A hand of one side is counted with its problem named: no other side's sweeps to take away."""
    result = sk.score({"Anna": "rest"}, rules="kasino", sweeps={"Anna": 2})
    assert result.problems == ("kasino is played by 2 to 4 sides; this hand has 1",)
    assert _sweeps(result) == ({"Anna": 2}, "2 sweeps, only the difference scores", {"counts": {"Anna": 2}})
