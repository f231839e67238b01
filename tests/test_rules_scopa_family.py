"""The Scopa family as its sources play it: one test per rule, through the library and the command line.

Each test names its source in a comment; the rule sets' ``note``s say the same in words.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import count, points, run

from scorekeeper.cards import Card
from scorekeeper.play.capture import CaptureEngine, indexes
from scorekeeper.play.deals import Opening, misdeal, opening
from scorekeeper.play.game import Game
from scorekeeper.play.replay import replay_data
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.play.simulate import Simulator
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options


def table_mask(engine: CaptureEngine, text: str) -> int:
    return engine.deck.mask(Card.parse(t) for t in text.split())


def played_out(rules_id: str, table: str, seed: int = 1) -> dict[str, Any]:
    """A two-player record with this table dealt, the rest shuffled by ``seed``, every play the
    first card held, taking its first legal capture."""
    engine = CaptureEngine(load_rules(rules_id))
    fixed = table_mask(engine, table)
    rest = [i for i in range(len(engine.names)) if not fixed >> i & 1]
    random.Random(seed).shuffle(rest)
    size = engine.spec.deal.hand
    rounds = len(rest) // (2 * size)
    batches = [[sum(1 << i for i in rest[(r * 2 + p) * size:(r * 2 + p + 1) * size]) for r in range(rounds)]
               for p in range(2)]
    game = Game(engine, batches, fixed, [0, 1], 2)
    plays: list[dict[str, str]] = []
    while game.turn < game.total:
        player = game.player
        card = indexes(game.holding[player])[0]
        play = {"side": "AB"[player], "card": engine.names[card]}
        found = engine.captures(card, game.table, last=game.last, last_deal=game.last_deal)
        if found:
            play["take"] = engine.describe(found[0].mask).replace(" + ", " ")
            game.capture(player, card, found[0])
        else:
            game.trail(player, card)
        plays.append(play)
    hands = {"AB"[p]: [engine.describe(m).replace(" + ", " ") for m in batches[p]] for p in range(2)}
    return {"rules": rules_id, "deal": {"hands": hands, "table": table}, "plays": plays}


def replay_cli(record: dict[str, Any], tmp_path: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(record))
    code, out, _ = run("replay", str(path), "--json", "--plays", *extra)
    return code, json.loads(out)


def house_rules(tmp_path: Path, text: str) -> str:
    """A rule file of one's own (how a table plays another choice before ``--option`` reaches a command)."""
    path = tmp_path / "house.yaml"
    path.write_text(text)
    return str(path)


# --- Scopone Scientifico ------------------------------------------------------------------------

def test_scopone_scientifico_deals_ten_each_and_none_to_the_table() -> None:
    # Seed 003 (The Book of Card Games): ten cards each, 3-3-4, none to the table; Italian
    # Wikipedia (Scopa): ten each and none on the table is what makes Scopone "scientifico".
    record = Simulator(load_rules("scopone-scientifico"), seed=3).hand(0)
    assert record["deal"]["table"] == ""
    assert [sum(len(r.split()) for r in rounds) for rounds in record["deal"]["hands"].values()] == [10, 10, 10, 10]
    assert "take" not in record["plays"][0]  # the first player finds nothing to take
    code, out, _ = run("simulate", "-r", "scopone-scientifico", "-n", "1", "--seed", "3")
    assert code == 0 and json.loads(out)["deal"] == record["deal"]


def test_scopone_scientifico_sample_record_deals_ten_each(tmp_path: Path) -> None:
    # The sample record follows the same deal (seed 003), and replays legal.
    path = Path(__file__).parent.parent / "samples" / "replay" / "scopone-scientifico.yaml"
    data = yaml.safe_load(path.read_text())
    assert data["deal"]["table"] == "" and all(len(h[0].split()) == 10 for h in data["deal"]["hands"].values())
    code, out, _ = run("replay", str(path), "--json")
    assert code == 0 and json.loads(out)["legal"] is True


