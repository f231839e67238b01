"""Hands entered by categories (``match.by_categories``): stored with the categories' points and a
mark, ``BY_CATEGORIES``, a category of no points whose label says the cards were not checked, so
every sheet, export and figure that lists a hand's categories says so too.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.history.matches import match_from_row, with_hand
from scorekeeper.history.points_only import PointsEntered
from scorekeeper.history.rows import BY_CATEGORIES
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.match.by_categories import Ticks, read_ticks, ticked_categories
from scorekeeper.match.ending import MatchError


def add_ticked_hand(store: Store, ref: str | None, ticks: Ticks | None = None, *, took: Sequence[str] = (),
                    sweeps: Sequence[str] = (), expected_number: int | None = None) -> PointsEntered:
    """Store the match's next hand from the categories each side took and its sweeps: ``ticks`` as a
    page gives them, or ``took`` and ``sweeps`` as the command line does (``--took cards=Anna``)."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        if match.state.finished:
            raise MatchError(_("match {id} is over ({why}); undo or edit a hand to change that").format(
                id=match.id, why=match.state.reason))
        number = match.state.hands + 1
        if expected_number is not None and expected_number != number:
            raise MatchError(_("hand {number} of match {id} was not stored: the next hand is {next} (another "
                               "player may have entered this one already)").format(
                                   number=expected_number, id=match.id, next=number))
        playing = match.state.next_sides
        ticks = ticks or read_ticks(took, sweeps, match.settings)
        hand = ticked_categories(ticks, match.settings, playing)
        event = store.insert_event(match.id, "add", number, {"by_categories": True})  # not for players: a key
        typed = {"by_categories": {"took": {cid: dict(sides) for cid, sides in ticks.took.items()},  # not for players
                                   "sweeps": dict(ticks.sweeps)}}
        columns = {"sides": list(playing), "typed": typed, "problems": [], "forced": False,
                   "match_winner": list(hand.match_winner) if hand.match_winner else None,  # not for players: a key
                   "categories": [[cid, list(points)] for cid, points in hand.categories]
                   + [[BY_CATEGORIES, [0] * len(playing)]]}
        hand_id = store.insert_hand(match.id, number, columns, event)
        after = with_hand(store, match, hand_id, number, columns, event)
    return PointsEntered(number, hand.points, after, event)
