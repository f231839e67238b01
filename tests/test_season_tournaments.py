"""A season made of tournaments: its tables' results count as matches, and each tournament once over
gives its place points to its entrants (each player of a pair), from the tournament's own standings."""

from __future__ import annotations

import json

import pytest
from conftest import run
from test_tournament_cli import new, ok, play_table

#: Who beats whom in these tests: the earlier in this list wins every table.
STRENGTH = ["Anna", "Bruno", "Carla", "Dino"]


def play_round_by_strength(pairing: dict) -> None:  # type: ignore[type-arg]
    for table in pairing["tables"]:
        first, second = table["entrants"]
        strong = min(STRENGTH.index(p.split("+")[0]) for p in (first, second))
        won = STRENGTH.index(first.split("+")[0]) == strong
        play_table(table["match"], first, second, *((11, 4) if won else (4, 11)))


def season(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads(ok("season", "show", name, "--json"))


def points(table: dict) -> dict[str, tuple[int, int, int, int]]:  # type: ignore[type-arg]
    return {r["player"]: (r["points"], r["matches"], r["won"], r["tournament_points"]) for r in table["rows"]}


@pytest.mark.slow
def test_a_season_of_tournaments_counts_their_tables_and_the_places_once_a_tournament_is_over() -> None:
    new("--format", "round-robin")  # Anna, Bruno, Carla, Dino: 3 rounds of 2 tables
    ok("season", "new", "Cups", "--tournament", "club", "--tournament", "Autumn Cup", "--win", "3",
       "--places", "10,6,4,2")
    assert season("Cups")["matches"] == 0 and season("Cups")["waiting"] == ["Club", "Autumn Cup"]
    for _round in range(2):
        play_round_by_strength(json.loads(ok("tournament", "pair", "--json")))
    table = season("Cups")
    assert table["matches"] == 4 and table["waiting"] == ["Club", "Autumn Cup"]
    assert all(line[3] == 0 for line in points(table).values())  # not over: no place points yet
    play_round_by_strength(json.loads(ok("tournament", "pair", "--json")))
    table = season("Cups")
    # 3 points a table won, and the places of the round robin (Anna won 3, Bruno 2, Carla 1, Dino 0)
    assert points(table) == {"Anna": (9 + 10, 3, 3, 10), "Bruno": (6 + 6, 3, 2, 6), "Carla": (3 + 4, 3, 1, 4),
                             "Dino": (0 + 2, 3, 0, 2)}
    assert [r["player"] for r in table["rows"]] == STRENGTH
    assert table["matches"] == 6 and table["waiting"] == ["Autumn Cup"]
    code, out, err = run("season", "show", "Cups")
    assert code == 0, err
    assert "No places yet from Autumn Cup" in out


@pytest.mark.slow
def test_each_player_of_a_pair_gets_the_pairs_points_and_place() -> None:
    new("--format", "swiss", "--rounds", "1", name="Pairs Cup", players=["Anna+Bruno", "Carla+Dino"])
    ok("season", "new", "Pairs", "--tournament", "Pairs Cup", "--win", "2", "--places", "5,1")
    play_round_by_strength(json.loads(ok("tournament", "pair", "--json")))
    table = season("Pairs")
    assert table["matches"] == 1 and table["waiting"] == []
    assert points(table) == {"Anna": (7, 1, 1, 5), "Bruno": (7, 1, 1, 5), "Carla": (1, 1, 0, 1),
                             "Dino": (1, 1, 0, 1)}


@pytest.mark.slow
def test_a_forfeited_table_is_no_match_of_the_season() -> None:
    new("--format", "swiss", "--rounds", "1", name="Short")
    ok("season", "new", "S", "--tournament", "Short", "--places", "")
    pairing = json.loads(ok("tournament", "pair", "--json"))
    first = pairing["tables"][0]
    ok("tournament", "forfeit", "1", first["entrants"][1])
    second = pairing["tables"][1]
    play_table(second["match"], *second["entrants"], 11, 4)
    table = season("S")
    assert table["matches"] == 1 and table["waiting"] == []
    # the forfeit's two entrants are in the table (they took part) with no match counted
    assert sorted(points(table).values()) == [(0, 0, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0), (3, 1, 1, 0)]


@pytest.mark.slow
def test_the_tv_page_turns_a_panel_with_the_league_table_of_each_season_counting_the_tournament() -> None:
    import re

    from test_tournament_web import joined

    new("--format", "round-robin")
    ok("season", "new", "Cups", "--tournament", "CLUB", "--win", "3")  # by name, any letter case
    ok("season", "new", "Year", "--from", "2000-01-01", "--to", "2999-12-31", "--win", "2")  # by its days
    ok("season", "new", "Past", "--from", "2000-01-01", "--to", "2000-12-31")  # neither: not shown
    play_round_by_strength(json.loads(ok("tournament", "pair", "--json")))
    c, _csrf = joined()
    tv = c.get("/t/1/tv").text
    panels = re.findall(r'<section class="panel" data-panel="(\w+)">\s*<h2>([^<]*)</h2>', tv)
    assert [p for p in panels if p[0] == "season"] == [("season", "Season Cups"), ("season", "Season Year")]
    assert "Past" not in tv and "font-size" not in tv  # the type size is the TV stylesheet's: at least 32 px
    cups = tv[tv.index("Season Cups"):tv.index("Season Year")]
    # round 1 of Anna, Bruno, Carla, Dino: Anna and Bruno won their tables (3 points a table won)
    assert re.findall(r"<tr><td>(\d)</td><td>(\w+)</td><td>(\d+)</td><td>(\d)</td></tr>", cups) == [
        ("1", "Anna", "3", "1"), ("2", "Bruno", "3", "1"), ("3", "Carla", "0", "1"), ("4", "Dino", "0", "1")]
    year = tv[tv.index("Season Year"):]
    assert re.findall(r"<td>(\w+)</td><td>(\d+)</td>", year)[:2] == [("Anna", "2"), ("Bruno", "2")]


@pytest.mark.slow
def test_the_season_page_names_its_tournaments_and_those_that_give_no_places_yet() -> None:
    from test_web_ratings import joined as joined_club

    new("--format", "round-robin")
    ok("season", "new", "Cups", "--tournament", "Club", "--tournament", "Autumn Cup")
    play_round_by_strength(json.loads(ok("tournament", "pair", "--json")))
    page = joined_club().get("/s/Cups").text
    assert "Club, Autumn Cup · Matches: 2" in page
    assert "No places yet from Club, Autumn Cup: not over (or not started)." in page
    assert 'href="?format=xlsx"' in page


@pytest.mark.slow
def test_an_entrant_typed_under_another_name_of_a_player_counts_for_that_player() -> None:
    from test_ratings import played

    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    ok("players", "alias", "Anna", "Annie")
    new("--format", "swiss", "--rounds", "1", players=["annie", "Bruno", "Carla", "Dino"])
    ok("season", "new", "S", "--tournament", "Club", "--places", "")
    pairing = json.loads(ok("tournament", "pair", "--json"))
    for table in pairing["tables"]:
        first, second = table["entrants"]
        play_table(table["match"], first, second, 11, 4)
    rows = season("S")["rows"]
    assert sorted(r["player"] for r in rows) == ["Anna", "Bruno", "Carla", "Dino"]
