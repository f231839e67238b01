"""Whole hands played with random legal plays, written as replayable records (JSON Lines).

Each hand draws from its own generator seeded by (seed, hand number), so a file is the same for
the same seed however it is produced, and any one hand can be produced again on its own.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from scorekeeper._json import dumps
from scorekeeper.errors import HandError, NotationError, unreadable
from scorekeeper.i18n import _
from scorekeeper.play._draws import below, shuffle
from scorekeeper.play._parallel import available_cores, in_order
from scorekeeper.play._spool import remove_folder, spool, spool_folder, unspool
from scorekeeper.play._text import shown
from scorekeeper.play.builds import build_error, trail_problem
from scorekeeper.play.capture import CaptureEngine, indexes
from scorekeeper.play.deals import misdeal
from scorekeeper.play.game import Game
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.ruleset import RuleSet

BUILD_CHANCE = 0.3  # how often a random player of a building game tries to build first
LAY_CHANCE = 0.2  # how often a card that could capture is laid down, where the rules allow it


#: The most hands one run plays (a million Scopa hands take about twenty minutes).
MAX_HANDS = 10_000_000
#: The largest seed: the seed is written into every record, and a file keeps numbers of 15 digits.
MAX_SEED = 10**15 - 1


def seating(rules: RuleSet, players: int | None = None) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """Player names and teams: one player per side, or partners when the game is played in teams."""
    sides = rules.sides
    if players is None:
        team = next((t for t in sides.teams if not sides.singles), None)
        if team is not None:
            count, size = map(int, team.split("x"))
            players = count * size
        else:
            players = sides.min
    singles = sides.singles and sides.min <= players <= sides.max
    shape = None if singles else next(
        (t for t in sides.teams if int(t.split("x")[0]) * int(t.split("x")[1]) == players), None)
    if not singles and shape is None:  # checked before any name is made: --players 10**9 is refused at once
        raise HandError(_("{rules} is not played by {players} players (sides {low}-{high}, teams {teams})").format(
            rules=rules.id, players=players, low=sides.min, high=sides.max, teams=", ".join(sides.teams) or _("none")))
    names = tuple(chr(ord("A") + i) for i in range(players))
    if shape is None:
        return names, {}
    count = int(shape.split("x")[0])
    teams = {"+".join(names[i::count]): names[i::count] for i in range(count)}
    return names, teams


def check_run(hands: int, seed: int) -> None:
    """Refuse a number of hands or a seed out of bounds, before anything is played or written."""
    if not 0 <= hands <= MAX_HANDS:
        raise HandError(_("{count} hands: a run plays 0 to {most} hands").format(
            count=_number(hands), most=f"{MAX_HANDS:,}"))
    if not 0 <= seed <= MAX_SEED:
        raise HandError(_("seed {seed}: a seed is 0 to {most} (at most 15 digits)").format(
            seed=_number(seed), most=f"{MAX_SEED:,}"))


def _number(number: int) -> str:
    """A number for a message, without writing out thousands of digits."""
    if abs(number) < 10**18:
        return f"{number:,}"
    return ("-" if number < 0 else "") + _("about 10**{power}").format(power=int(abs(number).bit_length() * 0.30103))


class Simulator:
    """Deals and plays hands of one rule set at random; ``hand(i)`` is one JSON-ready record."""

    def __init__(self, rules: RuleSet, seed: int = 0, players: int | None = None) -> None:
        self.engine = CaptureEngine(rules)
        self.rules = rules
        self.seed = seed
        self.players, self.teams = seating(rules, players)
        deal = self.engine.spec.deal
        n = len(self.players)
        spare = len(self.engine.deck.cards) - deal.table
        if spare <= 0 or spare % (n * deal.hand):
            raise HandError(_("{rules}: {count} cards after the table do not deal out in rounds of {size} to "
                              "{players} players").format(rules=rules.id, count=spare, size=deal.hand, players=n))
        self.rounds = spare // (n * deal.hand)
        self.cuts = [slice(at, at + deal.hand) for at in range(deal.table, len(self.engine.deck.cards), deal.hand)]
        self.sides = sides = tuple(self.teams) or self.players
        self.side_of = [next(i for i, s in enumerate(sides) if p in self.teams[s]) if self.teams else i
                        for i, p in enumerate(self.players)]

    def deal(self, number: int) -> tuple[random.Random, int, list[list[list[int]]]]:
        """Hand ``number``'s generator, its table (a mask) and each player's cards round by round
        (deck indexes, lowest first), as the generator dealt them."""
        engine = self.engine
        rng = random.Random(self.seed * 1_000_003 + number)
        order = list(range(len(engine.names)))
        shuffle(rng, order)
        deal = engine.spec.deal
        table = sum(1 << i for i in order[:deal.table])
        while misdeal(engine, table):
            shuffle(rng, order)  # a void table (three Kings in Scopa...): the cards are dealt again
            table = sum(1 << i for i in order[:deal.table])
        # Each player's cards of each round, lowest first, cut and sorted in C.
        dealt = list(map(sorted, map(order.__getitem__, self.cuts)))
        n = len(self.players)
        return rng, table, [dealt[p::n] for p in range(n)]

    def line(self, number: int) -> str:
        """Hand ``number`` of this seed as its JSON line (no newline): ``json_line(self.hand(number))``."""
        return json_line(self.hand(number))

    def hand(self, number: int) -> dict[str, Any]:
        """Hand ``number`` of this seed, played out through ``Game`` and the engine's lists of captures:
        the record plus its piles and sweeps."""
        engine, names = self.engine, self.engine.names
        rng, table, dealt = self.deal(number)
        batches = [[sum(1 << i for i in cards) for cards in rounds] for rounds in dealt]
        game = Game(engine, batches, table, self.side_of, len(self.sides))
        plays = []
        builds = engine.spec.builds
        choice, randrange, text, captures, players = rng.choice, below(rng), engine.text, engine.captures, self.players
        # Where every card that can capture must, the capture is drawn where it is listed (the same
        # draw as ``choice`` of the whole list); else a card that could capture may first be laid down.
        draw = randrange if engine.spec.must_capture else None
        while game.turn < game.total:
            p = game.player
            held = game.holding[p]
            for _skipped in range(randrange(held.bit_count())):  # choice()'s draw among the cards held, lowest first
                held &= held - 1
            card = (held & -held).bit_length() - 1
            play: dict[str, Any] = {"side": players[p], "card": names[card]}
            if builds and rng.random() < BUILD_CHANCE:
                found = self._build(game, p, card, rng)
                if found is not None:
                    play["build"], onto = found
                    play["onto"] = text(onto)
                    game.build(p, card, found[0], onto)
                    plays.append(play)
                    continue
            options = captures(card, game.table, last=game.last, last_deal=game.last_deal, draw=draw)
            if not options and game.table.builds and trail_problem(engine, game.table, p, game.holding[p]):
                # A build's owner may not lay a card down (Cassino): play one that captures instead.
                card = next(i for i in indexes(game.holding[p]) if engine.can_capture(i, game.table))
                play["card"] = names[card]
                options = captures(card, game.table, last=game.last, last_deal=game.last_deal, draw=draw)
            if options and not engine.spec.must_capture and rng.random() < LAY_CHANCE:
                options = []  # a card that could capture laid down, where the rules allow it
            if options:
                capture = options[0] if draw else choice(options)
                play["take"] = text(capture.mask)
                game.capture(p, card, capture)
            else:
                game.trail(p, card)
            plays.append(play)
        game.finish()
        record: dict[str, Any] = {"rules": self.rules.id, "seed": self.seed, "hand": number, "deal": {
            "hands": {name: [text(m) for m in batches[p]] for p, name in enumerate(players)},
            "table": text(table)}}
        if self.teams:
            record["teams"] = {side: list(members) for side, members in self.teams.items()}
        record["plays"] = plays
        record["piles"] = {side: text(m) for side, m in zip(self.sides, game.piles, strict=True)}
        record["sweeps"] = dict(zip(self.sides, game.sweeps, strict=True))
        return record

    def _build(self, game: Game, player: int, card: int, rng: random.Random) -> tuple[int, int] | None:
        """A random legal build with this card, if there is one."""
        engine = self.engine
        if engine.pair_only >> card & 1:
            return None
        own = engine.hand_value[card]
        held = game.holding[player] & ~(1 << card) & ~engine.pair_only
        values = sorted({engine.hand_value[i] for i in indexes(held)})
        choices = []
        loose = game.table.loose & ~engine.pair_only
        for value in values:
            for subset in engine.subsets(loose, value - own, 1) if value > own else []:
                choices.append((value, subset))
            for build in game.table.builds:
                if build.value == value:
                    choices += [(value, build.mask | s) for s in engine.subsets(loose, value - own, 0)[:4]]
        shuffle(rng, choices)
        for value, onto in choices[:3]:
            if build_error(engine, card, game.table, game.holding[player], value, onto) is None:
                return value, onto
        return None


def simulate(rules: RuleSet, hands: int, seed: int = 0, players: int | None = None) -> Iterator[dict[str, Any]]:
    """``hands`` random hands of a rule set, one record each, the same for the same seed."""
    check_run(hands, seed)
    simulator = Simulator(rules, seed, players)
    for number in range(hands):
        yield simulator.hand(number)


def json_line(record: dict[str, Any]) -> str:
    """One record as a compact JSON line."""
    return dumps(record)


def write_simulated(output: str | Path | None, rules: str | RuleSet, hands: int, seed: int = 0,
                    players: int | None = None, *, jobs: int | None = 1) -> RuleSet:
    """Write ``hands`` random hands as JSON Lines to the file ``output`` (None: standard output),
    played by ``jobs`` processes (None: one per core); the file is the same whatever ``jobs`` is.

    Returns the rule set played. The table is checked before the file is opened, so a refused
    table leaves no file behind.
    """
    check_run(hands, seed)
    ruleset = load_rules(rules) if isinstance(rules, str) else rules
    simulator = Simulator(ruleset, seed, players)
    if output is None:
        _write(sys.stdout, simulator, hands, jobs)
        return ruleset
    try:
        with open(output, "w", encoding="utf-8") as out:
            _write(out, simulator, hands, jobs)
    except OSError as exc:
        raise NotationError(_("{path}: cannot write: {why}").format(
            path=shown(str(output)), why=unreadable(exc))) from None
    return ruleset


#: Hands per chunk of work: large enough that handing a chunk to a worker and its lines back costs
#: little (the parent spends about as much per chunk whatever its size, CPU taken from the workers
#: on two cores), small enough that a few chunks per worker in flight keep memory and the spool
#: folder's files flat.
CHUNK_HANDS = 500

_simulator: Simulator | None = None  # the one each worker process plays with, for one run


def _write(out: TextIO, simulator: Simulator, hands: int, jobs: int | None) -> None:
    # Each hand draws from its own generator, so a chunk of hands is played the same wherever it
    # is played, and in_order gives the chunks back in order: the same bytes for any ``jobs``.
    jobs = available_cores() if jobs is None else jobs
    chunks = ((start, min(start + CHUNK_HANDS, hands)) for start in range(0, hands, CHUNK_HANDS))
    if jobs <= 1 or hands <= CHUNK_HANDS:
        for lines in in_order(_play_chunk, chunks, 1, setup=_seat, setup_args=(simulator,)):
            out.write(lines)
        return
    # Workers write their chunks' lines to files, copied into ``out`` in order (see _spool); where
    # no folder can be made or a file written (a full or read-only temporary folder), the lines
    # come back through the pool as they did before: the spool is a saving, never a failure.
    folder = spool_folder()
    try:
        tasks = ((start, end, folder) for start, end in chunks)
        for path, lines in in_order(_spool_chunk, tasks, jobs, setup=_seat, setup_args=(simulator,)):
            if path:
                unspool(path, out)
            else:
                out.write(lines)
    finally:
        if folder:
            remove_folder(folder)


def _seat(simulator: Simulator) -> None:
    global _simulator
    _simulator = simulator


def _play_chunk(chunk: tuple[int, int]) -> str:
    assert _simulator is not None, "_seat runs first in every process"  # not for players: an internal check
    return "".join([_simulator.line(number) + "\n" for number in range(*chunk)])


def _spool_chunk(task: tuple[int, int, str]) -> tuple[str, str]:
    """The path of the file holding the chunk's lines, or ("", the lines) where none could be written."""
    start, end, folder = task
    lines = _play_chunk((start, end))
    path = spool(folder, start, lines) if folder else ""
    return (path, "") if path else ("", lines)
