"""Paths taken for speed (issue 9) against what they stand in for: the rule set's dataclasses made
with one generated method (``scorekeeper._frozen``) against the standard frozen dataclass, JSON read by
the C scanner straight away against ``JSONDecoder.decode``, and ``split_deck`` on identities
against a plain reading of the partition."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import DECKS, Card
from scorekeeper.documents import _DECODER, _WIDE_DECODER, DocumentError, load_json
from scorekeeper.rules import ruleset
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.plain import from_plain, to_plain
from scorekeeper.scoring.piles import split_deck

PARTS = [value for value in vars(ruleset).values()
         if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == ruleset.__name__]


def _standard(cls: type) -> type:
    """The same fields in a class made by the standard decorator, frozen and keyword-only.

    Each field is a new one: make_dataclass takes over a Field it is given (its type becomes Any),
    and the rule set's own fields must keep their types for pydantic and the JSON schema."""
    def copy(f: dataclasses.Field[Any]) -> Any:
        return dataclasses.field(default=f.default, default_factory=f.default_factory)

    return dataclasses.make_dataclass(cls.__name__, [(f.name, Any, copy(f)) for f in dataclasses.fields(cls)],
                                      frozen=True, kw_only=True)


@pytest.mark.parametrize("game", ["scopa", "cassino", "cirulla", "kasino"])
def test_a_rule_set_rebuilt_from_its_stored_data_is_equal_to_it(game: str) -> None:
    rules = load_rules(game)
    again = from_plain(json.loads(json.dumps(to_plain(rules))))
    assert again == rules and again is not rules
    assert dataclasses.replace(again, id="other") != rules
    assert load_rules("scopa") != load_rules("cassino")


