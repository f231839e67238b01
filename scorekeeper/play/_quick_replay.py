"""The quickest replay of a record, for games whose engine rules on ranks alone and has no builds:
the plays read straight from the JSON dict, checked in column passes in C, the engine asked only
about a table of ranks not met before.

``QuickReplay.check`` says True only when every play is legal and the piles and sweeps agree;
None for anything it does not read (teams given oddly, rounds of unequal size, single tokens for
a hand, a token not canonical, any problem), and the caller takes the path through ``Game``,
then ``replay``, which words it. Each trick says what it saved on 4,000 simulated Scopa records
(bench_verify.py, in process, a busy machine: the whole quick path went from 265 us a record beside
json.loads' 28 to about 70).
"""

from __future__ import annotations

from itertools import chain
from typing import Any, NamedTuple, Protocol

from scorekeeper.cards import Rank
from scorekeeper.errors import ScorekeeperError
from scorekeeper.play.capture import CaptureEngine, Table
from scorekeeper.play.deals import opening, wild_index
from scorekeeper.play.records import read_teams
from scorekeeper.play.replay import seats_problem, sizes_problem

_RECORD = frozenset(("rules", "options", "deal", "plays", "piles", "sweeps", "teams", "seed", "hand"))
#: Rulings kept per rule set before starting afresh: a few MB.
MAX_RULINGS = 200_000
#: Takes of several cards kept per rule set before starting afresh (a Scopa file meets a few thousand).
MAX_TAKES = 50_000
#: Shapes of deal kept (players, teams, rounds): a file has one or a few.
MAX_SHAPES = 256


class Tables(Protocol):
    """What a rule set's ``_checker.Checker`` holds for reading tokens and keeping rulings (named here,
    not imported: the checker imports this module)."""

    bits: dict[str, int]  # each canonical token's bit
    index: dict[str, int]  # each canonical token's place in the deck
    code: dict[str, int]  # its bit, and above bit 64 a count of its rank
    rank_of: list[int]
    rank_code: list[int]
    memo: dict[tuple[int, ...], int]
    sides: range

    def agrees(self, data: dict[str, Any], sides: tuple[str, ...], piles: list[int], sweeps: list[int]) -> bool: ...


class Shape(NamedTuple):
    """What a deal's shape fixes for every turn: who plays, from which hand and round, for which side."""

    order: list[str]  # the player of each turn
    slots: list[int]  # the hand and round each turn's card comes from: round * players + player
    side_at: list[int]  # the side of each turn's player
    deal: list[int]  # the slot of each token of the deal, hand after hand, round after round
    phase: list[int]  # 1 in the last deal of the pack, 3 at the last play: what the engine's rulings read
    sides: tuple[str, ...]
    dealer: int  # the side of the player who plays last in a round, the dealer


