"""Cassino builds (seed 001): declared value, the builder's capturing card, taken whole, extended alike."""

from __future__ import annotations

from scorekeeper.cards import Card
from scorekeeper.play.builds import apply_build, build_error
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.rules.catalog import load_rules

ENGINE = CaptureEngine(load_rules("cassino"))
DECK = ENGINE.deck


def mask(text: str) -> int:
    return DECK.mask(Card.parse(t) for t in text.split())


def idx(text: str) -> int:
    return DECK.index[Card.parse(text)]


def build(table: str, card: str, value: int, onto: str, holding: str, builds: tuple[Build, ...] = ()) -> str | None:
    return build_error(ENGINE, idx(card), Table(mask(table), builds), mask(holding), value, mask(onto))


def test_building_seven_a_two_laid_on_a_five_while_holding_a_seven() -> None:
    assert build("5c 9d", "2h", 7, "5c", "2h 7s") is None


def test_building_eights_an_eight_laid_on_an_eight_while_holding_a_third() -> None:
    assert build("8c", "8h", 8, "8c", "8h 8s") is None


def test_builder_must_hold_a_card_that_takes_the_build() -> None:
    assert build("5c", "2h", 7, "5c", "2h 9s") == \
        "to build 7 the builder must hold another card that takes 7; 2h's player holds 9s"


def test_build_cards_must_make_the_declared_value() -> None:
    assert build("5c", "2h", 8, "5c", "2h 8s") == \
        "the 2h and 5c do not make 8 (together they count 7, which is no set of 8s)"


def test_courts_cannot_be_built() -> None:
    assert build("Kc", "Kh", 10, "Kc", "Kh 10s") == "courts cannot be built: Kh Kc only pair with their own rank"


def test_scopa_has_no_builds() -> None:
    engine = CaptureEngine(load_rules("scopa"))
    deck = engine.deck
    error = build_error(engine, deck.index[Card.parse("2h")], Table(deck.mask([Card.parse("5c")])),
                        deck.mask([Card.parse("2h"), Card.parse("7s")]), 7, deck.mask([Card.parse("5c")]))
    assert error == "Scopa has no builds: a card captures or is laid down"


def test_a_build_is_taken_by_a_card_of_its_declared_value() -> None:
    s = rule_on_capture("cassino", "9d", "7s", take="5h 2c", builds=("7=5h,2c",))
    assert s.legal and [c.cards for c in s.captures] == [("2c", "5h")]


def test_a_build_of_fives_cannot_be_taken_with_a_ten() -> None:
    s = rule_on_capture("cassino", "", "10s", take="5h 5c", builds=("5=5h,5c",))
    assert s.trail and not s.legal
    assert s.reason == ("the build 5h 5c was declared as 5: only a card worth 5 takes it, and the 10s counts 10")


def test_a_build_is_taken_whole_or_not_at_all() -> None:
    s = rule_on_capture("cassino", "", "5s", take="5h", builds=("10=5h,5c",))
    assert not s.legal and s.reason == "5h is part of the build 5h 5c (worth 10): a build is taken whole or not at all"


def test_a_build_of_twos_is_extended_only_with_twos() -> None:
    # A multiple build never changes its value (pagat Casino).
    twos = (Build(2, mask("2h 2c"), 0),)
    assert build("", "2d", 2, "2h 2c", "2d 2s", twos) is None
    assert build("", "5d", 7, "2h 2c", "5d 7s", twos) == \
        "the build 2h 2c is a multiple build of 2s: its value can never change, so it cannot become 7"


def test_extending_a_build_keeps_its_value_and_joins_the_cards() -> None:
    sevens = (Build(7, mask("5h 2c"), 1),)
    table = Table(mask("4d"), sevens)
    assert build_error(ENGINE, idx("3s"), table, mask("3s 7h"), 7, mask("4d 5h 2c")) is None
    after = apply_build(table, idx("3s"), 7, mask("4d 5h 2c"), 0)
    assert after.loose == 0 and after.builds == (Build(7, mask("5h 2c 4d 3s"), 0),)


def test_a_build_is_made_on_table_cards() -> None:
    assert build("5c", "2h", 7, "", "2h 7s") == "a build is made on table cards: say which cards the 2h is laid on"


def test_a_ruling_kept_for_a_build_table_is_not_given_to_one_where_the_same_cards_lie_otherwise() -> None:
    # Rulings are kept by classes of cards (a 3, a build of 8); on both tables an 8 is asked about
    # the 5c and 3d: on the first they are the build of 8, taken whole; on the second the 3d lies
    # loose and the 5c is part of a build, which is taken whole or not at all.
    eight = idx("8s")
    first = Table(mask("3h"), (Build(8, mask("5c 3d"), 0),))
    second = Table(mask("3d"), (Build(8, mask("5c 3h"), 0),))
    for _ in range(2):  # the second time from what was kept
        taken = ENGINE.find(eight, first, mask("5c 3d"))
        assert taken is not None and taken.kind == "build"
        assert ENGINE.find(eight, second, mask("5c 3d")) is None
        taken = ENGINE.find(eight, second, mask("5c 3h"))
        assert taken is not None and taken.kind == "build"
    # The build and a loose 5 + 3 are two 8s taken together; with the 5c alone of the build, no capture.
    both = Table(mask("5h 3h"), (Build(8, mask("5c 3d"), 0),))
    for _ in range(2):
        taken = ENGINE.find(eight, both, mask("5c 3d 5h 3h"))
        assert taken is not None and taken.kind == "combined"
        assert ENGINE.find(eight, both, mask("5c 5h 3h")) is None
    # A build of another value is no capture of the 8, kept or not; an 8 takes the 5c and 3d loose.
    other = Table(mask("3h"), (Build(9, mask("5c 4d"), 0),))
    assert ENGINE.find(eight, other, mask("5c 4d")) is None and not ENGINE.can_capture(eight, other)
    assert ENGINE.can_capture(idx("8d"), Table(mask("5c 3d")))
