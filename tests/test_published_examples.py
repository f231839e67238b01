"""The published examples of RULES.md and of the scoring issue, hand by hand."""

from __future__ import annotations

from conftest import count, points

from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.primiera import PrimieraScorer


def test_scopa_example_4_to_1_with_primiera_68_against_75() -> None:
    result = count("scopa", "A=7d Ad 6h 5c 4s", "B=2d 7h 7c 7s", sweeps=("A=1",))
    assert result.totals == (4, 1)
    assert points(result, "cards") == (1, 0)
    assert points(result, "coins") == (1, 0)
    assert points(result, "settebello") == (1, 0)
    assert points(result, "primiera") == (0, 1)
    assert points(result, "sweeps") == (1, 0)
    primiera = next(c for c in result.categories if c.id == "primiera")
    assert [side.total for side in primiera.scorer.sides(primiera.scored.raw)] == [68, 75]
    assert primiera.explain(result.sides).note == "B wins with 75 against 68"


def test_primiera_78_against_78_is_a_tie_nobody_scores() -> None:
    result = count("scopa", "A=7c 7d 6s 6h", "B=6c 6d 7s 7h")
    primiera = next(c for c in result.categories if c.id == "primiera")
    assert [side.total for side in primiera.scorer.sides(primiera.scored.raw)] == [78, 78]
    assert primiera.points == (0, 0)
    assert primiera.explain(result.sides).note == "tie at 78 between A and B: nobody scores"


def test_four_aces_64_beat_three_sevens_that_lack_spades() -> None:
    result = count("scopa", "A=Ad Ah As Ac", "B=7d 7h 7c")
    primiera = next(c for c in result.categories if c.id == "primiera")
    assert primiera.points == (1, 0)
    a, b = primiera.scorer.sides(primiera.scored.raw)
    assert a.total == 64 and not b.eligible and [s.value for s in b.missing] == ["s"]
    assert primiera.explain(result.sides).note == "A wins with 64 (B lacks swords)"  # the Italian pack's spade


def test_napola_a_2_3_4_6_7_of_coins_scores_4() -> None:
    result = count("scopa", "A=Ad 2d 3d 4d 6d 7d", "B=rest", enabled=("napola",))
    assert points(result, "napola") == (4, 0)


def test_napola_a_2_3_scores_3_and_without_the_2_scores_0() -> None:
    assert points(count("scopa", "A=Ad 2d 3d", "B=rest", enabled=("napola",)), "napola") == (3, 0)
    assert points(count("scopa", "A=Ad 3d 4d 5d", "B=rest", enabled=("napola",)), "napola") == (0, 0)


def test_wall_street_three_side_tie_for_most_investors_gives_nobody_the_point() -> None:
    result = count("wall-street", "A=Kd Kh 2d", "B=Ks Kc 3d", "C=rest")
    assert points(result, "investors") == (0, 0, 0)
    assert next(c for c in result.categories if c.id == "investors").scored.raw == (2, 2, 0)


def test_wall_street_plurality_not_majority_wins_a_point() -> None:
    # 27 common-stock cards over three players: 10 is the most, though not half.
    common = "A=2h 3h 4h 5h 6h 8h 9h 10h As 2s", "B=3s 4s 5s 6s 8s 9s 10s Ac 2c", "C=rest"
    result = count("wall-street", *common)
    counts = next(c for c in result.categories if c.id == "common").scored.raw
    assert counts == (10, 9, 8)
    assert points(result, "common") == (1, 0, 0)


def test_primiera_values_of_the_table() -> None:
    scorer = PrimieraScorer(load_rules("scopa").category("primiera"), load_rules("scopa").cards)  # type: ignore[arg-type]
    assert {str(r.value): v for r, v in scorer.values.items() if r.value in set("76A5432JQK")} == {
        "7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}
