"""The match commands: exact output, exit codes, refusals that store nothing, and help text."""

from __future__ import annotations

import json

import pytest
from conftest import run
from typer.main import get_command

from scorekeeper.cli import app

# Hurricane: Anna takes all but the ace of cups, with 7 hurricanes: 1+1+1+1+7 = 11 to 0.
BIG = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]



def new(*args: str) -> str:
    code, out, err = run("match", "new", *args)
    assert (code, err) == (0, ""), err
    return out.strip()


def test_match_new_prints_a_summary_and_the_next_command_or_only_the_id_with_quiet():
    assert new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno").splitlines() == [
        "Match 1: Hurricane (hurricane) to 16, highest", "Anna vs Bruno", "Options: must-capture on",
        "Enter each hand with: scorekeeper match add 1 --pile Anna=CARDS --pile Bruno=rest"]
    assert new("-q", "--rules", "scopone", "--side", "Anna+Bruno", "--side", "Carla+Dario", "--name", "friday") == "2"


@pytest.mark.slow
def test_match_add_prints_the_hand_the_standings_and_the_winner_staked_double():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", *BIG)
    assert (code, err) == (0, "")
    assert out == """\
Hurricane (hurricane): Anna vs Bruno

category              Anna    Bruno    how
--------------------  ------  -------  -----------------------------------------------------
most cards            1       0        39-1: Anna has the most
most hearts (cups)    1       0        9-1: Anna has the most
seven of hearts (7h)  1       0        7h: Anna
primiera              1       0        Anna wins with 84 (Bruno lacks coins, swords, batons)
hurricanes (sweeps)   7       0        7-0 sweeps
total                 11      0

The hand checks out.

Hand 1 stored.
side    hand    total
------  ------  -------
Anna    11      11
Bruno   0       0

Playing, 11-0, first to reach 16.
"""
    code, out, err = run("match", "add", "1", *BIG)
    assert code == 0
    assert out.endswith("Anna wins the match, 22-0, stake 2 (doubled): Anna reached 16 with the highest total.\n")
    code, out, err = run("match", "add", "1", *BIG)
    assert (code, out) == (2, "")
    assert err == ("error: match 1 is over (Anna reached 16 with the highest total); "
                   "undo or edit a hand to change that\n")


@pytest.mark.slow
def test_a_hand_that_does_not_check_out_is_refused_and_nothing_is_stored():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "-p", "Anna=7d", "-p", "Bruno=Ad")
    assert code == 1
    assert "38 cards of the italian-40 deck in no pile" in out
    assert err == ("error: hand 1 not stored: it does not check out "
                   "(fix it, or give --force to record it with its problems)\n")
    assert json.loads(run("match", "show", "--json")[1])["hands"] == []


def test_force_records_the_hand_with_its_problems():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "-p", "Anna=7d", "-p", "Bruno=Ad", "--force")
    assert (code, err) == (0, "")
    assert "Hand 1 stored with its problems noted." in out
    shown = json.loads(run("match", "show", "--json")[1])
    assert shown["hands"][0]["forced"] is True
    assert shown["hands"][0]["problems"][0].startswith("38 cards of the italian-40 deck in no pile")


def test_a_bad_card_names_the_token_and_stores_nothing():
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "-p", "Anna=7d Ax", "-p", "Bruno=rest")
    assert (code, out) == (2, "")
    assert err == "error: --pile Anna, token 2: 'Ax' is not a card: 'x' is not a suit\n"
    code, out, err = run("match", "add", "-p", "Carla=7d", "-p", "Bruno=rest")
    assert (code, err) == (2, "error: pile of 'Carla': no such side in this match (sides: Anna, Bruno)\n")
    assert json.loads(run("match", "show", "--json")[1])["hands"] == []


def test_a_team_is_named_by_any_of_its_players():
    new("--rules", "scopone", "--side", "Anna+Bruno", "--side", "Carla+Dario")
    code, out, err = run("match", "add", "-p", "bruno=d:A234567 h:A2345 s:A c:A", "-p", "Carla=rest",
                         "-s", "Anna=1", "--json")
    assert (code, err) == (0, "")
    shown = json.loads(out)["match"]
    assert shown["hands"][0]["points"] == {"Anna+Bruno": 3, "Carla+Dario": 2}
    assert shown["players"] == {"Anna+Bruno": ["Anna", "Bruno"], "Carla+Dario": ["Carla", "Dario"]}


