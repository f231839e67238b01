"""A match: who sits down, the hands as counted, and who has won by the game's own ending rules.

Everything here is pure: a match is its settings plus the points of its hands (and any claims),
and ``state_after`` goes through them under the ending policy to the running totals and the
result. Nothing is stored here; the history keeps the hands and calls ``state_after`` again
whenever one changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper._words import and_list
from scorekeeper.i18n import _, current
from scorekeeper.match.carry import Carryover
from scorekeeper.match.settings import (
    FINISHES,
    MatchError,
    MatchSettings,
    Side,
    match_settings,
    parse_sides,
)
from scorekeeper.rules.ruleset import Stake

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): less at every start of a history command
    from scorekeeper._frozen import dataclass

__all__ = ["FINISHES", "CategoryPoints", "Claim", "HandLine", "HandPoints", "MatchError", "MatchSettings",
           "MatchState", "Side", "match_settings", "parse_sides", "state_after", "state_dict"]  # not for players: names


class CategoryPoints(NamedTuple):
    """One category of a hand: points per playing side, in the hand's side order."""

    # A named tuple, not a dataclass: exporting a big history builds hundreds of thousands.
    id: str
    label: str
    points: Sequence[int]


class HandPoints:
    """A hand as a match counts it: who played, each category's points, and what was wrong.

    A hand read back from the history may come packed (category ids, their labels, and the points
    as one flat list, side by side); its ``CategoryPoints`` are then only built when asked for,
    since counting a match and writing CSV need just the ids and the flat points, and building every
    ``CategoryPoints`` of a big history nearly doubled the CSV export's time.
    """

    __slots__ = ("_categories", "_language", "_packed", "forced", "match_winner",  # not for players: slots
                 "problems", "sides")

    def __init__(self, sides: tuple[str, ...], categories: tuple[CategoryPoints, ...] | None = None,
                 match_winner: tuple[str, str] | None = None, problems: tuple[str, ...] = (),
                 forced: bool = False, *,
                 packed: tuple[Sequence[str], Mapping[str, str], Sequence[int]] | None = None) -> None:
        if (categories is None) == (packed is None):
            raise ValueError("a hand needs its categories, or them packed, not both")  # not for players: a bug
        self.sides = sides
        self._categories = categories
        self._packed = packed
        self._language = ""  # the language the packed labels were read in
        self.match_winner = match_winner  # (win_match category id, side)
        self.problems = problems
        self.forced = forced

    @property
    def categories(self) -> tuple[CategoryPoints, ...]:
        """Each category with its label and points per side, in count order."""
        made = self._categories
        if self._packed is not None and (made is None or self._language != current()):
            # read again in another language: the labels are the reader's, not the first reader's (a
            # match counted for a phone in Italian, kept by the pages, is shown to one in Spanish)
            ids, labels, flat = self._packed
            n = len(self.sides)
            made = tuple(CategoryPoints(cid, labels[cid], tuple(flat[k * n:k * n + n])) for k, cid in enumerate(ids))
            self._categories, self._language = made, current()
        assert made is not None
        return made

    @property
    def ids(self) -> Sequence[str]:
        """The category ids in count order."""
        return self._packed[0] if self._packed is not None else [c.id for c in self.categories]

    def by_side(self) -> list[Sequence[int]]:
        """Per side, the points of every category in count order."""
        n = len(self.sides)
        if self._packed is not None:
            flat = self._packed[2]
            return [flat[i::n] for i in range(n)]
        return [[c.points[i] for c in self.categories] for i in range(n)]

    def total(self, side: str) -> int:
        """The hand's points for one side, every category counted."""
        return sum(self.by_side()[self.sides.index(side)])


@dataclass(frozen=True)
class Claim:
    """A side's claim to have reached the target, made after ``after`` hands."""

    after: int
    side: str


class HandLine(NamedTuple):
    """One hand as the match counted it: which categories counted, points and running totals."""

    number: int
    hand: HandPoints
    counted: tuple[bool, ...]
    points: dict[str, int]
    totals: dict[str, int]
    note: str = ""


@dataclass(frozen=True)
class MatchState:
    """Where a match stands after its hands: totals, and either the result or who plays next."""

    lines: tuple[HandLine, ...]
    totals: dict[str, int]
    finished: bool = False
    winner: str | None = None
    stake: int | None = None
    doubled: bool = False  # the stake was doubled: the loser stayed under the rule set's line
    reason: str = ""
    next_sides: tuple[str, ...] = ()
    playoff: bool = False
    claims: tuple[Claim, ...] = field(default_factory=tuple)

    @property
    def hands(self) -> int:
        return len(self.lines)


