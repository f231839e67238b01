"""Rules of a match that reach from one hand into the next (Finnish Kasino).

A category with ``ties: carry`` scores nobody on a tie, and its points wait for the next hand: the
side that wins it there takes them too (Finnish Wikipedia: the tied point "stays in the pack", so
the next deal's most cards is worth 2). A sweeps category with ``stop_at`` scores nothing in a
hand that starts with any side at that total or more (pagat Nordic Casino: 10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from scorekeeper.i18n import _, ngettext
from scorekeeper.rules.ruleset import MostCategory, RuleSet, SweepsCategory


class Counted(Protocol):
    """One category of a counted hand, as the match keeps it."""

    @property
    def id(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def points(self) -> Sequence[int]: ...


class Carryover:
    """The carried points of a match in progress, and the totals at which its sweeps stop."""

    def __init__(self, rules: RuleSet) -> None:
        self.carry = {c.id: c.points for c in rules.categories if isinstance(c, MostCategory) and c.ties == "carry"}
        self.stops = {c.id: c.stop_at for c in rules.categories
                      if isinstance(c, SweepsCategory) and c.stop_at is not None}
        self.pending: dict[str, int] = {}

    @property
    def active(self) -> bool:
        """Whether the rule set has any rule of this kind (most games have none)."""
        return bool(self.carry or self.stops)

    def apply(self, sides: Sequence[str], categories: Sequence[Counted],
              totals: Mapping[str, int]) -> tuple[list[tuple[int, ...]], str]:
        """Each category's points with carried points added and stopped sweeps taken out, and a note."""
        notes = []
        out = []
        for category in categories:
            points = tuple(category.points)
            if category.id in self.carry:
                pending = self.pending.pop(category.id, 0)
                if not any(points):
                    self.pending[category.id] = pending + self.carry[category.id]
                    waiting = self.pending[category.id]
                    notes.append(ngettext("{label} tied: {count} point passes to the next hand",
                                          "{label} tied: {count} points pass to the next hand", waiting).format(
                        label=category.label, count=waiting))
                elif pending:
                    winner = sides[next(i for i, p in enumerate(points) if p)]
                    points = tuple(p + pending if p else 0 for p in points)
                    notes.append(ngettext("{label}: {side} also takes the {count} point carried from a tie",
                                          "{label}: {side} also takes the {count} points carried from a tie",
                                          pending).format(label=category.label, side=winner, count=pending))
            elif category.id in self.stops and any(points):
                limit = self.stops[category.id]
                reached = [side for side in sides if totals.get(side, 0) >= limit]
                if reached:
                    points = (0,) * len(points)
                    notes.append(_("{label} not counted: {side} had {total} before this hand, and no sweep scores "
                                   "once a side has {limit}").format(label=category.label, side=reached[0],
                                                                     total=totals[reached[0]], limit=limit))
            out.append(points)
        return out, "; ".join(notes)