def test_match_show_json_has_every_field_the_issue_names():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--name", "friday")
    run("match", "add", *BIG)
    run("match", "add", "friday", *BIG)
    code, out, _err = run("match", "show", "friday", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: data[k] for k in ("id", "rules", "target", "finish", "sides", "totals", "finished", "winner", "stake")} \
        == {"id": 1, "rules": "hurricane", "target": 16, "finish": "highest", "sides": ["Anna", "Bruno"],
            "totals": {"Anna": 22, "Bruno": 0}, "finished": True, "winner": "Anna", "stake": 2}
    first = data["hands"][0]
    assert (first["number"], first["points"], first["totals"]) == (
        1, {"Anna": 11, "Bruno": 0}, {"Anna": 11, "Bruno": 0})
    assert [(c["id"], c["points"]["Anna"]) for c in first["categories"]] == [
        ("cards", 1), ("hearts", 1), ("seven-of-hearts", 1), ("primiera", 1), ("hurricanes", 7)]


def test_match_show_prints_the_score_sheet():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--target", "11")
    run("match", "add", *BIG)
    code, out, err = run("match", "show", "1")
    assert (code, err) == (0, "")
    assert out == """\
Match 1: Hurricane (hurricane) to 11, highest
Anna vs Bruno

hand    category              Anna    Bruno
------  --------------------  ------  -------
1       most cards            1       0
        most hearts (cups)    1       0
        seven of hearts (7h)  1       0
        primiera              1       0
        hurricanes (sweeps)   7       0
        hand                  11      0
        total                 11      0

Anna wins the match, 11-0, stake 2 (doubled): Anna reached 11 with the highest total.
"""


@pytest.mark.slow
def test_undo_withdraws_the_last_hand_and_the_trail_keeps_it():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    run("match", "add", *BIG)
    run("match", "add", *BIG)
    code, out, err = run("match", "undo", "1")
    assert (code, err) == (0, "")
    assert out == """\
Withdrew hand 2 of match 1.
side    total
------  -------
Anna    11
Bruno   0

Playing, 11-0, first to reach 16.
"""
    code, out, err = run("export", "1", "--format", "json")
    if code == 0:  # the trail is in the JSON export
        kinds = [e["kind"] for e in json.loads(out)["matches"][0]["events"]]
        assert kinds == ["new", "add", "add", "undo"]


@pytest.mark.slow
def test_edit_replaces_a_hand_and_recomputes_the_winner():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    run("match", "add", *BIG)
    run("match", "add", *BIG)
    assert json.loads(run("match", "show", "1", "--json")[1])["winner"] == "Anna"
    code, out, err = run("match", "edit", "1", "2", "-p", "Anna=h:A", "-p", "Bruno=rest", "-s", "Bruno=7")
    assert (code, err) == (0, "")
    assert out.endswith("Playing, 11-11, first to reach 16.\n")
    data = json.loads(run("match", "show", "1", "--json")[1])
    assert (data["finished"], data["winner"], data["totals"]) == (False, None, {"Anna": 11, "Bruno": 11})


@pytest.mark.slow
def test_claim_policy_true_and_false_claims():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--finish", "claim", "--target", "11")
    run("match", "add", *BIG)
    code, out, err = run("match", "claim", "1", "Bruno")
    assert (code, err) == (0, "")
    assert out.endswith("Anna wins the match, 11-0, stake 2 (doubled): "
                        "Bruno claimed 11 with only 0: a false claim loses.\n")
    run("match", "undo", "1")
    code, out, err = run("match", "claim", "1", "anna")
    assert out.endswith("Anna wins the match, 11-0, stake 2 (doubled): Anna claimed 11 with 11: a true claim.\n")


def test_claim_is_refused_under_other_policies():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "claim", "1", "Anna")
    assert (code, err) == (2, "error: match 1 ends by 'highest', not by claims (start it with --finish claim)\n")


