"""Replaying a hand play by play: every play checked, then the piles, sweeps and the count.

``Game`` is the state of a hand over bitmasks (who holds what, the table, the piles); replay and
simulation both drive it. The count of a replayed hand is made by ``Counter.score`` from the piles
and sweeps the plays produced, so it is exactly what ``score`` gives for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.notation import PileText
from scorekeeper.play._reasons import why
from scorekeeper.play.builds import apply_build, build_error
from scorekeeper.play.capture import Capture, CaptureEngine, IllegalPlayError, Table
from scorekeeper.play.records import CardReader, Record
from scorekeeper.scoring.count import HandEntry, HandResult


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
        self.opening = self._opening()

    def _opening(self) -> int:
        """Escoba, Cirulla: a table dealt making 15 (or 30) goes to the dealer at once, a sweep per 15."""
        engine, table = self.engine, self.table.loose
        every = engine.spec.opening_total
        count = sum(engine.value[i] for i in range(len(engine.names)) if table >> i & 1)
        if not every or not table or count % every:
            return 0
        dealer = self.side_of[len(self.batches) - 1]  # the dealer plays last
        self.piles[dealer] |= table
        self.sweeps[dealer] += count // every if engine.scores_sweeps else 0
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

    def capture(self, player: int, card: int, capture: Capture) -> None:
        """Apply a capture already known to be legal."""
        side = self.side_of[player]
        self.piles[side] |= capture.mask | 1 << card
        taken = capture.mask
        self.table = Table(self.table.loose & ~taken, tuple(b for b in self.table.builds if not b.mask & taken))
        if capture.sweep:
            self.sweeps[side] += 1
        self.last_capturer = side
        self._played(player, card)

    def trail(self, player: int, card: int) -> None:
        """Lay a card on the table (known to capture nothing)."""
        self.table = Table(self.table.loose | 1 << card, self.table.builds)
        self._played(player, card)

    def build(self, player: int, card: int, value: int, onto: int) -> None:
        """Apply a build already known to be legal."""
        self.table = apply_build(self.table, card, value, onto, player)
        self._played(player, card)

    def _played(self, player: int, card: int) -> None:
        self.holding[player] &= ~(1 << card)
        self.turn += 1
        if not any(self.holding) and self.round + 1 < max(len(b) for b in self.batches):
            self.round += 1
            self.holding = [b[self.round] if self.round < len(b) else 0 for b in self.batches]

    def play(self, player: int, card: int, take: int, build: tuple[int, int] | None = None) -> Capture | None:
        """Check one play and apply it; an illegal play raises IllegalPlayError saying why."""
        engine = self.engine
        names = engine.names
        if not self.holding[player] >> card & 1:
            held = engine.describe(self.holding[player]).replace(" + ", " ") if self.holding[player] else "no cards"
            who = self.names[player] if self.names else "that player"
            raise IllegalPlayError(f"{who} does not hold the {names[card]} (holds {held})")
        if build is not None:
            problem = build_error(engine, card, self.table, self.holding[player], build[0], build[1])
            if problem:
                raise IllegalPlayError(problem)
            self.build(player, card, *build)
            return None
        if not take:
            if engine.captures(card, self.table):
                raise IllegalPlayError(why(engine, card, self.table, 0)[1])
            self.trail(player, card)
            return None
        capture = engine.find(card, self.table, take, last=self.last)
        if capture is None:
            raise IllegalPlayError(why(engine, card, self.table, take, last=self.last)[1])
        self.capture(player, card, capture)
        return capture

    def finish(self) -> int:
        """End the hand: the last side to capture takes what is left (no sweep); returns those cards."""
        left = self.table.mask
        side = self.last_capturer if self.last_capturer is not None else self.side_of[(self.turn - 1) % len(self.batches)]
        self.piles[side] |= left
        self.table = Table()
        return left


@dataclass
class Replayed:
    """The outcome of a replay: the first illegal play, or the piles, sweeps and count."""

    record: Record
    sides: tuple[str, ...]
    plays: int = 0
    illegal: tuple[int, str] | None = None  # play number (0: the deal or the end), reason
    piles: tuple[int, ...] = ()
    sweeps: tuple[int, ...] = ()
    left: int = 0
    taker: str | None = None
    opening: int = 0  # the table the dealer took at the deal (Escoba, Cirulla)
    dealer: str | None = None
    result: HandResult | None = None
    mismatches: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.illegal is None and not self.mismatches and self.result is not None and self.result.ok


def _seating(record: Record) -> tuple[tuple[str, ...], list[int]]:
    if not record.teams:
        return record.players, list(range(len(record.players)))
    sides = tuple(record.teams)
    return sides, [next(i for i, s in enumerate(sides) if p in record.teams[s]) for p in record.players]


def replay(record: Record, engine: CaptureEngine, *, log: bool = False) -> Replayed:
    """Check a record play by play; stop at the first illegal play."""
    deck = engine.deck
    sides, side_of = _seating(record)
    out = Replayed(record, sides)
    problem = _deal_problem(record, engine)
    if problem:
        out.illegal = (0, problem)
        return out
    batches = [[deck.mask(r) for r in rounds] for rounds in record.batches]
    game = Game(engine, batches, deck.mask(record.table), side_of, len(sides), record.players)
    index = {p: i for i, p in enumerate(record.players)}
    out.opening, out.dealer = game.opening, sides[side_of[-1]]
    if game.opening and log:
        dealt = engine.describe(game.opening).replace(" + ", " ")
        made = sum(engine.value[i] for i in range(len(engine.names)) if game.opening >> i & 1)
        swept = sum(game.sweeps)
        out.log.append(f"0. the table dealt ({dealt}) makes {made}: {out.dealer}, the dealer, takes it "
                       f"({swept} sweep{'s' if swept != 1 else ''})")
    for play in record.plays:
        card = deck.index[play.card]
        try:
            player = index.get(play.player)
            if player is None:
                raise IllegalPlayError(f"{play.player!r} has no hand in the deal ({', '.join(record.players)})")
            if player != game.player:
                raise IllegalPlayError(f"it is {record.players[game.player]}'s turn, not {play.player}'s "
                                       "(players play in the order of the deal's hands)")
            last, before = game.last, game.table.mask
            build = None if play.build is None else (play.build, deck.mask(play.onto))
            capture = game.play(player, card, deck.mask(play.take), build)
        except IllegalPlayError as exc:
            out.illegal = (play.number, str(exc))
            return out
        out.plays = play.number
        if log:
            out.log.append(_logged(engine, play, capture, last and capture is not None and capture.mask == before))
    if game.turn < game.total:
        held = [f"{record.players[i]} {engine.describe(m).replace(' + ', ' ')}" for i, m in enumerate(game.holding) if m]
        unplayed = game.total - game.turn
        reason = (f"the record ends after {game.turn} plays, but the hand is not over "
                  f"({unplayed} card{'s' if unplayed > 1 else ''} unplayed; still held: {'; '.join(held) or 'none'})")
        out.illegal = (0, reason)
        return out
    out.left = game.finish()
    taker = game.last_capturer
    out.taker = sides[taker] if taker is not None else None
    out.piles, out.sweeps = tuple(game.piles), tuple(game.sweeps)
    out.result = score_replayed(record, engine, sides, out.piles, out.sweeps)
    out.mismatches = _compare(record, engine, sides, out.piles, out.sweeps)
    return out


def _logged(engine: CaptureEngine, play: Any, capture: Capture | None, cleared_last: bool) -> str:
    head = f"{play.number}. {play.player} {play.card}"
    if play.build is not None:
        return f"{head} builds {play.build} on {' '.join(map(str, play.onto))}"
    if capture is None:
        return f"{head} is laid on the table"
    note = " (sweep)" if capture.sweep else (" (last play: no sweep)" if cleared_last else "")
    return f"{head} takes {engine.describe(capture.mask).replace(' + ', ' ')}{note}"


def _deal_problem(record: Record, engine: CaptureEngine) -> str | None:
    deck = engine.deck
    seen: dict[Any, str] = {}
    for player, rounds in zip(record.players, record.batches):
        for cards in rounds:
            for card in cards:
                if card in seen:
                    return f"deal: {card} is dealt twice ({seen[card]} and {player})"
                seen[card] = player
    for card in record.table:
        if card in seen:
            return f"deal: {card} is on the table and also dealt to {seen[card]}"
        seen[card] = "table"
    missing = [c for c in deck.cards if c not in seen]
    if missing:
        many = len(missing) > 1
        return (f"deal: {len(missing)} card{'s' if many else ''} of the {deck.id} deck {'are' if many else 'is'} "
                f"in no hand and not on the table: " + " ".join(map(str, missing)))
    return None


def score_replayed(record: Record, engine: CaptureEngine, sides: tuple[str, ...], piles: tuple[int, ...],
                   sweeps: tuple[int, ...]) -> HandResult:
    """The count of the replayed piles and sweeps, as ``score`` makes it."""
    from scorekeeper.scoring.hand import hand_from_mapping

    deck = engine.deck
    facts = {k: v for k, v in record.hand_facts.items() if k in ("with", "declared", "claims")}
    spec = hand_from_mapping({**facts, "piles": {s: "" for s in sides}}, record.source)
    entry = HandEntry(sides, tuple(PileText(list(deck.cards_in(m))) for m in piles),
                      dict(zip(sides, sweeps)), spec.declared, spec.claims, spec.enabled)
    return engine.counter.score(entry)


def _compare(record: Record, engine: CaptureEngine, sides: tuple[str, ...], piles: tuple[int, ...],
             sweeps: tuple[int, ...]) -> list[str]:
    deck = engine.deck
    out = []
    if record.piles is not None:
        for side, (text, where) in record.piles.items():
            if side not in sides:
                out.append(f"{where}: no side {side!r} plays in this record")
                continue
            try:
                stated = deck.mask(CardReader(deck).cards(text, where))
            except (InputErrors, NotationError) as exc:
                out += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
                continue
            got = piles[sides.index(side)]
            if stated != got:
                extra, lacking = stated & ~got, got & ~stated
                parts = [f"lists {engine.describe(extra).replace(' + ', ' ')} that the plays gave elsewhere" if extra else "",
                         f"lacks {engine.describe(lacking).replace(' + ', ' ')}" if lacking else ""]
                out.append(f"{where}: the recorded pile {' and '.join(p for p in parts if p)}")
    if record.sweeps is not None:
        for side, count in record.sweeps.items():
            if side not in sides:
                out.append(f"sweeps of {side}: no side {side!r} plays in this record")
            elif sweeps[sides.index(side)] != count:
                out.append(f"sweeps of {side}: the record says {count}, the plays give {sweeps[sides.index(side)]}")
    return out