def test_scopone_scientifico_plays_to_21_with_11_as_an_option(tmp_path: Path) -> None:
    # ludopoli and the scopone championships play to 21; seed 003 plays to 11 (the option).
    rules = load_rules("scopone-scientifico")
    assert rules.match.target == 21
    assert apply_options(rules, {"target": "11"}).match.target == 11
    code, out, _ = run("rules", "show", "scopone-scientifico")
    assert code == 0 and next(line.split() for line in out.splitlines() if line.startswith("target"))[:8] == \
        ["target", "points", "that", "win", "the", "match", "21", "11"]
    db = str(tmp_path / "h.sqlite")
    assert run("match", "new", "-r", "scopone-scientifico", "--side", "A+C", "--side", "B+D", "--option",
               "target=11", "--db", db)[0] == 0
    assert "to 11" in run("match", "show", "--db", db)[1].splitlines()[0]


@pytest.mark.slow
def test_scopone_scientifico_sweep_on_the_dealers_last_card_is_an_option(tmp_path: Path) -> None:
    # pagat (Scopone): some count a sweep made with the dealer's last card; the Italian rules do not.
    rules = load_rules("scopone-scientifico")
    assert [c.sweep for c in rule_on_capture(rules, "3c 4h", "7s", take="3c 4h", last=True).captures] == [False]
    counted = apply_options(rules, {"last-play-sweeps": "on"})
    assert [c.sweep for c in rule_on_capture(counted, "3c 4h", "7s", take="3c 4h", last=True).captures] == [True]
    house = house_rules(tmp_path, "extends: scopone-scientifico\nid: last-sweep\ncapture: {last_play_sweeps: true}\n")
    for rules_ref, swept in (("scopone-scientifico", False), (house, True)):
        code, out, _ = run("capture", "-r", rules_ref, "--table", "3c 4h", "--card", "7s", "--last", "--json")
        assert code == 0 and json.loads(out)["captures"][0]["sweep"] is swept


# --- Scopone: fewest cards, three Kings ------------------------------------------------------------

def test_scopone_fewest_cards_is_an_option_off_by_default(tmp_path: Path) -> None:
    # magnojuegos (Scopone): a sum must take the fewest cards; Italian Wikipedia lets the player choose.
    rules = load_rules("scopone")
    assert rule_on_capture(rules, "Ac 2h 4s 3d", "7d", take="Ac 2h 4s").legal
    strict = apply_options(rules, {"fewest-cards": "on"})
    assert not rule_on_capture(strict, "Ac 2h 4s 3d", "7d", take="Ac 2h 4s").legal
    house = house_rules(tmp_path, "extends: scopone\nid: fewest\ncapture: {fewest_cards: true}\n")
    code, _, _ = run("capture", "-r", house, "--table", "Ac 2h 4s 3d", "--card", "7d", "--take", "Ac 2h 4s")
    assert code == 1


def test_scopa_table_with_three_kings_is_a_misdeal_that_replay_reports(tmp_path: Path) -> None:
    # Italian Wikipedia (Scopa), en.wikipedia: three or four Kings dealt to the table void the deal.
    engine = CaptureEngine(load_rules("scopa"))
    assert misdeal(engine, table_mask(engine, "Kc Kd Ks 3h")) == (
        "the table dealt holds 3 Kings (Kd Ks Kc): in Scopa 3 or more is a misdeal, and the cards are dealt again")
    assert misdeal(engine, table_mask(engine, "Kc Kd 4s 3h")) is None
    record = played_out("scopa-quindici", "Kc Kd Ks 3h")  # any legal deal; replayed under Scopa below
    record["rules"] = "scopa"
    replayed = replay_data(record, "record.yaml")
    assert replayed.illegal == (0, "deal: the table dealt holds 3 Kings (Kd Ks Kc): in Scopa 3 or more is a "
                                   "misdeal, and the cards are dealt again")
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(record))
    code, out, _ = run("replay", str(path))
    assert code == 1 and f"{path}: deal: the table dealt holds 3 Kings (Kd Ks Kc)" in out


def test_scopone_inherits_the_three_kings_redeal() -> None:
    # Parlett (Scopone): dealing again on three Kings is usual though not official; on by default.
    engine = CaptureEngine(load_rules("scopone"))
    assert misdeal(engine, table_mask(engine, "Kc Kd Ks Kh")) is not None
    off = CaptureEngine(apply_options(load_rules("scopone"), {"three-kings": "off"}))
    assert misdeal(off, table_mask(off, "Kc Kd Ks Kh")) is None


