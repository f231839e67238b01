"""A hand entered by categories, as an Italian score pad takes it: which side took each category and
how many sweeps each made, no card typed.

This sits between points alone and every card. What can be checked is: one side per category, the
sweeps within what a hand of the game allows, and the cards the ticks imply (a card category, a set,
the run of a napola) held by one side only, so a napola of seven coins and the settebello cannot go
to two sides. What cannot be checked (who had most cards) is taken as ticked.

The points come from the rule set's own scorers, each given the least pile that takes its category
(the category's cards to the side that took it, nothing to the others): the count is the engine's,
not a second copy of the rules. Every face calls ``ticked_categories`` (``history.by_categories``
stores its result); the CLI reads its texts with ``read_ticks``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.cards import Card, Deck, Rank, Suit, bits_of
from scorekeeper.errors import InputErrors
from scorekeeper.i18n import _
from scorekeeper.match.ending import MatchSettings
from scorekeeper.match.hand import side_lookup
from scorekeeper.rules.ruleset import Category
from scorekeeper.scoring.bounds import most_declared, most_sweeps
from scorekeeper.scoring.categories import selection_mask
from scorekeeper.scoring.count import build_scorer

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen)
    from scorekeeper._frozen import dataclass

#: The kinds a side takes whole (one side each); the others take a count per side.
_WHOLE = ("most", "card", "primiera", "set", "sequence")  # not for players: category kinds
_COUNTED = ("each", "declared")  # not for players: category kinds


@dataclass(frozen=True)
class Ticks:
    """What was ticked: for each category id, the sides that took it with a count (1 for a plain tick,
    the run's length for a sequence, the cards or declarations for a category counted per card), and
    the sweeps per side."""

    took: Mapping[str, Mapping[str, int]]
    sweeps: Mapping[str, int]


@dataclass(frozen=True)
class TickedHand:
    """A hand counted from its ticks: each category's points per side in count order, and the
    category and side that win the match outright (a napoleone), if any."""

    sides: tuple[str, ...]
    categories: tuple[tuple[str, tuple[int, ...]], ...]
    match_winner: tuple[str, str] | None

    @property
    def points(self) -> dict[str, int]:
        """Each side's points for the hand."""
        return {side: sum(points[i] for _cid, points in self.categories) for i, side in enumerate(self.sides)}


def tickable(settings: MatchSettings) -> list[Category]:
    """The categories a hand of the match can be ticked in: those it counts, sweeps aside."""
    return [c for c in settings.rules.categories
            if (not c.optional or c.id in settings.enabled) and c.kind in (*_WHOLE, *_COUNTED)]


def read_ticks(took: Sequence[str], sweeps: Sequence[str], settings: MatchSettings) -> Ticks:
    """``--took CATEGORY=SIDE`` (``CATEGORY=SIDE:N`` for a run's length or a count) and ``--sweeps
    SIDE=N`` texts, names resolved as the match knows them; every bad text reported together."""
    names = side_lookup(settings)
    ids = {c.id.casefold(): c for c in tickable(settings)}
    ids.update({c.title.casefold(): c for c in tickable(settings)})
    errors: list[str] = []
    ticks: dict[str, dict[str, int]] = {}
    for text in took:
        name, sep, rest = text.partition("=")
        side_text, colon, count_text = rest.partition(":")
        category = ids.get(name.strip().casefold())
        side = names.get(side_text.strip().casefold())
        if not sep or not name.strip() or not side_text.strip():
            errors.append(_("--took {text}: write it CATEGORY=SIDE, like cards=Anna").format(text=repr(text)))
        elif category is None:
            errors.append(_("--took {text}: {name} is not a category this match counts by ticks ({ids})").format(
                text=repr(text), name=repr(name.strip()), ids=", ".join(c.id for c in tickable(settings))))
        elif side is None:
            errors.append(_("--took {text}: no such side in this match (sides: {sides})").format(
                text=repr(text), sides=", ".join(settings.side_names)))
        elif colon and not (count_text.strip().isascii() and count_text.strip().isdigit()
                            and len(count_text.strip()) <= 4):
            errors.append(_("--took {text}: {count} is not a whole number").format(
                text=repr(text), count=repr(count_text.strip())))
        elif category.kind in _WHOLE and ticks.get(category.id) and side not in ticks[category.id]:
            other = next(iter(ticks[category.id]))
            errors.append(_("--took {text}: {category} was ticked for {other} already; one side takes it").format(
                text=repr(text), category=category.title, other=other))
        elif side in ticks.get(category.id, {}):
            errors.append(_("--took {text}: {category} was ticked for {side} already").format(
                text=repr(text), category=category.title, side=side))
        else:
            ticks.setdefault(category.id, {})[side] = int(count_text) if colon else _plain_count(category)
    counted: dict[str, int] = {}
    for text in sweeps:
        name, sep, value = text.partition("=")
        side = names.get(name.strip().casefold())
        if not sep or side is None or not (value.strip().isascii() and value.strip().isdigit()) \
                or len(value.strip()) > 4:
            errors.append(_("--sweeps {text}: write it SIDE=N with a side of this match (sides: {sides})").format(
                text=repr(text), sides=", ".join(settings.side_names)))
        else:
            counted[side] = int(value)
    if errors:
        raise InputErrors(errors)
    return Ticks(ticks, counted)


def _plain_count(category: Category) -> int:
    """What a tick with no count means: the shortest run that scores for a sequence, else one."""
    return int(getattr(category, "min_length", 1))  # not for players: an attribute


def ticked_categories(ticks: Ticks, settings: MatchSettings, playing: tuple[str, ...]) -> TickedHand:
    """Count a ticked hand played by ``playing`` with the rule set's scorers; every problem that can be
    seen without the cards is reported together (InputErrors)."""
    rules = settings.rules
    deck = rules.cards
    errors = _outsiders(ticks, playing)
    errors += _sweep_problems(ticks.sweeps, settings, playing)
    held: dict[int, tuple[str, str]] = {}  # a card's bit -> the side the ticks give it, and why
    zeros = (0,) * len(playing)
    categories: list[tuple[str, tuple[int, ...]]] = []
    winner: tuple[str, str] | None = None
    for spec in settings.rules.categories:
        if spec.optional and spec.id not in settings.enabled:
            continue
        scorer = build_scorer(spec, deck)
        took = {s: n for s, n in ticks.took.get(spec.id, {}).items() if s in playing}
        sweeps = tuple(ticks.sweeps.get(s, 0) for s in playing)
        if spec.kind == "sweeps":
            scored = scorer.score(zeros, sweeps, zeros)
        elif spec.kind == "declared":
            top = most_declared(rules, len(playing))
            errors += [_("--took {category}={side}:{count}: more than a hand allows (at most {most})").format(
                category=spec.id, side=s, count=n, most=top) for s, n in took.items() if n > top]
            scored = scorer.score(zeros, zeros, tuple(took.get(s, 0) for s in playing))
        else:  # a kind taken whole, or each: the kinds left (every category is of _WHOLE or _COUNTED)
            if spec.kind == "each" and sum(took.values()) > selection_mask(spec.select, deck).bit_count():
                errors.append(_("--took {category}: {count} cards in all, more than the {most} it counts").format(
                    category=spec.id, count=sum(took.values()), most=selection_mask(spec.select, deck).bit_count()))
            piles = []
            for side in playing:
                mask = _least_pile(spec, took.get(side, 0), deck, errors) if side in took else 0
                for bit in bits_of(mask) if spec.kind in ("card", "set", "sequence") else ():
                    if bit in held and held[bit][0] != side:
                        errors.append(_("{category} to {side} needs {card}, which {other} holds for {why}").format(
                            category=spec.title, side=side, card=deck.cards_in(bit)[0], other=held[bit][0],
                            why=held[bit][1]))
                    held.setdefault(bit, (side, spec.title))
                piles.append(mask)
            scored = scorer.score(tuple(piles), zeros, zeros)
        categories.append((spec.id, tuple(scored.points)))
        taker = scorer.match_taker(scored)
        if taker is not None and winner is None:
            winner = (spec.id, playing[taker])
    if errors:
        raise InputErrors(errors)
    return TickedHand(playing, tuple(categories), winner)


def _outsiders(ticks: Ticks, playing: tuple[str, ...]) -> list[str]:
    sides = {s for took in ticks.took.values() for s in took} | set(ticks.sweeps)
    return [_("{side} does not play this hand (it is played by {sides})").format(side=s, sides=", ".join(playing))
            for s in sorted(sides - set(playing))]


def _sweep_problems(sweeps: Mapping[str, int], settings: MatchSettings, playing: tuple[str, ...]) -> list[str]:
    """Sweeps beyond what one side can make in a hand of the game (``scoring.bounds``)."""
    most = most_sweeps(settings.rules, len(playing))
    return [_("--sweeps {side}={count}: more than a side can make in a hand of {rules} (at most {most})").format(
        side=s, count=n, rules=settings.rules.id, most=most) for s, n in sweeps.items() if n > most]


def _least_pile(spec: Category, count: int, deck: Deck, errors: list[str]) -> int:
    """The fewest cards that take ``spec`` for the side that ticked it (``count``: a run's length,
    or how many cards of a category counted per card)."""
    if spec.kind == "card":
        return deck.bit(Card.parse(spec.card))
    if spec.kind in ("most", "set", "each"):
        mask = selection_mask(spec.select, deck)
        if spec.kind != "each":
            return mask
        special = sum(deck.bit(Card.parse(t)) for t in spec.card_points)
        cards = [b for b in bits_of(mask) if not b & special]
        if special or count > len(cards):
            errors.append(_("--took {category}:{count}: give how many of its {most} cards, no more").format(
                category=spec.id, count=count, most=len(cards)) if not special else
                _("{category} gives some cards other points: type the cards, not a tick").format(category=spec.title))
            return 0
        return sum(cards[:count])
    if spec.kind == "sequence":
        suit = Suit(spec.suit)
        ranks = deck.ranks[deck.ranks.index(Rank(spec.start)):]
        if not spec.min_length <= count <= len(ranks):
            errors.append(_("--took {category}:{count}: a run of {least} to {most} cards").format(
                category=spec.id, count=count, least=spec.min_length, most=len(ranks)))
            return 0
        return deck.mask(Card(r, suit) for r in ranks[:count])
    return deck.full  # primiera, the kind left: every suit's best card, the least pile that wins it whatever the values
