"""The history's rows as plain values: a stored match with its hands and claims.

A hand's categories are stored packed (see ``pack_categories``): reading a history of 100,000
hands spends most of its time decoding them.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a dataclass that compiles no method (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass


def pack_categories(categories: list[list[Any]]) -> list[list[Any]]:
    """``[[id, points], ...]`` as stored: ``[[ids...], [points of each category, side by side...]]``.

    Two flat lists decode several times faster than one small list per category, which is what
    exporting a history of 100,000 hands spends most of its time on.
    """
    return [[c[0] for c in categories], [p for c in categories for p in c[1]]]


def unpack_categories(packed: list[list[Any]], sides: int) -> list[list[Any]]:
    """The stored form back as ``[[id, points], ...]``."""
    ids, flat = packed
    return [[cid, flat[n * sides:(n + 1) * sides]] for n, cid in enumerate(ids)]


#: A match's status besides "" (as played): given up before its end, or hidden from every listing.
ABANDONED, DELETED = "abandoned", "deleted"  # not for players: stored words
#: The category a hand entered from points alone stores its points under (no piles were checked).
POINTS_ONLY = "points-only"  # not for players: a category id
#: The mark of a hand entered by categories (who took each, and the sweeps): no points, no card checked.
BY_CATEGORIES = "by-categories"  # not for players: a category id


class HandRow(NamedTuple):
    """A stored hand, live or ended (a named tuple: reading a big history makes many)."""

    id: int
    number: int
    sides: list[str]
    typed: dict[str, Any]
    packed: list[list[Any]]  # the categories as stored: see pack_categories
    match_winner: list[str] | None
    problems: list[str]
    forced: bool
    added_by: int
    ended_by: int | None

    @property
    def categories(self) -> list[list[Any]]:
        """``[[id, points per side], ...]`` in count order."""
        return unpack_categories(self.packed, len(self.sides))


@dataclass()
class MatchRow:
    """A stored match: its header, and its hands and claims (all of them, ended ones too)."""

    id: int
    uid: str
    name: str
    created: str
    rules_json: str
    sides: list[list[Any]]
    target: int
    finish: str
    enabled: list[str]
    hands: list[HandRow] = field(default_factory=list)
    claims: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)  # the trail, read only for the history file
    status: str = ""  # "" as played, or ABANDONED or DELETED (see ``history.lifecycle``)

    # Written here rather than compiled at every start of a history command with two other methods;
    # a history is read a match at a time.
    def __init__(self, id: int, uid: str, name: str, created: str, rules_json: str,  # noqa: A002 (a field)
                 sides: list[list[Any]], target: int, finish: str, enabled: list[str],
                 hands: list[HandRow] | None = None, claims: list[dict[str, Any]] | None = None,
                 events: list[dict[str, Any]] | None = None, status: str = "") -> None:
        self.id, self.uid, self.name, self.created, self.rules_json = id, uid, name, created, rules_json
        self.sides, self.target, self.finish, self.enabled = sides, target, finish, enabled
        self.hands = [] if hands is None else hands
        self.claims = [] if claims is None else claims
        self.events = [] if events is None else events
        self.status = status

    @property
    def live_hands(self) -> list[HandRow]:
        return [h for h in self.hands if h.ended_by is None]

    @property
    def live_claims(self) -> list[dict[str, Any]]:
        return [c for c in self.claims if c["ended_by"] is None]  # not for players: a key
