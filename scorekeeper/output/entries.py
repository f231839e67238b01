"""How a hand's kind of entry is marked wherever hands are listed in rows (the HTML sheet).

Most hands are entered pile by pile and checked card by card; a hand entered another way (from its
points alone, or by which side took each category) is marked in its rows, so a reader of the
club's sheet knows which hands the cards were not checked for. The one place a kind of entry gets
its mark is ``_MARKS``: a new kind adds its key (found by ``entry_kind``) and its words there.
"""

from __future__ import annotations

from scorekeeper.history.rows import BY_CATEGORIES, POINTS_ONLY
from scorekeeper.i18n import N_, translated
from scorekeeper.match.ending import HandPoints

#: Each kind of entry other than piles checked card by card: its words in a hand's row.
_MARKS = {POINTS_ONLY: N_("points only: no cards checked"),
          BY_CATEGORIES: N_("by categories, cards not checked")}


def entry_kind(hand: HandPoints) -> str | None:
    """The kind of entry of a hand that was not entered pile by pile (a key of ``_MARKS``), else None."""
    ids = hand.ids
    for kind in _MARKS:
        if kind in ids:
            return kind
    return None


def entry_mark(hand: HandPoints) -> str:
    """The words that mark a hand's rows by its kind of entry, in the language in use ('' for piles)."""
    kind = entry_kind(hand)
    return translated(_MARKS[kind]) if kind is not None else ""
