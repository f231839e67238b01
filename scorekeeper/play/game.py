"""A hand in progress over bitmasks: who holds what, the table, the piles and sweeps of each side.

Replay and simulation both drive a ``Game``: ``play`` checks a play and applies it; ``capture``,
``trail`` and ``build`` apply a play already known to be legal.
"""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.play._masks import new_tuple
from scorekeeper.play._reasons import why
from scorekeeper.play._text import shown
from scorekeeper.play.builds import apply_build, build_error, trail_problem
from scorekeeper.play.capture import Capture, CaptureEngine, IllegalPlayError, Table
from scorekeeper.play.deals import Opening, opening


class Game:
    """One hand in progress: holdings per player, the table, piles and sweeps per side."""

    def __init__(self, engine: CaptureEngine, batches: list[list[int]], table: int, side_of: list[int],
                 n_sides: int, names: tuple[str, ...] = ()) -> None:
        self.engine = engine
        self.names = names
        self.batches = batches
        self.round = 0
        self.holding = [b[0] if b else 0 for b in batches]
        self.table = Table(table)
        self.side_of = side_of
        self.piles = [0] * n_sides
        self.sweeps = [0] * n_sides
        self.last_capturer: int | None = None
        self.turn = 0
        self.total = sum(m.bit_count() for b in batches for m in b)
        self.rounds = max((len(b) for b in batches), default=0)  # asked at every play: counted once
        self.opened: Opening | None = None
        self.opening = self._opening()

    def _opening(self) -> int:
        """Escoba, Cirulla: a table dealt making 15 (or 30, or in Cirulla 9 or less) goes to the dealer at once."""
        engine, table = self.engine, self.table.loose
        self.opened = taken = opening(engine, table)
        if taken is None:
            return 0
        dealer = self.side_of[len(self.batches) - 1]  # the dealer plays last
        self.piles[dealer] |= table
        self.sweeps[dealer] += taken.sweeps if engine.scores_sweeps else 0
        self.last_capturer = dealer
        self.table = Table()
        return table

    @property
    def player(self) -> int:
        """Whose turn it is: players play in turn, the first of the deal first."""
        return self.turn % len(self.batches)

    @property
    def last(self) -> bool:
        """Whether the next play is the last play of the hand."""
        return self.turn + 1 == self.total

    @property
    def last_deal(self) -> bool:
        """Whether the next play is in the last deal of the pack (Finnish Kasino scores no sweep there)."""
        return self.round + 1 >= self.rounds

    def capture(self, player: int, card: int, capture: Capture) -> None:
        """Apply a capture already known to be legal."""
        side = self.side_of[player]
        self.piles[side] |= capture.mask | 1 << card
        taken = capture.mask
        table = self.table
        # No generator made for a table without builds (every table of most games).
        kept = tuple(b for b in table.builds if not b.mask & taken) if table.builds else ()
        self.table = new_tuple(Table, (table.loose & ~taken, kept))
        if capture.sweep:
            self.sweeps[side] += 1
        self.last_capturer = side
        self._played(player, card)

    def trail(self, player: int, card: int) -> None:
        """Lay a card on the table (known to capture nothing)."""
        self.table = new_tuple(Table, (self.table.loose | 1 << card, self.table.builds))
        self._played(player, card)

    def build(self, player: int, card: int, value: int, onto: int) -> None:
        """Apply a build already known to be legal."""
        self.table = apply_build(self.table, card, value, onto, player)
        self._played(player, card)

    def _played(self, player: int, card: int) -> None:
        self.holding[player] &= ~(1 << card)
        self.turn += 1
        if not any(self.holding) and self.round + 1 < self.rounds:
            self.round += 1
            self.holding = [b[self.round] if self.round < len(b) else 0 for b in self.batches]

    def play(self, player: int, card: int, take: int, build: tuple[int, int] | None = None) -> Capture | None:
        """Check one play and apply it; an illegal play raises IllegalPlayError saying why."""
        engine = self.engine
        if not self.holding[player] >> card & 1:
            names = engine.names
            who = shown(self.names[player]) if self.names else _("that player")
            if not self.holding[player]:
                raise IllegalPlayError(_("{player} does not hold the {card} (holds no cards)").format(
                    player=who, card=names[card]))
            raise IllegalPlayError(_("{player} does not hold the {card} (holds {cards})").format(
                player=who, card=names[card], cards=engine.describe(self.holding[player]).replace(" + ", " ")))
        if build is not None:
            problem = build_error(engine, card, self.table, self.holding[player], build[0], build[1])
            if problem:
                raise IllegalPlayError(problem)
            self.build(player, card, *build)
            return None
        table = self.table
        if not take:
            if not engine.may_lay(card, table):
                raise IllegalPlayError(why(engine, card, table, 0)[1])
            if table.builds:
                problem = trail_problem(engine, table, player, self.holding[player])
                if problem:
                    raise IllegalPlayError(problem)
            self.trail(player, card)
            return None
        last, last_deal = self.turn + 1 == self.total, self.round + 1 >= self.rounds  # self.last, self.last_deal
        capture = engine.find(card, table, take, last=last, last_deal=last_deal)
        if capture is None:
            raise IllegalPlayError(why(engine, card, table, take, last=last, last_deal=last_deal)[1])
        self.capture(player, card, capture)
        return capture

    def finish(self) -> int:
        """End the hand: the last side to capture takes what is left (no sweep); returns those cards."""
        left = self.table.mask
        side = self.last_capturer
        if side is None:  # nobody captured: the last player's side
            side = self.side_of[(self.turn - 1) % len(self.batches)]
        self.piles[side] |= left
        self.table = Table()
        return left
