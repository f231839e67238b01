"""A match remembers the suit letters its hands are typed with (issue 10): once a hand is entered with
Italian letters (D denari, C coppe, S spade, B bastoni), the next hands are read the same way without
the option, until --french-suits says otherwise; a match with no hand yet takes the settings file's."""

from __future__ import annotations

import json

import pytest
from conftest import run

# The sevens of denari and bastoni in Italian letters; in French letters 'B' is no suit at all.
ITALIAN_SEVENS = ["-p", "Anna=B:7 D:7", "-p", "Bruno=rest"]
# The same two sevens in French letters: clubs (bastoni) and diamonds (denari).
FRENCH_SEVENS = ["-p", "Anna=c:7 d:7", "-p", "Bruno=rest"]


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert (code, err) == (0, ""), err
    return out


def typed_piles() -> list[tuple[str, str | None]]:
    """Each live hand's pile of Anna as typed, and its suit letters, as the JSON export keeps them."""
    hands = json.loads(ok("export", "--format", "json", "1"))["matches"][0]["hands"]
    live = sorted((h for h in hands if h["ended_by"] is None), key=lambda h: h["number"])
    return [(h["typed"]["piles"]["Anna"], h["typed"].get("suit_letters")) for h in live]


@pytest.fixture
def match() -> None:
    ok("match", "new", "-r", "scopa", "--side", "Anna", "--side", "Bruno", "-q")


def test_a_match_reads_the_next_hand_with_the_letters_of_the_last(match: None) -> None:
    ok("match", "add", "--italian-suits", *ITALIAN_SEVENS)
    # No option: read as the hand before, with Italian letters. Anna's primiera then lacks cups and
    # swords (she holds a seven of denari and one of bastoni): 7+7 = 42 against Bruno's 78.
    out = ok("match", "add", *ITALIAN_SEVENS)
    assert "Bruno wins with 78 (Anna lacks cups, swords)" in out
    assert typed_piles() == [("B:7 D:7", "italian"), ("B:7 D:7", "italian")]


@pytest.mark.slow
def test_french_suits_switches_a_match_back_and_it_is_remembered(match: None) -> None:
    ok("match", "add", "--italian-suits", *ITALIAN_SEVENS)
    code, out, err = run("match", "add", "--french-suits", *ITALIAN_SEVENS)
    assert code == 2 and out == ""
    assert err.startswith("error: --pile Anna, token 1: 'B:7': 'B' is not a suit")
    ok("match", "add", "--french-suits", *FRENCH_SEVENS)
    code, _out, err = run("match", "add", *ITALIAN_SEVENS)  # the match now remembers French letters
    assert code == 2 and "'B' is not a suit" in err
    ok("match", "add", *FRENCH_SEVENS)
    assert typed_piles() == [("B:7 D:7", "italian"), ("c:7 d:7", None), ("c:7 d:7", None)]