def test_ask_prompts_side_by_side_and_asks_again_for_a_mistyped_pile():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "--ask", input="rest\n7\nh:A h:Z\nh:A\n0\n")
    assert code == 0, err
    assert "error: pile of Bruno, token 2: 'h:Z'" in err
    assert err.count("Pile of Bruno") == 2 and err.count("Pile of Anna") == 1
    assert "Hand 1 stored." in out
    assert json.loads(run("match", "show", "--json")[1])["totals"] == {"Anna": 11, "Bruno": 0}


def test_list_shows_every_match():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--name", "friday")
    new("--rules", "scopa", "--side", "Carla", "--side", "Dario")
    run("match", "add", "friday", *BIG)
    _code, out, _err = run("match", "list")
    assert out == """\
id    name    rules      sides           hands    score    state
----  ------  ---------  --------------  -------  -------  -------
2             scopa      Carla vs Dario  0        0-0      playing
1     friday  hurricane  Anna vs Bruno   1        11-0     playing
"""


def test_default_match_must_be_unambiguous():
    code, out, err = run("match", "add", *BIG)
    assert (code, err) == (2, "error: no match is being played: start one with 'scorekeeper match new', or name one\n")
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    new("--rules", "hurricane", "--side", "Carla", "--side", "Dario")
    code, _out, err = run("match", "add", *BIG)
    assert (code, err) == (2, "error: 2 matches are being played (1, 2); say which one\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "scopone", "--side", "Anna", "--side", "Bruno"],
     "error: scopone is played by teams (2x2); write a team as --side 'Anna+Bruno'\n"),
    (["--rules", "nosuch", "--side", "Anna", "--side", "Bruno"], "error: unknown rule set 'nosuch'"),
    (["--rules", "scopa", "--side", "A", "--side", "B", "--with", "napoleone"],
     "error: scopa has no category 'napoleone'"),
    (["--rules", "scopa", "--side", "A", "--side", "B", "--target", "0"],
     "error: --target 0: the target must be 1 or more\n"),
])
def test_match_new_refuses_bad_settings(args, message):
    code, out, err = run("match", "new", *args)
    assert (code, out) == (2, "") and err.startswith(message)


def test_missing_database_folder_is_a_clear_error(tmp_path):
    code, out, err = run("match", "list", "--db", str(tmp_path / "nowhere" / "h.sqlite"))
    assert (code, out) == (2, "")
    assert err == (f"error: cannot open the history {tmp_path}/nowhere/h.sqlite: "
                   f"the folder {tmp_path}/nowhere does not exist\n")


@pytest.mark.slow
def test_every_match_command_has_help():
    group = get_command(app).commands["match"]
    for name, command in group.commands.items():
        assert command.help and len(command.help) > 20, name
        code, out, _err = run("match", name, "--help")
        assert code == 0 and "Usage" in out


def test_ask_after_a_refused_hand_retypes_one_pile_and_keeps_the_others():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "--ask", input="d:A\n0\nh:A\n0\nbruno\nrest\n")
    assert code == 0, err
    assert "38 cards of the italian-40 deck in no pile" in err
    assert "Hand 1 stored." in out
    shown = json.loads(run("match", "show", "--json")[1])
    assert shown["hands"][0]["points"] == {"Anna": 0, "Bruno": 4}  # Anna kept her ace of coins


def test_ask_giving_up_prints_the_command_that_enters_the_hand_later():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", input="d:A\n2\nh:A\n0\n\n")
    assert code == 1
    assert "To enter it later: scorekeeper match add 1 --pile Anna=d:A --pile Bruno=h:A --sweeps Anna=2\n" in err
    assert err.endswith("error: hand 1 not stored: it does not check out "
                        "(fix it, or give --force to record it with its problems)\n")


def test_count_out_add_says_which_categories_were_not_scored():
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--finish", "count-out", "--target", "3")
    code, out, err = run("match", "add", *BIG)
    assert (code, err) == (0, "")
    assert out.endswith("""\
Hand 1 stored.
Counted out: primiera, hurricanes (sweeps) not scored.
side    hand    total
------  ------  -------
Anna    3       3
Bruno   0       0

Anna wins the match, 3-0, stake 2 (doubled): Anna reached 3 first, at seven of hearts (7h).
""")
