"""Hands entered from points alone, as a score pad takes them when nobody kept the piles.

Such a hand has no piles to check: its points are stored under one category, ``POINTS_ONLY``,
whose label says it is unverified, so every sheet and export that shows categories or notes says
so too. The points are bounded by what one hand of the game can give (see ``most_points``), as
typed sweeps and declarations are bounded by the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.errors import InputErrors
from scorekeeper.history.matches import Match, match_from_row, with_hand
from scorekeeper.history.rows import POINTS_ONLY
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.match.ending import MatchError, MatchSettings
from scorekeeper.match.hand import side_lookup

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): a quicker start
    from scorekeeper._frozen import dataclass

#: The digits a count may have: more is never a hand's points, and turning it into a number is wasted work.
_MOST_DIGITS = 15


@dataclass(frozen=True)
class PointsEntered:
    """A hand stored from points alone: its number, the points per side, and the match after it."""

    number: int
    points: dict[str, int]
    match: Match
    changed: int


def most_points(settings: MatchSettings) -> int:
    """The most points one side can take in one hand of the match's game, generously: every card of
    the deck counted for an ``each`` category, every possible sweep, a declaration per card, a
    tied point carried on ten times."""
    cards = len(settings.rules.cards.cards)
    total = 0
    for spec in settings.rules.categories:
        if spec.optional and spec.id not in settings.enabled:
            continue
        kind = getattr(spec, "kind", "")  # not for players: an attribute
        if kind == "each":
            each = getattr(spec, "card_points", {})  # not for players: an attribute
            total += max([spec.points, *each.values()]) * cards
        elif kind == "sweeps":
            total += spec.points * (cards // 2)
        elif kind in ("declared", "sequence"):
            total += spec.points * cards
        elif getattr(spec, "ties", "") == "carry":
            total += spec.points * 10
        else:
            total += spec.points
    return total


def read_points(texts: Sequence[str], settings: MatchSettings, playing: tuple[str, ...]) -> dict[str, int]:
    """``--points SIDE=N`` for each side that plays the hand, in seating order; every problem reported."""
    names = side_lookup(settings)
    most = most_points(settings)
    points: dict[str, int] = {}
    errors: list[str] = []
    for text in texts:
        name, sep, value = text.partition("=")
        word = value.strip()
        side = names.get(name.strip().casefold())
        if not sep or not name.strip():
            errors.append(_("--points {text}: write it SIDE=POINTS").format(text=repr(text)))
        elif side is None:
            errors.append(_("--points {text}: no such side in this match (sides: {sides})").format(
                text=repr(text), sides=", ".join(settings.side_names)))
        elif side in points:
            errors.append(_("--points {text}: {side} already has its points in this hand").format(
                text=repr(text), side=side))
        elif not (word.isascii() and word.isdigit()):
            errors.append(_("--points {text}: {value} is not a whole number of points (0 or more)").format(
                text=repr(text), value=repr(word)))
        elif len(word.lstrip("0")) > _MOST_DIGITS or int(word) > most:
            errors.append(_("--points {text}: more than one hand of {rules} can give (at most {most})").format(
                text=repr(text[:40]), rules=settings.rules.id, most=most))
        else:
            points[side] = int(word)
    missing = [s for s in playing if s not in points and not errors]
    if missing:
        errors.append(_("--points: no points for {sides}; give --points SIDE=N for each side that played "
                        "(0 for none)").format(sides=", ".join(missing)))
    outsiders = [s for s in points if s not in playing]
    if outsiders:
        errors.append(_("--points {side}: only {sides} play this playoff hand").format(
            side=outsiders[0], sides=", ".join(playing)))
    if errors:
        raise InputErrors(errors)
    return {s: points[s] for s in playing}


def add_points_hand(store: Store, ref: str | None, texts: Sequence[str]) -> PointsEntered:
    """Store the match's next hand from points alone (``--points SIDE=N`` each), marked unverified."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        if match.state.finished:
            raise MatchError(_("match {id} is over ({why}); undo or edit a hand to change that").format(
                id=match.id, why=match.state.reason))
        playing = match.state.next_sides
        points = read_points(texts, match.settings, playing)
        number = match.state.hands + 1
        event = store.insert_event(match.id, "add", number, {"points_only": True})  # not for players: a key
        columns = {"sides": list(playing), "typed": {"points": points}, "problems": [], "forced": False,
                   "match_winner": None,  # not for players: a key
                   "categories": [[POINTS_ONLY, [points[s] for s in playing]]]}
        hand_id = store.insert_hand(match.id, number, columns, event)
        after = with_hand(store, match, hand_id, number, columns, event)
    return PointsEntered(number, points, after, event)
