"""A simulated hand of a game without builds, played on plain lists of deck indexes and written
straight to its JSON line: the quick path of ``Simulator.line``.

It draws the same random numbers in the same order as ``Simulator.played`` (the general path, which
every game can take) and writes the same bytes as ``json_line`` of its record:
tests/test_simulate_quick.py checks both on every built-in game without builds. Each trick below
says what it saved, in instructions a simulated Scopa hand (valgrind --tool=callgrind: the machine
is shared, so times move by a third from run to run, counts do not) or in timeit's microseconds.
The whole path: 3,037,000 -> 655,000 instructions a hand over 2,000 hands of a new simulator.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left, insort
from functools import partial
from typing import Protocol

from scorekeeper.play._draws import BITS
from scorekeeper.play._options import LooseOptions
from scorekeeper.play.capture import CaptureEngine, indexes
from scorekeeper.play.game import Game
from scorekeeper.rules.ruleset import RuleSet


class Simulator(Protocol):
    """What this module reads of ``simulate.Simulator`` (which imports it)."""

    engine: CaptureEngine
    rules: RuleSet
    seed: int
    players: tuple[str, ...]
    teams: dict[str, tuple[str, ...]]
    sides: tuple[str, ...]
    side_of: list[int]
    opens: bool
    loose: LooseOptions | None
    words: Words | None

    def deal(self, number: int) -> tuple[random.Random, int, list[list[list[int]]]]: ...


class Words:
    """The JSON texts of a simulated record's names, made once per simulator."""

    def __init__(self, sim: Simulator) -> None:
        quoted = [_quoted(name) for name in sim.engine.names]
        self.cards = [q[1:-1] for q in quoted]  # each card's text as it stands inside a JSON string
        # A mask's text a byte of the deck at a time, from 256 prepared texts per byte: the piles
        # of a record (40 to 52 cards) cost 5 to 7 look-ups instead of a step per card.
        self.bytes = [[" ".join(self.cards[8 * at + k] for k in range(8) if byte >> k & 1 and 8 * at + k < len(quoted))
                       for byte in range(256)] for at in range((len(quoted) + 7) // 8)]
        # Each play's text up to its take, by player and card: a play costs a look-up, not a format
        # (json.dumps of a record was 65 us of Scopa's 690 us a hand).
        heads = [f'{{"side":{_quoted(name)},"card":"' for name in sim.players]  # not for players: JSON keys
        self.laid = [[f'{head}{card}"}}' for card in self.cards] for head in heads]
        self.takes = [[f'{head}{card}","take":"' for card in self.cards] for head in heads]
        # The turns of a round, each with what it needs looked up once: the player, how many cards
        # they hold then and its bit length (to draw one), their plays' texts and their side
        # (548,000 -> 537,000 instructions a hand).
        n, size = len(sim.players), sim.engine.spec.deal.hand
        self.turns = [(p, size - j, (size - j).bit_length(), self.laid[p], self.takes[p], sim.side_of[p])
                      for j in range(size) for p in range(n)]
        self.hand_heads = [_quoted(name) + ":[" for name in sim.players]
        self.sides = [_quoted(side) + ":" for side in sim.sides]
        self.head = f'{{"rules":{_quoted(sim.rules.id)},"seed":{sim.seed},"hand":'  # not for players: JSON keys
        teams = {side: list(members) for side, members in sim.teams.items()}
        self.teams = f',"teams":{json.dumps(teams, separators=(",", ":"), ensure_ascii=False)}' if teams else ""

    def text(self, mask: int) -> str:
        """The cards of a mask, lowest deck index first, as one JSON string's inside."""
        parts = [table[mask >> 8 * at & 255] for at, table in enumerate(self.bytes)]
        return " ".join([part for part in parts if part])


_DEAL = ',"deal":{"hands":{'  # not for players: the record's JSON keys, as json.dumps writes them

def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def loose_line(sim: Simulator, number: int) -> str:
    """Hand ``number`` of the simulator's seed, played out, as its JSON line (no newline)."""
    engine, words, known = sim.engine, sim.words, sim.loose
    assert known is not None and words is not None, "only for games without builds"  # not for players
    known.check_bounds()
    rng, table, dealt = sim.deal(number)
    n, sides = len(dealt), len(sim.sides)
    side_of, sweep_ok = sim.side_of, engine.sweep_ok
    if sim.opens:
        game = Game(engine, [[_mask(cards) for cards in rounds] for rounds in dealt], table, side_of, sides)
        piles, sweeps, taker, loose_mask = game.piles, game.sweeps, game.last_capturer, game.table.loose
    else:  # no dealer's take to look for: no Game to make (14 us a hand)
        piles, sweeps, taker, loose_mask = [0] * sides, [0] * sides, None, table
    # LooseOptions.options without a call a play where the table is kept as counts (look there).
    code, card_of, unit, low, cut = known.code, known.card_of, known.unit, known.low, known.cut
    kept = [known.kept[kind] for kind in known.play_class]  # by card
    options, counted = known.options, known.counted
    cards = words.cards
    # random.choice as _draws.below does it, inline: 52 draws from three cards 33 -> 8 us.
    getrandbits, bits = rng.getrandbits, BITS
    # The table as a rising list of codes (LooseOptions) and as counts, not a Table: no object
    # made, and no bits read, at each play.
    loose = sorted([code[i] for i in indexes(loose_mask)])
    key = sum([unit[i] for i in indexes(loose_mask)])
    rounds = len(dealt[0])
    total = rounds * len(words.turns)
    turn = 0
    plays = []
    for round_ in range(rounds):
        hands = [list(rounds_[round_]) for rounds_ in dealt]
        for p, count, width, laid_by, takes_by, side in words.turns:
            drawn = getrandbits(width)
            while drawn >= count:
                drawn = getrandbits(width)
            card = hands[p].pop(drawn)
            turn += 1
            found = kept[card].get(key & low[card]) if counted else None
            if found is None:
                found = options(card, loose, key)
            if not found:
                insort(loose, code[card])
                key += unit[card]
                plays.append(laid_by[card])
                continue
            count = len(found)
            width = bits[count] if count < 128 else count.bit_length()
            drawn = getrandbits(width)
            while drawn >= count:
                drawn = getrandbits(width)
            taken, sweeping = found[drawn]
            start = bisect_left(loose, cut[card])
            taker = side
            if len(taken) == 1:  # one card taken (most captures): no list, sort, join (596,000 -> 559,000)
                index = card_of[loose[start + taken[0]]]
                del loose[start + taken[0]]
                key -= unit[index]
                piles[taker] |= 1 << card | 1 << index
                plays.append(f'{takes_by[card]}{cards[index]}"}}')
            else:
                mask = 1 << card
                took = []
                for k in taken:  # highest first: each deletion leaves the places still to take
                    index = card_of[loose[start + k]]
                    del loose[start + k]
                    took.append(index)
                    mask |= 1 << index
                    key -= unit[index]
                piles[taker] |= mask
                took.sort()
                plays.append(f'{takes_by[card]}{" ".join(map(cards.__getitem__, took))}"}}')
            if sweeping and not start and sweep_ok[turn == total, round_ + 1 >= rounds]:
                sweeps[taker] += 1
    # The end of the hand as Game.finish ends it: what is left goes to the last side to capture,
    # or, if nobody captured, to the last player's side.
    piles[side_of[(total - 1) % n] if taker is None else taker] |= _mask([card_of[c] for c in loose])
    # Each round's cards as text with the iteration in C (map, join): 559,000 -> 548,000 a hand.
    named_card = partial(map, cards.__getitem__)
    deal = ",".join([f'{head}"{_ROUNDS.join(map(" ".join, map(named_card, rounds_)))}"]'
                     for head, rounds_ in zip(words.hand_heads, dealt, strict=True)])
    text, named = words.text, words.sides
    return "".join((words.head, str(number), _DEAL, deal, '},"table":"', text(table), '"}',
                    words.teams, ',"plays":[', ",".join(plays), '],"piles":{',
                    ",".join([f'{side}"{text(pile)}"' for side, pile in zip(named, piles, strict=True)]),
                    '},"sweeps":{', ",".join([f"{side}{count}" for side, count in zip(named, sweeps, strict=True)]),
                    "}}"))


_ROUNDS = '","'  # between the texts of two rounds of a player's cards


def _mask(cards: list[int]) -> int:
    mask = 0
    for index in cards:
        mask |= 1 << index
    return mask