def test_scopa_quindici_plays_three_kings(tmp_path: Path) -> None:
    # Parlett (Scopa a Quindici): a King is taken in a fifteen, so three Kings block no sweep.
    record = played_out("scopa-quindici", "Kc Kd Ks 3h")
    assert replay_data(record, "record.yaml").ok
    code, body = replay_cli(record, tmp_path)
    assert code == 0 and body["legal"] is True


@pytest.mark.slow
def test_simulate_deals_again_on_a_misdeal() -> None:
    # The simulator deals again instead of playing a table the rules void (Italian Wikipedia, Scopa).
    rules = load_rules("scopa")
    engine = CaptureEngine(rules)
    sim = Simulator(rules, seed=0)
    voided = 0
    for number in range(400):
        order = list(range(40))
        random.Random(number).shuffle(order)  # the shuffle hand ``number`` of seed 0 starts from
        first_table = sum(1 << i for i in order[:4])
        record = sim.hand(number)
        assert misdeal(engine, table_mask(engine, record["deal"]["table"])) is None
        if misdeal(engine, first_table):
            voided += 1
            assert record["deal"]["table"] != engine.describe(first_table).replace(" + ", " ")
            assert replay_data(record, "record.yaml").ok
    assert voided > 0


def test_wall_street_table_with_more_than_two_tens_is_a_misdeal(tmp_path: Path) -> None:
    # Seed 000 (Dan Beebe, Wall Street): more than two tens on the table: thrown in, dealt again.
    engine = CaptureEngine(load_rules("wall-street"))
    assert misdeal(engine, table_mask(engine, "10c 10d 10h 5s")) is not None
    assert misdeal(engine, table_mask(engine, "10c 10d 9h 5s")) is None
    record = played_out("wall-street", "10c 10d 10h 5s")
    path = tmp_path / "w.yaml"
    path.write_text(yaml.safe_dump(record))
    code, out, _ = run("replay", str(path))
    assert code == 1 and "deal: the table dealt holds 3 tens (10d 10h 10c)" in out


# --- Escoba ----------------------------------------------------------------------------------------

def test_escoba_is_played_by_two_to_four_or_two_teams_of_three(tmp_path: Path) -> None:
    # en.wikipedia (2-4 players), the Spanish rule book (two pairs), juegosdecartas and qcsalon (up to 6).
    sides = load_rules("escoba").sides
    assert (sides.min, sides.max, sides.teams) == (2, 4, ("2x2", "2x3"))
    six = Simulator(load_rules("escoba"), seed=2, players=6).hand(0)
    assert list(six["teams"]) == ["A+C+E", "B+D+F"] and replay_data(six, "six.json").ok
    code, out, _ = run("score", "-r", "escoba", "--pile", "A=d:A2345", "--pile", "B=d:67JQ", "--pile", "C=d:K h:A",
                       "--pile", "D=rest", "--json")
    assert code == 0 and list(json.loads(out)["sides"]) == ["A", "B", "C", "D"]


def test_escoba_dealt_table_of_thirty_not_two_fifteens_is_not_taken(tmp_path: Path) -> None:
    # magnojuegos, mundijuegos: the dealt table is one escoba per group of 15 it makes. K K Q A
    # (10+10+9+1 = 30) parts into no fifteens, and no source gives it an escoba: it stays on the
    # table and is played; K 5 K 5 is two escobas, a table of 15 one.
    engine = CaptureEngine(load_rules("escoba"))
    assert opening(engine, table_mask(engine, "Kc Kd Qh Ac")) is None
    assert opening(engine, table_mask(engine, "Kc 5d Kh 5s")) == Opening(2, 30, None)
    assert opening(engine, table_mask(engine, "Kc 2d 2h Ac")) == Opening(1, 15, None)
    record = played_out("escoba", "Kc Kd Qh Ac")
    replayed = replay_data(record, "record.yaml")
    assert replayed.ok and replayed.opening == 0 and replayed.opening_note == ""
    code, body = replay_cli(record, tmp_path)
    assert code == 0 and not body["log"][0].startswith("0.")


