"""The capture engine keeps its answers (by the classes of the cards, by the cards a card can
reach) so that a replay or a simulation asks each question once; a kept answer must never answer
a different question. One engine asked many questions in a row answers each exactly as an engine
asked that question alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import rules_named

from scorekeeper.cards import Card
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.rules.catalog import load_rules


def _question(engine: CaptureEngine, rng: random.Random, builds: bool) -> tuple[int, Table, int]:
    """A card, a table of two to six cards (a build among them, sometimes) and a take from it."""
    pool = rng.sample(range(len(engine.names)), 7)
    card, cards = pool[0], pool[1:rng.randint(3, 7)]
    kept: tuple[Build, ...] = ()
    if builds and len(cards) >= 4 and rng.random() < 0.5:
        made = cards[:2]
        value = sum(engine.value[i] for i in made)
        if 1 <= value <= 10:
            kept, cards = (Build(value, sum(1 << i for i in made), 0),), cards[2:]
    table = Table(sum(1 << i for i in cards), kept)
    take = sum(1 << i for i in rng.sample([*cards, *(i for b in kept for i in range(52) if b.mask >> i & 1)],
                                          rng.randint(1, 2)))
    return card, table, take


def _answers(engine: CaptureEngine, card: int, table: Table, take: int) -> tuple[object, ...]:
    captures = engine.captures(card, table)
    return (engine.can_capture(card, table), engine.may_lay(card, table), captures,
            engine.find(card, table, take), [engine.find(card, table, c.mask) for c in captures])


@pytest.mark.parametrize("rules", ["scopa", "cirulla", "cassino", "royal-cassino", "kasino", "sbarazzina",
                                   "queens-as-jacks"])
def test_an_engine_answers_each_question_as_if_it_were_the_first(rules: str, tmp_path: Path) -> None:
    ruleset = rules_named(rules, tmp_path)
    shared = CaptureEngine(ruleset)
    rng = random.Random(26)
    for _ in range(60):
        card, table, take = _question(shared, rng, builds=bool(shared.spec.builds))
        alone = CaptureEngine(ruleset)
        assert _answers(shared, card, table, take) == _answers(alone, card, table, take), (
            shared.names[card], shared.describe(table.mask), shared.describe(take))


def test_whether_a_card_can_capture_is_not_kept_as_the_kind_of_a_capture() -> None:
    # Scopa: "can the Ah capture on Ad 5c?" then "the Ah takes Ad: how?" (the Ad is deck index 0).
    engine = CaptureEngine(load_rules("scopa"))
    ah, table = engine.deck.index[Card.parse("Ah")], Table(engine.deck.mask([Card.parse("Ad"), Card.parse("5c")]))
    assert engine.can_capture(ah, table)
    capture = engine.find(ah, table, engine.deck.mask([Card.parse("Ad")]))
    assert capture is not None and capture.kind == "pair"


def test_a_build_on_the_table_changes_what_a_card_can_capture() -> None:
    # Cassino: a 7 takes nothing on a lone 5, but takes a build of 7 laid beside it.
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck
    seven, five = deck.index[Card.parse("7h")], deck.mask([Card.parse("5c")])
    assert not engine.can_capture(seven, Table(five))
    built = Table(five, (Build(7, deck.mask([Card.parse("5h"), Card.parse("2c")]), 0),))
    assert engine.can_capture(seven, built)
    assert [c.mask for c in engine.captures(seven, built)] == [built.builds[0].mask]


def test_a_take_refused_does_not_narrow_the_captures_listed_next() -> None:
    # A replay told "the 6h took the Ad" asks for that capture, finds none, then lists the legal ones.
    engine = CaptureEngine(load_rules("scopa"))
    cards = [Card.parse(t) for t in ["Ad", "5c", "2d", "4s"]]
    six, table = engine.deck.index[Card.parse("6h")], Table(engine.deck.mask(cards))
    assert engine.find(six, table, engine.deck.mask([Card.parse("Ad")])) is None
    assert [engine.describe(c.mask) for c in engine.captures(six, table)] == ["Ad + 5c", "2d + 4s"]


def test_the_captures_beside_one_build_are_not_those_beside_another() -> None:
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck
    seven, five = deck.index[Card.parse("7h")], deck.mask([Card.parse("5c")])
    for build, taken in (("5h 2c", "2c + 5h"), ("4h 3h", "3h + 4h")):
        table = Table(five, (Build(7, deck.mask(Card.parse(t) for t in build.split()), 0),))
        assert [engine.describe(c.mask) for c in engine.captures(seven, table)] == [taken]


def test_a_build_is_taken_whole_and_of_its_value_after_the_card_was_found_able_to_capture() -> None:
    # Cassino (pagat): a 7 takes a build of 7 whole, never a build of 9 or part of one. "Can the 7h
    # capture here?" is asked first (a replay asks it of a card laid down): its answer is kept,
    # and no take that touches the builds may be read from it.
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck

    def cards(text: str) -> int:
        return deck.mask(Card.parse(t) for t in text.split())

    seven = deck.index[Card.parse("7h")]
    sevens, nine = Build(7, cards("5h 2c"), 0), Build(9, cards("4d 5s"), 1)
    table = Table(cards("Kc"), (sevens, Build(7, cards("4h 3h"), 1), nine))
    assert engine.can_capture(seven, table)
    assert engine.find(seven, table, nine.mask) is None
    assert engine.find(seven, table, cards("4d")) is None
    assert engine.find(seven, table, cards("5h")) is None
    assert engine.find(seven, table, sevens.mask | nine.mask) is None
    taken = engine.find(seven, table, sevens.mask)
    assert taken is not None and taken.kind == "build"
    both = engine.find(seven, table, cards("5h 2c 4h 3h"))
    assert both is not None and both.kind == "combined"
    # One build of 7 beside a 5 and a 2: part of the build is refused, then the whole is taken;
    # the 5 and the 2 make 7, then the 5 alone, which makes no 7, is refused.
    lone = Table(cards("5c 2d"), (sevens, nine))
    assert engine.find(seven, lone, cards("5h")) is None
    assert engine.find(seven, lone, sevens.mask) is not None
    assert engine.find(seven, lone, cards("5c 2d")) is not None
    assert engine.find(seven, lone, cards("5c")) is None


def test_combined_captures_keep_their_order_on_a_table_of_the_same_ranks() -> None:
    # Royal Cassino orders unions by their cards, not by ranks: a list kept for 2h 4d 8c 10c would
    # put 4 + 8 first on 2h 4c 8s 10d, where 2 + 10 comes first.
    engine = CaptureEngine(load_rules("royal-cassino"))
    deck = engine.deck
    queen = deck.index[Card.parse("Qh")]
    engine.captures(queen, Table(deck.mask(Card.parse(t) for t in ["2h", "4d", "8c", "10c"])))
    later = engine.captures(queen, Table(deck.mask(Card.parse(t) for t in ["2h", "4c", "8s", "10d"])))
    assert [engine.describe(c.mask) for c in later] == ["2h + 10d", "4c + 8s", "2h + 4c + 8s + 10d"]


def test_a_one_card_take_is_not_ruled_as_two_cards_of_its_rank_kept_before():
    # Scopa: a 6 takes 3c + 3d (a sum), never the 3c alone. The first ruling is kept; the second,
    # one card of the same rank on the same table, is ruled afresh, not read from the first.
    engine = CaptureEngine(load_rules("scopa"))
    deck = engine.deck
    six, three_c, three_d = (deck.index[Card.parse(t)] for t in ("6h", "3c", "3d"))
    table = Table(1 << three_c | 1 << three_d)
    assert engine.find(six, table, 1 << three_c | 1 << three_d) is not None
    assert engine.find(six, table, 1 << three_c) is None
    assert engine.find(six, table, 1 << three_d) is None


def _twin(engine: CaptureEngine, rng: random.Random, card: int, table: Table) -> Table:
    """The table with each loose card swapped for another card the rules see alike (its class),
    the played card and the other table cards left where they are."""
    used = table.mask | 1 << card
    loose = 0
    for i in (i for i in range(len(engine.names)) if table.loose >> i & 1):
        alike = [j for j in range(len(engine.names)) if engine.class_of[j] == engine.class_of[i] and not used >> j & 1]
        j = rng.choice(alike) if alike else i
        used |= 1 << j
        loose |= 1 << j
    return Table(loose, table.builds)


@pytest.mark.parametrize("rules", ["scopa", "sbarazzina", "scopa-d-assi", "escoba", "cassino", "royal-cassino",
                                   "queens-as-jacks"])
def test_a_drawn_capture_is_the_one_choice_draws_from_the_whole_list(rules: str, tmp_path: Path) -> None:
    # simulate draws a capture where it is listed: the same capture, and the same draw from the
    # generator, as random.choice of the whole list; on a table of the same classes as one met
    # before (the list kept is read on the new table's cards) as on a table met first.
    ruleset = rules_named(rules, tmp_path)
    shared = CaptureEngine(ruleset)
    rng = random.Random(27)
    drawn = 0
    for _ in range(150):
        card, table, _take = _question(shared, rng, builds=bool(shared.spec.builds))
        for asked in (table, _twin(shared, rng, card, table), table):  # the first table again: its list kept
            listed = CaptureEngine(ruleset).captures(card, asked)
            seed = rng.random()
            by_choice, by_draw = random.Random(seed), random.Random(seed)
            expected = [by_choice.choice(listed)] if listed else []
            assert shared.captures(card, asked, draw=by_draw.randrange) == expected, (
                shared.names[card], shared.describe(asked.mask))
            assert by_choice.getstate() == by_draw.getstate()
            assert shared.captures(card, asked) == listed
            drawn += bool(listed)
    assert drawn > 60


def test_a_list_kept_beside_a_build_is_read_with_the_builds_of_the_table_asked():
    # Cassino: a 9 takes 4 + 5, the build of 9, or both; beside another build of 9 and another 4
    # and 5 (the same ranks), the list kept for the first table names this table's cards; a table
    # of the same loose ranks without a build has a list of its own.
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck
    nine = deck.index[Card.parse("9h")]

    def table(loose: str, build: str) -> Table:
        return Table(deck.mask(Card.parse(t) for t in loose.split()),
                     (Build(9, deck.mask(Card.parse(t) for t in build.split()), 0),))

    bare = Table(deck.mask(Card.parse(t) for t in ("4h", "5s")))  # the same ranks loose, no build
    assert [engine.describe(c.mask) for c in engine.captures(nine, bare)] == ["4h + 5s"]
    first = [engine.describe(c.mask) for c in engine.captures(nine, table("4c 5d", "6h 3c"))]
    assert first == ["3c + 6h", "4c + 5d", "3c + 4c + 5d + 6h"]
    later = [engine.describe(c.mask) for c in engine.captures(nine, table("4s 5h", "7d 2d"))]
    assert later == ["2d + 7d", "4s + 5h", "2d + 4s + 5h + 7d"]


def test_an_ace_s_captures_kept_for_one_table_are_not_read_on_another():
    # Royal Cassino: an ace counts 1 or 14; its lists are kept by the ranks of the table cards it
    # reaches, so the 2d and the 3d, met on two tables otherwise alike, are told apart.
    engine = CaptureEngine(load_rules("royal-cassino"))
    deck = engine.deck
    ace = deck.index[Card.parse("Ah")]
    assert [engine.describe(c.mask) for c in engine.captures(ace, Table(deck.mask(
        Card.parse(t) for t in ("2d", "5h", "7c"))))] == ["2d + 5h + 7c"]  # 14
    assert engine.captures(ace, Table(deck.mask(Card.parse(t) for t in ("3d", "5h", "7c")))) == []


def test_an_ace_s_list_kept_is_read_on_a_table_of_the_same_ranks_with_its_builds():
    # Royal Cassino: the Ah takes the Ad as 1, then as 14 the Ad with 5 + 9 or with the build of
    # 14 (10 + 4), or with both, each by size then cards; on other cards of the same ranks the list
    # is that table's own, in that table's order.
    engine = CaptureEngine(load_rules("royal-cassino"))
    deck = engine.deck
    ace = deck.index[Card.parse("Ah")]

    def listed(loose: str, build: str) -> list[str]:
        table = Table(deck.mask(Card.parse(t) for t in loose.split()),
                      (Build(14, deck.mask(Card.parse(t) for t in build.split()), 0),))
        return [engine.describe(c.mask) for c in engine.captures(ace, table)]

    assert listed("Ad 5c 9c", "10h 4h") == ["Ad", "Ad + 4h + 10h", "Ad + 5c + 9c", "Ad + 4h + 5c + 9c + 10h"]
    assert listed("As 5d 9s", "10c 4d") == ["As", "As + 5d + 9s", "As + 4d + 10c", "As + 4d + 5d + 9s + 10c"]


def test_a_card_of_two_values_lists_its_first_value_s_captures_first_on_a_table_met_again(tmp_path: Path) -> None:
    # A Royal Cassino whose 5 may also count 2: as 5 it takes 2 + 3 or A + A + 3, then as 2 the
    # two aces. On a table of the same ranks, the list kept is put back in that order, each value's
    # captures by size then cards, not all of them together (which would put Ad + Ah first).
    path = tmp_path / "five-or-two.yaml"
    path.write_text('extends: royal-cassino\nid: five-or-two\nname: Five or Two\ncapture:\n'
                    '  choice_values: {A: 14, "5": 2}\n', encoding="utf-8")
    engine = CaptureEngine(load_rules(str(path)))
    deck = engine.deck
    five = deck.index[Card.parse("5h")]
    for cards, taken in (("2d 3d Ac As", ["2d + 3d", "As + Ac + 3d", "As + Ac"]),
                         ("2c 3c Ad Ah", ["2c + 3c", "Ad + Ah + 3c", "Ad + Ah"])):
        table = Table(deck.mask(Card.parse(t) for t in cards.split()))
        assert [engine.describe(c.mask) for c in engine.captures(five, table)] == taken


def test_a_card_of_two_values_keeps_the_builds_of_both_on_a_table_met_again(tmp_path: Path) -> None:
    # The Royal Cassino whose 5 may also count 2: beside the table's loose cards it takes a build of
    # 5 as 5 and a build of 2 as 2. Its list, kept by the table's ranks and the number of builds of
    # each value, read back on a table of the same ranks, is the list worked out afresh; a table with
    # one more build of 5 is another question.
    path = tmp_path / "five-or-two.yaml"
    path.write_text('extends: royal-cassino\nid: five-or-two\nname: Five or Two\ncapture:\n'
                    '  choice_values: {A: 14, "5": 2}\n', encoding="utf-8")
    rules = load_rules(str(path))
    engine = CaptureEngine(rules)
    deck = engine.deck
    five = deck.index[Card.parse("5h")]

    def table(loose: str, *builds: tuple[int, str]) -> Table:
        return Table(deck.mask(Card.parse(t) for t in loose.split()),
                     tuple(Build(v, deck.mask(Card.parse(t) for t in cards.split()), 0) for v, cards in builds))

    tables = [table("4d Ac", (5, "2d 3d"), (2, "Ad Ah")), table("4c As", (5, "2c 3c"), (2, "Ac Ad")),
              table("4s Ah", (5, "2s 3s"), (5, "4h Ac"), (2, "As Ad"))]
    for on in tables:
        assert engine.captures(five, on) == CaptureEngine(rules).captures(five, on)
    assert [engine.describe(c.mask) for c in engine.captures(five, tables[1])] == \
        ["2c + 3c", "As + 4c", "As + 2c + 3c + 4c", "Ad + Ac"]


def test_whether_a_card_can_capture_beside_a_build_leaves_its_whole_list_to_be_worked_out():
    # Cassino: the 9h takes the build of 9, or 4 + 5, or both. Asking first whether it can capture
    # (one capture is enough to say yes) must not leave that one capture as its list.
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck
    nine = deck.index[Card.parse("9h")]
    table = Table(deck.mask(Card.parse(t) for t in ("4c", "5d")),
                  (Build(9, deck.mask(Card.parse(t) for t in ("6h", "3c")), 0),))
    assert engine.can_capture(nine, table)
    assert [engine.describe(c.mask) for c in engine.captures(nine, table)] == \
        ["3c + 6h", "4c + 5d", "3c + 4c + 5d + 6h"]


def test_a_take_of_four_cards_of_one_rank_is_not_ruled_as_one_card_of_the_next():
    # Scopa: a 4 takes the four aces (1 + 1 + 1 + 1), never the 2 alone. A take's ranks are counted
    # in the ruling's key; four aces must not count as one 2 (the next rank up).
    engine = CaptureEngine(load_rules("scopa"))
    deck = engine.deck
    four = deck.index[Card.parse("4h")]
    table = Table(deck.mask(Card.parse(t) for t in ("Ad", "Ah", "As", "Ac", "2d")))
    assert engine.find(four, table, deck.mask(Card.parse(t) for t in ("Ad", "Ah", "As", "Ac"))) is not None
    assert engine.find(four, table, deck.mask([Card.parse("2d")])) is None