def state_after(settings: MatchSettings, hands: Sequence[HandPoints], claims: Sequence[Claim] = ()) -> MatchState:
    """Where a match stands after these hands (and claims) under its ending policy: totals, winner, stake."""
    return _Pass(settings, claims).run(hands)


def _joined(*notes: str) -> str:
    return "; ".join(n for n in notes if n)


def _stake(rule: Stake, totals: Mapping[str, int], winner: str) -> tuple[int, bool]:
    """What the winner takes under the stake rule, and whether it was doubled."""
    others = [points for side, points in totals.items() if side != winner]
    runner_up = max(others) if others else 0
    value = max(1, totals[winner] - runner_up) if rule.margin else 1
    doubled = rule.double_if_loser_below is not None and runner_up < rule.double_if_loser_below
    return value * 2 if doubled else value, doubled


class _Pass:
    """One pass over a match's hands; its fields are the state as it stands after each hand."""

    def __init__(self, settings: MatchSettings, claims: Sequence[Claim]) -> None:
        self.s = settings
        self.claims = claims
        self.names = settings.side_names
        self.totals = dict.fromkeys(self.names, 0)
        self.playing: tuple[str, ...] = self.names
        self.playoff = False
        self.winner: str | None = None
        self.finished = False
        self.reason = ""
        self.carryover = Carryover(settings.rules)

    def run(self, hands: Sequence[HandPoints]) -> MatchState:
        lines = []
        self._claims_after(0)
        for number, hand in enumerate(hands, start=1):
            lines.append(self._hand(number, hand))
            self._claims_after(number)
        stake, doubled = _stake(self.s.stake, self.totals, self.winner) if self.winner is not None else (None, False)
        return MatchState(tuple(lines), dict(self.totals), self.finished, self.winner, stake, doubled, self.reason,
                          () if self.finished else self.playing, self.playoff and not self.finished,
                          tuple(self.claims))

    def _hand(self, number: int, hand: HandPoints) -> HandLine:
        if self.finished:
            return HandLine(number, hand, (False,) * len(hand.ids), {}, dict(self.totals),
                            _("not counted: entered after the match ended"))
        if hand.sides != self.playing and (set(hand.sides) != set(self.playing)
                                           or len(hand.sides) != len(self.playing)):
            return HandLine(number, hand, (False,) * len(hand.ids), {}, dict(self.totals),
                            _("not counted: played by {sides}, but {playing} were to play it").format(
                                sides=and_list(hand.sides), playing=and_list(self.playing)))
        carried = ""
        if self.carryover.active:  # Finnish Kasino: tied points carried on, sweeps that stop counting
            adjusted, carried = self.carryover.apply(hand.sides, hand.categories, self.totals)
            hand = HandPoints(hand.sides, tuple(CategoryPoints(c.id, c.label, p) for c, p in
                                                zip(hand.categories, adjusted, strict=True)),
                              hand.match_winner, hand.problems, hand.forced)
        if self.s.finish == "count-out":  # not for players: a policy id
            before = dict(self.totals)
            marks, note = self._count_out(hand)
            points = {side: self.totals[side] - before[side] for side in hand.sides}
            return HandLine(number, hand, tuple(marks), points, dict(self.totals), _joined(carried, note))
        # Every category counts: add up each side's column at once.
        points = dict(zip(hand.sides, map(sum, hand.by_side()), strict=True))
        for side, gained in points.items():
            self.totals[side] += gained
        note = self._end_of_hand(hand, points)
        return HandLine(number, hand, (True,) * len(hand.ids), points, dict(self.totals), _joined(carried, note))

    def _count_out(self, hand: HandPoints) -> tuple[list[bool], str]:
        counted: list[bool] = []
        note = ""
        stopped = False
        for category in hand.categories:
            if stopped:
                counted.append(False)
                continue
            counted.append(True)
            for side, points in zip(hand.sides, category.points, strict=True):
                self.totals[side] += points
            if hand.match_winner and hand.match_winner[0] == category.id:
                stopped = True
                note = self._win(hand.match_winner[1], _("{side} took {label}").format(
                    side=hand.match_winner[1], label=category.label))
            elif any(category.points):  # a blank category changes nothing
                stopped, note = self._count_out_check(category.label)
        return counted, note

    def _count_out_check(self, label: str) -> tuple[bool, str]:
        best = max(self.totals.values())
        if best < self.s.target:
            return False, ""
        leaders = tuple(s for s in self.names if self.totals[s] == best)
        if len(leaders) == 1:
            return True, self._win(leaders[0], _("{side} reached {target} first, at {label}").format(
                side=leaders[0], target=self.s.target, label=label))
        self._tie(leaders)
        return True, _("{sides} reached {total} together at {label}: another hand").format(
            sides=and_list(leaders), total=best, label=label)

    def _end_of_hand(self, hand: HandPoints, points: Mapping[str, int]) -> str:
        if hand.match_winner:
            cid, side = hand.match_winner
            label = next((c.label for c in hand.categories if c.id == cid), cid)
            return self._win(side, _("{side} took {label}").format(side=side, label=label))
        best = max(self.totals.values())
        if self.s.finish == "claim" or best < self.s.target:
            self.playing, self.playoff = self.names, False
            return ""
        leaders = tuple(s for s in self.names if self.totals[s] == best)
        if len(leaders) == 1:
            return self._win(leaders[0], _("{side} reached {target} with the highest total").format(
                side=leaders[0], target=self.s.target))
        if self.s.finish == "count-out-if-tied":  # not for players: a policy id
            before = {side: self.totals[side] - points[side] for side in points}
            decided = self._recount(hand, before, leaders)
            if decided:
                return decided
        self._tie(leaders)
        return _("{sides} are level on {total}: another hand").format(sides=and_list(leaders), total=best)

    def _recount(self, hand: HandPoints, before: Mapping[str, int], leaders: tuple[str, ...]) -> str:
        # Only the tied leaders take part: the others have already lost on the totals.
        running = {s: before[s] for s in leaders}
        for category in hand.categories:
            for side in leaders:
                running[side] += category.points[hand.sides.index(side)]
            reached = [s for s in leaders if running[s] >= self.s.target]
            if reached:
                top = max(running[s] for s in reached)
                first = [s for s in reached if running[s] == top]
                if len(first) == 1:
                    return self._win(first[0], _("level on {total}; recounting the last hand, {side} reached "
                                                 "{target} first, at {label}").format(
                        total=self.totals[first[0]], side=first[0], target=self.s.target, label=category.label))
                return ""
        return ""

    def _tie(self, leaders: tuple[str, ...]) -> None:
        self.playoff = True
        self.playing = leaders if self.s.playoff == "tied" else self.names

    def _win(self, side: str, reason: str) -> str:
        self.winner, self.finished, self.reason = side, True, reason
        return reason

    def _claims_after(self, count: int) -> None:
        for claim in self.claims:
            if claim.after != count or self.finished:
                continue
            total = self.totals[claim.side]
            if total >= self.s.target:
                self._win(claim.side, _("{side} claimed {target} with {total}: a true claim").format(
                    side=claim.side, target=self.s.target, total=total))
                continue
            others = [s for s in self.names if s != claim.side]
            best = max(self.totals[s] for s in others)
            top = [s for s in others if self.totals[s] == best]
            if len(top) == 1:
                self._win(top[0], _("{side} claimed {target} with only {total}: a false claim loses").format(
                    side=claim.side, target=self.s.target, total=total))
            else:
                self.finished, self.reason = True, _(
                    "{side} claimed {target} with only {total}: a false claim loses; {sides} are level, so nobody "
                    "wins").format(side=claim.side, target=self.s.target, total=total, sides=and_list(top))


def state_dict(settings: MatchSettings, state: MatchState) -> dict[str, Any]:
    """The result part of ``match show --json``."""
    hands = []
    for line in state.lines:
        index = {s: i for i, s in enumerate(line.hand.sides)}
        hands.append({
            "number": line.number, "sides": list(line.hand.sides), "points": line.points,
            "categories": [{"id": c.id, "label": c.label, "points": {s: c.points[index[s]] for s in line.hand.sides},
                            "counted": counted} for c, counted in zip(line.hand.categories, line.counted, strict=True)],
            "totals": line.totals, "forced": line.hand.forced, "problems": list(line.hand.problems),
            "note": line.note,
        })
    return {"hands": hands, "totals": state.totals, "finished": state.finished, "winner": state.winner,
            "stake": state.stake, "reason": state.reason, "next": list(state.next_sides), "playoff": state.playoff}