def test_escoba_tie_on_sevens_is_broken_by_sixes_then_aces_as_an_option(tmp_path: Path) -> None:
    # entretodos (Escoba del 15): a tie on sevens goes to most sixes, then aces, then fives; by
    # default a tie scores nobody (qcsalon, playingcards.io).
    piles = ("A=7d 7c 6d 6c 6h Ah", "B=rest")
    assert points(count("escoba", *piles), "sevens") == (0, 0)
    sixes = apply_options(load_rules("escoba"), {"sevens-ties": "6 A 5"})
    assert points(count(sixes, *piles), "sevens") == (1, 0)
    coin = apply_options(load_rules("escoba"), {"sevens-ties": "7d"})
    assert points(count(coin, "A=7h 7c", "B=rest"), "sevens") == (0, 1)
    code, out, _ = run("score", "-r", "escoba", "--pile", piles[0], "--pile", piles[1], "--option",
                       "sevens-ties=6 A 5", "--json")
    sevens = next(c for c in json.loads(out)["categories"] if c["id"] == "sevens")
    assert code == 0 and sevens["points"] == {"A": 1, "B": 0} and "tie broken by 6 A 5" in sevens["note"]


def test_escoba_plays_to_15_with_21_as_an_option(tmp_path: Path) -> None:
    # The Spanish rule book (studylib "Escoba de quince") and juegosdecartas: 15; en.wikipedia: 21.
    assert load_rules("escoba").match.target == 15
    db = str(tmp_path / "h.sqlite")
    code, _, _ = run("match", "new", "-r", "escoba", "--side", "A", "--side", "B", "--option", "target=21", "--db", db)
    assert code == 0
    assert "to 21" in run("match", "show", "--db", db)[1].splitlines()[0]


# --- Cirulla ---------------------------------------------------------------------------------------

def test_cirulla_matta_counts_as_the_dealer_names_on_the_dealt_table(tmp_path: Path) -> None:
    # Gazzetta di Santa (Cirulla): the seven of hearts is wild on the dealt table; K Q 3 + matta 8 = 30.
    engine = CaptureEngine(load_rules("cirulla"))
    assert opening(engine, table_mask(engine, "7h Kc Qs 3d")) == Opening(2, 30, ("7h", 8))
    assert opening(engine, table_mask(engine, "7c Kc Qs 3d")) is None  # a plain seven is a seven
    record = played_out("cirulla", "7h Kc Qs 3d")
    replayed = replay_data(record, "record.yaml")
    assert replayed.ok and replayed.opening_note == (
        "the table dealt (3d 7h Qs Kc) makes 30, the 7h counting 8: B, the dealer, takes it (2 sweeps)")
    code, body = replay_cli(record, tmp_path)
    assert code == 0 and body["opening"]["side"] == "B"


def test_cirulla_matta_counts_one_to_ten_on_the_dealt_table(tmp_path: Path) -> None:
    # Gazzetta di Santa: the matta counts any value from 1 to the King's 10, no more. K Q A (20) and
    # the matta at 10 make 30; K J A (19) and the matta make 20 to 29, no multiple of 15: played.
    engine = CaptureEngine(load_rules("cirulla"))
    assert opening(engine, table_mask(engine, "7h Kc Qc Ac")) == Opening(2, 30, ("7h", 10))
    assert opening(engine, table_mask(engine, "7h Kc Jc Ac")) is None
    # A low table is taken with the matta at the lowest value that makes it: A 2 2 and the matta
    # make 6 to 9 with it at 1 to 4, and the note names 1.
    assert opening(engine, table_mask(engine, "7h Ac 2d 2s")) == Opening(3, 6, ("7h", 1))
    # Nothing dealt to the table (a house Cirulla dealt as Scopone Scientifico): nothing to take,
    # though an empty table adds up to 0.
    assert opening(engine, 0) is None
    house = house_rules(tmp_path, "extends: cirulla\nid: bare\ncapture: {deal: {hand: 10, table: 0, redeal: false}}\n")
    bare = CaptureEngine(load_rules(house))
    game = Game(bare, [[table_mask(bare, "Ac 2c 3c")], [table_mask(bare, "Ad 2d 3d")]], 0, [0, 1], 2)
    assert game.opened is None and game.sweeps == [0, 0] and game.last_capturer is None
    assert replay_data(played_out(house, ""), str(tmp_path / "record.yaml")).ok


