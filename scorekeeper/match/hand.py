"""A hand typed for a match: names resolved to the match's sides, counted under its rule set.

A team may be named in a hand by its full name (``Anna+Bruno``) or by any of its players, in any
letter case; the piles are put in the order the sides sit. What was typed is kept as a plain
mapping in the shape of a hand file, so the history can always show (and re-read) what was entered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorekeeper._words import and_list
from scorekeeper.errors import HandError
from scorekeeper.i18n import _
from scorekeeper.match.ending import CategoryPoints, HandPoints, MatchError, MatchSettings
from scorekeeper.scoring.count import Counter, HandResult
from scorekeeper.scoring.hand import HandSpec, hand_from_mapping

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): less at every start of a history command
    from scorekeeper._frozen import dataclass


@dataclass(frozen=True)
class CountedHand:
    """A typed hand, counted: the full result, the points the history keeps, and what was typed."""

    result: HandResult
    points: HandPoints
    typed: dict[str, Any]


def wrong_claims(result: HandResult) -> list[str]:
    """The sides whose claimed total the count does not bear out."""
    return [s for s, n in result.claims.items() if n != result.totals[result.sides.index(s)]]


def only_claims_wrong(result: HandResult) -> bool:
    """Whether wrong claims are all that is wrong with a hand: the count itself stands, and the hand
    can be stored as counted with the claims noted (a claim's problem is the last a count adds)."""
    wrong = wrong_claims(result)
    return bool(wrong) and len(wrong) == len(result.problems)


def side_lookup(settings: MatchSettings) -> dict[str, str]:
    """Every name a side may be called by (its name, its players), folded, to the side's name."""
    names: dict[str, str] = {}
    for side in settings.sides:
        for name in (side.name, *side.players):
            names[name.casefold()] = side.name
    return names


def _fact(what: str, name: str) -> str:
    """How a message names a fact typed for a side (``what`` is its hand-file key)."""
    if what == "piles":
        return _("pile of {side}").format(side=repr(name))
    if what == "sweeps":
        return _("sweeps of {side}").format(side=repr(name))
    if what == "declared":
        return _("declared of {side}").format(side=repr(name))
    return _("claim of {side}").format(side=repr(name))


def _resolve(names: Mapping[str, str], settings: MatchSettings, what: str, name: str) -> str:
    found = names.get(name.strip().casefold())
    if found is None:
        raise HandError(_("{fact}: no such side in this match (sides: {sides})").format(
            fact=_fact(what, name), sides=", ".join(settings.side_names)))
    return found


def resolve(spec: HandSpec, settings: MatchSettings, playing: tuple[str, ...]) -> HandSpec:
    """The spec with every side named as the match names it, its piles in seating order."""
    if spec.rules is not None and spec.rules != settings.rules.id:
        raise MatchError(_("the hand names rules {rules}, but this match is played under {match_rules}").format(
            rules=repr(spec.rules), match_rules=settings.rules.id))
    names = side_lookup(settings)
    piles: dict[str, tuple[str, str]] = {}
    for name, pile in spec.piles.items():
        side = _resolve(names, settings, "piles", name)
        if side in piles:
            raise HandError(_("pile of {name}: {side} already has a pile in this hand").format(
                name=repr(name), side=side))
        piles[side] = pile
    outsiders = [s for s in piles if s not in playing]
    if outsiders:
        raise MatchError(_("pile of {side}: only {sides} play this playoff hand").format(
            side=outsiders[0], sides=and_list(playing)))
    if spec.options:
        option_id = next(iter(spec.options))
        place = spec.where.get(("option", option_id)) or _("option {id}").format(id=option_id)
        raise MatchError(_("{place}: a match's options are chosen when it starts (match new --option); "
                           "this hand cannot change them").format(place=place))
    missing = [s for s in playing if s not in piles]
    if missing:
        raise HandError(_("no pile for {sides}: each side that plays the hand needs one "
                          "(--pile SIDE=CARDS, or 'rest' for the cards nobody else took)").format(
            sides=and_list(missing)))

    def counts(mapping: Mapping[str, Any], what: str) -> dict[str, Any]:
        return {_resolve(names, settings, what, name): value for name, value in mapping.items()}

    return replace(spec, piles={s: piles[s] for s in playing}, sweeps=counts(spec.sweeps, "sweeps"),
                   declared=counts(spec.declared, "declared"), claims=counts(spec.claims, "claims"),
                   enabled=tuple(dict.fromkeys((*settings.enabled, *spec.enabled))), rules=None)


def kept_from(spec: HandSpec, typed: Mapping[str, Any], settings: MatchSettings, source: str) -> HandSpec:
    """A hand typed again over a stored one (``typed``, as ``typed_record`` keeps it): what the new one
    does not say keeps its old value: each side's pile, the sweeps and the declarations (given at all,
    they are given anew, for every side), the optional categories, the suit letters. A claim is
    checked anew, so an old one is not carried over."""
    if "piles" not in typed:  # a hand stored from points or by categories: nothing to keep
        return spec
    old = hand_from_mapping(typed, source)  # its claims are read, never used: the new spec's stand
    names = side_lookup(settings)

    def own(mapping: Mapping[str, Any]) -> dict[str, Any]:
        return {names.get(name.strip().casefold(), name): value for name, value in mapping.items()}

    return replace(spec, piles={**own(old.piles), **own(spec.piles)}, sweeps=spec.sweeps or old.sweeps,
                   declared=spec.declared or old.declared, enabled=tuple(dict.fromkeys((*old.enabled, *spec.enabled))),
                   italian_suits=old.italian_suits if spec.italian_suits is None else spec.italian_suits,
                   spanish=old.spanish if spec.italian_suits is None else spec.spanish,
                   where={**old.where, **spec.where})


def typed_record(spec: HandSpec) -> dict[str, Any]:
    """What was typed, as a hand-file mapping (``hand_from_mapping`` reads it back)."""
    record: dict[str, Any] = {"piles": {side: text for side, (text, _) in spec.piles.items()}}
    if spec.sweeps:
        record["sweeps"] = dict(spec.sweeps)
    if any(spec.declared.values()):
        record["declared"] = {s: dict(d) for s, d in spec.declared.items() if d}
    if spec.claims:
        record["claims"] = dict(spec.claims)
    if spec.enabled:
        record["with"] = list(spec.enabled)
    if spec.italian_suits:
        record["suit_letters"] = "spanish" if spec.spanish else "italian"  # not for players: a hand-file key
    return record


def count_for(settings: MatchSettings, playing: tuple[str, ...], spec: HandSpec,
              counter: Counter | None = None) -> CountedHand:
    """Resolve and count a typed hand played by ``playing``."""
    spec = resolve(spec, settings, playing)  # sweeps and declarations beyond the game's bounds: Counter.score
    counter = counter or Counter(settings.rules)
    result = counter.score(spec.entry(settings.rules.cards))
    categories = tuple(CategoryPoints(c.id, c.label, tuple(c.points)) for c in result.categories)
    winner = None
    if result.match_winner is not None:
        cid = next(c.id for c in result.categories if c.scorer.match_taker(c.scored) is not None)
        winner = (cid, result.match_winner)
    points = HandPoints(result.sides, categories, winner, tuple(result.problems))
    return CountedHand(result, points, typed_record(spec))
