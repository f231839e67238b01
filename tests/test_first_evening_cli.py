"""Issue 24, "the first evening": what new players tripped over at the command line, each bug with a
test named after it."""

from __future__ import annotations

import json
from typing import Any

from conftest import run

# Hurricane (Parlett): Anna's 39 cards take cards, hearts, 7h and primiera; with 7 hurricanes, 11.
HURRICANE_11 = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]


def new(*args: str) -> None:
    code, _out, err = run("match", "new", *args)
    assert code == 0, err


def shown(*args: str) -> dict[str, Any]:
    code, out, err = run("match", "show", *args, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_a_wrong_claim_no_longer_blocks_the_hand_it_is_stored_as_counted_and_noted():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", *HURRICANE_11, "--claim", "Anna=12")
    assert code == 1  # scripts still learn that the claim was wrong
    assert "Hand 1 stored with its problems noted." in out
    assert err == "error: the claim of Anna is not the count; hand 1 was stored as counted, the claim noted\n"
    hand = shown()["hands"][0]
    assert hand["points"] == {"Anna": 11, "Bruno": 0} and not hand["forced"]
    assert hand["problems"][0].startswith("claim of Anna: 12, but the count gives 11")
    assert "claim of Anna: 12, but the count gives 11" in run("match", "show")[1]


def test_a_wrong_claim_with_another_problem_still_blocks_the_hand():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "-p", "Anna=7d", "-p", "Bruno=Ad", "--claim", "Anna=3")
    assert code == 1 and "not stored" in err
    assert shown()["hands"] == []


def test_a_right_claim_exits_0():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", *HURRICANE_11, "--claim", "Anna=11", "--claim", "Bruno=0")
    assert (code, err) == (0, "")


def test_edit_with_a_wrong_claim_replaces_the_hand_with_the_count():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--target", "40")
    assert run("match", "add", "-p", "Anna=h:A", "-p", "Bruno=rest")[0] == 0
    code, _out, err = run("match", "edit", "1", *HURRICANE_11, "--claim", "Bruno=2")
    assert code == 1 and "hand 1 was stored as counted" in err
    assert shown()["totals"] == {"Anna": 11, "Bruno": 0}
