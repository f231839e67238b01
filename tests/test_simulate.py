"""Simulated hands: same seed, same file; every record replays; seating and dealing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.errors import HandError
from scorekeeper.play._draws import below, shuffle
from scorekeeper.play.simulate import Simulator, seating, simulate
from scorekeeper.rules.catalog import builtin_ids, load_rules

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_same_seed_same_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("simulate", "-n", "20", "--seed", "9", "-o", str(first))[0] == 0
    assert run("simulate", "-n", "20", "--seed", "9", "-o", str(second))[0] == 0
    assert first.read_bytes() == second.read_bytes()
    assert len(first.read_text().splitlines()) == 20


def test_another_seed_another_file() -> None:
    assert run("simulate", "-n", "3", "--seed", "1")[1] != run("simulate", "-n", "3", "--seed", "2")[1]


def test_the_pack_is_shuffled_as_random_shuffles_it_so_a_seed_keeps_naming_the_same_file() -> None:
    for seed in range(200):
        for size in (1, 2, 40, 52, 200):
            ours, theirs = list(range(size)), list(range(size))
            mine, python = random.Random(seed), random.Random(seed)
            shuffle(mine, ours)
            python.shuffle(theirs)
            assert ours == theirs and mine.random() == python.random(), (seed, size)


def test_a_number_is_drawn_below_a_size_as_randrange_draws_it() -> None:
    # simulate draws the card to play and the capture to make with below(): the same numbers, and
    # the generator left the same, as randrange, so a seed keeps naming the same file.
    for seed in range(200):
        mine, python = random.Random(seed), random.Random(seed)
        draw = below(mine)
        for size in (1, 2, 3, 7, 40, 127, 128, 200, 65_537):
            assert draw(size) == python.randrange(size), (seed, size)
        assert mine.random() == python.random(), seed


def test_a_hand_is_the_same_whichever_hands_come_before_it() -> None:
    rules = load_rules("scopa")
    assert Simulator(rules, seed=4).hand(7) == list(simulate(rules, 8, seed=4))[7]


def test_simulate_to_a_file_says_so_on_standard_error(tmp_path: Path) -> None:
    path = tmp_path / "h.jsonl"
    assert run("simulate", "-r", "escoba", "-n", "2", "--seed", "3", "-o", str(path)) == \
        (0, "", f"2 hands of escoba (seed 3) written to {path}\n")


def test_simulated_line_is_a_record_with_its_piles_and_sweeps() -> None:
    code, out, _ = run("simulate", "-n", "1")
    line = json.loads(out)
    assert code == 0
    assert list(line) == ["rules", "seed", "hand", "deal", "plays", "piles", "sweeps"]
    assert len(line["plays"]) == 36 and list(line["piles"]) == ["A", "B"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", builtin_ids())
def test_every_built_in_game_simulates_and_its_records_replay(rules: str, tmp_path: Path) -> None:
    path = tmp_path / "h.jsonl"
    assert run("simulate", "-r", rules, "-n", "5", "--seed", "11", "-o", str(path))[0] == 0
    assert run("verify", "--replay", str(path)) == (0, "5 hands checked: 5 ok, 0 failed, 0 not understood\n", "")


def test_partnership_games_seat_four_players_in_two_teams() -> None:
    assert seating(load_rules("scopone")) == (("A", "B", "C", "D"), {"A+C": ("A", "C"), "B+D": ("B", "D")})


def test_scopa_with_four_players_may_be_played_as_singles_or_not_at_all_in_teams_of_three() -> None:
    assert seating(load_rules("scopa"), 4) == (("A", "B", "C", "D"), {})
    assert seating(load_rules("scopa"), 6)[1] == {"A+C+E": ("A", "C", "E"), "B+D+F": ("B", "D", "F")}


def test_a_table_the_game_does_not_allow_is_refused() -> None:
    with pytest.raises(HandError, match="hurricane is not played by 3 players"):
        seating(load_rules("hurricane"), 3)
    code, _, err = run("simulate", "-r", "hurricane", "--players", "3")
    assert code == 2 and err.startswith("error: hurricane is not played by 3 players")


def test_a_deck_that_does_not_deal_out_evenly_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fives.yaml"
    path.write_text("extends: scopa\nid: fives\ncapture:\n  deal: {hand: 5}\n")
    with pytest.raises(HandError, match=r"fives: 36 cards after the table do not deal out in rounds of 5 to 2 players"):
        Simulator(load_rules(str(path)))


def test_a_refused_table_writes_no_file_and_a_folder_is_not_written_to(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    assert run("simulate", "-r", "hurricane", "--players", "3", "-o", str(path))[0] == 2
    assert not path.exists()
    assert run("simulate", "-o", str(tmp_path)) == (2, "", f"error: {tmp_path}: cannot write: it is a folder\n")