@pytest.mark.parametrize("cls", PARTS, ids=lambda cls: cls.__name__)
def test_each_part_of_a_rule_set_shows_compares_and_refuses_changes_as_a_frozen_dataclass_does(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = {f.name: f"x{i}" for i, f in enumerate(fields)}
    ours, standard = cls(**values), _standard(cls)(**values)
    assert repr(ours) == repr(standard)
    assert hash(ours) == hash(standard)  # the values are strings: both hash their fields' values
    assert ours == cls(**values) and ours != cls(**{**values, fields[0].name: "y"})
    assert ours.__eq__(standard) is NotImplemented
    def assign(obj: object) -> None:
        setattr(obj, fields[0].name, "y")

    def add(obj: object) -> None:
        obj.other = 1  # type: ignore[attr-defined]

    def delete(obj: object) -> None:
        delattr(obj, fields[0].name)

    for change in (assign, add, delete):
        with pytest.raises(dataclasses.FrozenInstanceError) as ours_refused:
            change(ours)
        with pytest.raises(dataclasses.FrozenInstanceError) as standard_refused:
            change(standard)
        assert str(ours_refused.value) == str(standard_refused.value)
    assert getattr(ours, fields[0].name) == "x0"


def test_a_missing_field_of_a_rule_set_part_is_named_as_the_standard_init_names_it() -> None:
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'kind'"):
        ruleset.MostCategory(id="cards")  # type: ignore[call-arg]


def _own_init_values() -> list[tuple[Any, Any, str]]:
    """One value of each class that writes its own ``__init__``, another equal to it, and its repr."""
    from scorekeeper.cards import Rank, Suit

    deck = DECKS["italian-40"]
    card = Card(Rank.SEVEN, Suit.DIAMONDS)
    return [
        (card, Card.parse("7d"), "Card.parse('7d')"),
        (deck.cardset(5), deck.cardset(5), f"CardSet(deck={deck!r}, mask=5)"),
    ]


@pytest.mark.parametrize(("value", "same", "shown"), _own_init_values())
def test_a_class_writing_its_own_init_behaves_as_a_frozen_dataclass(value: Any, same: Any, shown: str) -> None:
    import copy
    import pickle

    assert value == same and hash(value) == hash(same) and repr(value) == shown
    assert value.__eq__(object()) is NotImplemented
    assert dataclasses.replace(value) == value
    if "deck=" not in shown:  # a copied card set holds a copied deck, equal only to itself
        assert pickle.loads(pickle.dumps(value)) == value and copy.deepcopy(value) == value
    first = dataclasses.fields(value)[0].name
    for change in (lambda: setattr(value, first, 0), lambda: delattr(value, first), lambda: setattr(value, "x", 1)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert getattr(value, first) == getattr(same, first)


def _written_inits() -> list[type]:
    """Every dataclass of the package that writes its own ``__init__``."""
    import importlib
    import pkgutil

    import scorekeeper

    found = []
    for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if info.name.startswith(("scorekeeper.web", "scorekeeper.cli", "scorekeeper.__main__")):
            continue
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, type) and value.__module__ == info.name and dataclasses.is_dataclass(value) \
                    and "<string>" not in value.__init__.__code__.co_filename and "_frozen" not in \
                    value.__init__.__code__.co_filename:
                found.append(value)
    return found


WRITTEN = _written_inits()


def test_the_classes_writing_their_init_are_found() -> None:
    names = {cls.__name__ for cls in WRITTEN}
    assert {"Card", "Deck", "CardSet", "HandResult", "PileText",
            "Replayed", "MatchRow"} <= names


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda cls: cls.__name__)
def test_a_written_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    import inspect

    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, f in zip(parameters, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert parameter.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert parameter.default is None, f.name  # None stands for a new one
        else:
            assert parameter.default is inspect.Parameter.empty, f.name
    if cls.__name__ in ("Card", "Deck"):
        return  # they read their fields on the way in: shown above and in test_cards
    missing = dataclasses.MISSING
    required = [object() for f in fields if f.default is missing and f.default_factory is missing]
    one, two = cls(*required), cls(*required)
    for f in fields:  # a new list or dict where the field's factory would make one
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(one, f.name) == f.default_factory() and getattr(one, f.name) is not getattr(two, f.name)


def test_a_deck_compares_by_identity_as_its_standard_dataclass_did() -> None:
    from scorekeeper.cards import Deck

    deck = DECKS["italian-40"]
    again = Deck(deck.id, deck.ranks, deck.lacks, deck.pack)
    assert again != deck and again.cards == deck.cards and again.index == deck.index
    assert {deck: 1}[deck] == 1 and hash(deck) == object.__hash__(deck)
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.id = "x"  # type: ignore[misc]


def _as_decode_reads(text: str, long_integers: bool) -> tuple[str, Any]:
    """What load_json gave before the scanner was called directly: decode, or its words."""
    try:
        return "value", (_WIDE_DECODER if long_integers else _DECODER).decode(text)
    except json.JSONDecodeError as exc:
        return "error", f"f:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}"
    except ValueError as exc:
        return "error", f"f: not valid JSON: {exc}"


JSONISH = st.text(alphabet='{}[]:,"ab019-.eE \\nutNaIfy', max_size=24)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(text=st.one_of(JSONISH, st.builds(json.dumps, st.recursive(
    st.none() | st.booleans() | st.integers(-10**17, 10**17) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8))), long_integers=st.booleans())
def test_json_read_by_the_scanner_is_what_decode_reads_or_refuses(text: str, long_integers: bool) -> None:
    try:
        got: tuple[str, Any] = ("value", load_json(text, "f", long_integers=long_integers))
    except DocumentError as exc:
        got = ("error", str(exc))
    if "\\u" in text and got[0] == "error" and "lone surrogate" in got[1]:
        return  # refused before any parse, as before
    assert got == _as_decode_reads(text, long_integers)


@pytest.mark.parametrize(("text", "message"), [
    ("[1234567890123456]", "f: not valid JSON: the number 1234567890123456... is too large"),
    ("[-1234567890123456]", "f: not valid JSON: the number -1234567890123456... is too large"),
    ('{"a": 1} x', "f:1:10: not valid JSON: Extra data"),
    ("[NaN]", "f: not valid JSON: NaN is not a number"),
])
def test_a_number_too_long_trailing_text_and_nan_are_refused_with_the_same_words(text: str, message: str) -> None:
    with pytest.raises(DocumentError) as refused:
        load_json(text, "f")
    assert str(refused.value) == message
    assert load_json(" [123456789012345] \n", "f") == [123456789012345]


def _plain_split(deck_id: str, groups: list[list[Card]]) -> tuple[Any, ...]:
    deck = DECKS[deck_id]
    seen: dict[Card, int] = {}
    masks, foreign, repeated = [0] * len(groups), [], []
    for i, group in enumerate(groups):
        for card in group:
            if card not in deck.cards:
                foreign.append((i, card))
            elif card in seen:
                repeated.append((i, card, seen[card]))
            else:
                seen[card] = i
                masks[i] |= 1 << deck.cards.index(card)
    placed = sum(1 << deck.cards.index(c) for c in seen)
    return tuple(masks), tuple(foreign), tuple(repeated), deck.full & ~placed


# The deck's own card objects, and equal ones made anew (as notation makes them).
ANY_CARD = st.tuples(st.sampled_from(DECKS["french-52"].cards), st.booleans()).map(
    lambda pair: Card.parse(str(pair[0])) if pair[1] else pair[0])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(deck_id=st.sampled_from(sorted(DECKS)), groups=st.lists(st.lists(ANY_CARD, max_size=30), max_size=4))
def test_split_deck_by_identities_is_the_plain_partition(deck_id: str, groups: list[list[Card]]) -> None:
    split = split_deck(DECKS[deck_id], groups)
    assert (split.masks, split.foreign, split.repeated, split.unplaced) == _plain_split(deck_id, groups)


def test_the_engine_values_are_immutable_named_tuples_equal_by_value() -> None:
    """Table, Build and Capture are named tuples (every play makes a Table): equal by value,
    hashable (kept as keys), and no field can be changed in place."""
    from scorekeeper.play.capture import Build, Capture, Table

    table = Table(5, (Build(7, 3, 1),))
    same = Table(loose=5, builds=(Build(value=7, mask=3, owner=1),))
    assert table == same and hash(table) == hash(same)
    assert table.mask == 7 and Table().mask == 0
    assert repr(Capture(3, "sum", False)) == "Capture(mask=3, kind='sum', sweep=False)"
    with pytest.raises(AttributeError):
        table.loose = 0  # type: ignore[misc]
