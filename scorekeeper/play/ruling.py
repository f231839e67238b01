"""Settling one play at the table: every legal capture of a card, and whether a given take is one.

>>> s = settle("wall-street", "3c 4h 8d", "Kh", take="3c 4h")
>>> [c.cards for c in s.captures], s.legal
([('3c', '4h')], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.play._reasons import why
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.play.records import CardReader
from scorekeeper.rules.catalog import load_rules


@dataclass(frozen=True)
class Option:
    """One legal capture in canonical card texts, lowest value first."""

    cards: tuple[str, ...]
    sweep: bool
    kind: str


@dataclass(frozen=True)
class Settled:
    """The answer to "what may this card take here?", and to "was that take legal?"."""

    rules_id: str
    rules_name: str
    card: str
    table: tuple[str, ...]
    counts: str
    captures: tuple[Option, ...]
    legal: bool | None = None
    reason: str | None = None
    total: int | None = None  # the fifteen or eleven of the game, if it has one

    @property
    def trail(self) -> bool:
        """True when the card captures nothing here and is laid on the table."""
        return not self.captures

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the ``capture`` command."""
        out: dict[str, Any] = {"captures": [{"cards": list(c.cards), "sweep": c.sweep} for c in self.captures],
                               "trail": self.trail}
        if self.legal is not None:
            out["legal"], out["reason"] = self.legal, self.reason
        return out


def _cards(engine: CaptureEngine, text: str, where: str, italian: bool) -> int:
    deck = engine.deck
    mask = 0
    for card in CardReader(deck, italian).cards(text, where):
        if mask & deck.bit(card):
            raise NotationError(f"{where}: {card} is listed twice")
        mask |= deck.bit(card)
    return mask


def settle(rules: str, table: str, card: str, *, take: str | None = None, builds: tuple[str, ...] = (),
           last: bool = False, italian_suits: bool = False) -> Settled:
    """Every legal capture of ``card`` on ``table`` and, with ``take``, whether that one is legal."""
    engine = CaptureEngine(load_rules(rules))
    errors = []
    loose = played = 0
    table_builds = []
    try:
        loose = _cards(engine, table, "--table", italian_suits)
    except (NotationError, InputErrors) as exc:
        errors += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
    for text in builds:
        value, _, cards = text.partition("=")
        if not value.strip().isdigit() or not cards.strip():
            errors.append(f"--build {text!r}: write VALUE=CARDS, like 7=5h,2c")
            continue
        try:
            table_builds.append(Build(int(value), _cards(engine, cards, f"--build {text}", italian_suits), -1))
        except (NotationError, InputErrors) as exc:
            errors += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
    try:
        played = _cards(engine, card, "--card", italian_suits)
        if played.bit_count() != 1:
            raise NotationError(f"--card {card!r}: give exactly one card")
    except (NotationError, InputErrors) as exc:
        errors += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
    if errors:
        raise InputErrors(errors)
    where = Table(loose, tuple(table_builds))
    overlap = [m for m in [loose, *(b.mask for b in table_builds)]]
    seen = 0
    for mask in overlap:
        if seen & mask:
            raise NotationError(f"--table/--build: {engine.describe(seen & mask)} listed twice")
        seen |= mask
    if played & seen:
        raise NotationError(f"--card {card!r}: the {engine.describe(played)} is already on the table")
    index = played.bit_length() - 1
    options = tuple(Option(tuple(engine.describe(c.mask).split(" + ")), c.sweep, c.kind)
                    for c in engine.captures(index, where, last=last))
    legal = reason = None
    if take is not None:
        capture, reason = why(engine, index, where, _cards(engine, take, "--take", italian_suits), last=last)
        legal = capture is not None or (not options and not take.strip())
    return Settled(engine.rules.id, engine.rules.name, engine.names[index],
                   tuple(engine.describe(seen).split(" + ")) if seen else (), engine.counts(index), options,
                   legal, reason, engine.spec.total)