def test_a_new_match_takes_the_settings_files_letters_then_its_own(match: None, tmp_path, monkeypatch) -> None:
    config = tmp_path / "settings.toml"
    config.write_text('suit_letters = "italian"\n', encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    ok("match", "add", *ITALIAN_SEVENS)  # no hand yet: the settings file's Italian letters
    ok("match", "add", "--french-suits", *FRENCH_SEVENS)
    code, _out, err = run("match", "add", *ITALIAN_SEVENS)  # the match's French letters win over the file's
    assert code == 2 and "'B' is not a suit" in err
    assert typed_piles() == [("B:7 D:7", "italian"), ("c:7 d:7", None)]


def test_a_hand_file_says_its_own_letters(match: None, tmp_path) -> None:
    ok("match", "add", "--italian-suits", *ITALIAN_SEVENS)
    hand = tmp_path / "hand.yaml"
    hand.write_text("piles:\n  Anna: c:7 d:7\n  Bruno: rest\n", encoding="utf-8")  # no suit_letters: French
    ok("match", "add", "--file", str(hand))
    assert typed_piles() == [("B:7 D:7", "italian"), ("c:7 d:7", None)]


def test_editing_a_hand_reads_it_as_the_match_remembers(match: None) -> None:
    ok("match", "add", "--italian-suits", *ITALIAN_SEVENS)
    ok("match", "add", *ITALIAN_SEVENS)
    ok("match", "edit", "1", "-p", "Anna=B:7 C:7", "-p", "Bruno=rest")
    assert typed_piles() == [("B:7 C:7", "italian"), ("B:7 D:7", "italian")]


def test_the_library_settles_unsaid_letters_from_the_match(tmp_path) -> None:
    from scorekeeper.history.matches import add_hand, italian_letters, load_match, new_match
    from scorekeeper.history.store import Store
    from scorekeeper.match.settings import match_settings
    from scorekeeper.rules.catalog import load_rules
    from scorekeeper.scoring.hand import HandSpec

    piles = {"Anna": ("B:7 D:7", "pile of Anna"), "Bruno": ("rest", "pile of Bruno")}
    with Store(tmp_path / "history.db") as store:
        started = new_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"]))
        assert italian_letters(load_match(store, str(started.id))) is None
        entered = add_hand(store, None, HandSpec(piles=piles, italian_suits=None), letters=True)
        assert entered.stored and italian_letters(entered.match) is True
        entered = add_hand(store, None, HandSpec(piles=piles, italian_suits=None))  # remembered, not the default
        assert entered.stored and entered.counted.typed["suit_letters"] == "italian"


# Issue 24: never misread a card silently; Spanish letters and courts.
# Anna's coins but the seven, her five cups and the ace of swords; with French letters the cups would be clubs.
CUPS_AS_C = ["-p", "Anna=d:A234567 c:A2345 s:A", "-p", "Bruno=rest"]


def test_c_without_h_in_a_game_of_the_italian_pack_is_refused_with_the_fix(match: None) -> None:
    code, out, err = run("match", "add", *CUPS_AS_C)
    assert (code, out) == (2, "")
    assert err == ("error: the suit letters were not said, and scopa is played with an Italian pack: with French "
                   "letters c is clubs, with Italian ones c is coppe (cups). No h was typed, so give --italian-suits "
                   "if c means coppe (or --spanish-suits for O C E B), --french-suits if it means clubs, or set "
                   "suit_letters in the settings file once for all\n")
    assert json.loads(ok("match", "show", "--json"))["hands"] == []
    ok("match", "add", "--french-suits", *CUPS_AS_C)  # said: clubs, as typed
    assert typed_piles() == [("d:A234567 c:A2345 s:A", None)]


def test_at_the_prompt_the_letters_are_asked_for_and_the_answer_read(match: None) -> None:
    code, _out, err = run("match", "add", "--ask", input="d:A234567 c:A2345 s:A\n0\n\n0\ni\n")
    assert code == 0, err
    assert "Is c clubs (f: French letters), coppe (i: Italian D C S B) or copas (s: Spanish O C E B)?" in err
    assert typed_piles() == [("d:A234567 c:A2345 s:A", "italian")]


def test_the_hint_for_b_names_italian_suits_and_the_settings_key(match: None) -> None:
    code, _out, err = run("match", "add", "--french-suits", "-p", "Anna=7b", "-p", "Bruno=rest")
    assert code == 2
    assert ("'b' is not a suit (b is an Italian suit letter, and a Spanish one: give --italian-suits or "
            "--spanish-suits, or set suit_letters = \"italian\" (or \"spanish\") in the settings file)") in err


@pytest.mark.slow
def test_rematch_keeps_the_matchs_letters(match: None) -> None:
    ok("match", "add", "--italian-suits", *CUPS_AS_C)
    ok("match", "rematch", "1")
    ok("match", "add", "2", *CUPS_AS_C)  # no doubt: the rematch reads C as the match before did
    hands = json.loads(ok("export", "--format", "json", "2"))["matches"][0]["hands"]
    assert hands[0]["typed"]["suit_letters"] == "italian"
    ok("match", "rematch", "2")  # and a rematch of the rematch, before any hand of its own
    ok("match", "rematch", "3")
    assert json.loads(ok("match", "add", "4", *CUPS_AS_C, "--json"))["hand"]["piles"]["Anna"].endswith("5h As")


def test_spanish_letters_and_courts_as_a_spanish_pack_prints_them(tmp_path, monkeypatch) -> None:
    # Escoba: 10, 11, 12 are sota, caballo and rey; O C E B oros, copas, espadas, bastos; 'resto' is rest.
    ok("match", "new", "-r", "escoba", "--side", "Ana", "--side", "Luis", "-q")
    out = json.loads(ok("match", "add", "--spanish-suits", "-p", "Ana=o:1,2,3,7,10,11,12 e:7 c:7 b:7",
                        "-p", "Luis=resto", "-s", "Ana=1", "--json"))
    assert out["hand"]["piles"]["Ana"] == "Ad 2d 3d 7d Jd Qd Kd 7h 7s 7c"
    totals = out["match"]["totals"]
    assert totals == {"Ana": 4, "Luis": 1}  # coins, the 7 of coins, the sevens, a sweep; Luis the cards
    config = tmp_path / "settings.toml"
    config.write_text('suit_letters = "spanish"\n', encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    code, out, err = run("score", "-r", "escoba", "-p", "Ana=12o 11e", "-p", "Luis=resto", "--json")
    assert code == 0, err
    assert json.loads(out)["piles"]["Ana"] == "Kd Qs"
    code, _out, err = run("score", "-r", "escoba", "-p", "Ana=8o", "-p", "Luis=resto")
    assert code == 2 and "'8' is not in a Spanish pack of 40 (its courts are 10, 11, 12: sota, caballo, rey)" in err


def test_resto_works_wherever_rest_does() -> None:
    code, out, err = run("score", "-r", "scopa", "-p", "Anna=7d", "-p", "Bruno=resto", "--json")
    assert code == 0, err
    assert len(json.loads(out)["piles"]["Bruno"].split()) == 39


def test_the_prompt_reads_spanish_letters_and_courts() -> None:
    ok("match", "new", "-r", "escoba", "--side", "Ana", "--side", "Luis", "-q")
    code, out, err = run("match", "add", "--ask", "--spanish-suits", input="o:1,2,3,7,10,11,12 e:7 c:7 b:7\n1\n\n0\n")
    assert code == 0, err
    assert "Hand 1 stored." in out
    hand = json.loads(ok("match", "show", "--json"))["hands"][0]
    assert hand["typed"]["suit_letters"] == "spanish" and hand["points"] == {"Ana": 4, "Luis": 1}


def test_score_and_primiera_take_spanish_suits() -> None:
    # primiera: Ana's four sevens, 21 each (84), against Luis's sixes, 18 each (72)
    code, out, err = run("primiera", "--spanish-suits", "-p", "Ana=7o 7c 7e 7b", "-p", "Luis=resto")
    assert code == 0, err
    assert out.endswith("Ana wins with 84 against 72.\n")
    code, out, err = run("score", "-r", "escoba", "--spanish-suits", "-p", "Ana=o:1,10,11,12", "-p", "Luis=resto",
                         "--json")
    assert code == 0 and json.loads(out)["piles"]["Ana"] == "Ad Jd Qd Kd"