def test_escoba_dealt_fifteen_with_escobas_not_scored_is_taken_for_no_sweep(tmp_path: Path) -> None:
    # A house Escoba whose escobas are an optional category not turned on: the dealer still takes a
    # dealt 15 (the deal's rule), but it scores no sweep, as a sweep in play would not.
    house = house_rules(tmp_path, "extends: escoba\nid: quiet\ncategories:\n  - id: escobas\n    optional: true\n")
    replayed = replay_data(played_out(house, "Kc 2d 2h Ac"), str(tmp_path / "record.yaml"))
    assert replayed.ok and replayed.opening == table_mask(CaptureEngine(load_rules("escoba")), "Kc 2d 2h Ac")
    assert replayed.sweeps == (0, 0)
    assert replayed.opening_note.endswith("B, the dealer, takes it (0 sweeps)")


def test_cirulla_dealt_table_of_nine_or_less_is_three_sweeps_for_the_dealer(tmp_path: Path) -> None:
    # Gazzetta di Santa and Italian Wikipedia ("in some places"): a dealt table under 10 goes to the
    # dealer for three sweeps; the matta counts 1 there. Off with low-table=0 (regoledelgioco).
    engine = CaptureEngine(load_rules("cirulla"))
    assert opening(engine, table_mask(engine, "Ac 2d 3s 3h")) == Opening(3, 9, None)
    assert opening(engine, table_mask(engine, "7h 2d 3s 3h")) == Opening(3, 9, ("7h", 1))
    off = CaptureEngine(apply_options(load_rules("cirulla"), {"low-table": "0"}))
    assert opening(off, table_mask(off, "Ac 2d 3s 3h")) is None
    code, body = replay_cli(played_out("cirulla", "Ac 2d 3s 3h"), tmp_path)
    assert code == 0 and body["sweeps"]["B"] >= 3
    house = house_rules(tmp_path, "extends: cirulla\nid: no-low\ncapture: {opening_low: 0}\n")
    record = played_out(house, "Ac 2d 3s 3h")
    code, body = replay_cli(record, tmp_path)
    assert code == 0 and "opening" not in body


def test_cirulla_two_aces_dealt_to_the_table_is_a_misdeal(tmp_path: Path) -> None:
    # regoledelgioco, Gazzetta di Santa: two or more aces on the dealt table, the cards are dealt again.
    record = played_out("scopa-quindici", "Ac Ad 5s 4h")
    record["rules"] = "cirulla"
    assert replay_data(record, "record.yaml").illegal == (
        0, "deal: the table dealt holds 2 aces (Ad Ac): in Cirulla 2 or more is a misdeal, and the cards are dealt "
           "again")
    path = tmp_path / "c.yaml"
    path.write_text(yaml.safe_dump(record))
    assert run("replay", str(path))[0] == 1
    house = house_rules(tmp_path, "extends: cirulla\nid: aces\ncapture: {deal: {redeal: false}}\n")
    engine = CaptureEngine(load_rules(house))
    assert misdeal(engine, table_mask(engine, "Ac Ad 5s 4h")) is None


def test_cirulla_simple_capture_takes_the_fewest_cards() -> None:
    # regoledelgioco (Cirulla): a simple capture uses the fewest cards; a fifteen is not limited.
    ruling = rule_on_capture("cirulla", "Ac 2h 4s 3d", "7d", take="Ac 2h 4s")
    assert not ruling.legal and "fewest cards" in (ruling.reason or "")
    assert rule_on_capture("cirulla", "Ac 2h 4s 3d", "7d", take="3d 4s").legal
    assert rule_on_capture("cirulla", "Ac 2h 4s 3d", "7d", take="Ac 3d 4s").legal  # 7 + 8 = 15
    code, out, _ = run("capture", "-r", "cirulla", "--table", "Ac 2h 4s 3d", "--card", "7d", "--take", "Ac 2h 4s")
    assert code == 1 and "fewest cards" in out


# --- Napoleone -------------------------------------------------------------------------------------

def test_napoleone_wins_the_match_without_cappotto() -> None:
    # Italian Scopa rule sheets (scribd "Scopa", jmpcav's Scopa d'Assi): a napola of all ten coins
    # wins the game at once, whatever the score; cappotto need not be on.
    all_coins = ("A=d:A234567JQK", "B=rest")
    assert count("scopa", *all_coins, enabled=("napola",)).match_winner == "A"
    assert count("scopa", *all_coins).match_winner is None  # napola off: no napoleone either
    off = apply_options(load_rules("scopa"), {"napoleone": "off"})
    assert count(off, *all_coins, enabled=("napola",)).match_winner is None
    assert count("scopa", "A=d:A23456789", "B=rest", enabled=("napola",)).match_winner is None
    code, out, _ = run("score", "-r", "scopa", "--pile", all_coins[0], "--pile", all_coins[1], "--with", "napola",
                       "--json")
    assert code == 0 and json.loads(out)["match_winner"] == "A"


