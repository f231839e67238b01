"""Putting back the hand an undo withdrew: the pages' one-tap redo.

An undo keeps the withdrawn hand in the history, ended by the undo's event. While that undo is the
match's latest change, the hand can be stored again exactly as it was counted (its piles, points,
notes and problems), as a new ``add`` event that names the undo it reverses; the trail keeps both.
Once anything else happened to the match, the hand is entered again like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.history.matches import Match, match_from_row, points_of, with_hand
from scorekeeper.history.rows import HandRow
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.match.ending import MatchError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): a quicker start
    from scorekeeper._frozen import dataclass

#: A stored hand's columns, as ``hand_columns`` gives them.
_COLUMNS = ("sides", "typed", "categories", "match_winner", "problems", "forced")  # not for players: columns


@dataclass(frozen=True)
class Withdrawn:
    """The hand the latest undo withdrew: its number, each side's points, the piles as typed, and its
    sweeps (empty for a hand entered from points alone)."""

    number: int
    points: dict[str, int]
    piles: dict[str, str]
    sweeps: dict[str, int]


@dataclass(frozen=True)
class Redone:
    """A hand put back: its number, the match after it, and the event that stored it (its version)."""

    number: int
    match: Match
    changed: int


def _undone_row(match: Match, changed: int) -> HandRow | None:
    # The latest event (``changed``) ended a hand whose number is the next one: only an undo does
    # that (an edit ends a hand and stores another of the same number, still live).
    number = match.state.hands + 1
    hands: list[HandRow] = match.row.hands
    for hand in hands[::-1]:
        if hand.ended_by == changed and hand.number == number:
            return hand
    return None


def withdrawn_hand(match: Match, changed: int) -> Withdrawn | None:
    """The hand the match's latest change withdrew by an undo, if that is its latest change (``changed``
    is the match's version, as ``current_match`` reads it); else None: there is nothing to put back."""
    row = _undone_row(match, changed)
    if row is None:
        return None
    hand = points_of(row, {})
    points = {side: hand.total(side) for side in row.sides}
    typed = row.typed
    piles = {str(k): str(v) for k, v in typed.get("piles", {}).items()}  # not for players: a hand-file key
    sweeps = {str(k): int(v) for k, v in typed.get("sweeps", {}).items() if v}  # not for players: a hand-file key
    return Withdrawn(row.number, points, piles, sweeps)


def redo(store: Store, ref: str, number: int) -> Redone:
    """Store hand ``number`` again as it was before the undo that withdrew it, if that undo is still the
    match's latest change (two phones tapping it together put it back once; the second is told so)."""
    with store.write():
        match = match_from_row(store.load(store.find(ref)))
        changed = store.summary(match.id)["changed"]
        row = _undone_row(match, changed)
        if row is None or row.number != number:
            raise MatchError(_("Hand {number} of match {id} cannot be put back: the match changed since it was "
                               "withdrawn. Enter it again if it is missing.").format(number=number, id=match.id))
        event = store.insert_event(match.id, "add", number, {"redone": changed})  # not for players: a key
        columns = dict(zip(_COLUMNS, (list(row.sides), row.typed, row.categories, row.match_winner,
                                      list(row.problems), row.forced), strict=True))
        hand_id = store.insert_hand(match.id, number, columns, event)
        after = with_hand(store, match, hand_id, number, columns, event)
    return Redone(number, after, event)

