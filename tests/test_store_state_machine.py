"""Random add / undo / edit / reopen against a plain model of a Hurricane match (16 up, highest):
the history's totals and winner always agree with the model."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from scorekeeper.cli.common import with_options
from scorekeeper.history.matches import (
    add_hand,
    edit_hand,
    load_match,
    start_match,
    undo,
)
from scorekeeper.history.store import Store
from scorekeeper.match.ending import MatchError, match_settings
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import HandSpec

RULES = load_rules("hurricane")
CARDS = [str(c) for c in RULES.cards.cards]
COUNTER = Counter(RULES)
TARGET = 16


@st.composite
def hands(draw: st.DrawFn) -> tuple[HandSpec, tuple[int, int]]:
    """A random split of the pack and sweeps, with the points the scorer gives it."""
    owners = draw(st.lists(st.booleans(), min_size=len(CARDS), max_size=len(CARDS)))
    anna = [c for c, mine in zip(CARDS, owners, strict=True) if mine]
    bruno = [c for c, mine in zip(CARDS, owners, strict=True) if not mine]
    sweeps = [draw(st.integers(0, min(4, len(pile) // 2))) for pile in (anna, bruno)]
    spec = with_options(HandSpec(), piles=[f"Anna={' '.join(anna) or '-'}", f"Bruno={' '.join(bruno)}"],
                        sweeps=[f"Anna={sweeps[0]}", f"Bruno={sweeps[1]}"])
    if not anna:
        spec = with_options(HandSpec(), piles=["Anna=", "Bruno=rest"], sweeps=["Anna=0", f"Bruno={sweeps[1]}"])
    result = COUNTER.score(spec.entry(RULES.cards))
    assert result.ok, result.problems
    return spec, (result.totals[0], result.totals[1])


def model(points: list[tuple[int, int]]) -> tuple[dict[str, int], str | None]:
    """Plain arithmetic: add hands up until one ends with a side past 16 and ahead."""
    anna = bruno = 0
    for a, b in points:
        anna, bruno = anna + a, bruno + b
        if max(anna, bruno) >= TARGET and anna != bruno:
            return {"Anna": anna, "Bruno": bruno}, "Anna" if anna > bruno else "Bruno"
    return {"Anna": anna, "Bruno": bruno}, None


class HistoryMachine(RuleBasedStateMachine):
    """The history against a list of hand points."""

    @initialize()
    def start(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "h.sqlite"
        self.store = Store(self.path)
        self.id = str(start_match(self.store, match_settings(RULES, ["Anna", "Bruno"])))
        self.points: list[tuple[int, int]] = []

    def teardown(self) -> None:
        if hasattr(self, "store"):
            self.store.close()
            self.folder.cleanup()

    @rule(hand=hands())
    def add(self, hand: tuple[HandSpec, tuple[int, int]]) -> None:
        spec, points = hand
        if model(self.points)[1] is not None:
            try:
                add_hand(self.store, self.id, spec)
            except MatchError:
                return
            raise AssertionError("a hand was added to a finished match")
        entered = add_hand(self.store, self.id, spec)
        assert entered.stored
        self.points.append(points)

    @precondition(lambda self: self.points)
    @rule()
    def undo_last(self) -> None:
        undo(self.store, self.id)
        self.points.pop()

    @precondition(lambda self: self.points)
    @rule(data=st.data(), hand=hands())
    def edit(self, data: st.DataObject, hand: tuple[HandSpec, tuple[int, int]]) -> None:
        number = data.draw(st.integers(1, len(self.points)))
        edit_hand(self.store, self.id, number, hand[0])
        self.points[number - 1] = hand[1]

    @rule()
    def reopen(self) -> None:
        self.store.close()
        self.store = Store(self.path)

    @invariant()
    def agrees_with_the_model(self) -> None:
        if not hasattr(self, "store"):
            return
        match = load_match(self.store, self.id)
        totals, winner = model(self.points)
        assert (match.state.totals, match.state.winner, match.state.finished) == (totals, winner, winner is not None)
        assert match.state.hands == len(self.points)
        if winner is not None:
            loser = min(totals.values())
            assert match.state.stake == (2 if loser < 8 else 1)  # Hurricane: double when the loser is under 8


HistoryMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=15, deadline=None)
TestHistoryAgainstModel = HistoryMachine.TestCase
