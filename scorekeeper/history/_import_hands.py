"""The hands of an imported match, checked as the file's own facts before anything is written.

A history file may come from anyone, and what it says is kept: so its hands must be what
``match add`` would have stored. The hands still counted (not undone or replaced) are numbered
1, 2, 3... with no gap and no number twice, and no hand is numbered past the match's count of
hands; what each hand says was typed (the piles, sweeps, declarations and claims; or, for a hand
entered as points alone, those points) is counted again under the match's rule set, and must
give the points the file stores for it. A hand that fails is refused with its place in the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.rows import POINTS_ONLY
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.match.ending import MatchSettings
from scorekeeper.match.hand import count_for
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping


def check_numbers(match: Any, where: str) -> None:
    """The live hands are numbered 1..n, each once; a replaced or undone hand keeps a number of the match."""
    seen: dict[int, int] = {}
    count = len(match.hands)
    for n, hand in enumerate(match.hands):
        here = f"{where}.hands[{n}].number"  # not for players: a field's path
        if hand.number > count:
            raise ScorekeeperError(_("{where}: hand {number} in a match of {count} hands; refused (hands are "
                                     "numbered 1, 2, 3... in the order they were played)").format(
                where=here, number=hand.number, count=count))
        if hand.ended_by is None:
            if hand.number in seen:
                raise ScorekeeperError(_("{where}: hand {number} is given twice (also at hands[{other}]); the "
                                         "file is wrong, refused").format(
                    where=here, number=hand.number, other=seen[hand.number]))
            seen[hand.number] = n
    missing = next((k for k in range(1, len(seen) + 1) if k not in seen), None)
    if missing is not None:
        raise ScorekeeperError(_("{where}: the hands still counted are numbered {numbers}: hand {number} is "
                                 "missing; refused (they must run 1, 2, 3... with no gap)").format(
            where=f"{where}.hands", numbers=_listed(sorted(seen)), number=missing))


def _listed(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:10])) + (", ..." if len(numbers) > 10 else "")


class HandChecker:
    """Counts the typed hands of imported matches again, one Counter per rule set met."""

    def __init__(self) -> None:
        self._counters: dict[int, Counter] = {}

    def check(self, match: Any, where: str, settings: MatchSettings) -> None:
        """Every hand's typed facts give the points stored for it, or the match is refused."""
        counter = self._counters.get(id(settings.rules))
        if counter is None:
            if len(self._counters) > 64:
                self._counters.clear()
            counter = self._counters[id(settings.rules)] = Counter(settings.rules)
        for n, hand in enumerate(match.hands):
            here = f"{where}.hands[{n}]"
            stored = [(c.id, list(c.points)) for c in hand.categories]
            if "points" in hand.typed:
                counted, winner = _points_only(hand.typed, hand.sides, f"{here}.typed"), None
            elif "piles" in hand.typed:
                spec = hand_from_mapping(hand.typed, f"{here}.typed")
                points = count_for(settings, tuple(hand.sides), spec, counter).points
                counted = [(c.id, list(c.points)) for c in points.categories]
                winner = list(points.match_winner) if points.match_winner else None
            else:
                raise ScorekeeperError(_("{where}: a hand's typed facts hold its piles, or its points alone; "
                                         "refused").format(where=f"{here}.typed"))
            if counted != stored:
                raise ScorekeeperError(_("{where}: the points stored are not those its typed facts count "
                                         "({difference}); refused").format(
                    where=f"{here}.categories", difference=_difference(stored, counted)))
            if "piles" in hand.typed and winner != hand.match_winner:
                raise ScorekeeperError(_("{where}: the typed facts do not win the match so; refused").format(
                    where=f"{here}.match_winner"))  # not for players: a field's path


def _points_only(typed: Mapping[str, Any], sides: list[str], where: str) -> list[tuple[str, list[int]]]:
    """The one category of a hand entered as points alone, from its typed points."""
    points = typed.get("points")
    if len(typed) != 1 or not isinstance(points, Mapping) or list(points) != list(sides) \
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in points.values()):
        raise ScorekeeperError(_("{where}: points alone must give each side of the hand a whole number, in "
                                 "the hand's order; refused").format(where=where))
    return [(POINTS_ONLY, [points[s] for s in sides])]


def _difference(stored: list[tuple[str, list[int]]], counted: list[tuple[str, list[int]]]) -> str:
    """The first category that differs, said as stored against counted."""
    given, made = dict(stored), dict(counted)
    for cid in dict.fromkeys([*made, *given]):
        if given.get(cid) != made.get(cid):
            return _("{category}: {stored} stored, {counted} counted").format(
                category=cid, stored=given.get(cid, "-"), counted=made.get(cid, "-"))
    return _("the categories are in another order")


class OpenNames:
    """The names of the matches being played, as an import adds matches: a match still being played
    takes a name no other open match has (as ``match new`` does, in any letter case), in the history
    already or imported before it from the same file. Read from the history once per import."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.names: dict[str, tuple[int, str]] | None = None

    def check(self, match: Any, where: str, finished: bool, status: str) -> None:
        """Refuse the match if it is open under a name another open match has."""
        if finished or status or not match.name:
            return
        if self.names is None:
            self.names = self.store.open_names()
        other = self.names.get(match.name.casefold())
        if other is not None:
            raise ScorekeeperError(_("{where}: {name}: match {id} \"{other}\" is being played under that name "
                                     "too; refused (one match being played per name: rename one of them "
                                     "first)").format(where=f"{where}.name", name=repr(match.name), id=other[0],
                                                      other=other[1]))

    def add(self, match: Any, match_id: int, finished: bool, status: str) -> None:
        """Note an imported match's name, once it has its id here."""
        if self.names is not None and not finished and not status and match.name:
            self.names[match.name.casefold()] = (match_id, match.name)
