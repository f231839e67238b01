"""Issue 24: a hand entered by categories, as quick as an Italian score pad: which side took each
category and the sweeps, counted by the rule set's own scorers, checked for what can be checked,
and marked "by categories, cards not checked" in the history, the exports and the stats.

Points from RULES.md: Scopa gives most cards, most coins, settebello and primiera 1 each, 1 a sweep,
the optional napola 1 a card of the run of coins from the ace (3 at least), the whole suit winning
the match (napoleone); Cassino gives most cards 3, most spades 1, big cassino 2, little cassino 1,
1 an ace, 1 a sweep.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import run

from scorekeeper.errors import InputErrors
from scorekeeper.match.by_categories import Ticks, ticked_categories
from scorekeeper.match.ending import match_settings
from scorekeeper.rules.catalog import load_rules

SCOPA_HAND = ["--took", "cards=Anna", "--took", "coins=Bruno", "--took", "settebello=Anna",
              "--took", "primiera=Bruno", "--sweeps", "Anna=2"]


def new(*args: str) -> None:
    code, _out, err = run("match", "new", *args)
    assert code == 0, err


def shown() -> dict[str, Any]:
    code, out, err = run("match", "show", "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_a_scopa_hand_by_categories_counts_each_category_and_the_sweeps():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", *SCOPA_HAND)
    assert (code, err) == (0, "")
    assert out.startswith("Hand 1 stored by categories (cards not checked).\n")
    hand = shown()["hands"][0]
    assert hand["points"] == {"Anna": 1 + 1 + 2, "Bruno": 1 + 1}
    assert hand["by_categories"] and not hand["unverified"]
    assert {c["id"]: c["points"] for c in hand["categories"]}["sweeps"] == {"Anna": 2, "Bruno": 0}


def test_one_side_per_category():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--took", "cards=Anna", "--took", "cards=bruno")
    assert code == 2
    assert err == "error: --took 'cards=bruno': most cards was ticked for Anna already; one side takes it\n"
    assert shown()["hands"] == []


def test_sweeps_beyond_what_a_hand_allows_are_refused():
    # Scopa for two: 36 cards played after a table of 4, 18 a side, one sweep a play at most
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--took", "cards=Anna", "--sweeps", "Bruno=19")
    assert code == 2
    assert err == "error: --sweeps Bruno=19: more than a side can make in a hand of scopa (at most 18)\n"


def test_a_napola_run_and_the_settebello_cannot_go_to_two_sides():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--with", "napola")
    code, _out, err = run("match", "add", "--took", "settebello=Bruno", "--took", "napola=Anna:7")
    assert code == 2
    assert err == "error: napola to Anna needs 7d, which Bruno holds for settebello (7d)\n"
    code, _out, err = run("match", "add", "--took", "settebello=Bruno", "--took", "napola=Anna:6")
    assert (code, err) == (0, "")
    assert shown()["hands"][0]["points"] == {"Anna": 6, "Bruno": 1}


def test_a_napola_of_the_whole_coins_suit_wins_the_match():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--with", "napola")
    code, out, _err = run("match", "add", "--took", "napola=Anna:10")
    assert code == 0
    assert out.endswith("Anna wins the match, 10-0, stake 1: Anna took napola.\n")


def test_a_napola_shorter_than_three_is_refused_and_a_plain_tick_is_three():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--with", "napola")
    assert run("match", "add", "--took", "napola=Anna:2")[2] == "error: --took napola:2: a run of 3 to 10 cards\n"
    assert run("match", "add", "--took", "napola=Anna")[0] == 0
    assert shown()["totals"] == {"Anna": 3, "Bruno": 0}


def test_cassino_by_categories_with_aces_counted_per_side():
    new("--rules", "cassino", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--took", "cards=Anna", "--took", "spades=Bruno", "--took",
                          "big-cassino=Anna", "--took", "little-cassino=Bruno", "--took", "aces=Anna:3",
                          "--took", "aces=Bruno:1", "--sweeps", "Bruno=1")
    assert (code, err) == (0, "")
    assert shown()["totals"] == {"Anna": 3 + 2 + 3, "Bruno": 1 + 1 + 1 + 1}
    code, _out, err = run("match", "add", "--took", "aces=Anna:3", "--took", "aces=Bruno:2")
    assert code == 2 and "5 cards in all, more than the 4 it counts" in err


@pytest.mark.slow
def test_a_hand_by_categories_is_marked_in_the_exports_and_counted_in_the_stats():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    run("match", "add", *SCOPA_HAND)
    csv = run("export", "--format", "csv")[1]
    assert csv.splitlines()[1].endswith(',"by categories, cards not checked"')
    assert "by categories, cards not checked" in run("export", "--format", "md")[1]
    assert "by categories, cards not checked" in run("match", "show")[1]
    figures = json.loads(run("stats", "--json")[1])["sides"]
    anna = next(f for f in figures if f["name"] == "Anna")
    assert (anna["by_categories_hands"], anna["sweeps_per_hand"]) == (1, 2.0)
    assert anna["categories"]["settebello"]["rate"] == 1.0 and "by-categories" not in anna["categories"]
    assert "Hands entered by categories count in everything" in " ".join(run("stats")[1].split())


def test_the_library_function_a_page_can_call_reports_every_problem():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"], enabled=("napola",))
    ticks = Ticks({"settebello": {"Bruno": 1}, "napola": {"Anna": 8}}, {"Anna": 30})
    with pytest.raises(InputErrors) as caught:
        ticked_categories(ticks, settings, ("Anna", "Bruno"))
    assert caught.value.messages == [
        "--sweeps Anna=30: more than a side can make in a hand of scopa (at most 18)",
        "napola to Anna needs 7d, which Bruno holds for settebello (7d)"]


def test_took_cannot_be_mixed_with_piles():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--took", "cards=Anna", "-p", "Anna=rest")
    assert code == 2 and err.startswith("error: --took stores a hand by categories")


def test_a_hand_by_categories_is_marked_in_its_rows_of_the_html_sheet():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    assert run("match", "add", "--pile", "Anna=d:A234567JQK", "--pile", "Bruno=rest")[0] == 0
    assert run("match", "add", *SCOPA_HAND)[0] == 0
    code, page, err = run("export", "--format", "html")
    assert code == 0, err
    rows = re.findall(r'<tr class="entry by-categories">(.*?)</tr>', page)
    assert len(rows) == 2, "both sides' rows of hand 2, the hand by categories"
    assert "<em>by categories, cards not checked</em>" in rows[0]
    assert '<tr class="entry' not in page.replace('<tr class="entry by-categories">', "")  # hand 1: unmarked