class QuickReplay:
    """A checker's quick replay: its engine's rulings kept by ranks, and the shapes of deal met."""

    def __init__(self, checker: Tables, engine: CaptureEngine) -> None:
        self.checker, self.engine = checker, engine
        spec = engine.spec
        self.openings = bool(spec.opening_total or spec.opening_low)
        deck = engine.deck
        self.redeal = deck.rank_mask(Rank(spec.deal.redeal_rank)) if spec.deal.redeal else 0  # as deals.misdeal
        self.redeal_at = spec.deal.redeal_at
        self.bit_of = [1 << i for i in range(len(deck.cards))]
        self.shapes: dict[tuple[Any, ...], Shape | None] = {}
        # The ranks on the table as a small integer of their own, a field of ``width`` bits per rank
        # counting its cards (a field never carries: it holds at most the deck's cards of that rank).
        # Kept apart from the cards' bits, a 40-card deck's counts fit in 30 bits, one digit of a
        # Python integer, where counts above a mask's 64 bits made every addition and every key
        # 140-bit arithmetic: the plays of a Scopa record 49 -> 38 us (in process, 4,000 records).
        rank_of = checker.rank_of
        width = max(map(rank_of.count, rank_of)).bit_length()
        self.rank_bits = rank_bits = width * (max(rank_of) + 1)
        self.count_of = [1 << width * r for r in rank_of]  # each card as one card of its rank
        tokens = list(checker.index)
        self.counts = {token: self.count_of[i] for token, i in checker.index.items()}
        # A take's cards and ranks in one look-up: each single token, and each take of several met
        # since (a split and two sums saved at every repeat; at most MAX_TAKES kept).
        self.singles = {token: (checker.bits[token], self.counts[token]) for token in tokens}
        self.took: dict[str, tuple[int, int]] = dict(self.singles)
        # A ruling's key is one integer: the table's ranks, above them the take's ranks, above both
        # the card's rank (and for a take of the whole table, the phase of the hand). Looking up
        # 144,000 keys of 4,000 Scopa records took 294 ns each against 530 for tuples of the same
        # numbers, the table of rulings being too big for the cache: a tuple's key is three objects
        # to compare, an integer one.
        self.card_key = [(r + 1) << 2 * rank_bits for r in rank_of]
        self.phase_key = [phase << 2 * rank_bits + 8 for phase in range(4)]
        self.rulings: dict[int, int] = {}
        wild = wild_index(engine, deck.full)
        self.wild = 0 if wild is None else 1 << wild  # the card an opening counts as its holder chooses
        self.opened: dict[int, int] = {}  # the sweeps of the dealer taking a dealt table, by its ranks (_opening)

    def shape(self, data: dict[str, Any], players: tuple[str, ...], rounds: int, size: int,
              table: int) -> Shape | None:
        """The deal's shape, worked out once per kind of deal (seats, teams, sizes: 4 us a record)."""
        teams_data = data.get("teams")
        key = (players, rounds, size, table, None if teams_data is None else repr(teams_data))
        if key in self.shapes:
            return self.shapes[key]
        if len(self.shapes) > MAX_SHAPES:
            self.shapes.clear()
        found = self.shapes[key] = self._shape(teams_data, players, rounds, size, table)
        return found

    def _shape(self, teams_data: Any, players: tuple[str, ...], rounds: int, size: int, table: int) -> Shape | None:
        engine, n = self.engine, len(players)
        try:
            teams = read_teams(teams_data, players, "")
        except ScorekeeperError:
            return None
        if seats_problem(engine, players, teams) or sizes_problem(engine, players, [[size] * rounds] * n, table):
            return None
        sides = tuple(teams) if teams else players
        if len(sides) not in self.checker.sides:
            return None
        side_of = [next(i for i, s in enumerate(sides) if p in teams[s]) for p in players] if teams \
            else list(range(n))
        total, each = n * size * rounds, n * size
        last_deal = total - each
        return Shape([players[t % n] for t in range(total)], [t // each * n + t % n for t in range(total)],
                     [side_of[t % n] for t in range(total)],
                     [r * n + p for p in range(n) for r in range(rounds) for _ in range(size)],
                     [(t >= last_deal) | (t + 1 == total) << 1 for t in range(total)], sides, side_of[n - 1])

    def check(self, data: dict[str, Any]) -> bool | None:
        """True when a plain record's plays are legal and its piles and sweeps what they give; None: not read here."""
        if not data.keys() <= _RECORD:
            return None
        try:
            return self._check(data)
        except (KeyError, TypeError, AttributeError, ValueError):
            return None  # a token not canonical, a value of the wrong type: read on the general path

    def _check(self, data: dict[str, Any]) -> bool | None:
        checker, engine = self.checker, self.engine
        deal, plays = data["deal"], data["plays"]
        hands, table_text = deal["hands"], deal["table"]
        if type(hands) is not dict or not hands or type(table_text) is not str or type(plays) is not list:
            return None
        # The deal read into one dict, each token to its hand and round, in a few C calls (a loop
        # over the rounds took 30 us a record more), and the plays checked against it in one pass.
        texts: list[str] = []
        rounds = 0
        for given in hands.values():
            if type(given) is str:
                given = [given]
            elif type(given) is not list or " " not in "".join(given):
                return None  # single tokens make one round: the general path reads them so
            if rounds != len(given):
                if rounds:
                    return None  # hands of unequal rounds
                rounds = len(given)
            texts += given
        dealt = list(map(str.split, texts))
        sizes = set(map(len, dealt))
        players = tuple(hands)
        if len(sizes) != 1:
            return None
        size = sizes.pop()
        table_tokens = table_text.split()
        shape = self.shape(data, players, rounds, size, len(table_tokens))
        if shape is None or len(shape.deal) != len(texts) * size:
            return None  # unequal rounds, or a deal the rules do not make
        slot_of = dict(zip(chain.from_iterable(dealt), shape.deal))  # noqa: B905 (as many)
        table = sum(map(checker.bits.__getitem__, table_tokens))
        if len(plays) != len(slot_of) or len(slot_of) != len(shape.deal) or table.bit_count() != len(table_tokens):
            return None  # a card dealt twice; sizes_problem saw that table and hands make the deck
        if self.redeal and (table & self.redeal).bit_count() >= self.redeal_at:
            return None  # a misdeal: replay says so
        ranks = sum(map(self.counts.__getitem__, table_tokens))
        opened = self._opening(table, ranks) if self.openings else -1
        # The plays a column at a time, in C: every play a dict of known keys, in turn, each card
        # dealt to its player in that round, every card but the table's played once.
        if [play["side"] for play in plays] != shape.order:
            return None
        cards = [play["card"] for play in plays]
        takes = [play.get("take") for play in plays]
        # Every play a side, a card, perhaps a take and nothing else: their sizes add up (a set of
        # all their keys took 2.8 us a record, this 1.3).
        if sum(map(len, plays)) != 3 * len(plays) - takes.count(None) or \
                list(map(slot_of.__getitem__, cards)) != shape.slots:
            return None
        index = list(map(checker.index.__getitem__, cards))
        bit_of = self.bit_of
        if sum(map(bit_of.__getitem__, index)) != engine.deck.full & ~table:
            return None  # a card played twice (a sum of distinct bits is their union)
        outcome = self._play(index, takes, table, ranks, shape, opened)
        return None if outcome is None else checker.agrees(data, shape.sides, *outcome) or None

    def _opening(self, table: int, ranks: int) -> int:
        """The sweeps the dealer scores taking this dealt table at once (Escoba, Cirulla), or -1 when
        the table is played (``deals.opening``); kept by the table's ranks and whether the wild card
        is among them: the values add up alike for the same ranks. Asked afresh it took 7.7 us a
        dealt Cirulla table (Escoba 3.3), of a record's 105; kept, 0.3."""
        key = ranks | bool(table & self.wild) << self.rank_bits
        swept = self.opened.get(key)
        if swept is None:
            if len(self.opened) > MAX_RULINGS:
                self.opened.clear()
            found = opening(self.engine, table)
            swept = self.opened[key] = -1 if found is None else found.sweeps if self.engine.scores_sweeps else 0
        return swept

    def _play(self, index: list[int], takes: list[Any], loose: int, ranks: int, shape: Shape,
              opened: int) -> tuple[list[int], list[int]] | None:
        """The piles and sweeps of the plays, each legal as the engine rules; None at one that is not.
        ``opened``: the sweeps of the dealer taking the dealt table at once, -1 when it does not."""
        engine, count_of, bit_of, card_key, phase_key = self.engine, self.count_of, self.bit_of, self.card_key, \
            self.phase_key
        rulings, took = self.rulings, self.took
        if len(rulings) > MAX_RULINGS:
            rulings.clear()
        if len(took) > MAX_TAKES:
            took = self.took = dict(self.singles)
        ruled, shift = rulings.get, self.rank_bits
        piles, sweeps = [0] * len(shape.sides), [0] * len(shape.sides)
        taker = -1
        if opened >= 0:  # as Game does it: the dealer's side takes the table and plays start on an empty one
            taker = shape.dealer
            piles[taker], sweeps[taker] = loose, opened
            loose = ranks = 0
        # A take's cards and ranks are one look-up, all of them in one pass in C.
        for card, take, both, side, phase in zip(index, takes, map(took.get, takes), shape.side_at,  # noqa: B905
                                                 shape.phase):
            if both is None:
                if take is None:  # the card laid on the table
                    key = ranks | card_key[card]
                    ruling = ruled(key)
                    if ruling is None:
                        ruling = rulings[key] = 0 if engine.can_capture(card, Table(loose)) else 1
                    if not ruling:
                        return None
                    loose |= bit_of[card]
                    ranks += count_of[card]
                    continue
                both = self._split(take)
                if both is None:
                    return None
            taken, counts = both
            if taken & loose != taken:
                return None
            # The end of the hand or of the pack changes only whether clearing the table sweeps
            # (CaptureEngine.sweep_ok): a ruling on a take of less than the table holds in every
            # phase. Kept apart only for a sweep, this asked the engine 21,878 -> 17,470 times in
            # 4,000 Scopa records. (The take is within the table: the same ranks are the same cards.)
            key = ranks | counts << shift | card_key[card]
            if counts == ranks:
                key |= phase_key[phase]
            ruling = ruled(key)
            if ruling is None:
                found = engine.find(card, Table(loose), taken, last=phase > 1, last_deal=bool(phase & 1))
                ruling = rulings[key] = 0 if found is None else 2 if found.sweep else 1
            if not ruling:
                return None
            piles[side] |= taken | bit_of[card]
            if ruling == 2:
                sweeps[side] += 1
            taker = side
            loose ^= taken
            ranks -= counts
        # The hand's end, as Game.finish: the last side to capture takes what is left, else the last player's.
        piles[taker if taker >= 0 else shape.side_at[-1]] |= loose
        return piles, sweeps

    def _split(self, take: str) -> tuple[int, int] | None:
        """The cards and ranks of a take of several tokens, kept for the next time; None for a token
        not canonical, a card given twice or no card at all."""
        tokens = take.split()
        taken = sum(map(self.checker.bits.__getitem__, tokens))
        if not tokens or taken.bit_count() != len(tokens):
            return None
        both = self.took[take] = taken, sum(map(self.counts.__getitem__, tokens))
        return both