def test_napoleone_ends_a_match(tmp_path: Path) -> None:
    # The same rule through a match: the hand with the whole napola ends it.
    db = str(tmp_path / "h.sqlite")
    assert run("match", "new", "-r", "scopa", "--side", "A", "--side", "B", "--db", db)[0] == 0
    code, _, err = run("match", "add", "--pile", "A=d:A234567JQK", "--pile", "B=rest", "--with", "napola", "--db", db)
    assert code == 0, err
    shown = run("match", "show", "1", "--db", db, "--json")[1]
    assert json.loads(shown)["winner"] == "A"


def test_counter_names_napola_as_the_winning_category() -> None:
    rules = load_rules("scopa")
    result = count(rules, "A=d:A234567JQK", "B=rest", enabled=("napola",))
    assert [c.id for c in result.categories if c.scorer.match_taker(c.scored) is not None] == ["napola"]
    assert result.match_winner == "A"


# --- Options the sources call for (RULES.md, capture rules) ------------------------------------

@pytest.mark.slow
def test_must_capture_off_lets_a_hurricane_or_escoba_player_lay_a_card_that_could_capture() -> None:
    # everything2's Hurricane, and some Italian and Spanish Escoba pages: a player may lay a card
    # on the table instead of capturing; the default (Parlett, the Spanish rule book) stays on.
    for game, table, card in (("hurricane", "5c 2d", "5h"), ("escoba", "5c 2d", "Kh")):
        strict = rule_on_capture(game, table, card, take="")
        assert strict.captures and strict.legal is False and strict.must_capture
        relaxed = rule_on_capture(game, table, card, take="", options={"must-capture": "off"})
        assert relaxed.captures and relaxed.legal is True and not relaxed.must_capture
        assert "may lay it down instead" in (relaxed.reason or "")
    records = Simulator(apply_options(load_rules("hurricane"), {"must-capture": "off"}), seed=4)
    laid = 0
    for number in range(30):
        record = records.hand(number)
        assert replay_data(record, "r.json", options={"must-capture": "off"}).ok
        laid += not replay_data(record, "r.json").ok  # a card that could capture was laid down
    assert laid > 0


def test_scopa_d_assi_ace_may_sweep_with_an_ace_on_the_table_and_that_sweep_may_score_as_options() -> None:
    # Parlett leaves both open; Italian practice: the ace pairs with a table ace, and its sweep is no sweep.
    plain = rule_on_capture("scopa-d-assi", "Ac 4d 5s", "Ah")
    assert [c.cards for c in plain.captures] == [("Ac",)]
    always = rule_on_capture("scopa-d-assi", "Ac 4d 5s", "Ah", options={"ace-takes-all": "always"})
    assert [sorted(c.cards) for c in always.captures] == [["4d", "5s", "Ac"]] and not always.captures[0].sweep
    scored = rule_on_capture("scopa-d-assi", "4d 5s", "Ah", options={"ace-sweep": "on"})
    assert [c.sweep for c in scored.captures] == [True]
    assert [c.sweep for c in rule_on_capture("scopa-d-assi", "4d 5s", "Ah").captures] == [False]


def test_scopone_low_table_redeal_deals_again_a_table_of_ten_or_less_as_an_option() -> None:
    # A Scopone tournament rule: four table cards totalling 10 or less are dealt again; off by default.
    engine = CaptureEngine(load_rules("scopone"))
    low = table_mask(engine, "Ac 2d 3h 4s")
    assert misdeal(engine, low) is None
    strict = CaptureEngine(apply_options(load_rules("scopone"), {"low-table-redeal": "10"}))
    assert "totals 10" in (misdeal(strict, low) or "")
    assert misdeal(strict, table_mask(engine, "Ac 2d 3h 5s")) is None  # 11: played
    simulator = Simulator(strict.rules, seed=9)
    for number in range(40):
        table = simulator.hand(number)["deal"]["table"].split()
        assert sum(strict.value[strict.deck.index[Card.parse(t)]] for t in table) > 10
